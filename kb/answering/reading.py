"""A reading of the law text, for yes/no questions the rules model does not decide.

When the rules model gives no verdict on a yes/no question, the answer can still be read off the
wording of the law retrieved for it: "Can a player shuffle the cards during the hand?" -- English
law 27: "The pack must not be shuffled during the play of the hand." -- No.

``read(question, results, records, code)`` returns ``None`` (abstain) or::

    {"verdict": "yes" | "no", "law": <record id of the clause: a law or a section>,
     "clause": <the clause's words>, "score": <match, 0..1>, "why": [<what decided it>],
     "sentence": <the answer's first line, saying it comes from the wording>}

How it reads, deterministically (the spaCy lookup lemmatizer of ``kb.facts``, no trained model):

1. The question: its yes/no sentence (the predicate) and the sentences before it (the story);
   content lemmas of each, mapped through the vocabulary bridge (``kb/retrieval/vocabulary.yaml``) and a
   few equivalences of the laws' register (force/compel/oblige, demand/claim, ...) so that a
   modern word meets the period one.  What is asked: permission ("Can/May I ...", "Is it
   allowed/proper ..."), obligation ("Must/Need he ..."), or a fact ("Is it a misdeal ...",
   "Does he keep his deal?").
2. The laws: each of the top retrieved laws of the code asked about (and its sections, each with
   the law's opening words: "It is a misdeal -- V. Should the dealer ... count the cards") is cut
   into clauses at ``;``, ``:``, sentence ends and ", and,"/", but"/", after which".  A clause's
   main part is what follows its conditions ("If ..., should ..., *he loses his deal*").
3. The match: the share of the question's content (idf-weighted; the predicate weighs twice the
   story) that the clause's lemmas cover, times a small decay by the law's retrieval rank.
4. The polarity of the clause's main part: "cannot", "must not", "neither ... nor", "no",
   "is not", "does not lose", "in no case" make it negative; a negative clause answers "no" to
   "Can/May/Must/Is/Does ...", a positive one "yes" (to "Must he ...?" a clause that only permits,
   "he may", is no answer: abstain).  Then three turns of the reading:
   - timing: the clause holds "before X" (or "after X") and the question says X has already
     happened (or has not yet): the answer turns;
   - exception: "... without the permission of his opponents" and the question says they agreed;
   - antonym: the question's verb meets the clause's only as its opposite ("keep" / "loses").
5. Abstain when the best clause covers less than ``MIN_SCORE`` of the question, when fewer than
   ``MIN_MATCHED`` lemmas meet, when nothing of the predicate sentence meets, or when another
   clause matching almost as well (within ``AMBIGUITY``) reads the other way.
"""
from __future__ import annotations

from kb.answering.quoting import quote
from kb.codes import law_label
from kb.nlu.facts import ORDINALS

from dataclasses import dataclass, field
from functools import lru_cache
import math
import re

# Thresholds, measured with `whist eval` and by reading every yes/no question of the dev and
# held-out files and the lead's fresh questions *as if the model had not decided it* (52
# questions): from 0.30 to 0.45 it answers 23 and is right on 21 (0.91); above 0.45 it drops
# answers it had right without a gain in precision (0.50: 18 of 20).
MIN_SCORE = 0.45
MIN_MATCHED = 2
AMBIGUITY = 0.03
TOP_LAWS = 5
RANK_DECAY = 0.06
STORY_WEIGHT = 0.5
READ_TYPES = ("law", "section", "etiquette", "dummy", "double-dummy")

