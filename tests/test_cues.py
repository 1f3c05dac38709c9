"""Fact cues (the ``facts:`` rows of kb/nlu/cues.yaml, applied by kb/nlu/interpreter.py).

The rows are checked as data: every row's ``set`` (with its ``who`` path given a seat) builds a
valid Situation, every ``law`` names a law of its code, every pattern compiles.  The sentences of
tests/data/cue_examples.yaml -- written from the laws' situations in modern table talk -- are run
through the extractor: each must yield its ``facts`` (a subset) and none of its ``absent`` paths,
and every row must be exercised by at least one example."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from kb import codes
from kb.nlu import facts as nlu
from kb.nlu.facts import FACT_CUES, extract
from kb.rules import engine  # noqa: F401  (registers the rules)
from kb.rules.core import REGISTRY
from kb.rules.situation import Situation

ROOT = Path(__file__).resolve().parents[1]
CUES = yaml.safe_load((ROOT / "kb" / "nlu" / "cues.yaml").read_text(encoding="utf-8"))
EXAMPLES = yaml.safe_load((ROOT / "tests" / "data" / "cue_examples.yaml").read_text(encoding="utf-8"))
ROWS = sorted(FACT_CUES.items(), key=lambda kv: (kv[0].split(":")[1], int(kv[0].split(":")[2])))
POLICIES = ("skip", "flip", "keep")


def nested(flat: dict) -> dict:
    """{"deal.cut": False} -> {"deal": {"cut": False}}."""
    out: dict = {}
    for path, value in flat.items():
        cur = out
        keys = path.split(".")
        for k in keys[:-1]:
            cur = cur.setdefault(k, {})
        cur[keys[-1]] = value
    return out


def subset(expected, actual) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            subset(e, a) for e, a in zip(expected, actual))
    return expected == actual


def has_path(d: dict, path: str) -> bool:
    cur = d
    for k in path.split("."):
        if not isinstance(cur, dict) or k not in cur:
            return False
        cur = cur[k]
    return True


def test_every_area_keeps_its_patterns():
    for area, d in CUES.items():
        assert d.get("laws") and d.get("patterns"), area


def test_ask_patterns_survive_yaml():
    """The same for the asks table: "#num"/"#rank" unquoted would be read as a comment."""
    for n, line in enumerate((ROOT / "kb" / "nlu" / "asks.yaml").read_text(encoding="utf-8").splitlines(), 1):
        if re.match(r"^\s+- [^'\"]", line) and re.search(r" #(num|rank)\b", line):
            pytest.fail(f"asks.yaml line {n}: quote the pattern (#num/#rank read as a comment): {line.strip()}")


def test_patterns_survive_yaml():
    """An unquoted pattern holding " #" would be cut short by YAML (the rest read as a comment)."""
    in_facts = False
    for n, line in enumerate((ROOT / "kb" / "nlu" / "cues.yaml").read_text(encoding="utf-8").splitlines(), 1):
        if re.match(r"^\S", line):
            in_facts = False
        elif line.rstrip() == "  facts:":
            in_facts = True
        elif in_facts and re.match(r"^\s+- [^'\"]", line) and " #" in line:
            pytest.fail(f"cues.yaml line {n}: quote the pattern: {line.strip()}")
        elif re.match(r"^\s+- [^'\"]", line) and re.search(r" #(num|rank)\b", line):
            pytest.fail(f"cues.yaml line {n}: quote the pattern (#num/#rank read as a comment): {line.strip()}")


def test_there_are_rows():
    assert len(FACT_CUES) >= 60


@pytest.mark.parametrize("label,row", ROWS, ids=[label for label, _ in ROWS])
def test_row_is_well_formed(label, row):
    assert set(row) <= {"when", "set", "who", "who_at", "whom", "negated", "law", "if", "cue", "where",
                        "replaces"}, sorted(row)
    assert not row.get("who_at") or row.get("who"), "who_at says where the doer of `who` is told"
    assert row.get("where", "question") == "question", row["where"]
    if row.get("cue"):                        # a guard: a label of a `patterns:` section
        assert any(row["cue"] in (area.get("patterns") or {}) for area in CUES.values()), row["cue"]
    assert isinstance(row["when"], list) and row["when"], "a row needs patterns"
    for p in row["when"]:
        assert isinstance(p, str) and len(p.split()) >= 2, f"{p!r}: a pattern of one word is too loose"
        for tok in p.split():
            if "#" in tok:                    # #num / #rank stand alone, never among alternatives
                assert re.fullmatch(r"#(num|rank)(\{\d,\d\}|[?*+])?", tok), f"{p!r}: {tok!r}"
        nlu._compile(p)                       # the pattern language accepts it
    assert isinstance(row["set"], dict)
    assert row["set"] or row.get("who") or row.get("whom"), "a row sets a fact or a seat"
    assert row.get("negated", "skip") in POLICIES
    assert row.get("law"), "every row names its law"


@pytest.mark.parametrize("label,row", ROWS, ids=[label for label, _ in ROWS])
def test_row_sets_a_valid_situation(label, row):
    code = row["law"].split("/")[0]
    values = dict(row["set"])
    if row.get("who"):      # as the interpreter sets it: a list of the doer when `set` gives a list
        values[row["who"]] = ["Y"] if isinstance(values.get(row["who"]), list) else "Y"
    for path in values:
        assert not path.startswith(("exposed", "revokes", "revoke.", "claims", "bets", "rubber_games")), \
            f"{path}: a list cannot be set by a row"
    Situation.from_dict(nested(values), code)
    if row.get("negated") == "flip":
        flipped = {k: (not v) if isinstance(v, bool) else v for k, v in values.items()}
        Situation.from_dict(nested(flipped), code)


@pytest.mark.parametrize("label,row", ROWS, ids=[label for label, _ in ROWS])
def test_row_law_exists(label, row):
    law = row["law"]
    lid = codes.LawId.parse(law)                  # code/number: english/72, english/double-dummy/1
    if lid.number[0].isdigit():
        assert lid.number in codes.get(lid.code).law_numbers(), f"{law}: no such law in {lid.code}"
    else:                                         # a dummy or etiquette rule: one the rules model cites
        assert law in {r.provenance.id for r in REGISTRY}, f"{law}: no rule of the model cites it"


def _ids(examples):
    return [e["sentence"][:56] for e in examples]


@pytest.mark.parametrize("example", EXAMPLES, ids=_ids(EXAMPLES))
def test_example(example):
    ex = extract(example["sentence"])
    want = example.get("facts") or {}
    assert subset(want, ex.facts), f"expected {want}, got {ex.facts}"
    for path in example.get("absent") or []:
        assert not has_path(ex.facts, path), f"{path} should not be set: {ex.facts}"


def test_examples_are_data():
    for e in EXAMPLES:
        assert set(e) <= {"sentence", "facts", "absent"} and "sentence" in e and "facts" in e, e
        assert e["facts"] or e.get("absent"), e
        if e["facts"]:
            Situation.from_dict(e["facts"])          # what an example expects is itself a valid Situation


def _labels(sentence: str) -> set[str]:
    n = nlu.nlp()
    doc = n(nlu.prepare(sentence))
    return {doc.vocab.strings[mid] for mid, _, _ in nlu._MATCHER(doc)}


def test_every_row_has_an_example():
    """Each row's words occur in at least one example that expects facts (a positive example)."""
    seen: set[str] = set()
    for e in EXAMPLES:
        if e.get("facts"):
            seen |= _labels(e["sentence"])
    missing = [label for label, _ in ROWS if label not in seen]
    assert not missing, f"rows with no positive example: {missing}"


