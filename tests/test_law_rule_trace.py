"""Law <-> rule, both ways.

From the rule to the law: every passage a rule's docstring quotes is the KB's text (normalised:
case, punctuation, apostrophes; "..." and "--" join fragments, "[...]" marks an editor's words) of
a law its ``@law`` names -- or of a record the docstring names beside it (a case, a test, another
law) -- and every law a rule names exists.  From the law to the rule: ``kb.rules.trace`` names the
rules (file:line) and the examples of a law, ``whist law --json`` and the Laws page show them.
"""
from __future__ import annotations

import inspect
import json
import re
import unicodedata
from pathlib import Path

import pytest

from kb.rules import trace
from kb.rules.core import REGISTRY
from kb.rules.scenarios import examples, run

ROOT = Path(__file__).resolve().parents[1]
QUOTE = re.compile(r'"([^"]+)"|“([^”]+)”')
#: where the KB's OCR text is wrong and the docstring right (the test reads the KB as corrected)
KB_OCR_ERRORS = {"drayson/case/57": [("unwTritten", "unwritten")]}
CODE_WORDS = [(r"American 1890|1890", ["american-1890"]), (r"American|Am\.", ["american-1894"]),
              (r"Revised|revised", ["english-revised"]), (r"English", ["english"])]


def norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).lower()
    text = re.sub(r"['’‘]", "", text)
    return " " + " ".join(re.sub(r"[^a-z0-9]+", " ", text).split()) + " "


def fragments(quote: str) -> list[str]:
    """The pieces of a quotation that must each be found: split at "...", "[editor's words]",
    " -- " and a section's roman numeral ("It is a misdeal -- IV. Should a player ...")."""
    parts = re.split(r"\.\.\.|…|\[[^\]]*\]|\s--\s|\s—\s|(?:^|\s)[IVX]+\.\s", quote)
    return [norm(p) for p in parts if norm(p).strip()]


@pytest.fixture(scope="module")
def texts(kb):
    """id -> normalised texts (the preferred reading and every variant reading kept in the KB)."""
    out = {}
    for r in kb.all():
        raw = [(r.text or "") + " " + (r.decision or "")] + [v.get("text") or "" for v in r.variants or []]
        for bad, good in KB_OCR_ERRORS.get(r.id, []):
            raw = [t.replace(bad, good) for t in raw]
        out[r.id] = [norm(re.sub(r"\[[^\]]*\]", " ", t)) for t in raw]
    return out


def _rules() -> dict:
    """rule function -> the law ids it is registered under (its @law decorators and the revised
    code's word-for-word equivalents)."""
    out: dict = {}
    for r in REGISTRY:
        out.setdefault(r.fn, [])
        if r.id not in out[r.fn]:
            out[r.fn].append(r.id)
    return out


NUMBERS = r"\d+[a-z]?(?:\s*\([a-z]\))?(?:(?:\s*,\s*|\s+and\s+|\s*-\s*)\d+[a-z]?(?:\s*\([a-z]\))?)*"


def _numbers(text: str) -> list[str]:
    """"116, 117" -> [116, 117]; "97-99" -> [97, 98, 99]; "7 (b), 8" -> [7, 8]."""
    out = []
    for a, b in re.findall(r"(\d+[a-z]?)(?:\s*-\s*(\d+))?", re.sub(r"\([a-z]\)", "", text)):
        out += [str(i) for i in range(int(a), int(b) + 1)] if b and a.isdigit() else [a]
    return out


def _named_in(doc: str, codes: set[str]) -> set[str]:
    """Record ids a docstring names: "case 31", "cases 97-99", "test 20", "English 56",
    "American 20 II", "Law 46" (the rule's own codes), "Revised 7 (b), 8", "Dummy"; and a bare
    number next to a quotation -- 13: "The ace is ..."; "the lowest deals" (2) -- in the rule's
    own codes."""
    out = set()
    for kind, nums in re.findall(r"\b([Cc]ase|[Tt]est)s?\s+(" + NUMBERS + ")", doc):
        out |= {f"drayson/{kind.lower()}/{n}" for n in _numbers(nums)}
    for word, nums in re.findall(r"\b(American 1890,?|1890|American|Am\.|Revised|revised|English|Laws?|Rules?)"
                                 r"\s+(" + NUMBERS + ")", doc):
        targets = next((c for pat, c in CODE_WORDS if re.fullmatch(pat, word.rstrip(","))), sorted(codes | {"english"}))
        out |= {f"{c}/{n}" for c in targets for n in _numbers(nums)}
    bare = re.findall(r"\b(\d+[a-z]?):\s*[\"“]", doc) + re.findall(r"[\"”]\s*\((\d+[a-z]?)\)", doc)
    out |= {f"{c}/{n}" for c in codes for n in bare}
    if "Dummy" in doc:
        out.add("english/dummy")
    return out


def _candidates(ids: set[str], texts: dict) -> list[str]:
    """The records of these ids and of their parts (sections, a law's intro and numbered parts)."""
    out = []
    for rid in texts:
        if any(rid == i or rid.startswith(i + "/") or i.startswith(rid + "/") for i in ids):
            out += texts[rid]
    return out


