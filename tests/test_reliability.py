"""Issue 14: crashes, damaged files, injection, misread numbers and output failures, each
answered with a clear message, a non-zero exit where the command failed, and nothing lost."""
from __future__ import annotations

import json
import os
from pathlib import Path
import shutil
import stat
import subprocess
import sys

import pytest

from kb.cli.main import main
from kb.codes import law_label

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def whist(*args, stdout=subprocess.PIPE, timeout=120, **kw):
    """`whist` in a child process (for what only a process shows: exit at interpreter
    shutdown, writes to /dev/full)."""
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "kb", *args], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=timeout, env=env, **kw)


@pytest.fixture
def copy_kb(kb_dir, tmp_path):
    """A scratch copy of the session KB, to damage."""
    dst = tmp_path / "kb"
    shutil.copytree(kb_dir, dst)
    return dst


def _batch(tmp_path, lines: list[bytes]) -> Path:
    p = tmp_path / "q.jsonl"
    p.write_bytes(b"\n".join(lines) + b"\n")
    return p


# --- crash on a question ------------------------------------------------------------------
def test_law_label_names_drayson_cases_and_tests():
    assert law_label("drayson/case/93") == "Drayson, case 93"
    assert law_label("drayson/test/6") == "Drayson, test 6"
    assert law_label("english/72") == "English law 72"
    assert law_label("drayson/commentary/american-laws/3") == "drayson/commentary/american-laws/3"


def test_a_test_named_inside_a_sentence_is_answered(answerer):
    for q in ("In test 6, can the revoke be claimed after the cut?",
              "What does Drayson say in test 6 about calling a suit?"):
        out = answerer.ask(q)
        assert out["answer"] and "error" not in out


def test_batch_goes_on_after_a_question_that_raises(capsys, kb_dir, tmp_path, monkeypatch):
    from kb.answering.answer import Answerer
    real = Answerer.ask

    def flaky(self, question, qid=None, **kw):
        if "boom" in question:
            raise KeyError("drayson")
        return real(self, question, qid, **kw)
    monkeypatch.setattr(Answerer, "ask", flaky)
    batch = _batch(tmp_path, [b'{"id": "a", "question": "law 72"}',
                              b'{"id": "b", "question": "boom"}',
                              b'{"id": "c", "question": "case 93"}'])
    code, out, err = run(capsys, "--data", str(kb_dir), "ask", "--batch", str(batch), "--json")
    rows = [json.loads(l) for l in out.splitlines()]
    assert [r["id"] for r in rows] == ["a", "b", "c"]
    assert "answer" in rows[0] and "answer" in rows[2]
    assert "KeyError" in rows[1]["error"] and "answer" not in rows[1]
    assert code == 2 and "1 of 3 lines could not be answered" in err


def test_batch_answers_each_line_on_its_own(capsys, kb_dir, tmp_path):
    batch = _batch(tmp_path, [
        b'{"id": "a", "question": "law 72"}',
        b'{"id": "b", "question": "bad \\ud800 surrogate"}',      # a lone surrogate
        b'not json at all',
        b'\xff\xfe\x00 binary',
        b'{"id": "e", "question": "caf\xe9"}',                      # Latin-1, not UTF-8
        b'{"id": "f"}',
        b'[1, 2]',
        b'{"id": "h", "question": "case 93"}',
    ])
    code, out, err = run(capsys, "--data", str(kb_dir), "ask", "--batch", str(batch), "--json")
    rows = [json.loads(l) for l in out.splitlines()]
    assert len(rows) == 8 and code == 2
    assert rows[0]["id"] == "a" and "answer" in rows[0]
    assert rows[-1]["id"] == "h" and "answer" in rows[-1]
    assert rows[1] == {"id": "b", "error": rows[1]["error"], "line": 2} and "surrogate" in rows[1]["error"]
    assert "not a JSON object" in rows[2]["error"]
    assert "not UTF-8" in rows[3]["error"]
    assert rows[4]["id"] == "e" and "not UTF-8" in rows[4]["error"]
    assert rows[5]["id"] == "f" and "question" in rows[5]["error"]
    assert "Traceback" not in err and f"{batch}:3" in err


