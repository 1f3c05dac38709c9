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
from kb.codes import MAX_SCORE

RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "J": 11, "Q": 12, "K": 13}
RANK_WORDS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
              "seven": "7", "eight": "8", "nine": "9", "ten": "10", "knave": "J", "jack": "J",
              "queen": "Q", "king": "K", "T": "10", "1": "A"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class InvalidSituation(ValueError):
    """Impossible or contradictory facts; the message names the fact (e.g. ``tricks.AB``)."""


def parse_fact_value(text: str):
    """A fact's value as a person types it: yes/no/true/false -> bool, digits -> int,
    "A,B" -> a list of seats, anything else the text itself."""
    t = text.strip()
    low = t.lower()
    if low in ("yes", "true", "y"):
        return True
    if low in ("no", "false", "n"):
        return False
    if low in ("none", "null", "unknown", ""):
        return None
    if t.lstrip("-").isdigit():
        return int(t)
    if "," in t:
        return [parse_fact_value(x) for x in t.split(",")]
    return t


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
    failed_call: Optional[str] = None            # English 61: failed to play/lead as lawfully called, holding the card:
                                                 # lead-suit | highest | lowest | win | not-win | highest-trump | lowest-trump
    card_missing_from_hand: Optional[bool] = None  # English 46: the card missing from his hand (other pack, floor)
    shown_not_played: Optional[bool] = None      # the card was put down to show the game, not played (case 101)


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
    called_as: Optional[int] = None               # the points the side called/scored for honours (case 83: called two, held four)


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
    # --- added for laws 37-51 / American 13-19 (dealing.py)
    touched_by: Optional[list[str]] = None        # players who touched the cards during the deal
    first_card_to: Optional[str] = None           # seat the first card was dealt to (44 I)
    trump_card_to: Optional[str] = None           # seat the last (trump) card came to (44 III)
    trump_face_down: Optional[bool] = None        # the trump card placed face downwards (44 II)
    trump_face_down_on_pack: Optional[bool] = None  # ... on his own or any other packet
    counted_cards: Optional[bool] = None          # the dealer counted the cards on the table or the rest of the pack (44 V)
    two_cards_to_one_hand: Optional[bool] = None  # two cards at once, or two to the same hand (44 VI)
    third_card_dealt: Optional[bool] = None       # ... and then a third card dealt
    rectified_by_one_card: Optional[bool] = None  # ... error put right by altering one card only (false: a wrong card moved)
    adversaries_looked_at_cards: Optional[bool] = None  # 44 VII: before the omitted cut was discovered
    trump_quitted: Optional[bool] = None          # the trump card had been turned AND quitted when the deal was stopped
    proper_dealer: Optional[str] = None           # whose deal it was (48, 51)
    with_adversaries_pack: Optional[bool] = None  # dealt with the adversaries' cards (48)
    dealt_by: Optional[str] = None                # who actually dealt, if not the dealer (49: for his partner)
    opponents_permitted: Optional[bool] = None    # ... with the opponents' permission
    other_pack_card_by: Optional[str] = None      # a player took into his hand a card of the other pack (42)
    card_between: Optional[list[str]] = None      # a card dealt midway between two packets (Drayson case 51)
    discovered_after_play: Optional[bool] = None  # a wrong number of cards found after the holder had played (46)
    hand_taken_up_by: Optional[str] = None        # a player took up another player's hand (revised 29 III)
    touched_to_count: Optional[bool] = None       # the dealer touched the cards on the table or the pack to count them (revised 37 V)
    excess_by_adversary: Optional[bool] = None    # a hand's excess card(s) arose through an adversary's act (revised 37 IV)
    discovered_after_first_trick: Optional[bool] = None  # a short hand found only after the first trick was turned and quitted (revised 40)


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
    card_seen_by_dealer: Optional[bool] = None    # a card seen in the dealer's shuffling or whilst giving the pack to be cut (32)
    cards_exposed_in_cutting_by: Optional[str] = None  # cutting for partners/deal: a player exposed more than one card (15)
    exposed_after_reunited: Optional[bool] = None  # the card was exposed after the two packets had been re-united (revised 26)


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
    suit_asked_by: Optional[str] = None           # a player asked what the trump suit is (revised 43)


