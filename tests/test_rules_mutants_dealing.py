"""Mutation testing (kb/rules/dealing.py) of kb/rules/dealing.py: misdeals and new deals (English 43,
45, 50; American 14, 17, 19; American 1890, 4, 5, 7), each value read from the law.  The rule
examples check a misdeal or two per code; these check each way of dealing wrongly that a law
names, the exceptions that save the deal, and the side that loses a point."""
from __future__ import annotations

import pytest

from kb.rules.dealing import misdeal_consequences
from tests.test_rules_mutants_trace import laws, rule


def concl(code: str, facts: dict) -> dict:
    return rule(code, facts).conclusions


# ---------------------------------------------------------------- the calculator (English 43, 45, 50; American 17)

def test_a_misdeal_loses_the_deal_and_the_hand_is_void():
    # English 43: "A misdeal loses the deal"; the deal passes to the left (33)
    r = misdeal_consequences("american-1894", "A")
    assert r["deal_lost"] is True and r["next_dealer"] == "Y" and r["hand_void"] is True


@pytest.mark.parametrize("kw, lost, nxt", [
    # American 17: "A misdeal loses the deal unless during the deal either of the adversaries touches a card or
    # in any other manner interrupts the dealer"
    ({"interrupted_by": "Y"}, False, "A"),
    ({"interrupted_by": "B"}, True, "Y"),          # the dealer's partner is no adversary
])
def test_american_17_an_adversary_interrupts(kw, lost, nxt):
    r = misdeal_consequences("american-1894", "A", **kw)
    assert r["deal_lost"] is lost and r["next_dealer"] == nxt and r["hand_void"] is True


def test_english_45_the_deal_not_lost_the_same_dealer_deals():
    # English 45: "A misdeal does not lose the deal if, during the dealing, either of the adversaries touch the
    # cards prior to the dealer's partner having done so"
    r = misdeal_consequences("english", "A", touched_first_by="Y")
    assert r["deal_lost"] is False and r["next_dealer"] == "A"


# ---------------------------------------------------------------- American 17 II, IV; 19

@pytest.mark.parametrize("deal, misdeal", [
    # American 17 II: a misdeal "if he deals a card incorrectly, and fails to correct the error before dealing
    # another"
    ({"first_card_to": "B"}, True),                    # the first card not to the dealer's left
    ({"first_card_to": "Y"}, None),
    ({"trump_card_to": "Y"}, True),                    # the last (trump) card not to the dealer
    ({"trump_card_to": "A"}, None),
    ({"two_cards_to_one_hand": True, "third_card_dealt": True}, True),
    ({"two_cards_to_one_hand": True, "third_card_dealt": False, "rectified_by_one_card": False}, True),
    ({"two_cards_to_one_hand": True, "third_card_dealt": False, "rectified_by_one_card": True}, False),
])
def test_american_17_ii_a_card_dealt_incorrectly(deal, misdeal):
    r = rule("american-1894", {"dealer": "A", "deal": deal})
    assert r.conclusions.get("misdeal") is misdeal
    assert ("american-1894/17/II" in laws(r)) is (misdeal is not None)
    if misdeal:
        assert r.conclusions["deal_lost"] is True and r.conclusions["next_dealer"] == "Y"


def test_american_17_iv_wrong_number_before_the_first_trick():
    # American 17 IV: a misdeal "if having a perfect pack he does not deal to each player the proper number of
    # cards and the error is discovered before all have played to the first trick"
    c = concl("american-1894", {"dealer": "A", "deal": {"cards": {"A": 13, "B": 12, "Y": 14, "Z": 13}}})
    assert c["misdeal"] is True and c["deal_lost"] is True
    c = concl("american-1894", {"dealer": "A", "deal": {"cards": {"A": 13, "B": 13, "Y": 13, "Z": 13}}})
    assert "misdeal" not in c


