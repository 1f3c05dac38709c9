"""Mutation testing (kb/rules/mutation.py) of kb/rules/situation.py: reading the facts of a table
(``Situation.from_dict``: every fact typed by its annotation, an impossible or contradictory one
refused with its path named first -- what the checker shows a user), the cards as people write
them (cutting: the ace lowest, English 13 / American 7; a card's suit), the groups of a cut and its
recuts (English 18, 19; American 3), the derived facts (tricks, score, honours: English 3), and a
fact's value as a person types it on the command line or the web page."""
from __future__ import annotations

import re
import typing
from typing import Annotated, Literal, Optional, Union

import pytest

from kb.rules import situation as S
from kb.rules.situation import (InvalidSituation, Range, Revoke, Situation, card_rank, card_suit, cut_groups, cut_rank,
                                parse_fact_value)


def refused(facts: dict, code: str = "english") -> str:
    with pytest.raises(InvalidSituation) as e:
        Situation.from_dict(facts, code)
    return str(e.value)


# ---------------------------------------------------------------- a fact's value as typed

@pytest.mark.parametrize("text, value", [
    ("yes", True), ("Yes ", True), ("TRUE", True), ("true", True),
    ("no", False), ("No", False), ("false", False), ("n", False),
    ("none", None), ("null", None), ("Unknown", None), ("", None), ("  ", None),
    ("3", 3), (" 12 ", 12), ("-2", -2), ("0", 0),
    ("A,B", ["A", "B"]), ("A, B ,Z", ["A", "B", "Z"]), ("1,yes,none", [1, True, None]),
    ("KD", "KD"), ("X3", "X3"), ("take-three-tricks", "take-three-tricks"), ("AB", "AB"), (" Z ", "Z"), ("3-2", "3-2"),
])
def test_a_fact_value_as_a_person_types_it(text, value):
    got = parse_fact_value(text)
    assert got == value and type(got) is type(value)


# ---------------------------------------------------------------- cards

@pytest.mark.parametrize("card, rank", [
    ("A", 1), ("ace", 1), ("Ace of spades", 1), ("1", 1), ("2", 2), ("10", 10), ("TS", 10), ("th", 10),
    ("ten of hearts", 10), ("J", 11), ("knave", 11), ("jack of clubs", 11), ("Queen", 12), ("QS", 12), ("qs", 12),
    ("KD", 13), ("king of diamonds", 13), ("King of Diamonds", 13), ("10S", 10), (" 9H ", 9), (7, 7),
])
def test_a_card_rank_in_cutting_the_ace_lowest(card, rank):
    # English 13 / American 7: "the ace is the lowest card"; the suit is no part of the rank
    assert card_rank(card) == rank


@pytest.mark.parametrize("card", ["foo", "QX", "11", "1X", "", "kings", "the king of hearts", "11S"])
def test_a_card_that_is_no_card_is_refused_naming_where(card):
    with pytest.raises(InvalidSituation) as e:
        card_rank(card, "cuts.Y")
    assert str(e.value) == f"cuts.Y: {card!r} is not a card (use A,2..10,J,Q,K, e.g. 'Q' or 'QS')"
    with pytest.raises(InvalidSituation, match=r"^card: "):
        card_rank(card)


def test_cut_rank_puts_the_ace_below_the_two_or_above_the_king():
    assert cut_rank("A", "cuts.A") == 1 < cut_rank("2", "cuts.A")
    assert cut_rank("AS", "cuts.A", ace_low=False) > cut_rank("K", "cuts.A", ace_low=False) == 13
    assert cut_rank("Q", "cuts.A", ace_low=False) == 12
    with pytest.raises(InvalidSituation, match=r"^cuts\.Z: 'X' is not a card"):
        cut_rank("X", "cuts.Z")