# equivalences of the laws' register (general English, not phrases of any question);
# a negative sign marks an opposite: "keep" meets "lose" as its contrary.
REGISTER = (
    ("compel", ("force", "forced", "compel", "compelled", "oblige", "obliged", "require", "required", "bind")),
    ("claim", ("claim", "demand", "insist", "ask for", "exact", "enforce")),
    ("permit", ("allow", "allowed", "permit", "permitted", "entitle", "entitled", "let", "liberty")),
    ("stop", ("stop", "prevent", "bar", "halt")),
    ("expose", ("flip", "flipped", "expose", "exposed", "show", "reveal", "turn over", "face up", "faced")),
    ("pay", ("pay", "fine", "stake")),
    ("permission", ("permission", "consent", "ask", "asking", "agreement", "leave of")),
    ("count", ("count", "recount", "reckon")),
    ("see", ("see", "look", "peek", "glance")),
    ("lose", ("lose", "loses", "lost", "forfeit", "forfeits", "forfeited")),
    ("place", ("place", "placed", "put", "lay", "set")),
    ("privilege", ("privilege", "privileges")),
    ("enter", ("enter", "join", "sit in")),
    ("rectify", ("rectify", "rectified", "correct", "fix", "amend", "put right")),
)
DERIVABLE = {"cut", "shuffle", "deal", "lead", "play", "revoke", "call", "score", "bet", "claim", "win",
             "lose", "trump", "count"}
ANTONYMS = {"keep": "lose", "retain": "lose", "win": "lose", "forbid": "permit", "prohibit": "permit",
            "illegal": "permit", "disallow": "permit"}

NEGATIONS = {"not", "cannot", "never", "neither", "nor", "no", "none", "nobody", "nothing", "n't"}
SUBORDINATORS = {"if", "should", "when", "whilst", "while", "unless", "provided", "though", "although",
                 "after", "before", "until", "till", "as", "which", "who", "whom", "whose", "where",
                 "whether", "except", "that", "because", "since", "whereupon", "prior"}
MAIN_VERBS = {"can", "cannot", "may", "must", "shall", "is", "are", "has", "have", "will", "does",
              "do", "loses", "wins", "gives", "counts", "scores", "forfeits", "takes", "becomes",
              "stands", "remains", "passes", "deals", "cuts", "consists", "goes", "belongs", "leads",
              "plays", "ought", "need", "needs", "be"}
WEAK_VERBS = {"be", "have", "do", "are", "has"}     # a condition may go on with these ("the fourth have less")
# words of a question that carry no content for the match
QUESTION_STOPS = {"player", "players", "one", "someone", "somebody", "anyone", "anybody", "people", "person",
                  "whist", "law", "laws", "rule", "rules", "allow", "allowed", "permit", "permitted",
                  "legal", "proper", "properly", "fair", "ok", "okay", "right", "correct", "valid", "lawful",
                  "still", "also", "now", "really", "actually", "just", "even", "yet", "already", "then",
                  "able", "entitle", "entitled", "happen", "happens", "get", "go", "thing", "way",
                  "accidentally", "mistakenly", "suppose", "supposed", "want", "think", "english", "american",
                  "revised", "code", "under", "i", "me", "we", "us", "he", "him", "she", "her", "they", "them",
                  "it", "you", "others", "other"}
PERMISSION_HEADS = {"can", "could", "may", "might", "ca"}
OBLIGATION_HEADS = {"must", "need", "shall", "should", "have", "has", "had"}
EVALUATIVE = {"allow", "allowed", "permit", "permitted", "legal", "proper", "fair", "ok", "okay", "right",
              "correct", "valid", "lawful", "entitle", "entitled", "able", "legitimate"}
OBLIGATION_WORDS = {"oblige", "obliged", "bound", "require", "required", "compel", "compelled", "force",
                    "forced", "have to", "need to", "obligatory", "compulsory"}
CONSENT = r"\b(agree|agrees|agreed|consent|consents|consented|permission|let|lets|allow|allows|allowed|ok|okay|blessing)\b"
AFTER_WORDS = {"after", "already", "once", "since"}
ASIDE = re.compile(r"\s*\([^)]*\)")
# the ordinals of the lexicon, and the digits the lemmatiser turns "first" into, as one number each
ORDINAL_LEMMAS = {**{w: str(n) for w, n in ORDINALS.items()}, **{str(n): str(n) for n in ORDINALS.values()}}
# the event is under way, so not yet over ("we're partway through the second trick", "while the
# second trick was still being played")
IN_PLAY_WORDS = {"partway", "midway", "halfway", "during", "while", "playing", "being"}
# a question asking whether something is *wrong* or *too late* asks the law's permission the other
# way round: "Is it against the rules to ...?" = "Is it not allowed ...?"
INVERTED = re.compile(r"\b(against the (rules?|laws?)|illegal|forbidden|prohibited|not allowed|too late|an offen[cs]e"
                      r"|breach of|breaking the (rules?|laws?)|break(s|ing)? (a|the) (rule|law)|a foul|cheating)\b", re.I)
