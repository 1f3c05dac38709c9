"""The checker (kb.checker): statuses, verdicts and rulings on questions written for these tests,
with retrieval from the real knowledge base (the session fixture in conftest.py)."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from kb.answering import checker
from tests.conftest import DEV_QUESTIONS

STATUSES = {"confirmed", "contradicted", "insufficient-facts", "not-covered"}


def run(answerer, records, question, code="english"):
    results = answerer.searcher.search(question, code=code)
    return checker.check(question, results, records, code)


def test_confirmed_with_verdict(answerer, records):
    out = run(answerer, records, "During the play Z names the trump card, and A at once calls on Y to play "
                                 "his best trump. Is Y compelled to play it?")
    assert out.status in ("confirmed", "contradicted")
    assert out.verdict == "no"
    assert out.ruling.startswith("No.")
    assert any(t["law"] == "english/53" for t in out.trace)


def test_confirmed_calculation_names_the_players(answerer, records):
    out = run(answerer, records, "Cutting for partners: Jane and I both cut 2s, Pete cut a 7 and Sam a king. "
                                 "Who partners whom, and who deals?")
    assert out.status in ("confirmed", "contradicted")
    assert out.verdict is None
    assert "you and jane" in out.ruling.lower() and "Pete and Sam" in out.ruling
    assert "cut again" in out.ruling


def test_a_resigned_hand_counts_its_cards_as_tricks_made(answerer, records):
    """American 1890, 17: "for each card in any one hand, a point is taken and scored by the
    winners, as for a trick made" -- with the tricks already won (16), the number first."""
    out = run(answerer, records, "1890 Chicago rules. We were on 3. After ten tricks we had taken seven, then "
                                 "the opponents conceded and threw their cards down. What's our score now?",
              "american-1890")
    assert out.ruling.split("score after the hand: ")[1].startswith("A-B 7")       # 3 + (7 + 3 - 6)
    out = run(answerer, records, "1890 Chicago rules: the losing side resigned with three cards left in each "
                                 "hand. How many points do the winners get for them?", "american-1890")
    assert "score 3 points" in out.ruling and any(t["law"] == "american-1890/17" for t in out.trace)


def test_the_one_point_penalties_count_with_the_hand_as_elected(answerer, records):
    """American 1890, 12 and 18: a point for each card the partner could see, "added to the score
    of the adversaries" when they so elect; law 16 reckons the game "by tricks and penalties"."""
    out = run(answerer, records, "Chicago 1890 rules. We were on 1. Their Sid dropped two cards face up where his "
                                 "partner could see them, and we elected to add the penalty points to our own "
                                 "score. We made nine tricks. What is our score after the hand?", "american-1890")
    assert out.ruling.split("score after the hand: ")[1].startswith("A-B 6")       # 1 + 2 + (9 - 6)


def test_no_one_is_compelled_to_play_a_called_card_that_would_revoke(answerer, records):
    """English 64: "In no case can a player be compelled to play a card which would oblige him to
    revoke"; Dummy III: the dummy's partner exposing his own card is liable to no penalty."""
    out = run(answerer, records, "My jack of diamonds fell face up earlier and is lying on the table. Spades are "
                                 "led now, I've still got a spade, and the other side call my jack. Must I play it?")
    assert out.verdict == "no" and any(t["law"] == "english/64" for t in out.trace)
    out = run(answerer, records, "Dummy whist, three of us. Meg, who has the dummy, let her own king of hearts fall "
                                 "face up. Later hearts... no, clubs are led and Tom calls the king. Does Meg have "
                                 "to play it?")
    assert out.verdict == "no"


def test_insufficient_facts_names_the_missing_fact(answerer, records):
    out = run(answerer, records, "My partner revoked in spades. Can the other side still claim the revoke?")
    assert out.status == "insufficient-facts"
    assert out.verdict is None
    facts = [m["fact"] for m in out.missing_facts]
    assert any("trick_turned_and_quitted" in f for f in facts)
    assert all(m["question"].endswith("?") for m in out.missing_facts)
    assert out.trace and all(t["law"] for t in out.trace)


@pytest.mark.parametrize("code,verdict", [("English rules", "yes"), ("American rules", "no")])
def test_a_declared_yes_no_asked_in_general(answerer, records, code, verdict):
    """English 62: "his adversaries may ... call a suit"; American 24: "only by the adversary on the right"
    -- asked of no particular hand, every example hand reaches the asked conclusion the same way."""
    out = run(answerer, records, f"{code}: when somebody leads out of turn, may either of the two adversaries be "
                                 "the one who calls the suit?")
    assert out.general and out.verdict == verdict
    assert out.ruling.startswith(verdict.capitalize() + ". In general")


def test_not_covered(answerer, records):
    out = run(answerer, records, "Is it good manners to chat with the people at the next table while playing?")
    assert out.status == "not-covered"
    assert out.verdict is None
    assert out.ruling is None


def test_american_code_and_difference(answerer, records):
    out = run(answerer, records, "Under American rules, the dealer looked at the trump card while dealing. "
                                 "Is it a misdeal?", code="american-1894")
    assert out.facts["code"] == "american-1894"
    assert out.verdict == "yes"
    assert any(t["law"].startswith("american-1894/17") for t in out.trace)
    assert out.difference and "English" in out.difference


def test_judging_a_claim_that_denies(answerer, records):
    out = run(answerer, records, 'A and B win the trick and hold two by honours. A says to B, "Score the trick '
                                 'and two." After the deal Z says, "You did not call honours; take down two." '
                                 'Is Z right?')
    assert out.verdict == "no"


def test_invalid_facts_are_reported(answerer, records):
    out = run(answerer, records, "We were at 9 and they at 2, and we won the odd trick. What is the result?")
    assert out.status == "insufficient-facts"
    assert out.missing_facts[0]["fact"] == "score.AB"


# the keys of ``Check.as_dict()``, in order (kb/answering/checker.py's docstring): conclusions and
# conclusion_sources once the model was evaluated, deciding_laws and general only when set; the
# verdict policy (kb/answering/verdict.py) may add one of VERDICT_KEYS
CHECK_KEYS = ["verdict", "ruling", "trace", "missing_facts", "difference", "facts", "conclusions",
              "conclusion_sources", "status", "deciding_laws", "general"]
VERDICT_KEYS = ("asked", "precedent", "reading", "abstained")


