"""Mutation testing (kb/rules/mutation.py) of kb/rules/revoke.py and the American penalties, as unit
tests: these situations reach conclusions whose declarations (kb/rules/conclusions.yaml) do not yet
name the law that reaches them (``neither_can_win_game`` under American 30,
``card_liable_to_be_called`` under American 39), so they cannot be rule examples until the
declarations name those laws (tests/test_conclusions.py)."""
from __future__ import annotations

from kb.rules import evaluate
from tests.test_rules_mutants_trace import _bad_steps


def concl(code: str, facts: dict) -> dict:
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r.conclusions


def test_american_30_both_sides_revoke():
    # American 30: "it can be enforced for as many revokes as occur during the hand. The revoking side cannot
    # win the game in that hand; if both sides revoke, neither can win the game in that hand."
    c = concl("american-1894", {"revokes": [{"by": "A", "established": True, "claimed": True},
                                            {"by": "Y", "established": True, "claimed": True}]})
    assert c["neither_can_win_game"] is True and c["revoking_sides"] == ["AB", "YZ"]
    assert sorted((p["claimant"], p["revoking"], p["kind"]) for p in c["revoke_penalties"]) == \
        [("AB", "YZ", "two-tricks"), ("YZ", "AB", "two-tricks")]
    one = concl("american-1894", {"revoke": {"by": "A", "established": True, "claimed": True}})
    assert "neither_can_win_game" not in one and one["revoking_sides"] == ["AB"]


def test_american_39_wrong_penalty_frees_the_exposed_card():
    # American 20 makes A's exposed king liable to be called; Y calls a suit from A instead.  American 39:
    # "If the wrong adversary demands a penalty, or a wrong penalty is demanded, none can be enforced."
    c = concl("american-1894", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}],
                                "claims": [{"by": "Y", "penalty": "call-suit", "from_seat": "A"}]})
    assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True
    assert c["card_liable_to_be_called"] is False and c["call_valid"] is False
