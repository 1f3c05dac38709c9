"""Cutting for partners and deal (English 13, 16, 18, 19; American 2-4, 7; revised 4, 8-10),
and who deals next (English 33, 43, 47; American 13, 14, 17: the calculator ``next_dealer``; the
rule of English 33 / American 13 is the last rule of dealing.py, after every law that keeps the
deal with the same dealer).

Every tie rule of both codes comes to one principle, which the calculator uses: players are
ranked by their cut, ties being broken by the re-cut among the tied players only (the ace is
low); the two lowest play against the two highest and the lowest deals.  A re-cut is needed
only where a tie straddles the line between the two partnerships (positions 2|3: "unless such
cards are the two highest", English 18) or the choice of dealer (positions 1|2: "should they be
the two lowest, a fresh cut is necessary to decide which of the two deals").  English 19 / American
4 (three equal) are the same ordering: "should the fourth card be the highest, the two lowest of
the new cut are partners, the lower of these two the dealer; should the fourth card be the
lowest, the two highest are partners, the original lowest the dealer."
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .core import Unknown, finding, law
from .situation import LEFT, RANKS, InvalidSituation, Situation, card_rank, cut_groups, cut_rank


@dataclass
class CutResult:
    partners: list[list[str]] | None      # [[low pair], [high pair]], each sorted
    dealer: str | None
    recut_needed: list[str] | None        # players who must cut again
    recut_decides: str | None             # "partners" | "dealer"
    ties: int                             # largest tie in the first cut (for the law cited)


def partners_and_dealer(cuts: dict[str, object], recuts: list[dict[str, object]] = (),
                        ace_low: bool = True) -> CutResult:
    """Partners and dealer from the cuts (English 13, 16, 18, 19; American 2-4).

    English 16: "the two lowest play against the two highest; the lowest is the dealer".
    18: "Two players cutting cards of equal value, unless such cards are the two highest, cut
    again; should they be the two lowest, a fresh cut is necessary to decide which of the two
    deals."  19: "Three players cutting cards of equal value cut again. ..."  American 3: "If two
    players cut intermediate cards of equal value, they cut again; the lower of the new cut plays
    with the original lowest."  13 / American 7: "The ace is the lowest card."
    """
    if len(cuts) != 4:
        raise InvalidSituation(f"cuts: four players cut, not {len(cuts)}")
    first = sorted(cut_rank(v, f"cuts.{p}", ace_low) for p, v in cuts.items())
    ties = max(first.count(v) for v in first)
    groups = cut_groups(cuts, recuts, ace_low)
    order = [p for g in groups for p in g]
    pos = {p: sum(len(g) for g in groups[:gi]) for gi, g in enumerate(groups) for p in g}

    def straddles(boundary: int) -> list[str] | None:
        for g in groups:
            start = pos[g[0]]
            if start < boundary < start + len(g):
                return g
        return None

    g = straddles(2)
    if g:
        # the dealer is known when one player cut lower than all the tied ones
        return CutResult(None, order[0] if len(groups[0]) == 1 and groups[0] != g else None, g, "partners", ties)
    partners = [sorted(order[:2]), sorted(order[2:])]
    g = straddles(1)
    if g:
        return CutResult(partners, None, g, "dealer", ties)
    return CutResult(partners, order[0], None, None, ties)


def next_dealer(dealer: str, outcome: str = "hand-played") -> str:
    """Who deals next.  English 33: "Each player deals in his turn; the right of dealing goes to
    the left."  43: "A misdeal loses the deal."  47 / 37: when the pack is imperfect "the dealer
    deals again"; 45, 50: a misdeal that does not lose the deal -- the same dealer deals again.
    ``outcome``: hand-played | misdeal (deal lost) | misdeal-not-lost | new-deal.
    Left is clockwise: A -> Y -> B -> Z."""
    if outcome in ("hand-played", "misdeal"):
        return LEFT[dealer]
    if outcome in ("misdeal-not-lost", "new-deal"):
        return dealer
    raise ValueError(f"unknown outcome {outcome!r}")


# ---------------------------------------------------------------- rules

def _cut_rule(s: Situation, c: dict):
    if not s.cuts:
        return None
    if len(s.cuts) != 4:
        ask = "What card did each of the four players cut?"
        known = _whatever_the_others_cut(s, bool(c.get("_ace_low")))
        if known is None:
            return Unknown("cuts", ask, {})
        # what the untold cuts still decide is asked for
        return [known, Unknown("cuts", ask, {}, affects=tuple(
            k for k in ("dealer", "partners", "recut_needed") if k not in known.conclusions))]
    ace_low = bool(c.get("_ace_low"))
    r = partners_and_dealer(s.cuts, s.recuts or [], ace_low)
    if r.recut_needed:
        what = "who are partners" if r.recut_decides == "partners" else "which of them deals"
        f = finding(f"{' and '.join(r.recut_needed)} tie and must cut again to decide {what}",
                    recut_needed=r.recut_needed, recut_decides=r.recut_decides)
        if r.partners:
            f.conclusions["partners"] = r.partners
        if r.recut_decides == "partners":
            # who is already placed: the lower of the re-cut plays with those below, the higher with those above
            order = sorted(s.cuts, key=lambda p: _position(r.recut_needed, p, s, ace_low))
            low = [p for p in order if p not in r.recut_needed and _position(r.recut_needed, p, s, ace_low) < 0]
            high = [p for p in order if p not in r.recut_needed and _position(r.recut_needed, p, s, ace_low) > 0]
            f.conclusions["partners_after_recut"] = {"low": low, "high": high, "among": list(r.recut_needed)}
            if r.dealer:
                f.conclusions["dealer"] = r.dealer
                f.step += f"; {r.dealer} cut lowest and deals"
        return f
    return finding(f"{' and '.join(r.partners[0])} (lowest) play against {' and '.join(r.partners[1])}; "
                   f"{r.dealer} deals", partners=r.partners, dealer=r.dealer, recut_needed=None)


def _whatever_the_others_cut(s: Situation, ace_low: bool):
    """Fewer than four cuts told: what holds whatever the others cut (every rank for each, the
    same laws applied to each completion). Who can deal in none of them cannot deal ("I cut an
    ace, Sue a two: does Sue deal?" -- no); the dealer and the re-cut are concluded only when every
    completion gives the same. None when nothing holds throughout (or too much is untold)."""
    seats = ("A", "B", "Y", "Z")
    untold = [p for p in seats if p not in s.cuts]
    if len(untold) > 2 or s.recuts or set(s.cuts) - set(seats):
        return None
    dealers, recuts, can_deal = set(), set(), set()
    for ranks in product(RANKS, repeat=len(untold)):
        r = partners_and_dealer({**s.cuts, **dict(zip(untold, ranks))}, [], ace_low)
        dealers.add(r.dealer)
        recuts.add(tuple(r.recut_needed or ()))
        can_deal |= {r.dealer} if r.dealer else set(r.recut_needed or ())
    cannot = [p for p in seats if p not in can_deal]
    concl = {}
    if cannot:
        concl["cannot_deal"] = cannot
    if len(dealers) == 1 and None not in dealers:
        concl["dealer"] = dealers.pop()
    if len(recuts) == 1:
        concl["recut_needed"] = list(recuts.pop()) or None
    if not concl:
        return None
    whatever = f"whatever {' and '.join(untold)} cut"
    said = [f"{' and '.join(cannot)} cannot deal, {whatever}: a lower card is already cut, and the lowest "
            f"deals"] if cannot else []
    if concl.get("dealer"):
        said.append(f"{concl['dealer']} deals, {whatever}")
    if "recut_needed" in concl:
        said.append(f"{' and '.join(concl['recut_needed'])} must cut again, {whatever}" if concl["recut_needed"]
                    else f"no one need cut again, {whatever}")
    return finding("; ".join(said), **concl)


def _position(tied: list[str], p: str, s: Situation, ace_low: bool = True) -> int:
    """-1 if ``p`` cut below the tied players, +1 above them, 0 if one of them (first cut and the
    re-cuts that separated ``p`` from them)."""
    if p in tied:
        return 0
    rank = cut_rank(s.cuts[p], f"cuts.{p}", ace_low)
    t = cut_rank(s.cuts[tied[0]], f"cuts.{tied[0]}", ace_low)
    if rank != t:
        return -1 if rank < t else 1
    for i, rc in enumerate(s.recuts or []):
        if p in rc and tied[0] in rc:
            a, b = cut_rank(rc[p], f"recuts[{i}].{p}", ace_low), cut_rank(rc[tied[0]], f"recuts[{i}].{tied[0]}", ace_low)
            if a != b:
                return -1 if a < b else 1
    return 0


@law("english", "13")
@law("english-revised", "4")
@law("american-1894", "7")
@law("american-1890", "1", "ace")
def ace_is_low(s: Situation, c: dict):
    """English 13: "The ace is the lowest card."  American 7: "In cutting, the ace is the lowest
    card."  Revised 4: "The ace is the lowest card in cutting or drawing."  American 1890, 1: "In
    cutting the ace is low".  (In play it is the highest: without this law an ace cut would rank
    above the king.)"""
    if s.cutting_ace_rank_asked:
        return finding("the ace is the lowest card in cutting", _ace_low=True, ace_low_in_cutting=True)
    if not s.cuts or not any(card_rank(v) == 1 for rc in [s.cuts, *(s.recuts or [])] for v in rc.values()):
        return None
    return finding("the ace is the lowest card in cutting", _ace_low=True)


@law("american-1894", "7", "draw")
def drawing_for_cutting(s: Situation, c: dict):
    """American 7: "Drawing cards from the outspread pack may be resorted to in place of cutting."
    (The English codes say nothing of it.)"""
    if s.cut_by_drawing is None:
        return None
    return finding("drawing cards from the outspread pack may be resorted to in place of cutting",
                   drawing_allowed=True)


@law("english", "16")
@law("english-revised", "8")
def english_partners(s: Situation, c: dict):
    """English 16: "The four who cut the lowest cards play first, and again cut to decide on
    partners; the two lowest play against the two highest; the lowest is the dealer, who has
    choice of cards and seats."  (Ties: 18, 19, which follow as exceptions.)  13: "The ace is the
    lowest card."  Revised 8 says it in other words: "The four who play first again draw to
    decide on partners. The two lowest play against the two highest. The lowest is the dealer and
    has choice of cards and seats"."""
    if not s.cuts or _ties(s) != 1:
        return None
    if s.candidates and s.candidates > 4 and not s.recuts:
        return None          # the cut among more than four chooses the players, not the partners (16)
    return _cut_rule(s, c)


