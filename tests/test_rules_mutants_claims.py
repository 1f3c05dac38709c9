"""Mutation testing (kb/rules/mutation.py) of kb/rules/claims.py: what the claims area decides, each
value read from the law it cites.  The rule examples check conclusions as subsets; these check the
penalties the offence makes available exactly (a penalty too many is as wrong as one too few) and
the cases where a law gives nothing, which an example cannot state."""
from __future__ import annotations

import pytest

from kb.rules import evaluate
from tests.test_rules_mutants_trace import _bad_steps


def concl(code: str, facts: dict) -> dict:
    """The conclusions; the trace read as text for a person (test_rules_mutants_trace.py)."""
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r.conclusions


# ---------------------------------------------------------------- penalties available (84, 39)

@pytest.mark.parametrize("code, facts, available", [
    # English 62: "his adversaries may either call the card erroneously led, or may call a suit"
    ("english", {"lead": {"by": "Y", "proper": "A"}, "claims": [{"by": "A", "penalty": "call-suit"}]},
     {"call-card": "AB", "call-suit": "AB"}),
    # English 86: "the adversaries may require that opponent's partner to play the highest or lowest of the
    # suit then led, or to win or lose the trick"
    ("english", {"attention_called": {"by": "B", "how": "says-his", "before_partner_played": True},
                 "claims": [{"by": "Y", "penalty": "win-or-lose"}]},
     {"highest-or-lowest": "YZ", "win-or-lose": "YZ"}),
    # American 35: "the adversary last to play to the trick may require the offender's partner to play his
    # highest or lowest of the suit led or, if he has none, to trump or not to trump the trick" -- Y led,
    # so Z is last of Y-Z to play
    ("american-1894", {"attention_called": {"by": "B", "how": "says-his", "before_partner_played": True,
                                            "leader": "Y"},
                       "claims": [{"by": "Z", "penalty": "trump-or-not"}]},
     {"highest-or-lowest": "Z", "trump-or-not": "Z"}),
    # English 76: "his adversaries ... may call the card thus played in error, or may require him to play
    # his highest or lowest card to that trick in which he has renounced"
    ("english", {"revoke": {"by": "B", "trick_turned_and_quitted": False, "revoking_side_played_next": False},
                 "claims": [{"by": "Y", "penalty": "highest-or-lowest"}]},
     {"call-card": "YZ", "highest-or-lowest": "YZ"}),
    # American 29: "the card improperly played by him is liable to be called" -- and nothing else
    ("american-1894", {"revoke": {"by": "B", "trick_turned_and_quitted": False, "revoking_side_played_next": False},
                       "claims": [{"by": "Y", "penalty": "call-card"}]},
     {"call-card": "YZ"}),
    # Revised 65: "the penalty of calling the highest or lowest card of the suit properly led may be exacted
    # from the player in error, or the card simultaneously led may be treated as a card liable to be called"
    ("english-revised", {"lead": {"by": "A", "proper": "B", "simultaneous": True},
                         "claims": [{"by": "Y", "penalty": "highest-or-lowest"}]},
     {"call-card": "YZ", "highest-or-lowest": "YZ"}),
    # English 56: an exposed card "is liable to be called" -- by the adversaries
    ("english", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}],
                 "claims": [{"by": "Y", "penalty": "call-card", "card": "KS"}]},
     {"call-card": "YZ"}),
    # English 38: "If, whilst dealing, a card be exposed by the dealer or his partner, should neither of the
    # adversaries have touched the cards, the latter can claim a new deal"
    ("english", {"dealer": "A", "deal": {"exposed_by": "A"}, "claims": [{"by": "Y", "penalty": "new-deal"}]},
     {"new-deal": "YZ"}),
])
def test_penalties_available_are_those_the_law_gives(code, facts, available):
    c = concl(code, facts)
    assert c["penalties_available"] == available
    assert c["claims_entitled"] == [True] and c["claim_entitled"] is True
    assert c["election_by"] == facts["claims"][0]["by"]


def test_american_35_wrong_adversary_enforces_nothing():
    # American 35 gives the penalty to "the adversary last to play to the trick" (Z, Y having led);
    # American 39: "If the wrong adversary demands a penalty ... none can be enforced."
    c = concl("american-1894", {"attention_called": {"by": "B", "how": "says-his", "before_partner_played": True,
                                                     "leader": "Y"},
                                "claims": [{"by": "Y", "penalty": "highest-or-lowest"}]})
    assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True
    assert c["penalties_available"] == {}


@pytest.mark.parametrize("card, entitled", [("KS", True), ("ks", True), ("K S", True), ("QS", False)])
def test_a_called_card_must_be_the_exposed_one(card, entitled):
    # English 56: the card exposed "is liable to be called"; another card is no penalty the law gives
    # (Drayson case 25: claiming a penalty one is not entitled to loses the penalty)
    c = concl("english", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}],
                          "claims": [{"by": "Y", "penalty": "call-card", "card": card}]})
    assert c["claim_entitled"] is entitled
    assert c.get("penalty_forfeited") is (None if entitled else True)