def test_check_as_dict_keeps_the_documented_keys(answerer, records):
    decided = run(answerer, records, "During the play Z names the trump card, and A at once calls on Y to play "
                                     "his best trump. Is Y compelled to play it?")
    d = decided.as_dict()
    assert list(d) == [k for k in CHECK_KEYS if k != "general"]
    assert d["status"] == decided.status and d["verdict"] == "no" and d["trace"] is decided.trace
    assert set(d["facts"]) == {"facts", "sources", "code", "asks", "polarity", "names", "first_person", "asked_negated"}
    general = checker.check("What is the penalty for a revoke?", None, {}, "english").as_dict()
    assert list(general) == CHECK_KEYS and general["general"] is True
    unread = checker.check("Is it good manners to chat with the people at the next table while playing?",
                           None, {}, "english").as_dict()
    assert list(unread) == ["verdict", "ruling", "trace", "missing_facts", "difference", "facts", "status"]
    for key in VERDICT_KEYS:
        policy = replace(decided, **{key: {"x": 1} if key in ("precedent", "reading") else "x"}).as_dict()
        assert list(policy) == list(d) + [key]


def test_deterministic(answerer, records):
    q = "My partner reneged and the trick was turned and quitted. Can they claim the revoke?"
    assert run(answerer, records, q) == run(answerer, records, q)


def test_never_a_ruling_without_a_law_id(answerer, records):
    rows = [json.loads(l) for l in DEV_QUESTIONS.read_text(encoding="utf-8").splitlines() if l.strip()]
    rulings = verdicts = 0
    for row in rows:
        out = run(answerer, records, row["question"])
        assert out.status in STATUSES
        assert not out.ruling or out.trace, row["id"]                 # a ruling has a trace
        assert all("/" in t["law"] for t in out.trace), row["id"]        # every step names a law id
        assert out.verdict is None or out.status in ("confirmed", "contradicted"), row["id"]
        rulings += bool(out.ruling)
        verdicts += out.verdict is not None
    print(f"\n{rulings} rulings, {verdicts} verdicts on {len(rows)} dev questions")
    # the properties above are exercised: the checker rules on a good share of the dev questions
    assert rulings >= len(rows) // 5 and verdicts >= 10, (rulings, verdicts, len(rows))


def test_answer_carries_the_checker(answerer):
    out = answerer.ask("During the play Z names the trump card, and A at once calls on Y to play his best "
                       "trump. Is Y compelled to play it?")
    assert out["verdict"] == "no"
    assert out["checker"]["status"] in ("confirmed", "contradicted")
    assert out["answer"].startswith("No.")


# ---------------------------------------------------------------- mechanisms (provenance, conditional unknowns)

def test_ruling_cites_the_rule_that_concluded_the_answer(answerer, records):
    out = run(answerer, records, "Y pulled a card out of his hand, the king of diamonds. A says, \"I call that king of "
                                 "hearts.\" \"I don't have the king of hearts,\" says Y. B wins the trick and Y then "
                                 "calls on B to lead a diamond. Is Y's claim justified?")
    assert out.verdict == "yes"
    assert any(t["law"] == "english/84/suit-call" for t in out.trace)


def test_wrong_seat_for_a_suit_call(answerer, records):
    out = run(answerer, records, "Y led out of turn when it was B's lead, and then Z calls on A to lead a spade. "
                                 "Is Z's claim justified?")
    assert out.verdict == "no"


def test_claim_after_the_cut_needs_no_trick_state(answerer, records):
    out = run(answerer, records, "The guy on my left revoked, but nobody said a word until the cards had been cut "
                                 "for the next deal. Can we still claim it?")
    assert out.verdict == "no"
    assert out.status in ("confirmed", "contradicted")
    assert not any("trick_turned" in m["fact"] for m in out.missing_facts)
    assert any(t["law"] == "english/78" for t in out.trace)


def test_claim_before_the_cut_still_asks_about_the_trick(answerer, records):
    out = run(answerer, records, "My partner revoked in spades. Can the other side still claim the revoke?")
    assert out.status == "insufficient-facts"


def test_asking_partner_is_allowed(answerer, records):
    out = run(answerer, records, "Honestly, when my partner doesn't follow suit, is it ok for me to ask whether he's "
                                 "got none of that suit?")
    assert out.verdict == "yes"
    assert any(t["law"] == "english/74" for t in out.trace)


@pytest.mark.parametrize("question,verdict", [
    ("One of our four has to leave mid-rubber. Can he get somebody to take his place?", "yes"),
    ("Sam had to quit before the end of the rubber, and the other three did not agree. Can he put a "
     "substitute in his place anyway?", "no"),
])
def test_substitute_with_consent(answerer, records, question, verdict):
    out = run(answerer, records, question)
    assert out.verdict == verdict
    assert any(t["law"] == "english/23" for t in out.trace)
    if verdict == "yes":
        assert "consent" in out.ruling
        assert [m["fact"] for m in out.missing_facts] == ["entry.substitute_consented"]


def test_odd_trick_bet_needs_no_score(answerer, records):
    out = run(answerer, records, "A and Y had a bet on the odd trick. A made three by cards but revoked, and Y took "
                                 "three of A's tricks. Who wins the bet?")
    assert out.status in ("confirmed", "contradicted")
    assert "Y wins the bet" in out.ruling
    assert not out.missing_facts


def test_claim_about_the_laws_is_counted(answerer, records):
    out = run(answerer, records, "My mate reckons the only time you can be made to play your highest or lowest is "
                                 "when you've revoked and fixed it. Is that right?")
    assert out.verdict == "no"
    assert {"english/86", "english/76/highest-or-lowest"} <= {t["law"] for t in out.trace}


def test_recut_names_who_is_already_placed(answerer, records):
    q = ("Cutting for partners, A drew a queen and B, Y and Z all drew kings. B, Y and Z cut again: B and Y "
         "both drew aces, Z a ten. Is any more cutting needed? Who ends up with whom?")
    out = run(answerer, records, q)
    assert out.verdict == "yes"
    assert "partners Z" in out.ruling and "partners A" in out.ruling and "A deals" in out.ruling


# ---------------------------------------------------------------- general questions (no situation)
@pytest.mark.parametrize("question,law,words", [
    ("What is the penalty for a revoke?", "english/72", "three"),
    ("When is a revoke established?", "english/73", "established"),
    ("How do honours count?", "english/3", "4 by honours"),
    ("What happens when someone leads out of turn?", "english/62", "call the card"),
])
def test_general_question_states_the_rule(question, law, words):
    out = checker.check(question, None, {}, "english")
    assert out.status == "confirmed" and out.verdict is None
    assert out.ruling.startswith("In general") and words in out.ruling
    assert any(t["law"].startswith(law) for t in out.trace)


def test_general_rule_not_used_for_a_story():
    out = checker.check("My partner revoked. What is the penalty?", None, {}, "english")
    assert not (out.ruling or "").startswith("In general")


def test_american_game_value_computed():
    out = checker.check("Under American rules, what is the value of a game if the losers have 3 points?",
                        None, {}, "english")
    assert out.facts["code"] == "american-1894"
    assert "4 points" in out.ruling and any(t["law"] == "american-1894/1" for t in out.trace)


