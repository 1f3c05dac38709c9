"""Claims and calls of penalties; general rules (English 64-66, 84-91; American 21, 24, 34,
37, 39).  (Failing to comply with a call, English 61 / American 38: revoke.py.)  This area runs
after every other offence area but scoring, so a claim is judged against all the penalties the
situation makes available.

Claim kinds (``claims[].penalty``): ``call-card`` (an exposed card, the card led or played in
error, the trump card left on the table), ``call-suit`` (a lead), ``highest-or-lowest``,
``win-or-lose`` (the trick), ``trump-or-not``, ``new-deal``; and ``leave-on-table`` -- requiring
that an exposed card be left on the table, which the law requires in any event and which is no
election of a penalty (Drayson case 56).

Conclusions: ``penalties_available`` ({kind: who may exact it}), ``claims_entitled`` (per claim),
``claim_entitled`` (all of them), ``election_by``, ``penalty_forfeited``, ``must_play_called_card``,
``call_may_be_repeated``, ``penalty_paid``, ``may_see_last_trick``,
``cards_may_be_placed``, ``bystander_liable_to_pay``, ``bystander_may_decide``,
``new_cards_at_expense_of_table``, ``offender_must_await_decision``.
"""
from __future__ import annotations

from .core import Unknown, finding, law
from .leads import CALL_SUIT
from .situation import RIGHT, SIDES, Situation, card_suit, other, side_of

NOT_ELECTIONS = ("leave-on-table",)


def _add(av: dict, kind: str, who: str | None) -> None:
    if who is not None and kind not in av:
        av[kind] = who


#: conclusions that say an offence was read (whatever penalty it gives, none included)
OFFENCE_READ = ("penalty_options", "_revokes", "lead_out_of_turn", "card_liable_to_be_called",
                "trump_card_liable_to_be_called", "penalty_incurred")


def _available(s: Situation, c: dict) -> dict[str, str]:
    """Penalties the earlier areas make available: kind -> the side (or the one seat) that may
    exact it."""
    av: dict[str, str] = {}
    owners = {side_of(x["by"]) for x in c.get("cards_liable_to_be_called") or [] if x.get("by")}
    owners |= {side_of(p) for p in c.get("hand_liable_to_be_called") or []}
    if c.get("card_liable_to_be_called") and len(owners) == 1:
        _add(av, "call-card", other(owners.pop()))
    elif c.get("card_liable_to_be_called") and not owners and c.get("penalty_claimants"):
        _add(av, "call-card", c["penalty_claimants"])
    if c.get("trump_card_liable_to_be_called") and s.dealer:
        _add(av, "call-card", other(side_of(s.dealer)))
    l = s.lead
    lapsed = l is not None and l.by is not None and bool(l.next_lead_passed) and c.get("lead_out_of_turn")
    if c.get("suit_callable_from") and not lapsed and not c.get("trick_stands"):
        # English 62 / American 24: the suit is called "when it is next the turn of either of
        # them to lead" / "the first time": once that lead has passed, no longer (Drayson case 91)
        _add(av, "call-suit", other(c["suit_callable_from"]))
    claimants = c.get("penalty_claimants")
    for opt in c.get("penalty_options") or []:
        if "card" in opt:
            _add(av, "call-card", claimants)
        elif "suit" in opt:
            _add(av, "call-suit", claimants)
    if c.get("highest_or_lowest_trump_callable_from"):
        _add(av, "highest-or-lowest", other(side_of(c["highest_or_lowest_trump_callable_from"])))
    for key, kind in (("highest_or_lowest_callable_from", "highest-or-lowest"),
                      ("win_or_lose_callable_from", "win-or-lose"),
                      ("trump_or_not_callable_from", "trump-or-not"),
                      ("partner_may_be_called_to_win", "win-or-lose")):
        if c.get(key):
            who = claimants if key in ("highest_or_lowest_callable_from", "trump_or_not_callable_from") \
                and claimants and claimants not in SIDES else other(side_of(c[key]))
            _add(av, kind, who)
    if c.get("adversaries_may") and c.get("renounce_corrected"):
        rv = [r.by for r in s.revokes if r.by]
        if rv:
            for opt in c["adversaries_may"]:
                _add(av, "highest-or-lowest" if "highest" in opt else "call-card", other(side_of(rv[0])))
    if (l is not None and l.by is not None and c.get("lead_out_of_turn") and not c.get("trick_stands")
            and not s.code.startswith("american") and not l.simultaneous):
        # English 62: the card led in error or a suit -- judged as before any election (the
        # election itself is what is being judged here)
        if not l.card_led_played:
            _add(av, "call-card", other(side_of(l.by)))
        if not l.next_lead_passed:
            _add(av, "call-suit", other(side_of(l.by)))
    if c.get("new_deal_claim_by"):
        _add(av, "new-deal", c["new_deal_claim_by"])
    return av


