"""Mutation testing (kb/rules/mutation.py) of kb/rules/revoke.py and the American penalties, as unit
tests.  The first two situations are also rule examples now that the declarations
(kb/rules/conclusions.yaml) name the laws that reach them (``neither_can_win_game`` under American 30:
american-30-both-sides-revoke; ``card_liable_to_be_called`` under American 39:
american-39-wrong-penalty-for-an-exposed-card); the tests keep what an example cannot state: that one
revoke alone does not bar both sides.  Then situations in the shape of rule examples (English 74, 78,
"Dummy" II; American 33; American 1890, 20)."""
from __future__ import annotations

import pytest
import yaml

from kb.rules import evaluate
from kb.rules.scenarios import run
from tests.test_rules_mutants_trace import _bad_steps


def concl(code: str, facts: dict) -> dict:
    r = evaluate(facts, code)
    assert not _bad_steps(r.trace)
    return r.conclusions


def test_american_30_both_sides_revoke():
    # American 30: "it can be enforced for as many revokes as occur during the hand. The revoking side cannot
    # win the game in that hand; if both sides revoke, neither can win the game in that hand."
    c = concl("american-1894", {"revokes": [{"by": "A", "established": True, "claimed": True},
                                            {"by": "Y", "established": True, "claimed": True}]})
    assert c["neither_can_win_game"] is True and c["revoking_sides"] == ["AB", "YZ"]
    assert sorted((p["claimant"], p["revoking"], p["kind"]) for p in c["revoke_penalties"]) == \
        [("AB", "YZ", "two-tricks"), ("YZ", "AB", "two-tricks")]
    one = concl("american-1894", {"revoke": {"by": "A", "established": True, "claimed": True}})
    assert "neither_can_win_game" not in one and one["revoking_sides"] == ["AB"]


def test_american_39_wrong_penalty_frees_the_exposed_card():
    # American 20 makes A's exposed king liable to be called; Y calls a suit from A instead.  American 39:
    # "If the wrong adversary demands a penalty, or a wrong penalty is demanded, none can be enforced."
    c = concl("american-1894", {"exposed": [{"by": "A", "how": "dropped-face-up", "card": "KS"}],
                                "claims": [{"by": "Y", "penalty": "call-suit", "from_seat": "A"}]})
    assert c["claims_entitled"] == [False] and c["penalty_forfeited"] is True
    assert c["card_liable_to_be_called"] is False and c["call_valid"] is False



def steps(r) -> list[str]:
    return [t["step"] for t in r.trace]


def test_the_missing_penalty_is_asked_of_the_revoke_it_belongs_to():
    # A held none of the suit led (English 71: no revoke); Y revoked: the penalty asked is that of revokes[1]
    r = evaluate({"revokes": [{"by": "A", "held_suit_led": False, "established": True},
                              {"by": "Y", "held_suit_led": True, "established": True, "claimed": True}]}, "english")
    c = r.conclusions
    assert c["renounce_is_revoke"] is True and c["revoking_sides"] == ["YZ"]
    assert [(m["fact"], sorted(m["effects"])) for m in r.missing] == \
        [("revokes[1].penalty", ["add-three", "deduct-three", "take-three-tricks"])]
    assert r.missing[0]["effects"]["add-three"] == "see outcomes_by_penalty"
    assert "AB may take three tricks, or deduct three, or add three" in steps(r)


def test_no_knowledge_of_the_suit_held_decides_nothing_under_71():
    r = evaluate({"revoke": {"by": "A", "established": True, "claimed": True}}, "english")
    assert "renounce_is_revoke" not in r.conclusions
    assert "YZ may take three tricks, or deduct three, or add three" in steps(r)


