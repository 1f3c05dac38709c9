"""Parser for L. H. Dawson, Hoyle's Games Modernized (1920s), a web preview of the book.

corpus/dawson-1920s-hoyles-games-modernized.txt: shop boilerplate, preface and contents first,
then the whist chapter with the revised English code (laws 1-94 and 12a, numbered "47.—" or
"19—", under headings such as "CARDS:"), its etiquette, Dummy, Double Dummy, and "How to learn
whist", which the preview cuts off. Parsing starts at the heading "THE LAWS OF WHIST" and stops at the shop's
"Enjoying the preview?". A paragraph printed twice, as in the Hoyle web copy, is kept once
(`textblocks.drop_repeats`; this preview has none).
"""
from __future__ import annotations

from pathlib import Path
import re

from ingest.ocr import tidy
from ingest.records import ParseResult, Record
from ingest.textblocks import (
    Block, Piece, SourceText, drop_repeats, numbered_groups, paragraph_blocks,
)

CODE = "english-revised"
START = "THE LAWS OF WHIST"
END = "Enjoying the preview?"
_LAW = re.compile(r"(\d+a?)\.?—\s*(.*)", re.S)
_SECTION = re.compile(r"(?:([IVX]+)\.|\(([a-z])\))\s+(.*)", re.S)
_HEADING = re.compile(r"([A-Z][A-Z ,.’'()-]*[A-Z])[:.]?")
_SUBTITLE = re.compile(r"\(.*\)")
_RULE = re.compile(r"(\d+)\.\s+(.*)", re.S)
_FOOTNOTE_MARK = re.compile(r"(?<=[^\s*])\*(?=\s|$)")
# Headings that open the parts after the laws; any other heading groups laws.
PART_HEADINGS = {
    "THE ETIQUETTE OF WHIST": "etiquette",
    "DUMMY": "dummy",
    "DOUBLE DUMMY": "double-dummy",
    "HOW TO LEARN WHIST, AND TO BECOME A GOOD PLAYER": "how-to-learn",
}


def parse(path: Path) -> ParseResult:
    """Records of the revised code in source order, and warnings naming line numbers."""
    src = SourceText.read(path)
    warnings: list[str] = []
    blocks = _chapter_blocks(src, warnings)
    records: list[Record] = []
    for heading, part, part_blocks in _parts_by_heading(blocks):
        new, warned = _PARSERS[part](src, heading, part_blocks)
        records += new
        warnings += warned
    return ParseResult(records, warnings)


def _chapter_blocks(src: SourceText, warnings: list[str]) -> list[Block]:
    """The paragraphs from the laws' heading to the end of the preview; warns where it is cut."""
    stripped = [line.strip() for line in src.lines]
    if START not in stripped:
        warnings.append(f"no heading {START!r}; nothing parsed")
        return []
    first = stripped.index(START)
    last = stripped.index(END) if END in stripped else len(stripped)
    if END in stripped:
        warnings.append(f"line {last + 1}: the preview ends here ({END!r}); the chapter is "
                        "incomplete")
    return drop_repeats(paragraph_blocks(src.lines[first:last], first + 1))


def _is_heading(block: Block) -> bool:
    return "\n" not in block.text and bool(_HEADING.fullmatch(block.text))


def _parts_by_heading(blocks: list[Block]) -> list[tuple[str, str, list[Block]]]:
    """(heading, part, blocks) for each heading: part is "laws" or one of PART_HEADINGS."""
    groups: list[tuple[str, str, list[Block]]] = []
    part = "laws"
    for block in blocks:
        if _is_heading(block):
            heading = _HEADING.fullmatch(block.text).group(1)
            part = PART_HEADINGS.get(heading, part)
            groups.append((heading, part, []))
        # a subtitle right under a heading, "(Reprinted ... from the Revised Code)", is skipped
        elif groups and not (_SUBTITLE.fullmatch(block.text) and not groups[-1][2]):
            groups[-1][2].append(block)
    return [g for g in groups if g[2]]


def _laws(src: SourceText, heading: str, blocks: list[Block]):
    """The laws under one heading, with their sections ("I.", "(a)")."""
    records, warnings = [], []
    for number, group in numbered_groups(blocks, _LAW):
        pieces = [_piece(block, warnings) for block in group]
        records += src.law_records(pieces, law_id=f"{CODE}/{number}", code=CODE, number=number,
                                   heading=heading)
    return records, warnings


def _piece(block: Block, warnings: list[str]) -> Piece:
    """A paragraph of a law; a footnote marker is dropped (the preview lacks the footnotes)."""
    text = tidy(block.text)
    if _FOOTNOTE_MARK.search(text):
        warnings.append(f"line {block.start}: footnote marker '*' dropped; the footnote is "
                        "not in the preview")
        text = _FOOTNOTE_MARK.sub("", text)
    m = _SECTION.match(text)
    if not m:
        return Piece(block, text)
    return Piece(block, text, m.group(1) or m.group(2), m.group(3))


def _etiquette(src: SourceText, heading: str, blocks: list[Block]):
    """The introduction, then the unnumbered rules numbered 1, 2 ... in order."""
    intro, *rules = blocks
    groups = [(None, [intro])] + [(str(n), [b]) for n, b in enumerate(rules, 1)]
    return _rules(src, heading, groups, "etiquette", "etiquette"), []


def _dummy(src: SourceText, heading: str, blocks: list[Block]):
    """The introduction, then the exceptions as numbered ("1. Dummy deals ...")."""
    return _rules(src, heading, numbered_groups(blocks, _RULE), "dummy", "dummy"), []


def _double_dummy(src: SourceText, heading: str, blocks: list[Block]):
    return _rules(src, heading, [("1", blocks)], "double-dummy", "double-dummy"), []


def _how_to_learn(src: SourceText, heading: str, blocks: list[Block]):
    """Play advice, one commentary record per paragraph; the last is cut off by the preview."""
    records = _rules(src, heading, [(str(n), [b]) for n, b in enumerate(blocks, 1)],
                     "how-to-learn", "commentary")
    last = records[-1]
    last.extra["truncated"] = True
    return records, [f"line {last.line_start}: {last.id} is cut off mid-sentence "
                     f"({last.text[-30:]!r})"]


def _rules(src: SourceText, heading: str, groups, series: str, type: str) -> list[Record]:
    """One record per group; the unnumbered introduction is a note with the id .../intro."""
    return [src.block_record(group, tidy, id=f"{CODE}/{series}/{number or 'intro'}",
                             type=type if number else "note", code=CODE, number=number,
                             heading=heading)
            for number, group in groups]


_PARSERS = {
    "laws": _laws,
    "etiquette": _etiquette,
    "dummy": _dummy,
    "double-dummy": _double_dummy,
    "how-to-learn": _how_to_learn,
}