def test_lead_out_of_turn_card_may_be_called():
    out = checker.check("My left-hand opponent led out of turn. Can I call the card?", None, {}, "english")
    assert out.verdict == "yes" and any(t["law"].startswith("english/62") for t in out.trace)


# ---------------------------------------------------------------- verdicts on common situations (paraphrases)
COMMON_VERDICTS = [
    # revised 78: the revoking side turned the trick before the question was answered, the answer told after
    ("Revised laws. Clubs were led and I threw a heart; my partner asked 'no clubs?' at once. I said nothing, my "
     "partner gathered the trick and turned it, and only then I said 'I have a club.' Can I still correct it?",
     "no", "english-revised/78"),
    # English 55: "Mo, who dealt," is the dealer; "couldn't remember what it was" of the turn-up she took up
    ("Mo, who dealt, scooped the turn-up into her hand too early, and when we asked for it she said she couldn't "
     "remember what it was. Later she had the lead. Can we call her highest trump?", "yes", "english/55"),
    # American 21: a "penalty card" is an exposed card; its owner may get rid of it in the course of play
    ("American rules. The player on my left had the jack of clubs sitting there as a penalty card. When clubs "
     "were led he played it. Was he allowed to get rid of it that way?", "yes", "american-1894/21"),
    # English 34: a card seen as the packets are put back together -- a fresh cut, not a cut for partners
    ("I cut for Jo's deal, and when she put the two packets back together I spotted the queen of hearts at the "
     "bottom. Do I get to cut again?", "yes", "english/34"),
    # English 32: a card seen as the pack is given to be cut -- "shuffle again before I cut" asks the reshuffle
    ("Dee shuffled last, and as she pushed the pack across for me to cut, the bottom card flipped over and we "
     "all saw the ace of spades. Can I make her shuffle again before I cut?", "yes", "english/32"),
    # English 53: the trump card named is not laid down as an exposed card
    ("Midway through the hand my partner asked what trumps were and I, the dealer, answered 'I turned up the ten "
     "of hearts.' Must I now put that ten down as exposed?", "no", "english/53"),
    # Revised 64: once a suit is called, the card led in error goes back into the hand
    ("Revised laws. Pia led out of turn; we called a suit (spades) from her at her side's next lead. Can she now "
     "put the card she led out of turn back into her hand?", "yes", "english-revised/64"),
    # Drayson case 88: "score two, partner", said by a side that made no points by cards, is a call of honours (English 7)
    ("English laws. We made seven tricks; Lou and Max held three honours. At the end Lou only said to Max 'score "
     "two' and he marked it. Once the next trump card had been turned, we objected that honours were never called. "
     "Can their two be scored?", "yes", "english/7"),
    # English 85 (case 151): the demand is of all the players, not of the partner alone; American 1890, 10
    # lets a player direct his partner to draw his card
    ("English laws. I couldn't see which card was my partner's, so I told him alone to draw his card. Was I "
     "within my rights?", "no", "english/85"),
    ("Chicago 1890 laws: may I direct my partner to draw his card before I play to the trick?", "yes",
     "american-1890/10"),
    # American 1890, 14: all have followed the lead out of turn -- "can it still be corrected?" (turned round)
    ("1890 laws. Jo led out of turn and everybody played to it before we noticed. Can it still be corrected?",
     "no", "american-1890/14"),
    # American 36: the rest claimed in other words
    ("American rules. Halfway through, Bea said 'everything from here is ours, play what you like.' Must her "
     "partner lay his cards on the table?", "yes", "american-1894/36"),
    # English 46: a short hand found only after the play -- the deal stands, so no redeal is compulsory
    ("We played the whole hand and then found that Omar held twelve cards; the other three had 13. Must we "
     "redeal?", "no", "english/46"),
    # English 76: "in time to avoid a revoke" asks the renounce corrected, not the revoke established
    ("Spades were led and Kit threw a heart. Before the trick was turned he said 'sorry, I do have a spade.' Is "
     "he in time to avoid a revoke?", "yes", "english/76"),
    # English 52: a bare "Are we allowed to?" after a denial asks what the sentence before it tells
    ("Pete dealt and left the trump card face up on the table after the first trick was turned and quitted. We "
     "now want to call it. He says that is never done. Are we allowed to?", "yes", "english/52"),
    # revised 12a told of another candidate, who declared into the incomplete table
    ("Revised code. The table had three players. Omar came over and announced he was declaring into it; Bea "
     "turned up later without saying anything. Does Omar have priority over Bea?", "yes", "english-revised/12a"),
    # American 37: the trick quitted, then asked to be seen ("look at it")
    ("American laws. The trick had been turned and quitted, and my partner wanted to look at it again. Is he "
     "allowed to?", "no", "american-1894/37"),
    # English 37: a card faced in the pack -- "Can we just play?" asks the compulsory new deal the other way
    ("While dealing I found the king of hearts face up in the middle of the pack. Nobody minds. Can we just play "
     "the hand?", "no", "english/37"),
    # American 20: two cards thrown at once -- the player indicates the one played, not the adversaries
    ("American laws. Lisa put the queen and the four of hearts on the trick at the same time. Must she say which "
     "one she played?", "yes", "american-1894/20"),
    # revised 37 IV: the excess came through an adversary's act (knocked onto the pile): not a misdeal
    ("Revised code. I dealt. Raj, on my left, ended with fourteen and my partner twelve, because Raj's partner "
     "knocked one of my partner's cards onto Raj's pile. Was that a misdeal?", "no",
     "english-revised/37"),
    # American 26: the fourth hand, told in a relative clause, played before the second
    ("American code. Ana led a heart. Before Bo (second hand) had played, and before me (third hand), Bo's "
     "partner, who sits fourth, threw the ace on. Can I make Bo play his lowest heart?", "yes", "american-1894/26"),
    # American 1890 12: a card let slip face up costs a point; it is not called
    ("Chicago laws of 1890. My partner let a card slip and it fell face up. Can they make him leave it out and "
     "call it later?", "no", "american-1890/12"),
    # English 58: the cards thrown down are liable to be called, each player's by the adversary
    ("Kai put his cards down face up, muttering that it was hopeless. Then my partner threw his down as well. "
     "Kai's partner and I held on to ours. May I call cards from Kai's hand?", "yes", "english/58"),
    # American 37: 'get penalised' for looking at a quitted trick asks the penalty, not the permission
    ("Under the American laws, Carla flipped back the trick that had just been turned and quitted. Does her side "
     "get penalised for that?", "yes", "american-1894/37"),
    # English 66: the suit called 'from him' ('called clubs', no article) and he had none: the penalty is paid
    ("Ana led out of turn. Her partner had the lead, so I called clubs from him, and he said he had none. Does "
     "Ana's card still have to stay face up on the table?", "no", "english/66"),
    # English 57: the partner of one who played winners without waiting may be called on to win
    ("English rules. My partner put down the ace, king and queen of diamonds one after the other without waiting "
     "for me to play. I hold the last trump. Do I have to trump his ace?", "yes", "english/57"),
    # revised 12a: a candidate who declared into the incomplete table has priority
    ("Revised code. A table had only three players; I walked up and said I'm in. Then two others arrived who had "
     "said nothing. Do I have priority over them?", "yes", "english-revised/12a"),
    # American 37: a quitted trick seen again costs the offender's side a suit called (as for a lead out of turn)
    ("American rules. Jim keeps asking to peek at the last trick after it's been turned over and pushed aside. "
     "Is there an actual penalty for that?", "yes", "american-1894/37"),
    # American 30: the revoke costs two tricks, not the English three
    ("American rules: the other side reneged. Do we get to take three of their tricks?", "no", "american-1894/30"),
    # American 24: only the adversary on the right of the one whose lead came first enforces the call
    ("American 1894 code. Dee led out of turn. Her partner Lou has the next lead. I sit on Lou's left. "
     "Can I be the one who calls the suit?", "no", "american-1894/24"),
    ("American 1894 code. Dee led out of turn. Her partner Lou has the next lead. My partner sits on Lou's "
     "left, so I am on his right. Can I be the one who calls the suit?", "yes", "american-1894/24"),
    # revised 43: the call of the highest or lowest trump cannot be repeated
    ("Hoyle's revised code. Walt (opponent) named the turn-up card, so I called his highest trump. "
     "Can I call his highest trump again later?", "no", "english-revised/43"),
    # a bet on the odd trick is decided after the revoke penalty (80), the bettor named as "I"
    ("I had a tenner with Sue on the odd trick. Her side made eight tricks but her partner revoked, and "
     "we took three of their tricks. Do I win the bet?", "yes", "english/80"),
    ("I had a tenner with Sue on the odd trick. My partner and I made eight tricks but I revoked, and "
     "they took three of our tricks. Do I win the bet?", "no", "english/80"),
    # our own revoke: the revoking side cannot win the game that hand (82)
    ("We were at four and won the odd trick, but my partner had renounced and they took their penalty. "
     "Do we make game this hand?", "no", "english/82"),
    # the suit called from a player who has none: the penalty is paid (66)
    ("After my partner's lead out of turn the opponents called on me to lead a spade, and I had none. "
     "Is the penalty still hanging over us?", "no", "english/66"),
    # an earlier trick (91)
    ("My left-hand opponent wanted to look at the trick two tricks back. Is he allowed to?", "no", "english/91"),
    # the cards placed before their players (85)
    ("The trick is complete but no one has touched it yet. May I insist everybody leaves their card in front "
     "of them?", "yes", "english/85"),
    # entry (21)
    ("A friend asked to join the table after we had already cut for the new rubber. Is he in time?", "no", "english/21"),
    # shuffling below the table (26), asked the other way round and straight
    ("The dealer keeps shuffling underneath the table where nobody can see. Is that against the rules?", "yes", "english/26"),
    ("The dealer keeps shuffling underneath the table where nobody can see. Is that allowed?", "no", "english/26"),
    # a hand kept (58)
    ("My partner tossed his hand down on the table thinking we'd won, but I kept hold of mine. Can the "
     "opponents force me to lay my cards down too?", "no", "english/58"),
    # the fourth hand played before the second (68: to win or not to win; American 26: highest or lowest)
    ("Kim led a diamond, and before Jo (second hand) or Lee (third hand) had played, Pat, sitting fourth, "
     "threw his card on. Lee wants Jo to play her lowest diamond. Can Lee make her?", "no", "english/68"),
    ("American rules. Kim led a diamond, and before Jo (second hand) or Lee (third hand) had played, Pat, "
     "sitting fourth, threw his card on. Lee wants Jo to play her lowest diamond. Can Lee make her?", "yes",
     "american-1894/26"),
    # the third hand played before the second: the fourth may play before his partner (67)
    ("Kim led. Her partner Lee, third hand, played before Jo (second hand) had. I am fourth hand, Jo's partner. "
     "May I play before Jo as well?", "yes", "english/67"),
    # both sides revoked: the revised code cancels the revokes (85), the English code does not (81)
    ("Under the revised English code, both sides revoked in the same hand. Do the revokes cancel out?", "yes",
     "english-revised/85"),
    ("Both sides revoked in the same hand. Do the revokes cancel out?", "no", "english/81"),
    # the partner asked "no spades?" and the revoking side turned the trick before the answer: the
    # revised code establishes the revoke (78), the English code does not (74)
    ("Under the revised English code: my partner Jo played a club to a spade lead. I asked 'no spades?' and "
     "before she answered I turned the trick over. Then she found a spade. Is the revoke established?", "yes",
     "english-revised/78"),
    ("My partner Jo played a club to a spade lead. I asked 'no spades?' and before she answered I turned the "
     "trick over. Then she found a spade. Is the revoke established?", "no", "english/74"),
    # the trump card left on the table after the first trick (52; American 18: after the second)
    ("The dealer left the turn-up lying on the table, and the first trick has been turned and quitted. "
     "Can we call it?", "yes", "english/52"),
    ("American rules: the dealer left the turn-up on the table through the first trick and took it into his "
     "hand during the second. Can we call it?", "no", "american-1894/18"),
    # a deal out of turn stopped only after the trump card was turned (48), or turned and not quitted
    # (Drayson case 41); "too late to stop him?" asks the other way round
    ("My partner dealt even though it was my turn, and we only spotted it after he turned up the trump. "
     "Can we stop the deal?", "no", "english/48"),
    ("The player on my right took my deal. He had turned the trump face up but his hand was still on it when "
     "I objected. Is it too late to stop him?", "no", "drayson/case/41"),
    # two cards played at once: either called to the trick, the other afterwards (56, Drayson case 9)
    ("My partner played two cards at once: the queen and the four of clubs landed together. They called the "
     "four to the trick. Can they call the queen afterwards too?", "yes", "english/56"),
    # honours called short of those held: the points asked, against what the model scores (6, case 83)
    ("We had all four honours but only scored two by honours. After the trump card of the next deal was turned "
     "up and quitted my partner noticed. Can we add two more for honours?", "no", "english/6"),
    ("We had all four honours but only scored two by honours, and noticed before anyone cut for the next deal. "
     "Can we add two more for honours?", "yes", "english/3"),
    # a card named by its rank, faced in the pack (37 II): the deal cannot stand
    ("While Mei was dealing, the jack of diamonds was lying face up in the middle of the pack. Can we carry on "
     "with the deal?", "no", "english/37"),
]


