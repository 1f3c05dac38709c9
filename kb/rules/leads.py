"""Leads and play out of turn, cards not played or played in error, the play of the trick
(English 62, 63, 67-70, "Dummy"; who calls thrown-down hands, 58; drawing the cards, 85;
American 19 (omission), 24-26; revised 61, 64-66, 70-73; American 1890 10, 13, 14).
Laws 57, 58, 66, 86 / American 22, 34, 35 proper live in exposed.py and claims.py.

Conclusion keys: ``lead_out_of_turn``, ``penalty_options``, ``penalty_claimants`` (a side, or a
seat when the code names the one adversary who may claim), ``suit_callable_from`` (a seat when it
is known who must lead the suit, else the side), ``suit_call_at_once``, ``penalties_incurred``,
``trick_stands``, ``cards_taken_back``, ``card_liable_to_be_called``,
``penalty_incurred``, ``win_or_lose_callable_from`` / ``highest_or_lowest_callable_from`` /
``trump_or_not_callable_from`` (the keys of called.py), ``new_deal_claim_by``, ``surplus_card_not_a_revoke``,
``tricks_may_be_searched``, ``card_restored``, ``answerable_for_revoke``,
``thrown_down_cards_callable_by``, ``draw_demand_valid``.  ``penalty_paid`` and the call of the suit
itself are judged in claims.py (English 66).
"""
from __future__ import annotations

from .core import finding, law
from .situation import PARTNER, RIGHT, SEATS, Situation, other, side_of

CALL_CARD, CALL_SUIT = "call the card led in error", "call a suit"


def _suit_call(s: Situation) -> tuple[str, bool]:
    """From whom a suit is called for a lead out of turn, and whether at once: "when it is next
    the turn of either of them to lead" -- if the proper leader is the offender's partner, that
    turn is now and the suit is called from him (revised 64 says so)."""
    l = s.lead
    if l.proper is not None and l.proper == PARTNER.get(l.by):
        return l.proper, True
    if l.next_leader is not None:
        return l.next_leader, False
    return side_of(l.by), False


# ---------------------------------------------------------------- lead out of turn

@law("english", "62")
@law("english-revised", "64")
def lead_out_of_turn(s: Situation, c: dict):
    """English 62: "If any player lead out of turn, his adversaries may either call the card
    erroneously led, or may call a suit from him or his partner when it is next the turn of either
    of them to lead."  Each lead out of turn is an offence with its own penalty (Drayson case
    152).  Revised 64: "if the player who leads out of turn is the partner of the person who ought
    to have led, and a suit is called, it must be called at once from the right leader"."""
    l = s.lead
    if l is None or l.by is None:
        return None
    frm, now = _suit_call(s)
    f = finding(f"{other(side_of(l.by))} may call the card led in error, or call a suit from "
                + (f"{frm} now ({frm} has the next lead)" if now else f"{l.by} or {PARTNER[l.by]} at their next lead"),
                lead_out_of_turn=True, penalty_options=[CALL_CARD, CALL_SUIT],
                penalty_claimants=other(side_of(l.by)), suit_callable_from=frm, suit_call_at_once=now,
                either_adversary_may_call_suit=True)          # (62: "his adversaries may")
    if l.times:
        f.conclusions["penalties_incurred"] = l.times
        if l.times > 1:
            f.step += f"; {l.times} leads out of turn, a penalty for each"
    return f


@law("english", "62", "lapse")
@law("english-revised", "64", "lapse")
def lead_penalty_lapses(s: Situation, c: dict):
    """English 62 gives the call of a suit only "when it is next the turn of either of them to
    lead": once that turn has passed with no suit called, only the card led in error can be
    called; and once that card has been played in the course of play it cannot be called either
    (Drayson case 91).  Revised 64: "If he is allowed to play as he pleases, the only penalty that
    remains is to call the card erroneously led"."""
    l = s.lead
    if l is None or l.by is None or not (l.next_lead_passed or l.card_led_played):
        return None
    opts = list(c.get("penalty_options", []))
    why = []
    if l.next_lead_passed and CALL_SUIT in opts:
        opts.remove(CALL_SUIT)
        why.append("their next lead passed without a suit being called")
    if l.card_led_played and CALL_CARD in opts:
        opts.remove(CALL_CARD)
        why.append("the card led in error has been played")
    return finding("; ".join(why) + (": no penalty remains" if not opts else f": only '{opts[0]}' remains"),
                   penalty_options=opts)


