"""Mutation testing (kb/rules/mutation.py) of kb/rules/leads.py, as unit tests: the whole ruling of a
lead out of turn under American 24 and American 1890, 13-14, where the rule examples check part of
it, and the facts without which those rules decide nothing."""
from __future__ import annotations

import pytest

from kb.rules import evaluate
from tests.test_rules_mutants_trace import _bad_steps, laws


def rule(code: str, facts: dict):
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r


def _step(r, law: str) -> str:
    """The step of law `law` (a lead out of turn is also traced by American 20 I: the card led is
    not liable to be called)."""
    return next(t["step"] for t in r.trace if t["law"] == law)


def test_american_24_all_have_played_to_the_false_lead():
    # American 24: "if all have played to the false lead, no penalty can be enforced"
    r = rule("american-1894", {"lead": {"by": "Y", "proper": "A", "played_to_by": ["B", "Z", "A"]}})
    assert r.conclusions == {"penalty_options": [], "trick_stands": True, "lead_out_of_turn": True}
    assert r.trace == [{"law": "american-1894/24", "step": "all have played to the false lead: no penalty"}]


def test_american_24_not_all_have_played():
    # "If all have not played to the trick, the cards erroneously played to such false lead are not liable to be
    # called and must be taken back."
    c = rule("american-1894", {"lead": {"by": "Y", "proper": "A", "played_to_by": ["B", "Z"]}}).conclusions
    assert c["lead_out_of_turn"] is True and c["trick_stands"] is False and c["cards_taken_back"] == ["B", "Z"]
    assert c["suit_call_claimant_by_leader"] == {"Y": "A", "Z": "B"}


def test_american_24_from_the_one_who_leads_next():
    now = rule("american-1894", {"lead": {"by": "B", "proper": "A"}})
    assert now.conclusions["lead_out_of_turn"] is True and now.conclusions["penalty_claimants"] == "Z"
    assert _step(now, "american-1894/24") == "a suit may be called from A now, only by Z, the adversary on A's right"
    later = rule("american-1894", {"lead": {"by": "Y", "proper": "A", "next_leader": "Z"}})
    assert later.conclusions["lead_out_of_turn"] is True and later.conclusions["penalty_claimants"] == "B"
    assert _step(later, "american-1894/24") == "a suit may be called from Z at Z's next lead, only by B, the adversary on Z's right"


def test_american_1890_14_lead_out_of_turn():
    # American 1890, 14: "If a player lead out of turn, and all have followed, the trick holds good."
    r = rule("american-1890", {"lead": {"by": "A", "proper": "Y", "played_to_by": ["B", "Z", "Y"]}})
    assert r.conclusions == {"trick_stands": True, "penalty_options": [], "lead_out_of_turn": True}
    r = rule("american-1890", {"lead": {"by": "A", "proper": "Y", "played_to_by": ["Z"]}})
    c = r.conclusions
    assert c["lead_out_of_turn"] is True and c["trick_stands"] is False and c["cards_taken_back"] == ["Z"]
    assert c["penalty_claimants"] == "YZ"
    assert r.trace[0]["step"] == "the cards may be withdrawn; AB pay the penalty of one point (Law 18)"


def test_american_1890_13_play_out_of_turn():
    c = rule("american-1890", {"played_out_of_turn": {"by": "A", "third_played": False}}).conclusions
    assert c["penalty_options"] == ["one point (Law 18)"] and c["penalty_claimants"] == "YZ"
    assert rule("american-1890", {"played_out_of_turn": {"third_played": False}}).conclusions == {}


def test_american_1890_10_needs_whom_he_asked():
    # without whom he asked, law 10 says nothing; 8 (e) only that the demand breaks no silence
    assert rule("american-1890", {"cards_drawn_demand": {"by": "A"}}).conclusions == {"silence_violated": False}
    c = rule("american-1890", {"cards_drawn_demand": {"by": "A", "of": ["B"]}}).conclusions
    assert c["draw_demand_valid"] is True


def test_english_62_what_remains_of_the_penalty():
    # English 62: the card led in error, or a suit "when it is next the turn of either of them to lead"
    r = rule("english", {"lead": {"by": "Y", "proper": "A", "card_led_played": True}})
    assert r.conclusions["penalty_options"] == ["call a suit"]
    assert r.trace[-1]["step"] == "the card led in error has been played: only 'call a suit' remains"
    r = rule("english", {"lead": {"by": "Y", "proper": "A", "next_lead_passed": True}})
    assert r.conclusions["penalty_options"] == ["call the card led in error"]
    assert r.trace[-1]["step"] == "their next lead passed without a suit being called: only 'call the card led in error' remains"
    r = rule("english", {"lead": {"by": "Y", "proper": "A", "next_lead_passed": True, "card_led_played": True}})
    assert r.conclusions["penalty_options"] == []
    assert r.trace[-1]["step"].endswith(": no penalty remains")


