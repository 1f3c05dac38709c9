"""Rule examples: Drayson's decided cases and tests (and a few situations of one law), as facts
plus the published decision, checked against the model.  Package data in ``kb/rules/examples/``,
one file per case, a list of scenarios in the OpenFisca test shape; variants of one case (another
reading, another code) are entries of the same file::

    - name: case-004                # unique over all the examples; shown in test ids
      description: "Drayson, case 4: A bets with Y on the odd trick; ..."   # one line
      source: drayson/case/4        # or drayson/test/1, american-1890/8, ...
      input:
        code: english               # or english-revised, american-1894, american-1890
        facts: {...}                # Situation.from_dict
      output: {bet_won_by: A, ...}  # compared with the ruling's conclusions
      cites: [english/80]           # laws the decision rests on (each must appear in the trace)
      drayson_opinion: "..."        # optional: where Drayson disagrees with the letter of the law
      note: "..."                   # optional
      question: "..."               # optional

Expected dicts match as subsets (``score_after: {AB: 4}`` checks AB only); lists of pairs
(``partners``) match regardless of order.

Loaded, a scenario is a flat dict: ``name, description, source, code, facts, expect, cites``
(+ the optional notes) and ``file``.  A scenario is referred to by its name (``case-014-imperfect``),
by ``FILE::NAME``, or by its file when the file holds only it.
"""
from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .core import Ruling
from .engine import evaluate
from .situation import Situation

EXAMPLES = Path(__file__).resolve().with_name("examples")
KEYS = {"name", "description", "source", "input", "output", "cites", "drayson_opinion", "note", "question"}
INPUT_KEYS = {"code", "facts"}
NOTES = ("drayson_opinion", "note", "question")
SEP = "::"


@dataclass
class ScenarioResult:
    passed: bool
    mismatches: list[str] = field(default_factory=list)
    ruling: Ruling | None = None
    source: str | None = None
    name: str | None = None


def _entry(path: Path, i: int, raw: Any) -> dict:
    where = f"{path}: entry {i + 1}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: a scenario is a mapping")
    unknown = set(raw) - KEYS
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)}")
    for k in ("name", "input", "output"):
        if k not in raw:
            raise ValueError(f"{where}: missing {k!r}")
    inp = raw["input"]
    if not isinstance(inp, dict) or "facts" not in inp or set(inp) - INPUT_KEYS:
        raise ValueError(f"{where} ({raw['name']}): input is {{code, facts}}")
    out = {"name": str(raw["name"]), "description": raw.get("description") or "",
           "source": raw.get("source"), "code": inp.get("code") or "english",
           "facts": inp["facts"] or {}, "expect": raw["output"] or {}, "cites": raw.get("cites") or []}
    out.update({k: raw[k] for k in NOTES if k in raw})
    out["file"] = path
    return out


