"""Exposed cards, cards liable to be called (English 56-61, 64-66; American 20-23)."""
from __future__ import annotations

from .core import finding, law
from .situation import Situation, other, side_of


@law("english", "56")
def exposed_cards(s: Situation, c: dict):
    """English 56: "All exposed cards are liable to be called, and must be left on the table; but
    a card is not an exposed card when dropped on the floor, or elsewhere below the table. The
    following are exposed cards: I. Two or more cards played at once. II. Any card dropped with its
    face upwards, or in any way exposed on or above the table, even though snatched up so quickly
    that no one can name it." """
    hits = [e for e in s.exposed if e.how in ("two-at-once", "dropped-face-up", "shown", "dropped-on-floor")]
    if not hits:
        return None
    e = hits[0]
    liable = e.how != "dropped-on-floor"
    return finding("dropped below the table: not an exposed card" if not liable
                   else f"{e.by}'s card is exposed and liable to be called", card_liable_to_be_called=liable)


@law("english", "60")
def detached_card(s: Situation, c: dict):
    """English 60: "A card detached from the rest of the hand so as to be named is liable to be
    called; but should the adversary name a wrong card, he is liable to have a suit called when he
    or his partner have the lead."  A description that is not a card ("a court card in hearts")
    is not naming it (Drayson case 6, test 2)."""
    hits = [e for e in s.exposed if e.how == "detached"]
    if not hits:
        return None
    e = hits[0]
    if e.named_by is None:
        return finding("a detached card is liable to be called if the adversary names it")
    if e.named_correctly is False:
        return finding(f"{e.named_by} named a wrong card: a suit may be called from {side_of(e.named_by)} "
                       f"when either first has the lead", card_liable_to_be_called=False,
                       suit_callable_from=side_of(e.named_by))
    if e.named_as is not None and e.named_correctly is None and " of " not in e.named_as:
        return finding("the card was described, not named", card_liable_to_be_called=False)
    return finding("the detached card was named: it is liable to be called", card_liable_to_be_called=True)


@law("english", "59")
def all_hands_thrown_down(s: Situation, c: dict):
    """English 59: "If all four players throw their cards on the table face upwards, the hands are
    abandoned ... neither claim can be entertained, unless a revoke be established. The revoking
    players are then liable to the following penalties: they cannot, under any circumstances, win
    the game by the result of that hand, and the adversaries may add three to their score, or
    deduct three from that of the revoking players." (Drayson case 122.)"""
    if not s.hands_thrown_down or len(set(s.hands_thrown_down)) < 4:
        return None
    return finding("all four hands abandoned: no claim but a revoke can be entertained",
                   hands_abandoned=True, revoke_claim_barred_by_abandonment=False)