# "before, but not after, X" (or the reverse) is a timing, not a negation
BUT_NOT = re.compile(r"\b(before|after),? but not (after|before),?", re.I)
BEFORE_WORDS = {"before", "until", "till", "prior"}


@dataclass
class Clause:
    id: str                      # law or section id
    text: str                    # the clause
    sentence: str                # the law's sentence it belongs to (quoted in the answer)
    lemmas: set                  # canonical content lemmas
    negative: bool               # the main part is negative
    modal: str                   # "permission" | "obligation" | "fact"
    timing: tuple | None = None  # ("before"|"after", {event lemmas})
    exception: bool = False      # "without the permission/consent", "unless"
    antonym_of: set = field(default_factory=set)
    timings: list = field(default_factory=list)   # every "before X" / "after X" of the clause


# ---------------------------------------------------------------- words

def _nlp():
    from kb.nlu import facts
    return facts.nlp()


@lru_cache(maxsize=1)
def _bridge() -> tuple[dict, list]:
    """word -> canonical ids (vocabulary groups and the register), and the multi-word terms."""
    from kb.retrieval.vocabulary import Vocabulary
    words: dict[str, set] = {}
    phrases: list[tuple[str, str]] = []
    groups = [(f"v{i}", g) for i, g in enumerate(Vocabulary.load().groups)] + list(REGISTER)
    for gid, terms in groups:
        for t in terms:
            t = t.lower()
            if " " in t:
                phrases.append((t, gid))
            else:
                words.setdefault(t, set()).add(gid)
    return words, phrases


def _canon(lemma: str, text: str) -> set:
    words, _ = _bridge()
    out = {lemma} | words.get(lemma, set()) | words.get(text, set())
    if lemma.endswith("er") and len(lemma) > 4:          # cutter -> cut, shuffler -> shuffle
        for stem in (lemma[:-2], lemma[:-3], lemma[:-1]):
            if stem in DERIVABLE:
                out |= {stem} | words.get(stem, set())
    return out


@lru_cache(maxsize=1)
def _stops() -> frozenset:
    from kb.retrieval.vocabulary import stop_words
    return frozenset(stop_words() - {"not", "no", "never", "nor", "neither", "cannot"})


PREPOSITIONS = {"for", "with", "without", "during", "by", "from", "into", "on", "under", "after", "before"}   # not "to": an infinitive as often
RIGHT_OWNERS = ("the", "our", "their", "his", "her", "my", "your", "a", "its")
SKIP = {"the", "a", "an", "his", "her", "their", "my", "our", "your", "its", "that", "this", "any", "either", "each",
        "one", "of"}


def _items(tokens) -> list[tuple[str, frozenset]]:
    """Content words of a token sequence: (lemma, its canonical ids), in order; and, as word-order
    evidence, "for partner"-style items: a preposition with the next content word ("shuffle for
    his partner" is not "the dealer's partner")."""
    out: list[tuple[str, frozenset]] = []
    stops = _stops()
    toks = list(tokens)
    for i, t in enumerate(toks):
        lem, low = t.lemma_, t.lower_
        if low in PREPOSITIONS:
            j = i + 1
            while j < len(toks) and j <= i + 3 and toks[j].lower_ in SKIP:
                j += 1
            if j < len(toks) and toks[j].is_alpha and toks[j].lower_ not in stops and toks[j].lower_ not in PREPOSITIONS:
                ids = _canon(toks[j].lemma_, toks[j].lower_)
                out.append((f"{low}+{toks[j].lemma_}", frozenset(f"{low}+{x}" for x in ids)))
            continue
        if not t.is_alpha or len(low) < 2 or low in stops or lem in stops or lem in NEGATIONS:
            continue
        if low == "left" and i and toks[i - 1].lower_ in ("the", "his", "her", "my", "'s", "their", "your", "on", "to"):
            lem = "left"                    # the direction, not the verb
        if low in ("right", "rights") and i and toks[i - 1].lower_ in RIGHT_OWNERS:
            lem = "privilege"               # "the right to ...", "our right": a privilege, not "correct"
        out.append((lem, frozenset(_canon(lem, low))))
    return out


