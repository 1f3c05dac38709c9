"""Mutation testing (kb/rules/mutation.py) of kb/rules/scenarios.py: reading the rule examples
(the OpenFisca test shape, one file per case, its variants entries of the same file), referring to
one (NAME, FILE, FILE::NAME), the text of one entry as its file writes it, and checking a ruling
against an example (expected dicts as subsets, lists of pairs in any order, every cited law in the
trace).  Small example files written in a scratch directory; no knowledge base."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from kb.rules import scenarios as S
from kb.rules.scenarios import (EXAMPLES, ScenarioResult, entry_text, example_files, examples, load, load_file,
                                run, scenario_files)

#: Drayson, case 4 (kb/rules/examples/case-004.yaml): a bet on the odd trick, the revoke penalty
CASE_4_FACTS = {"score": {"AB": 0, "YZ": 0}, "tricks": {"AB": 5},
                "revoke": {"by": "YZ", "established": True, "claimed": True, "penalty": "take-three-tricks"},
                "bet": {"on": "odd-trick", "between": ["A", "Y"]}}


def _write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


TWO = """
    # two variants of one case
    - name: one
      description: "the first"
      source: drayson/case/4
      input:
        code: american-1894
        facts: {dealer: A}
      output: {x: 1}
      cites: [english/73]
      note: "a note"

    - name: two
      input:
        facts: {dealer: B}
      output: {y: 2}