@pytest.mark.parametrize("card, suit", [
    ("3S", "S"), ("KD", "D"), ("10H", "H"), ("TS", "S"), ("AC", "C"), ("qh", "H"), (" JD ", "D"),
    ("three of spades", "S"), ("Knave of Hearts", "H"), ("ACE OF CLUBS", "C"), ("the ten of diamonds", "D"),
    ("small spade", "S"), ("a heart", "H"), ("a club", "C"), ("low diamond", "D"),
    ("ace", None), ("10", None), ("Q", None), ("XS", None), ("11S", None), ("S", None), ("", None), ("a card", None),
])
def test_the_suit_of_a_card(card, suit):
    assert card_suit(card) == suit


# ---------------------------------------------------------------- cut groups (English 16-19, American 3)

def test_cut_groups_from_lowest_to_highest_the_ace_lowest():
    assert cut_groups({"A": "A", "B": "K", "Y": "5", "Z": "5"}) == [["A"], ["Y", "Z"], ["B"]]
    assert cut_groups({"A": "A", "B": "K", "Y": "5", "Z": "5"}, ace_low=False) == [["Y", "Z"], ["B"], ["A"]]


def test_a_recut_splits_the_group_that_tied():
    cuts = {"A": "2", "B": "9", "Y": "9", "Z": "K"}
    assert cut_groups(cuts, [{"B": "Q", "Y": "3"}]) == [["A"], ["Y"], ["B"], ["Z"]]
    # the recut read with the same rank of the ace as the first cut
    cuts = {"A": "A", "B": "A", "Y": "2", "Z": "3"}
    assert cut_groups(cuts, [{"A": "A", "B": "K"}], ace_low=False) == [["Y"], ["Z"], ["B"], ["A"]]
    assert cut_groups(cuts, [{"A": "A", "B": "K"}]) == [["A"], ["B"], ["Y"], ["Z"]]


def test_a_recut_by_players_who_did_not_tie_is_refused():
    with pytest.raises(InvalidSituation) as e:
        cut_groups({"A": "2", "B": "3", "Y": "4", "Z": "5"}, [{"A": "K", "B": "Q"}])
    assert str(e.value) == "recuts[0]: ['A', 'B'] are not players who tied and must cut again"
    with pytest.raises(InvalidSituation, match=r"^recuts\[0\]\.B: 'X' is not a card"):
        cut_groups({"A": "9", "B": "9", "Y": "4", "Z": "5"}, [{"A": "K", "B": "X"}])
    with pytest.raises(InvalidSituation, match=r"^cuts\.Y: 'X' is not a card"):
        cut_groups({"A": "9", "B": "9", "Y": "X", "Z": "5"})


def test_the_situation_refuses_a_recut_by_players_who_did_not_tie():
    msg = refused({"cuts": {"A": "2", "B": "3", "Y": "4", "Z": "5"}, "recuts": [{"A": "K", "B": "Q"}]})
    assert msg.startswith("recuts[0]: ['A', 'B'] are not players who tied")
    s = Situation.from_dict({"cuts": {"A": "2", "B": "3", "Y": "3", "Z": "5"}, "recuts": [{"B": "K", "Y": "Q"}]})
    assert s.recuts == [{"B": "K", "Y": "Q"}]


# ---------------------------------------------------------------- from_dict: shortcuts

def test_one_revoke_bet_or_claim_or_a_list_of_them():
    s = Situation.from_dict({"revoke": {"by": "A"}, "bet": {"on": "odd-trick"}, "claim": {"by": "Y"}})
    assert [r.by for r in s.revokes] == ["A"] and s.bets[0].on == "odd-trick" and s.claims[0].by == "Y"
    s = Situation.from_dict({"revoke": [{"by": "A"}, {"by": "Z"}]})
    assert [r.by for r in s.revokes] == ["A", "Z"]
    assert refused({"revoke": {"by": "A"}, "revokes": []}) == "revoke: give either revoke or revokes, not both"
    assert refused({"bet": {}, "bets": [{}]}) == "bet: give either bet or bets, not both"