def test_american_19_both_sides_wrong_there_must_be_a_new_deal():
    # American 19: "If either of the adversaries also has more or less than his correct number, there must be a
    # new deal" -- A's side has B with a card short, Y a card over (five, four, six, five left after eight tricks)
    c = concl("american-1894", {"dealer": "A", "deal": {"cards_left": {"A": 5, "B": 4, "Y": 6, "Z": 5}}})
    assert c["new_deal"] is True and c["misdeal"] is False and c["hand_void"] is True
    assert "new_deal_claim_by" not in c
    # only B wrong: the adversaries, who "have their right number", "shall have the choice"
    c = concl("american-1894", {"dealer": "A", "deal": {"cards_left": {"A": 5, "B": 4, "Y": 5, "Z": 5}}})
    assert c["new_deal_claim_by"] == "YZ" and c["misdeal"] is False and "new_deal" not in c


def test_american_17_iv_and_19_each_rule_carries_its_own_law():
    # American 17 IV covers the wrong number "discovered before all have played to the first trick"; 19 the
    # wrong number found "at any time after all have played to the first trick": each ruling cites the law of
    # its own time, not both
    r = rule("american-1894", {"dealer": "A", "deal": {"cards": {"A": 13, "B": 12, "Y": 14, "Z": 13}}})
    assert "american-1894/17/IV" in laws(r) and "american-1894/19" not in laws(r)
    r = rule("american-1894", {"dealer": "A", "deal": {"cards_left": {"A": 5, "B": 4, "Y": 5, "Z": 5}}})
    assert "american-1894/19" in laws(r) and "american-1894/17/IV" not in laws(r)
    from kb.rules.core import REGISTRY
    fns = {r.id: r.fn for r in REGISTRY if r.id in ("american-1894/17/IV", "american-1894/19")}
    assert fns["american-1894/17/IV"] is not fns["american-1894/19"]


# ---------------------------------------------------------------- American 1890, 4, 5, 7

@pytest.mark.parametrize("deal, misdeal", [
    # American 1890, 4: "It is a mis-deal and the deal is lost if thirteen cards, one at a time in regular
    # rotation beginning at the dealer's left, be not separately placed before each player; or if the dealer count
    # the cards ...; or if the last card be not turned up at the dealer's right hand"
    ({"first_card_to": "B"}, True),
    ({"first_card_to": "Y"}, None),
    ({"two_cards_to_one_hand": True, "third_card_dealt": True}, True),
    ({"trump_card_to": "Y"}, True),
    ({"trump_card_to": "A"}, None),
    ({"counted_cards": True}, True),
    ({"trump_face_down": True}, True),
])
def test_american_1890_4_misdeals(deal, misdeal):
    r = rule("american-1890", {"dealer": "A", "deal": deal})
    assert r.conclusions.get("misdeal") is misdeal
    if misdeal:
        assert r.conclusions["deal_lost"] is True and "american-1890/4" in laws(r)


@pytest.mark.parametrize("deal", [{"exposed_by": "A"}, {"faced_card": "7H"}])
def test_american_1890_4_a_new_deal_may_be_demanded(deal):
    # American 1890, 4: "Should a card be exposed in dealing, or faced in the pack, a new deal may be demanded by
    # opponents"
    c = concl("american-1890", {"dealer": "A", "deal": deal})
    assert c["new_deal_claim_by"] == "YZ" and c["new_deal_compulsory"] is False


@pytest.mark.parametrize("deal", [{"faced_card": "last"}, {"faced_card": "LAST"}, {"counted_cards": False}])
def test_american_1890_4_the_last_card_faced_is_the_trump(deal):
    # the last card is turned up as the trump (1890, 4: "the last card ... turned up at the dealer's right hand"):
    # no new deal for it
    assert "new_deal_claim_by" not in concl("american-1890", {"dealer": "A", "deal": deal})


