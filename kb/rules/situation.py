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
Each fact's annotation is its type -- ``Seat``, ``Side``, a ``Literal`` of kinds, an
``Annotated[int, Range(lo, hi)]``, a ``Card`` -- and one walk over the annotations (``_convert``)
refuses any other value, naming its path ("revokes[0].by: 'Q' is not one of A, B, Y, Z, AB, YZ");
``Situation._validate`` keeps only the checks across facts (four players, thirteen tricks ...).
See ``kb/rules/README.md`` for the schema with examples.
"""
from __future__ import annotations

import re
import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Optional, Union

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


# ---------------------------------------------------------------- the types of the facts
# A fact's annotation says what values it takes; ``_convert`` (one walk over the annotations)
# refuses any other, naming the fact's path: "revokes[0].by: 'Q' is not one of A, B, Y, Z, AB, YZ".

Seat = Literal["A", "B", "Y", "Z"]
Side = Literal["AB", "YZ"]
SeatOrSide = Literal["A", "B", "Y", "Z", "AB", "YZ"]
Suit = Literal["S", "H", "D", "C"]
YesNo = Literal["yes", "no"]                  # YAML 1.1 reads yes/no as booleans: converted
RevokePenalty = Literal["take-three-tricks", "deduct-three", "add-three", "divided", "two-tricks"]
FailedCall = Literal["lead-suit", "highest", "lowest", "win", "not-win", "highest-trump", "lowest-trump",
                     "trump", "not-trump", "card"]
RemarkKind = Literal["name-exposed-card", "claim-trick", "call-attention", "ask-trumps", "require-cards-placed",
                     "ask-partner-none", "other"]
IntimationKind = Literal["hand", "approval", "card-drawn-early", "emphasis"]


@dataclass(frozen=True)
class Range:
    """``Annotated[int, Range(lo, hi, why)]``: a whole number from ``lo`` to ``hi``."""
    lo: int
    hi: int
    why: str = ""


#: ``Annotated[str, CARD]``: a card (its rank is read as for cutting: "Q", "10", "KD", "king")
CARD = "card"
Card = Annotated[str, CARD]


def parse_fact_value(text: str):
    """A fact's value as a person types it: yes/no/true/false -> bool, digits -> int,
    "A,B" -> a list of seats, anything else the text itself ("Y" is the seat, not yes)."""
    t = text.strip()
    low = t.lower()
    if low in ("yes", "true"):
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


def card_suit(card: Any) -> Optional[str]:
    """The suit letter (S, H, D, C) of a card written ``"3S"``, ``"KD"`` or ``"three of spades"``;
    None when the card names no suit (``"small spade"`` does: S)."""
    t = str(card).strip()
    low = t.lower()
    for letter, word in SUITS.items():
        if word in low or word[:-1] in low.split():
            return letter
    u = t.upper()
    if len(u) >= 2 and u[-1] in SUITS and (u[:-1] in RANKS or u[:-1] in RANK_WORDS):
        return u[-1]
    return None


def side_of(who: str) -> str:
    """Side of a seat (``A`` -> ``AB``); a side is returned unchanged."""
    if who in SIDES:
        return who
    return "AB" if who in ("A", "B") else "YZ"


def other(side: str) -> str:
    return "YZ" if side_of(side) == "AB" else "AB"


def cut_rank(card: object, path: str, ace_low: bool = True) -> int:
    """A card's rank in cutting: the ace lowest (English 13, American 7), else above the king."""
    r = card_rank(card, path)
    return 14 if r == 1 and not ace_low else r


def cut_groups(cuts: dict, recuts: list = (), ace_low: bool = True) -> list[list[str]]:
    """The players from lowest cut to highest, those who cut alike grouped; each recut splits the
    group that tied (English 18, 19; American 3), and a recut by players who did not tie together
    is refused."""
    rank = {p: cut_rank(v, f"cuts.{p}", ace_low) for p, v in cuts.items()}
    groups = [sorted(p for p in rank if rank[p] == v) for v in sorted(set(rank.values()))]
    for i, rc in enumerate(recuts or []):
        who = set(rc)
        gi = next((k for k, g in enumerate(groups) if who == set(g)), None)
        if gi is None:
            raise InvalidSituation(f"recuts[{i}]: {sorted(who)} are not players who tied and must cut again")
        r2 = {p: cut_rank(v, f"recuts[{i}].{p}", ace_low) for p, v in rc.items()}
        groups[gi:gi + 1] = [sorted(p for p in groups[gi] if r2[p] == v) for v in sorted(set(r2.values()))]
    return groups


