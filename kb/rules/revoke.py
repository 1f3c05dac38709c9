"""The revoke: when it is established, when it may be claimed, the penalties (English 70-82,
84; failing to play as called, 61; a missing card, 46; dummy II; American 28-33, 38, 39;
English revised 73-86 where they differ; American 1890 7, 19, 20).

Per-revoke working state is kept in ``c["_revokes"]`` (a list of dicts ``by``, ``side``,
``established``, ``claim_allowed``, ``penalty``, ``i``: its index in ``revokes``); the public conclusions are
``revoke_established``, ``revoke_claim_allowed``, ``revoke_penalty_options``,
``revoke_penalties`` (those enforced), ``revoke_penalty_forfeited``, ``revoking_sides``.
"""
from __future__ import annotations

from .core import Finding, Unknown, finding, law
from .situation import Situation, other, side_of

ENGLISH_OPTIONS = ("take-three-tricks", "deduct-three", "add-three")
#: English 59: the penalties of a revoke in hands abandoned (all four thrown down)
ABANDONED_OPTIONS = ("deduct-three", "add-three")


def _state(s: Situation, c: dict) -> list[dict]:
    if "_revokes" in c:
        return [dict(r) for r in c["_revokes"]]
    return [{"by": r.by, "side": side_of(r.by) if r.by else None, "established": None,
             "claim_allowed": None, "penalty": r.penalty, "i": i} for i, r in enumerate(s.revokes)]


def _unattributed(st: list[dict], live: list[dict]) -> list[Unknown]:
    """A revoke established and claimable whose player is not told: its penalty falls on no side
    until the fact is known."""
    return [Unknown(f"revokes[{d['i']}].by", "Who revoked?", {}, affects=("revoke_penalties", "revoking_sides",
                                                                 "score_after", "game_won_by", "tricks_after_penalty"))
            for d in st if d["side"] is None and any(d is x for x in live)]


def _summary(st: list[dict]) -> dict:
    est = [r["established"] for r in st]
    return {"_revokes": st,
            "revoke_established": (True if any(e is True for e in est)
                                   else None if any(e is None for e in est) else False)}


# ---------------------------------------------------------------- established?

@law("english", "61", "revoke")
@law("english-revised", "76")
@law("american-1894", "38", "revoke")
def failed_call_is_revoke(s: Situation, c: dict):
    """English 61: "If a player who has rendered himself liable to have the highest or lowest of a
    suit called, fail to play as desired, or if when called on to lead one suit he lead another,
    having in his hand one or more cards of that suit demanded, he incurs the penalty of a
    revoke."  That cards are of equal value is no excuse (Drayson cases 116, 117).  The failure is
    established, or may be corrected, as a revoke is (Law 73): playing to the trick is not enough
    (Drayson cases 93, 102, 103).  American 38: "If a player is lawfully called upon to play the
    highest or lowest of a suit, or to trump or not to trump a trick, or to lead a suit, and
    unnecessarily fails to comply, he is liable to the same penalty as if he had revoked."
    Revised 76 adds a call to win or not to win."""
    hits = [r for r in s.revokes if r.failed_call]
    if not hits:
        return None
    return finding(f"{hits[0].by} failed to {hits[0].failed_call.replace('-', ' ')} as called, holding the card: "
                   f"{hits[0].by} incurs the penalty of a revoke", incurs_revoke_penalty=True)


