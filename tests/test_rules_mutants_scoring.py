"""Mutation testing (kb/rules/mutation.py) of kb/rules/scoring.py: the game, its value, the rubber,
honours and the revoke penalty in the score (English 1-10, 72, 81, 82; American 1; American 1890,
16, 17, 20), each value read from the law.  The rule examples check a hand or two per code; these
check the bounds of the calculators, the order and precedence of the scores (English 5, 72 V), the
cap on a revoking side (81, 82), the seven-point game of 1890 and the rubber."""
from __future__ import annotations

import pytest

from kb.rules.scoring import Penalty, game_value, honours_score, rubber_points, score_hand
from tests.test_rules_mutants_trace import laws, rule


def concl(code: str, facts: dict) -> dict:
    return rule(code, facts).conclusions


# ---------------------------------------------------------------- the calculators' bounds (English 2, 3, 8; American 1)

def test_game_value_bounds():
    # English 2: "A game consists of five points": the losers have at most four (8 III: "a single ... when their
    # adversaries have scored three or four"); American 1: a game of seven, the losers at most six
    assert game_value(4) == 1 and game_value(4, "english") == 1
    with pytest.raises(ValueError, match="five-point game have at most four"):
        game_value(5)
    assert game_value(6, "american-1894") == 1
    with pytest.raises(ValueError, match="seven-point game have at most six"):
        game_value(7, "american-1894")
    with pytest.raises(ValueError, match="never negative"):
        game_value(-1)


def test_rubber_points_refuses_a_game_after_the_rubber():
    # English 1: "If the first two games are won by the same players, the third game is not played"
    with pytest.raises(ValueError, match="game 3: the rubber was already over"):
        rubber_points([("AB", 3), ("AB", 3), ("YZ", 1)])
    # English 8: a game is worth one, two or three; a side is AB or YZ
    with pytest.raises(ValueError, match="game 2: bad game"):
        rubber_points([("AB", 3), ("YZ", 4)])
    with pytest.raises(ValueError, match="game 1: bad game"):
        rubber_points([("XY", 2), ("AB", 2), ("AB", 2)])
    with pytest.raises(ValueError, match="not finished"):
        rubber_points([("AB", 3), ("YZ", 1)])


def test_there_are_four_honours():
    # English 3: "The four honors" -- no side holds five
    assert honours_score(4) == 4
    with pytest.raises(ValueError, match="four honours"):
        honours_score(5)


# ---------------------------------------------------------------- score_hand (English 2, 5, 8, 72, 81, 82)

def test_a_side_not_in_the_score_has_nothing():
    # English 8 I: "A treble ... when their adversaries have not scored" -- YZ, absent from the score, are at
    # nought; AB at four make two by cards: game, a treble
    r = score_hand("english", {"AB": 4}, {"AB": 8, "YZ": 5})
    assert r.score_after == {"AB": 6, "YZ": 0} and r.game_won_by == "AB" and r.game_value == 3
    # thirteen tricks to AB: YZ have none
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 13})
    assert r.tricks_after == {"AB": 13, "YZ": 0} and r.score_after == {"AB": 7, "YZ": 0}


def test_the_steps_name_the_law_and_the_tricks_above_six():
    # English 2: "Each trick above six counts one point"; six tricks score nothing
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 9, "YZ": 4})
    assert ("english/2", "AB score 3 by cards") in r.steps
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 7, "YZ": 6})
    assert [t for _, t in r.steps if "YZ" in t] == []
    assert r.loser_score is None and r.game_won_by is None
    # 72 I: "take three tricks from the revoking player" -- a step of law 72 I
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 5, "YZ": 8}, penalties=[Penalty("AB", "YZ", "take-three-tricks")],
                   revoking_sides={"YZ"})
    assert r.steps[0] == ("english/72/I", "AB take 3 tricks from YZ: tricks now AB 8, YZ 5")


def test_the_odd_trick_and_the_value_step():
    # English 2: "Each trick above six counts one point": seven tricks are the odd trick
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 7, "YZ": 6})
    assert r.odd_trick == "AB"
    # English 8 I: "A treble ... when their adversaries have not scored"
    r = score_hand("english", {"AB": 4, "YZ": 0}, {"AB": 8, "YZ": 5})
    assert ("english/8", "AB win the game, YZ at 0: a game of 3") in r.steps


def test_the_order_of_scoring_is_stated_when_a_penalty_is_scored():
    # English 5: "The penalty for a revoke takes precedence of all other scores. Tricks score next. Honors last."
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 7, "YZ": 6}, penalties=[Penalty("AB", "YZ", "add-three")])
    assert any(law == "english/5" for law, _ in r.steps)
    r = score_hand("english", {"AB": 0, "YZ": 0}, {"AB": 7, "YZ": 6})
    assert not any(law == "english/5" for law, _ in r.steps)