@pytest.mark.parametrize("question,verdict,law", COMMON_VERDICTS, ids=[q[:48] for q, _, _ in COMMON_VERDICTS])
def test_common_situation_verdicts(answerer, question, verdict, law):
    out = answerer.ask(question)
    assert out["verdict"] == verdict
    assert any(t["law"].startswith(law) for t in out["checker"]["trace"])      # never a verdict without a law id
    assert out["checker"]["status"] in ("confirmed", "contradicted")


def test_no_verdict_when_the_model_rests_on_a_law_retrieval_did_not_find(answerer):
    """The model rules on the misdeal (English 43), but the law retrieved first is English 50 (the
    dealer interrupted by the adversaries): the calibrated answer abstains, says why, and still
    shows the model's finding and its law."""
    out = answerer.ask("Halfway through dealing, the opponents interrupted Ann, claiming the deal was not "
                       "hers; it was hers. Then she misdealt. Must she give up the deal?")
    assert out["verdict"] is None and out["checker"]["status"] == "contradicted"
    assert out["laws"][0]["law"] == "50"
    first = out["answer"].split("\n\n")[0]
    assert first.startswith("Not decided: the rules model rests on a different law")
    assert "English law 43" in first


# --- calculations: the number asked comes first ------------------------------------------------
def test_penalty_not_chosen_gives_the_claimants_best_first(answerer, records):
    """English 72 I: the claimants choose the penalty; the answer ranks what each would make."""
    out = run(answerer, records, "We were at one and they were at two. They won the odd trick but one of them "
                                 "had revoked, and we held two by honours. What is the most our game can be worth?")
    assert out.ruling.startswith("At best 2 points, the game to your side"), out.ruling
    assert "taking three tricks" in out.ruling.split(";")[0]
    assert "or 1 point" in out.ruling and "no game" in out.ruling