def content_lemmas(tokens) -> set:
    """Canonical content ids of a token sequence (words, bridge ids and preposition items)."""
    return {x for _, ids in _items(tokens) for x in ids}


def phrase_groups(text: str) -> set:
    _, phrases = _bridge()
    low = " " + re.sub(r"[^a-z0-9' ]+", " ", text.lower()) + " "
    return {gid for p, gid in phrases if f" {p} " in low}


# ---------------------------------------------------------------- the laws, in clauses

_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|;\s*|:\s+|\s+—\s+|,\s+and,\s+|,\s+and\s+(?=the\b)|,\s+(?=but\b(?! not (?:after|before)\b))|,\s+(?=after which\b)"
                    r"|,\s+(?=whereupon\b)")


def _units(rec, records) -> list[tuple[str, str]]:
    """(record id, clause text) for a law record: sections get the law's opening words."""
    text = rec.text.replace("\n\n", " ").strip()
    if rec.type == "law":
        secs = sorted((k for k, r in records.items() if r.type == "section" and r.parent == rec.id),
                      key=lambda k: records[k].line_start)
        if secs:
            m = re.match(r"(.*?)\s*\bI\.\s", text)
            lead = m.group(1).strip(" —–-:") if m else ""
            out = []
            if lead and not re.search(r"[.;]", lead):
                pass
            elif lead:
                out += [(rec.id, *u) for u in _split(lead)]
            for k in secs:
                parts = _split(records[k].text.replace("\n\n", " "))
                if lead and parts and not re.search(r"[.;]", lead):
                    joined = lambda x: f"{lead} — {x[:1].lower() + x[1:]}"
                    parts = [(joined(u) if i == 0 else u, joined(sent)) for i, (u, sent) in enumerate(parts)]
                out += [(k, *u) for u in parts]
            return out
    return [(rec.id, *u) for u in _split(text)]


def _split(text: str) -> list[tuple[str, str]]:
    """(clause, the sentence it belongs to).  A condition cut off by a dash ("Should three players
    have their right number of cards — the fourth have less ...") stays with what follows it."""
    out = []
    for sent in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text):
        pieces = _SPLIT.split(sent)
        merged: list[str] = []
        for u in pieces:
            if merged and merged[-1] is not None and re.match(r"(?i)(should|if|when|whilst|while)\b", merged[-1]) \
                    and "," not in merged[-1] and f"{merged[-1]} — {u}" in sent:
                merged[-1] = f"{merged[-1]} — {u}"
            else:
                merged.append(u)
        for u in merged:
            if u and len(u.strip(" ,.").split()) >= 3:
                out.append((u.strip(" ,."), sent.strip()))
    return out


