"""Exposed cards, cards liable to be called (English 56-60; American 20-23, 27).

Conclusions: ``cards_liable_to_be_called`` (a list of ``{by, card}``; ``card`` may be unknown),
``card_liable_to_be_called`` (is any?), ``hand_liable_to_be_called`` (seats whose whole hand is
liable), ``hand_retained_by``, ``hands_abandoned``, ``lead_out_of_turn`` (false: a card played to
a finished trick is not a lead), ``owner_may_play_exposed_card``, ``penalty_remains``,
``suit_callable_from`` (English 60), ``partner_may_be_called_to_win`` (English 57 / American 22),
``player_indicates_card_played`` (American 20 II).  The calls themselves (who may call, a wrong
call, a repeated call, a call that would oblige a revoke) are judged in ``claims.py``.
"""
from __future__ import annotations

import re

from .core import Unknown, finding, law
from .situation import PARTNER, RANK_WORDS, SUITS, Exposed, Situation, other, side_of

#: ways a card comes to be seen, and whether the English letter (56) makes it exposed
_ENGLISH_EXPOSED = {"two-at-once", "dropped-face-up", "shown", "played-to-finished-trick", "hand-face-up"}
_AMERICAN_FACED = {"dropped-face-up", "shown", "played-to-finished-trick", "hand-face-up", "thrown-down"}


def _liable(c: dict, e: Exposed, whole_hand: bool = False) -> dict:
    """Add ``e`` to the liable cards (or its owner to the liable hands) in the conclusions."""
    cards = list(c.get("cards_liable_to_be_called") or [])
    hands = list(c.get("hand_liable_to_be_called") or [])
    if whole_hand:
        if e.by is not None and e.by not in hands:
            hands.append(e.by)
    else:
        entry = {"by": e.by, "card": e.card}
        if entry not in cards:
            cards.append(entry)
    return {"cards_liable_to_be_called": cards, "hand_liable_to_be_called": hands,
            "card_liable_to_be_called": True}


def _who(e: Exposed) -> str:
    return e.by or "the player"


# ---------------------------------------------------------------- English

@law("english", "56")
@law("english-revised", "58")
def exposed_cards(s: Situation, c: dict):
    """English 56: "All exposed cards are liable to be called, and must be left on the table; but
    a card is not an exposed card when dropped on the floor, or elsewhere below the table. The
    following are exposed cards: I. Two or more cards played at once. II. Any card dropped with its
    face upward, or in any way exposed on or above the table, even though snatched up so quickly
    that no one can name it."

    A card that fell face upward on the table and then rebounded below it was exposed on the table
    (Drayson case 15: the floor clause is for cards dropped directly on the floor).  Cards placed
    face upward in a packet expose the whole hand, though only the top card is seen ("the
    conventional penalty", Drayson cases 12, 60; he thinks only the top card should be).  Two cards
    played at once: both are exposed, either may be called to the current trick and the other
    afterwards (Drayson case 9).

    Revised 58 and 59 divide the law in two and say the same: "The following are exposed cards: I.
    Two or more cards played at once, face upwards. II. Any card dropped with its face upwards, in
    any way on or above the table ..."; 59: "All exposed cards are liable to be called, and must be
    left or placed face upwards on the table. If two or more cards are played at once, the
    adversaries have a right to call which they please to the trick in course of play, and
    afterwards to call the remainder. A card is not an exposed card ... when dropped on the floor".
    (Revised 58 III and 59's last sentence: the rules after case 58 and in claims.py.)"""
    hits = [e for e in s.exposed if e.how in _ENGLISH_EXPOSED | {"dropped-on-floor"}]
    if not hits:
        return None
    out, acc = [], dict(c)
    for e in hits:
        if e.how == "dropped-on-floor":
            out.append(finding(f"{_who(e)}'s card dropped below the table: not an exposed card",
                               card_liable_to_be_called=acc.get("card_liable_to_be_called", False) or False))
            continue
        whole = e.how == "hand-face-up"
        upd = _liable(acc, e, whole_hand=whole)
        acc.update(upd)
        if whole:
            step = f"{_who(e)} placed his cards face upward on the table: all his cards are liable to be called"
        elif e.how == "two-at-once":
            step = f"{_who(e)} played two cards at once: both are exposed; either may be called to this trick and the other afterwards"
        elif e.how == "dropped-face-up" and e.fell_below_table:
            step = f"{_who(e)}'s card fell face upward on the table before falling below it: it is exposed"
        elif e.how == "played-to-finished-trick":
            step = f"{_who(e)}'s card played to a trick already complete is an exposed card, not a lead"
            upd["lead_out_of_turn"] = False
        else:
            step = f"{_who(e)}'s card was exposed on or above the table: liable to be called and left on the table"
        out.append(finding(step, **upd))
    return out