def _norm(card) -> str:
    return str(card).strip().upper().replace(" ", "")


def _judge(s: Situation, c: dict):
    av = _available(s, c)
    liable_cards = {_norm(x["card"]) for x in c.get("cards_liable_to_be_called") or [] if x.get("card")}
    if c.get("trump_card_liable_to_be_called") and s.trump and s.trump.card:
        liable_cards.add(_norm(s.trump.card))
    verdicts, steps, elected = [], [], None
    for cl in s.claims:
        kind = cl.penalty
        by = cl.by or "the claimant"            # the claim told without who made it
        if cl.wrong_adversary:
            # American 39: "If the wrong adversary demands a penalty ... none can be enforced"
            verdicts.append(False)
            steps.append(f"{by} is not the adversary entitled to exact the penalty")
            continue
        if kind is None or (cl.consulted is not None and cl.for_offence == "revoke"):
            verdicts.append(None)
            continue
        if c.get("penalty_forfeited") and kind not in NOT_ELECTIONS:
            # English 84: "if they do so consult, they lose their right"
            verdicts.append(False)
            steps.append(f"{by}'s side consulted which penalty to exact: they have lost their right")
            continue
        if kind in NOT_ELECTIONS:
            if not (liable_cards or c.get("card_liable_to_be_called") or "call-card" in av):
                # Drayson case 62: "He cannot be made to place this card on the table as an exposed
                # card ... [they] attempted to enforce an illegal penalty"
                verdicts.append(False)
                steps.append(f"{by} required a card to be put face up on the table, but no card is liable to be "
                             f"called: a penalty the law does not give")
                continue
            verdicts.append(True)
            steps.append(f"{cl.by} required an exposed card to be left on the table: the law requires it; "
                         f"no penalty is thereby elected")
            continue
        if cl.by and av and side_of(cl.by) not in {side_of(v) for v in av.values()}:
            verdicts.append(None)
            steps.append(f"{cl.by} is on the offending side: his is no claim of a penalty")
            continue
        who = av.get(kind)
        ok, why = True, f"{by} may {kind.replace('-', ' ')}"
        if who is None and not av and not any(k in c for k in OFFENCE_READ):
            verdicts.append(None)           # no offence read: the claim cannot be judged against it
            steps.append(f"{by} claimed '{kind}': no offence is told that it could be a penalty for")
            continue
        if who is None:
            ok, why = False, f"{by} claimed '{kind}', a penalty the law does not give for this offence"
        elif cl.by is not None and (cl.by != who if who not in SIDES else side_of(cl.by) != who):
            ok, why = False, f"{by} may not exact '{kind}': it is for {who}"
        elif cl.too_late or (kind == "call-suit" and cl.at_first_lead is False):
            ok, why = False, f"{by}'s claim comes too late"
        elif kind == "call-card" and cl.card and liable_cards and _norm(cl.card) not in liable_cards:
            ok, why = False, f"{cl.card} is not a card liable to be called"
        elif (s.code.startswith("american") and kind == "call-suit" and cl.from_seat and cl.by
              and cl.by != RIGHT[cl.from_seat]):
            ok, why = False, (f"only {RIGHT[cl.from_seat]}, the adversary on the right of {cl.from_seat}, may call "
                              f"the suit (American 24)")
        elif elected is not None and elected[0] != kind and side_of(elected[1]) == side_of(cl.by or elected[1]):
            ok, why = False, f"{elected[1]} had already elected '{elected[0]}': that decision is final"
        if ok and elected is None:
            elected = (kind, cl.by)
        verdicts.append(ok)
        steps.append(why)
    return av, verdicts, steps, elected


# the quitted trick looked at again (revised 94, American 37) makes a suit callable: these rules
# run before the claims are judged against the penalties available
def _trick_looked_at(s: Situation, rule: str, penalty: str, conclusions):
    """A quitted trick looked at again (``trick_seen``): the rule's finding, and, when the offender
    is known, his side's penalty (``conclusions(side)``)."""
    t = s.trick_seen
    if t is None or t.which is None:
        return None
    offender = t.shown_by or t.by
    f = finding(rule + (f": {side_of(offender)} {penalty}" if offender else f": the offender's side {penalty}"),
                may_see_last_trick=False, may_see_trick=False, penalty_incurred=True)
    if offender:
        f.conclusions.update(conclusions(side_of(offender)))
    else:       # the penalty is incurred whoever looked; only its side is not told
        f.conclusions["penalty_options"] = conclusions("AB")["penalty_options"]
    return f


