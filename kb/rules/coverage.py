"""Coverage: what the model decides, law by law, and the cases and tests it reproduces.

Each law of each code is in exactly one of three lists:

- **deciding** -- on at least one rule example of the code (``kb/rules/examples/``, whose
  expected rulings the tests check), a rule registered under the law reaches a finding, and the
  ruling *depends on it*: the same example evaluated with every rule of that law knocked out
  (``engine.evaluate(skip=...)``) ends with other public conclusions (a declared, non-internal
  key appears, disappears or takes another value).  Knocking out a law's rules is how the law's
  own condition is switched off: if nothing changes, the law's rules only restate what other
  rules decide, or write a trace line.  The criterion is deterministic (the examples, in file
  order; the first example that shows it is recorded as the evidence) and cheap (one extra
  evaluation per law that reached a finding on an example, ~2,000 evaluations in all).
  A law whose rule is a function registered under a law of another code too (a revised law
  that repeats the English one word for word, ``revised_equivalents.yaml``; stacked ``@law``
  decorators where the codes agree) is deciding when the ruling of an example of that other
  code depends on the function (it knocked out, the public conclusions change); the evidence
  names the other law and the example.
- **trace_only** -- a rule names the law, but no example shows the ruling depending on it; each
  has its reason in ``coverage.yaml`` (``trace_only``), e.g. a direction with no consequence.
- **not_modelled** -- no rule names the law; the reason is in ``coverage.yaml``
  (``not_modelled``).

What the criterion does not show: that the rule tests the *whole* of the law's condition (a rule
firing on any revoke would pass as long as an example depends on it).  Mutation testing of
``kb/rules`` against the examples (README, "Mutation testing") checks the conditions themselves.

Cases and tests encoded and reproduced are counted by running the rule examples
(``scenarios.py``): a case is reproduced when every example of it passes.
"""
from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

import yaml

from . import engine  # noqa: F401  (registers the rules)
from .conclusions import declared
from .core import REGISTRY, modelled_laws
from .scenarios import examples, run
from .situation import Situation

from kb import codes

CASES_TOTAL = 154   # Drayson's cases (MANIFEST; the store counts them)
TESTS_TOTAL = 25
NO_REASON = "no reason recorded"


def law_numbers(code: str) -> list[str]:
    return codes.get(code).law_numbers()


def _expand(key: str) -> list[str]:
    key = str(key)
    if "-" in key and key.replace("-", "").isdigit():
        a, b = key.split("-")
        return [str(i) for i in range(int(a), int(b) + 1)]
    return [key]


def load_yaml(path: Path | None = None) -> dict:
    path = path or Path(__file__).with_name("coverage.yaml")
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f) or {}


def _public(conclusions: dict) -> dict[str, str]:
    table = declared()
    return {k: repr(v) for k, v in conclusions.items() if k in table and not table[k].internal}


def _law_of(rule) -> str:
    return rule.provenance.number


def _numkey(n: str) -> tuple[int, str]:
    digits = "".join(ch for ch in n if ch.isdigit())
    return (int(digits) if digits else 0, n)


def _knockouts(code: str, part_of) -> dict:
    """For each part of the rules of ``code`` (``part_of(rule)``: its law, or its function) that
    reaches a finding on some rule example of ``code``: the first example (and the rule) whose
    public conclusions change when that part's rules are knocked out."""
    out: dict = {}
    for ex in examples():
        if ex["code"] != code:
            continue
        s = Situation.from_dict(ex["facts"], code)
        log: list = []
        base = _public(engine.evaluate(copy.deepcopy(s), code, findings=log).conclusions)
        reached = {part_of(r): r.id for r, f in log if f.conclusions and part_of(r) is not None}
        for part, rid in reached.items():
            if part in out:
                continue
            alt = engine.evaluate(copy.deepcopy(s), code, skip=lambda r, part=part: part_of(r) == part)
            if _public(alt.conclusions) != base:
                out[part] = (ex["name"], rid)
    return out


@lru_cache(maxsize=None)
def deciding_laws(code: str) -> dict[str, str]:
    """Law number -> the first rule example of ``code`` on which the ruling depends on the
    law's rules (see the module docstring)."""
    return {law: name for law, (name, _) in _knockouts(
        code, lambda r: _law_of(r) if r.provenance.source == code else None).items()}