@law("drayson", "case/58", applies_to=("english",))
@law("english-revised", "58", "III")
def named_card_exposed(s: Situation, c: dict):
    """Drayson case 58: a card named by the player holding it ("I intended to play my king") "is as
    much an exposed card as though it had been placed face upward on the table" (English 56 II,
    "in any way exposed").  American 20 V writes it; so does revised 58: "The following are exposed
    cards: ... III. Every card named by the player holding it." """
    hits = [e for e in s.exposed if e.how == "named"]
    if not hits:
        return None
    acc, out = dict(c), []
    for e in hits:
        upd = _liable(acc, e)
        acc.update(upd)
        out.append(finding(f"{_who(e)} named a card of {_who(e)}'s own hand: it is an exposed card", **upd))
    return out


@law("drayson", "case/97", applies_to=("english",))
def lowered_hand_not_exposed(s: Situation, c: dict):
    """Drayson cases 97-99: a hand lowered so that the partner sees it is liable to no penalty: "By
    the English code, none whatever" (case 97) -- law 56 makes exposed only cards dropped, played
    together or exposed on or above the table, not cards shown to the partner.  (American 20
    III-IV make them liable.)"""
    hits = [e for e in s.exposed if e.how == "lowered"]
    if not hits:
        return None
    return finding("a hand lowered so that the partner sees it: no penalty under the English code",
                   card_liable_to_be_called=bool(c.get("card_liable_to_be_called")),
                   hand_liable_to_be_called=list(c.get("hand_liable_to_be_called") or []))


@law("english", "57")
@law("english-revised", "60")
def winners_played_without_waiting(s: Situation, c: dict):
    """English 57: "If any one play to an imperfect trick the best card on the table, or lead one
    which is a winning card as against his adversaries, and then lead again, or play several such
    winning cards, one after the other, without waiting for his partner to play, the latter may be
    called on to win, if he can, the first or any other of those tricks, and the other cards thus
    improperly played are exposed cards."  Revised 60 says the same at greater length ("the
    winning card on the table, and then lead without waiting for his partner to play ... the
    subsequent cards thus improperly played are exposed cards")."""
    p = s.played_without_waiting
    if p is None or p.by is None:
        return None
    return finding(f"{PARTNER[p.by]} may be called on to win the first or any other of those tricks; "
                   f"{p.by}'s other cards so played are exposed",
                   partner_may_be_called_to_win=PARTNER[p.by], card_liable_to_be_called=True,
                   cards_liable_to_be_called=list(c.get("cards_liable_to_be_called") or [])
                   + [{"by": p.by, "card": "the other cards played without waiting"}])


