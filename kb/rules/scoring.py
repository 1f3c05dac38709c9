"""Scoring: the game, its value, the rubber, honours, the revoke penalty applied to the score,
and bets decided by the score (English 1-10, 72, 80-82; American 1, 30-31; English revised
46-55, 75, 84-86).

Calculators (pure, exact) come first; the rules that use them follow.  Rules in this module run
after every other area, so ``c`` already holds ``revoke_penalties`` / ``revoking_sides`` from
``revoke.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from .core import Finding, Unknown, finding, law
from .situation import SIDES, Situation, other, side_of

#: points needed for game (English 2; American 1; English revised 47)
from kb.codes import GAME_POINTS as GAME

#: where each scoring principle sits in each code
LAWS = {
    "english": {"tricks": "2", "honours": "3", "bar": "4", "order": "5", "value": "8",
                "penalty": "72/I", "precedence": "72/V", "both": "81", "cap": "82", "bets": "80"},
    "english-revised": {"tricks": "47", "honours": "48", "bar": "49", "order": "50", "value": "53",
                        "penalty": "75/I", "precedence": "75/V", "both": "85", "cap": "86",
                        "bets": "84"},
    "american-1894": {"tricks": "1", "value": "1", "penalty": "30", "both": "30", "cap": "31",
                      "order": "30", "precedence": "30"},
}


def lid(code: str, key: str) -> str:
    return f"{code}/{LAWS[code][key]}"


# ================================================================ calculators

def game_value(loser_score: int, code: str = "english") -> int:
    """Value of a game won, from the losers' score.

    English 8 (revised 53): "The winners gain -- I. A treble, or game of three points, when their
    adversaries have not scored. II. A double, or game of two points, when their adversaries
    have scored less than three. III. A single, or game of one point, when their adversaries
    have scored three or four."
    American 1894, law 1: "The value of the game is determined by deducting the loser's score
    from seven."
    """
    if loser_score < 0:
        raise ValueError("a score is never negative")
    if code.startswith("american"):
        if loser_score > 6:
            raise ValueError("the losers of a seven-point game have at most six")
        return 7 - loser_score
    if loser_score > 4:
        raise ValueError("the losers of a five-point game have at most four")
    return 3 if loser_score == 0 else 2 if loser_score < 3 else 1


def rubber_points(games: list[tuple[str, int]]) -> tuple[str, int]:
    """Winner of the rubber and the points he gains, from the games in order as
    ``(winning side, game value)``.

    English 1: "The rubber is the best of three games."  9: "The winners of the rubber gain two
    points, commonly called the rubber points, in addition to the value of their games."
    10: "Should the rubber have consisted of three games, the value of the loser's game is
    deducted from the gross number of points gained by their opponents."  (Revised 46, 54, 55.)
    """
    won: dict[str, int] = {"AB": 0, "YZ": 0}
    for i, (side, value) in enumerate(games):
        if max(won.values()) == 2:
            raise ValueError(f"game {i + 1}: the rubber was already over")
        if side not in SIDES or not 1 <= value <= 3:
            raise ValueError(f"game {i + 1}: bad game {side!r}, {value!r}")
        won[side] += 1
    winner = next((s for s, n in won.items() if n == 2), None)
    if winner is None:
        raise ValueError("the rubber is not finished")
    pts = sum(v for s, v in games if s == winner) + 2
    pts -= sum(v for s, v in games if s != winner)
    return winner, pts


def honours_score(held: int, score_at_commencement: int = 0, code: str = "english") -> int:
    """Points for honours held by a side (partners together).

    English 3: "If a player and his partner, either separately or conjointly, hold -- I. The four
    honors, they score four points. II. Any three honors, they score two points. III. Only two
    honors, they do not score."  4: "Those players who, at the commencement of a deal, are at
    the score of four, cannot score honors."  The American code of 1894 counts no honours
    (law 1: a game is seven points, "each trick above six counting one").
    """
    if not 0 <= held <= 4:
        raise ValueError("there are four honours")
    if code.startswith("american") or score_at_commencement >= 4:
        return 0
    return {4: 4, 3: 2}.get(held, 0)


@dataclass
class Penalty:
    claimant: str        # side exacting the penalty
    revoking: str        # side that revoked
    kind: str            # take-three-tricks | deduct-three | add-three | two-tricks


@dataclass
class HandResult:
    tricks_after: dict[str, int]
    score_after: dict[str, int]
    game_won_by: str | None
    loser_score: int | None
    game_value: int | None
    odd_trick: str | None
    steps: list[tuple[str, str]] = field(default_factory=list)


def score_hand(code: str, score: dict[str, int], tricks: dict[str, int],
               honours: dict[str, int] | None = None,
               penalties: list[Penalty] = (), revoking_sides: set[str] | frozenset = frozenset()
               ) -> HandResult:
    """Apply the result of one hand to the score.

    ``honours``: the points each side may score for honours (already reduced by the bar at four
    and the claim rules).  Order (English 5): "The penalty for a revoke takes precedence of all
    other scores. Tricks score next. Honors last."  72 I: the adversaries "may either take three
    tricks from the revoking player, or deduct three points from his score, or add three to their
    own score"; 72 V: the penalty "takes precedence of every other score, e.g., the claimants two,
    their opponents nothing; the former add three to their score, and thereby win a treble game,
    even should the latter have made thirteen tricks, and held four honors" -- once a side is
    game nothing more is scored in that hand.  82: "under no circumstances can a player win a
    game by the result of the hand during which he has revoked; he cannot score more than four."
    81: both sides revoking, "neither can win the game".  American 30: "the transfer of two tricks
    from the revoking side to their adversaries ... The revoking side cannot win the game in that
    hand"; 31: they score "up to the score of six".  Scores never go below nought.
    """
    target = GAME[code]
    cap = target - 1
    honours = honours or {}
    sc = {s: score.get(s, 0) for s in SIDES}
    tr = {s: tricks.get(s, 0) for s in SIDES}
    steps: list[tuple[str, str]] = []
    pen_law = lid(code, "penalty")
    for p in penalties:
        n = {"take-three-tricks": 3, "two-tricks": 2}.get(p.kind)
        if n:
            moved = min(n, tr[p.revoking])
            tr[p.revoking] -= moved
            tr[p.claimant] += moved
            steps.append((pen_law, f"{p.claimant} take {moved} tricks from {p.revoking}: "
                                   f"tricks now {p.claimant} {tr[p.claimant]}, {p.revoking} {tr[p.revoking]}"))
    incs: list[tuple[str, int, str, str]] = []
    for p in penalties:
        if p.kind == "add-three":
            incs.append((p.claimant, 3, pen_law, f"{p.claimant} add three to their score for the revoke"))
        elif p.kind == "deduct-three":
            incs.append((p.revoking, -3, pen_law, f"three deducted from {p.revoking}'s score for the revoke"))
    for s in SIDES:
        if tr[s] > 6:
            incs.append((s, tr[s] - 6, lid(code, "tricks"), f"{s} score {tr[s] - 6} by cards"))
    for s in SIDES:
        if honours.get(s):
            incs.append((s, honours[s], lid(code, "honours"), f"{s} score {honours[s]} by honours"))
    if penalties or revoking_sides:
        steps.append((lid(code, "order"), "the revoke penalty scores first, tricks next, honours last"))
    winner = None
    loser_score = None
    for side, n, lw, text in incs:
        if winner:
            steps.append((lid(code, "precedence"), f"{winner} are already game; not scored: {text}"))
            continue
        new = max(0, sc[side] + n)
        if side in revoking_sides and new > cap:
            law_id = lid(code, "both") if len(revoking_sides) == 2 else lid(code, "cap")
            steps.append((lw, text))
            steps.append((law_id, f"{side} revoked and cannot win the game by this hand: "
                                  f"they score only to {cap}"))
            new = cap
        else:
            steps.append((lw, text))
        sc[side] = new
        if new >= target:
            winner, loser_score = side, sc[other(side)]
    value = game_value(loser_score, code) if winner else None
    if winner:
        steps.append((lid(code, "value"), f"{winner} win the game, {other(winner)} at {loser_score}: "
                                          f"a game of {value}"))
    odd = "AB" if tr["AB"] > 6 else "YZ" if tr["YZ"] > 6 else None
    return HandResult(tr, sc, winner, loser_score, value, odd, steps)


# ================================================================ rules: honours

@law("english", "4")
@law("english-revised", "49")
def honours_barred_at_four(s: Situation, c: dict):
    """English 4: "Those players who, at the commencement of a deal, are at the score of four,
    cannot score honors."  (Drayson case 77: a revoke penalty that lowers them does not help;
    case 90: reaching four during the hand does not bar them.)"""
    if s.honours is None or s.score is None:
        return None
    barred = {side: s.score.get(side, 0) >= 4 for side in SIDES}
    if not any(barred.values()):
        # the score at the commencement of the deal decides: four reached during the hand, by the
        # tricks or a revoke penalty added (case 90), does not bar them -- said when it is reached
        if not any(_reached_four_in_hand(s, side) for side in SIDES):
            return None
        return finding("honours are not barred: neither side was at the score that bars them when the deal began",
                       honours_barred=barred)
    who = [k for k, v in barred.items() if v]
    return finding(f"{' and '.join(who)} at four at the commencement of the deal cannot score honours",
                   honours_barred={k: v for k, v in barred.items()})


def _reached_four_in_hand(s: Situation, side: str) -> bool:
    """The side reaches four during the hand before its honours are counted: its score, the tricks
    it makes by cards, and three added for the adversaries' revoke (English 5: the revoke first,
    tricks next, honours last)."""
    tricks = s.tricks_of(side)
    by_cards = max(0, tricks - 6) if tricks is not None else 0
    added = 3 * sum(1 for r in s.revokes if r.penalty == "add-three" and r.by and side_of(r.by) == other(side))
    return s.score.get(side, 0) + by_cards + added >= 4


def _next_trump_up(h) -> bool | None:
    """Whether the trump card of the following deal had been *turned up* when the claim came
    (Drayson: turned and quitted, cases 41, 81; a misdeal is no deal, cases 49, 76; a dealer who
    hurries on while the claim is discussed does not bar it, case 80); None: not told."""
    if h.next_deal_misdealt:
        return False
    if h.next_trump_turned is None:
        return None
    if not h.next_trump_turned or h.dealer_hurried or h.next_trump_quitted is False:
        return False
    return True if h.next_trump_quitted else None


def _called(s: Situation, c: dict) -> bool | None:
    """Honours called at the end of the hand: the call derived from the words said (Drayson case
    74) if any, else the fact ``honours.called`` (``implied`` counts as a call)."""
    if "honours_called" in c:
        return c["honours_called"]
    h = s.honours
    return None if h is None or h.called is None else bool(h.called)


@law("drayson", "case/74", applies_to=("english", "english-revised"))
def claim_that_can_only_mean_honours(s: Situation, c: dict):
    """Cavendish case 2, Drayson case 74: A and B "claim 'the game' and score it" -- "The honors
    were claimed within the meaning of the law."  Case 75: "How could A and B be four unless they
    intimated that the extra two above their tricks were honors."  Case 88: "When Z said to Y,
    'Score two,' he to all intents said score two by honors".  So a claim of more points than the
    side made by cards, or of the game, by a side that holds honours is a call of them (Law 7);
    a claim no greater than the tricks is not."""
    h = s.honours
    if h is None or (h.points_said is None and not h.game_said):
        return None
    side = h.claimed_by or next((x for x in SIDES if s.honours_points(x)), None)
    if side is None or not s.honours_points(side):
        return None
    if h.game_said:
        return finding(f"{side} claimed the game holding honours: the honours were claimed within the "
                       f"meaning of the law", honours_called=True)
    tricks = s.tricks_of(side)
    if tricks is None:
        return Unknown("tricks", f"How many tricks did {side} win in the hand?",
                       {"more than the points said, plus six": "the words can only mean honours: a call",
                        "enough to make the points said": "the words may mean the tricks: no call"},
                       affects=("honours_called", "honours_claim_in_time", "honours_may_be_scored"))
    cards = max(0, tricks - 6)
    if h.points_said > cards:
        return finding(f"{side} said to score {h.points_said} having made {cards} by cards: the other "
                       f"{h.points_said - cards} can only be honours -- a call", honours_called=True)
    return finding(f"{side} said to score {h.points_said}, which their {cards} by cards make: honours "
                   f"were not called", honours_called=False)


@law("english", "6")
@law("english-revised", "51")
def honours_claim_in_time(s: Situation, c: dict):
    """English 6: "Honors, unless claimed before the trump card of the following deal is turned
    up, cannot be scored."  Honours called at the end of the hand (Law 7) were claimed in time.
    Drayson: the trump card is not *turned up* until turned and quitted (cases 41, 81); a misdeal
    is not a deal (cases 49, 76; test 21); a dealer who hurries on while the claim is being
    discussed does not bar it (case 80)."""
    h = s.honours
    if h is None:
        return None
    called = _called(s, c)
    if called:
        return finding("honours called at the end of the hand: claimed before the trump card of the "
                       "following deal was turned up", honours_claim_in_time=True)
    if h.next_trump_turned is None and h.next_deal_misdealt is None:
        if called is None:
            return None
        return Unknown("honours.next_trump_turned",
                       "Not called at the end of the hand: had the trump card of the following deal been "
                       "turned up when honours were claimed?",
                       {True: "too late: they cannot be scored", False: "the claim is in time"})
    up = _next_trump_up(h)
    if up is False:
        why = ("the following deal was a misdeal, which is not a deal" if h.next_deal_misdealt
               else "claimed before the trump card of the following deal was turned up" if not h.next_trump_turned
               else "the dealer turned the trump while the claim was being raised" if h.dealer_hurried
               else "the trump card was turned but not quitted")
        return finding(f"{why}: the claim is in time", honours_claim_in_time=True)
    if up is None:
        return Unknown("honours.next_trump_quitted",
                       "Had the dealer turned up and quitted the trump card of the following deal?",
                       {True: "too late to claim honours", False: "the claim is in time"})
    return finding("not called, and the trump card of the following deal has been turned up: too late",
                   honours_claim_in_time=False)


@law("english", "7")
@law("english-revised", "52")
def honours_called(s: Situation, c: dict):
    """English 7: "To score honors is not sufficient; they must be called at the end of the
    hand; if so called, they may be scored at any time during the game."  A claim that can only
    mean honours ("score the trick and two") is a call within the meaning of the law (Cavendish
    case 2; Drayson cases 74, 75, 88, 127; test 20)."""
    h = s.honours
    called = _called(s, c)
    if h is None or called is None:
        return None
    if called:
        how = "called" if h.called is True else "claimed by a call that can only mean honours"
        return finding(f"honours {how} at the end of the hand: they may be scored at any time during the game",
                       honours_may_be_scored=True)
    if c.get("honours_claim_in_time"):
        return finding("not called at the end of the hand, but claimed before the trump card of the following "
                       "deal was turned up (law 6)", honours_may_be_scored=True)
    if c.get("honours_claim_in_time") is None:
        return None
    return finding("honours were not called; scoring them is not sufficient", honours_may_be_scored=False)


@law("english", "3")
@law("english-revised", "48")
def honours_points(s: Situation, c: dict):
    """English 3: four honours score four points, any three two points, only two nothing."""
    if s.honours is None:
        return None
    pts = {side: s.honours_points(side) for side in SIDES}
    if all(v is None for v in pts.values()):
        return Unknown("honours.held", "How many honours did each side hold?",
                       {"4": "four by honours", "3": "two by honours", "2": "honours do not score"})
    pts = {k: (v or 0) for k, v in pts.items()}
    if c.get("hand_void"):
        return finding("the hand is void: honours held in it score nothing", honours_scored={k: 0 for k in pts})
    barred = c.get("honours_barred", {})
    scorable = {k: (0 if barred.get(k) or c.get("honours_may_be_scored") is False else v)
                for k, v in pts.items()}
    return finding(", ".join(f"{k} {v} by honours" for k, v in pts.items() if v) or "honours do not score",
                   honours_scored=scorable)


@law("english", "6", "amount")
@law("english-revised", "51", "amount")
def honours_called_short(s: Situation, c: dict):
    """English 6: "Honors, unless claimed before the trump card of the following deal is turned up,
    cannot be scored."  A side that called (and scored) fewer points of honours than it held has
    not claimed the rest: once the trump card of the following deal is turned up it scores only
    what it called (Drayson case 83: four honours held, two scored)."""
    h = s.honours
    if h is None or h.called_as is None or "honours_scored" not in c:
        return None
    pts = dict(c["honours_scored"])
    side = h.claimed_by or next((k for k, v in pts.items() if v), None)
    if side is None or pts.get(side, 0) <= h.called_as:
        return None
    if not _next_trump_up(h):
        return finding(f"{side} called {h.called_as} but hold {pts[side]} by honours; the claim may still be "
                       f"corrected before the next trump card is turned up")
    pts[side] = h.called_as
    return finding(f"{side} called only {h.called_as} by honours; the rest was not claimed before the trump "
                   f"card of the following deal was turned up", honours_scored=pts)


@law("american-1894", "1")
def american_no_honours(s: Situation, c: dict):
    """American 1: "A game consists of seven points, each trick above six counting one." --
    honours do not count."""
    if s.honours is None:
        return None
    return finding("honours do not score in the American game", honours_scored={"AB": 0, "YZ": 0},
                   honours_may_be_scored=False)


# ================================================================ rules: the hand

TRICK_PENALTIES = ("take-three-tricks", "two-tricks")


def _revoke_unattributed(c: dict) -> bool:
    """A revoke is established (and may be claimed) but who revoked is not told: its penalty,
    which "takes precedence of all other scores", is unknown, and so is the score (revoke.py asks
    for the fact)."""
    return any(d["established"] and d["side"] is None and d["claim_allowed"] is not False
               for d in c.get("_revokes") or [])


@law("english", "5")
@law("english-revised", "50")
@law("american-1894", "1", "score")
def score_of_the_hand(s: Situation, c: dict):
    """English 5: "The penalty for a revoke takes precedence of all other scores. Tricks score
    next. Honors last."  English 2: "A game consists of five points. Each trick above six counts
    one point."  American 1: "A game consists of seven points, each trick above six counting
    one."  The arithmetic, with the revoke laws it applies, is :func:`score_hand`."""
    if _revoke_unattributed(c):
        return None
    if s.tricks_of("AB") is None:                  # tricks not given (or given as {})
        return _game_by_penalty_alone(s, c)
    if c.get("hand_void"):
        return finding("the hand is void: nothing is scored from it")
    code = s.code
    tricks = {side: s.tricks_of(side) for side in SIDES}
    pens = [Penalty(**p) for p in c.get("revoke_penalties", [])]
    revoking = set(c.get("revoking_sides", []))
    if s.score is None:
        # the tricks after a penalty of tricks, and the odd trick, need no score; the score and
        # the game do
        r = score_hand(code, {"AB": 0, "YZ": 0}, tricks, {}, [p for p in pens if p.kind in TRICK_PENALTIES])
        return [Finding({"tricks_after_penalty": r.tricks_after, "odd_trick": r.odd_trick},
                        "the tricks of the hand" + (f": the odd trick is {r.odd_trick}'s" if r.odd_trick
                                                    else ": no odd trick"),
                        [st for st in r.steps if st[0] == lid(code, "penalty")]),
                Unknown("score", "What was the score at the commencement of the deal?",
                        {"AB 0, YZ 0": "scores from 0", "at four": "the side at four cannot score honours"},
                        affects=("score_after", "game_won_by", "game_value", "revoking_side_can_win_game",
                                 "outcomes_by_penalty", "honours_may_be_scored", "honours_barred"))]
    hon = c.get("honours_scored", {}) if not code.startswith("american") else {}
    r = score_hand(code, s.score, tricks, hon, pens, revoking)
    out = Finding({"tricks_after_penalty": r.tricks_after, "score_after": r.score_after,
                   "game_won_by": r.game_won_by, "odd_trick": r.odd_trick},
                  "the score of the hand", r.steps)
    if r.game_won_by:
        out.conclusions["_loser_score"] = r.loser_score      # its value is law 8's (American 1's) to give
    if revoking:
        out.conclusions["revoking_side_can_win_game"] = False
    return out