@law("english", "73")
@law("english-revised", "77")
@law("american-1894", "28")
@law("american-1890", "19")
def revoke_established(s: Situation, c: dict):
    """English 73: "A revoke is established, if the trick in which it occur be turned and
    quitted, i.e., the hand removed from that trick after it has been turned face downwards on the
    table; or if either the revoking player or his partner, whether in his right turn or
    otherwise, lead or play to the following trick."  Throwing down the hand after the renounce is
    an act of play (Drayson case 104; written into the revised law 77).
    American 28: "A revoke is a renounce in error not corrected in time" -- it may be corrected
    "before the trick in which it occurs has been turned and quitted, unless either he or his
    partner ... has led or played to the following trick"."""
    if not s.revokes:
        return None
    st = _state(s, c)
    missing = []
    steps = []
    for i, (r, d) in enumerate(zip(s.revokes, st)):
        if r.established is not None:
            d["established"] = r.established
            whose = f"{r.by}'s" if r.by else "the"          # the revoke told without who revoked
            steps.append(f"{whose} revoke {'is' if r.established else 'is not'} established (given)")
        elif r.thrown_down_after_renounce or r.revoking_side_played_next:
            d["established"] = True
            steps.append(f"the revoking side {'threw down the hand' if r.thrown_down_after_renounce else 'played to the following trick'}: established")
        elif r.trick_turned_and_quitted:
            d["established"] = True
            steps.append("the trick was turned and quitted: established")
        elif r.trick_turned_and_quitted is False and r.revoking_side_played_next is False:
            d["established"] = False
            steps.append("trick not quitted and the revoking side has not played again: not established")
        else:
            missing.append(Unknown(f"revokes[{i}].trick_turned_and_quitted",
                                   "Had the trick been turned and quitted, or had the revoking player or his partner played to the next trick?",
                                   {True: "the revoke is established", False: "the renounce may still be corrected"}))
    return [Finding(_summary(st), "; ".join(steps) or "establishment of the revoke")] + missing


@law("english-revised", "77", "claiming-game")
def game_claimed_after_renounce(s: Situation, c: dict):
    """Revised 77: "Throwing down the hand or claiming game, constitute acts of play within the
    meaning of leading or playing to the following trick."  (English 73 does not name claiming.)"""
    if not s.rest_claimed_by or not s.revokes:
        return None
    st = _state(s, c)
    hit = False
    for r, d in zip(s.revokes, st):
        if r.by and r.established is None and not d.get("established") and side_of(r.by) == side_of(s.rest_claimed_by):
            d["established"] = hit = True
    if not hit:
        return None
    return Finding(_summary(st), f"{s.rest_claimed_by}, of the revoking side, claimed the game: an act of play; "
                                 "the revoke is established")


@law("english", "74")
@law("english-revised", "78")
def partner_asked(s: Situation, c: dict):
    """English 74 (an exception to 73): "A player may ask his partner whether he has not a card of
    the suit which he has renounced; should the question be asked before the trick is turned and
    quitted, subsequent turning and quitting does not establish the revoke, and the error may be
    corrected, unless the question be answered in the negative, or unless the revoking player or
    his partner have led or played to the following trick." (Drayson case 108.)"""
    if not any(r.partner_asked for r in s.revokes):
        return None
    st = _state(s, c)
    hit = False
    for r, d in zip(s.revokes, st):
        if r.partner_asked and r.established is None and not r.revoking_side_played_next \
                and not r.thrown_down_after_renounce:
            hit = True
            d["established"] = r.answer == "no" and bool(r.trick_turned_and_quitted)
    if not hit:
        return finding("a player may ask his partner whether he has not a card of the suit renounced",
                       partner_may_ask=True)
    return Finding({**_summary(st), "partner_may_ask": True},
                   "a player may ask his partner whether he has none of the suit; asked before the trick "
                   "was quitted: " + ("answered no, the revoke stands" if any(d["established"] for d in st)
                                      else "the renounce may be corrected"))


@law("english-revised", "78", "turned-before-answer")
def turned_before_answer(s: Situation, c: dict):
    """Revised 78 ends: "but if the revoking player or his partner has turned the trick before the
    question is answered, the revoke is established."  English 74 has no such clause: under it,
    turning and quitting after the question never establishes the revoke."""
    st = _state(s, c)
    hit = False
    for r, d in zip(s.revokes, st):
        if r.partner_asked and r.turned_before_answer:
            d["established"] = hit = True
    if not hit:
        return None
    return Finding(_summary(st), "the revoking side turned the trick before the question was answered: "
                                 "the revoke is established")


@law("english", "77")
@law("english-revised", "81")
@law("american-1894", "32")
def mixed_after_claim(s: Situation, c: dict):
    """English 77: "If a revoke be claimed, and the accused player or his partner mix his cards
    before they have been sufficiently examined by the adversaries, the revoke is established."
    (Drayson case 112.)  American 32: "no proof is necessary and the revoke is established if,
    after it has been claimed, the accused player or his partner mixes the cards"."""
    st = _state(s, c)
    hit = False
    for r, d in zip(s.revokes, st):
        if r.cards_mixed_after_claim:
            d["established"] = hit = True
    if not hit:
        return None
    return Finding(_summary(st), "the accused side mixed the cards after the claim: the revoke is established")


