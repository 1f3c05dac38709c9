"""Mutation testing (kb/rules/mutation.py) of kb/rules/engine.py: the order the rules run in (areas,
then registration: an exception after its general rule), the code a situation is ruled under,
knocking rules out (the coverage report), whether a conclusion depends on a missing fact (the
checker asks only for facts that matter), setting a fact on a copy, and ``compare`` / ``describe``
(the differences between the codes in plain words)."""
from __future__ import annotations

import copy

import pytest

from kb.rules import engine
from kb.rules.engine import AREAS, compare, depends_on, describe, evaluate
from kb.rules.situation import Revoke, Situation


# ---------------------------------------------------------------- the order of the rules

@pytest.fixture
def fresh_order():
    """The order computed afresh (it is kept per code once computed)."""
    saved = dict(engine._ORDERED)
    engine._ORDERED.clear()
    yield
    engine._ORDERED.clear()
    engine._ORDERED.update(saved)


@pytest.mark.parametrize("code", ["english", "american-1894"])
def test_rules_run_area_by_area_in_registration_order(fresh_order, code):
    from kb.rules.core import rules_for
    order = engine._ordered(code)
    assert sorted(map(id, order)) == sorted(map(id, rules_for(code)))
    areas = [AREAS.index(r.area) for r in order]
    assert areas == sorted(areas) and areas[0] == 0 and areas[-1] == len(AREAS) - 1
    # within an area the order of registration: the exception after its general rule (English 74 after 73)
    if code == "english":
        ids = [r.id for r in order]
        assert ids.index("english/73") < ids.index("english/74")
    assert engine._ordered(code) is order            # kept


def test_a_revoke_is_judged_before_the_score(fresh_order):
    # English 5: "The penalty for a revoke takes precedence of all other scores" -- the revoke area runs before
    # scoring, so the score counts the penalty
    r = evaluate({"score": {"AB": 0, "YZ": 0}, "tricks": {"YZ": 8},
                  "revoke": {"by": "Y", "established": True, "claimed": True, "penalty": "take-three-tricks"}})
    assert r.conclusions["score_after"] == {"AB": 2, "YZ": 0}


# ---------------------------------------------------------------- the code, skipping rules