def test_a_batch_of_look_ups_or_bad_lines_never_loads_the_model(capsys, kb_dir, tmp_path, monkeypatch):
    from kb.store import embeddings

    def no(*a, **k):
        raise AssertionError("the model was loaded")
    monkeypatch.setattr(embeddings, "load_model", no)
    monkeypatch.setattr(embeddings.DenseIndex, "open", no)
    batch = _batch(tmp_path, [b'{"id": "a"}', b'{"id": "b", "question": "law 72"}',
                              b'{"id": "c", "question": "American law 400"}', b'{"id": "d", "question": ""}'])
    code, out, _ = run(capsys, "--data", str(kb_dir), "ask", "--batch", str(batch), "--json")
    rows = [json.loads(l) for l in out.splitlines()]
    assert [r["id"] for r in rows] == ["a", "b", "c", "d"] and code == 2
    assert "english/72" in rows[1]["answer"] and "no american-1894/400" in rows[2]["answer"]
    code, out, _ = run(capsys, "--data", str(kb_dir), "ask", "law 72")
    assert code == 0 and "English law 72" in out


def test_invalid_utf8_in_argv_is_a_clear_error(kb_dir):
    proc = subprocess.run([sys.executable, "-m", "kb", "--data", str(kb_dir), "ask", b"law \xff 72"],
                          capture_output=True, env=dict(os.environ, HF_HUB_OFFLINE="1"), timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "not valid UTF-8" in err and "0xff" in err
    assert "Traceback" not in err


# --- damaged knowledge base ----------------------------------------------------------------
@pytest.mark.parametrize("damage", ["empty", "truncated", "garbage", "a page overwritten"])
def test_damaged_sqlite_is_a_clear_error(capsys, copy_kb, damage):
    db = copy_kb / "kb.sqlite"
    data = db.read_bytes()
    if damage == "empty":
        db.write_bytes(b"")
    elif damage == "truncated":
        db.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        db.write_bytes(os.urandom(50_000))
    else:
        db.write_bytes(data[:4096 * 300] + os.urandom(4096 * 20) + data[4096 * 320:])
    for args in (("ask", "law 72"), ("law", "english", "72"), ("stats",)):
        code, _, err = run(capsys, "--data", str(copy_kb), *args)
        assert code == 2 and "whist ingest" in err, (damage, args, err)
        assert "damaged" in err or "empty" in err or "truncated" in err or "not a knowledge base" in err


def test_a_damaged_kb_is_rebuilt_by_ingest(capsys, copy_kb, monkeypatch):
    import numpy as np
    from kb.store import embeddings
    # every vector is embedded again: a stand-in model keeps the test fast
    monkeypatch.setattr(embeddings, "encode", lambda texts, progress=False: np.ones((len(texts), 384), "float32"))
    (copy_kb / "kb.sqlite").write_bytes(b"")
    code, out, _ = run(capsys, "--data", str(copy_kb), "ingest", "--quiet")
    assert code == 0 and "records 631" in out.replace(",", "")


@pytest.mark.parametrize("damage", ["sidecar garbage", "index garbage", "ids shuffled"])
def test_damaged_dense_index_is_detected_and_rebuilt(copy_kb, damage):
    from kb.store import embeddings
    from kb.store.database import Store, db_path
    index_file, sidecar = embeddings.index_paths(db_path(copy_kb))
    store = Store(db_path(copy_kb))
    before = embeddings.DenseIndex.open(store)[0]
    if damage == "sidecar garbage":
        sidecar.write_bytes(b"\x00garbage{")
    elif damage == "index garbage":
        index_file.write_bytes(os.urandom(5000))
    else:
        side = json.loads(sidecar.read_text())
        side["ids"] = side["ids"][1:] + side["ids"][:1]          # signature kept
        sidecar.write_text(json.dumps(side))
    index, note = embeddings.DenseIndex.open(store)
    assert note and "rebuilt" in note, damage
    assert index.ids == before.ids
    vec = embeddings.encode(["a revoke claimed after the cut"])[0]
    assert index.search(vec, 5) == before.search(vec, 5)
    assert embeddings.DenseIndex.open(store)[1] is None        # repaired on disk


def test_a_read_only_kb_is_repaired_in_memory(copy_kb):
    from kb.store import embeddings
    from kb.store.database import Store, db_path
    if os.geteuid() == 0:
        pytest.skip("root writes to read-only directories")
    _, sidecar = embeddings.index_paths(db_path(copy_kb))
    sidecar.write_text("{}")
    copy_kb.chmod(0o555)
    try:
        store = Store(db_path(copy_kb))
        index, note = embeddings.DenseIndex.open(store)
        assert "kept in memory" in note and len(index.ids) == 631 + store.counts()["card_lines"]
    finally:
        copy_kb.chmod(0o755)


def test_two_ingests_at_once_both_succeed(copy_kb):
    procs = [subprocess.Popen([sys.executable, "-m", "kb", "--data", str(copy_kb), "ingest", "--quiet"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=dict(os.environ, HF_HUB_OFFLINE="1")) for _ in range(2)]
    results = [(p.wait(timeout=300), *p.communicate()) for p in procs]
    for code, out, err in results:
        assert code == 0 and "Traceback" not in err and "built" in out, err[-2000:]
    assert not list(copy_kb.glob("*.tmp"))
    from kb.store.database import Store, db_path
    assert Store(db_path(copy_kb)).counts()["records"] == 631


def test_the_build_lock_makes_a_second_build_wait(copy_kb):
    from kb.cli.build import build
    from kb.store.database import BuildBusy, build_lock
    told = []
    with build_lock(copy_kb):
        with pytest.raises(BuildBusy, match="another build"):
            with build_lock(copy_kb, timeout=0.2, on_wait=told.append):
                pass
    assert told and "waiting" in told[0]


def test_a_broken_manifest_is_a_clear_error(capsys, tmp_path, copy_kb):
    from ingest.corpus import CorpusError, load_manifest
    bad = tmp_path / "corpus"
    shutil.copytree(CORPUS, bad)
    for text in ("{broken", '{"sources": [{"file": "x.txt"}]}', '[]', '{"sources": [{"file": "../../etc/passwd"}]}'):
        (bad / "manifest.json").write_text(text)
        with pytest.raises(CorpusError, match="manifest.json"):
            load_manifest(bad)
        code, _, err = run(capsys, "--data", str(copy_kb), "ingest", "--corpus", str(bad), "--quiet")
        assert code == 2 and "manifest.json" in err and "unchanged" in err


def test_concordance_overrides_are_in_the_manifest_and_read_from_the_corpus(tmp_path, copy_kb):
    from ingest.corpus import CorpusError, fingerprint, load_curated, load_manifest, sha256_of
    from kb.cli.build import build, is_current
    from kb.store.database import Store, db_path
    curated = load_curated(CORPUS)
    assert [c.path.name for c in curated] == ["concordance_overrides.yaml"]
    assert curated[0].sha256 == sha256_of(CORPUS / "concordance_overrides.yaml")
    mine = tmp_path / "corpus"
    shutil.copytree(CORPUS, mine)
    overrides = mine / "concordance_overrides.yaml"
    overrides.write_text("overrides: []\n")
    with pytest.raises(CorpusError, match="concordance_overrides.yaml"):   # not what the manifest says
        build(copy_kb, mine, progress=False)
    manifest = json.loads((mine / "manifest.json").read_text())
    manifest["curated"][0].update(sha256=sha256_of(overrides), bytes=overrides.stat().st_size)
    (mine / "manifest.json").write_text(json.dumps(manifest))
    assert fingerprint(load_manifest(mine), load_curated(mine)) != fingerprint(load_manifest(CORPUS), load_curated(CORPUS))
    assert not is_current(copy_kb, mine)
    build(copy_kb, mine, progress=False)
    assert is_current(copy_kb, mine) and not is_current(copy_kb, CORPUS)
    rows = Store(db_path(copy_kb)).concordance()
    assert rows and not [r for r in rows if r.get("method") == "override"]


# --- markdown injection in the page ------------------------------------------------------
def test_md_escape_leaves_no_link_or_image():
    from kb.present.views import md_escape
    out = md_escape("[click](https://evil.example/x) ![i](https://evil.example/i.png) "
                    "https://evil.example www.evil.example a@evil.example <img src=x>")
    for live in ("](", "![", "https://", "www.evil", "a@evil", "<img"):
        assert not _live(out, live), live


def _live(markdown: str, token: str) -> bool:
    """The token would be live markup: it occurs in the markdown with none of its characters
    backslash-escaped; or, for what GFM autolinks once escapes are resolved (a URL, www., an
    e-mail address), it occurs in the resolved text."""
    import re
    if token in ("https://", "www.evil", "a@evil"):
        return token in re.sub(r"\\(.)", r"\1", markdown)
    return re.search("".join(r"(?<!\\)" + re.escape(c) for c in token), markdown) is not None


@pytest.fixture
def page(kb_dir, monkeypatch):
    from streamlit.testing.v1 import AppTest
    monkeypatch.setenv("WHIST_DATA", str(kb_dir))

    def run_page(**params):
        at = AppTest.from_file(str(ROOT / "app" / "streamlit_app.py"), default_timeout=120)
        for k, v in params.items():
            at.query_params[k] = v
        at.run()
        assert not at.exception
        return at
    return run_page


def test_crafted_id_and_case_urls_show_no_live_link(page):
    at = page(id="english/9999)[click](https://evil.example/x)![i](https://evil.example/i.png")
    boxes = " ".join(e.value for e in at.error)
    assert boxes and not _live(boxes, "](") and not _live(boxes, "https://")
    at = page(case="https://evil.example/x www.evil.example a@evil.example")
    boxes = " ".join(e.value for e in at.error)
    assert "no case" in boxes
    assert not _live(boxes, "https://") and not _live(boxes, "www.evil") and not _live(boxes, "a@evil")


# --- numbers -----------------------------------------------------------------------------
@pytest.mark.parametrize("question, ids, missing", [
    ("law 1072", [], ["english/1072"]),
    ("english/1072", [], ["english/1072"]),
    ("law 0072", ["english/72", "english-revised/72"], []),
    ("case -1", [], ["drayson/case/-1"]),
    ("test -3", [], ["drayson/test/-3"]),
    ("law 99999999999999999999", [], ["english/99999999999999999999"]),
    ("law 12a", ["english-revised/12a"], []),
])
def test_numbers_are_read_whole(kb, question, ids, missing):
    from kb.retrieval.resolver import Resolver
    ref = Resolver.from_store(kb).lookup(question)
    assert ref is not None and ref.ids == ids and ref.missing == missing


def test_case_minus_one_is_not_answered_with_a_law(answerer):
    out = answerer.ask("case -1")
    assert out["laws"] == [] and "There is no drayson/case/-1" in out["answer"]
    assert "There is no english/1072" in answerer.ask("law 1072")["answer"]


def test_the_resolver_is_linear_in_the_length_of_the_text(kb):
    import time
    from kb.retrieval.resolver import Resolver
    r = Resolver.from_store(kb)
    t = time.perf_counter()
    r.find("law 72 " * 20_000)
    assert time.perf_counter() - t < 10      # quadratic, this took minutes


def test_law_command_reads_numbers_whole(capsys, kb_dir):
    code, out, _ = run(capsys, "--data", str(kb_dir), "law", "english", "0072")
    assert code == 0 and out.startswith("english/72")
    code, _, err = run(capsys, "--data", str(kb_dir), "law", "english", "1072")
    assert code == 2 and "english/1072 does not exist" in err


# --- output ------------------------------------------------------------------------------
def test_export_onto_a_device_node_keeps_the_node(capsys, kb_dir, tmp_path):
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))      # a copy of /dev/null
    except PermissionError:
        pytest.skip("mknod needs root")
    code, _, _ = run(capsys, "--data", str(kb_dir), "export", "records", "--format", "csv", "-o", str(node))
    assert code == 0 and stat.S_ISCHR(node.stat().st_mode)


def test_export_through_a_symlink_keeps_the_link(capsys, kb_dir, tmp_path):
    target, link = tmp_path / "target.csv", tmp_path / "link.csv"
    target.write_text("old")
    link.symlink_to(target)
    code, _, _ = run(capsys, "--data", str(kb_dir), "export", "records", "--format", "csv", "-o", str(link))
    assert code == 0 and link.is_symlink() and target.read_text().startswith("id,")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [("law", "english", "72"), ("dump", "--json"), ("stats", "--json"),
                                  ("export", "records", "--format", "csv"),
                                  ("export", "records", "--format", "csv", "-o", "FULL")])
def test_a_full_disk_is_a_clear_error(kb_dir, tmp_path, args):
    if "FULL" in args:      # a copy of /dev/full: a defective export must not replace the real one
        node = tmp_path / "full"
        try:
            os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        except PermissionError:
            pytest.skip("mknod needs root")
        args = tuple(str(node) if a == "FULL" else a for a in args)
    with open("/dev/full", "w") as full:
        proc = whist("--data", str(kb_dir), *args, stdout=full)
    assert proc.returncode != 0
    assert "No space left on device" in proc.stderr and "Traceback" not in proc.stderr
