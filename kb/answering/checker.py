"""The checker: question -> facts (kb.facts) -> rules model (kb.rules) -> verdict and status.

``check(question, results, records, code)`` returns a ``Check`` (kb/answering/contract.py)::

    status: "confirmed" | "contradicted" | "insufficient-facts" | "not-covered"
    verdict: "yes" | "no" | None
    ruling: one short sentence (yes/no first for a yes/no question) or None
    trace: [{"law", "step"}];  missing_facts: [{"fact", "question", "effects"}]
    difference: how the other code rules, or None
    facts: {"facts", "sources", "code", "asks", "polarity", "names", "first_person", "asked_negated" (the
    question turns the asked conclusion round, and the reading has turned it -- twice, where two
    turning words cancel: "is it too late to stop him?")}
    conclusions, conclusion_sources: what the rules model concluded, and by which law (once evaluated)
    deciding_laws: the laws the ruling was decided on;  general: a rule stated in general

``Check.as_dict()`` gives it as a dict: "verdict", "ruling", "trace", "missing_facts", "difference",
"facts", ["conclusions", "conclusion_sources"], "status", ["deciding_laws"], ["general"] (the
bracketed keys only when set).

- ``confirmed``: the model decides, and its trace names a law among the top three retrieved laws
  or a law cited by the top retrieved cases;  ``contradicted``: the model decides on laws that
  retrieval does not put first (both ids are named);  ``insufficient-facts``: the asked
  conclusion depends on a fact the question does not give (the question to ask is returned);
  ``not-covered``: no rule of the model applies.
- The verdict comes only from the conclusion the question asks about, when the model decides it.
- Never a ruling without a law id: every ruling sentence rests on a non-empty trace.
Deterministic: no randomness, no clock.
"""
from __future__ import annotations

import re

from dataclasses import replace
from typing import Any, Callable

from kb.answering import asked, constants
from kb.answering.contract import Check
from kb.codes import all_codes
from kb.nlu import facts as factlib
from kb.rules import engine
from kb.rules.conclusions import declared, value_questions, yes_no_keys
from kb.rules.core import laws_concluding
from kb.rules.situation import LEFT, PARTNER, RIGHT, InvalidSituation, Situation

CODE_WORDS = {c.id: c.label for c in all_codes()}
OTHER_CODE = {"english": "american-1894", "english-revised": "english",
              "american-1894": "english", "american-1890": "english"}
TOP_LAWS = 3
TOP_CASES = 3


# ---------------------------------------------------------------- deciding the asked conclusion

def _first(c: dict, *keys: str) -> Any:
    for k in keys:
        if c.get(k) is not None:
            return c[k]
    return None


def _call_valid(c: dict, ex: factlib.Extraction) -> bool | None:
    for key in ("call_valid", "trump_call_valid"):
        if c.get(key) is not None:
            return bool(c[key])
    if c.get("penalty_forfeited"):
        return False            # the side lost every penalty for the offence (English 84, case 62)
    called = (ex.facts.get("trump") or {}).get("called_from")
    source = c.get("highest_or_lowest_trump_callable_from")
    if called and source:
        return called == source
    for call in ex.calls:
        frm = call.get("from")
        target = c.get("suit_callable_from")
        if frm and target:
            return frm == target or factlib.SIDE.get(frm) == target
    return None


def _honours_sides(ex: factlib.Extraction) -> set[str]:
    """The sides the story tells holding or scoring honours."""
    honours = ex.facts.get("honours") or {}
    return set((honours.get("by_honours") or {}) | (honours.get("held") or {}))


def _honours(c: dict, ex: factlib.Extraction) -> bool | None:
    barred = c.get("honours_barred") or {}
    held = (ex.facts.get("honours") or {})
    sides = _honours_sides(ex)
    if any(barred.get(s) for s in sides):
        return False
    scored = c.get("honours_scored") or {}
    if sides and all(scored.get(s) == 0 for s in sides) and all(
            (s_held := ((held.get("held") or {}).get(s))) is not None and s_held <= 2 for s in sides):
        return False            # only two honours do not score (English 3 III)
    if c.get("honours_may_be_scored") is not None:
        return bool(c["honours_may_be_scored"])
    if c.get("honours_claim_in_time") is not None:
        return bool(c["honours_claim_in_time"])
    if sides and all(barred.get(s) is False and scored.get(s, 0) > 0 for s in sides):
        return True             # not at four when the deal began (English 4), and the hand scores them
    return None


def _honours_amount(c: dict, ex: factlib.Extraction) -> bool | None:
    """Honours called short of those held ("I only scored two; can I now score four by
    honours?"): the points asked may be scored if the model scores that many (English 6, Drayson
    case 83: the rest, claimed after the next trump card was turned, may not)."""
    sides = _honours_sides(ex)
    side = next(iter(sides)) if len(sides) == 1 else None
    have = (c.get("honours_scored") or {}).get(side)
    if not ex.asked_honours or have is None:
        return None
    n, more = ex.asked_honours
    called = (ex.facts.get("honours") or {}).get("called_as") or 0
    asked = called + n if more else n      # "two more" than were called
    return asked <= have


def _lead_penalty(card: bool) -> Callable[[dict, Any], bool | None]:
    """A lead out of turn: is a penalty (the card led, when ``card``) still available?"""
    def f(c: dict, ex) -> bool | None:
        if c.get("trick_stands") or c.get("penalty_forfeited"):     # complete trick (63); consulted (84)
            return False
        opts = c.get("penalty_options")
        if opts is None:
            return None
        if ex.asked_seat and not card and (c.get("suit_call_claimant_by_leader") or _one_claimant(c)):
            return _suit_caller(c, ex)
        return any("card" in str(o).lower() for o in opts) if card else bool(opts)
    return f


def _one_claimant(c: dict) -> str | None:
    one = c.get("penalty_claimants")
    return one if isinstance(one, str) and len(one) == 1 else None


def _suit_caller(c: dict, ex) -> bool | None:
    """"Can Raj enforce it?", "Am I the one who calls the suit?": only the adversary on the right
    of the one called on (American 24) -- the seat the question names, when it names one."""
    if not ex.asked_seat:
        return None
    if c.get("trick_stands") or c.get("penalty_forfeited"):
        return False                    # no penalty left for anyone (American 24, 39)
    if one := _one_claimant(c):
        return one == ex.asked_seat
    claimants = c.get("suit_call_claimant_by_leader")
    if not claimants:
        return None
    frm = next((call["from"] for call in ex.calls if call.get("from") in claimants), None)
    if frm is None and c.get("suit_callable_from") in claimants:
        frm = c["suit_callable_from"]       # the one whose lead came first, as told
    if frm:
        return claimants[frm] == ex.asked_seat
    # his, or not, as the one or the other leads first (not said): not his if neither
    return False if ex.asked_seat not in claimants.values() else None