@dataclass
class Lead:
    """A lead out of turn (English 62, 63): ``by``, ``proper`` (whose lead it was),
    ``played_to_by`` (seats that followed the false lead)."""
    by: Optional[str] = None
    proper: Optional[str] = None
    played_to_by: Optional[list[str]] = None
    # leads.py (English 62-66; American 24; revised 64-66): the call of a suit, its fate
    simultaneous: Optional[bool] = None          # led at the same instant as the proper leader (case 147)
    next_lead_passed: Optional[bool] = None      # the offender or his partner has since led with no suit called
    card_led_played: Optional[bool] = None       # the card led in error has since been played in the course of play
    times: Optional[int] = None                  # how many times the side led out of turn (each an offence)


@dataclass
class PlayError:
    """A card not played or played in error (English 69, 70; American 19; revised 72, 73):
    ``kind``: omitted (omitted to play to a trick) | two-cards (two cards played to one trick) |
    mixed-with-trick (his own card gathered into a trick); ``by``; ``played_to_next``: he played
    to the next trick before the error was discovered; ``discovered``: during-play | end-of-hand;
    ``revoked_meanwhile``: he renounced in the suit for want of the card."""
    by: Optional[str] = None
    kind: Optional[str] = None
    played_to_next: Optional[bool] = None
    discovered: Optional[str] = None
    revoked_meanwhile: Optional[bool] = None


@dataclass
class PlayedOutOfTurn:
    """The fourth hand played before his partner, the second (English 67, 68; American 25, 26):
    ``by`` (the fourth hand); ``third_played``: had the third hand already played."""
    by: Optional[str] = None
    third_played: Optional[bool] = None


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
    # added for the exposed-card laws (English 56-60, 87; American 20-23):
    cards_seen: Optional[int] = None             # how many of the cards could be seen (lowered / face-up hand)
    fell_below_table: Optional[bool] = None      # fell face up on the table, then to the floor (case 15)
    played_by_owner: Optional[bool] = None       # the owner played it in the course of play (cases 55, 129)
    another_played_before_decision: Optional[bool] = None   # American 23 / English 87
    named_at_once: Optional[bool] = None          # a detached card named by the adversary at once (revised 63)
    seen_by_adversaries_only: Optional[bool] = None  # held so that only the adversaries could see it (American 1890, 12)


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
    # added for claims (English 60-66, 84, 86; American 21, 24, 38, 39):
    card: Optional[str] = None                   # the card called (call-card)
    from_seat: Optional[str] = None              # the player the penalty is exacted from
    at_first_lead: Optional[bool] = None         # a suit called the first time the side had the lead
    repeated: Optional[bool] = None              # the call of the card repeated at a later trick
    as_lead: Optional[bool] = None               # the card called when it is the offender's lead
    would_revoke: Optional[bool] = None          # complying would oblige the offender to revoke
    has_none: Optional[bool] = None              # called on to lead a suit, he has none of it
    before_owners_turn: Optional[bool] = None    # an exposed card required to be played before its owner's turn (revised 59)


@dataclass
class Shuffle:
    """A shuffle (English 26-32; American 8-9): ``by``; ``below_table``; ``face_seen`` (a card's face
    seen in shuffling); ``during_play``; ``into_packets`` / ``across_table`` (a played pack);
    ``times`` (how often this player shuffled for this deal)."""
    by: Optional[str] = None
    below_table: Optional[bool] = None
    face_seen: Optional[bool] = None
    during_play: Optional[bool] = None
    into_packets: Optional[bool] = None
    across_table: Optional[bool] = None
    times: Optional[int] = None


