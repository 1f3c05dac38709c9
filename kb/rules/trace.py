"""Law <-> rule, both ways: which rules model a law (function, file:line) and which rule
examples exercise it.

    rules_for_law("english/73")      # [{"rule": "revoke_established", "law": "english/73",
                                     #   "file": "kb/rules/revoke.py", "line": 68}, ...]
    scenarios_for_law("english/73")  # ["case-030", "case-093", ...]: the examples whose ruling
                                     # passes through the law (those citing it first)

A rule models a law when its ``@law`` names the law, one of its sections (``english/72/I``) or
the whole law a section belongs to; the rules of the revised code that repeat an English law
word for word (``core.register_equivalents``) are the English functions.
"""
from __future__ import annotations

import inspect
from functools import lru_cache
from pathlib import Path

from . import engine  # noqa: F401  (registers the rules)
from .core import REGISTRY
from .scenarios import examples, run

#: the directory that holds the ``kb`` package: files are shown relative to it
PACKAGE_PARENT = Path(__file__).resolve().parents[2]


def covers(rule_id: str, law_id: str) -> bool:
    """A rule (or trace entry) of ``rule_id`` bears on ``law_id``: the same id, a section of it,
    or the whole law that ``law_id`` is a section of."""
    return rule_id == law_id or rule_id.startswith(law_id + "/") or law_id.startswith(rule_id + "/")


@lru_cache(maxsize=None)
def location(fn) -> tuple[str, int]:
    """(file relative to the project, line of the ``def``) of a rule function."""
    fn = inspect.unwrap(fn)
    path = Path(inspect.getsourcefile(fn) or "").resolve()
    try:
        shown = path.relative_to(PACKAGE_PARENT).as_posix()
    except ValueError:
        shown = path.as_posix()
    lines, start = inspect.getsourcelines(fn)
    offset = next((i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def "))), 0)
    return shown, start + offset


def rules_for_law(law_id: str) -> list[dict]:
    """Every rule that models ``law_id``, in registration order: ``{"rule", "law", "file", "line"}``
    (``law`` is the rule's own id, e.g. a section)."""
    out, seen = [], set()
    for r in REGISTRY:
        if not covers(r.id, law_id) or (r.fn, r.id) in seen:
            continue
        seen.add((r.fn, r.id))
        file, line = location(r.fn)
        out.append({"rule": r.name, "law": r.id, "file": file, "line": line})
    return out


@lru_cache(maxsize=1)
def _exercised() -> tuple[tuple[dict, frozenset, frozenset, bool], ...]:
    """(example, laws in its ruling's trace, laws it cites, reproduced) for every example."""
    out = []
    for ex in examples():
        res = run(ex)
        out.append((ex, frozenset(res.ruling.laws if res.ruling else ()), frozenset(ex["cites"]), res.passed))
    return tuple(out)


def examples_for_law(law_id: str) -> list[dict]:
    """The rule examples that exercise ``law_id`` (its rules are in their ruling's trace, or they
    cite it): those citing it first, each in examples order, with ``cites_law`` and ``passed``."""
    cited, passing = [], []
    for ex, traced, cites, passed in _exercised():
        if any(covers(c, law_id) for c in cites):
            cited.append({**ex, "cites_law": True, "passed": passed})
        elif any(covers(t, law_id) for t in traced):
            passing.append({**ex, "cites_law": False, "passed": passed})
    return cited + passing


def scenarios_for_law(law_id: str) -> list[str]:
    """Names of the rule examples that exercise ``law_id`` (see ``examples_for_law``)."""
    return [ex["name"] for ex in examples_for_law(law_id)]


def law_trace(law_id: str) -> dict:
    """``{"modelled_by": rules_for_law(...), "scenarios": scenarios_for_law(...)}``: what ``whist
    law --json`` and the Laws page add to a law."""
    return {"modelled_by": rules_for_law(law_id), "scenarios": scenarios_for_law(law_id)}
