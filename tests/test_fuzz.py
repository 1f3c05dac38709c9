"""`whist fuzz`: generated questions (random Unicode, law-like strings, huge, empty, markup,
numbers) through the answerer and the resolver; none may raise. CI runs a few hundred; the
benchmark runs 10,000 (`whist fuzz 10000`)."""
from __future__ import annotations

import json

from kb.cli import fuzz
from kb.cli.main import main


def test_a_few_hundred_generated_questions_raise_nothing(answerer):
    report = fuzz.run(answerer, 300, seed=14)
    print("\n" + fuzz.format_report(report))
    assert report["ran"] == 300
    assert report["raised"] == 0, report["failures"]


def test_the_strategies_cover_each_kind():
    from hypothesis import given, settings, HealthCheck
    seen = []

    def keep(q):
        seen.append(q)
    settings(max_examples=400, database=None, deadline=None,
             suppress_health_check=list(HealthCheck))(given(fuzz.questions())(keep))()
    assert any(q == "" or not q.strip() for q in seen)
    assert any(len(q) > 5000 for q in seen)
    assert any(any(0xD800 <= ord(c) <= 0xDFFF for c in q) for q in seen)
    assert any("<" in q or "](" in q for q in seen)
    assert any(q.lower().startswith(("law", "case", "test", "english", "american")) for q in seen)


def test_fuzz_command(capsys, kb_dir):
    code = main(["--data", str(kb_dir), "fuzz", "25", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["ran"] == 25 and report["raised"] == 0
    assert {"mean", "p50", "p95", "max"} <= set(report["per_question_ms"])
