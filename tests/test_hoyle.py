"""ingest.hoyle on the Hoyle web copy: expected values read from corpus/hoyle-1900-whist.txt."""
from collections import Counter
from pathlib import Path

import pytest

from ingest import hoyle
from ingest.textblocks import Block, drop_repeats, repair_glued_words, word_counts

SOURCE = Path(__file__).resolve().parent.parent / "corpus" / "hoyle-1900-whist.txt"
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]


@pytest.fixture(scope="module")
def result():
    return hoyle.parse(SOURCE)


@pytest.fixture(scope="module")
def by_id(result):
    return {r.id: r for r in result.records}


def law_numbers(result, code):
    return [int(r.number) for r in result.records if r.type == "law" and r.code == code]


def test_american_laws_17_to_39(result):
    assert law_numbers(result, "american-1894") == list(range(17, 40))


def test_english_laws_1_to_91(result):
    assert law_numbers(result, "english") == list(range(1, 92))


def test_ids_unique(result):
    counts = Counter(r.id for r in result.records)
    assert [i for i, n in counts.items() if n > 1] == []


def test_sections_once_each(result, by_id):
    sections = [r.id for r in result.records if r.parent == "english/72" and r.type == "section"]
    assert sections == [f"english/72/{n}" for n in ROMAN[:5]]
    law = by_id["english/72"].text
    assert law.count("Can be claimed for as many revokes as occur during the hand;") == 1
    assert (by_id["english/72"].line_start, by_id["english/72"].line_end) == (183, 189)
    assert by_id["english/72/II"].raw == "II. Can be claimed for as many revokes as occur during the hand;"
    assert [r.number for r in result.records if r.parent == "english/44"] == ROMAN[:7]
    assert [r.number for r in result.records if r.parent == "american-1894/17"
            and r.type == "section"] == ROMAN[:6]


def test_law_text_has_paragraph_and_sections(by_id):
    law3 = by_id["english/3"].text
    assert law3.startswith("Honours, i.e., Ace, King, Queen, and Knave of trumps, are thus reckoned:")
    assert "If a player and his partner, either separately or conjointly, hold" in law3
    assert law3.endswith("III. Only two honours, they do not score.")
    assert by_id["english/84"].text.endswith(
        "[This rule does not apply in exacting the penalties for a revoke; partners have then a "
        "right to consult.]")


def test_law_17_lacks_its_opening(result, by_id):
    assert by_id["american-1894/17"].line_start == 1
    assert by_id["american-1894/17"].text.endswith(
        "A misdeal loses the deal, unless, during the deal, either of the adversaries touches a "
        "card or in any other manner interrupts the dealer.")
    assert any(w.startswith("line 1: law 17") for w in result.warnings)
    assert "incomplete" in by_id["american-1894/17"].extra
    assert by_id["american-1894/18"].extra == {}


def test_english_63_cannot_be_rectified(by_id):
    assert "the trick is complete, and the error cannot be rectified" in by_id["english/63"].text


@pytest.mark.parametrize("record_id, text", [
    ("english/13", "The Ace is the lowest card."),
    ("english/78", "A revoke cannot be claimed after the cards have been cut for the following deal."),
    ("english/89", "A bystander, by agreement among the players, may decide any question."),
    ("american-1894/25",
     "If the third hand plays before the second, the fourth hand also may play before the second."),
    ("american-1894/30",
     "The penalty for revoking is the transfer of two tricks from the revoking side to their "
     "adversaries; it can be enforced for as many revokes as occur during the hand. The revoking "
     "side cannot win the game in that hand; if both sides revoke, neither can win the game in "
     "that hand."),
    ("american-1894/33", "The revoke can be claimed at any time before the cards have been "
     "presented and cut for the following deal, but not thereafter."),
    ("american-1894/17/V", "If he looks at the trump card before the deal is completed."),
])
def test_law_texts_verbatim(by_id, record_id, text):
    assert by_id[record_id].text == text