@law("english", "63")
@law("english-revised", "66")
def all_followed_false_lead(s: Situation, c: dict):
    """English 63: "If any player lead out of turn, and the other three have followed him, the trick
    is complete, and the error cannot be rectified; but if only the second, or the second and
    third, have played to the false lead, their cards, on discovery of the mistake, are taken back.
    There is no penalty against any one excepting the original offender."  A suit called after
    the trick is complete is too late (Drayson case 92)."""
    l = s.lead
    if l is None or l.played_to_by is None:
        return None
    if len(set(l.played_to_by)) >= 3:
        return finding("all three followed the false lead: the trick is complete, the error cannot be rectified",
                       trick_stands=True, penalty_options=[], suit_callable_from=None, suit_call_at_once=False)
    return finding("the cards played to the false lead are taken back without penalty",
                   trick_stands=False, cards_taken_back=sorted(l.played_to_by))


@law("drayson", "case/147", applies_to=("english",))
def simultaneous_lead(s: Situation, c: dict):
    """Drayson case 147: when the player whose lead it is and his partner lead at the same instant,
    "A's is an exposed card only" (English 56); if the partner's card came first it is a lead out
    of turn."""
    l = s.lead
    if l is None or l.by is None or l.simultaneous is not True:
        return None
    return finding(f"{l.by} led at the same instant as the proper leader: not a lead out of turn; {l.by}'s card "
                   f"is exposed",
                   lead_out_of_turn=False, card_liable_to_be_called=True, penalty_options=["call the exposed card"],
                   suit_callable_from=None, suit_call_at_once=False)


@law("english-revised", "65")
def simultaneous_lead_revised(s: Situation, c: dict):
    """Revised 65: "the penalty of calling the highest or lowest card of the suit properly led may
    be exacted from the player in error, or the card simultaneously led may be treated as a card
    liable to be called"."""
    l = s.lead
    if l is None or l.by is None or l.simultaneous is not True:
        return None
    return finding(f"{l.by} led at the same instant as {PARTNER[l.by]}: {l.by}'s highest or lowest of the suit "
                   f"led may be called, or {l.by}'s card treated as liable to be called",
                   lead_out_of_turn=False, card_liable_to_be_called=True, highest_or_lowest_callable_from=l.by,
                   penalty_options=["call the card", "highest or lowest"],
                   suit_callable_from=None, suit_call_at_once=False)


@law("english", "62", "election")
@law("english-revised", "64", "election")
def suit_called_ends_card_liability(s: Situation, c: dict):
    """English 62 gives the adversaries the one penalty *or* the other: once they call a suit, the
    card led in error is no longer liable to be called and may be taken up (Drayson case 96;
    revised 64: "If a suit is called, the card erroneously led may be replaced in the owner's
    hand")."""
    l = s.lead
    if (l is None or l.by is None or l.simultaneous or l.next_lead_passed or c.get("trick_stands")
            or not any(x.penalty == "call-suit" and (x.by is None or side_of(x.by) != side_of(l.by))
                       for x in s.claims)):
        return None                    # a suit called after the next lead has passed, or after all
        #                                followed the false lead (English 63), or by the offending
        #                                side (62: "his adversaries may"), is no election
    return finding("a suit was called: the card led in error may be taken up",
                   card_liable_to_be_called=False, penalty_options=[CALL_SUIT])


