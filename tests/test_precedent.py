"""A verdict by precedent (kb.precedent): the polarity of Drayson's decisions, read off the real
cases; which cases can decide; abstention when no case is close; the answer labels the precedent
and carries its case id."""
from __future__ import annotations

import pytest

from kb.answering import precedent
# ---------------------------------------------------------------- polarity of real decisions

@pytest.mark.parametrize("case,verdict", [
    (6, "no"),        # "Certainly not. Y has not named the card."
    (23, "yes"),      # "Of course Z can. Rule 69 distinctly says so."
    (60, "yes"),      # "Yes. See also Case 12."
    (72, "yes"),      # "Certainly (see Law 86)."
    (95, "yes"),      # "Yes (see Law 57). ..."
    (113, "yes"),     # "Certainly; for the first revoke ..."
    (136, "no"),      # "Certainly not. As it is Z who can be called upon for a lead, ..."
    (123, "no"),      # "None; dummy is not liable for a revoke."
    (1, None),        # "As neither Y nor Z accepted the bet, it certainly seems ..."
    (2, None),        # "This is a very interesting case."
    (21, None),       # "Y was in fault, and cannot claim a new deal. But ..." -- no opening polarity
    (22, None),       # "Rule 69 specially applies to this case. B must trump ..."
])
def test_polarity_of_real_decisions(records, case, verdict):
    assert precedent.polarity(records[f"drayson/case/{case}"].decision) == verdict


def test_the_precedents_are_cases_asking_yes_or_no_with_a_clear_decision(records):
    found = {rid: (q, pol) for rid, q, pol, *_ in precedent.precedents(records)}
    assert found["drayson/case/6"] == ("Must A play the card?", "no")
    assert found["drayson/case/23"] == ("Can Z claim a new deal?", "yes")
    # a question quoted from the players' talk is not the case's question
    assert "drayson/case/62" not in found            # ... B says, "What are trumps?"
    assert "drayson/case/21" not in found            # decision without an opening yes or no
    # "Is there no penalty ...?" -- "None whatever": there is no penalty, asked plainly
    kind, negated = next((k, n) for rid, _, _, k, n, _ in precedent.precedents(records)
                         if rid == "drayson/case/99")
    assert (kind, negated) == ("fact", False)


def test_first_sentence_of_a_decision(records):
    assert precedent.first_sentence(records["drayson/case/6"].decision) == "Certainly not."
    long = precedent.first_sentence(records["drayson/case/113"].decision)
    assert long.startswith("Certainly;") and long.endswith("…") and len(long) <= precedent.DECISION_LIMIT + 2


@pytest.mark.parametrize("sentence,expected", [
    ("Must A play the card?", ("obligation", False, False)),
    ("Do I have to play it?", ("obligation", False, False)),
    ("Can Z claim a new deal?", ("permission", False, False)),
    ("Can A be compelled to do so?", ("permission", False, True)),
    ("Is there no penalty for B's act?", ("fact", True, False)),
])
def test_how_a_question_asks(sentence, expected):
    assert precedent.asks(sentence) == expected


# ---------------------------------------------------------------- abstention

def test_abstains_when_no_case_is_close(answerer):
    q = "Can a player shuffle the cards during the play of the hand?"
    results = answerer.searcher.search(q, code="english")
    assert precedent.decide(q, answerer.records, answerer.searcher, results) is None


def test_abstains_when_the_numbers_differ(answerer):
    # case 113: "Y revokes twice in one hand; score, Y, Z three, A, B love ... Can A, B win a treble?"
    q = "We revoked once and the opponents were at four. Can they win a treble?"
    results = answerer.searcher.search(q, code="english")
    assert precedent.decide(q, answerer.records, answerer.searcher, results) is None
    scored = precedent.candidates(q, answerer.records, answerer.searcher, results,
                                  only={"drayson/case/113"})
    assert scored and "4" in scored[0]["extra_numbers"]


def test_abstains_when_the_case_asks_the_other_way(answerer):
    # case 72 asks "Can A be compelled ...?" (passive permission); this asks "Must he ...?"
    q = "I dropped a card face up and my opponents want me to lead it. Must I lead it?"
    results = answerer.searcher.search(q, code="english")
    scored = precedent.candidates(q, answerer.records, answerer.searcher, results,
                                  only={"drayson/case/72"})
    assert scored and not scored[0]["same_way"]


# ---------------------------------------------------------------- the answer labels the precedent

def test_answer_gives_the_verdict_by_precedent_with_its_case(answerer):
    out = answerer.ask("My partner led the ace and I had no card of the suit. "
                       "Must I trump my partner's ace?")
    assert out["verdict"] == "yes"
    first = out["answer"].split("\n\n")[0]
    assert first.startswith("Yes — by precedent: Drayson, case 95")
    assert "“Must he trump his partner's ace?”" in first and "[drayson/case/95]" in first
    assert "the rules model does not decide this situation" in first
    p = out["precedent"]
    assert p["id"] == "drayson/case/95" and p["case"] == 95
    assert p["question"] == "Must he trump his partner's ace?"
    assert p["decision"] == "Yes (see Law 57)."
    assert 0 < p["score"] <= 1


def test_sentence_names_the_case_and_its_decision():
    s = precedent.sentence({"verdict": "no", "case": 6, "id": "drayson/case/6",
                            "question": "Must A play the card?", "decision": "Certainly not."})
    assert s.startswith("No — by precedent: Drayson, case 6 (“Must A play the card?” — “Certainly not.”)")
    assert "[drayson/case/6]" in s