def test_points_by_cards_after_a_trick_penalty(answerer, records):
    out = run(answerer, records, "The other side revoked. We made nine tricks and they made four, and we took "
                                 "three of their tricks for it. How many points do we score by cards?")
    assert out.ruling.startswith("Your side (A-B): 6 points (6 by cards)"), out.ruling
    assert "tricks after the penalty: A-B 12, Y-Z 1" in out.ruling


def test_penalties_for_two_revokes_ranked_best_first(answerer, records):
    """Two revokes by one side, the penalty not chosen: each choice taken for both revokes (72 II);
    adding three twice makes the game (a treble from love)."""
    out = answerer.ask("English club code. Love all. Jo revoked twice in the same hand, but her side still made "
                       "three by cards. How many points is our game worth?")
    ruling = out["parts"]["ruling"][0]
    assert ruling.startswith("At best 3 points") and "for each of the 2 revokes" in ruling


def test_penalties_for_two_revokes_may_differ(answerer, records):
    """72 II: a penalty for each revoke, not necessarily the same: from love against three, taking
    three from their score for one revoke and adding three to ours for the other wins a treble."""
    out = answerer.ask("English club code. Score: they three, we love. We win two by cards, but their Jo "
                       "revoked twice. How many points is our game worth?")
    ruling = out["parts"]["ruling"][0]
    assert ruling.startswith("At best 3 points") and "one penalty for each revoke" in ruling


def test_rubber_told_game_by_game_with_the_losers_score(answerer, records):
    """Each game's value from the losers' score when it was won (English 8): a treble (love), the
    other side's double (we had one), a double (they had two); the rubber, net (English 10)."""
    out = answerer.ask("We won the first game while they were still at love, they won the second when we had "
                       "one point, and we won the third when they were at two. What do we make on the rubber?")
    assert next(f["value"] for f in out["checker"]["facts"] if f["fact"] == "rubber_games") == [
        {"won_by": "AB", "loser_score": 0}, {"won_by": "YZ", "loser_score": 1}, {"won_by": "AB", "loser_score": 2}]
    assert "5 points net" in out["parts"]["ruling"][0]


def test_honours_asked_alone_are_counted_from_the_cards_named(answerer, records):
    """English 3: three honours of the trump suit the story names score two; at four they score
    nothing (English 4); the number comes first."""
    out = answerer.ask("Spades were trumps. I held the king and queen of spades and my partner the ace of spades; "
                       "they had the knave. How many points do we score for honours?")
    assert out["parts"]["ruling"][0].startswith("2 points by honours for your side"), out["parts"]["ruling"]
    out = answerer.ask("We were at four and held three honours. How many points do we get for honours?")
    assert out["parts"]["ruling"][0].startswith("0 points by honours"), out["parts"]["ruling"]


def test_rubber_value_is_net_of_the_losers_game(answerer, records):
    """English 10: the losers' game is deducted; the net comes first."""
    out = run(answerer, records, "Three games: we won the first as a double, they won the second as a single, "
                                 "and we took the last as a treble. What is the rubber worth to us?")
    assert out.ruling.startswith("Your side (A-B) win the rubber: 6 points net (7 gross"), out.ruling


def test_score_asked_for_the_other_side_comes_first(answerer, records):
    out = run(answerer, records, "Love all. They made eight tricks and held no honours. What is their score now?")
    assert "the score after the hand: Y-Z 2, A-B 0" in out.ruling, out.ruling


@pytest.mark.parametrize("step,names,first,expected", [
    ("Y claimed the rest: Z's cards must be laid on the table", {"Y": "Kim"}, True,
     "Kim claimed the rest: Kim's partner's cards must be laid on the table"),
    # a seat the question did not name, by its place from the asker or from a named player
    ("Z may call a suit from Y", {}, True, "your right-hand opponent may call a suit from your left-hand opponent"),
    ("Y deals next; B cuts", {"A": "Bob"}, False, "the player on Bob's left deals next; Bob's partner cuts"),
    ("A must shuffle", {"Y": "Bob"}, False, "the player on Bob's right must shuffle"),
    ("YZ may call a suit from B or A at their next lead", {}, True,
     "the other side may call a suit from your partner or you at their next lead"),
    ("A's card is liable to be called", {}, True, "your card is liable to be called"),
    # "A" the article stays; without a name or a first person nothing changes
    ("A card faced in the pack: a new deal", {"A": "Tom"}, True, "A card faced in the pack: a new deal"),
    ("B revoked; YZ may claim", {}, False, "B revoked; YZ may claim"),
    # a side, told by a third person who named its players
    ("Yves touched the cards: AB cannot claim a new deal", {"Y": "Yves", "A": "Sue", "B": "Tom"}, False,
     "Yves touched the cards: Sue and Tom cannot claim a new deal"),
    ("Yves touched the cards: AB cannot claim a new deal", {"A": "Sue"}, False,
     "Yves touched the cards: Sue's side cannot claim a new deal"),
])
def test_rulings_name_the_seats_as_the_question_did(step, names, first, expected):
    assert checker.asker_terms(step, names, first) == expected


