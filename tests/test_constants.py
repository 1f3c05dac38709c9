"""The numbers the laws state outright (kb/rules/constants.yaml): each is its law's own words, and a
question asking it without a hand is answered by it -- nothing else is."""
from __future__ import annotations

import re

import pytest

from kb.answering import constants

_NUMBERS = {2: "two", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


@pytest.mark.parametrize("c", constants.declared(), ids=lambda c: f"{c.id}@{c.law}")
def test_each_constant_is_its_laws_words(records, c):
    assert c.law in records, c.law
    assert _flat(c.words) in _flat(records[c.law].text), (c.law, c.words)
    assert _NUMBERS[c.value] in c.words.lower().split(), (c.value, c.words)


@pytest.mark.parametrize("question,value,law", [
    ("At our club, how many people does it take to fill a whist table?", 6, "english/17"),
    ("What's the largest number of cards that can be on view at once while a hand is being played?", 8, "english/91"),
    ("Playing the American code of 1894, how many points do you need for a game?", 7, "american-1894/1"),
])
def test_a_number_the_law_states_answers_the_question(answerer, question, value, law):
    d = answerer.answer(question).as_dict()
    assert d["parts"]["ruling"][0].startswith(f"{value}. "), d["parts"]["ruling"]
    assert [t["law"] for t in d["checker"]["trace"]] == [law]


@pytest.mark.parametrize("question", [
    # a hand told: the rules model answers it, not the law's bare number
    "We were on three and took eight tricks. How many points make our game worth?",
    # no number asked
    "Is a table complete with six players?",
])
def test_no_constant_for_a_hand_or_a_yes_no_question(answerer, question):
    d = answerer.answer(question).as_dict()
    assert not any(t["step"].endswith(f"({c.value})") and t["law"] == c.law
                   for t in (d.get("checker") or {}).get("trace", []) for c in constants.declared())
