"""The deal, a new deal, a misdeal (English 34-51; American 12-19; American 1890, 4, 5, 7, 15).

Conclusions: ``misdeal``, ``deal_lost``, ``new_deal`` (``new_deal_compulsory``; who may exact it:
``new_deal_claim_by``), ``next_dealer``, ``hand_void``, ``deal_stands``, ``past_scores_stand``,
``card_liable_to_be_called`` (a card exposed in dealing), ``deal_for_partner_allowed``,
``doubtful_card_to`` / ``doubtful_card_settled_by_count``, ``answerable_for_revoke``,
``side_loses_point``.

Order: the rules that find a misdeal (44 I-VII, American 17 I-VI) run before the general rule
"a misdeal loses the deal" (43 / American 17), whose exceptions (44 III proviso, 45, 50, 51;
American 17 last paragraph) follow it and override its conclusion.
"""
from __future__ import annotations

from collections import Counter

from .core import Unknown, finding, law
from .cutting import next_dealer
from .situation import LEFT, PARTNER, Situation, other, side_of


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


@law("english-revised", "37", "IV")
def revised_fourteen_cards(s: Situation, c: dict):
    """Revised 37: "It is a misdeal -- IV. Should a player have fourteen or more cards, and any of
    the other three less than thirteen; unless the excess has arisen through the act of an
    adversary, in which case there must be a fresh deal."  English 44 IV has no such exception: the
    excess is a misdeal whoever caused it."""
    cards = _dealt(s)
    if not cards or not (any(v >= 14 for v in cards.values()) and any(v < 13 for v in cards.values())):
        return None
    who = [p for p, v in cards.items() if v >= 14]
    ex = s.deal.excess_by_adversary
    if ex is None and s.deal.excess_taken_by and s.dealer:     # who took another's card: the dealer's adversary?
        ex = side_of(s.deal.excess_taken_by) != side_of(s.dealer)
    if ex is None:
        return [finding(f"{', '.join(who)} had fourteen or more cards and another fewer than thirteen: a misdeal",
                        misdeal=True),
                Unknown("deal.excess_by_adversary", "Did the excess arise through the act of an adversary (of the dealer)?",
                        {True: "not a misdeal: there must be a fresh deal", False: "a misdeal"})]
    if ex:
        return finding(f"{', '.join(who)} had too many cards through an adversary's act: not a misdeal; there must "
                       f"be a fresh deal", misdeal=False, new_deal=True, hand_void=True, deal_lost=False,
                       next_dealer=s.dealer)
    return finding(f"{', '.join(who)} had fourteen or more cards and another fewer than thirteen: a misdeal",
                   misdeal=True)


@law("english-revised", "37", "V")
def revised_dealer_touches_to_count(s: Situation, c: dict):
    """Revised 37 V: a misdeal "should the dealer touch, for the purpose of counting, the cards on
    the table or the remainder of the pack."  English 44 V needs him to "count" them "under an
    impression that he has made a mistake"; under the revised law touching them to count is
    enough."""
    d = s.deal
    if d is None or not (d.counted_cards or d.touched_to_count):
        return None
    return finding("the dealer touched the cards to count them: a misdeal", misdeal=True)


@law("american-1894", "17", "IV")
def american_wrong_number(s: Situation, c: dict):
    """American 17 IV: a misdeal "if having a perfect pack he does not deal to each player the
    proper number of cards and the error is discovered before all have played to the first
    trick."  (Found after that: 19, the next rule.)"""
    cards = _dealt(s)
    if not cards or all(v == 13 for v in cards.values()) or s.deal.pack_imperfect:
        return None
    if s.deal.cards_left is not None or s.deal.discovered_after_first_trick:   # found after: law 19
        return None
    return finding("wrong number of cards discovered before all played to the first trick: a misdeal",
                   misdeal=True)


@law("american-1894", "19")
def american_wrong_number_after_first_trick(s: Situation, c: dict):
    """American 19: "If, at any time after all have played to the first trick, the pack being
    perfect, a player is found to have either more or less than his correct number of cards and
    his adversaries have their right number, the latter ... shall have the choice" of a new deal
    or of having the hand played out; "If either of the adversaries also has more or less than his
    correct number, there must be a new deal"."""
    cards = _dealt(s)
    if not cards or all(v == 13 for v in cards.values()) or s.deal.pack_imperfect:
        return None
    if s.deal.cards_left is None and not s.deal.discovered_after_first_trick:   # found before: 17 IV
        return None
    wrong = [p for p, v in cards.items() if v != 13]
    sides = {side_of(p) for p in wrong}
    if len(sides) == 2:
        return finding("players of both sides have the wrong number: there must be a new deal",
                       new_deal=True, hand_void=True, next_dealer=s.dealer, misdeal=False)
    claimant = other(sides.pop())
    return finding(f"{claimant} have their right number: they may consult and choose a new deal or to play the "
                   f"hand out", misdeal=False, new_deal_claim_by=claimant, partners_may_consult=True)


