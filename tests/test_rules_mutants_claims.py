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


@pytest.mark.parametrize("code", ["american-1894", "english"])
def test_a_claim_told_to_be_the_wrong_adversarys_loses_every_penalty(code):
    # American 39: "If the wrong adversary demands a penalty ... none can be enforced" (the English
    # custom: "he loses his right to claim a penalty to which he was entitled") -- told, the penalty
    # named or not
    for claim in ({"wrong_adversary": True}, {"wrong_adversary": True, "penalty": "call-suit"}):
        c = concl(code, {"lead": {"by": "Y"}, "claims": [claim]})
        assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True
    assert "penalty_forfeited" not in concl(code, {"lead": {"by": "Y"}, "claims": [{"wrong_adversary": False}]})


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


# ---------------------------------------------------------------- more of what the claims area decides
# (kb/rules/claims.py survivors of the issue 15 run, each checked against the law it cites)

def _rule(code: str, facts: dict):
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r


def test_american_24_the_card_led_out_of_turn_cannot_be_called():
    # American 24 gives a suit call only ("a suit may be called from him or his partner"); American 20 I: a card
    # led out of turn is not among the cards liable to be called -- calling it is a wrong penalty (39)
    c = concl("american-1894", {**LEAD_Y, "claims": [{"by": "A", "penalty": "call-card"}]})
    assert c["claims_entitled"] == [False] and c["penalties_available"] == {}


def test_english_63_all_followed_the_card_led_cannot_be_called():
    # English 63: "If any player lead out of turn, and the three others have followed him, the trick is complete,
    # and the error cannot be rectified"
    c = concl("english", {"lead": {"by": "Y", "proper": "A", "played_to_by": ["B", "Z", "A"]},
                          "claims": [{"by": "A", "penalty": "call-card"}]})
    assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True


def test_english_63_case_92_a_suit_called_after_the_trick_is_complete():
    # Drayson case 92: A leads out of turn; Y, B and Z play to it; Y then calls a trump from B. "Too late (see
    # Law 63). When A led out of turn, then, only could B be called on to lead a trump."
    c = concl("english", {"lead": {"by": "A", "proper": "B", "played_to_by": ["Y", "B", "Z"]},
                          "claims": [{"by": "Y", "penalty": "call-suit", "from_seat": "B"}]})
    assert c["claims_entitled"] == [False]
    assert c.get("call_valid") is not True


def test_english_84_after_consulting_no_call_is_valid():
    # English 84: "if they do so consult, they lose their right"
    c = concl("english", {**LEAD_Y, "claims": [{"by": "A", "penalty": "call-suit", "from_seat": "Y", "consulted": True}]})
    assert c["penalty_forfeited"] is True
    assert c.get("call_valid") is not True and c["claim_entitled"] is not True


def test_american_18_the_trump_card_is_the_card_liable():
    # American 18: the trump card "left on the table until after the second trick has been turned and quitted ...
    # is liable to be called" -- that card, not another
    facts = {"trump": {"card": "7H", "left_on_table_until": 3}, "dealer": "A"}
    c = concl("american-1894", {**facts, "claims": [{"by": "Y", "penalty": "call-card", "card": "7H"}]})
    assert c["claims_entitled"] == [True]
    c = concl("american-1894", {**facts, "claims": [{"by": "Y", "penalty": "call-card", "card": "KS"}]})
    assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True
    # American 39: "a wrong penalty is demanded: none can be enforced" -- the trump card is no longer liable
    c = concl("american-1894", {**facts, "claims": [{"by": "Y", "penalty": "call-suit"}]})
    assert c["penalties_available"] == {} and c["card_liable_to_be_called"] is False


def test_english_56_the_trump_card_not_left_on_the_table_is_not_liable():
    # English 56: the exposed card (KS) is liable to be called; the trump card (7H), not left on the table too
    # long, is not (English 52)
    c = concl("english", {"trump": {"card": "7H"}, **EXPOSED_KS,
                          "claims": [{"by": "Y", "penalty": "call-card", "card": "7H"}]})
    assert c["claims_entitled"] == [False]


def test_english_84_a_decision_without_consulting_is_final():
    # English 84: "if either of them ... demand a penalty to which he is entitled, such decision is final"
    c = concl("english", {**EXPOSED_KS, "claims": [{"by": "Y", "penalty": "call-card", "card": "KS", "consulted": False}]})
    assert c["penalty_forfeited"] is False and c["election_final"] is True


