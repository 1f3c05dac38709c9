"""Fact extraction: a free-text whist question -> facts in the ``Situation.from_dict`` schema.

Deterministic, no trained model: ``spacy.blank("en")`` with the lookup lemmatizer of
``spacy-lookups-data`` (lemmas lower-cased, "honor" -> "honour"), a cue matcher (``kb.nlu.matching``) over lemmas for
events, offences, timing and what is asked, a ``PhraseMatcher`` for the seat phrases ("my
partner", "the player on my left", "the other side") and the code asked about.  Everything
else is a short, explicit pass over the matches: who did it (the nearest seat mentioned before
the verb in the same sentence; "he" is the last single player mentioned; inside a quotation
"I" is the speaker), negation ("he had not played"), and numbers.

Seats: A, B, Y, Z; A-B partners against Y-Z; play goes A -> Y -> B -> Z (Y on A's left).
"I/me/my" = A, "my partner" = B, "we/us" = AB, "they/the other side/opponents" = YZ when the
question is told in the first person.  Other people's names ("Jane and I both cut 2s, Pete cut
a 7") take the free seats in order of mention.

``extract(question) -> Extraction`` with ``facts`` (for ``Situation.from_dict``), ``sources``
(fact path -> the words it came from), ``code``, ``asks`` (the conclusion key of the rules model
the question asks about), ``polarity`` ("yes-no" or None), ``names`` (seat -> the name used),
``calls`` (penalties called in the story: who called what from whom) and ``claim_negative``
(the claim a question asks to judge -- "Is Z correct?" -- denies something).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from kb import codes
from kb.nlu import interpreter
from kb.rules.situation import SUITS, card_suit

SEAT_LETTERS = ("A", "B", "Y", "Z")
SIDE = {"A": "AB", "B": "AB", "Y": "YZ", "Z": "YZ", "AB": "AB", "YZ": "YZ"}
LEFT = {"A": "Y", "Y": "B", "B": "Z", "Z": "A"}
RIGHT = {v: k for k, v in LEFT.items()}
CYCLE = ("A", LEFT["A"], LEFT[LEFT["A"]], RIGHT["A"])     # the order of play: each after the one on his right
PARTNER = {"A": "B", "B": "A", "Y": "Z", "Z": "Y"}
#: the words between a name and the side it is on ("Anna on the other team", "Tom, of our side")
SIDE_APPOSITION = {"on", "from", "of", ",", "("}


def _side_of(seats) -> str | None:
    """The side seats all sit on ("YZ", "AB"), or None."""
    sides = {SIDE.get(x) for x in seats}
    return sides.pop() if len(sides) == 1 and None not in sides else None


LEXICON = _LEXICON = yaml.safe_load((Path(__file__).resolve().parent / "lexicon.yaml").read_text(encoding="utf-8"))
_CUES = yaml.safe_load((Path(__file__).resolve().parent / "cues.yaml").read_text(encoding="utf-8"))
ASKS = yaml.safe_load((Path(__file__).resolve().parent / "asks.yaml").read_text(encoding="utf-8"))
NUMBERS: dict[str, int] = _LEXICON["numbers"]
ORDINALS: dict[str, int] = _LEXICON["ordinals"]
NEGATION = set(_LEXICON["negation"])
CALLED_ON = set(_LEXICON["called_on"])
#: verbs whose object pronoun is not their subject ("my partner told him", "can Ellie make him lead?")
TELLING = set(_LEXICON["speech"]) | set(_LEXICON["directive"]) | set(_LEXICON["making"])
#: table words for the laws' own terms, read as those terms ("the turn-up" = "the trump card")
PHRASES = re.compile(r"\b(" + "|".join(re.escape(p) for p in sorted(_LEXICON["phrases"], key=len, reverse=True))
                     + r")\b", re.I)
RANK: dict[str, str] = {str(k): str(v) for k, v in _LEXICON["ranks"].items()}
#: a suit word and its letter ("heart" -> H), from the rules model's table of suits
SUIT_OF = {word.rstrip("s"): letter for letter, word in SUITS.items()}
#: a card told in words ("the queen of spades", "a small card", "9 of clubs")
CARD_PHRASE = re.compile(r"\b(?:it is |it's )?((?:the |a |an )?(?:ace|king|queen|knave|jack|ten|nine|eight|seven|six|"
                         r"five|four|three|two|deuce|court card|small card|high card|\d+)(?: card)?(?: (?:of|in) \w+)?)", re.I)
GERUNDS: dict[str, str] = _LEXICON["gerunds"]
SUBJECT_STARTS = set(_LEXICON["subject_starts"])
SUIT_WORDS = set(_LEXICON["suits"])
YES_NO_STARTS = set(_LEXICON["yes_no_starts"])
NOT_NAMES = set(_LEXICON["not_names"])
SEAT_PHRASES: dict[str, list[str]] = {
    **_LEXICON["seats"], "SEAT:SOMEONE": _LEXICON["seats"]["SEAT:SOMEONE"]
    + [f"{own} {kin}" for own in ("my", "our") for kin in _LEXICON["relatives"]]}
CONCEPTS: dict[str, list[str]] = _LEXICON["concepts"]
SOMEONE = set(SEAT_PHRASES["SEAT:SOMEONE"])          # a player, his seat not told
BOTH_SIDES = set(SEAT_PHRASES["SEAT:BOTHSIDES"])
OPPONENT_WORDS = set(_LEXICON["opponent_before_name"])
OPPONENT_NOUNS = set(_LEXICON["opponent_nouns"])
PLAY_POSITIONS: dict[str, int] = {str(k): v for k, v in _LEXICON["play_positions"].items()}
POSITION_NOUNS = set(_LEXICON["position_nouns"])
#: a place in the trick by its words: "second" ... "fourth", and the looser "next", "last"
PLAY_PLACES: dict[str, int] = {**PLAY_POSITIONS, **{str(k): v for k, v in _LEXICON["play_places_loose"].items()}}
PLAY_PENALTY_WORDS: dict[str, list[str]] = _LEXICON["play_penalty_words"]
#: event, offence, timing and score cues, label -> patterns (grouped by rules area in the file)
PATTERNS: dict[str, list[str]] = {label: pats for area in _CUES.values() for label, pats in area["patterns"].items()}
#: fact cues, read by the generic interpreter (kb/nlu/interpreter.py): label "FACT:<area>:<n>" -> row
FACT_CUES: dict[str, dict] = {f"FACT:{area}:{n}": row for area, d in _CUES.items()
                              for n, row in enumerate(d.get("facts") or [])}


#: conclusion keys of the rules model, as a question names them (for claims about the laws in
#: general: "there is only one offence for which ...")
CONCLUSION_PHRASES = {
    "highest_or_lowest_callable_from": r"\bhighest or (?:his )?lowest\b",
    "win_or_lose_callable_from": r"\bwin,? or (?:not to win|to lose|lose)\b",
    "trump_or_not_callable_from": r"\btrump,? or not(?: to trump)?\b",
    "suit_callable_from": r"\b(?:call(?:ed)?(?: on)?(?: to lead)? a suit|a suit (?:may|can) be called|suit called)\b",
    "new_deal_claim_by": r"\b(?:claim|demand) a (?:new|fresh) deal\b",
}


NARRATOR = ("i", "me", "my", "myself", "mine")
POSSESSIVES = ("his", "her", "their", "my", "our", "your", "its")
#: the endings of a verb's past or present that make the capital word before it a name at the
#: start of a sentence (lexicon ``verb_endings``)
PAST_ENDINGS = tuple(_LEXICON["verb_endings"])

#: asks answered by the score of the hand: a revoke in it is taken as established and claimed
SCORED_ASKS = ("game_value", "by_cards", "tricks_after_penalty", "rubber_points")
#: the cue rows that read "the rest are ours" (English 58; an act of play under revised 77)
REST_CLAIMED = {label for label, row in FACT_CUES.items() if row.get("who") == "rest_claimed_by"}
# asks that presuppose the revokes told were established and their penalties claimed: a score,
# whether the penalties of both sides' revokes cancel (English 81, revised 85), whether a side
# can still win the game (English 82), whether the partners may consult on the penalty (English
# 84's exception) or may take the penalty they name (English 72)
REVOKE_PRESUPPOSED = SCORED_ASKS + ("revokes_cancel", "revoking_side_can_win_game", "may_consult",
                                    "revoke_penalty_allowed")


@dataclass
class Extraction:
    facts: dict = field(default_factory=dict)
    sources: dict = field(default_factory=dict)
    code: str = "english"
    asks: str | None = None
    polarity: str | None = None
    names: dict = field(default_factory=dict)
    calls: list = field(default_factory=list)
    claim_negative: bool = False
    asked_turned: bool = False          # the asks row, or a turning word it heeds, turned the question round
    asks_also: list = field(default_factory=list)
    first_person: bool = False          # told by a player ("I", "we"): A-B is the questioner's side
    count_claim: dict | None = None     # a claim about the laws in general: {"key", "count", "words"}
    asked_side: str | None = None       # whose prospects the question asks about ("can we ...": AB)
    asked_quantity: str | None = None   # the number a score question asks: "score" (a side's score after
                                        # the hand: "what's our score now?") or "hand" (what the hand adds:
                                        # "how many points do they score on this hand?")
    asked_penalty: tuple = ()           # the conclusions of the play penalty the asking clause names
    asked_seat: str | None = None       # the one whose right the question asks ("can Raj enforce it?": his seat)
    asked_pair: tuple = ()              # the two seats the asking clause names ("are Sue and Tom partners?")
    asked_honours: tuple | None = None  # the honours points the asking clause names: (n, "more" or not)
                                        # ("can I now score four by honours?": (4, False))

    def as_dict(self) -> dict:
        return {"facts": self.facts, "sources": self.sources, "code": self.code,
                "asks": self.asks, "polarity": self.polarity, "names": self.names,
                "calls": self.calls}


# ---------------------------------------------------------------- the pipeline (lazy, cached)

_NLP = None
_MATCHER = None
_PHRASES = None


_LOOKUP = None          # the lookup lemmatiser's table (set when the pipeline is built)


def _suit_of(tok) -> str | None:
    """The suit a word names ("hearts", "Spades"), as its letter, or None."""
    return SUIT_OF.get(tok.lemma_.rstrip("s"))


def _opens_sentence(doc, i: int) -> bool:
    """Token i begins the text, a sentence or a quotation."""
    return i == 0 or doc[i - 1].text in (".", "?", "!", ":", ";", '"', "'", "“", "‘")


def _lower_lemmas(doc):
    # capitalised words not opening a sentence: names ("Drew", "Rose"), whose lemma is their own
    named = {t.lower_ for t in doc if t.text[:1].isupper() and t.i and not _opens_sentence(doc, t.i)}
    for t in doc:
        lem = (t.lemma_ or t.text).lower()
        if lem == t.lower_ and t.text[:1].isupper() and _opens_sentence(doc, t.i) and t.lower_ not in named:
            # the lookup table holds lower-case words: "Hearts", "Dealt" opening a sentence are
            # "heart", "deal" as they are anywhere else
            lem = _LOOKUP.get(lem, lem) if _LOOKUP is not None else lem
        if lem in ("honor", "honors", "honours"):
            lem = "honour"
        if re.fullmatch(r"\d+'?s", lem):
            lem = lem.rstrip("s").rstrip("'")
        if lem == "n't":
            lem = "not"
        if t.lower_ in ("best", "worst", "better", "lowest", "highest"):
            lem = t.lower_
        elif t.lower_ in GERUNDS:
            lem = GERUNDS[t.lower_]
        t.lemma_ = lem
    return doc


def nlp():
    """The spaCy pipeline (built once)."""
    global _NLP, _MATCHER, _PHRASES, _LOOKUP
    if _NLP is None:
        import spacy
        from spacy.language import Language
        from spacy.matcher import PhraseMatcher

        from kb.nlu.matching import CueMatcher

        if "whist_lower_lemmas" not in Language.factories:
            Language.component("whist_lower_lemmas")(_lower_lemmas)
        n = spacy.blank("en")
        n.add_pipe("lemmatizer", config={"mode": "lookup"})
        n.add_pipe("whist_lower_lemmas")
        n.initialize()
        _LOOKUP = n.get_pipe("lemmatizer").lookups.get_table("lemma_lookup")
        m = CueMatcher(n.vocab)
        lemma = cache(lambda word: _one_lemma(n, word))
        for label, pats in PATTERNS.items():
            m.add(label, [_compile(p, lemma) for p in pats])
        for label, row in FACT_CUES.items():
            m.add(label, [_compile(p, lemma) for p in row["when"]])
        for label, pats in interpreter.ask_patterns(ASKS).items():
            m.add(label, [_compile(p, lemma) for p in pats])
        pm = PhraseMatcher(n.vocab, attr="LOWER")
        for label, phrases in SEAT_PHRASES.items():
            pm.add(label, [n.make_doc(p) for p in phrases])
        _NLP, _MATCHER, _PHRASES = n, m, pm
    return _NLP


def _one_lemma(n, word: str) -> str | None:
    doc = n(word)
    return doc[0].lemma_ if len(doc) == 1 else None


def pattern_lemma(word: str) -> str | None:
    """The pipeline's lemma of one word of a pattern (``_compile``'s ``lemma``)."""
    return _one_lemma(nlp(), word)


def _merge_gaps(tokens: list[str]) -> list[str]:
    """Consecutive gaps written as one ("_{0,9} _{0,9}" -> "_{0,18}"): the same words match, and
    the cue matcher (kb.nlu.matching) splits the pattern at the one gap."""
    out: list[str] = []
    for tok in tokens:
        m = re.fullmatch(r"_\{(\d+),(\d+)\}", tok)
        prev = re.fullmatch(r"_\{(\d+),(\d+)\}", out[-1]) if out else None
        if m and prev:
            out[-1] = f"_{{{int(prev.group(1)) + int(m.group(1))},{int(prev.group(2)) + int(m.group(2))}}}"
        else:
            out.append(tok)
    return out


def _compile(pattern: str, lemma=None) -> list[dict]:
    """A small pattern language over lemmas: ``a|b`` alternatives, ``x?`` optional,
    ``_`` any token, ``_{0,3}`` up to three tokens, ``#num`` a number, ``#rank`` a card rank,
    ``$family`` the words of a concept of the lexicon (``concepts:``), alone or among alternatives,
    ``=form|=form`` words as written (not lemmatised).  ``lemma``: the pipeline's lemma of a
    word; a word written in another form than its lemma ("following", "caught") matches its
    lemma too ("follow", "catch")."""
    out = []
    for tok in _merge_gaps(pattern.split()):
        spec: dict[str, Any] = {}
        op = None
        m = re.fullmatch(r"(.+?)(\{\d+,\d+\}|[?*+])?", tok)
        body, op = m.group(1), m.group(2)
        if body == "_":
            spec = {}
        elif body == "#num":
            spec = {"LEMMA": {"IN": [*NUMBERS, *[str(i) for i in range(15)]]}}
        elif body == "#rank":
            spec = {"LEMMA": {"IN": list(RANK) + ["a"]}}
        elif body.startswith("="):                  # words as written: "=paid" is not "pay"
            spec = {"LOWER": {"IN": [a.lstrip("=") for a in body.split("|")]}}
        else:
            alts = [w for a in body.split("|") for w in (CONCEPTS[a[1:]] if a.startswith("$") else [a])]
            if lemma is not None:
                alts = list(dict.fromkeys(x for w in alts for x in (w, lemma(w)) if x))
            spec = {"LEMMA": {"IN": alts}} if len(alts) > 1 else {"LEMMA": alts[0]}
        if op:
            spec["OP"] = op
        out.append(spec)
    return out



# ---------------------------------------------------------------- the extraction

@dataclass
class Mention:
    start: int
    end: int
    seats: tuple          # ("A",), ("A", "B"), ("DEALER",), ...
    text: str
    sent: int


def _rank_of(t) -> str | None:
    """The card rank a token names ("ace", "10", "kings"), or None."""
    return RANK.get(t.lemma_) or RANK.get(t.lower_)


def _places_after(lead: str) -> dict[str, int]:
    """Each seat's place in the order of play to a trick the seat ``lead`` leads."""
    return {x: (CYCLE.index(x) - CYCLE.index(lead)) % 4 for x in CYCLE}


