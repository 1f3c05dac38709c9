"""YAML scenarios: facts + the published decision, checked against the model.

A scenario file::

    code: english                  # or american-1894, english-revised, american-1890
    source: drayson/case/4         # or drayson/test/1
    facts: {...}                   # Situation.from_dict
    expect: {bet_won_by: A, ...}   # compared with the ruling's conclusions
    cites: [english/80]            # laws the decision rests on (each must appear in the trace)
    drayson_opinion: "..."         # optional: where Drayson disagrees with the letter of the law
    note: "..."                    # optional

Expected dicts match as subsets (``score_after: {AB: 4}`` checks AB only); lists of pairs
(``partners``) match regardless of order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .core import Ruling
from .engine import evaluate
from .situation import Situation

KEYS = {"code", "source", "facts", "expect", "cites", "drayson_opinion", "note", "question"}


@dataclass
class ScenarioResult:
    passed: bool
    mismatches: list[str] = field(default_factory=list)
    ruling: Ruling | None = None
    source: str | None = None


def load(path: str | Path) -> dict:
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a scenario is a mapping")
    unknown = set(data) - KEYS
    if unknown:
        raise ValueError(f"{path}: unknown keys {sorted(unknown)}")
    for k in ("facts", "expect"):
        if k not in data:
            raise ValueError(f"{path}: missing {k!r}")
    return data


def _match(want: Any, got: Any, path: str, out: list[str]) -> None:
    if isinstance(want, dict) and isinstance(got, dict):
        for k, v in want.items():
            if k not in got:
                out.append(f"{path}.{k}: expected {v!r}, not concluded")
            else:
                _match(v, got[k], f"{path}.{k}", out)
        return
    if isinstance(want, list) and isinstance(got, list) and all(isinstance(x, list) for x in want):
        if sorted(sorted(x) for x in want) != sorted(sorted(x) for x in got):
            out.append(f"{path}: expected {want!r}, got {got!r}")
        return
    if want != got:
        out.append(f"{path}: expected {want!r}, got {got!r}")


def run(scenario: dict | str | Path) -> ScenarioResult:
    data = load(scenario) if not isinstance(scenario, dict) else scenario
    code = data.get("code", "english")
    s = Situation.from_dict(data["facts"], code)
    ruling = evaluate(s, code)
    mism: list[str] = []
    for k, v in (data.get("expect") or {}).items():
        if k not in ruling.conclusions:
            mism.append(f"{k}: expected {v!r}, not concluded")
        else:
            _match(v, ruling.conclusions[k], k, mism)
    laws = set(ruling.laws)
    for cite in data.get("cites") or []:
        if cite not in laws and not any(l.startswith(cite + "/") for l in laws):
            mism.append(f"cites: {cite} does not appear in the trace")
    return ScenarioResult(not mism, mism, ruling, data.get("source"))


def scenario_files(root: str | Path | None = None) -> list[Path]:
    root = Path(root) if root else default_root()
    return sorted(root.rglob("*.yaml")) if root.exists() else []


def default_root() -> Path:
    return Path(__file__).resolve().parents[2] / "tests" / "scenarios"
