"""A typed description of what happened at a whist table.

Seats and turn order
--------------------
Four seats, **A, B, Y, Z**; A-B are partners against Y-Z (sides ``AB`` and ``YZ``).
Drayson's seating diagram is lost in the OCR, but his cases fix it: the player on the dealer's
left leads first and the dealer's right-hand adversary cuts (English laws 33, 34), and "A deals,
and immediately Y leads" (test 7), "It is Z's deal; he places the pack for B to cut" (test 19),
"A cuts the cards for Y to deal" (test 23).  So play goes **clockwise A -> Y -> B -> Z -> A**:
Y sits on A's left, Z on A's right, partners opposite.

Facts
-----
Every fact is optional: ``None`` means *unknown*, and a rule that needs it reports the fact as
missing.  ``Situation.from_dict`` takes nested dicts with short keys (what a YAML writer types)
and raises :class:`InvalidSituation` naming the fact for impossible or contradictory input.
See ``kb/rules/README.md`` for the schema with examples.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Optional

SEATS = ("A", "B", "Y", "Z")
SIDES = {"AB": ("A", "B"), "YZ": ("Y", "Z")}
LEFT = {"A": "Y", "Y": "B", "B": "Z", "Z": "A"}      # clockwise: the player on each one's left
RIGHT = {v: k for k, v in LEFT.items()}
PARTNER = {"A": "B", "B": "A", "Y": "Z", "Z": "Y"}
MAX_SCORE = {"english": 4, "english-revised": 4, "american-1894": 6, "american-1890": 6}

RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "J": 11, "Q": 12, "K": 13}
RANK_WORDS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
              "seven": "7", "eight": "8", "nine": "9", "ten": "10", "knave": "J", "jack": "J",
              "queen": "Q", "king": "K", "T": "10", "1": "A"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class InvalidSituation(ValueError):
    """Impossible or contradictory facts; the message names the fact (e.g. ``tricks.AB``)."""


def side_of(who: str) -> str:
    """Side of a seat (``A`` -> ``AB``); a side is returned unchanged."""
    if who in SIDES:
        return who
    return "AB" if who in ("A", "B") else "YZ"


def other(side: str) -> str:
    return "YZ" if side_of(side) == "AB" else "AB"


def card_rank(card: Any, path: str = "card") -> int:
    """Rank for cutting (the ace is low: English 13, American 7): ``"Q"``, ``"queen"``, ``"10"``,
    ``"KD"`` / ``"king of diamonds"`` (suit ignored)."""
    t = str(card).strip()
    word = t.split(" of ")[0].strip().lower()
    if word in RANK_WORDS:
        return RANKS[RANK_WORDS[word]]
    u = t.upper()
    for cand in (u, u[:-1]):
        cand = RANK_WORDS.get(cand, cand)
        if cand in RANKS and (cand == u or u[-1] in SUITS):
            return RANKS[cand]
    raise InvalidSituation(f"{path}: {card!r} is not a card (use A,2..10,J,Q,K, e.g. 'Q' or 'QS')")


# ---------------------------------------------------------------- fact groups

@dataclass
class Bet:
    """A bet.  ``between``: two seats (or a seat and an outsider's name); ``on``: odd-trick,
    score, game, rubber, every-trick, penalty; ``backs``: the side the first bettor backs
    (default: his own side)."""
    between: Optional[list[str]] = None
    on: Optional[str] = None
    backs: Optional[str] = None
    offered_by: Optional[str] = None
    accepted: Optional[bool] = None


@dataclass
class Revoke:
    """One revoke (or renounce in error).  ``by``: the seat (or side) that renounced.
    ``established`` may be given outright, or derived (English 73, 74, 77) from
    ``trick_turned_and_quitted``, ``revoking_side_played_next`` (the revoking player or his
    partner led or played to the following trick; throwing down the hand counts, case 104),
    ``partner_asked`` (before the trick was quitted) with ``answer`` (yes/no).
    ``penalty``: take-three-tricks | deduct-three | add-three | divided (illegal) |
    two-tricks (American 30); ``penalty_after_revoking_side_scored``: the claimants let the
    revoking side score first (case 106)."""
    by: Optional[str] = None
    established: Optional[bool] = None
    trick_turned_and_quitted: Optional[bool] = None
    revoking_side_played_next: Optional[bool] = None
    thrown_down_after_renounce: Optional[bool] = None
    partner_asked: Optional[bool] = None
    answer: Optional[Any] = None
    claimed: Optional[bool] = None
    cards_mixed_after_claim: Optional[bool] = None
    card_mixed_with_trick: Optional[bool] = None
    penalty: Optional[str] = None
    penalty_after_revoking_side_scored: Optional[bool] = None


@dataclass
class Honours:
    """Honours (ace, king, queen, knave of trumps).  ``held``: honours held by each side
    (0-4); ``by_honours``: what a side is "by honours" (2 = three honours, 4 = four).
    The claim: ``called`` true / false / implied (a claim such as "score the trick and two" that
    can only mean honours -- Cavendish case 2, Drayson cases 74, 75, 88); ``scored``; when the
    claim came: ``next_trump_turned``, ``next_trump_quitted`` (the trump card of the following
    deal), ``next_deal_misdealt``, ``dealer_hurried`` (the dealer turned the trump while the claim
    was being discussed, case 80)."""
    held: Optional[dict[str, int]] = None
    by_honours: Optional[dict[str, int]] = None
    claimed_by: Optional[str] = None
    called: Optional[Any] = None
    scored: Optional[bool] = None
    next_trump_turned: Optional[bool] = None
    next_trump_quitted: Optional[bool] = None
    next_deal_misdealt: Optional[bool] = None
    dealer_hurried: Optional[bool] = None


@dataclass
class Deal:
    """The deal.  ``cards``: cards dealt to each seat; ``cards_left``: cards each seat holds at
    the end of the hand (test 8); ``cut``: was the pack cut to the dealer; ``shuffled_after_cut``
    (English 36); ``exposed_by``: a card exposed in dealing by whom (dealer/seat);
    ``touched_first_by``: first player (other than the dealer) to touch the cards during the deal;
    ``interrupted_by`` + ``interruption_established`` (English 50); ``trump_looked_at_by``
    (English 41); ``out_of_turn`` / ``stopped_before_trump_turned`` (English 48); ``faced_card``:
    a card faced in the pack (``last`` allowed); ``pack_imperfect``."""
    dealer: Optional[str] = None
    cut: Optional[bool] = None
    shuffled_after_cut: Optional[bool] = None
    cards: Optional[dict[str, int]] = None
    cards_left: Optional[dict[str, int]] = None
    exposed_by: Optional[str] = None
    exposed_card_is_last: Optional[bool] = None
    touched_first_by: Optional[str] = None
    interrupted_by: Optional[str] = None
    interruption_established: Optional[bool] = None
    trump_looked_at_by: Optional[str] = None
    out_of_turn: Optional[bool] = None
    stopped_before_trump_turned: Optional[bool] = None
    faced_card: Optional[str] = None
    pack_imperfect: Optional[bool] = None
    misdeal: Optional[bool] = None


@dataclass
class Cut:
    """A cut of the pack to the dealer (English 34-35, 78).  ``by``: who cut; ``presented``:
    did the dealer present the pack; ``card_exposed``: a card exposed in cutting (``bottom``:
    the exposed card was the bottom, future trump card, case 33); ``dealing_begun``."""
    by: Optional[str] = None
    presented: Optional[bool] = None
    card_exposed: Optional[bool] = None
    bottom: Optional[bool] = None
    dealing_begun: Optional[bool] = None
    recut_wanted_by_cutter: Optional[bool] = None


@dataclass
class Trump:
    """The trump card: ``card``; ``left_on_table_until``: the number of the trick after whose
    turning and quitting it was still on the table; ``taken_up_early``; ``named_by`` (after it was
    taken up, English 53); ``dealer_cannot_recollect`` (English 55); ``called_from``: the seat
    the adversaries call the highest/lowest trump from."""
    card: Optional[str] = None
    left_on_table_until: Optional[int] = None
    taken_up_early: Optional[bool] = None
    named_by: Optional[str] = None
    dealer_cannot_recollect: Optional[bool] = None
    called_from: Optional[str] = None


@dataclass
class Lead:
    """A lead out of turn (English 62, 63): ``by``, ``proper`` (whose lead it was),
    ``played_to_by`` (seats that followed the false lead)."""
    by: Optional[str] = None
    proper: Optional[str] = None
    played_to_by: Optional[list[str]] = None


@dataclass
class Exposed:
    """A card exposed, dropped, detached, named or played with another (English 56-60).
    ``how``: dropped-face-up | dropped-on-floor | two-at-once | detached | named | thrown-down |
    shown; ``by``: seat; ``card``; ``named_by``/``named_as``: the adversary who named it and what
    he named (``named_correctly``)."""
    by: Optional[str] = None
    how: Optional[str] = None
    card: Optional[str] = None
    named_by: Optional[str] = None
    named_as: Optional[str] = None
    named_correctly: Optional[bool] = None


@dataclass
class Claim:
    """A claim or call of a penalty: ``by`` (seat), ``penalty`` (call-card, call-suit,
    new-deal, highest-or-lowest, win-or-lose ...), ``for_offence``, ``consulted`` (asked his
    partner which penalty: English 84), ``too_late``."""
    by: Optional[str] = None
    penalty: Optional[str] = None
    for_offence: Optional[str] = None
    consulted: Optional[bool] = None
    too_late: Optional[bool] = None


@dataclass
class Situation:
    """The whole table.  Scores are at the commencement of the deal; tricks are those won in
    the hand (give one side and the other is 13 minus it)."""
    players: Optional[list[str]] = None
    dealer: Optional[str] = None
    score: Optional[dict[str, int]] = None
    games: Optional[dict[str, int]] = None
    tricks: Optional[dict[str, int]] = None
    honours: Optional[Honours] = None
    cuts: Optional[dict[str, str]] = None
    recuts: Optional[list[dict[str, str]]] = None
    candidates: Optional[int] = None
    deal: Optional[Deal] = None
    cut: Optional[Cut] = None
    trump: Optional[Trump] = None
    lead: Optional[Lead] = None
    exposed: list[Exposed] = field(default_factory=list)
    revokes: list[Revoke] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    bets: list[Bet] = field(default_factory=list)
    hands_thrown_down: Optional[list[str]] = None
    cut_for_next_deal: Optional[bool] = None
    next_cut: Optional[Cut] = None
    code: str = "english"

    # ------------------------------------------------------------ construction
    @classmethod
    def from_dict(cls, facts: dict | None, code: str = "english") -> "Situation":
        """Build and validate.  Shortcuts: ``revoke`` (one) for ``revokes``, ``bet`` for
        ``bets``, ``claim`` for ``claims``; ``penalty: {kind, chosen_by}`` sets the penalty of a
        single revoke; ``dealer`` may be given at top level or in ``deal``."""
        facts = dict(facts or {})
        if not isinstance(facts, dict):
            raise InvalidSituation("facts: must be a mapping")
        for one, many in (("revoke", "revokes"), ("bet", "bets"), ("claim", "claims")):
            if one in facts:
                if many in facts:
                    raise InvalidSituation(f"{one}: give either {one} or {many}, not both")
                v = facts.pop(one)
                facts[many] = v if isinstance(v, list) else [v]
        if "penalty" in facts:
            pen = facts.pop("penalty")
            revs = facts.get("revokes") or []
            if len(revs) != 1:
                raise InvalidSituation("penalty: a top-level penalty needs exactly one revoke")
            kind = pen.get("kind") if isinstance(pen, dict) else pen
            revs[0] = {**revs[0], "penalty": kind}
        s = _build(cls, facts, "")
        s.code = code
        if s.dealer is None and s.deal is not None and s.deal.dealer is not None:
            s.dealer = s.deal.dealer
        s._validate()
        return s

    # ------------------------------------------------------------ derived facts
    def tricks_of(self, side: str) -> Optional[int]:
        if self.tricks is None:
            return None
        if side in self.tricks:
            return self.tricks[side]
        o = other(side)
        return 13 - self.tricks[o] if o in self.tricks else None

    def score_of(self, side: str) -> Optional[int]:
        if self.score is None:
            return None
        return self.score.get(side, 0 if self.score else None)

    def honours_points(self, side: str) -> Optional[int]:
        """What ``side`` is "by honours" (English 3: four honours 4, three 2, two 0)."""
        h = self.honours
        if h is None:
            return None
        if h.held is not None:
            held = h.held.get(side)
            if held is None and other(side) in h.held:
                held = 4 - h.held[other(side)]
            if held is not None:
                return {4: 4, 3: 2}.get(held, 0)
        if h.by_honours is not None:
            if side in h.by_honours:
                return h.by_honours[side]
            if h.by_honours.get(other(side)):
                return 0
        return None

    # ------------------------------------------------------------ validation
    def _validate(self) -> None:
        code = self.code
        if self.players is not None:
            if len(self.players) != 4:
                raise InvalidSituation(f"players: whist is played by four, not {len(self.players)}")
            for p in self.players:
                _seat(p, "players")
            if len(set(self.players)) != 4:
                raise InvalidSituation("players: a seat is named twice")
        if self.dealer is not None:
            _seat(self.dealer, "dealer")
        if self.deal is not None and self.deal.dealer is not None and self.deal.dealer != self.dealer:
            raise InvalidSituation("deal.dealer: contradicts dealer")
        top = MAX_SCORE.get(code, 6)
        for name in ("score",):
            d = getattr(self, name)
            if d is not None:
                for k, v in d.items():
                    _side(k, f"{name}")
                    _int(v, f"{name}.{k}", 0, top,
                         f"in the {code} code a side's score runs 0-{top} at the start of a deal")
        if self.games is not None:
            for k, v in self.games.items():
                _side(k, "games")
                _int(v, f"games.{k}", 0, 1, "a side that has won two games has won the rubber")
        if self.tricks is not None:
            for k, v in self.tricks.items():
                _side(k, "tricks")
                _int(v, f"tricks.{k}", 0, 13, "a side cannot win more than thirteen tricks")
            if sum(self.tricks.values()) > 13:
                raise InvalidSituation(f"tricks: {sum(self.tricks.values())} tricks in all; a hand has thirteen")
        if self.honours is not None:
            h = self.honours
            if h.held is not None:
                for k, v in h.held.items():
                    _side(k, "honours.held")
                    _int(v, f"honours.held.{k}", 0, 4, "there are four honours")
                if sum(h.held.values()) > 4 or (len(h.held) == 2 and sum(h.held.values()) != 4):
                    raise InvalidSituation("honours.held: the two sides hold four honours between them")
            if h.by_honours is not None:
                for k, v in h.by_honours.items():
                    _side(k, "honours.by_honours")
                    if v not in (0, 2, 4):
                        raise InvalidSituation(f"honours.by_honours.{k}: {v} is impossible; a side is two or four by honours")
                if sum(1 for v in h.by_honours.values() if v) > 1:
                    raise InvalidSituation("honours.by_honours: both sides cannot score honours")
            if h.claimed_by is not None:
                _side(h.claimed_by, "honours.claimed_by")
            if h.called not in (None, True, False, "implied"):
                raise InvalidSituation("honours.called: true, false or implied")
        if self.cuts is not None:
            for k, v in self.cuts.items():
                _seat(k, "cuts")
                card_rank(v, f"cuts.{k}")
        for i, rc in enumerate(self.recuts or []):
            for k, v in rc.items():
                _seat(k, f"recuts[{i}]")
                card_rank(v, f"recuts[{i}].{k}")
        if self.deal is not None:
            d = self.deal
            for nm in ("cards", "cards_left"):
                m = getattr(d, nm)
                if m is not None:
                    for k, v in m.items():
                        _seat(k, f"deal.{nm}")
                        _int(v, f"deal.{nm}.{k}", 0, 52, "")
                    if len(m) > 4:
                        raise InvalidSituation(f"deal.{nm}: more than four hands")
            if d.cards is not None and sum(d.cards.values()) > 52:
                raise InvalidSituation(f"deal.cards: {sum(d.cards.values())} cards dealt from a pack of 52")
            for nm in ("touched_first_by", "interrupted_by", "trump_looked_at_by"):
                if getattr(d, nm) is not None:
                    _seat(getattr(d, nm), f"deal.{nm}")
            if d.exposed_by is not None:
                _seat(d.exposed_by, "deal.exposed_by")
        for nm in ("cut", "next_cut"):
            c = getattr(self, nm)
            if c is not None and c.by is not None:
                _seat(c.by, f"{nm}.by")
        if self.trump is not None:
            for nm in ("named_by", "called_from"):
                if getattr(self.trump, nm) is not None:
                    _seat(getattr(self.trump, nm), f"trump.{nm}")
            if self.trump.left_on_table_until is not None:
                _int(self.trump.left_on_table_until, "trump.left_on_table_until", 0, 13, "")
        if self.lead is not None:
            for nm in ("by", "proper"):
                if getattr(self.lead, nm) is not None:
                    _seat(getattr(self.lead, nm), f"lead.{nm}")
            if self.lead.by is not None and self.lead.by == self.lead.proper:
                raise InvalidSituation("lead.by: a lead by the player whose lead it is is not out of turn")
            for p in self.lead.played_to_by or []:
                _seat(p, "lead.played_to_by")
        for i, e in enumerate(self.exposed):
            if e.by is not None:
                _seat(e.by, f"exposed[{i}].by")
            if e.named_by is not None:
                _seat(e.named_by, f"exposed[{i}].named_by")
                if e.by is not None and side_of(e.by) == side_of(e.named_by):
                    raise InvalidSituation(f"exposed[{i}].named_by: a card is called by an adversary, not a partner")
        for i, r in enumerate(self.revokes):
            if r.by is not None:
                _seat_or_side(r.by, f"revokes[{i}].by")
            if isinstance(r.answer, bool):          # YAML 1.1 reads yes/no as booleans
                r.answer = "yes" if r.answer else "no"
            if r.answer not in (None, "yes", "no"):
                raise InvalidSituation(f"revokes[{i}].answer: yes or no")
            if r.penalty not in (None, *PENALTIES):
                raise InvalidSituation(f"revokes[{i}].penalty: {r.penalty!r}; one of {', '.join(PENALTIES)}")
        for i, c in enumerate(self.claims):
            if c.by is not None:
                _seat_or_side(c.by, f"claims[{i}].by")
        for i, b in enumerate(self.bets):
            if b.between is not None and len(b.between) != 2:
                raise InvalidSituation(f"bets[{i}].between: a bet is between two parties")
            if b.backs is not None:
                _side(b.backs, f"bets[{i}].backs")
        if self.hands_thrown_down is not None:
            for p in self.hands_thrown_down:
                _seat(p, "hands_thrown_down")


PENALTIES = ("take-three-tricks", "deduct-three", "add-three", "divided", "two-tricks")


# ---------------------------------------------------------------- helpers

def _seat(v: Any, path: str) -> None:
    if v not in SEATS:
        raise InvalidSituation(f"{path}: {v!r} is not a seat; the seats are A, B, Y, Z")


def _side(v: Any, path: str) -> None:
    if v not in SIDES:
        raise InvalidSituation(f"{path}: {v!r} is not a side; the sides are AB and YZ")


def _seat_or_side(v: Any, path: str) -> None:
    if v not in SEATS and v not in SIDES:
        raise InvalidSituation(f"{path}: {v!r} is neither a seat (A, B, Y, Z) nor a side (AB, YZ)")


def _int(v: Any, path: str, lo: int, hi: int, why: str) -> None:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidSituation(f"{path}: {v!r} is not a whole number")
    if not lo <= v <= hi:
        raise InvalidSituation(f"{path}: {v} is impossible (must be {lo}-{hi}){'; ' + why if why else ''}")


def _unwrap(tp: Any) -> Any:
    """Optional[X] -> X."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return args[0] if len(args) == 1 else Any
    return tp


_HINTS: dict[type, dict[str, Any]] = {}


def _build(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise InvalidSituation(f"{path or 'facts'}: expected a mapping, got {type(data).__name__}")
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {}
    for k, v in data.items():
        if k is True and "on" in hints:      # YAML 1.1 reads the key `on:` as true
            k = "on"
        here = f"{path}.{k}" if path else str(k)
        if k not in names or k == "code":
            raise InvalidSituation(f"{here}: unknown fact (known: {', '.join(sorted(names - {'code'}))})")
        tp = _unwrap(hints[k])
        origin = typing.get_origin(tp)
        if v is None:
            kwargs[k] = [] if origin is list and typing.get_args(tp)[0] is not str and dataclasses.is_dataclass(typing.get_args(tp)[0]) else None
        elif dataclasses.is_dataclass(tp):
            kwargs[k] = _build(tp, v, here)
        elif origin is list:
            if not isinstance(v, list):
                raise InvalidSituation(f"{here}: expected a list")
            (item,) = typing.get_args(tp)
            if dataclasses.is_dataclass(item):
                kwargs[k] = [_build(item, x, f"{here}[{i}]") for i, x in enumerate(v)]
            else:
                kwargs[k] = list(v)
        elif origin is dict:
            if not isinstance(v, dict):
                raise InvalidSituation(f"{here}: expected a mapping")
            kwargs[k] = dict(v)
        elif tp is bool:
            if not isinstance(v, bool):
                raise InvalidSituation(f"{here}: expected true or false, got {v!r}")
            kwargs[k] = v
        elif tp is int:
            _int(v, here, 0, 10**6, "")
            kwargs[k] = v
        elif tp is str:
            if not isinstance(v, (str, int)):
                raise InvalidSituation(f"{here}: expected text, got {v!r}")
            kwargs[k] = str(v)
        else:
            kwargs[k] = v
    return cls(**kwargs)
