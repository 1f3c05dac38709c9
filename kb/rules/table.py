"""Formation of the table, cutting out, entry and re-entry (English 16, 17, 20-25; American 2, 5,
6; American 1890, 1).

Calculators: :func:`form_table` (who plays, and who must cut for the places left) and
:func:`outgoers` (who cuts out at the end of a rubber).  Conclusions: ``cut_again_for_partners``,
``table_players``, ``table_certain``, ``cut_for_places``, ``outgoers``, ``cut_to_decide_outgoers``,
``entry_allowed``, ``right_of_reentry``, ``prior_right_of_entry``, ``substitute_allowed``.
"""
from __future__ import annotations

from .core import Unknown, finding, law
from .situation import Situation, card_rank


# ================================================================ calculators

def form_table(arrivals: list[list[str]], places: int = 4, declined: list[str] = (),
               from_other_table: list[str] = (), cuts: dict[str, object] | None = None) -> dict:
    """Who makes up a table.

    English 16: "If there are more than four candidates, the players are selected by cutting; those
    first in the room having the preference. The four who cut the lowest cards play first".
    English 22: "In the formation of fresh tables, those candidates who have neither belonged to nor
    played at any other table have the prior right of entry; the others decide their right of
    admission by cutting."  American 2: "Those first in the room have the preference. If by reason
    of two or more arriving at the same time more than four assemble, the preference among the last
    comers is determined by cutting. A lower cut giving the preference over all cutting higher."
    A candidate who declined to make up the table gives up his place (Drayson case 66).

    Returns ``{"certain": [...], "cut_among": [...], "places_by_cut": n, "players": [...] | None}``
    (``players`` when the cut is known or not needed)."""
    declined = set(declined)
    other = set(from_other_table)
    groups: list[list[str]] = []
    for fresh in (True, False):
        for g in arrivals:
            gg = [p for p in g if p not in declined and ((p not in other) == fresh)]
            if gg:
                groups.append(gg)
    certain: list[str] = []
    for g in groups:
        left = places - len(certain)
        if left <= 0:
            break
        if len(g) <= left:
            certain += g
            continue
        res = {"certain": certain, "cut_among": sorted(g), "places_by_cut": left, "players": None}
        if cuts and all(p in cuts for p in g):
            ranked = sorted(g, key=lambda p: card_rank(cuts[p]))
            if card_rank(cuts[ranked[left - 1]]) != card_rank(cuts[ranked[left]]):
                res["players"] = certain + ranked[:left]
        return res
    return {"certain": certain, "cut_among": [], "places_by_cut": 0, "players": certain}


def outgoers(consecutive: dict[str, int], waiting: int) -> dict:
    """Who goes out at the end of a rubber (game, American 5) when ``waiting`` candidates claim
    admission.  English 20: "he who has, or they who have, played a greater number of consecutive
    rubbers than the others is, or are, out; but when all have played the same number, they must
    cut to decide upon the outgoers; the highest are out."  Returns ``{"out": [...],
    "cut_among": [...], "places_by_cut": n}``."""
    n = min(waiting, len(consecutive))
    order = sorted(consecutive, key=lambda p: -consecutive[p])
    out: list[str] = []
    i = 0
    while len(out) < n:
        level = consecutive[order[i]]
        tier = [p for p in order if consecutive[p] == level]
        if len(out) + len(tier) <= n:
            out += tier
            i += len(tier)
        else:
            return {"out": sorted(out), "cut_among": sorted(tier), "places_by_cut": n - len(out)}
    return {"out": sorted(out), "cut_among": [], "places_by_cut": 0}


# ================================================================ rules

@law("english", "16", "selection")
@law("english-revised", "7", "b")
def four_lowest_play_then_cut_again(s: Situation, c: dict):
    """English 16: "If there are more than four candidates, the players are selected by cutting ...
    The four who cut the lowest cards play first, and again cut to decide on partners."
    (Drayson case 34: the first cut does not decide partners.)  Revised 7 (b), 8 in other words:
    "If there are more than four players they all draw, and the four who draw the lowest cards play
    first"; "The four who play first again draw to decide on partners"."""
    if not s.candidates or s.candidates <= 4:
        return None
    return finding("the four lowest play and must cut again to decide on partners",
                   cut_again_for_partners=True)


def _table_rule(s: Situation, english: bool, revised: bool = False):
    t = s.table
    if t is None or not t.arrivals:
        return None
    others = (t.from_other_table or []) + ([] if revised else (t.belonged_only or [])) if english else []
    arrivals = t.arrivals
    if revised and t.declared_in:
        decl = list(t.declared_in)
        arrivals = [[p] for p in decl] + [g for g in ([p for p in g if p not in decl] for g in t.arrivals) if g]
    r = form_table(arrivals, t.places or 4, t.declined or [], others, t.cuts)
    out = {"table_certain": r["certain"]}
    if r["cut_among"]:
        out["cut_for_places"] = {"among": r["cut_among"], "places": r["places_by_cut"]}
    if r["players"] is not None:
        out["table_players"] = r["players"]
    text = f"{', '.join(r['certain']) or 'no one'} have the preference"
    if r["cut_among"]:
        text += f"; {', '.join(r['cut_among'])} cut for {r['places_by_cut']} place(s), the lowest cut preferred"
    if r["players"] is not None:
        text += f": the table is {', '.join(r['players'])}"
    return finding(text, **out)