def card_rank(card: Any, path: str = "card") -> int:
    """Rank for cutting (the ace is low: English 13, American 7): ``"Q"``, ``"queen"``, ``"10"``,
    ``"KD"`` / ``"king of diamonds"`` (suit ignored)."""
    t = str(card).strip()
    word = re.split(r"\s+of\s+", t, flags=re.I)[0].strip().lower()
    if word in RANK_WORDS:
        return RANKS[RANK_WORDS[word]]
    u = t.upper()
    for raw in (u, u[:-1]):
        cand = RANK_WORDS.get(raw, raw)
        if cand in RANKS and (raw == u or u[-1] in SUITS):
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
    backs: Optional[Side] = None
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
    by: Optional[SeatOrSide] = None
    established: Optional[bool] = None
    trick_turned_and_quitted: Optional[bool] = None
    revoking_side_played_next: Optional[bool] = None
    thrown_down_after_renounce: Optional[bool] = None
    partner_asked: Optional[bool] = None
    answer: Optional[YesNo] = None
    claimed: Optional[bool] = None
    cards_mixed_after_claim: Optional[bool] = None
    card_mixed_with_trick: Optional[bool] = None
    penalty: Optional[RevokePenalty] = None
    penalty_after_revoking_side_scored: Optional[bool] = None
    failed_call: Optional[FailedCall] = None            # English 61: failed to play/lead as lawfully called, holding the card:
                                                 # lead-suit | highest | lowest | win | not-win | highest-trump | lowest-trump
    card_missing_from_hand: Optional[bool] = None  # English 46: the card missing from his hand (other pack, floor)
    shown_not_played: Optional[bool] = None      # the card was put down to show the game, not played (case 101)
    held_suit_led: Optional[bool] = None         # he held one or more cards of the suit led when he played another (English 71)
    turned_before_answer: Optional[bool] = None  # the revoking player or his partner turned the trick before the partner's
                                                 # question was answered (revised 78)


@dataclass
class Honours:
    """Honours (ace, king, queen, knave of trumps).  ``held``: honours held by each side
    (0-4); ``by_honours``: what a side is "by honours" (2 = three honours, 4 = four).
    The claim: ``called`` true (honours named at the end of the hand) / false / implied (a claim
    that can only mean honours; better given as the words said: ``points_said``, ``game_said``,
    from which the model derives it -- Cavendish case 2, Drayson cases 74, 75, 88); ``scored``; when the
    claim came: ``next_trump_turned``, ``next_trump_quitted`` (the trump card of the following
    deal), ``next_deal_misdealt``, ``dealer_hurried`` (the dealer turned the trump while the claim
    was being discussed, case 80)."""
    held: Optional[dict[Side, Annotated[int, Range(0, 4, 'there are four honours')]]] = None
    by_honours: Optional[dict[Side, Literal[0, 2, 4]]] = None
    claimed_by: Optional[Side] = None
    called: Optional[Union[bool, Literal['implied']]] = None
    scored: Optional[bool] = None
    next_trump_turned: Optional[bool] = None
    next_trump_quitted: Optional[bool] = None
    next_deal_misdealt: Optional[bool] = None
    dealer_hurried: Optional[bool] = None
    called_as: Optional[int] = None               # the points the side called/scored for honours (case 83: called two, held four)
    points_said: Optional[int] = None             # the points a player told his partner to score for the hand, in words
    #                                               that do not name honours ("score four"; "the trick and two" is 3)
    game_said: Optional[bool] = None              # the side claimed "the game" without naming honours (case 74)