def test_a_top_level_penalty_is_the_penalty_of_the_one_revoke():
    s = Situation.from_dict({"revoke": {"by": "YZ"}, "penalty": "add-three"})
    assert s.revokes[0].penalty == "add-three" and s.revokes[0].by == "YZ"
    s = Situation.from_dict({"revokes": [{"by": "A"}], "penalty": {"kind": "deduct-three", "chosen_by": "YZ"}})
    assert s.revokes[0].penalty == "deduct-three"
    assert refused({"penalty": "add-three"}) == "penalty: a top-level penalty needs exactly one revoke"
    assert refused({"revokes": [{}, {}], "penalty": "add-three"}).startswith("penalty: ")


def test_the_dealer_may_be_given_in_the_deal():
    assert Situation.from_dict({"deal": {"dealer": "Z"}}).dealer == "Z"
    assert Situation.from_dict({"dealer": "Z", "deal": {"dealer": "Z"}}).dealer == "Z"
    assert Situation.from_dict({"dealer": "Y", "deal": {}}).dealer == "Y"
    assert Situation.from_dict({"deal": {}}).dealer is None
    assert refused({"dealer": "A", "deal": {"dealer": "B"}}) == "deal.dealer: contradicts dealer"


def test_the_code_is_the_one_given_not_a_fact():
    assert Situation.from_dict({}, "american-1894").code == "american-1894"
    assert Situation.from_dict(None).code == "english"
    msg = refused({"code": "american-1894"})
    assert msg.startswith("code: unknown fact (known: attention_called, bets, ") and ", code" not in msg


def test_a_list_of_fact_groups_given_as_null_is_none():
    s = Situation.from_dict({"exposed": None, "revokes": None, "rubber_games": None})
    assert s.exposed == [] and s.revokes == [] and s.rubber_games == []
    assert Situation.from_dict({"lead": {"played_to_by": None}}).lead.played_to_by is None     # an optional list: unknown


def test_an_unknown_fact_names_the_known_ones():
    assert refused({"bystander": {"x": 1}}) == ("bystander.x: unknown fact (known: after_stakes_paid, "
                                               "called_on_by_player, decides_by_agreement, remark_on_score_oversight)")
    assert refused({"trickz": {}}).startswith("trickz: unknown fact (known: attention_called, bets, bystander, ")


def test_yaml_reads_the_key_on_as_true():
    assert Situation.from_dict({"bet": {True: "odd-trick"}}).bets[0].on == "odd-trick"
    assert refused({"deal": {True: 1}}).startswith("deal.True: unknown fact")


def test_types_are_read_afresh_when_not_yet_known(monkeypatch):
    """The annotations of a fact group are read once and kept; read afresh they still carry the
    ranges (``Annotated``)."""
    monkeypatch.setattr(S, "_HINTS", {})
    assert Situation.from_dict({"tricks": {"AB": 13}}).tricks == {"AB": 13}
    assert refused({"tricks": {"AB": 14}}).startswith("tricks.AB: 14 is impossible (must be 0-13)")
    assert set(S._HINTS) >= {Situation}


# ---------------------------------------------------------------- each fact typed

def test_a_whole_number_range_names_the_fact_the_bounds_and_why():
    assert refused({"tricks": {"AB": 14}}) == \
        "tricks.AB: 14 is impossible (must be 0-13); a side cannot win more than thirteen tricks"
    assert refused({"tricks": {"AB": "x"}}) == "tricks.AB: 'x' is not a whole number"
    assert refused({"new_cards": {"packs": 3}}) == \
        "new_cards.packs: 3 is impossible (must be 1-2); new cards are called for by the pack, two at most"
    assert refused({"candidates": -1}) == "candidates: -1 is impossible (must be 0-1000000)"
    assert refused({"candidates": True}) == "candidates: True is not a whole number"
    assert refused({"candidates": "3"}) == "candidates: '3' is not a whole number"
    assert Situation.from_dict({"candidates": 100}).candidates == 100
    assert Situation.from_dict({"tricks": {"AB": 0, "YZ": 13}}).tricks == {"AB": 0, "YZ": 13}


