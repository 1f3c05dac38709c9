"""Leads and play out of turn (English 62, 63, 67-70, 86; American 24-26, 35)."""
from __future__ import annotations

from .core import finding, law
from .situation import PARTNER, Situation, other, side_of


@law("english", "62")
def lead_out_of_turn(s: Situation, c: dict):
    """English 62: "If any player lead out of turn, his adversaries may either call the card
    erroneously led, or may call a suit from him or his partner when it is the next turn of either
    of them to lead." """
    l = s.lead
    if l is None or l.by is None:
        return None
    return finding(f"{other(side_of(l.by))} may call the card led in error, or call a suit from {l.by} or "
                   f"{PARTNER[l.by]} at their next lead",
                   penalty_options=["call the card led in error", "call a suit"],
                   penalty_claimants=other(side_of(l.by)))


@law("english", "63")
def all_followed_false_lead(s: Situation, c: dict):
    """English 63: "If any player lead out of turn, and the other three have followed him, the trick
    is complete, and the error cannot be rectified; but if only the second, or the second and
    third, have played to the false lead, their cards, on discovery of the mistake, are taken back.
    There is no penalty against any one excepting the original offender." """
    l = s.lead
    if l is None or l.played_to_by is None:
        return None
    if len(set(l.played_to_by)) >= 3:
        return finding("all three followed the false lead: the trick stands", trick_stands=True)
    return finding("the cards played to the false lead are taken back without penalty",
                   trick_stands=False, cards_taken_back=sorted(l.played_to_by))


@law("american-1894", "24")
def american_lead_out_of_turn(s: Situation, c: dict):
    """American 24: "If any player leads out of turn, a suit may be called from him or his partner
    the first time it is the turn of either of them to lead. The penalty can be enforced only by
    the adversary on the right of the player, from whom a suit can lawfully be called. ... if all
    have played to the false lead, no penalty can be enforced." """
    l = s.lead
    if l is None or l.by is None:
        return None
    if l.played_to_by is not None and len(set(l.played_to_by)) >= 3:
        return finding("all have played to the false lead: no penalty", penalty_options=[], trick_stands=True)
    return finding("a suit may be called at their next lead", penalty_options=["call a suit"],
                   penalty_claimants=other(side_of(l.by)))