@law("english", "58")
def cards_thrown_down(s: Situation, c: dict):
    """English 58: "If a player, or players, under the impression that the game is lost -- or won
    -- or for other reasons -- throw his or their cards on the table face upward, such cards are
    exposed, and liable to be called, each player's by the adversary; but should one player alone
    retain his hand, he cannot be forced to abandon it."  (Drayson case 11: a player's remark does
    not bind his partner; those misled by it are still liable.)"""
    down = sorted(set(s.hands_thrown_down or []) | {e.by for e in s.exposed if e.how == "thrown-down" and e.by})
    if not down or len(down) == 4:
        return None
    kept = [p for p in ("A", "B", "Y", "Z") if p not in down]
    f = finding(f"{', '.join(down)} threw their cards face upward: exposed, each player's liable to be called by "
                f"the adversary" + (f"; {kept[0]}, the only one to keep the cards in hand, cannot be forced to "
                                    f"abandon it"
                                    if len(kept) == 1 else "; a player who retains his hand cannot be forced to "
                                    "abandon it"),
                hand_liable_to_be_called=sorted(set(c.get("hand_liable_to_be_called") or []) | set(down)),
                card_liable_to_be_called=True, hands_abandoned=False)
    if len(kept) == 1:
        f.conclusions["hand_retained_by"] = kept[0]
    if kept:       # "he cannot be forced to abandon it": a hand kept is not made to go down
        f.conclusions["retained_hand_may_be_forced"] = False
    return f


@law("english", "58", "remark")
def remark_exposes_nothing(s: Situation, c: dict):
    """English 58 makes exposed only cards *thrown on the table*: a player who merely says "I have
    game in my hand" exposes nothing, and the English code has no penalty for the remark (Drayson
    case 28; contrast American 36)."""
    if s.rest_claimed_by is None or s.rest_claimed_by in (s.hands_thrown_down or []):
        return None
    who = s.rest_claimed_by
    return finding(f"{who} only said {who} could win the rest: no card is exposed, no penalty",
                   hand_liable_to_be_called=list(c.get("hand_liable_to_be_called") or []))


@law("english", "60")
def detached_card(s: Situation, c: dict):
    """English 60: "A card detached from the rest of the hand so as to be named is liable to be
    called; but should the adversary name a wrong card, he is liable to have a suit called when he
    or his partner have the lead."  A description that is not a card ("a court card in hearts")
    is not naming it (Drayson case 6, test 2).  The suit may be called the first time the
    adversary or his partner has the lead, however many tricks later (case 7)."""
    e, ruled = _detached_card_named(s, "a detached card is liable to be called if the adversary names it",
                                    "first has the lead")
    if e is None or ruled is not None:
        return ruled
    return finding("the detached card was named: it is liable to be called", **_liable(c, e))


def _detached_card_named(s: Situation, unnamed: str, lead: str):
    """What English 60 and revised 63 share: the detached card, and the ruling when it was not
    named, named wrongly (a suit may be called at the namer's side's lead) or only described.
    Returns (card, ruling) — ruling None when the card was correctly named; (None, None) if no
    card was detached."""
    hits = [e for e in s.exposed if e.how == "detached"]
    if not hits:
        return None, None
    e = hits[0]
    if e.named_as is not None and e.named_correctly is None and not NAMES_A_CARD.search(e.named_as):
        return e, finding("the card was described, not named", card_liable_to_be_called=False)
    if e.named_by is None:
        return e, finding(unnamed)
    if e.named_correctly is False:
        return e, finding(f"{e.named_by} named a wrong card: a suit may be called from {side_of(e.named_by)} "
                          f"when either {lead}", card_liable_to_be_called=False,
                          suit_callable_from=side_of(e.named_by))
    return e, None


#: a card named, not described: its rank and its suit ("the king of clubs"; not "a court card in hearts")
NAMES_A_CARD = re.compile(r"\b(" + "|".join(w for w in RANK_WORDS if len(w) > 1) + r"|deuce|\d+)\b.*\b("
                          + "|".join(n.rstrip("s") for n in SUITS.values()) + r")s?\b", re.I)


