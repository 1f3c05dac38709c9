"""The concordance: no law lost, each law in its place or its own row, agreement with gold rows."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
import yaml

from kb.present import concordance
from kb.present.concordance import CODES, OTHER

GOLD = Path(__file__).resolve().parent / "data" / "concordance_gold.yaml"
# Thresholds (see the report printed by test_gold_agreement). The computed alignment, without
# overrides, must agree with at least 85% of the judged cells: the English <-> revised codes
# are near-verbatim (any miss there is a bug), the American codes condense and reword, and
# the gold marks several of their cells as judgment calls; below 85% the alignment would
# mislead a reader on roughly one row in seven. With the curated overrides the concordance
# must agree with at least 95%.
MIN_COMPUTED = 0.85
MIN_FINAL = 0.95


@pytest.fixture(scope="module")
def gold():
    return yaml.safe_load(GOLD.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rows(kb):
    return concordance.load_rows(kb)


def _agreement(rows, gold):
    by_e = {r["english"][0]: r for r in rows if r["english"]}
    ok, tot, misses = 0, 0, []
    for g in gold["rows"]:
        row = by_e[g["english"]]
        for c in OTHER:
            if c in g:
                tot += 1
                if sorted(g[c]) == sorted(row[c]):
                    ok += 1
                else:
                    misses.append(f"english/{g['english']} {c}: gold {g[c]} got {row[c]}")
    return ok / tot, tot, misses


def test_gold_has_enough_rows(gold):
    assert len(gold["rows"]) >= 30
    assert len({g["english"] for g in gold["rows"]}) == len(gold["rows"])


def test_every_law_appears(kb, rows):
    for code in CODES:
        numbers = kb.law_numbers(code)
        placed = {n for r in rows for n in r[code]}
        lost = [n for n in numbers if n not in placed]
        assert not lost, f"{code} laws missing from the concordance: {lost}"
        unknown = placed - set(numbers)
        assert not unknown, f"{code}: concordance names laws that do not exist: {unknown}"
    assert {r["row"] for r in rows} == set(range(1, len(rows) + 1))


def test_english_rows_once_each_and_own_rows_exclusive(kb, rows):
    english = [n for r in rows for n in r["english"]]
    assert sorted(english, key=lambda x: int(x)) == kb.law_numbers("english")
    assert all(len(r["english"]) <= 1 for r in rows)
    for r in rows:
        if not r["english"]:
            ids = concordance.law_ids(r)
            assert len(ids) == 1, f"a row without an English law holds one law: {r}"
            elsewhere = [x for x in rows if x is not r and ids[0] in concordance.law_ids(x)]
            assert not elsewhere, f"{ids[0]} has its own row and also stands in another"


def test_own_rows_from_gold(rows, gold):
    own = {concordance.law_ids(r)[0] for r in rows if not r["english"]}
    for lid in gold["own_rows"]:
        assert lid in own, f"{lid} has no English counterpart and should stand in its own row"


def test_row_shape(rows):
    keys = {"row", *CODES, "topic", "confidence", "method", "cases", "difference", "variants", "notes"}
    for r in rows:
        assert keys <= set(r)
        assert 0.0 <= r["confidence"] <= 1.0
        assert r["method"] in ("computed", "override")
        assert r["topic"]
        for c in r["cases"]:
            assert isinstance(c["case"], int) and "\n" not in c["decision"]
    r72 = next(r for r in rows if r["english"] == ["72"])
    assert r72["english-revised"] == ["75"] and r72["american-1894"] == ["30"]
    assert any(c["case"] == 115 for c in r72["cases"])
    assert r72["difference"].startswith("Rules model")
    r91 = next(r for r in rows if r["english"] == ["91"])
    assert r91["difference"].startswith("Rules model")      # the rules model first, then Drayson
    assert "english/91" in r91["difference"] and "american-1894/37" in r91["difference"]


# Rows whose difference the rules model states (measured: 21 of 104 rows, with the rules and
# scenarios of this commit; 6 rows had any difference annotation, 3 from the rules model, before
# the differences were computed from the model in general).
MIN_RULE_DIFFERENCES = 20
_LAW_ID = re.compile(r"\b(english-revised|english|american-1894|american-1890)/(\d+[a-z]?)\b")
_DRAYSON_ID = re.compile(r"\bdrayson/(case|test)/(\d+)\b")


def test_rules_model_differences(kb, records, rows):
    with_rules = [r for r in rows if r["difference"].startswith("Rules model")]
    print(f"\nrows with a rules-model difference: {len(with_rules)} of {len(rows)}")
    assert len(with_rules) >= MIN_RULE_DIFFERENCES
    numbers = {c: set(kb.law_numbers(c)) for c in CODES}
    for r in with_rules:
        named = _LAW_ID.findall(r["difference"])
        assert named, r["difference"]
        for code, n in named:
            assert n in numbers[code], f"row {r['row']}: {code}/{n} is not a law"
        for kind, n in _DRAYSON_ID.findall(r["difference"]):
            assert f"drayson/{kind}/{n}" in records, f"row {r['row']}: drayson/{kind}/{n} unknown"
        # at least one law of the row itself rules differently
        own = set(concordance.law_ids(r))
        assert own & {f"{c}/{n}" for c, n in named}, r["difference"]
        # and at least two codes are compared
        codes = set(re.findall(r"(English revised|English|American 1894|American 1890) \(", r["difference"]))
        assert len(codes) >= 2, r["difference"]
    by_e = {r["english"][0]: r for r in rows if r["english"]}
    # English 62 (lead out of turn): the American code lets only the adversary on the right call a suit
    assert "penalty claimants" in by_e["62"]["difference"] and "american-1894/24" in by_e["62"]["difference"]
    # English 72 (revoke penalty): three tricks or three points against the American two tricks
    assert "two-tricks" in by_e["72"]["difference"] and "add-three" in by_e["72"]["difference"]
    # English 74 (partner asks): the American code establishes the revoke where the English does not
    assert "revoke established" in by_e["74"]["difference"]


def test_drayson_commentary_when_the_model_has_nothing(kb_dir, kb, monkeypatch):
    """Without a rules-model difference, Drayson's paragraph on the American laws is the fallback."""
    from kb.store.database import db_path
    monkeypatch.setattr(concordance, "_rule_differences", lambda rows: [""] * len(rows))
    conn = sqlite3.connect(db_path(kb_dir))
    try:
        rows = concordance.align(kb.all(), conn)
    finally:
        conn.close()
    r91 = next(r for r in rows if r["english"] == ["91"])
    assert r91["difference"].startswith("Drayson")
    assert not any(r["difference"].startswith("Rules model") for r in rows)


