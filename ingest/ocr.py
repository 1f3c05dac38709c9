"""OCR repair shared by the parsers: page numbers, hyphenation, misread digits, spacing.

Every function is pure and works on lines (1-based numbering is the caller's business).
"""
from __future__ import annotations

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
_NUMERAL_CHARS = "0-9iIlL|!oOQDSByj?Jzsgb"
NUMERAL_TOKEN = re.compile(rf"^[{_NUMERAL_CHARS}]{{1,4}}$")
_PAGE_LINE = re.compile(r"^[0-9iIlLoOQSyHJMUn?]{1,3}$")


def repair_number(token: str) -> int | None:
    """'ioi' -> 101, '8i' -> 81, 'yy' -> 77, '1 8' -> 18, '3 1' -> 31; None if not a numeral.

    A token made only of letters must contain a lookalike of 1 or 0 and be short, so that
    ordinary words are not taken for numbers ('is', 'go' are refused: 's' and 'g' need a digit).
    """
    t = re.sub(r"\s+", "", token)
    if not t or not NUMERAL_TOKEN.match(t):
        return None
    if not any(c.isdigit() for c in t) and not set(t) <= set("iIlLoOQyj?|!"):
        return None
    digits = t.translate(DIGIT_LOOKALIKES)
    return int(digits) if digits.isdigit() else None


def is_page_number(lines: list[str], i: int) -> bool:
    """A page number stands alone on a line between blank lines ('14', 'i3', 'IO', '4Q', 'I?')."""
    s = lines[i].strip()
    if not _PAGE_LINE.match(s):
        return False
    before = lines[i - 1].strip() if i > 0 else ""
    after = lines[i + 1].strip() if i + 1 < len(lines) else ""
    return before == "" and after == ""


def strip_page_numbers(lines: list[str]) -> tuple[list[str], list[int]]:
    """Blank out page-number lines. Returns the lines (same length) and the page numbers seen."""
    out, pages = list(lines), []
    for i in range(len(lines)):
        if is_page_number(lines, i):
            n = repair_number(lines[i].strip())
            if n is not None:
                pages.append(n)
            out[i] = ""
    return out, pages


_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,;:.!?)\]])")
_SPACE_AFTER_OPEN = re.compile(r"([(\[])\s+")
_MULTISPACE = re.compile(r"[ \t]{2,}")


def join_lines(lines: list[str], known_words: set[str] | None = None) -> str:
    """Join text lines into paragraphs; blank lines separate paragraphs.

    A word broken at the end of a line ('prece-' + 'dence') is joined without the hyphen,
    unless the hyphenated form is the known one ('by-stander' stays if the corpus has
    'by-stander' but never 'bystander'). `known_words` is the lower-cased vocabulary of the
    source, used to decide; without it the hyphen is dropped.
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
            head = m.group(1)
            tail = re.match(r"[\w']+", s)
            tail_word = tail.group(0) if tail else ""
            joined = (head + tail_word).lower()
            keep_hyphen = bool(known_words) and joined not in known_words and \
                f"{head}-{tail_word}".lower() in known_words
            current = current[: m.end(1)] + ("-" if keep_hyphen else "") + s
        elif current.endswith("—") or current.endswith("--"):
            current += s
        else:
            current += " " + s
    if current:
        paragraphs.append(current)
    return "\n\n".join(tidy(_rejoin_split_words(p, known_words)) for p in paragraphs)


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


def vocabulary(text: str) -> set[str]:
    """Lower-cased words of a source (hyphenated compounds included), for join_lines."""
    return {w.lower() for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", text)}
