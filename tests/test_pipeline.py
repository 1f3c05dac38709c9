"""The validated records from the whole corpus: counts from the sources, citations, variants."""
import re

import pytest

from ingest import pipeline
from ingest.pipeline import wording_differences


@pytest.fixture(scope="module")
def parsed():
    return pipeline.run()


@pytest.fixture(scope="module")
def by_id(parsed):
    return {r.id: r for r in parsed.records}


def _laws(records, code):
    return [r for r in records if r.type == "law" and r.code == code]


def test_law_counts_equal_the_sources(parsed):
    # gold numbers from reading the sources: English 1-91, revised 1-94 and 12a, American 1894
    # 1-39, American 1890 1-20
    counts = {c: len(_laws(parsed.records, c)) for c in pipeline.PREFERRED_SOURCE.keys() | {"english-revised", "american-1890"}}
    assert counts == {"english": 91, "english-revised": 95, "american-1894": 39, "american-1890": 20}
    assert [r.number for r in _laws(parsed.records, "english")] == [str(n) for n in range(1, 92)]
    assert "12a" in {r.number for r in _laws(parsed.records, "english-revised")}


def test_every_case_and_test(parsed):
    cases = [r for r in parsed.records if r.type == "case"]
    tests = [r for r in parsed.records if r.type == "test"]
    assert [int(c.number) for c in cases] == list(range(1, 155))
    assert [int(t.number) for t in tests] == list(range(1, 26))


def test_ids_are_unique(parsed):
    ids = [r.id for r in parsed.records]
    assert len(ids) == len(set(ids))


def test_every_citation_resolves_to_an_existing_record(parsed, by_id):
    cited = [(r.id, c) for r in parsed.records for c in r.cites]
    assert len(cited) > 200
    assert [x for x in cited if x[1] not in by_id] == []
    assert "english/80" in by_id["drayson/case/4"].cites
    # every case that names a law or case by number cites something
    for r in parsed.records:
        text = r.text + (r.decision or "")
        other_book = re.search(r"Cavendish|Practical Whist", text)
        if r.type == "case" and re.search(r"\b(Laws?|Case)\s+\d", text) and not other_book:
            assert r.cites, r.id


def test_the_cleaner_copy_is_kept_and_the_other_is_a_variant(by_id):
    law63 = by_id["english/63"]
    assert law63.source.startswith("hoyle")
    assert "cannot be rectified" in law63.text
    [variant] = law63.variants
    assert variant["source"].startswith("drayson")
    assert "is rectified" in variant["text"]
    # American 1-16 exist only in Drayson's copy
    assert by_id["american-1894/5"].source.startswith("drayson")
    # Hoyle's law 17 lacks its opening: the complete copy (Drayson's) is kept
    assert by_id["american-1894/17"].source.startswith("drayson")


def test_real_wording_differences_are_reported(parsed):
    diffs = [w for w in parsed.warnings if "wording differs" in w]
    for rid, phrase in (("english/63", "cannot be"), ("english/51", "deals"),
                        ("american-1894/28", "partner has asked")):
        assert any(w.startswith(rid + ":") and phrase in w for w in diffs), rid


def test_ocr_noise_is_not_reported_as_a_difference():
    assert wording_differences("the trump card is turned", "the trunip card is turned") == []
    assert wording_differences("the error cannot be rectified", "the error is rectified") != []


def test_drayson_copy_agrees_word_for_word_with_the_clean_copy(by_id):
    """Spot-check of OCR repair: for most English laws, Drayson's repaired text has exactly the
    words of the clean Hoyle copy (page numbers, running heads and hyphenation gone)."""
    word = re.compile(r"[a-z0-9]+")
    same = []
    for n in range(1, 92):
        law = by_id[f"english/{n}"]
        [variant] = law.variants
        if word.findall(law.text.lower()) == word.findall(variant["text"].lower()):
            same.append(n)
    assert len(same) >= 50, same


def test_texts_are_free_of_page_numbers_and_broken_hyphenation(parsed):
    for r in parsed.records:
        if r.source.startswith("drayson"):
            for text in (r.text, r.decision or ""):
                assert not re.search(r"\b[a-z]{2,}- [a-z]{2,}\b", text) or "—" in text, r.id
                assert not re.search(r"(?m)^\s*\d{1,3}\s*$", text), r.id


def test_every_record_keeps_its_provenance(parsed):
    for r in parsed.records:
        assert r.source and r.raw and r.line_start >= 1 and r.line_end >= r.line_start
