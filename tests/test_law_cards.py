"""Law cards (ingest/law_cards.yaml): one per law, every word of a card is its law's own word, a
table word, or a modern word whose period word the law uses; they are indexed and lead to their
law."""
from __future__ import annotations

from pathlib import Path

import pytest

from ingest import law_cards
from ingest.corpus import CorpusError

DATA = law_cards.load()


def _words(text: str) -> list[tuple[str, str]]:
    """(lemma, word as written, lower-cased) of each content word: a capitalised word opening a
    sentence has its lemma ("Clubs" -> "club"), one inside a sentence is taken as a name ("at
    Clubs"), so a card and its law are compared by either form."""
    from kb.nlu.facts import nlp
    from kb.retrieval.vocabulary import stop_words
    stops = stop_words()
    return [(t.lemma_.lower(), t.lower_) for t in nlp()(text) if t.text.isalpha() and len(t.lemma_) > 1
            and t.lemma_.lower() not in stops and t.text.lower() not in stops]


def _law_words(records, law: str) -> set[str]:
    parts = [records[law].heading or "", records[law].text]
    parts += [r.text for r in records.values() if r.type == "section" and r.parent == law]
    return {w for pair in _words(" ".join(parts)) for w in pair}


def foreign_words(line: str, law_words: set[str]) -> list[str]:
    """The words of a card line its law does not say, directly or through the glossary."""
    table = {str(w).lower() for w in DATA["table_words"]}
    glossary = {str(k).lower(): {str(v).lower() for v in vs} for k, vs in DATA["glossary"].items()}
    return [w for w, written in _words(line) if w not in law_words and written not in law_words and w not in table
            and not glossary.get(w, set()) & law_words]


def test_every_law_has_one_card(records):
    laws = [r for r in records.values() if r.type in law_cards.LAW_TYPES]
    cards = [c["law"] for c in DATA["cards"]]
    # 91 + 95 (94 and 12a) + 39 + 20 laws, 25 etiquette rules, 9 Dummy and Double Dummy rules
    assert len(laws) == 279
    assert sorted(cards) == sorted(r.id for r in laws)
    for c in DATA["cards"]:
        assert 1 <= len(c["says"]) <= 3 and 2 <= len(c["asks"]) <= 4, c["law"]
        assert all(str(q).rstrip().endswith("?") for q in c["asks"]), c["law"]


def test_a_card_names_only_what_its_law_says(records):
    bad = {}
    for c in DATA["cards"]:
        words = _law_words(records, c["law"])
        for line in c["says"] + c["asks"]:
            if foreign := foreign_words(line, words):
                bad.setdefault(c["law"], []).append((line, foreign))
    assert not bad


def test_the_word_check_can_fail(records):
    words = _law_words(records, "english/72")
    assert foreign_words("If a player reneges, the other side may take three tricks.", words) == []
    assert foreign_words("If a player reneges, the other side wins the rubber and a bonus.", words) \
        == ["rubber", "bonus"]
    # a glossary word counts only where its period word is in the law: "deck" is "pack"
    assert "deck" in foreign_words("Shuffle the deck.", words)
    assert "deck" not in foreign_words("Shuffle the deck.", _law_words(records, "english/26"))


def test_the_cards_are_indexed_and_lead_to_their_law(kb):
    lines = kb.cards()
    assert len(lines) == sum(len(c["says"]) + len(c["asks"]) for c in DATA["cards"])
    assert kb.counts()["card_lines"] == len(lines)
    ids = {rid for rid, _ in kb.content_hashes()}
    assert set(lines) <= ids and all(cid.startswith(law_cards.PREFIX) for cid in lines)
    law, text = lines[f"{law_cards.PREFIX}english/72/1"]
    assert law == "english/72" and text == DATA["cards"][[c["law"] for c in DATA["cards"]].index("english/72")]["says"][0]


def test_a_card_line_brings_its_law(kb):
    from kb.retrieval.search import Searcher
    s = Searcher(kb)
    law, text = kb.cards()[f"{law_cards.PREFIX}english/72/1"]
    res = s.search(text)
    hit = next(h for h in res.laws if h.id == law)
    assert any(v.startswith(law_cards.PREFIX + law + "/") for v in hit.via)


def test_a_card_of_an_unknown_law_is_refused(tmp_path, records):
    bad = tmp_path / "cards.yaml"
    bad.write_text("cards:\n  - law: english/99\n    says: [x]\n    asks: ['y?', 'z?']\n")
    with pytest.raises(CorpusError, match="english/99"):
        law_cards.lines(records.values(), bad)
    (tmp_path / "broken.yaml").write_text("cards: [unclosed\n")
    with pytest.raises(CorpusError, match="unreadable"):
        law_cards.lines(records.values(), tmp_path / "broken.yaml")
    assert law_cards.lines(records.values(), Path(law_cards.CARDS_FILE))