def _game_by_penalty_alone(s: Situation, c: dict):
    """English 72 V: the penalty "takes precedence of every other score, e.g., the claimants two,
    their opponents nothing; the former add three to their score, and thereby win a treble game,
    even should the latter have made thirteen tricks": a penalty of points chosen that makes the
    claimants game needs no tricks.  Any other penalty, or one that does not make them game,
    leaves the score to the tricks (not told: no finding)."""
    pens = [Penalty(**p) for p in c.get("revoke_penalties", [])]
    if s.score is None or c.get("hand_void") or not pens or any(p.kind in TRICK_PENALTIES for p in pens):
        return None
    r = score_hand(s.code, s.score, {"AB": 0, "YZ": 0}, {}, pens, set(c.get("revoking_sides", [])))
    if not r.game_won_by:
        return None
    out = Finding({"score_after": r.score_after, "game_won_by": r.game_won_by},
                  "the revoke penalty scores first and makes the game, whatever the tricks", r.steps)
    out.conclusions["_loser_score"] = r.loser_score
    return out


@law("english", "2")
@law("english-revised", "47")
@law("american-1894", "1", "tricks")
def tricks_above_six(s: Situation, c: dict):
    """English 2: "A game consists of five points. Each trick above six counts one point."
    American 1: "A game consists of seven points, each trick above six counting one." """
    if s.tricks_of("AB") is None or c.get("hand_void") or _revoke_unattributed(c):
        return None
    t = c.get("tricks_after_penalty") or {side: s.tricks_of(side) for side in SIDES}
    by_cards = {side: max(0, n - 6) for side, n in t.items()}
    return finding(", ".join(f"{k} {v} by cards" for k, v in by_cards.items() if v) or "no odd trick",
                   by_cards=by_cards)


