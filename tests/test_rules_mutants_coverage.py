"""Mutation testing (kb/rules/mutation.py) of kb/rules/coverage.py: the coverage report's criterion
(a law is *deciding* when the ruling of some rule example depends on its rules: knocked out, the
public conclusions change; the first such example is its evidence), the reasons of coverage.yaml
(law numbers or ranges "a-b"), the laws of another code decided by the same function, and the
counts of cases and tests encoded and reproduced.  The examples are the package's (or a few
written in a scratch directory); no knowledge base."""
from __future__ import annotations

import re
import textwrap

import pytest

from kb import codes
from kb.rules import coverage as C
from kb.rules.core import REGISTRY
from kb.rules.scenarios import load


# ---------------------------------------------------------------- small helpers

@pytest.mark.parametrize("key, numbers", [
    ("1-3", ["1", "2", "3"]), ("13-15", ["13", "14", "15"]), ("7", ["7"]), (7, ["7"]), ("12a", ["12a"]),
    ("dummy", ["dummy"]), ("a-b", ["a-b"]), ("5-5", ["5"]),
])
def test_a_reason_is_keyed_by_a_law_number_or_a_range(key, numbers):
    assert C._expand(key) == numbers


def test_law_numbers_sort_as_numbers():
    assert C._numkey("12a") == (12, "12a") and C._numkey("9") == (9, "9") and C._numkey("dummy") == (0, "dummy")
    assert sorted(["10", "9", "12a", "12", "2", "100"], key=C._numkey) == ["2", "9", "10", "12", "12a", "100"]


def test_law_numbers_of_a_code():
    assert C.law_numbers("english") == [str(n) for n in range(1, 92)]
    rev = C.law_numbers("english-revised")
    assert rev.index("12a") == rev.index("12") + 1 and len(rev) == 95


def test_only_declared_public_conclusions_count():
    pub = C._public({"bet_won_by": "A", "_revokes": ["YZ"], "not_declared": 1, "odd_trick": None})
    assert pub == {"bet_won_by": "'A'", "odd_trick": "None"}          # values compared as written (repr)
    assert C._public({"bet_won_by": True}) != C._public({"bet_won_by": 1})


def test_load_yaml_reads_the_file_given_or_the_package_one(tmp_path):
    f = tmp_path / "c.yaml"
    f.write_text("not_modelled:\n  english:\n    14: why\n", encoding="utf-8")
    assert C.load_yaml(f) == {"not_modelled": {"english": {14: "why"}}}
    f.write_text("", encoding="utf-8")
    assert C.load_yaml(f) == {}
    assert C.load_yaml()["not_modelled"]["english"][14].startswith("every one cuts from the same pack")


# ---------------------------------------------------------------- the criterion

def _by_law(code):
    return lambda r: C._law_of(r) if r.provenance.source == code else None


def test_a_law_is_deciding_when_knocking_it_out_changes_the_ruling(monkeypatch):
    """Drayson, case 4 (English 72, 80 ...): every law whose rules conclude something public on it
    decides it; a law no rule of which is reached is not deciding."""
    monkeypatch.setattr(C, "examples", lambda: [load("case-004")])
    out = C._knockouts("english", _by_law("english"))
    assert out["80"] == ("case-004", "english/80")                    # the bet on the odd trick
    assert out["72"] == ("case-004", "english/72/I")                  # the rule's own id, a section
    assert out["73"] == ("case-004", "english/73")
    assert {"2", "5", "72", "73", "75", "78", "79", "80", "82", "84"} == set(out)
    assert "31" not in out and "14" not in out


def test_a_law_reached_but_restating_others_is_not_deciding(monkeypatch):
    """Drayson, case 31: English 78 reaches a finding, but the ruling is the same without it; on
    case 4 the ruling depends on it: the first example that shows it is the evidence."""
    monkeypatch.setattr(C, "examples", lambda: [load("case-031")])
    assert "78" not in C._knockouts("english", _by_law("english"))
    monkeypatch.setattr(C, "examples", lambda: [load("case-031"), load("case-004"), load("case-093")])
    out = C._knockouts("english", _by_law("english"))
    assert out["78"] == ("case-004", "english/78") and out["73"] == ("case-031", "english/73")
    monkeypatch.setattr(C, "examples", lambda: [load("case-093"), load("case-004")])
    out = C._knockouts("english", _by_law("english"))
    assert out["73"] == ("case-093", "english/73") and out["80"] == ("case-004", "english/80")


def test_only_examples_of_the_code_count(monkeypatch):
    american = [d for d in C.examples() if d["code"] == "american-1894"][:5]
    monkeypatch.setattr(C, "examples", lambda: american + [load("case-004")])
    assert {ex for ex, _ in C._knockouts("english", _by_law("english")).values()} == {"case-004"}
    monkeypatch.setattr(C, "examples", lambda: american)
    assert C._knockouts("english", _by_law("english")) == {}
    am = C._knockouts("american-1894", _by_law("american-1894"))
    assert am and all(rid.startswith("american-1894/") for _, rid in am.values())