@pytest.mark.parametrize("consulted", [True, None])
def test_american_39_consulting_is_not_forbidden(consulted):
    # American 39 has no rule against consulting: the penalty is not lost by it
    c = concl("american-1894", {**EXPOSED_KS, "claims": [{"by": "Y", "penalty": "call-card", "card": "KS",
                                                          "consulted": consulted}]})
    assert c["claims_entitled"] == [True]
    assert c.get("penalty_forfeited") is (False if consulted else None)


def test_english_84_a_second_claim_by_the_same_side():
    # English 84: the first demand is final -- a later demand of another penalty, the claimant not named, is no
    # penalty the side is entitled to
    c, _ = _claims("english", LEAD_Y, [{"by": "A", "penalty": "call-card"}, {"penalty": "call-suit"}])
    assert c["claims_entitled"] == [True, False] and c["election_by"] == "A"


def test_only_the_offenders_claimed_nothing_is_decided():
    # English 56: the card is liable to be called by the adversaries; what the offender's partner says is no claim
    c = concl("english", {**EXPOSED_KS, "claims": [{"by": "B", "penalty": "call-card", "card": "KS"}]})
    assert c["claims_entitled"] == [None] and c["claim_entitled"] is None


def test_drayson_wrong_penalty_loses_every_penalty():
    # Drayson case 25 / the custom: "he loses his right to claim a penalty to which he was entitled"
    c = concl("english", {**EXPOSED_KS, "claims": [{"by": "Y", "penalty": "call-suit"}]})
    assert c["penalties_available"] == {} and c["card_liable_to_be_called"] is False


def test_english_65_the_call_of_the_card_not_yet_played_may_be_repeated():
    # English 65: "The call of a card may be repeated until such card has been played" -- A's king was played,
    # his queen, the card called, was not
    c = concl("english", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS", "played_by_owner": True},
                                      {"by": "A", "how": "dropped-face-up", "card": "QH", "played_by_owner": False}],
                          "claims": [{"by": "Y", "penalty": "call-card", "card": "QH"}]})
    assert c["call_may_be_repeated"] is True
    # not told whether it was played: nothing said of repeating the call
    assert "call_may_be_repeated" not in concl("english", {**EXPOSED_KS, "claims": [{"by": "Y", "penalty": "call-card",
                                                                                     "card": "KS"}]})


@pytest.mark.parametrize("code, law", [("english", "english/64"), ("american-1894", "american-1894/21/call")])
def test_whether_the_called_card_would_be_a_revoke_is_asked(code, law):
    # English 64: "In no case can a player be compelled to play a card which would oblige him to revoke";
    # American 21: "provided he can do so without revoking"
    r = _rule(code, {**EXPOSED_KS, "claims": [{"by": "Y", "penalty": "call-card", "card": "KS", "suit_led": "H"}]})
    assert [(m["fact"], m["effects"], m["law"]) for m in r.missing] == [
        ("claims[0].holds_suit_led", {"true": "he need not play the called card: it would be a revoke",
                                      "false": "he must play the called card"}, law)]


@pytest.mark.parametrize("code, law", [("english", "english/66"), ("american-1894", "american-1894/24/none")])
def test_the_suit_called_and_held_the_penalty_is_not_paid_by_having_none(code, law):
    # English 66: "If a player called on to lead a suit have none of it, the penalty is paid" -- not if he has it
    r = _rule(code, {**LEAD_Y, "claims": [{"by": "A", "penalty": "call-suit", "from_seat": "Y", "has_none": False}]})
    assert "penalty_paid" not in r.conclusions and law not in [t["law"] for t in r.trace]