@law("english", "8")
@law("english-revised", "53")
@law("american-1894", "1", "value")
def value_of_the_game(s: Situation, c: dict):
    """English 8: "The winners gain -- I. A treble ... when their adversaries have not scored.
    II. A double ... when their adversaries have scored less than three. III. A single ... when
    their adversaries have scored three or four."  American 1: "The value of the game is
    determined by deducting the loser's score from seven." (:func:`game_value`)"""
    w = c.get("game_won_by")
    if not w or c.get("_loser_score") is None:
        return None
    v = game_value(c["_loser_score"], s.code)
    if s.code.startswith("american"):
        return finding(f"{w} win a game of {v}", game_value=v)
    return finding(f"{w} win {dict(((3, 'a treble'), (2, 'a double'), (1, 'a single')))[v]}", game_value=v)


@law("drayson", "commentary/revoke-options", applies_to=("english", "english-revised", "american-1894"))
def outcomes_by_penalty(s: Situation, c: dict):
    """When one side's revokes are established and the penalty is not chosen, show what each
    penalty the claimants may choose (English 72 I) would make the score -- for several revokes,
    each way of choosing one penalty per revoke (72 II) (Drayson cases 79, 107, 110 reason this way)."""
    opts = c.get("revoke_penalty_options")
    if not opts or s.tricks_of("AB") is None or s.score is None:
        return None
    tricks = {side: s.tricks_of(side) for side in SIDES}
    hon = c.get("honours_scored", {}) if not s.code.startswith("american") else {}
    base = list(c.get("revoke_penalties", []))
    res = {}
    by_kind = {o["kind"]: o for o in opts}
    times = max(o.get("times", 1) for o in opts)
    # several revokes: every way of choosing a penalty for each (72 II: they may be used
    # differently), named "add-three+deduct-three"
    for combo in combinations_with_replacement(list(by_kind), times):
        chosen = [Penalty(claimant=by_kind[k]["claimant"], revoking=by_kind[k]["revoking"], kind=k) for k in combo]
        r = score_hand(s.code, s.score, tricks, hon, [Penalty(**p) for p in base] + chosen,
                       set(c.get("revoking_sides", [])) | {opts[0]["revoking"]})
        res["+".join(combo)] = {"score_after": r.score_after, "game_won_by": r.game_won_by,
                                "game_value": r.game_value, "odd_trick": r.odd_trick}
    return finding("what each penalty would give", outcomes_by_penalty=res)