@law("english", "70")
def card_mixed_with_trick(s: Situation, c: dict):
    """English 70: a player who mixes "his trump or other card with a trick to which it does not
    properly belong ... is answerable for all consequent revokes he may have made" (Drayson
    case 120)."""
    if not any(r.card_mixed_with_trick for r in s.revokes):
        return None
    return finding("a card mixed with a trick does not excuse the consequent revoke", answerable_for_revoke=True)


@law("english", "46", "revoke")
@law("american-1890", "7", "revoke")
def missing_card_revoke(s: Situation, c: dict):
    """English 46: the player found short of a card "is as answerable for any revoke he may have
    made as if the missing card, or cards, had been in his hand; he may search the other pack for
    it, or them."  (Drayson case 118: a card of his hand taken into the other pack is no misdeal
    and no excuse.)  American 1890, 7: "the player to whom it belongs is liable for any revoke he
    may have made in the suit for want of it"."""
    if not any(r.card_missing_from_hand for r in s.revokes):
        return None
    return finding("the card missing from his hand does not excuse the revoke", answerable_for_revoke=True)


@law("drayson", "case/101", applies_to=("english",))
def card_shown_not_played(s: Situation, c: dict):
    """Drayson case 101: a player who, before his turn, puts down the best trump saying "There is
    game" shows the game; his statement that he did not play the card to the current trick must be
    accepted: there is no renounce (English 71 needs a card *played*), and the card is an exposed
    card only (English 56)."""
    st = c.get("_revokes")
    if not st or not any(r.shown_not_played for r in s.revokes):
        return None
    keep = [d for r, d in zip(s.revokes, st) if not r.shown_not_played]
    return Finding({**_summary(keep), "card_liable_to_be_called": True},
                   "the card was shown, not played to the trick: no renounce; it is an exposed card")


@law("english", "71")
@law("english-revised", "74")
def what_is_a_revoke(s: Situation, c: dict):
    """English 71: a revoke "is when a player, holding one or more cards of the suit led, plays a
    card of a different suit".  A player who held none of the suit led renounced lawfully: there
    is no revoke to establish or to punish."""
    st = c.get("_revokes")
    held = [r.held_suit_led for r in s.revokes]
    if not st or all(h is None for h in held):
        return None
    if not any(h is False for h in held):
        return finding("holding the suit led, he played a card of a different suit: a revoke",
                       renounce_is_revoke=True)
    keep = [d for r, d in zip(s.revokes, st) if r.held_suit_led is not False]
    who = ", ".join(str(r.by) for r in s.revokes if r.held_suit_led is False)
    return Finding({**_summary(keep), "renounce_is_revoke": bool(keep)},
                   f"{who} held none of the suit led: a lawful renounce, no revoke")


@law("english", "dummy", "II")
def dummy_not_liable_for_revoke(s: Situation, c: dict):
    """English, "Dummy" II: "Dummy is not liable to the penalty for a revoke, as his adversaries see
    his cards; should he revoke and the error not be discovered until the trick is turned and
    quitted, it stands good."  (Drayson cases 123, 150.)"""
    st = c.get("_revokes")
    if s.dummy is None or not st:
        return None
    hits = [d for r, d in zip(s.revokes, st) if r.by == s.dummy]
    if not hits:
        return None
    keep = [d for r, d in zip(s.revokes, st) if r.by != s.dummy]
    stands = any(d["established"] for d in hits)
    out = _summary(keep)
    out["revoke_established"] = True if stands else out["revoke_established"]
    out.update(dummy_not_liable_for_revoke=True, revoke_penalties=[])
    return Finding(out, "dummy is not liable to the penalty for a revoke"
                   + ("; the trick was quitted: it stands good" if stands else ""))


@law("english", "75")
@law("english-revised", "79")
@law("american-1894", "32", "search")
def claimants_may_search(s: Situation, c: dict):
    """English 75: "At the end of the hand, the claimants of a revoke may search all the tricks."
    American 32: "At the end of a hand, the claimants of a revoke may search all the tricks." """
    if not any(r.claimed for r in s.revokes):
        return None
    return finding("the claimants may search all the tricks at the end of the hand", tricks_may_be_searched=True)