@dataclass
class Deal:
    """The deal.  ``cards``: cards dealt to each seat; ``cards_left``: cards each seat holds at
    the end of the hand (test 8); ``cut``: was the pack cut to the dealer; ``shuffled_after_cut``
    (English 36); ``exposed_by``: a card exposed in dealing by whom (dealer/seat);
    ``touched_first_by``: first player (other than the dealer) to touch the cards during the deal;
    ``interrupted_by`` + ``interruption_established`` (English 50); ``trump_looked_at_by``
    (English 41); ``out_of_turn`` / ``stopped_before_trump_turned`` (English 48); ``faced_card``:
    a card faced in the pack (``last`` allowed); ``pack_imperfect``."""
    dealer: Optional[Seat] = None
    cut: Optional[bool] = None
    shuffled_after_cut: Optional[bool] = None
    cards: Optional[dict[Seat, Annotated[int, Range(0, 52)]]] = None
    cards_left: Optional[dict[Seat, Annotated[int, Range(0, 52)]]] = None
    exposed_by: Optional[Seat] = None
    exposed_card_is_last: Optional[bool] = None
    touched_first_by: Optional[Seat] = None
    interrupted_by: Optional[Seat] = None
    interruption_established: Optional[bool] = None
    interrupter_claimed_deal: Optional[bool] = None     # he asserted the deal was his own: he sits next to the dealer
    trump_looked_at_by: Optional[Seat] = None
    out_of_turn: Optional[bool] = None
    stopped_before_trump_turned: Optional[bool] = None
    faced_card: Optional[str] = None
    pack_imperfect: Optional[bool] = None
    misdeal: Optional[bool] = None
    # --- added for laws 37-51 / American 13-19 (dealing.py)
    touched_by: Optional[list[Seat]] = None        # players who touched the cards during the deal
    touched_by_unnamed: Optional[bool] = None     # a player, his seat not told, touched them ("my cousin started picking up")
    first_card_to: Optional[Seat] = None           # seat the first card was dealt to (44 I)
    trump_card_to: Optional[Seat] = None           # seat the last (trump) card came to (44 III)
    trump_face_down: Optional[bool] = None        # the trump card placed face downwards (44 II)
    trump_face_down_on_pack: Optional[bool] = None  # ... on his own or any other packet
    counted_cards: Optional[bool] = None          # the dealer counted the cards on the table or the rest of the pack (44 V)
    two_cards_to_one_hand: Optional[bool] = None  # two cards at once, or two to the same hand (44 VI)
    third_card_dealt: Optional[bool] = None       # ... and then a third card dealt
    rectified_by_one_card: Optional[bool] = None  # ... error put right by altering one card only (false: a wrong card moved)
    adversaries_looked_at_cards: Optional[bool] = None  # 44 VII: before the omitted cut was discovered
    trump_quitted: Optional[bool] = None          # the trump card had been turned AND quitted when the deal was stopped
    proper_dealer: Optional[Seat] = None           # whose deal it was (48, 51)
    with_adversaries_pack: Optional[bool] = None  # dealt with the adversaries' cards (48)
    dealt_by: Optional[Seat] = None                # who actually dealt, if not the dealer (49: for his partner)
    opponents_permitted: Optional[bool] = None    # ... with the opponents' permission
    other_pack_card_by: Optional[Seat] = None      # a player took into his hand a card of the other pack (42)
    card_between: Optional[list[Seat]] = None      # a card dealt midway between two packets (Drayson case 51)
    discovered_after_play: Optional[bool] = None  # a wrong number of cards found after the holder had played (46)
    hand_taken_up_by: Optional[Seat] = None        # a player took up another player's hand (revised 29 III)
    touched_to_count: Optional[bool] = None       # the dealer touched the cards on the table or the pack to count them (revised 37 V)
    excess_by_adversary: Optional[bool] = None    # a hand's excess card(s) arose through an adversary's act (revised 37 IV)
    excess_taken_by: Optional[Seat] = None         # ... told as who took another's card into his hand (revised 37 IV)
    discovered_after_first_trick: Optional[bool] = None  # a short hand found only after the first trick was turned and quitted (revised 40)