def test_penalty_of_the_second_revoke_when_the_first_was_corrected():
    r = evaluate({"revokes": [{"by": "A", "trick_turned_and_quitted": False, "revoking_side_played_next": False},
                              {"by": "Y", "established": True, "claimed": True, "penalty": "add-three"}]}, "english")
    assert r.conclusions["revoke_penalties"] == [{"claimant": "AB", "revoking": "YZ", "kind": "add-three"}]
    assert "AB may take three tricks, or deduct three, or add three; chosen: add-three" in steps(r)


def test_options_are_shown_only_for_a_single_revoke():
    r = evaluate({"revokes": [{"by": "A", "established": True, "claimed": True, "penalty": "add-three"},
                              {"by": "Y", "established": True, "claimed": True}]}, "english")
    assert "revoke_penalty_options" not in r.conclusions
    assert r.conclusions["neither_can_win_game"] is True


def test_revoke_established_steps():
    assert steps(evaluate({"revoke": {"by": "A", "established": True}}, "english"))[0] == \
        "A's revoke is established (given)"
    assert steps(evaluate({"revoke": {"by": "A", "established": False}}, "english"))[0] == \
        "A's revoke is not established (given)"
    assert steps(evaluate({"revoke": {"by": "A", "thrown_down_after_renounce": True}}, "english"))[0] == \
        "the revoking side threw down the hand: established"
    assert steps(evaluate({"revoke": {"by": "A", "revoking_side_played_next": True}}, "english"))[0] == \
        "the revoking side played to the following trick: established"
    r = evaluate({"revoke": {"by": "A"}}, "english")
    assert steps(r) == ["establishment of the revoke"] and r.conclusions == {"revoke_established": None}
    assert r.missing[0]["effects"] == {"true": "the revoke is established", "false": "the renounce may still be corrected"}


def test_corrected_renounce_and_english_76():
    c = evaluate({"revoke": {"by": "A", "established": False}}, "english").conclusions
    assert c["renounce_corrected"] is True and c["later_cards_may_be_withdrawn"] is True
    assert c["highest_or_lowest_callable_from"] == "A"
    c = evaluate({"revoke": {"by": "A", "established": True, "claimed": True}}, "english").conclusions
    assert "renounce_corrected" not in c and "adversaries_may" not in c and "later_cards_may_be_withdrawn" not in c
    c = evaluate({"revoke": {"by": "A", "established": True, "claimed": True}}, "american-1890").conclusions
    assert "renounce_corrected" not in c
    r = evaluate({"revoke": {"by": "A", "established": False}}, "american-1890")
    assert r.conclusions["later_cards_may_be_withdrawn"] is True
    assert steps(r)[-2:] == ["corrected before the trick was quitted: only the penalty of one point (Law 18)",
                             "AB forfeit 1 point: deducted from their score or added to YZ, at the adversaries' "
                             "election (they may consult); claimed and scored after the hand, before the cut for "
                             "the next deal"]


def test_partners_may_consult_only_on_the_revoke():
    # English 84: "This rule does not apply in exacting the penalties for a revoke"
    r = evaluate({"revoke": {"by": "Y", "trick_turned_and_quitted": False, "revoking_side_played_next": False},
                  "claims": [{"by": "A", "consulted": True, "for_offence": "revoke"}]}, "english")
    assert r.conclusions["partners_may_consult"] is True
    r = evaluate({"lead": {"by": "Y", "proper": "A"},
                  "claims": [{"by": "A", "consulted": True, "for_offence": "lead", "penalty": "call-suit"}]}, "english")
    assert r.conclusions["penalty_forfeited"] is True and "partners_may_consult" not in r.conclusions
    r = evaluate({"revoke": {"by": "Y", "trick_turned_and_quitted": False, "revoking_side_played_next": False},
                  "claims": [{"by": "A", "for_offence": "revoke"}]}, "english")
    assert "partners_may_consult" not in r.conclusions


def test_partner_asked_when_the_revoke_is_given_as_established():
    r = evaluate({"revoke": {"by": "A", "partner_asked": True, "established": True}}, "english")
    assert "a player may ask his partner whether he has not a card of the suit renounced" in steps(r)
    assert r.conclusions["partner_may_ask"] is True