def _may_consult(c: dict, ex) -> bool | None:
    if c.get("partners_may_consult") is not None:
        return bool(c["partners_may_consult"])
    if c.get("penalty_forfeited") is not None:
        return not c["penalty_forfeited"]
    return None


#: the penalties of a player's partner for playing before him or calling attention (English 68,
#: 86; American 26): who may be made to play highest/lowest, to win or not, to trump or not
PARTNER_PENALTY_KEYS = ("highest_or_lowest_callable_from", "win_or_lose_callable_from", "trump_or_not_callable_from")


def _partner_penalty(c: dict, ex) -> bool | None:
    """Whether the call of attention (or the play before the partner) is penalised: the partner's
    card called, or, where the law gives a point instead (American 1890, 10), a penalty
    incurred."""
    if any(c.get(k) for k in PARTNER_PENALTY_KEYS) or c.get("penalty_incurred") is True:
        return True
    if ex.facts.get("attention_called", {}).get("before_partner_played") is False \
            or c.get("penalty_incurred") is False:
        return False
    return None


def _play_penalty_named(c: dict, ex) -> bool | None:
    """"Can he make her play her highest?" after a player played before his partner: the penalty
    the question names (lexicon ``play_penalty_words``) is one the law gives (English 68: to win
    or not to win, so to trump when void, Drayson case 22; American 26: highest or lowest, or
    trump or not)."""
    if not ex.asked_penalty or not any(c.get(k) for k in PARTNER_PENALTY_KEYS):
        return None
    return any(c.get(k) for k in ex.asked_penalty)


def _new_deal_claim(c: dict, ex) -> bool:
    """A new deal may be claimed -- by the one the question asks about, when it names one ("can
    we claim one?": not when the claim is the dealer's, English 38)."""
    who = ex.asked_seat or ex.asked_side
    return not who or bool(set(who) & set(c["new_deal_claim_by"]))


def _not(key: str) -> Callable[[dict, Any], bool | None]:
    return lambda c, ex: (not c[key]) if c.get(key) is not None else None


def _keys(*keys: str) -> Callable[[dict, Any], bool | None]:
    def f(c: dict, ex) -> bool | None:
        v = _first(c, *keys)
        if v is None:
            return None
        return bool(v)
    return f


def _revoking_side_wins(c: dict, ex) -> bool | None:
    """"Can we still go game?" after our own revoke: English 82 -- the revoking side cannot win
    the game that hand.  Decided only when the side asked about is a revoking side."""
    if c.get("neither_can_win_game"):
        return False                    # both sides revoked (English 81, revised 85)
    if c.get("revoking_side_can_win_game") is None and not c.get("revoking_sides"):
        return None
    side = ex.asked_side
    revoking = set(c.get("revoking_sides") or [])
    # a revoking side "cannot win the game by this hand" (English 82; American 30), whatever the
    # tricks and the penalty
    if side and side in revoking and c.get("revoking_side_can_win_game") is not True:
        return False
    return None


def _penalty_available(c: dict, ex) -> bool | None:
    """"Can we add three points instead?": the penalty the question names is one the law gives
    for the revoke (English 72 I; American 1894 30 gives only tricks) -- as the model judged the
    penalty chosen (``revoke_penalty_allowed``), else as the question names it."""
    if c.get("revoke_penalty_allowed") is not None:
        return c["revoke_penalty_allowed"]
    avail = c.get("revoke_penalty_available")
    rv = ex.facts.get("revoke") if isinstance(ex.facts.get("revoke"), dict) else {}
    named = rv.get("penalty")
    if avail is None or not named:
        return None
    return named in avail


