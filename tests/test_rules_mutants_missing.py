"""Mutation testing (kb/rules/mutation.py): the facts the model asks for.

A rule that needs a fact the situation does not give returns ``Unknown(fact, question, effects)``
(kb/rules/README.md: "Unknown(fact, question, {value: effect}) (a fact it needs is missing)").  The
scenarios only check conclusions, so nothing checked what is asked: a mutant that drops the
question, names another fact or swaps the arguments survived.  Each witness below is a rule
example with the one fact the law turns on left out (the law named beside it); the ruling must ask
for that fact, and every question it asks must be well formed: a real path of the facts
(``situation.py``), a question a person can answer, effects for its values.
"""
from __future__ import annotations

import dataclasses
import re
import typing

import pytest

from kb.rules.core import REGISTRY
from kb.rules.engine import _set_path, _value, evaluate
from kb.rules.situation import Situation

#: (code, law, the fact it needs, facts without it) -- each from a rule example of that law
WITNESSES = [
    ('american-1890', 'american-1890/19', 'revokes[0].trick_turned_and_quitted',
     {'score': {'AB': 2, 'YZ': 3}, 'tricks': {'AB': 7}, 'revoke': {'by': 'Y', 'claimed': True, 'penalty': 'add-three'}}),
    ('american-1890', 'american-1890/8', 'remark.during_play',
     {'remark': {'by': 'A', 'kind': 'other'}, 'score': {'AB': 3, 'YZ': 4}}),
    ('american-1890', 'american-1890/8', 'remark.kind',
     {'remark': {'by': 'A', 'during_play': True}}),
    ('american-1894', 'american-1894/12', 'dealer',
     {'deal': {'shuffled_after_cut': True}}),
    ('american-1894', 'american-1894/16', 'deal.stopped_before_trump_turned',
     {'dealer': 'A', 'deal': {'out_of_turn': True, 'proper_dealer': 'Z'}}),
    ('american-1894', 'american-1894/17/deal-lost', 'dealer',
     {'deal': {'trump_looked_at_by': 'A'}}),
    ('american-1894', 'american-1894/2', 'cuts',
     {'cuts': {'B': '5', 'Y': '9', 'Z': 'K'}}),
    ('american-1894', 'american-1894/28', 'revokes[0].trick_turned_and_quitted',
     {'hands_thrown_down': ['A', 'B', 'Y', 'Z'], 'revoke': {'by': 'A', 'claimed': True}}),
    ('american-1894', 'american-1894/3', 'cuts',
     {'cuts': {'B': '9', 'Y': '9', 'Z': 'K'}, 'recuts': [{'B': '3', 'Y': 'J'}]}),
    ('american-1894', 'american-1894/33', 'cut_for_next_deal',
     {'revoke': {'by': 'A', 'failed_call': 'highest', 'trick_turned_and_quitted': True}}),
    ('american-1894', 'american-1894/34', 'cards_drawn_demand.after_gathering_touched',
     {'cards_drawn_demand': {'by': 'Y'}}),
    ('american-1894', 'american-1894/35', 'attention_called.leader',
     {'attention_called': {'by': 'B', 'how': 'says-his', 'before_partner_played': True}, 'claims': [{'by': 'Z', 'penalty': 'highest-or-lowest', 'from_seat': 'A'}]}),
    ('american-1894', 'american-1894/4', 'cuts',
     {'cuts': {'B': '9', 'Y': '9', 'Z': '9'}, 'recuts': [{'B': '3', 'Y': '5', 'Z': 'J'}]}),
    ('english-revised', 'english-revised/37/IV', 'deal.excess_by_adversary',
     {'dealer': 'A', 'deal': {'cards': {'A': 13, 'B': 12, 'Y': 14, 'Z': 13}}}),
    ('english-revised', 'english-revised/39', 'dealer',
     {'deal': {'touched_to_count': True}}),
    ('english-revised', 'english-revised/40', 'deal.discovered_after_first_trick',
     {'dealer': 'A', 'deal': {'cards': {'A': 12, 'B': 13, 'Y': 13, 'Z': 13}, 'pack_imperfect': True, 'discovered_after_play': True}}),
    ('english-revised', 'english-revised/63', 'exposed[0].named_at_once',
     {'exposed': [{'by': 'A', 'how': 'detached', 'card': 'KS', 'named_by': 'Y', 'named_correctly': True}]}),
    ('english-revised', 'english-revised/75/I', 'revokes[0].penalty',
     {'score': {'AB': 0, 'YZ': 0}, 'tricks': {'AB': 7}, 'revokes': [{'by': 'A', 'established': True, 'claimed': True}, {'by': 'Y', 'established': True, 'claimed': True, 'penalty': 'add-three'}]}),
    ('english-revised', 'english-revised/75/I', 'revokes[1].penalty',
     {'score': {'AB': 0, 'YZ': 0}, 'tricks': {'AB': 7}, 'revokes': [{'by': 'A', 'established': True, 'claimed': True, 'penalty': 'add-three'}, {'by': 'Y', 'established': True, 'claimed': True}]}),
    ('english-revised', 'english-revised/77', 'revokes[0].trick_turned_and_quitted',
     {'score': {'AB': 0, 'YZ': 0}, 'tricks': {'AB': 7}, 'revokes': [{'by': 'A', 'claimed': True, 'penalty': 'add-three'}, {'by': 'Y', 'established': True, 'claimed': True, 'penalty': 'add-three'}]}),
    ('english-revised', 'english-revised/77', 'revokes[1].trick_turned_and_quitted',
     {'score': {'AB': 0, 'YZ': 0}, 'tricks': {'AB': 7}, 'revokes': [{'by': 'A', 'established': True, 'claimed': True, 'penalty': 'add-three'}, {'by': 'Y', 'claimed': True, 'penalty': 'add-three'}]}),
    ('english-revised', 'english-revised/92', 'bystander.after_stakes_paid',
     {'bystander': {'remark_on_score_oversight': True}}),
    ('english', 'english/11', 'score_error.game_ended',
     {'dealer': 'Y', 'deal': {'misdeal': True, 'interrupted_by': 'A', 'interruption_established': True}, 'score_error': {'kind': 'points', 'proved': True, 'next_trump_turned': False}}),
    ('english', 'english/11', 'score_error.next_trump_quitted',
     {'dealer': 'Y', 'deal': {'misdeal': True, 'interrupted_by': 'A', 'interruption_established': True}, 'score_error': {'kind': 'points', 'proved': True, 'game_ended': True}}),
    ('english', 'english/16', 'cuts',
     {'cuts': {'A': '5', 'Y': '9', 'Z': 'K'}}),
    ('english', 'english/18', 'cuts',
     {'cuts': {'A': '10', 'Y': 'K', 'Z': 'K'}, 'recuts': [{'B': 'A', 'Y': '2', 'Z': '9'}]}),
    ('english', 'english/19', 'cuts',
     {'cuts': {'B': 'K', 'Y': 'K', 'Z': 'K'}, 'recuts': [{'B': 'A', 'Y': '2', 'Z': '9'}]}),
    ('english', 'english/3', 'honours.held',
     {'score': {'AB': 0, 'YZ': 2}, 'tricks': {'AB': 9}, 'honours': {'by_honours': {}}, 'revoke': {'by': 'A', 'established': True, 'claimed': True, 'penalty': 'divided'}}),
    ('english', 'english/36', 'dealer',
     {'deal': {'shuffled_after_cut': True}}),
    ('english', 'english/38', 'dealer',
     {'deal': {'exposed_by': 'A', 'touched_by': ['Y']}}),
    ('english', 'english/43', 'dealer',
     {'deal': {'two_cards_to_one_hand': True, 'third_card_dealt': True}}),
    ('english', 'english/44/I', 'dealer',
     {'deal': {'dealt_by': 'B', 'opponents_permitted': True, 'first_card_to': 'Z'}}),
    ('english', 'english/44/II', 'deal.trump_face_down_on_pack',
     {'dealer': 'A', 'deal': {'trump_face_down': True}}),
    ('english', 'english/44/VI', 'deal.rectified_by_one_card',
     {'dealer': 'A', 'deal': {'two_cards_to_one_hand': True}}),
    ('english', 'english/46', 'deal.discovered_after_play',
     {'deal': {'cards': {'A': 12, 'B': 13, 'Y': 13, 'Z': 13}}}),
    ('english', 'english/48', 'deal.stopped_before_trump_turned',
     {'dealer': 'A', 'deal': {'out_of_turn': True, 'proper_dealer': 'Z', 'trump_quitted': False}}),
    ('english', 'english/49', 'deal.opponents_permitted',
     {'dealer': 'A', 'deal': {'dealt_by': 'B', 'first_card_to': 'Z'}}),
    ('english', 'english/5', 'score',
     {'tricks': {'AB': 8}, 'honours': {'by_honours': {'AB': 2}, 'claimed_by': 'AB', 'points_said': 4, 'scored': True, 'next_trump_turned': True}}),
    ('english', 'english/50', 'deal.interruption_established',
     {'dealer': 'Y', 'deal': {'misdeal': True, 'interrupted_by': 'A'}}),
    ('english', 'english/6', 'honours.next_trump_quitted',
     {'honours': {'by_honours': {}, 'claimed_by': 'AB', 'game_said': True, 'scored': True, 'next_trump_turned': True}}),
    ('english', 'english/6', 'honours.next_trump_turned',
     {'honours': {'by_honours': {'AB': 2}, 'called': False}}),
    ('english', 'english/64', 'claims[0].holds_suit_led',
     {'exposed': [{'by': 'A', 'how': 'dropped-face-up', 'card': '3S'}], 'claims': [{'by': 'Z', 'penalty': 'call-card', 'suit_led': 'H', 'holds_suit_led': True}]}),
    ('english', 'english/72/I', 'revokes[0].penalty',
     {'bet': {'on': 'odd-trick', 'between': ['A', 'Y']}, 'score': {'AB': 2, 'YZ': 0}, 'tricks': {'YZ': 7}, 'revoke': {'by': 'YZ', 'established': True, 'claimed': True}}),
    ('english', 'english/72/I', 'revokes[1].penalty',
     {'score': {'AB': 0, 'YZ': 0}, 'tricks': {'AB': 9}, 'revokes': [{'by': 'Y', 'established': True, 'claimed': True, 'penalty': 'take-three-tricks'}, {'by': 'B', 'established': True, 'claimed': True}]}),
    ('english', 'english/73', 'revokes[0].trick_turned_and_quitted',
     {'bet': {'on': 'odd-trick', 'between': ['A', 'Y']}, 'score': {'AB': 2, 'YZ': 0}, 'tricks': {'YZ': 7}, 'revoke': {'by': 'YZ', 'claimed': True, 'penalty': 'add-three'}}),
    ('english', 'english/73', 'revokes[1].trick_turned_and_quitted',
     {'revokes': [{'by': 'A', 'partner_asked': True, 'answer': True, 'trick_turned_and_quitted': False, 'revoking_side_played_next': False}, {'by': 'A', 'failed_call': 'lowest', 'revoking_side_played_next': False}]}),
    ('english', 'english/78', 'cut_for_next_deal',
     {'bet': {'on': 'odd-trick', 'between': ['A', 'Y']}, 'score': {'AB': 2, 'YZ': 0}, 'tricks': {'YZ': 7}, 'revoke': {'by': 'YZ', 'established': True, 'penalty': 'add-three'}}),
    ('english', 'english/83', 'new_cards.after_cut',
     {'dealer': 'A', 'new_cards': {'called_by': 'Y'}}),
    ('english', 'english/85', 'cards_drawn_demand.after_gathering_touched',
     {'cards_drawn_demand': {'by': 'A', 'of': ['B']}}),
    ('english', 'english/86', 'attention_called.before_partner_played',
     {'attention_called': {'by': 'B', 'how': 'says-his', 'leader': 'Y'}, 'claims': [{'by': 'Z', 'penalty': 'highest-or-lowest', 'from_seat': 'A'}]}),
    ('english', 'english/9', 'rubber_games',
     {'score_error': {'kind': 'games', 'proved': True, 'rubber_over': False}, 'rubber_games': [{'won_by': 'AB'}, {'won_by': 'AB', 'value': 3}]}),
    ('english', 'english/90', 'torn_cards_replacement_agreed',
     {'cards_torn_or_marked': True}),
]