@lru_cache(maxsize=None)
def deciding_functions(code: str) -> dict:
    """Rule function -> (example, rule id) for the functions of ``code`` on which the ruling of
    some rule example of ``code`` depends (the function knocked out, the public conclusions
    change).  A law of another code whose rule is the same function (a law repeated word for
    word, or stacked ``@law`` decorators) is deciding by it."""
    return _knockouts(code, lambda r: r.fn)


def law_status(code: str, data: dict | None = None) -> dict:
    """``{"deciding": [N, ...], "trace_only": [{"law", "reason"}], "not_modelled": [{"law",
    "reason"}], "evidence": {N: example name or "english/M ..."}}`` for one code."""
    data = load_yaml() if data is None else data
    numbers = law_numbers(code)
    modelled = {m.split("/")[0] for m in modelled_laws(code)} & set(numbers)
    evidence = {n: ex for n, ex in deciding_laws(code).items() if n in numbers}
    for r in REGISTRY:
        n = _law_of(r)
        if r.provenance.source != code or n not in modelled or n in evidence:
            continue
        for other_code in codes.ORDER:
            hit = deciding_functions(other_code).get(r.fn) if other_code != code else None
            if hit:
                evidence[n] = f"{hit[1]} on {hit[0]} (the same rule)"
                break
    listed_trace = {}
    for key, reason in ((data.get("trace_only") or {}).get(code) or {}).items():
        for n in _expand(key):
            listed_trace[n] = reason
    listed_not = {}
    for key, reason in ((data.get("not_modelled") or {}).get(code) or {}).items():
        for n in _expand(key):
            listed_not[n] = reason
    deciding = sorted(evidence, key=_numkey)
    trace_only = [{"law": n, "reason": listed_trace.get(n, f"no rule example shows the ruling depending on it ({NO_REASON})")}
                  for n in sorted(modelled - set(evidence), key=_numkey)]
    not_modelled = [{"law": n, "reason": listed_not.get(n, f"not yet modelled ({NO_REASON})")}
                    for n in sorted(set(numbers) - modelled, key=_numkey)]
    return {"deciding": deciding, "trace_only": trace_only, "not_modelled": not_modelled,
            "evidence": {n: evidence[n] for n in deciding}}


def coverage_report(scenario_root: str | Path | None = None) -> dict:
    """The coverage report (``whist rules coverage --json``):

    - ``codes``: per code ``{"deciding": [...], "trace_only": [{"law", "reason"}],
      "not_modelled": [{"law", "reason"}], "evidence": {law: example}}`` (see the module
      docstring for the criterion);
    - ``laws``: per code the counts ``total``, ``modelled`` (a rule names the law: deciding +
      trace_only), ``deciding``, ``trace_only``, ``not_modelled``;
    - ``not_modelled``: per code ``{law: reason}`` (the laws no rule names);
    - ``cases``, ``tests``: encoded and reproduced (and the total of cases);
    - ``cases_left_out``: case number -> why it is not encoded."""
    data = load_yaml()
    laws, by_code, not_modelled = {}, {}, {}
    for code in codes.ORDER:
        st = law_status(code, data)
        by_code[code] = st
        n_dec, n_tr, n_not = len(st["deciding"]), len(st["trace_only"]), len(st["not_modelled"])
        laws[code] = {"total": len(law_numbers(code)), "modelled": n_dec + n_tr, "deciding": n_dec,
                      "trace_only": n_tr, "not_modelled": n_not}
        not_modelled[code] = {d["law"]: d["reason"] for d in st["not_modelled"]}
    cases = {"encoded": 0, "reproduced": 0, "total": CASES_TOTAL}
    tests = {"encoded": 0, "reproduced": 0}
    seen: dict[str, set] = {"case": set(), "test": set()}
    bad: dict[str, set] = {"case": set(), "test": set()}
    for example in examples(scenario_root):
        res = run(example)
        src = (res.source or "").split("/")
        if len(src) == 3 and src[0] == "drayson" and src[1] in seen:
            seen[src[1]].add(src[2])
            if not res.passed:
                bad[src[1]].add(src[2])
    cases["encoded"], cases["reproduced"] = len(seen["case"]), len(seen["case"] - bad["case"])
    tests["encoded"], tests["reproduced"] = len(seen["test"]), len(seen["test"] - bad["test"])
    return {"codes": by_code, "laws": laws, "cases": cases, "tests": tests, "not_modelled": not_modelled,
            "cases_left_out": {str(k): v for k, v in (data.get("cases_left_out") or {}).items()}}
