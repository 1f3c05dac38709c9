"""The record: one law, section, case, test or note of a source text, with its provenance.

Ids follow ../shared/DESIGN.md:
  law        english/72, english-revised/12a, american-1894/30, american-1890/8
  section    english/72/I               (parent: english/72)
  etiquette  english/etiquette/III, american-1894/etiquette/4
  dummy      english/dummy/II, english/double-dummy/1
  case       drayson/case/93            test: drayson/test/14
  commentary drayson/commentary/american-laws/3, drayson/commentary/disputes/2,
             american-1894/note/boston-cayenne-solo/18, american-1890/note/8/1,
             american-1890/footnote/8/1, english-revised/how-to-learn/1 ...
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
import hashlib
import json

RECORD_TYPES = (
    "law", "section", "etiquette", "dummy", "double-dummy",
    "case", "test", "commentary", "note", "footnote",
)
CODES = ("english", "english-revised", "american-1894", "american-1890")


@dataclass
class Record:
    id: str
    type: str                      # one of RECORD_TYPES
    code: str | None               # one of CODES, or None for Drayson's cases/tests/commentary
    number: str | None             # law number ("72", "12a"), section ("IV"), case/test number ("93")
    heading: str                   # the heading group it stands under ("THE REVOKE", "Bets")
    text: str                      # cleaned text (page numbers, running heads, hyphenation repaired)
    raw: str                       # the OCR lines exactly as in the source, joined with "\n"
    source: str                    # file name inside corpus/
    line_start: int                # 1-based, inclusive
    line_end: int                  # 1-based, inclusive
    parent: str | None = None      # e.g. a section's law, a footnote's case
    cites: list[str] = field(default_factory=list)   # resolved ids, in order of first mention
    decision: str | None = None    # cases: the decision text; tests: Drayson's answer if any
    label: str | None = None       # cases: "Decision" | "Suggestion" | "Answer"
    page: int | None = None        # printed page where the record starts, when the source has pages
    title: str | None = None       # a short title when the source gives one
    variants: list[dict] = field(default_factory=list)  # other readings: {"source", "text", "lines", "differences"}
    extra: dict = field(default_factory=dict)           # anything source-specific (footnotes, 2nd decision ...)

    def __post_init__(self) -> None:
        if self.type not in RECORD_TYPES:
            raise ValueError(f"{self.id}: unknown record type {self.type!r}")
        if self.code is not None and self.code not in CODES:
            raise ValueError(f"{self.id}: unknown code {self.code!r}")
        if not self.text.strip():
            raise ValueError(f"{self.id}: empty text")
        if self.line_start < 1 or self.line_end < self.line_start:
            raise ValueError(f"{self.id}: bad line span {self.line_start}-{self.line_end}")

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Record":
        return cls(**d)

    def content_hash(self) -> str:
        """Hash of what gets embedded: changes iff the embedding must be recomputed."""
        return hashlib.sha256(self.embedding_text().encode("utf-8")).hexdigest()[:16]

    def embedding_text(self) -> str:
        head = f"{self.heading}. " if self.heading else ""
        body = self.text if not self.decision else f"{self.text}\nDecision: {self.decision}"
        return head + body


@dataclass
class ParseResult:
    records: list[Record]
    warnings: list[str] = field(default_factory=list)


def dumps(record: Record) -> str:
    return json.dumps(record.to_dict(), ensure_ascii=False)