@dataclass
class Cut:
    """A cut of the pack to the dealer (English 34-35, 78).  ``by``: who cut; ``presented``:
    did the dealer present the pack; ``card_exposed``: a card exposed in cutting (``bottom``:
    the exposed card was the bottom, future trump card, case 33); ``dealing_begun``."""
    by: Optional[Seat] = None
    presented: Optional[bool] = None
    card_exposed: Optional[bool] = None
    bottom: Optional[bool] = None
    dealing_begun: Optional[bool] = None
    recut_wanted_by_cutter: Optional[bool] = None
    card_seen_by_dealer: Optional[bool] = None    # a card seen in the dealer's shuffling or whilst giving the pack to be cut (32)
    cards_exposed_in_cutting_by: Optional[str] = None  # cutting for partners/deal: a player exposed more than one card (15)
    exposed_after_reunited: Optional[bool] = None  # the card was exposed after the two packets had been re-united (revised 26)
    fewest_cards: Optional[Annotated[int, Range(0, 52)]] = None  # the cards in the smaller packet of the cut (34: not fewer than four)


@dataclass
class Trump:
    """The trump card: ``card``; ``left_on_table_until``: the number of the trick after whose
    turning and quitting it was still on the table; ``taken_up_early``; ``named_by`` (after it was
    taken up, English 53); ``dealer_cannot_recollect`` (English 55); ``called_from``: the seat
    the adversaries call the highest/lowest trump from."""
    card: Optional[str] = None
    left_on_table_until: Optional[Annotated[int, Range(0, 13)]] = None
    taken_up_early: Optional[bool] = None
    named_by: Optional[Seat] = None
    dealer_cannot_recollect: Optional[bool] = None
    called_from: Optional[Seat] = None
    suit_asked_by: Optional[Seat] = None           # a player asked what the trump suit is (revised 43)


@dataclass
class Lead:
    """A lead out of turn (English 62, 63): ``by``, ``proper`` (whose lead it was),
    ``played_to_by`` (seats that followed the false lead)."""
    by: Optional[Seat] = None
    proper: Optional[Seat] = None
    played_to_by: Optional[list[Seat]] = None
    # leads.py (English 62-66; American 24; revised 64-66): the call of a suit, its fate
    simultaneous: Optional[bool] = None          # led at the same instant as the proper leader (case 147)
    next_lead_passed: Optional[bool] = None      # the offender or his partner has since led with no suit called
    card_led_played: Optional[bool] = None       # the card led in error has since been played in the course of play
    times: Optional[Annotated[int, Range(1, 13)]] = None                  # how many times the side led out of turn (each an offence)
    next_leader: Optional[Seat] = None            # the one of the offending side whose turn to lead came first after
    #                                              the offence (the suit is called from him: English 62, American 24)
    from_wrong_hand: Optional[bool] = None        # the player of dummy led from dummy's hand when the lead was in his
    #                                              own, or from his own when it was in dummy's (English "Dummy" III)


@dataclass
class PlayError:
    """A card not played or played in error (English 69, 70; American 19; revised 72, 73):
    ``kind``: omitted (omitted to play to a trick) | two-cards (two cards played to one trick) |
    mixed-with-trick (his own card gathered into a trick); ``by``; ``played_to_next``: he played
    to the next trick before the error was discovered; ``discovered``: during-play | end-of-hand;
    ``revoked_meanwhile``: he renounced in the suit for want of the card."""
    by: Optional[Seat] = None
    kind: Optional[Literal['omitted', 'two-cards', 'mixed-with-trick']] = None
    played_to_next: Optional[bool] = None
    discovered: Optional[Literal['during-play', 'end-of-hand']] = None
    revoked_meanwhile: Optional[bool] = None


@dataclass
class PlayedOutOfTurn:
    """The fourth hand played before his partner, the second (English 67, 68; American 25, 26):
    ``by`` (the fourth hand); ``third_played``: had the third hand already played."""
    by: Optional[Seat] = None
    third_played: Optional[bool] = None