def _schema_path(path: str) -> bool:
    """Whether ``revokes[0].trick_turned_and_quitted`` names a fact of the schema (situation.py)."""
    tp: typing.Any = Situation
    for part in re.findall(r"[A-Za-z_]\w*|\[\d+\]", path):
        if part.startswith("["):
            if typing.get_origin(tp) is not list:
                return False
            tp = typing.get_args(tp)[0]
            continue
        while typing.get_origin(tp) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
            tp = next(a for a in typing.get_args(tp) if a is not type(None))
        if not (isinstance(tp, type) and dataclasses.is_dataclass(tp)):
            return False
        hints = typing.get_type_hints(tp)
        if part not in hints:
            return False
        tp = hints[part]
    return "".join(re.findall(r"[A-Za-z_]\w*|\[\d+\]|\.", path)) == path


def _well_formed(m: dict) -> list[str]:
    bad = []
    if not (isinstance(m.get("fact"), str) and _schema_path(m["fact"])):
        bad.append(f"fact {m.get('fact')!r} is not a fact of the situation")
    q = m.get("question")
    if not isinstance(q, str) or not q.strip():
        bad.append(f"{m.get('fact')}: no question")
    else:
        # a question put to a person: a sentence, asked ("?", perhaps followed by a note in brackets)
        if not q[0].isupper() or q.upper() == q or not re.search(r"\?( \([^()]*\))?$", q):
            bad.append(f"{m['fact']}: not a question: {q!r}")
    eff = m.get("effects")
    if not isinstance(eff, dict) or not all(isinstance(v, str) and v.strip() for v in eff.values()):
        bad.append(f"{m.get('fact')}: effects {eff!r} are not texts for its values")
    if m.get("law") not in {r.id for r in REGISTRY}:
        bad.append(f"{m.get('fact')}: law {m.get('law')!r} is not a rule's")
    return bad


