"""The encoder backends (kb/store/embeddings.py): torch, and the model's ONNX export run by ONNX
Runtime in float32 or int8. The export is made here, from the shipped model, into a scratch
cache: its vectors are compared with torch's, its bytes are the same twice, a KB embedded by
another backend is refused, and a missing package is a one-line error. (Speed is measured by
`whist bench query`, never asserted here.)"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kb.store import embeddings
from kb.store.database import Store, db_path

ROOT = Path(__file__).resolve().parent.parent
ONNX = ("onnx", "onnx-int8")
needs_onnx = pytest.mark.skipif(not set(ONNX) <= set(embeddings.available_backends()),
                                reason="onnxruntime / onnx not installed")

TEXTS = [
    "my partner led out of turn and they called a heart",
    "Can a revoke be claimed after the cards have been cut for the next deal?",
    "If a player revokes, the adversaries may add three tricks to their score, or take three "
    "tricks from the revoking player, or deduct three points from his score.",
    "The dealer must not touch the cards after they have been cut, except to deal them.",
    "Is a card dropped face upwards on the table an exposed card?",
    "Who deals after a misdeal? The deal passes to the next player.",
    "A bets with Y on the odd trick; Y and Z win two by cards but revoke.",
    "the trump card",
]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """An empty export cache: every export in this module is made here, from the model."""
    path = tmp_path_factory.mktemp("whist-cache")
    old = os.environ.get("WHIST_CACHE")
    os.environ["WHIST_CACHE"] = str(path)
    yield path
    if old is None:
        os.environ.pop("WHIST_CACHE", None)
    else:
        os.environ["WHIST_CACHE"] = old


@pytest.fixture(scope="module")
def torch_vectors():
    with embeddings.using_backend("torch"):
        return embeddings.encode(TEXTS)


@pytest.fixture(scope="module")
def exports(cache):
    return {b: embeddings.onnx_export(b) for b in ONNX}


def test_the_backend_is_a_setting_and_torch_keeps_the_old_name(monkeypatch):
    monkeypatch.delenv("WHIST_MODEL", raising=False)
    monkeypatch.setenv("WHIST_EMBED_BACKEND", "torch")
    assert embeddings.model_name() == "all-MiniLM-L6-v2"      # KBs built before backends stay current
    monkeypatch.setenv("WHIST_EMBED_BACKEND", "bogus")
    with pytest.raises(embeddings.EmbeddingBackendError, match="torch, onnx, onnx-int8"):
        embeddings.backend()
    monkeypatch.delenv("WHIST_EMBED_BACKEND")
    assert embeddings.backend() == embeddings.DEFAULT_BACKEND
    for b in embeddings.BACKENDS:
        with embeddings.using_backend(b):
            assert embeddings.backend() == b
            if b in embeddings.available_backends():
                assert embeddings.model_name() == "all-MiniLM-L6-v2" + ("" if b == "torch" else f"+{b}")


@needs_onnx
@pytest.mark.parametrize("backend", ONNX)
def test_the_onnx_export_agrees_with_torch(exports, torch_vectors, backend):
    encoder = embeddings.OnnxEncoder(exports[backend])
    vecs = encoder.encode(TEXTS, normalize_embeddings=True)
    cos = np.sum(vecs * torch_vectors, axis=1)
    assert vecs.shape == torch_vectors.shape
    if backend == "onnx":                   # the same computation: equal to rounding
        assert cos.min() > 0.9999
    else:                                   # int8 weights: close (measured: mean 0.992 on the corpus)
        assert cos.min() > 0.97 and cos.mean() > 0.99
    meta = json.loads((exports[backend] / "export.json").read_text())
    assert meta["check"]["min_cosine_vs_torch"] >= (0.999 if backend == "onnx" else 0.95)


@needs_onnx
def test_the_onnx_tokenizer_reads_as_sentence_transformers_does(exports):
    with embeddings.using_backend("torch"):
        model = embeddings.load_model()
    encoder = embeddings.OnnxEncoder(exports["onnx"])
    long = " ".join(TEXTS) * 8                      # past the 256 tokens kept
    for text in TEXTS + [long, "déjà vu — naïve", ""]:
        want = embeddings._features(model, [text])["input_ids"][0].tolist()
        assert encoder.tokenize([text])["input_ids"][0].tolist() == want


@needs_onnx
def test_a_vector_does_not_depend_on_the_texts_beside_it(exports):
    encoder = embeddings.OnnxEncoder(exports["onnx-int8"])
    together = encoder.encode(TEXTS, normalize_embeddings=True)
    alone = np.stack([encoder.encode([t], normalize_embeddings=True)[0] for t in TEXTS])
    assert np.array_equal(together, alone)


@needs_onnx
def test_the_export_is_cached_by_content_hash_and_deterministic(exports, tmp_path, monkeypatch):
    int8 = exports["onnx-int8"]
    meta = json.loads((int8 / "export.json").read_text())
    assert int8.name.startswith(embeddings.model_hash(embeddings.model_path())[:16])
    assert meta["onnx_sha256"] == embeddings._file_sha256(int8 / "model.onnx")
    before = (int8 / "model.onnx").stat().st_mtime_ns
    assert embeddings.onnx_export("onnx-int8") == int8                  # reused, not exported again
    assert (int8 / "model.onnx").stat().st_mtime_ns == before
    monkeypatch.setenv("WHIST_CACHE", str(tmp_path))                     # a second export, elsewhere
    again = embeddings.onnx_export("onnx-int8")
    assert again != int8 and again.name == int8.name
    assert (again / "model.onnx").read_bytes() == (int8 / "model.onnx").read_bytes()
    (again / "model.onnx").write_bytes(b"truncated")                     # damaged: exported anew
    assert embeddings.onnx_export("onnx-int8") == again
    assert embeddings._file_sha256(again / "model.onnx") == meta["onnx_sha256"]


@pytest.fixture
def copy_kb(kb_dir, tmp_path):
    for f in kb_dir.iterdir():
        if f.is_file():
            shutil.copy(f, tmp_path / f.name)
    return tmp_path


@needs_onnx
def test_a_kb_embedded_by_another_backend_is_stale(copy_kb, cache):
    built_with = embeddings.backend()
    other = next(b for b in embeddings.BACKENDS if b != built_with)
    store = Store(db_path(copy_kb))
    assert embeddings.DenseIndex.open(store)[1] is None
    with embeddings.using_backend(other):
        with pytest.raises(embeddings.StaleIndex, match="whist ingest") as e:
            embeddings.DenseIndex.open(store)
        assert embeddings.model_name() in str(e.value)
        # and a rebuild re-embeds (no vector of the other backend is reused)
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE TABLE embeddings (id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, "
                     "model TEXT NOT NULL, vector BLOB NOT NULL)")
        rid, h = store.content_hashes()[0]
        previous = {rid: store.embeddings()[rid]}
        stats = embeddings.embed_records(conn, [(rid, h, "a text")], previous)
        assert stats == {"reused": 0, "embedded": 1}
        assert conn.execute("SELECT model FROM embeddings").fetchone()[0] == embeddings.model_name()


def _whist(args, env_extra, pre=""):
    """`whist ARGS` in a child process, `pre` run first (e.g. to hide a package)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", **env_extra}
    code = f"import sys\n{pre}\nfrom kb.cli import main\nsys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)


