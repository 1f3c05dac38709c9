"""Mutation testing (kb/rules/mutation.py) of kb/rules/cutting.py: cutting for partners and deal
(English 13, 16, 18, 19; American 2-4, 7; American 1890, 1-2), shuffling (English 26-32; revised
20-21; American 9) and the cut to the dealer (American 10), each value read from the law.  The rule
examples check a few cuts; these check who is already placed when a tie must be cut again, the
dealer known before a re-cut, an ace in the re-cut, and the shuffling laws' "proper" or not."""
from __future__ import annotations

import pytest

from kb.rules.cutting import next_dealer, partners_and_dealer
from tests.test_rules_mutants_trace import laws, rule


# ---------------------------------------------------------------- the calculator (English 13, 18, 19)

def test_english_13_the_ace_is_low_by_default():
    # English 13: "The ace is the lowest card." -- the calculator's default
    r = partners_and_dealer({"A": "A", "B": "5", "Y": "9", "Z": "K"})
    assert r.partners == [["A", "B"], ["Y", "Z"]] and r.dealer == "A"


def test_without_law_13_an_ace_ranks_above_the_king():
    # English 13 makes the ace low in cutting; without it (ace_low=False) it ranks as in play, above the king
    r = partners_and_dealer({"A": "A", "B": "5", "Y": "9", "Z": "K"}, ace_low=False)
    assert r.partners == [["B", "Y"], ["A", "Z"]] and r.dealer == "B"
    # two nines: the two highest with the ace low (18: "unless such cards are the two highest"), intermediate
    # with it high
    r = partners_and_dealer({"A": "A", "B": "5", "Y": "9", "Z": "9"})
    assert r.partners == [["A", "B"], ["Y", "Z"]] and r.recut_needed is None
    r = partners_and_dealer({"A": "A", "B": "5", "Y": "9", "Z": "9"}, ace_low=False)
    assert r.recut_needed == ["Y", "Z"] and r.dealer == "B"


@pytest.mark.parametrize("cuts, ties", [
    ({"A": "5", "B": "9", "Y": "J", "Z": "K"}, 1),     # English 16: no tie
    ({"A": "2", "B": "2", "Y": "7", "Z": "K"}, 2),     # English 18: the two lowest
    ({"A": "2", "B": "9", "Y": "9", "Z": "K"}, 2),     # English 18: two intermediate
    ({"A": "5", "B": "9", "Y": "K", "Z": "K"}, 2),     # English 18: "unless such cards are the two highest"
    ({"A": "2", "B": "9", "Y": "9", "Z": "9"}, 3),     # English 19: three equal
])
def test_the_largest_tie_names_the_law(cuts, ties):
    # the largest tie of the first cut decides the law: 16 (none), 18 (two equal), 19 (three equal)
    assert partners_and_dealer(cuts).ties == ties


def test_english_19_fourth_highest_the_dealer_is_not_known_before_the_new_cut():
    # English 19: "should the fourth (or remaining) card be the highest, the two lowest of the new cut are
    # partners, the lower of those two the dealer" -- no dealer until the new cut
    r = partners_and_dealer({"A": "5", "B": "5", "Y": "5", "Z": "K"})
    assert r.recut_needed == ["A", "B", "Y"] and r.recut_decides == "partners" and r.dealer is None
    # "should the fourth card be the lowest, the two highest are partners, the original lowest the dealer"
    r = partners_and_dealer({"A": "2", "B": "9", "Y": "9", "Z": "9"})
    assert r.recut_needed == ["B", "Y", "Z"] and r.dealer == "A"


@pytest.mark.parametrize("outcome, dealer", [
    ("hand-played", "Y"),        # English 33: "the right of dealing goes to the left"
    ("misdeal", "Y"),            # English 43: "A misdeal loses the deal"
    ("misdeal-not-lost", "A"),
    ("new-deal", "A"),           # English 47: the hand "is null and void; the dealer deals again"
])
def test_who_deals_next(outcome, dealer):
    assert next_dealer("A", outcome) == dealer