def test_abandoned_hands_a_penalty_the_law_gives():
    # English 59: "the adversaries may add three to their score, or deduct three" -- that claim stands
    c = evaluate({"hands_thrown_down": ["A", "B", "Y", "Z"],
                  "revoke": {"by": "Y", "established": True, "claimed": True, "penalty": "add-three"}}, "english").conclusions
    assert c["revoke_penalties"] == [{"claimant": "AB", "revoking": "YZ", "kind": "add-three"}]
    assert "revoke_penalty_forfeited" not in c and c["revoke_penalty_available"] == ["deduct-three", "add-three"]
    c = evaluate({"hands_thrown_down": ["A", "B", "Y", "Z"],
                  "revoke": {"by": "Y", "established": True, "claimed": True, "penalty": "take-three-tricks"}},
                 "english").conclusions
    assert c["revoke_penalties"] == [] and c["revoke_penalty_forfeited"] is True


def test_a_forfeited_penalty_leaves_the_revoking_side_free_to_win():
    # English 72 IV: a divided penalty is lost; 82 then bars no one
    c = evaluate({"score": {"AB": 0, "YZ": 4}, "tricks": {"YZ": 8},
                  "revoke": {"by": "Y", "established": True, "claimed": True, "penalty": "divided"}}, "english").conclusions
    assert c["revoke_penalty_forfeited"] is True and c["revoke_penalties"] == []
    assert "revoking_sides" not in c and c["game_won_by"] == "YZ"
    c = evaluate({"revoke": {"by": "A", "established": True, "claimed": True, "penalty": "add-three",
                             "penalty_after_revoking_side_scored": True}}, "english").conclusions
    assert c["revoke_penalties"] == [] and c["revoke_penalty_forfeited"] is True


def test_dummy_revoke_gives_no_right_to_play_out():
    c = evaluate({"dummy": "B", "revoke": {"by": "B", "trick_turned_and_quitted": True, "claimed": True}},
                 "english").conclusions
    assert c["revoke_established"] is True and "revoking_side_may_require_play_out" not in c


def test_american_31_needs_an_established_revoke():
    c = evaluate({"revoke": {"by": "A", "established": False}}, "american-1894").conclusions
    assert "revoking_side_may_require_play_out" not in c



def test_a_plain_established_revoke_in_full():
    r = evaluate({"revoke": {"by": "A", "established": True, "claimed": True, "penalty": "add-three"}}, "english")
    assert r.conclusions == {
        "revoke_established": True, "tricks_may_be_searched": True, "revoke_claim_allowed": True,
        "revoke_penalties": [{"claimant": "YZ", "revoking": "AB", "kind": "add-three"}],
        "revoke_penalty_available": ["take-three-tricks", "deduct-three", "add-three"], "revoke_penalty_allowed": True,
        "partners_may_consult": True, "revoking_side_may_require_play_out": True, "revoking_sides": ["AB"]}
    assert steps(r) == ["A's revoke is established (given)", "the claimants may search all the tricks at the end of the hand",
                        "claimed before the cut for the following deal",
                        "YZ may take three tricks, or deduct three, or add three; chosen: add-three",
                        "partners may consult on the revoke penalty", "the revoking side may require the hand to be played out",
                        "AB cannot win the game by this hand"]


@pytest.mark.parametrize("code, penalty, allowed", [
    # English 72 I / IV: three tricks, or three points deducted or added; "cannot be divided"
    ("english", "add-three", True), ("english", "divided", False),
    # American 30: "the transfer of two tricks" only
    ("american-1894", "two-tricks", True), ("american-1894", "add-three", False),
])
def test_the_penalty_chosen_is_one_the_law_gives(code, penalty, allowed):
    c = evaluate({"revoke": {"by": "A", "established": True, "claimed": True, "penalty": penalty}}, code).conclusions
    assert c["revoke_penalty_allowed"] is allowed
    assert "revoke_penalty_allowed" not in evaluate({"revoke": {"by": "A", "established": True, "claimed": True}},
                                                    code).conclusions


