"""The `whist` command line, run in-process against the session KB."""
import json

import pytest

from kb.cli.main import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_json_counts(capsys, kb_dir):
    code, out, _ = run(capsys, "--data", str(kb_dir), "stats", "--json")
    stats = json.loads(out)
    assert code == 0
    assert stats["laws"] == {"english": 91, "english-revised": 95, "american-1894": 39, "american-1890": 20}
    assert stats["cases"] == 154 and stats["tests"] == 25


def test_law_shows_sections_citations_and_citers(capsys, kb_dir):
    code, out, _ = run(capsys, "--data", str(kb_dir), "law", "english", "72", "--json")
    view = json.loads(out)
    assert code == 0 and view["id"] == "english/72"
    assert [s["number"] for s in view["sections"]] == ["I", "II", "III", "IV", "V"]
    assert "drayson/case/5" in view["cited_by"]


def test_law_in_text_form_and_aliases(capsys, kb_dir):
    code, out, _ = run(capsys, "--data", str(kb_dir), "law", "american", "30")
    assert code == 0 and out.startswith("american-1894/30")


def test_law_without_a_code_is_english(capsys, kb_dir):
    code, out, _ = run(capsys, "--data", str(kb_dir), "law", "34")
    assert code == 0 and out.startswith("english/34") and "fewer than four cards" in out


@pytest.mark.parametrize("words, rid", [
    ("revised 37", "english-revised/37"), ("American law 30", "american-1894/30"), ("L. 8", "american-1890/8"),
    ("case 93", "drayson/case/93"),
])
def test_law_from_a_whole_reference_in_words(capsys, kb_dir, words, rid):
    code, out, _ = run(capsys, "--data", str(kb_dir), "law", words)
    assert code == 0 and out.startswith(rid + " ")


def test_a_reference_in_words_that_is_not_one_is_a_clear_error(capsys, kb_dir):
    code, _, err = run(capsys, "--data", str(kb_dir), "law", "revised 300")
    assert code == 2 and "english-revised/300 does not exist" in err
    code, _, err = run(capsys, "--data", str(kb_dir), "law", "the dealer misdealt")
    assert code == 2 and "not a law reference" in err


def test_unknown_law_is_a_clear_error(capsys, kb_dir):
    code, _, err = run(capsys, "--data", str(kb_dir), "law", "english", "92")
    assert code == 2 and "english/92 does not exist" in err and "english/91" in err
    code, _, err = run(capsys, "--data", str(kb_dir), "law", "klingon", "1")
    assert code == 2 and "unknown code" in err


def test_case_and_test(capsys, kb_dir):
    code, out, _ = run(capsys, "--data", str(kb_dir), "case", "93", "--json")
    case = json.loads(out)
    assert code == 0 and case["label"] == "Decision" and case["decision"]
    code, out, _ = run(capsys, "--data", str(kb_dir), "case", "14", "--test")
    assert code == 0 and out.startswith("drayson/test/14")
    code, _, err = run(capsys, "--data", str(kb_dir), "case", "155")
    assert code == 2 and "1 to 154" in err
    # a case whose text cites no law shows the laws the rules model decides it under
    code, out, _ = run(capsys, "--data", str(kb_dir), "case", "97")
    assert code == 0 and "cites: —" in out and "decided under (the rules model's examples): american-1894/20" in out


def test_dump_every_record_as_json_lines(capsys, kb_dir, kb):
    code, out, _ = run(capsys, "--data", str(kb_dir), "dump", "--json")
    rows = [json.loads(l) for l in out.splitlines()]
    assert code == 0 and len(rows) == kb.counts()["records"]
    law = next(r for r in rows if r["id"] == "english/72")
    assert {"id", "type", "code", "law", "heading", "text", "cites", "source"} <= set(law)
    case = next(r for r in rows if r["id"] == "drayson/case/4")
    assert case["case"] == 4 and case["decision"] and "english/80" in case["cites"]


def test_missing_kb_is_a_clear_error(capsys, tmp_path):
    code, _, err = run(capsys, "--data", str(tmp_path), "stats")
    assert code == 2 and "whist ingest" in err


def test_ask_batch_jsonl(capsys, kb_dir, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "a", "question": "law 72"}\n'
                     '{"id": "b", "question": "Can a revoke be claimed after the cut for the next deal?"}\n')
    code, out, _ = run(capsys, "--data", str(kb_dir), "ask", "--batch", str(batch), "--json")
    rows = [json.loads(l) for l in out.splitlines()]
    assert code == 0 and [r["id"] for r in rows] == ["a", "b"]
    assert all("elapsed_ms" in r for r in rows)


def test_ask_batch_rejects_bad_lines(capsys, kb_dir, tmp_path):
    batch = tmp_path / "bad.jsonl"
    batch.write_text('{"id": "a"}\n')
    code, _, err = run(capsys, "--data", str(kb_dir), "ask", "--batch", str(batch), "--json")
    assert code == 2 and "bad.jsonl:1" in err


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for cmd in ("ingest", "stats", "law", "case", "dump", "ask", "eval", "bench", "serve", "export", "rules"):
        assert cmd in out


def test_page_bench_refuses_bounds_before_starting_anything(capsys, kb_dir):
    code, _, err = run(capsys, "--data", str(kb_dir), "bench", "page", "--clients", "0")
    assert code == 2 and "browser visitors" in err
    code, _, err = run(capsys, "--data", str(kb_dir), "bench", "page", "--clients", "8", "--seconds", "0")
    assert code == 2 and "--seconds" in err


def test_page_bench_report_keeps_server_and_browser_apart():
    from kb.cli.benchmark import format_report
    r = {"visitors": 8, "seconds": 20.0, "questions": 40, "answers": 24, "errors": 0, "error_kinds": {},
         "server_ready_s": 9.8, "server": {"p50_ms": 1378, "p95_ms": 3055, "max_ms": 3465, "n": 24},
         "browser": {"p50_ms": 6324, "p95_ms": 11485, "max_ms": 11494, "n": 24}}
    text = format_report(r)
    assert "8 browser visitors" in text and "server answer time" in text and "p95 3055 ms" in text