def test_english_63_the_false_lead_followed():
    r = rule("english", {"lead": {"by": "Y", "proper": "A", "played_to_by": ["B", "Z", "A"]}})
    assert r.conclusions["trick_stands"] is True and r.conclusions["penalty_options"] == []
    r = rule("english", {"lead": {"by": "Y", "proper": "A", "played_to_by": ["Z", "B"]}})
    assert r.conclusions["trick_stands"] is False and r.conclusions["cards_taken_back"] == ["B", "Z"]
    assert r.conclusions["penalty_options"] == ["call the card led in error", "call a suit"]


def test_english_69_and_70_cards_not_played_or_played_in_error():
    c = rule("english", {"play_error": {"by": "A", "kind": "omitted", "played_to_next": True}}).conclusions
    assert c == {"new_deal_claim_by": "YZ", "surplus_card_not_a_revoke": True}
    c = rule("english", {"play_error": {"by": "A", "kind": "omitted", "played_to_next": False}}).conclusions
    assert c == {"surplus_card_not_a_revoke": True}
    assert rule("english", {"play_error": {"by": "A", "kind": "omitted"}}).conclusions == {}
    c = rule("english", {"play_error": {"by": "A", "kind": "two-cards", "discovered": "during-play"}}).conclusions
    assert c == {"tricks_may_be_searched": True, "card_restored": True, "answerable_for_revoke": True,
                 "card_liable_to_be_called": False}
    c = rule("english-revised", {"play_error": {"by": "A", "kind": "two-cards", "discovered": "during-play",
                                                "revoked_meanwhile": False}}).conclusions
    assert c["card_liable_to_be_called"] is True
    c = rule("english-revised", {"play_error": {"by": "A", "kind": "two-cards", "discovered": "during-play"}}).conclusions
    assert c["card_liable_to_be_called"] is None
    c = rule("english", {"play_error": {"by": "A", "kind": "mixed-with-trick", "discovered": "end-of-hand"}}).conclusions
    assert c == {"answerable_for_revoke": True}
    assert rule("english", {"play_error": {"by": "A", "kind": "mixed-with-trick"}}).conclusions == {}


def test_english_85_the_demand_is_of_all():
    r = rule("english", {"cards_drawn_demand": {"by": "A", "of": ["B"]}})
    assert r.conclusions == {"draw_demand_valid": False}
    assert r.trace[0]["step"] == "A may demand that all the cards be drawn, not ask only B"
    r = rule("english", {"cards_drawn_demand": {"by": "A", "of": ["B", "Y", "Z"]}})
    assert r.conclusions == {"draw_demand_valid": True}
    assert rule("english", {"cards_drawn_demand": {"by": "A"}}).conclusions == {}


@pytest.mark.parametrize("facts, callable_", [
    ({"dummy": "Y", "lead": {"from_wrong_hand": True}}, True),     # Dummy III: "a suit may be called"
    ({"dummy": "Y", "lead": {"from_wrong_hand": False}}, None),
    ({"lead": {"from_wrong_hand": True}}, None),                   # no dummy: not this law
])
def test_dummy_iii_a_lead_from_the_wrong_hand(facts, callable_):
    # English "Dummy" III: "if, however, he lead from Dummy's hand when he should lead from his own, or
    # vice versa, a suit may be called from the hand which ought to have led"
    r = rule("english", facts)
    got = r.conclusions.get("penalty_options")
    assert (got == ["call a suit from the hand which ought to have led"]) is bool(callable_)
    if callable_:
        assert r.conclusions["penalty_claimants"] == "AB" and "english/dummy/III/lead" in laws(r)


@pytest.mark.parametrize("code, either", [("english", True), ("english-revised", True), ("american-1894", False)])
def test_who_of_the_adversaries_may_call_the_suit(code, either):
    # English 62: "his adversaries may ... call a suit"; American 24: "The penalty can be enforced only by the
    # adversary on the right of the player, from whom a suit can lawfully be called"
    c = evaluate({"lead": {"by": "Y"}}, code).conclusions
    assert c["either_adversary_may_call_suit"] is either
