"""The vocabulary bridge between today's words and the period words of the codes (data in
kb/retrieval/vocabulary.yaml), and the query terms it gives to keyword and dense search."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
import re

import yaml

VOCABULARY_FILE = Path(__file__).resolve().parent / "vocabulary.yaml"
RARE_RATIO = 5      # a term used 5x less than its group's commonest term is bridged

# Whist words a stop list must keep: they carry the meaning of most questions.
_KEEP = {"call", "first", "last", "down", "up", "out", "before", "after", "four", "three", "two",
         "one", "third", "fourth", "second", "top", "bottom", "next", "none", "nothing", "show",
         "put", "take", "give", "made", "make", "keep", "move", "cannot", "back", "side", "full",
         "empty", "whole", "front", "twelve", "eleven", "fifteen", "seven", "five", "six", "eight",
         "nine", "ten", "again", "once", "together", "own", "not", "never", "until", "score"}


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS
    return frozenset(w for w in STOP_WORDS if w not in _KEEP)


@dataclass(frozen=True)
class Vocabulary:
    groups: tuple[tuple[str, ...], ...]
    other_games: frozenset[str]
    advice_words: tuple[str, ...] = ()
    law_words: tuple[str, ...] = ()
    everyday: frozenset[str] = frozenset()
    other_game_terms: tuple[str, ...] = ()
    advice_asked: tuple[str, ...] = ()

    @classmethod
    @lru_cache(maxsize=4)
    def load(cls, path: Path = VOCABULARY_FILE) -> "Vocabulary":
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        groups = tuple(tuple(str(t).lower() for t in g) for g in data["groups"])
        return cls(groups, frozenset(str(g).lower() for g in data.get("other_games", [])),
                   tuple(str(w).lower() for w in data.get("advice", [])),
                   tuple(str(w).lower() for w in data.get("asks_the_law", [])),
                   frozenset(str(w).lower() for w in data.get("everyday", [])),
                   tuple(str(w).lower() for w in data.get("other_game_terms", [])),
                   tuple(str(w).lower() for w in data.get("advice_asked", [])))

    def asks_advice(self, text: str) -> bool:
        """True for a question that asks which play is best (the laws give no advice), unless
        it also asks what a law requires or allows."""
        low, ask = _padded(text), _padded(_asking_sentence(text))
        return ((any(f" {w} " in low for w in self.advice_words) or any(f" {w} " in ask for w in self.advice_asked))
                and not any(f" {w} " in low for w in self.law_words))

    def matched_groups(self, text: str) -> list[tuple[str, ...]]:
        low = _padded(text)
        return [g for g in self.groups if any(f" {t} " in low for t in g)]

    def whist_groups(self, text: str) -> list[tuple[str, ...]]:
        """The groups the text names by a word that is not everyday talk too (``everyday``)."""
        low = _padded(text)
        return [g for g in self.groups if any(f" {t} " in low and t not in self.everyday for t in g)]

    def expansions(self, text: str, df: dict[str, int] | None = None) -> list[str]:
        """The bridged terms for a text. With document frequencies `df` of the knowledge base,
        a group is bridged only when the text's own term is rare in the codes (a modern word:
        'renege', 'deck', 'jack') and then only to the group's terms the codes do use; without
        `df`, every term of every group the text touches."""
        out: list[str] = []
        low = _padded(text)
        for g in self.matched_groups(text):
            if df is None:
                out += [t for t in g if t not in out]
                continue
            used = [t for t in g if f" {t} " in low]
            common = max(df.get(t, 0) for t in g)
            if common and all(df.get(t, 0) * RARE_RATIO < common for t in used):
                out += [t for t in g if df.get(t, 0) * RARE_RATIO >= common and t not in out]
        return out

    def asks_other_game(self, text: str) -> bool:
        """True when the asking sentence (the last one) names another game or uses its terms
        ("In Hearts, does the queen of spades cost 13?", "how big is the slam bonus?"): a story
        that mentions whist as well still asks about the other game."""
        ask = _asking_sentence(text)
        low = _padded(ask)
        return bool(self.other_game(ask)) or any(f" {w} " in low for w in self.other_game_terms)

    def other_game(self, text: str) -> str | None:
        low = " " + re.sub(r"[^a-z ]+", " ", text.lower()) + " "
        named = next((g for g in sorted(self.other_games) if f" {g} " in low), None)
        if named:
            return named
        # games named after a suit ("Hearts", "Spades") only when written as a game's name
        m = _SUIT_GAME.search(text)
        return (m.group(1) or m.group(2)).lower() if m else None


_WORD = re.compile(r"[a-z][a-z']*")


def _asking_sentence(text: str) -> str:
    """The sentence that asks (the last with a question mark, else the last)."""
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", text.strip()) if s.strip()]
    return next((s for s in reversed(sentences) if "?" in s), sentences[-1] if sentences else "")


def _padded(text: str) -> str:
    """The text lower-cased, every run of other characters a space, with a space at each end
    (so that " term " finds whole words and phrases)."""
    return " " + re.sub(r"[^a-z0-9' ]+", " ", text.lower()) + " "
_SUIT_GAME = re.compile(r"\b(?:[Ii]n|[Pp]laying|[Pp]lay|game of|at)\s+(Hearts|Spades)\b|\b(Hearts|Spades)\s+(?:game|player)")


def document_frequencies(texts: list[str]) -> dict[str, int]:
    """How many texts use each word or phrase of the vocabulary groups (whole-word match)."""
    vocab = Vocabulary.load()
    padded = [" " + re.sub(r"[^a-z0-9' ]+", " ", t.lower()) + " " for t in texts]
    terms = {t for g in vocab.groups for t in g}
    return {t: sum(f" {t} " in p for p in padded) for t in terms}


def content_words(text: str) -> list[str]:
    stops = stop_words()
    return [w.strip("'") for w in _WORD.findall(text.lower())
            if w.strip("'") not in stops and len(w.strip("'")) > 1]


def fts_query(text: str, vocab: Vocabulary, df: dict[str, int] | None = None) -> str | None:
    """An FTS5 MATCH expression: the question's content words and their bridged terms, OR-ed.
    Every term is quoted, so no user input is ever parsed as FTS5 syntax."""
    terms: list[str] = []
    for t in content_words(text) + vocab.expansions(text, df):
        t = t.replace('"', "").strip()
        if t and t not in terms and t not in stop_words():
            terms.append(t)
    if not terms:
        return None
    return " OR ".join(f'"{t}"' for t in terms)


def dense_query(text: str, vocab: Vocabulary, df: dict[str, int] | None = None) -> str:
    """The question, followed by the period words its modern words stand for."""
    extra = [t for t in vocab.expansions(text, df) if t not in text.lower()]
    return text if not extra else f"{text} ({', '.join(extra)})"