@law("english", "16", "first-in-room")
def english_table(s: Situation, c: dict):
    """English 16: "If there are more than four candidates, the players are selected by cutting;
    those first in the room having the preference."  (Places filled in order of arrival; a group
    arriving together that overflows the places left cuts for them, lowest first.)"""
    return _table_rule(s, True)


@law("english-revised", "7", "a")
def revised_table(s: Situation, c: dict):
    """Revised 7 (a): "The candidates first in the room have the preference. When there are more
    than six candidates, and there is a doubt or question as to the preference of two or more of
    them, they determine their preference by drawing. Those drawing the lower cards have the
    preference."  With revised 13 (only those who have *played* at another table come after fresh
    candidates) and 12a (a candidate who declared into the incomplete table has priority over any
    who has not)."""
    return _table_rule(s, True, revised=True)


@law("english-revised", "12a")
def declared_into_table(s: Situation, c: dict):
    """Revised 12a: "Any candidate may declare into any table that is not complete. If he do so he
    shall have priority over any candidate who has not previously declared in."  (No English law.)"""
    t = s.table
    if t is None or not t.declared_in:
        return None
    return finding(f"{', '.join(t.declared_in)} declared into the table: priority over any candidate who has not "
                   f"declared in", priority_by_declaration=list(t.declared_in))


@law("english", "17")
@law("english-revised", "7", "a-six")
def table_of_six(s: Situation, c: dict):
    """English 17: "When there are more than six candidates, those who cut the two next lowest cards
    belong to the table, which is complete with six players; on the retirement of one of those six
    players, the candidate who cut the next lowest card has a prior right to any aftercomer to enter
    the table."  Revised 7 (a) in other words: "The table is complete with six players. On the
    retirement of any of those six players, the candidates who, in the first draw, drew the lowest
    cards have the prior right to enter the table." """
    t = s.table
    if t is None or not t.arrivals:
        return None
    n = len({p for g in t.arrivals for p in g} - set(t.declined or []))
    if n <= 6:                         # "When there are more than six candidates": the candidates, not the places
        return None
    return finding("the table is complete with six; the next lowest cutter has the prior right to a vacancy",
                   table_complete_with=6)


@law("english", "22")
def fresh_tables(s: Situation, c: dict):
    """English 22: "In the formation of fresh tables, those candidates who have neither belonged to
    nor played at any other table have the prior right of entry; the others decide their right of
    admission by cutting."  Dummy is not whist: playing dummy while waiting is not belonging to a
    table (Drayson case 67)."""
    t = s.table
    if t is None or not (t.from_other_table or t.played_dummy or t.belonged_only):
        return None
    parts = []
    if t.from_other_table:
        parts.append(f"{', '.join(t.from_other_table)} belonged to another table and come after fresh candidates")
    if t.played_dummy:
        parts.append(f"{', '.join(t.played_dummy)} played only dummy, which is not whist: they keep their priority")
    if t.belonged_only:
        parts.append(f"{', '.join(t.belonged_only)} belonged to another table: they come after fresh candidates")
    return finding("; ".join(parts), after_fresh_candidates=sorted((t.from_other_table or []) + (t.belonged_only or [])))


@law("english-revised", "13")
def revised_fresh_tables(s: Situation, c: dict):
    """Revised 13: "In the formation of fresh tables, those candidates who have not played at any
    other table have the prior right of entry; the others decide their right of admission by
    drawing."  English 22 puts back those who have "neither belonged to nor played at" another
    table; the revised law only those who have played: one who belonged to another table without
    playing at it keeps his prior right."""
    t = s.table
    if t is None or not (t.from_other_table or t.played_dummy or t.belonged_only):
        return None
    parts = []
    if t.from_other_table:
        parts.append(f"{', '.join(t.from_other_table)} played at another table and come after fresh candidates")
    if t.played_dummy:
        parts.append(f"{', '.join(t.played_dummy)} played only dummy, which is not whist: they keep their priority")
    if t.belonged_only:
        parts.append(f"{', '.join(t.belonged_only)} belonged to another table but did not play at it: they keep "
                     f"their prior right")
    return finding("; ".join(parts), after_fresh_candidates=sorted(t.from_other_table or []))


@law("american-1894", "2", "forming")
def american_table(s: Situation, c: dict):
    """American 2: "Those first in the room have the preference. If by reason of two or more
    arriving at the same time more than four assemble, the preference among the last comers is
    determined by cutting. A lower cut giving the preference over all cutting higher. A complete
    table consists of six; the four having the preference play." """
    return _table_rule(s, False)