@law("english-revised", "94")
def revised_no_quitted_trick(s: Situation, c: dict):
    """Revised 94: "When a trick has been turned and quitted, it must not again be looked at until
    the hand has been played out, except as provided by Law 73. A violation of this Law renders the
    offender, or his partner, liable to have a suit called when it is the next turn of either of
    them to lead."  English 91 lets any player see the last trick turned; the revised code forbids
    it (Law 73: the tricks counted and searched for a card played in error -- leads.py)."""
    return _trick_looked_at(s, "a quitted trick must not be looked at again until the hand has been played out",
                            "are liable to have a suit called at the next turn of either to lead",
                            lambda side: {"suit_callable_from": side, "penalty_options": [CALL_SUIT]})


@law("american-1894", "37")
def american_no_quitted_trick(s: Situation, c: dict):
    """American 37: "When a trick has been turned and quitted, it must not again be seen until
    after the hand has been played. A violation of this law subjects the offender's side to the
    same penalty as in case of a lead out of turn" -- a suit may be called (American 24)."""
    return _trick_looked_at(s, "a quitted trick must not be seen again until the hand has been played",
                            "are liable to have a suit called", lambda side: {"suit_callable_from": side, "penalty_options": [CALL_SUIT]})


@law("english", "84")
@law("english-revised", "87")
def consulting_loses_penalty(s: Situation, c: dict):
    """English 84: "Where a player and his partner have an option of exacting from their
    adversaries one of two penalties, they should agree who is to make the election, but must not
    consult with one another which of the two penalties it is advisable to exact; if they do so
    consult, they lose their right; and if either of them, with or without consent of his partner,
    demand a penalty to which he is entitled, such decision is final."  (Revoke: see the exception
    in revoke.py; Drayson test 6, cases 27, 105.)  Revised 87 repeats it ("they must agree ... if
    they do so consult, they lose their right to demand any penalty")."""
    cl = [x for x in s.claims if x.consulted is not None and x.for_offence != "revoke"]
    if not cl:
        return None
    if any(x.consulted for x in cl):
        f = finding("the partners consulted which penalty to exact: they lose their right",
                    penalty_forfeited=True)
        if c.get("suit_call_at_once"):
            f.conclusions.update(suit_callable_from=None, suit_call_at_once=False)     # no suit left to call
        return f
    return finding("the penalty demanded without consulting is final", penalty_forfeited=False,
                   election_final=True)


@law("american-1894", "39")
def american_election_final(s: Situation, c: dict):
    """American 39: "If either of them, with or without his partner's consent, demands a penalty to
    which they are entitled, such decision is final." -- no rule against consulting."""
    cl = [x for x in s.claims if x.consulted is not None and x.for_offence != "revoke"]
    if not cl:
        return None
    return finding("the American code does not forbid consulting", penalty_forfeited=False)


@law("english", "84", "election")
@law("english-revised", "87", "election")
@law("american-1894", "39", "election")
def claims_judged(s: Situation, c: dict):
    """English 84 / American 39: "if either of them, with or without consent of his partner,
    demand a penalty to which he is entitled, such decision is final."  Each claim is judged
    against the penalties the offence gives (and, under American 24, 35, the one adversary who
    may exact them): the first claim to which the claimant is entitled is the election; a later
    claim of another penalty by the same side is not one to which they are entitled (Drayson case
    57).  A claim by the partner of the elector of the same penalty does not displace him (case
    27: the adversaries "can object to B calling it")."""
    if not any(x.penalty or x.wrong_adversary for x in s.claims):
        return None
    av, verdicts, steps, elected = _judge(s, c)
    given = [v for v in verdicts if v is not None]
    f = finding("; ".join(steps), penalties_available=av, claims_entitled=verdicts,
                claim_entitled=all(given) if given else None)
    if elected is not None:
        f.conclusions["election_by"] = elected[1]
        f.conclusions["election_final"] = True
    return f


