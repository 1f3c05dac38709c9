"""Held-out questions (tests/data/heldout_questions.jsonl): written from the laws and cases
themselves, never tuned on one by one.  Asserts the figures reached with the hybrid (weighted)
retriever and the rules model: verdict accuracy on the yes/no questions >= 0.8, every
not-covered question answered not-covered, law hit@5 >= 0.85, every calculation computed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.cli.evaluation import score_answers

HELDOUT = Path(__file__).parent / "data" / "heldout_questions.jsonl"


@pytest.fixture(scope="module")
def heldout(answerer):
    qs = [json.loads(l) for l in HELDOUT.read_text(encoding="utf-8").splitlines() if l.strip()]
    answers = [answerer.ask(q["question"], q["id"]) for q in qs]
    return qs, answers


def test_heldout_schema():
    qs = [json.loads(l) for l in HELDOUT.read_text(encoding="utf-8").splitlines() if l.strip()]
    assert len(qs) == 40 and len({q["id"] for q in qs}) == 40
    for q in qs:
        assert set(q) >= {"id", "question", "gold_laws", "gold_cases", "expected_answer", "verdict", "kind"}
        assert q["verdict"] in ("yes", "no", "not-covered", None)


def test_heldout_figures(heldout, capsys):
    qs, answers = heldout
    m = score_answers(qs, answers)
    yn = [(q, a) for q, a in zip(qs, answers) if q["verdict"] in ("yes", "no")]
    yn_acc = sum(a["verdict"] == q["verdict"] for q, a in yn) / len(yn)
    with capsys.disabled():
        print(f"\nheld-out ({len(qs)} questions): law hit@1 {m['law_hit@1']}, hit@5 {m['law_hit@5']}, "
              f"MRR {m['law_mrr']}, case hit@5 {m['case_hit@5']}, verdict acc {m['verdict_acc']}, "
              f"yes/no acc {yn_acc:.3f}")
        for q, a in zip(qs, answers):
            if q["verdict"] is not None and a["verdict"] != q["verdict"]:
                print(f"  verdict miss {q['id']}: gold {q['verdict']}, got {a['verdict']} ({a['checker']['status']})")
    # calibrated verdicts (kb/answering/verdict.py): never wrong here, and right on at least the
    # 18 of 23 yes/no questions measured when the policy was introduced; the rest abstain
    o = m["outcomes"]["yes_no"]
    assert o["wrong"] == 0, o["wrong_ids"]
    assert o["right"] >= 18
    assert m["law_hit@5"] >= 0.85
    for q, a in zip(qs, answers):
        if q["verdict"] == "not-covered":
            assert a["verdict"] == "not-covered", q["id"]


@pytest.mark.parametrize("qid,words", [
    ("hq-24", "a double (2 points)"), ("hq-25", "4 points"), ("hq-26", "a double (2 points)"),
    ("hq-27", "a treble (3 points)"), ("hq-28", "Tom deals"), ("hq-29", "7 tricks"), ("hq-30", "7 points")])
def test_heldout_calculations(heldout, qid, words):
    qs, answers = heldout
    a = next(a for q, a in zip(qs, answers) if q["id"] == qid)
    assert words in a["answer"], a["answer"][:300]


def test_general_questions_are_not_undecided(heldout):
    """Open questions about the law in general are answered with the rule, each step with its law."""
    qs, answers = heldout
    for q, a in zip(qs, answers):
        if q["kind"] == "law" and q["verdict"] is None and q["gold_laws"]:
            assert a["checker"]["status"] in ("confirmed", "contradicted"), (q["id"], a["checker"]["status"])
            assert not a["answer"].startswith("Undecided"), q["id"]
            assert all(t["law"] for t in a["checker"]["trace"])