def test_american_1890_5_touched_before_the_trump_the_dealer_deals_again():
    # American 1890, 5: "Until the trump card is turned, the cards must not be gathered nor touched except by the
    # dealer. If this be done, and a mis-deal be made, the dealer deals again."
    c = concl("american-1890", {"dealer": "A", "deal": {"first_card_to": "B", "touched_first_by": "Y"}})
    assert c["misdeal"] is True and c["deal_lost"] is False and c["next_dealer"] == "A"
    # touched by the dealer himself: the misdeal loses the deal (4)
    c = concl("american-1890", {"dealer": "A", "deal": {"first_card_to": "B", "touched_by": ["A"]}})
    assert c["deal_lost"] is True and c["next_dealer"] == "Y"
    # touched, but no misdeal: law 5 says nothing of the deal
    r = rule("american-1890", {"dealer": "A", "deal": {"touched_first_by": "Y"}})
    assert "deal_lost" not in r.conclusions and "american-1890/5" not in laws(r)


def test_a_player_whose_seat_is_not_told_touched_the_cards():
    # "my cousin started picking up her cards": American 1890, 5 -- touched by anyone but the dealer, the dealer
    # deals again, whoever it was
    c = concl("american-1890", {"dealer": "A", "deal": {"first_card_to": "B", "touched_by_unnamed": True}})
    assert c["deal_lost"] is False and c["next_dealer"] == "A"
    # English 45: the deal is kept only if an adversary touched first: who it was is asked, not assumed
    r = rule("english", {"dealer": "A", "deal": {"misdeal": True, "touched_by_unnamed": True}})
    assert r.conclusions["deal_lost"] is None and r.conclusions["next_dealer"] is None
    asked = {m["fact"]: m for m in r.missing}["deal.touched_first_by"]
    assert set(asked["effects"]) == {"B", "Y"}
    # ... and a seat told decides it
    c = concl("english", {"dealer": "A", "deal": {"misdeal": True, "touched_by_unnamed": True, "touched_first_by": "Y"}})
    assert c["deal_lost"] is False
    # American 17: a misdeal loses the deal unless an adversary touched a card: who it was is asked
    r = rule("american-1894", {"dealer": "A", "deal": {"trump_card_to": "Y", "touched_by_unnamed": True}})
    assert r.conclusions["deal_lost"] is None
    assert "deal.touched_by" in {m["fact"] for m in r.missing}
    # English 38: a card exposed by the dealer; the adversaries claim a new deal unless they touched the cards
    r = rule("english", {"dealer": "A", "deal": {"exposed_by": "A", "touched_by_unnamed": True}})
    assert "new_deal_claim_by" not in r.conclusions or r.conclusions["new_deal_claim_by"] is None
    assert set({m["fact"]: m for m in r.missing}["deal.touched_by"]["effects"]) == {"Y", "Z"}


def test_american_1890_7_the_side_loses_a_point():
    # American 1890, 7: "If at the close of a hand a player is known to have held more or less than thirteen cards,
    # his side loses a point" -- B ends with four cards when the others have five
    c = concl("american-1890", {"dealer": "A", "deal": {"cards_left": {"A": 5, "B": 4, "Y": 5, "Z": 5}}})
    assert c["side_loses_point"] == ["AB"] and "misdeal" not in c


@pytest.mark.parametrize("cards_left", [{"A": 5, "B": 4, "Y": 6, "Z": 5}, {"A": 5, "B": 5, "Y": 6, "Z": 5}])
def test_american_1890_7_fourteen_cards_is_a_misdeal(cards_left):
    # American 1890, 7: "If any player has fourteen, it is a mis-deal, even though the hand has been partly played
    # out"
    r = rule("american-1890", {"dealer": "A", "deal": {"cards_left": cards_left}})
    assert r.conclusions["misdeal"] is True and "american-1890/7" in laws(r)
    assert "side_loses_point" not in r.conclusions


# ---------------------------------------------------------------- American 15, 17 (the exception), 17 VI; revised 37 IV

def test_american_17_the_adversary_who_touches_saves_the_deal():
    # American 17: "A misdeal loses the deal, unless, during the deal, either of the adversaries touches a card or
    # in any other manner interrupts the dealer"
    r = rule("american-1894", {"dealer": "A", "deal": {"first_card_to": "B", "touched_first_by": "Y"}})
    assert r.conclusions["misdeal"] is True and r.conclusions["deal_lost"] is False
    assert r.conclusions["next_dealer"] == "A"
    assert r.trace[-1]["step"].startswith("Y, an adversary")
    # the dealer's partner interrupting is no adversary: the deal is lost
    c = concl("american-1894", {"dealer": "A", "deal": {"first_card_to": "B", "interrupted_by": "B"}})
    assert c["deal_lost"] is True and c["next_dealer"] == "Y"
    # no misdeal: nothing to save
    c = concl("american-1894", {"dealer": "A", "deal": {"touched_first_by": "Y"}})
    assert "deal_lost" not in c