@law("english", "84", "suit-call")
@law("english-revised", "87", "suit-call")
@law("american-1894", "39", "suit-call")
def suit_call_judged(s: Situation, c: dict):
    """A call of a suit from a named player (``claims[].from_seat``) is valid when the offence
    makes a suit callable from that player -- or from his side, when the law lets the suit be
    called from whichever of the offending side first has the lead (English 60, 62; American 24)
    -- and the caller is entitled to exact it (84: "a penalty to which he is entitled").  The call
    is the adversaries' (English 62: "his adversaries may either call the card erroneously led, or
    may call a suit from him or his partner"): a call made by the side liable to it is no call."""
    calls = [(i, cl) for i, cl in enumerate(s.claims) if cl.penalty == "call-suit" and cl.from_seat]
    if not calls:
        return None
    i, cl = calls[-1]
    target = c.get("suit_callable_from")
    entitled = (c.get("claims_entitled") or [None] * len(s.claims))[i]
    if target is None:
        if entitled is False or c.get("penalty_forfeited"):
            return finding(f"no suit may be called from {cl.from_seat}", call_valid=False)
        return None
    from_ok = cl.from_seat == target or side_of(cl.from_seat) == target
    own_side = cl.by is not None and side_of(cl.by) == side_of(target)
    valid = from_ok and entitled is not False and not own_side
    if own_side:
        why = f"{cl.by} is on the side liable to have a suit called: only the adversaries may call it"
    elif not from_ok:
        why = f"a suit may be called from {target}, not from {cl.from_seat}"
    elif entitled is False:
        why = f"{cl.by or 'the caller'} is not entitled to call the suit"
    else:
        why = f"{cl.by or 'the caller'} may call a suit from {cl.from_seat}" + (
            f" ({target} are liable to have a suit called)" if target in SIDES else "")
    return finding(why, call_valid=valid)


@law("drayson", "custom/wrong-penalty", applies_to=("english",))
@law("english-revised", "88")
def wrong_penalty_loses_all(s: Situation, c: dict):
    """"It is now universally admitted that if an adversary claim a penalty to which he is not
    entitled, he loses his right to claim a penalty to which he was entitled" (Drayson cases 25,
    57, 62; the "established but unwritten law").  The offender's exposed card ceases to be
    liable (case 25).  The revised code writes the custom as law 88: "Any player demanding a
    penalty which is not authorised for the offence committed, forfeits all right to exact any
    penalty for the offence in question." """
    if c.get("claim_entitled") is not False:
        return None
    return _forfeited("a penalty was claimed to which the claimant was not entitled: his side loses every "
                      "penalty for the offence", c)


@law("american-1894", "39", "wrong-penalty")
def american_wrong_penalty_none(s: Situation, c: dict):
    """American 39: "If the wrong adversary demands a penalty, or a wrong penalty is demanded, none
    can be enforced." """
    if c.get("claim_entitled") is not False:
        return None
    return _forfeited("a wrong penalty, or a penalty by the wrong adversary, was demanded: none can be enforced", c)


def _forfeited(why: str, c: dict):
    """Every penalty for the offence lost: none available, a call made is valid no more, the
    offender's card no longer liable to be called (Drayson case 25)."""
    f = finding(why, penalty_forfeited=True, penalties_available={})
    for key in ("call_valid", "trump_call_valid"):
        if c.get(key):
            f.conclusions[key] = False              # a call made afterwards exacts nothing
    if c.get("card_liable_to_be_called") or "call-card" in (c.get("penalties_available") or {}):
        f.conclusions["card_liable_to_be_called"] = False
    return f


# ---------------------------------------------------------------- complying with a call

def _calls(s: Situation) -> list[tuple[int, "object"]]:
    return [(i, x) for i, x in enumerate(s.claims) if x.penalty == "call-card"]


def _would_revoke(cl) -> bool | None:
    """Complying with the call would be a revoke (English 71: "holding one or more cards of the
    suit led, plays a card of a different suit"): the called card is not of the suit led to the
    trick, and its owner holds that suit.  None: not told."""
    if cl.card is None or cl.suit_led is None:
        return None
    suit = card_suit(cl.card)
    if suit is None:
        return None
    if suit == cl.suit_led:
        return False
    return cl.holds_suit_led


def _card_played(s: Situation, card: str | None) -> bool | None:
    """Whether the called card has since been played by its owner (``exposed[].played_by_owner``)."""
    hits = [e for e in s.exposed if card is None or e.card is None or _norm(e.card) == _norm(card)]
    if any(e.played_by_owner for e in hits):
        return True
    if hits and all(e.played_by_owner is False for e in hits):
        return False
    return None


def _comply(s: Situation):
    """(must the called card be played now, the Unknown to ask) for the calls of a card."""
    calls = [(i, x) for i, x in _calls(s) if x.suit_led is not None]
    if not calls:
        return None, None
    verdicts = [(i, x, _would_revoke(x)) for i, x in calls]
    if any(v for _, _, v in verdicts):
        return False, None
    if all(v is False for _, _, v in verdicts):
        return True, None
    i, x, _ = next(v for v in verdicts if v[2] is None)
    return None, Unknown(f"claims[{i}].holds_suit_led", f"Did the player called on hold a card of the suit led?",
                         {True: "he need not play the called card: it would be a revoke",
                          False: "he must play the called card"})


