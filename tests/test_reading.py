"""The reading of the law text (kb.reading): clauses and their polarity on sentences taken from
the laws, the question's modal, abstention, and the answer saying the verdict comes from the
wording, not from the rules model."""
from __future__ import annotations

import pytest

from kb.answering import reading


# ---------------------------------------------------------------- clauses and polarity

@pytest.mark.parametrize("text,negative", [
    ("The pack must not be shuffled during the play of the hand.", True),                       # English 27
    ("A player can neither shuffle, cut, nor deal for his partner, without the permission of his "
     "opponents.", True),                                                                         # English 49
    ("In no case can a player be compelled to play a card which would oblige him to revoke.", True),  # 64
    ("When the pack is cut, should the dealer shuffle the cards, he loses his deal.", False),   # English 36
    ("If, whilst dealing, a card be exposed by the dealer or his partner, should neither of the "
     "adversaries have touched the cards, the latter can claim a new deal", False),             # 38: "neither" is a condition
    ("if a new deal does not take place, the exposed card cannot be called", True),            # 38: "not" in the condition, "cannot" in the main
    ("but he does not lose his deal if the pack be proved imperfect", True),                    # 44 III
])
def test_clause_polarity(text, negative):
    assert reading._clause("english/x", text, text).negative is negative


def test_sentences_are_cut_into_clauses():
    text = ("The player on the dealer’s right cuts the pack, and, in dividing it, must not leave fewer than "
            "four cards in either packet; if in cutting a card be exposed, there must be a fresh cut.")   # English 34
    clauses = [c for c, _ in reading._split(text)]
    assert clauses[0] == "The player on the dealer’s right cuts the pack"
    assert clauses[1].startswith("in dividing it, must not leave")
    assert clauses[2].endswith("there must be a fresh cut")
    assert [reading._clause("english/34", c, text).negative for c in clauses] == [False, True, False]


def test_timing_of_a_clause():
    cl = reading._clause("english/48", "Any one dealing out of turn, or with the adversary’s cards, may be "
                                       "stopped before the trump card is turned up", "")
    assert cl.timing[0] == "before" and {"trump", "turn"} <= cl.timing[1]


@pytest.mark.parametrize("question,asks", [
    ("Can a player shuffle the cards during the hand?", "permission"),
    ("May I deal for my partner?", "permission"),
    ("Is it proper to leave three cards in a packet?", "permission"),
    ("Must the dealer deal again?", "obligation"),
    ("Is it a misdeal if the dealer counts the cards on the table?", "fact"),
    ("Does he keep his deal?", "fact"),
])
def test_question_modal(question, asks):
    assert reading.read_question(question).asks == asks


def test_keep_is_read_as_the_opposite_of_lose():
    qn = reading.read_question("After the cut the dealer shuffled again. Does he keep his deal?")
    cl = reading._clause("english/36", "When the pack is cut, should the dealer shuffle the cards, he loses his deal", "")
    verdict, why = reading._verdict(qn, cl, {"keep", "deal"})
    assert verdict == "no" and any("opposite" in w for w in why)


def test_permission_given_turns_a_prohibition_without_permission():
    cl = reading._clause("english/49", "A player can neither shuffle, cut, nor deal for his partner, without the "
                                       "permission of his opponents", "")
    asked = reading.read_question("May I cut for my partner without asking the opponents?")
    agreed = reading.read_question("The opponents agreed. May I cut for my partner?")
    assert reading._verdict(asked, cl, set())[0] == "no"
    assert reading._verdict(agreed, cl, set())[0] == "yes"


# ---------------------------------------------------------------- on the knowledge base

def _read(answerer, question, code="english"):
    results = answerer.searcher.search(question, code=code)
    return reading.read(question, results, answerer.records, code)


@pytest.mark.parametrize("question,verdict,law", [
    ("Is a player allowed to shuffle the pack in the middle of playing a hand?", "no", "english/27"),
    ("Can I deal the cards for my partner without the other side's permission?", "no", "english/49"),
    pytest.param("Could anyone compel me to play a card which would make me renounce?", "no", "english/64",
                 marks=pytest.mark.xfail(strict=True, reason="known limit: law 76 ('may require him to play his "
                                         "highest or lowest') outranks law 64 and outscores it on shared words")),
])
def test_reading_of_the_retrieved_law(answerer, question, verdict, law):
    out = _read(answerer, question)
    assert out is not None and out["verdict"] == verdict and out["law"] == law
    assert out["score"] >= reading.MIN_SCORE


