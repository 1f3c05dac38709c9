"""ingest.citations: prose references -> ids. Expected ids come from reading Drayson."""
import pytest

from ingest.citations import (extract_citations, extract_citations_with_warnings, is_known,
                              resolve, section_number, to_roman)

FORMS = [
    ("Law 80", ["english/80"]),
    ("Laws 62 and 63", ["english/62", "english/63"]),
    ("Laws 56 to 66", [f"english/{n}" for n in range(56, 67)]),
    ("Laws 56-66", [f"english/{n}" for n in range(56, 67)]),
    ("Law 44, Section IV", ["english/44/IV"]),
    ("Law 44, Section, 5", ["english/44/V"]),
    ("Law 71, Section 5", ["english/71/V"]),
    ("(See Law 56, Section II.)", ["english/56/II"]),
    ("Rule 52 says that the trump card", ["english/52"]),
    ("the law (60) says a suit can be called", ["english/60"]),
    ("American code, Law 24", ["american-1894/24"]),
    ("by the American law 24", ["american-1894/24"]),
    ("By the American code (Law 24)", ["american-1894/24"]),
    ("Law 20, Section 3, American code", ["american-1894/20/III"]),
    ("Case 2", ["drayson/case/2"]),
    ("Cases 2 and 4", ["drayson/case/2", "drayson/case/4"]),
    ("Cases 13 to 18", [f"drayson/case/{n}" for n in range(13, 19)]),
    ("See case 51.", ["drayson/case/51"]),
    ("By Law 1 1 the erroneous", ["english/11"]),
    ("Law yj", ["english/77"]),
    ("(See Lawr 55.)", ["english/55"]),
    ("See Law S6.", ["english/86"]),
    ("See Law 4 and Case yy.", ["english/4", "drayson/case/77"]),
    ('(See Section 2, " Dummy.")', ["english/dummy/II"]),
    ("Case 2 in Cavendish applies to this case.", []),
    ("Law 80; also Case 2. Law 80 again", ["english/80", "drayson/case/2"]),
    ("the laws of betting; a case of no bet; Case V., from which", []),
]

# Sentences copied from Drayson's cases (OCR spelling kept), with the ids they cite.
SENTENCES = [
    # case 2
    ("add three to their score, and as the penalty for the revoke takes the precedence of every "
     "other score (Law 71, Section 5), A and B win a treble.", ["english/71/V"]),
    # case 4
    ("A wins; the score stands in accordance to the results after the penalty is enacted. "
     "(See Law 80; also Case 2. So, although Y Z won two by cards, yet when three tricks have "
     "been taken from them they lose two tricks.)", ["english/80", "drayson/case/2"]),
    # case 9
    ("By the American code, A might state he intended to play the king, and the eight remains an "
     "exposed card; but by the English code, if two cards are played at once, the adversaries "
     "have the right to call either to the current trick, and afterwards to call the other card "
     "(Law 56).", ["english/56"]),
    # case 12
    ('Law 20, Section 1, "American Laws of Whist," states: " Every card faced upon the table '
     'otherwise than in the regular course of play, but not including a card led out of turn, is '
     'liable to be called."', ["american-1894/20/I"]),
    # case 28
    ('it is merely a silly and impatient remark. By the American code (Law 37) such a remark would '
     "entitle the adversaries to demand that the partner's hand be laid on the table",
     ["american-1894/37"]),
    # case 48
    ('In the first edition of The Art of Practical Whist, published seventeen years ago, I put '
     'forward the suggestion (Case 19) given in the last " Decision " (Case 48).',
     ["drayson/case/48"]),
    # case 102
    ("Again, Rule 73 says the revoke is established if the revoking player lead or play to the "
     "following trick. Taking the bearing of Laws 64 and 73, it appears that",
     ["english/73", "english/64"]),
    # case 127
    ("See Case 2 in Cavendish, and Case 88 in preceding cases. Y practically claimed his honors.",
     ["drayson/case/88"]),
    # case 136
    ('this fact has been cleverly dealt with, in the " American Laws of Whist." Law 24 is: " If '
     'any player leads out of turn a suit may be called', ["american-1894/24"]),
    # case 137
    ("expressed the opinion that Law 91 should be abolished. I am glad to find that by the "
     'American laws this has been done. Law 37 is: " When a trick has been turned and quitted',
     ["english/91", "american-1894/37"]),
    # case 149
    ('The laws of dummy are the same as for whist, with the exceptions under Sections I, 2, and 3, '
     'heading " Dummy." (See Law 69.)',
     ["english/dummy/I", "english/dummy/II", "english/dummy/III", "english/69"]),
]


@pytest.mark.parametrize("text, expected", FORMS + SENTENCES)
def test_extract_citations(text, expected):
    assert extract_citations(text) == expected


def test_default_code_applies_to_bare_law_numbers():
    assert extract_citations("Law 24 is clear", default_code="american-1894") == ["american-1894/24"]
    assert extract_citations("by the English code, Law 24", default_code="american-1894") == ["english/24"]


def test_out_of_range_ids_are_warned_not_returned():
    ids, warnings = extract_citations_with_warnings("Law 92 and Case 155 and Law 91")
    assert ids == ["english/91"]
    assert any("english/92" in w for w in warnings)
    assert any("drayson/case/155" in w for w in warnings)


def test_repairs_are_warned():
    _, warnings = extract_citations_with_warnings("See Law S6.")
    assert any("'S6' -> 86" in w for w in warnings)


def test_resolve():
    assert resolve("english", 72) == "english/72"
    assert resolve("english", "44", 5) == "english/44/V"
    assert resolve("english", 44, "IV") == "english/44/IV"
    assert resolve("english-revised", "12a") == "english-revised/12a"
    assert resolve("case", 93) == "drayson/case/93"
    assert resolve("test", 14) == "drayson/test/14"
    assert resolve("dummy", 2) == "english/dummy/II"


def test_is_known():
    assert is_known("english/91") and not is_known("english/92")
    assert is_known("american-1894/39") and not is_known("american-1894/40")
    assert is_known("english-revised/12a") and is_known("english-revised/94")
    assert is_known("american-1890/20") and not is_known("american-1890/21")
    assert is_known("drayson/case/154") and not is_known("drayson/case/155")
    assert is_known("drayson/test/25") and not is_known("drayson/test/26")
    assert is_known("english/44/IV")


def test_roman_numerals():
    assert [to_roman(n) for n in (1, 4, 5, 9, 14)] == ["I", "IV", "V", "IX", "XIV"]
    assert section_number("IV") == 4 and section_number("5") == 5