def test_72_v_nothing_more_is_scored_once_a_side_is_game():
    # English 72 V: "the claimants two, their opponents nothing; the former add three to their score, and thereby
    # win a treble game, even should the latter have made thirteen tricks, and held four honors" -- neither the
    # tricks nor the honours score
    r = score_hand("english", {"AB": 2, "YZ": 0}, {"AB": 0, "YZ": 13}, {"YZ": 4},
                   [Penalty("AB", "YZ", "add-three")], {"YZ"})
    assert (r.game_won_by, r.game_value, r.score_after) == ("AB", 3, {"AB": 5, "YZ": 0})
    skipped = [t for law, t in r.steps if law == "english/72/V"]
    assert len(skipped) == 2 and "by cards" in skipped[0] and "by honours" in skipped[1]


@pytest.mark.parametrize("score, tricks, revoking, after, law", [
    # English 82: "under no circumstances can a player win a game by the result of the hand during which he has
    # revoked; he cannot score more than four"
    ({"AB": 1, "YZ": 0}, {"AB": 10, "YZ": 3}, {"AB"}, 4, "english/82"),
    # reaching four exactly is no cap
    ({"AB": 1, "YZ": 0}, {"AB": 9, "YZ": 4}, {"AB"}, 4, None),
    # 81: both sides revoking, "neither can win the game"
    ({"AB": 1, "YZ": 0}, {"AB": 10, "YZ": 3}, {"AB", "YZ"}, 4, "english/81"),
])
def test_a_revoking_side_scores_only_to_four(score, tricks, revoking, after, law):
    r = score_hand("english", score, tricks, revoking_sides=revoking)
    assert r.score_after["AB"] == after and r.game_won_by is None
    capped = [lw for lw, t in r.steps if "cannot win the game" in t]
    assert capped == ([law] if law else [])


# ---------------------------------------------------------------- a revoke whose player is not told

def test_a_revoke_too_late_to_claim_does_not_stop_the_score():
    # English 78: "A revoke cannot be claimed after the cards have been cut for the following deal": whoever
    # revoked, no penalty is scored, and the hand scores as played (2: "Each trick above six counts one point")
    r = rule("english", {"revoke": {"established": True}, "cut_for_next_deal": True,
                         "tricks": {"AB": 9}, "score": {"AB": 0, "YZ": 0}})
    assert r.conclusions["score_after"] == {"AB": 3, "YZ": 0}
    # claimed in time, the player not told: the penalty "takes precedence of all other scores" (5) -- no score
    # until it is known who revoked
    r = rule("english", {"revoke": {"established": True, "claimed": True}, "tricks": {"AB": 9},
                         "score": {"AB": 0, "YZ": 0}})
    assert "score_after" not in r.conclusions and "by_cards" not in r.conclusions
    assert [m["fact"] for m in r.missing] == ["revokes[0].by"]


# ---------------------------------------------------------------- the rubber (English 1, 8, 9, 10)

def test_the_rubber_games_valued_from_the_losers_score():
    # English 8: a game won with the losers at nought is a treble, at three a single; 9: "The winners of the
    # rubber gain two points ... in addition to the value of their games"; 10: the losers' game is deducted
    c = concl("english", {"rubber_games": [{"won_by": "AB", "loser_score": 0}, {"won_by": "YZ", "loser_score": 2},
                                           {"won_by": "AB", "loser_score": 3}]})
    assert c["rubber_won_by"] == "AB" and c["rubber_gross"] == 3 + 1 + 2 and c["rubber_points"] == 6 - 2