# ================================================================ rules: bets

@law("english", "80")
@law("english-revised", "84")
def bets_after_penalty(s: Situation, c: dict):
    """English 80: "If a revoke occur, be claimed, and proved, bets on the odd trick, or on amount
    of score, must be decided by the actual state of the latter after the penalty is paid."
    (Drayson cases 2 and 4, test 1.)"""
    bets = [b for b in s.bets if b.on in ("odd-trick", "score")]
    if not bets or "tricks_after_penalty" not in c:
        return None
    outcome = {}
    for b in bets:
        if not b.between or b.between[0] not in ("A", "B", "Y", "Z"):
            continue
        first = b.between[0]
        backs = b.backs or side_of(first)
        if b.on == "odd-trick":
            winner_side = c.get("odd_trick")
            what = f"the odd trick after the penalty is {winner_side}'s"
        else:
            sa = c.get("score_after")
            if not sa:
                continue            # a bet on the score needs the score
            winner_side = max(sa, key=sa.get) if sa and sa["AB"] != sa["YZ"] else None
            what = f"the score after the penalty favours {winner_side}"
        if winner_side is None:
            outcome["bet_won_by"] = None
            continue
        outcome["bet_won_by"] = first if winner_side == backs else b.between[1]
    if not outcome:
        return None
    return finding(f"{what}: the bet is decided on it", **outcome)


