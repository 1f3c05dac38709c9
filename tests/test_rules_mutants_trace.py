"""Mutation testing (kb/rules/mutation.py): the trace of every rule example reads as text for a person.

A trace step is a clause the answer capitalises and joins with "; " ("Yes. " + step, see
kb/answering/checker.py), beginning with a word in lower case or with the name of a player or a side
(A, B, Y, Z, AB, YZ; an outsider X, P ... in the cases on bets).  The examples check conclusions
only, so a mutant that garbles a step survived them.  This checks the form, never the wording: what a
step must *say* is left to the tests of each law."""
from __future__ import annotations

import re

import pytest

from kb.rules.scenarios import examples, run

ALL = examples()
#: a player or a side named at the head of a clause: "A", "AB's", "Y,", "YZ:"
NAME = re.compile(r"[A-Z]{1,2}(?:'s|,|:)?")


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
    return bad


@pytest.mark.parametrize("example", ALL, ids=[d["name"] for d in ALL])
def test_every_step_reads_as_a_clause(example):
    ruling = run(example).ruling
    assert ruling.trace, "a ruling explains itself"
    assert not _bad_steps(ruling.trace)