"""


# ---------------------------------------------------------------- reading an examples file

def test_an_entry_is_read_flat_with_its_defaults(tmp_path):
    f = _write(tmp_path / "two.yaml", TWO)
    one, two = load_file(f)
    assert one == {"name": "one", "description": "the first", "source": "drayson/case/4", "code": "american-1894",
                   "facts": {"dealer": "A"}, "expect": {"x": 1}, "cites": ["english/73"], "note": "a note",
                   "file": f.resolve()}
    # the code defaults to the English code; no description, source, cites or notes
    assert two == {"name": "two", "description": "", "source": None, "code": "english", "facts": {"dealer": "B"},
                   "expect": {"y": 2}, "cites": [], "file": f.resolve()}


def test_empty_facts_output_and_cites_are_empty(tmp_path):
    f = _write(tmp_path / "e.yaml", """
        - name: 7
          input: {code: null, facts: null}
          output: null
          cites: null
    """)
    (d,) = load_file(f)
    assert d["name"] == "7" and d["code"] == "english"          # a name is text
    assert d["facts"] == {} and d["expect"] == {} and d["cites"] == []


def test_a_file_of_one_scenario_may_be_a_bare_mapping(tmp_path):
    f = _write(tmp_path / "bare.yaml", """
        name: bare
        input: {facts: {dealer: A}}
        output: {}
    """)
    assert [d["name"] for d in load_file(f)] == ["bare"]


def test_load_file_gives_fresh_copies(tmp_path):
    f = _write(tmp_path / "two.yaml", TWO)
    first = load_file(f)
    first[0]["facts"]["dealer"] = "Z"
    first[0]["cites"].append("english/99")
    again = load_file(f)
    assert again[0]["facts"] == {"dealer": "A"} and again[0]["cites"] == ["english/73"]


def test_a_changed_file_is_read_again(tmp_path):
    import os
    f = _write(tmp_path / "two.yaml", TWO)
    assert load_file(f)[0]["facts"] == {"dealer": "A"}
    _write(f, TWO.replace("{dealer: A}", "{dealer: Y}"))
    st = f.stat()
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))        # a later modification time
    assert load_file(f)[0]["facts"] == {"dealer": "Y"}


@pytest.mark.parametrize("text, message", [
    ("[]", "an examples file is a list of scenarios"),
    ("", "an examples file is a list of scenarios"),
    ("just text", "an examples file is a list of scenarios"),
    ("- [1, 2]", "entry 1: a scenario is a mapping"),
    ("- {name: a, input: {facts: {}}, output: {}, colour: red}", "entry 1: unknown keys ['colour']"),
    ("- {input: {facts: {}}, output: {}}", "entry 1: missing 'name'"),
    ("- {name: a, output: {}}", "entry 1: missing 'input'"),
    ("- {name: a, input: {facts: {}}}", "entry 1: missing 'output'"),
    ("- {name: a, input: {code: english}, output: {}}", "entry 1 (a): input is {code, facts}"),
    ("- {name: a, input: {facts: {}, extra: 1}, output: {}}", "entry 1 (a): input is {code, facts}"),
    ("- {name: a, input: [1], output: {}}", "entry 1 (a): input is {code, facts}"),
    ("- {name: a, input: {facts: {}}, output: {}}\n- {name: b, input: {facts: {}}, output: {}}\n"
     "- {name: a, input: {facts: {}}, output: {}}", "scenario names repeat: ['a', 'a']"),
    ("- {name: a, input: {facts: {}}, output: {}}\n- [2]", "entry 2: a scenario is a mapping"),
])
def test_a_malformed_file_is_refused_with_where_and_why(tmp_path, text, message):
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as e:
        load_file(f)
    assert str(e.value).startswith(str(f.resolve())) and str(e.value).endswith(message), str(e.value)


# ---------------------------------------------------------------- a directory of examples

def test_examples_file_by_file_and_names_unique_over_files(tmp_path):
    _write(tmp_path / "b.yaml", TWO)
    _write(tmp_path / "a.yaml", "- {name: first, input: {facts: {}}, output: {}}\n")
    (tmp_path / "notes.txt").write_text("not an examples file", encoding="utf-8")
    assert example_files(tmp_path) == [tmp_path / "a.yaml", tmp_path / "b.yaml"]
    assert [d["name"] for d in examples(tmp_path)] == ["first", "one", "two"]
    assert scenario_files(tmp_path) == [Path(f"{tmp_path / 'a.yaml'}::first"), Path(f"{tmp_path / 'b.yaml'}::one"),
                                        Path(f"{tmp_path / 'b.yaml'}::two")]
    _write(tmp_path / "c.yaml", "- {name: one, input: {facts: {}}, output: {}}\n")
    with pytest.raises(ValueError, match=r"c\.yaml: scenario 'one' is also in .*b\.yaml"):
        examples(tmp_path)


def test_no_directory_no_examples(tmp_path):
    assert example_files(tmp_path / "absent") == [] and examples(tmp_path / "absent") == []
    assert example_files(str(tmp_path)) == []


def test_the_default_examples_are_the_package_data():
    assert S.default_root() == EXAMPLES
    assert example_files() == sorted(EXAMPLES.glob("*.yaml")) and len(example_files()) > 100
    assert example_files()[0].parent == EXAMPLES


# ---------------------------------------------------------------- one scenario by reference

def test_load_by_name_file_or_file_and_name(tmp_path):
    assert load("case-004")["name"] == "case-004"
    assert load("case-004")["file"] == (EXAMPLES / "case-004.yaml").resolve()
    f = _write(tmp_path / "two.yaml", TWO)
    assert load(f"{f}::two")["facts"] == {"dealer": "B"}
    assert load(Path(f"{f}::one"))["name"] == "one"
    one = _write(tmp_path / "one.yaml", "- {name: only, input: {facts: {}}, output: {}}\n")
    assert load(one)["name"] == "only" and load(str(one))["name"] == "only"


def test_load_refuses_an_unknown_or_ambiguous_reference(tmp_path):
    with pytest.raises(ValueError, match=r"^no scenario named 'case-999' in .*examples$"):
        load("case-999")
    f = _write(tmp_path / "two.yaml", TWO)
    with pytest.raises(ValueError, match=r"two\.yaml: no scenario named 'three' \(it has one, two\)$"):
        load(f"{f}::three")
    with pytest.raises(ValueError) as e:
        load(f)
    assert str(e.value) == f"{f.resolve()} holds 2 scenarios: name one, {f.resolve()}::one or {f.resolve()}::two"
    # a path (a "/" in it, or a .yaml file), not a name: not looked up among the examples
    for ref in (str(tmp_path / "case-004.yaml"), str(tmp_path / "case-004"), "case-004.yaml"):
        with pytest.raises(FileNotFoundError):
            load(ref)


def test_a_name_with_a_separator_is_the_last_one(tmp_path):
    d = tmp_path / "a::b"
    d.mkdir()
    f = _write(d / "two.yaml", TWO)
    assert load(f"{f}::two")["name"] == "two"


# ---------------------------------------------------------------- the text of one entry

def test_entry_text_is_the_entry_as_written(tmp_path):
    f = _write(tmp_path / "two.yaml", TWO)
    one, two = load_file(f)
    text = entry_text(one)
    assert text.startswith("- name: one\n") and text.endswith('  note: "a note"\n')
    assert "two" not in text and "# two variants" not in text
    assert yaml.safe_load(text)[0]["output"] == {"x": 1}
    assert entry_text(two) == "- name: two\n  input:\n    facts: {dealer: B}\n  output: {y: 2}\n"


def test_entry_text_keeps_the_layout_to_the_last_character(tmp_path):
    f = tmp_path / "indented.yaml"
    f.write_text("  - name: a\n    input: {facts: {}}\n    output: {}\n    note: see Drayson's case X\n"
                 "  - name: b\n    input: {facts: {}}\n    output: {}\n", encoding="utf-8")
    a, _ = load_file(f)
    assert entry_text(a) == "  - name: a\n    input: {facts: {}}\n    output: {}\n    note: see Drayson's case X\n"


def test_entry_text_of_a_bare_mapping_and_of_a_missing_name(tmp_path):
    f = _write(tmp_path / "bare.yaml", """
        name: bare
        input: {facts: {dealer: A}}
        output: {}
    """)
    (d,) = load_file(f)
    assert entry_text(d) == f.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match=r"bare\.yaml: no scenario named 'gone'$"):
        entry_text({**d, "name": "gone"})


def test_entry_text_of_a_real_example():
    ex = load("case-004")
    text = entry_text(ex)
    assert text.startswith("- name: case-004") and yaml.safe_load(text)[0]["name"] == "case-004"


# ---------------------------------------------------------------- checking a ruling

def _case4(**over) -> dict:
    d = {"name": "case-4-here", "source": "drayson/case/4", "code": "english", "facts": CASE_4_FACTS,
         "expect": {"bet_won_by": "A"}, "cites": ["english/72"]}
    d.update(over)
    return d


def test_a_reproduced_example_passes_with_its_ruling_source_and_name():
    res = run(_case4())
    assert isinstance(res, ScenarioResult)
    assert res.passed is True and res.mismatches == []
    assert res.ruling.code == "english" and res.ruling.conclusions["bet_won_by"] == "A"
    assert res.source == "drayson/case/4" and res.name == "case-4-here"


def test_a_wrong_or_missing_conclusion_is_a_mismatch():
    res = run(_case4(expect={"bet_won_by": "Y", "no_such_key": 1}))
    assert res.passed is False
    assert res.mismatches == ["bet_won_by: expected 'Y', got 'A'", "no_such_key: expected 1, not concluded"]


def test_expected_dicts_match_as_subsets():
    got = run(_case4(expect={})).ruling.conclusions["tricks_after_penalty"]
    assert got == {"AB": 8, "YZ": 5}
    assert run(_case4(expect={"tricks_after_penalty": {"AB": 8}})).passed
    res = run(_case4(expect={"tricks_after_penalty": {"AB": 7, "XY": 1}}))
    assert res.mismatches == ["tricks_after_penalty.AB: expected 7, got 8",
                              "tricks_after_penalty.XY: expected 1, not concluded"]


def test_a_cited_law_must_be_in_the_trace_itself_or_by_a_section():
    assert "english/72" not in run(_case4()).ruling.laws
    assert run(_case4(cites=["english/72", "english/72/I", "english/80"])).passed     # 72 by its section 72/I
    res = run(_case4(cites=["english/7", "english/72/V", "english/31"]))
    assert res.mismatches == ["cites: english/7 does not appear in the trace",        # english/73 is no section of 7
                              "cites: english/72/V does not appear in the trace",
                              "cites: english/31 does not appear in the trace"]


def test_match_lists_of_pairs_in_any_order_other_lists_in_order():
    def m(want, got):
        out: list[str] = []
        S._match(want, got, "k", out)
        return out
    assert m([["A", "B"], ["Y", "Z"]], [["Z", "Y"], ["B", "A"]]) == []            # partners
    assert m([["A", "Y"], ["B", "Z"]], [["A", "B"], ["Y", "Z"]]) == \
        ["k: expected [['A', 'Y'], ['B', 'Z']], got [['A', 'B'], ['Y', 'Z']]"]
    assert m(["A", "B"], ["B", "A"]) == ["k: expected ['A', 'B'], got ['B', 'A']"]
    assert m(["A", "B"], ["A", "B"]) == []
    assert m({"a": {"b": 1}}, {"a": {"b": 2, "c": 3}}) == ["k.a.b: expected 1, got 2"]
    assert m({"a": 1}, 5) == ["k: expected {'a': 1}, got 5"]
    assert m(1, 1) == [] and m(1, True) == []                                  # plain equality


def test_run_takes_an_example_as_written_loaded_or_by_reference(tmp_path):
    raw = {"name": "w", "input": {"facts": CASE_4_FACTS}, "output": {"bet_won_by": "A"}, "cites": ["english/72"]}
    res = run(raw)
    assert res.passed and res.name == "w" and res.ruling.code == "english"
    assert run({"facts": CASE_4_FACTS, "expect": {"bet_won_by": "A"}}).passed          # no code: English
    assert run({"name": "n", "input": {"facts": {}}, "output": None}).passed           # nothing expected
    with pytest.raises(ValueError, match=r"^<dict>: entry 1: missing 'output'$"):           # as written: checked
        run({"name": "n", "input": {"facts": {}}})
    assert run({"facts": {}}).passed                                                       # as loaded: no expect
    with pytest.raises(ValueError, match=r"^<dict>: entry 1: missing 'input'$"):            # output: as written
        run({"name": "n", "output": {}})
    assert run("case-004").passed and run("case-004").name == "case-004"
    f = _write(tmp_path / "two.yaml", TWO)
    assert run(f"{f}::two").mismatches == ["y: expected 2, not concluded"]


def test_run_rules_under_the_example_code():
    # American 1894 30: the revoke penalty is two tricks (the English code: three)
    facts = {"score": {"AB": 0, "YZ": 0}, "tricks": {"AB": 5},
             "revoke": {"by": "YZ", "established": True, "claimed": True}}
    am = run({"code": "american-1894", "facts": facts, "expect": {}}).ruling
    en = run({"code": "english", "facts": facts, "expect": {}}).ruling
    assert am.code == "american-1894" and en.code == "english"
    assert any(l.startswith("american-1894/") for l in am.laws)
    assert not any(l.startswith("american-1894/") for l in en.laws)


def test_an_invalid_fact_is_refused():
    from kb.rules import InvalidSituation
    with pytest.raises(InvalidSituation, match="^dealer"):
        run({"facts": {"dealer": "Q"}, "expect": {}})
    with pytest.raises(InvalidSituation):       # the situation is read under the example's code
        run({"code": "english", "facts": {"score": {"AB": 6}}, "expect": {}})
    assert run({"code": "american-1894", "facts": {"score": {"AB": 6}}, "expect": {}}).ruling is not None