# ================================================================ rules: the rubber (English 1, 9, 10)

def _game_worth(g, code: str) -> int | None:
    """A game of the rubber: its value as told, else from the losers' score (English 8, American 1)."""
    if g.value is not None:
        return g.value
    return game_value(g.loser_score, code) if g.loser_score is not None else None


def _rubber_games(s: Situation, c: dict) -> list[tuple[str, int | None]] | None:
    games = [(g.won_by, _game_worth(g, s.code)) for g in s.rubber_games if g.won_by]
    w = c.get("game_won_by")
    if w and (games or s.games is not None):
        if not games and s.games is not None:
            return None
        if max([sum(1 for x, _ in games if x == side) for side in SIDES]) < 2:
            games.append((w, c.get("game_value")))
    return games or None


def _rubber_winner(games: list[tuple[str, int | None]]) -> str | None:
    for side in SIDES:
        if sum(1 for x, _ in games if x == side) >= 2:
            return side
    return None


@law("english", "1")
@law("english-revised", "46")
def rubber_best_of_three(s: Situation, c: dict):
    """English 1: "The rubber is the best of three games. If the first two games are won by the same
    players, the third game is not played."  With ``games`` (games won before this hand) and a game
    won in this hand, the side that now has two has won the rubber."""
    w = c.get("game_won_by")
    if s.rubber_games:
        games = _rubber_games(s, c) or []
        winner = _rubber_winner(games)
        if winner is None:
            return finding("the rubber is not yet over", rubber_won_by=None)
        return finding(f"{winner} have won two games: the rubber is theirs"
                       + ("; the third game is not played" if len(games) == 2 else ""), rubber_won_by=winner)
    if w and s.games is not None:
        if s.games.get(w, 0) >= 1:
            return finding(f"{w} win their second game: the rubber", rubber_won_by=w)
        return finding(f"{w} win a game; the rubber is not yet over", rubber_won_by=None)
    return None


