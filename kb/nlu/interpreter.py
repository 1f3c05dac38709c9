"""The generic interpreter of fact cues (``facts:`` rows of ``kb/nlu/cues.yaml``): a row says
which words tell a fact of the Situation, and the interpreter sets it. A row:

    - when: ["shuffle|reshuffle _{0,4} after _{0,3} cut"]     # patterns over lemmas
      set: {deal.shuffled_after_cut: true}                    # Situation paths -> values
      who: deal.shuffled_by        # optional: this path gets the seat of the doer (the nearest
                                   # seat mentioned before the words, in the same sentence)
      negated: flip                # "not ... shuffled": skip (default) or flip a yes/no value
      law: english/36              # the law whose facts the row reads

The procedural readers of ``kb.nlu.facts`` run first; a fact they set is never overwritten.
Each fact set keeps the words it came from (``Extraction.sources``)."""
from __future__ import annotations

from typing import Any


def _has(facts: dict, path: str) -> bool:
    cur: Any = facts
    for k in path.split("."):
        if not isinstance(cur, dict) or k not in cur:
            return False
        cur = cur[k]
    return True


def apply(ex, rows: dict[str, dict]) -> None:
    """Set the facts of every row whose words occur in the question (``ex``: the extractor)."""
    done: set[str] = set()
    for label, s, e in sorted(ex.matches, key=lambda m: m[1]):
        row = rows.get(label)
        if row is None or label in done:
            continue
        neg = ex.negated(s, e)
        policy = row.get("negated", "skip")
        if neg and policy == "skip":
            continue
        values = dict(row["set"])
        if neg and policy == "flip":
            values = {k: (not v) if isinstance(v, bool) else v for k, v in values.items()}
        if row.get("who"):
            doer = ex.subject(s)
            if doer is not None and len(doer.seats) == 1 and doer.seats[0] in ("A", "B", "Y", "Z"):
                values[row["who"]] = doer.seats[0]
        words = ex.span(max(0, s - 3), e)
        for path, value in values.items():
            if not _has(ex.facts, path):
                ex.add(path, value, words)
        done.add(label)