def _quotes():
    for fn, ids in _rules().items():
        doc = inspect.getdoc(fn) or ""
        for m in QUOTE.finditer(doc):
            yield fn, ids, doc, m.group(1) or m.group(2)


def test_docstring_quotes_are_the_kb_text(texts):
    checked, failures = 0, []
    for fn, ids, doc, quote in _quotes():
        frags = fragments(quote)
        if not frags:
            continue
        checked += 1
        codes = {i.split("/")[0] for i in ids}
        own = _candidates(set(ids), texts)
        if all(any(f in t for t in own) for f in frags):
            continue
        named = _candidates(_named_in(doc, codes), texts)
        if all(any(f in t for t in own + named) for f in frags):
            continue
        missing = [f.strip() for f in frags if not any(f in t for t in own + named)]
        failures.append(f"{fn.__module__}.{fn.__name__} ({', '.join(ids)}): {missing}")
    print(f"\n{checked} quoted passages checked against the KB")
    assert checked >= 250
    assert not failures, "quotes that are not the KB's text:\n" + "\n".join(failures)


def test_every_law_a_rule_names_exists(texts):
    for r in REGISTRY:
        parts = r.id.split("/")
        if parts[0] == "drayson":
            if parts[1] in ("case", "test"):
                assert "/".join(parts[:3]) in texts, r.id
            continue
        law = "/".join(parts[:2])
        assert law in texts or any(t.startswith(law + "/") for t in texts), f"{r.name}: {r.id}"


# --- from the law to its rules and examples ----------------------------------------------
def test_rules_for_law_give_function_file_and_line():
    rules = trace.rules_for_law("english/73")
    assert [r["rule"] for r in rules] == ["revoke_established"]
    r = rules[0]
    assert r["file"] == "kb/rules/revoke.py" and r["law"] == "english/73"
    line = (ROOT / r["file"]).read_text(encoding="utf-8").splitlines()[r["line"] - 1]
    assert line.startswith("def revoke_established(")
    # a law's sections are its rules too; a section takes the rules of the whole law
    assert {"english/72/I", "english/72/IV"} <= {x["law"] for x in trace.rules_for_law("english/72")}
    assert trace.rules_for_law("english/44/IV")[0]["rule"] == "fourteen_cards"
    # the revised code's word-for-word laws are modelled by the English function
    assert any(x["file"] == "kb/rules/revoke.py" for x in trace.rules_for_law("english-revised/77"))
    assert trace.rules_for_law("english/14") == []          # not modelled (coverage.yaml says why)


def test_every_rule_has_a_location():
    for r in REGISTRY:
        file, line = trace.location(r.fn)
        assert file.startswith("kb/rules/") and line > 0, r.name


def test_scenarios_for_law_cite_or_pass_through_it():
    names = trace.scenarios_for_law("english/73")
    by_name = {d["name"]: d for d in examples()}
    assert "case-093" in names and len(names) == len(set(names))
    citing = [n for n in names if any(c.startswith("english/73") for c in by_name[n]["cites"])]
    assert names[:len(citing)] == citing and citing          # those citing it come first
    for n in names:
        assert any(trace.covers(t, "english/73") for t in run(by_name[n]).ruling.laws + by_name[n]["cites"])
    assert trace.scenarios_for_law("english/14") == []


def test_whist_law_json_lists_rules_and_scenarios(kb_dir, capsys):
    from kb.cli.main import main
    assert main(["--data", str(kb_dir), "law", "english", "73", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["id"] == "english/73"
    assert view["modelled_by"] == [{"rule": "revoke_established", "law": "english/73",
                                    "file": "kb/rules/revoke.py", "line": trace.rules_for_law("english/73")[0]["line"]}]
    assert view["scenarios"] == trace.scenarios_for_law("english/73")
    assert main(["--data", str(kb_dir), "law", "english", "73"]) == 0
    out = capsys.readouterr().out
    assert "modelled by: revoke_established (kb/rules/revoke.py:" in out
    assert "scenarios (" in out and "case-093" in out


def test_laws_page_view_shows_the_rules(kb):
    from kb.present import views
    v = views.law_view(kb, "english/73")
    assert [r["rule"] for r in v.modelled_by] == ["revoke_established"]
    assert "case-093" in v.scenarios
    assert views.law_view(kb, "english/14").modelled_by == []


def test_laws_page_shows_modelled_by(kb_dir, monkeypatch):
    from streamlit.testing.v1 import AppTest
    monkeypatch.setenv("WHIST_DATA", str(kb_dir))
    at = AppTest.from_file(str(ROOT / "app" / "streamlit_app.py"), default_timeout=120)
    at.query_params["id"] = "english/73"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    page = "\n".join(m.value for m in at.markdown)
    assert "#### Modelled by" in page and "`revoke_established` — kb/rules/revoke.py:" in page
    label = next(e.label for e in at.expander if e.label.startswith("Rule examples exercising it"))
    assert f"({len(trace.scenarios_for_law('english/73'))};" in label
    assert "case-093" in page