# ---------------------------------------------------------------- ties: who is already placed

def test_english_18_the_two_lowest_equal_partners_known_the_dealer_not():
    # English 18: "should they be the two lowest, a fresh cut is necessary to decide which of those two
    # deals" -- and 16: "the two lowest play against the two highest", so the partners are known
    r = rule("english", {"cuts": {"A": "2", "B": "2", "Y": "7", "Z": "K"}})
    c = r.conclusions
    assert c["partners"] == [["A", "B"], ["Y", "Z"]]
    assert c["recut_needed"] == ["A", "B"] and c["recut_decides"] == "dealer"
    assert "dealer" not in c
    assert laws(r) == ["english/18"] and "which of them deals" in r.trace[0]["step"]


def test_english_18_intermediate_tie_the_lowest_deals():
    # English 18: two intermediate equal cards cut again for partners; 16: "the lowest is the dealer" --
    # A's ace (13: "The ace is the lowest card") is lowest, Z's king highest
    r = rule("english", {"cuts": {"A": "A", "B": "9", "Y": "9", "Z": "K"}})
    c = r.conclusions
    assert c["recut_needed"] == ["B", "Y"] and c["recut_decides"] == "partners"
    assert c["partners_after_recut"] == {"low": ["A"], "high": ["Z"], "among": ["B", "Y"]}
    assert c["dealer"] == "A" and "partners" not in c
    assert laws(r) == ["english/13", "english/18"] and "who are partners" in r.trace[1]["step"]


def test_american_3_intermediate_tie():
    # American 3: "If two players cut intermediate cards of equal value, they cut again; the lower of the new
    # cut plays with the original lowest"
    r = rule("american-1894", {"cuts": {"A": "2", "B": "9", "Y": "9", "Z": "K"}})
    assert r.conclusions["partners_after_recut"] == {"low": ["A"], "high": ["Z"], "among": ["B", "Y"]}
    assert laws(r) == ["american-1894/3"]


@pytest.mark.parametrize("code, law", [("english", "english/19"), ("american-1894", "american-1894/4")])
def test_three_equal_fourth_lowest(code, law):
    # English 19: "should the fourth card be the lowest, the two highest are partners, the original lowest the
    # dealer"; American 4: "If the fourth has cut the lowest card, he deals"
    r = rule(code, {"cuts": {"A": "2", "B": "9", "Y": "9", "Z": "9"}})
    c = r.conclusions
    assert c["partners_after_recut"] == {"low": ["A"], "high": [], "among": ["B", "Y", "Z"]}
    assert c["dealer"] == "A"
    assert laws(r) == [law]


def test_english_19_three_aces_the_king_is_highest():
    # English 19 with 13: three aces are the three lowest ("The ace is the lowest card"); the fourth, a king,
    # is the highest: he plays with the higher of the new cut, and no one deals before it
    c = rule("english", {"cuts": {"A": "A", "B": "A", "Y": "A", "Z": "K"}}).conclusions
    assert c["partners_after_recut"] == {"low": [], "high": ["Z"], "among": ["A", "B", "Y"]}
    assert "dealer" not in c


def test_english_19_a_second_tie_in_the_new_cut():
    # English 19: B, Y, Z cut nines, A a king (the fourth card the highest): in the new cut B draws an ace, the
    # lowest (13), Y and Z knaves.  B is "the lower of those two" partners and deals; Y and Z cut again for the
    # place beside him; the higher of them plays with A
    r = rule("english", {"cuts": {"A": "K", "B": "9", "Y": "9", "Z": "9"}, "recuts": [{"B": "A", "Y": "J", "Z": "J"}]})
    c = r.conclusions
    assert c["recut_needed"] == ["Y", "Z"] and c["recut_decides"] == "partners"
    assert c["partners_after_recut"] == {"low": ["B"], "high": ["A"], "among": ["Y", "Z"]}
    assert c["dealer"] == "B"