def test_the_score_runs_to_one_below_the_game_of_the_code():
    # English: a game of five points; American: seven (the score at the start of a deal)
    assert refused({"score": {"AB": 5}}) == \
        "score.AB: 5 is impossible (must be 0-4); in the english code a side's score runs 0-4 at the start of a deal"
    assert Situation.from_dict({"score": {"AB": 4}}).score == {"AB": 4}
    assert refused({"score": {"YZ": 7}}, "american-1894").startswith("score.YZ: 7 is impossible (must be 0-6)")
    assert refused({"score": {"AB": True}}) == "score.AB: True is not a whole number"
    assert refused({"score": {"AB": -1}}).startswith("score.AB: -1 is impossible")


def test_a_choice_of_values_names_them():
    assert refused({"honours": {"called": "maybe"}}) == "honours.called: 'maybe' is not one of true, false, implied"
    assert Situation.from_dict({"honours": {"called": "implied"}}).honours.called == "implied"
    assert Situation.from_dict({"honours": {"called": True}}).honours.called is True
    assert refused({"dealer": "Q"}) == "dealer: 'Q' is not one of A, B, Y, Z"
    assert refused({"tricks": {"XY": 3}}) == "tricks: 'XY' is not one of AB, YZ"


def test_a_yes_or_no_is_no_number_and_a_number_no_yes_or_no():
    # by honours: 0, 2 or 4 (English 3); YAML's false is no 0
    assert refused({"honours": {"by_honours": {"AB": False}}}) == "honours.by_honours.AB: False is not one of 0, 2, 4"
    assert Situation.from_dict({"honours": {"by_honours": {"AB": 0}}}).honours.by_honours == {"AB": 0}
    # a revoke's answer is yes or no; YAML 1.1 reads them as booleans
    assert Situation.from_dict({"revoke": {"answer": True}}).revokes[0].answer == "yes"
    assert refused({"revoke": {"established": "yes"}}) == "revokes[0].established: expected true or false, got 'yes'"
    assert refused({"revoke": {"established": 1}}) == "revokes[0].established: expected true or false, got 1"


def test_lists_mappings_text_and_groups_name_what_was_expected():
    assert refused({"exposed": {"card": "x"}}) == "exposed: expected a list"
    assert refused({"table": {"cuts": 5}}) == "table.cuts: expected a mapping"
    assert refused({"exposed": [{"card": ["x"]}]}) == "exposed[0].card: expected text, got ['x']"
    assert refused({"deal": 5}) == "deal: expected a mapping, got int"
    assert refused({"exposed": [{"by": "A"}, "B"]}) == "exposed[1]: expected a mapping, got str"
    assert refused({"lead": {"played_to_by": ["A", "Q"]}}) == "lead.played_to_by[1]: 'Q' is not one of A, B, Y, Z"


def test_text_and_cards_given_as_numbers_are_text():
    s = Situation.from_dict({"cuts": {"A": 10, "B": "Q"}, "bet": {"on": 5}, "exposed": [{"card": 7}]})
    assert s.cuts == {"A": "10", "B": "Q"} and s.bets[0].on == "5" and s.exposed[0].card == "7"
    assert refused({"cuts": {"A": "X"}}) == "cuts.A: 'X' is not a card (use A,2..10,J,Q,K, e.g. 'Q' or 'QS')"


def test_describe_the_values_of_a_type():
    assert S._describe(Optional[S.Seat]) == "A, B, Y, Z"
    assert S._describe(Optional[Union[bool, Literal["implied"]]]) == "true, false, implied"
    assert S._describe(Annotated[int, Range(0, 4)]) == "a whole number"
    assert S._describe(Optional[str]) == "text"
    assert S._describe(Revoke) == "Revoke"
    assert S._describe(Literal["x"]) == "x"


