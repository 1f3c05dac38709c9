"""Printed page furniture in the OCR of Drayson (1896): folios, signature marks, gaps.

One page model of the whole file, read once and used by both parsers of the book
(ingest.drayson_codes, ingest.drayson_cases).

The folio (page number) stands alone at the top of each page, between blank lines, often
misread ('5o' = 50, 'Ill' = 111, 'U4' = 114, '"3' = 113, '*3i' = 131, 'ISO' = 150, 'go' = 90);
the contents list agrees ("A New Deal 9" is printed just before the line "IO"), so the text
after a folio is on that page. A printer's signature mark (a lone digit, '5', '6' ...)
sometimes stands just before a folio.

Folios are read in sequence: a misread folio is accepted as the next page number its
legible digits allow, so the numbering never goes backwards or jumps far. Some folios are
missing altogether; the page break then shows as a run of two or more blank lines, and the
page starts at the first line after the run closest to an even spacing. The pages before the
first folio (3-9, the laws' opening) are counted back from it by the usual page length.

The front matter (contents, Preface) is paginated in roman numerals ('Vlll', 'IX').
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
import re
import statistics

from ingest.citations import section_number, to_roman
from ingest.ocr import is_page_number, repair_number

_SIGNATURE = re.compile(r"^\d$")
_ROMAN_FOLIO = re.compile(r"[ivxlIVX]{1,5}")
MAX_JUMP = 3
ROMAN_PAGE_LINES = 40        # a front-matter line this close before a roman folio is on the page before it


@dataclass
class Pages:
    """Where each printed page starts (0-based line index), and which lines are furniture."""
    starts: list[tuple[int, int]] = field(default_factory=list)   # (line index, page), sorted
    furniture: set[int] = field(default_factory=set)               # folio and signature lines
    roman: list[tuple[int, str]] = field(default_factory=list)     # front-matter folios ('viii')
    notes: list[tuple[int, str]] = field(default_factory=list)     # (line index, note) on repairs

    def page_at(self, index: int) -> int | None:
        """The printed (arabic) page holding line `index`; None in the front matter."""
        i = bisect_right([s for s, _ in self.starts], index) - 1
        return self.starts[i][1] if i >= 0 else None

    def roman_at(self, index: int) -> str | None:
        """The roman page of a front-matter line: the page before the next roman folio if that
        is near, else the page of the last one; None for a line with an arabic page."""
        if self.page_at(index) is not None:
            return None
        following = next(((j, r) for j, r in self.roman if j > index), None)
        if following and following[0] - index < ROMAN_PAGE_LINES:
            return to_roman(section_number(following[1].upper()) - 1).lower()
        before = [r for j, r in self.roman if j < index]
        return before[-1] if before else None

    def guessed(self, inside: range | None = None, outside: range | None = None) -> list[str]:
        """Notes on repaired and missing folios, for lines inside (or outside) a range."""
        return [note for i, note in self.notes
                if (inside is None or i in inside) and (outside is None or i not in outside)]


def _next_content(lines: list[str], i: int) -> int | None:
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j if j < len(lines) else None


def _is_folio_candidate(lines: list[str], i: int) -> bool:
    """A page-number line of two or more characters (a lone digit is a signature mark:
    pages 1-9 carry no folio in this book)."""
    return is_page_number(lines, i) and len(lines[i].replace(" ", "").strip()) > 1


def _folio_value(token: str, previous: int | None) -> int | None:
    """The page number a folio stands for, given the previous page number."""
    token = token.replace(" ", "")
    n = repair_number(token, numeral_expected=True)
    if previous is None or (n is not None and previous < n <= previous + MAX_JUMP):
        return n
    tail = re.search(r"[0-9iIlLoO]+$", token)
    ending = repair_number(tail.group(0)) if tail else None
    if ending is not None:
        modulus = 10 ** len(tail.group(0))
        for candidate in range(previous + 1, previous + MAX_JUMP + 1):
            if candidate % modulus == ending:
                return candidate
    return previous + 1


def find_pages(lines: list[str]) -> Pages:
    """The page model of the whole file: folios read in sequence, missing folios placed at
    page-break gaps, the pages before the first folio counted back, the roman front matter."""
    pages = Pages()
    folios: list[tuple[int, int]] = []
    for i in range(len(lines)):
        s = lines[i].strip()
        if _SIGNATURE.match(s) and (j := _next_content(lines, i)) is not None \
                and _is_folio_candidate(lines, j):
            pages.furniture.add(i)
        elif _is_folio_candidate(lines, i):
            previous = folios[-1][1] if folios else None
            value = _folio_value(s, previous)
            if value is None:
                continue
            if repair_number(s.replace(" ", ""), numeral_expected=True) != value:
                pages.notes.append((i, f"line {i + 1}: folio {s!r} read as page {value}"))
            pages.furniture.add(i)
            folios.append((i, value))
    if not folios:
        return pages
    pages.roman = _roman_folios(lines, before=folios[0][0])
    pages.furniture |= {i for i, _ in pages.roman}
    gaps = _gap_ends(lines)
    length = statistics.median(b - a for (a, v), (b, w) in zip(folios, folios[1:]) if w == v + 1)
    starts = list(folios)
    for (a, v), (b, w) in zip(folios, folios[1:]):
        starts += _place_missing(pages, gaps, length, (a, v), (b, w))
    floor = pages.roman[-1][0] + 1 if pages.roman else 0
    starts += _count_back(gaps, length, folios[0], floor)
    pages.starts = sorted(starts)
    pages.notes.sort()
    return pages


def _place_missing(pages: Pages, gaps: list[int], length: float, first: tuple[int, int],
                   second: tuple[int, int]) -> list[tuple[int, int]]:
    """Pages v+1 .. w-1 between the folios (a, v) and (b, w) have no folio: start each at the
    gap closest to an even spacing, at least half a page from its neighbours."""
    (a, v), (b, w) = first, second
    found, prev = [], a
    for k in range(1, w - v):
        target = a + k * (b - a) / (w - v)
        best = min((g for g in gaps if prev + length / 2 <= g <= b - length / 2),
                   key=lambda g: abs(g - target), default=None)
        if best is None:
            pages.notes.append((b, f"line {b + 1}: no page break found for page {v + k}"))
            continue
        found.append((best, v + k))
        prev = best
        pages.notes.append((best, f"line {best + 1}: page {v + k} has no folio; "
                                  "placed at a gap of blank lines"))
    return found


def _count_back(gaps: list[int], length: float, first: tuple[int, int],
                floor: int) -> list[tuple[int, int]]:
    """Starts of the pages before the first folio, each a page length (give or take 30%)
    before the next, at a gap not before line `floor`."""
    (cur, page), found = first, []
    while page > 1:
        near = [g for g in gaps if floor <= g and 0.7 * length <= cur - g <= 1.3 * length]
        if not near:
            break
        cur = min(near, key=lambda g: abs(cur - g - length))
        page -= 1
        found.append((cur, page))
    return found


def _gap_ends(lines: list[str]) -> list[int]:
    """First line after each run of two or more blank lines: where a page may begin."""
    ends, run = [], 0
    for i, line in enumerate(lines):
        if not line.strip():
            run += 1
            continue
        if run >= 2:
            ends.append(i)
        run = 0
    return ends


def _roman_folios(lines: list[str], before: int) -> list[tuple[int, str]]:
    """Front-matter folios ('Vlll', 'IX') standing alone between blank lines."""
    return [(i, lines[i].strip().lower().replace("l", "i")) for i in range(1, before - 1)
            if _ROMAN_FOLIO.fullmatch(lines[i].strip())
            and not lines[i - 1].strip() and not lines[i + 1].strip()]