@dataclass
class Exposed:
    """A card exposed, dropped, detached, named or played with another (English 56-60).
    ``how``: dropped-face-up | dropped-on-floor | two-at-once | detached | named | thrown-down |
    shown; ``by``: seat; ``card``; ``named_by``/``named_as``: the adversary who named it and what
    he named (``named_correctly``)."""
    by: Optional[Seat] = None
    how: Optional[str] = None
    card: Optional[str] = None
    named_by: Optional[Seat] = None
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
    by: Optional[SeatOrSide] = None
    penalty: Optional[str] = None
    for_offence: Optional[str] = None
    consulted: Optional[bool] = None
    too_late: Optional[bool] = None
    # added for claims (English 60-66, 84, 86; American 21, 24, 38, 39):
    card: Optional[str] = None                   # the card called (call-card)
    from_seat: Optional[Seat] = None              # the player the penalty is exacted from
    at_first_lead: Optional[bool] = None         # a suit called the first time the side had the lead
    as_lead: Optional[bool] = None               # the card called when it is the offender's lead
    suit_led: Optional[Suit] = None               # the suit led to the trick at which the card is called (S, H, D, C)
    holds_suit_led: Optional[bool] = None        # the player called on holds a card of that suit (case 59: "I have a heart")
    has_none: Optional[bool] = None              # called on to lead a suit, he has none of it
    before_owners_turn: Optional[bool] = None    # an exposed card required to be played before its owner's turn (revised 59)
    wrong_adversary: Optional[bool] = None       # told: the claimant is not the adversary entitled to exact it (American 39)


@dataclass
class Shuffle:
    """A shuffle (English 26-32; American 8-9): ``by``; ``below_table``; ``face_seen`` (a card's face
    seen in shuffling); ``during_play``; ``into_packets`` / ``across_table`` (a played pack);
    ``times`` (how often this player shuffled for this deal)."""
    by: Optional[Seat] = None
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
    cuts: Optional[dict[str, Card]] = None
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
    kind: Optional[Literal['points', 'games']] = None
    proved: Optional[bool] = None
    game_ended: Optional[bool] = None
    next_trump_turned: Optional[bool] = None
    next_trump_quitted: Optional[bool] = None
    rubber_over: Optional[bool] = None


@dataclass
class GameWon:
    """One game of a rubber: ``won_by`` (side) and ``value`` (English 1-3), or the losers' score
    when it was won (``loser_score``; its value by English 8, American 1)."""
    won_by: Optional[Side] = None
    value: Optional[int] = None
    loser_score: Optional[int] = None


