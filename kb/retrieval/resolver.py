"""Deterministic reference resolver: "law 72", "Law 44, section IV", "American law 30",
"revised law 12a", "L. 8", "rule 52", "§ 56", "case 93", "test 14", "english/72" -> record ids.

Runs before any search. Never invents a law: an unknown number answers with the nearest
existing ones.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re

from kb.codes import ORDER as CODE_ORDER
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X"}
ROMAN_VALUE = {v: k for k, v in ROMAN.items()}

_CODE_WORDS = [
    (r"american[\s-]*(?:code\s*)?(?:of\s*)?1890|1890|chicago", "american-1890"),
    (r"american[\s-]*(?:code\s*)?(?:of\s*)?1894|american|congress", "american-1894"),
    (r"revised|modern(?:ized)?|dawson", "english-revised"),
    (r"english|british|club\s*code|drayson", "english"),
]
_NUM = r"(\d{1,3}[a-z]?)"
_SECTION = r"(?:\s*,?\s*(?:section|sec\.?|§|sect\.?)\s*,?\s*([ivx]+|\d{1,2}))?"
_REF = re.compile(
    rf"(?P<kind>\blaws?\b|\brules?\b|\bl\.|§|\bcases?\b|\btests?\b|\bquestion\b|\bart(?:icle)?\.?)\s*"
    rf"(?:no\.?\s*)?{_NUM}{_SECTION}", re.I)
_CODE_PREFIX = re.compile(
    r"(american[\s-]*(?:code\s*)?(?:of\s*)?(?:1890|1894)?|revised|english|1890|1894)\s*(?:code\s*)?,?\s*$", re.I)
_RULE = re.compile(r"(?P<kind>etiquette|double[\s-]*dummy|dummy)\s*(?:rule\s*|no\.?\s*)?(?P<n>[ivx]+|\d{1,2})\b", re.I)
_BARE = re.compile(rf"^\s*(?:(?P<code>[a-z-]+(?:\s*1[89]\d\d)?)\s+)?{_NUM}{_SECTION}\s*$", re.I)
_ID = re.compile(r"\b(english|english-revised|american-1894|american-1890|drayson/case|drayson/test)/"
                 r"(\d{1,3}[a-z]?|etiquette/[ivx\d]+|dummy/[ivx\d]+|double-dummy/\d+)(?:/([ivx]+))?\b", re.I)


@dataclass
class Reference:
    text: str            # the words that made the reference
    ids: list[str]       # resolved ids, best first (English first for a bare number)
    missing: list[str] = field(default_factory=list)   # what was asked for but does not exist
    nearest: list[str] = field(default_factory=list)   # existing ids nearest to a missing one


def code_in(text: str) -> str | None:
    """The code a question names ("under American rules" -> american-1894), else None."""
    low = text.lower()
    for pattern, code in _CODE_WORDS:
        if re.search(rf"\b(?:{pattern})\b", low):
            return code
    return None


def _section_id(value: str | None) -> str | None:
    if not value:
        return None
    if value.isdigit():
        return ROMAN.get(int(value))
    return value.upper()


def _law_key(number: str) -> tuple[int, str]:
    m = re.match(r"(\d+)([a-z]?)", number)
    return (int(m.group(1)), m.group(2)) if m else (10 ** 6, number)


class Resolver:
    """Resolve references against the ids of a knowledge base."""

    def __init__(self, ids: set[str], law_numbers: dict[str, list[str]]):
        self.ids = ids
        self.law_numbers = law_numbers   # code -> ["1", "2", ..., "12a", ...]

    @classmethod
    def from_store(cls, store) -> "Resolver":
        return cls(store.ids(), {c: store.law_numbers(c) for c in CODE_ORDER})

    def find(self, text: str) -> list[Reference]:
        """Every reference in a free text, in order."""
        refs = [self._explicit_id(m) for m in _ID.finditer(text)]
        for m in _RULE.finditer(text):
            if not re.search(r"/\s*$", text[: m.start()]):     # not inside an explicit id
                prefix = _CODE_PREFIX.search(text[: m.start()])
                refs.append(self._rule(m, code_in(prefix.group(1)) if prefix else None))
        for m in _REF.finditer(text):
            kind = m.group("kind").lower()
            code = None
            prefix = _CODE_PREFIX.search(text[: m.start()])
            if prefix:
                code = code_in(prefix.group(1))
            if kind == "l.":
                code = "american-1890"
            refs.append(self._resolve(m.group(0), kind, m.group(2), m.group(3), code))
        return [r for r in refs if r.ids or r.missing]

    def lookup(self, text: str) -> Reference | None:
        """A whole query that is only a reference ("72", "American 30", "law 44 iv", "L. 8")."""
        q = re.sub(r"^\s*(show|give|find|open|look\s*up|what\s+(?:is|does|says))\s+(me\s+)?(the\s+)?", "",
                   text.strip(), flags=re.I).rstrip("?. ")
        m = _BARE.match(q)
        if m:
            word = (m.group("code") or "").lower()
            code = code_in(word) if word else None
            if not word or code or word in ("law", "laws", "rule", "rules"):
                return self._resolve(q, "law", m.group(2), m.group(3), code)
        refs = self.find(q)
        if len(refs) == 1 and _only_reference(q, refs[0].text):
            return refs[0]
        return None

    def _rule(self, m: re.Match, code: str | None) -> Reference:
        """'etiquette III', 'American etiquette 4', 'dummy rule II': roman or arabic, as each
        code numbers them."""
        kind = re.sub(r"[\s-]+", "-", m.group("kind").lower())
        n = m.group("n").upper()
        forms = {n, str(ROMAN_VALUE.get(n, "")), ROMAN.get(int(n), "") if n.isdigit() else ""}
        ids = [f"{c}/{kind}/{f}" for c in ([code] if code else CODE_ORDER) for f in sorted(forms)
               if f and f"{c}/{kind}/{f}" in self.ids]
        return Reference(m.group(0), ids, [] if ids else [f"{code or 'english'}/{kind}/{n}"])

    def _explicit_id(self, m: re.Match) -> Reference:
        rid = m.group(0)
        head, tail = rid.rsplit("/", 1) if m.group(3) else (rid, None)
        rid = f"{head}/{tail.upper()}" if tail else rid
        if rid in self.ids:
            return Reference(m.group(0), [rid])
        return Reference(m.group(0), [], [rid], self.nearest_law(m.group(1).lower(), m.group(2)))

    def _resolve(self, text: str, kind: str, number: str, section: str | None,
                 code: str | None) -> Reference:
        number = number.lower()
        if kind.startswith("case"):
            return self._simple(text, f"drayson/case/{number}", "drayson/case", 154)
        if kind.startswith("test") or kind == "question":
            return self._simple(text, f"drayson/test/{number}", "drayson/test", 25)
        codes = [code] if code else list(CODE_ORDER)
        sec = _section_id(section)
        ids, missing = [], []
        for c in codes:
            law_id = f"{c}/{number}"
            if law_id in self.ids:
                ids.append(f"{law_id}/{sec}" if sec and f"{law_id}/{sec}" in self.ids else law_id)
            elif code:
                missing.append(law_id)
        if not ids and not missing:
            missing.append(f"{CODE_ORDER[0]}/{number}")
        nearest = [] if ids else [n for c in (codes if code else CODE_ORDER)
                                  for n in self.nearest_law(c, number)]
        return Reference(text, ids, missing if not ids else [], nearest)

    def _simple(self, text: str, rid: str, prefix: str, top: int) -> Reference:
        if rid in self.ids:
            return Reference(text, [rid])
        n = _law_key(rid.rsplit("/", 1)[1])[0]
        near = [f"{prefix}/{k}" for k in (min(max(n, 1), top), ) if f"{prefix}/{k}" in self.ids]
        return Reference(text, [], [rid], near)

    def nearest_law(self, code: str, number: str) -> list[str]:
        numbers = self.law_numbers.get(code) or []
        if not numbers:
            return []
        target = _law_key(number.lower())[0]
        best = sorted(numbers, key=lambda n: (abs(_law_key(n)[0] - target), _law_key(n)))[:2]
        return [f"{code}/{n}" for n in sorted(best, key=_law_key)]


def _only_reference(query: str, ref_text: str) -> bool:
    rest = query.lower().replace(ref_text.lower(), " ")
    rest = re.sub(r"\b(the|of|in|code|english|american|revised|1890|1894|please|law|text)\b", " ", rest)
    return not re.search(r"[a-z]{3,}", rest)