@law("english-revised", "63")
def revised_detached_card(s: Situation, c: dict):
    """Revised 63: "If a card be detached from the rest of the hand, which an adversary at once
    correctly names, such card becomes an exposed card; but should the adversary name a wrong card,
    he is liable to have a suit called when he or his partner next have the lead."  English 60 has
    no "at once": there a detached card named by the adversary is liable to be called whenever he
    names it (the suit call "when he or his partner have the lead" is read as the next lead, Drayson
    case 7, as revised 63 writes)."""
    e, ruled = _detached_card_named(
        s, "a detached card becomes exposed only if an adversary at once correctly names it", "next has the lead")
    if e is None or ruled is not None:
        return ruled
    if e.named_at_once is False:
        return finding(f"{e.named_by} did not name the detached card at once: it is not an exposed card",
                       card_liable_to_be_called=False)
    if e.named_at_once is None:
        return [finding("the detached card was named: it is an exposed card if named at once", **_liable(c, e)),
                Unknown(f"exposed[{s.exposed.index(e)}].named_at_once", "Did the adversary name the detached card at once?",
                        {True: "it is an exposed card", False: "it is not an exposed card"})]
    return finding("the detached card was at once correctly named: it is an exposed card", **_liable(c, e))


@law("american-1890", "12")
def exposed_1890(s: Situation, c: dict):
    """American 1890, 12: "Exposed cards are cards which, whether fallen on table, played in error,
    or held in hand, may be seen by partner, and convey to him information. The penalty is one
    point for each card. But cards dropped on the floor or held in hand so as to be seen by the
    adversaries only, are not liable to penalty."  No card is called (the English and 1894 codes
    call it): the penalty is Law 18's point, one for each card (Law 13: "for each card named")."""
    if not s.exposed:
        return None
    points, out, offenders = 0, [], set()
    for e in s.exposed:
        if e.how == "dropped-on-floor" or e.seen_by_adversaries_only:
            out.append(finding(f"{_who(e)}'s card {'fell on the floor' if e.how == 'dropped-on-floor' else 'was seen by the adversaries only'}: "
                               "not liable to penalty"))
            continue
        if e.how in ("detached",) and not e.named_by:
            continue
        n = 2 if e.how == "two-at-once" else (e.cards_seen or 1)
        points += n
        if e.by:
            offenders.add(side_of(e.by))
        seer = PARTNER[e.by] if e.by else "the partner"
        out.append(finding(f"{_who(e)}'s card{'s' if n > 1 else ''} could be seen by {seer}: "
                           f"{n} exposed card{'s' if n > 1 else ''}, one point each (Law 18)"))
    if not points:
        out.append(finding("", card_liable_to_be_called=False, penalty_points=0, point_forfeited=False))
        return out
    f = finding("", card_liable_to_be_called=False, penalty_points=points,
                penalty_options=["one point (Law 18)"])
    if len(offenders) == 1:
        f.conclusions["penalty_claimants"] = other(offenders.pop())
    out.append(f)
    return out


def _owner_may_play(s: Situation, c: dict, law_text: str):
    """A card liable to be called may be played by its owner in the course of play; once played,
    no penalty remains."""
    owners = {x.get("by") for x in c.get("cards_liable_to_be_called") or []}
    liable = [e for e in s.exposed if c.get("card_liable_to_be_called") and (e.by in owners or not owners)]
    if not liable:
        return None
    played = [e for e in liable if e.played_by_owner]
    f = finding(f"{_who(liable[0])}'s card is liable to be called: {law_text}", owner_may_play_exposed_card=True)
    if played:
        f.step += f"; {_who(played[0])} played it in the course of play: no penalty remains"
        f.conclusions["penalty_remains"] = False
    return f


@law("drayson", "case/55", applies_to=("english",))
def owner_may_play_exposed_card(s: Situation, c: dict):
    """Drayson cases 55, 129: "A player cannot be prevented from playing his exposed card" -- he may
    get rid of it (e.g. on his partner's winning card) before it is called; the adversaries cannot
    make him keep it on the table to call it later.  (American 21 writes it.)"""
    return _owner_may_play(s, c, "he cannot be prevented from playing it")


