"""ingest.dawson on Hoyle's Games Modernized: expected values read from the source text."""
from collections import Counter
from pathlib import Path

import pytest

from ingest import dawson

SOURCE = Path(__file__).resolve().parent.parent / "corpus" / "dawson-1920s-hoyles-games-modernized.txt"
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII"]


@pytest.fixture(scope="module")
def result():
    return dawson.parse(SOURCE)


@pytest.fixture(scope="module")
def by_id(result):
    return {r.id: r for r in result.records}


def test_95_laws_with_12a(result):
    numbers = [r.number for r in result.records if r.type == "law"]
    assert numbers == [str(n) for n in range(1, 13)] + ["12a"] + [str(n) for n in range(13, 95)]
    assert all(r.code == "english-revised" for r in result.records)


def test_ids_unique(result):
    counts = Counter(r.id for r in result.records)
    assert [i for i, n in counts.items() if n > 1] == []


def test_law_75_is_the_revoke_penalty(result, by_id):
    law = by_id["english-revised/75"]
    assert law.text.startswith("The penalty for a revoke")
    assert law.heading == "THE REVOKE"
    assert [r.number for r in result.records if r.parent == "english-revised/75"] == ROMAN[:5]
    assert by_id["english-revised/75/III"].text == \
        "Is applicable only to the score of the game in which it occurs;"
    assert (law.line_start, law.line_end) == (661, 671)


def test_sections(result, by_id):
    assert [r.number for r in result.records if r.parent == "english-revised/37"] == ROMAN
    assert [r.number for r in result.records if r.parent == "english-revised/7"] == ["a", "b", "c"]
    assert by_id["english-revised/7/b"].text == \
        "If there are more than four players they all draw, and the four who draw the lowest cards play first."
    law48 = by_id["english-revised/48"].text
    assert "If a player and his partner, either separately or conjointly, hold" in law48
    assert law48.endswith("II. Any three honours, they score two points.")


@pytest.mark.parametrize("number, text", [
    ("19", "The pack must not be shuffled during the play of the hand."),
    ("47", "A game consists of five points. Each trick, above six, counts one point."),
    ("12a", "Any candidate may declare into any table that is not complete. If he do so he shall "
            "have priority over any candidate who has not previously declared in."),
    ("82", "A revoke cannot be claimed after the cards have been duly cut for the following deal."),
    ("93", "A bystander, by agreement among the players, may decide any question."),
    ("1", "Two packs of cards are used, one being used by each side."),
])
def test_law_texts_verbatim(by_id, number, text):
    assert by_id[f"english-revised/{number}"].text == text


def test_headings(by_id):
    assert by_id["english-revised/1"].heading == "CARDS"
    assert by_id["english-revised/12a"].heading == "ENTRY AND RE-ENTRY"
    assert by_id["english-revised/94"].heading == "GENERAL RULES"


def test_continuation_paragraph_belongs_to_its_law(by_id):
    assert by_id["english-revised/87"].text.endswith(
        "This rule does not apply in exacting the penalties for a revoke; partners have then a "
        "right to consult.")


def test_footnote_markers_dropped(result, by_id):
    assert by_id["english-revised/9"].text.endswith("the new draw decides who is to deal.")
    assert "*" not in by_id["english-revised/37/IV"].text
    assert sum("footnote marker" in w for w in result.warnings) == 3


def test_no_boilerplate(result):
    assert min(r.line_start for r in result.records) == 441
    for r in result.records:
        assert "free trial" not in r.text and "preview" not in r.text.lower()
        assert "free trial" not in r.raw


def test_etiquette_dummy_double_dummy(result, by_id):
    assert [r.number for r in result.records if r.type == "etiquette"] == [str(n) for n in range(1, 9)]
    assert by_id["english-revised/etiquette/5"].text.startswith("It is unfair to revoke purposely.")
    assert by_id["english-revised/etiquette/intro"].type == "note"
    assert [r.number for r in result.records if r.type == "dummy"] == ["1", "2", "3", "4"]
    assert by_id["english-revised/dummy/3"].text == "There is no misdeal."
    assert by_id["english-revised/double-dummy/1"].text.endswith(
        "The Laws of the game do not differ from those of Dummy Whist.")


def test_how_to_learn_cut_off(result, by_id):
    advice = [r for r in result.records if r.id.startswith("english-revised/how-to-learn/")]
    assert [r.number for r in advice] == [str(n) for n in range(1, 9)]
    assert all(r.type == "commentary" for r in advice)
    assert advice[-1].text.endswith("The immediate return of")
    assert advice[-1].extra == {"truncated": True}
    assert any(w.startswith("line 777:") for w in result.warnings)
    assert any(w.startswith("line 775:") and "how-to-learn/8" in w for w in result.warnings)


def test_provenance(result):
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    for r in result.records:
        assert r.raw == "\n".join(lines[r.line_start - 1:r.line_end])
