"""Mutation testing (kb/rules/mutation.py): the trace of every rule example reads as text for a person.

A trace step is a clause the answer capitalises and joins with "; " ("Yes. " + step, see
kb/answering/checker.py), beginning with a word in lower case or with the name of a player or a side
(A, B, Y, Z, AB, YZ; an outsider X, P ... in the cases on bets).  The examples check conclusions
only, so a mutant that garbles a step survived them.  This checks the form, never the wording: what a
step must *say* is left to the tests of each law."""
from __future__ import annotations

import re

import pytest

from kb.rules import Situation
from kb.rules.engine import evaluate
from kb.rules.scenarios import examples, run

ALL = examples()
#: a player or a side named at the head of a clause: "A", "AB's", "Y,", "YZ:"
NAME = re.compile(r"[A-Z]{1,2}(?:'s|,|:)?")
#: a word garbled by capitals glued to it ("XXthe", "trickXX"), or a word in capitals that is no
#: side, card ("QS") or roman numeral ("A PLAYER MAY ASK ...")
GARBLED = re.compile(r"[A-Za-z]*[A-Z]{2}[a-z]+|[a-z]+[A-Z]{2}[A-Za-z]*")
CAPITALS = re.compile(r"\b(?![IVXLC]+\b|AB\b|YZ\b|[AKQJ][SHDC]\b)[A-Z]{2,}\b")
#: an apostrophe after a player or a side that makes no possessive: "added to YZ', at ..."
STRAY = re.compile(r"\b[A-Z]{1,2}'(?!s\b)")


def _bad_steps(trace: list[dict]) -> list[str]:
    bad = []
    for t in trace:
        step = t["step"]
        first = step.split(" ", 1)[0] if step else ""
        if not step or step != step.strip():
            bad.append(f"{t['law']}: empty or padded step {step!r}")
        elif not (first[0].islower() or first[0].isdigit() or NAME.fullmatch(first)):
            bad.append(f"{t['law']}: does not begin as a clause: {step[:60]!r}")
        elif not any(ch.islower() for ch in step):
            bad.append(f"{t['law']}: in capitals: {step[:60]!r}")
        elif GARBLED.search(step) or CAPITALS.search(step):
            bad.append(f"{t['law']}: a garbled word: {step[:80]!r}")
        elif STRAY.search(step):
            bad.append(f"{t['law']}: a stray apostrophe: {step[:80]!r}")
    return bad


def rule(code: str, facts: dict):
    """The rules evaluated on ``facts``, every step of the trace reading as a clause (the
    mutant tests' shared helper)."""
    from kb.rules import evaluate
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r


def laws(r) -> list[str]:
    return [t["law"] for t in r.trace]


@pytest.mark.parametrize("example", ALL, ids=[d["name"] for d in ALL])
def test_every_step_reads_as_a_clause(example):
    ruling = run(example).ruling
    assert ruling.trace, "a ruling explains itself"
    assert not _bad_steps(ruling.trace)


@pytest.mark.parametrize("example", ALL, ids=[d["name"] for d in ALL])
def test_every_rule_that_decides_explains_itself(example):
    """A rule's finding is a step of text; a rule whose findings all go untraced (no step) decides
    in silence, which the trace, and the ``cites`` of the examples, cannot show."""
    found = []
    evaluate(Situation.from_dict(example["facts"], example["code"]), example["code"], findings=found)
    assert all(isinstance(f.step, str) for _, f in found), [r.id for r, f in found if not isinstance(f.step, str)]
    calls: list[tuple[object, list]] = []
    for rule, f in found:                  # the findings of one rule's call come together
        if calls and calls[-1][0] is rule:
            calls[-1][1].append(f)
        else:
            calls.append((rule, [f]))
    silent = [rule.id for rule, fs in calls if not any(f.step or f.steps for f in fs)]
    assert not silent, f"rules that decide with no step in the trace: {silent}"
