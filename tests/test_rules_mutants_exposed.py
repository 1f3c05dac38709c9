"""Mutation testing (kb/rules/mutation.py) of kb/rules/exposed.py, as unit tests: what revised 63 says
of a detached card (these agree with the English ruling, so they cannot be revised rule examples,
which must each show a difference: tests/test_rules_codes.py), and the missing fact it asks; then
situations in the shape of rule examples (American 20, 36; American 1890, 12; English 56, 58)."""
from __future__ import annotations

import pytest
import yaml

from kb.rules import evaluate
from kb.rules.scenarios import run
from tests.test_rules_mutants_trace import _bad_steps

KS_NAMED = {"by": "A", "how": "detached", "card": "KS", "named_by": "Y", "named_correctly": True}


def rule(code: str, facts: dict):
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r


def test_revised_63_named_at_once_is_exposed():
    # Revised 63: "If a card be detached from the rest of the hand, which an adversary at once correctly
    # names, such card becomes an exposed card"
    r = rule("english-revised", {"exposed": [dict(KS_NAMED, named_at_once=True)]})
    assert r.conclusions["card_liable_to_be_called"] is True
    assert r.conclusions["cards_liable_to_be_called"] == [{"by": "A", "card": "KS"}]
    assert r.missing == []
    assert r.trace == [{"law": "english-revised/63",
                        "step": "the detached card was at once correctly named: it is an exposed card"}]


def test_revised_63_asks_whether_named_at_once():
    r = rule("english-revised", {"exposed": [KS_NAMED]})
    assert r.conclusions["card_liable_to_be_called"] is True
    assert r.conclusions["cards_liable_to_be_called"] == [{"by": "A", "card": "KS"}]
    assert [(m["fact"], m["effects"]) for m in r.missing] == \
        [("exposed[0].named_at_once", {"true": "it is an exposed card", "false": "it is not an exposed card"})]
    assert r.trace[0]["step"] == "the detached card was named: it is an exposed card if named at once"


def test_revised_63_not_named_or_named_wrongly():
    r = rule("english-revised", {"exposed": [{"by": "A", "how": "detached", "card": "KS"}]})
    assert r.trace == [{"law": "english-revised/63",
                        "step": "a detached card becomes exposed only if an adversary at once correctly names it"}]
    r = rule("english-revised", {"exposed": [dict(KS_NAMED, named_correctly=False)]})
    assert r.conclusions["suit_callable_from"] == "YZ" and r.conclusions["card_liable_to_be_called"] is False
    assert r.trace[0]["step"].endswith("when either next has the lead")
    r = rule("english", {"exposed": [dict(KS_NAMED, named_correctly=False)]})
    assert r.trace[0]["step"].endswith("when either first has the lead")



def test_hands_face_up_are_listed_once_each():
    # English 56: a hand placed face upward exposes the whole hand ("the conventional penalty", case 12)
    r = rule("english", {"exposed": [{"by": "A", "how": "hand-face-up"}, {"by": "Y", "how": "hand-face-up"},
                                     {"by": "A", "how": "hand-face-up"}]})
    assert r.conclusions["hand_liable_to_be_called"] == ["A", "Y"]


def test_an_exposed_card_whose_owner_is_not_told():
    r = rule("english", {"exposed": [{"how": "dropped-face-up"}]})
    assert r.conclusions["card_liable_to_be_called"] is True
    assert r.trace[0]["step"].startswith("the player's card was exposed")


def test_american_22_and_23_add_to_the_cards_already_liable():
    c = rule("american-1894", {"exposed": [{"by": "Y", "how": "dropped-face-up", "card": "KS"}],
                               "played_without_waiting": {"by": "A"}}).conclusions
    assert c["cards_liable_to_be_called"] == [{"by": "Y", "card": "KS"},
                                              {"by": "A", "card": "the other cards played without waiting"}]
    assert c["partner_may_be_called_to_win"] == "B"
    c = rule("american-1894", {"exposed": [{"by": "Y", "how": "dropped-face-up", "card": "KS",
                                            "another_played_before_decision": True}]}).conclusions
    assert c["card_liable_to_be_called"] is True
    assert c["cards_liable_to_be_called"] == [{"by": "Y", "card": "KS"},
                                              {"by": "Y", "card": "the card played before the decision"}]
    c = rule("english", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}],
                         "played_without_waiting": {"by": "Y"}}).conclusions
    assert c["cards_liable_to_be_called"] == [{"by": "A", "card": "KS"},
                                              {"by": "Y", "card": "the other cards played without waiting"}]