def test_negated_rows_have_a_negative_example():
    """A ``skip`` row has an example where its words occur negated (or nearly) and its fact must
    stay unset; a ``flip`` row has an example whose words hold a negation, which sets the
    opposite value (or, for a number or a seat, the value unchanged); a ``keep`` row one whose
    words hold a negation and set its value as it is ("nobody noticed until after ...")."""
    neg: set[str] = set()
    flipped: set[str] = set()
    for e in EXAMPLES:
        labels = _labels(e["sentence"])
        if e.get("absent"):
            neg |= labels
        if e.get("facts") and _negation(e["sentence"]):
            flipped |= labels
    missing = [label for label, row in ROWS
               if label not in (flipped if row.get("negated") in ("flip", "keep") else neg)]
    assert not missing, f"rows with no negative example: {missing}"


def _negation(sentence: str) -> bool:
    words = sentence.lower().replace("n't", " not").replace("cannot", "can not").split()
    return any(w.strip(".,;?!\"'") in ("not", "never", "no", "nobody", "without", "neither", "nor") for w in words)


def test_concept_families_are_defined_and_used():
    """A ``$family`` in a cue pattern names a concept of the lexicon; each concept is used."""
    from kb.nlu.facts import CONCEPTS
    text = (ROOT / "kb" / "nlu" / "cues.yaml").read_text(encoding="utf-8")
    named = set(re.findall(r"\$([a-z_]+)", text))
    assert named, "no cue pattern names a concept family"
    assert named <= set(CONCEPTS), sorted(named - set(CONCEPTS))
    assert set(CONCEPTS) <= named, sorted(set(CONCEPTS) - named)


def test_a_concept_word_reaches_every_cue_of_its_family():
    """A bystander called a kibitzer or a railbird is the same bystander (English 88)."""
    told = "{who} watching us told us we had forgotten to count our honours. Must he pay the stakes?"
    read = [extract(told.format(who=w)).facts for w in ("A bystander", "A railbird")]
    assert read[0] and read[0] == read[1]