@pytest.mark.parametrize("deal, claim_by", [
    # American 15: "If, during the deal, a card is exposed, the side not in fault may demand a new deal, provided
    # neither of that side has touched a card. If a new deal does not take place, the exposed card is not liable
    # to be called."
    ({"exposed_by": "A"}, "YZ"),
    ({"exposed_by": "A", "touched_by": ["B"]}, "YZ"),      # touched by the side in fault
    ({"exposed_by": "A", "touched_by": ["Y"]}, None),
])
def test_american_15_a_card_exposed_in_dealing(deal, claim_by):
    c = concl("american-1894", {"dealer": "A", "deal": deal})
    assert c.get("new_deal_claim_by") == claim_by
    assert c["card_liable_to_be_called"] is False
    assert c.get("misdeal") is not True
    if claim_by:
        assert c["misdeal"] is False


@pytest.mark.parametrize("on_pack, misdeal", [(True, True), (False, False)])
def test_american_17_vi_trump_face_down(on_pack, misdeal):
    # American 17 VI: a misdeal "if he places the trump card face downward upon his own or any other player's cards"
    r = rule("american-1894", {"dealer": "A", "deal": {"trump_face_down_on_pack": on_pack}})
    assert r.conclusions["misdeal"] is misdeal and "american-1894/17/VI" in laws(r)
    step = r.trace[laws(r).index("american-1894/17/VI")]["step"]
    assert "a misdeal" in step and ("not a misdeal" in step) is not misdeal


def test_revised_37_iv_excess_through_an_adversary():
    # Revised 37 IV: a misdeal "Should a player have fourteen or more cards, and any of the other three less than
    # thirteen; unless the excess has arisen through the act of an adversary, in which case there must be a fresh
    # deal"
    cards = {"A": 13, "B": 12, "Y": 14, "Z": 13}
    r = rule("english-revised", {"dealer": "A", "deal": {"cards": cards}})
    assert r.conclusions["misdeal"] is True
    assert [(m["fact"], m["effects"]) for m in r.missing] == [
        ("deal.excess_by_adversary", {"true": "not a misdeal: there must be a fresh deal", "false": "a misdeal"})]
    c = concl("english-revised", {"dealer": "A", "deal": {"cards": cards, "excess_by_adversary": True}})
    assert c["misdeal"] is False and c["new_deal"] is True and c["hand_void"] is True
    assert c.get("deal_lost") is not True


@pytest.mark.parametrize("taker, misdeal", [("Y", False), ("Z", False), ("B", True), ("A", True)])
def test_revised_37_iv_excess_told_by_who_took_the_card(taker, misdeal):
    # "through the act of an adversary": the dealer's adversary took another's card into his hand
    cards = {"A": 13, "B": 12, "Y": 14, "Z": 13}
    c = concl("english-revised", {"dealer": "A", "deal": {"cards": cards, "excess_taken_by": taker}})
    assert c["misdeal"] is misdeal and bool(c.get("new_deal")) is not misdeal
    # the English code has no such exception
    assert concl("english", {"dealer": "A", "deal": {"cards": cards, "excess_taken_by": taker}})["misdeal"] is True


# ---------------------------------------------------------------- English 42, 46, 48; revised 29 III, 40

def test_english_42_a_card_of_the_other_pack():
    # English 42: "the adversaries, on discovery of the error, may decide whether they will have a fresh deal or
    # not" -- their choice, not a misdeal
    c = concl("english", {"dealer": "A", "deal": {"other_pack_card_by": "A"}})
    assert c["new_deal_claim_by"] == "YZ" and c["misdeal"] is False


