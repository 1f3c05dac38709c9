"""Every rule example (kb/rules/examples/*.yaml, package data) is reproduced by the model; the
files keep the OpenFisca test shape, one file per case with its variants."""
import re
from pathlib import Path

import pytest
import yaml

from kb.rules.scenarios import EXAMPLES, KEYS, example_files, examples, load, run, scenario_files

ALL = examples()
#: the examples as the test suite counted them when they moved out of tests/scenarios (214
#: files, one scenario each; all reproduced): none may be lost, more are welcome
COUNT = 214


def _id(example: dict) -> str:
    """case-004: A bets with Y on the odd trick; Y and Z win two ... (the description in short)."""
    text = re.sub(r"^Drayson, (case|test) \d+\b[^:]*:\s*", "", example["description"])
    text = re.sub(r"[^\w ,;:'()-]", "", text)
    if len(text) > 60:
        text = text[:60].rsplit(" ", 1)[0] + " ..."
    return f"{example['name']}: {text}"


def test_there_are_scenarios():
    assert len(ALL) >= COUNT
    assert len(scenario_files()) == len(ALL)


@pytest.mark.parametrize("example", ALL, ids=[_id(d) for d in ALL])
def test_scenario(example):
    assert example.get("source"), "every scenario names its source"
    assert example.get("cites"), "every scenario cites the laws it rests on"
    assert example.get("description") and "\n" not in example["description"], "a one-line description"
    res = run(example)
    assert res.passed, "\n".join(res.mismatches)


def test_files_are_lists_in_the_openfisca_shape():
    for f in example_files():
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        assert isinstance(data, list) and data, f
        for entry in data:
            assert set(entry) <= KEYS, (f.name, set(entry) - KEYS)
            assert {"name", "description", "source", "input", "output", "cites"} <= set(entry), f.name
            assert set(entry["input"]) == {"code", "facts"}, f.name


def test_variants_of_a_case_share_its_file():
    files: dict[str, set[str]] = {}
    for d in ALL:
        m = re.fullmatch(r"drayson/(case|test)/(\d+)", d["source"] or "")
        if m:
            stem = f"case-{int(m.group(2)):03d}" if m.group(1) == "case" else f"test-{int(m.group(2)):02d}"
            assert d["file"].stem == stem, (d["name"], d["file"].name)
        files.setdefault(d["source"], set()).add(d["file"].name)
    assert all(len(v) == 1 for v in files.values()), {k: v for k, v in files.items() if len(v) > 1}


def test_names_are_unique_and_refer_to_one_scenario():
    names = [d["name"] for d in ALL]
    assert len(set(names)) == len(names)
    assert load("case-014-imperfect")["facts"] == {"dealer": "Y", "deal": {"pack_imperfect": True}}
    assert load(EXAMPLES / "case-004.yaml")["name"] == "case-004"        # a file of one scenario
    assert load(f"{EXAMPLES / 'case-014.yaml'}::case-014")["expect"]["deal_stands"] is True
    with pytest.raises(ValueError, match="holds 2 scenarios"):
        load(EXAMPLES / "case-014.yaml")
    with pytest.raises(ValueError, match="no scenario named"):
        load("case-999")


def test_a_loaded_scenario_runs_in_either_shape():
    raw = yaml.safe_load((EXAMPLES / "case-004.yaml").read_text(encoding="utf-8"))[0]
    assert run(raw).passed and run(load("case-004")).passed
    assert run({"code": "english", "facts": raw["input"]["facts"], "expect": raw["output"]}).passed


def test_examples_are_package_data():
    """The wheel carries the examples (the concordance build and the coverage report read them)."""
    toml = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"rules/examples/*.yaml"' in toml
    assert EXAMPLES.parent.name == "rules" and EXAMPLES.parent.parent.name == "kb"
    assert not (Path(__file__).parent / "scenarios").exists()


#: facts that are also declared conclusions: who dealt (a conclusion of the cut for the first deal)
#: and that the dealer misdealt (as a case tells it, Drayson 43, 86).  An example may state them, but
#: then must not expect them: that would be the input's decision copied to the output.
FACT_AND_CONCLUSION = {"dealer", "misdeal"}


def _keys(x, path=""):
    if isinstance(x, dict):
        for k, v in x.items():
            here = f"{path}.{k}" if path else str(k)
            yield str(k), here
            yield from _keys(v, here)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _keys(v, f"{path}[{i}]")


def test_no_example_states_its_decision():
    """An example's input states the facts of the case, never a declared conclusion (at any depth):
    the rule must derive the decision (issue 15: `called: implied`, `played_by_owner`, `repeated`)."""
    from kb.rules.conclusions import declared
    table = set(declared())
    echo = []
    for d in ALL:
        for key, path in _keys(d["facts"]):
            if key not in table:
                continue
            if key in FACT_AND_CONCLUSION and key not in d["expect"]:
                continue
            echo.append(f"{d['name']}: {path}")
    assert not echo, "inputs that name a declared conclusion:\n" + "\n".join(echo)


def test_the_echo_check_catches_an_echo():
    from kb.rules.conclusions import declared
    facts = {"claims": [{"by": "Z", "penalty": "call-card"}], "deal": {"misdeal": True}}
    named = {k for k, _ in _keys(facts)} & set(declared())
    assert named == {"misdeal"}
    assert "call_may_be_repeated" in {k for k, _ in _keys({"x": [{"call_may_be_repeated": True}]})}