@law("american-1894", "24")
def american_lead_out_of_turn(s: Situation, c: dict):
    """American 24: "If any player leads out of turn, a suit may be called from him or his partner
    the first time it is the turn of either of them to lead. The penalty can be enforced only by
    the adversary on the right of the player, from whom a suit can lawfully be called.  If a
    player, so called on to lead a suit, has none of it, or if all have played to the false lead,
    no penalty can be enforced. If all have not played to the trick, the cards erroneously played
    to such false lead are not liable to be called and must be taken back."  (That the card led
    out of turn is not liable to be called is American 20 I, kb/rules/exposed.py.)"""
    l = s.lead
    if l is None or l.by is None:
        return None
    if l.played_to_by is not None and len(set(l.played_to_by)) >= 3:
        return finding("all have played to the false lead: no penalty", penalty_options=[], trick_stands=True,
                       lead_out_of_turn=True)
    frm, now = _suit_call(s)
    if frm in SEATS:
        f = finding(f"a suit may be called from {frm}" + (" now" if now else f" at {frm}'s next lead")
                    + f", only by {RIGHT[frm]}, the adversary on {frm}'s right",
                    lead_out_of_turn=True, penalty_options=[CALL_SUIT], penalty_claimants=RIGHT[frm],
                    suit_callable_from=frm, suit_call_at_once=now, either_adversary_may_call_suit=False)
    else:
        by_leader = {p: RIGHT[p] for p in (l.by, PARTNER[l.by])}
        f = finding(f"a suit may be called from {l.by} or {PARTNER[l.by]}, whichever first has the lead, only by "
                    + " or ".join(f"{a} (if {p} leads)" for p, a in by_leader.items())
                    + ", the adversary on the leader's right",
                    lead_out_of_turn=True, penalty_options=[CALL_SUIT], suit_callable_from=frm,
                    suit_call_claimant_by_leader=by_leader, suit_call_at_once=now,
                    either_adversary_may_call_suit=False)     # (24: "only by the adversary on the right")
    if l.played_to_by:
        f.conclusions.update(trick_stands=False, cards_taken_back=sorted(l.played_to_by))
    if l.next_lead_passed:
        f.conclusions["penalty_options"] = []
        f.step += "; that lead has passed: no penalty remains"
    if l.times:
        f.conclusions["penalties_incurred"] = l.times
    return f


@law("american-1890", "14")
def american_1890_lead_out_of_turn(s: Situation, c: dict):
    """American 1890, 14: "If a player lead out of turn, and all have followed, the trick holds
    good. The error can be corrected only before the fourth hand has played. Then, the cards may be
    withdrawn, and the leader alone pays penalty."  The penalty is Law 18's one point (Law 13)."""
    l = s.lead
    if l is None or l.by is None:
        return None
    if l.played_to_by is not None and len(set(l.played_to_by)) >= 3:
        return finding("all have followed: the trick holds good", trick_stands=True, penalty_options=[],
                       lead_out_of_turn=True)
    f = finding(f"the cards may be withdrawn; {side_of(l.by)} pay the penalty of one point (Law 18)",
                lead_out_of_turn=True, penalty_options=["one point (Law 18)"],
                penalty_claimants=other(side_of(l.by)))
    if l.played_to_by:
        f.conclusions.update(trick_stands=False, cards_taken_back=sorted(l.played_to_by))
    return f


# ---------------------------------------------------------------- play out of turn

@law("english", "67")
@law("english-revised", "70")
@law("american-1894", "25")
def third_played_before_second(s: Situation, c: dict):
    """English 67: "If the third hand play before the second, the fourth hand may play before his
    partner."  American 25 likewise."""
    p = s.played_out_of_turn
    if p is None or p.by is None or p.third_played is not True:
        return None
    return finding("the third hand had played before the second: the fourth may play before his partner; no penalty",
                   penalty_incurred=False, fourth_may_play_before_partner=True)


@law("english", "68")
@law("english-revised", "71")
def fourth_before_partner(s: Situation, c: dict):
    """English 68: "Should the third hand not have played, and the fourth play before his partner,
    the latter may be called on to win, or not to win the trick."  Not to play his highest or
    lowest (Drayson test 13); called on to win, he must trump if he has none of the suit
    (Drayson case 22)."""
    p = s.played_out_of_turn
    if p is None or p.by is None or p.third_played is not False:
        return None
    partner = PARTNER[p.by]
    return finding(f"{p.by} played before {partner}, the second hand: {partner} may be called on to win or not to "
                   "win the trick",
                   penalty_incurred=True, win_or_lose_callable_from=partner,
                   penalty_claimants=other(side_of(p.by)))


@law("american-1894", "26")
def american_fourth_before_second(s: Situation, c: dict):
    """American 26: "If the third hand has not played, and the fourth hand plays before the second,
    the latter may be called upon by the third hand to play his highest or lowest card of the suit
    led or, if he has none, to trump or not to trump the trick." """
    p = s.played_out_of_turn
    if p is None or p.by is None or p.third_played is not False:
        return None
    partner = PARTNER[p.by]
    third = RIGHT[p.by]                      # the hand before the fourth
    return finding(f"{third} (third hand) may call on {partner} to play the highest or lowest, or if {partner} has "
                   "none to trump or not to trump", penalty_incurred=True, highest_or_lowest_callable_from=partner,
                   trump_or_not_callable_from=partner, penalty_claimants=third)


