"""Retrieval: each retriever alone, the fusions, the vocabulary bridge, citation expansion."""
import pytest

from kb.retrieval.search import FUSIONS, MODES
from kb.retrieval.vocabulary import Vocabulary, fts_query


@pytest.fixture(scope="module")
def searcher(answerer):
    return answerer.searcher


def test_modern_words_are_bridged_to_period_words(searcher):
    q = "Can my partner renege and fix it later?"
    expansions = searcher.vocab.expansions(q, searcher.df)
    assert "revoke" in expansions and "renege" not in expansions
    # a word the codes use is not diluted with synonyms
    assert searcher.vocab.expansions("the revoke", searcher.df) == []


def test_fts_query_quotes_every_term_so_user_input_is_never_syntax():
    q = fts_query('trump AND "card" OR NEAR(x) *', Vocabulary.load())
    assert q and all(part.startswith('"') and part.endswith('"') for part in q.split(" OR "))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fusion", FUSIONS)
def test_every_mode_finds_the_revoke_penalty(searcher, mode, fusion):
    res = searcher.search("What is the penalty for a revoke?", mode=mode, fusion=fusion)
    assert "english/72" in [h.id for h in res.laws[:5]]


def test_jack_finds_knave(searcher):
    res = searcher.search("Which cards are honours — ace, king, queen and jack of trumps?", mode="bm25")
    assert res.laws[0].id == "english/3"


def test_cases_lend_weight_to_the_laws_they_cite(searcher):
    res = searcher.search("A bets with Y on the odd trick; Y and Z win two by cards but revoke")
    top_cases = [h.id for h in res.cases[:3]]
    assert "drayson/case/4" in top_cases
    law80 = next(h for h in res.laws if h.id == "english/80")
    assert any(v.startswith("drayson/") for v in law80.via)


def test_the_code_asked_about_ranks_first(searcher):
    res = searcher.search("What is the penalty for a revoke?", code="american-1894")
    assert res.laws[0].code == "american-1894"


def test_a_case_decided_under_a_law_is_reached_from_it(searcher):
    """Case 97 cites no law: the rules model's example decides it under American 20, so a hit on
    that law lends the case weight, and the case lends weight to the law."""
    assert "drayson/case/97" in searcher.cases_resting_on("american-1894/20")
    assert "american-1894/20" in searcher.case_laws["drayson/case/97"]


def test_the_cases_second_stage_lifts_a_case_whose_law_ranks_first(searcher):
    from kb.retrieval.search import Hit
    laws = [Hit("english/53", 1.0), Hit("english/55", 0.5)]
    cases = [Hit("drayson/case/1", 1.0), Hit("drayson/case/154", 0.9)]     # 154 rests on English 53
    assert [h.id for h in searcher.rerank_cases(cases, laws, 0.0)] == ["drayson/case/1", "drayson/case/154"]
    lifted = searcher.rerank_cases(cases, laws, 0.75)
    assert lifted[0].id == "drayson/case/154" and "its law ranked" in lifted[0].via
    assert cases[1].via == [] and cases[1].score == 0.9         # the first stage's hits are not changed