# ---------------------------------------------------------------- checks across facts

def test_four_players_each_seat_once():
    assert refused({"players": ["A", "B", "Y"]}) == "players: whist is played by four, not 3"
    assert refused({"players": ["A", "B", "Y", "Y"]}) == "players: a seat is named twice"
    assert Situation.from_dict({"players": ["A", "Y", "B", "Z"]}).players == ["A", "Y", "B", "Z"]


def test_thirteen_tricks_four_honours_fifty_two_cards():
    assert Situation.from_dict({"tricks": {"AB": 6, "YZ": 7}}).tricks_of("YZ") == 7
    assert refused({"tricks": {"AB": 7, "YZ": 7}}) == "tricks: 14 tricks in all; a hand has thirteen"
    assert Situation.from_dict({"honours": {"held": {"AB": 3}}}).honours.held == {"AB": 3}
    assert Situation.from_dict({"honours": {"held": {"AB": 1, "YZ": 3}}}).honours.held == {"AB": 1, "YZ": 3}
    assert refused({"honours": {"held": {"AB": 3, "YZ": 2}}}) == "honours.held: the two sides hold four honours between them"
    assert refused({"honours": {"held": {"AB": 1, "YZ": 2}}}).startswith("honours.held: ")
    assert refused({"honours": {"by_honours": {"AB": 2, "YZ": 4}}}) == "honours.by_honours: both sides cannot score honours"
    assert Situation.from_dict({"honours": {"by_honours": {"AB": 0, "YZ": 4}}}).honours_points("YZ") == 4
    assert Situation.from_dict({"deal": {"cards": {"A": 13, "B": 13, "Y": 13, "Z": 13}}}).deal.cards["A"] == 13
    assert refused({"deal": {"cards": {"A": 14, "B": 13, "Y": 13, "Z": 13}}}) == \
        "deal.cards: 53 cards dealt from a pack of 52"
    assert refused({"deal": {"card_between": ["A"]}}) == "deal.card_between: a card lies between two packets"
    assert Situation.from_dict({"deal": {"card_between": ["A", "Y"]}}).deal.card_between == ["A", "Y"]


def test_a_lead_out_of_turn_and_the_suit_called_from_the_offending_side():
    assert refused({"lead": {"by": "A", "proper": "A"}}).startswith("lead.by: ")
    # English 62: the suit is called from the offender or his partner, whose lead comes first
    assert Situation.from_dict({"lead": {"by": "A", "proper": "Y", "next_leader": "B"}}).lead.next_leader == "B"
    assert Situation.from_dict({"lead": {"by": "Z", "proper": "A", "next_leader": "Y"}}).lead.next_leader == "Y"
    assert refused({"lead": {"by": "A", "proper": "Y", "next_leader": "Z"}}) == \
        "lead.next_leader: the suit is called from the offender or his partner"


def test_an_exposed_card_is_called_by_an_adversary():
    assert refused({"exposed": [{"by": "Y"}, {"by": "A", "named_by": "B"}]}) == \
        "exposed[1].named_by: a card is called by an adversary, not a partner"
    assert Situation.from_dict({"exposed": [{"by": "A", "named_by": "Z"}]}).exposed[0].named_by == "Z"
    assert Situation.from_dict({"exposed": [{"named_by": "Z"}]}).exposed[0].by is None


def test_a_bet_is_between_two():
    assert refused({"bets": [{"between": ["A", "Y"]}, {"between": ["A"]}]}) == \
        "bets[1].between: a bet is between two parties"
    assert Situation.from_dict({"bet": {"between": ["A", "outsider"]}}).bets[0].between == ["A", "outsider"]


