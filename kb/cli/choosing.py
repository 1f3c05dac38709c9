"""`whist eval --choose SET [SET ...]`: choose the fusion and its weights on blind question
sets, never on the development set, by leave-one-set-out cross-validation.

Each question's two retrievers run once (BM25 ranking, dense ranking, the question's vector);
every candidate setting of ``kb.retrieval.search.Weights`` then only fuses and gathers them, so
the whole grid costs little more than one pass. For each set held out, the setting with the best
mean law MRR on the other sets (the cases' share: by case hit@5) is measured on it: that held-out figure, not the tuned one, is
what to expect on unseen wording. The last line is the setting best over all the sets (the one
to adopt; measure it again on a set written after the choice).

Retrieval only: the rules model's deciding laws are left out of the ranking, so that what is
chosen is the retrieval itself.
"""
from __future__ import annotations

from itertools import product
from pathlib import Path

from kb.cli.evaluation import load, score_answers
from kb.codes import named_in
from kb.retrieval.search import DEFAULT_WEIGHTS, Weights

KEYWORD_SHARES = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
OTHER_CODE = (0.2, 0.35, 0.5)
CARDS = (0.0, 0.5, 0.75, 1.0)      # the law cards' weight; 0: the laws' own text alone
CASE_KEYWORD = (0.3, 0.5, 0.7)
CASE_LAW = (0.0, 0.25, 0.5, 0.75, 1.0)   # the cases' second stage (search.CASE_LAW_WEIGHT)
TOLERANCE = 0.01        # a change of the cases' share must gain more than this in case hit@5


def grid() -> list[Weights]:
    out = [Weights("rrf", other_code=o, card=c) for o, c in product(OTHER_CODE, CARDS)]
    out += [Weights("weighted", law, DEFAULT_WEIGHTS.case_keyword, o, c)
            for law, o, c in product(KEYWORD_SHARES, OTHER_CODE, CARDS)]
    return out


def case_side(w: Weights) -> list[Weights]:
    """The settings that differ from ``w`` only in what ranks the cases (their keyword share and
    the weight of their laws' rank): they leave the laws' ranking as it is."""
    return [w.with_(case_keyword=k, case_law=c) for k, c in product(CASE_KEYWORD, CASE_LAW)]


def _prepared(answerer, questions: list[dict]) -> list[tuple]:
    """Per question: the retrievers' rankings and vector, the code it names, the ids it names."""
    out = []
    s = answerer.searcher
    for q in questions:
        text = q["question"]
        vec = s.query_vector(text)
        boost = [answerer.law_of(i) for ref in answerer.resolver.find(text) for i in ref.ids]
        out.append((s.retrieve(text, "hybrid", vec), vec, named_in(text) or "english",
                    [b for b in boost if b]))
    return out


def _metrics(answerer, questions, prepared, w: Weights) -> dict:
    answers = []
    for q, (rankings, vec, code, boost) in zip(questions, prepared):
        r = answerer.searcher.search(q["question"], code=code, boost=boost, weights=w,
                                     rankings=rankings, vec=vec)
        answers.append({"laws": [{"code": h.code, "law": h.law} for h in r.laws[:10]],
                        "cases": [{"case": h.case} for h in r.cases[:10]], "verdict": None})
    return score_answers(questions, answers)


def _mean(rows: list[dict], key: str) -> float:
    vals = [r[key] for r in rows if r[key] is not None]
    return sum(vals) / len(vals) if vals else 0.0


def choose(answerer, paths: list[str]) -> dict:
    sets = {Path(p).stem: load(p) for p in paths}
    prepared = {name: _prepared(answerer, qs) for name, qs in sets.items()}
    settings = grid()
    table = {w: {name: _metrics(answerer, qs, prepared[name], w) for name, qs in sets.items()}
             for w in settings}

    def measured(w: Weights) -> dict:
        if w not in table:
            table[w] = {name: _metrics(answerer, qs, prepared[name], w) for name, qs in sets.items()}
        return table[w]

    def best(names: list[str]) -> Weights:
        """Law MRR picks the laws' side (fusion, keyword share, other codes, cards); the cases'
        side changes only the cases, so case hit@5 picks it, keeping today's values unless
        another beats them by more than TOLERANCE."""
        rows = {w: [table[w][n] for n in names] for w in settings}
        mrr = {w: round(_mean(rows[w], "law_mrr"), 4) for w in settings}
        top = max(settings, key=lambda w: (mrr[w], w == DEFAULT_WEIGHTS))
        side = case_side(top)
        hit = {w: _mean([measured(w)[n] for n in names], "case_hit@5") for w in side}
        kept = top.with_(case_keyword=DEFAULT_WEIGHTS.case_keyword, case_law=DEFAULT_WEIGHTS.case_law)
        best_case = max(side, key=lambda w: hit[w])
        return kept if hit[best_case] - hit[kept] <= TOLERANCE else best_case

    folds = []
    for held in sets:
        w = best([n for n in sets if n != held])
        folds.append({"held_out": held, "chosen": w, "held_out_metrics": measured(w)[held],
                      "default_metrics": measured(DEFAULT_WEIGHTS)[held]})
    return {"folds": folds, "chosen": best(list(sets)), "default": DEFAULT_WEIGHTS,
            "settings": len(settings)}


def describe(w: Weights) -> str:
    if w.fusion == "rrf":
        return f"rrf, other codes {w.other_code}, cards {w.card}, cases' laws {w.case_law}"
    return (f"weighted, keyword share laws {w.law_keyword} cases {w.case_keyword}, other codes {w.other_code}, "
            f"cards {w.card}, cases' laws {w.case_law}")


def table(report: dict) -> str:
    cols = ("law_hit@1", "law_hit@5", "law_mrr", "case_hit@5")
    lines = [f"{report['settings']} settings; each set held out in turn, the setting best on the "
             "others measured on it (retrieval only)",
             f"{'held out':24}{'':10}" + "".join(f"{c:>11}" for c in cols)]
    for f in report["folds"]:
        for label, m in (("chosen", f["held_out_metrics"]), ("default", f["default_metrics"])):
            lines.append(f"{f['held_out'] if label == 'chosen' else '':24}{label:10}" + "".join(
                f"{m[c]:>11.3f}" if m[c] is not None else f"{'—':>11}" for c in cols))
        lines.append(f"{'':24}  chosen on the others: {describe(f['chosen'])}")
    lines.append(f"best over all the sets: {describe(report['chosen'])}; "
                 f"today's default: {describe(report['default'])}")
    return "\n".join(lines)