def test_a_revoke_by_no_one_named_is_asked():
    r = evaluate({"revoke": {"established": True, "claimed": True}}, "english")
    assert [m["fact"] for m in r.missing] == ["revokes[0].by"] and "revoking_sides" not in r.conclusions


def test_the_cut_for_the_next_deal():
    # English 78: "A revoke cannot be claimed after the cards have been cut for the following deal."
    r = evaluate({"revoke": {"by": "B", "established": True}}, "english")
    assert [(m["fact"], m["effects"]) for m in r.missing] == \
        [("cut_for_next_deal", {"true": "too late: the revoke cannot be claimed", "false": "the revoke may be claimed"})]
    r = evaluate({"revoke": {"by": "B", "established": True, "claimed": True}, "cut_for_next_deal": True}, "english")
    assert "claimed after the cards were cut for the following deal: too late" in steps(r)
    assert "revoke_penalties" not in r.conclusions and r.conclusions["revoke_claim_allowed"] is False
    c = evaluate({"revoke": {"by": "B", "established": False}, "cut_for_next_deal": False}, "english").conclusions
    assert "revoke_claim_allowed" not in c
    # Drayson case 31: the illegal cut does not bar the claim; the penalty is then enforced
    c = evaluate({"revoke": {"by": "B", "established": True, "claimed": True, "penalty": "add-three"},
                  "next_cut": {"by": "A", "presented": False, "dealing_begun": False}}, "english").conclusions
    assert c["revoke_penalties"] == [{"claimant": "YZ", "revoking": "AB", "kind": "add-three"}]


def test_english_74_steps():
    r = evaluate({"revoke": {"by": "A", "partner_asked": True, "answer": "no", "trick_turned_and_quitted": True,
                             "revoking_side_played_next": False}}, "english")
    assert steps(r)[1].endswith("asked before the trick was quitted: answered no, the revoke stands")
    r = evaluate({"revoke": {"by": "A", "partner_asked": True, "answer": "yes", "trick_turned_and_quitted": True,
                             "revoking_side_played_next": False}}, "english")
    assert steps(r)[1].endswith("asked before the trick was quitted: the renounce may be corrected")
    assert not any("mixed" in x for x in steps(r))


def test_dummy_steps():
    quitted = evaluate({"dummy": "B", "revoke": {"by": "B", "trick_turned_and_quitted": True}}, "english")
    assert "dummy is not liable to the penalty for a revoke; the trick was quitted: it stands good" in steps(quitted)
    found = evaluate({"dummy": "B", "revoke": {"by": "B", "established": False}}, "english")
    assert "dummy is not liable to the penalty for a revoke" in steps(found)


def test_english_76_names_the_player_or_him():
    r = evaluate({"revoke": {"established": False}}, "english")
    assert "or they may require him to play the highest or lowest card to that trick" in steps(r)