@pytest.mark.parametrize("code, facts, fact, effects", [
    # English 85: the demand may be made "before, but not after, they are touched for the purpose of gathering
    # them together"
    ("english", {"cards_drawn_demand": {"by": "Y"}}, "cards_drawn_demand.after_gathering_touched",
     {"true": "too late to demand it", "false": "the cards must be placed before their players"}),
    # English 83: "before, but not after, the pack be cut for the deal"
    ("english", {"new_cards": {"called_by": "A"}}, "new_cards.after_cut",
     {"true": "too late: no fresh cards", "false": "he may call for them, paying for them"}),
    # Revised 92: "before the stakes have been paid"
    ("english-revised", {"bystander": {"remark_on_score_oversight": True}}, "bystander.after_stakes_paid",
     {"true": "the bystander is not liable", "false": "he is liable to pay the stakes and bets"}),
    # English 90: "replaced by agreement, or new cards called at the expense of the table"
    ("english", {"cards_torn_or_marked": True}, "torn_cards_replacement_agreed",
     {"true": "they are replaced; no new cards", "false": "new cards are called at the expense of the table"}),
    # American 1890, 8: talk during the play, but for the exceptions
    ("american-1890", {"remark": {"by": "A"}}, "remark.kind",
     {"other": "a violation of the law of silence: one point", "ask-trumps": "allowed"}),
    ("american-1890", {"remark": {"by": "A", "kind": "other"}}, "remark.during_play",
     {"true": "a violation of the law of silence: one point", "false": "no violation"}),
])
def test_the_fact_the_law_turns_on_is_asked_with_its_effects(code, facts, fact, effects):
    r = _rule(code, facts)
    assert [(m["fact"], m["effects"]) for m in r.missing] == [(fact, effects)]


def test_revised_92_liability_waits_for_when_he_spoke():
    # "before the stakes have been paid": not told when, the liability is not concluded (it is asked);
    # English 88 has no such limit
    assert "bystander_liable_to_pay" not in concl("english-revised", {"bystander": {"remark_on_score_oversight": True}})
    assert concl("english", {"bystander": {"remark_on_score_oversight": True}})["bystander_liable_to_pay"] is True


def test_english_90_either_remedy_until_the_players_agree():
    # English 90: "must be either replaced by agreement, or new cards called at the expense of the table"
    c = concl("english", {"cards_torn_or_marked": True})
    assert c["torn_cards_remedy"] == ["replaced by agreement", "new cards at the expense of the table"]
    assert c["new_cards_at_expense_of_table"] is True


@pytest.mark.parametrize("code, which, callable_from", [
    # English 91: "Any player may demand to see the last trick turned, and no more"
    ("english", "earlier", None),
    # Revised 94 / American 37: no quitted trick may be seen again; the offender's side is liable to have a suit
    # called
    ("english-revised", "last", "AB"),
    ("american-1894", "last", "AB"),
])
def test_no_trick_but_the_last_may_be_seen(code, which, callable_from):
    c = concl(code, {"trick_seen": {"by": "A", "which": which}})
    assert c["may_see_trick"] is False
    assert c.get("suit_callable_from") == callable_from


def test_american_1890_9_and_18_the_point_for_an_intimation():
    # American 1890, 9: "No intimation shall be given in any way as to the constitution of the player's hand";
    # 18: "the forfeit of one point; to be deducted from the score of the offenders or added to the score of the
    # adversaries"
    r = _rule("american-1890", {"intimation": {"by": "A", "kind": "hand"}})
    pen = {"from": "AB", "to": "YZ", "points": 1, "options": ["deduct from the offenders", "add to the adversaries"]}
    assert r.conclusions["penalty_claimants"] == "YZ" and r.conclusions["one_point_penalty"] == pen
    assert "score_after_penalty_options" not in r.conclusions          # the score is not told
    assert "an intimation as to his hand" in r.trace[0]["step"]
    # 18: "A penalty ... must be claimed and scored before the cards are cut for the next deal"
    c = concl("american-1890", {"intimation": {"by": "A", "kind": "hand"}, "cut_for_next_deal": True})
    assert c["one_point_penalty"] == pen
    assert c["penalty_claim_in_time"] is False and c["penalty_forfeited"] is True
    c = concl("american-1890", {"intimation": {"by": "A", "kind": "hand"}, "score": {"AB": 3, "YZ": 6}})
    assert c["score_after_penalty_options"] == {"deduct": {"AB": 2, "YZ": 6}, "add": {"AB": 3, "YZ": 7}}


def test_english_84_a_consultation_about_the_revoke_is_not_this_election():
    # English 84 is about "an option of exacting ... one of two penalties"; a consultation recorded for the revoke
    # (revoke.py: the revoke's own law) neither forfeits nor elects the penalty for the exposed card, which Y then
    # calls (English 56)
    c = concl("english", {**EXPOSED_KS, "claims": [{"by": "Y", "consulted": True, "for_offence": "revoke"},
                                                   {"by": "Y", "penalty": "call-card", "card": "KS"}]})
    assert c["claims_entitled"] == [None, True] and c["election_by"] == "Y"
    assert "penalty_forfeited" not in c


