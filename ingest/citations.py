"""Citations in prose -> record ids ("Law 80" -> english/80, "Cases 2 and 4" -> drayson/case/2, ...).

Forms understood (all case-insensitive, OCR-garbled numerals repaired):
  Law 80, Laws 62 and 63, Laws 56-66, Laws 56 to 66 (each law of the range), Rule 52,
  the law (60), Lawr 55, Law 1 1 (= 11), Law yj (= 77), Law S6 (= 86)
  Law 44, Section IV / Law 44, Section, 5 / Law 71, Section 5   -> english/44/IV (roman)
  Case 2, Cases 2 and 4, Cases 13 to 18, Case yy                  -> drayson/case/N
  Section 2, "Dummy" / Sections I, 2, and 3, heading "Dummy"      -> english/dummy/II ...

Which code a law number belongs to (see _code_for): the American code if it is named right
after the number ("Law 20, Section 3, American code"); else the code named just before it
("The American Law 19", "By the American code (Law 37)"); else the first code named in its
clause ("By the American whist code a longer grace is given than by the English laws
(Rule 18)" is still read as English: the nearest mention wins within NEAR characters, so the
parser keeps an errata table for that one case); else the code named nearest before it in
the paragraph, within CODE_WINDOW characters ("... by the American laws this has been done.
Law 37 is"); else `default_code`. "American" means the 1894 code, the one Drayson prints.

A "Case N" that names another book right after it ("Case 2 in Cavendish", "Case 11,
Cavendish on Whist"), or follows a mention of Drayson's own *Art of Practical Whist* in the
same sentence, is a case of that book, not of Drayson's list, and is skipped.

Sections: a section id (english/44/IV) is produced whenever the text names one; this module
cannot know whether that law really has sections. The builder (ingest.pipeline) falls back
to the law itself (english/44) when the section id does not exist.

Only ids inside the known ranges are returned (english 1-91, american-1894 1-39,
english-revised 1-94 and 12a, american-1890 1-20, cases 1-154, tests 1-25, dummy I-III);
anything else, and every repaired numeral, is reported in the warnings.
"""
from __future__ import annotations

import re

from ingest.ocr import repair_number

LAW_COUNTS = {"english": 91, "american-1894": 39, "english-revised": 94, "american-1890": 20}
EXTRA_LAWS = {"english-revised": {"12a"}}
DRAYSON_COUNTS = {"case": 154, "test": 25}
DUMMY_SECTIONS = 3
CODE_WINDOW = 150   # characters before a law reference searched for the code it belongs to
NEAR = 15           # a code named this close before a reference is its code ("American Law 19")

_ROMAN = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}

# A numeral as the scanner prints it: digits, "1 1" (a split 11), "12a", or a short
# run of digit lookalikes ("yj", "S6", "ioi"). Never followed by a letter.
_NUM = r"(?:\d\s\d(?![\d\w])|\d{1,3}a(?![\w])|[0-9iIlLoOQSyj]{1,3}(?![\w]))"
_SEP = r"(?:\s*(?:,|&|\band\b|\bor\b|\bto\b|-|–)\s*(?:and\s+)?)"
_SECTION = r"(?:,?\s*Sections?\s*,?\s*(?P<sec>[IVX]+\b|\d{1,2}\b)\.?)"
_REF = re.compile(
    rf"\b(?P<kw>laws?|lawr|rules?|cases?)\b\s*\(?\s*"
    rf"(?P<first>{_NUM}){_SECTION}?"
    rf"(?P<more>(?:{_SEP}{_NUM})*)",
    re.IGNORECASE,
)
_DUMMY_REF = re.compile(
    rf"\bSections?\s+(?P<list>[IVX\d]+(?:{_SEP}[IVX\d]+)*)\s*,?\s*(?:heading\s*)?[\"“]\s*Dummy",
    re.IGNORECASE,
)
_CODE_MENTION = re.compile(r"\b(?:American|English)\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.;?!](?=\s)")
_AMERICAN_AFTER = re.compile(r"^[\s,]*(?:(?:of\s+)?the\s+)?[\"“]?\s*American\s+(?:code|laws?)", re.IGNORECASE)
_OTHER_BOOK_AFTER = re.compile(r"^[\s,]*(?:in\s+|of\s+)?(?:Cavendish|the\s+Art\s+of\s+Practical)", re.IGNORECASE)
_OTHER_BOOK_BEFORE = re.compile(r"Art\s+of\s+Practi|first\s+edition", re.IGNORECASE)


def to_roman(n: int) -> str:
    """4 -> 'IV'."""
    out = ""
    for value, letters in _ROMAN:
        while n >= value:
            out += letters
            n -= value
    return out


def section_number(token: str) -> int | None:
    """'IV' -> 4, '5' -> 5, 'l' -> 1; None if not a section numeral."""
    t = token.strip().rstrip(".")
    if t and set(t) <= set("IVX"):
        total, prev = 0, 0
        for ch in reversed(t):
            v = _ROMAN_VALUES[ch]
            total += -v if v < prev else v
            prev = max(prev, v)
        return total
    return repair_number(t)


def resolve(ref_code: str, number: int | str, section: int | str | None = None) -> str:
    """The id for a reference: resolve('english', 44, 5) -> 'english/44/V',
    resolve('case', 2) -> 'drayson/case/2', resolve('test', 3) -> 'drayson/test/3',
    resolve('dummy', 2) -> 'english/dummy/II'. No existence check (see is_known)."""
    if ref_code in DRAYSON_COUNTS:
        return f"drayson/{ref_code}/{number}"
    if ref_code == "dummy":
        return f"english/dummy/{to_roman(int(number))}"
    base = f"{ref_code}/{number}"
    if section is None:
        return base
    n = section if isinstance(section, int) else section_number(str(section))
    return f"{base}/{to_roman(n)}" if n else base


