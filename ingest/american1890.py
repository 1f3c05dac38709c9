"""Parser for Laws of American Whist, revised and corrected (J. S. L., Chicago 1890), an OCR text.

After the title page and its library stamps: the preface; laws 1-20 (law 8 lists exceptions
(a.)-(f.), kept as sections) with footnotes marked `*` and `†` and the editor's notes marked
`(1.)`, signed "Ed.", both printed at the foot of the page, sometimes after a later law; a
proposed new law; advice to students; a "difficult position" problem; library stamps again.

Paragraphs broken by a page end (the next one starts in lower case) are joined again, skipping
a footnote printed in between. Markers are taken out of the law text and each footnote or note
is attached to the nearest law before it that carries its marker.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import re

from ingest.ocr import join_lines, tidy, vocabulary
from ingest.records import ParseResult, Record
from ingest.textblocks import Block, Piece, SourceText, paragraph_blocks

CODE = "american-1890"
START = "PREFACE."
LAWS_HEADING = "LAWS OF AMERICAN WHIST"
_NOISE = re.compile(r"GV\s*\d+.*|\.L\d+|Copy \d+|LIBRARY OF CONGRESS\.?|Class\..*|Shelf\..*"
                    r"|UNITED STATES OF AMERICA\.|\[.*illegible.*\]|[\d\s-]+")
_HEADING = re.compile(r"([A-Z][A-Z ]+[A-Z])\.")                      # "ADVICE TO STUDENTS."
# "PROPOSED NEW LAW: The partner ...", "DIFFICULT POSITION.—A and B against Y and Z.—"
_INLINE_HEADING = re.compile(r"([A-Z][A-Z ]+[A-Z])(?::|\.—)\s*(.*)", re.S)
_LAW = re.compile(r"(\d+)\.\s+(.*)", re.S)
_ITEM = re.compile(r"- \(([a-z])\.\)\s+(.*)", re.S)   # "- (a.) Name an exposed card;"
_FOOTNOTE = re.compile(r"([*†])\s+(.*)", re.S)
_NOTE = re.compile(r"\((\d+)\.\)\s+(.*)", re.S)
_ED = re.compile(r"\s*\*?Ed\.\*?$")
_INITIALS = re.compile(r"(?:[A-Z]\.\s*){2,}")                        # "J. S. L."
_SEPARATOR = re.compile(r"[*\s]+")                                   # "* * *"
_EMPHASIS = re.compile(r"\*(\S(?:[^*]*?\S)?)\*")                     # "*Except*"
_NOTE_MARK = re.compile(r"\s*\((\d+)\.?\)")
_FOOTNOTE_MARK = re.compile(r"(?<=\S)([*†])(?=\s|$)")
# Parts of the text after the laws, by their heading, and the id of their commentary series.
COMMENTARY = {
    "PREFACE": "preface",
    "PROPOSED NEW LAW": "proposed-law",
    "ADVICE TO STUDENTS": "advice",
    "DIFFICULT POSITION": "difficult-position",
}


def parse(path: Path) -> ParseResult:
    """Records of the 1890 laws in source order, and warnings naming line numbers."""
    src = SourceText.read(path)
    reader = _Reader(src)
    for block in _paragraphs(src):
        reader.read(block)
    records = sorted(reader.records(), key=lambda r: r.line_start)
    return ParseResult(records, reader.warnings)


def _paragraphs(src: SourceText) -> list[Block]:
    """The paragraphs from the preface on, without library stamps, page numbers and separators,
    and with the paragraphs a page end broke joined again."""
    stripped = [line.strip() for line in src.lines]
    first = stripped.index(START) if START in stripped else 0
    blocks = [b for b in _list_items(paragraph_blocks(src.lines[first:], first + 1))
              if not _NOISE.fullmatch(b.text) and not _SEPARATOR.fullmatch(b.text)]
    known = vocabulary("\n".join(src.lines))
    joined: list[Block] = []
    for block in blocks:
        target = _broken_paragraph(joined, block)
        if target is None:
            joined.append(block)
            continue
        before = joined[target]
        joined[target] = Block(before.start, block.end,
                               join_lines([before.text, block.text], known))
    return joined


def _list_items(blocks: list[Block]) -> list[Block]:
    """A list ("- (a.) ...", one item a line) becomes one block per item."""
    out: list[Block] = []
    for block in blocks:
        lines = block.text.split("\n")
        if len(lines) > 1 and all(line.startswith("- ") for line in lines):
            out += [Block(block.start + k, block.start + k, line) for k, line in enumerate(lines)]
        else:
            out.append(block)
    return out


def _broken_paragraph(done: list[Block], block: Block) -> int | None:
    """Index of the paragraph that `block` continues after a page end, if it does: it starts in
    lower case, and the last paragraph before it (footnotes skipped) ends mid-sentence."""
    if not block.text[:1].islower():
        return None
    for i in range(len(done) - 1, -1, -1):
        if not _FOOTNOTE.match(done[i].text):
            return i if not done[i].text.endswith((".", ";", ":", "!", "?")) else None
    return None


def _clean(text: str) -> str:
    """Plain text: emphasis asterisks, note and footnote markers and `$` of formulas removed."""
    text = _EMPHASIS.sub(r"\1", text)
    text = _NOTE_MARK.sub("", text)
    text = _FOOTNOTE_MARK.sub("", text)
    return tidy(text.replace("$", ""))


def _markers(text: str) -> list[str]:
    """The note numbers ("1") and footnote marks ("*", "†") a law paragraph carries, in order."""
    text = _EMPHASIS.sub(r"\1", text)
    return [m.group(1) for m in _NOTE_MARK.finditer(text)] + \
        [m.group(1) for m in _FOOTNOTE_MARK.finditer(text)]


@dataclass
class _Law:
    number: str
    pieces: list[Piece]
    open_markers: list[str]                     # markers not yet matched with a footnote or note
    footnotes: list[Block] = field(default_factory=list)


@dataclass
class _Text:
    """An editor's note or a commentary paragraph: its blocks, and the signature closing it."""
    blocks: list[Block]
    series: str                 # "note/8", "commentary/preface"
    number: str
    heading: str
    law: str | None = None      # a note's law
    title: str | None = None
    signed: str | None = None
    end: int | None = None      # the signature's line