def test_american_20_three_hands_thrown_down():
    r = rule("american-1894", {"hands_thrown_down": ["A", "B", "Y"]})
    assert r.conclusions == {"hand_liable_to_be_called": ["A", "B", "Y"], "card_liable_to_be_called": True,
                             "hands_abandoned": False}
    assert r.trace[0]["step"] == "A, B, Y's cards are faced upon the table: liable to be called"



def test_english_56_a_card_below_the_table():
    # English 56: "a card is not an exposed card when dropped on the floor, or elsewhere below the table"
    r = rule("english", {"exposed": [{"by": "B", "how": "dropped-on-floor"}]})
    assert r.conclusions == {"card_liable_to_be_called": False}
    assert r.trace == [{"law": "english/56", "step": "B's card dropped below the table: not an exposed card"}]
    r = rule("english", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"},
                                     {"by": "B", "how": "dropped-on-floor"}]})
    assert r.conclusions["card_liable_to_be_called"] is True
    r = rule("english", {"exposed": [{"by": "B", "how": "dropped-on-floor"},
                                     {"by": "A", "how": "dropped-face-up", "card": "KS"}]})
    assert r.conclusions["cards_liable_to_be_called"] == [{"by": "A", "card": "KS"}]
    assert "A's card is liable to be called: he cannot be prevented from playing it" in [t["step"] for t in r.trace]


def test_english_56_steps():
    two = rule("english", {"exposed": [{"by": "A", "how": "two-at-once"}]})
    assert two.trace[0]["step"].startswith("A played two cards at once: both are exposed")
    fell = rule("english", {"exposed": [{"by": "A", "how": "dropped-face-up", "fell_below_table": True}]})
    assert fell.trace[0]["step"] == "A's card fell face upward on the table before falling below it: it is exposed"
    shown = rule("english", {"exposed": [{"by": "A", "how": "shown", "fell_below_table": True}]})
    assert shown.trace[0]["step"] == "A's card was exposed on or above the table: liable to be called and left on the table"


def test_english_58_who_retains_his_hand():
    three = rule("english", {"hands_thrown_down": ["A", "B", "Y"]})
    assert three.trace[0]["step"].endswith("; Z, the only one to keep the cards in hand, cannot be forced to abandon it")
    assert three.conclusions["card_liable_to_be_called"] is True
    assert three.conclusions["retained_hand_may_be_forced"] is False
    two = rule("english", {"hands_thrown_down": ["A", "Y"]})
    assert two.trace[0]["step"].startswith("A, Y threw their cards face upward")
    assert two.trace[0]["step"].endswith("; a player who retains his hand cannot be forced to abandon it")
    assert "hand_retained_by" not in two.conclusions
    four = rule("english", {"hands_thrown_down": ["A", "B", "Y", "Z"]})
    assert "hand_liable_to_be_called" not in four.conclusions
    assert four.conclusions["revoke_claim_barred_by_abandonment"] is False and four.conclusions["hands_abandoned"] is True
    shown = rule("english", {"exposed": [{"by": "Y", "how": "hand-face-up"}], "hands_thrown_down": ["A"]})
    assert shown.conclusions["hand_liable_to_be_called"] == ["A", "Y"]


def test_english_58_a_remark_keeps_the_hands_already_liable():
    r = rule("english", {"exposed": [{"by": "Y", "how": "hand-face-up"}], "rest_claimed_by": "A"})
    assert r.conclusions["hand_liable_to_be_called"] == ["Y"]


def test_english_60_named_or_described():
    named = rule("english", {"exposed": [{"by": "A", "how": "detached", "card": "KC", "named_by": "Y",
                                          "named_as": "king of clubs"}]})
    assert named.conclusions["card_liable_to_be_called"] is True
    wrong = rule("english", {"exposed": [{"by": "Y", "how": "detached", "named_by": "A", "named_correctly": False}]})
    assert wrong.trace[0]["step"] == "A named a wrong card: a suit may be called from AB when either first has the lead"
    unnamed = rule("english", {"exposed": [{"by": "Y", "how": "detached"}]})
    assert unnamed.trace == [{"law": "english/60", "step": "a detached card is liable to be called if the adversary names it"}]