@dataclass
class Entry:
    """A candidate wanting to enter a table (English 20-25; American 5-6).  ``by``: a name;
    ``declared_before_cut``: declared his intention before any player cut for a fresh rubber or
    for cutting out; ``cut_into_other_table`` (24: while belonging to this one);
    ``from_broken_table`` (25: one of the players left when another broke up their table);
    ``substitute_consented`` (23: the other three consented to his substitute);
    ``substitute_wanted`` (23: a player quitting before the end of the rubber wants to put
    someone in his place; consent not said)."""
    by: Optional[str] = None
    declared_before_cut: Optional[bool] = None
    cut_into_other_table: Optional[bool] = None
    from_broken_table: Optional[bool] = None
    substitute_consented: Optional[bool] = None
    substitute_wanted: Optional[bool] = None


@dataclass
class TableFormation:
    """Forming a table (English 16, 17, 22; American 2).  ``arrivals``: groups of candidates in
    order of arrival (names, any strings); ``declined``: candidates who declined to make up the
    table; ``from_other_table``: candidates who belong to or have played at another *whist* table
    (English 22); ``played_dummy``: candidates who have been playing dummy (not whist, Drayson case
    67); ``cuts``: cards cut by candidates; ``places``: places to fill (default 4);
    ``consecutive``: rubbers (English 20) or games (American 5) each player has played in
    succession, when more are waiting than places (``waiting``: how many claim admission)."""
    arrivals: Optional[list[list[str]]] = None
    declined: Optional[list[str]] = None
    from_other_table: Optional[list[str]] = None
    played_dummy: Optional[list[str]] = None
    cuts: Optional[dict[str, str]] = None
    places: Optional[int] = None
    consecutive: Optional[dict[str, int]] = None
    waiting: Optional[int] = None
    belonged_only: Optional[list[str]] = None    # belonged to another table without playing at it (English 22 / revised 13)
    declared_in: Optional[list[str]] = None      # declared into the incomplete table, in order (revised 12a)


@dataclass
class ScoreError:
    """An erroneous score (English 11, 12).  ``kind``: points (tricks or honours within a game)
    or games (the games / their value on the rubber score); ``proved``; ``game_ended``: the game in
    which it occurred was won (ended) by that or a later hand; ``next_trump_turned`` /
    ``next_trump_quitted``: the trump card of the deal following the end of that game;
    ``rubber_over``."""
    kind: Optional[str] = None
    proved: Optional[bool] = None
    game_ended: Optional[bool] = None
    next_trump_turned: Optional[bool] = None
    next_trump_quitted: Optional[bool] = None
    rubber_over: Optional[bool] = None


