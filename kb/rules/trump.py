"""The trump card (English 52-55; American 18; revised 42-45)."""
from __future__ import annotations

from .core import finding, law
from .situation import Situation, other, side_of


@law("english", "52")
def trump_left_on_table(s: Situation, c: dict):
    """English 52: "The dealer, when it is his turn to play to the first trick, should take the
    trump card into his hand; if left on the table after the first trick be turned and quitted, it
    is liable to be called; his partner may at any time remind him of the liability." """
    t = s.trump
    if t is None or t.left_on_table_until is None:
        return None
    return finding("left on the table after the first trick was quitted: liable to be called"
                   if t.left_on_table_until >= 1 else "taken up in time", trump_card_liable_to_be_called=t.left_on_table_until >= 1)


@law("american-1894", "18")
@law("english-revised", "42")
def trump_left_second_trick(s: Situation, c: dict):
    """American 18: "If it is left on the table until after the second trick has been turned and
    quitted, it is liable to be called."  (Revised 42 likewise: "after the second trick".)"""
    t = s.trump
    if t is None or t.left_on_table_until is None:
        return None
    return finding("liable to be called only once the second trick is quitted",
                   trump_card_liable_to_be_called=t.left_on_table_until >= 2)


@law("english", "53")
def trump_named(s: Situation, c: dict):
    """English 53: "After the dealer has taken the trump card into his hand it cannot be asked
    for; a player naming it at any time during the play of that hand is liable to have his highest
    or lowest trump called."  Only the player who named it (Drayson test 17, case 154)."""
    t = s.trump
    if t is None or t.named_by is None:
        return None
    f = finding(f"{t.named_by} named the trump card: his highest or lowest trump may be called",
                highest_or_lowest_trump_callable_from=t.named_by)
    if t.called_from is not None:
        f.conclusions["call_valid"] = t.called_from == t.named_by
    return f


@law("english", "55")
def dealer_cannot_recollect(s: Situation, c: dict):
    """English 55: "If the dealer declare himself unable to recollect the trump card, his highest or
    lowest trump may be called at any time during that hand, and, unless it cause him to revoke,
    must be played."  Only the dealer's, not his partner's (Drayson test 15, case 153)."""
    t = s.trump
    if t is None or not t.dealer_cannot_recollect:
        return None
    f = finding("the dealer's highest or lowest trump may be called at any time during the hand",
                highest_or_lowest_trump_callable_from=s.dealer)
    if t.called_from is not None and s.dealer is not None:
        f.conclusions["call_valid"] = t.called_from == s.dealer
    return f
