"""Which conclusion of the rules model a question asks about, read by its second witness: the
similarity between the question and the declared conclusions' player questions and labels
(``kb/rules/conclusions.yaml``), reusing the question's dense vector from retrieval.

The candidates are narrowed by the laws: the conclusions the model reached on the situation
read from the question, and those declared for the laws retrieved first. The first witness is
the cue reading of ``kb.nlu`` (``Extraction.asks``); ``kb.answering.verdict`` says yes/no only
when the two agree.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from kb.nlu import facts as nlu
from kb.retrieval.vocabulary import Vocabulary, stop_words
from kb.rules import conclusions
from kb.store import embeddings

TOP_LAWS = 3            # retrieved laws whose declared conclusions are candidates


@dataclass(frozen=True)
class Candidate:
    key: str
    similarity: float
    reached: bool            # the model concluded it on this situation
    rank_reading: str | None = None     # "yes"/"no": how the model's value reads, when reached


@cache
def _declared_vectors() -> tuple[tuple[str, ...], np.ndarray]:
    """One vector per declared (non-internal) conclusion: the mean of its question and label."""
    table = [c for c in conclusions.declared().values() if not c.internal]
    if not table:
        return (), np.zeros((0, 1), dtype="float32")
    vecs = embeddings.encode([c.question for c in table] + [c.label for c in table])
    n = len(table)
    both = vecs[:n] + vecs[n:]
    both /= np.linalg.norm(both, axis=1, keepdims=True)
    return tuple(c.id for c in table), both


def candidates(query_vector, reached: dict, law_ids: list[str], cue_keys: tuple[str, ...] = ()) -> list[Candidate]:
    """Candidate conclusions, most similar first: the yes/no conclusions the model reached (with
    a value) and those declared for `law_ids`, and the conclusions the cues name (any type)."""
    if query_vector is None:
        return []
    keys, vecs = _declared_vectors()
    if not keys:
        return []
    table = conclusions.declared()
    pool = {k for k, v in reached.items() if k in table and v is not None}
    for law in law_ids:
        pool |= {c.id for c in conclusions.of_law(law)}
    pool = {k for k in pool if table[k].yes_no is not None} | {k for k in cue_keys if k in table}
    index = {k: i for i, k in enumerate(keys)}
    sims = vecs @ np.asarray(query_vector, dtype="float32")
    out = [Candidate(k, round(float(sims[index[k]]), 4), k in reached and reached[k] is not None,
                     table[k].reads(reached.get(k))) for k in pool if k in index]
    return sorted(out, key=lambda c: (-c.similarity, c.key))


#: a yes/no reading turned round
TURNED = {"yes": "no", "no": "yes"}


def agrees(question: str, cue_keys: tuple[str, ...], ranked: list[Candidate], verdict: str) -> bool:
    """The second witness does not contradict the first: no candidate the model reached that
    answers the other way matches the question better than the cue's conclusion (dense
    similarity plus the share of the asking clause's words its declaration names).  A candidate
    the model did not reach is no rival, however well it matches: the model says nothing on it.
    (Until stop 34 the cue's conclusion also had to be among the five best candidates; over the
    1,904 yes/no questions of tests/data that cut stopped 9 right verdicts and no wrong one.)"""
    # a premise the question tells ("Carla led when it was my turn") is no rival for what it asks
    table = conclusions.declared()
    ranked = [c for c in ranked if c.key in cue_keys or not (c.key in table and table[c.key].asked_by_cue_only)]
    # each candidate by both witnesses: dense similarity plus the share of the asking clause's
    # words the declaration names
    words = dict(lexical_rank(question, [c.key for c in ranked]))
    score = {c.key: c.similarity + words.get(c.key, 0.0) for c in ranked}
    # a conclusion declared the opposite of the cue's answers the same question the other way
    # round ("Have they lost the revoke penalty?" -- "What penalties can they take?"): it is a
    # witness for the cue's conclusion, its reading turned round
    turned = conclusions.opposites(cue_keys) - set(cue_keys)
    named = set(cue_keys) | turned
    if not cue_keys or not any(c.key in named for c in ranked):
        return False
    mine = max((score[c.key] for c in ranked if c.key in cue_keys), default=float("-inf"))

    def reading(c: Candidate) -> str | None:
        return TURNED.get(c.rank_reading) if c.key in turned else c.rank_reading
    return not any(c.reached and reading(c) not in (None, verdict) and c.key not in cue_keys
                   and score[c.key] > mine for c in ranked)


# ---------------------------------------------------------------- the lexical witness

def asked_clause(question: str) -> str:
    """The part of the question that asks: its last sentence ending in "?", else all of it.
    A clause that names nothing itself ("Is that allowed under the English laws?") asks about
    what was just told: the sentence before it is taken in.  One that names a thing of its own
    ("Are we allowed to consult?") asks that, whatever the sentence before claims."""
    asking = [m.strip() for m in re.findall(r"[^.!?]*\?", question) if m.strip(" ?")]
    if not asking:
        return question
    clause = asking[-1]
    if not _concepts(clause) - set(nlu.LEXICON["not_asked"]):
        before = question[:question.rfind(clause)]
        told = [m.strip() for m in re.findall(r"[^.!?]+[.!?]", before) if m.strip(" .!?")]
        if told:
            clause = f"{told[-1]} {clause}"
    return clause


def asks_number(question: str) -> bool:
    """The asking clause asks for a number ("how many ...?", "what is the most ...?": lexicon
    ``number_asks``)."""
    words = [t.lower_ for t in nlu.nlp()(nlu.prepare(asked_clause(question)))]
    pairs = {" ".join(p) for p in zip(words, words[1:])}
    return any(w in words or w in pairs for w in nlu.LEXICON["number_asks"])


def shares_content(question: str, text: str) -> bool:
    """The asking clause and ``text`` share a concept beyond the words every asking has
    (lexicon ``not_asked``)."""
    return bool((_concepts(asked_clause(question)) & _concepts(text)) - set(nlu.LEXICON["not_asked"]))


def _concept(lem: str) -> str | None:
    """A content lemma's concept: the first word of its vocabulary group, or itself; None for a
    stop word, a number or a word under three letters."""
    if not lem.isalpha() or lem in stop_words() or len(lem) < 3:
        return None
    group = next((g for g in Vocabulary.load().groups if lem in g), None)
    return group[0] if group else lem


def _concepts(text: str) -> set[str]:
    """Content lemmas of a text, each word of a vocabulary group standing for the whole group, and
    the groups whose phrases of several words it holds ("put it right" names "correct")."""
    words = {c for t in nlu.nlp()(nlu.prepare(text)) if (c := _concept(t.lemma_))}
    low = f" {re.sub(r'[^a-z0-9 ]+', ' ', text.lower())} "
    for group, phrases in _phrases():
        found = [p for p in phrases if p in low]
        if found:               # the phrase's words stand for its group, not for themselves
            words -= {_concept(w) for p in found for w in p.split()}
            words.add(group[0])
    return words


@cache
def _phrases() -> tuple[tuple[list[str], tuple[str, ...]], ...]:
    """The vocabulary groups with phrases of several words, each phrase padded with spaces; "put
    right" also matches "put it right" (a pronoun between its two words)."""
    out = []
    for group in Vocabulary.load().groups:
        phrases = []
        for p in (x for x in group if " " in x):
            parts = p.split()
            phrases.append(f" {p} ")
            if len(parts) == 2:
                phrases += [f" {parts[0]} {pron} {parts[1]} " for pron in ("it", "this", "that", "them")]
        if phrases:
            out.append((group, tuple(phrases)))
    return tuple(out)