@law("english", "34")
@law("english-revised", "26")
def fresh_cut(s: Situation, c: dict):
    """English 34: "if in cutting, or in replacing one of the two packets on the other a card be
    exposed, or if there be any confusion of the cards, or a doubt as to the exact place in which
    the pack was divided, there must be a fresh cut."  Drayson (case 33) would let the dealer keep
    a cut whose exposed card was the bottom (trump) card exposed by the cutter's own clumsiness;
    the letter of the law is encoded.  Revised 26 repeats it for a card exposed "in cutting, or in
    replacing one of the two packets on the other" (its exception follows)."""
    if not (s.cut and s.cut.card_exposed):
        return None
    return finding("a card was exposed in cutting: there must be a fresh cut", fresh_cut=True)


@law("english-revised", "26", "reunited")
def revised_exposed_after_reunited(s: Situation, c: dict):
    """Revised 26: "... a card be exposed after the two packets have been re-united, Law 30 comes
    into operation" -- the card counts as exposed whilst dealing (revised 30: the adversaries of the
    side that exposed it may claim a new deal), not as exposed in cutting.  English 34 knows no
    such case: any card exposed in cutting or replacing the packets means a fresh cut."""
    if not (s.cut and s.cut.card_exposed and s.cut.exposed_after_reunited):
        return None
    return finding("the card was exposed after the packets were re-united: not a fresh cut; Law 30 (a card exposed "
                   "in dealing) applies", fresh_cut=False, exposed_as_in_dealing=True)


def _adv(s: Situation) -> str:
    return other(side_of(s.dealer))


# ================================================================ finding a misdeal (English 44)

@law("english", "44", "I")
@law("english-revised", "37", "I")
def not_dealt_in_rotation(s: Situation, c: dict):
    """English 44: "It is a misdeal -- I. Unless the cards are dealt into four packets, one at a time
    in regular rotation, beginning with the player to the dealer's left."  A partner dealing for the
    dealer (law 49) acts for him: the first card is still due to the dealer's left (Drayson case 46)."""
    d = s.deal
    if d is None or d.first_card_to is None:
        return None
    if s.dealer is None:
        return Unknown("dealer", "Who was the dealer (on whose behalf the cards were dealt)?", {})
    if d.first_card_to == LEFT[s.dealer]:
        return None
    return finding(f"the first card went to {d.first_card_to}, not to {LEFT[s.dealer]} on the dealer's left: "
                   f"a misdeal", misdeal=True)


@law("english", "44", "II")
@law("english-revised", "37", "II")
def trump_face_down(s: Situation, c: dict):
    """English 44 II: a misdeal "should the dealer place the last (i.e., the trump) card, face
    downwards, on his own, or any other pack."  Placed face down by itself, touching no other
    card, it is not a misdeal (Drayson case 47)."""
    d = s.deal
    if d is None or not (d.trump_face_down or d.trump_face_down_on_pack):
        return None
    if d.trump_face_down_on_pack is None:
        return Unknown("deal.trump_face_down_on_pack", "Was the trump card placed face down on a packet of cards?",
                       {True: "a misdeal", False: "not a misdeal"})
    if d.trump_face_down_on_pack:
        return finding("the trump card was placed face downwards on a packet: a misdeal", misdeal=True)
    return finding("the trump card was placed face downwards by itself, on no packet: not a misdeal",
                   misdeal=False)


@law("english", "44", "III")
@law("english-revised", "37", "III")
def trump_not_to_dealer(s: Situation, c: dict):
    """English 44 III: a misdeal "should the trump card not come in its regular order to the
    dealer; but he does not lose his deal if the pack be proved imperfect."  (Drayson case 40:
    counting thirteen in each packet afterwards does not cure it; case 146.)"""
    d = s.deal
    if d is None or d.trump_card_to is None or s.dealer is None or d.trump_card_to == s.dealer:
        return None
    return finding(f"the trump card came to {d.trump_card_to}, not to the dealer: a misdeal", misdeal=True)


@law("english", "44", "V")
@law("american-1894", "17", "III")
def dealer_counts(s: Situation, c: dict):
    """English 44 V: a misdeal "should the dealer, under an impression that he has made a mistake,
    either count the cards on the table or the remainder of the pack."  American 17 III: "If he
    counts the cards on the table or in the remainder of the pack." """
    if not (s.deal and s.deal.counted_cards):
        return None
    return finding("the dealer counted the cards: a misdeal", misdeal=True)


@law("english", "44", "VI")
@law("english-revised", "37", "VI")
def two_cards_to_one_hand(s: Situation, c: dict):
    """English 44 VI: a misdeal "should the dealer deal two cards at once, or two cards to the same
    hand, and then deal a third; but if, prior to dealing that third card, the dealer can, by
    altering the position of one card only, rectify such error, he may do so."  Moving the wrong
    card does not rectify the error (Drayson case 54); dealing the third card first is a misdeal
    whatever he does after (case 39)."""
    d = s.deal
    if d is None or not d.two_cards_to_one_hand:
        return None
    if d.third_card_dealt:
        return finding("two cards to one hand and then a third dealt: a misdeal", misdeal=True)
    if d.rectified_by_one_card is None:
        return Unknown("deal.rectified_by_one_card",
                       "Before dealing a third card, did the dealer put the error right by moving one card only?",
                       {True: "not a misdeal", False: "a misdeal"})
    if d.rectified_by_one_card:
        return finding("rectified by altering one card before dealing a third: not a misdeal", misdeal=False)
    return finding("the error was not rectified by altering the right card: a misdeal", misdeal=True)