def test_revised_29_iii_a_hand_taken_up_new_deal_by_the_same_dealer():
    # Revised 29: "There must be a new deal by the same dealer -- III. If a player takes up another player's hand"
    c = concl("english-revised", {"dealer": "A", "deal": {"hand_taken_up_by": "Y"}})
    assert c["new_deal"] is True and c["new_deal_compulsory"] is True and c["next_dealer"] == "A"
    assert c["misdeal"] is False and c["hand_void"] is True


@pytest.mark.parametrize("code, fact, effects", [
    ("english-revised", "deal.discovered_after_first_trick",
     {"true": "the pack is assumed complete and the deal stands", "false": "Law 40 does not apply"}),
    ("english", "deal.discovered_after_play", {"true": "the deal stands", "false": "the law is silent"}),
])
def test_one_hand_short_the_moment_of_discovery_is_asked(code, fact, effects):
    # English 46: "not discover such deficiency until he has played any of his cards, the deal stands good";
    # revised 40: "until the first trick has been turned and quitted"
    r = rule(code, {"dealer": "A", "deal": {"cards": {"A": 12, "B": 13, "Y": 13, "Z": 13}}})
    assert [(m["fact"], m["effects"]) for m in r.missing] == [(fact, effects)]


def test_revised_40_the_deal_stands():
    # Revised 40: "the pack shall be assumed to be complete, and the deal stands good; and he will be answerable
    # for any revoke"
    c = concl("english-revised", {"dealer": "A", "deal": {"cards": {"A": 12, "B": 13, "Y": 13, "Z": 13},
                                                          "discovered_after_first_trick": True}})
    assert c["deal_stands"] is True and c["misdeal"] is False and c["answerable_for_revoke"] is True
    assert c["pack_assumed_complete"] is True


def test_english_46_found_after_the_first_trick_he_had_played():
    # English 46: "not discover such deficiency until he has played any of his cards" -- found only after
    # the first trick, he had played a card; found before it, the moment he played is still asked
    c = concl("english", {"dealer": "A", "deal": {"cards": {"A": 12, "B": 13, "Y": 13, "Z": 13},
                                                  "discovered_after_first_trick": True}})
    assert c["deal_stands"] is True and c["answerable_for_revoke"] is True
    r = rule("english", {"dealer": "A", "deal": {"cards": {"A": 12, "B": 13, "Y": 13, "Z": 13},
                                                 "discovered_after_first_trick": False}})
    assert [m["fact"] for m in r.missing] == ["deal.discovered_after_play"]


@pytest.mark.parametrize("code, deal", [
    ("english-revised", {"discovered_after_first_trick": True}),
    ("english", {"discovered_after_play": True}),
])
def test_short_hand_laws_need_three_right_hands(code, deal):
    # English 46 / revised 40: "Should three players have their right number of cards" -- Y has fourteen: a misdeal
    # (English 44 IV, revised 37 IV), the deal does not stand
    c = concl(code, {"dealer": "A", "deal": {"cards": {"A": 12, "B": 13, "Y": 14, "Z": 13}, "excess_by_adversary": False,
                                             **deal}})
    assert "deal_stands" not in c and c["misdeal"] is True


def test_drayson_41_turned_but_not_quitted_the_proper_dealer_deals():
    # Drayson case 41 (English 48): the trump card "must be turned and quitted"; a dealer out of turn stopped
    # before then is stopped in time: the proper dealer deals
    c = concl("english", {"dealer": "Y", "deal": {"out_of_turn": True, "stopped_before_trump_turned": False,
                                                  "trump_quitted": False, "proper_dealer": "A"}})
    assert c["deal_stands"] is False and c["next_dealer"] == "A"
    # a proper deal: nothing to stop
    c = concl("english", {"dealer": "Y", "deal": {"stopped_before_trump_turned": False, "trump_quitted": False}})
    assert "deal_stands" not in c and c["next_dealer"] == "B"


# ---------------------------------------------------------------- English 44 II, III, VI; 45; 50

