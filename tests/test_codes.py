"""kb/codes.py: the one description of the codes, checked against the knowledge base."""
from __future__ import annotations

import re

import pytest

from kb import codes
from kb.codes import LawId


def test_law_ranges_match_the_store(kb):
    for code in codes.all_codes():
        assert kb.law_numbers(code.id) == code.law_numbers(), code.id
    assert {c.id: len(c.law_numbers()) for c in codes.all_codes()} == {
        "english": 91, "english-revised": 95, "american-1894": 39, "american-1890": 20}


@pytest.mark.parametrize("code", codes.ORDER)
def test_game_points_quote_their_law(kb, code):
    c = codes.get(code)
    words = {5: "five", 7: "seven"}[c.game_points]
    text = re.sub(r"\s+", " ", kb.get(c.game_points_reference).text.lower())
    assert f"{words} points" in text, c.game_points_reference
    assert c.max_score == c.game_points - 1


@pytest.mark.parametrize("text,label", [
    ("english/72", "English law 72"), ("american-1894/30", "American (1894) law 30"),
    ("english-revised/12a", "revised English law 12a"), ("english/44/IV", "English law 44, section IV"),
    ("english/etiquette/III", "English etiquette III")])
def test_law_id_parse_and_label(text, label):
    lid = LawId.parse(text)
    assert str(lid) == text and lid.label() == label and lid.url() == f"?id={text}"


@pytest.mark.parametrize("bad", ["drayson/72", "english", "english/", "law 72", "english/72/IV/2"])
def test_law_id_refuses_what_is_not_a_law(bad):
    with pytest.raises(ValueError):
        LawId.parse(bad)


def test_aliases():
    assert codes.from_alias("American") == "american-1894"
    assert codes.from_alias("1890") == "american-1890"
    assert codes.from_alias("revised") == "english-revised"
    assert codes.from_alias("french") is None


def test_a_code_named_as_not_the_one_played_is_not_the_code():
    from kb.codes import named_span
    assert named_span("We're playing English club rules, not the American ones.")[0] == "english"
    assert named_span("Under American rules, may he?")[0] == "american-1894"


@pytest.mark.parametrize("text", ["In the States we play the 1894 code. May he do that?",
                                  "Playing the 1894 laws, is that a revoke?"])
def test_the_1894_code_named_by_its_year_or_country(text):
    from kb.codes import named_span
    assert named_span(text)[0] == "american-1894"