def is_known(ref_id: str) -> bool:
    """True if the id lies inside the known ranges of laws, cases, tests and dummy sections."""
    parts = ref_id.split("/")
    if parts[0] == "drayson" and len(parts) == 3 and parts[1] in DRAYSON_COUNTS:
        return parts[2].isdigit() and 1 <= int(parts[2]) <= DRAYSON_COUNTS[parts[1]]
    if parts[:2] == ["english", "dummy"] and len(parts) == 3:
        return parts[2] in {to_roman(i) for i in range(1, DUMMY_SECTIONS + 1)}
    if parts[0] not in LAW_COUNTS or len(parts) not in (2, 3):
        return False
    number = parts[1]
    return number in EXTRA_LAWS.get(parts[0], set()) or \
        (number.isdigit() and 1 <= int(number) <= LAW_COUNTS[parts[0]])


def extract_citations(text: str, default_code: str = "english") -> list[str]:
    """Resolved ids cited in `text`, in order of first mention, no duplicates."""
    return extract_citations_with_warnings(text, default_code)[0]


def extract_citations_with_warnings(text: str, default_code: str = "english") -> tuple[list[str], list[str]]:
    """Like extract_citations, plus warnings: repaired numerals and ids outside the ranges."""
    found: list[tuple[int, str]] = []
    warnings: list[str] = []
    for m in _REF.finditer(text):
        kind = "case" if m.group("kw").lower().startswith("case") else "law"
        if kind == "case" and _names_other_book(text, m):
            continue
        numbers = _numbers(m, warnings)
        if kind == "case":
            found += [(m.start(), resolve("case", n)) for n in numbers]
        else:
            code = _code_for(text, m, default_code)
            section = m.group("sec")
            found += [(m.start(), resolve(code, n, section if i == 0 else None))
                      for i, n in enumerate(numbers)]
    for m in _DUMMY_REF.finditer(text):
        found += [(m.start(), resolve("dummy", n))
                  for n in map(section_number, re.split(_SEP, m.group("list"))) if n]
    ids: list[str] = []
    for _, ref_id in sorted(found, key=lambda p: p[0]):
        if not is_known(ref_id):
            warnings.append(f"citation {ref_id} is outside the known ranges; dropped")
        elif ref_id not in ids:
            ids.append(ref_id)
    return ids, warnings


def _numbers(m: re.Match, warnings: list[str]) -> list[int]:
    """The numbers of one reference, ranges expanded ('56-66', '13 to 18')."""
    tokens = [m.group("first")] + re.split(_SEP, m.group("more"))[1:]
    seps = re.findall(_SEP, m.group("more"))
    numbers: list[int] = []
    for i, token in enumerate(tokens):
        n = _number(token, m.group(0), warnings)
        if n is None:
            continue
        is_range = i > 0 and re.search(r"-|–|\bto\b", seps[i - 1]) and numbers and numbers[-1] < n
        numbers += list(range(numbers[-1] + 1, n + 1)) if is_range else [n]
    return numbers


def _number(token: str, ref_text: str, warnings: list[str]) -> int | None:
    """One numeral, repaired; a warning names each repair."""
    token = token.strip()
    n = repair_number(token) if len(token) > 1 or token.isdigit() else None
    if n is not None and token != str(n) and not token.endswith("a"):
        warnings.append(f"repaired numeral {token!r} -> {n} in {ref_text.strip()!r}")
    return n


def _code_for(text: str, m: re.Match, default_code: str) -> str:
    """The code a law reference belongs to: the American code named right after it
    ("Law 20, Section 3, American code"); else the code named just before it ("The American
    Law 19", "By the American code (Law 37)"); else the first code named in its clause
    ("By the American whist code a longer grace is given than by the English laws (Rule 18)");
    else the code named nearest before it in the paragraph; else `default_code`."""
    if _AMERICAN_AFTER.match(text[m.end():m.end() + 40]):
        return "american-1894"
    start = max(text.rfind("\n\n", 0, m.start()), m.start() - CODE_WINDOW, 0)
    mentions = list(_CODE_MENTION.finditer(text, start, m.start()))
    if not mentions:
        return default_code
    clause_start = max([start] + [b.end() for b in _CLAUSE_END.finditer(text, start, m.start())])
    in_clause = [c for c in mentions if c.start() >= clause_start]
    chosen = mentions[-1]
    if in_clause and m.start() - mentions[-1].end() > NEAR:
        chosen = in_clause[0]
    return "english" if chosen.group(0).lower().startswith("english") else "american-1894"


def _names_other_book(text: str, m: re.Match) -> bool:
    """'Case 2 in Cavendish', 'Case 11, Cavendish on Whist', or a case cited in the same
    sentence right after naming Drayson's Art of Practical Whist: a case of another book."""
    if _OTHER_BOOK_AFTER.match(text[m.end():m.end() + 40].lstrip(").")):
        return True
    sentence_start = max([0] + [b.end() for b in _CLAUSE_END.finditer(text, 0, m.start())])
    books = list(_OTHER_BOOK_BEFORE.finditer(text, sentence_start, m.start()))
    return bool(books) and not re.search(r"\bcases?\b", text[books[-1].end():m.start()], re.IGNORECASE)
