"""Evaluate a situation under a code: run the code's rules in order, collect the ruling.

Areas run in a fixed order (``AREAS``); within an area, rules run in registration order, so an
exception written after its general rule overrides the general conclusion.  No I/O here: the
rule modules are imported (registered) once, at import time.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import re
import typing
from typing import Any, Callable

from . import called, claims, cutting, dealing, exposed, leads, revoke, scoring, table, trump  # noqa: F401
from pathlib import Path

import yaml

from .conclusions import check_keys
from .core import CODES, Finding, Rule, Ruling, Unknown, register_equivalents, rules_for
from .situation import Situation

#: English laws the revised code repeats word for word (data, checked against the KB by tests)
REVISED_EQUIVALENTS = {str(k): str(v) for k, v in yaml.safe_load(
    (Path(__file__).with_name("revised_equivalents.yaml")).read_text(encoding="utf-8")).items()}
register_equivalents("english", "english-revised", REVISED_EQUIVALENTS)

AREAS = ("table", "cutting", "dealing", "trump", "exposed", "leads", "called", "revoke", "claims", "scoring")
# claims run after revoke: a claim is judged against every penalty the earlier areas make available

_ORDERED: dict[str, list] = {}


def _ordered(code: str) -> list:
    if code not in _ORDERED:
        rs = rules_for(code)
        _ORDERED[code] = sorted(rs, key=lambda r: AREAS.index(r.area) if r.area in AREAS else len(AREAS))
    return _ORDERED[code]


def evaluate(situation: Situation | dict, code: str | None = None, *,
             skip: Callable[[Rule], bool] | None = None,
             findings: list[tuple[Rule, Finding]] | None = None) -> Ruling:
    """The ruling under ``code`` (default: the situation's own code, else english).

    ``skip``: rules to leave out (the coverage report knocks a law's rules out to see whether
    the ruling depends on them); ``findings``: a list that receives ``(rule, Finding)`` for every
    finding a rule reaches, in order."""
    if isinstance(situation, dict):
        situation = Situation.from_dict(situation, code or "english")
    code = code or situation.code or "english"
    if code not in CODES:
        raise ValueError(f"unknown code {code!r}; known: {', '.join(CODES)}")
    if situation.code != code:
        situation.code = code
    ruling = Ruling(code)
    c: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for rule in _ordered(code):
        if skip is not None and skip(rule):
            continue
        out = rule.fn(situation, c)
        if out is None:
            continue
        for item in out if isinstance(out, list) else [out]:
            if isinstance(item, Unknown):
                if not any(m["fact"] == item.fact for m in ruling.missing):
                    ruling.missing.append({**item.as_dict(), "law": rule.id})
            elif isinstance(item, Finding):
                check_keys(item.conclusions)     # also what a rule added after making the Finding
                if findings is not None:
                    findings.append((rule, item))
                c.update(item.conclusions)
                for k in item.conclusions:
                    sources[k] = rule.id
                if item.step:
                    ruling.trace.append({"law": rule.id, "step": item.step})
                for lw, st in item.steps:
                    ruling.trace.append({"law": lw, "step": st})
    ruling.conclusions = {k: v for k, v in c.items() if not k.startswith("_")}
    ruling.sources = {k: v for k, v in sources.items() if k in ruling.conclusions}
    return ruling


def depends_on(situation: Situation, code: str, missing: dict, keys: tuple[str, ...], chain: int = 1) -> bool:
    """Whether the conclusions ``keys`` depend on the missing fact ``missing`` (an entry of
    ``Ruling.missing``): the situation is evaluated again with the fact set to each value its
    effects name (``true``/``false``, or a value such as a penalty kind), and the conclusions
    compared.  A fact whose values cannot be set (e.g. a whole score) is taken to matter.
    Used to report an Unknown only when the asked conclusion actually depends on it.
    ``chain``: also when a value of the fact brings up another missing fact the conclusions
    depend on (whether the revoke is established decides whether the cut for the next deal
    matters to the claim), up to this many steps."""
    values = [_value(v) for v in (missing.get("effects") or {})]
    if not keys:
        return True
    affects = missing.get("affects")
    if not values or not _settable(situation, missing["fact"], values):
        return bool(set(affects) & set(keys)) if affects else True
    base = evaluate(copy.deepcopy(situation), code).conclusions
    seen = {k: repr(base.get(k)) for k in keys}
    for v in values:
        s2 = copy.deepcopy(situation)
        if not _set_path(s2, missing["fact"], v):
            return True
        try:
            ruling = evaluate(s2, code)
        except Exception:
            return True
        if any(repr(ruling.conclusions.get(k)) != seen[k] for k in keys):
            return True
        if chain > 0 and any(m["fact"] != missing["fact"] and depends_on(s2, code, m, keys, chain - 1)
                             for m in ruling.missing):
            return True
    return False


def _settable(situation: Situation, path: str, values: list) -> bool:
    s2 = copy.deepcopy(situation)
    return all(_set_path(s2, path, v) for v in values)


def _value(v: str) -> Any:
    return {"true": True, "false": False}.get(v, v)


@functools.lru_cache(maxsize=None)
def _literal_values(cls: type, field: str) -> tuple:
    """The values a field typed with a ``Literal`` (``Optional[RevokePenalty]``) may take."""
    try:
        hint = typing.get_type_hints(cls).get(field)
    except Exception:
        return ()
    out: tuple = ()
    for t in (typing.get_args(hint) or (hint,)):
        if typing.get_origin(t) is typing.Literal:
            out += typing.get_args(t)
    return out


def _set_path(obj: Any, path: str, value: Any) -> bool:
    """Set ``revokes[0].trick_turned_and_quitted`` (attribute/index path) on a Situation; False
    when the path does not exist or the value has the wrong type (a dict, a count)."""
    parts = re.findall(r"[A-Za-z_]\w*|\[\d+\]", path)
    cur = obj
    for p in parts[:-1]:
        if p.startswith("["):
            i = int(p[1:-1])
            if not isinstance(cur, list) or i >= len(cur):
                return False
            cur = cur[i]
        else:
            if not hasattr(cur, p) or getattr(cur, p) is None:
                return False
            cur = getattr(cur, p)
    last = parts[-1] if parts else None
    if last is None or last.startswith("[") or not hasattr(cur, last):
        return False
    old = getattr(cur, last)
    if old is not None and type(old) is not type(value):
        return False
    if old is None:
        ftype = next((str(f.type) for f in dataclasses.fields(cur) if f.name == last), "") \
            if dataclasses.is_dataclass(cur) else ""
        want = "bool" if isinstance(value, bool) else "str" if isinstance(value, str) else None
        named = isinstance(value, str) and value in _literal_values(type(cur), last)   # a penalty's kind
        if not named and (want is None or not re.search(rf"\b{want}\b", ftype)
                          or re.search(r"\b(dict|list)\b", ftype)):
            return False
    setattr(cur, last, value)
    return True


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
            parts = "; ".join(f"under {code} {describe(v)}" for code, v in vals.items())
            diffs.append(f"{k.replace('_', ' ')}: {parts}")
    return {"rulings": rulings, "differences": diffs}


def describe(v: Any, nothing: str = "nothing is concluded", joiner: str = ", ") -> str:
    """A conclusion's value in plain words (True -> "yes", a dict -> "key value, ...")."""
    if v is None:
        return nothing
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if isinstance(v, dict):
        return ", ".join(f"{k} {describe(x, nothing, joiner)}" for k, x in v.items()) or "none"
    if isinstance(v, (list, tuple)):
        return joiner.join(describe(x, nothing, joiner) for x in v) or "none"
    return str(v)
