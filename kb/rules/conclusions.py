"""The declared conclusions of the rules model (``conclusions.yaml``), like OpenFisca variables:
each key a rule may conclude, its type, a label, the player's question it answers, how it reads
as yes/no, and the laws whose rules conclude it. ``Finding`` refuses an undeclared key, and every
list that names conclusions (the checker's yes/no and value questions, the rules README) is read
from here."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import yaml

CONCLUSIONS_FILE = Path(__file__).resolve().parent / "conclusions.yaml"
TYPES = ("bool", "side", "seat", "seats", "number", "tricks", "score", "options", "text", "mapping")


@dataclass(frozen=True)
class Conclusion:
    id: str
    type: str
    label: str
    question: str
    yes_no: bool | None          # True: a true value answers "yes" to `question`; None: a value
    laws: tuple[str, ...]
    internal: bool = False
    opposite: str | None = None  # a conclusion that answers the same question the other way round
    premise: bool = False        # a finding of what happened, told by the question itself ("she led out
                                 # of turn"): never a rival for what is asked
    answered_by: tuple[str, ...] = ()   # asked as a value: the conclusions whose values answer it
    part_of: str | None = None          # ... only when a cue names it: else the broader value asked
    cue_only: bool = False              # a general rule of the code, reached on every such hand ("either
                                        # adversary may call the suit"): answered only when a cue names it

    @property
    def asked_by_cue_only(self) -> bool:
        """Never a rival for what is asked, never read into a question that names nothing."""
        return self.premise or self.cue_only

    def reads(self, value) -> str | None:
        """'yes' / 'no' for a value of a yes/no conclusion; None otherwise."""
        if self.yes_no is None or not isinstance(value, bool):
            return None
        return "yes" if value == self.yes_no else "no"


@cache
def declared() -> dict[str, Conclusion]:
    if not CONCLUSIONS_FILE.exists():
        return {}
    out = {}
    for d in yaml.safe_load(CONCLUSIONS_FILE.read_text(encoding="utf-8")) or []:
        if d.get("type") not in TYPES:
            raise ValueError(f"{CONCLUSIONS_FILE.name}: {d.get('id')}: type {d.get('type')!r} is not one of {TYPES}")
        out[d["id"]] = Conclusion(d["id"], d["type"], d["label"], d["question"], d.get("yes_no"),
                                  tuple(d.get("laws") or ()), bool(d.get("internal")), d.get("opposite"),
                                  bool(d.get("premise")), tuple(d.get("answered_by") or ()), d.get("part_of"),
                                  bool(d.get("cue_only")))
    # the relation is symmetric: declared on one of the two, known on both
    for c in list(out.values()):
        if c.opposite in out and out[c.opposite].opposite is None:
            out[c.opposite] = replace(out[c.opposite], opposite=c.id)
    return out


def opposites(keys) -> set[str]:
    """The conclusions declared the opposite of any of ``keys``, or declaring one of them their
    opposite (the relation holds both ways)."""
    table = declared()
    keys = set(keys)
    return ({table[k].opposite for k in keys if k in table and table[k].opposite}
            | {c.id for c in table.values() if c.opposite in keys})


def check_keys(keys) -> None:
    """Raise if a rule concludes a key that is not declared."""
    table = declared()
    if not table:
        return
    unknown = [k for k in keys if k not in table]
    if unknown:
        raise KeyError(f"undeclared conclusion(s) {unknown}: declare them in kb/rules/{CONCLUSIONS_FILE.name}")


def yes_no_keys() -> list[str]:
    return [c.id for c in declared().values() if c.yes_no is not None and not c.internal]


def value_questions() -> dict[str, tuple[str, ...]]:
    """The conclusions asked as a value, each with the conclusions whose values answer it."""
    return {c.id: c.answered_by for c in declared().values() if c.answered_by}


def value_keys() -> list[str]:
    return [c.id for c in declared().values() if c.yes_no is None and not c.internal]


def of_law(law_id: str) -> list[Conclusion]:
    """The conclusions the rules of one law can reach (a section's id finds its law's too)."""
    return [c for c in declared().values()
            if not c.internal and any(law_id == l or l.startswith(law_id + "/") or law_id.startswith(l + "/")
                                      for l in c.laws)]