def test_american_points_by_cards_after_the_two_trick_penalty(answerer, records):
    """American 1894 30 transfers two tricks; American 1 counts each trick above six."""
    out = run(answerer, records, "American rules: we took 5 tricks and they took 8, but one of them revoked. "
                                 "After the penalty, how many points do we score for the hand?", "american-1894")
    assert out.ruling.startswith("Your side (A-B): 1 point (1 by cards)"), out.ruling
    assert "A-B 7, Y-Z 6" in out.ruling


def test_a_composite_ruling_shows_each_rule_it_rests_on(answerer, records):
    """"No" to a penalty after the partners consulted rests on law 62 (the penalty) and law 84
    (consulting loses it): the ruling gives both, in the order applied."""
    out = run(answerer, records, "The other side led out of turn, and my partner and I talked over which "
                                 "penalty to take. Can we still exact a penalty for that lead?")
    assert out.verdict == "no", out.ruling
    assert "(English law 62);" in out.ruling and out.ruling.rstrip(".").endswith("(English law 84)"), out.ruling


@pytest.mark.parametrize("where,verdict", [("right", "yes"), ("left", "no")])
def test_only_the_adversary_on_the_right_enforces_the_suit_call(answerer, records, where, verdict):
    """American 24: "The penalty can be enforced only by the adversary on the right of the player
    from whom a suit can lawfully be called"."""
    out = run(answerer, records, f"American rules. Kim led out of turn; later her partner Lou won a trick, so it is "
                                 f"Lou's lead. Max, who sits on Lou's {where}, wants to call a suit from Lou. Can Max "
                                 f"enforce the penalty?")
    assert out.verdict == verdict


def test_the_asker_is_you_with_the_verb_agreeing():
    assert checker.asker_terms("A misdeal loses the deal; A deals", {}, True) == "A misdeal loses the deal; you deal"
    assert checker.asker_terms("A has the lead", {}, True) == "you have the lead"
    assert checker.asker_terms("A (third hand) may call on B", {}, True) == "you (third hand) may call on your partner"


def test_a_trump_call_is_not_repeated_under_the_revised_code(answerer, records):
    """Revised 43: "Such call cannot be repeated" (English 53 says nothing of it)."""
    q = ("{code}: Lou named the trump card after the dealer had taken it up, so we called his highest trump and "
         "he played it. Can we call his highest trump again later in the hand?")
    assert run(answerer, records, q.format(code="Revised English code")).verdict == "no"
    assert run(answerer, records, q.format(code="English club code")).verdict is None


def test_the_size_of_the_revoke_penalty_in_america(answerer, records):
    """American 30: "the transfer of two tricks"; English 72: three tricks."""
    assert run(answerer, records, "Under the American laws is the revoke penalty three tricks?").verdict == "no"


@pytest.mark.parametrize("code,verdict", [("American rules (1894)", "no"), ("English club rules", "yes")])
def test_the_card_led_out_of_turn_as_a_card_liable_to_be_called(answerer, records, code, verdict):
    """American 20 I: liable to be called is every card faced on the table "but not including a
    card led out of turn" (the penalty is a suit, 24); English 62: the adversaries "may either call
    the card erroneously led, or may call a suit"."""
    q = f"{code}: Tim led out of turn. Can we call the card he led as an exposed card?"
    assert run(answerer, records, q).verdict == verdict


@pytest.mark.parametrize("question,verdict", [
    ("Cutting for the deal: Tom cut an ace, I cut a four, Sue a ten and Raj a king. Does Tom deal?", "yes"),
    ("Cutting for the deal: Tom cut a six, I cut a four, Sue a ten and Raj a king. Does Tom deal?", "no"),
])
def test_does_the_player_named_deal(answerer, records, question, verdict):
    """English 13 and 16: "The Ace is the lowest card"; "the lowest is the dealer"."""
    assert run(answerer, records, question).verdict == verdict


def test_the_new_deal_is_claimed_by_the_one_the_law_gives_it_to(answerer, records):
    """English 38: "a card exposed by either adversary gives that claim to the dealer" -- not to the
    side that exposed it (Drayson case 21)."""
    q = ("Al was dealing and I reached across the table for my drink; one of the cards he dealt hit my hand and "
         "flipped face up. English rules: can {who} claim a new deal?")
    assert run(answerer, records, q.format(who="we")).verdict == "no"
    assert run(answerer, records, q.format(who="Al")).verdict == "yes"


@pytest.mark.parametrize("code,verdict", [("American rules", "yes"), ("English club rules", None)])
def test_a_remark_on_the_score_before_the_partner_played(answerer, records, code, verdict):
    """American 35: "calls attention in any manner to the trick or to the score"; English 86 names
    only saying the trick is his, naming his card, drawing it: a remark on the score is not one."""
    q = (f"{code}. Before her partner played, Kim said 'we only need the odd trick, partner.' I am last to play "
         "to the trick. Can I make her partner play his highest or lowest?")
    assert run(answerer, records, q).verdict == verdict


@pytest.mark.parametrize("who,verdict", [("I", "no"), ("my partner", "yes")])
def test_the_one_who_may_call_the_suit(answerer, records, who, verdict):
    """American 24: "The penalty can be enforced only by the adversary on the right of the player,
    from whom a suit can lawfully be called" -- Dee leads next; I sit on Dee's left."""
    q = (f"American rules. The guy on my left led out of turn, and his partner Dee wins the lead first. I sit on "
         f"Dee's left. Can {who} be the one who calls the suit?")
    assert run(answerer, records, q).verdict == verdict


@pytest.mark.parametrize("ask,verdict", [("Can we just play on with it?", "no"), ("Do we have to redeal?", "yes")])
def test_a_card_faced_in_the_pack_cannot_be_waived(answerer, records, ask, verdict):
    """English 37 II: "There must be a new deal ... should any card be faced in the pack" -- the
    player who would keep it cannot waive it."""
    q = f"While dealing, Ann found the king of clubs face up in the middle of the pack and it went to me. I'd keep it. {ask}"
    assert run(answerer, records, q).verdict == verdict


def test_an_exception_is_not_doubted_by_the_wording_of_its_general_rule(answerer):
    """The model applies English 43 ("A misdeal loses the deal") and then the Double Dummy law
    ("There is no misdeal"); the wording of 43 is no witness against the exception."""
    d = answerer.answer("We play double dummy, only the two of us. My friend misdealt. "
                        "Does he lose his deal?").as_dict()
    assert d["verdict"] == "no"
    assert d["checker"]["trace"][-1]["law"] == "english/double-dummy/1"