@law("english", "18")
@law("english-revised", "9")
def english_two_equal(s: Situation, c: dict):
    """English 18: "Two players cutting cards of equal value, unless such cards are the two
    highest, cut again; should they be the two lowest, a fresh cut is necessary to decide which of
    the two deals."  Revised 9: "Two players drawing cards of equal value, which are not the two
    highest, draw again. If the equal cards are not the two lowest, the higher in the new draw plays
    with the highest in the original draw; if the equal cards are the two lowest, the new draw
    decides who is to deal." -- it writes out the middle tie the English law leaves to 16 (the two
    lowest against the two highest), with the same result."""
    if not s.cuts or _ties(s) != 2:
        return None
    return _cut_rule(s, c)


@law("english", "19")
@law("english-revised", "10")
def english_three_equal(s: Situation, c: dict):
    """English 19: "Three players cutting cards of equal value cut again. Should the fourth (or
    remaining) card be the highest, the two lowest of the new cut are partners, the lower of these
    two the dealer; should the fourth card be the lowest, the two highest are partners, the
    original lowest the dealer."  Revised 10 repeats it with "draw" for "cut" ("should the fourth
    (or remaining) card be the highest in the original draw")."""
    if not s.cuts or _ties(s) < 3:
        return None
    return _cut_rule(s, c)


