"""The store: atomic builds, incremental embedding, stale-index detection."""
import shutil

import pytest

from ingest.corpus import DEFAULT_CORPUS, CorpusError
from kb.store import embeddings
from kb.cli.build import build, is_current
from kb.store.database import KBMissing, Store, db_path


def test_counts_from_the_store(kb):
    c = kb.counts()
    assert c["laws"] == {"english": 91, "english-revised": 95, "american-1894": 39, "american-1890": 20}
    assert c["cases"] == 154 and c["tests"] == 25


def test_missing_kb_is_a_clear_error(tmp_path):
    with pytest.raises(KBMissing, match="whist ingest"):
        Store(db_path(tmp_path))


@pytest.fixture(scope="module")
def scratch(kb_dir, tmp_path_factory):
    """A copy of the session KB to damage."""
    dst = tmp_path_factory.mktemp("scratch")
    for f in kb_dir.iterdir():
        shutil.copy(f, dst / f.name)
    return dst


def test_warm_rebuild_embeds_nothing_and_a_bad_corpus_leaves_the_kb_intact(scratch, tmp_path):
    report = build(scratch, DEFAULT_CORPUS, progress=False)
    assert report.embedded == 0 and report.reused == report.counts["records"] + report.counts["card_lines"]
    assert is_current(scratch)
    before = db_path(scratch).read_bytes()
    bad = tmp_path / "corpus"
    shutil.copytree(DEFAULT_CORPUS, bad)
    f = bad / "drayson-1896-whist-laws-and-decisions.txt"
    f.write_bytes(f.read_bytes()[:5000])
    with pytest.raises(CorpusError, match="drayson-1896"):
        build(scratch, bad, progress=False)
    assert db_path(scratch).read_bytes() == before
    assert not db_path(scratch).with_name("kb.sqlite.tmp").exists()


def test_stale_dense_index_is_detected_and_rebuilt(scratch):
    index_file, sidecar = embeddings.index_paths(db_path(scratch))
    sidecar.write_text(sidecar.read_text().replace('"signature": "', '"signature": "stale'))
    store = Store(db_path(scratch))
    index, note = embeddings.DenseIndex.open(store)
    assert note and "stale" in note
    assert len(index.ids) == store.counts()["records"] + store.counts()["card_lines"]
    _, note = embeddings.DenseIndex.open(store)   # repaired: used as is
    assert note is None
    index_file.unlink()
    _, note = embeddings.DenseIndex.open(store)
    assert note and "missing" in note


def test_index_without_current_vectors_is_refused(scratch, monkeypatch):
    store = Store(db_path(scratch))
    monkeypatch.setenv("WHIST_MODEL", "/nonexistent/other-model")   # vectors are all-MiniLM's
    with pytest.raises(embeddings.StaleIndex, match="whist ingest"):
        embeddings.DenseIndex.open(store)


def test_the_laws_a_case_is_decided_under_are_stored_apart_from_its_citations(kb):
    """Drayson's case 97 cites no law; its rule example decides it under American 20. The link
    is kept (with the example's name) but is not one of the text's citations."""
    decided = kb.decided_under()
    assert "american-1894/20" in decided["drayson/case/97"]
    assert kb.get("drayson/case/97").cites == []
    ids = kb.ids()
    assert all(src in ids and all(law in ids for law in laws) for src, laws in decided.items())
    # a rule id below a law ("english/84/election") is stored as the law it belongs to
    assert "english/84" in decided["drayson/case/7"] and "english/60" in decided["drayson/case/7"]
    assert kb.counts()["decided_under"] == sum(len(v) for v in decided.values())