@pytest.mark.parametrize("code, law, fact, facts", WITNESSES,
                         ids=[f"{c}:{law}:{fact}" for c, law, fact, _ in WITNESSES])
def test_the_law_asks_for_the_fact_it_turns_on(code, law, fact, facts):
    r = evaluate(Situation.from_dict(facts, code), code)
    asked = {(m["law"], m["fact"]) for m in r.missing}
    assert (law, fact) in asked, f"{law} should ask for {fact}; asked: {sorted(asked)}"
    for m in r.missing:
        assert not _well_formed(m), _well_formed(m)


@pytest.mark.parametrize("code, law, fact, facts", WITNESSES,
                         ids=[f"{c}:{law}:{fact}" for c, law, fact, _ in WITNESSES])
def test_each_value_of_a_yes_no_question_can_be_given(code, law, fact, facts):
    """A yes/no question's effects are keyed true and false, and the fact takes both values."""
    s = Situation.from_dict(facts, code)
    m = next(m for m in evaluate(s, code).missing if m["law"] == law and m["fact"] == fact)
    keys = set(m["effects"])
    if keys & {"true", "false"}:
        assert keys == {"true", "false"}, keys
        for v in (True, False):
            s2 = Situation.from_dict(facts, code)
            assert _set_path(s2, fact, _value(str(v).lower())), (fact, v)
            evaluate(s2, code)