def test_english_13_an_ace_cut_with_no_ace_no_law_13():
    # English 13 is about the ace: a cut without one does not cite it
    r = rule("english", {"cuts": {"A": "5", "B": "9", "Y": "J", "Z": "K"}})
    assert laws(r) == ["english/16"]
    assert r.trace[0]["step"] == "A and B (lowest) play against Y and Z; A deals"


# ---------------------------------------------------------------- American 1890, 1-2

def test_american_1890_the_recut_decides_the_partners():
    # American 1890, 1: "the two highest play against the two lowest": B's lower re-cut places him with A
    r = rule("american-1890", {"cuts": {"A": "2", "B": "9", "Y": "9", "Z": "K"}, "recuts": [{"B": "3", "Y": "J"}]})
    assert r.conclusions["partners"] == [["A", "B"], ["Y", "Z"]]
    assert "recut_needed" not in r.conclusions
    assert "A and B play against Y and Z" in [t["step"] for t in r.trace if t["law"] == "american-1890/1"]


def test_american_1890_a_tie_not_yet_cut_again():
    # American 1890, 1: the partners are not known while two intermediate cards are equal; 2: A, the lowest,
    # deals first
    r = rule("american-1890", {"cuts": {"A": "2", "B": "9", "Y": "9", "Z": "K"}})
    c = r.conclusions
    assert c["recut_needed"] == ["B", "Y"] and c["recut_decides"] == "partners"
    assert [t["step"] for t in r.trace if t["law"] == "american-1890/1"] == ["B and Y tie and cut again"]
    assert c["dealer"] == "A" and "partners" not in c


def test_american_1890_2_the_lowest_after_the_recut_deals():
    # American 1890, 2: "The first dealer is that player of the four who has cut or drawn the lowest card" --
    # A and B tie with twos; in the new cut B draws the lower
    c = rule("american-1890", {"cuts": {"A": "2", "B": "2", "Y": "9", "Z": "K"},
                               "recuts": [{"A": "5", "B": "3"}]}).conclusions
    assert c["dealer"] == "B"


# ---------------------------------------------------------------- the deal goes left (English 33)

@pytest.mark.parametrize("code, law", [("english", "english/33"), ("american-1894", "american-1894/13")])
def test_the_deal_goes_to_the_left(code, law):
    # English 33: "the right of dealing goes to the left"; left is clockwise A -> Y -> B -> Z
    r = rule(code, {"dealer": "A", "tricks": {"AB": 7}})
    assert r.conclusions["next_dealer"] == "Y"
    assert law in laws(r)
    assert rule(code, {"dealer": "B", "deal": {"cut": True}}).conclusions["next_dealer"] == "Z"


@pytest.mark.parametrize("code, law, facts, why", [
    ("english", "english/33", {"dealer": "A", "deal": {"faced_card": "5H"}}, "english/37/II"),
    ("english", "english/33", {"dealer": "A", "deal": {"pack_imperfect": True}}, "english/47"),
    ("english", "english/33", {"dealer": "A", "deal": {"cards": {"A": 14, "B": 12, "Y": 13, "Z": 13},
                                                       "touched_first_by": "Y"}}, "english/45"),
    ("american-1894", "american-1894/13", {"dealer": "A", "deal": {"faced_card": "5H"}}, "american-1894/14/I"),
])
def test_the_deal_does_not_go_left_when_the_same_dealer_deals_again(code, law, facts, why):
    # English 33: "Each player deals in his turn; the right of dealing goes to the left" -- but 37: "There must
    # be a new deal -- II. If any card, excepting the last, be faced in the pack" (American 14: "a new deal by
    # the same dealer"), 47: "the dealer deals again", 45: "A misdeal does not lose the deal if ... either of
    # the adversaries touch the cards prior to the dealer's partner": the same dealer deals; the deal does
    # not pass, and the ruling does not cite the law that says it passes
    r = rule(code, facts)
    assert r.conclusions["next_dealer"] == "A"
    assert why in laws(r) and law not in laws(r)