#: asks -> (conclusion keys that answer it, how to read them as yes/no), for the questions
#: that combine several conclusions; a question asking one declared yes/no conclusion
#: (kb/rules/conclusions.yaml) is read by the declaration itself (see ``decider``)
COMPOSITE_DECIDERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "call_valid": (("call_valid", "trump_call_valid", "suit_callable_from", "highest_or_lowest_trump_callable_from"),
                   _call_valid),
    # the call of the highest or lowest trump (English 53, 55; American 18): the same reading, its
    # own declared question
    "trump_call_valid": (("trump_call_valid", "highest_or_lowest_trump_callable_from"), _call_valid),
    # "Does Tom deal?": the dealer the cut gives is the seat the question names
    # (or one who can deal whatever the untold cuts were: "cannot_deal")
    "is_dealer": (("dealer", "recut_needed", "cannot_deal"),
                  lambda c, ex: None if not ex.asked_seat
                  else False if ex.asked_seat in (c.get("cannot_deal") or ())
                  else None if not c.get("dealer") or c.get("recut_needed")
                  else c["dealer"] == ex.asked_seat),
    # "Are Sue and Tom partners?": the two the question names are a partnership the cut gives
    "are_partners": (("partners", "recut_needed"),
                     lambda c, ex: None if len(ex.asked_pair) != 2 or not c.get("partners") or c.get("recut_needed")
                     else list(ex.asked_pair) in [sorted(p) for p in c["partners"]]),
    # "Do I have to trump my partner's ace?": the one asked may be called on to win (English 57)
    "called_to_win": (("partner_may_be_called_to_win",), lambda c, ex: None if not ex.asked_seat
                      or c.get("partner_may_be_called_to_win") is None
                      else c["partner_may_be_called_to_win"] == ex.asked_seat),
    # "Do I have priority over them?": the one asked declared into the table (revised 12a)
    "has_priority": (("priority_by_declaration",), lambda c, ex: None if not ex.asked_seat
                     or c.get("priority_by_declaration") is None else ex.asked_seat in c["priority_by_declaration"]),
    # "Do I win the bet?": the bettor the law gives it to is the one the question names
    "wins_bet": (("bet_won_by",), lambda c, ex: None if not c.get("bet_won_by") or not ex.asked_seat
                 else c["bet_won_by"] == ex.asked_seat),
    "recut_needed": (("recut_needed",), lambda c, ex: bool(c.get("recut_needed")) if "recut_needed" in c else None),
    "honours_may_be_scored": (("honours_may_be_scored", "honours_barred", "honours_claim_in_time"), _honours),
    "honours_amount": (("honours_scored",), _honours_amount),
    "revoking_side_may_require_play_out": (("revoking_side_may_require_play_out",),
                                           _keys("revoking_side_may_require_play_out")),
    "renounce_corrected": (("renounce_corrected", "revoke_established"),
                           lambda c, ex: True if c.get("renounce_corrected") else _not("revoke_established")(c, ex)),
    "rectify_allowed": (("misdeal",), _not("misdeal")),
    "new_deal": (("new_deal", "new_deal_claim_by"), lambda c, ex: _new_deal_claim(c, ex) if c.get("new_deal_claim_by")
                 else True if c.get("new_deal")
                 else (False if "new_deal_claim_by" in c and c.get("new_deal") is None else _keys("new_deal")(c, ex))),
    "substitute_allowed": (("substitute_allowed", "substitute_allowed_with_consent"),
                           lambda c, ex: _first(c, "substitute_allowed") if c.get("substitute_allowed") is not None
                           else (True if c.get("substitute_allowed_with_consent") else None)),
    "reshuffle_may_be_required": (("reshuffle_may_be_required", "reshuffle_required"),
                                  _keys("reshuffle_may_be_required", "reshuffle_required")),
    # the card led out of turn is liable to be called when a penalty option is to call it (English
    # 62), not when the law excludes it (American 20 I): the same question as the exposed card's
    "lead_card_callable": (("penalty_options", "trick_stands", "penalty_forfeited", "card_liable_to_be_called"),
                           _lead_penalty(True)),
    "lead_penalty": (("penalty_options", "trick_stands", "penalty_forfeited", "penalty_claimants"), _lead_penalty(False)),
    "suit_caller": (("penalty_claimants", "suit_call_claimant_by_leader", "suit_callable_from"), _suit_caller),
    "may_consult": (("partners_may_consult", "penalty_forfeited"), _may_consult),
    "revoking_side_can_win_game": (("revoking_sides", "revoking_side_can_win_game", "neither_can_win_game"),
                                   _revoking_side_wins),
    "revoke_penalty_allowed": (("revoke_penalty_allowed", "revoke_penalty_available"), _penalty_available),
    "penalty_remains": (("penalty_paid",), _not("penalty_paid")),
    "may_see_trick": (("may_see_trick", "may_see_last_trick"), _keys("may_see_trick", "may_see_last_trick")),
    "play_penalty_named": (PARTNER_PENALTY_KEYS, _play_penalty_named),
    "partner_penalty": (PARTNER_PENALTY_KEYS, _partner_penalty),
    # "Does he lose the deal?" when the model found no misdeal and nothing else that loses it
    # (English 43: "A misdeal loses the deal"; 44 VI: an error rectified is no misdeal)
    "deal_lost": (("deal_lost", "misdeal"), lambda c, ex: c["deal_lost"] if c.get("deal_lost") is not None
                  else (False if c.get("misdeal") is False and "deal_lost" not in c else None)),
    # "Must we redeal?" where the deal stands (English 46): no new deal at all, so none compulsory
    "new_deal_compulsory": (("new_deal_compulsory", "new_deal"),
                            lambda c, ex: c["new_deal_compulsory"] if c.get("new_deal_compulsory") is not None
                            else (False if c.get("new_deal") is False else None)),
}
#: asks answered by a value, not yes/no, and the conclusions that answer each (declared:
#: kb/rules/conclusions.yaml `answered_by`)
VALUE_ASKS = value_questions()


def _declared_decider(key: str) -> tuple[tuple[str, ...], Callable]:
    c = declared()[key]
    return (key,), lambda conc, ex: None if conc.get(key) is None else c.reads(conc.get(key)) == "yes"


#: every yes/no question the checker can rule on: the composite ones, then each declared yes/no
#: conclusion asked directly
DECIDERS: dict[str, tuple[tuple[str, ...], Callable]] = {
    **{k: _declared_decider(k) for k in yes_no_keys()}, **COMPOSITE_DECIDERS}


def decide(asks: str | None, conclusions: dict, ex: factlib.Extraction) -> bool | None:
    if asks not in DECIDERS:
        return None
    return DECIDERS[asks][1](conclusions, ex)


def answer_keys(asks: str | None) -> tuple[str, ...]:
    if asks in DECIDERS:
        return DECIDERS[asks][0]
    return VALUE_ASKS.get(asks, ())


# ---------------------------------------------------------------- attribution

def _law_of(trace_id: str) -> str:
    """english/72/I -> english/72; english/etiquette/III stays; drayson/case/31 stays."""
    parts = trace_id.split("/")
    if parts[0] == "drayson":
        return "/".join(parts[:3])
    if len(parts) >= 2 and parts[1][:1].isdigit():
        return "/".join(parts[:2])
    return "/".join(parts[:3])


def label(law_id: str) -> str:
    parts = law_id.split("/")
    if parts[0] == "drayson":
        return f"Drayson, {parts[1]} {'/'.join(parts[2:])}".strip()
    code = CODE_WORDS.get(parts[0], parts[0])
    if len(parts) > 1 and parts[1][:1].isdigit():
        sec = f", {parts[2]}" if len(parts) > 2 and parts[2][:1].isupper() and parts[2].isalpha() else ""
        return f"{code} law {parts[1]}{sec}"
    return f"{code} {' '.join(parts[1:])}"


# ---------------------------------------------------------------- wording

_FIRST_PERSON = {"A": "you", "B": "your partner", "Y": "your left-hand opponent", "Z": "your right-hand opponent",
                 "AB": "your side", "YZ": "the other side"}


def seat_words(seat: str, names: dict, first_person: bool) -> str | None:
    """A seat, or a side ("AB", "YZ"), in the question's words, or None when it gives none: the name
    it was told by ("Lou"); in a first-person question "you", "your partner", "your left-hand
    opponent", "your side" ...; or by its place from a named player ("Lou's partner", "the player
    on Lou's left").  One player per seat: play goes A -> Y -> B -> Z (kb.rules.situation)."""
    if seat in names:
        return names[seat]
    if first_person and seat not in ("Y", "Z"):
        return _FIRST_PERSON.get(seat)
    if seat in PARTNER and PARTNER[seat] in names:       # "Kim's partner" before "your right-hand opponent"
        return f"{names[PARTNER[seat]]}'s partner"
    if first_person:
        return _FIRST_PERSON.get(seat)
    if len(seat) == 2:          # a side: "Sue and Tom", or "Yves's side" when one of them was named
        a, b = seat[0], seat[1]
        if a in names and b in names:
            return f"{names[a]} and {names[b]}"
        one = names.get(a) or names.get(b)
        return f"{one}'s side" if one else None
    if RIGHT[seat] in names:
        return f"the player on {names[RIGHT[seat]]}'s left"
    if LEFT[seat] in names:
        return f"the player on {names[LEFT[seat]]}'s right"
    return None