# ---------------------------------------------------------------- situations in the shape of rule examples
# Situations that kill mutants of a rule's condition, written as rule examples (kb/rules/README.md:
# facts, the expected conclusions as a subset, the laws the trace must cite) and run the same way
# (kb.rules.scenarios.run).  They are kept here rather than in kb/rules/examples: every rule example is
# also a prototype of the concordance (kb/present/concordance.py), whose computed relation to the
# American code of 1890 these extra prototypes moved below its floor (tests/test_concordance.py).
SITUATIONS = yaml.safe_load("""
    - name: 1890-20-revoking-side-stops-at-six
      description: 'American 1890, 20: A-B at four revoke and make three by cards; Y-Z add three to their own score:
        A-B''s tricks would take them to seven, but the revoking party can make no score that wins the game: six (the
        English code stops them at four).'
      source: american-1890/20
      input:
        code: american-1890
        facts:
          score: {AB: 4, YZ: 0}
          tricks: {AB: 9}
          revoke: {by: B, established: true, claimed: true, penalty: add-three}
      output: {score_after: {AB: 6, YZ: 3}, game_won_by: null, revoking_sides: [AB]}
      cites: [american-1890/20]
      note: 'American 1890, 20: "no score that wins the game can be made by the revoking party."'

    - name: case-031-dealing-begun
      description: 'Drayson, case 31 varied: A cuts before Y presented the pack, but Y accepts the cut and begins to
        deal; then Y-Z remember B''s revoke: the cut bars the claim.'
      source: drayson/case/31
      input:
        code: english
        facts:
          revoke: {by: B, established: true}
          next_cut: {by: A, presented: false, dealing_begun: true}
      output: {revoke_claim_allowed: false}
      cites: [english/78]
      note: 'Drayson, case 31: the illegal cut does not bar the claim "unless the dealer accepted it and began to deal".'

    - name: english-74-answered-no
      description: 'English 74: A renounces; B asks him before the trick is quitted whether he has none of the suit;
        A answers no, and the trick is then turned and quitted: the revoke is established.'
      source: english/74
      input:
        code: english
        facts:
          revoke: {by: A, partner_asked: true, answer: 'no', trick_turned_and_quitted: true, revoking_side_played_next: false}
      output: {revoke_established: true, partner_may_ask: true}
      cites: [english/73, english/74]
      note: 'English 74: "subsequent turning and quitting does not establish the revoke, and the error may be corrected,
        unless the question be answered in the negative".'

    - name: english-74-answered-no-trick-not-quitted
      description: 'English 74: A renounces; B asks him whether he has none of the suit; A answers no, but the trick
        has not been turned and quitted, nor has A or B played to the next: the revoke is not yet established.'
      source: english/74
      input:
        code: english
        facts:
          revoke: {by: A, partner_asked: true, answer: 'no', trick_turned_and_quitted: false, revoking_side_played_next: false}
      output: {revoke_established: false, partner_may_ask: true, renounce_corrected: true}
      cites: [english/73, english/74, english/76]

    - name: english-74-asked-then-played-next
      description: 'English 74: A renounces; B asks him whether he has none of the suit; A answers yes, but B has
        already played to the following trick: the revoke is established.'
      source: english/74
      input:
        code: english
        facts:
          revoke: {by: A, partner_asked: true, answer: 'yes', trick_turned_and_quitted: true, revoking_side_played_next: true}
      output: {revoke_established: true, partner_may_ask: true}
      cites: [english/73, english/74]
      note: 'English 74: the error may be corrected "unless the revoking player or his partner have led or played to the
        following trick".'

    - name: english-74-asked-when-established-given
      description: 'English 74: B asked A whether he had none of the suit, but the revoke is agreed to be established:
        the question changes nothing.'
      source: english/74
      input:
        code: english
        facts:
          revoke: {by: A, partner_asked: true, established: true, claimed: true}
      output: {revoke_established: true, partner_may_ask: true, revoking_sides: [AB]}
      cites: [english/73, english/74, english/82]

    - name: english-78-claimed-after-cut
      description: 'English 78: B revoked and the revoke was established; Y-Z claim it only after the cards have been
        cut for the following deal: too late, no penalty.'
      source: english/78
      input:
        code: english
        facts:
          revoke: {by: B, established: true, claimed: true, penalty: add-three}
          cut_for_next_deal: true
      output: {revoke_established: true, revoke_claim_allowed: false}
      cites: [english/78]
      note: 'English 78: "A revoke cannot be claimed after the cards have been cut for the following deal."'

    - name: english-78-claimed-after-cut-not-established
      description: 'English 78: Y-Z say B renounced in error, but claim it only after the cards have been cut for the
        following deal; whether the revoke was established is not told: too late either way.'
      source: english/78
      input:
        code: english
        facts:
          revoke: {by: B, claimed: true}
          cut_for_next_deal: true
      output: {revoke_claim_allowed: false}
      cites: [english/78]

    - name: english-78-claimed-after-next-cut
      description: 'English 78: B revoked, established; the dealer of the next hand presented the pack and Z cut it;
        only then do Y-Z claim the revoke: too late.'
      source: english/78
      input:
        code: english
        facts:
          revoke: {by: B, established: true, claimed: true}
          next_cut: {by: Z, presented: true}
      output: {revoke_claim_allowed: false}
      cites: [english/78]

    - name: english-78-claimed-before-cut
      description: 'English 78: B revoked, established; Y-Z claim it before the cards are cut for the following deal
        and choose to add three: the penalty is enforced.'
      source: english/78
      input:
        code: english
        facts:
          revoke: {by: B, established: true, claimed: true, penalty: add-three}
          cut_for_next_deal: false
      output: {revoke_claim_allowed: true, revoking_sides: [AB],
               revoke_penalties: [{claimant: YZ, revoking: AB, kind: add-three}]}
      cites: [english/78, english/72/I]

    - name: english-78-revoking-side-wins-after-cut
      description: 'English 78, 82: Y-Z, at four, win two by cards; Y had revoked, but A-B claim it only after the cut
        for the following deal: no penalty, and Y-Z have won the game.'
      source: english/78
      input:
        code: english
        facts:
          score: {AB: 0, YZ: 4}
          tricks: {YZ: 8}
          revoke: {by: Y, established: true, claimed: true}
          cut_for_next_deal: true
      output: {revoke_claim_allowed: false, game_won_by: YZ}
      cites: [english/78]

    - name: english-dummy-II-corrected
      description: 'English, "Dummy" II: dummy (B) renounces holding the suit; the error is seen before the trick is
        turned and quitted: the revoke is not established, and dummy pays no penalty.'
      source: english/dummy/II
      input:
        code: english
        facts:
          dummy: B
          revoke: {by: B, trick_turned_and_quitted: false, revoking_side_played_next: false}
      output: {dummy_not_liable_for_revoke: true, revoke_established: false, revoke_penalties: []}
      cites: [english/dummy/II, english/73]
      note: '"Dummy" II: "should he revoke and the error not be discovered until the trick is turned and quitted, it
        stands good" -- found before, it does not.'

    - name: english-dummy-II-partner-revokes
      description: 'English, "Dummy" II: B is dummy; A, his partner, who plays dummy''s hand, revokes from his own hand
        and the trick is turned and quitted: A is liable to the penalty; only dummy is not.'
      source: english/dummy/II
      input:
        code: english
        facts:
          dummy: B
          revokes:
          - {by: A, trick_turned_and_quitted: true, claimed: true, penalty: add-three}
      output: {revoke_established: true, revoke_penalties: [{claimant: YZ, revoking: AB, kind: add-three}]}
      cites: [english/73, english/72/I]

    - name: american-33-claimed-after-cut
      description: 'American 30, 33: Y-Z win two by cards; Y had revoked, but A-B claim it only after the cards have
        been presented and cut for the following deal: no tricks are transferred, Y-Z score two.'
      source: american-1894/30
      input:
        code: american-1894
        facts:
          score: {AB: 0, YZ: 0}
          tricks: {YZ: 8}
          revoke: {by: Y, established: true, claimed: true}
          cut_for_next_deal: true
      output: {revoke_claim_allowed: false, score_after: {AB: 0, YZ: 2}}
      cites: [american-1894/33]
      note: 'American 33: "The revoke can be claimed at any time before the cards have been presented and cut for the
        following deal, but not thereafter."'
""")


@pytest.mark.parametrize("example", SITUATIONS, ids=[d["name"] for d in SITUATIONS])
def test_situation(example):
    res = run(example)
    assert res.passed, "\n".join(res.mismatches)
    assert not _bad_steps(res.ruling.trace)