@pytest.mark.parametrize("question", [
    "Is it a good idea to lead trumps when holding five of them?",       # strategy: no clause says so
    "Can I bring a sandwich to the table?",
    "What is the penalty for a revoke?",                                  # not a yes/no question
])
def test_abstains_when_no_clause_matches(answerer, question):
    assert _read(answerer, question) is None


def test_the_wording_alone_gives_no_verdict(answerer):
    """The law's wording is a witness, not a judge (kb/answering/verdict.py): on questions nobody
    tuned on it was right 4 times in 10 (blind set C), so without the rules model it decides
    nothing; the answer still leads with the governing law."""
    out = answerer.ask("Is a player allowed to shuffle the pack in the middle of playing a hand?")
    assert out["verdict"] is None and out["verdict_by"] is None
    assert out["checker"]["status"] in ("not-covered", "insufficient-facts")
    assert not out["answer"].startswith(("Yes", "No"))
    assert "english/27" in out["answer"]


def test_no_reading_without_the_checker(answerer):
    out = answerer.ask("Is a player allowed to shuffle the pack in the middle of playing a hand?", use_checker=False)
    assert out["verdict"] is None and "reading" not in out


# ---------------------------------------------------------------- timing, main clause, questions the other way round

def test_before_but_not_after_is_a_timing_not_a_negation():
    cl = reading._clause("english/83", "Any player (on paying for them) before, but not after, the pack be cut "
                                       "for the deal, may call for fresh cards", "")
    assert cl.negative is False and cl.modal == "permission"
    assert any(k == "before" and "cut" in ev for k, ev in cl.timings)
    assert [c for c, _ in reading._split("Any player (on paying for them) before, but not after, the pack be cut "
                                         "for the deal, may call for fresh cards.")] == [
        "Any player (on paying for them) before, but not after, the pack be cut for the deal, may call for fresh cards"]


def test_condition_continued_after_a_dash_is_not_the_main_clause():
    text = ("Should three players have their right number of cards — the fourth have less than thirteen, and not "
            "discover such deficiency until he has played any of his cards, the deal stands good")      # English 46
    clauses = reading._split(text)
    assert len(clauses) == 1
    assert reading._clause("english/46", clauses[0][0], text).negative is False


@pytest.mark.parametrize("question,inverted", [
    ("Is it against the rules to deal with a borrowed pack?", True),
    ("Is it too late to ask for new cards once the pack is cut?", True),
    ("Is it illegal for me to look at the last trick?", True),
    ("May I look at the last trick?", False),
])
def test_question_asked_the_other_way_round(question, inverted):
    assert reading.read_question(question).inverted is inverted


def test_inverted_question_turns_the_clause():
    qn = reading.read_question("My partner shuffles below the table. Is that against the rules?")
    cl = reading._clause("english/26", "The pack must neither be shuffled below the table nor so that the face "
                                       "of any card be seen", "")
    assert reading._verdict(qn, cl, {"shuffle", "table"})[0] == "yes"


def test_the_right_to_is_a_privilege():
    qn = reading.read_question("The trump was turned at once. Have we lost the right to a new deal?")
    assert any("privilege" in ids for _, ids in qn.predicate)


def test_until_after_is_a_timing_after():
    """American 18: "if it is left on the table until after the second trick has been turned and
    quitted, it is liable to be called" holds after the second trick, not before it."""
    cl = reading._clause("american-1894/18", "if it is left on the table until after the second trick has "
                                             "been turned and quitted, it is liable to be called", "")
    assert cl.timing[0] == "after" and {"trick", "quit"} <= cl.timing[1]


@pytest.mark.parametrize("question,when", [
    ("The trump card lay on the table; the first trick has been turned and quitted. Can we call it?", "before"),
    ("The trump card lay on the table while the second trick was being played. Can we call it?", "before"),
    ("The trump card still lay there after the third trick was quitted. Can we call it?", "after"),
    ("The trump card still lay there after the second trick was quitted. Can we call it?", "after"),
])
def test_which_trick_the_question_tells(question, when):
    """Against a clause about the second trick: an earlier trick quitted, or the second under
    way, is before it; a later trick, or the second quitted, after it."""
    cl = reading._clause("american-1894/18", "if it is left on the table until after the second trick has "
                                             "been turned and quitted, it is liable to be called", "")
    assert reading._event_time(reading.read_question(question), cl.timing[1]) == when


def test_an_aside_does_not_make_the_clause_negative():
    """Revised 42: "... it is liable to be called (it is not usual to call the trump card if left on
    the table)": the remark in brackets is not the rule's polarity."""
    text = ("if left on the table after the second trick be turned and quitted, it is liable to be called "
            "(it is not usual to call the trump card if left on the table)")
    assert reading._clause("english-revised/42", text, text).negative is False