# ---------------------------------------------------------------- American

@law("american-1894", "20")
def american_liable_cards(s: Situation, c: dict):
    """American 20: "The following cards are liable to be called by either adversary: I. Every card
    faced upon the table otherwise than in the regular course of play, but not including a card
    led out of turn. II. Every card thrown with the one led or played to the current trick. The
    player must indicate the one led or played. III. Every card so held by a player that his
    partner sees any portion of its face. IV. All the cards in a hand lowered or shown by a player
    so that his partner sees more than one card of it. V. Every card named by the player holding
    it."  A card detached and named by an adversary is not in the list (English 60 has no
    counterpart); a card dropped on the floor is not faced upon the table."""
    if not s.exposed:
        l = s.lead
        if l is not None and l.by is not None and len(set(l.played_to_by or ())) < 3:   # not a trick that stands (24)
            return finding(f"the card {l.by} led out of turn is not among the cards liable to be called (20 I)",
                           card_liable_to_be_called=False)
        return None
    out, acc = [], dict(c)
    for e in s.exposed:
        who = _who(e)
        if e.how in _AMERICAN_FACED and not (e.how == "dropped-face-up" and e.fell_below_table is False):
            whole = e.how in ("hand-face-up", "thrown-down")
            upd = _liable(acc, e, whole_hand=whole)
            step = (f"{who}'s cards faced upon the table: all liable to be called (20 I)" if whole
                    else f"{who}'s card faced upon the table out of the regular course of play: liable (20 I)")
        elif e.how == "two-at-once":
            upd = _liable(acc, e)
            upd["player_indicates_card_played"] = True
            step = f"{who} must indicate the card played; the other card thrown with it is liable (20 II)"
        elif e.how == "lowered":
            whole = e.cards_seen is None or e.cards_seen > 1
            upd = _liable(acc, e, whole_hand=whole)
            step = (f"{who} lowered his hand so that his partner saw more than one card: all the cards in it are "
                    f"liable to be called (20 IV)" if whole else f"{who}'s card seen by his partner is liable (20 III)")
        elif e.how == "named":
            upd = _liable(acc, e)
            step = f"{who} named a card he holds: liable to be called (20 V)"
        elif e.how == "detached":
            upd = {"card_liable_to_be_called": bool(acc.get("card_liable_to_be_called"))}
            step = "a card detached and named by an adversary is not among the cards liable to be called"
        elif e.how == "dropped-on-floor":
            upd = {"card_liable_to_be_called": bool(acc.get("card_liable_to_be_called"))}
            step = "a card dropped on the floor is not faced upon the table"
        else:
            continue
        acc.update(upd)
        out.append(finding(step, **upd))
    return out or None


@law("american-1894", "21")
def american_may_play_liable_card(s: Situation, c: dict):
    """American 21: "All cards liable to be called must be placed and left face upward on the table.
    A player must lead or play them when called, provided he can do so without revoking. The call
    may be repeated at each trick until the card is played. A player cannot be prevented from
    leading or playing a card liable to be called; if he can get rid of it in the course of play,
    no penalty remains." """
    return _owner_may_play(s, c, "he cannot be prevented from leading or playing it")


@law("american-1894", "22")
def american_winners_without_waiting(s: Situation, c: dict):
    """American 22: "If a player leads a card better than any his adversaries hold of the suit, and
    then leads one or more other cards without waiting for his partner to play, the latter may be
    called upon by either adversary to take the first trick, and the other cards thus improperly
    played are liable to be called." """
    p = s.played_without_waiting
    if p is None or p.by is None:
        return None
    return finding(f"{PARTNER[p.by]} may be called upon to take the first trick; the other cards are liable",
                   partner_may_be_called_to_win=PARTNER[p.by], card_liable_to_be_called=True,
                   cards_liable_to_be_called=list(c.get("cards_liable_to_be_called") or [])
                   + [{"by": p.by, "card": "the other cards played without waiting"}])