def test_a_misdeal_that_loses_the_deal_is_ruled_by_43():
    # English 43: "A misdeal loses the deal": the deal passes to Y, on A's left, by 43 (not by 33's turn)
    r = rule("english", {"dealer": "A", "deal": {"cards": {"A": 14, "B": 12, "Y": 13, "Z": 13}}})
    assert r.conclusions["next_dealer"] == "Y" and "english/43" in laws(r)


# ---------------------------------------------------------------- shuffling

def test_english_29_a_player_may_shuffle_once():
    # English 29: "Each player has a right to shuffle, once only"
    r = rule("english", {"shuffle": {"by": "Y", "times": 1}, "dealer": "A"})
    assert r.conclusions["shuffle_proper"] is True
    assert "has the right to shuffle" in r.trace[0]["step"]
    r = rule("english", {"shuffle": {"by": "Y", "times": 2}, "dealer": "A"})
    assert r.conclusions["shuffle_proper"] is False
    assert "once only" in r.trace[0]["step"]


def test_english_31_the_pack_placed_left_of_the_dealer():
    # English 31: "Each player after shuffling must place the cards ... to the left of the player about to deal"
    # -- said of the others, not of the dealer, who shuffles last (32)
    assert "english/31" in laws(rule("english", {"shuffle": {"by": "Y", "times": 1}, "dealer": "A"}))
    assert "english/31" not in laws(rule("english", {"shuffle": {"by": "A", "times": 1}, "dealer": "A"}))
    assert "english/31" not in laws(rule("english", {"shuffle": {"by": "Y", "times": 1}}))


def test_american_9_does_not_forbid_a_shuffle_below_the_table():
    # American 9 forbids a shuffle "so as to expose the face of any card"; the English 26's "below the table"
    # is not in it
    c = rule("american-1894", {"shuffle": {"by": "Y", "below_table": True}}).conclusions
    assert c.get("shuffle_proper") is not False
    c = rule("american-1894", {"shuffle": {"by": "Y", "face_seen": True}}).conclusions
    assert c["shuffle_proper"] is False


def test_revised_20_packets_forbidden():
    # Revised 20: "A pack, having been played with, must not be shuffled by dealing it into packets"
    r = rule("english-revised", {"shuffle": {"by": "Y", "into_packets": True}})
    assert r.conclusions["shuffle_proper"] is False
    assert r.trace == [{"law": "english-revised/20",
                        "step": "a played pack may not be shuffled by dealing it into packets"}]
    r = rule("english-revised", {"shuffle": {"by": "Y", "into_packets": True, "across_table": True}})
    assert r.conclusions["shuffle_proper"] is False


def test_revised_20_across_the_table_does_not_undo_revised_21():
    # Revised 20 does not forbid a shuffle across the table, but 21 ("Each player has a right to shuffle once
    # only") still makes a second shuffle improper
    c = rule("english-revised", {"shuffle": {"by": "Y", "across_table": True, "times": 2}, "dealer": "A"}).conclusions
    assert c["shuffle_proper"] is False
    c = rule("english-revised", {"shuffle": {"by": "Y", "across_table": True}}).conclusions
    assert c["shuffle_proper"] is True


# ---------------------------------------------------------------- the cut to the dealer (American 10)

def test_american_10_the_right_hand_adversary_cuts():
    # American 10: "The dealer must present the pack to his right-hand adversary to be cut" -- A's right is Z
    r = rule("american-1894", {"cut": {"by": "Z"}, "dealer": "A"})
    assert r.conclusions["cut_by_proper_player"] is True
    assert r.trace == [{"law": "american-1894/10", "step": "Z cuts"}]
    r = rule("american-1894", {"cut": {"by": "Y"}, "dealer": "A"})
    assert r.conclusions["cut_by_proper_player"] is False
    assert "should be cut by Z" in r.trace[0]["step"]


@pytest.mark.parametrize("code, law", [("english", "english/34/packets"), ("english-revised", "english-revised/26/packets"),
                                       ("american-1894", "american-1894/10/packets")])
