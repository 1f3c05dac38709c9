"""The codes of law the knowledge base holds, read from ``kb/codes.yaml`` (one place for their
ids, names, aliases, law ranges and game points, each number with the law it comes from), and
``LawId``, the value type of a law's id ("english/72", "american-1894/30",
"english/etiquette/III", "english/44/IV").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

CODES_FILE = Path(__file__).resolve().parent / "codes.yaml"


@dataclass(frozen=True)
class Code:
    id: str
    name: str
    label: str
    short: str
    abbreviation: str
    aliases: tuple[str, ...]
    first: int
    last: int
    extra: tuple[str, ...]
    game_points: int
    game_points_reference: str
    source: str
    named_by: tuple[str, ...] = ()     # regexes: a question that matches one names this code
    precedence: int = 0                # when a question names several codes, the lowest wins

    @property
    def max_score(self) -> int:
        """The highest score a side can stand at without having won the game."""
        return self.game_points - 1

    def law_numbers(self) -> list[str]:
        numbers = [str(n) for n in range(self.first, self.last + 1)]
        for x in self.extra:        # "12a" follows 12
            numbers.insert(numbers.index(re.match(r"\d+", x).group()) + 1, x)
        return numbers


@cache
def _load() -> dict[str, Code]:
    out = {}
    for d in yaml.safe_load(CODES_FILE.read_text(encoding="utf-8")):
        out[d["id"]] = Code(
            id=d["id"], name=d["name"], label=d["label"], short=d["short"],
            abbreviation=d["abbreviation"], aliases=tuple(str(a) for a in d["aliases"]),
            first=d["laws"]["first"], last=d["laws"]["last"],
            extra=tuple(str(x) for x in d["laws"]["extra"]),
            game_points=d["game_points"]["value"], game_points_reference=d["game_points"]["reference"],
            source=d["source"], named_by=tuple(d["named_by"]), precedence=d["precedence"])
    return out


def all_codes() -> list[Code]:
    return list(_load().values())


def get(code_id: str) -> Code:
    try:
        return _load()[code_id]
    except KeyError:
        raise KeyError(f"unknown code {code_id!r}: one of {', '.join(ORDER)}") from None


ORDER: tuple[str, ...] = tuple(_load())
NAMES: dict[str, str] = {c.id: c.name for c in all_codes()}
GAME_POINTS: dict[str, int] = {c.id: c.game_points for c in all_codes()}
MAX_SCORE: dict[str, int] = {c.id: c.max_score for c in all_codes()}


@cache
def _named_by() -> list[tuple[re.Pattern, str]]:
    return [(re.compile(r"(?<![a-z0-9])(?:" + "|".join(c.named_by) + r")(?![a-z0-9])"), c.id)
            for c in sorted(all_codes(), key=lambda c: c.precedence) if c.named_by]


def named_span(text: str) -> tuple[str, str] | None:
    """The code a question names and the words that name it ("under American rules", "US rules
    of 1894" -> ("american-1894", "american")), else None."""
    low = text.lower()
    for pattern, code in _named_by():
        for m in pattern.finditer(low):
            if not _NOT_THIS.search(low[max(0, m.start() - 16):m.start()]):    # "English, not the American ones"
                return code, text[m.start():m.end()]
    return None


#: words before a code's name that say it is not the code played ("not the American ones")
_NOT_THIS = re.compile(r"\b(not|n't|rather than|instead of|unlike)\s+(the\s+|by\s+the\s+|under\s+the\s+)?$")


def named_in(text: str) -> str | None:
    """The code a question names, else None (``named_span`` without the words)."""
    found = named_span(text)
    return found[0] if found else None


def from_alias(word: str) -> str | None:
    """The code id a user's word names ("american", "1890", "revised"), or None."""
    w = word.strip().lower()
    return next((c.id for c in all_codes() if w in c.aliases), None)


_LAW_ID = re.compile(r"^(?P<code>[a-z]+(?:-[a-z0-9]+)?)/(?P<number>\d{1,3}[a-z]?|etiquette/[ivxIVX\d]+|"
                     r"dummy/[ivxIVX\d]+|double-dummy/[ivxIVX\d]+)(?:/(?P<section>[ivxIVX]+))?$")


@dataclass(frozen=True)
class LawId:
    """A law (or a code's etiquette/dummy rule), optionally one section of it."""
    code: str
    number: str
    section: str | None = None

    @classmethod
    def parse(cls, text: str) -> "LawId":
        m = _LAW_ID.match(text.strip())
        if not m or m.group("code") not in ORDER:
            raise ValueError(f"not a law id: {text!r} (expected e.g. english/72 or american-1894/30)")
        return cls(m.group("code"), m.group("number"), m.group("section"))

    def __str__(self) -> str:
        return f"{self.code}/{self.number}" + (f"/{self.section}" if self.section else "")

    @property
    def law(self) -> "LawId":
        """The whole law this id is part of."""
        return LawId(self.code, self.number)

    @property
    def is_numbered(self) -> bool:
        return self.number[0].isdigit()

    def label(self) -> str:
        """'English law 72', 'American (1894) law 30, section II', 'English etiquette III'."""
        name = get(self.code).label
        if not self.is_numbered:
            return f"{name} {self.number.replace('/', ' ')}"
        return f"{name} law {self.number}" + (f", section {self.section}" if self.section else "")

    def url(self) -> str:
        return f"?id={self}"


_DRAYSON = re.compile(r"^drayson/(?P<kind>case|test)/(?P<n>\d+)$")


def law_label(law_id: str) -> str:
    """A reader's name for any id a ranking can hold: 'English law 72', 'Drayson, case 93',
    'Drayson, test 6'; an id of another shape (commentary, notes) is shown as it is."""
    m = _DRAYSON.match(law_id.strip())
    if m:
        return f"Drayson, {m.group('kind')} {m.group('n')}"
    try:
        return LawId.parse(law_id).label()
    except ValueError:
        return law_id
