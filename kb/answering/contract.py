"""The answer as a value: ``Answer`` and its checker part ``CheckerReport``, with ``as_dict()``
giving the JSON contract of ../shared/DESIGN.md ("id", "answer", "laws", "cases", "verdict",
"checker" first; the optional parts only when they say something)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal["confirmed", "contradicted", "insufficient-facts", "not-covered"]
VerdictValue = Literal["yes", "no", "not-covered"] | None


@dataclass
class CheckerReport:
    status: Status = "not-covered"
    trace: list[dict] = field(default_factory=list)          # [{"law": "english/78", "step": "..."}]
    missing_facts: list[dict] = field(default_factory=list)  # [{"fact", "question", "effects", "law"}]
    facts: list[dict] | None = None                          # [{"fact", "value", "from"}] (answers only)

    def as_dict(self) -> dict:
        out = {"status": self.status, "trace": self.trace, "missing_facts": self.missing_facts}
        if self.facts is not None:
            out["facts"] = self.facts
        return out


@dataclass
class Answer:
    answer: str
    laws: list[dict] = field(default_factory=list)            # [{"code", "law", "score"}], best first
    cases: list[dict] = field(default_factory=list)           # [{"case", "score"}]
    commentary: list[dict] = field(default_factory=list)
    verdict: VerdictValue = None
    checker: CheckerReport = field(default_factory=CheckerReport)
    id: str | None = None
    parts: dict[str, list[str]] | None = None                 # the answer's paragraphs by kind
    concordant: dict[str, list[str]] | None = None            # law id -> its laws in other codes
    verdict_by: str | None = None                             # "rules model" | "law wording" | "precedent"
    reading: dict | None = None
    precedent: dict | None = None
    reference: list[str] | None = None                        # a look-up by number: the ids shown
    missing: list[str] | None = None                          # ... or the ids that do not exist
    nearest: list[str] | None = None
    elapsed_ms: float | None = None

    _ALWAYS = ("id", "answer", "laws", "cases", "commentary", "verdict", "verdict_by")
    _OPTIONAL = ("parts", "concordant", "reading", "precedent", "reference", "missing", "nearest")

    def as_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self._ALWAYS}
        out["checker"] = self.checker.as_dict()
        for k in self._OPTIONAL:
            if getattr(self, k) is not None:
                out[k] = getattr(self, k)
        if self.elapsed_ms is not None:
            out["elapsed_ms"] = self.elapsed_ms
        return out