def _ties(s: Situation) -> int:
    ranks = [card_rank(v) for v in s.cuts.values()]
    return max(ranks.count(r) for r in ranks)


@law("american-1894", "2")
def american_partners(s: Situation, c: dict):
    """American 2: "Partners are determined by cutting; the highest two play against the lowest
    two; the lowest deals, and has the choice of seats and cards." """
    if not s.cuts or _ties(s) != 1:
        return None
    return _cut_rule(s, c)


@law("american-1894", "3")
def american_two_equal(s: Situation, c: dict):
    """American 3: "If two players cut intermediate cards of equal value, they cut again; the
    lower of the new cut plays with the original lowest."  (Two lowest equal: the law is silent;
    "the lowest deals" (2) needs a fresh cut between them, as English 18 says.)"""
    if not s.cuts or _ties(s) != 2:
        return None
    return _cut_rule(s, c)


@law("american-1894", "4")
def american_three_equal(s: Situation, c: dict):
    """American 4: "If three players cut cards of equal value, they cut again. If the fourth has
    cut the highest card, the lowest two of the new cut are partners, and the lowest deals. If the
    fourth has cut the lowest card, he deals, and the highest two of the new cut are partners." """
    if not s.cuts or _ties(s) < 3:
        return None
    return _cut_rule(s, c)