@lru_cache(maxsize=None)
def _read(path: str, mtime_ns: int) -> tuple[dict, ...]:
    p = Path(path)
    with open(p, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if isinstance(data, dict):           # a file of one scenario may be a bare mapping
        data = [data]
    if not isinstance(data, list) or not data:
        raise ValueError(f"{p}: an examples file is a list of scenarios")
    items = tuple(_entry(p, i, d) for i, d in enumerate(data))
    names = [d["name"] for d in items]
    if len(set(names)) != len(names):
        raise ValueError(f"{p}: scenario names repeat: {sorted(n for n in names if names.count(n) > 1)}")
    return items


def load_file(path: str | Path) -> list[dict]:
    """Every scenario of one examples file, in order (fresh copies: change them freely)."""
    p = Path(path).resolve()
    return copy.deepcopy(list(_read(str(p), p.stat().st_mtime_ns)))


def entry_text(example: dict) -> str:
    """The YAML of one scenario as its file writes it (comments and layout kept)."""
    text = Path(example["file"]).read_text(encoding="utf-8")
    node = yaml.compose(text)
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    lines = text.splitlines()
    for item in items:
        names = [v.value for k, v in item.value if k.value == "name"] if isinstance(item, yaml.MappingNode) else []
        if names and str(names[0]) == example["name"]:
            return "\n".join(lines[item.start_mark.line:item.end_mark.line]).strip("\n") + "\n"
    raise ValueError(f"{example['file']}: no scenario named {example['name']!r}")


def example_files(root: str | Path | None = None) -> list[Path]:
    """The examples files (``kb/rules/examples/*.yaml`` unless ``root`` is given)."""
    root = Path(root) if root else EXAMPLES
    return sorted(root.glob("*.yaml")) if root.exists() else []


def examples(root: str | Path | None = None) -> list[dict]:
    """Every scenario, file by file (names are unique: checked)."""
    out: list[dict] = []
    seen: dict[str, Path] = {}
    for f in example_files(root):
        for d in load_file(f):
            if d["name"] in seen:
                raise ValueError(f"{f}: scenario {d['name']!r} is also in {seen[d['name']]}")
            seen[d["name"]] = f
            out.append(d)
    return out


def digest(root: str | Path | None = None) -> str:
    """A hash of the examples files (cheap: their bytes, not their parse), for the knowledge
    base's fingerprint: the links of ``decisions`` are stored in it."""
    h = hashlib.sha256()
    for f in example_files(root):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:8]


def decisions(root: str | Path | None = None) -> list[tuple[str, str, str]]:
    """(source, law id, scenario name) for every law a decided case's or test's scenario
    ``cites``: the laws its decision rests on, as the model reproduces it (the cases cite no law
    in a third of Drayson's texts), as the scenarios write them ("english/84/election": the
    build stores the record it names, english/84); cited cases are left out."""
    out = []
    for d in examples(root):
        if not str(d.get("source") or "").startswith(("drayson/case/", "drayson/test/")):
            continue
        for law in d.get("cites") or []:
            if not law.startswith("drayson/"):
                out.append((d["source"], law, d["name"]))
    return sorted(set(out))


def scenario_files(root: str | Path | None = None) -> list[Path]:
    """One reference per scenario, ``FILE::NAME`` (a path ``load`` and ``run`` accept), in the
    order of ``examples``."""
    return [Path(f"{d['file']}{SEP}{d['name']}") for d in examples(root)]


def default_root() -> Path:
    return EXAMPLES


def load(ref: str | Path) -> dict:
    """One scenario: ``FILE::NAME``, a FILE that holds one scenario, or a NAME of the examples."""
    ref = str(ref)
    path, sep, name = ref.rpartition(SEP) if SEP in ref else (ref, "", "")
    p = Path(path)
    if not sep and not p.exists() and "/" not in ref and not ref.endswith(".yaml"):
        found = [d for d in examples() if d["name"] == ref]
        if not found:
            raise ValueError(f"no scenario named {ref!r} in {EXAMPLES}")
        return found[0]
    items = load_file(p)
    if sep:
        found = [d for d in items if d["name"] == name]
        if not found:
            raise ValueError(f"{p}: no scenario named {name!r} (it has {', '.join(d['name'] for d in items)})")
        return found[0]
    if len(items) > 1:
        raise ValueError(f"{p} holds {len(items)} scenarios: name one, "
                         + " or ".join(f"{p}{SEP}{d['name']}" for d in items))
    return items[0]


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


def _flat(data: dict) -> dict:
    """A scenario dict in either shape (as written: input/output; or loaded: code/facts/expect)."""
    if "input" in data or "output" in data:
        return _entry(Path("<dict>"), 0, data)
    return data


def run(scenario: dict | str | Path) -> ScenarioResult:
    data = _flat(scenario) if isinstance(scenario, dict) else load(scenario)
    code = data.get("code") or "english"
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
    return ScenarioResult(not mism, mism, ruling, data.get("source"), data.get("name"))