def test_variant_readings_kept(rows, records):
    with_variants = [r for r in rows if r["variants"]]
    assert with_variants
    for r in with_variants:
        for v in r["variants"]:
            assert v["law"] in concordance.law_ids(r) and v["differences"]
            assert any(x.get("differences") for x in records[v["law"]].variants)


# One-line decisions checked by reading the cases: the first sentence, unless it is a preamble.
ONE_LINE = {
    2: "As soon as A, B, add three to their score the game is over, and it is a treble.",
    5: "Although the dispute is relative to a whist law, the question is one more nearly "
       "connected with the laws of betting.",
    6: "Certainly not. Y has not named the card.",
    19: "Rule 52 says that the trump card is liable to be called if left on the table after the "
        "first trick is turned and quitted.",
    32: "Y shows ignorance of the laws. By Law 36 he loses his deal.",
    55: "A can of course play his exposed card to his partner's king.",
    100: "Of course, by Law 73 A revoked.",
    129: "A player cannot be prevented from playing his exposed card.",
    110: "Y is correct; it is a single (Law 79).",
}


def test_one_line_decisions(records):
    for n, want in ONE_LINE.items():
        r = records[f"drayson/case/{n}"]
        assert concordance.one_line(r.decision or r.text) == want, n
    r9 = records["drayson/case/9"]
    assert concordance.one_line(r9.decision).startswith("By the American code, A might state")
    assert concordance.one_line("This is a very interesting case. A wins.") == "A wins."
    assert concordance.one_line("It is curious how often this is asked. B is right.") == "B is right."
    assert concordance.one_line("") == ""


def test_overrides_have_reasons_and_are_used(rows):
    overrides = concordance.load_overrides()
    assert overrides and all(o["reason"].strip() for o in overrides)
    marked = {r["english"][0] for r in rows if r["method"] == "override"}
    assert marked == {str(o["english"]) for o in overrides}


def test_gold_agreement(kb, kb_dir, rows, gold):
    from kb.store.database import db_path
    conn = sqlite3.connect(db_path(kb_dir))
    try:
        computed = concordance.align(kb.all(), conn, computed_only=True)
    finally:
        conn.close()
    a_comp, n, miss_comp = _agreement(computed, gold)
    a_final, _, miss_final = _agreement(rows, gold)
    print(f"\nconcordance: {len(rows)} rows; gold agreement on {n} cells of {len(gold['rows'])} rows: "
          f"computed {a_comp:.3f}, with overrides {a_final:.3f}")
    for m in miss_comp:
        print("  computed miss:", m)
    assert a_comp >= MIN_COMPUTED, miss_comp
    assert a_final >= MIN_FINAL, miss_final


def test_align_without_embeddings(kb):
    """Text similarity alone still gives a complete concordance (the embeddings are optional)."""
    rows = concordance.align(kb.all(), None)
    for code in CODES:
        assert set(kb.law_numbers(code)) <= {n for r in rows for n in r[code]}