class _Reader:
    """Reads the paragraphs in order, keeping track of the part, the laws and the open note."""

    def __init__(self, src: SourceText):
        self.src = src
        self.part = ""                    # a COMMENTARY key, or LAWS_HEADING
        self.title: str | None = None     # what follows an inline heading ("A and B against ...")
        self.laws: list[_Law] = []
        self.texts: list[_Text] = []      # notes and commentary paragraphs, in order
        self.open_note: _Text | None = None
        self.warnings: list[str] = []

    def read(self, block: Block) -> None:
        """Take one paragraph: a heading, a signature, or text of the current part."""
        text = block.text
        heading, inline = _HEADING.fullmatch(text), _INLINE_HEADING.fullmatch(text)
        if heading:
            self.part, self.title = heading.group(1), None
        elif inline and inline.group(1) in COMMENTARY:
            self.part, self.title = inline.group(1), inline.group(2).strip(" —") or None
            if self.part == "PROPOSED NEW LAW":   # the heading runs into its only paragraph
                rest, self.title = self.title, None
                self._commentary(Block(block.start, block.end, rest))
        elif _INITIALS.fullmatch(text) or _ED.fullmatch(text):
            self._sign(block)
        elif self.part == LAWS_HEADING:
            self._law_part(block)
        elif self.part in COMMENTARY:
            self._commentary(block)
        else:
            self.warnings.append(f"line {block.start}: paragraph outside any part, "
                                 f"skipped: {text[:40]!r}")

    def _sign(self, block: Block) -> None:
        """A signature closes the open note, or else signs the last commentary paragraph."""
        target = self.open_note or (self.texts[-1] if self.texts else None)
        if target is None:
            return
        target.signed, target.end = block.text.strip("*"), block.end
        self.open_note = None

    def _commentary(self, block: Block) -> None:
        """A paragraph of the current commentary part; a trailing "*Ed.*" is its signature."""
        series = f"commentary/{COMMENTARY[self.part]}"
        number = sum(t.series == series for t in self.texts) + 1
        paragraph = _Text([block], series, str(number), self.part, title=self.title)
        ed = _ED.search(block.text)
        if ed:   # "... the American game. *Ed.*"
            paragraph.blocks = [Block(block.start, block.end, block.text[:ed.start()])]
            paragraph.signed = "Ed."
        self.texts.append(paragraph)

    def _law_part(self, block: Block) -> None:
        """A law, a footnote, the start or rest of an editor's note, or more of the last law."""
        text = block.text
        law, footnote, note = _LAW.match(text), _FOOTNOTE.match(text), _NOTE.match(text)
        if law:
            self.laws.append(_Law(law.group(1), [Piece(block, _clean(law.group(2)))],
                                  _markers(law.group(2))))
        elif footnote:
            self._footnote_law(footnote.group(1), block).footnotes.append(block)
        elif note:
            self.open_note = self._note(note.group(1), block)
            self.texts.append(self.open_note)
        elif self.open_note:
            self.open_note.blocks.append(block)
        elif self.laws:
            self._law_paragraph(self.laws[-1], block)

    def _law_paragraph(self, law: _Law, block: Block) -> None:
        """A further paragraph of a law, or one of its lettered exceptions (a section)."""
        item = _ITEM.match(block.text)
        if item:
            body = _clean(item.group(2))
            law.pieces.append(Piece(block, f"({item.group(1)}.) {body}", item.group(1), body))
        else:
            law.pieces.append(Piece(block, _clean(block.text)))
        law.open_markers += _markers(block.text)

    def _footnote_law(self, mark: str, block: Block) -> _Law:
        """The nearest law before the footnote that carries its mark unmatched."""
        law = self._take_marker(mark)
        if law is None:
            law = self.laws[-1]
            self.warnings.append(f"line {block.start}: footnote {mark!r} matches no "
                                 f"marker; attached to law {law.number}")
        return law

    def _note(self, number: str, block: Block) -> _Text:
        """An editor's note, attached to the nearest law before it that carries its number.

        A number no law carries is an OCR misreading ("(5.)" for "(2.)"): the note then takes
        the first unmatched number of the law the previous note belongs to."""
        law = self._take_marker(number)
        if law is None:
            notes = [t for t in self.texts if t.law]
            law = self._law(notes[-1].law) if notes else self.laws[-1]
            numbers = [m for m in law.open_markers if m.isdigit()]
            if numbers:
                law.open_markers.remove(numbers[0])
            read_as = numbers[0] if numbers else number
            self.warnings.append(f"line {block.start}: note ({number}.) matches no "
                                 f"marker; read as ({read_as}.) of law {law.number}")
            number = read_as
        body = Block(block.start, block.end, _NOTE.match(block.text).group(2))
        return _Text([body], f"note/{law.number}", number, LAWS_HEADING, law=law.number)

    def _take_marker(self, marker: str) -> _Law | None:
        """The nearest law carrying `marker` unmatched, the marker then used up; or None."""
        for law in reversed(self.laws):
            if marker in law.open_markers:
                law.open_markers.remove(marker)
                return law
        return None

    def _law(self, number: str) -> _Law:
        return next(law for law in self.laws if law.number == number)

    def records(self) -> list[Record]:
        """Laws with their sections and footnotes, then notes and commentary."""
        records = []
        for law in self.laws:
            records += self._law_records(law)
        return records + [self._text_record(t) for t in self.texts]

    def _law_records(self, law: _Law) -> list[Record]:
        law_id = f"{CODE}/{law.number}"
        records = self.src.law_records(law.pieces, law_id=law_id, code=CODE, number=law.number,
                                       heading=LAWS_HEADING)
        for k, block in enumerate(law.footnotes, 1):
            mark, text = _FOOTNOTE.match(block.text).groups()
            records.append(self.src.record(
                start=block.start, end=block.end, id=f"{CODE}/footnote/{law.number}/{k}",
                type="footnote", code=CODE, number=str(k), heading=LAWS_HEADING,
                text=_clean(text), parent=law_id, extra={"marker": mark}))
        for marker in law.open_markers:
            self.warnings.append(f"line {law.pieces[0].block.start}: law "
                                 f"{law.number}: marker {marker!r} has no footnote or note")
        return records

    def _text_record(self, t: _Text) -> Record:
        extra = {"signed": t.signed} if t.signed else {}
        if t.law:
            extra["marker"] = f"({t.number}.)"
        return self.src.record(
            start=t.blocks[0].start, end=t.end or t.blocks[-1].end,
            id=f"{CODE}/{t.series}/{t.number}", type="note" if t.law else "commentary",
            code=CODE, number=t.number, heading=t.heading, title=t.title,
            text="\n\n".join(_clean(b.text) for b in t.blocks),
            parent=f"{CODE}/{t.law}" if t.law else None, extra=extra)