@pytest.mark.parametrize("question,verdict", [
    ("Earlier my partner dropped his jack of clubs face up on the table. I lead a club and he plays "
     "the jack. The other side want to stop him, saying they mean to call it later. Can they stop him?", "no"),
    ("Tom dropped his queen face up and it lies exposed. Can Tom get rid of it on his partner's winning trick?", "yes"),
])
def test_an_exposed_card_may_be_played_by_its_owner(answerer, question, verdict):
    """Drayson cases 55, 129: "A player cannot be prevented from playing his exposed card" --
    asked either way round ("Can they stop him?" is read as the other way round of "may he?")."""
    assert answerer.answer(question).as_dict()["verdict"] == verdict


def test_asking_the_trump_suit_under_american_rules(answerer):
    """American 18: "A player may, however, ask what the trump suit is." """
    d = answerer.answer("We play American rules. Long after the dealer took up the trump card, my partner "
                        "asked what trumps were. Is he allowed to ask that?").as_dict()
    assert d["verdict"] == "yes"
    assert any(t["law"].startswith("american-1894/18") for t in d["checker"]["trace"])


def test_a_later_rule_that_overrides_is_not_doubted_by_the_wording_of_the_earlier(answerer):
    """English 62 allows the call of a suit; 84 takes the right away from partners who consult:
    the model applies both, and the wording of 62 ("may call a suit") is no witness against 84."""
    d = answerer.answer("Ravi on my left led out of turn. I asked my partner across the table: "
                        "'should we call the card or a suit?' Can we still call a suit?").as_dict()
    assert d["verdict"] == "no"
    assert [t["law"] for t in d["checker"]["trace"]][-1] == "english/84"


def test_losing_the_right_asks_the_other_way_round(answerer):
    """"Do we lose our right to a penalty?" is the other way round of "may we exact it?" (asks.yaml
    ``inverted``): English 84, consulting partners lose it -- yes."""
    d = answerer.answer("Y led out of turn. My partner and I talked it over, card or suit. "
                        "Do we lose our right to a penalty now?").as_dict()
    assert d["verdict"] == "yes"


def test_a_divided_revoke_penalty_loses_the_penalty(answerer):
    """English 72 IV and Drayson case 29: a divided penalty claimed loses the right to any."""
    d = answerer.answer("The other pair revoked. My partner announced we'd take two of their tricks and "
                        "add one point to our score. Do we still get any revoke penalty?").as_dict()
    assert "english/72/IV" in [t["law"] for t in d["checker"]["trace"]]
    assert d["verdict"] != "yes"     # "no", or an abstention when the wording of 72 reads otherwise


def test_a_penalty_of_points_that_makes_game_needs_no_tricks(answerer, records):
    """English 72 V: the penalty "takes precedence of every other score, e.g., the claimants two,
    their opponents nothing; the former add three to their score, and thereby win a treble game":
    the tricks, not told, do not matter (here they were at one: a double)."""
    out = run(answerer, records, "Score: us three, them one. Their Kim revoked and we added three to our score. "
                                 "What is our game worth?")
    assert out.ruling.startswith("Your side (A-B) wins the game, a double (2 points)"), out.ruling


def test_a_penalty_that_does_not_make_game_leaves_the_score_to_the_tricks(answerer, records):
    """The same penalty from love: five is not reached by it; the tricks, not told, decide."""
    out = run(answerer, records, "Score: us love, them one. Their Kim revoked and we added three to our score. "
                                 "What is our game worth?")
    assert "wins the game" not in (out.ruling or ""), out.ruling


def test_did_that_cost_us_the_penalty_asks_the_right_the_other_way_round(answerer, records):
    """English 84: partners who consult on the penalty lose their right -- "did that cost us the
    penalty?" is answered yes."""
    out = run(answerer, records, "Their Kim led out of turn. I said to my partner, 'shall we call a suit?' "
                                 "Did that cost us the penalty?")
    assert out.verdict == "yes", out.ruling


def test_the_claim_judged_is_the_one_the_judged_player_made(answerer, records):
    """English 37: a card faced in the pack, "there must be a new deal". "Is she right?" judges
    what she said (the redeal), not what the asker said before (playing on)."""
    out = run(answerer, records, "While Kim dealt, a card showed face up in the middle of the pack. I said I'd "
                                 "play on with it. Kim insists we have to deal again. Is she right?")
    assert out.facts["asks"] == "new_deal_compulsory"
    assert out.verdict == "yes", out.ruling


def test_a_suit_called_for_looking_at_a_quitted_trick_under_the_revised_code(answerer, records):
    """Revised 94: the quitted trick looked at again makes the offender's side liable to have a
    suit called -- the call is judged against that penalty (English 91 gives none)."""
    q = "Hoyle's revised code. Their Kim turned back the last trick to look at it. May we call a suit from her?"
    out = run(answerer, records, q, "english-revised")
    assert out.conclusions["penalties_available"] == {"call-suit": "AB"}
    assert out.verdict == "yes", out.ruling
    q = "Their Kim turned back the last trick to look at it. May we call a suit from her?"
    assert run(answerer, records, q).verdict != "yes"


def test_the_1890_penalty_point_is_not_taken_during_the_play(answerer, records):
    """American 1890, 18: "A penalty cannot be taken during the play"."""
    out = run(answerer, records, "1890 Chicago laws. Kim played out of turn. May we take the penalty point "
                                 "right now, in the middle of the hand?", "american-1890")
    assert out.conclusions["penalty_may_be_taken_during_play"] is False
    assert out.verdict == "no", out.ruling


def test_the_wording_of_the_deciding_law_is_no_witness_against_its_rule(answerer):
    """English 50: the rule reads the law's conditions (interrupted, claim not established); the
    wording reader sees only "not" in "asserting that it is not his deal" and would read "no"."""
    d = answerer.answer("While I was dealing the other side stopped me insisting it was not my deal. Turned out "
                        "it was. I then misdealt. Do I get to deal again?").as_dict()
    assert d["checker"]["facts"] and d["verdict"] == "yes", d["answer"][:300]


def test_drawing_from_the_spread_pack_under_the_american_code(answerer, records):
    """American 7: "Drawing cards from the outspread pack may be resorted to in place of cutting";
    the English code says nothing of it, so no verdict there."""
    q = "Instead of cutting for partners, may we fan the pack out face down and each pull a card?"
    out = run(answerer, records, "American rules. " + q, "american-1894")
    assert out.conclusions["drawing_allowed"] is True and out.verdict == "yes", out.ruling
    assert run(answerer, records, q).verdict is None