@law("american-1890", "13")
def american_1890_play_out_of_turn(s: Situation, c: dict):
    """American 1890, 13: "If a player plays out of turn, or a card of a wrong suit, or throws on
    the table two or more cards at once, or shows any card unless in playing it, he suffers the
    penalty of Law 18, for each card named." """
    p = s.played_out_of_turn
    if p is None or p.by is None or p.third_played is None:
        return None
    if p.third_played:
        # the third hand played before the second, then the fourth: each played out of turn, one
        # of each side (the English code lets the fourth follow without penalty: its law 67)
        return finding(f"{RIGHT[p.by]} (third hand) and {p.by} (fourth) both played before the second hand: each "
                       "played out of turn, and each side suffers the penalty of Law 18", penalty_incurred=True)
    return finding(f"{p.by} played out of turn: the penalty of one point (Law 18)", penalty_incurred=True,
                   penalty_options=["one point (Law 18)"], penalty_claimants=other(side_of(p.by)))


@law("american-1890", "13", "cards-shown")
def american_1890_cards_shown(s: Situation, c: dict):
    """American 1890, 13, its other offences: a player who "throws on the table two or more cards at
    once, or shows any card unless in playing it, ... suffers the penalty of Law 18, for each card
    named": one point a card (law 12 counts the points of every exposed card), and no card is
    called."""
    hits = [e for e in s.exposed if e.how in ("two-at-once", "shown") and not e.seen_by_adversaries_only]
    if not hits or not c.get("penalty_points"):
        return None
    what = "threw two or more cards on the table at once" if hits[0].how == "two-at-once" else "showed a card"
    return finding(f"{hits[0].by or 'the player'} {what}: the penalty of Law 18 for each card, no card is called",
                   card_liable_to_be_called=False, penalty_points=c["penalty_points"])


# ---------------------------------------------------------------- cards not played, or played in error

@law("english", "69")
@law("english-revised", "72")
def omitted_to_play(s: Situation, c: dict):
    """English 69: "If any one omit playing to a former trick, and such error be not discovered
    until he has played to the next, the adversaries may claim a new deal; should they decide that
    the deal stand good, the surplus card at the end of the hand is considered to have been played
    to the imperfect trick, but does not constitute a revoke therein."  The claim may be made even
    at the end of the hand (Drayson case 23); the same for dummy (case 149)."""
    e = s.play_error
    if e is None or e.kind != "omitted" or e.by is None:
        return None
    if e.played_to_next is False:
        return finding("discovered before he played to the next trick: he plays to the imperfect trick; no new deal",
                       surplus_card_not_a_revoke=True)
    if e.played_to_next is None:
        return None
    adv = other(side_of(e.by))
    return finding(f"{adv} may claim a new deal; if the deal stands, the surplus card counts as played to the "
                   "imperfect trick and is not a revoke", new_deal_claim_by=adv, surplus_card_not_a_revoke=True)


@law("english", "70")
@law("english-revised", "73")
def card_played_in_error(s: Situation, c: dict):
    """English 70: "If any one play two cards to the same trick, or mix his trump, or other card,
    with a trick to which it does not properly belong, and the mistake be not discovered until the
    hand is played out, he is answerable for all consequent revokes he may have made. If, during
    the play of the hand, the error be detected, the tricks may be counted face downward, in order
    to ascertain whether there be among them a card too many; should this be the case, they may be
    searched, and the card restored; the player is, however, liable for all revokes which he may
    have meanwhile made."  The card restored is not an exposed card (Drayson case 24); revised 73
    adds: "If no revoke has been made, the card can be treated as an exposed card." """
    e = s.play_error
    if e is None or e.kind not in ("two-cards", "mixed-with-trick") or e.by is None:
        return None
    if e.discovered == "end-of-hand":
        return finding(f"discovered at the end of the hand: {e.by} is answerable for all consequent revokes",
                       answerable_for_revoke=True)
    if e.discovered != "during-play":
        return None
    f = finding("detected during the play: the tricks may be counted face downward and searched, and the card "
                f"restored to {e.by}; he is liable for any revoke meanwhile made",
                tricks_may_be_searched=True, card_restored=True, answerable_for_revoke=True)
    exposed = s.code == "english-revised" and not e.revoked_meanwhile
    f.conclusions["card_liable_to_be_called"] = exposed
    if s.code == "english-revised" and e.revoked_meanwhile is None:
        f.conclusions["card_liable_to_be_called"] = None
    return f