def _clause(rid: str, text: str, sentence: str = "") -> Clause:
    original = text
    text = BUT_NOT.sub(lambda m: m.group(1), text)      # "before, but not after, X": a timing
    doc = _nlp()(text.replace(" — ", ", "))
    toks = list(doc)
    lemmas = content_lemmas(toks) | phrase_groups(text)
    # comma chunks of the clause without its asides: "(it is not usual to call the trump card ...)"
    # is a remark on the rule, not its polarity
    plain = ASIDE.sub("", text)
    chunks: list[list] = [[]]
    for t in (toks if plain == text else list(_nlp()(plain.replace(" — ", ", ")))):
        if t.text == ",":
            chunks.append([])
        else:
            chunks[-1].append(t)
    chunks = [c for c in chunks if c]

    def head(c):
        first = c[0].lower_
        if first in ("and", "or", "but") and len(c) > 1:
            first = c[1].lower_
        return first

    def main_verb(c, weak: bool) -> bool:
        """A verb of the main clause in the chunk (not one inside "until he has ...")."""
        verbs = MAIN_VERBS - {"be"} if weak else MAIN_VERBS - WEAK_VERBS
        for j, t in enumerate(c):
            if j > 0 and t.lower_ in SUBORDINATORS - {"that", "should"}:
                return False
            if t.lower_ in verbs:
                return True
        return False

    main_from = 0
    if chunks and head(chunks[0]) in SUBORDINATORS:
        main_from = len(chunks) - 1
        # a modal or an indicative verb ("can", "must", "stands", "loses") marks the main clause
        # before a bare "have"/"be" of a condition continued ("the fourth have less than thirteen")
        for weak in (False, True):
            found = next((i for i in range(1, len(chunks)) if head(chunks[i]) not in SUBORDINATORS
                          and head(chunks[i]) not in ("not",) and main_verb(chunks[i], weak)), None)
            if found is not None:
                main_from = found
                break
    negative = False
    modal = "fact"
    for c in chunks[main_from:]:
        if head(c) in SUBORDINATORS and c is not chunks[main_from]:
            continue
        in_sub = False
        for j, t in enumerate(c):
            low = t.lower_
            if j > 0 and low in SUBORDINATORS - {"that", "should"}:
                in_sub = True
            if in_sub:
                continue
            if low in NEGATIONS or t.lemma_ in ("not",) or low.endswith("n't"):
                negative = True
            if low in ("must", "shall", "ought") or low in ("bound", "obliged", "compelled"):
                modal = "obligation" if modal == "fact" else modal
            if low in ("can", "cannot", "may", "entitled", "liable", "liberty", "allowed"):
                modal = "permission" if modal != "obligation" else modal
    timings = []
    if not text.lower().startswith(("after", "before")):
        for m in re.finditer(r"\b(before|until|till|prior to|after)\b(.{0,60}?)(?:,|$)", text):
            # "until after X" holds after X
            kind = "after" if m.group(1) == "after" or m.group(2).lstrip().startswith("after ") else "before"
            ev = content_lemmas(list(_nlp()(m.group(2)))) - {"card"}
            if ev:
                timings.append((kind, ev))
    timing = timings[0] if timings else None
    exception = re.search(r"\bwithout the (permission|consent|leave|agreement)\b|\bunless\b", text, re.I) is not None
    return Clause(rid, original, sentence or original, lemmas, negative, modal, timing, exception,
                  timings=timings)


@lru_cache(maxsize=2048)         # every law read once (the laws do not change while served)
def _law_clauses(records_key: int, law_id: str) -> tuple:
    records = RECORDS[records_key]
    rec = records.get(law_id)
    if rec is None:
        return ()
    return tuple(_clause(rid, u, sent) for rid, u, sent in _units(rec, records))


RECORDS: dict[int, dict] = {}


@lru_cache(maxsize=4)
def idf_table(records_key: int) -> dict:
    records = RECORDS[records_key]
    df: dict[str, int] = {}
    n = 0
    for rid, rec in records.items():
        if rec.type not in READ_TYPES:
            continue
        n += 1
        for lem in content_lemmas(list(_nlp()(rec.text))) | phrase_groups(rec.text):
            df[lem] = df.get(lem, 0) + 1
    return {k: math.log((n + 1) / (v + 0.5)) for k, v in df.items()} | {"__n__": math.log(n + 1)}


# ---------------------------------------------------------------- the question

@dataclass
class Question:
    predicate: list              # [(word, canonical ids)] of the yes/no sentence
    story: list                  # ... of the sentences around it
    asks: str                    # permission | obligation | fact
    antonyms: dict               # canonical id of an opposite -> the question's word
    consent: bool                # the question says permission was given
    tokens: list
    text: str
    inverted: bool = False       # "Is it against the rules / too late ...?"

    def ids(self) -> set:
        return {x for _, ids in self.predicate + self.story for x in ids}


def _phrase_items(text: str) -> list[tuple[str, frozenset]]:
    return [(gid, frozenset({gid})) for gid in sorted(phrase_groups(text))]


def _dedupe(items: list) -> list:
    """One item per concept: a word whose bridge ids another word already brought counts once
    ("the cutter ... a proper cut", "demand ... claim")."""
    out: list = []
    for k, ids in items:
        if any(k == k2 or (ids - {k}) & (ids2 - {k2}) or k in ids2 or k2 in ids for k2, ids2 in out):
            continue
        out.append((k, ids))
    return out