@law("english", "8")
@law("english-revised", "53")
@law("american-1894", "1")
def value_of_game_won(s: Situation, c: dict):
    """English 8: "The winners gain -- I. A treble ... when their adversaries have not scored. II. A
    double ... when their adversaries have scored less than three. III. A single ... when their
    adversaries have scored three or four."  American 1: "The value of the game is determined by
    deducting the loser's score from seven."  For a game said to be won, with the losers' score
    given (no hand to play out): :func:`game_value`."""
    if s.game_won_by is None or c.get("game_value") is not None:
        return None
    loser = other(s.game_won_by)
    sc = (s.score or {}).get(loser)
    if sc is None:
        return Unknown("score", "What was the losers' score when the game was won?", {},
                       affects=("game_value",))
    v = game_value(sc, s.code)
    return finding(f"{s.game_won_by} win the game, {loser} at {sc}: a game of {v}",
                   game_won_by=s.game_won_by, game_value=v)


@law("english", "9")
@law("english-revised", "54")
def rubber_points_rule(s: Situation, c: dict):
    """English 9: "The winners of the rubber gain two points (commonly called the rubber points), in
    addition to the value of their games."  (:func:`rubber_points`)"""
    games = _rubber_games(s, c) if s.rubber_games else None
    if not games or _rubber_winner(games) is None:
        return None
    if any(v is None for _, v in games):
        return Unknown("rubber_games", "What was the value of each game of the rubber?", {})
    winner = _rubber_winner(games)
    gross = sum(v for x, v in games if x == winner) + 2
    return finding(f"{winner} gain their games and two rubber points: {gross}", rubber_won_by=winner,
                   rubber_points=gross, rubber_gross=gross)