@pytest.mark.parametrize("question,verdict", [
    ("Kim walked out on the three of us and marched over to the other table. Do we have first claim ahead of her?",
     "yes"),
    ("Kim walked out on the three of us and marched over to the other table. Does Kim get in ahead of us?", "no"),
    ("Kim broke up our table and sat down at the next one. The three of us she left want seats there too. Do we "
     "have priority over her?", "yes"),
])
def test_the_table_broken_up_asked_of_either_side(answerer, records, question, verdict):
    """English 25: "If any one break up a table, the remaining players have the prior right to him
    of entry into any other" -- asked of the players left, or of the one who left (turned round)."""
    assert run(answerer, records, question).verdict == verdict


def test_a_side_loses_a_point_for_a_hand_of_twelve_under_the_1890_laws(answerer, records):
    """American 1890, 7: "If at the close of a hand a player is known to have held more or less
    than thirteen cards, his side loses a point." """
    out = run(answerer, records, "1890 Chicago laws. After the hand we found Kim had played with twelve cards "
                                 "all along. Does her side lose a point?", "american-1890")
    assert out.conclusions["wrong_number_costs_point"] is True and out.verdict == "yes", out.ruling


def test_the_trump_card_named_is_no_exposed_card(answerer, records):
    """English 53: a player naming the trump card "is liable to have his highest or lowest trump
    called" -- not to have the card laid face up as exposed (Drayson case 62)."""
    out = run(answerer, records, "Two tricks in, my partner asked what trumps were and the dealer answered 'I "
                                 "turned up the queen of clubs.' Can we make him put the queen face up as an "
                                 "exposed card?")
    assert out.conclusions["highest_or_lowest_trump_callable_from"] and out.verdict == "no", out.ruling


@pytest.mark.parametrize("question,verdict", [
    ("When we cut for partners, is the ace high?", "no"),
    ("When we cut for the deal, does the ace count as the low card?", "yes"),
])
def test_the_ace_in_cutting(answerer, records, question, verdict):
    """English 13: "The ace is the lowest card" -- asked either way round."""
    assert run(answerer, records, question).verdict == verdict


def test_asking_often_to_see_the_last_trick_carries_no_penalty(answerer, records):
    """English 91: "Any player may demand to see the last trick turned" -- asking often is no
    offence (Drayson case 137).  The model finds no penalty; the second witness may still hold the
    verdict back (the question is also close to "may he see it?"), but never says yes."""
    out = run(answerer, records, "English laws. My partner keeps asking to see the last trick, again and again, "
                                 "all evening. Is there any penalty for that?")
    assert out.conclusions["penalty_options"] == [] and out.conclusions["may_see_last_trick"] is True
    assert out.verdict in ("no", None), out.ruling


def test_a_side_named_by_a_participle_does_not_turn_the_question(answerer):
    """ "Can the losing pair make him pay?" asks English 88's question as it stands: "losing" names
    who they are; it does not turn the question round as "do we lose ...?" does."""
    d = answerer.answer("A bystander who had a bet on our rubber reminded us to score our honours, and we went on "
                        "to win. Can the losing pair make him pay their stakes?").as_dict()
    assert d["verdict"] == "yes"


def _hits(*ids):
    from types import SimpleNamespace
    return SimpleNamespace(laws=[SimpleNamespace(id=i) for i in ids], cases=[])


def test_retrieval_first_on_another_matter_does_not_contradict_the_asked_law():
    """The model decides on a law declared for the conclusion asked (revised 77, "is the revoke
    established?"); retrieval puts first laws none of which is declared for it (34, on claiming the
    rest): no contradiction. A retrieved law that is declared for it and the model did not apply
    (an exception missed: English 45 against 43 on "does the misdeal lose the deal?") still
    contradicts, and so does a model law not declared for what is asked."""
    step = [{"law": "english-revised/77", "step": "established"}]
    asked = ["english-revised/77", "english-revised/78"]
    assert checker._agreement(step, step, _hits("english-revised/34", "english-revised/44"), {}, asked)[0] == "confirmed"
    assert checker._agreement(step, step, _hits("english-revised/34", "english-revised/44"), {})[0] == "contradicted"
    assert checker._agreement(step, step, _hits("english-revised/78", "english-revised/34"), {},
                              ["english-revised/78"])[0] == "contradicted"
    misdeal = [{"law": "english/43", "step": "a misdeal loses the deal"}]
    assert checker._agreement(misdeal, misdeal, _hits("english/45", "english/38"), {},
                              ["english/43", "english/45"])[0] == "contradicted"


@pytest.mark.parametrize("question,first", [
    ("Revised laws. All four of us put our cards face up on the table, and then it turned out their side had "
     "revoked twice. We added to our own score for each. How many points do we add?", "6 points added"),
    ("Everyone threw their hands face up on the table, and then it came out that the other side had revoked. "
     "We deducted three from their score. How many points come off their score?", "3 points deducted"),
])
def test_points_of_revoke_penalties_in_hands_abandoned(answerer, question, first):
    """English 59 / revised 62: the hands abandoned, only the revoke penalties score, three points
    for each revoke (72 II), added to the claimants' score or deducted from the revokers'."""
    d = answerer.answer(question).as_dict()
    assert d["parts"]["ruling"][0].startswith(first), d["parts"]["ruling"]


def test_a_seat_before_a_verb_in_the_past_is_the_asker(answerer, records):
    assert checker.asker_terms("A interrupted the dealer and established the claim", {}, True) \
        == "you interrupted the dealer and established the claim"
    assert checker.asker_terms("A card exposed by Y", {}, True) == "A card exposed by your left-hand opponent"
    assert checker.asker_terms("A said the trick was his", {}, True) == "you said the trick was his"


def test_no_misdeal_found_keeps_the_deal(answerer, records):
    """English 44 VI: two cards to one hand, put right by moving one card before a third is dealt --
    not a misdeal, so the deal is not lost."""
    out = run(answerer, records, "The dealer gave me two cards together but, before dealing any more, fixed it "
                                 "by moving the one card to the next player. Does he lose the deal?")
    assert out.verdict == "no"


@pytest.mark.parametrize("question,verdict", [
    ("My partner's back is sore. May I deal for him without asking the opponents?", "no"),
    ("1890 Chicago laws. My partner kept chatting about the football in the middle of a hand. Is that a "
     "penalty?", "yes"),
])
def test_laws_whose_facts_were_read_answer(answerer, records, question, verdict):
    code = "american-1890" if "1890" in question else "english"
    assert run(answerer, records, question, code).verdict == verdict


def test_a_score_question_states_the_number_it_asks_first(answerer):
    """The number asked first: the asked side's score after the hand, or what the hand adds."""
    after = answerer.ask("We were at three and they were at one. We took eight tricks. What's our score now?")
    assert " ".join(after["parts"]["ruling"]).startswith("5: the score of your side (A-B) after the hand")
    added = answerer.ask("We were at three and they were at one. We took eight tricks. How many points do we "
                         "add to our score?")
    assert " ".join(added["parts"]["ruling"]).startswith("2: the points your side (A-B) add this hand")
