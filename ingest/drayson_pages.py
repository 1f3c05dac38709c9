"""Printed page furniture in the OCR of Drayson (1896): folios, signature marks, gaps.

The folio (page number) stands alone at the top of each page, between blank lines, often
misread ('5o' = 50, 'Ill' = 111, 'U4' = 114, '"3' = 113, '*3i' = 131, 'ISO' = 150, 'go' = 90).
A printer's signature mark (a lone digit, '5', '6' ...) sometimes stands just before a
folio. Some folios are missing altogether; the page break then shows as a run of two blank
lines in the middle of the text.

Folios are read in sequence: a misread folio is accepted as the next page number its
legible digits allow, so the numbering never goes backwards or jumps far.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
import re

from ingest.ocr import repair_number

_FOLIO_CHARS = re.compile(r"^[0-9iIlLoOQSyjJhHnUg§'\"*?]{1,4}$")
_SIGNATURE = re.compile(r"^\d$")
# Letters the scanner prints for "11" in folios and case numbers: 'no' = 110, 'hi' = 111, 'U4' = 114.
_ELEVEN = re.compile(r"[nhHU]")
MAX_JUMP = 3


def repair_numeral(token: str) -> int | None:
    """ingest.ocr.repair_number, plus the 'n'/'h'/'H'/'U' = '11' misreading of this scan."""
    return repair_number(_ELEVEN.sub("11", token))


@dataclass
class Pages:
    """Where each printed page starts (0-based line index), and which lines are furniture."""
    starts: list[tuple[int, int]] = field(default_factory=list)   # (line index, page), sorted
    furniture: set[int] = field(default_factory=set)               # folio and signature lines
    guessed: list[str] = field(default_factory=list)               # notes on repaired folios

    def page_at(self, index: int) -> int | None:
        """The printed page holding line `index`."""
        i = bisect_right([s for s, _ in self.starts], index) - 1
        if i < 0:
            return self.starts[0][1] - 1 if self.starts else None
        return self.starts[i][1]


def _standalone(lines: list[str], i: int) -> bool:
    before = lines[i - 1].strip() if i > 0 else ""
    after = lines[i + 1].strip() if i + 1 < len(lines) else ""
    return before == "" and after == ""


def _next_content(lines: list[str], i: int, stop: int) -> int | None:
    j = i + 1
    while j < stop and not lines[j].strip():
        j += 1
    return j if j < stop else None


def _is_folio_candidate(lines: list[str], i: int) -> bool:
    s = lines[i].replace(" ", "").strip()
    return bool(_FOLIO_CHARS.match(s)) and len(s) > 1 and _standalone(lines, i)


def _folio_value(token: str, previous: int | None) -> int | None:
    """The page number a folio stands for, given the previous page number."""
    token = token.replace(" ", "")
    n = repair_numeral(token)
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


def find_pages(lines: list[str], start: int, stop: int) -> Pages:
    """Read the folios of lines[start:stop]; place missing folios at mid-text double blanks."""
    pages = Pages()
    previous = None
    for i in range(start, stop):
        s = lines[i].strip()
        if _SIGNATURE.match(s) and (j := _next_content(lines, i, stop)) is not None \
                and _is_folio_candidate(lines, j):
            pages.furniture.add(i)
        elif _is_folio_candidate(lines, i):
            value = _folio_value(s, previous)
            if value is None:
                continue
            if repair_numeral(s.replace(" ", "")) != value:
                pages.guessed.append(f"line {i + 1}: folio {s!r} read as page {value}")
            if previous is not None and value > previous + 1:
                _place_missing(lines, pages, previous, value, i)
            pages.furniture.add(i)
            pages.starts.append((i, value))
            previous = value
    pages.starts.sort()
    return pages


def _place_missing(lines: list[str], pages: Pages, previous: int, value: int, folio: int) -> None:
    """Pages previous+1 .. value-1 have no folio: put their starts at the runs of two or more
    blank lines between the last folio and `folio` that lie closest to an even spacing."""
    last = pages.starts[-1][0]
    runs = _blank_runs(lines, last + 2, folio - 2)
    missing = value - previous - 1
    for k in range(1, missing + 1):
        target = last + (folio - last) * k / (missing + 1)
        if not runs:
            return
        best = min(runs, key=lambda r: abs(r - target))
        runs.remove(best)
        pages.starts.append((best, previous + k))
        pages.guessed.append(f"line {best + 1}: page {previous + k} has no folio; "
                             "placed at a gap of blank lines")


def _blank_runs(lines: list[str], lo: int, hi: int) -> list[int]:
    """First indices of runs of two or more blank lines inside lines[lo:hi]."""
    runs, i = [], lo
    while i < hi:
        j = i
        while j < hi and not lines[j].strip():
            j += 1
        if j - i >= 2:
            runs.append(i)
        i = j + 1
    return runs
