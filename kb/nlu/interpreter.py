"""The generic interpreter of fact cues (``facts:`` rows of ``kb/nlu/cues.yaml``): a row says
which words tell a fact of the Situation, and the interpreter sets it. A row:

    - when: ["shuffle|reshuffle _{0,4} after _{0,3} cut"]     # patterns over lemmas
      set: {deal.shuffled_after_cut: true}                    # Situation paths -> values
      who: deal.shuffled_by        # optional: this path gets the seat of the doer (the nearest
                                   # seat mentioned before the words, in the same sentence; a
                                   # list of him when `set` gives the path a list)
      who_at: [flash, show]        # optional: the doer is the subject of the first of these
                                   # words in the match (when the words begin with their context:
                                   # "cutting for partners, Tom flashed two cards")
      whom: deal.trump_card_to     # optional: this path gets the seat named right after the
                                   # words ("... ended up with Jess"), in the same sentence
      negated: flip                # "not ... shuffled": skip (default) or flip a yes/no value, or
                                   # keep it (words whose negation is their sense: "nobody
                                   # noticed until after ...")
      law: english/36              # the law whose facts the row reads
      if: [cards_drawn_demand]     # optional guard: facts already read (rows with a guard are
                                   # applied after the others)
      cue: HONOURS_PAST            # optional guard: a label of cues.yaml matched anywhere in the
                                   # question (what the story is about, told apart from the words)
      where: question              # optional: the words must be in the asking clause (what is
                                   # asked about, not what the story tells happened before)
      replaces: [last]             # optional: values of the row's paths that its value replaces
                                   # when read earlier ("saw the last trick, then wanted the one
                                   # before it": the earlier trick is the one at issue)

The procedural readers of ``kb.nlu.facts`` run first; a fact they set is never overwritten.
Each fact set keeps the words it came from (``Extraction.sources``)."""
from __future__ import annotations

from typing import Any


def _has(facts: dict, path: str) -> bool:
    cur: Any = facts
    for k in path.split("."):
        if not isinstance(cur, dict) or k not in cur:
            return False
        cur = cur[k]
    return True


def apply(ex, rows: dict[str, dict]) -> None:
    """Set the facts of every row whose words occur in the question (``ex``: the extractor)."""
    done: set[str] = set()
    # in the order of the words; of two matches at one place, the longer (its negation with it);
    # the rows with an ``if`` after the others, and again while one sets what another's ``if``
    # waits for ("the trump card of the next deal was turned up and quitted": quitted once turned)
    ordered = sorted(ex.matches, key=lambda m: (bool((rows.get(m[0]) or {}).get("if")), m[1], -m[2]))
    while ordered:
        waiting = [m for m in ordered if m[0] in rows and m[0] not in done and rows[m[0]].get("if")
                   and not all(_has(ex.facts, p) for p in rows[m[0]]["if"])]
        _apply(ex, rows, ordered, done)
        ordered = [m for m in waiting if m[0] not in done and all(_has(ex.facts, p) for p in rows[m[0]]["if"])]


def _apply(ex, rows: dict[str, dict], ordered: list, done: set[str]) -> None:
    for label, s, e in ordered:
        row = rows.get(label)
        if row is None or label in done:
            continue
        if row.get("if") and not all(_has(ex.facts, p) for p in row["if"]):
            continue
        if row.get("cue") and not ex.has(row["cue"]):
            continue
        if row.get("where") == "question":
            qs, qe = ex._question_span()
            if not qs <= s < qe:
                continue
        neg = ex.negated(s, e)
        policy = row.get("negated", "skip")
        if neg and policy == "skip":
            continue
        values = dict(row["set"])
        if neg and policy == "flip":
            values = {k: (not v) if isinstance(v, bool) else v for k, v in values.items()}
        if row.get("who"):
            q = ex._in_quote(s)
            said = ex._speaker(q) if q else None        # words in quotes: the speaker's ("... 'we've got every trick'")
            at = next((t.i for t in ex.doc[s:e] if t.lemma_ in row.get("who_at", ())), s)
            if not said and ex._said_unquoted(at):
                continue        # "the opponent says any talking during play breaks the law": a claim
            doer = None if said else ex.subject(at)
            seats = (said,) if said else (doer.seats if doer is not None else ())
            if len(seats) == 2 and set(seats) in ({"A", "B"}, {"Y", "Z"}):
                seats = seats[:1]       # "the other side stopped me": one of them (the side decides)
            if len(seats) == 1 and seats[0] in ("A", "B", "Y", "Z"):
                values[row["who"]] = [seats[0]] if isinstance(values.get(row["who"]), list) else seats[0]
        if row.get("whom"):
            to = ex.object(e)
            if to is None:
                continue
            values[row["whom"]] = to
        words = ex.span(max(0, s - 3), e)
        for path, value in values.items():
            if not _has(ex.facts, path) or _fact(ex.facts, path)[0] in row.get("replaces", ()):
                ex.add(path, value, words)
        done.add(label)


