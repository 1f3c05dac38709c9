"""Parser for the web copy of a Hoyle of about 1900 (corpus/hoyle-1900-whist.txt).

The copy holds, one paragraph a line and without any headings (they were lost):
the American code of 1894 from law 17 to 39, each law followed by notes on how Boston, Cayenne
and Solo Whist differ; the American etiquette (1-9); "Erroneous scores" and "Bidding"; the
English code 1-91; its etiquette, Dummy and Double Dummy; then the poker chapter (not parsed).
Its parts are recognised by their opening paragraphs (`PARTS`).

Every paragraph with roman-numbered sections, and every note, is printed twice (run together,
then split, or simply repeated): the first copy is dropped (`textblocks.drop_repeats`), so each
law and section is built once. Words the copy ran together are repaired
(`textblocks.repair_glued_words`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
import re
from typing import Callable

from ingest.citations import to_roman
from ingest.ocr import tidy
from ingest.records import ParseResult, Record
from ingest.textblocks import (
    Block, Piece, SourceText, drop_repeats, line_blocks, numbered_groups,
    repair_glued_words, word_counts,
)

_LAW = re.compile(r"(\d+)\.\s+(.*)", re.S)
_SECTION = re.compile(r"([IVX]+)\.\s+(.*)", re.S)
_VARIANT_NOTE = re.compile(r"In (Boston|Cayenne|Solo|Misère)|This law does not apply to")
NOTE_HEADING = "BOSTON, CAYENNE AND SOLO WHIST"
# Drayson numbers the English etiquette I-VIII and prints this paragraph inside rule V.
_ETIQUETTE_CONTINUATIONS = ("It is unfair to revoke purposely",)
NOTE_SERIES = "boston-cayenne-solo"


@dataclass(frozen=True)
class Part:
    """A part of the copy: its name, the heading its records stand under ("" where the copy
    lost it: the builder then takes Drayson's), and how it opens."""
    name: str
    heading: str
    opens: Callable[[Block], bool]


def _starts(prefix: str) -> Callable[[Block], bool]:
    return lambda block: block.text.startswith(prefix)


PARTS = (
    Part("american-laws", "", lambda block: True),
    Part("american-etiquette", "WHIST ETIQUETTE",
         _starts("The following rules belong to the established code of Whist Etiquette")),
    Part("american-notes", "", lambda block: block.heading is not None),
    Part("english-laws", "", _starts("1. ")),
    Part("english-etiquette", "",
         _starts("The following rules belong to the established Etiquette of Whist")),
    Part("english-dummy", "", _starts("Is played by three players")),
    Part("english-double-dummy", "", _starts("Is played by two players")),
    Part("poker", "", lambda block: True),   # whatever follows the one Double Dummy paragraph
)


def parse(path: Path) -> ParseResult:
    """Records of the Hoyle copy in source order, and warnings naming line numbers."""
    src = SourceText.read(path)
    counts = word_counts("\n".join(src.lines))
    blocks = [replace(b, text=repair_glued_words(b.text, counts))
              for b in drop_repeats(line_blocks(src.lines))]
    records: list[Record] = []
    warnings = ["the copy has lost its headings (law groups, Etiquette, Dummy, Double Dummy): "
                "those records have an empty heading"]
    for part, part_blocks in _split_parts(blocks):
        new, warned = _PARSERS[part.name](src, part, part_blocks)
        records += new
        warnings += warned
    return ParseResult(records, warnings)


def _split_parts(blocks: list[Block]) -> list[tuple[Part, list[Block]]]:
    """Cut the blocks where each part, in order, opens."""
    parts = [(PARTS[0], [])]
    for block in blocks:
        following = len(parts)
        if following < len(PARTS) and parts[-1][1] and PARTS[following].opens(block):
            parts.append((PARTS[following], []))
        parts[-1][1].append(block)
    return parts


def _american_laws(src: SourceText, part: Part, blocks: list[Block]):
    return _laws(src, part, blocks, "american-1894")


def _english_laws(src: SourceText, part: Part, blocks: list[Block]):
    return _laws(src, part, blocks, "english")


def _laws(src: SourceText, part: Part, blocks: list[Block], code: str):
    """Laws with their sections, and the variant notes that follow a law."""
    units = _law_units(blocks)
    warnings, incomplete = [], None
    if units and units[0][0] is None:   # sections before any numbered law: its opening is lost
        incomplete = str(int(units[1][0]) - 1)
        units[0] = (incomplete, *units[0][1:])
        warnings.append(f"line {units[0][1][0].block.first}: law {incomplete} starts without "
                        "its opening paragraph (numbered from the law after it)")
    records = []
    for number, pieces, notes in units:
        law_id = f"{code}/{number}"
        law, *sections = src.law_records(pieces, law_id=law_id, code=code, number=number,
                                         heading=part.heading)
        if number == incomplete:
            law.extra["incomplete"] = "the opening paragraph is missing from this copy"
        records += [law, *sections]
        if notes:
            records.append(src.block_record(
                notes, tidy, id=f"{code}/note/{NOTE_SERIES}/{number}", type="note", code=code,
                number=number, heading=NOTE_HEADING, parent=law_id))
    return records, warnings


def _law_units(blocks: list[Block]) -> list[tuple[str | None, list[Piece], list[Block]]]:
    """(number, pieces, notes) per law: a numbered paragraph opens a law; sections and plain
    paragraphs belong to it, until a note on Boston, Cayenne or Solo begins its notes."""
    units: list[tuple[str | None, list[Piece], list[Block]]] = []
    for block in blocks:
        law, section = _LAW.match(block.text), _SECTION.match(block.text)
        if law:
            units.append((law.group(1), [Piece(block, tidy(law.group(2)))], []))
            continue
        if not units:
            units.append((None, [], []))
        _, pieces, notes = units[-1]
        if notes or _VARIANT_NOTE.match(block.text):
            notes.append(block)
        elif section:
            pieces.append(Piece(block, tidy(block.text), section.group(1), tidy(section.group(2))))
        else:
            pieces.append(Piece(block, tidy(block.text)))
    return units


def _american_etiquette(src: SourceText, part: Part, blocks: list[Block]):
    """The introduction, then rules 1-9."""
    return _rules(src, part, numbered_groups(blocks, _LAW), "american-1894", "etiquette",
                  "etiquette"), []


def _american_notes(src: SourceText, part: Part, blocks: list[Block]):
    """Paragraphs under the headings the copy runs into its text ("ERRONEOUS SCORES.")."""
    records, heading, n = [], "", 0
    for block in blocks:
        if block.heading:
            heading, n = block.heading, 0
        n += 1
        series = heading.lower().replace(" ", "-")
        records.append(src.block_record([block], tidy, id=f"american-1894/note/{series}/{n}",
                                        type="note", code="american-1894", number=str(n),
                                        heading=heading))
    return records, []


def _english_etiquette(src: SourceText, part: Part, blocks: list[Block]):
    """The introduction, then unnumbered rules, numbered I-VIII as the code prints them."""
    intro, *rules = blocks
    groups: list[tuple[str | None, list[Block]]] = [(None, [intro])]
    for block in rules:
        if block.text.startswith(_ETIQUETTE_CONTINUATIONS):
            groups[-1][1].append(block)
        else:
            groups.append((to_roman(len(groups)), [block]))
    warnings = [f"line {b.start}: etiquette paragraph kept inside rule V, as the code numbers it"
                for b in rules if b.text.startswith(_ETIQUETTE_CONTINUATIONS)]
    return _rules(src, part, groups, "english", "etiquette", "etiquette"), warnings


def _english_dummy(src: SourceText, part: Part, blocks: list[Block]):
    """The introduction, then the exceptions I-III."""
    return _rules(src, part, numbered_groups(blocks, _SECTION), "english", "dummy", "dummy"), []


def _english_double_dummy(src: SourceText, part: Part, blocks: list[Block]):
    return _rules(src, part, [("1", blocks)], "english", "double-dummy", "double-dummy"), []


def _poker(src: SourceText, part: Part, blocks: list[Block]):
    return [], [f"lines {blocks[0].start}-{blocks[-1].end}: the poker chapter after Double "
                "Dummy, not parsed"]


def _rules(src: SourceText, part: Part, groups, code: str, series: str, type: str) -> list[Record]:
    """One record per group; the unnumbered introduction is a note with the id .../intro."""
    return [src.block_record(group, tidy, id=f"{code}/{series}/{number or 'intro'}",
                             type=type if number else "note", code=code, number=number,
                             heading=part.heading)
            for number, group in groups]


_PARSERS = {
    "american-laws": _american_laws,
    "american-etiquette": _american_etiquette,
    "american-notes": _american_notes,
    "english-laws": _english_laws,
    "english-etiquette": _english_etiquette,
    "english-dummy": _english_dummy,
    "english-double-dummy": _english_double_dummy,
    "poker": _poker,
}