@dataclass
class Situation:
    """The whole table.  Scores are at the commencement of the deal; tricks are those won in
    the hand (give one side and the other is 13 minus it)."""
    players: Optional[list[Seat]] = None
    dealer: Optional[Seat] = None
    score: Optional[dict[Side, int]] = None
    games: Optional[dict[Side, Annotated[int, Range(0, 1, 'a side that has won two games has won the rubber')]]] = None
    tricks: Optional[dict[Side, Annotated[int, Range(0, 13, 'a side cannot win more than thirteen tricks')]]] = None
    honours: Optional[Honours] = None
    cuts: Optional[dict[Seat, Card]] = None
    recuts: Optional[list[dict[Seat, Card]]] = None
    candidates: Optional[int] = None
    cut_by_drawing: Optional[bool] = None          # the players draw from the pack spread out instead of cutting (American 7)
    cutting_ace_rank_asked: Optional[bool] = None   # the question is how the ace ranks in cutting (English 13)
    deal: Optional[Deal] = None
    cut: Optional[Cut] = None
    trump: Optional[Trump] = None
    lead: Optional[Lead] = None
    exposed: list[Exposed] = field(default_factory=list)
    revokes: list[Revoke] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    bets: list[Bet] = field(default_factory=list)
    hands_thrown_down: Optional[list[Seat]] = None
    cut_for_next_deal: Optional[bool] = None
    penalty_during_play: Optional[bool] = None    # the penalty taken (or to be taken) while the hand is played (American 1890, 18)
    # how the adversaries elected to take the one-point penalties (American 1890, 18: "deducted from
    # the score of the offenders or added to the score of the adversaries")
    point_penalty_elected: Optional[Literal["add", "deduct"]] = None
    next_cut: Optional[Cut] = None
    # added for the table, shuffling, score errors and the rubber (table/cutting/scoring.py):
    shuffle: Optional[Shuffle] = None
    entry: Optional[Entry] = None
    table: Optional[TableFormation] = None
    score_error: Optional[ScoreError] = None
    rubber_games: list[GameWon] = field(default_factory=list)
    game_won_by: Optional[Side] = None            # the side that won the game (its value: English 8, Am. 1)
    # added for English 57, 86, 85, 88-91 and American 22, 34-37:
    attention_called: Optional["AttentionCalled"] = None
    played_without_waiting: Optional["PlayedWithoutWaiting"] = None
    rest_claimed_by: Optional[Seat] = None        # said "I can win the rest" / "I have game in my hand"
    trick_seen: Optional["TrickSeen"] = None
    cards_drawn_demand: Optional["CardsDrawnDemand"] = None
    bystander: Optional["Bystander"] = None
    cards_torn_or_marked: Optional[bool] = None
    torn_cards_replacement_agreed: Optional[bool] = None   # the players agreed to replace the torn or marked cards (English 90)
    dummy: Optional[Seat] = None                  # the seat played as dummy (English "Dummy" I-III)
    double_dummy: Optional[bool] = None           # two players, each with an exposed hand (English "Double Dummy")
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
        if facts is not None and not isinstance(facts, dict):
            raise InvalidSituation("facts: must be a mapping")
        facts = dict(facts or {})
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
        """The checks that bear on more than one fact (each fact's own values are its type's,
        checked as it is read: ``_convert``): four players, a dealer agreed, the score of the
        code, thirteen tricks, four honours, fifty-two cards, a lead out of turn, a bet between
        two, the games of a rubber."""
        code = self.code
        if self.players is not None:
            if len(self.players) != 4:
                raise InvalidSituation(f"players: whist is played by four, not {len(self.players)}")
            if len(set(self.players)) != 4:
                raise InvalidSituation("players: a seat is named twice")
        if self.deal is not None and self.deal.dealer is not None and self.deal.dealer != self.dealer:
            raise InvalidSituation("deal.dealer: contradicts dealer")
        top = MAX_SCORE.get(code, 6)
        for k, v in (self.score or {}).items():
            _int(v, f"score.{k}", 0, top, f"in the {code} code a side's score runs 0-{top} at the start of a deal")
        if self.tricks is not None and sum(self.tricks.values()) > 13:
            raise InvalidSituation(f"tricks: {sum(self.tricks.values())} tricks in all; a hand has thirteen")
        h = self.honours
        if h is not None and h.held is not None:
            if sum(h.held.values()) > 4 or (len(h.held) == 2 and sum(h.held.values()) != 4):
                raise InvalidSituation("honours.held: the two sides hold four honours between them")
        if h is not None and h.by_honours is not None and sum(1 for v in h.by_honours.values() if v) > 1:
            raise InvalidSituation("honours.by_honours: both sides cannot score honours")
        d = self.deal
        if d is not None and d.cards is not None and sum(d.cards.values()) > 52:
            raise InvalidSituation(f"deal.cards: {sum(d.cards.values())} cards dealt from a pack of 52")
        if d is not None and d.card_between is not None and len(d.card_between) != 2:
            raise InvalidSituation("deal.card_between: a card lies between two packets")
        l = self.lead
        if l is not None and l.by is not None and l.by == l.proper:
            raise InvalidSituation("lead.by: a lead by the player whose lead it is is not out of turn")
        if l is not None and l.next_leader is not None and l.by is not None \
                and side_of(l.next_leader) != side_of(l.by):
            raise InvalidSituation("lead.next_leader: the suit is called from the offender or his partner")
        for i, e in enumerate(self.exposed):
            if e.named_by is not None and e.by is not None and side_of(e.by) == side_of(e.named_by):
                raise InvalidSituation(f"exposed[{i}].named_by: a card is called by an adversary, not a partner")
        for i, b in enumerate(self.bets):
            if b.between is not None and len(b.between) != 2:
                raise InvalidSituation(f"bets[{i}].between: a bet is between two parties")
        if self.cuts is not None and len(self.cuts) == 4 and self.recuts:
            cut_groups(self.cuts, self.recuts)            # recuts only by players who tied
        won = {"AB": 0, "YZ": 0}
        for i, g in enumerate(self.rubber_games):
            if g.won_by is not None:
                if max(won.values()) == 2:
                    raise InvalidSituation(f"rubber_games[{i}]: the rubber was already won (English 1)")
                won[g.won_by] += 1
            if g.value is not None:
                _int(g.value, f"rubber_games[{i}].value", 1, 7 if code.startswith("american") else 3, "")
            if g.loser_score is not None:
                _int(g.loser_score, f"rubber_games[{i}].loser_score", 0, 6 if code.startswith("american") else 4,
                     "the losers' score is below the game")