def test_american_1890_18_no_penalty_taken_during_the_play():
    # American 1890, 18: "A penalty cannot be taken during the play, but must be claimed and scored
    # before the cards are cut for the next deal."
    facts = {"lead": {"by": "Y"}}          # a lead out of turn: Law 18's point
    r = evaluate({**facts, "penalty_during_play": True}, "american-1890")
    assert r.conclusions["penalty_may_be_taken_during_play"] is False
    assert r.step_for("penalty_may_be_taken_during_play")["step"].endswith(
        "; it cannot be taken during the play of the hand")
    r = evaluate({**facts, "penalty_during_play": False}, "american-1890")
    assert r.conclusions["penalty_may_be_taken_during_play"] is False
    assert not r.step_for("penalty_may_be_taken_during_play")["step"].endswith("during the play of the hand")
    assert "penalty_may_be_taken_during_play" not in evaluate(facts, "american-1890").conclusions
    # whatever the offence, told or not: no penalty is taken during the play
    r = evaluate({"penalty_during_play": True}, "american-1890")
    assert r.conclusions["penalty_may_be_taken_during_play"] is False
    assert "american-1890/18" in [t["law"] for t in r.trace]
    assert "penalty_may_be_taken_during_play" not in evaluate({"penalty_during_play": True}, "english").conclusions


def test_revised_94_the_trick_looked_at_makes_the_suit_callable_before_claims_are_judged():
    # Revised 94: "A violation of this Law renders the offender, or his partner, liable to have a suit
    # called" -- the call claimed is judged against that penalty (English 84)
    r = evaluate({"trick_seen": {"which": "last", "by": "Y"}, "claims": [{"penalty": "call-suit", "from_seat": "Y"}]},
                 "english-revised")
    assert r.conclusions["penalties_available"] == {"call-suit": "AB"} and r.conclusions["call_valid"] is True
    assert r.step_for("suit_callable_from")["step"] == (
        "a quitted trick must not be looked at again until the hand has been played out: YZ are liable to have a "
        "suit called at the next turn of either to lead")


@pytest.mark.parametrize("facts, forfeited", [
    ({"lead": {"by": "Y"}}, True),                                                # Law 18: "the forfeit of one point"
    ({"exposed": [{"by": "A", "how": "shown"}]}, True),                           # Law 12: seen by the partner
    ({"exposed": [{"by": "A", "how": "shown", "seen_by_adversaries_only": True}]}, False),  # "not liable to penalty"
    ({"exposed": [{"by": "A", "how": "dropped-on-floor"}]}, False),
    ({"lead": {"by": "Y"}, "cut_for_next_deal": True}, False),                    # not claimed before the cut: lost
])
def test_american_1890_whether_the_offenders_lose_a_point(facts, forfeited):
    assert concl("american-1890", facts)["point_forfeited"] is forfeited
    assert "point_forfeited" not in concl("english", facts)


def test_english_83_any_player_too_late_after_the_cut():
    # "Any player (on paying for them) before, but not after, the pack be cut for the deal": who called
    # does not matter
    assert concl("english", {"new_cards": {"after_cut": True}})["fresh_cards_allowed"] is False
    c = concl("english", {"new_cards": {"after_cut": False}})
    assert c["fresh_cards_allowed"] is True and "fresh_cards_paid_by" not in c


def test_the_dummy_players_exposed_card_leaves_nothing_to_get_rid_of():
    """English "Dummy" III: the card the player of dummy exposes cannot be called; Drayson case 55's
    "he cannot be prevented from playing it" (a card liable to be called) is then no conclusion."""
    from kb.rules import evaluate
    r = evaluate({"dummy": "B", "exposed": [{"how": "dropped-face-up", "by": "A"}]}, "english")
    assert r.conclusions["card_liable_to_be_called"] is False
    assert r.conclusions.get("owner_may_play_exposed_card") is None
    plain = evaluate({"exposed": [{"how": "dropped-face-up", "by": "A"}]}, "english")
    assert plain.conclusions["owner_may_play_exposed_card"] is True
