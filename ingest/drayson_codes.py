"""Drayson 1896: the codes and Drayson's own remarks, as records.

Parsed from the OCR of *Whist Laws and Whist Decisions* (the cases and the test questions are
another module's business):

  english/1 .. english/91            the English club code, sections as english/72/I ...
  english/etiquette/I .. VIII        Etiquette of Whist      (intro: note english/etiquette/intro)
  english/dummy/I .. III             Dummy                   (intro: note english/dummy/intro)
  english/double-dummy/1             Double Dummy, one record, intro included
  american-1894/1 .. 39              the American laws of 1894, sections likewise
  drayson/commentary/preface/N       the Preface, paragraph by paragraph
  drayson/commentary/american-laws/N "American Whist Laws" (Drayson's remarks on the 1893 code)
  drayson/commentary/disputes/N      "Disputes about Penalties"

Pages come from the book's page model (ingest.drayson_pages). The Preface is paginated in
roman numerals: its records have page=None and extra["page_roman"].

The American commentary cites the 1893 code; its law and section numbers are those of the 1894
code, so the cites point at american-1894 ids.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
import re

from ingest.citations import to_roman
from ingest.drayson_pages import Pages, find_pages
from ingest.ocr import join_lines, repair_number, title_case, vocabulary
from ingest.records import ParseResult, Record

ROMAN = tuple(to_roman(n) for n in range(1, 11))
_SECTION = re.compile(r"^[\"“]?(X|IX|IV|V?I{1,3}|V)\.\s+")
_LAW_START = re.compile(r"^([0-9iIlnoOQSyj|!]{1,3}(?: [0-9iIl])?) ?[.\-]\s+(?=\S)")
_HEADING = re.compile(r"[A-Z][A-Z ,'\-]*[A-Z]")
_TERMINAL = tuple(".;:!?—\"')’”")
_STRAY_NUMERAL = re.compile(r"[0-9iIlo]{1,3}")


# ---------------------------------------------------------------- the prepared source

@dataclass
class Line:
    """A line of text that survives cleaning: its 0-based index, text, and paragraph status."""
    idx: int
    text: str
    para_start: bool = False


@dataclass
class Source:
    name: str
    lines: list[str]
    junk: set[int]                  # 0-based lines that are page furniture or stray numerals
    pages: Pages
    vocab: set[str]
    counts: Counter                 # word counts, words split at a line end left out
    warnings: list[str] = field(default_factory=list)


def _load(path: Path) -> Source:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    pages = find_pages(lines)
    junk = pages.furniture | {i for i in range(len(lines) - 1)
                              if _STRAY_NUMERAL.fullmatch(lines[i].strip()) and not lines[i + 1].strip()}
    unbroken = re.sub(r"\w+-\^?\s*\n\s*\w+", " ", text)   # words split at a line end don't count
    words = re.findall(r"[a-z]+", unbroken.lower())
    return Source(path.name, lines, junk, pages, vocabulary(text), Counter(words))


# ---------------------------------------------------------------- lines -> paragraphs -> text

def _is_heading(text: str) -> bool:
    return len(text) >= 4 and bool(_HEADING.fullmatch(text))


def _is_terminal(text: str) -> bool:
    return text.endswith(_TERMINAL) or text.endswith("--")


def _lines(src: Source, lo: int, hi: int) -> list[Line]:
    """The text lines of [lo, hi) with page numbers dropped and paragraph starts marked.

    One blank line is a paragraph break unless the next line starts in lower case. A longer
    gap (a page break) is one unless the line before it is unfinished (no closing punctuation)
    or the line after starts in lower case: then the page breaks mid-sentence.
    A roman section marker after a finished line starts a paragraph even without a gap.
    """
    out: list[Line] = []
    gap = 2                         # blank lines (a page number counts two) before this line
    for i in range(lo, hi):
        s = src.lines[i].strip()
        if i in src.junk or not s:
            gap += 2 if i in src.junk else 1
            continue
        line = Line(i, re.sub(r"^,(?=\w)", "", s))
        prev = out[-1].text if out else ""
        finished = not out or _is_terminal(prev) or _is_heading(prev) or _is_heading(s)
        if _SECTION.match(s):
            line.para_start = finished or gap
        elif gap == 1:
            line.para_start = not s[:1].islower() or bool(_LAW_START.match(s))
        elif gap:                   # a page break: ':' and '—' lead on to the next page
            finished = finished and not prev.endswith((":", "—"))
            line.para_start = finished and not (s[:1].islower() and not _LAW_START.match(s))
        out.append(line)
        gap = 0
    return out


def _paragraphs(lines: list[Line]) -> list[list[Line]]:
    paras: list[list[Line]] = []
    for line in lines:
        if line.para_start or not paras:
            paras.append([])
        paras[-1].append(line)
    return paras


def _text(src: Source, paras: list[list[Line]], strip: re.Pattern | None = None) -> str:
    """Clean text of paragraphs; `strip` removes a leading number or marker from the first line."""
    rows: list[str] = []
    for para in paras:
        if rows:
            rows.append("")
        rows.extend(line.text for line in para)
    if strip is not None and rows:
        rows[0] = strip.sub("", rows[0], count=1)
    return _repair(join_lines(rows, known_words=src.vocab), src.counts)


_TEXT_FIXES = (
    (re.compile(r",?/\.\*\?\.,"), ", i.e.,"),             # 'changed,/.*?.,'
    (re.compile(r"\b[it]\. ?e\.,"), "i.e.,"),             # 't. e.,'
    (re.compile(r"\be\. g\.,"), "e.g.,"),
    (re.compile(r"/'"), '"'),                             # closing quote read as /'
    (re.compile(r"(?<=\w)\*|■"), ""),                     # specks: 'When* such', '?■'
    (re.compile(r",,"), ","),
    (re.compile(r"\b(the|a|an)\. (?=[a-z])"), r"\1 "),     # 'win the. game'
    (re.compile(r"\b([a-z]+)(?:- | -)([a-z]+)\b"), r"\1-\2"),  # 'non- revoking', 'twenty -five'
)


def _repair(text: str, counts: Counter) -> str:
    """General OCR repairs on cleaned text; see _TEXT_FIXES and _fix_word."""
    for pattern, repl in _TEXT_FIXES:
        text = pattern.sub(repl, text)
    if "{" in text and "}" not in text:
        text = text.replace("{", "(")
    text = "\n\n".join(_fix_quotes(p) for p in text.split("\n\n"))
    return re.sub(r"[A-Za-z]+", lambda m: _fix_word(m.group(0), counts), text)


def _fix_quotes(paragraph: str) -> str:
    """'the " decision " on' -> 'the "decision" on': in a paragraph whose quotes pair up, the
    odd ones open (no space after) and the even ones close (no space before)."""
    parts = paragraph.split('"')
    if len(parts) % 2 == 0:
        return paragraph
    for k in range(1, len(parts)):
        parts[k] = parts[k].lstrip() if k % 2 else parts[k]
        parts[k - 1] = parts[k - 1].rstrip() if k % 2 == 0 else parts[k - 1]
    return '"'.join(parts)


def _fix_word(word: str, counts: Counter) -> str:
    """'jnay' -> 'may', 'lias' -> 'has': a rare word that becomes a common one when a known
    letter confusion (jn for m, li for h) is undone."""
    low = word.lower()
    if counts[low] > 2:
        return word
    for bad, good in (("jn", "m"), ("li", "h")):
        if bad in low:
            fixed = low.replace(bad, good, 1)
            if counts[fixed] >= 10:
                return fixed if word.islower() else fixed.capitalize()
    return word


# ---------------------------------------------------------------- building records

def _record(src: Source, rid: str, rtype: str, code: str | None, number: str | None,
            heading: str, lines: list[Line], text: str, **kw) -> Record:
    start, end = lines[0].idx, lines[-1].idx
    page, roman = src.pages.page_at(start), src.pages.roman_at(start)
    extra = kw.pop("extra", {})
    if roman:
        extra = {**extra, "page_roman": roman}
    return Record(id=rid, type=rtype, code=code, number=number, heading=heading, text=text,
                  raw="\n".join(src.lines[start:end + 1]), source=src.name,
                  line_start=start + 1, line_end=end + 1, page=page, extra=extra, **kw)


def _find(src: Source, title: str, start: int = 0) -> int:
    """Index of the first line from `start` that reads `title` (spacing ignored)."""
    want = title.split()
    for i in range(start, len(src.lines)):
        if src.lines[i].split() == want:
            return i
    raise ValueError(f"{src.name}: heading {title!r} not found after line {start + 1}")


def _split_sections(src: Source, paras: list[list[Line]], where: str):
    """Split paragraphs into (head, [(roman, paragraphs)]): a section runs from its marker to
    the next marker or the next paragraph that has none (the law's closing words)."""
    head: list[list[Line]] = []
    sections: list[tuple[str, list[list[Line]]]] = []
    for para in paras:
        m = _SECTION.match(para[0].text)
        if m:
            sections.append((m.group(1), [para]))
        elif not sections:
            head.append(para)
    numerals = [r for r, _ in sections]
    if numerals != list(ROMAN[:len(numerals)]):
        src.warnings.append(f"{where}: sections out of sequence: {numerals}")
    return head, sections


def _section_records(src: Source, law: Record, paras: list[list[Line]]) -> list[Record]:
    _, sections = _split_sections(src, paras, f"line {law.line_start} ({law.id})")
    return [_record(src, f"{law.id}/{r}", "section", law.code, r, law.heading,
                    [ln for p in ps for ln in p], _text(src, ps, _SECTION), parent=law.id)
            for r, ps in sections]


def _parse_code(src: Source, lo: int, hi: int, code: str) -> list[Record]:
    """Numbered laws under headings, each law followed by its section records."""
    laws: list[tuple[int, str, list[Line]]] = []
    heading: list[str] = []
    last_heading_idx = -2
    expected = 1
    for line in _lines(src, lo, hi):
        if _is_heading(line.text):
            heading = heading + [line.text] if line.idx == last_heading_idx + 1 else [line.text]
            last_heading_idx = line.idx
            laws.append((0, "", []))            # a heading closes the law before it
            continue
        n = _law_number(src, line, expected)
        if n is not None:
            laws.append((n, title_case(" ".join(heading)), [line]))
            expected = n + 1
        elif laws and laws[-1][0]:
            laws[-1][2].append(line)
    records: list[Record] = []
    for n, head, lines in (law for law in laws if law[0]):
        paras = _paragraphs(lines)
        law = _record(src, f"{code}/{n}", "law", code, str(n), head, lines,
                      _text(src, paras, _LAW_START))
        records += [law, *_section_records(src, law, paras)]
    return records


def _law_number(src: Source, line: Line, expected: int) -> int | None:
    """The law number that starts this paragraph, if it is the next one (or the one after)."""
    m = _LAW_START.match(line.text)
    if not (line.para_start and m) or re.fullmatch(r"[IVX]+", m.group(1)):
        return None
    n = repair_number(m.group(1), numeral_expected=True)
    if n not in (expected, expected + 1):
        return None
    if n == expected + 1:
        src.warnings.append(f"line {line.idx + 1}: law {expected} missing before law {n}")
    if m.group(0).strip() != f"{n}.":
        src.warnings.append(f"line {line.idx + 1}: law number {m.group(0).strip()!r} read as {n}")
    return n


def _parse_rules(src: Source, lo: int, hi: int, kind: str) -> list[Record]:
    """Etiquette or Dummy: an introduction (a note) and roman-numbered rules."""
    lines = _lines(src, lo, hi)
    title = title_case(lines[0].text)
    head, sections = _split_sections(src, _paragraphs(lines[1:]), f"line {lo + 1} ({kind})")
    records = []
    if head:
        records.append(_record(src, f"english/{kind}/intro", "note", "english", None, title,
                               [ln for p in head for ln in p], _text(src, head)))
    for r, ps in sections:
        records.append(_record(src, f"english/{kind}/{r}", kind, "english", r, title,
                               [ln for p in ps for ln in p], _text(src, ps, _SECTION)))
    return records


def _parse_double_dummy(src: Source, lo: int, hi: int) -> list[Record]:
    lines = _lines(src, lo, hi)
    return [_record(src, "english/double-dummy/1", "double-dummy", "english", "1",
                    title_case(lines[0].text), lines[1:],
                    _text(src, _paragraphs(lines[1:])))]


# ---------------------------------------------------------------- commentary and its citations

_REF = re.compile(
    r"\b(?P<kind>Law|Rule|Section|Cases?)\s+(?P<n>\d+)"
    r"(?:\s*,?\s*Section\s*,?\s*(?P<sec>\d+))?"
    r"(?P<more>(?:\s*(?:,|and)\s*\d+)*)")
_CODE_AFTER = re.compile(r"^[^.;]{0,30}?\b(English|American)\b")


def _cites(text: str, default: str) -> list[str]:
    """Ids of the laws, sections and Drayson cases a paragraph mentions, in order.

    The code of a law is the one named just after it ('Law 91, English code'), else the one
    named last before it in the paragraph, else `default`. A bare 'Section N' belongs to the
    law cited last. Cases of *The Art of Practical Whist* are not Drayson's cases.
    """
    ids: list[str] = []
    last_law = None
    for m in _REF.finditer(text):
        kind, n = m.group("kind"), int(m.group("n"))
        if kind.startswith("Case"):
            if not re.match(r"\s*,\s*The\s+Art", text[m.end():]):
                nums = [n] + [int(x) for x in re.findall(r"\d+", m.group("more"))]
                ids += [f"drayson/case/{k}" for k in nums]
            continue
        if kind == "Section":
            if last_law and 1 <= n <= len(ROMAN):
                ids.append(f"{last_law}/{ROMAN[n - 1]}")
            continue
        after = _CODE_AFTER.match(text[m.end():])
        before = re.findall(r"\b(English|American)\b", text[:m.start()])
        named = after.group(1) if after else (before[-1] if before else None)
        code = {"English": "english", "American": "american-1894"}.get(named, default)
        last_law = f"{code}/{n}"
        sec = m.group("sec")
        ids.append(f"{last_law}/{ROMAN[int(sec) - 1]}" if sec and 1 <= int(sec) <= 10 else last_law)
    return list(dict.fromkeys(ids))


def _merge_short(paras: list[list[Line]]) -> list[list[Line]]:
    """A quoted or listed section ('"I. To have a new deal') joins the paragraph before it; a
    paragraph under twelve words joins the one before it, or the next if it is the first."""
    out: list[list[Line]] = []
    carry: list[Line] = []
    for para in paras:
        words = len(" ".join(ln.text for ln in para).split())
        if out and (_SECTION.match(para[0].text) or words < 12):
            out[-1] += para
        elif not out and words < 12:
            carry += para
        else:
            out.append(carry + para)
            carry = []
    return out + ([carry] if carry else [])


def _parse_commentary(src: Source, lo: int, hi: int, slug: str, default: str,
                      inherit: bool) -> list[Record]:
    """Paragraph records under the part's headings; `inherit`: a paragraph citing nothing
    discusses what the paragraph just before it (same heading) cites, if that one cites."""
    records: list[Record] = []
    groups: list[tuple[str, list[list[Line]]]] = []
    for line in _lines(src, lo, hi):
        if _is_heading(line.text):
            groups.append((title_case(line.text), []))
        elif groups:
            if line.para_start or not groups[-1][1]:
                groups[-1][1].append([])
            groups[-1][1][-1].append(line)
    for heading, paras in groups:
        previous: list[str] = []
        for para in _merge_short(paras):
            text = _text(src, [para])
            cites = _cites(text, default)
            discusses = list(dict.fromkeys(
                c if c.startswith("drayson/") else "/".join(c.split("/")[:2]) for c in cites))
            if not discusses and inherit:
                discusses = previous
            previous = discusses if cites else []
            n = len(records) + 1
            records.append(_record(src, f"drayson/commentary/{slug}/{n}", "commentary", None,
                                   str(n), heading, para, text, cites=cites,
                                   extra={"discusses": discusses}))
    return records


# ---------------------------------------------------------------- the whole source

def parse(path: Path) -> ParseResult:
    """All records of the codes and commentary in Drayson's book, in source order."""
    src = _load(Path(path))
    preface = _find(src, "PREFACE")
    laws = _find(src, "THE LAWS", preface)
    etiquette = _find(src, "ETIQUETTE OF WHIST", laws)
    dummy = _find(src, "DUMMY", etiquette)
    double = _find(src, "DOUBLE DUMMY", dummy)
    american = _find(src, "AMERICAN WHIST LAWS", double)
    disputes = _find(src, "DISPUTES ABOUT PENALTIES", american)
    bets = _find(src, "BETS", disputes)
    code_1894 = _find(src, "THE LAWS OF WHIST", bets)
    index = _find(src, "INDEX TO LAWS AND CASES", code_1894)
    src.warnings += src.pages.guessed(outside=range(bets, code_1894))   # the cases' are theirs
    records = (
        _parse_commentary(src, preface, _find(src, "WHIST LAWS", preface), "preface",
                          "english", inherit=False)
        + _parse_code(src, laws + 1, etiquette, "english")
        + _parse_rules(src, etiquette, dummy, "etiquette")
        + _parse_rules(src, dummy, double, "dummy")
        + _parse_double_dummy(src, double, american)
        + _parse_commentary(src, american, disputes, "american-laws", "american-1894",
                            inherit=True)
        + _parse_commentary(src, disputes, bets, "disputes", "english", inherit=False)
        + _parse_code(src, code_1894, index, "american-1894")
    )
    _check_spans(src, records)
    return ParseResult(records=records, warnings=src.warnings)


def _check_spans(src: Source, records: list[Record]) -> None:
    """Warn about stray numeral lines dropped inside a record, and OCR specks left in text."""
    for i in sorted(src.junk):
        if src.pages.page_at(i) is not None and i not in src.pages.furniture:
            if any(r.line_start <= i + 1 <= r.line_end for r in records):
                src.warnings.append(f"line {i + 1}: stray numeral {src.lines[i].strip()!r} dropped")
    for r in records:
        for m in re.finditer(r"[^\w\s.,;:!?'\"()\-—&]", r.text):
            src.warnings.append(f"{r.id}: unrepaired character {m.group(0)!r} in text")
