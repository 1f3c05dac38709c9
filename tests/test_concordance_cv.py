"""The computed relation measured honestly (issue 13). The model's weights
(kb.present.concordance.MODEL) are fitted to the gold relation made by reading the codes, so the
figure that counts is the one measured on English laws held out of the fit: 5-fold
cross-validation by English law, the folds seeded, the weights and the thresholds refitted on the
other four folds each time. The stored model is what ``fit`` gives on the whole gold, and the
relation does not hinge on a few rule examples: leaving a seeded tenth of them out moves the pair
F1 little."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import numpy as np
import pytest
import yaml

from kb.present import concordance
from kb.present.concordance import OTHER

GOLD = Path(__file__).resolve().parent / "data" / "concordance_relation_gold.yaml"
FOLDS = 5
SEEDS = (0, 1, 2)
# Held-out pair F1 of MODEL (mean over the seeds), measured with the rule examples of this commit:
# revised 0.993, American 1894 0.891, American 1890 0.878 (in sample 1.000, 0.917, 0.907; before the
# 1890 rules of cards shown, hands thrown down, the partner's question and the claim's time:
# 0.993, 0.888, 0.789, in sample 1.000, 0.917, 0.840; MODEL refitted
# after the rules model's issue-15 fixes, which gave 0.996, 0.890, 0.793 before); before
# the `terms_a`/`terms_b` evidence (kb/present/concordance_terms.yaml) 0.996, 0.894, 0.762 (in
# sample 1.000, 0.926, 0.800; 0.757 for 1890 with the rule examples of MODEL's first fit). The
# weighted sum MODEL replaced for the 1890 laws gives 0.975, 0.892 and 0.673 on the same folds when a
# grid search chooses its weights and thresholds on the four other folds (nested: the weights
# chosen by an inner cross-validation), 0.993, 0.917 and 0.735 when a search chooses them from
# the values chosen on the whole gold (then not held out). MODEL chooses the 1890 links; the
# weighted sums keep the revised and 1894 ones (kb.present.concordance.SCORER).
MIN_CV_F1 = {"english-revised": 0.98, "american-1894": 0.87, "american-1890": 0.85}
# Leaving out a tenth of the rule examples (seeded) moves no code's pair F1 more than this.
ROBUST = 0.03
ROBUST_SEEDS = (1, 2, 3)


@pytest.fixture(scope="module")
def gold():
    data = yaml.safe_load(GOLD.read_text(encoding="utf-8"))
    return {c: {(f"english/{g['english']}", f"{c}/{g['other']}") for g in data["links"][c]} for c in OTHER}


@pytest.fixture(scope="module")
def conn(kb_dir):
    from kb.store.database import db_path
    c = sqlite3.connect(db_path(kb_dir))
    yield c
    c.close()


@pytest.fixture(scope="module")
def pairs(kb, conn):
    return concordance.pair_evidence(kb.all(), conn)


def _predicted(model, p, rows=None) -> set[tuple[str, str]]:
    chosen = model.links(p)
    return {(p.a[i].id, p.b[j].id) for i, j in zip(*np.nonzero(chosen))
            if rows is None or p.a[i].id in rows}


def _f1(tp: int, pred: int, gold: int) -> tuple[float, float, float]:
    p = tp / pred if pred else 0.0
    r = tp / gold if gold else 0.0
    return (2 * p * r / (p + r) if tp else 0.0), p, r


def test_stored_model_is_the_fit_on_the_gold(pairs, gold):
    """MODEL is ``fit`` on the whole gold (rounded): refitting gives about the same weights and the
    same links (when the rules model or its examples move the evidence, paste
    ``fit(...).source()`` over MODEL)."""
    refit = concordance.fit(pairs, gold)
    stored = concordance.MODEL
    hint = "MODEL is not the fit on the gold: replace it with concordance.fit(pairs, gold).source()"
    assert refit.names == stored.names, hint
    assert np.allclose(refit.weights, stored.weights, atol=0.02), hint
    for code in OTHER:
        a, b = _predicted(refit, pairs[code]), _predicted(stored, pairs[code])
        assert _f1(len(a & b), len(a), len(b))[0] >= 0.98, (code, hint, sorted(a ^ b))


def test_cross_validated_f1(pairs, gold):
    english = [law.id for law in pairs[OTHER[0]].a]
    held_out = {code: [] for code in OTHER}
    for seed in SEEDS:
        ids = list(english)
        random.Random(seed).shuffle(ids)
        counts = {code: [0, 0, 0] for code in OTHER}
        for k in range(FOLDS):
            rows = set(ids[k::FOLDS])
            model = concordance.fit(pairs, gold, rows=set(english) - rows)
            for code in OTHER:
                pred = _predicted(model, pairs[code], rows)
                g = {x for x in gold[code] if x[0] in rows}
                counts[code][0] += len(pred & g)
                counts[code][1] += len(pred)
                counts[code][2] += len(g)
        for code in OTHER:
            held_out[code].append(_f1(*counts[code]))
    for code in OTHER:
        pred = _predicted(concordance.MODEL, pairs[code])
        inside = _f1(len(pred & gold[code]), len(pred), len(gold[code]))
        f1, p, r = (float(np.mean([x[i] for x in held_out[code]])) for i in range(3))
        print(f"\nenglish -> {code}: held-out pair F1 {f1:.3f} (precision {p:.3f}, recall {r:.3f}; "
              f"per seed {', '.join(f'{x[0]:.3f}' for x in held_out[code])}); MODEL in sample {inside[0]:.3f}"
              + ("" if concordance.SCORER.get(code) == "model" else " (this code's links: the weighted sum)"))
        assert f1 >= MIN_CV_F1[code], f"english -> {code}: held-out pair F1 {f1:.3f} < {MIN_CV_F1[code]}"


def test_relation_is_robust_to_the_rule_examples(kb, conn, gold):
    """The evidence of the rules model is weighed by how many scenarios agree: the relation
    computed (each code by its scorer) with a seeded tenth of the rule examples left out keeps its
    pair F1."""
    from kb.rules import scenarios
    examples = scenarios.examples()
    records = kb.all()

    def f1s(examples_) -> dict[str, float]:
        evidence = concordance.pair_evidence(records, conn, examples=examples_)
        out = {}
        for code, chosen in concordance.score_pairs(evidence).items():
            p = evidence[code]
            pred = {(p.a[i].id, p.b[j].id) for i, j in zip(*np.nonzero(chosen))}
            out[code] = _f1(len(pred & gold[code]), len(pred), len(gold[code]))[0]
        return out

    full = f1s(None)
    for seed in ROBUST_SEEDS:
        rng = random.Random(seed)
        kept = [d for d in examples if rng.random() >= 0.10]
        moved = f1s(kept)
        print(f"\nseed {seed}: {len(examples) - len(kept)} of {len(examples)} rule examples left out: "
              + ", ".join(f"{code} {moved[code] - full[code]:+.3f}" for code in OTHER))
        for code in OTHER:
            assert abs(moved[code] - full[code]) <= ROBUST, (seed, code, full[code], moved[code])


def test_fit_refuses_other_features(pairs):
    p = pairs[OTHER[-1]]
    bad = concordance.Model(("text",), (0.0,), (1.0,), (1.0,), {p.code: 0.0}, {p.code: 0.0}, {p.code: 0.0})
    with pytest.raises(ValueError):
        bad.score(p)