@law("english", "64")
def never_compelled_to_revoke(s: Situation, c: dict):
    """English 64: "In no case can a player be compelled to play a card which would oblige him to
    revoke."  A called card of another suit than the one led, its owner holding the suit led, is
    such a card (71); a card of the suit led, or one called from a player void of it, must be
    played.  American 21: "A player must lead or play them when called, provided he can do so
    without revoking."  The card stays exposed and the call may be repeated (65)."""
    if _calls(s) and c.get("card_liable_to_be_called") is False:
        # the card called is no card liable to be called (dummy III: the dummy's partner exposing
        # his own card; a card dropped on the floor): there is nothing to comply with
        return finding("the card called is not liable to be called: he need not play it", must_play_called_card=False)
    must, ask = _comply(s)
    if ask is not None:
        return ask
    if must is None:
        return None
    if must:
        return finding("the called card can be played without revoking: he must play it", must_play_called_card=True)
    return finding("playing the called card would oblige him to revoke: he need not play it; it remains exposed",
                   must_play_called_card=False)


def _repeat(s: Situation, c: dict):
    """English 65 / American 21: the call may be repeated until the card has been played."""
    calls = _calls(s)
    if not calls:
        return None
    card = calls[-1][1].card
    if _card_played(s, card):
        return finding("the called card has been played: the call is spent", call_may_be_repeated=False)
    if c.get("must_play_called_card") is False or _card_played(s, card) is False:
        return finding("the called card has not been played: the call may be repeated until it is",
                       call_may_be_repeated=True)
    return None


@law("english", "65")
@law("english-revised", "68")
def call_repeated(s: Situation, c: dict):
    """English 65: "The call of a card may be repeated until such card has been played."  (Drayson
    case 59: the card called on a heart trick, its owner holding a heart, stays on the table and
    may be called again.)  Revised 68: "The call of a card may be repeated at every trick, until
    such card has been played." """
    return _repeat(s, c)


@law("english-revised", "59", "before-turn")
def revised_exposed_card_required_early(s: Situation, c: dict):
    """Revised 59: "An adversary may not require any exposed card to be played before it is the turn
    of the owner of the card to play; should he do so, he loses his right to exact the penalty for
    that trick."  (No English law: English 56 only makes the card liable to be called.)"""
    early = [x for x in s.claims if x.before_owners_turn]
    if not early:
        return None
    who = early[0].by or "the adversary"
    return finding(f"{who} required the exposed card before its owner's turn to play: the penalty for "
                   f"that trick is lost", penalty_lost_for_trick=True)


@law("american-1894", "21", "call")
def american_call_rules(s: Situation, c: dict):
    """American 21: "A player must lead or play them when called, provided he can do so without
    revoking. The call may be repeated at each trick until the card is played." """
    must, ask = _comply(s)
    out = []
    if ask is not None:
        out.append(ask)
    elif must is not None:
        out.append(finding("the called card must be played" if must else
                           "playing the called card would be a revoke: he need not play it",
                           must_play_called_card=must))
        c = {**c, "must_play_called_card": must}
    rep = _repeat(s, c)
    if rep is not None:
        out.append(rep)
    return out or None


@law("english", "66")
def no_card_of_suit_called(s: Situation, c: dict):
    """English 66: "If a player called on to lead a suit have none of it, the penalty is paid."
    (Drayson case 96: the card led in error then ceases to be exposed.)"""
    if not any(x.has_none and x.penalty == "call-suit" for x in s.claims):
        return None
    return finding("he has none of the suit called: the penalty is paid", penalty_paid=True)


@law("american-1894", "24", "none")
def american_no_card_of_suit(s: Situation, c: dict):
    """American 24: "If a player, so called on to lead a suit, has none of it ... no penalty can be
    enforced." """
    if not any(x.has_none and x.penalty == "call-suit" for x in s.claims):
        return None
    return finding("he has none of the suit called: no penalty can be enforced", penalty_paid=True)


# ---------------------------------------------------------------- general rules

@law("english", "85")
@law("american-1894", "34")
def cards_placed(s: Situation, c: dict):
    """English 85: "Any one during the play of a trick, or after the four cards are played, and
    before, but not after, they are touched for the purpose of gathering them together, may demand
    that the cards be placed before their respective players."  American 34: "Any one, during the
    play of a trick and before the cards have been touched for the purpose of gathering them
    together, may demand that the players draw their cards." """
    d = s.cards_drawn_demand
    if d is None:
        return None
    if d.after_gathering_touched is None:
        return Unknown("cards_drawn_demand.after_gathering_touched",
                       "Had the cards been touched to gather them together?",
                       {True: "too late to demand it", False: "the cards must be placed before their players"})
    return finding("the cards had been touched to gather them: too late" if d.after_gathering_touched
                   else "the cards must be placed before their respective players",
                   cards_may_be_placed=not d.after_gathering_touched)


