"""Mutation testing (kb/rules/mutation.py) of kb/rules/table.py: forming the table, cutting out,
entry (English 16, 17, 20-25; revised 7, 11, 13; American 2, 5; American 1890, 1), each value read
from the law.  The rule examples check a few tables; these check who comes after fresh candidates
under each code, a tie at the boundary of the places, the outgoers when several have played more
rubbers than others, and the question English 23 asks."""
from __future__ import annotations

import pytest

from kb.rules.table import form_table, outgoers
from tests.test_rules_mutants_trace import laws, rule


# ---------------------------------------------------------------- the calculators

def test_english_16_four_places_by_default():
    # English 16: "those first in the room having the preference. The four who cut the lowest cards play first"
    r = form_table([["P", "Q", "R"], ["S", "T"]])
    assert r == {"certain": ["P", "Q", "R"], "cut_among": ["S", "T"], "places_by_cut": 1, "players": None}
    r = form_table([["P", "Q"], ["R", "S"]])
    assert r == {"certain": ["P", "Q", "R", "S"], "cut_among": [], "places_by_cut": 0, "players": ["P", "Q", "R", "S"]}


def test_american_2_a_tie_at_the_last_place_is_not_decided():
    # American 2: "A lower cut giving the preference over all cutting higher" -- S's two takes a place; T and U
    # cut equal fives for the other: the cut does not decide between them
    r = form_table([["P", "Q"], ["S", "T", "U"]], cuts={"S": "2", "T": "5", "U": "5"})
    assert r["players"] is None and r["places_by_cut"] == 2
    r = form_table([["P", "Q"], ["S", "T", "U"]], cuts={"S": "2", "T": "5", "U": "9"})
    assert r["players"] == ["P", "Q", "S", "T"]


def test_english_22_the_others_fill_the_places_left():
    # English 22: those who have belonged to another table come after the fresh candidates; "the others decide
    # their right of admission by cutting"
    r = form_table([["P", "Q"], ["R", "S"]], from_other_table=["Q"])
    assert r["players"] == ["P", "R", "S", "Q"]
    r = form_table([["P", "Q", "R"], ["S", "T"]], from_other_table=["P", "Q"])
    assert r["certain"] == ["R", "S", "T"] and r["cut_among"] == ["P", "Q"] and r["places_by_cut"] == 1


@pytest.mark.parametrize("consecutive, waiting, out, cut_among, by_cut", [
    # English 20: "he who has, or they who have, played a greater number of consecutive rubbers than the others
    # is, or are, out"
    ({"A": 3, "B": 3, "Y": 2, "Z": 1}, 2, ["A", "B"], [], 0),
    ({"A": 1, "B": 2, "Y": 3, "Z": 4}, 2, ["Y", "Z"], [], 0),
    ({"A": 1, "B": 2, "Y": 3, "Z": 4}, 1, ["Z"], [], 0),
    # Revised 11: "when two or more have played the same number, they must, when necessary, cut ... the highest
    # are out" -- A is out; one of B, Y, Z
    ({"A": 3, "B": 2, "Y": 2, "Z": 2}, 2, ["A"], ["B", "Y", "Z"], 1),
    # English 20: "when all have played the same number, they must cut to decide upon the outgoers"
    ({"A": 2, "B": 2, "Y": 2, "Z": 2}, 2, [], ["A", "B", "Y", "Z"], 2),
])
def test_english_20_outgoers(consecutive, waiting, out, cut_among, by_cut):
    assert outgoers(consecutive, waiting) == {"out": out, "cut_among": cut_among, "places_by_cut": by_cut}


# ---------------------------------------------------------------- the rules

def test_english_16_more_than_four_candidates():
    # English 16: "If there are more than four candidates ... The four who cut the lowest cards play first, and
    # again cut to decide on partners" -- with four there is no selection
    assert rule("english", {"candidates": 5}).conclusions["cut_again_for_partners"] is True
    r = rule("english", {"candidates": 4})
    assert "cut_again_for_partners" not in r.conclusions and r.trace == []


@pytest.mark.parametrize("code, first, cut", [
    # English 22: those who have "belonged to" another table come after fresh candidates
    ("english", ["P", "R", "S", "T"], None),
    # Revised 13: only those who have "played at any other table": Q keeps his place
    ("english-revised", ["P", "Q"], {"among": ["R", "S", "T"], "places": 2}),
])
def test_belonged_to_another_table_without_playing(code, first, cut):
    c = rule(code, {"table": {"arrivals": [["P", "Q"], ["R", "S", "T"]], "belonged_only": ["Q"]}}).conclusions
    assert c["table_certain"] == first
    assert c.get("cut_for_places") == cut


@pytest.mark.parametrize("code, first", [
    # English 22 / revised 13: Q has played at another table: the fresh candidates R, S, T come first
    ("english", ["P", "R", "S", "T"]),
    ("english-revised", ["P", "R", "S", "T"]),
    # American 2 / American 1890, 1: only "those first in the room have the preference"
    ("american-1894", ["P", "Q"]),
    ("american-1890", ["P", "Q"]),
])
def test_played_at_another_table(code, first):
    c = rule(code, {"table": {"arrivals": [["P", "Q"], ["R", "S", "T"]], "from_other_table": ["Q"]}}).conclusions
    assert c["table_certain"] == first


