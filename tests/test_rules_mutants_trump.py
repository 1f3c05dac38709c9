"""Mutation testing (kb/rules/mutation.py) of kb/rules/trump.py: the steps a player reads in the
trace (English 52, American 18) and the two sentences revised 43 adds to English 53."""
from __future__ import annotations

from kb.rules import evaluate


def _steps(facts: dict, code: str) -> list[str]:
    return [t["step"] for t in evaluate(facts, code).trace]


def test_english_52_says_whether_the_trump_card_was_taken_up_in_time():
    assert "left on the table after the first trick was quitted: liable to be called" in \
        _steps({"trump": {"left_on_table_until": 1}}, "english")
    assert "taken up in time" in _steps({"trump": {"left_on_table_until": 0}}, "english")


def test_american_18_says_a_player_may_ask_the_trump_suit():
    assert "B may ask what the trump suit is: no penalty" in _steps({"trump": {"suit_asked_by": "B"}}, "american-1894")


def test_revised_43_the_call_once_only_and_the_inquiry_each_on_its_own_fact():
    named = evaluate({"trump": {"named_by": "Y"}}, "english-revised").conclusions
    assert named["call_may_be_repeated"] is False and "may_inquire_trump_suit" not in named
    asked = evaluate({"trump": {"suit_asked_by": "A"}}, "english-revised").conclusions
    assert asked["may_inquire_trump_suit"] is True and "call_may_be_repeated" not in asked


def test_english_53_the_named_trump_card_is_no_exposed_card():
    # English 53 / Drayson case 62: the penalty is the call of the highest or lowest trump; the card
    # named is not thereby exposed -- unless cards were exposed besides
    r = evaluate({"trump": {"named_by": "Y"}}, "english")
    assert r.conclusions["card_liable_to_be_called"] is False
    assert r.conclusions["highest_or_lowest_trump_callable_from"] == "Y"
    assert r.step_for("card_liable_to_be_called")["step"].endswith("(the card named is not thereby an exposed card)")
    r = evaluate({"trump": {"named_by": "Y"}, "exposed": [{"by": "Y", "how": "dropped-face-up"}]}, "english")
    assert r.conclusions["card_liable_to_be_called"] is True


def test_english_55_the_call_may_be_repeated_but_not_changed():
    # "his highest or lowest trump may be called ...; the call may be repeated, but not changed"
    r = evaluate({"dealer": "Z", "trump": {"dealer_cannot_recollect": True}}, "english")
    assert r.conclusions["highest_or_lowest_trump_callable_from"] == "Z"
    assert r.conclusions["call_may_be_changed"] is False
    assert "the call may be repeated, but not changed" in r.step_for("call_may_be_changed")["step"]
    assert "call_may_be_changed" not in evaluate({"dealer": "Z", "trump": {"dealer_cannot_recollect": False}},
                                                 "english").conclusions
