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


_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen".split())}


def first_number(text: str) -> float | None:
    """The first number an answer states ("Four points net ..." -> 4, "7 points" -> 7)."""
    import re
    m = re.search(r"\b(\d+(?:\.\d+)?|" + "|".join(_NUMBER_WORDS) + r")\b", text or "", re.I)
    if not m:
        return None
    w = m.group(1).lower()
    return float(_NUMBER_WORDS[w]) if w in _NUMBER_WORDS else float(w)


def verdict_outcomes(questions: list[dict], answers: list[dict]) -> dict:
    """Right / wrong / abstained, counted separately: yes/no questions (an answer of the other
    polarity is wrong; no verdict, or "not covered", is an abstention), out-of-scope questions
    (right when answered not-covered) and calculations (exact when the ruling's first number is
    the expected value)."""
    out = {"yes_no": {"right": 0, "wrong": 0, "abstained": 0, "wrong_ids": []},
           "out_of_scope": {"right": 0, "wrong": 0},
           "calculation": {"exact": 0, "not_exact": 0, "ids": []}}
    for q, a in zip(questions, answers):
        gold, got = q.get("verdict"), a.get("verdict")
        if gold in ("yes", "no"):
            key = "right" if got == gold else "wrong" if got in ("yes", "no") else "abstained"
            out["yes_no"][key] += 1
            if key == "wrong":
                out["yes_no"]["wrong_ids"].append(q.get("id"))
        elif gold == "not-covered":
            out["out_of_scope"]["right" if got == "not-covered" else "wrong"] += 1
        if q.get("expected_value") is not None:
            n = first_number(" ".join((a.get("parts") or {}).get("ruling") or []))
            ok = n is not None and abs(n - float(q["expected_value"])) < 1e-9
            out["calculation"]["exact" if ok else "not_exact"] += 1
            if ok:
                out["calculation"]["ids"].append(q.get("id"))
    return out


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
        "outcomes": verdict_outcomes(questions, answers),
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
        o = m["outcomes"]
        yn, oos, calc = o["yes_no"], o["out_of_scope"], o["calculation"]
        lines.append(f"{name}: yes/no right {yn['right']}, wrong {yn['wrong']}, abstained {yn['abstained']}"
                     f" of {yn['right'] + yn['wrong'] + yn['abstained']}; out-of-scope not-covered "
                     f"{oos['right']} of {oos['right'] + oos['wrong']}; calculations exact {calc['exact']} "
                     f"of {calc['exact'] + calc['not_exact']}"
                     + ("; wrong: " + ", ".join(map(str, yn["wrong_ids"])) if yn["wrong_ids"] else ""))
    for name, m in report["runs"].items():
        if m["misses"]:
            lines.append(f"{name} law misses @5: {', '.join(m['misses'])}")
    return "\n".join(lines)