@law("english", "76")
@law("english-revised", "80")
@law("american-1894", "29")
def renounce_corrected(s: Situation, c: dict):
    """English 76: "If a player discover his mistake in time to save a revoke, his adversaries,
    whenever they think fit, may call the card thus played in error, or may require him to play
    his highest or lowest card to that trick in which he has renounced."  American 29: "the card
    improperly played by him is liable to be called" (no highest-or-lowest)."""
    st = c.get("_revokes") or []
    if not st or not any(d["established"] is False for d in st):
        return None
    return finding("corrected in time: no revoke; any who played after him may withdraw their cards",
                   renounce_corrected=True, adversaries_may=["call the card played in error"],
                   later_cards_may_be_withdrawn=True)


@law("english", "76", "highest-or-lowest")
@law("english-revised", "80", "highest-or-lowest")
def renounce_corrected_highest_or_lowest(s: Situation, c: dict):
    """English 76 (not American 29): the adversaries "may require him to play his highest or
    lowest card to that trick in which he has renounced"."""
    st = c.get("_revokes") or []
    if not c.get("renounce_corrected") or not any(d["established"] is False for d in st):
        return None
    who = next((d["by"] for d in st if d["established"] is False), None)
    return finding(f"or they may require {who or 'him'} to play the highest or lowest card to that trick",
                   adversaries_may=list(c.get("adversaries_may") or [])
                   + ["require his highest or lowest card of the suit to that trick"],
                   highest_or_lowest_callable_from=who)


@law("american-1890", "19", "corrected")
def american_1890_renounce_corrected(s: Situation, c: dict):
    """American 1890, 19: "if the player renouncing a suit discover and correct his mistake before
    the trick is quitted, he suffers only the penalty of Law 18 [one point]; and if, in the
    meantime, other cards have been played, any or all of them can be recalled, without
    penalty." """
    st = c.get("_revokes") or []
    if not st or not any(d["established"] is False for d in st):
        return None
    return finding("corrected before the trick was quitted: only the penalty of one point (Law 18)",
                   renounce_corrected=True, penalty_options=["one point (Law 18)"], later_cards_may_be_withdrawn=True)


# ---------------------------------------------------------------- may it be claimed?

@law("english", "78")
@law("english-revised", "82")
@law("american-1894", "33")
@law("american-1890", "18", "claim")
def claim_before_cut(s: Situation, c: dict):
    """English 78: "A revoke cannot be claimed after the cards have been cut for the following
    deal."  American 33: "The revoke can be claimed at any time before the cards have been
    presented and cut for the following deal, but not thereafter."  Revised 82: "duly cut".
    American 1890 has no law of its own for the time of a revoke's claim: its law 18 says of every
    penalty "A penalty cannot be taken during the play, but must be claimed and scored before the
    cards are cut for the next deal" (its first sentence excepts the revoke from the one point,
    not from the time of claiming)."""
    st = c.get("_revokes")
    if not st:
        return None
    cut = s.cut_for_next_deal
    if cut is None and s.next_cut is not None:
        cut = True
    if cut is True and not any(d["established"] for d in st):
        # the bar does not depend on whether the revoke was established: too late either way
        st = [dict(d, claim_allowed=False) for d in st]
        return finding("claimed after the cards were cut for the following deal: too late, whether or not "
                       "the revoke was established", _revokes=st, revoke_claim_allowed=False)
    if not any(d["established"] for d in st):
        return None
    if cut is None:
        if s.hands_thrown_down is not None or any(r.claimed for r in s.revokes):
            cut = False
        else:
            return Unknown("cut_for_next_deal", "Had the cards been cut for the next deal when the revoke was claimed?",
                           {True: "too late: the revoke cannot be claimed", False: "the revoke may be claimed"})
    st = [dict(d, claim_allowed=not cut) for d in st]
    return finding("claimed after the cards were cut for the following deal: too late" if cut
                   else "claimed before the cut for the following deal", _revokes=st,
                   revoke_claim_allowed=not cut)


@law("drayson", "case/31", applies_to=("english",))
@law("english-revised", "82", "duly")
@law("american-1894", "33", "presented")
def irregular_cut_does_not_bar(s: Situation, c: dict):
    """Exception to English 78 (Drayson case 31): a cut made before the dealer presented the pack
    is an illegal cut and does not bar the claim -- unless the dealer accepted it and began to
    deal.  The revised code (82: "duly cut") and the American (33: "presented and cut") say so."""
    n = s.next_cut
    if n is None or n.presented is not False or n.dealing_begun or not c.get("_revokes"):
        return None
    st = [dict(d, claim_allowed=bool(d["established"])) for d in c["_revokes"]]
    return finding("the pack was cut before the dealer presented it: an illegal cut does not bar the claim",
                   _revokes=st, revoke_claim_allowed=True)


