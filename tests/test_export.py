"""Exports: every format written and read back; atomic writes.  (The time to export everything is
a benchmark's to measure, not a test's to assert.)"""
from __future__ import annotations

import csv
import io
import json

import pytest

from kb.present import export
from kb.present.concordance import CODES


@pytest.mark.parametrize("what,fmt", [("concordance", f) for f in export.formats("concordance")]
                         + [("records", f) for f in export.formats("records")])
def test_export_writes_and_parses(kb, tmp_path, what, fmt):
    path = export.export(kb, what, fmt, tmp_path / f"out.{fmt}")
    assert path == tmp_path / f"out.{fmt}" and path.exists()
    data = path.read_bytes()
    rows = kb.concordance()
    if fmt == "pdf":
        assert data.startswith(b"%PDF") and len(data) > 10_000
    elif fmt == "json":
        doc = json.loads(data)
        assert len(doc["rows"]) == len(rows) and doc["rows"][0].keys() >= set(CODES)
        assert len(doc["links"]) == len(kb.concordance_links())         # the relation, and the row view
        assert {"a": "english/72", "b": "american-1894/30", "type": "differs"}.items() <= next(
            x for x in doc["links"] if (x["a"], x["b"]) == ("english/72", "american-1894/30")).items()
    elif fmt == "csv" and what == "concordance":
        table = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
        assert len(table) == len(rows)
        assert set(CODES) | {"topic", "confidence", "cases", "difference", "variants", "notes"} <= set(table[0])
        r72 = next(t for t in table if t["english"] == "72")
        assert r72["english-revised"] == "75" and r72["american-1894"] == "30"
        assert "english/72 differs american-1894/30" in r72["links"]
        r4 = next(t for t in table if t["english"] == "4")
        assert "no honours" in r4["instead"].lower()                        # what a code does instead
        assert any(";" in t["american-1894"] for t in table)      # lists joined by "; "
    elif fmt == "html":
        text = data.decode("utf-8")
        assert text.startswith("<!DOCTYPE html>") and "@media print" in text and "viewport" in text
        for lid in ("english/72", "english-revised/12a", "american-1894/30", "american-1890/8",
                    "drayson/case/93"):
            assert f'id="{lid}"' in text
        assert 'href="#english/72"' in text
        assert '<a href="#drayson/case/' in text
        # "Law 72" inside a law text (English 5) is a link
        assert 'Law <a href="#english/72">72</a>' in text
        assert 'Law <a href="#english-revised/75">75</a>' in text        # revised 50 cites its 75
        assert 'class="type t-differs"' in text and "differs from English 72" in text
    elif fmt == "md":
        text = data.decode("utf-8")
        assert text.startswith("# Concordance") and '<a id="english/72"></a>' in text
        assert "*(differs from English 72)*" in text and "English 72 – American 1894 30: differs" in text
    elif fmt == "jsonl":
        lines = data.decode("utf-8").splitlines()
        assert len(lines) == kb.counts()["records"]
        assert json.loads(lines[0])["id"]
    elif fmt == "csv":
        table = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
        assert len(table) == kb.counts()["records"] and "raw" in table[0]


def test_render_matches_export(kb, tmp_path):
    assert export.render(kb, "concordance", "csv") == \
        export.export(kb, "concordance", "csv", tmp_path / "c.csv").read_bytes()


def test_stdout_and_errors(kb, capsysbinary, tmp_path):
    assert export.export(kb, "concordance", "json", None) is None
    assert json.loads(capsysbinary.readouterr().out)["rows"]
    with pytest.raises(export.ExportError):
        export.export(kb, "concordance", "pdf", None)
    with pytest.raises(export.ExportError):
        export.export(kb, "concordance", "docx", tmp_path / "x.docx")
    with pytest.raises(export.ExportError):
        export.export(kb, "records", "html", tmp_path / "x.html")
    with pytest.raises(export.ExportError):
        export.export(kb, "concordance", "csv", tmp_path / "missing-dir" / "x.csv")


def test_failed_write_leaves_nothing(kb, tmp_path, monkeypatch):
    target = tmp_path / "c.html"
    target.write_text("previous export")

    def failing(fh, data, size=1 << 16):
        fh.write(data[: len(data) // 2])
        raise OSError("disk full")

    monkeypatch.setattr(export, "_write_chunks", failing)
    with pytest.raises(export.ExportError):
        export.export(kb, "concordance", "html", target)
    assert target.read_text() == "previous export"            # old file intact
    assert [p.name for p in tmp_path.iterdir()] == ["c.html"]  # no temporary left behind
    fresh = tmp_path / "new.csv"
    with pytest.raises(export.ExportError):
        export.export(kb, "concordance", "csv", fresh)
    assert not fresh.exists()


def test_every_law_in_every_text_export_with_all_its_counterparts(kb):
    """Every law of every code is in each export, and a law linked to several laws of another code
    stands with each of them (American 8 beside English 29, 30, 31 and 32)."""
    laws = [f"{c}/{n}" for c in CODES for n in kb.law_numbers(c)]
    html = export.render(kb, "concordance", "html").decode("utf-8")
    md = export.render(kb, "concordance", "md").decode("utf-8")
    doc = json.loads(export.render(kb, "concordance", "json"))
    table = list(csv.DictReader(io.StringIO(export.render(kb, "concordance", "csv").decode("utf-8"))))
    for lid in laws:
        code, n = lid.split("/", 1)
        assert f'id="{lid}"' in html and f'<a id="{lid}"></a>' in md, lid
        assert any(n in r[code] for r in doc["rows"]), lid
        assert any(n in t[code].split("; ") for t in table), lid
    for e in ("29", "30", "31", "32"):
        assert any(r["english"] == [e] and "8" in r["american-1894"] for r in doc["rows"]), e
    for x in doc["links"]:
        if x["a"].startswith("english/"):
            row = next(r for r in doc["rows"] if x["a"].split("/")[1] in r["english"])
            code, n = x["b"].split("/", 1)
            assert n in row[code], f"{x['b']} is linked to {x['a']} but not beside it"
