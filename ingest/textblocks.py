"""Blocks of source text with their line spans, and the pieces every parser assembles from them.

Shared by ingest/hoyle.py, ingest/dawson.py and ingest/american1890.py:
  - `Block`: a line or paragraph of a source with its 1-based line span;
  - `SourceText`: a source's lines and name, making records with their provenance, and a law
    built once from its own paragraphs and its sections (`Piece`);
  - `drop_repeats`: the web copies print some paragraphs twice, once run together and once split;
  - `numbered_groups`: rules grouped under their numbers, an unnumbered introduction first;
  - `repair_glued_words`: words run together where the web copy lost a space ("InBoston,Cayenne").
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
import functools
import gzip
import json
from pathlib import Path
import re
from typing import Callable

from ingest.records import Record

# An inline heading inside a run-together paragraph: "ERRONEOUS SCORES.Any error ..."
_INLINE_HEADING = re.compile(r"([A-Z][A-Z ]+[A-Z])\.(?=\S)")


@dataclass(frozen=True)
class Block:
    """A line or paragraph of a source: its stripped lines joined with "\\n", and its place."""
    start: int                   # first line, 1-based
    end: int                     # last line, inclusive
    text: str
    lead: int | None = None      # first line of the repeated copies dropped in favour of this block
    heading: str | None = None   # inline heading found in front of it in a run-together copy

    @property
    def first(self) -> int:
        """The first line this block accounts for, its dropped copies included."""
        return self.lead if self.lead is not None else self.start


@dataclass
class SourceText:
    """A source file's lines and name, which every record of it needs for its provenance."""
    name: str
    lines: list[str]

    @classmethod
    def read(cls, path: Path) -> "SourceText":
        return cls(path.name, path.read_text(encoding="utf-8").splitlines())

    def record(self, *, start: int, end: int, **fields) -> Record:
        """A Record whose raw text is the source lines start..end (1-based, inclusive)."""
        return Record(source=self.name, line_start=start, line_end=end,
                      raw="\n".join(self.lines[start - 1:end]), **fields)

    def block_record(self, blocks: list["Block"], clean: Callable[[str], str],
                     **fields) -> Record:
        """A record made of whole blocks: their cleaned texts as paragraphs, their span."""
        return self.record(start=blocks[0].first, end=blocks[-1].end,
                           text="\n\n".join(clean(b.text) for b in blocks), **fields)

    def law_records(self, pieces: list["Piece"], *, law_id: str, code: str, number: str,
                    heading: str) -> list[Record]:
        """The law (its paragraphs and sections, each once) followed by one record per section."""
        law = self.record(start=pieces[0].block.first, end=pieces[-1].block.end,
                          id=law_id, type="law", code=code, number=number, heading=heading,
                          text="\n\n".join(p.text for p in pieces))
        sections = [
            self.record(start=p.block.start, end=p.block.end, id=f"{law_id}/{p.section}",
                        type="section", code=code, number=p.section, heading=heading,
                        text=p.section_text, parent=law_id)
            for p in pieces if p.section]
        return [law, *sections]


def line_blocks(lines: list[str]) -> list[Block]:
    """One block per non-blank line (sources that put each paragraph on one line)."""
    return [Block(i, i, s.strip()) for i, s in enumerate(lines, 1) if s.strip()]


def paragraph_blocks(lines: list[str], first: int = 1) -> list[Block]:
    """One block per run of non-blank lines; `first` is the line number of lines[0]."""
    blocks: list[Block] = []
    run: list[tuple[int, str]] = []
    for number, line in enumerate(lines + [""], first):
        if line.strip():
            run.append((number, line.strip()))
        elif run:
            blocks.append(Block(run[0][0], run[-1][0], "\n".join(s for _, s in run)))
            run = []
    return blocks


def drop_repeats(blocks: list[Block]) -> list[Block]:
    """Drop every block that repeats the blocks right after it.

    A repeat is an exact copy of the next block, or a run-together copy of the next few blocks
    (their texts concatenated, possibly with inline headings such as "BIDDING." between them).
    The first kept block remembers the first dropped line (`lead`), so a record spanning it
    still covers the copy; a block preceded by an inline heading in the copy gets that heading.
    """
    blocks = list(blocks)
    keep = [True] * len(blocks)
    for i in range(len(blocks)):
        parts = _repeated_parts(blocks, i)
        if not parts:
            continue
        keep[i] = False
        j0 = parts[0][0]
        blocks[j0] = replace(blocks[j0], lead=blocks[i].first)
        for j, heading in parts:
            if heading:
                blocks[j] = replace(blocks[j], heading=heading)
    return [b for b, k in zip(blocks, keep) if k]