# ---------------------------------------------------------------- the penalty

@law("english", "59", "penalty")
def abandoned_hand_penalty(s: Situation, c: dict):
    """English 59: when all four have thrown their cards on the table face upwards, the hands are
    abandoned and "neither claim can be entertained, unless a revoke be established. The revoking
    players are then liable to the following penalties: they cannot, under any circumstances, win
    the game by the result of that hand, and the adversaries may add three to their score, or
    deduct three from that of the revoking players."  Taking three tricks is not among them: the
    hand is not played out."""
    if not c.get("hands_abandoned"):
        return None
    if not any(d["established"] and d["claim_allowed"] for d in c.get("_revokes") or []):
        return None
    return finding("the hands abandoned: the adversaries may add three or deduct three, not take tricks",
                   _penalty_kinds=list(ABANDONED_OPTIONS))


def _chosen_allowed(live: list[dict], kinds) -> dict:
    """Whether the penalty the claimants chose is one the law gives (``revoke_penalty_allowed``),
    when a choice is told ("we'll take two tricks and add one": divided, English 72 IV)."""
    chosen = [d["penalty"] for d in live if d["penalty"]]
    return {"revoke_penalty_allowed": all(p in kinds for p in chosen)} if chosen else {}


@law("english", "72", "I")
@law("english-revised", "75", "I")
def revoke_penalty_options(s: Situation, c: dict):
    """English 72 I: the penalty "is at the option of the adversaries, who, at the end of the hand,
    may either take three tricks from the revoking player, or deduct three points from his score,
    or add three to their own score";  II: it "can be claimed for as many revokes as occur during
    the hand".  The three tricks taken are added to the claimants' own (Drayson case 115;
    revised 75 I says so)."""
    st = c.get("_revokes") or []
    live = [d for d in st if d["established"] and d["claim_allowed"]]
    unknown = _unattributed(st, live)
    live = [d for d in live if d["side"] is not None]
    if not live:
        return unknown or None
    kinds = tuple(c.get("_penalty_kinds") or ENGLISH_OPTIONS)     # law 59 narrows them
    pens, opts, missing = [], [], unknown
    for d in st:
        if d not in live:
            continue
        if d["penalty"] in kinds:
            pens.append({"claimant": other(d["side"]), "revoking": d["side"], "kind": d["penalty"]})
        elif d["penalty"] is None:
            opts = [{"claimant": other(d["side"]), "revoking": d["side"], "kind": k} for k in kinds]
            missing.append(Unknown(f"revokes[{d['i']}].penalty", "Which penalty did the claimants choose?",
                                   {k: "see outcomes_by_penalty" for k in kinds}))
    words = {"take-three-tricks": "take three tricks", "deduct-three": "deduct three", "add-three": "add three"}
    f = finding(f"{other(live[0]['side'])} may {', or '.join(words[k] for k in kinds)}"
                + (f"; chosen: {', '.join(p['kind'] for p in pens)}" if pens else ""),
                revoke_penalties=pens, revoke_penalty_available=list(kinds), **_chosen_allowed(live, kinds))
    unchosen = sum(d["penalty"] is None for d in live)
    if opts and len({d["side"] for d in live}) == 1:
        # one side revoked, the penalty not chosen: each choice, taken for every such revoke (72
        # II: the penalty "can be claimed for as many revokes as occur during the hand")
        f.conclusions["revoke_penalty_options"] = [{**o, "times": unchosen} if unchosen > 1 else o for o in opts]
    return [f] + missing


@law("english", "72", "IV")
@law("english-revised", "75", "IV")
def penalty_not_divided(s: Situation, c: dict):
    """English 72 IV: the penalty "cannot be divided, i.e., a player cannot add one or two to his
    own score and deduct one or two from the revoking player".  By "an unwritten but
    well-established custom players who, for an offence, claim a penalty to which they are not
    entitled, lose their right to claim the penalty to which they were entitled" (Drayson case 29)."""
    st = c.get("_revokes") or []
    if not any(d["penalty"] == "divided" and d["established"] and d["claim_allowed"] for d in st):
        return None
    return finding("a divided penalty is not a penalty the law gives; claiming it loses the claim",
                   revoke_penalties=[], revoke_penalty_forfeited=True)