def test_a_missing_package_is_a_clear_one_line_error(kb_dir, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "onnxruntime", None)       # as if not installed
    monkeypatch.setenv("WHIST_EMBED_BACKEND", "onnx-int8")
    with pytest.raises(embeddings.EmbeddingBackendError, match=r"onnxruntime.*pip install onnxruntime"):
        embeddings.model_name()
    with pytest.raises(embeddings.EmbeddingBackendError, match="onnxruntime"):
        embeddings.load_model()
    proc = _whist(["--data", str(kb_dir), "ask", "my partner revoked, what now?"],
                  {"WHIST_EMBED_BACKEND": "onnx", "WHIST_CACHE": str(tmp_path)},
                  pre="sys.modules['onnxruntime'] = None")
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("whist: ") and "pip install onnxruntime" in proc.stderr
    assert "WHIST_EMBED_BACKEND=torch" in proc.stderr


def test_the_export_names_what_it_needs(monkeypatch, tmp_path):
    """onnxruntime present but not onnx (the exporter's): the export, not the load, says so."""
    monkeypatch.setitem(sys.modules, "onnx", None)
    monkeypatch.setenv("WHIST_CACHE", str(tmp_path))
    if not embeddings._installed("onnxruntime"):
        pytest.skip("onnxruntime not installed")
    with pytest.raises(embeddings.EmbeddingBackendError, match=r"onnx .*to export"):
        embeddings.onnx_export("onnx")


def test_bench_chooses_backends_by_setting(monkeypatch):
    from kb.cli import benchmark
    from kb.cli.session import UserError
    monkeypatch.setenv("WHIST_BENCH_BACKENDS", "none")
    assert benchmark.backends_to_compare() == []
    monkeypatch.setenv("WHIST_BENCH_BACKENDS", "onnx-int8, torch,torch")
    assert benchmark.backends_to_compare() == ["onnx-int8", "torch"]
    monkeypatch.setenv("WHIST_BENCH_BACKENDS", "tensorflow")
    with pytest.raises(UserError, match="tensorflow"):
        benchmark.backends_to_compare()
    monkeypatch.delenv("WHIST_BENCH_BACKENDS")
    assert benchmark.backends_to_compare() == embeddings.available_backends()


def test_bench_prints_one_row_per_backend():
    from kb.cli import benchmark
    lat = {"p50_ms": 10.0, "p95_ms": 20.0, "max_ms": 30.0, "n": 3}
    row = {"export_or_load_s": 1.0, "build_s": 60.0, "embedded": 631, "embed_s": 30.0,
           "build_peak_rss_mb": 900.0, "startup_s": 5.0, "peak_rss_mb": 700.0, "encode": lat,
           "dense": lat, "answer (end to end)": lat}
    report = {"order": ["torch", "onnx"], "per_backend": {
        "torch": {**row, "query_cosine": None},
        "onnx": {**row, "query_cosine": {"vs": "torch", "min": 0.9999, "mean": 1.0}}}}
    text = benchmark.format_backends(report)
    lines = text.splitlines()
    assert lines[-2].startswith("torch") and lines[-1].startswith("onnx")
    assert "min 0.9999 mean 1.0000 vs torch" in lines[-1]