@law("english", "10")
@law("english-revised", "55")
def losers_game_deducted(s: Situation, c: dict):
    """English 10: "Should the rubber have consisted of three games, the value of the losers' game is
    deducted from the gross number of points gained by their opponents." """
    games = _rubber_games(s, c) if s.rubber_games else None
    if not games or len(games) != 3 or "rubber_gross" not in c:
        return None
    w = c["rubber_won_by"]
    lost = sum(v for x, v in games if x != w)
    net = c["rubber_gross"] - lost
    return finding(f"three games: the losers' game ({lost}) is deducted from {c['rubber_gross']}: {w} gain {net}",
                   rubber_points=net)


@law("american-1890", "16")
def game_and_rubber_1890(s: Situation, c: dict):
    """American 1890, law 16: "The game consists of seven points (reckoned by tricks and
    penalties), or as many more as may be made by the hand in which seven is reached. Each trick
    beyond six made by either side in the play of the hand counts one point. The rubber is two games
    won out of three played, or two games consecutively won, by the same side."  The revoke penalty
    (American 1890, 20) "is scored prior to scoring the tricks made; and no score that wins the game
    can be made by the revoking party."  The one-point penalties of law 18, when the adversaries'
    election is told (``point_penalty_elected``), count with the hand."""
    out = []
    if s.tricks_of("AB") is not None and not c.get("hand_void") and not _revoke_unattributed(c):
        tr = {side: s.tricks_of(side) for side in SIDES}
        sc = {side: (s.score or {}).get(side, 0) for side in SIDES}
        pens = c.get("revoke_penalties") or []
        for p in pens:
            if p["kind"] == "take-three-tricks":
                moved = min(3, tr[p["revoking"]])
                tr[p["revoking"]] -= moved
                tr[p["claimant"]] += moved
            elif p["kind"] == "add-three":
                sc[p["claimant"]] += 3
            elif p["kind"] == "deduct-three":
                sc[p["revoking"]] = max(0, sc[p["revoking"]] - 3)
        # the one-point penalties (law 18, e.g. an exposed card, law 12) as the adversaries elected
        # them, scored with the hand ("reckoned by tricks and penalties")
        point = c.get("one_point_penalty") or {}
        if s.point_penalty_elected and point.get("from") and point.get("to") and point.get("points"):
            if s.point_penalty_elected == "add":
                sc[point["to"]] += point["points"]
            else:
                sc[point["from"]] = max(0, sc[point["from"]] - point["points"])
        resigned = _resigned_1890(s)
        if resigned:                # each card of a hand thrown down counts "as for a trick made" (law 17)
            tr[resigned[0]] += resigned[1]
            tr[other(resigned[0])] = 13 - tr[resigned[0]]
        revoking = set(c.get("revoking_sides") or [])     # whatever penalty is chosen, or none yet
        for side in SIDES:
            sc[side] += max(0, tr[side] - 6)
            if side in revoking:
                sc[side] = min(sc[side], 6)
        by_cards = {k: max(0, tr[k] - 6) for k in SIDES}
        if s.score is None:         # the score before the hand not told: the points of the hand only
            out.append(finding(f"the hand: {by_cards['AB']}-{by_cards['YZ']} by cards", by_cards=by_cards))
            return out
        w = next((side for side in SIDES if sc[side] >= 7), None)
        out.append(finding(f"score {sc['AB']}-{sc['YZ']}" + (f": {w} win the game with {sc[w]} points" if w else ""),
                           score_after=sc, game_won_by=w, by_cards=by_cards))
        if w and s.games is not None:
            out.append(finding("", rubber_won_by=w if s.games.get(w, 0) >= 1 else None))
    elif s.rubber_games:
        games = [(g.won_by, _game_worth(g, s.code)) for g in s.rubber_games if g.won_by]
        out.append(finding("the rubber: two games won by the same side", rubber_won_by=_rubber_winner(games)))
    return out or None


