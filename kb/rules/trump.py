"""The trump card (English 52-55; American 18; revised 42-45)."""
from __future__ import annotations

from .core import finding, law
from .situation import Situation


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
@law("english-revised", "43")
def trump_named(s: Situation, c: dict):
    """English 53: "After the dealer has taken the trump card into his hand it cannot be asked
    for; a player naming it at any time during the play of that hand is liable to have his highest
    or lowest trump called."  Only the player who named it (Drayson test 17, case 154).  Revised
    43 repeats it ("it must not be asked for") and adds two sentences, the rule that follows."""
    t = s.trump
    if t is None or t.named_by is None:
        return None
    f = finding(f"{t.named_by} named the trump card: {t.named_by}'s highest or lowest trump may be called",
                highest_or_lowest_trump_callable_from=t.named_by)
    if not s.exposed:
        # the penalty for naming it is the call of his highest or lowest trump: the card named,
        # in his hand, is no exposed card (Drayson case 62)
        f.conclusions["card_liable_to_be_called"] = False
        f.step += " (the card named is not thereby an exposed card)"
    if t.called_from is not None:
        f.conclusions["trump_call_valid"] = t.called_from == t.named_by
    return f


@law("english-revised", "43", "call-and-inquiry")
def revised_trump_call_not_repeated(s: Situation, c: dict):
    """Revised 43: "... is liable to have his highest or lowest trump called. Such call cannot be
    repeated. Any player may at any time inquire what the trump suit is."  English 53 says neither:
    under it the call of the highest or lowest trump is not said to be once only, and asking the
    trump suit is not provided for."""
    t = s.trump
    if t is None or (t.named_by is None and t.suit_asked_by is None):
        return None
    out = []
    if t.named_by is not None:
        out.append(finding("the call of his highest or lowest trump cannot be repeated", call_may_be_repeated=False))
    if t.suit_asked_by is not None:
        out.append(finding(f"{t.suit_asked_by} may at any time inquire what the trump suit is: no penalty",
                           may_inquire_trump_suit=True))
    return out


@law("english", "55")
def dealer_cannot_recollect(s: Situation, c: dict):
    """English 55: "If the dealer declare himself unable to recollect the trump card, his highest or
    lowest trump may be called at any time during that hand, and, unless it cause him to revoke,
    must be played; the call may be repeated, but not changed, i.e., from highest to lowest, or
    vice versa, until such card is played."  Only the dealer's, not his partner's (Drayson test
    15, case 153)."""
    t = s.trump
    if t is None or not t.dealer_cannot_recollect:
        return None
    f = finding("the dealer's highest or lowest trump may be called at any time during the hand; the call may "
                "be repeated, but not changed from highest to lowest or back, until the card is played",
                highest_or_lowest_trump_callable_from=s.dealer, call_may_be_changed=False)
    if t.called_from is not None and s.dealer is not None:
        f.conclusions["trump_call_valid"] = t.called_from == s.dealer
    return f


@law("english", "54")
def trump_taken_up_early(s: Situation, c: dict):
    """English 54: "If the dealer take the trump card into his hand before it is his turn to play, he
    may be desired to lay it on the table; should he show a wrong card, this card may be called, as
    also a second, a third, etc., until the trump card be produced."  (Drayson test 7 / case 153:
    if he says he forgets it, law 55 applies.)"""
    t = s.trump
    if t is None or not t.taken_up_early:
        return None
    return finding("the dealer took up the trump card before his turn: he may be desired to lay it on the "
                   "table; any wrong card he shows may be called", trump_card_to_be_laid_on_table=True,
                   wrong_card_shown_callable=True)


@law("american-1894", "18", "naming")
def american_trump_named(s: Situation, c: dict):
    """American 18: "After it has been lawfully taken up, it must not be named, and any player naming
    it is liable to have his highest or his lowest trump called by either adversary. A player may,
    however, ask what the trump suit is." """
    t = s.trump
    if t is None or (t.named_by is None and t.suit_asked_by is None):
        return None
    out = []
    if t.named_by is not None:
        f = finding(f"{t.named_by} named the trump card: either adversary may call {t.named_by}'s highest or "
                    f"lowest trump",
                    highest_or_lowest_trump_callable_from=t.named_by)
        if t.called_from is not None:
            f.conclusions["trump_call_valid"] = t.called_from == t.named_by
        out.append(f)
    if t.suit_asked_by is not None:
        out.append(finding(f"{t.suit_asked_by} may ask what the trump suit is: no penalty", may_inquire_trump_suit=True))
    return out


@law("american-1890", "6")
def trump_card_1890(s: Situation, c: dict):
    """American 1890, law 6: "The trump card shall remain upon the table at the right hand of the
    dealer until three players have played; and shall be taken into hand before the completion of
    the second round."  (The penalty for breaking a law is one point, law 18.)"""
    t = s.trump
    if t is None or (t.left_on_table_until is None and not t.taken_up_early):
        return None
    if t.taken_up_early:
        return finding("the trump card was taken up before three players had played: a breach of law 6",
                       trump_law_broken=True)
    broken = t.left_on_table_until >= 2
    return finding("the trump card was not taken up before the second round was complete" if broken
                   else "the trump card was taken up in time", trump_law_broken=broken)