@dataclass
class AttentionCalled:
    """A player calls attention to the trick before his partner has played (English 86,
    American 35).  ``how``: says-his | says-not-his | names-card | draws-card | other (any other
    remark on the trick) | score (a remark on the score: American 35 only); ``required``: the card was drawn because a player required it."""
    by: Optional[Seat] = None
    how: Optional[Literal['says-his', 'says-not-his', 'names-card', 'draws-card', 'other', 'score']] = None
    before_partner_played: Optional[bool] = None
    required: Optional[bool] = None
    leader: Optional[Seat] = None                # who led to the trick


@dataclass
class PlayedWithoutWaiting:
    """English 57 / American 22: ``by`` played (or led) winning cards one after another without
    waiting for his partner to play; ``cards``: how many were so played."""
    by: Optional[Seat] = None
    cards: Optional[int] = None


@dataclass
class TrickSeen:
    """A quitted trick looked at during the hand (English 91, American 37): ``by`` (who asked or
    looked), ``which``: last | earlier; ``shown_by``: who turned it up."""
    by: Optional[Seat] = None
    which: Optional[str] = None
    shown_by: Optional[Seat] = None


@dataclass
class CardsDrawnDemand:
    """English 85 / American 34: ``by`` demanded that the cards of the trick be placed before
    their players; ``after_gathering_touched``: the cards had been touched to gather them."""
    by: Optional[Seat] = None
    after_gathering_touched: Optional[bool] = None
    of: Optional[list[str]] = None               # the seats asked to draw (English 85: all; case 151)


@dataclass
class NewCards:
    """A call for fresh cards (English 83 / revised 3)."""
    called_by: Optional[Seat] = None
    after_cut: Optional[bool] = None             # called after the pack was cut for the deal
    packs: Optional[Annotated[int, Range(1, 2, 'new cards are called for by the pack, two at most')]] = None                  # how many new packs were called for


@dataclass
class Remark:
    """Talk during the play of the hand (American 1890, 8)."""
    by: Optional[Seat] = None
    during_play: Optional[bool] = None           # between the first card led and the last card played
    kind: Optional[RemarkKind] = None                   # name-exposed-card | claim-trick | call-attention | ask-trumps |
    #                                              require-cards-placed | ask-partner-none | other


@dataclass
class Intimation:
    """An intimation as to the hand, or approval or disapproval of the play (American 1890, 9)."""
    by: Optional[Seat] = None
    kind: Optional[IntimationKind] = None                   # hand | approval | card-drawn-early | emphasis


@dataclass
class Bystander:
    """English 88-89: ``remark_on_score_oversight``: a bystander's remark called a player's
    attention to an oversight affecting the score; ``decides_by_agreement``: the players agreed
    to refer a question to him."""
    remark_on_score_oversight: Optional[bool] = None
    decides_by_agreement: Optional[bool] = None
    called_on_by_player: Optional[bool] = None   # the one calling on him to pay is a player (not another bystander)
    after_stakes_paid: Optional[bool] = None     # the remark was made after the stakes had been paid (revised 92)


PENALTIES = typing.get_args(RevokePenalty)
REMARK_KINDS = typing.get_args(RemarkKind)
INTIMATION_KINDS = typing.get_args(IntimationKind)
FAILED_CALLS = typing.get_args(FailedCall)


# ---------------------------------------------------------------- helpers

