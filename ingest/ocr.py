"""OCR repair shared by the parsers: page numbers, hyphenation, misread digits, spacing.

Every function is pure and works on lines (1-based numbering is the caller's business).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection
import re

# Characters the scanner confuses with digits, and the digit each one stands for.
# Seen in Drayson: i./I./l. = 1, o/O/Q = 0 (io1, 4Q), S6 = 86, yy = 77, yj = 77, I? = 17.
DIGIT_LOOKALIKES = str.maketrans({
    "i": "1", "I": "1", "l": "1", "L": "1", "|": "1", "!": "1",
    "o": "0", "O": "0", "Q": "0", "D": "0",
    "S": "8", "B": "8",
    "y": "7", "j": "7", "?": "7", "J": "1",
    "Z": "2", "z": "2", "s": "5", "g": "9", "b": "6",
})
# Letters the scanner prints for a merged "11": 'U4' = 114, 'n6' = 116, 'H5' = 115, 'no' = 110.
_ELEVEN = re.compile(r"[nhHU]")
_NUMERAL_CHARS = "0-9iIlL|!oOQDSByj?Jzsgb"
NUMERAL_TOKEN = re.compile(rf"^[{_NUMERAL_CHARS}]{{1,4}}$")
# A folio as the scanner prints it: '14', 'i3', 'IO', 'I?', 'U4', '*3i', '§3', "'87", 'go', '1 62'.
_PAGE_LINE = re.compile(r"^[0-9iIlLoOQSyjJhHMUng§'\"*?]{1,3}$")


def repair_number(token: str, numeral_expected: bool = False) -> int | None:
    """'ioi' -> 101, '8i' -> 81, 'yy' -> 77, '1 8' -> 18, '3 1' -> 31, 'U4' -> 114;
    None if not a numeral.

    A token made only of letters must contain a lookalike of 1 or 0 and be short, so that
    ordinary words are not taken for numbers ('is', 'go' are refused: 's' and 'g' need a digit).
    'n', 'h', 'H', 'U' are read as "11" beside a real digit ('n6' = 116); in a token of letters
    only when `numeral_expected` (a folio, a law or case number: 'no.' = 110, 'hi.' = 111), as
    'no' and 'hi' are words anywhere else.
    """
    t = re.sub(r"\s+", "", token)
    if any(c.isdigit() for c in t) or numeral_expected:
        t = _ELEVEN.sub("11", t)
    if not t or not NUMERAL_TOKEN.match(t):
        return None
    if not any(c.isdigit() for c in t) and not set(t) <= set("iIlLoOQyj?|!"):
        return None
    digits = t.translate(DIGIT_LOOKALIKES)
    return int(digits) if digits.isdigit() else None


def is_page_number(lines: list[str], i: int) -> bool:
    """A page number stands alone on a line between blank lines ('14', 'i3', 'IO', '4Q', 'I?'),
    as the scanner prints it ('*3i', '§3', 'go', '1 62'): whether it is one, and which, is for
    the reader of the sequence to say (ingest.drayson_pages)."""
    if not _PAGE_LINE.match(re.sub(r"\s+", "", lines[i].strip())):
        return False
    before = lines[i - 1].strip() if i > 0 else ""
    after = lines[i + 1].strip() if i + 1 < len(lines) else ""
    return before == "" and after == ""


def strip_page_numbers(lines: list[str]) -> tuple[list[str], list[int]]:
    """Blank out page-number lines that read as numbers. Returns the lines (same length) and
    the page numbers seen."""
    out, pages = list(lines), []
    for i in range(len(lines)):
        if is_page_number(lines, i):
            n = repair_number(lines[i].strip(), numeral_expected=True)
            if n is not None:
                pages.append(n)
                out[i] = ""
    return out, pages


_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,;:.!?)\]])")
_SPACE_AFTER_OPEN = re.compile(r"([(\[])\s+")
_MULTISPACE = re.compile(r"[ \t]{2,}")


def join_lines(lines: list[str], known_words: Collection[str] | None = None) -> str:
    """Join text lines into paragraphs; blank lines separate paragraphs.

    A word broken at the end of a line ('prece-' + 'dence') is joined without the hyphen.
    `known_words` is the source's vocabulary (see `vocabulary`), used to decide when the joined
    form never occurs in the source: the hyphen stays if the source has the compound
    ('by-stander' but never 'bystander'); the hyphen becomes a space if the source has the two
    words side by side ('new-' + 'deal' -> 'new deal', 'law-' + 'is' -> 'law is'); else the
    word is joined ('there-' + 'after'). Without a vocabulary the hyphen is dropped.
    """
    paragraphs: list[str] = []
    current = ""
    for line in lines:
        s = line.strip()
        if not s:
            if current:
                paragraphs.append(current)
                current = ""
            continue
        if not current:
            current = s
            continue
        m = re.search(r"(\w+)-\^?$", current)
        if m and s[:1].isalpha():
            tail = re.match(r"[\w']+", s)
            current = current[: m.end(1)] + _line_end_joint(m.group(1), tail.group(0) if tail else "",
                                                            known_words) + s
        elif current.endswith("—") or current.endswith("--"):
            current += s
        else:
            current += " " + s
    if current:
        paragraphs.append(current)
    return "\n\n".join(tidy(_drop_stray_capitals(_rejoin_split_words(p, known_words), known_words))
                       for p in paragraphs)


def _drop_stray_capitals(text: str, known_words: Collection[str] | None) -> str:
    """'unwTritten' -> 'unwritten', 'twTice' -> 'twice': a capital the scan put inside a
    lower-case word goes when the word without it is one the source uses."""
    if not known_words:
        return text

    def fix(m: re.Match) -> str:
        word = m.group(1) + m.group(3)
        return word if word.lower() in known_words else m.group(0)
    return re.sub(r"\b([a-z]+)([A-Z])([a-z]+)\b", fix, text)


def _line_end_joint(head: str, tail: str, known_words: Collection[str] | None) -> str:
    """What stands between 'head-' at a line end and 'tail' on the next line: '', '-' or ' '."""
    if not known_words or (head + tail).lower() in known_words:
        return ""
    if f"{head}-{tail}".lower() in known_words:
        return "-"
    if f"{head} {tail}".lower() in known_words:
        return " "
    return ""


def _rejoin_split_words(text: str, known_words: set[str] | None) -> str:
    """'whist- room' (a hyphen the scan left mid-line) -> 'whist-room' when the source
    knows that compound, 'whistroom' when it knows that word, else 'two- of' -> 'two of'."""
    if not known_words:
        return text

    def fix(m: re.Match) -> str:
        a, b = m.group(1), m.group(2)
        if f"{a}-{b}".lower() in known_words:
            return f"{a}-{b}"
        if f"{a}{b}".lower() in known_words:
            return a + b
        if a.lower() in known_words and b.lower() in known_words:
            return f"{a} {b}"          # a stray mark: 'two- of hearts'
        return m.group(0)
    return re.sub(r"\b([A-Za-z]+)- +([a-z]+)\b", fix, text)


def tidy(text: str) -> str:
    """Normalise spacing: one space between words, none before punctuation."""
    text = _MULTISPACE.sub(" ", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _SPACE_AFTER_OPEN.sub(r"\1", text)
    text = re.sub(r"\s*—\s*", " — ", text)
    text = re.sub(r"(\w)\s+'(s\b)", r"\1'\2", text)
    return text.strip()


_SMALL_WORDS = {"a", "an", "and", "as", "at", "be", "by", "for", "in", "of", "on", "or", "the", "to"}


def title_case(heading: str) -> str:
    """A heading printed in capitals, in title case: small words lower-case after the first,
    each part of a compound capitalised, a parenthesised citation kept as printed.
    'CARDS LIABLE TO BE CALLED (Laws 56-66)' -> 'Cards Liable to be Called (Laws 56-66)',
    'ENTRY AND RE-ENTRY' -> 'Entry and Re-Entry'."""
    m = re.match(r"^(?P<words>[^(]*?)\s*(?P<cite>\(.*\))?$", " ".join(heading.split()))
    words = [w.lower() if k and w.lower().strip(",;") in _SMALL_WORDS
             else "-".join(p.capitalize() for p in w.split("-"))
             for k, w in enumerate(m.group("words").split())]
    title = re.sub(r"\s+;", ";", " ".join(words))
    return f"{title} {m.group('cite')}" if m.group("cite") else title


def vocabulary(text: str) -> Counter:
    """The words of a source, lower-cased, counted, for join_lines: single words, hyphenated
    compounds, and pairs of words printed side by side on a line ('new deal')."""
    words: Counter = Counter()
    for line in text.split("\n"):
        tokens = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*|[^\sA-Za-z]+", line.lower())
        words.update(t for t in tokens if t[0].isalpha())
        words.update(f"{a} {b}" for a, b in zip(tokens, tokens[1:]) if a[-1].isalpha() and b[0].isalpha())
    return words