@law("english", "87")
def reasonable_time(s: Situation, c: dict):
    """English 87: "In all cases where a penalty has been incurred, the offender is bound to give
    reasonable time for the decision of his adversaries."  (What is reasonable is a question of
    fact -- Drayson case 140; American 23 and 39 make the offender await the decision.)"""
    if not any(e.another_played_before_decision for e in s.exposed):
        return None
    return finding("the offender is bound to give the adversaries reasonable time to decide",
                   offender_must_await_decision=True)


@law("american-1894", "39", "await")
def american_await(s: Situation, c: dict):
    """American 39: "In all cases where a penalty has been incurred, the offender must await the
    decision of the adversaries." """
    if not any(e.another_played_before_decision for e in s.exposed):
        return None
    return finding("the offender must await the adversaries' decision", offender_must_await_decision=True)


@law("english", "88")
def bystander_remark(s: Situation, c: dict):
    """English 88: "If a bystander make any remark which calls the attention of a player or players
    to an oversight affecting the score, he is liable to be called on, by the players only, to pay
    the stakes and all bets on that game or rubber."  (Drayson case 139: another bystander cannot
    call on him.)"""
    b = s.bystander
    if b is None or not b.remark_on_score_oversight:
        return None
    if b.called_on_by_player is False:
        return finding("only the players may call on him to pay: a bystander cannot", bystander_liable_to_pay=False)
    return finding("the bystander is liable to be called on by the players to pay the stakes and all bets on "
                   "that game or rubber", bystander_liable_to_pay=True)


@law("english-revised", "92")
def revised_bystander_remark(s: Situation, c: dict):
    """Revised 92: "If a bystander make any remark, before the stakes have been paid, which calls the
    attention of a player or players to an oversight affecting the score, he is liable to be called
    on, by the players only, to pay the stakes and all bets on that game or rubber."  English 88
    has no "before the stakes have been paid": a remark after payment is still within it."""
    b = s.bystander
    if b is None or not b.remark_on_score_oversight:
        return None
    if b.called_on_by_player is False:
        return finding("only the players may call on him to pay: a bystander cannot", bystander_liable_to_pay=False)
    if b.after_stakes_paid:
        return finding("the remark was made after the stakes had been paid: the bystander is not liable",
                       bystander_liable_to_pay=False)
    if b.after_stakes_paid is None:     # the liability turns on it: nothing is concluded until it is told
        return Unknown("bystander.after_stakes_paid", "Was the remark made after the stakes had been paid?",
                       {True: "the bystander is not liable", False: "he is liable to pay the stakes and bets"})
    return finding("the bystander spoke before the stakes were paid: he is liable to be called on by the players to "
                   "pay the stakes and all bets on that game or rubber", bystander_liable_to_pay=True)


@law("english", "89")
def bystander_decides(s: Situation, c: dict):
    """English 89: "A bystander, by agreement among the players, may decide any question." """
    b = s.bystander
    if b is None or b.decides_by_agreement is None:
        return None
    return finding("by agreement of the players a bystander may decide the question" if b.decides_by_agreement
                   else "without the players' agreement a bystander cannot decide",
                   bystander_may_decide=bool(b.decides_by_agreement))


@law("english", "90")
def torn_cards(s: Situation, c: dict):
    """English 90: "A card or cards torn or marked must be either replaced by agreement, or new
    cards called at the expense of the table."  With the players' agreement the cards are
    replaced and no new cards are called; without it new cards are called, at the table's
    expense."""
    if not s.cards_torn_or_marked:
        return None
    agreed = s.torn_cards_replacement_agreed
    if agreed:
        return finding("torn or marked cards replaced by agreement: no new cards are called",
                       torn_cards_remedy=TORN_REMEDIES[0], new_cards_at_expense_of_table=False)
    if agreed is False:
        return finding("no agreement to replace the torn or marked cards: new cards are called at the "
                       "expense of the table", torn_cards_remedy=TORN_REMEDIES[1],
                       new_cards_at_expense_of_table=True)
    return [finding("torn or marked cards: replaced by agreement, or new cards at the expense of the table",
                    torn_cards_remedy=list(TORN_REMEDIES), new_cards_at_expense_of_table=True),
            Unknown("torn_cards_replacement_agreed", "Do the players agree to replace the torn or marked cards?",
                    {True: "they are replaced; no new cards", False: "new cards are called at the expense of the table"})]


TORN_REMEDIES = ("replaced by agreement", "new cards at the expense of the table")