def _int(v: Any, path: str, lo: int, hi: int, why: str) -> None:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidSituation(f"{path}: {v!r} is not a whole number")
    if not lo <= v <= hi:
        raise InvalidSituation(f"{path}: {v} is impossible (must be {lo}-{hi}){'; ' + why if why else ''}")


def _describe(tp: Any) -> str:
    """The values a type takes, in words (for an error)."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return ", ".join(str(a) for a in typing.get_args(tp))
    if origin in (Union, types.UnionType):
        return ", ".join(_describe(a) for a in typing.get_args(tp) if a is not type(None))
    if origin is Annotated:
        return _describe(typing.get_args(tp)[0])
    return {bool: "true, false", int: "a whole number", str: "text"}.get(tp, getattr(tp, "__name__", str(tp)))


def _convert(tp: Any, v: Any, path: str) -> Any:
    """The value ``v`` of the fact at ``path`` as its annotation ``tp`` types it; raises
    InvalidSituation naming the path for a value the type does not take.  The one validation of
    single facts: Optional, Literal (seats, sides, kinds), Annotated ranges and cards, lists,
    dicts (keys and values), nested fact groups."""
    origin = typing.get_origin(tp)
    if v is None:
        return None
    if origin is Annotated:
        base, *meta = typing.get_args(tp)
        v = _convert(base, v, path)
        for m in meta:
            if isinstance(m, Range):
                _int(v, path, m.lo, m.hi, m.why)
            elif m == CARD:
                card_rank(v, path)
        return v
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return _convert(args[0], v, path)
        for a in args:
            try:
                return _convert(a, v, path)
            except InvalidSituation:
                continue
        raise InvalidSituation(f"{path}: {v!r} is not one of {_describe(tp)}")
    if origin is Literal:
        allowed = typing.get_args(tp)
        if isinstance(v, bool) and set(allowed) == {"yes", "no"}:
            v = "yes" if v else "no"
        if v not in allowed or (isinstance(v, bool) and not any(isinstance(a, bool) for a in allowed)):
            raise InvalidSituation(f"{path}: {v!r} is not one of {_describe(tp)}")
        return v
    if dataclasses.is_dataclass(tp):
        return _build(tp, v, path)
    if origin is list:
        if not isinstance(v, list):
            raise InvalidSituation(f"{path}: expected a list")
        (item,) = typing.get_args(tp)
        return [_convert(item, x, f"{path}[{i}]") for i, x in enumerate(v)]
    if origin is dict:
        if not isinstance(v, dict):
            raise InvalidSituation(f"{path}: expected a mapping")
        kt, vt = typing.get_args(tp)
        out = {}
        for k, x in v.items():
            if typing.get_origin(kt) is Literal and k not in typing.get_args(kt):
                raise InvalidSituation(f"{path}: {k!r} is not one of {_describe(kt)}")
            out[k] = _convert(vt, x, f"{path}.{k}")
        return out
    if tp is bool:
        if not isinstance(v, bool):
            raise InvalidSituation(f"{path}: expected true or false, got {v!r}")
        return v
    if tp is int:
        _int(v, path, 0, 10**6, "")
        return v
    if tp is str:
        if not isinstance(v, (str, int)):
            raise InvalidSituation(f"{path}: expected text, got {v!r}")
        return str(v)
    return v


_HINTS: dict[type, dict[str, Any]] = {}


def _build(cls: type, data: Any, path: str) -> Any:
    """A fact group (a dataclass) from a mapping, each fact converted by its annotation."""
    if not isinstance(data, dict):
        raise InvalidSituation(f"{path or 'facts'}: expected a mapping, got {type(data).__name__}")
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {}
    for k, v in data.items():
        if k is True and "on" in hints:      # YAML 1.1 reads the key `on:` as true
            k = "on"
        here = f"{path}.{k}" if path else str(k)
        if k not in names or k == "code":
            raise InvalidSituation(f"{here}: unknown fact (known: {', '.join(sorted(names - {'code'}))})")
        tp = hints[k]
        if v is None and typing.get_origin(tp) is list:
            kwargs[k] = []                   # a list of fact groups given as null: none
        else:
            kwargs[k] = _convert(tp, v, here)
    return cls(**kwargs)