@law("english", "44", "VII")
@law("english-revised", "37", "VII")
@law("american-1894", "17", "I")
def pack_not_cut(s: Situation, c: dict):
    """English 44 VII: a misdeal "should the dealer omit to have the pack cut to him, and the
    adversaries discover the error, prior to the trump card being turned up, and before looking at
    their cards, but not after having done so."  American 17 I: "If the dealer omits to have the
    pack cut, and his adversaries discover the error before the trump card is turned, and before
    looking at any of their cards." """
    d = s.deal
    if d is None or d.cut is not False:
        return None
    late = d.stopped_before_trump_turned is False or d.adversaries_looked_at_cards is True
    if not late and (d.stopped_before_trump_turned is None or d.adversaries_looked_at_cards is None):
        return Unknown("deal.stopped_before_trump_turned",
                       "Did the adversaries point out the omitted cut before the trump card was turned and before looking at their cards?",
                       {True: "a misdeal", False: "the deal stands"})
    if d.stopped_before_trump_turned and not d.adversaries_looked_at_cards:
        return finding("the pack was not cut, and the adversaries objected in time: a misdeal", misdeal=True)
    return finding("the pack was not cut, but the objection came too late: the deal stands",
                   misdeal=False, deal_stands=True)


@law("american-1894", "17", "II")
def american_card_dealt_incorrectly(s: Situation, c: dict):
    """American 17 II: a misdeal "if he deals a card incorrectly, and fails to correct the error
    before dealing another" (the first card not to the dealer's left, two cards to one hand, the
    trump card coming to another player)."""
    d = s.deal
    if d is None or s.dealer is None:
        return None
    wrong = ((d.first_card_to is not None and d.first_card_to != LEFT[s.dealer])
             or (d.trump_card_to is not None and d.trump_card_to != s.dealer and not d.pack_imperfect)
             or (d.two_cards_to_one_hand and (d.third_card_dealt or d.rectified_by_one_card is False)))
    if d.two_cards_to_one_hand and not d.third_card_dealt and d.rectified_by_one_card:
        return finding("the card dealt incorrectly was corrected before another was dealt: not a misdeal",
                       misdeal=False)
    if not wrong:
        return None
    return finding("a card dealt incorrectly and not corrected before another was dealt: a misdeal",
                   misdeal=True)


@law("american-1894", "17", "VI")
def american_trump_face_down(s: Situation, c: dict):
    """American 17 VI: a misdeal "if he places the trump card face downward upon his own or any other
    player's cards." """
    d = s.deal
    if d is None or d.trump_face_down_on_pack is None:
        return None
    return finding("trump card face down on a player's cards: a misdeal" if d.trump_face_down_on_pack
                   else "trump card face down on no player's cards: not a misdeal",
                   misdeal=bool(d.trump_face_down_on_pack))


@law("american-1890", "4")
def misdeal_1890(s: Situation, c: dict):
    """American 1890, law 4: "It is a mis-deal and the deal is lost if thirteen cards, one at a time
    in regular rotation beginning at the dealer's left, be not separately placed before each
    player; or if the dealer count the cards on the table or those undealt in his hand; or if the
    last card be not turned up at the dealer's right hand." """
    d = s.deal
    if d is None or s.dealer is None:
        return None
    reasons = []
    if d.first_card_to is not None and d.first_card_to != LEFT[s.dealer]:
        reasons.append("not dealt in rotation from the dealer's left")
    if d.two_cards_to_one_hand and (d.third_card_dealt or not d.rectified_by_one_card):
        reasons.append("two cards to one hand")
    if d.trump_card_to is not None and d.trump_card_to != s.dealer:
        reasons.append("the last card did not come to the dealer")
    if d.counted_cards:
        reasons.append("the dealer counted the cards")
    if d.trump_face_down or d.trump_face_down_on_pack:
        reasons.append("the last card was not turned up")
    if not reasons:
        return None
    return finding("; ".join(reasons) + ": a misdeal", misdeal=True)


@law("american-1894", "17", "V")
def american_dealer_looks_at_trump(s: Situation, c: dict):
    """American 17: "It is a misdeal: ... V. If he looks at the trump card before the deal is
    completed." """
    if not (s.deal and s.deal.trump_looked_at_by):
        return None
    return finding("the dealer looked at the trump card before the deal was completed: a misdeal",
                   misdeal=True)


@law("american-1890", "7")
def wrong_number_1890(s: Situation, c: dict):
    """American 1890, law 7: "If at the close of a hand a player is known to have held more or less
    than thirteen cards, his side loses a point. If any player has fourteen, it is a mis-deal, even
    though the hand has been partly played out." """
    cards = _dealt(s)
    if not cards or all(v == 13 for v in cards.values()):
        return None
    if any(v >= 14 for v in cards.values()):
        return finding("a player has fourteen cards: a misdeal, though the hand was partly played", misdeal=True)
    sides = sorted({side_of(p) for p, v in cards.items() if v != 13})
    return finding(f"{', '.join(sides)} held a wrong number: the side loses a point", side_loses_point=sides,
                   wrong_number_costs_point=True)



