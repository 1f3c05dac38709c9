"""Highest or lowest card; to win or lose the trick; when it can be called (English 86;
American 35).  (Calls for the trump: trump.py, English 53, 55; a renounce corrected: revoke.py,
English 76.)

Conclusions: ``highest_or_lowest_callable_from`` (the seat that may be required to play his
highest or lowest of the suit led), ``win_or_lose_callable_from`` (to win or lose the trick),
``trump_or_not_callable_from`` (American: if he has none of the suit, to trump or not),
``penalty_claimants`` (side, or under American 35 the one seat that may exact it).
"""
from __future__ import annotations

from .core import Unknown, finding, law
from .situation import LEFT, PARTNER, Situation, other, side_of

_HOW = {"says-his": "saying that it is his", "names-card": "naming his card",
        "draws-card": "drawing his card toward him", "says-not-his": "saying that it is against his partner",
        "other": "remarking on the trick", "score": "remarking on the score"}


@law("english", "86")
def attention_to_trick(s: Situation, c: dict):
    """English 86: "If any one, prior to his partner playing, should call attention to the trick --
    either by saying that it is his, or by naming his card, or, without being required so to do,
    by drawing it toward him -- the adversaries may require that opponent's partner to play the
    highest or lowest of the suit then led, or to win or lose the trick."  A remark that the trick
    is *against* the partner calls attention as much as saying it is his (Drayson case 73,
    "equivalent to drawing his card"); drawing the card because required to do so (law 85) does
    not."""
    a = s.attention_called
    if a is None or a.by is None:
        return None
    if a.before_partner_played is False:
        return finding("attention was called after the partner had played: no penalty")
    if a.how == "draws-card" and a.required:
        return finding("the card was drawn because a player required it: no penalty")
    if a.how == "score":
        return None       # a remark on the score is not among the law's ways (American 35 names it)
    p = PARTNER[a.by]
    f = finding(f"{a.by} called attention to the trick ({_HOW.get(a.how or 'other', 'remarking on it')}) before "
                f"{p} played: {other(side_of(a.by))} may require {p} to play the highest or lowest of the suit "
                f"led, or to win or lose the trick",
                highest_or_lowest_callable_from=p, win_or_lose_callable_from=p,
                penalty_claimants=other(side_of(a.by)))
    if a.before_partner_played is None:
        return [f, Unknown("attention_called.before_partner_played", "Was attention called before his partner played?",
                           {True: "highest or lowest, or win or lose, may be required", False: "no penalty"})]
    return f


@law("american-1894", "35")
def american_attention_to_trick(s: Situation, c: dict):
    """American 35: "If any one, prior to his partner playing, calls attention in any manner to the
    trick or to the score, the adversary last to play to the trick may require the offender's
    partner to play his highest or lowest of the suit led or, if he has none, to trump or not to
    trump the trick."  The adversary last to play is the one on the partner's left."""
    a = s.attention_called
    if a is None or a.by is None:
        return None
    if a.before_partner_played is False:
        return finding("attention was called after the partner had played: no penalty")
    p = PARTNER[a.by]
    adv = other(side_of(a.by))
    if a.leader is None:
        return [finding(f"the adversary last to play to the trick may require {p} to play the highest or lowest "
                        f"of the suit led, or if {p} has none to trump or not to trump",
                        highest_or_lowest_callable_from=p, trump_or_not_callable_from=p, penalty_claimants=adv),
                Unknown("attention_called.leader", "Who led to the trick? (only the adversary last to play may "
                        "exact the penalty)", {})]
    order = [a.leader]
    while len(order) < 4:
        order.append(LEFT[order[-1]])
    last = [x for x in order if side_of(x) == adv][-1]
    return finding(f"{last}, the adversary last to play, may require {p} to play the highest or lowest of the "
                   f"suit led, or if {p} has none to trump or not to trump",
                   highest_or_lowest_callable_from=p, trump_or_not_callable_from=p, penalty_claimants=last)


@law("american-1890", "10", "this-is-mine")
def american_1890_says_mine(s: Situation, c: dict):
    """American 1890, 10: "... but a player who points out his card, or says 'this is mine,'
    without being asked, is subject to penalty": Law 18's one point (law 18: "The penalty for the
    violation of any law (except that of revoke) is the forfeit of one point")."""
    a = s.attention_called
    if a is None or a.by is None or a.how not in ("says-his", "names-card", "draws-card"):
        return None
    if s.remark is not None and s.remark.kind == "claim-trick" and s.remark.by in (None, a.by):
        return None          # a trick the adversaries gathered, claimed back: law 8 (b) allows it
    if a.required:
        return finding(f"{a.by} was asked: no penalty", penalty_incurred=False)
    what = "said the trick was his" if a.how == "says-his" else "pointed out his card"
    return finding(f"{a.by} {what} without being asked: the penalty of one point (Law 18)", penalty_incurred=True,
                   penalty_options=["one point (Law 18)"], penalty_claimants=other(side_of(a.by)), penalty_points=1)