@pytest.mark.parametrize("touched, lost, nxt", [
    # English 45: "A misdeal does not lose the deal if, during the dealing, either of the adversaries touch the
    # cards prior to the dealer's partner having done so; but should the latter have first interfered with the
    # cards ... the deal is lost"
    ("Y", False, "A"),
    ("B", True, "Y"),
])
def test_english_45_who_touched_first(touched, lost, nxt):
    r = rule("english", {"dealer": "A", "deal": {"first_card_to": "B", "touched_first_by": touched}})
    assert r.conclusions["misdeal"] is True
    assert r.conclusions["deal_lost"] is lost and r.conclusions["next_dealer"] == nxt
    step = r.trace[laws(r).index("english/45")]["step"]
    assert step.startswith(f"{touched}, the dealer's partner, touched" if lost else f"{touched}, an adversary")


def test_english_44_iii_the_trump_card_not_to_the_dealer():
    # English 44 III: a misdeal "should the trump card not come in its regular order to the dealer; but he does not
    # lose his deal if the pack be proved imperfect"
    c = concl("english", {"dealer": "A", "deal": {"trump_card_to": "Y"}})
    assert c["misdeal"] is True and c["deal_lost"] is True
    c = concl("english", {"dealer": "A", "deal": {"trump_card_to": "Y", "pack_imperfect": True}})
    assert c["deal_lost"] is False and c["next_dealer"] == "A"
    assert "misdeal" not in concl("english", {"dealer": "A", "deal": {"trump_card_to": "A"}})


@pytest.mark.parametrize("established, lost, nxt", [(True, True, "Y"), (False, False, "A")])
def test_english_50_the_adversaries_interrupt(established, lost, nxt):
    # English 50: "If the adversaries interrupt a dealer whilst dealing ... and fail to establish such claim, should
    # a misdeal occur, he may deal again"
    c = concl("english", {"dealer": "A", "deal": {"first_card_to": "B", "interrupted_by": "Y",
                                                  "interruption_established": established}})
    assert c["deal_lost"] is lost and c["next_dealer"] == nxt


def test_english_50_asks_whether_the_claim_was_established():
    r = rule("english", {"dealer": "A", "deal": {"first_card_to": "B", "interrupted_by": "Y"}})
    assert [(m["fact"], m["effects"]) for m in r.missing] == [
        ("deal.interruption_established", {"true": "the misdeal loses the deal", "false": "the dealer may deal again"})]
    # the dealer's partner is no adversary: law 50 is not in question
    r = rule("english", {"dealer": "A", "deal": {"first_card_to": "B", "interrupted_by": "B"}})
    assert r.missing == [] and "english/50" not in laws(r)
    # no misdeal: nothing to ask
    assert rule("english", {"dealer": "A", "deal": {"interrupted_by": "Y"}}).missing == []


@pytest.mark.parametrize("deal, fact, effects, misdeal", [
    # English 44 II: a misdeal "should the dealer place the last (i.e., the trump) card, face downwards, on his own,
    # or any other pack"
    ({"trump_face_down": True}, "deal.trump_face_down_on_pack", {"true": "a misdeal", "false": "not a misdeal"}, None),
    ({"trump_face_down": True, "trump_face_down_on_pack": True}, None, None, True),
    ({"trump_face_down": True, "trump_face_down_on_pack": False}, None, None, False),
    # English 44 VI: "if, prior to dealing that third card, the dealer can, by altering the position of one card
    # only, rectify such error, he may do so"
    ({"two_cards_to_one_hand": True}, "deal.rectified_by_one_card", {"true": "not a misdeal", "false": "a misdeal"},
     None),
    ({"two_cards_to_one_hand": True, "rectified_by_one_card": True}, None, None, False),
    ({"two_cards_to_one_hand": True, "rectified_by_one_card": False}, None, None, True),
])
def test_english_44_ii_and_vi(deal, fact, effects, misdeal):
    r = rule("english", {"dealer": "A", "deal": deal})
    assert [(m["fact"], m["effects"]) for m in r.missing] == ([(fact, effects)] if fact else [])
    assert r.conclusions.get("misdeal") is misdeal


# ---------------------------------------------------------------- English 38-40, 47, 51

