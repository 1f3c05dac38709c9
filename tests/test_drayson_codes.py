"""ingest.drayson_codes: gold numbers and strings taken by reading the Drayson OCR text."""
from __future__ import annotations

from pathlib import Path
import re

import pytest

from ingest import drayson_codes
from ingest.records import Record

SOURCE = Path(__file__).resolve().parent.parent / "corpus" / "drayson-1896-whist-laws-and-decisions.txt"


@pytest.fixture(scope="module")
def result():
    return drayson_codes.parse(SOURCE)


@pytest.fixture(scope="module")
def by_id(result) -> dict[str, Record]:
    return {r.id: r for r in result.records}


def of(result, **kw) -> list[Record]:
    return [r for r in result.records if all(getattr(r, k) == v for k, v in kw.items())]


def test_ids_unique_and_source_order(result):
    ids = [r.id for r in result.records]
    assert len(ids) == len(set(ids))
    starts = [r.line_start for r in result.records]
    assert starts == sorted(starts)


def test_english_laws_1_to_91(result):
    laws = of(result, code="english", type="law")
    assert [r.number for r in laws] == [str(n) for n in range(1, 92)]
    assert [r.id for r in laws] == [f"english/{n}" for n in range(1, 92)]


def test_american_laws_1_to_39(result):
    laws = of(result, code="american-1894", type="law")
    assert [r.number for r in laws] == [str(n) for n in range(1, 40)]


@pytest.mark.parametrize("law,sections", [
    ("english/72", ["I", "II", "III", "IV", "V"]),
    ("english/44", ["I", "II", "III", "IV", "V", "VI", "VII"]),
    ("english/8", ["I", "II", "III"]),
    ("english/3", ["I", "II", "III"]),
    ("english/37", ["I", "II"]),
    ("english/56", ["I", "II"]),
    ("american-1894/14", ["I", "II"]),
    ("american-1894/17", ["I", "II", "III", "IV", "V", "VI"]),
    ("american-1894/19", ["I", "II"]),
    ("american-1894/20", ["I", "II", "III", "IV", "V"]),
])
def test_sections(result, law, sections):
    found = [r for r in result.records if r.parent == law]
    assert [r.number for r in found] == sections
    assert all(r.type == "section" and r.id == f"{law}/{r.number}" for r in found)


def test_no_other_sections(result):
    parents = {r.parent for r in of(result, type="section")}
    assert parents == {"english/3", "english/8", "english/37", "english/44", "english/56",
                       "english/72", "american-1894/14", "american-1894/17",
                       "american-1894/19", "american-1894/20"}


def test_etiquette_dummy_double_dummy(result, by_id):
    etiquette = of(result, type="etiquette")
    assert [r.id for r in etiquette] == [f"english/etiquette/{n}" for n in
                                         ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]]
    assert [r.id for r in of(result, type="dummy")] == ["english/dummy/I", "english/dummy/II",
                                                       "english/dummy/III"]
    assert [r.id for r in of(result, type="double-dummy")] == ["english/double-dummy/1"]
    assert by_id["english/etiquette/VIII"].text == \
        "No one should look over the hand of a player against whom he is betting."
    assert by_id["english/dummy/I"].text == "Dummy deals at the commencement of each rubber."
    assert by_id["english/dummy/intro"].type == "note"
    assert "There is no misdeal, as the deal is a disadvantage." in \
        by_id["english/double-dummy/1"].text


@pytest.mark.parametrize("rid,text", [
    ("english/13", "The ace is the lowest card."),
    ("english/1", "The rubber is the best of three games. If the first two games be won by "
                  "the same players, the third game is not played."),
    ("english/18", "Two players cutting cards of equal value, unless such cards are the two "
                   "highest, cut again; should they be the two lowest, a fresh cut is necessary "
                   "to decide which of the two deals."),
    ("english/31", "Each player, after shuffling, must place the cards, properly collected and "
                   "face downwards, to the left of the player about to deal."),
    ("english/71", "Is when a player, holding one or more cards of the suit led, plays a card "
                   "of a different suit."),
    ("english/78", "A revoke cannot be claimed after the cards have been cut for the following "
                   "deal."),
    ("english/5", "The penalty for a revoke takes precedence of all other scores. Tricks score "
                  "next. Honors last."),
    ("english/72/IV", "Cannot be divided, i.e., a player cannot add one or two to his own score "
                      "and deduct one or two from the revoking player;"),
    ("american-1894/1", "A game consists of seven points, each trick above six counting one. "
                        "The value of the game is determined by deducting the loser's score "
                        "from seven."),
    ("american-1894/11", "If, in cutting or in reuniting the separate packets, a card is "
                         "exposed, the pack must be reshuffled by the dealer and cut again; if "
                         "there is any confusion of the cards or doubt as to the place where "
                         "the pack was separated, there must be a new cut."),
])
def test_verbatim(by_id, rid, text):
    assert by_id[rid].text == text


def test_systematic_ocr_repairs(result, by_id):
    assert "changed, i.e., from highest" in by_id["english/55"].text        # ,/.*?.,
    assert "last card (i.e., the trump)" in by_id["english/44/II"].text      # {i.e.,
    assert "quitted, i.e., the hand" in by_id["english/73"].text             # t. e.,
    assert "does not properly belong" in by_id["english/70"].text            # be-^
    assert "Thus he may expose" in by_id["english/dummy/III"].text           # jnay
    assert "the hand has been played" in by_id["american-1894/37"].text      # lias
    assert "win the game by the result" in by_id["english/59"].text          # the. game
    assert any("this American law is good" in r.text                        # law- / is
               for r in of(result, type="commentary"))


