"""Mutation testing (kb/rules/mutation.py) of kb/rules/core.py: the ``@law`` registration (the id a
rule is traced under, the codes it applies to, its area), the rules of a law repeated word for word
in another code (``register_equivalents``), the conclusion keys a rule can set (read from its
source), findings, unknowns and rulings.  ``law`` and ``register_equivalents`` run when the model is
imported; here they are called again on a scratch registry."""
from __future__ import annotations

import pytest

from kb.rules import core, evaluate
from kb.rules.core import Finding, Provenance, Rule, Ruling, Unknown, finding


@pytest.fixture
def registry(monkeypatch):
    reg: list[Rule] = []
    monkeypatch.setattr(core, "REGISTRY", reg)
    return reg


def _sample(s, c):
    f = finding("a step", dealer="A", _ace_low=True)
    f.conclusions["partners"] = [["A", "B"], ["Y", "Z"]]
    return [f, {"misdeal": True}]


def _other(s, c):
    return None


# ---------------------------------------------------------------- @law

def test_law_registers_the_rule_with_its_id_codes_and_area(registry):
    fn = core.law("english", 72, "I")(_sample)
    assert fn is _sample
    (r,) = registry
    assert r.id == "english/72/I" and r.codes == ("english",) and r.name == "_sample"
    assert r.area == "test_rules_mutants_core"          # the module's last name: the area of the laws
    core.law("english", "33")(_other)
    assert registry[1].id == "english/33" and registry[1].provenance == Provenance("english", "33", None)


def test_law_of_drayson_names_the_codes_it_applies_to(registry):
    core.law("drayson", "case/31", applies_to=("english", "english-revised"))(_other)
    (r,) = registry
    assert r.id == "drayson/case/31" and r.codes == ("english", "english-revised")
    with pytest.raises(ValueError, match=r"rule drayson/case/1: unknown code 'drayson' \(give applies_to=\)"):
        core.law("drayson", "case/1")
    with pytest.raises(ValueError, match="unknown code 'french'"):
        core.law("drayson", "case/1", applies_to=("english", "french"))


def test_rules_for_and_modelled_laws(registry):
    core.law("english", "10")(_sample)
    core.law("english-revised", "55")(_other)
    core.law("drayson", "case/2", applies_to=("english",))(_other)
    assert [r.id for r in core.rules_for("english")] == ["english/10", "drayson/case/2"]
    assert core.modelled_laws("english") == {"10"} and core.modelled_laws("english-revised") == {"55"}
    with pytest.raises(ValueError, match=r"unknown code 'french'; known: english, "):
        core.rules_for("french")


def test_register_equivalents(registry):
    # a law of the revised code that repeats an English law word for word: the English rule is also the revised
    # code's rule, under the revised number (and section)
    core.law("english", "10")(_sample)
    core.law("english", "11", "II")(_other)
    core.law("american-1894", "10")(_other)
    assert core.register_equivalents("english", "english-revised", {"11": "56", "99": "1"}) == 1
    r = registry[-1]
    assert r.id == "english-revised/56/II" and r.codes == ("english-revised",) and r.fn is _other
    assert r.area == registry[1].area
    assert core.register_equivalents("english", "english-revised", {}) == 0


# ---------------------------------------------------------------- concludes

def test_concludes_reads_the_keys_from_the_rules_source(monkeypatch):
    monkeypatch.setattr(core, "_CONCLUDES", {})
    rule = Rule(_sample, Provenance("english", "99"), ("english",), "test")
    # finding(...) keywords, conclusions["..."] assignments, dict literal keys; internal keys (_...) left out
    assert core.concludes(rule) == {"dealer", "partners", "misdeal"}
    assert core.concludes(rule) is core.concludes(rule)                  # read once
    assert core.concludes(Rule(_other, Provenance("english", "98"), ("english",), "test")) == frozenset()
    assert core.concludes(Rule(len, Provenance("english", "97"), ("english",), "test")) == frozenset()


def test_laws_concluding_a_key_of_the_model():
    # English 8 and American 1 give the value of a game
    assert "english/8" in core.laws_concluding("game_value", "english")
    assert core.laws_concluding("game_value", "english-revised")[0].startswith("english-revised/")


# ---------------------------------------------------------------- findings, unknowns, rulings

def test_finding_and_unknown():
    f = finding(dealer="A")
    assert isinstance(f, Finding) and f.step == "" and f.conclusions == {"dealer": "A"} and f.steps == []
    with pytest.raises(KeyError, match="undeclared conclusion"):     # declared in conclusions.yaml, or refused
        finding("x", no_such_conclusion=1)
    u = Unknown("score", "What was the score?", {"AB 0, YZ 0": "scores from 0", True: "yes", False: "no"})
    assert u.as_dict() == {"fact": "score", "question": "What was the score?",
                           "effects": {"AB 0, YZ 0": "scores from 0", "true": "yes", "false": "no"}}
    assert Unknown("score", "q", {}, affects=("score_after",)).as_dict()["affects"] == ["score_after"]


def test_a_ruling_its_laws_and_the_step_of_a_conclusion():
    r = evaluate({"score": {"AB": 4, "YZ": 0}, "tricks": {"AB": 8}})
    assert set(r.as_dict()) == {"code", "conclusions", "trace", "missing", "sources"}
    assert r.as_dict()["code"] == "english" and r.as_dict()["sources"] == r.sources
    assert r.as_dict()["trace"] == r.trace and r.as_dict()["missing"] == r.missing
    assert r.laws == ["english/5", "english/2", "english/8"]          # each once, in order
    # English 8: the value of the game, and the step of the rule that concluded it (the last of its law)
    assert r.step_for("game_value") == {"law": "english/8", "step": "AB win a treble"}
    assert r.step_for("partners") is None
    assert Ruling("english", {"dealer": "A"}, [], [], {"dealer": "english/16"}).step_for("dealer") == \
        {"law": "english/16", "step": ""}