@pytest.mark.parametrize("deal, claim_by", [
    # English 38: "If, whilst dealing, a card be exposed by the dealer or his partner, should neither of the
    # adversaries have touched the cards, the latter can claim a new deal"
    ({"exposed_by": "A"}, "YZ"),
    ({"exposed_by": "A", "touched_first_by": "Y"}, None),
    ({"exposed_by": "A", "touched_by": ["Z"]}, None),
    # "a card exposed by either adversary gives that claim to the dealer, provided that his partner has not touched
    # a card"
    ({"exposed_by": "Y"}, "A"),
    ({"exposed_by": "Y", "touched_by": ["Z"]}, "A"),
    ({"exposed_by": "Y", "touched_by": ["B"]}, None),
    ({"exposed_by": "Y", "touched_first_by": "B"}, None),
])
def test_english_38_a_card_exposed_in_dealing(deal, claim_by):
    c = concl("english", {"dealer": "A", "deal": deal})
    assert c.get("new_deal_claim_by") == claim_by
    # "if a new deal does not take place, the exposed card cannot be called" -- and it is no misdeal
    assert c["card_liable_to_be_called"] is False and c.get("misdeal") is not True
    if claim_by:
        assert c["misdeal"] is False


def test_english_39_the_adversaries_may_touch_after_the_dealers_side():
    # English 39: "If, during dealing, a player touch any of his cards, the adversaries may do the same, without
    # losing their privilege of claiming a new deal" -- B touched first, then Y
    r = rule("english", {"dealer": "A", "deal": {"exposed_by": "A", "touched_first_by": "B", "touched_by": ["Y"]}})
    assert r.conclusions["new_deal_claim_by"] == "YZ" and "english/39" in laws(r)


@pytest.mark.parametrize("deal, cited", [
    # English 40: "If, in dealing, one of the last cards be exposed, and the dealer turn up the trump before there
    # is reasonable time for his adversaries to decide as to a fresh deal, they do not thereby lose their privilege"
    ({"exposed_by": "A", "exposed_card_is_last": True}, True),
    ({"exposed_by": "A"}, False),
    ({"exposed_by": "A", "exposed_card_is_last": True, "touched_first_by": "Y"}, False),     # no privilege (38)
])
def test_english_40_one_of_the_last_cards_exposed(deal, cited):
    r = rule("english", {"dealer": "A", "deal": deal})
    assert ("english/40" in laws(r)) is cited


def test_english_47_the_imperfect_pack():
    # English 47: "such proof does not alter any past score, game, or rubber; that hand in which the imperfection
    # was detected is null and void; the dealer deals again"
    c = concl("english", {"dealer": "A", "deal": {"pack_imperfect": True}})
    assert c["past_scores_stand"] is True and c["hand_void"] is True
    assert c["deal_lost"] is False and c["next_dealer"] == "A"


def test_english_51_the_partners_deal_taken():
    # English 51: "Should a player take his partner's deal and misdeal, the latter is liable to the usual penalty,
    # and the adversary next in rotation to the player who ought to have dealt then deals" -- B deals A's deal
    r = rule("english", {"dealer": "B", "deal": {"proper_dealer": "A", "first_card_to": "Y"}})
    assert r.conclusions["deal_lost"] is True and r.conclusions["next_dealer"] == "Y"
    assert "english/51" in laws(r)
    # not his partner's deal: law 51 is not in question
    r = rule("english", {"dealer": "B", "deal": {"proper_dealer": "Z", "first_card_to": "Y"}})
    assert "english/51" not in laws(r)


# ---------------------------------------------------------------- English 37, 44 V, VII; American 14, 17 I, III