def _side_words(side: str, ex: factlib.Extraction) -> str:
    if ex.first_person:
        return "your side (A-B)" if side == "AB" else "the other side (Y-Z)" if side == "YZ" else \
            _seat_words(side, ex)
    return seat_words(side, ex.names, False) or (f"{side[0]} and {side[1]}" if len(side) == 2 else side)


def _seat_words(seat: str, ex: factlib.Extraction) -> str:
    return seat_words(seat, ex.names, ex.first_person) or seat


def _join(seats, ex) -> str:
    ws = [_seat_words(s, ex) for s in seats]
    if "you" in ws:
        ws.remove("you")
        ws.insert(0, "you")
    return " and ".join(ws)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _side_wins(side: str, ex: factlib.Extraction) -> str:
    """"Your side (A-B) wins", "A and B win": the side in the asker's words and its verb."""
    who = _side_words(side, ex)
    return f"{_cap(who)} win{'' if ' and ' in who or who == 'you' else 's'}"


def _game_sentence(c: dict, ex: factlib.Extraction) -> str | None:
    """The game won and its value, and the score of the hand."""
    w, sa = c.get("game_won_by"), c.get("score_after")
    if w and c.get("game_value"):
        v = c["game_value"]
        kind = {3: "a treble", 2: "a double", 1: "a single"}.get(v, f"a game of {v}")
        s = f"{_side_wins(w, ex)} the game, {kind} ({v} point{'s' if v != 1 else ''})"
        if sa:
            s += f"; the score of the hand: {_scores(sa, ex)}"
        return s
    if sa and w:                # a game without a value of its own (American 1890 16: the points made)
        return f"{_side_wins(w, ex)} the game; the score after the hand: {_scores(sa, ex)}"
    if sa:
        return f"No game is won; the score after the hand: {_scores(sa, ex)}"
    return None


def _score_asked(sa: dict | None, ex: factlib.Extraction) -> str | None:
    """The number a score question asks, first (``Extraction.asked_quantity``): the asked side's
    score after the hand, or the points the hand adds to it."""
    if not sa or ex.asked_quantity is None:
        return None
    side = _sides_asked_first(ex)[0]
    if sa.get(side) is None:
        return None
    who = _side_words(side, ex)
    if ex.asked_quantity == "score":
        return f"{sa[side]}: the score of {who} after the hand"
    before = (ex.facts.get("score") or {}).get(side, 0)
    return f"{sa[side] - before}: the points {who} add this hand (from {before} to {sa[side]})"


def _value_sentence(asks: str, c: dict, ex: factlib.Extraction) -> str | None:
    if asks in ("partners", "dealer", "recut_needed"):
        parts = []
        if c.get("partners"):
            lo, hi = c["partners"]
            parts.append(f"{_cap(_join(lo, ex))} (the two lowest) play together against {_join(hi, ex)}")
        if c.get("recut_needed"):
            who = _join(c["recut_needed"], ex)
            them = "you" if who.startswith("you") else "them"
            what = "who are partners" if c.get("recut_decides") == "partners" else f"which of {them} deals"
            parts.append(f"{who} must cut again to decide {what}")
            pa = c.get("partners_after_recut")
            if pa and (pa.get("low") or pa.get("high")):
                among = " and ".join(_seat_words(x, ex) for x in pa["among"])
                if pa.get("high"):
                    parts.append(f"the higher of {among} partners {_join(pa['high'], ex)}")
                if pa.get("low"):
                    parts.append(f"the lower partners {_join(pa['low'], ex)}")
            if c.get("dealer"):
                d = _seat_words(c["dealer"], ex)
                parts.append(f"{d} deal{'' if d == 'you' else 's'}")
        elif c.get("dealer"):
            d = _seat_words(c["dealer"], ex)
            parts.append(f"{d} deal{'' if d == 'you' else 's'}")
        return _cap("; ".join(parts)) if parts else None
    if asks == "game_value" and c.get("outcomes_by_penalty"):
        return _outcomes_sentence(c, ex)
    if asks == "game_value":
        first, rest = _score_asked(c.get("score_after"), ex), _game_sentence(c, ex)
        return f"{first}; {rest[0].lower()}{rest[1:]}" if first and rest else first or rest
    if asks == "bet_won_by" and c.get("bet_won_by"):
        return f"{_cap(_seat_words(c['bet_won_by'], ex))} wins the bet" + (
            f" (after the penalty the odd trick is {_side_words(c['odd_trick'], ex)}'s)" if c.get("odd_trick") else "")
    if asks == "rubber_points" and c.get("rubber_won_by") and c.get("rubber_gross") is not None:
        # the rubber's value is the net (English 10: the losers' game is deducted from the gross)
        w, gross, net = c["rubber_won_by"], c["rubber_gross"], c.get("rubber_points")
        if net is not None and net != gross:
            return (f"{_cap(_side_words(w, ex))} win the rubber: {net} points net ({gross} gross, their games "
                    f"and the two rubber points, less the losers' game of {gross - net})")
        return f"{_cap(_side_words(w, ex))} win the rubber: {gross} points (their games and the two rubber points)"
    if asks == "tricks_after_penalty" and c.get("tricks_after_penalty"):
        t = c["tricks_after_penalty"]
        # the number asked first: the side the question asks about
        order = _sides_asked_first(ex)
        s = "After the penalty: " + ", ".join(
            f"{_side_words(side, ex) if ex.first_person else side[0] + '-' + side[1]} {t.get(side)} tricks"
            for side in order)
        if c.get("odd_trick"):
            s += f"; the odd trick goes to {_side_words(c['odd_trick'], ex)}"
        return s
    if asks == "by_cards" and c.get("by_cards"):
        b = c["by_cards"]
        first, second = _sides_asked_first(ex)
        hon = c.get("honours_scored") or {}

        def points(side: str) -> str:
            n, h = b.get(side, 0), hon.get(side, 0)
            return f"{n + h} point{'s' if n + h != 1 else ''} ({n} by cards" + (f", {h} by honours)" if h else ")")
        s = f"{_cap(_side_words(first, ex))}: {points(first)}; {_side_words(second, ex)}: {points(second)}"
        t = c.get("tricks_after_penalty")
        if t and c.get("revoke_penalties"):
            s += f" (tricks after the penalty: {_scores(t, ex)})"
        return s
    if asks == "abandoned_penalty_points" and c.get("abandoned_penalty_points"):
        pp = c["abandoned_penalty_points"]
        told = [f"{n} points added to the score of {_side_words(side, ex)}" for side, n in pp.get("added", {}).items()] + \
               [f"{n} points deducted from the score of {_side_words(side, ex)}" for side, n in pp.get("deducted", {}).items()]
        return _cap("; ".join(told)) + " (three for each revoke; the hands abandoned, no trick is scored)"
    if asks == "honours_scored" and c.get("honours_scored") is not None:
        held = (ex.facts.get("honours") or {}).get("held") or {}
        first, second = _sides_asked_first(ex)
        side = first if first in held or second not in held else second
        barred = (c.get("honours_barred") or {}).get(side)
        n = 0 if barred else c["honours_scored"].get(side, 0)
        return (f"{n} point{'' if n == 1 else 's'} by honours for {_side_words(side, ex)}"
                + (": at the score of four, honours do not count" if barred else ""))
    if asks == "next_dealer" and c.get("next_dealer"):
        return f"{_cap(_seat_words(c['next_dealer'], ex))} deals next"
    return None


