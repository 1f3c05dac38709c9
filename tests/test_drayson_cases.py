"""ingest.drayson_cases on the real Drayson OCR. Gold values come from reading the source."""
from pathlib import Path
import re

import pytest

from ingest.citations import is_known
from ingest.drayson_cases import parse, title_case
from ingest.ocr import repair_number, vocabulary

SOURCE = Path(__file__).resolve().parents[1] / "corpus" / "drayson-1896-whist-laws-and-decisions.txt"
_VOCABULARY = vocabulary(SOURCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def result():
    return parse(SOURCE)


@pytest.fixture(scope="module")
def by_id(result):
    return {r.id: r for r in result.records}


@pytest.fixture(scope="module")
def cases(result):
    return [r for r in result.records if r.type == "case"]


@pytest.fixture(scope="module")
def tests_(result):
    return [r for r in result.records if r.type == "test"]


def test_all_cases_and_tests_in_order(result, cases, tests_):
    assert [int(c.number) for c in cases] == list(range(1, 155))
    assert [int(t.number) for t in tests_] == list(range(1, 26))
    kinds = [r.type for r in result.records]
    assert kinds == sorted(kinds, key=["case", "test", "commentary"].index)
    assert len({r.id for r in result.records}) == len(result.records)


def test_labels(cases):
    labels = {int(c.number): c.label for c in cases}
    assert sum(1 for v in labels.values() if v == "Decision") == 151
    assert [n for n, v in labels.items() if v == "Suggestion"] == [131, 132]
    assert [n for n, v in labels.items() if v == "Answer"] == [52]
    assert all(c.decision for c in cases)


def test_case_14_has_two_decisions(by_id):
    case = by_id["drayson/case/14"]
    first, second = case.extra["decisions"]
    assert first.startswith("Three hands having been played with the pack")
    assert second == "There must be a new deal (Law 37)."
    assert case.decision == first + "\n\n" + second
    assert "english/37" in case.cites and "english/46" in case.cites


@pytest.mark.parametrize("number, start", [
    (1, "A says while dealing"),
    (7, "A took a card from his hand, then put it back."),
    (11, "The following is a frequent cause of disputes"),
    (81, "A deals and turns the trump card face upward"),
    (101, "A and B require one trick to win the game."),
    (110, "A and B play two by honors; the score is love all."),
    (111, "A, B play two by honors; score, love all."),
    (114, "Score, love all; Y revokes twice in one hand"),
    (137, "Y is a player who immediately a trick is turned"),
])
def test_garbled_headers(by_id, result, number, start):
    case = by_id[f"drayson/case/{number}"]
    assert case.text.startswith(start)
    assert any(f"line {case.line_start}:" in w for w in result.warnings)


def test_cross_references_are_not_headers(by_id):
    # Case 127's decision: "See Case 2 in Cavendish, and\nCase 88 in preceding cases."
    assert "Case 88 in preceding cases" in by_id["drayson/case/127"].decision
    assert by_id["drayson/case/127"].cites == ["english/7", "drayson/case/88"]


def test_footnotes_moved_to_their_case(by_id, result):
    c11, c12 = by_id["drayson/case/11"], by_id["drayson/case/12"]
    assert c11.extra["footnotes"][0].startswith("The written law is sufficient to decide this case")
    assert "written law is sufficient" not in c12.text + c12.decision
    assert "footnotes" not in c12.extra
    assert "*" not in c11.text
    c74, c75 = by_id["drayson/case/74"], by_id["drayson/case/75"]
    assert c74.extra["footnotes"][0].startswith("This is a good instance of interpretation")
    assert "Laws should never be so construed" not in c75.text + c75.decision
    assert c74.decision.endswith("on a mere technicality.")
    # Case 75's facts run on across the footnote and the page break.
    assert 'A says to B, " Score four."' in c75.text
    assert sum("footnote" in w for w in result.warnings) == 2


def test_headings(cases, by_id):
    headings = list(dict.fromkeys(c.heading for c in cases))
    assert headings == [
        "Bets", "Cards Detached (Law 60)", "Cards Liable to be Called (Laws 56-66)",
        "Cards Dropped", "Cards Exposed", "Cards Played in Error", "Claims for Offences",
        "Cutting", "Cases Relative to the Deal or Misdeal", "Cases Relative to Exposed Cards",
        "Formation of Table", "Highest or Lowest Card; When It Can be Called", "Honors Scoring",
        "Leads", "Lowered Hands", "The Revoke", "Scoring", "Miscellaneous Cases"]
    assert by_id["drayson/case/6"].extra["heading_cites"] == ["english/60"]
    assert by_id["drayson/case/9"].extra["heading_cites"] == [f"english/{n}" for n in range(56, 67)]
    assert by_id["drayson/case/129"].heading == "Miscellaneous Cases"


def test_title_case():
    assert title_case("CARDS   LIABLE   TO    BE  CALLED (Laws  56-66)") == \
        "Cards Liable to be Called (Laws 56-66)"


def test_pages(by_id):
    # Folios read from the source: case 1 on page 42 ('42' at line 1706), case 81 on 105,
    # case 89 on 110 (a page without a folio), case 117 on 131 ('*3i'), tests 1 and 25.
    assert by_id["drayson/case/1"].page == 42
    assert by_id["drayson/case/2"].page == 42
    assert by_id["drayson/case/3"].page == 43
    assert by_id["drayson/case/81"].page == 105
    assert by_id["drayson/case/89"].page == 110
    assert by_id["drayson/case/117"].page == 131
    assert by_id["drayson/test/1"].page == 162
    assert by_id["drayson/test/25"].page == 166


def test_every_citation_resolves(result):
    for r in result.records:
        for c in r.cites:
            assert is_known(c), (r.id, c)
        assert r.id not in r.cites


def test_selected_citations(by_id):
    assert by_id["drayson/case/2"].cites == ["english/71/V", "english/80"]
    assert by_id["drayson/case/19"].cites == ["english/52", "american-1894/18", "english/56"]
    assert by_id["drayson/case/48"].cites == ["english/44", "american-1894/19"]
    assert by_id["drayson/case/76"].cites == ["drayson/case/49"]      # "(see Case" / "49)-"
    assert by_id["drayson/case/98"].cites == ["drayson/case/97"]      # "for Case" / "97."
    assert by_id["drayson/case/75"].cites == []                       # Case 2 in Cavendish
    assert by_id["drayson/case/87"].cites == ["english/11"]           # "Law 1 1"
    assert by_id["drayson/case/153"].cites == ["english/55"]          # "Lawr 55"


def test_tests_cite_their_references(by_id):
    gold = {
        1: ("(Law 80 and Cases 2 and 4.)", ["english/80", "drayson/case/2", "drayson/case/4"]),
        2: ("(Case 6.)", ["drayson/case/6"]),
        4: ("(See Laws 62 and 63.)", ["english/62", "english/63"]),
        5: ("See Law 76.", ["english/76"]),
        8: ("See Law 44, Section IV.", ["english/44/IV"]),
        12: ("See Law S6.", ["english/86"]),
        20: ("(See Cases 74 and 75.)", ["drayson/case/74", "drayson/case/75"]),
        22: ("See Law 4 and Case yy.", ["english/4", "drayson/case/77"]),
        25: ("See Case 52.", ["drayson/case/52"]),
    }
    for n, (reference, cites) in gold.items():
        test = by_id[f"drayson/test/{n}"]
        assert test.extra["references"] == reference
        assert test.cites == cites
        assert not test.text.endswith(reference)
    assert by_id["drayson/test/1"].text == (
        "A and Y bet on the odd trick, A wins three by cards, but revokes. Y elects to take three "
        "of A's tricks as the penalty. Who wins the bet on the odd trick?")


def test_introductions_are_commentary(by_id):
    intro = by_id["drayson/commentary/tests-intro/1"]
    assert intro.text.startswith("Any person who believes he is thoroughly acquainted")
    assert by_id["drayson/commentary/cases-the-revoke/1"].cites == ["english/71", "english/73"]
    bets = by_id["drayson/commentary/cases-bets/2"]
    assert bets.text.endswith("as shown in the following diagram.")


def _folios(raw_lines: list[str]) -> set[str]:
    """Short lines standing alone between blank lines: folios and signature marks."""
    return {line.strip() for before, line, after in zip([""] + raw_lines, raw_lines, raw_lines[1:] + [""])
            if line.strip() and len(line.strip()) <= 4 and not before.strip() and not after.strip()
            and not re.search(r"[).]|[A-Z]$", line.strip())}


def test_text_has_no_page_numbers(result):
    for r in result.records:
        raw_lines = r.raw.split("\n")
        prose = " ".join(raw_lines)
        body = r.text + " " + (r.decision or "")
        for folio in _folios(raw_lines):
            if prose.count(folio) == 1:
                assert not re.search(rf"(?<!\S){re.escape(folio)}(?!\S)", body), (r.id, folio)


def test_text_has_no_broken_words(result):
    for r in result.records:
        body = r.text + " " + (r.decision or "")
        content = [line for line in r.raw.split("\n") if line.strip() and line.strip() not in _folios(r.raw.split("\n"))]
        for line, following in zip(content, content[1:]):
            broken = re.search(r"(\w+)-\s*$", line)
            if broken and re.match(r"\s*[a-z]", following):
                tail = re.match(r"\s*([a-z]+)", following).group(1)
                assert f"{broken.group(1)}- {tail}" not in body, (r.id, line)
                assert f"{broken.group(1)}-{tail}" not in body or \
                    f"{broken.group(1)}-{tail}".lower() in _VOCABULARY, (r.id, line)


def test_page_numbers_stay_in_raw(by_id):
    case2 = by_id["drayson/case/2"]
    assert "\n43 \n" in case2.raw
    assert "43" not in case2.text


def test_raw_is_exact_source_lines(result):
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    for r in result.records:
        assert r.raw == "\n".join(lines[r.line_start - 1:r.line_end]), r.id


def test_repair_numeral():
    assert [repair_number(t, numeral_expected=True) for t in ("i", "ii", "8i", "ioi", "no", "hi", "i 14")] == \
        [1, 11, 81, 101, 110, 111, 114]


def test_one_page_model_for_the_book():
    # Both parsers read pages from ingest.drayson_pages: folios, missing folios, front matter.
    from ingest.drayson_pages import find_pages
    pages = find_pages(SOURCE.read_text(encoding="utf-8").split("\n"))
    assert pages.page_at(1705) == 42 and pages.page_at(1704) == 41      # folio '42', line 1706
    assert pages.page_at(3758) == 100                                   # no folio: a gap
    assert pages.page_at(4863) == 131                                   # folio '*3i'
    assert pages.page_at(299) == 3 and pages.page_at(298) is None       # counted back; front matter
    assert pages.roman_at(219) == "vii" and pages.roman_at(250) == "viii"
    assert 3151 in pages.furniture and 5964 in pages.furniture          # '§3', '1 62'
    notes = pages.guessed()
    assert notes == sorted(notes, key=lambda n: int(re.match(r"line (\d+)", n).group(1)))
    assert "line 6629: no page break found for page 181" in notes


def test_line_end_hyphen_between_words_becomes_a_space(result):
    texts = " ".join(r.text + " " + (r.decision or "") for r in result.records)
    assert "choice of a new deal or" in texts and "newdeal" not in texts
    assert "The missing card is one of the honors" in texts