# ---------------------------------------------------------------- cutting: exposure, same pack (14, 15)

@law("english", "15")
@law("english-revised", "6")
@law("american-1894", "7", "exposure")
def several_cards_exposed_in_cutting(s: Situation, c: dict):
    """English 15: "Should a player expose more than one card, he must cut again."  American 7:
    "If a player exposes more than one card he must cut again."  Revised 6: "Should a player expose
    or draw more than one card, he must cut or draw again." """
    if not (s.cut and s.cut.cards_exposed_in_cutting_by):
        return None
    who = s.cut.cards_exposed_in_cutting_by
    return finding(f"{who} exposed more than one card and must cut again", recut_needed=[who])


@law("english", "35")
def cut_cannot_be_altered(s: Situation, c: dict):
    """English 35: "When a player, whose duty it is to cut, has once separated the pack, he cannot
    alter his intention; he can neither reshuffle nor recut the cards." """
    if not (s.cut and s.cut.recut_wanted_by_cutter):
        return None
    return finding("the cutter has separated the pack: he can neither reshuffle nor recut",
                   cutter_may_recut=False)


# ---------------------------------------------------------------- shuffling (English 26-32; American 8-9)

@law("english", "26")
@law("american-1894", "9", "face")
def shuffle_below_or_face_seen(s: Situation, c: dict):
    """English 26: "The pack must neither be shuffled below the table nor so that the face of any
    card be seen."  American 9: a pack must not be shuffled "so as to expose the face of any card"."""
    sh = s.shuffle
    if sh is None or not (sh.below_table or sh.face_seen):
        return None
    if s.code.startswith("american") and not sh.face_seen:
        return None
    return finding("the pack was shuffled below the table or with a face seen: an improper shuffle; it must be "
                   "shuffled again", shuffle_proper=False, reshuffle_may_be_required=True)


@law("english", "27")
@law("american-1894", "9")
def shuffle_during_play(s: Situation, c: dict):
    """English 27: "The pack must not be shuffled during the play of the hand."  American 9: "A pack
    must not be shuffled during the play of a hand." """
    sh = s.shuffle
    if sh is None or not sh.during_play:
        return None
    return finding("the pack may not be shuffled during the play of the hand", shuffle_proper=False)


@law("english", "28")
def shuffle_into_packets(s: Situation, c: dict):
    """English 28: "A pack, having been played with, must neither be shuffled by dealing it into
    packets, nor across the table." """
    sh = s.shuffle
    if sh is None or not (sh.into_packets or sh.across_table):
        return None
    return finding("a played pack may not be shuffled into packets or across the table", shuffle_proper=False)


