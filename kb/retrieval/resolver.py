"""Deterministic reference resolver: "law 72", "Law 44, section IV", "American law 30",
"revised law 12a", "L. 8", "rule 52", "§ 56", "case 93", "test 14", "english/72" -> record ids.

Runs before any search. Never invents a law: an unknown number answers with the nearest
existing ones.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re

from kb.codes import ORDER as CODE_ORDER, named_in
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X"}
ROMAN_VALUE = {v: k for k, v in ROMAN.items()}
PREFIX_WINDOW = 48          # characters before a reference searched for the code's name

# A number is read whole ("law 1072" is law 1072, not law 107), leading zeros dropped
# ("0072" is 72); a minus sign after a space ("case -1") is kept, so that it is refused.
_NUM = r"(?P<sign>(?<=\s)[-\u2212\u2013]\s*)?(?P<num>\d+[a-z]?)(?![0-9a-z])"
_SECTION = r"(?:\s*,?\s*(?:section|sec\.?|§|sect\.?)\s*,?\s*(?P<sec>[ivx]+|\d{1,2})\b)?"
_REF = re.compile(
    rf"(?P<kind>\blaws?\b|\brules?\b|\bl\.|§|\bcases?\b|\btests?\b|\bquestion\b|\bart(?:icle)?\.?)\s*"
    rf"(?:no\.?\s*)?{_NUM}{_SECTION}", re.I)
_CODE_PREFIX = re.compile(
    r"(american[\s-]*(?:code\s*)?(?:of\s*)?(?:1890|1894)?|revised|english|1890|1894)\s*(?:code\s*)?,?\s*$", re.I)
_RULE = re.compile(r"(?P<kind>etiquette|double[\s-]*dummy|dummy)\s*(?:rule\s*|no\.?\s*)?(?P<n>[ivx]+|\d{1,2})\b", re.I)
_BARE = re.compile(rf"^\s*(?:(?P<code>[a-z-]+(?:\s*1[89]\d\d)?)\s+)?{_NUM}{_SECTION}\s*$", re.I)
_ID = re.compile(r"\b(english|english-revised|american-1894|american-1890|drayson/case|drayson/test)/"
                 r"(\d+[a-z]?|etiquette/[ivx\d]+|dummy/[ivx\d]+|double-dummy/\d+)(?:/([ivx]+))?\b", re.I)


@dataclass
class Reference:
    text: str            # the words that made the reference
    ids: list[str]       # resolved ids, best first (English first for a bare number)
    missing: list[str] = field(default_factory=list)   # what was asked for but does not exist
    nearest: list[str] = field(default_factory=list)   # existing ids nearest to a missing one


def _section_id(value: str | None) -> str | None:
    if not value:
        return None
    if value.isdigit():
        return ROMAN.get(int(value))
    return value.upper()


def _law_key(number: str) -> tuple[int, str]:
    m = re.match(r"(\d+)([a-z]?)", number)
    if not m:
        return (10 ** 6, number)
    digits = m.group(1).lstrip("0") or "0"
    return (int(digits) if len(digits) <= 9 else 10 ** 9, m.group(2))


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
            before = text[max(0, m.start() - PREFIX_WINDOW): m.start()]
            if not re.search(r"/\s*$", before):     # not inside an explicit id
                prefix = _CODE_PREFIX.search(before)
                refs.append(self._rule(m, named_in(prefix.group(1)) if prefix else None))
        for m in _REF.finditer(text):
            kind = m.group("kind").lower()
            code = None
            # only the words just before (a code name is short): linear in the text's length
            prefix = _CODE_PREFIX.search(text[max(0, m.start() - PREFIX_WINDOW): m.start()])
            if prefix:
                code = named_in(prefix.group(1))
            if kind == "l.":
                code = "american-1890"
            refs.append(self._resolve(m.group(0), kind, _signed(m), m.group("sec"), code))
        return [r for r in refs if r.ids or r.missing]

    def lookup(self, text: str) -> Reference | None:
        """A whole query that is only a reference ("72", "American 30", "law 44 iv", "L. 8")."""
        q = re.sub(r"^\s*(show|give|find|open|look\s*up|what\s+(?:is|does|says))\s+(me\s+)?(the\s+)?", "",
                   text.strip(), flags=re.I).rstrip("?. ")
        m = _BARE.match(q)
        if m:
            word = (m.group("code") or "").lower()
            code = named_in(word) if word else None
            if not word or code or word in ("law", "laws", "rule", "rules"):
                return self._resolve(q, "law", _signed(m), m.group("sec"), code)
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
        if m.group(2)[0].isdigit():              # english/0072 -> english/72
            rid = rid.replace(f"/{m.group(2)}", f"/{_normal_number(m.group(2))}", 1)
        if rid in self.ids:
            return Reference(m.group(0), [rid])
        return Reference(m.group(0), [], [rid], self.nearest_law(m.group(1).lower(), m.group(2)))

    def _resolve(self, text: str, kind: str, number: str, section: str | None,
                 code: str | None) -> Reference:
        number = _normal_number(number)
        if number.startswith("-"):               # "case -1", "law -5": nothing has such a number
            return self._negative(text, kind, number, code)
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

    def _negative(self, text: str, kind: str, number: str, code: str | None) -> Reference:
        if kind.startswith("case"):
            return Reference(text, [], [f"drayson/case/{number}"],
                             ["drayson/case/1"] if "drayson/case/1" in self.ids else [])
        if kind.startswith("test") or kind == "question":
            return Reference(text, [], [f"drayson/test/{number}"],
                             ["drayson/test/1"] if "drayson/test/1" in self.ids else [])
        codes = [code] if code else list(CODE_ORDER)
        return Reference(text, [], [f"{codes[0]}/{number}"],
                         [f"{c}/{self.law_numbers[c][0]}" for c in codes if self.law_numbers.get(c)])

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


def _signed(m: re.Match) -> str:
    return ("-" if m.group("sign") else "") + m.group("num")


def _normal_number(number: str) -> str:
    """'0072' -> '72', '12A' -> '12a', '-1' -> '-1' (the sign is kept)."""
    sign = "-" if number.startswith("-") else ""
    m = re.fullmatch(r"(\d+)([a-z]?)", number.lstrip("-").lower())
    return sign + (f"{m.group(1).lstrip('0') or '0'}{m.group(2)}" if m else number.lstrip("-").lower())


def _only_reference(query: str, ref_text: str) -> bool:
    rest = query.lower().replace(ref_text.lower(), " ")
    rest = re.sub(r"\b(the|of|in|code|english|american|revised|1890|1894|please|law|text|what|does|do|"
                  r"say|says|state|states|read|reads|mean|means|tell|me|about|is|it)\b", " ", rest)
    return not re.search(r"[a-z]{3,}", rest)