def _repeated_parts(blocks: list[Block], i: int) -> list[tuple[int, str | None]]:
    """The blocks after `i` whose texts, concatenated, make up block i exactly; [] if none do."""
    rest, parts = blocks[i].text, []
    for j in range(i + 1, len(blocks)):
        following, heading = blocks[j].text, None
        if not rest.startswith(following):
            m = _INLINE_HEADING.match(rest)
            if not m or not rest[m.end():].startswith(following):
                return []
            heading, rest = m.group(1), rest[m.end():]
        rest = rest[len(following):].lstrip()
        parts.append((j, heading))
        if not rest:
            return parts
    return []


@dataclass
class Piece:
    """One paragraph of a law: its cleaned text as it reads in the law, and its section if any."""
    block: Block
    text: str                        # as printed in the law, label included ("I. Is at ...")
    section: str | None = None       # "IV", "a"
    section_text: str | None = None  # the section without its label


def numbered_groups(blocks: list[Block],
                    numeral: re.Pattern) -> list[tuple[str | None, list[Block]]]:
    """Group blocks under the numbered ones: [(None, intro blocks), ("1", [rule 1 ...]), ...].

    `numeral` matches a numbered block with groups (number, text); its block keeps only the text.
    Unnumbered blocks before the first numbered one form the intro; later ones continue a rule.
    """
    groups: list[tuple[str | None, list[Block]]] = []
    for block in blocks:
        m = numeral.match(block.text)
        if m:
            groups.append((m.group(1), [replace(block, text=m.group(2))]))
        elif groups:
            groups[-1][1].append(block)
        else:
            groups.append((None, [block]))
    return groups


# --- words run together ------------------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+")
_RARE = -16.0          # log-probability under which a token is no ordinary word
_COMMON = -12.0        # log-probability over which a word is common enough to be a glued part
_SHORT_WORDS = frozenset("an as at by do he if in is it no of on or so to up we".split())
# Words missing from spaCy's word tables because its tokenizer splits them ("can" + "not").
_SPLIT_BY_TOKENIZER = frozenset({"cannot"})


def _lookup_table(name: str) -> dict:
    """A table shipped with spacy-lookups-data (a project dependency), e.g. "en_lexeme_prob"."""
    import spacy_lookups_data
    path = Path(spacy_lookups_data.__file__).parent / "data" / f"{name}.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


@functools.lru_cache(maxsize=1)
def _log_probabilities() -> dict[str, float]:
    """English word log-probabilities (about a million words)."""
    return _lookup_table("en_lexeme_prob")


@functools.lru_cache(maxsize=1)
def _lemma_words() -> frozenset[str]:
    """The words of spaCy's English lemma table: forms and lemmas."""
    table = _lookup_table("en_lemma_lookup")
    return frozenset(table) | frozenset(table.values())


def _is_word(token: str) -> bool:
    """An ordinary English word, not something to split."""
    lower = token.lower()
    return (_log_probability(token) >= _RARE or lower in _lemma_words()
            or lower in _SPLIT_BY_TOKENIZER)


def word_counts(text: str) -> Counter:
    """Counts of the words of a source, to recognise its own proper names ("Cayenne", "Whist")."""
    return Counter(_WORD.findall(text))


def repair_glued_words(text: str, counts: Counter) -> str:
    """Put back the spaces a source lost: "InBoston,Cayenne" -> "In Boston, Cayenne".

    After punctuation a space is restored before a letter (",Cayenne", "abandoned.Should").
    A rare token ("haslessthan") is split into the fewest words each of which is common English,
    or an English name the source capitalises at least twice (`counts`, from `word_counts`:
    "Cayenne", "Whist"); real rare words ("misdealer", "aftercomer") stay whole.
    """
    text = re.sub(r"(?<=[a-z])([.!?])(?=[A-Z][a-z])", r"\1 ", text)
    text = re.sub(r"([,;])(?=[^\W\d_])", r"\1 ", text)
    return _WORD.sub(lambda m: " ".join(_split_glued(m.group(0), counts)), text)


def _log_probability(word: str) -> float:
    probs = _log_probabilities()
    return max(probs.get(word, -99.0), probs.get(word.lower(), -99.0))


def _is_part(word: str, counts: Counter) -> bool:
    if len(word) <= 2:   # two-letter words only from a closed list, single letters never
        return word.lower() in _SHORT_WORDS
    if _log_probability(word) >= _COMMON:
        return True
    return word[0].isupper() and counts[word] >= 2 and word.lower() in _log_probabilities()


def _split_glued(token: str, counts: Counter) -> list[str]:
    """The fewest known words that make up a rare token, or the token itself."""
    if len(token) < 4 or _is_word(token):
        return [token]
    best: list[list[str] | None] = [[]] + [None] * len(token)
    for end in range(1, len(token) + 1):
        for start in range(end):
            head, part = best[start], token[start:end]
            if head is not None and _is_part(part, counts):
                if best[end] is None or len(head) + 1 < len(best[end]):
                    best[end] = head + [part]
    split = best[-1]
    return split if split and len(split) > 1 else [token]
