"""Mutation testing (kb/rules/mutation.py) of kb/rules/conclusions.py: the declared conclusions of the
rules model, read afresh from conclusions.yaml (or from a scratch file), how a yes/no conclusion
reads, the keys the checker asks, and the conclusions of a law."""
from __future__ import annotations

import pytest

from kb.rules import conclusions
from kb.rules.conclusions import Conclusion, check_keys, declared, of_law, value_keys, yes_no_keys


@pytest.fixture(autouse=True)
def fresh():
    declared.cache_clear()
    yield
    declared.cache_clear()


def test_a_declared_conclusion():
    # English 91: "Any player may demand to see the last trick turned, and no more"
    c = declared()["may_see_trick"]
    assert c == Conclusion("may_see_trick", "bool", c.label, "Can a player look at an earlier trick?", True,
                           c.laws, False)
    assert "english/91" in c.laws and c.label.startswith("a trick turned and quitted before the last")
    assert declared()["_ace_low"].internal is True


def test_reads_yes_or_no():
    c = declared()["may_see_last_trick"]
    assert c.reads(True) == "yes" and c.reads(False) == "no" and c.reads("last") is None
    assert Conclusion("x", "bool", "l", "q", False, ()).reads(True) == "no"
    assert declared()["next_dealer"].reads(True) is None


def test_the_keys_the_checker_asks():
    assert "may_see_trick" in yes_no_keys() and "may_see_trick" not in value_keys()
    assert "next_dealer" in value_keys() and "next_dealer" not in yes_no_keys()
    assert not any(k.startswith("_") for k in yes_no_keys() + value_keys())      # internal keys are not asked


def test_check_keys():
    check_keys(["next_dealer", "_ace_low"])
    with pytest.raises(KeyError, match=r"undeclared conclusion\(s\) \['no_such'\]: declare them in "
                                       r"kb/rules/conclusions.yaml"):
        check_keys(["next_dealer", "no_such"])


def test_of_law_finds_a_laws_sections_and_a_sections_law():
    assert [c.id for c in of_law("english/33")] == ["next_dealer"]
    # a section's id finds its law's conclusions (62/election: those of 62), and a law's its sections'
    sec = {c.id for c in of_law("english/62/election")}
    assert {"suit_callable_from", "penalty_options"} <= sec
    assert "card_liable_to_be_called" in {c.id for c in of_law("english/62")}
    # English 6 is not English 62
    assert "suit_callable_from" not in {c.id for c in of_law("english/6")}
    assert not any(c.internal for c in of_law("english/13"))


def test_a_scratch_declaration(tmp_path, monkeypatch):
    f = tmp_path / "conclusions.yaml"
    f.write_text("- {id: dealer, type: seat, label: the dealer, question: 'Who deals?', laws: [english/16]}\n"
                 "- {id: _x, type: bool, label: x, question: 'x?', yes_no: true, internal: true}\n", encoding="utf-8")
    monkeypatch.setattr(conclusions, "CONCLUSIONS_FILE", f)
    d = declared()
    assert d["dealer"] == Conclusion("dealer", "seat", "the dealer", "Who deals?", None, ("english/16",), False)
    assert d["_x"].internal is True and d["_x"].laws == ()
    declared.cache_clear()
    f.write_text("- {id: colour, type: colour, label: c, question: 'c?'}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"conclusions.yaml: colour: type 'colour' is not one of \('bool'"):
        declared()
    declared.cache_clear()
    monkeypatch.setattr(conclusions, "CONCLUSIONS_FILE", tmp_path / "none.yaml")
    assert declared() == {}
    check_keys(["anything"])                 # nothing declared: nothing refused