# ================================================================ a misdeal loses the deal, and its exceptions

@law("english", "43")
@law("english-revised", "39")
@law("american-1894", "17", "deal-lost")
@law("american-1890", "4", "deal-lost")
def misdeal_loses_deal(s: Situation, c: dict):
    """English 43: "A misdeal loses the deal."  American 17: "A misdeal loses the deal, unless ..."
    (the exception follows as its own rule).  American 1890, 4: "It is a mis-deal and the deal is
    lost".  The hand is void; the deal passes to the left (English 33, American 13).  Revised 39
    merges English 43 and 45: "A misdeal loses the deal (except as provided in Law 36); unless ..."
    (revised 36 is English 50, registered as its equivalent)."""
    if not (c.get("misdeal") or (s.deal and s.deal.misdeal and c.get("misdeal") is not False)):
        return None
    if s.dealer is None:
        return Unknown("dealer", "Who dealt?", {})
    f = finding(f"a misdeal loses the deal; {LEFT[s.dealer]} deals", deal_lost=True,
                next_dealer=LEFT[s.dealer], hand_void=True)
    if c.get("misdeal") is not True:      # told, not found: the law that found one keeps the finding
        f.conclusions["misdeal"] = True
    return f


def _lost(c: dict) -> bool:
    return bool(c.get("deal_lost")) and c.get("misdeal") is True


@law("english", "44", "III-proviso")
@law("english-revised", "37", "III-proviso")
def imperfect_pack_keeps_deal(s: Situation, c: dict):
    """English 44 III: "... but he does not lose his deal if the pack be proved imperfect."
    (With 47: "the dealer deals again"; Drayson case 146.)"""
    d = s.deal
    if not _lost(c) or not d or not d.pack_imperfect or d.trump_card_to in (None, s.dealer):
        return None
    return finding("the pack is proved imperfect: the dealer does not lose his deal", deal_lost=False,
                   next_dealer=s.dealer)


@law("english", "45")
@law("english-revised", "39", "unless")
def adversary_touched_first(s: Situation, c: dict):
    """English 45: "A misdeal does not lose the deal if, during the dealing, either of the
    adversaries touch the cards prior to the dealer's partner having done so; but should the latter
    have first interfered with the cards, notwithstanding either or both of the adversaries have
    subsequently done the same, the deal is lost." """
    d = s.deal
    if _lost(c) and d and d.touched_by_unnamed and not d.touched_first_by and s.dealer \
            and not any(side_of(p) != side_of(s.dealer) for p in d.touched_by or []):
        # a player touched the cards, his seat not told: the dealer's partner or an adversary?
        return [finding("a player touched the cards during the deal: the deal is lost only if he was the "
                        "dealer's partner", deal_lost=None, next_dealer=None),
                Unknown("deal.touched_first_by", "Who touched the cards during the deal: the dealer's partner "
                        "or an adversary?", {PARTNER[s.dealer]: "the dealer's partner first: the deal is lost",
                                             LEFT[s.dealer]: "an adversary first: the deal is not lost"})]
    if _lost(c) and d and not d.touched_first_by and s.dealer \
            and any(side_of(p) != side_of(s.dealer) for p in d.touched_by or []):
        # an adversary touched the cards: whether before the dealer's partner decides it, and
        # until it is known whether the deal is lost is not
        return [finding(f"{', '.join(d.touched_by)} touched the cards during the deal: the deal is lost only if "
                        f"the dealer's partner touched them first", deal_lost=None, next_dealer=None),
                Unknown("deal.touched_first_by", "Who touched the cards first during the deal: the dealer's "
                       "partner or an adversary?",
                       {PARTNER[s.dealer]: "the dealer's partner first: the deal is lost",
                        next(p for p in d.touched_by if side_of(p) != side_of(s.dealer)):
                        "an adversary first: the deal is not lost"})]
    if not _lost(c) or not d or not d.touched_first_by or d.touched_first_by == s.dealer:
        return None
    if side_of(d.touched_first_by) == side_of(s.dealer):
        return finding(f"{d.touched_first_by}, the dealer's partner, touched the cards first: the deal is lost")
    return finding(f"{d.touched_first_by}, an adversary, touched the cards before the dealer's partner: "
                   f"the deal is not lost", deal_lost=False, next_dealer=s.dealer)


@law("english", "50")
def interrupted_dealer(s: Situation, c: dict):
    """English 50: "If the adversaries interrupt a dealer whilst dealing, either by questioning the
    score or asserting that it is not his deal, and fail to establish such claim, should a misdeal
    occur, he may deal again."  If they establish it, the misdeal loses the deal (Drayson cases 43, 86).
    One who asserted the deal was his own is an adversary whatever seats the story's names were
    given: the deal passes in rotation, so only the dealer's neighbours can claim it."""
    d = s.deal
    if (not c.get("misdeal") or not d or not d.interrupted_by or s.dealer is None
            or (side_of(d.interrupted_by) == side_of(s.dealer) and not d.interrupter_claimed_deal)):
        return None
    if d.interruption_established is None:
        return Unknown("deal.interruption_established", "Did the adversaries who interrupted the dealer establish their claim?",
                       {True: "the misdeal loses the deal", False: "the dealer may deal again"})
    if d.interruption_established:
        return finding(f"{d.interrupted_by} interrupted the dealer and established the claim: the deal is lost",
                       deal_lost=True, next_dealer=LEFT[s.dealer])
    return finding(f"{d.interrupted_by} interrupted the dealer and failed to establish the claim: "
                   f"{s.dealer} may deal again", deal_lost=False, next_dealer=s.dealer)