def test_english_22_who_comes_after_fresh_candidates():
    # English 22: those who have "neither belonged to nor played at any other table have the prior right";
    # playing dummy is not whist (Drayson case 67)
    r = rule("english", {"table": {"arrivals": [["P", "Q", "R", "S", "T"]], "from_other_table": ["Q"],
                                   "belonged_only": ["R"], "played_dummy": ["S"]}})
    assert r.conclusions["after_fresh_candidates"] == ["Q", "R"]
    step = r.trace[laws(r).index("english/22")]["step"]
    assert "Q belonged" in step and "R belonged" in step and "S played only dummy" in step


def test_revised_13_dummy_only():
    # Revised 13: one who has played only dummy has not "played at any other table"
    r = rule("english-revised", {"table": {"arrivals": [["P", "Q", "R", "S"]], "played_dummy": ["S"]}})
    assert "english-revised/13" in laws(r)
    assert r.conclusions["after_fresh_candidates"] == []
    assert r.conclusions["table_players"] == ["P", "Q", "R", "S"]
    r = rule("english-revised", {"table": {"arrivals": [["P", "Q", "R", "S", "T"]], "from_other_table": ["Q"]}})
    assert r.conclusions["after_fresh_candidates"] == ["Q"]
    assert "Q played at another table" in r.trace[laws(r).index("english-revised/13")]["step"]


@pytest.mark.parametrize("arrivals, declined, places, complete", [
    # English 17: "When there are more than six candidates ... the table ... is complete with six players" --
    # the law's condition is the number of candidates, whatever the places to fill now
    ([["P", "Q", "R", "S", "T", "U", "V"]], [], 6, True),
    ([["P", "Q", "R", "S", "T", "U"]], [], 6, False),
    ([["P", "Q", "R", "S", "T", "U", "V"]], ["V"], 6, False),       # six candidates left
    ([["P", "Q", "R", "S", "T", "U", "V"]], [], None, True),        # seven cut for the four places of 16
    ([["P", "Q", "R", "S", "T", "U", "V", "W"]], [], 4, True),
    ([["P", "Q", "R", "S", "T"]], [], 7, False),                    # five candidates: not "more than six"
])
def test_english_17_table_of_six(arrivals, declined, places, complete):
    c = rule("english", {"table": {"arrivals": arrivals, "declined": declined, "places": places}}).conclusions
    assert (c.get("table_complete_with") == 6) is complete


def test_english_20_the_trace_says_the_highest_are_out():
    # English 20: "when all have played the same number, they must cut to decide upon the outgoers; the highest
    # are out"
    r = rule("english", {"table": {"consecutive": {"A": 2, "B": 2, "Y": 2, "Z": 2}, "waiting": 1}})
    assert r.conclusions["cut_to_decide_outgoers"] == {"among": ["A", "B", "Y", "Z"], "out": 1}
    assert r.trace[0]["step"] == "out: none yet; A, B, Y, Z cut and the 1 highest go out"
    r = rule("english", {"table": {"consecutive": {"A": 3, "B": 2, "Y": 2, "Z": 2}, "waiting": 1}})
    assert r.conclusions["outgoers"] == ["A"] and r.trace[0]["step"] == "out: A"


def test_english_23_a_substitute_needs_the_consent_of_the_other_three():
    # English 23: "Any one quitting a table prior to the conclusion of a rubber may, with consent of the other
    # three players, appoint a substitute"
    r = rule("english", {"entry": {"by": "X", "substitute_wanted": True}})
    assert r.conclusions == {"substitute_allowed_with_consent": True}
    assert "with the consent of the other three players" in r.trace[0]["step"]
    assert [(m["fact"], m["effects"], m.get("affects")) for m in r.missing] == [
        ("entry.substitute_consented",
         {"true": "the substitute plays for the rest of the rubber", "false": "no substitute may be appointed"},
         ["substitute_allowed"])]
    assert r.missing[0]["question"] == "Did the other three players consent to the substitute?"
    r = rule("english", {"entry": {"by": "X", "substitute_consented": True}})
    assert r.conclusions == {"substitute_allowed": True, "substitute_allowed_with_consent": True}
    assert r.trace[0]["step"].endswith("with the consent of the other three")
    r = rule("english", {"entry": {"by": "X", "substitute_consented": False}})
    assert r.conclusions == {"substitute_allowed": False, "substitute_allowed_with_consent": True}
    assert r.trace[0]["step"].endswith("without the consent of the other three")
    assert rule("english", {"entry": {"by": "X"}}).trace == []


def test_english_20_no_one_claims_admission_no_one_is_out():
    # English 20: "should admission be claimed by any one, or by two candidates" -- with no one waiting, the
    # consecutive rubbers put no one out
    r = rule("english", {"table": {"consecutive": {"A": 3, "B": 2, "Y": 2, "Z": 2}, "waiting": 0}})
    assert "outgoers" not in r.conclusions and "english/20" not in laws(r)