@law("american-1894", "23")
def american_await_decision(s: Situation, c: dict):
    """American 23: "A player having a card liable to be called must not play another until the
    adversaries have stated whether or not they wish to call the card liable to the penalty. If he
    plays another card without awaiting the decision of the adversaries, such other card also is
    liable to be called." """
    hits = [e for e in s.exposed if e.another_played_before_decision]
    if not hits:
        return None
    e = hits[0]
    return finding(f"{_who(e)} played another card before the adversaries decided: that card also is liable",
                   card_liable_to_be_called=True,
                   cards_liable_to_be_called=list(c.get("cards_liable_to_be_called") or [])
                   + [{"by": e.by, "card": "the card played before the decision"}])


@law("american-1894", "27")
def american_all_hands_thrown_down(s: Situation, c: dict):
    """American 27: "If all four players throw their cards on the table, face upwards, no further
    play of that hand is permitted. The result of the hand, as then claimed or admitted, is
    established, provided that, if a revoke is discovered, the revoke penalty attaches." """
    if not s.hands_thrown_down or len(set(s.hands_thrown_down)) < 4:
        return None
    return finding("all four hands thrown down: no further play; the result as claimed or admitted stands "
                   "(a revoke penalty still attaches)", hands_abandoned=True)


@law("american-1894", "36")
def american_rest_claimed(s: Situation, c: dict):
    """American 36: "If any player says 'I can win the rest,' 'The rest are ours,' 'We have the
    game,' or words to that effect, his partner's cards must be laid upon the table and are liable
    to be called." (Drayson case 28.)"""
    if s.rest_claimed_by is None:
        return None
    p = PARTNER[s.rest_claimed_by]
    return finding(f"{s.rest_claimed_by} claimed the rest: {p}'s cards must be laid on the table, liable to be called",
                   hand_liable_to_be_called=sorted(set(c.get("hand_liable_to_be_called") or []) | {p}),
                   card_liable_to_be_called=True)


@law("american-1894", "20", "I")
def american_some_hands_thrown_down(s: Situation, c: dict):
    """American 20 I ("every card faced upon the table otherwise than in the regular course of
    play") applied to hands thrown down by some but not all players: their cards are liable; the
    others play on (27 applies only when all four throw down)."""
    down = sorted(set(s.hands_thrown_down or []))
    if not down or len(down) == 4:
        return None
    return finding(f"{', '.join(down)}'s cards are faced upon the table: liable to be called",
                   hand_liable_to_be_called=sorted(set(c.get("hand_liable_to_be_called") or []) | set(down)),
                   card_liable_to_be_called=True, hands_abandoned=False)


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


@law("english", "dummy", "III")
def dummy_partner_exposes(s: Situation, c: dict):
    """English, "Dummy" III: "Dummy being blind and deaf, his partner is not liable to any penalty
    for an error whence he can gain no advantage."  A card exposed by the player of a dummy hand (or
    from dummy's hand, which lies on the table) gives him no advantage: it cannot be called
    (Drayson case 18)."""
    if s.dummy is None:
        return None
    hits = [e for e in s.exposed if e.by in (s.dummy, PARTNER[s.dummy])]
    if not hits:
        return None
    keep = [x for x in c.get("cards_liable_to_be_called") or [] if x.get("by") not in (s.dummy, PARTNER[s.dummy])]
    f = finding(f"{hits[0].by} plays with dummy: exposing a card gains no advantage, and the card cannot be called",
                cards_liable_to_be_called=keep, card_liable_to_be_called=bool(keep))
    if not keep and c.get("owner_may_play_exposed_card"):
        f.conclusions["owner_may_play_exposed_card"] = None      # a card not liable: nothing to get rid of
    return f
