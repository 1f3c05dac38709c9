"""ingest.american1890 on Laws of American Whist (1890): expected values read from the OCR text."""
from collections import Counter
from pathlib import Path

import pytest

from ingest import american1890

SOURCE = Path(__file__).resolve().parent.parent / "corpus" / "american-1890-laws-of-american-whist.txt"


@pytest.fixture(scope="module")
def result():
    return american1890.parse(SOURCE)


@pytest.fixture(scope="module")
def by_id(result):
    return {r.id: r for r in result.records}


def test_laws_1_to_20(result):
    assert [r.id for r in result.records if r.type == "law"] == \
        [f"american-1890/{n}" for n in range(1, 21)]


def test_ids_unique(result):
    counts = Counter(r.id for r in result.records)
    assert [i for i, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("number, text", [
    ("5", "Until the trump card is turned, the cards must not be gathered nor touched except by "
          "the dealer. If this be done, and a mis-deal be made, the dealer deals again."),
    ("11", "Every trick completed must be gathered before the next lead is made. No trick shall "
           "be examined after being gathered and turned."),
    ("14", "If a player lead out of turn, and all have followed, the trick holds good. The error "
           "can be corrected only before the fourth hand has played. Then, the cards may be "
           "withdrawn, and the leader alone pays penalty."),
    ("6", "The trump card shall remain upon the table at the right hand of the dealer until "
          "three players have played; and shall be taken into hand before the completion of the "
          "second round."),
    ("20", "The penalty for a revoke is either three tricks taken from the offending party, or "
           "three points taken from their score, or three added to their adversaries' score, at "
           "adversaries' option. The revoke is proved by the claimants if need be by examination "
           "of the tricks at the close of the hand. This penalty is scored prior to scoring the "
           "tricks made; and no score that wins the game can be made by the revoking party."),
])
def test_law_texts_verbatim(by_id, number, text):
    assert by_id[f"american-1890/{number}"].text == text


def test_page_break_joined(by_id):
    assert by_id["american-1890/2"].text.endswith(
        "If, when cutting, any card be exposed, the pack must be cut again.")
    assert (by_id["american-1890/2"].line_start, by_id["american-1890/2"].line_end) == (77, 79)
    assert "accepting its laws and decisions" in by_id["american-1890/commentary/preface/3"].text


def test_footnotes_separated(by_id):
    law3 = by_id["american-1890/3"]
    assert "his partner shuffles the other pack, and places it" in law3.text
    assert "*" not in law3.text and "Two packs" not in law3.text
    footnote = by_id["american-1890/footnote/3/1"]
    assert footnote.type == "footnote" and footnote.parent == "american-1890/3"
    assert footnote.text == "Two packs of cards, of different colors, are generally used."
    assert footnote.raw == "* Two packs of cards, of different colors, are generally used."
    assert footnote.line_start == 87
    assert by_id["american-1890/footnote/7/1"].text.startswith("Law 26, New Cavendish.")
    assert by_id["american-1890/footnote/9/1"].text == "Lex non scripta, until now."
    assert by_id["american-1890/footnote/9/1"].parent == "american-1890/9"
    tenth = by_id["american-1890/footnote/10/1"]
    assert tenth.parent == "american-1890/10" and tenth.extra["marker"] == "†"
    assert "†" not in by_id["american-1890/10"].text


def test_notes_attached_to_their_law(result, by_id):
    notes = [(r.id, r.parent) for r in result.records if r.type == "note"]
    assert notes == [("american-1890/note/8/1", "american-1890/8"),
                     ("american-1890/note/12/1", "american-1890/12"),
                     ("american-1890/note/12/2", "american-1890/12"),
                     ("american-1890/note/12/3", "american-1890/12")]
    note8 = by_id["american-1890/note/8/1"]
    assert note8.text.startswith("Surely speech is allowable")
    assert "four players, inexperienced in these novel restrictions" in note8.text
    assert (note8.line_start, note8.line_end) == (108, 116)
    assert note8.extra["signed"] == "Ed."
    assert by_id["american-1890/note/12/2"].text.startswith("A different decision was given")
    assert any(w.startswith("line 136:") for w in result.warnings)   # "(5.)" misread for "(2.)"


def test_markers_out_of_law_text(by_id):
    law12 = by_id["american-1890/12"].text
    assert law12.startswith("Exposed cards are cards which")
    assert "(1)" not in law12 and "(3.)" not in law12
    assert "until the last card is played: Except, that a player may" in by_id["american-1890/8"].text


def test_law_8_exceptions_as_sections(result, by_id):
    assert [r.number for r in result.records if r.parent == "american-1890/8"
            and r.type == "section"] == list("abcdef")
    assert by_id["american-1890/8/a"].text == "Name an exposed card;"
    assert by_id["american-1890/8"].text.endswith("without violating the law of silence.")


def test_commentary(result, by_id):
    ids = [r.id for r in result.records if r.type == "commentary"]
    assert ids == [f"american-1890/commentary/preface/{n}" for n in range(1, 8)] + \
        ["american-1890/commentary/proposed-law/1", "american-1890/commentary/advice/1"] + \
        [f"american-1890/commentary/difficult-position/{n}" for n in range(1, 7)]
    assert by_id["american-1890/commentary/proposed-law/1"].text == (
        "The partner of a player who has led out of turn any suit, trumps for instance, shall "
        "not lead that suit to him at his first opportunity.")
    assert by_id["american-1890/commentary/advice/1"].text.endswith("the \"advanced\" American game.")
    assert by_id["american-1890/commentary/difficult-position/3"].text == "Query, was A's play correct?"


def test_no_library_noise(result):
    for r in result.records:
        for noise in ("GV 1277", "LIBRARY OF CONGRESS", "illegible", "0 020 237"):
            assert noise not in r.text
    assert min(r.line_start for r in result.records) == 49
    assert max(r.line_end for r in result.records) == 188


def test_provenance(result):
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    for r in result.records:
        assert r.source == "american-1890-laws-of-american-whist.txt"
        assert r.raw == "\n".join(lines[r.line_start - 1:r.line_end])