def test_the_code_given_overrides_the_situations():
    # English 2: a game of five points; American 1: of seven -- AB at four make two by cards
    s = Situation.from_dict({"score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}}, "english")
    assert evaluate(copy.deepcopy(s)).conclusions["game_won_by"] == "AB"
    r = evaluate(s, "american-1894")
    assert r.code == "american-1894" and r.conclusions["game_won_by"] is None
    assert evaluate({"tricks": {"AB": 7}}).code == "english"
    with pytest.raises(ValueError, match=r"unknown code 'french'; known: english, "):
        evaluate({"tricks": {"AB": 7}}, "french")


def test_skipping_a_law_knocks_out_its_rules_only():
    # English 74 (an exception to 73): the partner asked before the trick was quitted -- the renounce may be
    # corrected; knocking 74 out leaves 73's ruling, and every other rule still runs
    facts = {"revoke": {"by": "A", "trick_turned_and_quitted": True, "partner_asked": True, "answer": "yes"},
             "tricks": {"AB": 7}}
    assert evaluate(facts).conclusions["revoke_established"] is False
    seen = []
    r = evaluate(facts, skip=lambda rule: seen.append(rule.id) or rule.id == "english/74")
    assert r.conclusions["revoke_established"] is True and "english/74" in seen
    assert r.conclusions["odd_trick"] == "AB"               # the rules after it ran


# ---------------------------------------------------------------- depends_on

def test_depends_on_with_no_keys_or_values_the_fact_matters():
    s = Situation.from_dict({"cuts": {"A": "K", "B": "K"}})      # nothing holds whatever the others cut
    (m,) = evaluate(s).missing
    assert m["fact"] == "cuts" and not m["effects"] and "affects" not in m
    assert depends_on(s, "english", m, ("partners",))
    assert depends_on(s, "english", m, ())


def test_depends_on_a_fact_that_cannot_be_set_reads_what_it_affects():
    # English 5: without the score, the tricks after the penalty and the odd trick are known; the score of the
    # hand is not (the score cannot be set to "at four": its effects are read from ``affects``)
    s = Situation.from_dict({"tricks": {"YZ": 8}})
    (m,) = evaluate(s).missing
    assert m["fact"] == "score"
    assert depends_on(s, "english", m, ("score_after",))
    assert not depends_on(s, "english", m, ("odd_trick",))
    # a fact with no values to try and a list of what it affects
    s = Situation.from_dict({"game_won_by": "AB"})
    (m,) = evaluate(s).missing
    assert depends_on(s, "english", m, ("game_value",)) and not depends_on(s, "english", m, ("partners",))


def test_depends_on_follows_a_fact_the_answer_brings_up():
    # English 73 and 78: whether Y's renounce became a revoke (the trick quitted) decides whether the cut for
    # the next deal matters to the claim -- one step of the chain
    s = Situation.from_dict({"revoke": {"by": "Y"}})
    (m,) = evaluate(s).missing
    assert m["fact"] == "revokes[0].trick_turned_and_quitted"
    assert "revoke_claim_allowed" not in evaluate(copy.deepcopy(s)).conclusions
    assert depends_on(s, "english", m, ("revoke_claim_allowed",))
    assert not depends_on(s, "english", m, ("revoke_claim_allowed",), chain=0)


def test_depends_on_leaves_the_situation_as_it_was():
    s = Situation.from_dict({"revoke": {"by": "Y"}})
    before = copy.deepcopy(s)
    (m,) = evaluate(s).missing
    depends_on(s, "english", m, ("revoke_claim_allowed",))
    assert s == before


def test_depends_on_a_path_that_cannot_be_set_matters():
    s = Situation.from_dict({"tricks": {"YZ": 8}})
    assert engine._settable(s, "revokes[0].penalty", ["add-three"]) is False     # no revoke told
    m = {"fact": "nothing", "effects": {"true": "x", "false": "y"}}
    assert depends_on(s, "english", m, ("odd_trick",))


# ---------------------------------------------------------------- _set_path, _value, _literal_values

def test_value_reads_true_and_false():
    assert engine._value("true") is True and engine._value("false") is False
    assert engine._value("add-three") == "add-three"


def test_literal_values_of_a_field():
    engine._literal_values.cache_clear()
    assert engine._literal_values(Revoke, "penalty") == (
        "take-three-tricks", "deduct-three", "add-three", "divided", "two-tricks")
    assert engine._literal_values(Revoke, "by") == ("A", "B", "Y", "Z", "AB", "YZ")
    assert engine._literal_values(Revoke, "trick_turned_and_quitted") == ()
    assert engine._literal_values(Revoke, "no_such_field") == ()


@pytest.mark.parametrize("path, value, ok", [
    ("revokes[0].trick_turned_and_quitted", True, True),
    ("revokes[0].penalty", "deduct-three", True),          # a penalty's kind (a Literal)
    ("revokes[0].penalty", "no such penalty", False),
    ("revokes[1].penalty", "add-three", False),            # no second revoke
    ("revokes[0].trick_turned_and_quitted", "yes", False),  # a bool fact given a word
    ("claims[0].penalty", "call-card", True),              # a plain str fact
    ("claims[0].penalty", 3, False),
    ("honours.called", True, False),                       # it holds 'implied': another type
    ("table.declined", "P", False),                        # a list
    ("lead.by", "A", False),                               # no lead told
    ("honours[0].called", True, False),                    # not a list
    ("nothing", True, False),
    ("nothing.by", "A", False),
    ("revokes[0]", True, False),
    ("", True, False),
])
def test_set_path(path, value, ok):
    s = Situation.from_dict({"revoke": {"by": "Y"}, "claims": [{"by": "A"}], "honours": {"called": "implied"},
                             "table": {"arrivals": [["P", "Q"]]}})
    assert engine._set_path(s, path, value) is ok


# ---------------------------------------------------------------- compare, describe

def test_compare_validates_under_the_first_code():
    # American 1: a game of seven -- a side at six is a score of the American code, not of the English
    out = compare({"score": {"AB": 6, "YZ": 0}, "tricks": {"AB": 7}}, ("american-1894", "english"))
    assert out["rulings"]["american-1894"].conclusions["game_value"] == 7
    out = compare({"score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}})
    assert "game won by: under english AB; under american-1894 nothing is concluded" in out["differences"]


@pytest.mark.parametrize("args, text", [
    ((None,), "nothing is concluded"),
    ((None, "unknown"), "unknown"),
    ((True,), "yes"),
    ((False,), "no"),
    ((3,), "3"),
    (({"AB": 2, "YZ": None},), "AB 2, YZ nothing is concluded"),
    (({"AB": None}, "-"), "AB -"),
    (({},), "none"),
    (([],), "none"),
    ((["A", "B"],), "A, B"),
    ((["A", "B"], "nothing", " and "), "A and B"),
    (([["A", "B"], None], "?", " / "), "A / B / ?"),
    (({"AB": ["A", "B"]}, "?", " & "), "AB A & B"),
])
def test_describe(args, text):
    assert describe(*args) == text