@dataclass
class GameWon:
    """One game of a rubber: ``won_by`` (side) and ``value`` (English 1-3)."""
    won_by: Optional[str] = None
    value: Optional[int] = None


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
    # added for the table, shuffling, score errors and the rubber (table/cutting/scoring.py):
    shuffle: Optional[Shuffle] = None
    entry: Optional[Entry] = None
    table: Optional[TableFormation] = None
    score_error: Optional[ScoreError] = None
    rubber_games: list[GameWon] = field(default_factory=list)
    game_won_by: Optional[str] = None            # the side that won the game (its value: English 8, Am. 1)
    # added for English 57, 86, 85, 88-91 and American 22, 34-37:
    attention_called: Optional["AttentionCalled"] = None
    played_without_waiting: Optional["PlayedWithoutWaiting"] = None
    rest_claimed_by: Optional[str] = None        # said "I can win the rest" / "I have game in my hand"
    trick_seen: Optional["TrickSeen"] = None
    cards_drawn_demand: Optional["CardsDrawnDemand"] = None
    bystander: Optional["Bystander"] = None
    cards_torn_or_marked: Optional[bool] = None
    dummy: Optional[str] = None                  # the seat played as dummy (English "Dummy" I-III)
    play_error: Optional[PlayError] = None
    played_out_of_turn: Optional[PlayedOutOfTurn] = None
    new_cards: Optional["NewCards"] = None
    remark: Optional["Remark"] = None
    intimation: Optional["Intimation"] = None
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
        _validate_table_and_deal(s)
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
        for i, c in enumerate(self.claims):
            if c.from_seat is not None:
                _seat(c.from_seat, f"claims[{i}].from_seat")
        for nm in ("attention_called", "played_without_waiting", "trick_seen", "cards_drawn_demand"):
            g = getattr(self, nm)
            if g is not None and g.by is not None:
                _seat(g.by, f"{nm}.by")
        if self.trick_seen is not None and self.trick_seen.shown_by is not None:
            _seat(self.trick_seen.shown_by, "trick_seen.shown_by")
        if self.rest_claimed_by is not None:
            _seat(self.rest_claimed_by, "rest_claimed_by")
        for nm in ("new_cards", "remark", "intimation"):
            g = getattr(self, nm)
            who = None if g is None else getattr(g, "called_by", None) or getattr(g, "by", None)
            if who is not None:
                _seat(who, f"{nm}.{'called_by' if nm == 'new_cards' else 'by'}")
        if self.remark is not None and self.remark.kind not in (None, *REMARK_KINDS):
            raise InvalidSituation(f"remark.kind: {self.remark.kind!r}; one of {', '.join(REMARK_KINDS)}")
        if self.intimation is not None and self.intimation.kind not in (None, *INTIMATION_KINDS):
            raise InvalidSituation(f"intimation.kind: {self.intimation.kind!r}; one of {', '.join(INTIMATION_KINDS)}")
        if self.new_cards is not None and self.new_cards.packs is not None:
            _int(self.new_cards.packs, "new_cards.packs", 1, 2, "new cards are called for by the pack, two at most")
        if self.trump is not None and self.trump.suit_asked_by is not None:
            _seat(self.trump.suit_asked_by, "trump.suit_asked_by")
        if self.attention_called is not None and self.attention_called.how not in (
                None, "says-his", "says-not-his", "names-card", "draws-card", "other"):
            raise InvalidSituation("attention_called.how: says-his, says-not-his, names-card, draws-card or other")
        self._validate_play()

    def _validate_play(self) -> None:
        """Seats and kinds of the play facts (leads.py)."""
        if self.dummy is not None:
            _seat(self.dummy, "dummy")
        if self.lead is not None:
            if self.lead.times is not None:
                _int(self.lead.times, "lead.times", 1, 13, "")
        for nm in ("play_error", "played_out_of_turn"):
            g = getattr(self, nm)
            if g is not None and g.by is not None:
                _seat(g.by, f"{nm}.by")
        pe = self.play_error
        if pe is not None:
            if pe.kind not in (None, "omitted", "two-cards", "mixed-with-trick"):
                raise InvalidSituation(f"play_error.kind: {pe.kind!r}; one of omitted, two-cards, mixed-with-trick")
            if pe.discovered not in (None, "during-play", "end-of-hand"):
                raise InvalidSituation("play_error.discovered: during-play or end-of-hand")
        for i, r in enumerate(self.revokes):
            if r.failed_call not in (None, *FAILED_CALLS):
                raise InvalidSituation(f"revokes[{i}].failed_call: {r.failed_call!r}; one of {', '.join(FAILED_CALLS)}")


@dataclass
class AttentionCalled:
    """A player calls attention to the trick before his partner has played (English 86,
    American 35).  ``how``: says-his | says-not-his | names-card | draws-card | other (any other
    remark on the trick); ``required``: the card was drawn because a player required it."""
    by: Optional[str] = None
    how: Optional[str] = None
    before_partner_played: Optional[bool] = None
    required: Optional[bool] = None
    leader: Optional[str] = None                 # who led to the trick


@dataclass
class PlayedWithoutWaiting:
    """English 57 / American 22: ``by`` played (or led) winning cards one after another without
    waiting for his partner to play; ``cards``: how many were so played."""
    by: Optional[str] = None
    cards: Optional[int] = None


@dataclass
class TrickSeen:
    """A quitted trick looked at during the hand (English 91, American 37): ``by`` (who asked or
    looked), ``which``: last | earlier; ``shown_by``: who turned it up."""
    by: Optional[str] = None
    which: Optional[str] = None
    shown_by: Optional[str] = None


