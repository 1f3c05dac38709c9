"""The answer as a value: ``Answer`` and its checker part ``CheckerReport``, with ``as_dict()``
giving the JSON contract of ../shared/DESIGN.md ("id", "answer", "laws", "cases", "verdict",
"checker" first; the optional parts only when they say something); and ``Check``, what the
checker (kb/answering/checker.py) found and the verdict policy (kb/answering/verdict.py) made
of it, the value an ``Answer`` is composed from."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["confirmed", "contradicted", "insufficient-facts", "not-covered"]
VerdictValue = Literal["yes", "no", "not-covered"] | None
YesNo = Literal["yes", "no"]


@dataclass
class Check:
    """The checker's result. ``as_dict()`` gives it as the dict documented in
    kb/answering/checker.py, keys in this order, the optional ones (``None``, ``general`` False)
    left out."""
    status: Status
    verdict: YesNo | None = None
    ruling: str | None = None                                 # one short sentence, or None
    trace: list[dict] = field(default_factory=list)          # [{"law", "step"}]
    missing_facts: list[dict] = field(default_factory=list)  # [{"fact", "question", "effects", "law"}]
    difference: str | None = None                             # how the other code rules
    facts: dict[str, Any] = field(default_factory=dict)      # {"facts", "sources", "code", "asks", "polarity", "names", "first_person"}
    conclusions: dict[str, Any] | None = None                 # the rules model's, once it was evaluated
    conclusion_sources: dict[str, str] | None = None          # conclusion -> the law whose rule reached it
    deciding_laws: list[str] | None = None                    # the laws the ruling was decided on
    overridden_laws: list[str] | None = None                  # laws whose rule answered what was asked the other
                                                              # way before a rule written after it overrode it
    general: bool = False                                     # a rule stated in general (no situation)
    # set by the verdict policy (kb/answering/verdict.py)
    asked: str | None = None                                  # the declared conclusion read as asked
    precedent: dict | None = None                             # the decided case that gave the verdict
    reading: dict | None = None                               # the law wording that gave the verdict
    abstained: str | None = None                              # why the model's verdict was not given

    _OPTIONAL = ("deciding_laws", "general", "asked", "precedent", "reading", "abstained")

    def as_dict(self) -> dict:
        out = {"verdict": self.verdict, "ruling": self.ruling, "trace": self.trace,
               "missing_facts": self.missing_facts, "difference": self.difference, "facts": self.facts}
        if self.conclusions is not None:
            out["conclusions"] = self.conclusions
            out["conclusion_sources"] = self.conclusion_sources
        out["status"] = self.status
        for k in self._OPTIONAL:
            if getattr(self, k) not in (None, False):
                out[k] = getattr(self, k)
        return out


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
