from ingest.ocr import is_page_number, join_lines, repair_number, strip_page_numbers, tidy, vocabulary


def test_repair_number_reads_misread_digits():
    # forms seen in Drayson's OCR (MANIFEST traps)
    assert repair_number("i") == 1
    assert repair_number("ii") == 11
    assert repair_number("ioi") == 101
    assert repair_number("8i") == 81
    assert repair_number("yy") == 77
    assert repair_number("1 8") == 18
    assert repair_number("3 1") == 31
    assert repair_number("S6") == 86
    assert repair_number("4Q") == 40
    assert repair_number("i 14") == 114


def test_repair_number_refuses_words():
    for word in ("is", "go", "no", "the", "Law", ""):
        assert repair_number(word) is None


def test_page_numbers_only_between_blank_lines():
    lines = ["text", "", "i3", "", "more", "IO", "x"]
    assert is_page_number(lines, 2)
    assert not is_page_number(lines, 5)
    cleaned, pages = strip_page_numbers(lines)
    assert cleaned[2] == "" and pages == [13]
    assert cleaned[5] == "IO"


def test_join_lines_repairs_hyphenation_and_spacing():
    text = join_lines(["The  penalty  for  a  revoke  takes  prece-", "dence  of  all  other  scores ;"])
    assert text == "The penalty for a revoke takes precedence of all other scores;"


def test_join_lines_keeps_a_real_compound():
    vocab = vocabulary("a left-hand player")
    assert join_lines(["the left-", "hand player"], known_words=vocab) == "the left-hand player"


def test_join_lines_paragraphs():
    assert join_lines(["one", "", "two"]) == "one\n\ntwo"


def test_tidy():
    assert tidy("the  trump  card ;  ( see  Law  53 )") == "the trump card; (see Law 53)"


def test_repair_number_reads_a_merged_eleven_beside_a_digit():
    # 'U4' = 114, 'n6' = 116, 'H5' = 115 (Drayson's folios); letters alone stay words ...
    assert [repair_number(t) for t in ("U4", "n6", "H5", "n8")] == [114, 116, 115, 118]
    assert repair_number("no") is None and repair_number("hi") is None
    # ... unless a number is expected there: 'Case no.' = 110, 'Case hi.' = 111, law 'n.' = 11
    assert [repair_number(t, numeral_expected=True) for t in ("no", "hi", "n")] == [110, 111, 11]
    assert repair_number("go", numeral_expected=True) is None


def test_page_numbers_as_the_scanner_prints_them():
    for folio in ("*3i", "§3", "'87", "1 62", "U4"):
        assert is_page_number(["", folio, ""], 1), folio
    assert not is_page_number(["", "1896", ""], 1)       # a date, not a folio
    cleaned, pages = strip_page_numbers(["", "U4", "", "x", "", "'87", ""])
    assert pages == [114] and cleaned[1] == "" and cleaned[5] == "'87"   # unread: kept


def test_join_lines_line_end_hyphen_between_two_words_of_the_source():
    # 'new-' + 'deal': 'newdeal' never occurs, 'new deal' does -> a space
    vocab = vocabulary("the choice of a new deal; a new deal\nthe law is good\nthereafter")
    assert join_lines(["the choice of a new-", "deal or"], known_words=vocab) == "the choice of a new deal or"
    assert join_lines(["this law-", "is good"], known_words=vocab) == "this law is good"
    # a word broken at its syllables still joins: 'thereafter' is in the source; 'there after',
    # 'prece dence', 'revok ing' are not
    assert join_lines(["there-", "after"], known_words=vocab) == "thereafter"
    assert join_lines(["prece-", "dence"], known_words=vocab) == "precedence"
    assert join_lines(["revok-", "ing"], known_words=vocab) == "revoking"
    assert join_lines(["there-", "after"], known_words=vocabulary("there and after")) == "thereafter"


def test_vocabulary_counts_words_compounds_and_neighbours():
    v = vocabulary("A left-hand player, a new deal\nthe new-\ndeal")
    assert v["new"] == 2 and v["left-hand"] == 1 and v["new deal"] == 1
    assert "player a" not in v            # not side by side: a comma between


def test_join_lines_drops_a_capital_the_scan_put_inside_a_word():
    known = {"unwritten", "twice", "law"}
    assert join_lines(["the established but unwTritten law"], known) == "the established but unwritten law"
    assert join_lines(["A led twTice out of turn"], known) == "A led twice out of turn"
    assert join_lines(["McDonald wrote"], known) == "McDonald wrote"       # not a known word: kept
