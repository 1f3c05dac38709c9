"""Mutation testing (kb/rules/mutation.py) of kb/rules/trace.py: from a law to the rules that model
it (function, file:line) and to the rule examples that exercise it -- what ``whist law --json`` and
the Laws page show beside a law.  (``tests/test_rules_mutants_trace.py`` is about the *steps* of a
ruling's trace; this file is about the module ``trace``.)  No knowledge base: the registry of
rules and the examples only."""
from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from kb.rules import trace
from kb.rules.core import REGISTRY, Provenance, Rule
from kb.rules.scenarios import examples

#: ``location`` and ``_exercised`` keep what they computed (lru_cache); the tests compute afresh
LOCATION = trace.location.__wrapped__

# ---------------------------------------------------------------- covers

@pytest.mark.parametrize("rule_id, law_id, bears", [
    ("english/73", "english/73", True),             # the same law
    ("english/72/I", "english/72", True),           # a section of the law asked about
    ("english/72", "english/72/IV", True),          # the whole law a section belongs to
    ("english/7", "english/73", False),             # a number is no prefix of another
    ("english/73", "english/7", False),
    ("english/730", "english/73", False),
    ("english/72/I", "english/72/IV", False),       # two sections of one law
    ("english-revised/73", "english/73", False),    # the same number in another code
    ("english/73", "english-revised/73", False),
    ("american-1894/30", "english/30", False),
])
def test_covers_a_law_its_sections_or_the_whole_law(rule_id, law_id, bears):
    assert trace.covers(rule_id, law_id) is bears


# ---------------------------------------------------------------- location

def _line(file: str, line: int) -> str:
    path = Path(file) if Path(file).is_absolute() else trace.PACKAGE_PARENT / file
    return path.read_text(encoding="utf-8").splitlines()[line - 1]


def test_location_is_the_def_line_below_the_decorators():
    """The line shown is the ``def`` (a person opens the file there), not the first ``@law``."""
    rule = next(r for r in REGISTRY if r.name == "revoke_established")
    file, line = LOCATION(rule.fn)
    assert file == "kb/rules/revoke.py"
    assert _line(file, line).startswith("def revoke_established(")
    _, start = inspect.getsourcelines(inspect.unwrap(rule.fn))
    assert line >= start


def test_every_rule_is_located_at_its_own_def():
    for r in REGISTRY:
        file, line = LOCATION(r.fn)
        assert file.startswith("kb/rules/") and file.endswith(".py"), r.name
        assert _line(file, line).lstrip().startswith(f"def {r.fn.__name__}("), (r.name, file, line)


def test_a_function_outside_the_project_is_shown_by_its_full_path():
    file, line = LOCATION(json.loads)
    assert Path(file).is_absolute() and file == Path(inspect.getsourcefile(json.loads)).resolve().as_posix()
    assert _line(file, line).startswith("def loads(")


def _undecorated_rule(s, c):         # a rule with no decorator: its first line is its def
    return None


def test_a_function_without_decorators_is_located_at_its_first_line():
    file, line = LOCATION(_undecorated_rule)
    _, start = inspect.getsourcelines(_undecorated_rule)
    assert line == start and file.endswith("tests/test_rules_mutants_law_trace.py")


def _tag(fn):
    return fn


@_tag
async def _async_rule(s, c):      # decorated: the line shown is its def
    return None


_lambda_rule = lambda s, c: None  # noqa: E731  (no def line: its first line)


def test_an_async_an_indented_and_a_lambda_function_are_located_at_their_def():
    file, line = LOCATION(_async_rule)
    assert _line(file, line).startswith("async def _async_rule(")

    class Rules:
        @staticmethod
        @_tag
        def nested(s, c):
            return None
    file, line = LOCATION(Rules.nested)
    assert _line(file, line).lstrip().startswith("def nested(")
    file, line = LOCATION(_lambda_rule)
    assert _line(file, line).startswith("_lambda_rule = lambda")


# ---------------------------------------------------------------- rules_for_law

def test_rules_for_law_gives_rule_law_file_and_line():
    (r,) = trace.rules_for_law("english/73")
    assert set(r) == {"rule", "law", "file", "line"}
    assert r["rule"] == "revoke_established" and r["law"] == "english/73"
    assert (r["file"], r["line"]) == trace.location(next(x.fn for x in REGISTRY if x.name == "revoke_established"))