@law("english", "83")
@law("english-revised", "3")
def fresh_cards(s: Situation, c: dict):
    """English 83: "Any player (on paying for them) before, but not after, the pack be cut for the
    deal, may call for fresh cards. He must call for two new packs, of which the dealer takes his
    choice."  Revised 3 says the same in other words: "Any player, before the pack is cut for the
    deal, may call for fresh cards on paying for them. He must call for two new packs, of which the
    dealer takes his choice." """
    n = s.new_cards
    if n is None:
        return None
    who = n.called_by or "a player"        # "Any player": who it is does not matter
    if n.after_cut is None:
        return Unknown("new_cards.after_cut", "Had the pack been cut for the deal when the fresh cards were called for?",
                       {True: "too late: no fresh cards", False: "he may call for them, paying for them"})
    if n.after_cut:
        return finding(f"{who} called for fresh cards after the pack was cut for the deal: too late",
                       fresh_cards_allowed=False)
    f = finding(f"{who} may call for fresh cards, paying for them: two new packs, of which "
                f"{s.dealer or 'the dealer'} takes the choice", fresh_cards_allowed=True, packs_to_call=2)
    if n.called_by:
        f.conclusions["fresh_cards_paid_by"] = n.called_by
    if s.dealer:
        f.conclusions["pack_chosen_by"] = s.dealer
    if n.packs == 1:
        f.conclusions["fresh_cards_allowed"] = False
        f.step = f"{who} must call for two new packs, not one"
    return f


@law("english", "91")
def last_trick(s: Situation, c: dict):
    """English 91: "Any player may demand to see the last trick turned, and no more. Under no
    circumstances can more than eight cards be seen during the play of the hand, viz.: the four
    cards on the table which have not been turned and quitted, and the last trick turned."  A
    wrong trick shown by an adversary of his own accord does not take away the right (Drayson case
    135; he would have the right lost if the asker's partner showed the wrong trick -- not in the
    law); asking often is no offence (case 137)."""
    t = s.trick_seen
    if t is None or t.which is None:
        return None
    if t.which == "last":
        # (asking to see it, however often, is no offence: no penalty -- case 137)
        return finding(f"{t.by or 'any player'} may see the last trick turned; no penalty is incurred for it",
                       may_see_last_trick=True, penalty_options=[])
    return finding("no trick but the last may be seen during the play of the hand; the last trick turned may be",
                   may_see_trick=False, may_see_last_trick=True)


@law("american-1890", "11")
def no_trick_examined_1890(s: Situation, c: dict):
    """American 1890, 11: "Every trick completed must be gathered before the next lead is made. No
    trick shall be examined after being gathered and turned."  The violation costs Law 18's point
    (English 91 lets the last trick be seen)."""
    return _trick_looked_at(s, "no trick may be examined after being gathered and turned", "forfeit one point (Law 18)",
                            lambda side: {"penalty_options": ["one point (Law 18)"], "penalty_claimants": other(side),
                                          "penalty_points": 1})


@law("american-1890", "8")
def silence_1890(s: Situation, c: dict):
    """American 1890, 8: "No conversation is permitted during the play of the hand. ... Talking must
    cease when the first card is led, and silence must continue until the last card is played:
    Except, that a player may -- (a.) Name an exposed card; (b.) Claim a trick wrongly
    appropriated; (c.) Call attention to an offense or irregularity that could not be proven when
    the hand were played out; (d.) Ask 'what are trumps'; (e.) Require cards to be placed, or
    partners' drawn; (f.) Ask 'have you none of the suit, partner' ... without violating the law of
    silence."  The violation costs Law 18's point.  (The English code has no law of silence:
    Drayson case 138.)"""
    r = s.remark
    if r is None and any(x.partner_asked for x in s.revokes):
        return finding("asking \"have you none of the suit, partner?\" is one of the exceptions to the law of "
                       "silence (8 f)", partner_may_ask=True, silence_violated=False)
    if r is None or r.by is None or r.during_play is False:
        return None
    if r.kind is None:
        return Unknown("remark.kind", "What did the player say (naming an exposed card, claiming a trick, calling "
                       "attention to an irregularity, asking trumps, requiring cards placed, asking partner if he "
                       "has none of the suit, or other talk)?",
                       {"other": "a violation of the law of silence: one point", "ask-trumps": "allowed"})
    if r.kind != "other":
        return finding(f"{r.by}'s remark is one of the exceptions to the law of silence: no penalty",
                       silence_violated=False)
    if r.during_play is None:
        return Unknown("remark.during_play", "Was the remark made during the play of the hand (after the first card "
                       "was led and before the last was played)?",
                       {True: "a violation of the law of silence: one point", False: "no violation"})
    return finding(f"{r.by} talked during the play of the hand: a violation of the law of silence, one point (Law 18)",
                   silence_violated=True, penalty_options=["one point (Law 18)"],
                   penalty_claimants=other(side_of(r.by)), penalty_points=1)


