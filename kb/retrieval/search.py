"""Hybrid retrieval: keyword (SQLite FTS5 BM25) and dense (FAISS) over every record, fused by
reciprocal rank fusion (or weighted scores), then gathered into laws, cases and commentary,
with citation expansion (a case that cites a law lends it weight, and the reverse).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ingest.records import Record
from kb.store import embeddings
from kb.store.database import Store
from kb.retrieval.vocabulary import Vocabulary, dense_query, document_frequencies, fts_query

MODES = ("bm25", "dense", "hybrid")
FUSIONS = ("rrf", "weighted")
RRF_K = 60
# Weighted fusion: the keyword share, and the weight of a law of a code the question did not
# ask about. Chosen by `whist eval --choose` on the blind sets A-F (leave one set out: the same
# laws' choice on every fold; never on the development set): held-out law MRR 0.879 on average
# against 0.867 for the earlier 0.7 / 0.35; the cases' share 0.3 gains nothing over 0.5.
LAW_KEYWORD_WEIGHT = 0.6
CASE_KEYWORD_WEIGHT = 0.5
POOL = 60                       # records taken from each retriever
OTHER_CODE_WEIGHT = 0.2
# A law or case cited by a retrieved record lends weight in proportion to how authoritative
# the citing record is as an answer: a test question cites the laws that answer it, a case
# the laws it was decided on, commentary and notes merely mention.
CITED_BY_HIT_WEIGHT = {"test": 0.9, "case": 0.5}
CITED_BY_OTHER_WEIGHT = 0.35
CITING_CASE_WEIGHT = 0.15       # a case citing a retrieved law
# A line of a law card (ingest.law_cards: the law in modern table words) stands for its law, at
# this share of the records' fused score. `whist eval --choose` over the blind sets A-AB chose 0.5
# (of 0, 0.5, 0.75, 1) in every fold.
CARD_WEIGHT = 0.5
# The second stage of the cases: a case gains this share of the best score, among the laws just
# ranked, of a law it rests on (cites, or is decided under by the rules model's examples) -- what
# the case's own words cannot show. Chosen by `whist eval --choose` (see kb/cli/choosing.py).
CASE_LAW_WEIGHT = 0.75
CASE_POOL = 30                  # the cases re-ranked by the second stage
LAW_TYPES = ("law", "section", "etiquette", "dummy", "double-dummy")


@dataclass(frozen=True)
class Weights:
    """The fusion's weights (``whist eval --choose`` picks them by cross-validation over the
    blind question sets; the defaults are its choice)."""
    fusion: str = "weighted"
    law_keyword: float = LAW_KEYWORD_WEIGHT
    case_keyword: float = CASE_KEYWORD_WEIGHT
    other_code: float = OTHER_CODE_WEIGHT
    card: float = CARD_WEIGHT
    case_law: float = CASE_LAW_WEIGHT

    def with_(self, **kw) -> "Weights":
        return replace(self, **kw)


DEFAULT_WEIGHTS = Weights()


@dataclass
class Hit:
    id: str                     # law id (english/72, english/etiquette/III) or drayson/case/93
    score: float
    via: list[str] = field(default_factory=list)   # the record ids that brought it

    @property
    def code(self) -> str:
        return self.id.split("/", 1)[0]

    @property
    def law(self) -> str:
        return self.id.split("/", 1)[1]

    @property
    def case(self) -> int:
        return int(self.id.rsplit("/", 1)[1])


@dataclass(frozen=True)
class Rankings:
    """What the retrievers found for one question: over the records, and over the law cards."""
    records: list[list[tuple[str, float]]]
    cards: list[list[tuple[str, float]]]


@dataclass
class Results:
    laws: list[Hit]
    cases: list[Hit]
    commentary: list[Hit]
    records: list[tuple[str, float]]   # the fused record ranking, for inspection
    query_vector: Any = None           # the question's dense vector (None without dense search)


def law_of(record: Record) -> str | None:
    """The law id a law-like record stands for (a section stands for its law)."""
    if record.type == "section":
        return record.parent
    if record.type in LAW_TYPES:
        return record.id
    return None


class Searcher:
    def __init__(self, store: Store, dense: bool = True):
        self.store = store
        self.vocab = Vocabulary.load()
        self.records = {r.id: r for r in store.all()}
        self.card_laws = {cid: law for cid, (law, _) in store.cards().items()}
        # what each decided case or test rests on: what its text cites, and the laws the rules
        # model's examples decide it under (Drayson's case 97 cites none; it is decided under
        # American 20)
        decided = store.decided_under()
        self.case_laws: dict[str, list[str]] = {}
        self.law_cases: dict[str, list[str]] = {}
        for rid, rec in self.records.items():
            if rec.type not in ("case", "test"):
                continue
            self.case_laws[rid] = list(dict.fromkeys([*rec.cites, *decided.get(rid, ())]))
            if rec.type == "case":
                for law in decided.get(rid, ()):
                    parts = law.split("/")
                    for k in range(2, len(parts) + 1):
                        self.law_cases.setdefault("/".join(parts[:k]), []).append(rid)
        self.df = document_frequencies([f"{r.heading} {r.text} {r.decision or ''}"
                                        for r in self.records.values()])
        self.dense_index = None
        self.index_note = None
        if dense:
            self.dense_index, self.index_note = embeddings.DenseIndex.open(store)
            embeddings.load_model()

    # --- the two retrievers, over the records and over the law cards' lines ------------------
    def bm25(self, question: str, k: int = POOL) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
        """The keyword ranking of the records, and of the cards' lines (one query, two tables)."""
        match = fts_query(question, self.vocab, self.df)
        if not match:
            return [], []
        return self.store.fts(match, k), (self.store.fts_cards(match, k) if self.card_laws else [])

    def query_vector(self, question: str):
        """The question's dense vector (vocabulary-bridged), or None without a dense index."""
        if self.dense_index is None:
            return None
        return embeddings.encode([dense_query(question, self.vocab, self.df)])[0]

    def dense(self, question: str, k: int = POOL, vec=None) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
        """The k nearest records, and the k nearest cards' lines, to the question (one search of
        the index that holds both)."""
        if self.dense_index is None:
            return [], []
        vec = self.query_vector(question) if vec is None else vec
        every = self.dense_index.search(vec, len(self.dense_index.ids))
        return ([(rid, s) for rid, s in every if rid not in self.card_laws][:k],
                [(rid, s) for rid, s in every if rid in self.card_laws][:k])

    def retrieve(self, question: str, mode: str = "hybrid", vec=None) -> Rankings:
        """The rankings of the retrievers the mode uses ([bm25] | [dense] | [bm25, dense]), over
        the records and over the cards."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        found = ([self.bm25(question)] if mode in ("bm25", "hybrid") else []) + \
                ([self.dense(question, vec=vec)] if mode in ("dense", "hybrid") else [])
        return Rankings([r for r, _ in found], [c for _, c in found] if self.card_laws else [])

    @staticmethod
    def fuse(rankings: list[list[tuple[str, float]]], fusion: str = "weighted",
             keyword_weight: float = LAW_KEYWORD_WEIGHT) -> list[tuple[str, float]]:
        """Reciprocal rank fusion, or a weighted sum of scores min-max normalised within each
        retriever's pool (the first ranking, keyword, gets `keyword_weight`)."""
        if fusion not in FUSIONS:
            raise ValueError(f"fusion must be one of {FUSIONS}")
        weights = [1.0] if len(rankings) == 1 else [keyword_weight, 1 - keyword_weight]
        scores: dict[str, float] = {}
        for ranking, w in zip(rankings, weights):
            if not ranking:
                continue
            top, bottom = ranking[0][1], ranking[-1][1]
            spread = (top - bottom) or 1.0
            for rank, (rid, s) in enumerate(ranking):
                part = 1.0 / (RRF_K + rank) if fusion == "rrf" else w * (s - bottom) / spread
                scores[rid] = scores.get(rid, 0.0) + part
        return sorted(scores.items(), key=lambda kv: -kv[1])

    # --- gathering into laws, cases, commentary ------------------------------------------
    def search(self, question: str, mode: str = "hybrid", fusion: str = "weighted",
               code: str = "english", boost: list[str] | None = None,
               weights: Weights | None = None, rankings=None, vec=None) -> Results:
        """Laws and commentary from one fusion, cases from another that leans more on the
        dense retriever (Drayson's cases are narratives, like the questions). ``rankings``
        and ``vec``: the retrievers' output for this question, when already computed."""
        w = weights or DEFAULT_WEIGHTS.with_(fusion=fusion)
        if rankings is None:
            vec = self.query_vector(question) if mode != "bm25" else None   # also used downstream (precedents, the asked conclusion)
            rankings = self.retrieve(question, mode, vec)
        for_laws = self.fuse(rankings.records, w.fusion, w.law_keyword)
        if w.card and rankings.cards:       # a card's line stands for its law, at the cards' weight
            for_laws = sorted(for_laws + [(cid, w.card * sc) for cid, sc in
                                          self.fuse(rankings.cards, w.fusion, w.law_keyword)],
                              key=lambda kv: -kv[1])
        laws, _, comments = self._gather(for_laws, code, w.other_code)
        _, cases, _ = self._gather(self.fuse(rankings.records, w.fusion, w.case_keyword), code, w.other_code)
        # the references named, in the resolver's order (English first for a bare number): each
        # above everything retrieved, the first named highest
        boost = list(dict.fromkeys(boost or []))
        top_law, top_case = (max([h.score for h in b.values()] + [1.0]) for b in (laws, cases))
        for i, rid in enumerate(boost):
            is_case = rid.startswith("drayson/case/")
            hit = (cases if is_case else laws).setdefault(rid, Hit(rid, 0.0))
            hit.score = (top_case if is_case else top_law) * (2 + len(boost) - i)
            hit.via.insert(0, "reference")
        laws_ranked = _ranked(laws)
        return Results(laws_ranked, self.rerank_cases(_ranked(cases), laws_ranked, w.case_law),
                       _ranked(comments), for_laws, vec)

    def cases_resting_on(self, law_id: str) -> list[str]:
        """The decided cases that cite a law (or one of its sections) or are decided under it."""
        return list(dict.fromkeys([c for c in self.store.cited_by(law_id) if c.startswith("drayson/case/")]
                                  + self.law_cases.get(law_id, [])))

    def rerank_cases(self, cases: list[Hit], laws: list[Hit], weight: float) -> list[Hit]:
        """The second stage: each of the first CASE_POOL cases gains ``weight`` times the best
        normalised score of a law it rests on, in the law ranking just made."""
        if not weight or not cases:
            return cases
        score = {h.id: h.score for h in laws}
        head = [replace(h, via=list(h.via)) for h in cases[:CASE_POOL]]
        for h in head:
            best = max((score.get(self._law_id(c), 0.0) for c in self.case_laws.get(h.id, ())), default=0.0)
            if best:
                h.score += weight * best
                h.via.append("its law ranked")
        return _ranked({h.id: h for h in head + cases[CASE_POOL:]})

    def _law_id(self, rid: str) -> str | None:
        rec = self.records.get(rid)
        return law_of(rec) if rec is not None else None

    def _gather(self, ranked: list[tuple[str, float]], code: str, other_code: float = OTHER_CODE_WEIGHT):
        laws: dict[str, Hit] = {}
        cases: dict[str, Hit] = {}
        comments: dict[str, Hit] = {}

        def add(bucket: dict, target: str, score: float, via: str) -> None:
            hit = bucket.setdefault(target, Hit(target, 0.0))
            hit.score = max(hit.score, score) + 0.1 * min(hit.score, score)
            if via not in hit.via:
                hit.via.append(via)

        def weight(law_id: str) -> float:
            return 1.0 if law_id.split("/", 1)[0] == code else other_code

        for rid, score in ranked:
            rec = self.records.get(rid)
            law_id = law_of(rec) if rec is not None else self.card_laws.get(rid)
            if law_id:
                add(laws, law_id, score * weight(law_id), rid)
                for cid in self.cases_resting_on(law_id):
                    add(cases, cid, score * CITING_CASE_WEIGHT, rid)
                continue
            if rec is None:
                continue
            if rec.type == "case":
                add(cases, rid, score, rid)
            else:
                add(comments, rid, score, rid)
            lend = CITED_BY_HIT_WEIGHT.get(rec.type, CITED_BY_OTHER_WEIGHT)
            cited = list(self.case_laws.get(rid, rec.cites))
            if rec.type in ("note", "footnote") and rec.parent:
                cited.append(rec.parent)
            for cid in cited:
                target = self.records.get(cid)
                if target is None:
                    continue
                cited_law = law_of(target)
                if cited_law:
                    add(laws, cited_law, score * lend * weight(cited_law), rid)
                elif target.type == "case":
                    add(cases, cid, score * lend, rid)
        return laws, cases, comments


def _ranked(bucket: dict[str, Hit]) -> list[Hit]:
    hits = sorted(bucket.values(), key=lambda h: (-h.score, h.id))
    best = hits[0].score if hits else 1.0
    for h in hits:
        h.score = round(h.score / best, 4) if best else 0.0
    return hits
