import shutil

import pytest

from ingest.corpus import CorpusError, DEFAULT_CORPUS, load_manifest, verify


def test_manifest_lists_the_four_sources_with_matching_hashes():
    sources = load_manifest()
    assert len(sources) == 4
    assert {c for s in sources for c in s.codes} == {"english", "english-revised", "american-1894", "american-1890"}
    verify(sources)  # the shipped corpus is intact


def _copy(tmp_path):
    dst = tmp_path / "corpus"
    shutil.copytree(DEFAULT_CORPUS, dst)
    return dst


def test_truncated_file_is_refused_by_name(tmp_path):
    corpus = _copy(tmp_path)
    f = corpus / "drayson-1896-whist-laws-and-decisions.txt"
    f.write_bytes(f.read_bytes()[:1000])
    with pytest.raises(CorpusError, match="drayson-1896-whist-laws-and-decisions.txt: truncated"):
        verify(load_manifest(corpus))


def test_altered_file_is_refused_by_name(tmp_path):
    corpus = _copy(tmp_path)
    f = corpus / "hoyle-1900-whist.txt"
    data = f.read_bytes()
    f.write_bytes(data.replace(b"cannot be rectified", b"can be rectified!!!"))
    with pytest.raises(CorpusError, match="hoyle-1900-whist.txt: altered"):
        verify(load_manifest(corpus))


def test_missing_file_is_refused(tmp_path):
    corpus = _copy(tmp_path)
    (corpus / "dawson-1920s-hoyles-games-modernized.txt").unlink()
    with pytest.raises(CorpusError, match="dawson-1920s-hoyles-games-modernized.txt: missing"):
        verify(load_manifest(corpus))


def test_manifest_matches_the_shared_originals():
    shared = DEFAULT_CORPUS.parent.parent / "shared" / "corpus"
    if not shared.exists():
        pytest.skip("../shared/corpus not beside the project")
    for s in load_manifest():
        assert (shared / s.original).read_bytes() == s.path.read_bytes()