def test_variant_notes_deduplicated_and_repaired(result, by_id):
    note = by_id["american-1894/note/boston-cayenne-solo/17"]
    assert note.text == ("In Boston, Cayenne, and Solo Whist, the misdealer deals again with the "
                         "same cards. In Boston he forfeits a red counter to the pool for his error.")
    assert note.parent == "american-1894/17" and note.type == "note"
    assert (note.line_start, note.line_end) == (9, 10)
    assert by_id["american-1894/note/boston-cayenne-solo/20"].text.startswith(
        "In Boston and Solo Whist there are no penalties")
    assert "has less than his proper number" in by_id["american-1894/note/boston-cayenne-solo/19"].text
    assert all("InBoston" not in r.text and "andSolo" not in r.text for r in result.records)
    notes_18 = by_id["american-1894/note/boston-cayenne-solo/18"].text
    assert notes_18.count("no trump is turned") == 1


def test_glue_rule_is_general():
    counts = word_counts(SOURCE.read_text(encoding="utf-8"))
    assert repair_glued_words("InBoston,Cayenne, andSolo Whist", counts) == \
        "In Boston, Cayenne, and Solo Whist"
    assert repair_glued_words("Thedealer haslessthan; orvice versa", counts) == \
        "The dealer has less than; or vice versa"
    for word in ("misdealer", "aftercomer", "conjointly", "cannot", "acceptor"):
        assert repair_glued_words(word, counts) == word


def test_drop_repeats_keeps_split_copy():
    blocks = [Block(1, 1, "I. One.II. Two."), Block(2, 2, "I. One."), Block(3, 3, "II. Two."),
              Block(4, 4, "Note."), Block(5, 5, "Note.")]
    kept = drop_repeats(blocks)
    assert [(b.start, b.first) for b in kept] == [(2, 1), (3, 3), (5, 4)]


def test_american_etiquette_and_notes(result, by_id):
    assert [r.number for r in result.records if r.type == "etiquette"
            and r.code == "american-1894"] == [str(n) for n in range(1, 10)]
    assert by_id["american-1894/etiquette/3"].text == \
        "No player should lead until the preceding trick is turned and quitted."
    scores = by_id["american-1894/note/erroneous-scores/1"]
    assert scores.heading == "ERRONEOUS SCORES"
    assert scores.text.startswith("Any error in the trick score may be corrected")
    assert by_id["american-1894/note/bidding/1"].text.startswith("In Boston, or Solo Whist")


def test_english_etiquette_numbered_as_the_code(result, by_id):
    rules = [r.number for r in result.records if r.type == "etiquette" and r.code == "english"]
    assert rules == ROMAN[:8]
    assert "It is unfair to revoke purposely" in by_id["english/etiquette/V"].text
    assert by_id["english/etiquette/VIII"].text == \
        "No one should look over the hand of a player against whom he is betting."


def test_dummy_and_double_dummy(result, by_id):
    assert [r.id for r in result.records if r.type == "dummy"] == \
        ["english/dummy/I", "english/dummy/II", "english/dummy/III"]
    assert by_id["english/dummy/intro"].type == "note"
    assert by_id["english/dummy/intro"].text.startswith("Is played by three players.")
    assert by_id["english/dummy/I"].text == "Dummy deals at the commencement of each rubber."
    assert by_id["english/double-dummy/1"].text.endswith(
        "There is no misdeal, as the deal is a disadvantage.")


def test_headings(by_id):
    """The copy lost its group headings; only those it runs into its text survive."""
    assert by_id["english/72"].heading == ""
    assert by_id["american-1894/note/boston-cayenne-solo/30"].heading == \
        "BOSTON, CAYENNE AND SOLO WHIST"
    assert by_id["american-1894/note/bidding/1"].heading == "BIDDING"


def test_stops_before_poker(result):
    assert max(r.line_end for r in result.records) == 226
    assert all("Poker" not in r.text for r in result.records)


def test_provenance(result):
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    for r in result.records:
        assert r.source == "hoyle-1900-whist.txt"
        assert r.raw == "\n".join(lines[r.line_start - 1:r.line_end])