def _sides_asked_first(ex: factlib.Extraction) -> tuple[str, str]:
    """The side the question asks about first ("how many do they end up with?": YZ)."""
    return ("YZ", "AB") if ex.asked_side == "YZ" else ("AB", "YZ")


def _scores(score: dict, ex: factlib.Extraction) -> str:
    """"A-B 3, Y-Z 0": the side the question asks about first."""
    return ", ".join(f"{side[0]}-{side[1]} {score.get(side)}" for side in _sides_asked_first(ex))


PENALTY_WORDS = {"take-three-tricks": "taking three tricks", "two-tricks": "taking two tricks",
                 "deduct-three": "taking three points from the revoking side's score",
                 "add-three": "adding three points to their own score"}


def _penalty_words(key: str) -> str:
    """"add-three" -> "adding three points to their own score"; several revokes ("add-three+
    deduct-three"): one penalty for each revoke."""
    kinds = key.split("+")
    if len(kinds) == 1:
        return PENALTY_WORDS.get(key, key)
    if len(set(kinds)) == 1:
        return f"{PENALTY_WORDS.get(kinds[0], kinds[0])} for each of the {len(kinds)} revokes"
    return " and ".join(PENALTY_WORDS.get(k, k) for k in kinds) + " (one penalty for each revoke)"


def _outcomes_sentence(c: dict, ex: factlib.Extraction) -> str:
    """The penalty not chosen (the claimants choose it): what each would make of the game, the
    claimants' best first -- a game of the highest value, else the highest score."""
    outcomes = c["outcomes_by_penalty"]
    revoking = set(c.get("revoking_sides") or [])
    claimants = next((s for s in ("AB", "YZ") if s not in revoking), "AB")

    def gain(o: dict) -> tuple:
        won = o.get("game_won_by") == claimants
        sa = o.get("score_after") or {}
        margin = (sa.get(claimants) or 0) - sum(v or 0 for k, v in sa.items() if k != claimants)
        return (won, o.get("game_value") or 0 if won else 0, margin)

    ranked = sorted(outcomes.items(), key=lambda kv: gain(kv[1]), reverse=True)
    parts = []
    for kind, o in ranked:
        sa = o.get("score_after") or {}
        if o.get("game_won_by") and o.get("game_value"):
            v = o["game_value"]
            what = f"{v} point{'s' if v != 1 else ''}, the game to {_side_words(o['game_won_by'], ex)}"
        else:
            what = f"no game, {_scores(sa, ex)}"
        parts.append(f"{what}, by {_penalty_words(kind)}")
    who = _side_words(claimants, ex)
    head = "At best" if gain(ranked[0][1])[0] else "Whatever the penalty, no game is won; at best"
    return f"{head} {parts[0]} ({who} choose the penalty)" + "".join(f"; or {p}" for p in parts[1:])


_SEAT = re.compile(r"(?<![\w-])(AB|YZ|A|B|Y|Z)('s)?(?![\w-])")
#: "A" is a seat, not the article, after these words or before these
_A_AFTER = {"by", "from", "to", "on", "of", "and", "or", "before", "after"}
_A_BEFORE = re.compile(r"\s*(,|\(|and|or|may|must|can|cannot|is|was|has|had|led|deals|dealt|took|saw|said|only|"
                       r"[a-z]+ed)\b")        # a verb in the past: "A interrupted the dealer"
_POSSESSIVE = {"you": "your", "your partner": "your partner's", "your side": "your side's",
               "the other side": "the other side's"}


def asker_terms(text: str, names: dict, first_person: bool) -> str:
    """A rule's step in the question's words: a seat the question named by that name ("Z's
    cards" -> "Lou's cards"), and in a first-person question A, B and the sides as "you", "your
    partner", "your side", "the other side"."""
    if not text or not (names or first_person):
        return text

    def sub(m: re.Match) -> str:
        seat, poss = m.group(1), m.group(2)
        if seat == "A" and not poss:
            before = text[:m.start()].split()
            if not ((before and before[-1].lower() in _A_AFTER) or _A_BEFORE.match(text, m.end())):
                return m.group(0)
        word = seat_words(seat, names, first_person)
        if word is None:
            return m.group(0)
        return (_POSSESSIVE.get(word, word + "'s")) if poss else word
    out = _SEAT.sub(sub, text)
    # "you deals" -> "you deal": the verb after a seat written as "you"
    return _YOU_VERB.sub(lambda m: "you " + _YOU_FORMS.get(m.group(1), m.group(1)[:-1]), out) if first_person else out


_YOU_FORMS = {"has": "have", "is": "are", "was": "were", "does": "do"}
_YOU_VERB = re.compile(r"\byou (has|is|was|does|deals|leads|plays|loses|wins|scores|keeps|cuts|shuffles|calls)\b")


def _steps_sentence(trace: list[dict], limit: int = 3) -> str:
    picked = [t for t in trace if t.get("step")][-limit:]
    return "; ".join(f"{t['step']} ({label(t['law'])})" for t in picked)


# ---------------------------------------------------------------- retrieval agreement

def _retrieved(results, records) -> tuple[list[str], set[str], list[str]]:
    top = [h.id for h in (results.laws if results else [])[:TOP_LAWS]]
    cited: set[str] = set()
    cases = [h.id for h in (results.cases if results else [])[:TOP_CASES]]
    for cid in cases:
        rec = (records or {}).get(cid)
        for ref in getattr(rec, "cites", None) or []:
            cited.add(_law_of(ref))
    return top, cited, cases


# ---------------------------------------------------------------- the check

def check(question, results, records, code, given: dict | None = None) -> Check:
    """``given``: facts the asker supplied (dotted Situation paths -> values), over what was read."""
    out = _check(question, results, records, code, given or {})
    if out.status in ("insufficient-facts", "not-covered") and out.verdict is None:
        g = _general(question or "", out, results, records) or _constant(question or "", out, results)
        if g is not None:
            return g
    elif out.verdict is None and not _states_a_number(out.ruling or "") and asked.asks_number(question or ""):
        # a number asked, and the model's finding on the hand told names none ("how many cards
        # may be seen ...?" when a look at the last trick is read): the number the law states
        g = _constant(question or "", out, results, hand_told=True)
        if g is not None:
            return g
    return out