def test_dummy_iii_keeps_the_adversaries_cards():
    r = rule("english", {"dummy": "B", "exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"},
                                                   {"by": "Y", "how": "dropped-face-up", "card": "QH"}]})
    assert r.conclusions["cards_liable_to_be_called"] == [{"by": "Y", "card": "QH"}]
    assert r.conclusions["card_liable_to_be_called"] is True
    r = rule("english", {"dummy": "B", "exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}]})
    assert r.conclusions["cards_liable_to_be_called"] == [] and r.conclusions["card_liable_to_be_called"] is False


def test_the_owner_may_play_only_a_liable_card():
    r = rule("english", {"exposed": [{"by": "B", "how": "dropped-on-floor"}]})
    assert "owner_may_play_exposed_card" not in r.conclusions
    r = rule("american-1894", {"exposed": [{"by": "B", "how": "dropped-on-floor"},
                                           {"by": "A", "how": "dropped-face-up", "card": "KS"}]})
    assert "A's card is liable to be called: he cannot be prevented from leading or playing it" in \
        [t["step"] for t in r.trace]



def test_american_20_steps_and_the_hands_already_liable():
    steps = lambda r: [t["step"] for t in r.trace]
    r = rule("american-1894", {"exposed": [{"by": "Z", "how": "hand-face-up"}], "hands_thrown_down": ["A"]})
    assert r.conclusions["hand_liable_to_be_called"] == ["A", "Z"]
    assert "Z's cards faced upon the table: all liable to be called (20 I)" in steps(r)
    r = rule("american-1894", {"exposed": [{"by": "Z", "how": "dropped-face-up"}]})
    assert "Z's card faced upon the table out of the regular course of play: liable (20 I)" in steps(r)
    r = rule("american-1894", {"exposed": [{"by": "A", "how": "lowered", "cards_seen": 1}]})
    assert "A's card seen by his partner is liable (20 III)" in steps(r)
    r = rule("american-1894", {"exposed": [{"by": "A", "how": "lowered", "cards_seen": 2}]})
    assert steps(r)[0].endswith("all the cards in it are liable to be called (20 IV)")
    # American 23: the other card played before the decision is liable, whatever became of the first
    r = rule("american-1894", {"exposed": [{"by": "A", "how": "dropped-on-floor", "another_played_before_decision": True}]})
    assert r.conclusions["card_liable_to_be_called"] is True


def test_american_1890_12_steps():
    steps = lambda r: [t["step"] for t in r.trace]
    assert steps(rule("american-1890", {"exposed": [{"by": "A", "how": "dropped-on-floor"}]})) == \
        ["A's card fell on the floor: not liable to penalty"]
    assert steps(rule("american-1890", {"exposed": [{"by": "A", "how": "shown", "seen_by_adversaries_only": True}]})) == \
        ["A's card was seen by the adversaries only: not liable to penalty"]
    two = steps(rule("american-1890", {"exposed": [{"by": "A", "how": "two-at-once"}]}))
    assert two[0] == "A's cards could be seen by B: 2 exposed cards, one point each (Law 18)"
    one = steps(rule("american-1890", {"exposed": [{"by": "A", "how": "shown"}]}))
    assert one[0] == "A's card could be seen by B: 1 exposed card, one point each (Law 18)"


# ---------------------------------------------------------------- situations in the shape of rule examples
# Situations that kill mutants of a rule's condition, written as rule examples (kb/rules/README.md:
# facts, the expected conclusions as a subset, the laws the trace must cite) and run the same way
# (kb.rules.scenarios.run).  They are kept here rather than in kb/rules/examples: every rule example is
# also a prototype of the concordance (kb/present/concordance.py), whose computed relation to the
# American code of 1890 these extra prototypes moved below its floor (tests/test_concordance.py).
SITUATIONS = yaml.safe_load("""
    - name: 1890-12-dropped-on-floor-then-shown
      description: 'American 1890, 12: A drops a card on the floor, and B shows a card so that A can see it: the card
        on the floor is no penalty, B''s card one point.'
      source: american-1890/12
      input:
        code: american-1890
        facts:
          exposed:
          - {by: A, how: dropped-on-floor}
          - {by: B, how: shown}
      output: {card_liable_to_be_called: false, penalty_points: 1, penalty_claimants: YZ}
      cites: [american-1890/12]

    - name: 1890-12-dropped-on-floor
      description: 'American 1890, 12: A drops a card on the floor: not liable to penalty.'
      source: american-1890/12
      input:
        code: american-1890
        facts:
          exposed:
          - {by: A, how: dropped-on-floor}
      output: {card_liable_to_be_called: false, penalty_points: 0}
      cites: [american-1890/12]

    - name: 1890-12-three-cards-seen
      description: 'American 1890, 12: Y lowers his hand so that Z can see three of his cards, and drops another face
        upward: a point for each card, four.'
      source: american-1890/12
      input:
        code: american-1890
        facts:
          exposed:
          - {by: Y, how: lowered, cards_seen: 3}
          - {by: Y, how: dropped-face-up}
      output: {penalty_points: 4, penalty_claimants: AB, one_point_penalty: {from: YZ, to: AB, points: 4}}
      cites: [american-1890/12, american-1890/18]
      note: 'American 1890, 12: "Exposed cards are cards which, whether fallen on table, played in error, or held in
        hand, may be seen by partner ... The penalty is one point for each card."'

    - name: 1890-12-detached-not-named
      description: 'American 1890, 12: a card of A''s hand is detached but no one names it, and B drops a card face
        upward: one point, for B''s card.'
      source: american-1890/12
      input:
        code: american-1890
        facts:
          exposed:
          - {by: A, how: detached}
          - {by: B, how: dropped-face-up}
      output: {penalty_points: 1}
      cites: [american-1890/12]

    - name: 1890-12-both-sides-expose
      description: 'American 1890, 12: A and Y each drop a card face upward: a point against each side, and no one side
        claims both.'
      source: american-1890/12
      input:
        code: american-1890
        facts:
          exposed:
          - {by: A, how: dropped-face-up}
          - {by: Y, how: dropped-face-up}
      output: {penalty_points: 2, card_liable_to_be_called: false}
      cites: [american-1890/12]

    - name: american-20-hand-thrown-down
      description: 'American 20 I: A throws his cards face upward on the table: all of them are liable to be called.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed: [{by: A, how: thrown-down}]
      output: {hand_liable_to_be_called: [A], card_liable_to_be_called: true}
      cites: [american-1894/20]
      note: 'American 20: "I. Every card faced upon the table otherwise than in the regular course of play".'

    - name: american-20-one-card-seen
      description: 'American 20 III: A holds his cards so that B sees one of them, the queen of hearts: that card is
        liable to be called, not his hand.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed: [{by: A, how: lowered, cards_seen: 1, card: QH}]
      output: {hand_liable_to_be_called: [], cards_liable_to_be_called: [{by: A, card: QH}], card_liable_to_be_called: true}
      cites: [american-1894/20]
      note: 'American 20: "III. Every card so held by a player that his partner sees any portion of its face."'

    - name: american-20-hand-lowered
      description: 'American 20 IV: A lowers his hand so that B sees two of his cards: all the cards in it are liable
        to be called.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed: [{by: A, how: lowered, cards_seen: 2}]
      output: {hand_liable_to_be_called: [A], card_liable_to_be_called: true}
      cites: [american-1894/20]
      note: 'American 20: "IV. All the cards in a hand lowered or shown by a player so that his partner sees more than
        one card of it."'

    - name: american-20-detached-after-exposed
      description: 'American 20: A drops the king of spades face upward; later a card of B''s hand is detached and Y
        names it: A''s king is liable to be called, B''s card is not.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed:
          - {by: A, how: dropped-face-up, card: KS}
          - {by: B, how: detached, named_by: Y}
      output: {cards_liable_to_be_called: [{by: A, card: KS}], card_liable_to_be_called: true}
      cites: [american-1894/20]

    - name: american-20-detached-only
      description: 'American 20: a card of B''s hand is detached and Y names it: it is not among the cards liable to be
        called (English 60 would make it so).'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed: [{by: B, how: detached, named_by: Y, named_correctly: true}]
      output: {card_liable_to_be_called: false}
      cites: [american-1894/20]

    - name: american-20-floor-after-exposed
      description: 'American 20: A drops the king of spades face upward, and B drops a card on the floor: A''s king is
        liable to be called; B''s card is not faced upon the table.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed:
          - {by: A, how: dropped-face-up, card: KS}
          - {by: B, how: dropped-on-floor}
      output: {cards_liable_to_be_called: [{by: A, card: KS}], card_liable_to_be_called: true}
      cites: [american-1894/20]

    - name: american-20-floor-only
      description: 'American 20: B drops a card on the floor: it is not faced upon the table, not liable to be called.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed: [{by: B, how: dropped-on-floor}]
      output: {card_liable_to_be_called: false}
      cites: [american-1894/20]

    - name: american-20-fell-to-floor-then-named
      description: 'American 20: A''s card falls face upward straight to the floor, not on the table; then B names a
        card he holds, the ace of hearts: B''s ace is liable to be called, A''s card is not.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed:
          - {by: A, how: dropped-face-up, fell_below_table: false, card: 2C}
          - {by: B, how: named, card: AH}
      output: {cards_liable_to_be_called: [{by: B, card: AH}], card_liable_to_be_called: true}
      cites: [american-1894/20]

    - name: american-20-some-hands-thrown-down
      description: 'American 20 I, 27: A and Y throw their cards face upward on the table; B and Z keep theirs: the hands
        are not abandoned, and A''s and Y''s cards are liable to be called.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          hands_thrown_down: [Y, A]
      output: {hand_liable_to_be_called: [A, Y], card_liable_to_be_called: true, hands_abandoned: false}
      cites: [american-1894/20/I]
      note: 'American 27 abandons the hand only "if all four players throw their cards on the table".'

    - name: american-36-rest-claimed-after-hand-shown
      description: 'American 20, 36: Y throws his cards face upward; then B says "the rest are ours": A''s cards must
        be laid on the table, and Y''s and A''s cards are liable to be called.'
      source: american-1894/20
      input:
        code: american-1894
        facts:
          exposed: [{by: Y, how: thrown-down}]
          rest_claimed_by: B
      output: {hand_liable_to_be_called: [A, Y], card_liable_to_be_called: true}
      cites: [american-1894/20, american-1894/36]

    - name: english-58-thrown-down-as-exposed
      description: 'English 58: A throws his cards face upward on the table, thinking the game won: all his cards are
        exposed and liable to be called.'
      source: english/58
      input:
        code: english
        facts:
          exposed: [{by: A, how: thrown-down}]
      output: {hand_liable_to_be_called: [A], card_liable_to_be_called: true, hands_abandoned: false}
      cites: [english/58]

    - name: english-58-lowered-after-exposed
      description: 'English 56, 58; Drayson case 97: A drops the king of spades face upward, and B lowers his hand so that
        A sees it: A''s king is liable to be called; B''s hand is not.'
      source: english/58
      input:
        code: english
        facts:
          exposed:
          - {by: A, how: dropped-face-up, card: KS}
          - {by: B, how: lowered}
      output: {card_liable_to_be_called: true, cards_liable_to_be_called: [{by: A, card: KS}]}
      cites: [english/56, drayson/case/97]

    - name: english-58-lowered-after-hand-shown
      description: 'English 56; Drayson case 97: Y places his cards face upward on the table; Z lowers his hand so that Y
        sees it: Y''s hand is liable to be called, Z''s is not.'
      source: english/58
      input:
        code: english
        facts:
          exposed:
          - {by: Y, how: hand-face-up}
          - {by: Z, how: lowered}
      output: {hand_liable_to_be_called: [Y], card_liable_to_be_called: true}
      cites: [english/56, drayson/case/97]
""")


@pytest.mark.parametrize("example", SITUATIONS, ids=[d["name"] for d in SITUATIONS])
def test_situation(example):
    res = run(example)
    assert res.passed, "\n".join(res.mismatches)
    assert not _bad_steps(res.ruling.trace)