# ---------------------------------------------------------------- American 1890, 8: silence

def test_1890_8_talk_after_the_play_is_no_violation():
    # "Talking must cease when the first card is led, and silence must continue until the last card is
    # played": a remark outside the play of the hand is not within the law
    c = concl("american-1890", {"remark": {"by": "A", "kind": "other", "during_play": False}})
    assert "silence_violated" not in c and "one_point_penalty" not in c


def test_1890_8_talk_during_the_play_costs_the_point():
    c = concl("american-1890", {"remark": {"by": "A", "kind": "other", "during_play": True}})
    assert c["silence_violated"] is True
    assert c["penalty_claimants"] == "YZ" and c["penalty_points"] == 1
    assert c["one_point_penalty"]["from"] == "AB"


# ---------------------------------------------------------------- revised 92 (English 88 with a limit in time)
# (unit tests: a rule example of the revised code must show a difference from the English code, and
# these agree with English 88)

@pytest.mark.parametrize("bystander, liable", [
    # "If a bystander make any remark, before the stakes have been paid, ... he is liable to be called on,
    # by the players only, to pay the stakes and all bets on that game or rubber."
    ({"after_stakes_paid": False, "called_on_by_player": True}, True),
    ({"after_stakes_paid": False}, True),
    ({"after_stakes_paid": False, "called_on_by_player": False}, False),      # "by the players only"
    ({"after_stakes_paid": True, "called_on_by_player": True}, False),        # not "before the stakes have been paid"
])
def test_revised_92_bystander(bystander, liable):
    c = concl("english-revised", {"bystander": {"remark_on_score_oversight": True, **bystander}})
    assert c["bystander_liable_to_pay"] is liable


def test_revised_92_no_remark_on_the_score_no_liability():
    assert "bystander_liable_to_pay" not in concl("english-revised", {"bystander": {"remark_on_score_oversight": False}})
    assert "bystander_liable_to_pay" not in concl("english", {"bystander": {"remark_on_score_oversight": False}})


# ---------------------------------------------------------------- each claim judged (English 84)

EXPOSED_KS = {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}]}
LEAD_Y = {"lead": {"by": "Y", "proper": "A"}}


def _claims(code, facts, claims):
    r = evaluate({**facts, "claims": claims}, code)
    assert not _bad_steps(r.trace)
    step = " ".join(t["step"] for t in r.trace if t["law"].endswith("/election"))
    return r.conclusions, step


def test_leaving_the_card_on_the_table_is_no_election():
    # Drayson case 56: requiring the exposed card to be left on the table (the law requires it) elects no
    # penalty: the card may still be called after it
    c, _ = _claims("english", EXPOSED_KS, [{"by": "Y", "penalty": "leave-on-table"},
                                           {"by": "Y", "penalty": "call-card", "card": "KS"}])
    assert c["claims_entitled"] == [True, True] and c["election_by"] == "Y"


def test_the_offenders_claim_nothing_and_the_adversary_still_may():
    # English 56: the exposed card is liable to be called by the adversaries; what the offender's partner
    # says is no claim, and the adversary's claim after it stands
    c, step = _claims("english", EXPOSED_KS, [{"by": "B", "penalty": "call-card", "card": "KS"},
                                              {"by": "Y", "penalty": "call-card", "card": "KS"}])
    assert c["claims_entitled"] == [None, True] and c["election_by"] == "Y"
    assert "B is on the offending side" in step


@pytest.mark.parametrize("facts, claim", [
    (EXPOSED_KS, {"by": "Y", "penalty": "call-card", "card": "KS", "too_late": True}),
    # English 62: a suit is called "when it is next the turn of either of them to lead" -- not after
    (LEAD_Y, {"by": "A", "penalty": "call-suit", "at_first_lead": False}),
])
def test_a_claim_too_late_is_no_claim(facts, claim):
    c, step = _claims("english", facts, [claim])
    assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True
    assert "too late" in step


def test_the_time_limit_of_a_suit_call_is_not_the_cards():
    # English 62: "his adversaries may either call the card erroneously led, or may call a suit from him or
    # his partner when it is next the turn of either of them to lead": that limit is the suit's, not the card's
    c, _ = _claims("english", LEAD_Y, [{"by": "A", "penalty": "call-card", "at_first_lead": False}])
    assert c["claims_entitled"] == [True]


def test_the_election_is_final():
    # English 84: "if either of them ... demand a penalty to which he is entitled, such decision is final":
    # A calls the card; his partner cannot then call a suit (Drayson case 57) -- but may call the same card
    # (case 27)
    c, step = _claims("english", LEAD_Y, [{"by": "A", "penalty": "call-card"}, {"by": "B", "penalty": "call-suit"}])
    assert c["claims_entitled"] == [True, False] and c["election_by"] == "A"
    assert "had already elected 'call-card'" in step
    c, _ = _claims("english", LEAD_Y, [{"by": "A", "penalty": "call-card"}, {"by": "B", "penalty": "call-card"}])
    assert c["claims_entitled"] == [True, True] and c["election_by"] == "A"
