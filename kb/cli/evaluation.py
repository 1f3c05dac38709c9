"""`whist eval`: law hit@1/@5, MRR, case hit@5 and verdict accuracy for BM25 alone, dense
alone and the hybrid (both fusions), in one run over the same questions."""
from __future__ import annotations

import json
from pathlib import Path

# (name, mode, fusion, use the rules model's deciding laws in the ranking)
RUNS = (("bm25", "bm25", "weighted", True), ("dense", "dense", "weighted", True),
        ("hybrid/rrf", "hybrid", "rrf", True), ("hybrid/weighted", "hybrid", "weighted", True),
        ("hybrid/weighted, retrieval only", "hybrid", "weighted", False))


def load(path: str | Path) -> list[dict]:
    return [json.loads(l) for l in Path(path).read_text(encoding="utf-8").splitlines() if l.strip()]


def _law_key(d: dict) -> str:
    return f"{d['code']}/{d['law']}"


def score_answers(questions: list[dict], answers: list[dict]) -> dict:
    """Metrics of one run. Law metrics over questions with gold laws, case hit@5 over
    questions with gold cases, verdict accuracy over questions with a gold verdict."""
    hit1 = hit5 = rr = n_laws = 0
    case_hit = n_cases = 0
    verdict_ok = n_verdicts = 0
    for q, a in zip(questions, answers):
        gold = {_law_key(g) for g in q.get("gold_laws") or []}
        ranked = [_law_key(l) for l in a["laws"]]
        if gold:
            n_laws += 1
            first = next((i for i, l in enumerate(ranked) if l in gold), None)
            hit1 += first == 0
            hit5 += first is not None and first < 5
            rr += 1 / (first + 1) if first is not None else 0
        gold_cases = set(q.get("gold_cases") or [])
        if gold_cases:
            n_cases += 1
            case_hit += bool(gold_cases & {c["case"] for c in a["cases"][:5]})
        if q.get("verdict") is not None:
            n_verdicts += 1
            verdict_ok += a.get("verdict") == q["verdict"]
    return {
        "law_hit@1": round(hit1 / n_laws, 3) if n_laws else None,
        "law_hit@5": round(hit5 / n_laws, 3) if n_laws else None,
        "law_mrr": round(rr / n_laws, 3) if n_laws else None,
        "case_hit@5": round(case_hit / n_cases, 3) if n_cases else None,
        "verdict_acc": round(verdict_ok / n_verdicts, 3) if n_verdicts else None,
        "n_law_questions": n_laws, "n_case_questions": n_cases, "n_verdict_questions": n_verdicts,
    }


def run(answerer, questions: list[dict]) -> dict:
    report = {"questions": len(questions), "runs": {}}
    for name, mode, fusion, rules in RUNS:
        answers = [answerer.ask(q["question"], q.get("id"), mode=mode, fusion=fusion,
                                use_checker=rules) for q in questions]
        metrics = score_answers(questions, answers)
        metrics["misses"] = [q["id"] for q, a in zip(questions, answers)
                             if q.get("gold_laws") and not {_law_key(g) for g in q["gold_laws"]}
                             & {_law_key(l) for l in a["laws"][:5]}]
        report["runs"][name] = metrics
    return report


def table(report: dict) -> str:
    cols = ("law_hit@1", "law_hit@5", "law_mrr", "case_hit@5", "verdict_acc")
    lines = [f"{report['questions']} questions", f"{'retriever':32}" + "".join(f"{c:>12}" for c in cols)]
    for name, m in report["runs"].items():
        lines.append(f"{name:32}" + "".join(
            f"{m[c]:>12.3f}" if m[c] is not None else f"{'—':>12}" for c in cols))
    for name, m in report["runs"].items():
        if m["misses"]:
            lines.append(f"{name} law misses @5: {', '.join(m['misses'])}")
    return "\n".join(lines)