def test_the_games_of_a_rubber():
    # English 1: "the rubber is the best of three games. If the first two games be won by the same
    # players, the third game is not played"
    assert refused({"rubber_games": [{"won_by": "AB"}, {"won_by": "AB"}, {"won_by": "YZ"}]}) == \
        "rubber_games[2]: the rubber was already won (English 1)"
    ok = Situation.from_dict({"rubber_games": [{"won_by": "AB"}, {"won_by": "YZ"}, {"won_by": "AB"}]})
    assert [g.won_by for g in ok.rubber_games] == ["AB", "YZ", "AB"]
    assert Situation.from_dict({"rubber_games": [{"won_by": "AB"}, {}, {"won_by": "AB"}]}).rubber_games[1].won_by is None
    assert refused({"rubber_games": [{"won_by": "YZ"}, {"won_by": "AB"}, {"won_by": "YZ"}, {"won_by": "AB"}]}) \
        .startswith("rubber_games[3]: ")


@pytest.mark.parametrize("code, value, loser", [("english", 3, 4), ("english-revised", 3, 4),
                                                ("american-1894", 7, 6), ("american-1890", 7, 6)])
def test_the_value_of_a_game_and_the_losers_score(code, value, loser):
    # English 8: a treble at most, the losers below five; American 1: seven less the losers' score
    g = Situation.from_dict({"rubber_games": [{"won_by": "AB", "value": value, "loser_score": 0},
                                              {"won_by": "YZ", "value": 1, "loser_score": loser}]}, code).rubber_games
    assert [x.value for x in g] == [value, 1] and g[1].loser_score == loser
    assert refused({"rubber_games": [{"value": value + 1}]}, code) == \
        f"rubber_games[0].value: {value + 1} is impossible (must be 1-{value})"
    assert refused({"rubber_games": [{}, {"value": 0}]}, code).startswith("rubber_games[1].value: 0 is impossible")
    assert refused({"rubber_games": [{"loser_score": loser + 1}]}, code) == \
        f"rubber_games[0].loser_score: {loser + 1} is impossible (must be 0-{loser}); the losers' score is below the game"


# ---------------------------------------------------------------- derived facts

def test_tricks_of_a_side_the_other_has_the_rest():
    s = Situation.from_dict({"tricks": {"AB": 5}})
    assert s.tricks_of("AB") == 5 and s.tricks_of("YZ") == 8
    assert Situation.from_dict({"tricks": {}}).tricks_of("AB") is None          # given, but not told
    assert Situation.from_dict({}).tricks_of("YZ") is None


def test_score_of_a_side_love_when_only_the_other_is_given():
    s = Situation.from_dict({"score": {"AB": 3}})
    assert s.score_of("AB") == 3 and s.score_of("YZ") == 0
    assert Situation.from_dict({"score": {}}).score_of("AB") is None            # nothing told
    assert Situation.from_dict({}).score_of("AB") is None


def test_honours_points_english_3():
    # English 3: "I. The four honours, they score four points. II. Any three honours, they score two
    # points. III. Only two honours, they do not score."
    def pts(honours, side):
        return Situation.from_dict({"honours": honours}).honours_points(side)
    assert pts({"held": {"AB": 4}}, "AB") == 4 and pts({"held": {"AB": 3}}, "AB") == 2
    assert pts({"held": {"AB": 2}}, "AB") == 0 and pts({"held": {"AB": 0}}, "AB") == 0
    assert pts({"held": {"YZ": 1}}, "AB") == 2            # the others' honours are the rest of the four
    assert pts({"held": {"YZ": 0}}, "AB") == 4
    assert pts({"held": {"YZ": 3}}, "YZ") == 2 and pts({"held": {"YZ": 3}}, "AB") == 0
    assert pts({"by_honours": {"YZ": 2}}, "YZ") == 2
    assert pts({"by_honours": {"YZ": 2}}, "AB") == 0       # the others scored honours: these did not
    assert pts({"by_honours": {"YZ": 0}}, "AB") is None     # the others did not: unknown
    assert pts({"held": {}}, "AB") is None and pts({}, "AB") is None
    assert Situation.from_dict({}).honours_points("AB") is None
    assert pts({"held": {}, "by_honours": {"AB": 4}}, "AB") == 4