_LAW_LABEL = re.compile(r"\([^()]*(?:\([^()]*\)[^()]*)*\b(?:law|case|test)\b[^()]*\)", re.I)
_A_NUMBER = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)\b", re.I)


def _states_a_number(ruling: str) -> bool:
    """The ruling states a number of its own (not only in the laws it cites, "(English law 91)")."""
    return bool(_A_NUMBER.search(_LAW_LABEL.sub("", ruling)))


def _constant(question: str, out: Check, results, hand_told: bool = False) -> Check | None:
    """A number the law states outright, asked by a question that tells no hand
    (``kb.answering.constants``), or whose hand the model answers with no number (``hand_told``)."""
    if not hand_told and (out.trace or any(v for v in (out.facts.get("facts") or {}).values())):
        return None
    c = constants.asked_constant(question, results, out.facts.get("code") or "english")
    if c is None:
        return None
    return replace(out, status="confirmed", verdict=None, ruling=f"{c.value}. {label(c.law)}: “… {c.words} …”.",
                   trace=[{"law": c.law, "step": f"{c.words} ({c.value})"}], deciding_laws=[c.law])


# ---------------------------------------------------------------- general questions
#
# A question about the law in general ("What is the penalty for a revoke?", "How do honours
# score?") has no situation to rule on: the model is evaluated on prototype situations of the
# topic and the rule it applies is stated in general terms, each step with its law id.
# (topic regex over the question, [prototype facts], conclusion keys whose rules are stated)
GENERAL_TOPICS: tuple[tuple[str, tuple[dict, ...], tuple[str, ...]], ...] = (
    (r"\b(revoke|renounce|renege)\w*\b.*\b(penalt|punish|price|cost)|\b(penalt|punish)\w*\b.*\b(revoke|renounce|renege)",
     ({"revoke": {"by": "Y", "established": True, "claimed": True}},),
     ("revoke_penalty_available", "revoke_penalty_options", "revoke_penalties")),
    (r"\b(revoke|renounce|renege)\w*\b.*\b(establish|complete|final|too late|count)",
     ({"revoke": {"by": "Y", "trick_turned_and_quitted": True}},
      {"revoke": {"by": "Y", "trick_turned_and_quitted": False, "revoking_side_played_next": True}},
      {"revoke": {"by": "Y", "trick_turned_and_quitted": False, "revoking_side_played_next": False}}),
     ("revoke_established",)),
    (r"\b(lead|leads|led|leading)\b.*\bout of turn\b",
     ({"lead": {"by": "Y"}}, {"lead": {"by": "Y", "played_to_by": ["B", "Z", "A"]}}),
     ("penalty_options", "trick_stands")),
    (r"\bhonou?rs?\b.*\b(score|count|reckon|worth|value)|\b(score|count|reckon)\w*\b.*\bhonou?rs?\b",
     ({"honours": {"held": {"AB": 4}}, "_label": "four honours held by partners"},
      {"honours": {"held": {"AB": 3}}, "_label": "three honours"}, {"honours": {"held": {"AB": 2}}, "_label": "two honours"}),
     ("honours_scored",)),
    (r"\b(collect|gather|shuffle)\w*\b.*\b(next|following|ensuing) (deal|hand)",
     ({"dealer": "A", "shuffle": {}},), ("collects_for_next_deal",)),
    (r"\b(value|worth)\b.*\bgame\b|\bgame\b.*\b(value|worth)\b",
     tuple({"game_won_by": "AB", "score": {"YZ": n}} for n in range(0, 7)), ("game_value",)),
    (r"\bmisdeal\w*\b.*\b(happen|penalt|consequen|lose)",
     ({"dealer": "A", "deal": {"misdeal": True}},), ("deal_lost", "next_dealer")),
)
GENERAL_SEATS = {"A": "a player (A)", "B": "his partner (B)", "Y": "an adversary (Y)", "Z": "the other adversary (Z)"}


def _is_general(question: str, facts_out: dict) -> bool:
    """No one in particular: no seat letters, no names, not told in the first person."""
    import re
    if re.search(r"\b(I|me|my|we|us|our|you|your)\b", question, re.I) and not re.search(
            r"\b(can|may|do|does|must|should) (you|we|i)\b|\bwhat (do|can|should|may) (you|we|i)\b|\bhow do (you|we)\b",
            question, re.I):
        return False
    if re.search(r"\b[ABYZ]\b(?!\.)", question.replace("A ", "a ", 1) if question.startswith("A ") else question):
        return False
    return not facts_out.get("names")


def _general(question: str, out: Check, results, records) -> Check | None:
    import re
    facts_out = out.facts
    if not _is_general(question, facts_out):
        return None
    code = facts_out.get("code") or "english"
    q = question.lower()
    trace: list[dict] = []
    # a declared yes/no conclusion asked ("can either of us call the suit?"): answered in general
    # when every example hand that reaches it reaches it the same way
    asks = facts_out.get("asks") if facts_out.get("polarity") == "yes-no" else None
    asks = asks if asks in yes_no_keys() else None
    readings: set[str] = set()
    for rx, protos, keys in GENERAL_TOPICS:
        if not re.search(rx, q):
            continue
        for proto in protos:
            proto = dict(proto)
            lab = proto.pop("_label", None)
            try:
                r = engine.evaluate(Situation.from_dict(_copy(proto), code), code)
            except ValueError:      # a prototype this code's facts reject (InvalidSituation)
                continue
            if asks and r.conclusions.get(asks) is not None:
                readings.add(declared()[asks].reads(r.conclusions[asks]))
            for k in ((asks,) if asks else ()) + keys:
                st = r.step_for(k)
                if st and lab:
                    st = {**st, "step": f"{lab}: {st['step']}"}
                if st and st not in trace:
                    trace.append(st)
                    break
        if trace:
            break
    if not trace:
        return None
    sentence = "; ".join(f"{t['step']} ({label(t['law'])})" for t in trace)
    verdict = readings.pop() if len(readings) == 1 else None
    if verdict and facts_out.get("asked_negated"):
        verdict = asked.TURNED.get(verdict)
    ruling = (f"{verdict.capitalize() + '. ' if verdict else ''}"
              f"In general (no particular hand: seats are only examples, A-B against Y-Z, Y on A's left): "
              f"{sentence}.")
    status, where = _agreement(trace, trace, results, records)
    if where:
        ruling += " " + where
    return replace(out, status=status, verdict=verdict, ruling=ruling, trace=trace, missing_facts=[],
                   deciding_laws=list(dict.fromkeys(t["law"] for t in trace)), general=True)