@law("american-1894", "19", "omission")
def american_wrong_number_of_cards(s: Situation, c: dict):
    """American 19: "If, at any time after all have played to the first trick, the pack being
    perfect, a player is found to have either more or less than his correct number of cards and his
    adversaries have their right number, the latter ... may consult and shall have the choice: I.
    To have a new deal; or II. To have the hand played out, in which case the surplus or missing
    card or cards are not taken into account. ... If any player has a surplus card by reason of an
    omission to play to a trick, his adversaries can exercise the foregoing privilege only after
    he has played to the trick following the one in which such omission occurred." """
    e = s.play_error
    if e is None or e.by is None or e.kind is None:
        return None
    if e.kind == "omitted" and e.played_to_next is not True:
        return None
    adv = other(side_of(e.by))
    return finding(f"{adv} may consult and choose a new deal or to play the hand out",
                   new_deal_claim_by=adv, partners_may_consult=True)


@law("english", "58", "callers")
@law("english-revised", "61", "callers")
def some_hands_thrown_down(s: Situation, c: dict):
    """English 58: "If a player, or players, under the impression that the game is lost -- or won
    -- or for other reasons -- throw his or their cards on the table face upward, such cards are
    exposed, and liable to be called, each player's by the adversary; but should one player alone
    retain his hand, he cannot be forced to abandon it."  Each exposed hand is called by the
    adversary who still holds his cards (Drayson case 148); dummy's are called by his partner."""
    down = set(s.hands_thrown_down or [])
    if not down or len(down) >= 4:
        return None
    callers = {}
    for p in sorted(down):
        callers[p] = sorted(q for q in ("A", "B", "Y", "Z") if side_of(q) != side_of(p) and q not in down
                           and q != s.dummy)
    return finding("each hand thrown down is called by the adversary who retains his cards: "
                   + "; ".join(f"{p}'s by {' or '.join(q) or 'no one'}" for p, q in callers.items()),
                   thrown_down_cards_callable_by=callers)


# ---------------------------------------------------------------- the trick: drawing cards, calling attention

@law("english", "85", "all-players")
def draw_cards_demand(s: Situation, c: dict):
    """English 85: "Any one ... may demand that the cards be placed before their respective
    players."  The demand is of all the players; a player may not ask his partner alone to draw his
    card (Drayson case 151).  (The timing of the demand: claims.py.)"""
    d = s.cards_drawn_demand
    if d is None or d.by is None or d.of is None:
        return None
    ok = set(d.of) >= {p for p in ("A", "B", "Y", "Z") if p != d.by}
    return finding("the demand is that all the cards be placed before their players" if ok
                   else f"{d.by} may demand that all the cards be drawn, not ask only {', '.join(sorted(d.of))}",
                   draw_demand_valid=ok)


@law("american-1890", "10")
def american_1890_direct_partner(s: Situation, c: dict):
    """American 1890, 10: "A player may move the cards on the table so as to see them all before
    playing, and may direct his partner to draw his card; but a player who points out his card, or
    says 'this is mine,' without being asked, is subject to penalty." """
    d = s.cards_drawn_demand
    if d is None or d.by is None or d.of is None:
        return None
    return finding("a player may direct his partner to draw his card", draw_demand_valid=True)


# ---------------------------------------------------------------- dummy

@law("english", "dummy", "III/lead")
def dummy_lead_from_wrong_hand(s: Situation, c: dict):
    """English, "Dummy" III: "if, however, he lead from Dummy's hand when he should lead from his
    own, or vice versa, a suit may be called from the hand which ought to have led." """
    ld = s.lead
    if s.dummy is None or ld is None or not ld.from_wrong_hand:
        return None
    return finding("the player of dummy led from the wrong hand: a suit may be called from the hand which ought "
                   "to have led", penalty_options=["call a suit from the hand which ought to have led"],
                   penalty_claimants=other(side_of(s.dummy)))


@law("english", "dummy")
def dummy_laws(s: Situation, c: dict):
    """English, "Dummy": "The laws are the same as those of whist, with the following exceptions:
    I. Dummy deals at the commencement of each rubber. II. Dummy is not liable to the penalty for a
    revoke ... III. Dummy being blind and deaf, his partner is not liable to any penalty for an
    error whence he can gain no advantage."  (Drayson case 149: Law 69 applies to dummy.)"""
    if s.dummy is None:
        return None
    return finding(f"{s.dummy} is dummy: the laws of whist apply, save the exceptions for dummy")