def read_question(text: str) -> Question | None:
    from kb.nlu.facts import prepare
    doc = _nlp()(prepare(text))
    toks = list(doc)
    # sentences
    sents: list[list] = [[]]
    for t in toks:
        sents[-1].append(t)
        if t.text in (".", "?", "!", ";"):
            sents.append([])
    sents = [s for s in sents if s]
    qs = [s for s in sents if s[-1].text == "?"]
    if not qs:
        return None
    q_all = qs[-1]
    q = q_all
    start = 0
    while start < len(q) and (q[start].lower_ in ("so", "and", "but", "then", "well", "now", "ok", "okay", "also")
                              or not q[start].is_alpha):
        start += 1
    q = q[start:]
    if not q:
        return None
    first = q[0].lower_
    words = [t.lower_ for t in q]
    low = " ".join(words)
    if first in PERMISSION_HEADS or any(w in EVALUATIVE for w in words[:6]):
        asks = "permission"
    elif first in OBLIGATION_HEADS or any(w in low for w in OBLIGATION_WORDS if " " in w) or \
            any(w in OBLIGATION_WORDS for w in words[1:4]):
        asks = "obligation"
    else:
        asks = "fact"
    if first in PERMISSION_HEADS:
        asks = "permission"          # "Can I be forced to ...": may he be compelled
    keep = lambda t: (t.lower_ not in QUESTION_STOPS and t.lemma_ not in QUESTION_STOPS) or (
        t.lower_ in ("right", "rights") and t.i > 0 and doc[t.i - 1].lower_ in RIGHT_OWNERS)
    qwords = [t for t in q if keep(t)]
    predicate = _dedupe(_items(qwords) + _phrase_items(" ".join(t.text for t in q)))
    antonyms = {}
    for i, (k, ids) in enumerate(predicate):
        opp = ANTONYMS.get(k)
        if opp:
            antonyms[opp] = k
            predicate[i] = (k, frozenset({opp}))
    story_toks = [t for s in sents if s is not q_all for t in s if keep(t)]
    pkeys = {k for k, _ in predicate}
    story = [(k, ids) for k, ids in _dedupe(_items(story_toks) + _phrase_items(" ".join(t.text for t in story_toks)))
             if k not in pkeys]
    content = [k for k, _ in predicate if "+" not in k]
    anaphoric = len(content) <= 1 or (len(q) > 1 and q[1].lower_ in ("that", "this", "it")
                                      and any(w in EVALUATIVE for w in words))
    if anaphoric:               # "Is that a proper cut?": the story carries the predicate
        predicate = _dedupe(story + predicate)
        story = []
    consent = re.search(CONSENT, text, re.I) is not None and not re.search(
        r"\bwithout (asking|their|the|any|permission|consent|leave)\b|\b(not|n't|never) (agree|consent|allow|let|ask)",
        text, re.I)
    q_text = " ".join(t.text for t in q)
    inverted = INVERTED.search(q_text) is not None
    if inverted and asks == "fact":
        asks = "permission"
    return Question(predicate, story, asks, antonyms, bool(consent), toks, text, inverted)


def _event_time(qn: Question, event: set) -> str | None:
    """Has the event of a clause's "before X" happened in the question's story?"""
    toks = qn.tokens
    nth = {ORDINAL_LEMMAS.get(w, w) for w in event} & set(ORDINAL_LEMMAS.values())
    for i, t in enumerate(toks):
        if not (_canon(t.lemma_, t.lower_) & event):
            continue
        window = [x.lower_ for x in toks[max(0, i - 6):i + 1]]
        told = {ORDINAL_LEMMAS[w] for w in window if w in ORDINAL_LEMMAS}
        if nth and told and not told & nth:
            # another trick than the clause's: an earlier one told ("the first trick has been
            # quitted") leaves the clause's "second trick" still to come; a later one, past
            return "before" if max(told) < min(nth) else "after"
        if any(w in BEFORE_WORDS for w in window) or "not yet" in " ".join(window) or (
                "yet" in window and any(w in ("not", "n't", "hasn't", "hadn't") for w in window)):
            return "before"
        if any(w in AFTER_WORDS for w in window):
            return "after"
        if any(w in IN_PLAY_WORDS for w in window):
            return "before"           # "partway through the second trick": it is not over yet
    return None