@law("english", "29")
@law("english-revised", "21")
def shuffle_once_only(s: Situation, c: dict):
    """English 29: "Each player has a right to shuffle, once only, except as provided by Rule 32,
    prior to a deal, after a false cut, or when a new deal has occurred." (The dealer shuffles last,
    32.)  Revised 21 repeats it: "Each player has a right to shuffle once only, except as provided by
    Law 24, prior to a deal, after a false cut (see Law 26), or prior to a new deal (see Law 29)." """
    sh = s.shuffle
    if sh is None or sh.times is None or sh.by is None:
        return None
    ok = sh.times <= 1 or sh.by == s.dealer
    return finding(f"{sh.by} may shuffle once only" if not ok else f"{sh.by} has the right to shuffle",
                   shuffle_proper=ok)


@law("english-revised", "20")
def revised_shuffle_into_packets(s: Situation, c: dict):
    """Revised 20: "A pack, having been played with, must not be shuffled by dealing it into
    packets."  English 28 also forbids shuffling "across the table"; the revised law drops it, so a
    shuffle across the table is not improper under the revised code."""
    sh = s.shuffle
    if sh is None or not (sh.into_packets or sh.across_table):
        return None
    if sh.into_packets:
        return finding("a played pack may not be shuffled by dealing it into packets", shuffle_proper=False)
    if c.get("shuffle_proper") is False:
        return None
    return finding("the revised law forbids only dealing the pack into packets: shuffling across the table is "
                   "not forbidden", shuffle_proper=True)


@law("english", "30")
@law("american-1894", "8")
def who_collects_and_shuffles_first(s: Situation, c: dict):
    """English 30: "The dealer's partner must collect the cards for the ensuing deal, and has the
    first right to shuffle that pack."  American 8: "When two packs are used the dealer's partner
    must collect and shuffle the cards for the ensuing deal ... In all cases the dealer may shuffle
    last."  (The dealer of the ensuing deal shuffles last: English 32.)"""
    if s.shuffle is None or s.dealer is None:
        return None
    from .situation import PARTNER
    return finding(f"{PARTNER[s.dealer]}, the dealer's partner, collects the cards for the ensuing deal and "
                   f"shuffles them first", collects_for_next_deal=PARTNER[s.dealer])


@law("english", "31")
def pack_placed_left_of_dealer(s: Situation, c: dict):
    """English 31: "Each player after shuffling must place the cards properly collected, and face
    downwards, to the left of the player about to deal." """
    if s.shuffle is None or s.dealer is None or s.shuffle.by in (None, s.dealer):
        return None
    return finding(f"{s.shuffle.by} places the shuffled pack face down to the left of {s.dealer}")


@law("english", "32")
def dealer_shuffles_last(s: Situation, c: dict):
    """English 32: "The dealer has always the right to shuffle last; but should a card or cards be
    seen during his shuffling, or whilst giving the pack to be cut, he may be compelled to
    reshuffle."  (Drayson test 19: the bottom card shown in presenting the pack.)"""
    if not (s.cut and s.cut.card_seen_by_dealer):
        return None
    return finding("a card was seen during the dealer's shuffling or whilst he gave the pack to be cut: "
                   "he may be compelled to reshuffle", reshuffle_may_be_required=True)


@law("english", "32")
@law("english-revised", "24")
@law("american-1894", "8")
@law("american-1890", "3")
def dealer_may_shuffle_last(s: Situation, c: dict):
    """English 32: "The dealer has always the right to shuffle last".  Revised 24: "The dealer has
    always the right to shuffle last".  American 8: "In all cases the dealer may shuffle last."
    American 1890, 3: "The pack may be shuffled by any or all the other players; and by the dealer
    last."  The dealer's own shuffle is proper, whoever shuffled before him (English 29 allows
    it "as provided by Rule 32")."""
    sh = s.shuffle
    if sh is None or sh.by is None or sh.by != s.dealer or c.get("shuffle_proper") is False:
        return None          # (the right to shuffle last makes no improper shuffle proper)
    f = finding(f"{sh.by}, the dealer, has the right to shuffle last", dealer_may_shuffle_last=True)
    if c.get("shuffle_proper") is None:
        f.conclusions["shuffle_proper"] = True
    return f