@pytest.mark.parametrize("deal, fact, misdeal, stands", [
    # English 44 VII: a misdeal "should the dealer omit to have the pack cut to him, and the adversaries discover
    # the error, prior to the trump card being turned up, and before looking at their cards, but not after having
    # done so"
    ({"cut": False}, "deal.stopped_before_trump_turned", None, None),
    ({"cut": False, "stopped_before_trump_turned": True}, "deal.stopped_before_trump_turned", None, None),
    ({"cut": False, "stopped_before_trump_turned": True, "adversaries_looked_at_cards": False}, None, True, None),
    ({"cut": False, "stopped_before_trump_turned": True, "adversaries_looked_at_cards": True}, None, False, True),
    ({"cut": False, "stopped_before_trump_turned": False}, None, False, True),
    ({"cut": True}, None, None, None),
])
@pytest.mark.parametrize("code", ["english", "american-1894"])
def test_english_44_vii_the_pack_not_cut(code, deal, fact, misdeal, stands):
    r = rule(code, {"dealer": "A", "deal": deal})
    asked = [(m["fact"], m["effects"]) for m in r.missing]
    assert asked == ([(fact, {"true": "a misdeal", "false": "the deal stands"})] if fact else [])
    assert r.conclusions.get("misdeal") is misdeal and r.conclusions.get("deal_stands") is stands


@pytest.mark.parametrize("code", ["english", "american-1894"])
def test_english_44_v_the_dealer_counts(code):
    # English 44 V: a misdeal "should the dealer ... either count the cards on the table or the remainder of the
    # pack"; American 17 III: "If he counts the cards on the table or in the remainder of the pack"
    c = concl(code, {"dealer": "A", "deal": {"counted_cards": True}})
    assert c["misdeal"] is True and c["deal_lost"] is True


@pytest.mark.parametrize("code", ["english", "american-1894"])
def test_english_37_ii_a_card_faced_in_the_pack(code):
    # English 37: "There must be a new deal -- II. If any card, excepting the last, be faced in the pack";
    # American 14 I: "a new deal by the same dealer"
    c = concl(code, {"dealer": "A", "deal": {"faced_card": "7H"}})
    assert c["new_deal"] is True and c["new_deal_compulsory"] is True
    assert c["misdeal"] is False and c["hand_void"] is True and c["next_dealer"] == "A"
    for last in ("last", "Last"):
        assert "new_deal" not in concl(code, {"dealer": "A", "deal": {"faced_card": last}})


def test_american_14_ii_the_imperfect_pack():
    # American 14: "There must be a new deal by the same dealer: ... II. If the pack is proved incorrect or
    # imperfect, but any prior score made with that pack shall stand"
    c = concl("american-1894", {"dealer": "A", "deal": {"pack_imperfect": True}})
    assert c["new_deal"] is True and c["hand_void"] is True and c["past_scores_stand"] is True
    assert c["deal_lost"] is False and c["next_dealer"] == "A"


@pytest.mark.parametrize("code, law", [("english", "english/48"), ("american-1894", "american-1894/16")])
def test_english_48_a_deal_out_of_turn_asks_when_it_was_stopped(code, law):
    # English 48: "If a player deal out of turn ... the error may be corrected before the last card is turned, but
    # not later"
    r = rule(code, {"dealer": "Y", "deal": {"out_of_turn": True, "proper_dealer": "A"}})
    assert [(m["fact"], m["effects"], m["law"]) for m in r.missing] == [
        ("deal.stopped_before_trump_turned", {"true": "the deal is stopped", "false": "the deal stands"}, law)]


def test_english_36_the_deal_lost_by_shuffling_after_the_cut_has_no_exception():
    # English 36: "When the pack is cut, should the dealer shuffle the cards he loses his deal" -- English 45's
    # exception is for a misdeal, and this is none: an adversary touching the cards does not save the deal
    c = concl("english", {"dealer": "A", "deal": {"shuffled_after_cut": True, "touched_first_by": "Y"}})
    assert c["deal_lost"] is True and c["next_dealer"] == "Y" and "misdeal" not in c


def test_american_1890_7_a_hand_of_twelve_costs_a_point():
    # American 1890, 7: "If at the close of a hand a player is known to have held more or less than
    # thirteen cards, his side loses a point."
    r = rule("american-1890", {"deal": {"cards": {"Y": 12}}})
    assert r.conclusions["wrong_number_costs_point"] is True and r.conclusions["side_loses_point"] == ["YZ"]
    assert "wrong_number_costs_point" not in rule("american-1890", {"deal": {"cards": {"Y": 13}}}).conclusions
