"""Corpus -> validated records: check the manifest, run one parser per source, merge the two
copies of a code (cleaner text first, the other kept as a variant with its real wording
differences), resolve every citation to an id that exists."""
from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Callable, Iterable

from rapidfuzz import fuzz

from ingest import american1890, corpus, dawson, drayson_cases, drayson_codes, hoyle
from ingest.citations import extract_citations_with_warnings
from ingest.records import ParseResult, Record

# Which parsers read which source (by manifest key).
PARSERS: dict[str, list[Callable[[Path], ParseResult]]] = {
    "drayson": [drayson_codes.parse, drayson_cases.parse],
    "hoyle": [hoyle.parse],
    "dawson": [dawson.parse],
    "american1890": [american1890.parse],
}
# Where a code is printed twice, the cleaner copy comes first.
PREFERRED_SOURCE = {"english": "hoyle", "american-1894": "hoyle"}
# ... but only Drayson prints the topical headings ("THE REVOKE") over these codes.
HEADINGS_FROM = {"english": "drayson", "american-1894": "drayson"}


def run(corpus_dir: Path = corpus.DEFAULT_CORPUS,
        progress: Callable[[Iterable], Iterable] = lambda it: it) -> ParseResult:
    """Verify the corpus, parse every source, merge and validate. Raises CorpusError."""
    sources = corpus.load_manifest(corpus_dir)
    corpus.verify(sources)
    parsed: list[tuple[str, Record]] = []
    warnings: list[str] = []
    for source in progress(sources):
        for parse in PARSERS[source.key]:
            result = parse(source.path)
            parsed += [(source.key, r) for r in result.records]
            warnings += [f"{source.path.name}: {w}" for w in result.warnings]
    records, merge_warnings = merge(parsed)
    warnings += merge_warnings
    warnings += resolve_citations(records)
    return ParseResult(records, warnings)


def merge(parsed: list[tuple[str, Record]]) -> tuple[list[Record], list[str]]:
    """One record per id. Where two sources give the same id, keep the preferred source's
    record and attach the other as a variant, noting real (non-OCR) wording differences."""
    by_id: dict[str, list[tuple[str, Record]]] = {}
    for key, rec in parsed:
        by_id.setdefault(rec.id, []).append((key, rec))
    warnings, out = [], []
    for rid, copies in by_id.items():
        if len(copies) == 1:
            out.append(copies[0][1])
            continue
        preferred = PREFERRED_SOURCE.get(copies[0][1].code or "")
        # the cleaner copy first, unless its parser marked it incomplete (Hoyle's law 17)
        copies.sort(key=lambda kr: (bool(kr[1].extra.get("incomplete")), kr[0] != preferred))
        (_, primary), others = copies[0], copies[1:]
        for key, other in others:
            if other.source == primary.source:
                warnings.append(f"{rid}: parsed twice from {primary.source} "
                                f"(lines {primary.line_start} and {other.line_start}); kept the first")
                continue
            diffs = wording_differences(primary.text, other.text)
            primary.variants.append({"source": other.source, "lines": [other.line_start, other.line_end],
                                     "page": other.page, "text": other.text, "differences": diffs})
            if other.heading and (not primary.heading or HEADINGS_FROM.get(other.code or "") == key):
                primary.heading = other.heading
            if not primary.cites and other.cites:
                primary.cites = list(other.cites)
            for d in diffs:
                warnings.append(f"{rid}: wording differs — {primary.source}: “{d['preferred']}” / "
                                f"{other.source}: “{d['variant']}”")
        out.append(primary)
    return out, warnings


_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if len(w) > 1]


def wording_differences(preferred: str, variant: str) -> list[dict]:
    """Phrases that differ between two copies of a law, ignoring OCR noise (a misread word
    is still ≥ 70% similar to the right one; punctuation and one-letter tokens are ignored)."""
    a, b = _words(preferred), _words(variant)
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        pa, pb = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        if op == "replace" and fuzz.ratio(pa, pb) >= 70:
            continue
        out.append({"preferred": _context(a, i1, i2), "variant": _context(b, j1, j2)})
    return out


def _context(words: list[str], i: int, j: int, width: int = 2) -> str:
    left = words[max(0, i - width):i]
    right = words[j:j + width]
    return " ".join(left + ["[" + " ".join(words[i:j]) + "]"] + right)


def resolve_citations(records: list[Record]) -> list[str]:
    """Fill in citations for records whose parser gave none, then make every citation point
    at a record that exists: a missing section falls back to its law; anything else is dropped
    with a warning."""
    ids = {r.id for r in records}
    warnings = []
    for r in records:
        if not r.cites and r.type not in ("case", "test"):
            found, w = extract_citations_with_warnings(r.text, default_code=r.code or "english")
            r.cites = found
            warnings += [f"{r.id}: {x}" for x in w]
        resolved = []
        for c in r.cites:
            target = c if c in ids else _section_fallback(c, ids)
            if target is None:
                warnings.append(f"{r.id}: citation {c} does not resolve; dropped")
            elif target != r.id and target not in resolved:
                resolved.append(target)
        r.cites = resolved
    return warnings


def _section_fallback(cited: str, ids: set[str]) -> str | None:
    """'english/44/IV' cited but the law has no such section record -> 'english/44'."""
    law = cited.rsplit("/", 1)[0]
    if cited.count("/") >= 2 and not cited.startswith("drayson/") and law in ids:
        return law
    return None
