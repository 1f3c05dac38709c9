"""General rules on claiming penalties (English 84-91; American 34-39)."""
from __future__ import annotations

from .core import finding, law
from .situation import Situation


@law("english", "84")
def consulting_loses_penalty(s: Situation, c: dict):
    """English 84: "Where a player and his partner have an option of exacting from their
    adversaries one of two penalties, they should agree who is to make the election, but must not
    consult with one another which of the two penalties it is advisable to exact; if they do so
    consult, they lose their right; and if either of them, with or without consent of his partner,
    demand a penalty to which he is entitled, such decision is final."  (Revoke: see the exception
    in revoke.py; Drayson test 6, cases 27, 105.)"""
    cl = [x for x in s.claims if x.consulted is not None and x.for_offence != "revoke"]
    if not cl:
        return None
    if any(x.consulted for x in cl):
        return finding("the partners consulted which penalty to exact: they lose their right",
                       penalty_forfeited=True)
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