def test_an_example_is_read_under_its_own_code(monkeypatch):
    """American 1890, 16: a score of five is possible under the American code (a game of seven),
    not under the English one (five): the example is read as the American code reads it."""
    monkeypatch.setattr(C, "examples", lambda: [load("1890-16-game")])
    assert load("1890-16-game")["facts"]["score"]["AB"] == 5
    assert C._knockouts("american-1890", _by_law("american-1890"))["16"] == ("1890-16-game", "american-1890/16")


def test_the_examples_are_not_changed_by_knocking_out(monkeypatch):
    ex = load("case-004")
    facts = repr(ex["facts"])
    monkeypatch.setattr(C, "examples", lambda: [ex])
    C._knockouts("english", _by_law("english"))
    assert repr(ex["facts"]) == facts


def test_deciding_functions_by_function(monkeypatch):
    monkeypatch.setattr(C, "examples", lambda: [load("case-004")])
    out = C.deciding_functions.__wrapped__("english")
    fn80 = next(r.fn for r in REGISTRY if r.id == "english/80")
    assert out[fn80] == ("case-004", "english/80")
    assert C.deciding_laws.__wrapped__("english")["80"] == "case-004"


def test_deciding_laws_are_the_laws_of_the_code(monkeypatch):
    """Drayson, case 18: the ruling depends on English 56 and on Dummy, and on two decisions of
    Drayson's applied under the English code (case 55, the custom on a wrong penalty): those are no
    English laws, but their functions decide."""
    monkeypatch.setattr(C, "examples", lambda: [load("case-004"), load("case-018")])
    laws = C.deciding_laws.__wrapped__("english")
    assert laws["56"] == "case-018" and laws["dummy"] == "case-018" and laws["73"] == "case-004"
    assert not [n for n in laws if "/" in n or n.startswith(("case", "custom", "test"))]
    fns = {f.__name__: v for f, v in C.deciding_functions.__wrapped__("english").items()}
    assert fns["wrong_penalty_loses_all"] == ("case-018", "drayson/custom/wrong-penalty")
    assert fns["owner_may_play_exposed_card"] == ("case-018", "drayson/case/55")
    assert fns["bets_after_penalty"] == ("case-004", "english/80")


def test_deciding_laws_of_the_package_examples():
    laws = C.deciding_laws("english")
    assert {"73", "80", "72"} <= set(laws) and "31" not in laws and "14" not in laws
    assert laws["73"] in {d["name"] for d in C.examples() if d["code"] == "english"}


# ---------------------------------------------------------------- law_status

def test_law_status_puts_each_law_in_one_list_with_its_reason():
    data = {"trace_only": {"english": {"31": "a direction"}},
            "not_modelled": {"english": {"13-15": "a range of laws"}}}
    st = C.law_status("english", data)
    assert set(st) == {"deciding", "trace_only", "not_modelled", "evidence"}
    assert st["trace_only"] == [
        {"law": "31", "reason": "a direction"},
        {"law": "40", "reason": "no rule example shows the ruling depending on it (no reason recorded)"}]
    assert st["not_modelled"] == [{"law": "14", "reason": "a range of laws"}]        # 13, 15 are modelled
    assert st["deciding"] == sorted(st["deciding"], key=C._numkey) and st["deciding"][:3] == ["1", "2", "3"]
    assert set(st["evidence"]) == set(st["deciding"])
    # every English law that decides does so on an English example (none by another code's rule)
    assert st["evidence"] == {n: C.deciding_laws("english")[n] for n in st["deciding"]}
    assert len(st["deciding"]) + 2 + 1 == 91


def test_laws_no_example_decides_are_listed_in_law_order(monkeypatch):
    """Were no law of the English code deciding, every modelled law would be trace-only, in the
    order of the laws (9 before 10)."""
    monkeypatch.setattr(C, "deciding_laws", lambda code: {})
    monkeypatch.setattr(C, "deciding_functions", lambda code: {})
    st = C.law_status("english", {})
    assert st["deciding"] == [] and st["evidence"] == {}
    laws = [x["law"] for x in st["trace_only"]]
    assert laws == [n for n in C.law_numbers("english") if n != "14"]
    assert laws.index("9") < laws.index("10") < laws.index("31")


def test_law_status_without_reasons_says_none_is_recorded():
    st = C.law_status("english", {})
    assert st["not_modelled"] == [{"law": "14", "reason": "not yet modelled (no reason recorded)"}]
    assert all(x["reason"].endswith("(no reason recorded)") for x in st["trace_only"])
    assert C.law_status("english")["not_modelled"][0]["reason"] == C.load_yaml()["not_modelled"]["english"][14]