@law("drayson", "custom/wrong-penalty", applies_to=("english",))
@law("english-revised", "88", "revoke")
def revoke_penalty_not_given(s: Situation, c: dict):
    """A revoke penalty the law does not give in the circumstances (three tricks from hands
    abandoned, English 59): "It is now universally admitted that if an adversary claim a penalty
    to which he is not entitled, he loses his right to claim a penalty to which he was entitled"
    (Drayson cases 25, 57, 62).  Revised 88: "Any player demanding a penalty which is not authorised for the
    offence committed, forfeits all right to exact any penalty for the offence in question." """
    kinds = c.get("_penalty_kinds")
    st = c.get("_revokes") or []
    if not kinds or not any(d["penalty"] in ENGLISH_OPTIONS and d["penalty"] not in kinds
                            and d["established"] and d["claim_allowed"] for d in st):
        return None
    return finding("a revoke penalty the law does not give here was claimed: the claim is lost",
                   revoke_penalties=[], revoke_penalty_forfeited=True)


@law("drayson", "custom/penalty-first", applies_to=("english", "english-revised"))
def penalty_must_be_taken_first(s: Situation, c: dict):
    """Drayson case 106: the revoke penalty takes precedence of all other scores (English 5); the
    claimants who let the revoking side score first have condoned the revoke."""
    if not any(r.penalty_after_revoking_side_scored for r in s.revokes):
        return None
    return finding("the revoking side were allowed to score first: the revoke is condoned",
                   revoke_penalties=[], revoke_penalty_forfeited=True)


@law("english", "59", "points")
def abandoned_hand_points(s: Situation, c: dict):
    """English 59 (revised 62): the hands abandoned, "the adversaries may add three to their score,
    or deduct three from that of the revoking players" -- for each revoke (72 II) -- and no trick
    is scored: the points each side's score gains or loses are the penalties chosen, and nothing
    else."""
    if not c.get("hands_abandoned"):
        return None
    pens = c.get("revoke_penalties") or []
    if not pens or any(p["kind"] not in ABANDONED_OPTIONS for p in pens):
        return None
    added: dict[str, int] = {}
    deducted: dict[str, int] = {}
    for p in pens:
        if p["kind"] == "add-three":
            added[p["claimant"]] = added.get(p["claimant"], 0) + 3
        else:
            deducted[p["revoking"]] = deducted.get(p["revoking"], 0) + 3
    told = [f"{side} add {n}" for side, n in sorted(added.items())] + \
           [f"{n} deducted from {side}" for side, n in sorted(deducted.items())]
    return finding(f"the hands abandoned, only the penalties score: {', '.join(told)}",
                   abandoned_penalty_points={"added": added, "deducted": deducted})


@law("english", "84", "revoke")
@law("english-revised", "87", "revoke")
def partners_may_consult_on_revoke(s: Situation, c: dict):
    """Exception in English 84: "This rule does not apply in exacting the penalties for a revoke,
    partners have then a right to consult." (Drayson case 105.)"""
    asked = any(cl.consulted is not None and cl.for_offence == "revoke" for cl in s.claims)
    if not c.get("revoke_penalty_available") and not (asked and s.revokes):
        return None
    return finding("partners may consult on the revoke penalty", partners_may_consult=True)


@law("english", "79")
@law("english-revised", "83")
def revoking_side_may_play_out(s: Situation, c: dict):
    """English 79: "The revoking player and his partner may, under all circumstances, require the
    hand in which the revoke had been detected to be played out." (Drayson case 110.)"""
    if not c.get("revoke_established") or not any(d["established"] for d in c.get("_revokes", [])):
        return None
    return finding("the revoking side may require the hand to be played out",
                   revoking_side_may_require_play_out=True)


@law("english", "82")
@law("english-revised", "86")
def revoking_side_cannot_win(s: Situation, c: dict):
    """English 82: "In whatever way the penalty be enforced, under no circumstances can a player
    win a game by the result of the hand during which he has revoked; he cannot score more than
    four." """
    st = c.get("_revokes") or []
    if c.get("revoke_penalty_forfeited"):
        return None
    sides = sorted({d["side"] for d in st if d["established"] and d["claim_allowed"] and d["side"]})
    if not sides:
        return None
    return finding(f"{' and '.join(sides)} cannot win the game by this hand", revoking_sides=sides)


