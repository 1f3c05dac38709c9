"""Mutation testing (kb/rules/mutation.py) of kb/rules/called.py: calling attention to the trick
(English 86, American 35), each value read from the law."""
from __future__ import annotations

import pytest

from kb.rules import evaluate
from tests.test_rules_mutants_trace import _bad_steps

KEYS = ("highest_or_lowest_callable_from", "win_or_lose_callable_from", "trump_or_not_callable_from")


def concl(code: str, attention: dict) -> dict:
    r = evaluate({"attention_called": attention}, code)
    assert not _bad_steps(r.trace)
    return r.conclusions


@pytest.mark.parametrize("code", ["english", "american-1894"])
def test_after_the_partner_played_there_is_no_penalty(code):
    # English 86 / American 35: "prior to his partner playing" -- not after
    c = concl(code, {"by": "B", "how": "says-his", "before_partner_played": False, "leader": "Y"})
    assert not any(k in c for k in KEYS) and "penalty_claimants" not in c


def test_english_86_a_card_drawn_when_required_is_no_offence():
    # English 86: "or, without being required so to do, by drawing it toward him"
    c = concl("english", {"by": "B", "how": "draws-card", "required": True, "before_partner_played": True})
    assert not any(k in c for k in KEYS)
    c = concl("english", {"by": "B", "how": "draws-card", "required": False, "before_partner_played": True})
    assert c["highest_or_lowest_callable_from"] == "A" and c["win_or_lose_callable_from"] == "A"
    assert c["penalty_claimants"] == "YZ"


@pytest.mark.parametrize("leader, last", [
    # play goes A, Y, B, Z: the adversary of B's side (Y-Z) who plays last to the trick
    ("Y", "Z"), ("B", "Y"), ("Z", "Y"), ("A", "Z"),
])
def test_american_35_the_adversary_last_to_play(leader, last):
    # American 35: "the adversary last to play to the trick may require the offender's partner to play his
    # highest or lowest of the suit led or, if he has none, to trump or not to trump the trick"
    c = concl("american-1894", {"by": "B", "how": "other", "before_partner_played": True, "leader": leader})
    assert c["penalty_claimants"] == last
    assert c["highest_or_lowest_callable_from"] == "A" and c["trump_or_not_callable_from"] == "A"
    assert "win_or_lose_callable_from" not in c          # English 86 only


def _steps(code: str, attention: dict, law: str) -> str:
    r = evaluate({"attention_called": attention}, code)
    return " ".join(t["step"] for t in r.trace if t["law"] == law)


@pytest.mark.parametrize("code, law", [("english", "english/86"), ("american-1894", "american-1894/35")])
def test_the_trace_says_why_there_is_no_penalty(code, law):
    step = _steps(code, {"by": "B", "how": "says-his", "before_partner_played": False, "leader": "Y"}, law)
    assert "after the partner had played" in step and "no penalty" in step


def test_english_86_the_trace_names_how_attention_was_called():
    # English 86: "either by saying that it is his, or by naming his card, or ... by drawing it toward him"
    for how, words in [("says-his", "saying that it is his"), ("names-card", "naming his card"),
                       ("draws-card", "drawing his card toward him"), (None, "remarking on the trick")]:
        step = _steps("english", {"by": "B", "how": how, "before_partner_played": True}, "english/86")
        assert words in step and "YZ may require A" in step, step
    assert "required" in _steps("english", {"by": "B", "how": "draws-card", "required": True,
                                            "before_partner_played": True}, "english/86")


def test_american_35_leader_unknown():
    # American 35: the penalty is the adversary last to play's; without the leader he is not known, but what
    # may be required of A is: his highest or lowest, or to trump or not
    r = evaluate({"attention_called": {"by": "B", "how": "other", "before_partner_played": True}}, "american-1894")
    c = r.conclusions
    assert c["highest_or_lowest_callable_from"] == "A" and c["trump_or_not_callable_from"] == "A"
    assert [m["fact"] for m in r.missing] == ["attention_called.leader"]
