"""Drayson (1896): the decided cases (1-154) and the tests for knowledge of the laws (1-25).

The part parsed runs from the heading BETS to the American laws ("THE LAWS OF WHIST").
It is a sequence of group headings (BETS, CARDS DETACHED (Law 60), ... MISCELLANEOUS
CASES, then TESTS FOR KNOWLEDGE OF THE LAWS); under each, an optional introduction, then
"Case N. — facts" and "Decision. — ..." (or "Suggestion", "Answer").

Traps handled (see corpus/MANIFEST.md):
- garbled case numbers ('i.' = 1, 'ii.' = 11, '8i.' = 81, 'ioi.' = 101, 'no.' = 110,
  'hi.' = 111, 'i 14.' = 114, '137.='): a header is accepted only with the number that
  follows the previous case; "Case N" inside a paragraph is a cross-reference, not a header;
- folios, signature marks and missing folios (ingest.drayson_pages); a paragraph runs on
  across a page break unless the line before the break ends a sentence and is short;
- citation tails printed on a line of their own after a page break ('(Law' / '37).');
- a "Decision. —" run on without a blank line before it (case 118);
- footnotes printed inside the next case (cases 11 and 74): moved to the case whose text
  carries the '*' marker.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import re

from ingest.citations import extract_citations_with_warnings
from ingest.drayson_pages import Pages, find_pages
from ingest.ocr import join_lines, repair_number, title_case, vocabulary
from ingest.records import ParseResult, Record

_START = re.compile(r"^BETS$")
_TESTS = re.compile(r"^TESTS\s+FOR\s+KNOWLEDGE\s+OF\s+THE\s+LAWS$")
_END = re.compile(r"^THE\s+LAWS\s+OF\s+WHIST$")
_HEADER = re.compile(r"^Case\s+(?P<num>[0-9iIlLoOQSyjhnHU][0-9iIlLoOQSyjhnHU ]{0,4}?)\s*[.,]?\s*"
                     r"[\"'=]?\s*[—–]+\s*(?P<rest>.*)$")
_LABEL = re.compile(r"^(?P<label>Decision|Suggestion|Answer)\s*[.,]?\s*[—–]+\s*-?(?P<rest>.*)$")
_HEADING_CITE = re.compile(r"^\((?:Laws?|Rules?)\b[^)]*\)$")
_CITATION_TAIL = re.compile(r"^\d{1,3}\)?[.\-]?$")
_CITING_WORD_AT_END = re.compile(r"\b(?:Laws?|Rules?|Cases?)\s*$", re.IGNORECASE)
_FOOTNOTE_START = re.compile(r"^\*\s")
_FOOTNOTE_MARK = re.compile(r"(?<=[\w.,;:!?\"'”])\s?\*(?=\s|$)")
_DIAGRAM_LABEL = re.compile(r"^[A-Z]$")
_REFERENCE = re.compile(r"\s*(?P<ref>\((?:See\s+)?(?:Laws?|Cases?)\b[^()]*\)|See\s+(?:Laws?|Cases?)\b.*?)"
                        r"\s*[#*]?\s*$", re.IGNORECASE)
_SHORT_LINE = 34          # a line shorter than this that ends a sentence may end a paragraph
TESTS_HEADING = "Tests for Knowledge of the Laws"

# Citations the text rules cannot read right, fixed by reading the source.
# Case 19: "By the American whist code a longer grace is given than by the English laws
# (Rule 18)" -- rule 18 about the trump card is American law 18 (English 18 is on cutting).
CITATION_ERRATA = {"drayson/case/19": {"english/18": "american-1894/18"}}


@dataclass
class Block:
    """One case, test or group introduction: its kind, number, heading and source lines."""
    kind: str                        # "case" | "test" | "intro"
    number: int | None
    heading: str
    heading_cites: list[str]
    start: int                       # 0-based index of the first line
    end: int                         # 0-based index of the last line (inclusive)
    header_rest: str = ""            # the header line after "Case N. —"
    footnotes: list[tuple[int, int]] = field(default_factory=list)   # line spans moved here


def parse(path: Path) -> ParseResult:
    """Cases, then tests, then the introductions (commentary) of Drayson's decided cases."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start, tests_at, stop = _region(lines)
    pages = find_pages(lines)
    parser = _Parser(lines, pages, vocabulary("\n".join(lines)), path.name)
    blocks = parser.blocks(start, tests_at, stop)
    records = [parser.case(b) for b in blocks if b.kind == "case"]
    records += [parser.test(b) for b in blocks if b.kind == "test"]
    records += [r for b in blocks if b.kind == "intro" for r in parser.intro(b)]
    return ParseResult(records, parser.warnings + pages.guessed(inside=range(start, stop)))