@law("american-1890", "1", "table")
def table_1890(s: Situation, c: dict):
    """American 1890, law 1: "Four persons out of any number, either by agreement or by cutting or
    drawing lower cards than other candidates, form a table." """
    return _table_rule(s, False)


@law("english", "20")
@law("english-revised", "11")
@law("american-1894", "5")
def cutting_out(s: Situation, c: dict):
    """English 20: "At the end of a rubber, should admission be claimed by any one, or by two
    candidates, he who has, or they who have, played a greater number of consecutive rubbers than
    the others is, or are, out; but when all have played the same number, they must cut to decide
    upon the outgoers; the highest are out."  American 5: the same by consecutive *games*, "a lower
    cut giving the preference" (the highest go out).  Revised 11 writes what the calculator already
    does for a tie short of "all": "when two or more have played the same number, they must, when
    necessary, cut or draw to decide upon the outgoers; the highest are out"."""
    t = s.table
    if t is None or not t.consecutive or not t.waiting:
        return None
    r = outgoers(t.consecutive, t.waiting)
    f = finding(f"out: {', '.join(r['out']) or 'none yet'}"
                + (f"; {', '.join(r['cut_among'])} cut and the {r['places_by_cut']} highest go out" if r["cut_among"] else ""),
                outgoers=r["out"])
    if r["cut_among"]:
        f.conclusions["cut_to_decide_outgoers"] = {"among": r["cut_among"], "out": r["places_by_cut"]}
    return f


@law("english", "21")
@law("american-1894", "6")
def declare_before_cut(s: Situation, c: dict):
    """English 21: "A candidate wishing to enter a table must declare such intention prior to any of
    the players having cut a card, either for the purpose of commencing a fresh rubber or of cutting
    out."  American 6: "To entitle one to enter a table he must declare his intention to do so before
    any one of the players has cut for the purpose of commencing a new game or of cutting out."
    (Drayson case 36: the players need not send for an absent candidate who declared nothing.)"""
    e = s.entry
    if e is None or e.declared_before_cut is None:
        return None
    who = e.by or "the candidate"
    if e.declared_before_cut:
        return finding(f"{who} declared in time: {who} is entitled to enter", entry_allowed=True)
    return finding(f"{who} did not declare the intention before the cut: {who} has no right to enter that "
                   f"rubber", entry_allowed=False)


@law("english", "23")
def substitute(s: Situation, c: dict):
    """English 23: "Any one quitting a table prior to the conclusion of a rubber may, with consent of
    the other three players, appoint a substitute in his absence during that rubber." """
    e = s.entry
    if e is None or (e.substitute_consented is None and not e.substitute_wanted):
        return None
    if e.substitute_consented is None:
        # the law's answer is a conditional permission: yes, with the consent of the other three
        return [finding("a player quitting before the end of the rubber may appoint a substitute for "
                        "the rest of that rubber, with the consent of the other three players",
                        substitute_allowed_with_consent=True),
                Unknown("entry.substitute_consented", "Did the other three players consent to the substitute?",
                        {True: "the substitute plays for the rest of the rubber",
                         False: "no substitute may be appointed"},
                        affects=("substitute_allowed",))]
    return finding("a substitute for the rest of the rubber " + ("with" if e.substitute_consented else "without")
                   + " the consent of the other three", substitute_allowed=bool(e.substitute_consented),
                   substitute_allowed_with_consent=True)


@law("english", "24")
def cutting_into_another_table(s: Situation, c: dict):
    """English 24: "A player cutting into one table, whilst belonging to another, loses his right of
    re-entry into that latter, and takes his chance of cutting in, as if he were a fresh
    candidate." """
    e = s.entry
    if e is None or not e.cut_into_other_table:
        return None
    who = e.by or "the player"
    return finding(f"{who} cut into another table: {who} loses the right of re-entry and cuts in as a fresh "
                   f"candidate", right_of_reentry=False)


@law("english-revised", "15")
def revised_cutting_into_another_table(s: Situation, c: dict):
    """Revised 15: "A player cutting into one table, whilst belonging to another, loses his prior
    right of re-entry into that latter, and takes his chance of cutting in, as if he were a fresh
    candidate, and last in the room."  English 24 has no "last in the room": there he cuts in as
    a fresh candidate with the preference of his arrival."""
    e = s.entry
    if e is None or not e.cut_into_other_table:
        return None
    who = e.by or "the player"
    return finding(f"{who} cut into another table: {who} loses the prior right of re-entry and cuts in as a "
                   f"fresh candidate, last in the room", right_of_reentry=False, enters_as_last_in_room=True)


@law("english", "25")
def table_broken_up(s: Situation, c: dict):
    """English 25: "If any one break up a table, the remaining players have the prior right to him of
    entry into any other, and should there not be sufficient vacancies at such other table to admit
    all those candidates, they settle their precedence by cutting." """
    e = s.entry
    if e is None or not e.from_broken_table:
        return None
    return finding("a player left by the one who broke up his table has the prior right of entry to him",
                   prior_right_of_entry=True)