@law("english", "51")
def partners_deal_taken(s: Situation, c: dict):
    """English 51: "Should a player take his partner's deal and misdeal, the latter is liable to the
    usual penalty, and the adversary next in rotation to the player who ought to have dealt then
    deals." """
    d = s.deal
    if not _lost(c) or not d or not d.proper_dealer or s.dealer is None or d.proper_dealer != PARTNER[s.dealer]:
        return None
    nd = LEFT[d.proper_dealer]
    return finding(f"{s.dealer} took {PARTNER[s.dealer]}'s deal and misdealt: {d.proper_dealer} loses the deal; "
                   f"{nd} deals",
                   deal_lost=True, next_dealer=nd)


@law("american-1894", "17", "exception")
def american_adversary_interrupts(s: Situation, c: dict):
    """American 17: "A misdeal loses the deal, unless, during the deal, either of the adversaries
    touches a card or in any other manner interrupts the dealer." """
    d = s.deal
    if not _lost(c) or not d:
        return None
    who = [p for p in (d.touched_first_by, d.interrupted_by, *(d.touched_by or [])) if p and side_of(p) != side_of(s.dealer)]
    if not who and d.touched_by_unnamed and s.dealer:
        return [finding("a player touched a card during the deal: the deal is lost unless he was an adversary",
                        deal_lost=None, next_dealer=None),
                Unknown("deal.touched_by", "Who touched a card during the deal: an adversary or the dealer's partner?",
                        {LEFT[s.dealer]: "an adversary: the deal is not lost",
                         PARTNER[s.dealer]: "the dealer's partner: the deal is lost"})]
    if not who:
        return None
    return finding(f"{who[0]}, an adversary, touched a card or interrupted the dealer: the deal is not lost",
                   deal_lost=False, next_dealer=s.dealer)


@law("american-1890", "5", "touch")
def touching_forbidden_1890(s: Situation, c: dict):
    """American 1890, law 5: "Until the trump card is turned, the cards must not be gathered nor
    touched except by the dealer."  English 39 lets the adversaries of a player who touched his
    cards during the deal touch theirs too."""
    d = s.deal
    if not d:
        return None
    who = [p for p in (d.touched_first_by, *(d.touched_by or [])) if p and p != s.dealer]
    if not who:
        return None
    return finding(f"{who[-1]} touched the cards before the trump was turned: only the dealer may touch them",
                   touching_cards_allowed=False)


@law("american-1890", "5")
def touched_before_trump_1890(s: Situation, c: dict):
    """American 1890, law 5: "Until the trump card is turned, the cards must not be gathered nor
    touched except by the dealer. If this be done, and a mis-deal be made, the dealer deals again." """
    d = s.deal
    if not _lost(c) or not d:
        return None
    who = [p for p in (d.touched_first_by, *(d.touched_by or [])) if p and p != s.dealer] \
        + (["a player other than the dealer"] if d.touched_by_unnamed else [])
    if not who:
        return None
    return finding(f"{who[0]} touched the cards before the trump was turned: the dealer deals again",
                   deal_lost=False, next_dealer=s.dealer)


# ================================================================ new deal

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


@law("english", "37", "II")
@law("english-revised", "29", "II")
@law("american-1894", "14", "I")
def faced_card(s: Situation, c: dict):
    """English 37: "There must be a new deal -- II. If any card, excepting the last, be faced in the
    pack."  American 14: "There must be a new deal by the same dealer: I. If any card except the last
    is faced in the pack."  Compulsory: the adversaries cannot waive it (Drayson case 53)."""
    d = s.deal
    if d is None or d.faced_card is None or str(d.faced_card).lower() == "last":
        return None
    return finding("a card faced in the pack: there must be a new deal (by the same dealer)", new_deal=True,
                   new_deal_compulsory=True, misdeal=False, hand_void=True, next_dealer=s.dealer)


@law("english-revised", "29", "III")
def hand_taken_up(s: Situation, c: dict):
    """Revised 29: "There must be a new deal by the same dealer -- III. If a player takes up another
    player's hand."  The English code has no such law (37 has only I and II)."""
    d = s.deal
    if d is None or d.hand_taken_up_by is None:
        return None
    return finding(f"{d.hand_taken_up_by} took up another player's hand: there must be a new deal by the same dealer",
                   new_deal=True, new_deal_compulsory=True, misdeal=False, hand_void=True, next_dealer=s.dealer)


@law("american-1890", "4", "faced-or-exposed")
def faced_or_exposed_1890(s: Situation, c: dict):
    """American 1890, law 4: "Should a card be exposed in dealing, or faced in the pack, a new deal
    may be demanded by opponents." (Not compulsory, unlike English 37 II.)"""
    d = s.deal
    if d is None or s.dealer is None or not ((d.faced_card and str(d.faced_card).lower() != "last") or d.exposed_by):
        return None
    return finding("a card exposed in dealing or faced in the pack: the opponents may demand a new deal",
                   new_deal_claim_by=_adv(s), new_deal_compulsory=False)