def test_every_ask_row_names_a_conclusion_the_checker_decides():
    """Each row of kb/nlu/asks.yaml asks a conclusion the checker can answer (a declared yes/no
    conclusion, a composite one or a value), cites a law of a code, and has words or facts to
    recognise it by."""
    from kb.answering.checker import DECIDERS, VALUE_ASKS
    from kb.codes import LawId
    from kb.nlu.facts import ASKS
    for row in ASKS["rows"]:
        assert row["asks"] in DECIDERS or row["asks"] in VALUE_ASKS, row["asks"]
        assert LawId.parse(row["law"]) is not None, row["law"]
        assert row.get("when") or row.get("facts") or row.get("facts_set") or row.get("cue"), row


@pytest.mark.parametrize("question,asks,negated", [
    # American 1890, 18: a point for an exposed card, asked after the cut for the next deal
    ("Chicago 1890 laws. Their Ben showed a card to his partner last hand; the pack has since been cut for the "
     "next deal. May we still claim the point?", "penalty_claim_in_time", False),
    # English 25: "first call on it" is the prior right of entry
    ("Jo broke up our table and went to the next one. Do the three of us have first call on a seat there before Jo?",
     "prior_right_of_entry", False),
    ("They revoked twice. Can we still win the game this hand?", "revoking_side_can_win_game", False),
    ("Dealer exposed a card and Sue had not touched hers. Is it against the rules to ask for a new deal?",
     "new_deal", True),
    ("The dealer shuffled after I cut. Does he keep his deal?", "deal_lost", True),
    ("Tom and Sue made a bet on the odd trick and Tom revoked. Who wins the bet?", "bet_won_by", False),
    # a judged claim told in reported speech: "is he right?" asks it the other way round
    ("We held two by honours and scored them. Later he said we had to take them off. Is he right?",
     "honours_may_be_scored", True),
    # the penalty the question names, asked as a choice; a card asked about as "exposed"
    ("Our opponents revoked. May we pick adding three points to our score over taking tricks?",
     "revoke_penalty_allowed", False),
    ("Pat's card fell face up onto the table during the play. Does it count as exposed?",
     "card_liable_to_be_called", False),
    # a score asked: what a hand is worth by cards
    ("They revoked; we made six tricks and took three of theirs. How many points do we make on that hand?",
     "by_cards", False),
])
def test_the_asks_table_reads_what_is_asked(question, asks, negated):
    ex = extract(question)
    assert (ex.asks, ex.claim_negative) == (asks, negated)


def test_an_ask_row_cites_a_law_its_conclusion_is_declared_under():
    """The law of a row of asks.yaml is one the declaration of the conclusion names (a composite
    ask, not declared, cites the law of its own text)."""
    from kb.nlu.facts import ASKS
    from kb.rules.conclusions import declared
    for row in ASKS["rows"]:
        c = declared().get(row["asks"])
        if c is not None:
            assert any(l == row["law"] or l.startswith(row["law"] + "/") for l in c.laws), (row["asks"], row["law"])


@pytest.mark.parametrize("question,told", [
    # an action asked about under a modal is not told ...
    ("Sue said she could win the rest. Does her partner have to lay his cards face up on the table?", False),
    ("Must Tom be made to put his hand face up on the table?", False),
    # ... an action told in a clause of its own is
    ("Can we call the card that Tom dropped face up on the table?", True),
    ("Tom dropped a card face up on the table. Do we have to call it now?", True),
])
def test_an_action_the_question_asks_about_is_not_read_as_done(question, told):
    assert bool(extract(question).facts.get("exposed")) is told


def test_a_gap_of_ten_tokens_or_more_is_a_gap():
    """``_{0,10}`` is a quantifier like ``_{0,3}`` (it was read as a word, and never matched)."""
    from kb.nlu.facts import _compile
    assert _compile("after _{0,10} cut") == [{"LEMMA": "after"}, {"OP": "{0,10}"}, {"LEMMA": "cut"}]


@pytest.mark.parametrize("question,path,value", [
    ("The cards had already been cut when Ray asked for two fresh packs. Can he have them?", "new_cards.after_cut", True),
    ("Before she offered him the pack, her left-hand opponent reached over and cut it.", "next_cut.presented", False),
    ("He only noticed our revoke after the dealer had presented the cards and his partner had cut them for "
     "the next hand. Is that too late?", "cut_for_next_deal", True),
])
def test_fact_cues_read_a_story_told_in_order(question, path, value):
    cur = extract(question).facts
    for part in path.split("."):
        cur = (cur or {}).get(part)
    assert cur == value