# ---------------------------------------------------------------- what the question asks

def ask_patterns(table: dict) -> dict[str, list[str]]:
    """The matcher labels of the asks table (``kb/nlu/asks.yaml``): ``ASK:<row>:<part>`` and the
    table's word lists (``ASK:inverted``, ``ASK:judging``, ``ASK:claim_negated``)."""
    out = {f"ASK:{k}": list(table[k]) for k in ("inverted", "judging", "claim_negated")}
    for n, row in enumerate(table["rows"]):
        for part in ("when", "and_when", "unless"):
            if row.get(part):
                out[f"ASK:{n}:{part}"] = list(row[part])
    return out


def _fact(facts: Any, path: str) -> list[Any]:
    """The values at a fact path ("deal.misdeal", "claims[].has_none", "exposed[0].by")."""
    cur = [facts]
    for step in path.split("."):
        key, _, index = step.partition("[")
        nxt = []
        for c in cur:
            v = c.get(key) if isinstance(c, dict) else None
            if index and isinstance(v, list):
                i = index.rstrip("]")
                nxt += v if i == "" else v[int(i):int(i) + 1]
            elif not index and v is not None:
                nxt.append(v)
        cur = nxt
    return cur


def asked(ex, s: int, e: int, table: dict, yes_no: bool | None = None) -> tuple[str | None, list[str], bool]:
    """(conclusion asked, conclusions also stated, asked the other way round) for the asking
    clause ``[s, e)`` of the extractor ``ex``: the first row of the table whose conditions hold.
    A clause that judges a claim ("Is he right?") is read against the whole story; the claim
    is negative when the words quoted or told before the clause negate it. ``yes_no``: whether
    the question is a yes/no one, when ``[s, e)`` is the sentence before a bare "Can he?"."""
    d = ex.doc
    polar = ex._is_yes_no(s, e) if yes_no is None else yes_no
    found = [(label, ms, me) for label, ms, me in ex.matches if label.startswith("ASK:")]
    within = {label for label, ms, me in found if s <= ms and me <= e}
    judged = judging(ex, s, e)
    negative = False
    if judged:
        # the claim judged is negative: told before the clause, or said in it after the judging
        # word ("Am I right that they can't have a new deal?")
        j, told = judged
        # (only the claim's own sentence counts: a "didn't" quoted elsewhere in the story is not it)
        # a tag question ("it can't be called, right?") judges the asker's own claim before it
        tag = j > s and d[j - 1].text == "," and all(not t.is_alpha for t in d[j + 1:e])
        negative = any(label == "ASK:claim_negated" and not _interjection(d, ms) and ((ms < s and ex.sent[ms] == told
                                                          and (ex._in_quote(ms) or ex.said_before(ms)))
                                                         or j < ms < e or (tag and s <= ms < j))
                       for label, ms, _ in found)
        if ex.calls or _fact(ex.facts, "trump.called_from"):
            return ("call_valid" if ex.calls else "trump_call_valid"), [], negative
        # the claim judged is read first, with the clause ("I said I'd play on. Sue says we
        # have to redeal. Is she right?" judges the redeal); only when it names nothing asked,
        # the whole story
        claim = {label for label, ms, me in found if (ex.sent[ms] == told or s <= ms) and me <= e}
        whole = {label for label, _, _ in found}
        for labels in ((claim, whole) if claim != whole else (whole,)):
            read = _first_row(ex, table, labels, polar, negative)
            if read[0] is not None:
                return read
        return read
    if _turned_in_one_alternative(ex, s, e, found):
        return None, [], False
    split = _alternative(ex, s, e)
    if split is not None:
        # "Is my revoke established, or could I still have fixed it?": a yes answers the first
        # alternative, which is read first
        first = {label for label, ms, me in found if s <= ms and me <= split}
        read = _first_row(ex, table, first, polar, negative)
        if read[0] is not None:
            return read
    return _first_row(ex, table, within, polar, negative)


def _interjection(d, i: int) -> bool:
    """"no" set off as a reply ("Paul says no, the four have to draw again", "no way, ..."): it
    denies what was said before; the claim after it is not negative."""
    nxt = d[i + 1] if i + 1 < len(d) else None
    return d[i].lower_ == "no" and nxt is not None and (nxt.text in (",", "!", "-", "\u2013", "\u2014") or nxt.lower_ == "way")