@cache
def _declared_concepts(key: str) -> frozenset[str]:
    c = conclusions.declared()[key]
    return frozenset(_concepts(f"{c.question} {c.label}"))


def lexical_rank(question: str, keys: list[str]) -> list[tuple[str, float]]:
    """The candidate conclusions ordered by the share of the asking clause's concepts that
    their declared question and label name (the first witness when no cue names the asked
    conclusion)."""
    mine = _concepts(asked_clause(question))
    if not mine:
        return []
    scored = [(k, len(mine & _declared_concepts(k)) / len(mine)) for k in keys]
    return sorted((x for x in scored if x[1] > 0), key=lambda x: (-x[1], x[0]))


def reverses(question: str, key: str, words: str = "reversal", read: tuple[str, ...] = ()) -> bool:
    """The asking clause turns the declared question round ("is it safe from being called?"
    against "Can the card be called?"): a word of the lexicon's list ``words`` ("reversal",
    or the narrower "negators") that the declaration does not have. ``read``: the words facts
    were read from; a negator among them told a fact ("Can I deal for him without asking?": the
    permission not asked), it does not turn the question."""
    clause = _without_asides(asked_clause(question))
    for words_read in read:
        clause = clause.replace(words_read.strip(), " ")
    return bool((_lemmas(clause) - _lemmas(conclusions.declared()[key].question)) & set(nlu.LEXICON[words]))


#: a relative clause set off by commas: an aside on who someone is ("Can we, the players who lost,
#: make him pay?"), not what is asked
_ASIDE = re.compile(r",[^,?]*\b(?:who|whom|which)\b[^,?]*,")


def _without_asides(clause: str) -> str:
    return _ASIDE.sub(",", clause)


def negates_term(question: str, key: str) -> bool:
    """The asking clause puts "no" or "not" right before a word of the declared question ("do
    we just cut again, no reshuffle needed?" against "Must the pack be reshuffled?")."""
    declared = _question_concepts(key)
    toks = list(nlu.nlp()(nlu.prepare(asked_clause(question))))

    def named(lem: str) -> bool:          # "reshuffle" names "shuffle" ... again
        return _concept(lem) in declared or (lem.startswith("re") and _concept(lem[2:]) in declared)
    return any(a.lower_ in ("no", "not", "without") and named(b.lemma_) for a, b in zip(toks, toks[1:]))


@cache
def _question_concepts(key: str) -> frozenset[str]:
    return frozenset(_concepts(conclusions.declared()[key].question))


@lru_cache(maxsize=512)
def _lemmas(text: str) -> frozenset[str]:
    """The text's lemmas, less a participle that only names a side ("the losing pair", "the
    winning side": who they are, not what is asked; lexicon ``side_nouns``)."""
    toks = list(nlu.nlp()(nlu.prepare(text)))
    sides = set(nlu.LEXICON["side_nouns"])
    return frozenset(t.lemma_ for t, nxt in zip(toks, toks[1:] + [None])
                     if not (t.lower_.endswith("ing") and nxt is not None and nxt.lower_ in sides))
