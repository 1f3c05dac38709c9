"""Evaluate a situation under a code: run the code's rules in order, collect the ruling.

Areas run in a fixed order (``AREAS``); within an area, rules run in registration order, so an
exception written after its general rule overrides the general conclusion.  No I/O here: the
rule modules are imported (registered) once, at import time.
"""
from __future__ import annotations

from typing import Any

from . import called, claims, cutting, dealing, exposed, leads, revoke, scoring, table, trump  # noqa: F401
from .core import CODES, Finding, Ruling, Unknown, rules_for
from .situation import Situation

AREAS = ("table", "cutting", "dealing", "trump", "exposed", "leads", "called", "revoke", "claims", "scoring")
# claims run after revoke: a claim is judged against every penalty the earlier areas make available

_ORDERED: dict[str, list] = {}


def _ordered(code: str) -> list:
    if code not in _ORDERED:
        rs = rules_for(code)
        _ORDERED[code] = sorted(rs, key=lambda r: AREAS.index(r.area) if r.area in AREAS else len(AREAS))
    return _ORDERED[code]


def evaluate(situation: Situation | dict, code: str | None = None) -> Ruling:
    """The ruling under ``code`` (default: the situation's own code, else english)."""
    if isinstance(situation, dict):
        situation = Situation.from_dict(situation, code or "english")
    code = code or situation.code or "english"
    if code not in CODES:
        raise ValueError(f"unknown code {code!r}; known: {', '.join(CODES)}")
    if situation.code != code:
        situation.code = code
    ruling = Ruling(code)
    c: dict[str, Any] = {}
    for rule in _ordered(code):
        out = rule.fn(situation, c)
        if out is None:
            continue
        for item in out if isinstance(out, list) else [out]:
            if isinstance(item, Unknown):
                if not any(m["fact"] == item.fact for m in ruling.missing):
                    ruling.missing.append(item.as_dict())
            elif isinstance(item, Finding):
                c.update(item.conclusions)
                if item.step:
                    ruling.trace.append({"law": rule.id, "step": item.step})
                for lw, st in item.steps:
                    ruling.trace.append({"law": lw, "step": st})
    ruling.conclusions = {k: v for k, v in c.items() if not k.startswith("_")}
    return ruling


def compare(situation: Situation | dict, codes: tuple[str, ...] = ("english", "american-1894")) -> dict:
    """Evaluate under each code and state the differences in plain words.

    Returns ``{"rulings": {code: Ruling}, "differences": [text, ...]}``."""
    if isinstance(situation, dict):
        situation = Situation.from_dict(situation, codes[0])
    rulings = {}
    for code in codes:
        rulings[code] = evaluate(situation, code)
    diffs: list[str] = []
    keys: list[str] = []
    for r in rulings.values():
        keys += [k for k in r.conclusions if k not in keys]
    for k in keys:
        vals = {code: r.conclusions.get(k) for code, r in rulings.items()}
        if len({repr(v) for v in vals.values()}) > 1:
            parts = "; ".join(f"under {code} {_words(v)}" for code, v in vals.items())
            diffs.append(f"{k.replace('_', ' ')}: {parts}")
    return {"rulings": rulings, "differences": diffs}


def _words(v: Any) -> str:
    if v is None:
        return "nothing is concluded"
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if isinstance(v, dict):
        return ", ".join(f"{k} {_words(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_words(x) for x in v) or "none"
    return str(v)