@dataclass
class CardsDrawnDemand:
    """English 85 / American 34: ``by`` demanded that the cards of the trick be placed before
    their players; ``after_gathering_touched``: the cards had been touched to gather them."""
    by: Optional[str] = None
    after_gathering_touched: Optional[bool] = None
    of: Optional[list[str]] = None               # the seats asked to draw (English 85: all; case 151)


@dataclass
class NewCards:
    """A call for fresh cards (English 83 / revised 3)."""
    called_by: Optional[str] = None
    after_cut: Optional[bool] = None             # called after the pack was cut for the deal
    packs: Optional[int] = None                  # how many new packs were called for


@dataclass
class Remark:
    """Talk during the play of the hand (American 1890, 8)."""
    by: Optional[str] = None
    during_play: Optional[bool] = None           # between the first card led and the last card played
    kind: Optional[str] = None                   # name-exposed-card | claim-trick | call-attention | ask-trumps |
    #                                              require-cards-placed | ask-partner-none | other


@dataclass
class Intimation:
    """An intimation as to the hand, or approval or disapproval of the play (American 1890, 9)."""
    by: Optional[str] = None
    kind: Optional[str] = None                   # hand | approval | card-drawn-early | emphasis


@dataclass
class Bystander:
    """English 88-89: ``remark_on_score_oversight``: a bystander's remark called a player's
    attention to an oversight affecting the score; ``decides_by_agreement``: the players agreed
    to refer a question to him."""
    remark_on_score_oversight: Optional[bool] = None
    decides_by_agreement: Optional[bool] = None
    called_on_by_player: Optional[bool] = None   # the one calling on him to pay is a player (not another bystander)
    after_stakes_paid: Optional[bool] = None     # the remark was made after the stakes had been paid (revised 92)


PENALTIES = ("take-three-tricks", "deduct-three", "add-three", "divided", "two-tricks")
REMARK_KINDS = ("name-exposed-card", "claim-trick", "call-attention", "ask-trumps", "require-cards-placed",
                "ask-partner-none", "other")
INTIMATION_KINDS = ("hand", "approval", "card-drawn-early", "emphasis")
FAILED_CALLS = ("lead-suit", "highest", "lowest", "win", "not-win", "highest-trump", "lowest-trump",
                "trump", "not-trump", "card")


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


def _validate_table_and_deal(s: "Situation") -> None:
    """Checks for the facts added for the deal, shuffle, table, score errors and the rubber."""
    d = s.deal
    if d is not None:
        for nm in ("first_card_to", "trump_card_to", "proper_dealer", "dealt_by", "other_pack_card_by",
                   "hand_taken_up_by"):
            if getattr(d, nm) is not None:
                _seat(getattr(d, nm), f"deal.{nm}")
        for nm in ("touched_by", "card_between"):
            for p in getattr(d, nm) or []:
                _seat(p, f"deal.{nm}")
        if d.card_between is not None and len(d.card_between) != 2:
            raise InvalidSituation("deal.card_between: a card lies between two packets")
    if s.shuffle is not None and s.shuffle.by is not None:
        _seat(s.shuffle.by, "shuffle.by")
    if s.score_error is not None and s.score_error.kind not in (None, "points", "games"):
        raise InvalidSituation("score_error.kind: points or games")
    if s.table is not None and s.table.cuts:
        for k, v in s.table.cuts.items():
            card_rank(v, f"table.cuts.{k}")
    if s.game_won_by is not None:
        _side(s.game_won_by, "game_won_by")
    won = {"AB": 0, "YZ": 0}
    for i, g in enumerate(s.rubber_games):
        if g.won_by is not None:
            _side(g.won_by, f"rubber_games[{i}].won_by")
            if max(won.values()) == 2:
                raise InvalidSituation(f"rubber_games[{i}]: the rubber was already won (English 1)")
            won[g.won_by] += 1
        if g.value is not None:
            top = 7 if s.code.startswith("american") else 3
            _int(g.value, f"rubber_games[{i}].value", 1, top, "")