def _check(question, results, records, code, given: dict) -> Check:
    ex = factlib.extract(question or "")
    for path, value in given.items():
        ex.sources[_set_path(ex.facts, path, value)] = "given"
    if ex.code != "english":
        code = ex.code
    elif code not in CODE_WORDS:
        code = "english"
    facts_out = {"facts": ex.facts, "sources": dict(ex.sources),
                 "code": code, "asks": ex.asks, "polarity": ex.polarity, "names": ex.names,
                 "first_person": ex.first_person,
                 "asked_negated": ex.claim_negative or ex.asked_turned}
    base = Check("not-covered", facts=facts_out)
    if ex.asks == "laws_concluding" and ex.count_claim:
        return _check_count_claim(ex, code, results, records, base)
    if not ex.facts:
        return replace(base, status="not-covered")
    try:
        situation = Situation.from_dict(_copy(ex.facts), code)
    except InvalidSituation as e:
        path = str(e).split(":", 1)[0]
        return replace(base, status="insufficient-facts",
                       ruling=None,
                       missing_facts=[{"fact": path, "question": f"The facts as read do not fit together ({e}). "
                                       "Could you restate what happened?", "effects": {}}])
    try:
        reached: list = []
        ruling = engine.evaluate(situation, code, findings=reached)
    except Exception as e:       # a rule that cannot handle these facts: say so, never guess
        return replace(base, status="not-covered",
                       ruling=None, missing_facts=[{"fact": "facts", "question":
                                                    f"The rules model could not evaluate these facts ({type(e).__name__}).",
                                                    "effects": {}}])
    c = ruling.conclusions
    base.conclusions = c
    base.conclusion_sources = dict(ruling.sources)
    trace = list(ruling.trace)
    asks = ex.asks
    if ex.polarity != "yes-no" and asks not in VALUE_ASKS:
        asks = _value_asked(question or "", results, c) or asks
    keys = answer_keys(asks)
    value = decide(asks, c, ex)
    yes_no = ex.polarity == "yes-no" and asks in DECIDERS
    if yes_no and value is not None and ex.claim_negative:
        value = not value
    asked_value = value if asks in DECIDERS else (_value_sentence(asks, c, ex) if asks in VALUE_ASKS else None)
    missing = list(ruling.missing)
    if keys:
        # report a missing fact only when the answer to what was asked depends on it
        missing = [m for m in missing if engine.depends_on(situation, code, m, keys)]
    # the rules that concluded what was asked: the key that holds a value first
    decided_steps = [st for k in sorted(keys, key=lambda k: c.get(k) is None) if (st := ruling.step_for(k))]
    if not trace and not missing:
        return replace(base, status="not-covered", trace=[],
                       ruling=None)
    # -------- undecided: ask for the missing fact
    if asked_value is None and missing and (asks is not None or not trace):
        trace_u = trace + [{"law": m["law"], "step": "needs: " + m["question"]} for m in missing]
        q = missing[0]["question"]
        ruling_text = (f"Undecided: the answer depends on a fact the question does not give — {q}"
                       if trace_u else None)
        return replace(base, status="insufficient-facts", trace=trace_u, missing_facts=missing,
                       ruling=ruling_text)
    if not trace:
        return replace(base, status="not-covered", missing_facts=missing)
    if asks in DECIDERS and value is None:
        # the model rules on the situation but not on what was asked
        return replace(base, status="not-covered", trace=trace, missing_facts=missing,
                       ruling=f"The rules model does not decide this point; it finds: {_steps_sentence(trace)}.")
    # -------- decided
    decisive = decided_steps[0] if decided_steps else trace[-1]
    if yes_no and value is not None:
        # a composite answer rests on each of its rules ("may call a suit ... (62); they consulted:
        # they lose their right (84)"): all of them, in the order they were applied
        shown = [st for st in trace if st in decided_steps] if asks in COMPOSITE_DECIDERS and len(decided_steps) > 1 \
            else [decisive]
        step = "; ".join(f"{asker_terms(st['step'] or _steps_sentence(trace), ex.names, ex.first_person)} "
                         f"({label(st['law'])})" for st in shown)
        ruling_text = f"{'Yes' if value else 'No'}. {_cap(step)}."
        verdict = "yes" if value else "no"
        extra = _value_sentence(asks, c, ex) if any(c.get(k) for k in ex.asks_also) else None
        if extra and extra.lower() not in ruling_text.lower():
            ruling_text += f" {extra}."
    else:
        verdict = None
        vs = _value_sentence(asks, c, ex) if asks else None
        if vs:
            laws = []
            for s in decided_steps or trace:
                if s["law"] not in laws:
                    laws.append(s["law"])
            ruling_text = f"{vs} ({', '.join(dict.fromkeys(label(l) for l in laws[-3:]))})."
        else:
            ruling_text = f"{_cap(asker_terms(_steps_sentence(trace), ex.names, ex.first_person))}."
    status, where = _agreement(trace, decided_steps, results, records,
                               asked_laws=[law for k in keys if k in declared() for law in declared()[k].laws])
    if where:
        ruling_text += " " + where
    if missing and asks is None:
        status = "insufficient-facts" if status != "contradicted" else status
    return replace(base, status=status, verdict=verdict, ruling=ruling_text, trace=trace,
                   missing_facts=missing, deciding_laws=[st["law"] for st in decided_steps],
                   overridden_laws=_overridden(reached, asks, c, ex),
                   difference=_difference(ex, code, keys))


def _overridden(reached: list, asks: str | None, c: dict, ex) -> list[str]:
    """The laws whose rules, as far as the model had gone when they applied, answered what was
    asked otherwise than the ruling -- before a rule written after them overrode it (English 43 "a
    misdeal loses the deal", then Double Dummy "there is no misdeal"; English 62 "may call a suit",
    then 84 "if they do so consult, they lose their right"): the wording of such a law is no
    witness against the rule that overrode it."""
    final = decide(asks, c, ex)
    if final is None:
        return []
    so_far: dict = {}
    out: list[str] = []
    for rule, f in reached:
        so_far.update(f.conclusions)
        then = decide(asks, so_far, ex)
        if then is not None and then != final and rule.id not in out:
            out.append(rule.id)
    return out


KEY_WORDS = {"highest_or_lowest_callable_from": "a player may be called on to play his highest or lowest card",
             "win_or_lose_callable_from": "a player may be called on to win or lose the trick",
             "trump_or_not_callable_from": "a player may be called on to trump or not to trump",
             "suit_callable_from": "a suit may be called",
             "new_deal_claim_by": "a new deal may be claimed"}


