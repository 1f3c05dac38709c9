"""The checker (kb.checker): statuses, verdicts and rulings on questions written for these tests,
with retrieval from the real knowledge base (the session fixture in conftest.py)."""
from __future__ import annotations

import json

import pytest

from kb import checker
from tests.conftest import DEV_QUESTIONS

STATUSES = {"confirmed", "contradicted", "insufficient-facts", "not-covered"}


def run(answerer, records, question, code="english"):
    results = answerer.searcher.search(question, code=code)
    return checker.check(question, results, records, code)


def test_confirmed_with_verdict(answerer, records):
    out = run(answerer, records, "During the play Z names the trump card, and A at once calls on Y to play "
                                 "his best trump. Is Y compelled to play it?")
    assert out["status"] in ("confirmed", "contradicted")
    assert out["verdict"] == "no"
    assert out["ruling"].startswith("No.")
    assert any(t["law"] == "english/53" for t in out["trace"])


def test_confirmed_calculation_names_the_players(answerer, records):
    out = run(answerer, records, "Cutting for partners: Jane and I both cut 2s, Pete cut a 7 and Sam a king. "
                                 "Who partners whom, and who deals?")
    assert out["status"] in ("confirmed", "contradicted")
    assert out["verdict"] is None
    assert "you and jane" in out["ruling"].lower() and "Pete and Sam" in out["ruling"]
    assert "cut again" in out["ruling"]


def test_insufficient_facts_names_the_missing_fact(answerer, records):
    out = run(answerer, records, "My partner revoked in spades. Can the other side still claim the revoke?")
    assert out["status"] == "insufficient-facts"
    assert out["verdict"] is None
    facts = [m["fact"] for m in out["missing_facts"]]
    assert any("trick_turned_and_quitted" in f for f in facts)
    assert all(m["question"].endswith("?") for m in out["missing_facts"])
    assert out["trace"] and all(t["law"] for t in out["trace"])


def test_not_covered(answerer, records):
    out = run(answerer, records, "Is it good manners to chat with the people at the next table while playing?")
    assert out["status"] == "not-covered"
    assert out["verdict"] is None
    assert out["ruling"] is None


def test_american_code_and_difference(answerer, records):
    out = run(answerer, records, "Under American rules, the dealer looked at the trump card while dealing. "
                                 "Is it a misdeal?", code="american-1894")
    assert out["facts"]["code"] == "american-1894"
    assert out["verdict"] == "yes"
    assert any(t["law"].startswith("american-1894/17") for t in out["trace"])
    assert out["difference"] and "English" in out["difference"]


def test_judging_a_claim_that_denies(answerer, records):
    out = run(answerer, records, 'A and B win the trick and hold two by honours. A says to B, "Score the trick '
                                 'and two." After the deal Z says, "You did not call honours; take down two." '
                                 'Is Z right?')
    assert out["verdict"] == "no"


def test_invalid_facts_are_reported(answerer, records):
    out = run(answerer, records, "We were at 9 and they at 2, and we won the odd trick. What is the result?")
    assert out["status"] == "insufficient-facts"
    assert out["missing_facts"][0]["fact"] == "score.AB"


def test_deterministic(answerer, records):
    q = "My partner reneged and the trick was turned and quitted. Can they claim the revoke?"
    assert run(answerer, records, q) == run(answerer, records, q)


def test_never_a_ruling_without_a_law_id(answerer, records):
    rows = [json.loads(l) for l in DEV_QUESTIONS.read_text(encoding="utf-8").splitlines() if l.strip()]
    for row in rows:
        out = run(answerer, records, row["question"])
        assert out["status"] in STATUSES
        if out["ruling"]:
            assert out["trace"], row["id"]
            assert all("/" in t["law"] for t in out["trace"]), row["id"]
        if out["verdict"] is not None:
            assert out["status"] in ("confirmed", "contradicted"), row["id"]


def test_answer_carries_the_checker(answerer):
    out = answerer.ask("During the play Z names the trump card, and A at once calls on Y to play his best "
                       "trump. Is Y compelled to play it?")
    assert out["verdict"] == "no"
    assert out["checker"]["status"] in ("confirmed", "contradicted")
    assert out["answer"].startswith("No.")