def _alternative(ex, s: int, e: int) -> int | None:
    """Where a second alternative opens ("..., or can we still claim it?"): the "or" before a
    word that opens a yes/no question, else None."""
    d = ex.doc
    starts = set(ex.lexicon["yes_no_starts"])
    return next((t.i for t in d[s:e - 1] if t.lower_ == "or" and d[t.i + 1].lower_ in starts), None)


def _turned_in_one_alternative(ex, s: int, e: int, found: list) -> bool:
    """"Is it too late now, or can we still claim it?": two alternatives that ask one thing the
    two ways round; a yes would answer either, so nothing is read as asked."""
    split = _alternative(ex, s, e)
    if split is None:
        return False
    turned = [ms < split for label, ms, me in found if label == "ASK:inverted" and s <= ms and me <= e]
    return bool(turned) and len(set(turned)) == 1


def judging(ex, s: int, e: int) -> tuple[int, int] | None:
    """(judging word, sentence of the claim it judges) when the clause ``[s, e)`` judges a claim
    told in the story ("Ben says he deals. Is Ben right?"), else None."""
    d = ex.doc
    # (a judging word before its object is a verb, "can she still correct it?"; "right then" is an
    # adverb: neither judges a claim)
    # (nor is a verb's participle, "can the score be corrected?", but those of lexicon
    # ``judging_participles``: "is he justified?")
    js = [ms for label, ms, me in ex.matches if label == "ASK:judging" and s <= ms and me <= e
          and not (me < len(d) and d[me].lower_ in ex.lexicon["judging_not_before"])
          and not (d[ms].lower_.endswith("ed") and d[ms].lower_ != d[ms].lemma_
                   and d[ms].lower_ not in ex.lexicon["judging_participles"])]
    if not js or not any(t.lemma_ in ("be", "is", "am", "are") for t in d[s:e]):
        return None
    return min(js), _claim_sentence(ex, s, min(js))


def _claim_sentence(ex, s: int, j: int) -> int:
    """The sentence of the claim a judging clause (starting at ``s``, judging word at ``j``)
    judges: of the three sentences before it, the last in which the one judged ("Is Ben
    right?") speaks; else the sentence right before the clause."""
    judged = ex.subject(j)
    seats = set(judged.seats) if judged is not None and judged.seats else None
    speech = set(ex.lexicon["speech"])
    if seats:
        for k in range(ex.sent[s] - 1, ex.sent[s] - 4, -1):
            for t in ex.doc[:s]:
                if ex.sent[t.i] == k and t.lemma_ in speech:
                    who = ex.subject(t.i)
                    if who is not None and set(who.seats) == seats:
                        return k
    return ex.sent[s] - 1


def _first_row(ex, table: dict, within: set[str], polar: bool, negative: bool) -> tuple[str | None, list[str], bool]:
    inverted = "ASK:inverted" in within
    for n, row in enumerate(table["rows"]):
        if not _applies(ex, n, row, within, polar):
            continue
        flip = inverted and not row.get("ignores_inversion") and not _own_words(ex, n)
        # the reading has turned the question round (and turned it back: "too late to stop him?")
        ex.asked_turned = flip or bool(row.get("reads_negated"))
        return row["asks"], list(row.get("also", [])), (negative != flip) != bool(row.get("reads_negated"))
    return None, [], negative != inverted


def _own_words(ex, n: int) -> bool:
    """Every word that turns the question round is one the row's own cue reads ("do we lose a
    point?" asks the point forfeited: "lose" is the conclusion's own word, not a reversal)."""
    own = [(ms, me) for label, ms, me in ex.matches if label == f"ASK:{n}:when"]
    inv = [ms for label, ms, _ in ex.matches if label == "ASK:inverted"]
    return bool(own) and all(any(a <= ms < b for a, b in own) for ms in inv)


def _applies(ex, n: int, row: dict, within: set[str], polar: bool) -> bool:
    if row.get("facts") and not any(any(bool(v) for v in _fact(ex.facts, p)) for p in row["facts"]):
        return False
    if row.get("facts_set") and not any(_fact(ex.facts, p) for p in row["facts_set"]):
        return False
    if row.get("cue") and not ex.has(row["cue"]):
        return False
    if "yes_no" in row and row["yes_no"] != polar:
        return False
    for part, wanted in (("when", True), ("and_when", True), ("unless", False)):
        if row.get(part) and (f"ASK:{n}:{part}" in within) != wanted:
            return False
    return True
