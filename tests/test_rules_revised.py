"""The revised English code reuses the English rules only where it repeats the law word for word."""
import re

from rapidfuzz import fuzz

from kb.rules import evaluate
from kb.rules.core import REGISTRY
from kb.rules.engine import REVISED_EQUIVALENTS


def _norm(text):
    return " ".join(re.findall(r"[a-z0-9]+", text.lower().replace("honours", "honors")))


def test_every_equivalence_is_word_for_word_in_the_kb(records):
    assert len(REVISED_EQUIVALENTS) >= 20
    for eng, rev in REVISED_EQUIVALENTS.items():
        a, b = records[f"english/{eng}"].text, records[f"english-revised/{rev}"].text
        assert fuzz.ratio(_norm(a), _norm(b)) >= 95, (eng, rev)


def test_equivalences_agree_with_the_concordance(kb):
    aligned = {(row["english"][0], row["english-revised"][0]) for row in kb.concordance()
               if len(row.get("english") or []) == 1 and len(row.get("english-revised") or []) == 1}
    assert set(REVISED_EQUIVALENTS.items()) <= aligned


def test_a_revised_law_with_its_own_rule_is_not_aliased():
    english_fns = {r.fn for r in REGISTRY if r.provenance.source == "english"}
    own = {r.provenance.number for r in REGISTRY
           if r.provenance.source == "english-revised" and r.fn not in english_fns}
    assert own and not (own & set(REVISED_EQUIVALENTS.values()))


def test_the_revised_trace_cites_the_revised_number():
    # English 23 (a substitute, with consent) is revised 14, word for word
    facts = {"entry": {"substitute_wanted": True, "substitute_consented": True}}
    eng = evaluate(facts, "english")
    rev = evaluate(facts, "english-revised")
    assert any(t["law"] == "english/23" for t in eng.trace)
    assert any(t["law"] == "english-revised/14" for t in rev.trace)


def test_points_of_revoke_penalties_in_hands_abandoned():
    """English 59 (revised 62) with two revokes by Y, a penalty for each (72 II): the hands
    abandoned, A-B add three for one and deduct three from Y-Z for the other; no trick is scored.
    (A test, not a scenario of kb/rules/examples: the concordance's robustness test draws its
    seeded subsets from those.)"""
    facts = {"hands_thrown_down": ["A", "B", "Y", "Z"],
             "revokes": [{"by": "Y", "established": True, "claimed": True, "penalty": "add-three"},
                         {"by": "Y", "established": True, "claimed": True, "penalty": "deduct-three"}]}
    for code, law in (("english", "english/59/points"), ("english-revised", "english-revised/62/points")):
        r = evaluate(facts, code)
        assert r.conclusions["abandoned_penalty_points"] == {"added": {"AB": 3}, "deducted": {"YZ": 3}}
        assert r.sources["abandoned_penalty_points"] == law
    facts["revokes"][0]["penalty"] = "take-three-tricks"       # not a penalty of hands abandoned
    assert "abandoned_penalty_points" not in evaluate(facts, "english").conclusions