def _resigned_1890(s: Situation) -> tuple[str, int] | None:
    """(the winners, the cards in one hand) when the losers resigned and threw their cards down,
    the cards left in a hand being told (American 1890, 17); else None."""
    if not s.hands_thrown_down or not (s.deal and s.deal.cards_left):
        return None
    sides = {side_of(p) for p in s.hands_thrown_down}
    if len(sides) != 1:
        return None
    return other(sides.pop()), max(s.deal.cards_left.values())


@law("american-1890", "17")
def hand_thrown_down_1890(s: Situation, c: dict):
    """American 1890, law 17: "every hand should be played out unless -- the game being resigned by
    the losers -- the cards are thrown down by one or both of them. Then, for each card in any one
    hand, a point is taken and scored by the winners, as for a trick made."  (Law 16 counts them
    with the tricks made: ``_resigned_1890``.)  Cards thrown down end the hand: it is not played
    out (``hands_abandoned``), whether or not the cards left in a hand are told."""
    if not s.hands_thrown_down:
        return None
    resigned = _resigned_1890(s)
    if resigned is None:
        return finding("cards thrown down: the hand is not played out (the game resigned); the winners score a "
                       "point for each card in any one hand", hands_abandoned=True)
    winners, n = resigned
    return finding(f"the losers resigned with {n} cards in hand: the winners score {n} points",
                   points_for_resigned_cards={winners: n}, hands_abandoned=True)


# ================================================================ rules: erroneous scores (English 11, 12)

@law("english", "11")
@law("english-revised", "56")
def erroneous_score_in_game(s: Situation, c: dict):
    """English 11: "If an erroneous score be proved, such mistake can be corrected prior to the
    conclusion of the game in which it occurred, and such game is not concluded until the trump
    card of the following deal has been turned up."  "Turned up" is read as turned and quitted
    (Drayson case 87, as for honours, cases 41, 81).  A score that cannot be proved -- the tricks
    mixed before anyone objected -- stands (case 128)."""
    e = s.score_error
    if e is None or e.kind == "games":
        return None
    if e.proved is False:
        return finding("the error is not proved: the score stands", score_may_be_corrected=False)
    if e.game_ended is None:
        return Unknown("score_error.game_ended", "Was the game in which the error occurred already won?",
                       {True: "correctable only until the next trump card is turned up", False: "it may be corrected"})
    if not e.game_ended or e.next_trump_turned is False or e.next_trump_quitted is False:
        return finding("the game in which the error occurred is not concluded: the score may be corrected",
                       score_may_be_corrected=True)
    if e.next_trump_turned is None or e.next_trump_quitted is None:
        return Unknown("score_error.next_trump_quitted",
                       "Had the trump card of the following deal been turned up and quitted?",
                       {True: "too late to correct", False: "the score may be corrected"})
    return finding("the game is concluded (the trump card of the following deal is turned up): the score "
                   "can no longer be corrected", score_may_be_corrected=False)


@law("english", "12")
@law("english-revised", "57")
def erroneous_rubber_score(s: Situation, c: dict):
    """English 12: "If an erroneous score, affecting the amount of the rubber, be proved, such
    mistake can be rectified at any time during the rubber."  (Drayson cases 125, 126: games
    marked wrongly or put down again are restored.)"""
    e = s.score_error
    if e is None or e.kind != "games":
        return None
    if e.proved is False:
        return finding("the error is not proved: the score stands", score_may_be_corrected=False)
    if e.rubber_over is None:
        return finding("an error affecting the amount of the rubber may be rectified at any time during the "
                       "rubber", score_may_be_corrected=True)
    return finding("the rubber is over: too late" if e.rubber_over else
                   "during the rubber: the error affecting the rubber may be rectified",
                   score_may_be_corrected=not e.rubber_over)

