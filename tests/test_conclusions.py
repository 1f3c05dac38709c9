"""kb/rules/conclusions.yaml: every conclusion the rules model reaches is declared, with the
laws whose rules reach it; undeclared ones are refused; the checker's questions come from it."""
from __future__ import annotations

import pytest

from kb.answering import checker
from kb.rules import Situation, conclusions, evaluate
from kb.rules.core import Finding
from kb.rules.scenarios import load, scenario_files


def _runs():
    for path in scenario_files():
        data = load(path)
        for sc in data if isinstance(data, list) else [data]:
            code = sc.get("code") or (sc.get("input") or {}).get("code")
            facts = sc.get("facts") or (sc.get("input") or {}).get("facts")
            if code and facts is not None:
                try:
                    yield evaluate(Situation.from_dict(facts, code), code)
                except ValueError:
                    continue


def test_undeclared_conclusion_is_refused():
    with pytest.raises(KeyError, match="undeclared conclusion"):
        Finding({"surely_not_a_conclusion": True}, "x")


def test_every_reached_conclusion_is_declared_with_its_law():
    table = conclusions.declared()
    runs = list(_runs())
    assert len(runs) > 150
    wrong = set()
    for r in runs:
        for key in r.conclusions:
            assert key in table, key
            law = r.sources.get(key)
            if law and not any(law == l or law.startswith(l + "/") for l in table[key].laws):
                wrong.add((key, law))
    assert not wrong, f"conclusions reached under a law their declaration does not name: {sorted(wrong)}"


def test_declarations_are_complete():
    for c in conclusions.declared().values():
        assert c.label and c.question.endswith("?"), c.id
        assert c.laws, c.id
        assert (c.yes_no is not None) == (c.type == "bool"), c.id


def test_the_checker_asks_only_declared_conclusions():
    table = conclusions.declared()
    named = {k for keys, _ in checker.DECIDERS.values() for k in keys}
    named |= {k for keys in checker.VALUE_ASKS.values() for k in keys}
    assert named - set(table) == set()
    assert set(conclusions.yes_no_keys()) <= set(checker.DECIDERS)


def test_value_questions_are_declared_values_answered_first_by_themselves():
    """`answered_by` (a value asked: "Who deals?") is declared on a value conclusion, and its own
    key answers first; the checker's value questions are exactly these."""
    table = conclusions.declared()
    asked = conclusions.value_questions()
    assert asked and checker.VALUE_ASKS == asked
    for key, keys in asked.items():
        assert table[key].yes_no is None and keys[0] == key, key


def test_a_value_asked_only_by_its_cue_is_part_of_a_broader_value():
    """`part_of` names a value question (the one a question whose cues name no value is read as)."""
    table = conclusions.declared()
    parts = {c.id: c.part_of for c in table.values() if c.part_of}
    assert parts.get("honours_scored") == "by_cards"
    for key, broader in parts.items():
        assert table[key].answered_by and broader in conclusions.value_questions(), key


def test_opposites_are_declared_conclusions_sharing_a_law_and_known_both_ways():
    table = conclusions.declared()
    pairs = {(c.id, c.opposite) for c in table.values() if c.opposite}
    assert len(pairs) >= 8          # four declared, each known from both sides
    for a, b in pairs:
        assert b in table and a in conclusions.opposites([b]), (a, b)
        assert table[a].yes_no is not None or table[b].yes_no is not None, (a, b)
    assert conclusions.opposites(["revoke_claim_allowed"]) == {"revoke_claim_barred_by_abandonment"}
    # one conclusion may be the opposite of two: the forfeited penalty, of the penalties given and of the
    # penalty chosen being one of them
    assert conclusions.opposites(["revoke_penalty_forfeited"]) == {"revoke_penalty_available",
                                                                    "revoke_penalty_allowed"}


def test_an_opposite_conclusion_witnesses_for_the_asked_one_turned_round():
    """asked.agrees: the model found the revoke penalty forfeited ("yes") and answers "no" to
    "can we still take the penalty?" -- the forfeiture, more like the question, agrees."""
    from kb.answering.asked import Candidate, agrees
    q = "Can we still take the revoke penalty?"
    ranked = [Candidate("revoke_penalty_forfeited", 0.90, True, "yes"),
              Candidate("revoke_penalty_available", 0.30, True, None)]
    assert agrees(q, ("revoke_penalty_available",), ranked, "no")
    assert not agrees(q, ("revoke_penalty_available",), ranked, "yes")


def test_a_premise_the_question_tells_is_no_rival_for_what_it_asks():
    """asked.agrees: "Carla led out of turn ... can we call a club from her?" -- the model's "it is
    a lead out of turn" (a premise, declared so) matches the story better than the call asked
    about, but does not stop the verdict on the call; an undeclared rival would."""
    from kb.answering.asked import Candidate, agrees
    assert conclusions.declared()["lead_out_of_turn"].premise
    q = "Carla led a diamond when it was my lead. Can we call a club from her?"
    cue = ("penalty_options", "trick_stands")
    rival = [Candidate("lead_out_of_turn", 0.9, True, "yes"), Candidate("penalty_options", 0.3, True, None)]
    assert agrees(q, cue, rival, "no")
    other = [Candidate("suit_call_at_once", 0.9, True, "yes"), Candidate("penalty_options", 0.3, True, None)]
    assert not agrees(q, cue, other, "no")