def test_law_text_keeps_sections_and_closing_words(by_id):
    law = by_id["american-1894/17"].text
    assert law.startswith("It is a misdeal:")
    assert law.endswith("touches a card or in any other manner interrupts the dealer.")
    assert "A misdeal loses" not in by_id["american-1894/17/VI"].text
    assert by_id["english/72"].text.startswith("The penalty for a revoke:\n\nI. Is at the option")


def test_no_page_numbers_or_broken_words_in_text(result):
    page_token = re.compile(r"(?<=[.;:,]) (?:\d{1,3}|[iI]\d\d?|\d[iIoQ]|IO|I\?) (?=[A-Za-z])")
    for r in result.records:
        assert not page_token.search(r.text), r.id
        assert not re.search(r"[a-z]- [a-z]", r.text), r.id
        assert "\n\n\n" not in r.text and r.text == r.text.strip()
        assert r.source == SOURCE.name


def test_page_breaks_vanish_but_raw_keeps_them(by_id):
    law = by_id["english/72"]
    assert "\n19 \n" in law.raw + "\n"
    assert "19" not in law.text
    assert by_id["english/5"].raw.count("\n") == 4


def test_line_spans_and_raw(result, by_id):
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    for r in result.records:
        assert r.raw == "\n".join(lines[r.line_start - 1:r.line_end]), r.id
    assert by_id["english/72"].raw.split("\n")[0].startswith("72.")
    assert by_id["english/72"].line_start == 870
    assert by_id["english/91"].line_end == 1044
    assert by_id["american-1894/1"].line_start == 6154
    assert by_id["american-1894/39"].line_end == 6597
    assert by_id["english/72/V"].raw.startswith("V.  Takes  precedence")


def test_headings(by_id):
    assert by_id["english/1"].heading == "The Rubber"
    assert by_id["english/72"].heading == "The Revoke"
    assert by_id["english/72/III"].heading == "The Revoke"
    assert by_id["english/67"].heading == "Cards Played in Error, or Not Played to a Trick"
    assert by_id["english/91"].heading == "General Rules"
    assert by_id["american-1894/1"].heading == "The Game"
    assert by_id["american-1894/39"].heading == "Miscellaneous"


def test_pages(by_id):
    # The contents list: The Rubber 3, Cutting 5, A New Deal 9, A Misdeal 11, The Revoke 18,
    # Etiquette 23, Dummy 24, Double Dummy 25, American Whist Laws 26, Disputes 38; The Game 167.
    assert by_id["english/1"].page == 3
    assert by_id["english/13"].page == 5
    assert by_id["english/37"].page == 9
    assert by_id["english/43"].page == 11
    assert by_id["english/71"].page == 18
    assert by_id["english/etiquette/intro"].page == 23
    assert by_id["english/dummy/intro"].page == 24
    assert by_id["english/double-dummy/1"].page == 25
    assert by_id["drayson/commentary/american-laws/1"].page == 26
    assert by_id["drayson/commentary/disputes/1"].page == 38
    assert by_id["american-1894/1"].page == 167
    preface = by_id["drayson/commentary/preface/1"]
    assert preface.page is None and preface.extra["page_roman"] == "vii"


def test_commentary(result, by_id):
    parts = {r.id.split("/")[2] for r in of(result, type="commentary")}
    assert parts == {"preface", "american-laws", "disputes"}
    assert all(r.code is None for r in of(result, type="commentary"))
    misdeal = by_id["drayson/commentary/american-laws/10"]
    assert "Law 44, Section, 5, English code" in misdeal.text
    assert misdeal.cites == ["english/44/V"]
    assert misdeal.extra["discusses"] == ["english/44"]
    assert by_id["drayson/commentary/american-laws/12"].cites == \
        ["american-1894/17/III", "american-1894/18"]
    assert by_id["drayson/commentary/preface/1"].cites == \
        ["drayson/case/93", "drayson/case/74", "drayson/case/75"]
    assert by_id["drayson/commentary/preface/3"].cites == ["english/78", "english/71"]
    revoke = [r for r in of(result, type="commentary") if "Law 91, English code, existed" in r.text]
    assert revoke[0].cites == ["english/91", "american-1894/37"]
    disputes = [r for r in of(result, type="commentary") if "/disputes/" in r.id]
    assert disputes[0].text.startswith("When disputes occur relative to penalties")
    assert "III. Incompetency for reasoning soundly" in disputes[0].text
    assert disputes[-1].text.endswith("comprehended by the inquirers.")


def test_cites_ignore_the_art_of_practical_whist():
    cites = drayson_codes._cites("In Case 29, The Art of Practical Whist, I said; see Case 4.",
                                 "english")
    assert cites == ["drayson/case/4"]


def test_warnings_name_repaired_numbers(result):
    text = "\n".join(result.warnings)
    for line, token in [(310, "'i.'"), (418, "'1 8.'"), (503, "'3 1 .'"), (630, "'45-'"),
                        (666, "'49-'"), (6251, "'n.'"), (6339, "'1 8.'")]:
        assert f"line {line}: law number {token}" in text
    assert "missing" not in text


def test_page_notes_of_the_cases_part_left_to_the_cases_parser(result):
    # one page model for the book; each note is reported once, by the parser of its lines
    assert "line 924: page 20 has no folio; placed at a gap of blank lines" in result.warnings
    assert not any(re.match(r"line (3152|3759|5965):", w) for w in result.warnings)