@law("english", "37", "I")
@law("english-revised", "29", "I")
@law("american-1894", "14", "II")
def imperfect_pack(s: Situation, c: dict):
    """English 37: "There must be a new deal -- I. If during a deal, or during the play of a hand,
    the pack be proved incorrect or imperfect."  American 14 II: a new deal by the same dealer, "but
    any prior score made with that pack shall stand."  Revised 29 I: "There must be a new deal by
    the same dealer" (the English code says who deals, and that past scores stand, in 47)."""
    d = s.deal
    if d is None or not d.pack_imperfect:
        return None
    f = finding("the pack is imperfect: there must be a new deal", new_deal=True, hand_void=True)
    if s.code != "english":
        f.conclusions.update(past_scores_stand=True, deal_lost=False, next_dealer=s.dealer)
        f.step += " by the same dealer; past scores stand"
    return f


@law("english", "47")
@law("english-revised", "41")
def imperfect_pack_scores_stand(s: Situation, c: dict):
    """English 47: "If a pack, during or after a rubber, be proved incorrect or imperfect, such proof
    does not alter any past score, game, or rubber; that hand in which the imperfection was detected
    is null and void; the dealer deals again."  Revised 41 says the same, excepting the deficiency
    of revised 40 (the exception follows this rule)."""
    d = s.deal
    if d is None or not d.pack_imperfect:
        return None
    return finding("the pack is imperfect: past scores stand, the hand is void, the dealer deals again",
                   hand_void=True, past_scores_stand=True, deal_lost=False, next_dealer=s.dealer)


@law("english", "38")
def card_exposed_in_dealing(s: Situation, c: dict):
    """English 38: "If, whilst dealing, a card be exposed by the dealer or his partner, should
    neither of the adversaries have touched the cards, the latter can claim a new deal; a card
    exposed by either adversary gives that claim to the dealer, provided that his partner has not
    touched a card; if a new deal does not take place, the exposed card cannot be called."
    A card snatched back so quickly that no one can name it is still exposed (56 II; Drayson cases
    37, 38); an adversary who touched a card loses the claim, even to stop it falling (case 42)."""
    d = s.deal
    if d is None or d.exposed_by is None:
        return None
    if s.dealer is None:
        return Unknown("dealer", "Who was dealing?", {})
    dealer_side = side_of(s.dealer)
    if side_of(d.exposed_by) == dealer_side:
        claimant = other(dealer_side)
        barred = [p for p in (d.touched_by or []) if side_of(p) == claimant]
        if d.touched_first_by and side_of(d.touched_first_by) == claimant:
            barred.append(d.touched_first_by)
    else:
        claimant = s.dealer            # "gives that claim to the dealer" -- not to his partner
        barred = [p for p in (d.touched_by or []) if p == PARTNER[s.dealer]]
        if d.touched_first_by == PARTNER[s.dealer]:
            barred.append(d.touched_first_by)
    if not barred and d.touched_by_unnamed:
        return Unknown("deal.touched_by", "Who had touched the cards: the players who would claim the new deal, or another?",
                       {p: f"{p} touched them: no new deal can be claimed"
                        for p in ((s.dealer,) if claimant == s.dealer else tuple(claimant))},
                       affects=("new_deal_claim_by",))
    if barred:
        return finding(f"{barred[0]} touched the cards: {claimant} cannot claim a new deal; the exposed card cannot be called",
                       new_deal_claim_by=None, card_liable_to_be_called=False)
    return finding(f"a card exposed by {d.exposed_by} in dealing: {claimant} may claim a new deal; "
                   f"if there is none, the card cannot be called", new_deal_claim_by=claimant,
                   card_liable_to_be_called=False, misdeal=False)


@law("english", "39")
def touching_after_dealers_side(s: Situation, c: dict):
    """English 39: "If, during dealing, a player touch any of his cards, the adversaries may do the
    same, without losing their privilege of claiming a new deal, should chance give them such
    option." """
    d = s.deal
    if d is None or not d.touched_first_by:
        return None
    first = side_of(d.touched_first_by)
    claimant = other(first)
    out = []
    after = [p for p in d.touched_by or [] if side_of(p) == claimant]
    if after:
        out.append(finding(f"{d.touched_first_by} touched his cards first: {after[0]}, an adversary, may do the same",
                           touching_cards_allowed=True))
    if d.exposed_by is not None and s.dealer is not None \
            and side_of(d.exposed_by) == side_of(s.dealer) == first:
        out.append(finding(f"{d.touched_first_by} touched the cards first: {claimant} may do the same and keep the "
                           f"claim to a new deal", new_deal_claim_by=claimant))
    return out or None


@law("english", "40")
def last_card_exposed(s: Situation, c: dict):
    """English 40: "If, in dealing, one of the last cards be exposed, and the dealer turn up the trump
    before there is reasonable time for his adversaries to decide as to a fresh deal, they do not
    thereby lose their privilege." """
    d = s.deal
    if d is None or not d.exposed_card_is_last or not c.get("new_deal_claim_by"):
        return None
    return finding("one of the last cards exposed: turning up the trump at once does not take away the "
                   "adversaries' choice of a fresh deal")


