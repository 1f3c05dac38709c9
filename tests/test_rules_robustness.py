"""Evaluating any valid Situation never raises: a fact left unknown gives no finding (or an
Unknown naming it), not an exception.  The known crashes first, then every rule example with
each of its facts left out in turn, then situations drawn at random from the schema (the
annotations of kb/rules/situation.py), under every code."""
from __future__ import annotations

import copy
import dataclasses
import random
import types
import typing
from typing import Annotated, Literal, Union

import pytest

from kb.rules import InvalidSituation, Situation, evaluate
from kb.rules.engine import CODES
from kb.rules.scenarios import examples
from kb.rules.situation import CARD, Range


@pytest.mark.parametrize("code", CODES)
def test_revoke_with_no_player_named(code):
    # established and claimed, but who revoked is not told: no side is penalised, the fact is
    # asked, and the score, which the penalty precedes, is not made up without it
    for facts in ({"revoke": {"established": True, "claimed": True}},
                  {"revoke": {"established": True, "claimed": True}, "score": {"AB": 0, "YZ": 0}, "tricks": {"AB": 7}},
                  {"revoke": {"established": True, "claimed": True, "penalty": "add-three"},
                   "score": {"AB": 2, "YZ": 3}, "tricks": {"AB": 8}}):
        r = evaluate(facts, code)
        assert r.conclusions["revoke_established"] is True
        assert not r.conclusions.get("revoke_penalties") and not r.conclusions.get("revoking_sides")
        assert [m["fact"] for m in r.missing] == ["revokes[0].by"], r.missing
        assert not {"score_after", "by_cards", "tricks_after_penalty", "game_won_by"} & set(r.conclusions)


@pytest.mark.parametrize("code", CODES)
def test_revoke_with_no_player_named_beside_one_named(code):
    r = evaluate({"revokes": [{"established": True, "claimed": True},
                              {"by": "Y", "established": True, "claimed": True}],
                  "score": {"AB": 0, "YZ": 0}, "tricks": {"AB": 7}}, code)
    assert r.conclusions["revoking_sides"] == ["YZ"]
    assert {p["revoking"] for p in r.conclusions.get("revoke_penalties") or []} <= {"YZ"}
    assert any(m["fact"] == "revokes[0].by" for m in r.missing)
    assert "score_after" not in r.conclusions


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("facts", [{"tricks": {}}, {"tricks": {}, "score": {"AB": 0, "YZ": 0}},
                                   {"tricks": {}, "score": {}}, {"score": {}}])
def test_empty_tricks_or_score_are_unknown(code, facts):
    r = evaluate(facts, code)
    assert "score_after" not in r.conclusions and "odd_trick" not in r.conclusions


def test_misdeal_after_interruption_with_no_dealer_named():
    r = evaluate({"deal": {"interrupted_by": "B", "interruption_established": True, "two_cards_to_one_hand": True,
                           "third_card_dealt": True}}, "english")
    assert "next_dealer" not in r.conclusions or r.conclusions["next_dealer"] is not None


def test_attention_called_leader_is_a_seat():
    with pytest.raises(InvalidSituation, match=r"^attention_called\.leader"):
        Situation.from_dict({"attention_called": {"by": "B", "leader": "call-card"}})


def test_recut_by_players_who_did_not_tie_is_refused_with_the_facts():
    with pytest.raises(InvalidSituation, match=r"^recuts\[0\]"):
        Situation.from_dict({"cuts": {"A": "3", "B": "K", "Y": "3", "Z": "A"}, "recuts": [{"A": "J", "B": "J"}]})
    Situation.from_dict({"cuts": {"A": "3", "B": "K", "Y": "3", "Z": "A"}, "recuts": [{"A": "J", "Y": "2"}]})


# ---------------------------------------------------------------- every example, a fact left out

def _leaves(d, path=()):
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _leaves(v, path + (i,))
    if path:
        yield path


def _without(d, path):
    d = copy.deepcopy(d)
    x = d
    for p in path[:-1]:
        x = x[p]
    if isinstance(x, list):
        x.pop(path[-1])
    else:
        del x[path[-1]]
    return d


def _evaluates(facts, code):
    try:
        s = Situation.from_dict(copy.deepcopy(facts), code)
    except InvalidSituation:
        return
    evaluate(s, code)


def test_every_example_with_a_fact_left_out_evaluates():
    for ex in examples():
        facts = ex["facts"]
        for path in dict.fromkeys(_leaves(facts)):
            for code in CODES:
                try:
                    _evaluates(_without(facts, path), code)
                except Exception as e:        # pragma: no cover - the failure names the situation
                    pytest.fail(f"{ex['name']} without {'.'.join(map(str, path))} under {code}: {e!r}")


# ---------------------------------------------------------------- situations drawn from the schema

CARDS = ("A", "K", "Q", "J", "10", "2", "KS", "AH", "QD", "3C")
TEXT = ("call-card", "call-suit", "new-deal", "highest-or-lowest", "win-or-lose", "revoke", "other")


def _draw(tp, rnd: random.Random):
    origin = typing.get_origin(tp)
    if origin is Annotated:
        base, *meta = typing.get_args(tp)
        for m in meta:
            if isinstance(m, Range):
                return rnd.randint(m.lo, m.hi)
            if m == CARD:
                return rnd.choice(CARDS)
        return _draw(base, rnd)
    if origin in (Union, types.UnionType):
        if rnd.random() < 0.15:
            return None
        return _draw(rnd.choice([a for a in typing.get_args(tp) if a is not type(None)]), rnd)
    if origin is Literal:
        return rnd.choice(typing.get_args(tp))
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp, include_extras=True)
        return {f.name: _draw(hints[f.name], rnd) for f in dataclasses.fields(tp)
                if f.name != "code" and rnd.random() < 0.5}
    if origin is list:
        (item,) = typing.get_args(tp)
        return [_draw(item, rnd) for _ in range(rnd.randint(0, 2))]
    if origin is dict:
        kt, vt = typing.get_args(tp)
        return {k: _draw(vt, rnd) for k in typing.get_args(kt) if rnd.random() < 0.6}
    if tp is bool:
        return rnd.random() < 0.5
    if tp is int:
        return rnd.randint(0, 10)
    if tp is str:
        return rnd.choice(TEXT)
    return None


def _situations(n: int, seed: int, most: int):
    rnd = random.Random(seed)
    hints = typing.get_type_hints(Situation, include_extras=True)
    names = [f.name for f in dataclasses.fields(Situation) if f.name != "code"]
    made = 0
    while made < n:
        facts = {k: _draw(hints[k], rnd) for k in rnd.sample(names, rnd.randint(1, most))}
        try:
            Situation.from_dict(copy.deepcopy(facts))
        except InvalidSituation:
            continue
        made += 1
        yield facts


@pytest.mark.parametrize("seed,most", [(1, 6), (2, 12)])
def test_situations_drawn_from_the_schema_evaluate(seed, most):
    for facts in _situations(1500, seed, most):
        for code in CODES:
            try:
                _evaluates(facts, code)
            except Exception as e:            # pragma: no cover - the failure names the situation
                pytest.fail(f"{facts} under {code}: {e!r}")
