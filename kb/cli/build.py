"""Build (or refresh) the knowledge base: records -> SQLite + vectors + FAISS index, atomically.

A rebuild embeds only the records whose content hash changed; a failed build leaves the
previous KB untouched (everything is written to a temporary file, then renamed). One build
at a time per directory: a second `whist ingest` waits on the directory's lock.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import datetime as dt
import sys
import time
from pathlib import Path
import sqlite3

import numpy as np
from tqdm import tqdm

from ingest import corpus, law_cards, pipeline
from kb.rules import scenarios
from kb.store import database as store, embeddings


@dataclass
class BuildReport:
    path: Path
    counts: dict
    warnings: list[str]
    embedded: int
    reused: int
    seconds: float
    timings: dict = field(default_factory=dict)


def fingerprint(sources: list, curated: list) -> str:
    """What the KB is built from: the corpus (texts and curated data), the law cards and the laws
    the rule examples say each decided case rests on."""
    return f"{corpus.fingerprint(sources, curated)}-{law_cards.digest()}-{scenarios.digest()}"


def _decided_under(records) -> list[tuple[str, str, str]]:
    """The rule examples' case -> law links, each law id cut to the record it names (a rule id
    "english/84/election" is english/84; a section id is kept)."""
    ids = {r.id for r in records}
    out = []
    for src, law, name in scenarios.decisions():
        parts = law.split("/")
        found = next(("/".join(parts[:k]) for k in range(len(parts), 1, -1) if "/".join(parts[:k]) in ids), None)
        if src in ids and found:
            out.append((src, found, name))
    return out


def _previous_vectors(path: Path) -> dict:
    try:
        old = store.Store(path)
    except store.KBMissing:          # missing or damaged: embed everything
        return {}
    try:
        return old.embeddings()
    except sqlite3.DatabaseError:
        return {}
    finally:
        old.close()


def _overrides(corpus_dir: Path) -> list[dict]:
    """The concordance overrides this corpus lists in its manifest (none if it lists none),
    verified against the manifest like the source texts."""
    curated = corpus.load_curated(corpus_dir)
    try:
        corpus.verify(curated)
    except corpus.CorpusError as e:
        raise corpus.CorpusError(f"{e}\n  (curated data: if the change is intended, update its "
                                 f"sha256 and bytes in {Path(corpus_dir) / 'manifest.json'})") from None
    path = corpus.curated_file(corpus_dir, "concordance-overrides")
    if path is None:
        return []
    from kb.present import concordance
    try:
        return concordance.load_overrides(path)
    except Exception as e:           # YAML syntax, an entry without a reason, ...
        raise corpus.CorpusError(f"{path.name}: {e}") from None


def build(data_dir: Path = store.DEFAULT_DATA_DIR, corpus_dir: Path = corpus.DEFAULT_CORPUS,
          progress: bool = True, with_concordance: bool = True, on_wait=None) -> BuildReport:
    """Parse the corpus and write the KB at data_dir/kb.sqlite. Raises CorpusError on a bad
    corpus (the previous KB is left intact). Holds the directory's build lock throughout
    (`on_wait(message)` is told if another build has it; BuildBusy if it is never freed)."""
    with store.build_lock(Path(data_dir), on_wait=on_wait):
        return _build(Path(data_dir), Path(corpus_dir), progress, with_concordance)


def _build(data_dir: Path, corpus_dir: Path, progress: bool, with_concordance: bool) -> BuildReport:
    t0 = time.perf_counter()
    timings = {}
    path = store.db_path(Path(data_dir))
    bar = (lambda it: tqdm(it, desc="parsing sources", unit="source", file=sys.stderr)) if progress \
        else (lambda it: it)
    result = pipeline.run(Path(corpus_dir), progress=bar)
    timings["parse_s"] = time.perf_counter() - t0
    sources = corpus.load_manifest(Path(corpus_dir))
    curated = corpus.load_curated(Path(corpus_dir))
    overrides = _overrides(Path(corpus_dir)) if with_concordance else []
    previous = _previous_vectors(path)
    records = result.records
    cards = law_cards.lines(records)
    with store.atomic_build(path) as conn:
        store.write_records(conn, records)
        store.write_decided_under(conn, _decided_under(records))
        store.write_cards(conn, cards)
        store.write_warnings(conn, result.warnings)
        t1 = time.perf_counter()
        stats = embeddings.embed_records(
            conn, [(r.id, r.content_hash(), r.embedding_text()) for r in records]
            + [(c.id, c.content_hash(), c.text) for c in cards], previous, progress=progress)
        timings["embed_s"] = time.perf_counter() - t1
        if with_concordance:
            from kb.present import concordance
            t2 = time.perf_counter()
            # the laws' clauses get vectors too (reused by hash like the records'): the relation
            # between the codes is computed clause by clause
            embeddings.embed_records(conn, concordance.clause_items(records), previous, progress=False)
            result_c = concordance.build(records, conn, overrides=overrides)
            store.write_concordance(conn, [r.as_dict() for r in result_c.rows], result_c.links)
            timings["concordance_s"] = time.perf_counter() - t2
        store.write_meta(conn, {
            "corpus_fingerprint": fingerprint(sources, curated),
            "built_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            "model": embeddings.model_name(),
        })
    # The dense index beside the store, from the vectors just stored.
    kb = store.Store(path)
    try:
        pairs = kb.content_hashes()
        vecs = kb.embeddings()
        ids = [rid for rid, _ in pairs]
        matrix = np.stack([np.frombuffer(vecs[rid][2], dtype="float32") for rid in ids])
        embeddings.write_index(path, ids, matrix, embeddings.signature(pairs, embeddings.model_name()),
                               embeddings.model_name())
        counts = kb.counts()
    finally:
        kb.close()
    return BuildReport(path=path, counts=counts, warnings=result.warnings,
                       embedded=stats["embedded"], reused=stats["reused"],
                       seconds=time.perf_counter() - t0, timings=timings)


def is_current(data_dir: Path = store.DEFAULT_DATA_DIR, corpus_dir: Path = corpus.DEFAULT_CORPUS) -> bool:
    """True if a KB exists, is whole, has the current schema, and was built from this corpus
    (its source texts and curated data). Raises CorpusError if the corpus manifest is broken."""
    expected = fingerprint(corpus.load_manifest(Path(corpus_dir)), corpus.load_curated(Path(corpus_dir)))
    try:
        kb = store.Store(store.db_path(Path(data_dir)))
    except store.KBMissing:
        return False
    try:
        return kb.meta().get("corpus_fingerprint") == expected
    except sqlite3.DatabaseError:
        return False
    finally:
        kb.close()