def _check_count_claim(ex: factlib.Extraction, code: str, results, records, base: Check) -> Check:
    """A claim about the laws in general ("there is only one offence for which ..."): the model
    enumerates the laws of the code that can reach the named conclusion and counts them."""
    key, claimed = ex.count_claim["key"], ex.count_claim["count"]
    rule_ids = laws_concluding(key, code)
    laws = list(dict.fromkeys(_law_of(r) for r in rule_ids))
    if not laws:
        return replace(base, status="not-covered")
    what = KEY_WORDS.get(key, key.replace("_", " "))
    trace = [{"law": r, "step": f"{label(r)}: {what}"} for r in rule_ids]
    value = len(laws) == claimed
    n = len(laws)
    ruling = (f"{'Yes' if value else 'No'}. Under the {CODE_WORDS.get(code, code)} code {what} under "
              f"{n} law{'s' if n != 1 else ''}, not {claimed}: " if not value else
              f"Yes. Under the {CODE_WORDS.get(code, code)} code {what} under {n} law{'s' if n != 1 else ''} only: ") \
        + ", ".join(f"{label(l)} [{l}]" for l in laws) + "."
    status, where = _agreement(trace, trace, results, records)
    if where:
        ruling += " " + where
    return replace(base, status=status, verdict="yes" if value else "no", ruling=ruling, trace=trace)


def _agreement(trace, decided_steps, results, records, asked_laws=()) -> tuple[str, str]:
    """``asked_laws``: the laws declared for the conclusion the question asks. A model that decides
    on one of them is not contradicted by retrieval putting first laws none of which is declared
    for it (the question asks what those laws do not conclude: "is his revoke established?" with
    the law on claiming the rest retrieved first); a retrieved law that is declared for it, and that
    the model did not apply, still contradicts (an exception the reading may have missed)."""
    top, cited, cases = _retrieved(results, records)
    model_laws = []
    for t in (decided_steps or []) + trace:
        law = _law_of(t["law"])
        if law not in model_laws:
            model_laws.append(law)
    # the laws retrieved first in the model's own code: a law of another code ranked above
    # them (English 3 on honours, for an American question) is a counterpart, not a contradiction
    codes = {law.split("/", 1)[0] for law in model_laws}
    own = [h.id for h in (results.laws if results else []) if h.id.split("/", 1)[0] in codes][:TOP_LAWS]
    support = set(top) | set(own) | cited | set(cases)
    if not results or not (results.laws or results.cases):
        return "confirmed", ""
    if any(l in support for l in model_laws):
        return "confirmed", ""
    asked = {_law_of(l) for l in asked_laws}
    decisive = _law_of(decided_steps[0]["law"] if decided_steps else trace[-1]["law"]) if trace else None
    if decisive in asked and not asked & (set(top) | set(own)):
        return "confirmed", ""
    first = top[0] if top else (cases[0] if cases else None)
    mine = model_laws[0]
    return "contradicted", (f"Note: the rules model rests on {label(mine)} [{mine}], but the law retrieved "
                            f"first is {label(first)} [{first}]; check both texts.")


def _difference(ex: factlib.Extraction, code: str, keys: tuple[str, ...]) -> str | None:
    other = OTHER_CODE.get(code)
    if not other:
        return None
    try:
        s1 = Situation.from_dict(_copy(ex.facts), code)
        r1, r2 = engine.evaluate(s1, code), engine.evaluate(s1, other)
    except ValueError:              # facts the other code rejects (InvalidSituation)
        return None
    if not r2.trace:
        return None
    laws = ", ".join(dict.fromkeys(label(t["law"]) for t in r2.trace[-2:]))
    here, there = CODE_WORDS.get(code, code), CODE_WORDS[other]

    def words(v) -> str:
        return asker_terms(engine.describe(v), ex.names, ex.first_person)

    def named(k: str) -> str:
        d = declared().get(k)
        return d.label if d else k.replace("_", " ")

    for k in keys:
        a, b = r1.conclusions.get(k), r2.conclusions.get(k)
        if a is not None and b is not None and repr(a) != repr(b):
            return f"Under the {there} code it differs: {named(k)} is {words(b)} instead of {words(a)} ({laws})."
    for k in dict.fromkeys([*r1.conclusions, *r2.conclusions]):
        a, b = r1.conclusions.get(k), r2.conclusions.get(k)
        if repr(a) != repr(b):
            return (f"Under the {there} code: {named(k)}: under the {here} code {words(a)}; under the {there} "
                    f"code {words(b)} ({laws}).")
    return None


def _value_asked(question: str, results, reached: dict) -> str | None:
    """A question asking for a value ("how many points ...?") whose cues named no value: the
    value question (VALUE_ASKS) whose conclusions the model reached and that both witnesses
    pick — the question's dense similarity to the declared conclusions, and the asking clause's
    words."""
    vec = getattr(results, "query_vector", None)
    if vec is None:
        return None
    # each conclusion reached stands for the broadest value question it answers (the one answered
    # by most conclusions: "tricks after the penalty" for the tricks by cards)
    owner = {}
    for name, keys in sorted(VALUE_ASKS.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if declared()[name].part_of:            # asked only when its cue names it
            continue
        for k in keys:
            if reached.get(k) is not None and k in declared() and declared()[k].yes_no is None:
                owner.setdefault(k, name)
    if not owner:
        return None
    dense = [c for c in asked.candidates(vec, {}, [], tuple(owner)) if c.key in owner]
    lexical = asked.lexical_rank(question, list(owner))
    if dense and lexical and owner[dense[0].key] == owner[lexical[0][0]]:
        return owner[dense[0].key]
    return None


def _set_path(facts: dict, path: str, value) -> str:
    """Set a fact by the path a missing fact names ("revokes[0].trick_turned_and_quitted");
    the one-item shortcut of the input ("revoke" for "revokes[0]") is followed."""
    *heads, last = path.split(".")
    node = facts
    used = []
    for h in heads:
        name, _, index = h.partition("[")
        used.append(h)
        if index:
            i = int(index.rstrip("]"))
            single = SINGULAR.get(name)
            if single and single in node and i == 0:
                node = node[single]
                used[-1] = single
                continue
            items = node.setdefault(name, [])
            while len(items) <= i:
                items.append({})
            node = items[i]
        else:
            node = node.setdefault(name, {})
        if not isinstance(node, dict):
            raise InvalidSituation(f"{path}: {h} is not a group of facts")
    node[last] = value
    return ".".join(used + [last])


SINGULAR = {"revokes": "revoke", "bets": "bet", "claims": "claim"}


def _copy(x):
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x
