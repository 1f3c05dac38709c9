"""`whist eval --choose`: weights chosen by leave-one-set-out cross-validation on blind sets."""
import json

from kb.cli import choosing
from kb.retrieval.search import DEFAULT_WEIGHTS, Weights
from tests.conftest import ROOT


def _subset(tmp_path, name, n):
    rows = [l for l in (ROOT / "tests" / "data" / f"fresh_questions_{name}.jsonl").read_text().splitlines() if l.strip()]
    rows = [r for r in rows if json.loads(r)["gold_laws"]][:n]
    p = tmp_path / f"{name}.jsonl"
    p.write_text("\n".join(rows) + "\n")
    return p


def test_each_fold_is_chosen_on_the_other_sets_only(answerer, tmp_path, monkeypatch):
    settings = [DEFAULT_WEIGHTS, Weights("rrf"), Weights("weighted", 0.3, 0.5, 0.2), Weights("weighted", 0.9, 0.5, 0.5)]
    monkeypatch.setattr(choosing, "grid", lambda: settings)
    paths = [_subset(tmp_path, "a", 8), _subset(tmp_path, "b", 8)]
    report = choosing.choose(answerer, [str(p) for p in paths])
    assert [f["held_out"] for f in report["folds"]] == ["a", "b"] and report["settings"] == 4
    for fold, other in zip(report["folds"], reversed(paths)):
        qs = choosing.load(other)
        prepared = choosing._prepared(answerer, qs)
        mrr = {w: choosing._metrics(answerer, qs, prepared, w)["law_mrr"] for w in settings}
        assert mrr[fold["chosen"]] == max(mrr.values())      # best on the other set, not on its own
    assert "held out" in choosing.table(report) and report["default"] == DEFAULT_WEIGHTS
