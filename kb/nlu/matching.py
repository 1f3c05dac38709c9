"""The cue matcher: spaCy's ``Matcher``, with each pattern that has a wide gap ("honour _{0,18}
before the next trump card turn") matched as its parts and the parts joined by position.

spaCy's matcher follows every way a run of optional wildcards can be filled, from every token
where a pattern may start; with a frequent first word ("honour") and a wide gap, that was most of
an answer's time on a long question.  Each part has a word it cannot match without, so the parts
are cheap, and joining them (the next part starting within the gap after the one before ends)
gives the same matches as the whole pattern.

Each pattern (or part) is kept under a word it cannot match without -- its required word with the
fewest alternatives -- in one small matcher per such word, and a question runs only the
matchers of the words it holds: most of the hundreds of patterns name a word the question
does not have, and spaCy tries every pattern at every token. The same matches, a few times
faster.  Matches are returned as ``(label id, start, end)`` sorted by end, start and label."""
from __future__ import annotations

from collections import defaultdict

#: a gap of at least this many tokens splits a pattern
WIDE = 6
_PART = "\x00part"


def _gap(spec: dict) -> tuple[int, int] | None:
    """(least, most) tokens of a wildcard gap spec, or None."""
    if spec.keys() != {"OP"}:
        return None
    op = spec["OP"]
    if op == "*":
        return (0, 10 ** 6)
    if op.startswith("{") and "," in op:
        lo, hi = op[1:-1].split(",")
        return (int(lo or 0), int(hi) if hi else 10 ** 6)
    return None


def _required(spec: dict) -> bool:
    return bool(spec.keys() - {"OP"}) and spec.get("OP") in (None, "+")


def split(pattern: list[dict]) -> tuple[list[list[dict]], list[tuple[int, int]]]:
    """The parts of a pattern between its wide gaps, and the gaps; one part when the pattern
    has no wide gap inside it, or when a part would have no required word."""
    parts, gaps, cur = [], [], []
    for spec in pattern:
        g = _gap(spec)
        if g and g[1] >= WIDE and cur:
            parts.append(cur)
            gaps.append(g)
            cur = []
        else:
            cur.append(spec)
    if not cur or len(parts) == 0 or not all(any(_required(s) for s in p) for p in parts + [cur]):
        return [pattern], []
    return parts + [cur], gaps


def anchor(pattern: list[dict]) -> list[tuple[str, str]]:
    """The words a pattern cannot match without one of: those of its required token with the
    fewest alternatives, as (attribute, word); [] when every token may be anything."""
    best: list[tuple[str, str]] = []
    for spec in pattern:
        if not _required(spec):
            continue
        for attr in ("LEMMA", "LOWER"):
            if attr in spec:
                v = spec[attr]
                words = [(attr, w) for w in (v["IN"] if isinstance(v, dict) else [v])]
                if not best or len(words) < len(best):
                    best = words
    return best


class CueMatcher:
    def __init__(self, vocab):
        self._vocab = vocab
        self._by_word: dict[tuple[str, str], object] = {}     # (attribute, word) -> its Matcher
        self._always = None                                     # the patterns with no required word
        self._joined: list[tuple[str, int, list[tuple[int, int]]]] = []     # (label, parts, gaps)
        self._labels: set[str] = set()

    def _add(self, label: str, pattern: list[dict]) -> None:
        from spacy.matcher import Matcher
        for key in anchor(pattern) or [None]:
            if key is None:
                self._always = self._always or Matcher(self._vocab)
                m = self._always
            else:
                m = self._by_word.get(key)
                if m is None:
                    m = self._by_word[key] = Matcher(self._vocab)
            m.add(label, [pattern])

    def add(self, label: str, patterns: list[list[dict]]) -> None:
        self._labels.add(label)
        whole = []
        for p in patterns:
            parts, gaps = split(p)
            if len(parts) == 1:
                whole.append(p)
                continue
            pid = len(self._joined)
            for i, part in enumerate(parts):
                self._add(f"{_PART}:{pid}:{i}", part)
            self._joined.append((label, len(parts), gaps))
        for p in whole:
            self._add(label, p)

    def __len__(self) -> int:
        return len(self._labels)

    def __call__(self, doc) -> list[tuple[int, int, int]]:
        strings = doc.vocab.strings
        out: set[tuple[int, int, int]] = set()
        parts: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
        words = {("LEMMA", t.lemma_) for t in doc} | {("LOWER", t.lower_) for t in doc}
        matchers = [self._by_word[w] for w in words if w in self._by_word]
        found = {m for matcher in matchers + ([self._always] if self._always else []) for m in matcher(doc)}
        for key, s, e in found:
            name = strings[key]
            if name.startswith(_PART):
                _, pid, i = name.split(":")
                parts[(int(pid), int(i))].add((s, e))
            else:
                out.add((key, s, e))
        for pid, (label, n, gaps) in enumerate(self._joined):
            spans = set(parts.get((pid, 0), ()))
            for i in range(1, n):
                if not spans:
                    break
                lo, hi = gaps[i - 1]
                spans = {(s, e2) for s, e in spans for s2, e2 in parts.get((pid, i), ()) if lo <= s2 - e <= hi}
            if spans:
                key = strings.add(label)
                out.update((key, s, e) for s, e in spans)
        return sorted(out, key=lambda x: (x[2], x[1], strings[x[0]]))
