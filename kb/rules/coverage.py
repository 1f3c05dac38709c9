"""Coverage: each law of each code is modelled (a registered rule names it) or listed in
coverage.yaml as not modelled, with a reason; cases and tests encoded and reproduced are counted
by running the rule examples (kb/rules/examples/, see scenarios.py)."""
from __future__ import annotations

from pathlib import Path

import yaml

from . import engine  # noqa: F401  (registers the rules)
from .core import modelled_laws
from .scenarios import examples, run

from kb import codes

CASES_TOTAL = 154   # Drayson's cases (MANIFEST; the store counts them)
TESTS_TOTAL = 25


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


def coverage_report(scenario_root: str | Path | None = None) -> dict:
    data = load_yaml()
    laws, not_modelled = {}, {}
    for code in codes.ORDER:
        numbers = law_numbers(code)
        modelled = {m.split("/")[0] for m in modelled_laws(code)} & set(numbers)
        listed = {}
        for key, reason in (data.get("not_modelled", {}).get(code) or {}).items():
            for n in _expand(key):
                if n not in modelled:
                    listed[n] = reason
        missing = [n for n in numbers if n not in modelled and n not in listed]
        for n in missing:
            listed[n] = "not yet modelled (no reason recorded)"
        laws[code] = {"modelled": len(modelled), "total": len(numbers)}
        not_modelled[code] = dict(sorted(listed.items(), key=lambda kv: (int(''.join(ch for ch in kv[0] if ch.isdigit())), kv[0])))
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
    return {"laws": laws, "cases": cases, "tests": tests, "not_modelled": not_modelled,
            "cases_left_out": {str(k): v for k, v in (data.get("cases_left_out") or {}).items()}}