@law("english", "81")
def both_sides_revoke(s: Situation, c: dict):
    """English 81: "Should the players on both sides subject themselves to the penalty of one or
    more revokes, neither can win the game; each is punished at the discretion of his
    adversary." """
    if len(c.get("revoking_sides", [])) < 2:
        return None
    return finding("both sides revoked: neither can win the game; the revokes do not cancel: each is punished "
                   "at the discretion of his adversary", neither_can_win_game=True, revokes_cancel=False)


@law("english-revised", "85")
def both_sides_revoke_cancel(s: Situation, c: dict):
    """Revised 85: "Should the players on both sides subject themselves to the penalty of one or
    more revokes, neither can win the game, and the revokes cancel each other." """
    if len(c.get("revoking_sides", [])) < 2:
        return None
    return finding("both sides revoked: the revokes cancel each other and neither can win the game",
                   neither_can_win_game=True, revoke_penalties=[], revokes_cancel=True)


# ---------------------------------------------------------------- American

@law("american-1894", "30")
def american_revoke_penalty(s: Situation, c: dict):
    """American 30: "The penalty for revoking is the transfer of two tricks from the revoking side
    to their adversaries; it can be enforced for as many revokes as occur during the hand. The
    revoking side cannot win the game in that hand; if both sides revoke, neither can win the game
    in that hand." """
    st = c.get("_revokes") or []
    live = [d for d in st if d["established"] and d["claim_allowed"]]
    unknown = _unattributed(st, live)
    live = [d for d in live if d["side"] is not None]
    if not live:
        return unknown or None
    pens = [{"claimant": other(d["side"]), "revoking": d["side"], "kind": "two-tricks"} for d in live]
    sides = sorted({d["side"] for d in live})
    out = finding("two tricks are transferred for each revoke; the revoking side cannot win the game",
                  revoke_penalties=pens, revoke_penalty_available=["two-tricks"], revoking_sides=sides,
                  **_chosen_allowed(live, ("two-tricks",)))
    if len(sides) == 2:
        out.conclusions["neither_can_win_game"] = True
    return [out] + unknown


@law("american-1894", "31")
def american_play_out(s: Situation, c: dict):
    """American 31: "The revoking player and his partner may require the hand in which the revoke
    has been made to be played out, and score all points made by them up to the score of six." """
    if not c.get("revoke_established"):
        return None
    return finding("the revoking side may require the hand to be played out, scoring up to six",
                   revoking_side_may_require_play_out=True)


@law("american-1894", "39")
def american_wrong_penalty(s: Situation, c: dict):
    """American 39: "If the wrong adversary demands a penalty, or a wrong penalty is demanded, none
    can be enforced." """
    st = c.get("_revokes") or []
    if not any(d["penalty"] == "divided" and d["established"] for d in st):
        return None
    return finding("a wrong penalty was demanded: none can be enforced",
                   revoke_penalties=[], revoke_penalty_forfeited=True, revoking_sides=[])


# ---------------------------------------------------------------- American 1890

@law("american-1890", "20")
def american_1890_revoke_penalty(s: Situation, c: dict):
    """American 1890, 20: "The penalty for a revoke is either three tricks taken from the offending
    party, or three points taken from their score, or three added to their adversaries' score, at
    adversaries' option. ... This penalty is scored prior to scoring the tricks made; and no score
    that wins the game can be made by the revoking party." """
    st = c.get("_revokes") or []
    live = [d for d in st if d["established"] and d["claim_allowed"] is not False]
    unknown = _unattributed(st, live)
    live = [d for d in live if d["side"] is not None]
    if not live:
        return unknown or None
    pens = [{"claimant": other(d["side"]), "revoking": d["side"], "kind": d["penalty"]}
            for d in live if d["penalty"] in ENGLISH_OPTIONS]
    sides = sorted({d["side"] for d in live})
    return [finding("three tricks taken, three points deducted, or three added, at the adversaries' option; "
                    "the revoking side can make no score that wins the game",
                    revoke_penalty_available=list(ENGLISH_OPTIONS), revoke_penalties=pens, revoking_sides=sides,
                    revoking_side_can_win_game=False, **_chosen_allowed(live, ENGLISH_OPTIONS))
            ] + unknown