@law("american-1890", "3")
def still_pack_1890(s: Situation, c: dict):
    """American 1890, 3: "While the dealer is dealing, his partner shuffles the other pack, and
    places it at the left hand of his own right-hand opponent, who is next to deal. The pack may be
    shuffled by any or all the other players; and by the dealer last." """
    sh = s.shuffle
    if sh is None or s.dealer is None:
        return None
    from .situation import PARTNER
    nxt = LEFT[s.dealer]
    f = finding(f"{PARTNER[s.dealer]}, the dealer's partner, shuffles the still pack and places it at the left "
                f"of {nxt}, who deals next; any other player may shuffle it, and the next dealer last",
                collects_for_next_deal=PARTNER[s.dealer], still_pack_placed_for=nxt)
    if sh.times is not None and sh.by is not None:
        f.conclusions["shuffle_proper"] = True
    return f


@law("american-1894", "11")
def american_card_exposed_in_cut(s: Situation, c: dict):
    """American 11: "If, in cutting or in reuniting the separate packets, a card is exposed, the
    pack must be reshuffled by the dealer and cut again; if there is any confusion of the cards or
    doubt as to the place where the pack was separated, there must be a new cut." """
    if not (s.cut and s.cut.card_exposed):
        return None
    return finding("a card exposed in cutting or reuniting: the dealer reshuffles and the pack is cut again",
                   fresh_cut=True, reshuffle_required=True)


@law("american-1890", "2")
def first_dealer_1890(s: Situation, c: dict):
    """American 1890, law 2: "The first dealer is that player of the four who has cut or drawn the
    lowest card. ... If, when cutting, any card be exposed, the pack must be cut again." """
    out = []
    if s.cut and s.cut.card_exposed:
        out.append(finding("a card exposed in cutting: the pack must be cut again", fresh_cut=True))
    if s.cuts and len(s.cuts) == 4:
        r = partners_and_dealer(s.cuts, s.recuts or [], bool(c.get("_ace_low")))
        if r.dealer:
            out.append(finding(f"{r.dealer} cut the lowest card and deals first", dealer=r.dealer))
    return out or None


@law("american-1890", "1")
def partners_1890(s: Situation, c: dict):
    """American 1890, law 1: "These four may agree, or cut to decide, who shall be partners. In
    cutting the ace is low; and the two highest play against the two lowest." """
    if not s.cuts or len(s.cuts) != 4:
        return None
    ace_low = bool(c.get("_ace_low"))
    r = partners_and_dealer(s.cuts, s.recuts or [], ace_low)
    if r.recut_needed:
        return finding(f"{' and '.join(r.recut_needed)} tie and cut again", recut_needed=r.recut_needed,
                       recut_decides=r.recut_decides)
    return finding(f"{' and '.join(r.partners[0])} play against {' and '.join(r.partners[1])}",
                   partners=r.partners)


@law("english", "34", "packets")
@law("english-revised", "26", "packets")
@law("american-1894", "10", "packets")
def cut_leaves_four(s: Situation, c: dict):
    """English 34: the player who cuts, "in dividing it, must not leave fewer than four cards in
    either packet" (revised 26 the same words; American 10: "at least four cards must be left in
    each packet")."""
    if not (s.cut and s.cut.fewest_cards is not None):
        return None
    n = s.cut.fewest_cards
    ok = n >= 4
    return finding(f"the cut left {n} card{'s' if n != 1 else ''} in one packet: "
                   + ("at least four, a proper cut" if ok else "fewer than four, not a proper cut"), cut_proper=ok)


@law("american-1894", "10")
def american_cut_to_dealer(s: Situation, c: dict):
    """American 10: "The dealer must present the pack to his right-hand adversary to be cut; the
    adversary must take a portion from the top of the pack and place it towards the dealer; at
    least four cards must be left in each packet." """
    if not (s.cut and s.cut.by and s.dealer):
        return None
    from .situation import RIGHT
    ok = s.cut.by == RIGHT[s.dealer]
    return finding(f"{s.cut.by} cuts" + ("" if ok else f"; the pack should be cut by {RIGHT[s.dealer]}, the "
                   f"dealer's right-hand adversary"), cut_by_proper_player=ok)