def test_a_game_won_in_this_hand_completes_the_rubber():
    # English 1: "The rubber is the best of three games": AB won the first game (a double); in this hand, at four
    # against nought, they make two by cards -- a treble, their second game, the rubber: 2 + 3 + 2 rubber points
    c = concl("english", {"rubber_games": [{"won_by": "AB", "value": 2}], "score": {"AB": 4, "YZ": 0},
                          "tricks": {"AB": 8}})
    assert c["game_won_by"] == "AB" and c["game_value"] == 3
    assert c["rubber_won_by"] == "AB" and c["rubber_points"] == 7
    # the games before told both ways (the rubber's games and the count of games won): the same rubber
    c = concl("english", {"rubber_games": [{"won_by": "AB", "value": 2}], "games": {"AB": 1},
                          "score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}})
    assert c["rubber_won_by"] == "AB" and c["rubber_points"] == 7
    # YZ won the first; AB's game makes one all: the rubber goes on
    c = concl("english", {"rubber_games": [{"won_by": "YZ", "value": 2}], "score": {"AB": 4, "YZ": 0},
                          "tricks": {"AB": 8}})
    assert c["rubber_won_by"] is None and "rubber_points" not in c
    # two games already won by YZ: the rubber was over; this hand's game is not a game of it
    c = concl("english", {"rubber_games": [{"won_by": "YZ", "value": 1}, {"won_by": "YZ", "value": 1}],
                          "score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}})
    assert c["rubber_won_by"] == "YZ" and c["rubber_points"] == 4


# ---------------------------------------------------------------- American 1890, 16, 17, 20

def test_1890_16_seven_points_make_the_game():
    # American 1890, 16: "The game consists of seven points ... Each trick beyond six made by either side in the
    # play of the hand counts one point" -- four and three by cards: seven, the game
    r = rule("american-1890", {"score": {"AB": 4}, "tricks": {"AB": 9}})
    c = r.conclusions
    assert c["score_after"] == {"AB": 7, "YZ": 0} and c["game_won_by"] == "AB"
    assert c["by_cards"] == {"AB": 3, "YZ": 0}
    assert "AB win the game with 7 points" in r.trace[-1]["step"]
    # "or as many more as may be made by the hand in which seven is reached"
    c = concl("american-1890", {"score": {"AB": 5, "YZ": 2}, "tricks": {"AB": 12}})
    assert c["score_after"] == {"AB": 11, "YZ": 2} and c["by_cards"] == {"AB": 6, "YZ": 0}
    # six points are no game
    r = rule("american-1890", {"score": {"AB": 3, "YZ": 2}, "tricks": {"AB": 9}})
    assert r.conclusions["score_after"] == {"AB": 6, "YZ": 2} and r.conclusions["game_won_by"] is None
    assert r.trace[-1]["step"].endswith("score 6-2")
    # the tricks told as the adversaries' four: A-B made nine
    c = concl("american-1890", {"score": {"AB": 3, "YZ": 2}, "tricks": {"YZ": 4}})
    assert c["score_after"] == {"AB": 6, "YZ": 2}


def test_1890_16_the_rubber_is_two_games():
    # American 1890, 16: "The rubber is two games won out of three played, or two games consecutively won, by
    # the same side"
    c = concl("american-1890", {"score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 10}, "games": {"AB": 1}})
    assert c["rubber_won_by"] == "AB"
    c = concl("american-1890", {"score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 10}, "games": {"YZ": 1}})
    assert c.get("rubber_won_by") is None
    r = rule("american-1890", {"rubber_games": [{"won_by": "AB", "loser_score": 3}, {"won_by": "YZ", "loser_score": 0},
                                                {"won_by": "AB", "loser_score": 6}]})
    assert r.conclusions["rubber_won_by"] == "AB"
    assert r.trace[-1] == {"law": "american-1890/16", "step": "the rubber: two games won by the same side"}
    assert concl("american-1890", {"rubber_games": [{"won_by": "AB"}, {"won_by": "YZ"}]})["rubber_won_by"] is None


def test_1890_a_void_hand_scores_nothing():
    # American 1890, 4: "It is a mis-deal and the deal is lost" -- the hand is void: no tricks score from it
    c = concl("american-1890", {"dealer": "A", "deal": {"misdeal": True}, "tricks": {"AB": 9},
                                "score": {"AB": 0, "YZ": 0}})
    assert c["hand_void"] is True and "score_after" not in c


@pytest.mark.parametrize("tricks_ab, after", [
    # American 1890, 20: "three tricks taken from the offending party ... This penalty is scored prior to
    # scoring the tricks made" -- Y-Z revoke with eight tricks: A-B take three, eight to five, two by cards
    (5, {"AB": 2, "YZ": 0}),
    # Y-Z have only two tricks: A-B can take only those two -- thirteen, seven by cards
    (11, {"AB": 7, "YZ": 0}),
])
def test_1890_20_three_tricks_taken(tricks_ab, after):
    c = concl("american-1890", {"tricks": {"AB": tricks_ab}, "score": {"AB": 0, "YZ": 0},
                                "revoke": {"by": "Y", "established": True, "claimed": True, "penalty": "take-three-tricks"}})
    assert c["score_after"] == after


def test_1890_20_the_revoking_side_keeps_its_other_tricks_and_no_score_goes_below_nought():
    # American 1890, 20: "three tricks taken from the offending party": Y-Z revoke with eleven tricks, keep
    # eight: two by cards
    c = concl("american-1890", {"tricks": {"YZ": 11}, "score": {"AB": 0, "YZ": 0},
                                "revoke": {"by": "Y", "established": True, "claimed": True, "penalty": "take-three-tricks"}})
    assert c["score_after"] == {"AB": 0, "YZ": 2}
    # "or three points taken from their score": A-B at two lose their two, and no more
    c = concl("american-1890", {"tricks": {"AB": 6}, "score": {"AB": 2, "YZ": 0},
                                "revoke": {"by": "A", "established": True, "claimed": True, "penalty": "deduct-three"}})
    assert c["score_after"] == {"AB": 0, "YZ": 1}


def test_1890_20_the_revoking_side_cannot_win_before_the_penalty_is_chosen():
    # American 1890, 20: "no score that wins the game can be made by the revoking party" -- whatever penalty the
    # adversaries choose: A-B at five revoke and make three by cards; they score to six, not eight
    c = concl("american-1890", {"tricks": {"AB": 9}, "score": {"AB": 5, "YZ": 0},
                                "revoke": {"by": "A", "established": True, "claimed": True}})
    assert c["revoking_sides"] == ["AB"]
    assert c["score_after"]["AB"] == 6 and c["game_won_by"] is None


def test_1890_17_the_winners_take_the_cards_of_one_hand():
    # American 1890, 17: "the cards are thrown down by one or both of them. Then, for each card in any one hand,
    # a point is taken and scored by the winners" -- thrown down by A alone: Y-Z score
    c = concl("american-1890", {"hands_thrown_down": ["A"], "deal": {"cards_left": {"A": 3, "B": 3, "Y": 3, "Z": 3}}})
    assert c["points_for_resigned_cards"] == {"YZ": 3}
    # thrown down by a player of each side: no one resigned
    c = concl("american-1890", {"hands_thrown_down": ["A", "Y"], "deal": {"cards_left": {"A": 3, "B": 3, "Y": 3, "Z": 3}}})
    assert "points_for_resigned_cards" not in c
    # the cards left not told: nothing to count
    assert "points_for_resigned_cards" not in concl("american-1890", {"hands_thrown_down": ["A"], "deal": {}})


# ---------------------------------------------------------------- honours (English 4; Drayson case 74)

def test_english_4_the_bar_at_four_is_the_side_at_four():
    # English 4: "Those players who, at the commencement of a deal, are at the score of four, cannot score
    # honors" -- YZ, absent from the score, are at nought and not barred
    r = rule("english", {"honours": {"held": {"YZ": 4}}, "score": {"AB": 4}})
    assert r.conclusions["honours_barred"] == {"AB": True, "YZ": False}
    r = rule("english", {"honours": {"held": {"AB": 4}}, "score": {"AB": 4, "YZ": 4}})
    assert r.trace[0] == {"law": "english/4", "step": "AB and YZ at four at the commencement of the deal cannot "
                                                      "score honours"}


def test_english_4_four_reached_during_the_hand_does_not_bar():
    # English 4 bars those "at the commencement of a deal" at four; Drayson case 90: at one, three added for
    # the adversaries' revoke, "Of course, A, B can score a single" -- their two by honours still count
    c = concl("english", {"score": {"AB": 1, "YZ": 0}, "tricks": {"YZ": 9}, "honours": {"by_honours": {"AB": 2}},
                          "revoke": {"by": "YZ", "penalty": "add-three", "established": True, "claimed": True}})
    assert c["honours_barred"] == {"AB": False, "YZ": False} and c["honours_scored"]["AB"] == 2
    assert c["game_won_by"] == "AB" and c["game_value"] == 1


def test_case_74_the_side_that_holds_honours_is_the_claimant():
    # Drayson case 88: "When Z said to Y, 'Score two,' he to all intents said score two by honors" -- the claim
    # is the side's that holds the honours, though who claimed is not told; YZ said three with two by cards
    c = concl("english", {"honours": {"held": {"YZ": 3}, "points_said": 3}, "tricks": {"YZ": 8}})
    assert c["honours_called"] is True
    # English 3 III: "Only two honors, they do not score": a side with two claims no honours by its words
    c = concl("english", {"honours": {"held": {"AB": 2, "YZ": 2}, "points_said": 2}, "tricks": {"YZ": 8}})
    assert "honours_called" not in c
    # said two, and their two by cards make it: the words may mean the tricks
    c = concl("english", {"honours": {"held": {"YZ": 3}, "points_said": 2}, "tricks": {"YZ": 8}})
    assert c["honours_called"] is False
    # the tricks not told: which it is depends on them -- the fact asked for, and what it changes
    r = rule("english", {"honours": {"held": {"YZ": 3}, "points_said": 3}})
    (m,) = [m for m in r.missing if m["law"] == "drayson/case/74"]
    assert m["fact"] == "tricks" and "YZ" in m["question"]
    # the call decides whether the claim was in time (6) and whether the honours may be scored (7)
    assert {"honours_called", "honours_claim_in_time", "honours_may_be_scored"} <= set(m["affects"])
    assert sorted(v.endswith("no call") for v in m["effects"].values()) == [False, True]


def test_case_74_the_other_points_can_only_be_honours():
    # Drayson case 75: "How could A and B be four unless they intimated that the extra two above their tricks
    # were honors" -- YZ with six tricks (nothing by cards) say "score one": that one is honours
    r = rule("english", {"honours": {"held": {"YZ": 3}, "points_said": 3}, "tricks": {"YZ": 8}})
    assert r.trace[0]["step"] == "YZ said to score 3 having made 2 by cards: the other 1 can only be honours -- a call"
    c = concl("english", {"honours": {"held": {"YZ": 3}, "points_said": 1}, "tricks": {"YZ": 6}})
    assert c["honours_called"] is True


# ---------------------------------------------------------------- English 3, 6, 7: honours scored, claimed in time

def test_english_3_what_the_honours_score():
    # English 3: "II. Any three honors, they score two points. III. Only two honors, they do not score"
    r = rule("english", {"honours": {"held": {"AB": 2, "YZ": 2}}})
    assert r.conclusions["honours_scored"] == {"AB": 0, "YZ": 0}
    assert {"law": "english/3", "step": "honours do not score"} in r.trace
    # not told how many each side held: asked, with what four, three and two honours make
    r = rule("english", {"honours": {"called": True}})
    (m,) = [m for m in r.missing if m["fact"] == "honours.held"]
    assert set(m["effects"]) == {"4", "3", "2"}


@pytest.mark.parametrize("honours, why", [
    # English 6: "Honors, unless claimed before the trump card of the following deal is turned up, cannot be
    # scored" -- Drayson: a misdeal is no deal (cases 49, 76); a dealer who hurries on while the claim is
    # raised does not bar it (case 80); "turned up" is turned and quitted (cases 41, 81)
    ({"next_deal_misdealt": True}, "the following deal was a misdeal, which is not a deal"),
    ({"next_trump_turned": True, "dealer_hurried": True}, "the dealer turned the trump while the claim was being raised"),
    ({"next_trump_turned": True, "next_trump_quitted": False}, "the trump card was turned but not quitted"),
    ({"next_trump_turned": False}, "claimed before the trump card of the following deal was turned up"),
])
def test_english_6_why_a_claim_is_in_time(honours, why):
    r = rule("english", {"honours": {"held": {"AB": 3}, "called": False, **honours}})
    assert r.conclusions["honours_claim_in_time"] is True
    assert {"law": "english/6", "step": f"{why}: the claim is in time"} in r.trace


def test_english_7_called_or_claimed_by_words_that_can_only_mean_honours():
    # English 7: "they must be called at the end of the hand"; a claim that can only mean honours is a call
    # within the meaning of the law (Cavendish case 2; Drayson case 74)
    r = rule("english", {"honours": {"held": {"AB": 3}, "called": True}})
    assert r.conclusions["honours_may_be_scored"] is True
    assert [t["step"] for t in r.trace if t["law"] == "english/7"][0].startswith("honours called at the end")
    r = rule("english", {"honours": {"held": {"AB": 3}, "called": "implied"}})
    assert [t["step"] for t in r.trace if t["law"] == "english/7"][0].startswith(
        "honours claimed by a call that can only mean honours")


def test_english_6_amount_the_points_called():
    # Drayson case 83 (English 6): four honours held, two called -- until the next trump card is turned up the
    # claim may be corrected; called as held, nothing to correct; no honours to score, nothing called short
    r = rule("english", {"honours": {"held": {"AB": 4}, "called": True, "called_as": 2, "next_trump_turned": False}})
    assert r.conclusions["honours_scored"] == {"AB": 4, "YZ": 0}
    assert [t["step"] for t in r.trace if t["law"] == "english/6/amount"] == [
        "AB called 2 but hold 4 by honours; the claim may still be corrected before the next trump card is turned up"]
    for honours in ({"held": {"AB": 4}, "called_as": 4, "next_trump_turned": True, "next_trump_quitted": True},
                    {"held": {"AB": 2, "YZ": 2}, "called_as": 2}):
        r = rule("english", {"honours": {"called": True, **honours}})
        assert "english/6/amount" not in laws(r)


# ---------------------------------------------------------------- English 80: bets

def test_english_80_a_bet_on_the_score():
    # English 80: "bets on the odd trick, or on amount of score, must be decided by the actual state of the latter
    # after the penalty is paid" -- YZ make eight tricks but revoke; AB at two add three: the score favours AB
    c = concl("english", {"bet": {"on": "score", "between": ["A", "Y"]}, "score": {"AB": 2, "YZ": 0},
                          "tricks": {"YZ": 8}, "revoke": {"by": "Y", "established": True, "claimed": True,
                                                         "penalty": "add-three"}})
    assert c["score_after"] == {"AB": 5, "YZ": 0} and c["bet_won_by"] == "A"
    # the scores level after the hand: the bet on the score is not won
    c = concl("english", {"bet": {"on": "score", "between": ["A", "Y"]}, "score": {"AB": 0, "YZ": 1},
                          "tricks": {"AB": 7}})
    assert c["bet_won_by"] is None
    # a bet on the score with no score told cannot be decided
    assert "bet_won_by" not in concl("english", {"bet": {"on": "score", "between": ["A", "Y"]}, "tricks": {"AB": 7}})


def test_english_80_a_bettor_not_at_the_table_is_not_judged():
    # English 80 decides the players' bets: one whose first bettor is no player is passed over, the next decided
    c = concl("english", {"bets": [{"on": "odd-trick", "between": ["Smith", "Y"]},
                                   {"on": "odd-trick", "between": ["Z", "A"]}], "tricks": {"AB": 7}})
    assert c["bet_won_by"] == "A"
    c = concl("english", {"bets": [{"on": "odd-trick", "between": ["B", "Y"]}], "tricks": {"AB": 7}})
    assert c["bet_won_by"] == "B"
    c = concl("english", {"bets": [{"on": "odd-trick", "between": ["Y", "B"]}], "tricks": {"AB": 6}})
    assert c["bet_won_by"] == "Y"


@pytest.mark.parametrize("won, winner, step", [
    # English 1: "The rubber is the best of three games. If the first two games are won by the same players, the
    # third game is not played" -- the values of the games not told: law 1 alone says who won
    (["AB", "AB"], "AB", "AB have won two games: the rubber is theirs; the third game is not played"),
    (["AB", "YZ", "YZ"], "YZ", "YZ have won two games: the rubber is theirs"),
    (["AB", "YZ"], None, "the rubber is not yet over"),
])
def test_english_1_the_best_of_three(won, winner, step):
    r = rule("english", {"rubber_games": [{"won_by": w} for w in won]})
    assert r.conclusions["rubber_won_by"] == winner
    assert r.trace == [{"law": "english/1", "step": step}]
    # English 9 needs the value of each game to count the points: it asks for them
    assert [m["fact"] for m in r.missing] == (["rubber_games"] if winner else [])


@pytest.mark.parametrize("games, winner, step", [
    # English 1 with the games won before this hand counted: AB at four make two by cards, a game
    ({"AB": 1}, "AB", "AB win their second game: the rubber"),
    ({"YZ": 1}, None, "AB win a game; the rubber is not yet over"),
])
def test_english_1_a_game_won_in_this_hand(games, winner, step):
    r = rule("english", {"score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}, "games": games})
    assert r.conclusions["game_won_by"] == "AB" and r.conclusions["rubber_won_by"] == winner
    assert {"law": "english/1", "step": step} in r.trace


# ---------------------------------------------------------------- English 11, 12: erroneous scores

def test_english_11_is_for_points_12_for_games():
    # English 12: "If an erroneous score, affecting the amount of the rubber, be proved, such mistake can be
    # rectified at any time during the rubber" -- an error in the games is law 12's, not 11's
    r = rule("english", {"score_error": {"kind": "games", "proved": True}})
    assert r.conclusions["score_may_be_corrected"] is True and laws(r) == ["english/12"]


def test_english_11_asks_when_the_game_ended_and_whether_the_trump_was_quitted():
    # English 11: "such mistake can be corrected prior to the conclusion of the game in which it occurred, and
    # such game is not concluded until the trump card of the following deal has been turned up" (turned and
    # quitted, Drayson case 87): each fact asked, with what its answer changes
    r = rule("english", {"score_error": {"kind": "points", "proved": True}})
    assert "score_may_be_corrected" not in r.conclusions
    (m,) = r.missing
    assert m["fact"] == "score_error.game_ended" and set(m["effects"]) == {"true", "false"}
    r = rule("english", {"score_error": {"kind": "points", "proved": True, "game_ended": True,
                                         "next_trump_turned": True}})
    assert "score_may_be_corrected" not in r.conclusions
    (m,) = r.missing
    assert m["fact"] == "score_error.next_trump_quitted" and set(m["effects"]) == {"true", "false"}
    r = rule("english", {"score_error": {"kind": "points", "proved": True, "game_ended": True,
                                         "next_trump_turned": True, "next_trump_quitted": True}})
    assert r.conclusions["score_may_be_corrected"] is False


@pytest.mark.parametrize("error, may, step", [
    # English 12: "If an erroneous score, affecting the amount of the rubber, be proved, such mistake can be
    # rectified at any time during the rubber"
    ({"proved": False}, False, "the error is not proved: the score stands"),
    ({"proved": True}, True, "an error affecting the amount of the rubber may be rectified at any time during the "
                             "rubber"),
    ({"proved": True, "rubber_over": False}, True, "during the rubber: the error affecting the rubber may be "
                                                   "rectified"),
    ({"proved": True, "rubber_over": True}, False, "the rubber is over: too late"),
])
def test_english_12_during_the_rubber(error, may, step):
    r = rule("english", {"score_error": {"kind": "games", **error}})
    assert r.conclusions["score_may_be_corrected"] is may
    assert r.trace == [{"law": "english/12", "step": step}]


# ---------------------------------------------------------------- English 5: the score of the hand

def test_english_5_a_void_hand_scores_nothing():
    # English 43: "A misdeal loses the deal" -- the hand is void: neither tricks nor honours score from it
    r = rule("english", {"dealer": "A", "deal": {"misdeal": True}, "tricks": {"AB": 9}, "score": {"AB": 0, "YZ": 0}})
    assert r.conclusions["hand_void"] is True
    assert "score_after" not in r.conclusions and "by_cards" not in r.conclusions
    assert {"law": "english/5", "step": "the hand is void: nothing is scored from it"} in r.trace


def test_english_5_without_the_score_the_tricks_after_the_penalty():
    # English 72 I: the adversaries "may either take three tricks from the revoking player" -- the tricks after
    # the penalty and the odd trick need no score (80: bets on the odd trick are decided by them); the score
    # itself is asked, with what it decides (4: the side at four cannot score honours; 8: the game's value)
    r = rule("english", {"tricks": {"YZ": 8}, "revoke": {"by": "Y", "established": True, "claimed": True,
                                                         "penalty": "take-three-tricks"}})
    assert r.conclusions["tricks_after_penalty"] == {"AB": 8, "YZ": 5} and r.conclusions["odd_trick"] == "AB"
    # English 2 counts the tricks after the penalty: AB's eight are two by cards, YZ's five nothing
    assert r.conclusions["by_cards"] == {"AB": 2, "YZ": 0}
    five = [t["step"] for t in r.trace if t["law"] == "english/5"]
    assert five == ["the tricks of the hand: the odd trick is AB's"]
    assert {"law": "english/72/I", "step": "AB take 3 tricks from YZ: tricks now AB 8, YZ 5"} in r.trace
    assert not any(t["law"] == "english/2" and "score" in t["step"] for t in r.trace)
    (m,) = [m for m in r.missing if m["fact"] == "score"]
    assert {"score_after", "game_won_by", "game_value", "honours_barred"} <= set(m["affects"])
    assert any("four" in k and "honours" in v for k, v in m["effects"].items())


def test_english_82_the_revoking_side_cannot_win():
    # English 82: "under no circumstances can a player win a game by the result of the hand during which he has
    # revoked" -- the ruling says so whatever the score
    c = concl("english", {"tricks": {"AB": 9}, "score": {"AB": 1, "YZ": 0},
                          "revoke": {"by": "A", "established": True, "claimed": True, "penalty": "add-three"}})
    assert c["revoking_side_can_win_game"] is False and c["score_after"] == {"AB": 4, "YZ": 3}


def test_english_2_the_tricks_told_as_the_adversaries():
    # English 2: "Each trick above six counts one point" -- YZ made four: AB nine, three by cards
    assert concl("english", {"tricks": {"YZ": 4}})["by_cards"] == {"AB": 3, "YZ": 0}


# ---------------------------------------------------------------- English 72: what each penalty would give; American 1

def test_72_ii_a_penalty_for_each_revoke_each_way_of_choosing():
    # English 72 II: the penalty "Can be claimed for as many revokes as occur during the hand" -- Y and Z each
    # revoke, the penalties not yet chosen: every way of choosing one penalty per revoke (three kinds, two
    # revokes: six ways); two deductions leave AB at three and YZ, with seven tricks, one by cards
    c = concl("english", {"tricks": {"AB": 6}, "score": {"AB": 3, "YZ": 0},
                          "revokes": [{"by": "Y", "established": True, "claimed": True},
                                      {"by": "Z", "established": True, "claimed": True}]})
    out = c["outcomes_by_penalty"]
    assert len(out) == 6 and "add-three+take-three-tricks" not in out
    assert out["deduct-three+deduct-three"]["score_after"] == {"AB": 3, "YZ": 1}
    assert out["take-three-tricks+take-three-tricks"]["game_won_by"] == "AB"


def test_72_the_penalty_already_chosen_counts_in_every_outcome():
    # Y's revoke: AB chose to add three (AB at three: six, the game); Z's penalty not yet chosen -- whatever
    # they choose for it, AB have won the game (72 V: the penalty "takes precedence of every other score")
    c = concl("english", {"tricks": {"AB": 6}, "score": {"AB": 3, "YZ": 0},
                          "revokes": [{"by": "Y", "established": True, "claimed": True, "penalty": "add-three"},
                                      {"by": "Z", "established": True, "claimed": True}]})
    assert {k: v["game_won_by"] for k, v in c["outcomes_by_penalty"].items()} == {
        "take-three-tricks": "AB", "deduct-three": "AB", "add-three": "AB"}


def test_82_the_revoking_side_is_capped_in_every_outcome():
    # English 82: the revoking side "cannot score more than four" -- YZ at three with four by cards score to four
    # whichever penalty AB take
    c = concl("english", {"tricks": {"YZ": 10}, "score": {"AB": 0, "YZ": 3},
                          "revoke": {"by": "Y", "established": True, "claimed": True}})
    out = c["outcomes_by_penalty"]
    assert out["add-three"]["score_after"] == {"AB": 3, "YZ": 4} and out["add-three"]["game_won_by"] is None
    # without the score nothing is scored: no outcomes, the score is asked
    r = rule("english", {"tricks": {"YZ": 10}, "revoke": {"by": "Y", "established": True, "claimed": True}})
    assert "outcomes_by_penalty" not in r.conclusions and "score" in [m["fact"] for m in r.missing]


def test_american_1_the_value_of_the_game():
    # American 1: "The value of the game is determined by deducting the loser's score from seven" -- AB at six
    # make the odd trick, YZ at three: a game of four
    r = rule("american-1894", {"tricks": {"AB": 7}, "score": {"AB": 6, "YZ": 3}})
    assert r.conclusions["game_value"] == 4
    assert {"law": "american-1894/1/value", "step": "AB win a game of 4"} in r.trace


@pytest.mark.parametrize("code, facts, value, step", [
    # English 8 II: "A double, or game of two points, when their adversaries have scored less than three"
    ("english", {"game_won_by": "AB", "score": {"YZ": 2}}, 2, "AB win the game, YZ at 2: a game of 2"),
    # American 1: "deducting the loser's score from seven"
    ("american-1894", {"game_won_by": "YZ", "score": {"AB": 5}}, 2, "YZ win the game, AB at 5: a game of 2"),
])
def test_the_value_of_a_game_said_to_be_won(code, facts, value, step):
    r = rule(code, facts)
    assert r.conclusions["game_value"] == value and r.trace[-1]["step"] == step
    assert r.conclusions["game_won_by"] == facts["game_won_by"]


def test_the_value_of_a_game_said_to_be_won_needs_the_losers_score():
    # English 8 values the game by the losers' score: not told, it is asked, and it decides the value
    r = rule("english", {"game_won_by": "AB"})
    assert "game_value" not in r.conclusions
    (m,) = r.missing
    assert m["fact"] == "score" and "losers' score" in m["question"] and m["affects"] == ["game_value"]
    # a game won in the hand played is valued from the hand (the score after it), not again
    r = rule("english", {"game_won_by": "AB", "score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}})
    assert r.conclusions["game_value"] == 3 and "AB win the game, YZ at 0: a game of 3" in [t["step"] for t in r.trace]
    assert [t["step"] for t in r.trace].count("AB win the game, YZ at 0: a game of 3") == 1


def test_each_outcome_says_whose_the_odd_trick_is():
    # English 80: bets on the odd trick are decided after the penalty -- each outcome names the odd trick
    c = concl("english", {"tricks": {"YZ": 7}, "score": {"AB": 0, "YZ": 0},
                          "revoke": {"by": "Y", "established": True, "claimed": True}})
    out = c["outcomes_by_penalty"]
    assert out["take-three-tricks"]["odd_trick"] == "AB" and out["add-three"]["odd_trick"] == "YZ"


def test_english_80_bets_not_decided_and_several_bets():
    # English 80: bets "must be decided by the actual state of the latter after the penalty is paid": no tricks
    # told, no state to decide by; a bet with no bettors named is not judged
    assert "bet_won_by" not in concl("english", {"bet": {"on": "odd-trick", "between": ["A", "Y"]}})
    assert "bet_won_by" not in concl("english", {"bet": {"on": "odd-trick"}, "tricks": {"AB": 7}})
    # a bet on the score that cannot be decided (no score told; the scores level) does not stop the next bet,
    # on the odd trick, being decided
    bets = [{"on": "score", "between": ["A", "Y"]}, {"on": "odd-trick", "between": ["A", "Y"]}]
    assert concl("english", {"bets": bets, "tricks": {"AB": 7}})["bet_won_by"] == "A"
    assert concl("english", {"bets": bets, "tricks": {"AB": 7}, "score": {"AB": 0, "YZ": 1}})["bet_won_by"] == "A"


@pytest.mark.parametrize("honours, fact", [
    # English 6: "Honors, unless claimed before the trump card of the following deal is turned up, cannot be
    # scored" -- not called at the end of the hand: when they were claimed is asked, with what each answer means
    ({}, "honours.next_trump_turned"),
    ({"next_trump_turned": True}, "honours.next_trump_quitted"),
])
def test_english_6_the_time_of_the_claim_is_asked(honours, fact):
    r = rule("english", {"honours": {"held": {"AB": 3}, "called": False, **honours}})
    assert "honours_claim_in_time" not in r.conclusions
    (m,) = r.missing
    assert m["fact"] == fact and set(m["effects"]) == {"true", "false"}
    assert "too late" in m["effects"]["true"] and "in time" in m["effects"]["false"]
