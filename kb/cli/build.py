"""Build (or refresh) the knowledge base: records -> SQLite + vectors + FAISS index, atomically.

A rebuild embeds only the records whose content hash changed; a failed build leaves the
previous KB untouched (everything is written to a temporary file, then renamed).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import datetime as dt
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

from ingest import corpus, pipeline
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


def _previous_vectors(path: Path) -> dict:
    try:
        old = store.Store(path)
    except store.KBMissing:
        return {}
    try:
        return old.embeddings()
    finally:
        old.close()


def build(data_dir: Path = store.DEFAULT_DATA_DIR, corpus_dir: Path = corpus.DEFAULT_CORPUS,
          progress: bool = True, with_concordance: bool = True) -> BuildReport:
    """Parse the corpus and write the KB at data_dir/kb.sqlite. Raises CorpusError on a bad
    corpus (the previous KB is left intact)."""
    t0 = time.perf_counter()
    timings = {}
    path = store.db_path(Path(data_dir))
    bar = (lambda it: tqdm(it, desc="parsing sources", unit="source", file=sys.stderr)) if progress \
        else (lambda it: it)
    result = pipeline.run(Path(corpus_dir), progress=bar)
    timings["parse_s"] = time.perf_counter() - t0
    sources = corpus.load_manifest(Path(corpus_dir))
    previous = _previous_vectors(path)
    records = result.records
    with store.atomic_build(path) as conn:
        store.write_records(conn, records)
        store.write_warnings(conn, result.warnings)
        t1 = time.perf_counter()
        stats = embeddings.embed_records(
            conn, [(r.id, r.content_hash(), r.embedding_text()) for r in records], previous,
            progress=progress)
        timings["embed_s"] = time.perf_counter() - t1
        if with_concordance:
            from kb.present import concordance
            t2 = time.perf_counter()
            rows = concordance.align(records, conn)
            conn.executemany("INSERT INTO concordance (n, row) VALUES (?, ?)",
                             [(i, concordance.row_json(r)) for i, r in enumerate(rows)])
            timings["concordance_s"] = time.perf_counter() - t2
        store.write_meta(conn, {
            "corpus_fingerprint": corpus.fingerprint(sources),
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
    """True if a KB exists, has the current schema, and was built from this corpus."""
    try:
        kb = store.Store(store.db_path(Path(data_dir)))
    except store.KBMissing:
        return False
    try:
        return kb.meta().get("corpus_fingerprint") == corpus.fingerprint(corpus.load_manifest(Path(corpus_dir)))
    finally:
        kb.close()