@pytest.mark.parametrize("fewest, proper", [(3, False), (4, True), (0, False), (20, True)])
def test_the_cut_leaves_four_cards_in_each_packet(code, law, fewest, proper):
    # English 34: "must not leave fewer than four cards in either packet"; revised 26 the same;
    # American 10: "at least four cards must be left in each packet"
    r = rule(code, {"cut": {"fewest_cards": fewest}})
    assert r.conclusions["cut_proper"] is proper and law in laws(r)


# ---------------------------------------------------------------- added at stop 25

def test_american_7_drawing_from_the_outspread_pack():
    # American 7: "Drawing cards from the outspread pack may be resorted to in place of cutting."
    r = rule("american-1894", {"cut_by_drawing": True})
    assert r.conclusions["drawing_allowed"] is True
    assert {"law": "american-1894/7/draw",
            "step": "drawing cards from the outspread pack may be resorted to in place of cutting"} in r.trace
    # the English codes say nothing of it
    assert "drawing_allowed" not in rule("english", {"cut_by_drawing": True}).conclusions


def test_english_13_the_ace_asked_of_without_a_cut():
    # English 13: "The ace is the lowest card" -- asked, no cut told
    r = rule("english", {"cutting_ace_rank_asked": True})
    assert r.conclusions["ace_low_in_cutting"] is True
    assert {"law": "english/13", "step": "the ace is the lowest card in cutting"} in r.trace
    assert "ace_low_in_cutting" not in rule("english", {}).conclusions


@pytest.mark.parametrize("cuts,concluded,absent", [
    # an ace and a two told: the two can never deal (the ace, or a tie of aces, is lower); the
    # dealer itself is not known (another ace would tie)
    ({"A": "A", "Y": "2"}, {"cannot_deal": ["Y"]}, ("dealer",)),
    # three told, the lowest a two and an ace still possible: the kings can never deal, nor can the
    # two be sure to deal
    ({"A": "2", "B": "K", "Y": "K"}, {"cannot_deal": ["B", "Y"]}, ("dealer",)),
    # three told and an ace among them that no untold cut can undercut... except another ace: the
    # dealer is not known, but the king cannot deal
    ({"A": "A", "B": "5", "Y": "K"}, {"cannot_deal": ["B", "Y"]}, ("dealer",)),
])
def test_english_16_what_holds_whatever_the_others_cut(cuts, concluded, absent):
    """English 16 ("the lowest is the dealer") with fewer than four cuts told: what holds for every
    card the others might have cut is concluded, and nothing else."""
    r = rule("english", {"cuts": cuts})
    for k, v in concluded.items():
        assert r.conclusions[k] == v
    assert all(r.conclusions.get(k) is None for k in absent)
    # the untold cuts are still asked for what they decide
    (m,) = [m for m in r.missing if m["fact"] == "cuts"]
    assert set(m["affects"]) == {"dealer", "partners", "recut_needed"} - set(r.conclusions)


def test_english_16_nothing_holds_whatever_the_others_cut():
    # two kings told: any seat might deal, a re-cut might or might not be needed -- still asked
    r = rule("english", {"cuts": {"A": "K", "B": "K"}})
    assert "cannot_deal" not in r.conclusions and any(m["fact"] == "cuts" for m in r.missing)


def test_the_cut_among_more_than_four_decides_no_partners():
    """English 16: with more than four candidates the first cut chooses the four who play; they
    "again cut to decide on partners" -- the first cut gives no partners and no dealer."""
    from kb.rules import evaluate
    r = evaluate({"candidates": 6, "cuts": {"A": "3", "B": "4", "Y": "10", "Z": "K"}}, "english")
    assert r.conclusions.get("cut_again_for_partners") is True
    assert "partners" not in r.conclusions and "dealer" not in r.conclusions
    four = evaluate({"cuts": {"A": "3", "B": "4", "Y": "10", "Z": "K"}}, "english")
    assert four.conclusions["partners"] and "cut_again_for_partners" not in four.conclusions