# ---------------------------------------------------------------- reading

def read(question: str, results, records: dict, code: str) -> dict | None:
    qn = read_question(question or "")
    if qn is None or not qn.predicate:
        return None
    key = id(records)
    RECORDS[key] = records
    idf = idf_table(key)
    default = idf["__n__"]

    def w(lem):
        return idf.get(lem, default)

    def w(key, ids):
        if key in idf:
            return idf[key]
        known = [idf[x] for x in ids if x in idf]
        return min(known) if known else default

    weights = [(ids, w(k, ids), 1.0) for k, ids in qn.predicate] + \
              [(ids, w(k, ids), STORY_WEIGHT) for k, ids in qn.story]
    total = sum(wt * f for _, wt, f in weights)
    if total <= 0:
        return None
    laws = [h.id for h in (results.laws if results else []) if h.id.split("/", 1)[0] == code][:TOP_LAWS]
    scored = []
    for rank, law_id in enumerate(laws):
        rec = records.get(law_id)
        if rec is None or rec.type not in READ_TYPES:
            continue
        for cl in _law_clauses(key, law_id):
            hit_p = [k for k, ids in qn.predicate if ids & cl.lemmas]
            hit_s = [k for k, ids in qn.story if ids & cl.lemmas]
            if not [k for k in hit_p if "+" not in k]:
                continue
            if len([k for k in hit_p + hit_s if "+" not in k]) < MIN_MATCHED:
                continue
            got = sum(wt * f for ids, wt, f in weights if ids & cl.lemmas)
            sc = got / total * (1 - RANK_DECAY * rank)
            scored.append((round(min(sc, 1.0), 4), rank, cl, set(hit_p + hit_s)))
    if not scored:
        return None
    scored.sort(key=lambda x: (-x[0], x[1], x[2].id))
    best = scored[0]
    if best[0] < MIN_SCORE:
        return None
    verdict, why = _verdict(qn, best[2], best[3])
    if verdict is None:
        return None
    for s, _, cl, m in scored[1:]:
        if s < best[0] - AMBIGUITY:
            break
        v2, _ = _verdict(qn, cl, m)
        if v2 is not None and v2 != verdict and cl.text != best[2].text:
            return None
    cl = best[2]
    return {"verdict": verdict, "law": cl.id, "clause": cl.text, "score": best[0], "why": why,
            "quoted": cl.sentence, "sentence": sentence(verdict, cl.id, cl.sentence)}


def _verdict(qn: Question, cl: Clause, matched: set) -> tuple[str | None, list[str]]:
    why = []
    if cl.negative:
        value = False
        why.append("the clause is negative")
    else:
        if qn.asks == "obligation" and cl.modal == "permission":
            return None, ["the question asks whether he must; the clause only permits"]
        value = True
        why.append("the clause is affirmative")
    for kind, event in (cl.timings or ([cl.timing] if cl.timing else [])):
        if len(event & qn.ids()) >= min(2, len(event)):
            happened = _event_time(qn, event)
            if happened and happened != kind:
                value = not value
                why.append(f"the clause holds {kind} the event; the question is {happened} it")
                break
    if qn.inverted:
        value = not value
        why.append("the question asks whether it is wrong or too late: the law's answer the other way round")
    if cl.exception and cl.negative and qn.consent:
        value = not value
        why.append("the clause forbids it without permission; the question says permission was given")
    if any(opp in cl.lemmas and qn.antonyms[opp] in matched for opp in qn.antonyms):
        value = not value
        why.append("the question's word is the clause's opposite (" + ", ".join(qn.antonyms.values()) + ")")
    return ("yes" if value else "no"), why


QUOTE_LIMIT = 400


def sentence(verdict: str, law_id: str, clause: str) -> str:
    """The answer's first line: the verdict, said to come from the law's wording."""
    words = quote(clause.strip(), QUOTE_LIMIT)
    if not words.endswith((".", "!", "?", "…")):
        words += "."
    return (f"{'Yes' if verdict == 'yes' else 'No'} — by the wording of {law_label(law_id)}: “{words}” "
            f"[{law_id}] (a reading of the law's text).")