def test_rules_for_law_in_registration_order_with_their_own_ids():
    got = trace.rules_for_law("english/72")
    want = [(r.name, r.id) for r in REGISTRY if trace.covers(r.id, "english/72")]
    assert [(x["rule"], x["law"]) for x in got] == want
    assert {"english/72/I", "english/72/IV"} <= {x["law"] for x in got}     # a section's own id
    assert trace.rules_for_law("english/14") == []                           # not modelled


def test_a_rule_registered_twice_under_one_law_is_listed_once(monkeypatch):
    rule = next(r for r in REGISTRY if r.id == "english/73")
    twice = Rule(rule.fn, Provenance("english", "73"), rule.codes, rule.area)
    monkeypatch.setattr(trace, "REGISTRY", [rule, twice])
    assert [x["rule"] for x in trace.rules_for_law("english/73")] == ["revoke_established"]
    # the same function under another law is another entry
    other = Rule(rule.fn, Provenance("english-revised", "77"), ("english-revised",), rule.area)
    monkeypatch.setattr(trace, "REGISTRY", [rule, other])
    assert [x["law"] for x in trace.rules_for_law("english/73")] == ["english/73"]
    assert [x["law"] for x in trace.rules_for_law("english-revised/77")] == ["english-revised/77"]


# ---------------------------------------------------------------- examples_for_law

def _ex(name: str, cites: list[str]) -> dict:
    return {"name": name, "cites": cites}


def test_examples_citing_the_law_come_first_then_those_passing_through_it(monkeypatch):
    exercised = (
        (_ex("traced-1", []), frozenset({"english/73"}), frozenset(), True),
        (_ex("cites-1", ["english/73"]), frozenset({"english/73"}), frozenset({"english/73"}), True),
        (_ex("elsewhere", ["english/30"]), frozenset({"english/30"}), frozenset({"english/30"}), True),
        (_ex("traced-2", []), frozenset({"english/73/II"}), frozenset(), False),
        (_ex("cites-2", ["english/73"]), frozenset(), frozenset({"english/73"}), False),
    )
    monkeypatch.setattr(trace, "_exercised", lambda: exercised)
    got = trace.examples_for_law("english/73")
    assert [(d["name"], d["cites_law"], d["passed"]) for d in got] == [
        ("cites-1", True, True), ("cites-2", True, False), ("traced-1", False, True), ("traced-2", False, False)]
    assert trace.scenarios_for_law("english/73") == ["cites-1", "cites-2", "traced-1", "traced-2"]
    assert trace.scenarios_for_law("english/14") == []
    assert got[0]["cites"] == ["english/73"]                # the example itself, with the two flags


def test_exercised_holds_each_example_its_traced_laws_its_cites_and_whether_it_passed():
    rows = trace._exercised.__wrapped__()
    exs = examples()
    assert [ex["name"] for ex, *_ in rows] == [d["name"] for d in exs]
    by_name = {ex["name"]: (traced, cites, passed) for ex, traced, cites, passed in rows}
    traced, cites, passed = by_name["case-093"]
    assert "english/73" in cites and passed is True
    assert any(trace.covers(t, "english/73") for t in traced)
    assert all(isinstance(t, frozenset) and isinstance(c, frozenset) for _, t, c, _ in rows)
    assert all(p is True for *_, p in rows)                  # every example reproduces its ruling


def test_scenarios_of_a_law_on_the_real_examples():
    names = trace.scenarios_for_law("english/73")
    by_name = {d["name"]: d for d in examples()}
    assert "case-093" in names and len(names) == len(set(names))
    flags = [d["cites_law"] for d in trace.examples_for_law("english/73")]
    assert flags == sorted(flags, reverse=True) and True in flags and False in flags
    assert all(d["passed"] for d in trace.examples_for_law("english/73"))
    citing = [n for n in names if any(trace.covers(c, "english/73") for c in by_name[n]["cites"])]
    assert names[:len(citing)] == citing


def test_law_trace_is_rules_and_scenarios():
    assert trace.law_trace("english/73") == {"modelled_by": trace.rules_for_law("english/73"),
                                             "scenarios": trace.scenarios_for_law("english/73")}
    assert trace.law_trace("english/14") == {"modelled_by": [], "scenarios": []}