def prepare(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    # words in capitals for emphasis ("on Tom's LEFT", "it's MY deal") read as written small;
    # not the seats and sides (A, YZ) nor the country (US)
    text = re.sub(r"\b[A-Z]{2,}\b", lambda m: m.group(0) if set(m.group(0)) <= set("ABYZ")
                  or m.group(0) in ("US", "USA", "UK") else m.group(0).lower(), text)
    text = re.sub(r"\b([ABYZ])\.", r"\1 .", text)          # "says A." -> "says A ."
    text = re.sub(r"\b([ABYZ])'s\b", r"\1 's", text)
    text = re.sub(r"\b(\d+)[-\u2013\u2014](\d+)\b", r"\1 to \2", text)      # "3-3", "3–3" (a dash typed)
    return PHRASES.sub(lambda m: LEXICON["phrases"][m.group(0).lower()], text)


def extract(question: str) -> Extraction:
    n = nlp()
    doc = n(prepare(question))
    return _Extractor(doc).run()


#: the cues of a penalty demanded in words quoted, and the penalty each names (English 68, 76, 86)
DEMAND_CUES = (("DEMAND_WIN", "win-or-lose"), ("DEMAND_HIGHEST", "highest-or-lowest"), ("DEMAND_CARD", "call-card"))
#: the cues of a revoke's penalty told in the story, and the penalty each names (English 72)
REVOKE_PENALTY_CUES = (("PENALTY_DIVIDED", "divided"), ("PENALTY_DEDUCT3", "deduct-three"),
                       ("PENALTY_ADD3", "add-three"), ("PENALTY_TAKE3", "take-three-tricks"))


class _Extractor:
    lexicon = LEXICON

    def __init__(self, doc):
        self.doc = doc
        self.facts: dict[str, Any] = {}
        self.sources: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.aliases: dict[str, str] = {}   # names the narrator gives his side: "I (Al, ...)" -> A
        self.places: dict[str, int] = {}    # seat -> its place in the order of play, when told
        self.anchors: dict[tuple, str] = {}  # a mention placed from another's seat -> that seat
        self.asked_turned = False           # set by interpreter.asked (Extraction.asked_turned)
        self.calls: list[dict] = []
        self.sent = self._sentences()
        self._aside_spans: list[tuple[int, int]] | None = None
        self.quotes = self._quotes()
        self.matches = [(doc.vocab.strings[mid], s, e) for mid, s, e in _MATCHER(doc)]
        # what one player tells another to do has not been done ("Beth told Kofi to put that
        # trump card face up"): the card is not exposed by it
        demanded = self._demanded()
        not_done = set(LEXICON["demanded_not_done"])
        self.matches = [(l, s, e) for l, s, e in self.matches
                        if l not in not_done or not any(a <= s < b for a, b in demanded)]
        # "US rules", "in the U.S.": the country, not the pronoun
        self.phrases = [(doc.vocab.strings[mid], s, e) for mid, s, e in _PHRASES(doc)
                        if not (e - s == 1 and doc[s].text in ("US", "U.S.", "U.S"))]
        self.first_person = any(t.text in ("I", "me", "my", "My", "Me", "we", "We", "us", "our", "Our")
                                and not self._in_quote(t.i) for t in doc)

    # ------------------------------------------------------------ structure
    def _sentences(self) -> list[int]:
        ids, k = [], 0
        for t in self.doc:
            ids.append(k)
            if t.text in (".", "?", "!", ";") and not (t.i > 0 and self.doc[t.i - 1].lower_ == "viz"):
                k += 1
        return ids

    def _quotes(self) -> list[tuple[int, int]]:
        """Spans of quoted speech: between double quotes, and between single quote marks when the
        opening one follows a verb of saying (lexicon ``quoting``: "Yan says, 'Al led ...'")."""
        spans, open_at = [], None
        for t in self.doc:
            if t.text == '"':
                if open_at is None:
                    open_at = t.i
                else:
                    spans.append((open_at, t.i))
                    open_at = None
        d, verbs, fillers = self.doc, set(LEXICON["quoting"]), set(LEXICON["quote_fillers"])
        addressee = set(LEXICON["quote_addressee"])
        for t in d:
            if t.text != "'" or any(s <= t.i <= e for s, e in spans):
                continue
            before = [x for x in d[max(0, t.i - 7):t.i] if x.text not in (",", ":")]
            # the verb of saying, then the one spoken to and words like "out loud" ("said to my
            # partner, '...'", "blurted out to the other pair '...'")
            k = len(before)
            while k and (before[k - 1].lower_ in addressee or before[k - 1].lower_ in fillers
                         or before[k - 1].text in SEAT_LETTERS
                         or (before[k - 1].is_title and k > 1 and before[k - 2].lower_ == "to")):   # "said to Max '...'"
                k -= 1
            if not k or before[k - 1].lemma_ not in verbs:
                continue
            close = next((x.i for x in d[t.i + 1:] if x.text == "'"), None)
            if close is not None:
                spans.append((t.i, close))
        return sorted(spans)

    def _in_quote(self, i: int) -> tuple[int, int] | None:
        for s, e in self.quotes:
            if s < i < e:
                return (s, e)
        return None

    def _speaker(self, q: tuple[int, int], ms: list | None = None) -> str | None:
        """"X says, "..."" or ""...," says X". ``ms``: the mentions read so far, while the mentions
        are being resolved ("The guy on my left said 'I call that card'": the guy)."""
        s, e = q
        d = self.doc
        verbs = set(LEXICON["quoting"])
        after = [t for t in d[e + 1: e + 5]]
        if after and after[0].lemma_ in verbs:
            for t in after[1:3]:
                if t.text in SEAT_LETTERS:
                    return t.text
        if len(after) > 1 and after[1].lemma_ in ("say", "reply", "answer", "ask") and after[0].text in SEAT_LETTERS:
            return after[0].text
        before = list(d[max(0, s - 14): s])         # "Yusuf, annoyed, snapped back, '...'", "Zoe, trying to be helpful, said out loud '...'"
        for j in range(len(before) - 1, -1, -1):
            if before[j].lemma_ in verbs:
                for t in reversed(before[:j]):
                    if t.text in SEAT_LETTERS:
                        return t.text
                    named = next((m for m in (ms if ms is not None else getattr(self, "ms", ()))
                                  if m.start <= t.i < m.end), None)
                    if named is not None and len(named.seats) == 1 and named.seats[0] in SEAT_LETTERS:
                        return named.seats[0]            # "Tom said, '...'"
                    if t.text in (".", ";", "?"):
                        break
        return None

    def _addressee(self, q: tuple[int, int]) -> str | None:
        s, e = q
        d = self.doc
        for i in range(max(0, s - 4), s):
            if d[i].lemma_ == "to" and i + 1 < len(d) and d[i + 1].text in SEAT_LETTERS:
                return d[i + 1].text
        return None

    def add(self, path: str, value: Any, words: str, overwrite: bool = True) -> None:
        keys = path.split(".")
        cur = self.facts
        for k in keys[:-1]:
            cur = cur.setdefault(k, {})
        if not overwrite and keys[-1] in cur:
            return
        cur[keys[-1]] = value
        self.sources[path] = words.strip()

    def span(self, s: int, e: int) -> str:
        return self.doc[s:e].text

    def _demanded(self) -> list[tuple[int, int]]:
        """The spans of what one player tells another to do: "told Kofi to put that trump card
        face up on the table as an exposed card", "asked him to show ..." -- after a verb of
        lexicon ``directive``, one to three words and "to", up to the end of the clause."""
        d, out = self.doc, []
        directive = set(LEXICON["directive"])
        qs = self._question_span()[0] if any(t.text == "?" for t in d) else len(d)
        for t in d[:qs]:
            if t.lemma_ not in directive:
                continue
            k = next((k for k in range(t.i + 2, min(len(d), t.i + 5)) if d[k].lower_ == "to"), None)
            if k is None or any(x.is_punct for x in d[t.i + 1:k]):
                continue
            end = next((x.i for x in d[k:] if x.is_punct), len(d))
            out.append((k, end))
        # "the other side want that king put face up on the table": what someone wants done
        wanting = set(LEXICON["wanting"])
        for t in d[:qs]:
            if t.lemma_ in wanting:
                out.append((t.i + 1, next((x.i for x in d[t.i + 1:] if x.is_punct), len(d))))
        return out

    def has(self, label: str) -> list[tuple[int, int]]:
        return [(s, e) for l, s, e in self.matches if l == label]

    def negated(self, s: int, e: int, window: int = 4) -> bool:
        """A negation in the words s..e or in the few before them, within their clause ("nobody
        noticed, and then he played": the negation is not the playing's)."""
        lo = max(0, s - window)
        for t in self.doc[lo:s]:
            if t.text in (",", ";", ":", ")", "(", "-", "--", "—", "–"):     # "(nobody noticed) and then played": the aside's own
                lo = t.i + 1
        if self.doc[s].lower_ in ("and", "then", "but"):
            lo = s                  # the words begin a clause of their own: "didn't notice and dealt the next card"
        quoted = self._in_quote(s)
        for t in self.doc[lo:e]:
            if self.sent[t.i] != self.sent[s] or (not quoted and self._in_quote(t.i)):
                continue            # (a "not" inside the words someone says is his, not the story's)
            if t.lemma_ == "without" and t.i + 1 < len(self.doc) and self.doc[t.i + 1].lower_ in LEXICON["without_manner"]:
                continue            # "without thinking he shuffled it": how, not whether
            if t.lemma_ in NEGATION or t.lower_ in NEGATION:
                return True
        return False

    def before(self, s: int) -> str | None:
        """'before'/'after'/'until' timing word heading the clause at s."""
        for t in reversed(self.doc[max(0, s - 8): s]):
            if t.lemma_ in ("before", "till", "until", "prior"):
                return "before"
            if t.lemma_ in ("after", "once", "since", "when"):
                return "after"
            if t.text in (",", ".", ";", "?"):
                break
        return None

    # ------------------------------------------------------------ seats
    def _spectators(self) -> set[str]:
        """The names told as not playing: "Dev, another spectator", "Raj wasn't playing, just
        watching", "Ravi was watching" (a word of the lexicon's ``bystander`` family, or "watch",
        within the few words after the name, in its sentence)."""
        d, out = self.doc, set()
        words = set(CONCEPTS["bystander"]) | {"watch"}
        for t in d:
            if not self._is_name(t):
                continue
            after = [x for x in d[t.i + 1:t.i + 10] if self.sent[x.i] == self.sent[t.i]]
            before = [x for x in d[max(0, t.i - 4):t.i] if self.sent[x.i] == self.sent[t.i]]
            # "Walt, a bystander", "another onlooker, Xavier", "two bystanders, Walter and Xavier"
            if any(x.lemma_ in words or x.lower_ in words for x in after + before):
                out.add(t.text)
        return out

    def _bystander_caller(self) -> None:
        """English 88, "called on, by the players only": the asking clause has a spectator paid or
        calling for the pay ("Does Raj have to pay Dev?", Dev told "another spectator"): not a
        player (Drayson case 139).  And the remark itself, when a spectator is the one who says
        it ("Walter, one of the onlookers, blurts out 'why didn't you count your honours?'")."""
        spectators = self._spectators()
        if spectators and "remark_on_score_oversight" not in (self.facts.get("bystander") or {}):
            for qs_, qe_ in self.quotes:
                who = self.subject(qs_)
                said = {t.lemma_ for t in self.doc[qs_:qe_]}
                if who is not None and who.text in spectators and said & set(LEXICON["score_oversight"]):
                    self.add("bystander.remark_on_score_oversight", True, self.span(who.start, qe_ + 1))
                    break
        b = self.facts.get("bystander") or {}
        if not b.get("remark_on_score_oversight") or "called_on_by_player" in b:
            return
        qs, qe = self._question_span()
        for t in self.doc[qs:qe]:
            if t.lemma_ in ("pay", "owe") and t.i + 1 < qe and self.doc[t.i + 1].text in spectators:
                self.add("bystander.called_on_by_player", False, self.span(t.i, t.i + 2))
                return
        # a spectator claims the pay: "Now Xavier (, the other bystander,) says Walt owes him their
        # side bet", "can Xavier make her pay?"
        claims = set(LEXICON["claim_speech"]) | set(LEXICON["pay_claim"])
        for t in self.doc:
            if t.text not in spectators:
                continue
            after = [x for x in self.doc[t.i + 1:t.i + 16] if self.sent[x.i] == self.sent[t.i]]
            if after and after[0].text == "," and any(x.text == "," for x in after[1:7]):
                # "Xander, the other spectator, also makes ...": past the apposition
                after = after[next(k for k, x in enumerate(after[1:7], 1) if x.text == ",") + 1:]
            verb = next((k for k, x in enumerate(after) if x.lemma_ in claims), None)
            # ("Xavier says that, under the same law, Walt must also pay him")
            if verb is not None and verb <= 5 and any(x.lemma_ in ("pay", "owe") for x in after[verb + 1:verb + 13]):
                self.add("bystander.called_on_by_player", False, self.span(t.i, after[-1].i + 1))
                return

    def _cut_packet(self) -> None:
        """English 34: how few cards the cut took or left ("only lifted three cards off the top"),
        in a story of cutting the pack."""
        d = self.doc
        for s, e in self.has("CUT_FEW"):
            if self._in_quote(s) or not any(t.lemma_ == "cut" and self.sent[t.i] == self.sent[s] for t in d):
                continue
            n = self._number_in(s, e)
            if n is not None and n < 26:
                self.add("cut.fewest_cards", n, self.span(s, e))
                return

    def _dummy_mine(self) -> bool:
        """The asker plays the dummy hand with his own (lexicon ``dummy_mine``: "my hand plus the
        dummy"), or says so in his own words: "I", "me" or "my" shortly before "dummy" in the same
        sentence, with no other player and no place between ("me and Dummy against ...", "I'm
        playing my own hand plus the exposed dummy"; not "on my left was dummy")."""
        text = self.doc.text.lower()
        if any(w in text for w in LEXICON["dummy_mine"]):
            return True
        d = self.doc
        for w in LEXICON["dummy_two_adversaries"]:
            at = text.find(w)
            if at >= 0:
                i = next(t.i for t in d if t.idx + len(t) > at)
                if not any(t.lower_ in ("we", "us", "'re", "are") for t in d[max(0, i - 3):i]):
                    return True
        mine, block = {"i", "me", "my", "myself"}, set(LEXICON["dummy_not_mine_between"])
        for t in d:
            if t.lower_ != "dummy" or (t.i and d[t.i - 1].lemma_ == "double"):
                continue
            for j in range(t.i - 1, max(-1, t.i - 8), -1):
                w = d[j]
                if self.sent[j] != self.sent[t.i] or w.lower_ in block or \
                        (w.text[:1].isupper() and w.text != "I" and j > 0 and self.sent[j - 1] == self.sent[j]):
                    break
                if w.lower_ in mine:
                    return True
        return False

    def _dummy(self) -> None:
        """English "Dummy": in a game of dummy the seat played as dummy -- the asker's partner when
        he plays it with his own hand, else the dummy hand named (the one on his left), told by a
        player; Double Dummy is another game."""
        hits = self.has("DUMMY_GAME")
        if not hits or not self.first_person or \
                any(t.lemma_ == "double" for t in self.doc if t.i + 1 < len(self.doc) and self.doc[t.i + 1].lemma_ == "dummy"):
            return
        named = next((m.seats[0] for m in self.ms if "dummy" in m.text.lower() and len(m.seats) == 1), None)
        seat = "B" if self._dummy_mine() else named or "Y"
        self.add("dummy", seat, self.span(*hits[0]))

    def _player_acts(self, e: int) -> bool:
        """ "one of them" ending at token e is a player when a player's act follows it ("one of them
        reneged"; not "one of them was a diamond", "one of them went to him face up")."""
        acts = set(LEXICON["player_acts"])
        return any(t.lemma_ in acts for t in self.doc[e:e + 2])

    def _mentions(self) -> list[Mention]:
        d = self.doc
        ms: list[Mention] = []
        taken: set[int] = set()
        phrases = sorted(self.phrases, key=lambda x: (x[1], -(x[2] - x[1])))
        for label, s, e in phrases:
            if any(i in taken for i in range(s, e)):
                continue
            kind = label.split(":", 1)[1]
            q = self._in_quote(s)
            seats: tuple
            if kind == "PARTNERWORD":
                if d[s].lower_ in ("his", "her") or (s and d[s - 1].text == "'s" and d[s].lower_ == "partner"):
                    seats = ("HISPARTNER",)         # "his partner", "Greg's partner"
                elif q and d[s].lower_ == "partner":
                    seats = ("ADDRESSEE_PARTNER",)
                elif self.first_person:
                    seats = ("B",)
                else:
                    continue
            elif kind == "AB":
                seats = ("SPEAKERSIDE",) if q else ("A", "B")
            elif kind == "YZ":
                seats = ("Y", "Z")
            elif kind == "OPPONENT":
                if not self.first_person or q:
                    continue
                seats = ("Y",)
            elif kind == "BOTHSIDES":
                seats = ("AB", "YZ")
            elif kind == "ALL":
                seats = ("A", "B", "Y", "Z")
            elif kind == "THEY":
                seats = ("THEY",)
            elif kind == "SOMEONE" or (kind == "ONE_OF_THEM" and (not self.first_person or q or not self._player_acts(e))):
                seats = ("SOMEONE",)        # "... his cards face up; one of them was a diamond": a card
            elif kind == "ONE_OF_THEM":
                seats = ("Y",)
            elif kind == "DEALER":
                seats = ("DEALER",)
            elif kind == "DUMMY":
                around = {d[i].lemma_ for i in (s - 1, e) if 0 <= i < len(d)}
                if around & set(LEXICON["dummy_game"]) or not self.first_person:
                    continue
                # the dummy hand: the asker's partner when he plays it, else the one on his left
                seats = ("B",) if self._dummy_mine() else ("Y",)
            else:
                seats = tuple(kind)
            ms.append(Mention(s, e, seats, self.span(s, e), self.sent[s]))
            taken.update(range(s, e))
        seat_letters_present = any(t.text in ("B", "Y", "Z") for t in d)
        names_order: list[str] = []
        for t in d:
            if t.i in taken:
                continue
            q = self._in_quote(t.i)
            if t.text in ("B", "Y", "Z") or (t.text == "A" and self._a_is_seat(t, seat_letters_present)):
                ms.append(Mention(t.i, t.i + 1, (t.text,), t.text, self.sent[t.i]))
            elif t.text in ("I", "me", "Me", "my", "My", "myself", "mine"):
                ms.append(Mention(t.i, t.i + 1, ("SPEAKER",) if q else ("A",), t.text, self.sent[t.i]))
            elif t.lower_ in ("he", "him", "his", "she", "her", "himself", "herself"):
                ms.append(Mention(t.i, t.i + 1, ("HE",), t.text, self.sent[t.i]))
            elif t.lower_ in ("you", "your") and q:
                ms.append(Mention(t.i, t.i + 1, ("ADDRESSEE",), t.text, self.sent[t.i]))
            elif t.lower_ == "same" and 0 < t.i < len(d) - 1 and d[t.i - 1].lower_ in ("the", "that") \
                    and d[t.i + 1].lemma_ in LEXICON["place_heads"]:
                # "the same guy": the one last told by that word ("The guy on my left ...")
                ms.append(Mention(t.i - 1, t.i + 2, ("SAME",), self.span(t.i - 1, t.i + 2), self.sent[t.i]))
            elif self._is_name(t):
                if t.text not in names_order:
                    names_order.append(t.text)
                ms.append(Mention(t.i, t.i + 1, ("NAME:" + t.text,), t.text, self.sent[t.i]))
        ms.sort(key=lambda m: m.start)
        # names -> seats: first those the words place ("my partner Jane", "Meg and I" -> B;
        # "their Rob", "their Kim and Lou" -> Y, Z), then the others in order of mention
        if names_order:
            # four people named, and the teller never "I": he tells of the table, he does not sit
            # at it ("We cut for partners. Tom cut a ten, and Sue, Priya and Raj ..."): his seat is free
            teller_plays = len(names_order) < 4 or any(
                m.seats == ("A",) and m.text.lower() in ("i", "me", "my", "myself", "mine") for m in ms)
            used = {"A"} if self.first_person and teller_plays else set()
            # a seat told by its place for someone not named ("The woman on my left said ..."; not
            # "Raj, on my left, ...", in apposition to a name) is no name's
            used |= {m.seats[0] for m in ms if len(m.seats) == 1 and m.seats[0] in ("Y", "Z") and m.start
                     and {"left", "right"} & {t.lower_ for t in d[m.start:m.end]}
                     and d[m.start - 1].text not in (",", "(") and not self._is_name(d[m.start - 1])}
            self._narrator_names(ms)
            wants = self._name_sides(ms)
            for nm, seat in self._seats_in_play(ms, wants).items():
                used.add(seat)
                self.names[seat] = nm
            for nm, side in wants.items():
                if nm in self.names.values() or nm in self.aliases:
                    continue
                seat = next((x for x in (("B",) if side == "AB" else ("Y", "Z")) if x not in used), None)
                if seat:
                    used.add(seat)
                    self.names[seat] = nm
            for m in ms:
                if m.seats[0].startswith("NAME:"):
                    nm = m.seats[0][5:]
                    if nm in self.names.values() or nm in self.aliases:
                        continue
                    # told by a player, a name the words do not place is first taken for an
                    # adversary: the asker says "my partner" of his own partner
                    order = ("Y", "Z", "B", "A") if self.first_person else ("A", "B", "Y", "Z")
                    seat = next(s for s in order if s not in used) if len(used) < 4 else None
                    if seat:
                        used.add(seat)
                        self.names[seat] = nm
            self._seat_relations(ms, wants)
            inv = {v: k for k, v in self.names.items()}
            for m in ms:
                if m.seats[0].startswith("NAME:"):
                    nm = m.seats[0][5:]
                    m.seats = (self.aliases[nm],) if nm in self.aliases else (inv[nm],) if nm in inv else ("SOMEONE",)
            ms = self._placed_from_names(ms)
        return ms

    def _placed_from_names(self, ms: list[Mention]) -> list[Mention]:
        """A player told by his place from a named one, "the opponent (sitting) on Fran's left": one
        mention, the seat on Fran's left (not Fran)."""
        out: list[Mention] = []
        for m in ms:
            placed = self._placed(m, out)
            if placed is None:
                out.append(m)
                continue
            out = [x for x in out if not (placed.start <= x.start < m.start)]
            out.append(placed)
            self.anchors[(placed.start, placed.end)] = m.seats[0]
        return out

    def _placed(self, m: Mention, before: list[Mention]) -> Mention | None:
        """The seat a mention places another by ("the opponent on Fran's left", "the player on his
        left": the seat on that player's left), else None. ``before``: the mentions read so far."""
        d, heads = self.doc, set(LEXICON["place_heads"])
        if m.end + 1 < len(d) and d[m.end].text == "'s":
            side, end = d[m.end + 1].lower_, m.end + 2
        elif m.end - m.start == 1 and d[m.start].lower_ in ("his", "her", "my") and m.end < len(d):
            side, end = d[m.end].lower_, m.end + 1
        else:
            return None
        head = next((j for j in range(m.start - 2, max(-1, m.start - 6), -1) if d[j].lemma_ in heads), None) \
            if side in ("left", "right") and m.start >= 2 and d[m.start - 1].lower_ == "on" else None
        if head is None or len(m.seats) != 1 or m.seats[0] not in SEAT_LETTERS:
            return None
        start = head - 1 if head and d[head - 1].lower_ in ("the", "a", "an") else head
        if any(x.start < start and x.end > head for x in before if x.sent == m.sent):
            return None
        seat = (LEFT if side == "left" else RIGHT)[m.seats[0]]
        return Mention(start, end, (seat,), self.span(start, end), m.sent)

    def _that_one(self, i: int) -> bool:
        """The possessive before token i is "that|this <player>'s" ("that player's partner")."""
        d = self.doc
        return i >= 3 and d[i - 1].text == "'s" and d[i - 2].lemma_ in LEXICON["place_heads"] \
            and d[i - 3].lower_ in ("that", "this")

    def _relations(self, ms: list[Mention]) -> list[tuple[str, str, str]]:
        """Where the words seat one named player from another: "Bob on her left", "Raj, who sits
        on Tom's left", "Harriet (Sam's left-hand opponent)", "Sam's partner Zara", "Tom, Sue's
        partner" -> (name, "left" | "right" | "partner", other), ``other`` a name or "I" ("his",
        "her": the player named last before). Read within the sentence, up to the next name."""
        d, out = self.doc, []
        names = [m for m in ms if m.seats[0].startswith("NAME:") and not self._in_quote(m.start)]

        def owner(j: int, before: int) -> str | None:
            """The player a possessive at token j stands for."""
            t = d[j]
            if t.text in ("my", "My"):
                return "I" if self.first_person else None
            if t.lower_ in ("his", "her"):
                # the player named last before, or a seat told by its place ("the guy on my left
                # ... his partner Carl": "@Y")
                # (not the words in apposition to the one placed: "my partner Pat sits on her left")
                prev = [x for x in ms if x.end <= before and not self._in_quote(x.start) and len(x.seats) == 1
                        and (x.seats[0].startswith("NAME:") or x.seats[0] in ("B", "Y", "Z"))
                        and not all(t.text in (",", "(") for t in d[x.end:before])]
                if not prev:
                    return None
                x = prev[-1]
                # a possessive opening its sentence stands for the subject of the sentence before,
                # its first player named ("Alice took the trump card before Zoe had played. Her
                # partner Bob ...": Alice's)
                if j == self._sent_bounds(j)[0] and j > 0:
                    x = next((y for y in prev if self.sent[y.start] == self.sent[j - 1]), x)
                return x.seats[0][5:] if x.seats[0].startswith("NAME:") else "@" + x.seats[0]
            if t.text == "'s":
                x = next((x for x in names if x.end == j), None)
                return x.seats[0][5:] if x else None
            return None
        # ... and where the teller or his partner sits from a named player: "I sit on Lou's left",
        # "my partner is on her right" ("I", "@B")
        tellers = [m for m in ms if self.first_person and not self._in_quote(m.start) and (
            (m.text in ("I", "me") and m.seats == ("A",)) or (m.text.lower() == "my partner" and m.seats == ("B",)))]
        for k, m in enumerate(sorted(names + tellers, key=lambda x: x.start)):
            nm = m.seats[0][5:] if m in names else ("I" if m.seats == ("A",) else "@B")
            stop = min([x.start for x in names if x.start > m.start and not self._possessive(x)] + [len(d)])
            # "Tom led out of turn. Nina, on the other side, ...": the other side from the player
            # named last before her
            if m in names and m.end + 2 < len(d) and d[m.end].text == "," and d[m.end + 1].lower_ in ("on", "of", "from"):
                side = next((x for x in ms if x.start == m.end + 2 and x.seats == ("Y", "Z")
                             and x.text.lower().split()[-1] in ("side", "team")), None)
                prev = [x for x in names if x.end <= m.start and x.seats != m.seats]
                if side is not None and prev:
                    out.append((nm, "opponent", prev[-1].seats[0][5:]))
                    continue
            for j in range(m.end, min(stop, m.end + 9)):
                if d[j].text in (".", "?", "!", ";"):
                    break
                side = d[j].lower_.split("-")[0]
                if side in ("left", "right") and j >= 1:
                    p = j - 1
                    if (w := owner(p, m.start)) and w != nm:
                        out.append((nm, side, w))
                    break
                if m in names and (d[j].lower_ == "partner" and d[j - 1].text == "'s" and d[j - 2].text in (",", "(") or
                                   d[j].lower_ == "partner" and j == m.end + 2 and d[m.end].text in (",", "(")):
                    if (w := owner(j - 1, m.start)) and w != nm:
                        out.append((nm, "partner", w))
                    break
                # "Tom, one of her opponents,", "Tom (Sue's opponent)": the other side from hers
                if m in names and d[j].lemma_ in OPPONENT_NOUNS and d[m.end].text in (",", "(") \
                        and all(t.lower_ in ("one", "of", "'s") or t.i in (m.end, j - 1) for t in d[m.end:j]):
                    if (w := owner(j - 1, m.start)) and w != nm:
                        out.append((nm, "opponent", w))
                    break
            # "Sam's partner Zara", "her partner Tom"
            if m in names and m.start >= 2 and d[m.start - 1].lower_ == "partner":
                if (w := owner(m.start - 2, m.start - 2)) and w != nm:
                    out.append((nm, "partner", w))
        return out

    def _seat_relations(self, ms: list[Mention], wants: dict[str, str]) -> None:
        """Reseat the named players when the seats given so far break what the words tell of
        where they sit (``_relations``): of the assignments that satisfy every relation and the
        sides told, the one that keeps the seats of the players named first."""
        rels = self._relations(ms)
        if not rels:
            return
        fixed = {"I": "A"} if self.first_person else {}
        fixed.update({nm: seat for nm, seat in self.aliases.items()})
        fixed.update({w: w[1:] for r in rels for w in (r[0], r[2]) if w.startswith("@")})   # seats told by place
        current = {nm: seat for seat, nm in self.names.items()}
        people = list(dict.fromkeys([*current, *(n for r in rels for n in (r[0], r[2]) if n not in fixed)]))
        if len(people) + len(set(fixed.values())) > 4:
            return
        rel_of = {"left": LEFT, "right": RIGHT, "partner": PARTNER}

        def related(a: str, kind: str, b: str) -> bool:
            if kind == "opponent":
                return SIDE[a] != SIDE[b]
            return a == rel_of[kind].get(b)

        def fits(seat_of: dict[str, str]) -> bool:
            return all(related(seat_of[a], kind, seat_of[b]) for a, kind, b in rels
                       if a in seat_of and b in seat_of) \
                and all(SIDE[x] == wants[n] for n, x in seat_of.items() if n in wants)
        if fits({**current, **fixed}):
            return
        free = [x for x in SEAT_LETTERS if x not in fixed.values()]
        best, best_kept = None, ()
        for seats in itertools.permutations(free, len(people)):
            seat_of = {**dict(zip(people, seats)), **fixed}
            if fits(seat_of):
                # the seats of the players named first are kept first
                kept = tuple(current.get(n) == seat_of[n] for n in people)
                if best is None or kept > best_kept:
                    best, best_kept = seat_of, kept
        if best is not None:
            self.names = {seat: nm for nm, seat in best.items() if nm in people}

    def _narrator_names(self, ms: list[Mention]) -> None:
        """The names a player telling the story gives himself and his partner: "I (Al, fourth to
        play)", "I'm Priya", "We (Yan and Zoe)", "my partner and I (Ann and Bob)" -- the first
        stands for A, a second for B (``self.aliases``)."""
        if not self.first_person:
            return
        d = self.doc
        by_start = {m.start: m for m in ms}
        for m in ms:
            if not m.seats[0].startswith("NAME:") or m.start < 2 or self._in_quote(m.start):
                continue
            prev, before = d[m.start - 1], d[m.start - 2]
            if prev.lower_ in ("'m", "am") and before.text == "I":
                self.aliases.setdefault(m.seats[0][5:], "A")
            if prev.text not in ("(", ","):
                continue
            owner = by_start.get(m.start - 2) or next((x for x in ms if x.end == m.start - 1), None)
            if before.text in ("I", "me") or (owner is not None and owner.seats in (("AB",), ("A", "B"))):
                told = [x for x in ms if x.start >= m.start and x.seats[0].startswith("NAME:")
                        and not any(t.text == ")" for t in d[m.start:x.start])][:2]
                names = [x.seats[0][5:] for x in told]
                if prev.text == "," and len(told) == 2 and told[-1].end < len(d) \
                        and any(t.lower_ == "and" for t in d[told[0].end:told[1].start]) \
                        and d[told[-1].end].text not in (",", ")", "-", "—"):
                    continue        # "me, Raj and Tom all cut kings": a list of three, not my name
                for nm, seat in zip(names, ("A", "B")):
                    self.aliases.setdefault(nm, seat)

    def _place_told(self, m: Mention, starts: set[int]) -> int | None:
        """The place in the order of play told beside a mention: "Bea (second hand)", "Al in
        fourth seat", "Tom, third hand,", "fourth hand Al" (lexicon ``play_positions``)."""
        d = self.doc

        def ordinal(j: int) -> int | None:
            pos = PLAY_POSITIONS.get(d[j].lower_)
            nxt = d[j + 1] if j + 1 < len(d) else None
            return pos if pos and nxt is not None and (nxt.lower_ in POSITION_NOUNS or nxt.text in (")", ",")) else None
        if self._possessive(m):
            return None                                 # "Sue's partner in fourth seat": the partner's place
        for j in range(m.end, min(len(d) - 1, m.end + 7)):
            if d[j].text in (".", "?", "!", ";") or (j in starts and not (j + 1 < len(d) and d[j + 1].text == "'s")):
                break
            if (pos := ordinal(j)) is not None:
                return pos
        j = m.start - 1
        if j > 0 and d[j].text == ",":
            j -= 1
        if j > 0 and d[j].lower_ in POSITION_NOUNS and (pos := ordinal(j - 1)) is not None:
            return pos
        return None

    def _seats_in_play(self, ms: list[Mention], wants: dict[str, str]) -> dict[str, str]:
        """Names placed by the order of play the question tells (two places at least, the leader
        counting: "Yan leads ... Bea (second hand) ... Al in fourth seat"): the seats that put
        them in that order, consistent with the narrator's seat (A) and the sides the words give;
        ``self.places`` keeps every seat's place."""
        d = self.doc
        starts = {m.start for m in ms}
        told: dict[str, int] = {}
        for m in ms:
            tag = m.seats[0]
            if tag.startswith("NAME:"):
                who = tag[5:]
            elif self.first_person and m.text in ("I", "me") and not self._in_quote(m.start):
                who = "I"
            else:
                continue
            if (pos := self._place_told(m, starts)) is not None:
                told.setdefault("I" if self.aliases.get(who) == "A" else who, pos)
        if not told:
            return {}
        for m in ms:                                    # the leader: "Yan leads", "Sue led."
            if m.seats[0].startswith("NAME:") and self._leads_the_trick(m):
                told.setdefault(m.seats[0][5:], 0)
                break
        if len(told) < 2:
            return {}
        for lead in CYCLE:
            seats = {w: CYCLE[(CYCLE.index(lead) + pos) % 4] for w, pos in told.items()}
            if len(set(seats.values())) < len(seats) or seats.get("I", "A") != "A" \
                    or (self.first_person and any(x == "A" for w, x in seats.items() if w != "I")) \
                    or any(SIDE[x] != wants[w] for w, x in seats.items() if w in wants):
                continue
            self.places = _places_after(lead)
            return {w: x for w, x in seats.items() if w != "I"}
        return {}

    def _name_sides(self, ms: list[Mention]) -> dict[str, str]:
        """The side the words around a name put it on, told by a player: "my partner Jane",
        "Meg and I", "me and Meg" -> AB; "their Rob", "opponent Sue", "their Kim and Lou",
        "Ed ... his partner Fran" -> YZ (both)."""
        d = self.doc
        out: dict[str, str] = {}
        for m in ms:
            if not m.seats[0].startswith("NAME:"):
                continue
            nm = m.seats[0][5:]
            k = m.start          # "my partner Aunt Mo": a title of kin or address before the name
            while k > 1 and d[k - 1].lower_ in LEXICON["name_titles"]:
                k -= 1
            prev = d[k - 1].lower_ if k else ""
            before = d[k - 2] if k > 1 else None
            nxt = [t.text for t in d[m.end:m.end + 2]]
            side = None
            if prev in ("partner", "partner,") and (before is None or before.lower_ in ("my", "our") or before.is_punct):
                side = "AB"                     # "my partner Jane"; told by a player, "Partner Bea ..."
            elif prev in ("partner", "partner,") and self.first_person and before is not None:
                # "his partner Fran", "Jake's partner Mia": the side of the one named before,
                # the other side unless that one is my partner
                owner = next((x.seats[0][5:] for x in reversed(ms) if x.start < m.start - 1
                              and x.seats[0].startswith("NAME:")), None)
                if owner is not None and out.get(owner) != "AB":
                    side = out[owner] = "YZ"
            elif self.first_person and (nxt in (["and", "I"], ["and", "me"]) or (
                    prev == "and" and before is not None and before.text in ("I", "me", "Me"))):
                side = "AB"
            elif (after := self._side_after(m, ms)) is not None:
                side = after                    # "Anna on the other team"
            elif self.first_person and (prev in OPPONENT_WORDS or (
                    prev in ("and", "&") and before is not None and out.get(before.text) == "YZ")):
                side = "YZ"
            if side and nm not in out:
                out[nm] = side
        return out

    def _side_after(self, m: Mention, ms: list[Mention]) -> str | None:
        """The side a phrase right after a name puts it on: "Anna on the other team" -> YZ."""
        d = self.doc
        close = self._relative_clause(m)
        if close is not None:
            # a relative clause: "Priya, who's on Tom's left and one of our opponents, grabbed ..."
            named = {_side_of(x.seats) for x in ms if m.end < x.start and x.end <= close and x.seats
                     and not self._possessive(x)} - {None}
            if len(named) == 1:
                return named.pop()
        nxt = next((x for x in ms if x.start > m.start), None)
        if nxt is None or not 0 < nxt.start - m.end <= 2 or \
                not all(t.lower_ in SIDE_APPOSITION for t in self.doc[m.end:nxt.start]):
            return None
        return {("Y", "Z"): "YZ", ("A", "B"): "AB"}.get(tuple(nxt.seats))

    def _possessive(self, m: Mention) -> bool:
        """The mention owns what follows it ("Sue's partner", "Ravi's left")."""
        return m.end < len(self.doc) and self.doc[m.end].text == "'s"

    def _relative_clause(self, m: Mention) -> int | None:
        """Where the relative clause right after a mention ("Priya, who's ... ,") closes, or None."""
        d = self.doc
        if not (m.end + 1 < len(d) and d[m.end].text == "," and d[m.end + 1].lower_ in ("who", "who's")):
            return None
        return next((t.i for t in d[m.end + 1:] if t.text in (",", "-", "—", "–", ";")
                     or self.sent[t.i] != self.sent[m.start]), len(d))

    def _a_is_seat(self, t, others: bool) -> bool:
        d = self.doc
        nxt = d[t.i + 1] if t.i + 1 < len(d) else None
        if nxt is None or not nxt.is_alpha:
            return others or t.i > 0
        if nxt.lower_ in ("and", "or", "'s", "says", "said", "asks", "then", "at", "is", "has",
                          "had", "was", "cannot", "can", "may", "must", "also", "now", "himself", "immediately"):
            return True
        if not others:
            return False
        # "A deals", "A separates" -- a verb; "A card", "A revoke" -- a noun
        nouns = {"card", "player", "revoke", "misdeal", "trick", "suit", "game", "rubber", "deal",
                 "new", "fresh", "lead", "penalty", "bet", "score", "renounce", "second", "third",
                 "few", "lot", "partner", "question", "dealer", "court", "small", "big", "club",
                 "heart", "diamond", "spade", "king", "queen", "knave", "ten"}
        return nxt.lower_ not in nouns

    def _is_name(self, t) -> bool:
        if not (t.is_alpha and t.text[:1].isupper() and t.text[1:].islower() and len(t.text) > 1):
            return False
        if t.lower_ in NOT_NAMES or t.lemma_ in NOT_NAMES:
            inside = t.i > 0 and t.doc[t.i - 1].text not in (".", "?", "!", '"', ":", "'")
            return inside and t.lower_ in LEXICON["names_too"]
        if t.lower_ in LEXICON["titles"]:
            name_after = t.i + 1 < len(t.doc) and t.nbor().is_alpha and t.nbor().text[:1].isupper()
            return not name_after
        if t.lemma_ in RANK or t.lemma_ in SUIT_WORDS:
            return False
        d = self.doc
        prev = d[t.i - 1] if t.i else None
        sentence_start = prev is None or prev.text in (".", "?", "!", '"')
        if prev is not None and prev.is_alpha and prev.text[:1].isupper() and prev.lower_ in NOT_NAMES \
                and prev.i > 0 and d[prev.i - 1].text not in (".", "?", "!", '"', ":"):
            return False        # a title's word ("the 1894 Whist Congress", "the American Whist League")
        nxt = d[t.i + 1] if t.i + 1 < len(d) else None
        if sentence_start or (prev is not None and prev.text == ":"):
            # a capital at the start of a sentence is a name when the word is one elsewhere too
            # ("Sue kept picking up her cards ... Can Sue demand a new deal?")
            again = any(x.text == t.text and x.i != t.i and x.i > 0 and d[x.i - 1].text not in (".", "?", "!", '"', ":")
                        for x in d)
            if t.lower_ in SUBJECT_STARTS:
                return False                # "Nobody noticed"
            bracket = d[t.i + 2:t.i + 7] if nxt is not None and nxt.text == "(" else []
            if any(x.text == ")" for x in bracket):
                bracket = bracket[:next(k for k, x in enumerate(bracket) if x.text == ")")]
                if any(x.lower_ in LEXICON["name_bracket_words"] for x in bracket):
                    return True         # "Walt (opponent) named ...": who he is, in brackets
            return again or (nxt is not None and (nxt.lower_ in ("and", ",") or nxt.lemma_ in (
                "cut", "draw", "deal", "lead", "play", "revoke", "say", "win", "hold", "have", "be", "put", "let", "set")
                # "Lou named ...", "Dan threw ...": a verb in the past (the lemmatiser knows it as a
                # form of another word) after a word it leaves alone
                or (nxt.lower_ != nxt.lemma_ and nxt.lower_.endswith(PAST_ENDINGS) and t.lemma_ == t.lower_)
                # "Kevin always grabs ...": an adverb of how often or when (lexicon ``name_then``)
                or (nxt.lower_ in LEXICON["name_then"] and t.lemma_ == t.lower_)))
        return True

    def _resolve(self, ms: list[Mention]) -> list[Mention]:
        """Pronouns and roles to seats, in reading order. "he" and "she" stand for the last player
        told of whose sex, as far as the words tell it (``sexes``), is not the other."""
        thirds: list[str] = []          # the players a later "he" or "she" may stand for, the last last
        partners: list[str] = []        # the partners told as "her partner": a later "he" of the other sex
        sexes: dict[str, str] = {}
        last_placed: str | None = None
        last_plural: tuple | None = None
        dealer = self.facts.get("dealer")
        out = []
        for m in ms:
            seats = m.seats
            q = self._in_quote(m.start)
            tag = seats[0]
            last_third = self._third(thirds, sexes, self.doc[m.start], partners)
            if tag == "SPEAKER" or tag == "SPEAKERSIDE" or tag.startswith("ADDRESSEE"):
                sp = self._speaker(q, out) if q else None
                if tag == "SPEAKER":
                    seats = (sp,) if sp else ("A",)
                elif tag == "SPEAKERSIDE":
                    seats = tuple(sorted(x for x in SEAT_LETTERS if SIDE[x] == SIDE[sp])) if sp else ("A", "B")
                elif tag == "ADDRESSEE_PARTNER":
                    seats = (PARTNER[sp],) if sp else ()
                else:
                    ad = self._addressee(q) if q else None
                    seats = (ad,) if ad else ()
            elif tag == "HE":
                seats = (last_third,) if last_third else ()
                sex = next((x for x in ("male", "female") if self.doc[m.start].lower_ in LEXICON[x]), None)
                doer = self._doer_of_verb_before(m, out)
                if doer is not None and seats == (doer,):
                    # "my partner told him ...": "him" is not the one who told (an object pronoun
                    # is not the subject of its own verb) -- the player told of before
                    other_ = next((x for x in reversed(thirds) if x != doer and (sex is None or sexes.get(x, sex) == sex)), None)
                    seats = (other_,) if other_ else ()
                prev = self._previous_subject(m, out)
                if prev is not None and sex and sexes.get(prev) == sex and last_third and last_third not in sexes:
                    # "Alan plays his own hand and the dummy against me and Rosa. He forgot ...": a
                    # pronoun opening its sentence, of the sex known of the previous sentence's
                    # subject, is that subject rather than a player of unknown sex named after it
                    seats = (prev,)
            elif tag == "HISPARTNER":
                # "that player's partner": the partner of the player last told by his place
                that = last_placed if last_placed and self._that_one(m.start) else last_third
                seats = (PARTNER[that],) if that else ()
                owner_sex = next((x for x in ("male", "female") if self.doc[m.start].lower_ in LEXICON[x]), None)
                if that in SEAT_LETTERS and owner_sex and self.doc[m.start].lower_ in POSSESSIVES:
                    sexes.setdefault(that, owner_sex)       # "her partner": the one she is, a woman
            elif tag == "THEY":
                if self.first_person:
                    seats = ("Y", "Z")
                else:
                    # "they" with no one named before: a player's question about the other side
                    seats = last_plural or (("Y", "Z") if not any(x.seats and x.start < m.start for x in ms) else ())
            elif tag == "SAME":
                head = self.doc[m.end - 1].lemma_
                same = next((x for x in reversed(out) if len(x.seats) == 1
                             and any(t.lemma_ == head for t in self.doc[x.start:x.end])), None)
                seats = same.seats if same else ()
            elif tag == "DEALER":
                seats = (dealer,) if dealer else ()
            elif tag == "SOMEONE":
                seats = ()
            host = next((h for h in reversed(out) if len(h.seats) == 1 and h.seats[0] in SEAT_LETTERS
                         and (close := self._relative_clause(h)) is not None and h.end < m.start < close), None)
            if host is not None and _side_of(tuple(seats)) == _side_of(host.seats) and m.text[:1].islower() \
                    and m.text.lower() not in NARRATOR and not self._possessive(m):
                seats = host.seats          # "Priya, who's ... one of our opponents,": Priya herself
            m = Mention(m.start, m.end, tuple(seats), m.text, m.sent)
            if (tag == "HE" or m.text.lower() == "my") and (placed := self._placed(m, out)) is not None:
                # "the player on his left", "the woman on my left": the seat on that player's left
                # (after "my", the one a later "she" stands for)
                if tag == "HE":
                    self.anchors[(placed.start, placed.end)] = last_third
                out = [x for x in out if not placed.start <= x.start < placed.end]
                m, seats = placed, placed.seats
            if (m.start, m.end) in self.anchors:
                # a player told by his place from another is not the one a later "he" or "her"
                # stands for: that is the other ("the opponent on Fran's left, not the one on her
                # right, called a club from her": Fran), but "that player's partner" is his
                last_placed = seats[0]
                thirds.append(self.anchors[(m.start, m.end)])
                out.append(m)
                continue
            if len(seats) == 1:
                # "he", "his" never stand for the one who tells the story ("I dealt, and he ..."),
                # nor for the partner "his partner" named ("Jen led ...; her partner played": Jen's)
                if tag == "HISPARTNER" and seats[0] in SEAT_LETTERS:
                    partners.append(seats[0])
                if not (self.first_person and m.text.lower() in NARRATOR) and tag != "HISPARTNER":
                    thirds.append(seats[0])
                    # "her": she; "the guy on my left": he ("his uncle": not the uncle's)
                    words = [t.lower_ for t in self.doc[m.start:m.end]]
                    if len(words) > 1 and words[0] in POSSESSIVES:
                        words = words[1:]
                    sex = next((x for w in words for x in ("male", "female") if w in LEXICON[x]), None)
                    if sex and seats[0] in SEAT_LETTERS:
                        sexes.setdefault(seats[0], sex)
            elif len(seats) >= 2:
                last_plural = seats
            out.append(m)
        # "A and B" -> one plural mention
        merged: list[Mention] = []
        for m in out:
            if merged and m.seats and merged[-1].seats and merged[-1].sent == m.sent:
                gap = self.doc[merged[-1].end:m.start]
                possessive = self._possessive(m)     # "Rick, Sue's partner"
                if len(gap) <= 2 and all(t.lower_ in ("and", ",", "both") for t in gap) and len(gap) >= 1 \
                        and not possessive:
                    prev = merged[-1]
                    merged[-1] = Mention(prev.start, m.end, tuple(dict.fromkeys(prev.seats + m.seats)),
                                         self.span(prev.start, m.end), m.sent)
                    continue
            merged.append(m)
        return merged

    def _sentence_start(self, k: int) -> int:
        """The position of the first token of sentence k."""
        return next(x.i for x in self.doc if self.sent[x.i] == k)

    def _previous_subject(self, m: Mention, out: list[Mention]) -> str | None:
        """The seat of the previous sentence's subject (its first mention, one player, not the
        teller), when ``m`` opens its sentence; else None."""
        if not _opens_sentence(self.doc, m.start):
            return None
        k = self.sent[m.start] - 1
        first = next((x for x in out if x.sent == k and not self._in_quote(x.start)), None)
        if first is None or len(first.seats) != 1 or first.seats[0] not in SEAT_LETTERS \
                or first.text.lower() in NARRATOR:
            return None
        return first.seats[0]

    def _doer_of_verb_before(self, m: Mention, out: list[Mention]) -> str | None:
        """For an object pronoun right after a verb of telling or making ("my partner told him",
        "can Ellie make him lead"): the one seat of the mention just before that verb, in its
        sentence, else None."""
        d = self.doc
        if m.start < 2 or d[m.start].lower_ not in ("him", "her") or self._possessive(m):
            return None
        verb = d[m.start - 1]
        if verb.lemma_ not in TELLING:
            return None
        subj = next((x for x in reversed(out) if x.end <= verb.i), None)
        if subj is None or verb.i - subj.end > 2 or self.sent[subj.start] != self.sent[m.start] or len(subj.seats) != 1:
            return None
        return subj.seats[0]

    @staticmethod
    def _third(thirds: list[str], sexes: dict[str, str], word, partners: list[str] = ()) -> str | None:
        """The player a pronoun ``word`` stands for: the last of ``thirds`` not known to be of the
        other sex ("he" after "Priya ... her hand ... the guy on my left": the guy), else the last
        partner told as "her partner" ("Jo led ...; her partner holds the last trump; we told him":
        the partner), else the last."""
        sex = next((x for x in ("male", "female") if word.lower_ in LEXICON[x]), None)
        if sex is not None:
            fit = next((x for x in reversed(thirds) if sexes.get(x, sex) == sex), None)
            if fit is None and thirds and sexes.get(thirds[-1]) not in (None, sex):
                fit = next((x for x in reversed(partners) if sexes.get(x, sex) == sex), None)
            if fit is not None:
                return fit
        return thirds[-1] if thirds else None

    def subject(self, i: int, same_sentence: bool = True) -> Mention | None:
        """The nearest seat mention before token i (in the same sentence), else the last one; a
        mention inside an aside closed before i ("Greg - he's on my left, one of the other side -
        started picking up") stands for no doer."""
        best, prev = None, None
        # the asides, and the relative clause after a mention ("the dealer, who's on the other side,
        # flipped ..."): a mention inside one closed before i is no doer
        asides = self._asides() + [(m.end, close) for m in self.ms if (close := self._relative_clause(m)) is not None]
        d = self.doc
        if 0 < i < len(d) and d[i].lower_.endswith("ing") and d[i].lemma_ != d[i].lower_ \
                and d[i - 1].text == "," and same_sentence:
            # a participle after a comma ("Zed said ... to his partner, naming the turn-up"; its
            # lemma a verb's, not "king", "during") is done by the sentence's subject: its first seat mention outside quotes and not the
            # object of a preposition
            first = next((m for m in self.ms if m.sent == self.sent[i] and m.end <= i and m.seats
                          and not self._in_quote(m.start)
                          and not (m.start and d[m.start - 1].lower_ in LEXICON["object_prepositions"])),
                         None)
            if first is not None:
                return first
        if same_sentence and 0 < i < len(d) and d[i].lemma_ != d[i].lower_:
            # a verb coordinated with the sentence's first ("They took nine tricks to our four but
            # reneged once"): done by that verb's subject, the sentence's first seat mention
            j = i - 1
            while j > 0 and d[j].lower_ in LEXICON["coordinated_verb_glue"]:
                j -= 1
            if d[j].lower_ in LEXICON["verb_coordinators"]:
                # ... when the sentence opens with that subject ("one of the cards he dealt hit my
                # hand and flipped": the cards flipped, not he)
                start = self._sentence_start(self.sent[i])
                first = next((m for m in self.ms if m.sent == self.sent[i] and m.end <= j), None)
                one_clause = first is not None and not any(
                    x.lower_ in LEXICON["verb_coordinators"] or x.lower_ in LEXICON["clause_openers"]
                    for x in d[first.end:j])       # "Tim was dealing when ... a card hit her hand and flipped"
                if one_clause and first.seats and first.start == start and self._in_quote(i) is None:
                    return first
        for m in self.ms:
            if m.end <= i and (not same_sentence or m.sent == self.sent[i]):
                if self._in_quote(m.start) != self._in_quote(i):
                    continue
                if any(a < m.start and m.end <= b < i for a, b in asides):
                    continue
                if m.seats or same_sentence:
                    best, prev = m, best
        if best is not None and prev is not None and len(best.seats) == 2 and len(prev.seats) == 1 \
                and 0 < best.start - prev.end <= 2 and all(t.lower_ in SIDE_APPOSITION for t in self.doc[prev.end:best.start]):
            return prev                 # "Anna on the other team had picked up ...": Anna
        return best

    def _asides(self) -> list[tuple[int, int]]:
        """(opening, closing) token positions of the asides between two dashes or in brackets,
        within a sentence."""
        if self._aside_spans is None:
            out, open_at = [], None
            for t in self.doc:
                if t.text in ("-", "—", "–", "--"):
                    if open_at is not None and self.sent[open_at] == self.sent[t.i]:
                        out.append((open_at, t.i))
                        open_at = None
                    else:
                        open_at = t.i
                elif t.text == "(":
                    open_at = t.i
                elif t.text == ")" and open_at is not None:
                    out.append((open_at, t.i))
                    open_at = None
            # a participle between commas ("Wes, backing our opponents, blurted ..."), or the one
            # set against the doer ("the opponent on her left, not the one on her right, called"):
            # an aside too
            d = self.doc
            for t in d:
                if t.text == "," and t.i + 1 < len(d) and t.i > 0 and d[t.i - 1].is_alpha and (
                        d[t.i + 1].lower_ == "not" and d[t.i + 2:t.i + 3].text.lower() in ("the", "his", "her")
                        or d[t.i + 1].lower_.endswith("ing") and d[t.i + 1].lemma_ != d[t.i + 1].lower_):
                    close = next((x.i for x in d[t.i + 2:t.i + 10] if x.text == ","
                                  and self.sent[x.i] == self.sent[t.i]), None)
                    if close is not None:
                        out.append((t.i, close))
                # a name's apposition between commas ("Tom, one of her opponents, picked up"):
                # its player is the name's, not the doer's
                elif t.text == "," and 0 < t.i < len(d) - 2 and d[t.i - 1].text[:1].isupper() and d[t.i - 1].is_alpha \
                        and d[t.i - 1].lower_ not in NARRATOR and not _opens_sentence(d, t.i - 1) \
                        and (d[t.i + 1].lower_ in LEXICON["apposition_openers"] or d[t.i + 2].text == "'s"):
                    close = next((x.i for x in d[t.i + 2:t.i + 8] if x.text in (",", ".", ";")
                                  and self.sent[x.i] == self.sent[t.i]), None)
                    if close is not None and d[close].text == "," and any(
                            x.lemma_ in OPPONENT_NOUNS or x.lemma_ == "partner" for x in d[t.i + 1:close]):
                        out.append((t.i, close))
            self._aside_spans = out
        return self._aside_spans

    def object(self, i: int) -> str | None:
        """The one seat named first at or after token i, within three tokens, in the same sentence
        ("Jess", "the player on his left": the seat on the left of the one "his" stands for)."""
        m = self.object_after(i, 4) if i < len(self.doc) else None
        if m is None or len(m.seats) != 1 or m.seats[0] not in SEAT_LETTERS:
            return None
        side = self.doc[m.end].lower_ if m.end < len(self.doc) else ""
        if m.start > i and self.doc[m.start - 1].lower_ == "on" and side in ("left", "right"):
            return (LEFT if side == "left" else RIGHT)[m.seats[0]]
        return m.seats[0]

    def _reported(self, i: int) -> Mention | None:
        """The speaker, when token i stands in what someone says or judges ("my partner says
        it's a revoke"): a verb of saying between the nearest mention and i."""
        m = self.subject(i)
        if m is None:
            return None
        return m if any(t.lemma_ in LEXICON["speech"] for t in self.doc[m.end:i]) else None

    def _said_unquoted(self, i: int) -> bool:
        """Token i is in what someone says, unquoted ("the opponent says any talking during play
        breaks the law"), not an act told after the saying ("said 'draw', and scooped ...")."""
        m = self._reported(i)
        if m is None:
            return False
        verb = next(t.i for t in self.doc[m.end:i] if t.lemma_ in LEXICON["speech"])
        return not any(t.is_quote or t.lower_ in ("and", "then", ";") for t in self.doc[verb:i])

    def _doer(self, i: int) -> Mention | None:
        """The nearest mention before token i that is not only the speaker of a report of it."""
        return None if self._reported(i) else self.subject(i)

    def _under_way(self, s: int, e: int) -> bool:
        """The action at s..e is under way, not done ("while the trick was being turned",
        "just as it was gathered")."""
        words = {t.lower_ for t in self.doc[max(0, s - 6):e] if self.sent[t.i] == self.sent[s]}
        return bool(words & set(LEXICON["in_progress"])) or {"just", "as"} <= words

    def object_after(self, i: int, limit: int = 6) -> Mention | None:
        for m in self.ms:
            if i <= m.start < i + limit and m.seats and m.sent == self.sent[i]:
                return m
        return None

    # ------------------------------------------------------------ run
    def run(self) -> Extraction:
        code = "english"
        named = codes.named_span(self.doc.text)
        if named:
            code, self.sources["code"] = named
        # dealer first (pronouns need it)
        self._dealer_pre()
        had_dealer = "dealer" in self.facts
        self.ms = self._resolve(self._mentions())
        self._dealer()
        if not had_dealer and "dealer" in self.facts and any(not m.seats for m in self.ms):
            # the dealer found: the pronouns left without a seat may stand for him ("The dealer
            # says he can't remember ... can we make him lead ...?"); the others stay as read
            again = {(m.start, m.end): m for m in self._resolve(self._mentions())}
            self.ms = [again.get((m.start, m.end), m) if not m.seats else m for m in self.ms]
        self._cuts()
        self._scores()
        self._tricks_honours()
        self._revoke()
        self._exposed()
        self._called_exposed_card()
        self._lead()
        self._trump()
        self._deal()
        self._touched()
        self._attention()
        self._games()
        self._cut_packet()
        self._dummy()
        self._bets_claims()
        self._common()
        self._resigned_hand()
        interpreter.apply(self, FACT_CUES)
        self._dealt_for_partner()
        self._bystander_caller()
        self._played_before()
        self._honours_next_deal()
        asks, asks_also, claim_negative = self._asks()
        count_claim = self._count_claim()
        if count_claim:
            asks, asks_also, claim_negative = "laws_concluding", [], False
            self.sources["count_claim"] = count_claim["words"]
        if asks in REVOKE_PRESUPPOSED:
            self._revoke_exacted()
        # honours called short of those held (English 6, Drayson case 83), and the asking clause
        # names more points than were called ("can I now score four by honours?", "add two
        # more?"): it asks whether those points may be scored
        asked_honours = self._asked_honours()
        called = (self.facts.get("honours") or {}).get("called_as")
        if called is not None and asked_honours and (asked_honours[1] or asked_honours[0] > called) \
                and asks in (None, "honours_may_be_scored", "score_may_be_corrected") and self._polarity() == "yes-no":
            asks = "honours_amount"
        ex = Extraction(facts=self.facts, sources=self.sources, code=code, asks=asks,
                        polarity=self._polarity(), names=dict(self.names), calls=self.calls,
                        claim_negative=claim_negative, asks_also=asks_also,
                        asked_turned=asks is not None and self.asked_turned,
                        first_person=self.first_person, count_claim=count_claim,
                        asked_side=self._asked_side(), asked_quantity=self._asked_quantity(),
                        asked_penalty=self._asked_penalty(),
                        asked_seat=self._asked_seat(), asked_pair=self._asked_pair(),
                        asked_honours=asked_honours)
        return ex

    def _honours_next_deal(self) -> None:
        """Honours of the hand played, and a misdeal told: the deal that followed was misdealt
        (English 6, Drayson case 76: a misdeal is no deal, the claim is still in time)."""
        h = self.facts.get("honours")
        if h is not None and (self.facts.get("deal") or {}).get("misdeal") and "next_deal_misdealt" not in h:
            self.add("honours.next_deal_misdealt", True,
                     self.sources.get("deal.misdeal", "") + " (the deal after the honours)")

    def _revoke_exacted(self) -> None:
        """A question that asks the score of a hand in which a side revoked (or what follows from
        penalties, REVOKE_PRESUPPOSED) takes the revoke as established and its penalty as
        claimed, unless it says otherwise (the answer states the
        assumption; the penalty, when not named, is the claimants' choice)."""
        revokes = [self.facts["revoke"]] if isinstance(self.facts.get("revoke"), dict) else \
            [r for r in self.facts.get("revokes") or [] if isinstance(r, dict)]
        for k, r in enumerate(revokes):
            if not r.get("by") or r.get("trick_turned_and_quitted") is False:
                continue
            path = "revoke" if "revoke" in self.facts else f"revokes[{k}]"
            for key in ("established", "claimed"):
                if key not in r:
                    r[key] = True
                    self.sources[f"{path}.{key}"] = \
                        "(not said: what is asked presupposes it, so the revoke is taken as established and its penalty claimed)"

    def _asked_action(self, i: int) -> bool:
        """The action around token ``i`` is asked about, not told: in the question's span, its
        verb is an infinitive under a modal word (lexicon ``modal``: "does he have to put his
        cards face up?"). Read back from ``i`` to the verb; a seat named on the way ("the card
        Tom dropped face up") means another clause, which tells."""
        qs, qe = self._question_span()
        if not qs <= i < qe:
            return False
        d, modal = self.doc, set(LEXICON["modal"])
        starts = {m.start for m in self.ms}
        for j in range(i, max(qs, i - 6) - 1, -1):
            if d[j].is_punct or (j < i and j in starts and d[j].lower_ not in POSSESSIVES):
                return False
            if j and d[j - 1].lower_ == "to":
                return any(t.lemma_ in modal for t in d[qs:j - 1])
        return False

    def _count_claim(self) -> dict | None:
        """A general claim about the laws to be judged, with no situation behind it: "Z says there
        is only one offence for which a player can be called on to play his highest or lowest"
        -> ``{"key": <conclusion key>, "count": 1}``: the checker counts the laws of the code
        that can reach that conclusion."""
        text = self.doc.text.lower()
        m = re.search(r"\b(?:(only|just|but|no more than|exactly|there (?:is|are|be)) )?(one|a single|two|three|four"
                      r"|the only|the one)(?: and only one)? (?:\w+ )?(offences?|offenses?|cases?|ways?|reasons?|occasions?"
                      r"|circumstances?|situations?|times?|irregularit(?:y|ies)|laws?|rules?)\b", text)
        if not m or not (m.group(1) or m.group(2) == "the only" or re.search(r"\bonly\b", text[m.end():m.end() + 80])):
            return None
        if not re.search(r"\b(correct|right|true|so|justified|accurate)\b[^.?]*\?\s*$|\bis (that|this|he|she|it) (so|true|correct|right)\b", text):
            return None
        key = next((k for k, rx in CONCLUSION_PHRASES.items() if re.search(rx, text)), None)
        if key is None:
            return None
        n = {"one": 1, "a single": 1, "the only": 1, "the one": 1, "two": 2, "three": 3, "four": 4}[m.group(2)]
        return {"key": key, "count": n, "words": m.group(0)}

    # ------------------------------------------------------------ facts by area
    def _dealer_pre(self) -> None:
        d = self.doc
        m = re.search(r"\bfor ([ABYZ]) to deal\b", d.text)
        if m:
            self.add("dealer", m.group(1), m.group(0))
            return
        for s, e in self.has("DEALER_SELF"):
            # (not in what someone claimed: "I told him it was really my deal")
            if not self._in_quote(s) and not self.said_before(s, "claim_speech"):
                self.add("dealer", "A", self.span(s, e))
                return
        for t in d:
            if t.text in SEAT_LETTERS and not self._in_quote(t.i):
                nxt = d[t.i + 1] if t.i + 1 < len(d) else None
                if nxt is not None and nxt.text == "'s" and t.i + 2 < len(d) and d[t.i + 2].lemma_ == "deal":
                    self.add("dealer", t.text, self.span(t.i, t.i + 3))
                    return
                if nxt is not None and nxt.lemma_ == "deal" and nxt.lower_ in ("deals", "dealt", "dealing") \
                        and not (t.i > 0 and d[t.i - 1].lemma_ in ("for", "to")):
                    self.add("dealer", t.text, self.span(t.i, t.i + 2))
                    return

    def _dealer(self) -> None:
        if "dealer" in self.facts:
            return
        # (not "the dealer's partner": a name set beside it is the partner, not the dealer)
        mentions = [m for m in self.ms if m.text.lower().endswith("dealer")
                    and not (m.end < len(self.doc) and self.doc[m.end].text == "'s")]
        by_verb = self._dealer_by_verb() or self._dealer_by_last_card()
        if by_verb:
            self.add("dealer", *by_verb)
            for m in mentions:
                if not m.seats:
                    m.seats = (by_verb[0],)
            return
        if not mentions:
            return
        # "Dealer Sam", "Al, the dealer,", "the dealer (Bea)": the name beside the word is the dealer
        glue = set(LEXICON["apposition_glue"])
        for m in mentions:
            for n in self.ms:
                gap = self.doc[min(m.end, n.end):max(m.start, n.start)]
                if n is not m and len(n.seats) == 1 and n.seats[0] in SEAT_LETTERS and len(gap) <= 2 \
                        and all(t.lower_ in glue for t in gap) and not self._in_quote(n.start) \
                        and not self._possessive(n):
                    self.add("dealer", n.seats[0], self.span(min(m.start, n.start), max(m.end, n.end)))
                    m.seats = n.seats
                    return
        # "the dealer" without a seat: an adversary when the question is told by a player; never
        # a seat a named player holds ("Sue picked up her cards as the dealer dealt them")
        order = ("Z", "Y") if self.first_person else ("A", "Z", "Y", "B")
        m0 = mentions[0]
        if self.first_person and m0.start and self.doc[m0.start - 1].lower_ in ("our", "my"):
            order = ("B",)              # "our dealer": my partner (I would have said "I")
        seat = next((x for x in order if x not in self.names), order[0])
        self.add("dealer", seat, mentions[0].text + " (seat assumed)")
        for m in self.ms:
            if m.text.lower().endswith("dealer") and not m.seats:
                m.seats = (seat,)

    def _dealer_by_last_card(self) -> tuple[str, str] | None:
        """"Sue's last card, the trump, ended up with ...": whose last card is the trump card is
        the dealer (English 46: the last card is turned up as trump). -> (seat, words) or None."""
        d = self.doc
        for m in self.ms:
            if len(m.seats) != 1 or m.seats[0] not in SEAT_LETTERS or self._in_quote(m.start):
                continue
            k = m.end
            if k + 2 < len(d) and d[k].text == "'s" and d[k + 1].lower_ == "last" and d[k + 2].lemma_ == "card" \
                    and any(x.lemma_ in ("trump", "turn-up", "turnup") for x in d[k + 3:k + 7]):
                return m.seats[0], self.span(m.start, k + 3)
        return None

    def _dealer_by_verb(self) -> tuple[str, str] | None:
        """The dealer as the one who deals (lexicon ``deal_verbs``): "Yuri's deal", "Sue
        misdealt", "Greg was dealing" (only ``deal_verb_links`` between), and the doer of a
        gerund after ``deal_gerund_heads`` ("Jim ... gave it another shuffle before dealing"):
        the seat that begins the sentence. Not a passive ("Bob was dealt fourteen cards"), not
        in quoted speech. -> (seat, words) or None."""
        d, lex = self.doc, LEXICON
        verbs, links, heads = set(lex["deal_verbs"]), set(lex["deal_verb_links"]), set(lex["deal_gerund_heads"])
        passive = {"was", "were", "been", "is", "are", "be", "being", "get", "got"}
        single = [m for m in self.ms if len(m.seats) == 1 and m.seats[0] in SEAT_LETTERS
                  and not self._in_quote(m.start)]
        for t in d:
            if self._in_quote(t.i):
                continue
            if t.lemma_ == "deal" and t.i >= 2 and d[t.i - 1].text == "'s":
                m = next((m for m in single if m.end == t.i - 1), None)
                if m:
                    return m.seats[0], self.span(m.start, t.i + 1)
            if t.lower_ not in verbs:
                continue
            if t.i and d[t.i - 1].lower_ in heads:
                k = self.sent[t.i]
                start = self._sentence_start(k)
                m = next((m for m in self.ms if m.sent == k and not self._in_quote(m.start)), None)
                # "Jim ... before dealing", "Before dealing, Jim ...", "Halfway through dealing, Pete ..."
                if m in single and (m.start <= start + 2 or d[start].lower_ in heads
                                    or (m.start > t.i and all(x.text == "," for x in d[t.i + 1:m.start]))):
                    return m.seats[0], self.span(m.start, t.i + 1)
                continue
            j = t.i - 1
            while j >= 0 and d[j].lower_ in links:
                j -= 1
            if t.lower_ == "dealt" and any(x.lower_ in passive for x in d[j + 1:t.i]):
                continue
            m = next((m for m in single if m.end == j + 1), None)
            if m:
                return m.seats[0], self.span(m.start, t.i + 1)
        return None

    def _cuts(self) -> None:
        d = self.doc
        if not self.has("CUT_VERB"):
            return
        rounds: list[dict[str, str]] = [{}]
        words: list[list[str]] = [[]]
        pending: list[str] = []
        again_at = {s for s, e in self.has("AGAIN")}
        cut_seen = False
        skip_to = -1
        # a card followed by its cutter in brackets: "an ace (Ben)"
        starts = {m.start for m in self.ms if len(m.seats) == 1}
        bracketed = {t.i for t in d if _rank_of(t) and t.i + 2 < len(d) and d[t.i + 1].text == "("
                     and t.i + 2 in starts}
        for t in d:
            if t.i <= skip_to:
                continue
            if t.i in again_at:
                if any(rounds[-1].values()) or len(rounds) == 1 and rounds[0]:
                    rounds.append({})
                    words.append([])
                pending = []
                continue
            if t.lemma_ in ("cut", "draw", "pull"):
                cut_seen = True
            group = [x.i for x in d[t.i + 1:t.i + 4] if x.lower_ in ("two", "three", "us", "others")]
            if rounds[-1] and ((t.lower_ in ("other", "rest") and group) or t.lower_ == "others"):
                # "Mo cut a ten, and the other three of us all cut kings", "the others a 3 and a 7":
                # the seats not yet told
                pending = [x for x in CYCLE if x not in rounds[-1]]
                skip_to = group[-1] if t.lower_ != "others" and group else t.i
                continue
            m = next((m for m in self.ms if m.start == t.i), None)
            if m is not None and len(m.seats) == 1 and m.start >= 2 and d[m.start - 1].text == "(" \
                    and m.start - 2 in bracketed:
                # "got an ace (Ben), a two (Cara) and a nine (Dev)": the card before the bracket
                rounds[-1].setdefault(m.seats[0], _rank_of(d[m.start - 2]))
                words[-1].append(self.span(max(0, m.start - 3), m.end + 1))
                pending = []
                continue
            if m is not None and m.seats:
                if pending and self.doc[m.start - 1].text in (";", ".") :
                    pending = []
                pending = pending + [s for s in m.seats if s not in pending] \
                    if (m.start > 0 and d[m.start - 1].lower_ in ("and", ",")) and pending else list(m.seats)
                continue
            if t.i in bracketed:
                continue
            rank = _rank_of(t)
            if rank and pending and cut_seen:
                if t.lemma_ in ("two", "three", "four") and t.i + 1 < len(d) and d[t.i + 1].lemma_ in (
                        "honour", "by", "card", "trick", "half", "halve", "halves", "packet", "pile", "heap"):
                    continue            # "the two halves": not a card cut
                if self._reported(t.i) or self._in_quote(t.i):
                    continue            # "Sue says aces are high": argued, not cut
                # "the other two pulled a 5 and an 8": as many cards as players, one each in turn
                ahead = [x for x in d[t.i + 1:] if self.sent[x.i] == self.sent[t.i]]
                stop = next((k for k, x in enumerate(ahead) if any(m.start == x.i for m in self.ms)), len(ahead))
                more = [x for x in ahead[:stop] if _rank_of(x)]
                if len(pending) > 1 and len(more) == len(pending) - 1:
                    for p, x in zip(pending, [t] + more):
                        rounds[-1].setdefault(p, _rank_of(x))
                    skip_to = more[-1].i
                else:
                    for p in pending:
                        rounds[-1].setdefault(p, rank)
                words[-1].append(self.span(max(0, t.i - 4), (skip_to if skip_to > t.i else t.i) + 1))
                pending = []
        first = rounds[0]
        if len(first) >= 2:
            self.add("cuts", first, "; ".join(words[0]))
        recuts = [r for r in rounds[1:] if r]
        if recuts and first:
            self.add("recuts", recuts, "; ".join(w for ws in words[1:] for w in ws))
        m = re.search(r"\b(five|six|seven|eight|5|6|7|8) (?:of us|players|people|candidates)", d.text, re.I)
        if m:
            self.add("candidates", NUMBERS.get(m.group(1).lower()) or int(m.group(1)), m.group(0))

    def _said_by_side(self, told) -> tuple[str, object, str] | None:
        """The first quoted words a side said (its speaker read) that tell something: ``told``
        (the words inside the quote, punctuation left out) -> a value or None. -> (side, value,
        the quote) or None."""
        for q in self.quotes:
            value = told([t for t in self.doc[q[0] + 1:q[1]] if not t.is_punct])
            if value is not None and (who := self._speaker(q)) in SIDE:
                return SIDE[who], value, self.span(q[0], q[1] + 1)
        return None

    def _honours_said(self) -> tuple[str, int, str] | None:
        """A player's words at the end of the hand naming honours: "The trick and two by honours"
        said by one side is that side's call of them (English 7) -> (side, points, words)."""
        def points(inside):
            return next((n for a, b, c in zip(inside, inside[1:], inside[2:])
                         if c.lemma_ == "honour" and b.lower_ == "by" and (n := self._num(a)) in (2, 4)), None)
        return self._said_by_side(points)

    def _game_said(self) -> tuple[str, str] | None:
        """A side's claim of the game in words that do not name honours ("I just said 'Game!'",
        "'That's game,' said Sue"): (side, words), else None. Its words are those of lexicon
        ``game_claim_words``."""
        words = set(LEXICON["game_claim_words"])
        said = self._said_by_side(lambda inside: True if inside and any(t.lemma_ == "game" for t in inside)
                                  and all(t.lemma_ in words for t in inside) else None)
        return (said[0], said[2]) if said else None

    def _resigned_hand(self) -> None:
        """A hand stopped part-way, one side's cards thrown down (American 1890, 17): the cards left
        in each hand ("with four cards left in each hand"; "after nine tricks": four), and the
        tricks the other side had won by then ("we'd won 7 and they'd won 2")."""
        f = self.facts
        down = f.get("hands_thrown_down") or []
        sides = {SIDE.get(p) for p in down}
        if len(sides) != 1:
            return
        winners = "YZ" if sides == {"AB"} else "AB"
        told = (f.get("deal") or {}).get("cards")
        if told and len(told) == 4 and len(set(told.values())) == 1 and 0 < min(told.values()) < 13:
            # "when everybody still had 4 cards": the cards left, not a hand dealt short
            self.add("deal.cards_left", f["deal"].pop("cards"), self.sources.pop("deal.cards", ""))
        if not (f.get("deal") or {}).get("cards_left"):
            # the cards in each hand, told as such or as the tricks played (thirteen less)
            for label, left in (("CARDS_LEFT_EACH", lambda n: n), ("TRICKS_PLAYED", lambda n: 13 - n)):
                found = [(n, s, e) for s, e in self.has(label) for n in [self._number_in(s, e)] if n and n < 13]
                if found:
                    n, s, e = found[0]
                    self.add("deal.cards_left", {p: left(n) for p in SEAT_LETTERS}, self.span(s, e))
                    break
        if "tricks" not in f and self.has("TRICKS_PLAYED"):
            for s, e in self.has("TRICKS_WON_NUM"):
                n, m = self._number_in(s, e), self.subject(s)
                if n is not None and n <= 13 and self._side_of_mention(m) == winners:
                    self.add("tricks", {winners: n}, self.span(m.start, e))
                    break

    def _number_in(self, s: int, e: int) -> int | None:
        """The first number among the tokens s..e."""
        return next((n for t in self.doc[s:e] for n in [self._num(t)] if n is not None), None)

    def _num(self, t) -> int | None:
        if t.lemma_ in NUMBERS and t.lemma_ not in ("a", "an"):
            return NUMBERS[t.lemma_]
        if t.text.isdigit():
            return int(t.text)
        return None

    def _side_of_mention(self, m: Mention | None) -> str | None:
        return _side_of([x for x in m.seats if x in SIDE]) if m is not None else None

    def _scores(self) -> None:
        score: dict[str, int] = {}
        words = []
        losers = self.has("LOSERS_AT")
        for s, e in self.has("AT_SCORE"):
            if self._in_quote(s) or any(ls <= s < le for ls, le in losers):
                continue
            v = next((self._num(t) for t in reversed(self.doc[s:e]) if self._num(t) is not None), None)
            if v is None or (e < len(self.doc) and self.doc[e].lemma_ in LEXICON["number_not_score"]
                             and not self.doc[e].lower_.endswith("ing")):
                continue                                  # "at one go", "on one side": no score ("on five going into the hand" is)
            if any(t.lemma_ in ("reduce", "reducing", "then", "after", "become", "now", "put", "bring", "leave")
                   for t in self.doc[max(0, s - 4):s]):
                continue                                  # a score the hand leads to, not the one it began at
            if any(t.lemma_ in LEXICON["speech"] for t in self.doc[max(0, s - 6):s] if self.sent[t.i] == self.sent[s]):
                continue                                  # "they say at 4 we can't count honours": argued, not told
            if self.doc[s].lemma_ in ("be", "have") and not (self._bare_score(s, e) and v <= 6):
                continue                                  # "there were 4 of us", "we were 2 tricks up", "had 13"
            if self.doc[s].lemma_ == "have" and any(t.lemma_ in ("trick", "card") for t in self.doc
                                                    if self.sent[s] - 1 <= self.sent[t.i] <= self.sent[s]):
                continue                                  # "they won 8 tricks ... We had 5": tricks, not points
            subj = self.subject(s)
            if subj is not None and subj.text.lower() in BOTH_SIDES and not score:
                score = {"AB": v, "YZ": v}                # "both sides are on four"
                words.append(self.span(subj.start, e))
                continue
            side = self._side_of_mention(subj)
            if side is None:
                continue
            if side not in score:
                score[side] = v
                words.append(self.span(self.subject(s).start, e))
        self._score_listed(score, words)
        love_all = self.has("LOVE_ALL")
        if love_all and not score:
            score = {"AB": 0, "YZ": 0}
            words.append(self.span(*love_all[0]))
        for s, e in self.has("SCORE_ALL") if not score else ():
            after = self.doc[e] if e < len(self.doc) else None
            nums = [self._num(t) for t in self.doc[s:e] if self._num(t) is not None]
            n = nums[0] if nums and len(set(nums)) == 1 else None       # "3 to 3", not "3 to 1"
            if n is not None and n < 10 and not self._in_quote(s) and (
                    after is None or after.is_punct or after.lower_ in ("under", "and", "in", "with", "when", "at", "so")):
                score = {"AB": n, "YZ": n}          # "three all": not "all four honours"
                words.append(self.span(s, e))
                break
        if score:
            self.add("score", score, "; ".join(words))

    def _bare_score(self, s: int, e: int) -> bool:
        """ "we were 2, they were 0", "they had 3 when we went out": "be" or "have" and a number right
        after a side, nothing after the number but the end of the clause, "points" or "when"."""
        d = self.doc
        after = d[e] if e < len(d) else None
        return any(m.end == s for m in self.ms) and (
            after is None or after.is_punct or after.lemma_ in ("point", "and", "to", "all", "when", "while", "on"))

    def _score_listed(self, score: dict, words: list) -> None:
        """The score as a list after the word "score" ("Score: us 2, them 1", "the score was them
        2, us 0", "two to us and three to them"), and a side that "has not scored" (at love),
        outside the asking clause."""
        d = self.doc
        qs, _ = self._question_span()
        for t in d:
            if t.lemma_ != "score" or self._in_quote(t.i) or (qs and t.i >= qs):
                continue
            # (the pipeline has no parser: a token's children are not to be read -- spaCy may crash on them)
            if t.i and (d[t.i - 1].lemma_ in NEGATION or d[t.i - 1].lower_ in NEGATION):
                side = self._side_of_mention(self.subject(t.i))
                if side and side not in score:
                    score[side] = 0
                    words.append(self.span(max(0, t.i - 3), t.i + 1))
                continue
            listed = {}
            for m in self.ms:
                if m.sent != self.sent[t.i] or m.start <= t.i or m.start > t.i + 12:
                    continue
                side = self._side_of_mention(m)
                k = m.end
                if k < len(d) and d[k].text == "(":           # "us (Al and Bea) 2"
                    k = next((x.i + 1 for x in d[k:k + 8] if x.text == ")"), k)
                v = (0 if d[k].lower_ == "love" else self._num(d[k])) if k < len(d) else None
                if v is None and m.start >= 2 and d[m.start - 1].lower_ == "to":
                    # "the score was two to us and three to them": the number before "to"
                    v = 0 if d[m.start - 2].lower_ == "love" else self._num(d[m.start - 2])
                if side and v is not None and side not in listed:
                    listed[side] = v
            if listed:
                for side, v in listed.items():
                    score.setdefault(side, v)
                words.append(self.span(t.i, min(len(d), t.i + 12)))

    def _named_honours(self) -> None:
        """Honours named as cards: "we hold the ace, king and queen of trumps" -> three honours
        held (English law 3: the ace, king, queen and knave of trumps are honours)."""
        d = self.doc
        suit = self._trump_suit()
        for t in d:
            if t.i < 2 or d[t.i - 1].lemma_ != "of" or not (
                    t.lemma_ == "trump" or (suit and _suit_of(t) == suit)):
                continue
            # the ranks told of this suit: back to the last card of another ("the king of hearts
            # and the ace of diamonds")
            start = max([max(0, t.i - 12)] + [x.i + 2 for x in d[max(0, t.i - 12):t.i - 1]
                                                if x.lemma_ == "of" and x.i + 1 < t.i - 1])
            ranks = {RANK.get(x.lemma_) for x in d[start:t.i - 1]} & {"A", "K", "Q", "J"}
            verb = next((x for x in reversed(d[max(0, t.i - 16):t.i]) if x.lemma_ in ("hold", "have", "held", "get")), None)
            if len(ranks) < 2 or verb is None:
                continue
            side = self._side_of_mention(self.subject(verb.i))
            if side is None:
                return
            # ... and one more told after, by the side's other player: "my partner held the ace
            # and king of trumps and I had the knave"
            end = t.i + 1
            for x in d[t.i + 1:]:
                if self.sent[x.i] != self.sent[t.i]:
                    break
                rank = RANK.get(x.lemma_)
                have = next((v for v in d[max(t.i + 1, x.i - 3):x.i] if v.lemma_ in ("hold", "have", "held", "get")), None)
                # ... or the verb left out: "and my partner the queen"
                gapped = next((m for m in self.ms if m.end in (x.i, x.i - 1) and m.start > t.i), None)
                holder = self.subject(have.i) if have is not None else gapped
                if rank in ("A", "K", "Q", "J") and rank not in ranks and holder is not None \
                        and self._side_of_mention(holder) == side:
                    ranks.add(rank)
                    end = x.i + 1
            self.add("honours.held", {side: len(ranks)}, self.span(verb.i, end), overwrite=False)
            return

    def _trump_suit(self) -> str | None:
        """The trump suit the story names ("hearts are trumps", "trumps were spades", "with
        diamonds trumps"), as its letter, or None."""
        d = self.doc
        for t in d:
            if t.lemma_ != "trump" or t.lower_ == "trump" and t.i + 1 < len(d) and d[t.i + 1].lemma_ == "card":
                continue
            before = [x for x in d[max(0, t.i - 2):t.i] if x.lemma_ != "be"]
            after = [x for x in d[t.i + 1:t.i + 3] if x.lemma_ != "be"]
            suit = next((s for x in before[-1:] + after[:1] if (s := _suit_of(x))), None)
            if suit:
                return suit
        return None

    def _tricks_honours(self) -> None:
        d = self.doc
        for s, e in self.has("BY_CARDS"):
            if self._in_quote(s):
                continue
            verb = next((t for t in reversed(d[max(0, s - 4):s])
                         if t.lemma_ in ("win", "make", "take", "lose", "score", "get", "finish", "end")), None)
            if verb is None or (verb.i and d[verb.i - 1].lower_ in ("would", "will", "could", "might")):
                continue            # ("... that my side would win the odd trick": a bet's hope, not the hand)
            if d[e - 1].lemma_ == "and" and not any(t.lemma_ == "honour" for t in d):
                continue
            if d[s].lemma_ == "the" and e < len(d) and d[e].lemma_ in ("first", "second", "last", "next"):
                continue
            n = 1 if d[s].lemma_ == "the" else self._num(d[s])
            if n is None:
                continue
            if d[e - 1].lemma_ == "trick" and d[s].lemma_ != "the" and d[s + 1].lemma_ != "by":
                tricks = n          # "won nine tricks"
            else:
                tricks = 6 + n      # "two by cards", "the odd trick"
            side = self._side_of_mention(self.subject(verb.i))
            if side is None:
                continue
            if verb.lemma_ == "lose":
                side = "YZ" if side == "AB" else "AB"
            if 0 <= tricks <= 13:
                self.add("tricks", {side: tricks}, self.span(self.subject(verb.i).start, e), overwrite=False)
            break
        two = None
        for s, e in self.has("BY_HONOURS"):
            if self._in_quote(s):
                continue
            verb = next((t for t in reversed(d[max(0, s - 5):s]) if t.lemma_ in ("hold", "have", "held", "get", "score", "be")), None)
            if verb is None:
                continue
            side = self._side_of_mention(self.subject(verb.i))
            if side is None:
                continue
            words = self.span(self.subject(verb.i).start, e)
            if d[s + 1].lemma_ == "by":
                n = self._num(d[s])
                if n in (2, 4):
                    self.add("honours.by_honours", {side: n}, words, overwrite=False)
            else:
                n = 4 if d[s].lemma_ == "all" and d[s + 1].lemma_ == "four" else self._num(d[s])
                if s >= 3 and d[s - 1].lemma_ == "the" and d[s - 2].lemma_ == "of" and self._num(d[s - 3]):
                    n = self._num(d[s - 3])              # "three of the four honours"
                nxt = d[s + 3] if d[s + 1].lemma_ == "of" and s + 3 < len(d) else d[s + 1]   # "three of the honours"
                if n == 2 and nxt.lemma_ == "honour":
                    two = two or (side, words, s)
                elif n in (3, 4) and nxt.lemma_ in ("honour", "four"):
                    self.add("honours.held", {side: n}, words, overwrite=False)
        if "honours" not in self.facts:
            self._named_honours()
        named = two and any(t.lemma_ in ("ace", "king", "queen", "knave", "jack") and self.sent[t.i] == self.sent[two[2]]
                            for t in d)
        if "honours" not in self.facts and two and not named:
            # "we held two honours": in whist talk "two by honours" (the two points three honours
            # score, English 3), unless the cards are named (then two of the four: left unread)
            self.add("honours.by_honours", {two[0]: 2}, two[1] + " (read as 'two by honours')")
        said = self._honours_said()
        if said is not None:
            side, n, words = said
            self.add("honours.by_honours", {side: n}, words, overwrite=False)
            self.add("honours.called", True, words)
            self.add("honours.claimed_by", side, words)
        told = "honours" in self.facts
        if not told and any(t.lemma_ == "honour" for t in d) and \
                any(t.lemma_ in ("trump", "deal", "dealer", "misdeal") for t in d):
            # "we forgot to call our honours" (not said how many), and when the claim came: the
            # following deal's trump card or a misdeal (English 6)
            for s, e in self.has("NOT_CALLED"):
                self.add("honours.called", False, self.span(s, e))
                break
        if told:
            # "score two, partner", said by one side: the points said (the rules model weighs them
            # against the tricks the side made: Drayson cases 75, 88)
            for s, e in self.has("POINTS_SAID"):
                q = self._in_quote(s)
                who = self._speaker(q) if q else None
                n = self._number_in(s, e)
                if who in SIDE and n is not None and not self.has("IMPLIED_CALL"):
                    self.add("honours.points_said", n, self.span(s, e))
                    self.add("honours.claimed_by", SIDE[who], self.span(s, e))
                    break
            said = self._game_said()
            if said is not None:
                self.add("honours.game_said", True, said[1])
                self.add("honours.claimed_by", said[0], said[1])
            for s, e in self.has("IMPLIED_CALL"):
                self.add("honours.called", "implied", self.span(s, e))
                break
            else:
                for s, e in self.has("NOT_CALLED"):
                    self.add("honours.called", False, self.span(s, e))
                    break
                else:
                    for s, e in self.has("CALLED"):
                        if not self.negated(s, e) and not self._in_quote(s):
                            self.add("honours.called", True, self.span(s, e))
                            break
            for s, e in self.has("NEXT_MISDEAL"):
                self.add("honours.next_deal_misdealt", True, self.span(s, e))
            for s, e in self.has("NEXT_TRUMP"):
                when = self.before(s)
                if when:
                    self.add("honours.next_trump_turned", when == "after", self.span(max(0, s - 6), e))

    def _other_revoker(self, hits: list[tuple[int, int]], subj: Mention | None) -> tuple[str, str, str] | None:
        """A revoke by each side (English 81): "my partner reneged and so did one of the
        opponents", "Kim revoked, and later Lou revoked too", "their side revoked and my partner
        also revoked" -> (first, second, words): the revokers, when they are of different sides."""
        sides = {SIDE.get(x) for x in subj.seats} if subj is not None else set()
        if len(sides) != 1 or None in sides:
            return None
        # a player, or a side ("their side revoked once and my partner also revoked once")
        first = subj.seats[0] if len(subj.seats) == 1 else sides.pop()
        d = self.doc
        for s, e in hits[1:]:
            if s and d[s - 1].lower_ in ("the", "that", "this", "their", "his", "her"):
                continue        # "only then did I remember the revoke": the one told, not another
            m = self._doer(s)
            if m is not None and len(m.seats) == 1 and m.seats[0] in SIDE and SIDE[m.seats[0]] != SIDE[first]:
                return first, m.seats[0], self.span(subj.start, e)
        for t in d[subj.end:]:
            if t.lower_ == "so" and t.i + 1 < len(d) and d[t.i + 1].lemma_ == "do":
                m = next((m for m in self.ms if m.start == t.i + 2 and len(m.seats) == 1), None)
                if m is not None and m.seats[0] in SIDE and SIDE[m.seats[0]] != SIDE[first]:
                    return first, m.seats[0], self.span(subj.start, m.end)
        return None

    def _suit_before(self, i: int) -> str | None:
        """The suit named right before a lead ("a heart lead", "Hearts were led")."""
        d = self.doc
        before = [t for t in d[max(0, i - 2):i] if not t.is_punct]
        if before and before[-1].lemma_ in ("be", "get"):
            before = before[:-1]
        return _suit_of(before[-1]) if before else None

    def _suit_after(self, i: int, window: int) -> str | None:
        """The suit of the first card named in the few words after token i ("led the king of
        hearts", "played a diamond"), as its letter; "one" ("I do have one") as itself."""
        d = self.doc
        for t in d[i + 1:i + 1 + window]:
            if t.is_punct:
                return None
            if _suit_of(t):
                return _suit_of(t)
            if t.lower_ == "one":
                # a card ("I do have one", "had one of them"), not "one penalty"
                after = d[t.i + 1] if t.i + 1 < len(d) else None
                return "one" if after is None or after.is_punct or after.lower_ in LEXICON["card_one_after"] else None
        return None

    def _renounce_told(self) -> list[tuple[int, int]]:
        """A renounce told by its cards (English 71: a revoke "is when a player, holding one or more
        cards of the suit led, plays a card of a different suit"): "Yusuf led the king of hearts and
        I played a diamond ... and I do have one" -- the play, when the one who played says or is
        told he holds the suit led."""
        d = self.doc
        leads = [(t.i, suit) for t in d if t.lemma_ == "lead" and (suit := self._suit_before(t.i) or self._suit_after(t.i, 5))
                 not in (None, "one")]
        if not leads:
            return []
        for t in d:
            if t.lemma_ not in LEXICON["card_play_verbs"]:
                continue
            # the suit led last before this play, or named with it ("tossed a spade on a heart lead")
            led = ([x for x in leads if x[0] < t.i] or [x for x in leads if t.i < x[0] <= t.i + 7])[-1:]
            if not led:
                continue
            led = led[0]
            played = self._suit_after(t.i, 4)
            player = self._doer(t.i)
            if played in (None, "one", led[1]) or player is None or not player.seats:
                continue
            for h in d[t.i + 1:]:
                if h.lemma_ not in LEXICON["holding_verbs"] or self.negated(h.i, h.i + 1, 3) \
                        or h.i + 1 < len(d) and d[h.i + 1].lower_ in NEGATION:
                    continue
                holder = self.subject(h.i)
                if holder is not None and holder.seats == player.seats \
                        and self._suit_after(h.i, 3) in (led[1], "one"):
                    return [(t.i, t.i + 1)]
        return []

    def _revoke(self) -> None:
        d = self.doc
        qs, qe = self._question_span()
        # a revoke the story denies ("She didn't renege anywhere") is none; asked ("Didn't she
        # revoke?"), it stays the question's
        hits = [(s, e) for s, e in self.has("REVOKE") if not self._in_quote(s) and not self._generic_revoke(s)
                and (qs <= s < qe or not self.negated(s, s, 3))]
        # asked "no hearts, partner?", the player answers "I've got a heart": he renounced
        admitted = next((q for s2, _ in self.has("ADMITS_SUIT") if (q := self._in_quote(s2))), None) \
            if not hits and self.has("ASK_PARTNER_SUIT") else None
        if admitted:
            hits = [admitted]
        if not hits:
            hits = self._renounce_told()
        if not hits:
            return
        with_subject = [(a, b) for a, b in hits if (m := self._doer(a)) is not None and m.seats]
        s, e = (with_subject or hits)[0]
        r: dict[str, Any] = {}
        subj = self.subject(s) if admitted else self._doer(s)
        if subj is None and not self._reported(s):
            subj = self.subject(s, same_sentence=False)
        src = {}
        if subj and (set(subj.seats) == {"AB", "YZ"} or {SIDE[x] for x in subj.seats if x in SIDE} == {"AB", "YZ"}):
            self.add("revokes", [{"by": "AB"}, {"by": "YZ"}], self.span(subj.start, e))
            return
        other = self._other_revoker(hits, subj)
        if other:
            self.add("revokes", [{"by": other[0]}, {"by": other[1]}], other[2])
            return
        if subj and subj.seats:
            side = self._side_of_mention(subj)
            by = subj.seats[0] if len(subj.seats) == 1 else side
            if by:
                r["by"] = by
                src["by"] = self.span(subj.start, e)
        # "we caught the other side revoking": the revoker is the object
        obj = self.object_after(subj.end if subj else s, 4) if subj else None
        for ds, de in self.has("DETECTED"):
            if de <= s and obj and obj.end <= s and obj.start > ds:
                r["by"] = self._side_of_mention(obj) or obj.seats[0]
                src["by"] = self.span(ds, e)
        if "by" not in r:
            # "They claim a revoke": the one who tells of it is the revoker's adversary
            reporter = self._reported(s)
            teller = self._side_of_mention(reporter)
            if teller:
                r["by"] = "AB" if teller == "YZ" else "YZ"
                src["by"] = self.span(reporter.start, e)
            else:
                r["by"] = "YZ"
                src["by"] = "(not said: taken to be the other side)"
        for s2, e2 in self.has("TRICK_QUITTED"):
            when = "before" if self._under_way(s2, e2) else self.before(s2)
            neg = self.negated(s2, e2)
            if when == "before" or (neg and when is None):
                r["trick_turned_and_quitted"] = False
            elif when == "after" or not neg:
                r["trick_turned_and_quitted"] = True
            src["trick_turned_and_quitted"] = self.span(max(0, s2 - 4), e2)
        if "trick_turned_and_quitted" not in r:
            for s2, e2 in self.has("OWNED_AT_ONCE"):
                if not self.negated(s2, e2):
                    r["trick_turned_and_quitted"] = r["revoking_side_played_next"] = False
                    src["trick_turned_and_quitted"] = src["revoking_side_played_next"] = \
                        self.span(s2, e2) + " (owned at once)"
                    break
        qs, qe = self._question_span()
        for s2, e2 in self.has("HAND_OVER"):        # (told, not asked: "our score after the hand?")
            if "trick_turned_and_quitted" not in r and not qs <= s2 < qe and not self.negated(s2, e2) \
                    and self.before(s2) != "before":
                r["trick_turned_and_quitted"] = True
                src["trick_turned_and_quitted"] = self.span(s2, e2) + " (the hand was over)"
        for s2, e2 in self.has("PLAYED_NEXT"):
            if self.has("ALL_PLAYED"):
                break
            neg = self.negated(s2, e2, 6)
            when = self.before(s2)
            r["revoking_side_played_next"] = not (neg or when == "before")
            src["revoking_side_played_next"] = self.span(max(0, s2 - 6), e2)
            # the one told to have led or played next is of the other side: the revoking side
            # has not played to the following trick (case 109)
            nxt = self._next_player()
            if r["revoking_side_played_next"] and nxt and not nxt.seats:
                del r["revoking_side_played_next"], src["revoking_side_played_next"]    # by whom, not known
            elif r["revoking_side_played_next"] and nxt and r.get("by") in SIDE \
                    and self._side_of_mention(nxt) not in (None, SIDE[r["by"]]):
                r["revoking_side_played_next"] = False
                src["revoking_side_played_next"] = self.span(nxt.start, e2)
            break
        if r.get("trick_turned_and_quitted") is False and "revoking_side_played_next" not in r \
                and not r.get("thrown_down_after_renounce") and not self.has("THROWN_DOWN") \
                and not any(self.has(label) for label in REST_CLAIMED) \
                and not any(t.lemma_ == "game" for t in d):     # claiming game is an act of play (revised 77)
            # "before the trick was turned": nobody had played to the next trick, unless said
            r["revoking_side_played_next"] = False
            src["revoking_side_played_next"] = "(not said: nobody of the revoking side had played to the next trick)"
        for s2, e2 in self.has("ASK_PARTNER_SUIT"):
            r["partner_asked"] = True
            src["partner_asked"] = self.span(s2, e2)
            break
        for s2, e2 in self.has("SHOWN_BEFORE_TURN"):
            if not self._in_quote(s2):
                r["shown_not_played"] = True
                src["shown_not_played"] = self.span(s2, e2)
                break
        # revised 78: the revoking player or his partner turned the trick before the question was answered
        answered = [s3 for s3, _ in self.has("BEFORE_ANSWER")]
        admitted = [s3 for s3, _ in self.has("ADMITS_SUIT") if self._in_quote(s3)]
        for s2, e2 in self.has("TRICK_QUITTED") if r.get("partner_asked") and r.get("by") in SIDE else ():
            doer = self._doer(s2)
            # "... before I answered", or the answer told only after the turning ("then turned
            # the trick over, and after that I said 'I have one'")
            before_answer = any(self.sent[a] == self.sent[s2] for a in answered) or \
                (admitted and min(admitted) > e2)
            if before_answer and doer is not None \
                    and self._side_of_mention(doer) == SIDE[r["by"]]:
                r["trick_turned_and_quitted"] = r["turned_before_answer"] = True
                src["trick_turned_and_quitted"] = src["turned_before_answer"] = self.span(doer.start, e2)
                break
        pen, kinds, told = None, set(), {}
        for label, kind in REVOKE_PENALTY_CUES:
            for s2, e2 in self.has(label):
                # a divided penalty is what was claimed, quoted or not ("we'll take two and add one")
                if kind == "divided" or not self._in_quote(s2):
                    kinds.add(kind)
                    told.setdefault(kind, s2)
                    if pen is None:
                        pen = kind
                        src["penalty"] = self.span(s2, e2)
        if pen != "divided" and len(kinds) > 1:
            # one penalty for each of several revokes (72 II), or penalties weighed ("my partner
            # wanted to add three, I wanted to take three tricks"): the rules weigh each way
            pen = None
            src.pop("penalty", None)
        if pen:
            r["penalty"] = pen
            r["established"] = True
            r["claimed"] = True
            src["established"] = src["claimed"] = src["penalty"] + " (a penalty was exacted)"
        if "established" not in r:
            # "after the penalty", "the opponents want to take the penalty": a penalty is being exacted
            qs, _ = self._question_span()
            m = re.search(r"\bafter the (revoke )?penalty\b", d.text, re.I)
            if not m:
                for m2 in re.finditer(r"\b(take|taking|took|exact|exacting|enforce|enforcing|claim|claiming|claimed)"
                                      r" (the |a |their |our )?(revoke )?penalty\b", d.text, re.I):
                    if (qs > 0 and m2.start() < d[qs].idx) or not any(t.text == "?" for t in d):
                        m = m2
                        break
            if m:
                r["established"] = True
                r["claimed"] = True
                src["established"] = src["claimed"] = m.group(0) + " (a penalty is exacted)"
        if "established" not in r and r.get("trick_turned_and_quitted") is not False \
                and "revoking_side_played_next" not in r and not r.get("partner_asked"):
            for s2, e2 in self.has("DETECTED"):
                r["established"] = True
                src["established"] = self.span(s2, e2) + " (found out after the play)"
                break
        hands = [m for m in self.ms if m.seats == ("A", "B", "Y", "Z")]
        for s2, e2 in self.has("THROWN_DOWN"):
            subj2 = self.subject(s2)
            if subj2 and subj2.seats == ("A", "B", "Y", "Z") or hands and any(h.start < s2 and h.sent == self.sent[s2] for h in hands):
                self.add("hands_thrown_down", ["A", "B", "Y", "Z"], self.span(s2, e2))
            elif subj2 and len(subj2.seats) == 1 and subj2.seats[0] == r.get("by"):
                r["thrown_down_after_renounce"] = True
                src["thrown_down_after_renounce"] = self.span(subj2.start, e2)
        for s2, e2 in self.has("CLAIMED"):
            if d[s2].lemma_ in ("claim", "call", "claimed", "called") and not self.negated(s2, e2) \
                    and not any(t.text == "?" for t in d[s2:len(d)] if self.sent[t.i] == self.sent[s2]):
                r["claimed"] = True
                src["claimed"] = self.span(s2, e2)
        qs, qe = self._question_span()
        for s2, e2 in self.has("NEXT_CUT"):
            if any(t.lemma_ in NEGATION or t.lower_ in NEGATION for t in d[s2 + 1:e2]):
                continue            # "presented the deck, but nobody cut it": the words deny the cut
            when = self.before(s2) if d[s2].lemma_ not in ("after", "before") else d[s2].lemma_
            if when == "before" and self._not_until(s2):
                when = "after"          # "nobody said a word until the cards were cut": claimed after
            if when is None and not qs <= s2 < qe and not self.negated(s2, e2) and not self._in_quote(s2):
                when = "after"          # told as done ("the deck for the next hand had been cut")
            if when:
                self.add("cut_for_next_deal", when == "after", self.span(max(0, s2 - 5), e2))
        twice = next(((s2, e2) for s2, e2 in self.has("REVOKE_TWICE") if not self._in_quote(s2)), None)
        if twice and r.get("by"):
            # "Yuri revoked twice": two revokes by one player, each with its penalty -- in the order
            # told when two are told ("for one revoke we take three off their score, for the other we
            # add three to ours", 72 II)
            second = dict(r)
            if len(told) == 2 and "divided" not in told and "penalty" not in r:
                first_kind, second_kind = sorted(told, key=told.get)
                r.update(penalty=first_kind, established=True, claimed=True)
                second.update(penalty=second_kind, established=True, claimed=True)
            self.add("revokes", [r, second], self.span(*twice))
            for k, v in src.items():
                self.sources[f"revokes[0].{k}"] = self.sources[f"revokes[1].{k}"] = v
            return
        # "I didn't have a single spade, so I trumped": a lawful renounce (English 71). The words
        # carry their own negation (only one before them turns it round); one asked about ("I asked
        # him if he had no diamonds") tells nothing.
        held_none = next(((s2, e2) for s2, e2 in self.has("HELD_NONE") if not self.negated(s2, s2)
                          and not self._in_quote(s2) and not self._reported(s2)
                          and not any(t.lower_ in ("if", "whether") or t.lemma_ == "ask"
                                      for t in d[max(0, s2 - 6):s2] if self.sent[t.i] == self.sent[s2])), None)
        if held_none and "held_suit_led" not in r:
            r["held_suit_led"] = False
            src["held_suit_led"] = self.span(*held_none)
        self.add("revoke", r, self.span(s, e))
        for k, v in src.items():
            self.sources[f"revoke.{k}"] = v

    def _next_player(self) -> Mention | None:
        """The player the question tells led or played next ("I led the next card"); a place in
        the trick told after the nearest seat ("my partner dropped a diamond, and the fourth
        player won the trick and led to the next") is the nearer doer: its seat, from the order
        of play, else a mention without a seat (not known)."""
        d = self.doc
        for s, _ in self.has("LED_NEXT"):
            m = self._doer(s)
            if m is None or not m.seats or m.sent != self.sent[s]:
                continue
            place = [t for t in d[m.end:s] if t.lower_ in PLAY_PLACES and t.i + 1 < len(d)
                     and d[t.i + 1].lower_ in POSITION_NOUNS and not self._in_quote(t.i)]
            if place:
                t = place[-1]
                places = self.places or self._places_from_leader()
                seat = next((x for x, p in places.items() if p == PLAY_PLACES[t.lower_]), None)
                return Mention(t.i, t.i + 2, (seat,) if seat else (), self.span(t.i, t.i + 2), m.sent)
            return m
        return None

    def _played_before(self) -> None:
        """Playing before one's turn, read from the order of play the question tells (English
        67, 68; American 25, 26): "Before Bea (second hand) or Zack (third hand) had played, Al in
        fourth seat slaps down the king" -- those named after "before" had not played; a player
        at a later place in the same sentence played before them."""
        places = self.places or self._places_from_leader()
        if not places:
            return
        d = self.doc
        seat_at = {pos: x for x, pos in places.items()}
        clauses: dict[int, list[tuple[int, int]]] = {}     # sentence -> its "before ... played" clauses
        for b in (t.i for t in d if t.lower_ == "before" and not self._in_quote(t.i)):
            end = next((t.i for t in d[b + 1:] if self.sent[t.i] != self.sent[b] or t.lemma_ == "play"), len(d))
            own_verb = end < len(d) and d[end].lemma_ == "play" and d[end - 1].lower_ not in ("who", "that")
            if end + 1 < len(d) and d[end + 1].lower_ in PLAY_POSITIONS:
                end += 1                                # "before I'd played third"
            if not own_verb:
                # "before me (third hand), Ollie's partner, who plays fourth, banged down": a clause
                # with no "played" of its own (the one in a relative clause is the player's who
                # played) ends at its comma
                end = next((t.i for t in d[b + 1:end] if t.text == ","), end)
            clauses.setdefault(self.sent[b], []).append((b, end))
        for sent, spans in clauses.items():
            def inside(i: int) -> bool:
                return any(b < i <= end for b, end in spans)
            placed = [m for m in self.ms if m.sent == sent and len(m.seats) == 1 and m.seats[0] in places
                      and not self._in_quote(m.start)]
            # the places told by their words ("second hand", "the next player", "the guy sitting
            # last") and those of the seats named
            words_at = [(PLAY_PLACES[t.lower_], t.i) for t in d
                        if self.sent[t.i] == sent and t.lower_ in PLAY_PLACES
                        and not self._in_quote(t.i)]
            waiting = {p for p, i in words_at if inside(i)} | {places[m.seats[0]] for m in placed if inside(m.start)}
            actors = sorted(((places[m.seats[0]], m.start) for m in placed if not inside(m.start)
                             and places[m.seats[0]] in (2, 3) and places[m.seats[0]] not in waiting))
            actors = actors or sorted((p, i) for p, i in words_at if not inside(i) and p in (2, 3) and p not in waiting)
            if 1 not in waiting or not actors:
                continue
            pos, at = actors[-1]
            words = self.span(min(spans[0][0], at), max(spans[-1][1], at + 1))
            self.add("played_out_of_turn.by", seat_at[3], words)
            # the second had not played, so neither had the third -- unless told
            self.add("played_out_of_turn.third_played", pos == 2, words, overwrite=pos == 2)
            return

    def _places_from_leader(self) -> dict[str, int]:
        """Each seat's place in the order of play to the trick, when no names are placed: from a
        seat told by its own words with its place ("I (second hand)", "my partner, third to
        play"), else from the one told leading the trick ("My partner led a small spade")."""
        d = self.doc
        starts = {m.start for m in self.ms}
        named = set(self.names) | set(self.names.values())
        for m in self.ms:
            beside = m.end < len(d) and d[m.end].text in ("(", ",", "-", "—", "–")    # "I (second hand)"
            if beside and len(m.seats) == 1 and m.seats[0] in CYCLE and m.text not in named \
                    and not self._in_quote(m.start) and (pos := self._place_told(m, starts)) is not None:
                return _places_after(CYCLE[(CYCLE.index(m.seats[0]) - pos) % 4])
        for m in self.ms:
            if len(m.seats) == 1 and m.seats[0] in CYCLE and not self._in_quote(m.start) and self._leads_the_trick(m):
                return _places_after(m.seats[0])
        return {}

    def _leads_the_trick(self, m: Mention) -> bool:
        """The mention is told leading ("Yan leads", "My partner led a small spade"), not leading
        out of turn."""
        d = self.doc
        return m.end < len(d) and d[m.end].lemma_ == "lead" and not any(t.lower_ == "turn" for t in d[m.end:m.end + 5])

    def _dealing_told(self, k: int) -> bool:
        """Sentence k tells the dealing ("dealing", "deal", "dealt")."""
        return any(t.lower_ in ("dealing", "deal", "dealt") and self.sent[t.i] == k for t in self.doc)

    def _not_until(self, s: int) -> bool:
        """"not ... until X" / "nobody ... till X": the event came after X."""
        d = self.doc
        sent = [t for t in d[max(0, s - 16):s] if self.sent[t.i] == self.sent[s]]
        until = [t.i for t in sent if t.lemma_ in ("until", "till")]
        if not until:
            return False
        return any(t.lemma_ in ("not", "never", "nobody", "no", "nothing") or t.lower_ in ("no one", "noone")
                   for t in sent if t.i < until[-1])

    def _generic_revoke(self, s: int) -> bool:
        """"to save a revoke", "what counts as a revoke": the noun with no event behind it."""
        d = self.doc
        if d[s].lemma_ != "revoke" or s == 0:
            return False
        prev = d[s - 1].lemma_
        if prev not in ("a", "an", "any", "the"):
            return False
        before = " ".join(t.lemma_ for t in d[max(0, s - 4):s])
        if re.search(r"\b(make|made|commit|there be|catch|claim|detect|spot|notice|find|establish)\b", before):
            return False
        if any(self.sent[m.start] == self.sent[s] and m.seats and m.end <= s for m in self.ms) and \
                re.search(r"\b(save|count as|be|what)\b", before):
            return True
        return re.search(r"\b(save|count as|what|about|of)\b", before) is not None

    @staticmethod
    def _on_table(words) -> bool:
        """The words put the card on the table ("face up on the edge of the table, then slid
        off"), not under it nor on the floor first ("face up on the floor under the table")."""
        for t in words:
            if t.lemma_ in LEXICON["off_table"]:
                return False
            if t.lemma_ == "table":
                return True
        return False

    def _exposed(self) -> None:
        d = self.doc
        ex: dict[str, Any] = {}
        qs, qe = self._question_span()
        kinds = (("DROP_FLOOR", "dropped-on-floor"), ("TWO_AT_ONCE", "two-at-once"), ("DETACH", "detached"),
                 ("LOWERED", "lowered"), ("DROP_FACEUP", "dropped-face-up"), ("EXPOSED_CARD", "dropped-face-up"))
        # the first exposure told (the kinds in this order where one set of words tells two)
        told = sorted((s, k, e) for k, (label, _) in enumerate(kinds) for s, e in self.has(label))
        for s, k, e in told:
            label, how = kinds[k]
            if self._in_quote(s) or self.has("FACED_IN_PACK") or (
                    label == "EXPOSED_CARD" and (qs <= s < qe or self.said_before(s, "claim_speech"))):
                continue            # what is asked, or what a player claims the card is
            if any(ds < s < de for ds, de in self.has("DEMAND_FACE_UP")):
                continue            # what a player required to be done ("made him put it face up")
            if not qs <= s < qe and self.negated(s, s, 3):
                continue            # what the story denies: "Nobody exposed a card", "Sue never dropped one"
            if label == "TWO_AT_ONCE" and any(t.lower_ in LEXICON["deal_verbs"] and self.sent[t.i] == self.sent[s]
                                              for t in d):
                continue            # two cards at once in dealing: English 44 VI, not a play
            if label == "DROP_FLOOR" and any(s2 < s and self._on_table(d[s2:e2 + 7])
                                             for s2, e2 in self.has("DROP_FACEUP")):
                continue        # face up on the table first, the floor after: exposed (case 15)
            if how == "dropped-face-up" and (self.has("CUT_EXPOSE") or self.has("CARD_SEEN_PRESENTING")
                                           or self.has("THROWN_DOWN") or self._the_trump_card(s, e)):
                continue            # (the trump card is turned up by every dealer, English 46)
            if self._asked_action(s):
                continue
            subj = self._doer(s)            # not the one who says it is exposed
            ex, first = {"how": how}, s
            if subj and len(subj.seats) == 1:
                ex["by"] = subj.seats[0]
            elif subj and subj.end == s and len(subj.seats) == 2 and self.doc[subj.end - 1].lower_ in NARRATOR:
                ex["by"] = subj.seats[-1]   # "... plus the dummy and I dropped my ace": the clause's own "I"
            self.sources["exposed[0].how"] = self.span(s, e)
            break
        if not ex:
            return
        if ex["how"] in ("lowered", "dropped-face-up"):      # "dropped three cards face up"
            seen = self._cards_seen(first)
            if seen is not None:
                ex["cards_seen"] = seen
        for s, e in self.has("SEEN_ADV_ONLY"):      # "the two opponents saw it but my partner couldn't"
            ex["seen_by_adversaries_only"] = True
            self.sources["exposed[0].seen_by_adversaries_only"] = self.span(s, e)
            break
        if ex["how"] == "dropped-face-up" and any(s <= first < e for s, e in self.has("LOOK_TRUMP")):
            return                  # turned up to look at it: the dealer looked at the trump card (American 17 V)
        by_dealer = subj is not None and subj.text.lower().endswith("dealer")
        # the dealer's act in the deal: told the sentence before, or the card given "to" a player
        # ("the dealer flipped a card to him face up")
        dealer_did = by_dealer and (self._dealing_told(self.sent[first] - 1) or any(
            t.lower_ == "to" and any(m.start == t.i + 1 and m.seats for m in self.ms)
            for t in d[first:first + 5] if self.sent[t.i] == self.sent[first]))
        if ex["how"] == "dropped-face-up" and (dealer_did or self._dealing_told(self.sent[first])):
            # ("the cards were being dealt. The dealer flipped one of hers face up": the dealer's
            # act in the deal told the sentence before)
            # a card exposed in dealing (English 38, American 15), not in play
            # "one of his cards flipped face up": the one whose card it is did not expose it; the
            # dealer dealing it did (unless someone is told doing it: "it hit her hand and flipped")
            owner = subj is not None and subj.end < len(d) and (
                d[subj.end].text == "'s" or subj.text.lower() in POSSESSIVES and d[subj.end].lemma_ == "card")
            by = (None if owner else ex.get("by")) or self.facts.get("dealer")
            if by:
                self.add("deal.exposed_by", by, self.sources.pop("exposed[0].how", ""))
                return
        # naming the card: Y says, "I call that card; it is the king of clubs."
        for s, e in self.has("NAME_CARD"):
            q = self._in_quote(s)
            sp = self._speaker(q) if q else None
            if sp:
                ex["named_by"] = sp
            named = self._card_phrase(e, q[1] if q else len(d))
            if not named and q and e < q[1]:
                # no card phrase read: the rest of the quote says what was named ("it was one of
                # the heart face cards"); the rules judge whether it names a card
                named = self.span(e, q[1]).strip(" ,;:-—.!'\"") or None
            if named:
                ex["named_as"] = named
                self.sources["exposed[0].named_as"] = named
            self.sources["exposed[0].named_by"] = self.span(s, e)
            break
        for s, e in self.has("NOT_HOLD"):
            ex["named_correctly"] = False
            self.sources["exposed[0].named_correctly"] = self.span(s, e)
            break
        m = re.search(r"\bviz\.?,?\s*((?:the )?(?:ace|king|queen|knave|jack|ten|nine|eight|seven|six|five|four|three|two|\d+) of \w+)", d.text, re.I)
        if m:
            ex["card"] = m.group(1)
        for s, e in self.has("PLAYED_BY_OWNER"):
            ex["played_by_owner"] = True
            self.sources["exposed[0].played_by_owner"] = self.span(s, e)
            break
        if ex.get("by") and ex.get("named_by") and SIDE.get(ex["by"]) == SIDE.get(ex["named_by"]):
            ex.pop("named_by")
        self.add("exposed", [ex], self.sources.get("exposed[0].how", ""))

    def _the_trump_card(self, s: int, e: int) -> bool:
        """The words s..e (and the two after) are about the trump card turned up in dealing ("flipped
        the trump card face up", "flipped up the new trump"; "the turn-up" is read as "the trump card",
        lexicon ``phrases``; "flipped the last card face up": the dealer's last card is the trump
        card, English 46), not a card of a hand."""
        d = self.doc
        return any((t.lemma_ == "trump" and t.i > 0 and d[t.i - 1].lower_ in ("the", "new", "next")
                    and (t.i + 1 == len(d) or d[t.i + 1].lower_ not in ("suit", "of")))
                   or (t.lemma_ == "card" and t.i > 1 and d[t.i - 1].lower_ == "last" and d[t.i - 2].lower_ == "the")
                   for t in d[s:min(len(d), e + 2)])

    def said_before(self, i: int, verbs: str = "speech") -> bool:
        """A verb of the lexicon list ``verbs`` before token i in its sentence: the word is in what
        someone said ("we said: the king is now an exposed card" is a claim, not what happened)."""
        words = set(LEXICON[verbs])
        return any(t.lemma_ in words for t in self.doc[:i] if self.sent[t.i] == self.sent[i])

    def _cards_seen(self, s: int) -> int | None:
        """How many cards a lowered hand or a drop let be seen: the first number of the sentence
        after `s` ("saw three or four of his cards", "one card"), else before it ("three of her
        cards fell face up"), "more than one" as two."""
        sentence = [t for t in self.doc if self.sent[t.i] == self.sent[s]]
        for toks in ([t for t in sentence if t.i >= s], [t for t in sentence if t.i < s]):
            for a, b in zip(toks, toks[1:]):
                if a.lower_ == "more" and b.lower_ == "than":
                    return 2
                n = self._num(a)
                if b.lemma_ == "of" and b.i + 1 < len(self.doc) and self.doc[b.i + 1].lemma_ in SUIT_OF:
                    continue            # "three of spades": a card, not three cards
                if n is not None and (b.lemma_ in ("card", "of", "or") or b.like_num):
                    return n
        return None

    def _called_exposed_card(self) -> None:
        """An exposed card called to a trick (English 64, 65; American 21): the call, the card, the
        suit led and whether its owner holds that suit ("My queen of spades is on the table as an
        exposed card. Hearts are led, I still hold a heart, and they call the queen")."""
        f = self.facts
        exposed = f.get("exposed") or []
        calls = [(s, e) for s, e in self.has("CALL_EXPOSED") if not self._in_quote(s)]
        led = [(s, e) for s, e in self.has("SUIT_LED") if not self._in_quote(s)]
        early = [s for s, _ in self.has("BEFORE_OWNERS_TURN") if not self._in_quote(s)]
        if not exposed or not calls or any(c.get("penalty") == "call-card" for c in f.get("claims") or []):
            return
        claim = {"penalty": "call-card"}
        if exposed[0].get("by"):
            claim["from_seat"] = exposed[0]["by"]
        if early:
            # revised 59: the card required before its owner's turn to play ("Before it was her
            # turn, Tom demanded she put it on the trick")
            claim["before_owners_turn"] = True
            doer = self._doer(calls[0][0])
            if doer is not None and len(doer.seats) == 1 and doer.seats[0] in SEAT_LETTERS:
                claim["by"] = doer.seats[0]
            self._add_call_claim(claim, calls[0], (early[0], early[0] + 4))
            return
        if not led:
            return
        suit = next((x for t in self.doc[led[0][0]:led[0][1]] for x in [SUIT_OF.get(t.lemma_)] if x), None)
        if suit is None:
            return
        claim["suit_led"] = suit
        card = exposed[0].get("card") or self._called_card(calls[0])
        if card:
            claim["card"] = card
        for s, e in self.has("HOLDS_SUIT"):
            told = {x for t in self.doc[s:e] for x in [SUIT_OF.get(t.lemma_)] if x}
            if not told or suit in told:
                claim["holds_suit_led"] = not self.negated(s, e)
                break
        else:
            if any(suit == SUIT_OF.get(t.lemma_) for s, e in self.has("HELD_NONE") for t in self.doc[s:e]):
                claim["holds_suit_led"] = False
        self._add_call_claim(claim, calls[0], led[0])

    def _add_call_claim(self, claim: dict, call: tuple[int, int], context: tuple[int, int]) -> None:
        """Record the claim of an exposed card called, with the words of the call and of what
        places it (the suit led, or "before it was her turn")."""
        self._add_claim(claim, self.span(*call) + " ... " + self.span(*context))

    def _add_claim(self, claim: dict, words: str) -> None:
        """Record a claim of a penalty and the words it was read from."""
        self.facts.setdefault("claims", []).append(claim)
        self.sources[f"claims[{len(self.facts['claims']) - 1}]"] = words

    def _add_suit_call(self, s: int, e: int, by: str | None, target: str, words: str) -> None:
        """Record a suit called from ``target`` (by ``by``, when read) at words ``[s, e)``, and the
        turn to lead at which it came: passed without a call before it, or told as the first since
        (English 62: "when it is next the turn of either of them to lead")."""
        self.calls.append({"by": by, "from": target, "what": "suit", "words": self.span(s, e)})
        claim = {"penalty": "call-suit", "from_seat": target}
        if by:
            claim["by"] = by
        if any(ps < s for ps, _ in self.has("CALL_PASSED")):
            claim["at_first_lead"] = False
        elif self.has("FIRST_LEAD_SINCE"):
            claim["at_first_lead"] = True
        self._add_claim(claim, words)

    def _called_card(self, call: tuple[int, int]) -> str | None:
        """The card a call names, with its suit: in the call's words ("they call my queen of
        spades"), else the card of that rank told before ("my queen of spades is face up ... they
        call the queen"), else the first card told with its suit."""
        d = self.doc
        named = self._card_phrase(call[0], min(len(d), call[1] + 4))
        if named and card_suit(named):
            return named
        told = [c for m in CARD_PHRASE.finditer(d[:call[0]].text) if card_suit(c := m.group(1).strip())]
        rank = next((t.lemma_ for t in d[call[0]:call[1]] if t.lemma_ in RANK and t.lemma_ not in ("a", "an")), None)
        found = next((c for c in told if rank and rank in c.lower().split()), told[0] if told else None)
        # ... else the suit the call names ("play the exposed heart"): the card's suit is what counts
        return found or next((t.lemma_ for t in d[call[0]:min(len(d), call[1] + 2)] if t.lemma_ in SUIT_OF), None)

    def _card_phrase(self, s: int, stop: int) -> str | None:
        m = CARD_PHRASE.search(self.doc[s:stop].text)
        return m.group(1).strip() if m else None

    def _lead(self) -> None:
        d = self.doc
        told = [(s, e, False) for s, e in self.has("LEAD_OOT")] + [(s, e, True) for s, e in self.has("LEAD_INSTEAD")]
        for s, e, instead in sorted(told):
            if self._in_quote(s) or self.said_before(s, "claim_speech"):
                continue            # "the opponents say I led out of turn": their claim, not what happened
            if d[s].lower_ == "out" and s and d[s - 1].lower_ in LEXICON["deal_verbs"]:
                continue            # "Tom dealt out of turn": a deal (English 48), not a lead
            if any(t.lower_ == "would" and self.sent[t.i] == self.sent[s] for t in d[max(0, s - 6):s]):
                continue            # "penalise him the way we would for a lead out of turn": no lead told
            # "It was Ann's lead, but her partner Tom led": the doer is the last "led"'s, the turn Ann's
            subj = self.subject(e - 1) if instead else self.subject(s)
            owner = next((m for m in self.ms if s <= m.start and m.end < e and len(m.seats) == 1), None) if instead else None
            if not subj or not subj.seats or (instead and (owner is None or subj.seats == owner.seats)):
                continue
            if len(subj.seats) != 1:
                side = self._side_of_mention(subj)
                if side is None:
                    continue
                # "they led out of turn": one of that side; the seat does not change the ruling
                subj = Mention(subj.start, subj.end, (side[0],), subj.text, subj.sent)
            lead = {"by": subj.seats[0]}
            if owner is not None and owner.seats[0] in SEAT_LETTERS:
                lead["proper"] = owner.seats[0]
            # "when B ought to have led" / "when it is Z's turn"
            for t in d[s:min(len(d), e + 6)]:
                if t.text in SEAT_LETTERS and t.text != lead["by"] and (t.text != "A" or self._a_is_seat(t, True)):
                    lead["proper"] = t.text
                    break
            if "proper" not in lead and (owner := self._turn_owner(s, e, lead["by"])):
                lead["proper"] = owner
            if lead.get("proper") == PARTNER[lead["by"]] and self._proper_leader_led(e, lead["proper"]):
                # English 62: the suit is called "when it is next the turn of either of them to lead":
                # the partner's own lead came at once, and passed without a call
                lead["next_lead_passed"] = True
            played = []
            for s2, e2 in self.has("ALL_PLAYED"):
                played = [x for x in ("A", "B", "Y", "Z") if x != lead["by"]]
                self.sources["lead.played_to_by"] = self.span(s2, e2)
            if not played:
                played, words = self._played_after(e, lead["by"])
                if len(played) == 3:            # "I played, Ben played the ace, my partner played"
                    self.sources["lead.played_to_by"] = words
                else:
                    played = []
            if played:
                lead["played_to_by"] = played
            nexts = []
            for s2, e2 in self.has("NEXT_LEAD"):     # "... his partner Dee will be next to get the lead"
                # "it was his partner's turn": the turn's owner; a turn denied ("it wasn't his turn") is no lead
                # ... or "it's her lead": the owner named by a possessive
                owner = next((x for x in self.ms if s2 <= x.start and (
                    (x.end + 1 < e2 and d[x.end].text == "'s" and d[x.end + 1].lemma_ in ("turn", "lead"))
                    or (x.end < e2 and x.text.lower() in POSSESSIVES and d[x.end].lemma_ in ("turn", "lead")))), None)
                if d[e2 - 1].lemma_ == "turn" and (owner is None or any(t.lemma_ == "not" for t in d[s2:e2])):
                    continue
                if s2 < s and owner is not None and len(owner.seats) == 1 and owner.seats[0] != lead["by"] \
                        and self.sent[e] == self.sent[s2] and "proper" not in lead:
                    lead["proper"] = owner.seats[0]     # "It was Dev's lead and I led out of turn"
                    continue
                m = owner or self.subject(s2)
                if s2 >= e and m is not None and len(m.seats) == 1 and m.seats[0] in (lead["by"], PARTNER[lead["by"]]):
                    nexts.append((owner is None, m, e2))
            if nexts:                                # the turn's owner told, before a mere subject
                _, m, e2 = min(nexts, key=lambda x: x[0])
                lead["next_leader"] = m.seats[0]
                self.sources["lead.next_leader"] = self.span(m.start, e2)
            self.add("lead", lead, self.span(subj.start, e))
            return

    def _turn_owner(self, s: int, e: int, by: str) -> str | None:
        """Whose turn it was, told in the clause of a lead out of turn ``[s, e)`` or just after it
        ("... when it was her partner's lead", "... led out of turn when it was my lead"). Not a
        bare name: where a named player sits from the offender is seldom told, and "when it was
        Yasmin's lead" does not say whose partner she is."""
        d = self.doc
        end = next((t.i for t in d[e:min(len(d), e + 9)] if t.is_punct or t.lower_ in ("and", "but")), e + 9)
        if not any(t.lower_ in ("when", "though", "although", "while") for t in d[s:end]):
            return None
        for x in self.ms:
            if not s < x.start < end or len(x.seats) != 1 or x.seats[0] not in SEAT_LETTERS \
                    or x.seats[0] == by or x.text in self.names.values() or x.end + 1 >= len(d):
                continue
            turn = x.end + 1 if d[x.end].text == "'s" else x.end if x.text.lower() in POSSESSIVES else None
            if turn is not None and d[turn].lemma_ in ("lead", "turn"):
                return x.seats[0]
        return None

    def _proper_leader_led(self, i: int, proper: str) -> bool:
        """After token ``i`` (a lead out of turn) the story tells ``proper`` leading, before any
        call of a suit and before the question ("Her partner then led a club ... Now I want to
        call a heart from her")."""
        qs, _ = self._question_span()
        calls = [s for s, _ in self.has("CALL_SUIT_FROM")] + \
            [s for s, _ in self.has("CALL_SUIT_SAID") if self._in_quote(s)]
        end = min(calls + [qs if qs > i else len(self.doc)])
        for t in self.doc[i:end]:
            if t.lower_ in ("led", "leads") and not self._in_quote(t.i):      # the verb, not "her lead"
                m = self.subject(t.i)
                if m is not None and m.seats == (proper,):
                    return True
        return False

    def _played_after(self, i: int, leader: str) -> tuple[list[str], str]:
        """The players told as playing ("X played", "Y followed") after token i and before the
        question, each once, and the words that tell it."""
        qs, _ = self._question_span()
        seats, words = [], []
        for t in self.doc[i:qs]:
            if t.lower_ not in ("played", "followed") or self._in_quote(t.i) \
                    or self.negated(t.i, t.i + 1):
                continue
            m = self.subject(t.i)
            if m is None or len(m.seats) != 1 or m.seats[0] == leader or m.seats[0] in seats \
                    or m.seats[0] not in SEAT_LETTERS or t.i - m.end > 3:
                continue
            seats.append(m.seats[0])
            words.append(self.span(m.start, t.i + 1))
            # the verb left out after it ("I played the four, Ann the ace and my partner the six"):
            # a player named in the same sentence, a card right after the name
            for g in self.ms:
                if g.start <= t.i or g.sent != self.sent[t.i] or g.start >= qs or len(g.seats) != 1 \
                        or g.seats[0] in seats or g.seats[0] == leader or g.seats[0] not in SEAT_LETTERS:
                    continue
                card = next((x.i for x in self.doc[g.end:min(qs, g.end + 3)]
                             if x.lemma_ in RANK and x.lower_ not in ("a", "an")), None)
                if card is not None:
                    seats.append(g.seats[0])
                    words.append(self.span(g.start, card + 1))
        return seats, "; ".join(words)

    def _trump_card_before(self, i: int) -> bool:
        """The trump card is told before token i, in its sentence or the one before ("long after
        the dealer picked up the turn-up card, Zoe blurts out what it was")."""
        d = self.doc
        return any(t.lemma_ == "trump" and t.i + 1 < i and d[t.i + 1].lemma_ == "card"
                   and self.sent[i] - 1 <= self.sent[t.i] for t in d[:i])

    def _trump(self) -> None:
        d = self.doc
        tr: dict[str, Any] = {}
        # the one who takes the trump card into his hand is the dealer (English 52-55: it is his)
        for s, e in self.has("TRUMP_INTO_HAND"):
            subj = self._doer(s)
            if not self._in_quote(s) and subj is not None and len(subj.seats) == 1 and subj.seats[0] in SEAT_LETTERS:
                self.add("dealer", subj.seats[0], self.span(subj.start, e), overwrite=False)
                break
        if self.has("TRUMP_INTO_HAND") and self.has("FORGET_TRUMP"):
            tr["dealer_cannot_recollect"] = True
            s, e = self.has("FORGET_TRUMP")[0]
            self.sources["trump.dealer_cannot_recollect"] = self.span(s, e)
        elif self.has("FORGET_TRUMP") and any(t.lemma_ == "trump" for t in d) and "dealer" in self.facts:
            s, e = self.has("FORGET_TRUMP")[0]
            tr["dealer_cannot_recollect"] = True
            self.sources["trump.dealer_cannot_recollect"] = self.span(s, e)
        named_it = [(s, e) for s, e in self.has("NAME_IT") if self._trump_card_before(s)]
        for s, e in sorted(self.has("NAME_TRUMP") + named_it):
            if self._in_quote(s) or self.negated(s, e):
                continue
            if any(t.lemma_ in ("deal", "dealing") for t in d[max(0, s - 6):s]):
                continue
            subj = self.subject(s)
            if subj and len(subj.seats) == 1:
                tr["named_by"] = subj.seats[0]
                self.sources["trump.named_by"] = self.span(subj.start, e)
                break
        if "named_by" not in tr:
            asked_back = self.has("NAME_TRUMP_ASKED") if self.has("TRUMP_INTO_HAND") else []
            for s, e in sorted(self.has("NAME_TRUMP_SAID") + asked_back):
                q = self._in_quote(s)
                sp = self._speaker(q) if q else None
                if sp:
                    tr["named_by"] = sp
                    self.sources["trump.named_by"] = self.span(s, e) + " (said)"
                    break
        for s, e in self.has("BEST_TRUMP"):
            # who is called on: "calls on Y to play his best trump"; "says to B, 'let us have your best trump'"
            target = None
            q = self._in_quote(s)
            # the seat named right after "on", "make", "tell" ... (a letter, a name, "his partner")
            for m in sorted(self.ms, key=lambda m: -m.start):
                if max(0, s - 10) <= m.start < s and m.start > 0 and d[m.start - 1].lemma_ in CALLED_ON \
                        and len(m.seats) == 1 and m.seats[0] in SEAT_LETTERS:
                    target = m.seats[0]
                    if m.end + 1 < len(d) and d[m.end].text == "'s":      # "told Zoe's partner Yves"
                        target = PARTNER[target] if d[m.end + 1].lower_ == "partner" else None
                    break
            if target is None and q:
                target = self._addressee(q)
            if target is None:
                m = self.subject(s)
                if m and len(m.seats) == 1 and m.seats[0] == tr.get("named_by"):
                    break           # the one who named it, told as calling: no later words say from whom
                if m and len(m.seats) == 1:
                    target = m.seats[0]
            if target:
                tr["called_from"] = target
                self.sources["trump.called_from"] = self.span(max(0, s - 6), e)
                break
        for s, e in self.has("LEFT_TRUMP"):
            n = self._trick_left_until(e)
            if n is not None:
                tr["left_on_table_until"] = n[0]
                self.sources["trump.left_on_table_until"] = self.span(s, e) + " … " + n[1]
            break
        for s, e in self.has("LOOK_TRUMP"):
            # while dealing, or the dealer before he deals ("after the cut, the dealer peeked at
            # the bottom card": Drayson test 23), told in the same sentence
            # (or in the clause before a semicolon: "cut for Alice to deal; she peeked at ...")
            start = self._sent_bounds(s)[0]
            joined = {self.sent[s], self.sent[s] - 1} if start and d[start - 1].text == ";" else {self.sent[s]}
            if any(t.lemma_ in ("deal", "dealing", "dealer") for t in d if self.sent[t.i] in joined):
                subj = self.subject(s)
                who = subj.seats[0] if subj and len(subj.seats) == 1 else self.facts.get("dealer")
                if who:
                    self.add("deal.trump_looked_at_by", who, self.span(s, e))
                break
        if tr:
            self.add("trump", tr, "")

    def _trick_left_until(self, e: int) -> tuple[int, str] | None:
        """(the trick after whose quitting the trump card still lay on the table, the words), from
        the first "<ordinal> trick" after ``e`` (English 52, American 18), read with the words of
        its sentence: "after the second trick", "until the second trick was quitted" -- the second;
        "until the second trick", "partway through the second trick" -- taken up during it: the
        first."""
        d = self.doc
        for i in range(e, len(d) - 1):
            n = ORDINALS.get(d[i].lower_)
            if n is None or d[i + 1].lemma_ != "trick":
                continue
            before = {t.lemma_ for t in d[e:i] if self.sent[t.i] == self.sent[i]}
            after = [t.lemma_ for t in d[i + 2:i + 6]]
            over = bool(set(after) & set(LEXICON["trick_over"])) and "before" not in before
            during = bool(before & set(LEXICON["taken_up_during"]))
            if during and not over and not before & set(LEXICON["trick_past"]):
                n -= 1
            return n, self.span(max(e, i - 3), i + 2)
        return None

    def _deal(self) -> None:
        d = self.doc
        qs, _ = self._question_span()
        for s, e in self.has("SHUFFLE_AGAIN"):
            # English 36: the pack cut, then shuffled again by the one who deals (not in what is
            # asked, said or quoted)
            if s >= qs or self._in_quote(s) or self.negated(s, e) or \
                    not any(t.lemma_ == "cut" and not self._in_quote(t.i) for t in d[:s]):
                continue
            who = self.subject(s)
            if who is not None and len(who.seats) == 1 and who.seats[0] in SEAT_LETTERS:
                self.add("dealer", who.seats[0], self.span(who.start, e), overwrite=False)
            self.add("deal.shuffled_after_cut", True, self.span(max(0, s - 4), e))
            break
        for s, e in self.has("FACED_IN_PACK"):
            last = any(t.lemma_ in ("last", "bottom") for t in d[max(0, s - 6):min(len(d), e + 6)])
            self.add("deal.faced_card", "last" if last else "other", self.span(s, e))
            break
        for s, e in self.has("PACK_IMPERFECT") if not self.has("CARD_FOUND") else ():
            self.add("deal.pack_imperfect", True, self.span(s, e))
            break
        for s, e in self.has("SHUFFLE_AFTER_CUT"):
            if not self.negated(s, e) and e <= qs:        # (told, not asked: "... cut again without reshuffling?")
                self.add("deal.shuffled_after_cut", True, self.span(s, e))
        for s, e in self.has("CARD_SEEN_PRESENTING"):
            self.add("cut.card_seen_by_dealer", True, self.span(s, e))
            break
        for s, e in self.has("TWO_CARDS_ONE_HAND"):
            self.add("deal.two_cards_to_one_hand", True, self.span(s, e))
            m = re.search(r"\b(before|prior to) (dealing|he dealt|giving) (any more|another|the next|a third)[^,.;?]*", d.text, re.I)
            if m:
                self.add("deal.third_card_dealt", False, m.group(0))
            elif re.search(r"\b(then|and) (dealt|deals|gave) (a third|another|the next)", d.text, re.I):
                self.add("deal.third_card_dealt", True, "then dealt a third")
            m = re.search(r"\b(move|moving|shift|shifting|alter|altering) (one|the one|a single|that) card\b[^,.;?]*", d.text, re.I)
            if m:
                neg = re.search(r"\b(wrong|another|other) card\b", m.group(0), re.I)
                self.add("deal.rectified_by_one_card", not neg, m.group(0))
            break
        for s, e in self.has("SUBSTITUTE"):
            if any(t.lemma_ in ("leave", "quit", "go", "substitute", "replace", "place", "stand") for t in d):
                ent = {}
                consent = r"(consent|agreement|permission|ok|blessing)"
                if re.search(rf"\bwithout (the |their |anyone's |everyone's )?{consent}\b|\b(object|objects|objected|refuse|refuses|refused"
                             r"|won't agree|wouldn't agree|don't agree|didn't agree|did not agree|do not agree)\b",
                             d.text, re.I):
                    ent["substitute_consented"] = False
                elif re.search(rf"\b(with|got|have|has|had|gave|give) (the |their |everyone's |our )?{consent}\b"
                               r"|\b(all|the other three|everyone|everybody|we all) (agree|agreed|consent|consented)\b",
                               d.text, re.I):
                    ent["substitute_consented"] = True
                else:
                    ent["substitute_wanted"] = True
                self.add("entry", ent, self.span(s, e))
            break
        for s, e in self.has("SCORE_WRONG"):
            se = {"kind": "points", "proved": True}
            if re.search(r"\b(isn't|is not|not yet|hasn't|has not been) (finished|over|ended|concluded|won)\b|\bstill going\b|\bin progress\b", d.text, re.I):
                se["game_ended"] = False
            elif re.search(r"\b(game|rubber) (was|is|has been) (finished|over|ended|won|concluded)\b", d.text, re.I):
                se["game_ended"] = True
            self.add("score_error", se, self.span(s, e))
            break
        for s, e in self.has("CUT_EXPOSE"):
            self.add("cut.card_exposed", True, self.span(s, e))
            break
        for s, e in self.has("RECUT_WANTED"):
            if any(t.lemma_ == "cut" for t in d):
                self.add("cut.recut_wanted_by_cutter", True, self.span(s, e))
            break
        # cards held: "A has three cards, B one, Y and Z two each" (at the end of a hand)
        counts: dict[str, int] = {}
        words = []
        if any(t.lemma_ == "card" for t in d):
            pending, inside = None, 0
            for i, t in enumerate(d):
                if i < inside:
                    continue                # the words of a mention ("all four"): not a count
                m = next((m for m in self.ms if m.start == i), None)
                if m and m.seats and m.text.lower() not in POSSESSIVES:     # "14 cards in my hand": no holder
                    pending = m.seats if pending is None or d[i - 1].lower_ not in ("and",) else pending + m.seats
                    inside = m.end
                    continue
                n = self._num(t)
                if n is not None and n > 26:
                    n = None                # "the deck only has 51 cards": the pack's, not a hand's
                # "... and played the whole hand with twelve (cards)": the count of the one who played
                played_with = n is not None and 10 <= n <= 12 and i + 1 < len(d) and d[i - 1].lower_ == "with" \
                    and d[i + 1].lemma_ in ("card", ".", ",", ";") and any(x.lemma_ == "play" for x in d[max(0, i - 8):i])
                if played_with and pending is None:
                    who = self.subject(i)
                    pending = who.seats if who is not None and len(who.seats) == 1 else None
                if n is not None and pending and t.lemma_ not in ("a", "an"):
                    nxt = d[i + 1].lemma_ if i + 1 < len(d) else ""
                    # "so he had fourteen and his partner twelve": a hand's count, told without "cards"
                    # after "had"/"held", in a sentence of no tricks or points
                    # (or "ended up with fourteen")
                    held = not counts and 11 <= n <= 16 and (d[i - 1].lemma_ in ("have", "hold") or (
                        d[i - 1].lower_ == "with" and any(x.lemma_ in ("end", "finish", "wind")
                                                          for x in d[max(0, i - 3):i - 1]))) and \
                        nxt in ("and", ",", ".", ";") and not any(
                            x.lemma_ in ("trick", "point", "score") for x in d if self.sent[x.i] == self.sent[i])
                    if nxt == "card" or held or played_with or (counts and nxt in ("each", ",", ".", ";", "")):
                        if t.lemma_ in RANK and nxt != "card" and not counts:
                            continue
                        for p in pending:
                            if len(pending) < 4 or p not in counts:     # "everyone else had 13"
                                counts[p] = n
                        words.append(self.span(max(0, i - 3), i + 2))
                        pending = None
                if t.text in (".", ";", "?") or t.lemma_ in ("deal", "dealt", "while", "whereas"):
                    pending = None
        for s, e in self.has("HAND_SHORT") if not counts else ():
            who = self.subject(s + 1)
            if who is not None and len(who.seats) == 1 and who.seats[0] in SEAT_LETTERS:
                counts[who.seats[0]] = 12
                words.append(self.span(who.start, e))
                break
        if len(counts) == 3 and sorted(counts.values())[1:] == [13, 13] and self.has("OTHERS_THIRTEEN"):
            # "Kai had twelve ... The rest of us had thirteen": the fourth hand too
            counts.update({p: 13 for p in SEAT_LETTERS if p not in counts})
        if len(counts) >= 3 or (len(counts) >= 2 and any(v >= 14 for v in counts.values())):
            end = re.search(r"\b(at the|by the|towards the|near the) end\b|\bend of the (hand|play|deal)\b", d.text, re.I) is not None
            self.add("deal.cards_left" if end else "deal.cards", counts, "; ".join(words))
        elif len(counts) == 1 and (max(counts.values()) >= 14 or 10 <= max(counts.values()) <= 12):
            # "Walt has been holding 14 cards", "Ned had been playing with twelve cards all along"
            # (... "and the other three all had 13": every hand told)
            others = self.has("OTHERS_THIRTEEN")
            if others:
                counts.update({p: 13 for p in SEAT_LETTERS if p not in counts})
                words.append(self.span(*others[0]))
            elif max(counts.values()) == 12 and self.has("CARD_FOUND"):
                # the card missing found on the floor: the short hand's own, the others whole
                counts.update({p: 13 for p in SEAT_LETTERS if p not in counts})
                words.append("(not said: the card found was the short hand's own; the others had thirteen)")
            self.add("deal.cards", counts, "; ".join(words))
        for s, e in self.has("MISDEAL"):
            if self._in_quote(s) or self.has("NEXT_MISDEAL") or any(t.text == "?" for t in d[s:]) and \
                    self.sent[s] == self.sent[len(d) - 1]:
                continue
            named_as = any(t.lemma_ in LEXICON["naming_as"] and d[t.i + 1].lower_ in ("it", "that", "this")
                           for t in d[max(0, s - 4):s])
            if named_as or self.said_before(s, "claim_speech"):
                continue            # "They're calling it my misdeal", "he says it's a misdeal": a claim
            if self.negated(s, e):
                continue
            self.add("deal.misdeal", True, self.span(s, e))
            break

    def _touched(self) -> None:
        """Who touched the cards during the deal (English 38, 39, 45; American 15, 17)."""
        d = self.doc
        if not any(t.lemma_ in ("deal", "dealt", "dealing", "misdeal") for t in d) or "dealer" not in self.facts:
            return
        untouched = set()                   # "Greg's partner hadn't touched a thing"
        for s, e in self.has("TOUCHED_CARDS"):
            if self._in_quote(s):
                continue
            subj = self.subject(s)
            if subj and not subj.seats and subj.text.lower() in SOMEONE and not self.negated(s, e, 3):
                # "my cousin started picking up her cards": a player, his seat not told
                self.add("deal.touched_by_unnamed", True, self.span(subj.start, e))
                continue
            if not subj or len(subj.seats) != 1 or subj.seats[0] not in SEAT_LETTERS:
                continue
            if self.negated(s, e, 3) or self.negated(subj.start, subj.end, 2) or any(
                    t.lower_ in LEXICON["not_yet_heads"] for t in d[max(0, subj.start - 3):subj.start]):
                # ("neither me nor my partner had touched ...", "before Sue's partner had touched")
                untouched.add(subj.seats[0])
                continue
            who = subj.seats[0]
            after = d[e:min(len(d), e + 8)]
            if any(t.lemma_ in ("before", "first") for t in after) or any(
                    t.lemma_ == "first" for t in d[subj.end:s]):
                self.add("deal.touched_first_by", who, self.span(subj.start, e), overwrite=False)
            else:
                cur = self.facts.setdefault("deal", {}).setdefault("touched_by", [])
                if who not in cur:
                    cur.append(who)
                self.sources["deal.touched_by"] = self.span(subj.start, e)
        # an adversary touched while the dealer's partner did not: the adversary touched first (45)
        dealer = self.facts.get("dealer")
        touched = (self.facts.get("deal") or {}).get("touched_by") or []
        if dealer in PARTNER and PARTNER[dealer] in untouched and touched and "touched_first_by" not in self.facts["deal"]:
            first = [x for x in touched if SIDE[x] != SIDE[dealer]]
            if len(first) == 1:
                self.add("deal.touched_first_by", first[0], self.sources.get("deal.touched_by", "")
                         + " (the dealer's partner had not touched his cards)")

    def _attention(self) -> None:
        """Attention called to the trick before the partner played (English 86, American 35):
        "that's mine, partner", "it's ours", drawing the card towards him."""
        d = self.doc
        for s, e in self.has("ATTENTION"):
            q = self._in_quote(s)
            by = self._speaker(q) if q else None
            if by is None:
                subj = self.subject(q[0] if q else s)
                by = subj.seats[0] if subj and len(subj.seats) == 1 and subj.seats[0] in SEAT_LETTERS else None
            if by is None:
                continue
            a: dict[str, Any] = {"by": by, "how": "draws-card" if d[s].lemma_ in ("draw", "drew") else "says-his"}
            m = re.search(r"\b(before|after) (?:his|her|my|their|the) partner (?:had |has )?(?:played|play|had a chance)", d.text, re.I)
            if m:
                a["before_partner_played"] = m.group(1).lower() == "before"
            self.add("attention_called", a, self.span(s, e))
            return

    def _games(self) -> None:
        """A game won and the losers' score ("we have just gone out; they had 2 points", "the
        losers have 3 points"), and the games of a rubber ("a treble and then a double")."""
        d = self.doc
        for s, e in self.has("LOSERS_AT"):
            n = self._number_in(s, e)
            if n is not None and "score" not in self.facts:
                won = next((self._side_of_mention(self.subject(gs)) for gs, ge in self.has("GONE_OUT")), None)
                won = won or "AB"
                self.add("game_won_by", won, self.span(s, e) + ("" if won else " (the winners taken as A-B)"))
                self.add("score", {("YZ" if won == "AB" else "AB"): n}, self.span(s, e))
            return
        won = None
        for s, e in self.has("GONE_OUT"):
            if self._in_quote(s) or self.negated(s, e, 3):
                continue
            if d[s].lemma_ == "win" and not any(t.lemma_ in ("game", "rubber") for t in d[s:e]):
                continue
            subj = self.subject(s)
            side = self._side_of_mention(subj)
            if side:
                won = (side, self.span(subj.start, e))
                break
        told = self._rubber_told()
        if told:
            self.add("rubber_games", told[0], told[1])
            return
        kinds = [(s, d[s].lemma_) for s, e in self.has("GAME_KIND")]
        if len(kinds) == 1 and d[kinds[0][0]].lower_.endswith("s") \
                and any(t.lower_ in ("both", "two") for t in d[max(0, kinds[0][0] - 3):kinds[0][0]]):
            kinds = kinds * 2           # "two straight games, both of them trebles": two games of that kind
        vals = {"treble": 3, "double": 2, "single": 1}
        if len(kinds) >= 2 and any(t.lemma_ == "rubber" for t in d):
            winners = [self._game_winner(s) or (won[0] if won else None) for s, _ in kinds[:3]]
            if all(winners):
                games = [{"won_by": w, "value": vals[k]} for w, (_, k) in zip(winners, kinds[:3])]
                self.add("rubber_games", games, ", ".join(k for _, k in kinds))
                return
        if len(kinds) == 1 and "tricks" in self.facts and any(t.lemma_ == "rubber" for t in d):
            # "We won the first game as a treble. In the first hand of the second game ...": the
            # game before this hand's (the hand's own game is the rules' to add, English 1)
            at, k = kinds[0]
            w = self._game_winner(at)
            if w and any(m[0] < at for m in self._game_marks() if self.sent[m[0]] == self.sent[at]):
                self.add("rubber_games", [{"won_by": w, "value": vals[k]}], self.span(self._sent_bounds(at)[0], at + 1))
                return
        if won and "tricks" not in self.facts:
            sc = self.facts.get("score") or {}
            loser = "YZ" if won[0] == "AB" else "AB"
            if loser in sc:
                self.add("game_won_by", won[0], won[1])

    def _rubber_told(self) -> tuple[list[dict], str] | None:
        """The games of a rubber told in order, each with the losers' score then ("we won the first
        game while they were still at love, and the second when they had two points", "game two:
        they beat us while we were on three"): the winners and the losers' score of each (their
        value is the rules' to say, English 8)."""
        d = self.doc
        if not any(t.lemma_ == "rubber" for t in d):
            return None
        marks = self._game_marks()
        if len(marks) < 2:
            return None
        taken = [s for s, _ in self.has("GAME_TAKEN") if not self._in_quote(s)]
        lost = {s for s, _ in self.has("GAME_LOST")}
        love = [s for s, _ in self.has("LOSERS_LOVE")]
        verbs = sorted(set(taken) | lost)
        games: list[dict] = []
        for k, (s, e) in enumerate(marks):
            end = marks[k + 1][0] if k + 1 < len(marks) else len(d)
            verb = self._verb_before(s, verbs)
            if verb is None:            # "game two: they won it", "second game they beat us"
                nxt = self._verb_before(end, verbs) if k + 1 < len(marks) else None
                verb = next((v for v in verbs if e <= v < end and v != nxt), None)
            side = self._side_of_mention(self._verb_subject(verb)) if verb is not None else None
            if side and verb in lost:
                side = "YZ" if side == "AB" else "AB"
            side = side or (games[-1]["won_by"] if games else None) or self._rubber_taker(taken)
            if side is None:
                return None
            score = 0 if any(e <= x < end for x in love) else self._losers_score(e, end, side)
            if score is None:
                return None
            games.append({"won_by": side, "loser_score": score})
        return games, self.span(marks[0][0], marks[-1][1])

    def _rubber_taker(self, taken: list[int]) -> str | None:
        """The side told as winning the rubber ("we took the rubber in two games"): the winner of a
        game whose own winner is not told."""
        for t in self.doc:
            if t.lemma_ == "rubber":
                verb = next((v for v in taken if t.i - 3 <= v < t.i), None)
                if verb is not None:
                    return self._side_of_mention(self._verb_subject(verb))
        return None

    def _game_marks(self) -> list[tuple[int, int]]:
        """Where each game of a rubber is named: "the first game", "game two", and, once a game has
        been named, "the second" standing alone ("..., then the second when they had two")."""
        d = self.doc
        longest: dict[int, int] = {}
        for s, e in self.has("GAME_ORDINAL"):
            longest[s] = max(e, longest.get(s, e))
        marks: list[tuple[int, int]] = []
        for s, e in sorted(longest.items()):
            if not marks or s >= marks[-1][1]:     # "the first game" holds "first game"
                marks.append((s, e))
        verbs = [s for s, _ in self.has("GAME_TAKEN") + self.has("GAME_LOST")]
        for s, e in self.has("GAME_ORDINAL_ELIDED"):
            after = d[e] if e < len(d) else None
            alone = after is None or after.is_punct or after.lower_ in ("when", "while", "with", "after", "before", "one", "as", "too", "and", "but")
            # once a game has been named, or right after "won" ("we won the first with them on two")
            named = (marks and s > marks[0][0]) or self._verb_before(s, verbs) is not None
            # "(the rubber in two games:) in the first they had nothing, in the second ..."
            inside = s > 0 and d[s - 1].lower_ == "in" and any(t.lemma_ == "game" for t in d[:s])
            if (alone and named or inside) and not any(ms <= s < me for ms, me in marks):
                marks.append((s, e))
        return sorted(marks)

    def _verb_before(self, at: int, verbs: list[int]) -> int | None:
        """The verb of winning or losing right before the game named at token ``at`` ("we won the
        first game", "then took the second"), skipping "then", "and", "also"."""
        j = at - 1
        while j >= 0 and self.doc[j].lower_ in ("then", "and", "also", "again", ","):
            j -= 1
        return j if j in verbs else None

    def _verb_subject(self, verb: int) -> Mention | None:
        """The one named right before a verb ("we won", "they had beaten us"); None when the subject
        is left out ("..., then won the second game")."""
        j = verb
        while j > 0 and self.doc[j - 1].lower_ in ("then", "also", "just", "again", "had", "have", "'d", "'ve"):
            j -= 1
        return next((m for m in self.ms if m.end == j), None)

    def _losers_score(self, s: int, e: int, winners: str) -> int | None:
        """The losers' score told in the words s..e of one game ("when they had two", "while we were
        sitting on three"): a number after "at", "on", "have", "with" or "be", not the winners'."""
        d = self.doc
        for t in d[s:e]:
            n = self._num(t)
            if n is None or t.i == 0 or d[t.i - 1].lemma_ not in ("at", "on", "have", "with", "be"):
                continue
            if self._side_of_mention(self.subject(t.i)) == winners:
                continue            # "we won it when we were on four": the winners' own score
            return n
        return None

    def _game_winner(self, at: int) -> str | None:
        """The side that won the game named at token ``at``: the subject of the last "win"
        (or "take") before it in its sentence ("game two they won a single")."""
        d = self.doc
        for t in reversed(d[:at]):
            if self.sent[t.i] != self.sent[at]:
                return None
            if t.lemma_ in ("win", "take"):
                return self._side_of_mention(self.subject(t.i))
        return None

    def _bets_claims(self) -> None:
        d = self.doc
        for s, e in self.has("BET"):
            subj = self.subject(s)
            between = [x for x in (subj.seats if subj else ()) if x in SEAT_LETTERS]
            # "a side bet with Jack", "I bet against Jo", "I bet Yusuf a fiver": the other party named
            # after the bet (the asker the first, when no one is named before it)
            other_ = next((m for m in self.ms if e <= m.start <= e + 2 and len(m.seats) == 1
                           and m.seats[0] in SEAT_LETTERS and (d[m.start - 1].lower_ in ("with", "against")
                                                               or m.start == e and d[s].lemma_ in ("bet", "wager"))),
                          None)
            if other_ is not None and len(between) < 2:
                mine = between or (["A"] if self.first_person else [])
                if len(mine) == 1 and mine[0] != other_.seats[0]:
                    between = [mine[0], other_.seats[0]]
                    subj = subj if subj is not None and subj.sent == self.sent[s] else other_
            if len(between) != 2:
                continue
            on = None
            # what the bet is on: told in the bet's own sentence ("I bet Gus a fiver that my side
            # would win the odd trick")
            end = next((t.i for t in d[s:] if t.text in (".", "?", "!", ";")), len(d))
            tail = d[s:max(end, min(len(d), s + 8))].text.lower()
            if "odd trick" in tail:
                on = "odd-trick"
            elif "rubber" in tail:
                on = "rubber"
            elif "game" in tail:
                on = "game"
            elif "score" in tail:
                on = "score"
            bet = {"between": between}
            if on:
                bet["on"] = on
            self.add("bet", bet, self.span(subj.start, min(len(d), s + 6)))
            break
        for s, e in self.has("CONSULT"):
            q = self._in_quote(s)
            if not q and self.said_before(s, "claim_speech"):
                continue            # "they say that's consulting": their claim, not what happened
            by = self._speaker(q) if q else None
            if by is None:
                m = self.subject(s)
                by = m.seats[0] if m and len(m.seats) == 1 else None
            claim = {"consulted": True}
            if by:
                claim["by"] = by
            if self.facts.get("lead"):
                claim["for_offence"] = "lead-out-of-turn"
            elif self.facts.get("revoke") or self.facts.get("revokes"):
                claim["for_offence"] = "revoke"
            self.add("claims", [claim], self.span(s, e))
            break
        # a revoke's penalty (points or tricks) demanded for an offence that is no revoke (a lead
        # out of turn, a card exposed): a claim the rules judge (revised 88; Drayson case 57: a
        # penalty not authorised for the offence)
        # ... and any penalty demanded in words quoted by an adversary of the offender ("then you
        # must win the trick", then "play your highest heart": Drayson case 25), in the order said
        f = self.facts
        offender = next((x for x in ((f.get("revoke") or {}).get("by"), (f.get("lead") or {}).get("by"),
                                     *((e.get("by") for e in f.get("exposed") or [])))
                         if x in SIDE), None)                   # a seat, or a side ("their guy")
        cues = DEMAND_CUES + (() if f.get("revoke") or f.get("revokes") else REVOKE_PENALTY_CUES[1:])
        qs, qe = self._question_span()
        # (or reported, unquoted: "the player on my right insists that, as the penalty, I have to
        # win the trick")
        said = sorted((s, q or (s, e), kind) for label, kind in cues for s, e in self.has(label)
                      if ((q := self._in_quote(s)) or self.said_before(s, "claim_speech")) and not qs <= s < qe)
        for s, q, kind in said if offender else ():
            by = self._speaker(q) if self._in_quote(s) else self._claimant(s)
            if by not in SEAT_LETTERS or SIDE[by] == SIDE[offender] or \
                    any(c.get("penalty") == kind and c.get("by") == by for c in f.get("claims") or []):
                continue
            self._add_claim({"penalty": kind, "by": by}, self.span(*q))
        # English 85 / American 1890, 10: who asked whom to draw his card ("all" of them, or
        # "my partner" alone: Drayson case 151)
        for s, e in self.has("DRAW_DEMAND"):
            if self.negated(s, e):
                continue
            subj = self.subject(s)
            by = subj.seats[0] if subj and len(subj.seats) == 1 and subj.seats[0] in SEAT_LETTERS else None
            if by is None:
                continue
            # the ones asked: the seats mentioned in the demand ("everybody" stands for all four)
            of = sorted({x for m in self.ms if s < m.start < e for x in m.seats if x in SEAT_LETTERS and x != by})
            if of:
                self.add("cards_drawn_demand.by", by, self.span(subj.start, e))
                self.add("cards_drawn_demand.of", of, self.span(s, e))
            break
        # calls of a suit: "Y then calls on B to lead a diamond"
        for s, e in self.has("CALL_SUIT_FROM"):
            subj = self.subject(s)
            # the one called on: a seat within the words, or named right after "... from"
            tm = next((m for m in self.ms if s <= m.start <= e and len(m.seats) == 1
                       and m.seats[0] in SEAT_LETTERS and m.start != (subj.start if subj else -1)), None)
            target = tm.seats[0] if tm else None
            if target is None and not any(t.lower_ == "from" for t in d[s:e]):
                # "my partner called clubs": from the one the story gives the lead after the false lead
                target = (self.facts.get("lead") or {}).get("next_leader")
            by = subj.seats[0] if subj and len(subj.seats) == 1 and subj.seats[0] in SEAT_LETTERS else None
            if target and target == by and tm.text.lower() in ("him", "her") and subj is not None:
                # "X called a club from her": not from X himself, but from the one told before X
                target = next((m.seats[0] for m in reversed(self.ms) if m.end <= subj.start and len(m.seats) == 1
                               and m.seats[0] in SEAT_LETTERS and m.seats[0] != by), None)
            if target:
                # (no one calls a suit from himself: the caller was not read)
                self._add_suit_call(s, e, None if by == target else by, target, self.span(s, e))

        # ... a suit called in words quoted after a lead out of turn ("Now Zoe says 'lead a club'"):
        # from the one told to (the speech verb's object, "told him"), else the one of the
        # offending side told last to win a trick (who has the lead), else the offender
        lead = self.facts.get("lead") or {}
        for s, e in self.has("CALL_SUIT_SAID") if lead.get("by") in SEAT_LETTERS else ():
            q = self._in_quote(s)
            by = self._speaker(q) if q else None
            if by is None or by not in SEAT_LETTERS or SIDE[by] == SIDE[lead["by"]] \
                    or any(c.get("penalty") == "call-suit" for c in self.facts.get("claims") or []):
                continue
            told = next((self.object(t.i + 1) for t in reversed(self.doc[max(0, q[0] - 4):q[0]])
                         if t.lemma_ in LEXICON["speech"]), None)
            won = [m.seats[0] for t in self.doc[:q[0]] if t.lemma_ == "win"
                   for m in [self.subject(t.i)] if m is not None and len(m.seats) == 1
                   and m.seats[0] in SEAT_LETTERS and SIDE[m.seats[0]] == SIDE[lead["by"]]]
            target = told if told and SIDE.get(told) == SIDE[lead["by"]] else won[-1] if won else lead["by"]
            self._add_suit_call(s, e, by, target, self.span(*q))
            break

        # a card required to be put or left face up on the table: a claim the rules judge (an
        # exposed card's own requirement, or a penalty the law does not give)
        for s, e in sorted(self.has("DEMAND_FACE_UP")):       # ("told him to leave it": the teller's)
            if self.negated(s, e) or self._asked_action(s):
                continue
            q = self._in_quote(s)
            subj = None if q else self.subject(s)
            # "we told him ...": one of the side that demands it (the side decides)
            side = None if q or subj is None or len(subj.seats) == 1 else self._side_of_mention(subj)
            by = self._speaker(q) if q else side[0] if side else subj.seats[0] if subj and subj.seats else None
            if by not in SEAT_LETTERS:
                continue
            self._add_claim({"penalty": "leave-on-table", "by": by}, self.span(s, e))
            break

        # American 39: "If the wrong adversary demands a penalty ... none can be enforced" -- the
        # claimant told to be the wrong one ("the wrong one of us demanded the penalty", "my
        # partner, who isn't the adversary entitled to enforce it, called a suit"): the claim read
        # already, else the demand told in the same sentence
        for s, e in self.has("WRONG_CLAIMANT"):         # (its words are negative themselves)
            if qs <= s < qe:
                continue
            claims = self.facts.get("claims") or []
            if claims:
                claims[-1]["wrong_adversary"] = True
                self.sources[f"claims[{len(claims) - 1}].wrong_adversary"] = self.span(s, e)
                break
            made = [(ds, de, kind) for label, kind in (("PENALTY_DEMANDED", None), ("SUIT_DEMANDED", "call-suit"),
                                                           ("CALL_SUIT_SAID", "call-suit"))
                    for ds, de in self.has(label) if self.sent[ds] == self.sent[s] and not qs <= ds < qe]
            if made:
                ds, de, kind = min(made)
                claim = {"wrong_adversary": True} | ({"penalty": kind} if kind else {})
                self._add_claim(claim, self.span(min(s, ds), max(e, de)))
                break

    # ------------------------------------------------------------ common situations, read off the words
    def _common(self) -> None:
        """Two situations whose facts are lists the cue rows cannot build: a hand kept while the
        partner threw his down (58), a suit called from a player who has none of it (66).  The
        others are cue rows of cues.yaml.  Each fact keeps the words it came from."""
        d = self.doc
        text = d.text
        f = self.facts
        # -- hands thrown down while another is kept (English 58): each thrower's, told outside
        # quotes and before the asking sentence ("Can I call cards from Yusuf's exposed hand?")
        asking = self.sent[len(d) - 1]
        throwers = []
        for s2, e2 in self.has("THROWN_DOWN"):
            sm = self.subject(s2 + 1)
            if self.sent[s2] != asking and not self._in_quote(s2) and sm and len(sm.seats) == 1 \
                    and sm.seats[0] in SEAT_LETTERS and sm.seats[0] not in throwers:
                throwers.append(sm.seats[0])
                words = self.span(s2, e2)
        kept = [(s2, e2) for s2, e2 in self.has("KEPT_HAND") if not self._in_quote(s2)]
        if throwers and kept and "hands_thrown_down" not in f:
            self.add("hands_thrown_down", sorted(throwers), words + " ... " + self.span(*kept[0]))
        # -- the hands of one side thrown down ("the other side conceded and threw their cards in":
        # the game resigned, American 1890, 17)
        for s2, e2 in sorted(self.has("THROWN_DOWN") + self.has("RESIGNED")):
            if "hands_thrown_down" in f or self.sent[s2] == asking or self._in_quote(s2):
                continue
            sm = self.subject(s2 + 1)
            losers = [ls for ls, _ in self.has("LOSING_SIDE") if ls < s2 and self.sent[ls] == self.sent[s2]]
            # ("we were beaten ... and spread her cards": one player's cards, not the side's)
            own = any(m for m in self.ms if s2 <= m.start < e2 and len(m.seats) == 1)
            if sm and set(sm.seats) in ({"A", "B"}, {"Y", "Z"}) and not (losers and sm.start < losers[-1]) and not own:
                self.add("hands_thrown_down", sorted(sm.seats), self.span(sm.start, e2))
            elif losers:
                self.add("hands_thrown_down", ["Y", "Z"],
                         self.span(losers[-1], e2) + " (not said: taken to be the other side)")
        # -- a suit called from a player who has none of it (English 66)
        m = re.search(r"\b(made|make|makes|called on|call on|calls on|told|forced|asked)\b (me|him|her|my partner|us|[ABYZ])"
                      r" (to )?lead (a |an )?(heart|diamond|club|spade|trump)s?\b", text, re.I)
        none = re.search(r"\b(have|has|had|'ve|got)\b[^.?!;]{0,6}\b(no|none|not got any|n't got any|not any|n't any"
                         r"|not a single)\b|\b(haven't|hasn't|hadn't|don't|doesn't|didn't) (got |have )?(any|a single)\b"
                         r"|\bvoid in\b|\bnone of (it|them|that suit|the suit)\b", text, re.I)
        called = [c for c in f.get("claims") or [] if c.get("penalty") == "call-suit"]
        if called and none:
            # the call read already (CALL_SUIT_FROM): the one called on says he had none
            i = next((t.i for t in d if t.idx >= none.start()), 0)
            who = self.subject(i + 1)
            if who and who.seats == (called[0].get("from_seat"),):
                called[0]["has_none"] = True
                self.sources["claims[0].has_none"] = self.span(who.start, i + 2)
        elif m and none and not f.get("claims"):
            who = m.group(2).lower()
            seat = {"me": "A", "my partner": "B", "us": "A", "him": None, "her": None}.get(who, m.group(2))
            claim = {"penalty": "call-suit", "has_none": True}
            if seat:
                claim["from_seat"] = seat
            self.add("claims", [claim], m.group(0) + " ... " + none.group(0))

    def _claimant(self, i: int) -> str | None:
        """The one who says the words at token i, unquoted: the doer of the last verb of saying
        before it in its sentence ("the player on my right insists that I have to win it")."""
        verbs = set(LEXICON["claim_speech"])
        verb = next((t for t in reversed(self.doc[:i]) if self.sent[t.i] == self.sent[i] and t.lemma_ in verbs), None)
        m = self.subject(verb.i) if verb is not None else None
        return m.seats[0] if m is not None and len(m.seats) == 1 else None

    def _dealt_for_partner(self) -> None:
        """English 49: one who dealt for his partner ("I dealt his deal for him") is not the dealer
        the words "I dealt" make him: the deal was the partner's."""
        by = (self.facts.get("deal") or {}).get("dealt_by")
        if by in SEAT_LETTERS and self.facts.get("dealer") == by:
            self.add("dealer", PARTNER[by], "(not said: dealt for his partner, the deal was the partner's)")

    def _asked_penalty(self) -> tuple:
        """The conclusions of the penalty for playing before one's partner that the asking clause
        names ("make her play her highest": highest_or_lowest_callable_from)."""
        qs, qe = self._question_span()
        keys = [k for t in self.doc[qs:qe] for k in PLAY_PENALTY_WORDS.get(t.lemma_, ())]
        if not keys and qs > 0:                 # "Can he make her do that?": the sentence before
            ps, pe = self._sent_bounds(qs - 1)
            keys = [k for t in self.doc[ps:pe] for k in PLAY_PENALTY_WORDS.get(t.lemma_, ())]
        return tuple(dict.fromkeys(keys))

    def _asked_seat(self) -> str | None:
        """The seat a question opening with a modal asks about: "Can Raj enforce the penalty?",
        "May Zed call a club from her?" (lexicon ``modal``, then one seat)."""
        s, e = self._question_span()
        d, modal = self.doc, set(LEXICON["modal"]) | set(LEXICON["asking_aux"])
        while s < e and not d[s].is_alpha:        # a closing quote before "Can I ...?"
            s += 1
        def asking(t) -> bool:
            return t.lemma_ in modal or t.lower_ in modal
        if s < e and not asking(d[s]):          # a phrase before it: "Under the English code, is it ...?"
            comma = next((t.i for t in d[s:min(e, s + 7)] if t.text in (",", ":")), None)
            s = comma + 1 if comma is not None else s
        if not (s < e and asking(d[s])):
            return None
        if d[s].lemma_ in ("am", "is", "are", "be") and any(label == "ASK:judging" and s <= a < e
                                                            for label, a, _ in self.matches):
            # "Am I right that ...?" judges a claim; it does not ask about the asker, but about
            # the one the claim names first, a pronoun right after the verb of saying standing for
            # the one who says it ("Ben says he gets the deal. Is Ben right?": Ben)
            claim = self._judged_claim()
            m = next((m for m in self.ms if claim and claim[0] <= m.start < claim[1]), None)
            if m is not None and m.start == claim[0] and d[m.start].lower_ in ("he", "she", "i"):
                m = self.subject(claim[0] - 1)
            return m.seats[0] if m and len(m.seats) == 1 and m.seats[0] in SEAT_LETTERS else None
        at = s + 2 if s + 1 < e and d[s + 1].lemma_ == "not" else s + 1      # "Don't I get the deal?"
        if at < e and d[at].lower_ == "it":     # a cleft: "is it (actually) Lena who deals?"
            m = next((m for m in self.ms if at < m.start <= at + 2 and m.end < e and d[m.end].lower_ == "who"), None)
            return m.seats[0] if m and len(m.seats) == 1 and m.seats[0] in SEAT_LETTERS else None
        m = next((m for m in self.ms if m.start == at), None)
        return m.seats[0] if m and len(m.seats) == 1 and m.seats[0] in SEAT_LETTERS else None

    def _judged_claim(self) -> tuple[int, int] | None:
        """The words of the claim a judging question judges, after the verb of saying ("Ben says
        he and Yara are partners. Is Ben right?": "he and Yara are partners"), else None."""
        s, e = self._question_span()
        judged = interpreter.judging(self, s, e)
        if judged is None:
            return None
        that = next((b + 1 for label, a, b in self.matches if label == "ASK:judging" and s <= a and b + 1 < e
                     and self.doc[b].lower_ == "that"), None)
        if that is not None:
            return that, e                  # "is Sue right that she deals?": the claim in the clause
        told = [t.i for t in self.doc if self.sent[t.i] == judged[1] and t.i < judged[0]]
        speech = set(LEXICON["speech"])
        verb = next((i for i in told if self.doc[i].lemma_ in speech), None)
        return (verb + 1, told[-1] + 1) if verb is not None and verb < told[-1] else None

    def _asked_pair(self) -> tuple:
        """The two players the asking clause names, each once ("are Sue and Tom actually partners?"),
        else (); of a judged claim, the two it names ("Ben says he and Yara are partners")."""
        s, e = self._judged_claim() or self._question_span()
        seats = list(dict.fromkeys(x for m in self.ms if s <= m.start < e for x in m.seats if x in SEAT_LETTERS))
        return tuple(sorted(seats)) if len(seats) == 2 else ()

    def _asked_honours(self) -> tuple | None:
        """The honours points the asking clause names: "score four by honours" (4, False), "add two
        more for honours" (2, True)."""
        d = self.doc
        s, e = self._question_span()
        if not any(t.lemma_ == "honour" for t in d):
            return None
        for t in d[s:e]:
            n = self._num(t)
            if n is None or n < 2:
                continue
            after = [x.lower_ if x.lower_ == "more" else x.lemma_ for x in d[t.i + 1:min(e, t.i + 4)]]
            if "more" in after[:1]:
                return (n, True)
            if "honour" in after:
                return (n, False)
        return None

    def _asked_side(self) -> str | None:
        s, e = self._question_span()
        for t in self.doc[s:e]:
            if t.lower_ in ("we", "us", "our"):
                return "AB"
            if t.lower_ in ("they", "them", "their"):
                return "YZ"
        return None

    def _asked_quantity(self) -> str | None:
        """Which number a score question asks (lexicon ``score_asked``): a side's score after the
        hand ("what's our score now?", "what do they end up on?"), or what the hand adds to it
        ("how many points do we score on this hand?"); None for the game's worth."""
        s, e = self._question_span()
        toks = list(self.doc[s:e])
        words = LEXICON["score_asked"]
        if any(t.lemma_ in words["worth"] for t in toks):
            return None
        if any(t.lemma_ in words["added"] for t in toks):
            return "hand"               # "how many points do they add to their score?"
        if any(t.lower_ == "score" and i and toks[i - 1].lower_ in words["owners"] for i, t in enumerate(toks)) \
                or any(a.lemma_ in words["end_verbs"] and b.lower_ in ("up", "on", "at") for a, b in zip(toks, toks[1:])):
            return "score"
        if any(t.lower_ == "hand" for t in toks) and any(t.lemma_ in words["hand_verbs"] for t in toks):
            return "hand"
        return None

    # ------------------------------------------------------------ what is asked
    def _question_span(self) -> tuple[int, int]:
        d = self.doc
        qs = [t.i for t in d if t.text == "?"]
        if not qs:
            return (0, len(d))
        qs = [i for i in qs if not self._in_quote(i)] or qs      # not a question someone quoted asked
        end = qs[0] if len(qs) > 1 and self._is_yes_no(*self._sent_bounds(qs[0])) else qs[-1]
        start = end
        while start > 0 and d[start - 1].text not in (".", "?", "!", ";"):
            start -= 1
        if d[start].lower_ in LEXICON["condition_frames"]:
            comma = next((t.i for t in d[start:end] if t.text == ","), None)
            if comma is not None and comma + 1 < end:
                start = comma + 1           # "Assuming we play it out, what's our score?"
        return (start, end)

    def _sent_bounds(self, end: int) -> tuple[int, int]:
        d = self.doc
        start = end
        while start > 0 and d[start - 1].text not in (".", "?", "!", ";"):
            start -= 1
        return start, end

    def _is_yes_no(self, s: int, e: int) -> bool:
        d = self.doc
        starts = [s] + [t.i + 1 for t in d[s:e] if t.text in (",", ":", "—", "–", "-", "--", '"', "'", "‘", "’", "“", "”")]
        for i in starts:
            if i < e and d[i].lower_ in YES_NO_STARTS:
                nxt = d[i + 1] if i + 1 < e else None
                if nxt is not None and (nxt.is_alpha or nxt.lemma_ == "not"):
                    return True
        wh = set(LEXICON["wh_words"])
        words = [t for t in d[s:e] if not t.is_punct]
        if words and len(words) <= 3 and not any(t.lower_ in wh for t in words):
            return True                     # "Misdeal?", "Still claimable?"
        # a frame before the question: "Under the English rules is that a misdeal?", "When we cut
        # for partners does everybody cut from the same pack?" (no wh-word before the verb)
        for i in range(s + 1, min(e - 1, s + 12)):
            if d[i].lower_ not in YES_NO_STARTS:
                continue
            j = i + 2 if d[i + 1].lemma_ == "not" and i + 2 < e else i + 1
            if d[j].lower_ in SUBJECT_STARTS or (d[j].text[:1].isupper() and d[j].is_alpha):
                return not any(t.lower_ in wh for t in d[s:i]) and d[i - 1].lower_ not in YES_NO_STARTS \
                    and not (i == s + 1 and d[s].lower_ in ("when", "if"))      # "When can a player ...?"
        return False

    def _polarity(self) -> str | None:
        s, e = self._question_span()
        if not any(t.text == "?" for t in self.doc):
            return None
        return "yes-no" if self._is_yes_no(s, e) else None

    def _asks(self) -> tuple[str | None, list[str], bool]:
        s, e = self._question_span()
        asks, also, neg = self._asks_in(s, e)
        if asks is None and s > 0 and self._bare(s, e):
            # a bare asking clause ("Can Zack make her do that?") asks about the sentence before,
            # or the one before that when it only tells someone denying it or saying nothing of his
            # own ("... now want to call that card out of him. He says nobody ever does that. Are we
            # allowed to?"; not "My uncle says we can add three points. Can we do that?")
            polar = self._is_yes_no(s, e)
            ps, pe = self._sent_bounds(s - 1)
            asks, also, neg = interpreter.asked(self, ps, pe + 1, ASKS, yes_no=polar)
            denial = any(t.lemma_ in NEGATION for t in self.doc[ps:pe]) or any(
                label == "ASK:inverted" and ps <= a <= pe for label, a, _ in self.matches)
            if asks is None and ps > 0 and any(t.lemma_ in LEXICON["speech"] for t in self.doc[ps:pe]) \
                    and (denial or self._bare(ps, pe)):
                ps, pe = self._sent_bounds(ps - 1)
                asks, also, neg = interpreter.asked(self, ps, pe + 1, ASKS, yes_no=polar)
            inverted = {a for label, a, _ in self.matches if label == "ASK:inverted"}
            if asks is not None and any(s <= a < e for a in inverted) and not any(ps <= a <= pe for a in inverted):
                neg = not neg               # "Is it too late?" turns round what the sentence before asks
                self.asked_turned = True
        return asks, also, neg

    def _bare(self, s: int, e: int) -> bool:
        """The clause ``[s, e)`` names almost nothing itself: fewer than two content words that
        are not a player, the code or the laws (lexicon ``not_asked``), and no phrase of a row of
        the asks table with a content word in it ("Is Jen allowed to take it back?" names taking a
        card back; "Does Jen have to?" and "Do they count?" name nothing of their own, nor does "Do
        they get it?": a light verb, lexicon ``light_verbs``, names nothing)."""
        modal, not_asked = set(LEXICON["modal"]), set(LEXICON["not_asked"])
        light = set(LEXICON["light_verbs"])
        if any(label.startswith("ASK:") and label.count(":") == 2 and s <= a < e and b - a >= 2
               and any(t.is_alpha and t.lemma_ not in modal | not_asked | light | {"be", "do", "to"}
                       and t.lower_ not in SUBJECT_STARTS for t in self.doc[a:b])
               for label, a, b in self.matches):
            return False
        starts = {i for m in self.ms for i in range(m.start, m.end)}
        content = [t for t in self.doc[s:e] if t.is_alpha and not t.is_stop and t.i not in starts
                   and t.lemma_ not in LEXICON["not_asked"]]
        return len(content) < 2

    def _asks_in(self, s: int, e: int) -> tuple[str | None, list[str], bool]:
        """What the asking clause ``[s, e)`` asks: the first row of ``kb/nlu/asks.yaml`` that
        applies (``interpreter.asked``)."""
        return interpreter.asked(self, s, e, ASKS)


def polar_q(ex: _Extractor) -> bool:
    return ex._polarity() == "yes-no"