def _region(lines: list[str]) -> tuple[int, int, int]:
    """Indices of the BETS heading, the TESTS heading and the American laws' title after it."""
    start = next(i for i, s in enumerate(lines) if _START.match(s.strip()))
    tests_at = next(i for i in range(start, len(lines)) if _TESTS.match(_squeeze(lines[i])))
    stop = next(i for i in range(tests_at, len(lines)) if _END.match(_squeeze(lines[i])))
    return start, tests_at, stop


def _squeeze(line: str) -> str:
    return re.sub(r"\s+", " ", line.strip())


def _is_heading(line: str) -> bool:
    """A group heading: upper-case words, perhaps followed by a parenthesised law."""
    words = re.sub(r"\(.*?\)", "", line)
    letters = re.sub(r"[^A-Za-z]", "", words)
    return len(letters) >= 4 and letters.isupper()


class _Parser:
    """Holds the source lines, page furniture and vocabulary; collects warnings."""

    def __init__(self, lines: list[str], pages: Pages, known_words: set[str], source: str):
        self.lines, self.pages, self.known_words, self.source = lines, pages, known_words, source
        self.warnings: list[str] = []

    # -- segmentation -------------------------------------------------------------------
    def blocks(self, start: int, tests_at: int, stop: int) -> list[Block]:
        """Split the region into blocks at headings and case headers."""
        blocks: list[Block] = []
        heading, heading_cites, kind, expected = "", [], "case", 1
        i = start
        while i < stop:
            s = _squeeze(self.lines[i])
            if self._blank_before(i) and _is_heading(s) and i not in self.pages.furniture:
                if i == tests_at:
                    kind, expected = "test", 1
                heading, heading_cites, i = self._heading(i, stop)
                blocks.append(Block("intro", None, heading, heading_cites, i, i - 1))
                continue
            number, rest = self._header(i, expected, kind)
            if number is not None:
                blocks.append(Block(kind, number, heading, heading_cites, i, i, rest))
                expected += 1
            elif s and blocks and i not in self.pages.furniture:
                blocks[-1].end = i
            i += 1
        blocks = [b for b in blocks if b.kind != "intro" or self._content(b.start, b.end)]
        self._move_footnotes(blocks)
        return blocks

    def _blank_before(self, i: int) -> bool:
        j = i - 1
        while j >= 0 and j in self.pages.furniture:
            j -= 1
        return j < 0 or not self.lines[j].strip()

    def _heading(self, i: int, stop: int) -> tuple[str, list[str], int]:
        """Read a heading (continued on the next line if that is upper-case too, and followed
        by a parenthesised law); returns it, its cited ids, and the index after it."""
        parts = [_squeeze(self.lines[i])]
        i += 1
        while i < stop and self.lines[i].strip() and _is_heading(self.lines[i]):
            parts.append(_squeeze(self.lines[i]))
            i += 1
        j = i
        while j < stop and not self.lines[j].strip():
            j += 1
        if j < stop and _HEADING_CITE.match(_squeeze(self.lines[j])):
            parts.append(_squeeze(self.lines[j]))
            i = j + 1
        heading = title_case(" ".join(parts))
        cites, _ = extract_citations_with_warnings(heading)
        return heading, cites, i

    def _header(self, i: int, expected: int, kind: str) -> tuple[int | None, str]:
        """(number, rest of line) if line i opens case/test `expected`, else (None, "")."""
        m = _HEADER.match(_squeeze(self.lines[i]))
        if not m or not self._blank_before(i):
            return None, ""
        token = m.group("num").strip()
        if repair_number(token, numeral_expected=True) != expected:
            self.warnings.append(f"line {i + 1}: {kind} header {token!r} does not follow "
                                 f"{kind} {expected - 1}; read as a cross-reference")
            return None, ""
        prefix = _squeeze(self.lines[i])[:m.start("rest")].strip()
        if token != str(expected) or prefix not in (f"Case {expected}. —", f"Case {expected}.—"):
            self.warnings.append(f"line {i + 1}: {kind} header {prefix!r} read as {kind} {expected}")
        return expected, m.group("rest")

    def _content(self, start: int, end: int) -> list[int]:
        """Non-blank, non-furniture line indices in start..end."""
        return [i for i in range(start, end + 1)
                if self.lines[i].strip() and i not in self.pages.furniture]

    def _move_footnotes(self, blocks: list[Block]) -> None:
        """A footnote ('* The written law ...') printed inside a case belongs to the case whose
        text carries the '*' marker: that case, or the one before it."""
        for k, block in enumerate(blocks):
            for start, end in self._footnote_spans(block):
                before = range(block.start, start)
                owner = block if any(self._has_mark(i) for i in before) else blocks[k - 1]
                owner.footnotes.append((start, end))
                if owner is not block:
                    self.warnings.append(f"lines {start + 1}-{end + 1}: footnote of {owner.kind} "
                                         f"{owner.number} printed in {block.kind} {block.number}; moved")

    def _footnote_spans(self, block: Block) -> list[tuple[int, int]]:
        spans, i = [], block.start
        while i <= block.end:
            if _FOOTNOTE_START.match(self.lines[i].strip()) and self._blank_before(i):
                j = i
                while j + 1 <= block.end and self.lines[j + 1].strip():
                    j += 1
                spans.append((i, j))
                i = j
            i += 1
        return spans

    def _has_mark(self, i: int) -> bool:
        return bool(_FOOTNOTE_MARK.search(_squeeze(self.lines[i])))

    # -- text ---------------------------------------------------------------------------
    def logical_lines(self, start: int, end: int, skip: set[int]) -> list[tuple[int | None, str]]:
        """The lines start..end as join_lines wants them: furniture, footnotes (skip) and
        diagram labels dropped; blank lines kept as paragraph breaks except across a page
        break inside a paragraph; a citation tail ('37).') glued to its 'Law'."""
        out: list[tuple[int | None, str]] = []
        gap, page_break = False, False
        for i in range(start, end + 1):
            s = self.lines[i].strip()
            if i in self.pages.furniture or i in skip or self._is_diagram_label(i):
                page_break = True
                continue
            if not s:
                gap = True
                continue
            starts_decision = bool(_LABEL.match(_squeeze(s)))
            if out and (starts_decision or gap or page_break) and \
                    self._paragraph_break(out[-1][1], s, page_break):
                out.append((None, ""))
            if _CITATION_TAIL.match(s):
                s = re.sub(r"\)-$", ").", s)
            out.append((i, s))
            gap = page_break = False
        return out

    def _is_diagram_label(self, i: int) -> bool:
        """A lone capital between blank lines: a seat of the diagram before case 1 ('B')."""
        s = self.lines[i].strip()
        return bool(_DIAGRAM_LABEL.match(s)) and not self.lines[i - 1].strip() \
            and not self.lines[i + 1].strip()

    @staticmethod
    def _paragraph_break(previous: str, line: str, page_break: bool) -> bool:
        """Does `line` open a new paragraph after `previous` (blank lines or a page between)?"""
        if _CITATION_TAIL.match(line) and _CITING_WORD_AT_END.search(previous):
            return False
        if not page_break or _LABEL.match(_squeeze(line)) or _HEADER.match(_squeeze(line)):
            return True
        return bool(re.search(r"[.?!:\"'”]$", previous)) and len(_squeeze(previous)) < _SHORT_LINE

    def join(self, logical: list[tuple[int | None, str]]) -> str:
        """Clean text of logical lines: hyphenation repaired, '{' (OCR for '(') fixed."""
        text = join_lines([s for _, s in logical], known_words=self.known_words)
        return text.replace("{", "(")

    def raw(self, start: int, end: int) -> str:
        return "\n".join(self.lines[start:end + 1])

    # -- records ------------------------------------------------------------------------
    def case(self, block: Block) -> Record:
        """A case: facts, decision(s) with their label, footnotes, citations."""
        skip = {i for s, e in block.footnotes + self._footnote_spans(block) for i in range(s, e + 1)}
        logical = self.logical_lines(block.start, block.end, skip)
        logical[0] = (logical[0][0], block.header_rest)
        parts = self._split_decisions(logical)
        facts = self.join(parts[0][1])
        decisions = [self.join(p) for _, p in parts[1:]]
        footnotes = [self._footnote_text(s, e) for s, e in block.footnotes]
        if footnotes:
            facts, decisions = self._strip_marks(facts), [self._strip_marks(d) for d in decisions]
        rid = f"drayson/case/{block.number}"
        cites = self._cites(rid, block.start, [facts, *decisions, *footnotes])
        extra: dict = {"heading_cites": block.heading_cites}
        if len(decisions) > 1:
            extra["decisions"] = decisions
        if footnotes:
            extra["footnotes"] = footnotes
            extra["footnote_lines"] = [[s + 1, e + 1] for s, e in block.footnotes]
        if not decisions:
            self.warnings.append(f"line {block.start + 1}: case {block.number} has no decision")
        return Record(
            id=rid, type="case", code=None, number=str(block.number), heading=block.heading,
            text=facts, decision="\n\n".join(decisions) or None,
            label=parts[1][0] if len(parts) > 1 else None,
            page=self.pages.page_at(block.start), cites=cites, source=self.source,
            line_start=block.start + 1, line_end=block.end + 1,
            raw=self.raw(block.start, block.end), extra=extra)

    @staticmethod
    def _split_decisions(logical: list[tuple[int | None, str]]) -> list[tuple[str, list]]:
        """[('facts', lines), (label, lines), ...] split at 'Decision. —' paragraph starts."""
        parts: list[tuple[str, list]] = [("facts", [])]
        for k, (i, s) in enumerate(logical):
            m = _LABEL.match(_squeeze(s))
            if m and (k == 0 or logical[k - 1][0] is None):
                parts.append((m.group("label"), [(i, m.group("rest"))]))
            else:
                parts[-1][1].append((i, s))
        return parts

    def _footnote_text(self, start: int, end: int) -> str:
        text = self.join([(i, self.lines[i].strip()) for i in range(start, end + 1)])
        return text.lstrip("* ").strip()

    @staticmethod
    def _strip_marks(text: str) -> str:
        return _FOOTNOTE_MARK.sub("", text)

    def test(self, block: Block) -> Record:
        """A test question; its closing reference ('(Law 80 and Cases 2 and 4.)') gives the cites."""
        logical = self.logical_lines(block.start, block.end, set())
        logical[0] = (logical[0][0], block.header_rest)
        question = self.join(logical)
        m = _REFERENCE.search(question)
        reference = m.group("ref").strip() if m else ""
        if m:
            question = question[:m.start()].rstrip()
        else:
            self.warnings.append(f"line {block.start + 1}: test {block.number} has no reference")
        rid = f"drayson/test/{block.number}"
        return Record(
            id=rid, type="test", code=None, number=str(block.number), heading=block.heading,
            text=question, page=self.pages.page_at(block.start),
            cites=self._cites(rid, block.start, [reference]), source=self.source,
            line_start=block.start + 1, line_end=block.end + 1,
            raw=self.raw(block.start, block.end),
            extra={"references": reference})

    def intro(self, block: Block) -> list[Record]:
        """A group's introduction, one commentary record per paragraph."""
        logical = self.logical_lines(block.start, block.end, set())
        paragraphs, current = [], []
        for i, s in logical + [(None, "")]:
            if i is None:
                if current:
                    paragraphs.append(current)
                current = []
            else:
                current.append((i, s))
        section = "tests-intro" if block.heading == TESTS_HEADING else \
            "cases-" + re.sub(r"[^a-z]+", "-", re.sub(r"\(.*\)", "", block.heading).lower()).strip("-")
        records = []
        for n, para in enumerate(paragraphs, 1):
            rid = f"drayson/commentary/{section}/{n}"
            text = self.join(para)
            first, last = para[0][0], para[-1][0]
            records.append(Record(
                id=rid, type="commentary", code=None, number=str(n), heading=block.heading,
                text=text, page=self.pages.page_at(first), cites=self._cites(rid, first, [text]),
                source=self.source, line_start=first + 1, line_end=last + 1,
                raw=self.raw(first, last), extra={"heading_cites": block.heading_cites}))
        return records

    def _cites(self, rid: str, start: int, texts: list[str]) -> list[str]:
        """Citations of a record's texts, in order, errata applied, the record itself left
        out ('the last Decision (Case 48)' in case 48); warnings name the line."""
        cites: list[str] = []
        errata = CITATION_ERRATA.get(rid, {})
        for text in texts:
            found, warnings = extract_citations_with_warnings(text)
            self.warnings += [f"line {start + 1} ({rid}): {w}" for w in warnings]
            for c in found:
                c = errata.get(c, c)
                if c not in cites and c != rid:
                    cites.append(c)
        return cites