NO_REASON_END = "(no reason recorded)"


def test_reasons_of_another_code_do_not_apply():
    st = C.law_status("english", {"trace_only": {"english-revised": {"31": "x"}},
                                  "not_modelled": {"american-1894": {"14": "y"}}})
    assert st["trace_only"][0]["reason"].endswith(NO_REASON_END)
    assert st["not_modelled"][0]["reason"].endswith(NO_REASON_END)


def test_a_law_repeated_word_for_word_decides_by_the_same_rule():
    """Revised 2 repeats English 90 (revised_equivalents.yaml): no revised example needs it, but the
    English function decides an English example."""
    st = C.law_status("english-revised", {})
    ev = st["evidence"]
    same = {n: e for n, e in ev.items() if e.endswith("(the same rule)")}
    assert same and "2" in same
    for n, e in same.items():
        m = re.fullmatch(r"(\S+) on (\S+) \(the same rule\)", e)
        assert m, e
        rid, example = m.groups()         # the rule reached (English, or Drayson's under it) on an example
        fns = {r.fn for r in REGISTRY if r.provenance.source == "english-revised" and C._law_of(r) == n}
        assert any(C.deciding_functions(other).get(f) == (example, rid)
                   for other in codes.ORDER if other != "english-revised" for f in fns), (n, e)
        assert load(example)["code"] != "english-revised"
        assert n not in C.deciding_laws("english-revised")
    # a law deciding on an example of its own code names that example
    own = {n: e for n, e in ev.items() if n in C.deciding_laws("english-revised")}
    assert own and all(e == C.deciding_laws("english-revised")[n] for n, e in own.items())
    assert st["not_modelled"] == [{"law": n, "reason": "not yet modelled (no reason recorded)"} for n in ("1", "5", "17")]


# ---------------------------------------------------------------- the report

def _write(path, text):
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


CASE_4 = """
    - name: {name}
      source: {source}
      input:
        code: english
        facts:
          score: {{AB: 0, YZ: 0}}
          tricks: {{AB: 5}}
          revoke: {{by: YZ, established: true, claimed: true, penalty: take-three-tricks}}
          bet: {{on: odd-trick, between: [A, Y]}}
      output: {{bet_won_by: {winner}}}
"""


def test_cases_and_tests_encoded_and_reproduced(tmp_path):
    _write(tmp_path / "a.yaml", CASE_4.format(name="c4", source="drayson/case/4", winner="A")
           + CASE_4.format(name="c4-wrong", source="drayson/case/4", winner="Y"))       # case 4 not reproduced
    _write(tmp_path / "b.yaml", CASE_4.format(name="c5", source="drayson/case/5", winner="A")
           + CASE_4.format(name="c5-again", source="drayson/case/5", winner="A")
           + CASE_4.format(name="t1", source="drayson/test/1", winner="A")
           + CASE_4.format(name="t2", source="drayson/test/2", winner="Y")
           + CASE_4.format(name="law", source="english/80", winner="A")
           + CASE_4.format(name="deep", source="drayson/case/9/x", winner="A")
           + CASE_4.format(name="other", source="drayson/opinion/9", winner="A")
           + CASE_4.format(name="cavendish", source="cavendish/case/2", winner="A"))      # not Drayson's
    rep = C.coverage_report(tmp_path)
    assert rep["cases"] == {"encoded": 2, "reproduced": 1, "total": 154}
    assert rep["tests"] == {"encoded": 2, "reproduced": 1}


def test_the_report_counts_the_laws_of_each_code():
    rep = C.coverage_report()
    assert set(rep) == {"codes", "laws", "cases", "tests", "not_modelled", "cases_left_out"}
    assert list(rep["laws"]) == list(codes.ORDER) == list(rep["codes"])
    for code, d in rep["laws"].items():
        st = rep["codes"][code]
        assert d == {"total": len(C.law_numbers(code)), "modelled": len(st["deciding"]) + len(st["trace_only"]),
                     "deciding": len(st["deciding"]), "trace_only": len(st["trace_only"]),
                     "not_modelled": len(st["not_modelled"])}
    assert rep["laws"]["english"] == {"total": 91, "modelled": 90, "deciding": 88, "trace_only": 2,
                                      "not_modelled": 1}
    assert rep["not_modelled"]["english"] == {"14": C.load_yaml()["not_modelled"]["english"][14]}
    assert rep["not_modelled"]["american-1894"] == {}
    left = rep["cases_left_out"]
    assert all(isinstance(k, str) for k in left) and left["52"].startswith("how to find the surplus card")
    assert rep["cases"]["total"] == C.CASES_TOTAL == 154
    assert rep["cases"]["encoded"] >= rep["cases"]["reproduced"] >= 140
    assert rep["tests"]["encoded"] >= rep["tests"]["reproduced"] >= 20
