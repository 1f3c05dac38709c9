"""The deal, a new deal, a misdeal (English 33-51; American 10-17; revised where they differ).

Conclusions: ``misdeal``, ``deal_lost``, ``new_deal`` (who may exact it: ``new_deal_claim_by``),
``next_dealer``, ``hand_void``.
"""
from __future__ import annotations

from collections import Counter

from .core import Unknown, finding, law
from .cutting import next_dealer
from .situation import LEFT, Situation, other, side_of


def misdeal_consequences(code: str, dealer: str, touched_first_by: str | None = None,
                         interrupted_by: str | None = None,
                         interruption_established: bool | None = None) -> dict:
    """What a misdeal does.  English 43: "A misdeal loses the deal."  45: "A misdeal does not lose
    the deal if, during the dealing, either of the adversaries touch the cards prior to the
    dealer's partner having done so; but should the latter have first interfered with the cards
    ... the deal is lost."  50: adversaries who interrupt the dealer "and fail to establish such
    claim, should a misdeal occur he may deal again."  American 17: "A misdeal loses the deal
    unless during the deal either of the adversaries touches a card or in any other manner
    interrupts the dealer."  The hand is void either way."""
    lost, why = True, "a misdeal loses the deal"
    if touched_first_by and side_of(touched_first_by) != side_of(dealer):
        lost, why = False, f"{touched_first_by}, an adversary, touched the cards first"
    elif interrupted_by and side_of(interrupted_by) != side_of(dealer):
        if code.startswith("american"):
            lost, why = False, f"{interrupted_by}, an adversary, interrupted the dealer"
        elif interruption_established is False:
            lost, why = False, f"{interrupted_by} interrupted the dealer and failed to establish the claim"
        else:
            why = f"{interrupted_by} interrupted but established the claim: the deal is lost"
    nd = next_dealer(dealer, "misdeal" if lost else "misdeal-not-lost")
    return {"deal_lost": lost, "next_dealer": nd, "hand_void": True, "why": why}


def _dealt(s: Situation) -> dict[str, int] | None:
    d = s.deal
    if d is None:
        return None
    if d.cards:
        return dict(d.cards)
    if d.cards_left and len(d.cards_left) == 4:
        common, n = Counter(d.cards_left.values()).most_common(1)[0]
        if n >= 2:
            played = 13 - common
            return {p: v + played for p, v in d.cards_left.items()}
    return None


@law("english", "44", "IV")
def fourteen_cards(s: Situation, c: dict):
    """English 44: "It is a misdeal -- IV. Should a player have fourteen cards, and either of the
    other three less than thirteen." (Drayson test 8: found at the end of the hand.)"""
    cards = _dealt(s)
    if not cards:
        return None
    if any(v >= 14 for v in cards.values()) and any(v < 13 for v in cards.values()):
        who = [p for p, v in cards.items() if v >= 14]
        return finding(f"{', '.join(who)} had fourteen cards and another fewer than thirteen: a misdeal",
                       misdeal=True)
    return None


@law("american-1894", "17", "IV")
@law("american-1894", "19")
def american_wrong_number(s: Situation, c: dict):
    """American 17 IV: a misdeal "if having a perfect pack he does not deal to each player the
    proper number of cards and the error is discovered before all have played to the first
    trick."  19: afterwards, if the adversaries of the player with the wrong number have their
    right number they may choose a new deal or to have the hand played out; "if either of the
    adversaries also has more or less than his correct number, there must be a new deal"."""
    cards = _dealt(s)
    if not cards or all(v == 13 for v in cards.values()):
        return None
    if s.deal.cards_left is None:        # discovered before play
        return finding("wrong number of cards discovered before all played to the first trick: a misdeal",
                       misdeal=True)
    wrong = [p for p, v in cards.items() if v != 13]
    sides = {side_of(p) for p in wrong}
    if len(sides) == 2:
        return finding("players of both sides have the wrong number: there must be a new deal",
                       new_deal=True, hand_void=True, next_dealer=s.dealer, misdeal=False)
    claimant = other(sides.pop())
    return finding(f"{claimant} have their right number: they may choose a new deal or to play the hand out",
                   misdeal=False, new_deal_claim_by=claimant)


@law("english", "36")
@law("american-1894", "12")
def shuffle_after_cut(s: Situation, c: dict):
    """English 36: "When the pack is cut, should the dealer shuffle the cards he loses his deal."
    American 12: "If the dealer reshuffles the pack after it has been properly cut, he loses his
    deal." (Drayson case 32.)"""
    if not (s.deal and s.deal.shuffled_after_cut):
        return None
    if s.dealer is None:
        return Unknown("dealer", "Who was dealing?", {})
    return finding("the dealer shuffled after the cut: he loses his deal", deal_lost=True,
                   next_dealer=LEFT[s.dealer])


@law("english", "41")
def dealer_looks_at_trump(s: Situation, c: dict):
    """English 41: "If a player, while dealing, look at the trump card, his adversaries have a
    right to see it, and may exact a new deal."  (Drayson test 23: not a misdeal.)"""
    if not (s.deal and s.deal.trump_looked_at_by):
        return None
    by = s.deal.trump_looked_at_by
    return finding(f"{other(side_of(by))} may see the trump card and may exact a new deal",
                   misdeal=False, new_deal_claim_by=other(side_of(by)))


@law("american-1894", "17", "V")
def american_dealer_looks_at_trump(s: Situation, c: dict):
    """American 17: "It is a misdeal: ... V. If he looks at the trump card before the deal is
    completed." """
    if not (s.deal and s.deal.trump_looked_at_by):
        return None
    return finding("the dealer looked at the trump card before the deal was completed: a misdeal",
                   misdeal=True)


@law("english", "34")
def fresh_cut(s: Situation, c: dict):
    """English 34: "if in cutting, or in replacing one of the two packets on the other a card be
    exposed, or if there be any confusion of the cards, or a doubt as to the exact place in which
    the pack was divided, there must be a fresh cut."  Drayson (case 33) would let the dealer keep
    a cut whose exposed card was the bottom (trump) card exposed by the cutter's own clumsiness;
    the letter of the law is encoded."""
    if not (s.cut and s.cut.card_exposed):
        return None
    return finding("a card was exposed in cutting: there must be a fresh cut", fresh_cut=True)


@law("english", "43")
@law("american-1894", "17", "deal-lost")
def misdeal_loses_deal(s: Situation, c: dict):
    """English 43: "A misdeal loses the deal." (exceptions 45 and 50 in the calculator
    :func:`misdeal_consequences`).  American 17: "A misdeal loses the deal unless during the deal
    either of the adversaries touches a card or in any other manner interrupts the dealer." """
    if not (c.get("misdeal") or (s.deal and s.deal.misdeal)):
        return None
    if s.dealer is None:
        return Unknown("dealer", "Who dealt?", {})
    d = s.deal
    r = misdeal_consequences(s.code, s.dealer, d.touched_first_by, d.interrupted_by, d.interruption_established)
    return finding(r["why"] + f"; {r['next_dealer']} deals", misdeal=True, deal_lost=r["deal_lost"],
                   next_dealer=r["next_dealer"], hand_void=True)
