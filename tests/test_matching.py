"""The cue matcher (kb/nlu/matching.py): patterns with a wide gap matched as their parts, the
same matches as spaCy's Matcher with the whole patterns."""
from __future__ import annotations

import json
from pathlib import Path

from kb.nlu import facts as F
from kb.nlu import interpreter
from kb.nlu.matching import anchor, split

DATA = Path(__file__).resolve().parent / "data"


def test_a_pattern_splits_at_its_wide_gaps_only():
    parts, gaps = split(F._compile("honour _{0,9} _{0,9} before the next trump card? _{0,3} turn"))
    assert len(parts) == 2 and gaps == [(0, 18)]
    assert split(F._compile("call _{0,2} honour"))[1] == []                    # a narrow gap
    assert split(F._compile("_{0,9} honour"))[1] == []                         # a gap at an edge
    assert split(F._compile("honour _{0,9} the? _{0,9} turn"))[1] == []        # a part with no required word


def test_a_pattern_is_kept_under_its_most_selective_required_word():
    """The words a pattern cannot match without: its required token with the fewest alternatives
    (an optional token or a wildcard is never one); none when every token may be anything."""
    assert anchor(F._compile("shuffle|reshuffle _{0,4} after cut")) == [("LEMMA", "after")]
    assert anchor(F._compile("the? =faced|=flipped card|one")) == [("LOWER", "faced"), ("LOWER", "flipped")]
    assert anchor(F._compile("_{0,3} the?")) == []


def test_the_same_matches_as_spacy_matcher_with_whole_patterns():
    from spacy.matcher import Matcher
    n = F.nlp()
    whole = Matcher(n.vocab)
    for label, pats in F.PATTERNS.items():
        whole.add(label, [F._compile(p, F.pattern_lemma) for p in pats])
    for label, row in F.FACT_CUES.items():
        whole.add(label, [F._compile(p, F.pattern_lemma) for p in row["when"]])
    for label, pats in interpreter.ask_patterns(F.ASKS).items():
        whole.add(label, [F._compile(p, F.pattern_lemma) for p in pats])
    questions = [json.loads(line)["question"] for p in sorted(DATA.glob("fresh_questions_*.jsonl"))
                 for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    docs = [n(F.prepare(q)) for q in questions[::6]]           # every sixth question of the sets
    assert len(docs) > 100
    split_labels = {x[0] for x in F._MATCHER._joined}
    hits = 0
    for d in docs:
        got = F._MATCHER(d)
        assert set(got) == set(whole(d)), d.text[:80]
        hits += sum(n.vocab.strings[k] in split_labels for k, _, _ in got)
    assert hits > 0                     # the joined patterns were exercised


def test_a_word_written_in_another_form_than_its_lemma_matches_its_lemma_too():
    """Patterns are over lemmas: "following" in a pattern matches "follow", the lemma of the word
    as the question writes it; "=faced" keeps the written form only."""
    spec = F._compile("caught|following card", F.pattern_lemma)
    assert {"caught", "catch", "following", "follow"} <= set(spec[0]["LEMMA"]["IN"])
    assert spec[1] == {"LEMMA": "card"}
    assert F._compile("=faced card", F.pattern_lemma)[0] == {"LOWER": {"IN": ["faced"]}}
    doc = F.nlp()(F.prepare("after the following deal's trump card was turned"))
    assert any(doc.vocab.strings[k] == "NEXT_TRUMP" for k, _, _ in F._MATCHER(doc))