@law("american-1894", "15")
def american_card_exposed_in_dealing(s: Situation, c: dict):
    """American 15: "If, during the deal, a card is exposed, the side not in fault may demand a new
    deal, provided neither of that side has touched a card. If a new deal does not take place, the
    exposed card is not liable to be called." """
    d = s.deal
    if d is None or d.exposed_by is None or s.dealer is None:
        return None
    claimant = other(side_of(d.exposed_by))
    touched = [p for p in (*(d.touched_by or []), d.touched_first_by) if p and side_of(p) == claimant]
    if touched:
        return finding(f"{touched[0]} touched a card: {claimant} cannot demand a new deal",
                       new_deal_claim_by=None, card_liable_to_be_called=False)
    return finding(f"{claimant}, not in fault, may demand a new deal; otherwise the card is not liable to be called",
                   new_deal_claim_by=claimant, card_liable_to_be_called=False, misdeal=False)


@law("english", "41")
def dealer_looks_at_trump(s: Situation, c: dict):
    """English 41: "If a player, while dealing, look at the trump card, his adversaries have a
    right to see it, and may exact a new deal."  (Drayson test 23, case 50: not a misdeal.)"""
    if not (s.deal and s.deal.trump_looked_at_by):
        return None
    by = s.deal.trump_looked_at_by
    return finding(f"{other(side_of(by))} may see the trump card and may exact a new deal",
                   misdeal=False, new_deal_claim_by=other(side_of(by)))


@law("english", "42")
def card_of_other_pack(s: Situation, c: dict):
    """English 42: "If a player take into the hand dealt to him a card belonging to the other pack,
    the adversaries, on discovery of the error, may decide whether they will have a fresh deal or
    not." """
    d = s.deal
    if d is None or d.other_pack_card_by is None:
        return None
    claimant = other(side_of(d.other_pack_card_by))
    return finding(f"{d.other_pack_card_by} took a card of the other pack: {claimant} may decide whether "
                   f"to have a fresh deal", new_deal_claim_by=claimant, misdeal=False)


@law("english", "46")
def short_hand_discovered_late(s: Situation, c: dict):
    """English 46: "Should three players have their right number of cards -- the fourth have less
    than thirteen, and not discover such deficiency until he has played any of his cards, the deal
    stands good; should he have played, he is as answerable for any revoke he may have made as if
    the missing card, or cards, had been in his hand."  (Drayson case 82: the honour on the floor
    still counts to its holder.)"""
    cards = _dealt(s)
    if not cards or len(cards) != 4:
        return None
    short = [p for p, v in cards.items() if v < 13]
    if len(short) != 1 or any(v != 13 for p, v in cards.items() if p not in short):
        return None
    played = s.deal.discovered_after_play
    if played is None and s.deal.discovered_after_first_trick:
        played = True                   # found after the first trick: he had played a card
    if played is None:
        return Unknown("deal.discovered_after_play", "Had the player with too few cards played before the deficiency was found?",
                       {True: "the deal stands", False: "the law is silent"})
    if not played:
        return None
    return finding(f"{short[0]} had fewer than thirteen cards, found after {short[0]} had played: the deal "
                   f"stands; {short[0]} is answerable for any revoke", deal_stands=True, misdeal=False,
                   new_deal=False, answerable_for_revoke=True)


@law("english-revised", "40")
def revised_short_hand(s: Situation, c: dict):
    """Revised 40: "Should three players have their right number of cards -- the fourth have less
    than thirteen, and not discover such deficiency until the first trick has been turned and
    quitted, the pack shall be assumed to be complete, and the deal stands good; and he will be
    answerable for any revoke he may have made, in the same way as if the missing card or cards had
    been in his hand."  English 46 takes the moment he "has played any of his cards", and lets him
    search the other pack; the revised law waits for the first trick to be quitted and assumes the
    pack complete.  Revised 41's exception ("except in the case of such deficiency as is provided
    for by Law 40") follows: the hand is then not void though the pack be imperfect."""
    cards = _dealt(s)
    if not cards or len(cards) != 4:
        return None
    short = [p for p, v in cards.items() if v < 13]
    if len(short) != 1 or any(v != 13 for p, v in cards.items() if p not in short):
        return None
    q = s.deal.discovered_after_first_trick
    if q is None:
        return Unknown("deal.discovered_after_first_trick",
                       "Was the deficiency discovered only after the first trick had been turned and quitted?",
                       {True: "the pack is assumed complete and the deal stands", False: "Law 40 does not apply"})
    if not q:
        return finding(f"{short[0]}'s deficiency was found before the first trick was quitted: Law 40 does not make "
                       f"the deal stand")
    f = finding(f"{short[0]} had fewer than thirteen cards, found after the first trick was turned and quitted: the "
                f"pack is assumed complete, the deal stands; {short[0]} is answerable for any revoke",
                deal_stands=True, misdeal=False, answerable_for_revoke=True, pack_assumed_complete=True)
    if c.get("hand_void") and s.deal.pack_imperfect:
        f.conclusions.update(hand_void=False, new_deal=False)
        f.steps.append(("english-revised/41/exception", "the deficiency is that of Law 40: the hand is not void"))
    return f