@law("american-1890", "8", "e")
def require_cards_placed_1890(s: Situation, c: dict):
    """American 1890, 8: "Talking must cease when the first card is led ... Except, that a player
    may -- ... (e.) Require cards to be placed, or partners' drawn".  The code sets no limit of
    time like English 85's (before the cards are touched to gather them), so a demand made before
    they were touched is allowed in both."""
    d = s.cards_drawn_demand
    if d is None or d.by is None or d.after_gathering_touched is True:
        return None
    f = finding(f"{d.by} may require the cards to be placed: an exception to the law of silence (8 e)",
                silence_violated=False)
    if d.after_gathering_touched is False:
        f.conclusions["cards_may_be_placed"] = True
    return f


@law("american-1890", "9")
def intimation_1890(s: Situation, c: dict):
    """American 1890, 9: "No intimation shall be given in any way as to the constitution of the
    player's hand, nor manifestation made by word, look, or act, of approval or disapproval of the
    play. No card shall be drawn from the hand until needed to play in turn, nor played with an
    emphasis that calls attention to its value."  The violation costs Law 18's point (in the
    English code, etiquette only: Drayson case 138)."""
    i = s.intimation
    if i is None or i.by is None:
        return None
    what = {"hand": "an intimation as to his hand", "approval": "approval or disapproval of the play",
            "card-drawn-early": "a card drawn before it was needed to play", "emphasis": "a card played with emphasis",
            None: "an intimation"}[i.kind]
    return finding(f"{i.by}: {what}: a violation of Law 9, one point (Law 18)",
                   penalty_options=["one point (Law 18)"], penalty_claimants=other(side_of(i.by)), penalty_points=1)


@law("american-1890", "18")
def one_point_penalty_1890(s: Situation, c: dict):
    """American 1890, 18: "The penalty for the violation of any law (except that of revoke) is the
    forfeit of one point; to be deducted from the score of the offenders or added to the score of
    the adversaries, as they, upon consultation, or either of them by consent of the other, shall
    elect. A penalty cannot be taken during the play, but must be claimed and scored before the
    cards are cut for the next deal."  (Laws 8-14 and 19 name it.)"""
    if "one point (Law 18)" not in (c.get("penalty_options") or []):
        if s.penalty_during_play is None:
            return None
        # whatever the offence: "A penalty cannot be taken during the play"
        return finding("a penalty cannot be taken during the play: it must be claimed and scored before the "
                       "cards are cut for the next deal", penalty_may_be_taken_during_play=False)
    to = c.get("penalty_claimants")
    if not to and c.get("renounce_corrected"):
        # a renounce corrected in time (Law 19: "he suffers only the penalty of Law 18"): the offenders
        # are the renouncing side, the point goes to their adversaries
        side = next((d["side"] for d in c.get("_revokes") or [] if d["established"] is False and d["side"]), None)
        to = other(side) if side else None
    to = side_of(to) if to else None
    frm = other(to) if to else None
    n = c.get("penalty_points") or 1
    pen = {"from": frm, "to": to, "points": n, "options": ["deduct from the offenders", "add to the adversaries"]}
    late = bool(s.cut_for_next_deal) or any(x.too_late for x in s.claims)
    if late:
        return finding("the penalty was not claimed and scored before the cards were cut for the next deal: it is lost",
                       one_point_penalty=pen, penalty_claim_in_time=False, penalty_forfeited=True,
                       point_forfeited=False)
    f = finding(f"{frm or 'the offenders'} forfeit {n} point{'s' if n > 1 else ''}: deducted from their score or added "
                f"to {to or 'the adversaries'}, at the adversaries' election (they may consult); claimed and scored "
                f"after the hand, before the cut for the next deal", one_point_penalty=pen, partners_may_consult=True,
                point_forfeited=True)
    if s.penalty_during_play is not None:
        # "A penalty cannot be taken during the play"
        f.conclusions["penalty_may_be_taken_during_play"] = False
        if s.penalty_during_play:
            f.step += "; it cannot be taken during the play of the hand"
    if s.score is not None and frm and to:
        top = 7
        deduct = {frm: max(0, (s.score_of(frm) or 0) - n), to: s.score_of(to) or 0}
        add = {frm: s.score_of(frm) or 0, to: min(top, (s.score_of(to) or 0) + n)}
        f.conclusions["score_after_penalty_options"] = {"deduct": deduct, "add": add}
    return f