@law("english", "48")
@law("american-1894", "16")
@law("american-1890", "15")
def dealt_out_of_turn(s: Situation, c: dict):
    """English 48: "Any one dealing out of turn, or with the adversary's cards, may be stopped
    before the trump card is turned up, after which the game must proceed as if no mistake had been
    made."  American 16: "... may be stopped before the trump card is turned, after which, the deal
    is valid and the packs, if changed, so remain."  American 1890, 15 likewise."""
    d = s.deal
    if d is None or not (d.out_of_turn or d.with_adversaries_pack):
        return None
    if d.stopped_before_trump_turned is None:
        return Unknown("deal.stopped_before_trump_turned", "Was the dealer stopped before the trump card was turned up?",
                       {True: "the deal is stopped", False: "the deal stands"})
    if d.stopped_before_trump_turned:
        f = finding("stopped before the trump card was turned up: the deal does not stand", deal_stands=False)
        if d.proper_dealer:
            f.conclusions["next_dealer"] = d.proper_dealer
        return f
    return finding("the trump card was turned up before he was stopped: the game proceeds as if no mistake "
                   "had been made", deal_stands=True)


@law("drayson", "case/41", applies_to=("english",))
def turned_means_quitted(s: Situation, c: dict):
    """Drayson case 41: "it is now universally admitted that the trump card must be turned and
    quitted" (as for honours, law 6); "the same arguments seem to apply to the claim for an
    erroneous deal" -- a dealer out of turn stopped after turning the trump but before quitting it
    is stopped in time (law 48)."""
    d = s.deal
    if d is None or not (d.out_of_turn or d.with_adversaries_pack) or d.stopped_before_trump_turned is not False:
        return None
    if d.trump_quitted is not False:
        return None
    f = finding("the trump card was turned but not quitted: the claim is in time", deal_stands=False)
    if d.proper_dealer:
        f.conclusions["next_dealer"] = d.proper_dealer
    return f


@law("english", "49")
def dealing_for_partner(s: Situation, c: dict):
    """English 49: "A player can neither shuffle, cut, nor deal for his partner, without the
    permission of his opponents." """
    d = s.deal
    # dealing "for his partner" is dealing the partner's deal: the dealer need not be told
    if d is None or d.dealt_by is None or (s.dealer is not None and d.dealt_by != PARTNER[s.dealer]):
        return None
    if d.opponents_permitted is None:
        return Unknown("deal.opponents_permitted", "Did the opponents permit the partner to deal?",
                       {True: "allowed", False: "not allowed"})
    return finding(f"{d.dealt_by} deals for {PARTNER[d.dealt_by]} {'with' if d.opponents_permitted else 'without'} "
                   f"the opponents' permission", deal_for_partner_allowed=bool(d.opponents_permitted))


@law("drayson", "case/51", applies_to=("english",))
def card_midway(s: Situation, c: dict):
    """Drayson case 51 (test 24), a usage, not a law: a card dealt midway between two packets "is
    usually treated liberally ... Y and B count their cards; the doubtful card is then taken up
    by the player who holds twelve cards only" -- not a misdeal."""
    d = s.deal
    if d is None or not d.card_between:
        return None
    a, b = d.card_between
    f = finding(f"{a} and {b} count their cards; the one with twelve takes the card", misdeal=False,
                doubtful_card_settled_by_count=sorted([a, b]))
    if d.cards and a in d.cards and b in d.cards:
        twelve = [p for p in (a, b) if d.cards[p] == 12]
        if len(twelve) == 1:
            f.conclusions["doubtful_card_to"] = twelve[0]
    return f


@law("english", "double-dummy", "1")
def no_misdeal_at_double_dummy(s: Situation, c: dict):
    """English, Double Dummy: "The laws of the game do not differ from Dummy Whist, except in the
    following special Law: There is no misdeal, as the deal is a disadvantage."  The exception to
    every misdeal above: the deal stands, and the dealer keeps it -- whatever else a misdeal above
    would turn on (a fault of the deal told, misdeal or not yet decided)."""
    if not s.double_dummy or not (c.get("misdeal") or s.deal is not None):
        return None
    return finding("at double dummy there is no misdeal, as the deal is a disadvantage: the dealer "
                   "does not lose the deal", misdeal=False, deal_lost=False, hand_void=None,
                   next_dealer=None)


# ================================================================ the deal passes to the left

@law("english", "33")
@law("english-revised", "25")
@law("american-1894", "13")
def deal_goes_left(s: Situation, c: dict):
    """English 33: "Each player deals in his turn; the right of dealing goes to the left."
    American 13: "the deal passes to the player next to the dealer on his left".  Revised 25: "The
    deal commences with the player who cut the original lowest card, the next deal falls to the
    player on his left, and so on until the rubber is finished."  The last rule of the area: where
    a law of the deal has said who deals next (the same dealer again: English 37, 45, 47, 50;
    American 14, 17; or the next by a misdeal, 43) this law is not the one that decides."""
    if s.dealer is None or "next_dealer" in c or not (s.tricks or s.deal):
        return None
    return finding(f"the deal passes to {LEFT[s.dealer]}, on {s.dealer}'s left", next_dealer=LEFT[s.dealer])
