"""The concordance of the codes: every law of the English code aligned with its counterparts in
the revised English code, the American code of 1894 and the American laws of 1890, annotated with
Drayson's cases, the differences between the codes, variant readings and commentary.

The alignment is computed from the texts, then corrected by a small curated file
(`corpus/concordance_overrides.yaml`, every entry with its `reason`):

1. **similarity** of every (English law, other law) pair: rapidfuzz token-set/ratio on normalised
   text (spelling unified, stop words dropped), cosine of the stored sentence embeddings, and the
   headings (the English copy has no section headings; it borrows them from its best revised match);
2. **order**: anchors are mutual best pairs; a pair whose neighbours are anchored next to it
   (e-1 -> o-1, e+1 -> o+1: a locally monotone alignment) gets a bonus — the codes reorder whole
   blocks (the revised code puts scoring after the trump card) but keep the order inside a block;
3. **assignment**: each English law takes its best counterpart per code if the score clears a
   threshold, plus any near-tie (one English law may answer to two laws of another code, and one
   American law condenses several English ones); a law of another code that nothing took but
   whose best English match is still good is attached there; every other law gets its own row,
   placed after the row of its code's preceding law.

Rows: ``{"row", "english", "english-revised", "american-1894", "american-1890", "topic",
"confidence", "method", "cases", "difference", "variants", "notes"}``.
"""
from __future__ import annotations

from dataclasses import dataclass
import json
import re
import sqlite3
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz

from ingest.records import Record

CODES = ("english", "english-revised", "american-1894", "american-1890")
OTHER = CODES[1:]
OVERRIDES = Path(__file__).resolve().parent.parent / "corpus" / "concordance_overrides.yaml"

# Weights and thresholds (see tests/test_concordance.py for the agreement they give on the gold rows).
W_TEXT, W_EMB, W_HEAD, W_ORDER = 0.45, 0.45, 0.10, 0.06
T_BEST = {"english-revised": 0.55, "american-1894": 0.55, "american-1890": 0.55}
T_TIE = 0.03          # a second counterpart within this of the best is kept too
T_ADOPT = 0.70        # an otherwise unplaced law joins its best English row above this
T_COL = 0.08          # ... and a counterpart must score within this of its own best English match

_GENERIC_HEADINGS = {"the english laws", "the american laws (1894)", "laws of american whist", ""}
_STOP = set("""a an the of to in on or and is be are if by his he him it its as at any for
from with that this such which who whom their they them then there when whilst while may
must shall should can cannot not no than so but have has had been being do does one either
other law laws""".split())
_SPELL = {"honors": "honours", "honor": "honour", "offense": "offence", "favor": "favour",
          "toward": "towards", "reshuffles": "reshuffle", "reshuffled": "reshuffle",
          "mis": "mis", "misdeal": "misdeal"}


# --- text features -------------------------------------------------------------------------
def _norm(text: str) -> str:
    t = text.lower().replace("mis-deal", "misdeal").replace("re-shuffle", "reshuffle")
    t = re.sub(r"[^a-z0-9 ]+", " ", t)
    words = [_SPELL.get(w, w) for w in t.split()]
    return " ".join(w for w in words if w not in _STOP and not re.fullmatch(r"[ivx]+|\d+", w))


def _text_sim(a: str, b: str) -> float:
    if not a or not b:
        return 0.0
    return (0.6 * fuzz.token_set_ratio(a, b) + 0.4 * fuzz.token_sort_ratio(a, b)) / 100.0


def _head(h: str | None) -> str:
    h = (h or "").strip().lower()
    return "" if h in _GENERIC_HEADINGS else h


def _head_sim(a: str, b: str) -> float | None:
    if not a or not b:
        return None
    return fuzz.token_set_ratio(a, b) / 100.0 if min(len(a), len(b)) > 3 else 0.0


def _vectors(conn: sqlite3.Connection | None, ids: list[str]) -> dict[str, np.ndarray]:
    if conn is None:
        return {}
    out = {}
    try:
        rows = conn.execute("SELECT id, vector FROM embeddings").fetchall()
    except sqlite3.Error:
        return {}
    wanted = set(ids)
    for rid, blob in rows:
        if rid in wanted:
            v = np.frombuffer(blob, dtype="float32")
            n = float(np.linalg.norm(v))
            out[rid] = v / n if n else v
    return out


@dataclass
class _Law:
    id: str
    code: str
    number: str
    heading: str
    text: str
    norm: str


def _laws(records: list[Record]) -> dict[str, list[_Law]]:
    out: dict[str, list[_Law]] = {c: [] for c in CODES}
    for r in records:
        if r.type == "law" and r.code in out:
            out[r.code].append(_Law(r.id, r.code, r.number, _head(r.heading), r.text, _norm(r.text)))
    return out


def similarity(eng: list[_Law], other: list[_Law], vecs: dict[str, np.ndarray],
               eng_heads: list[str] | None = None) -> np.ndarray:
    """The pair score matrix (len(eng) x len(other)) before the order bonus."""
    S = np.zeros((len(eng), len(other)))
    for i, e in enumerate(eng):
        for j, o in enumerate(other):
            t = _text_sim(e.norm, o.norm)
            ve, vo = vecs.get(e.id), vecs.get(o.id)
            if ve is not None and vo is not None:
                emb = max(0.0, float(ve @ vo))
                s = W_TEXT * t + W_EMB * emb
                w = W_TEXT + W_EMB
            else:
                s, w = W_TEXT * t, W_TEXT
            h = _head_sim(eng_heads[i] if eng_heads else e.heading, o.heading)
            if h is not None:
                s += W_HEAD * h
                w += W_HEAD
            S[i, j] = s / w
    return S


def _order_bonus(S: np.ndarray) -> np.ndarray:
    """Local monotonicity: + W_ORDER per side on which the neighbour pair is an anchor."""
    n, m = S.shape
    best_col = S.argmax(axis=1)
    best_row = S.argmax(axis=0)
    anchor = np.zeros_like(S, dtype=bool)
    for i in range(n):
        j = best_col[i]
        if best_row[j] == i and S[i, j] >= 0.5:
            anchor[i, j] = True
    B = np.zeros_like(S)
    for i in range(n):
        for j in range(m):
            support = 0
            if any(0 <= i - d < n and 0 <= j - d2 < m and anchor[i - d, j - d2]
                   for d in (1, 2) for d2 in (0, 1, 2) if not (d2 == 0 and d == 2)):
                support += 1
            if any(0 <= i + d < n and 0 <= j + d2 < m and anchor[i + d, j + d2]
                   for d in (1, 2) for d2 in (0, 1, 2) if not (d2 == 0 and d == 2)):
                support += 1
            B[i, j] = W_ORDER * support / 2
    return B


# --- overrides -------------------------------------------------------------------------------
def load_overrides(path: Path = OVERRIDES) -> list[dict]:
    if not path.exists():
        return []
    import yaml
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    items = data.get("overrides", []) if isinstance(data, dict) else data
    out = []
    for o in items or []:
        if not o.get("reason"):
            raise ValueError(f"concordance override without a reason: {o}")
        if "english" not in o:
            raise ValueError(f"concordance override without an english law: {o}")
        out.append(o)
    return out


# --- annotations -----------------------------------------------------------------------------
_VERDICT = re.compile(r"\b(cannot|can claim|may claim|must|is entitled|not entitled|is a revoke|"
                      r"is not|hence|therefore|of course|is right|is wrong|sound|correct|"
                      r"decision|should)\b", re.I)


def one_line(text: str | None, limit: int = 170) -> str:
    """The sentence of a decision that states the ruling, cut to one line."""
    if not text:
        return ""
    flat = " ".join(text.split())
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", flat) if s.strip()]
    if not sentences:
        return ""
    pick = next((s for s in sentences if _VERDICT.search(s)), sentences[0])
    return pick if len(pick) <= limit else pick[:limit - 1].rsplit(" ", 1)[0] + "…"


def _law_of(ref: str) -> str:
    parts = ref.split("/")
    return "/".join(parts[:2]) if parts and parts[0] in CODES and len(parts) >= 2 else ref


# Situations run through the rules model (kb.rules.compare) to state a difference in rulings.
# Each names the English law it illustrates and says in words what it sets up.
PROBES = [
    {"english": "72", "setup": "both sides at four; the side that revoked made 6 tricks",
     "facts": {"score": {"AB": 4, "YZ": 4}, "tricks": {"YZ": 7},
               "revoke": {"by": "AB", "established": True, "claimed": True}},
     "keys": ("revoke penalty available", "tricks after penalty")},
    {"english": "3", "setup": "love all; AB hold four honours and make 9 tricks",
     "facts": {"score": {"AB": 0, "YZ": 0}, "tricks": {"AB": 9}, "honours": {"held": {"AB": 4}}},
     "keys": ("honours scored", "score after")},
    {"english": "62", "setup": "A leads when it was Y's lead",
     "facts": {"lead": {"by": "A", "proper": "Y"}}, "keys": ("penalty options",)},
]


def _rule_differences() -> dict[str, str]:
    """English law number -> a difference stated by the rules model, where it has one."""
    try:
        from kb.rules import compare
    except Exception:            # the rules model is optional
        return {}
    out = {}
    for p in PROBES:
        try:
            diffs = compare(p["facts"])["differences"]
        except Exception:
            continue
        keep = [d for d in diffs if d.split(":", 1)[0] in p["keys"]] or \
               [d for d in diffs if "nothing is concluded" not in d][:2]
        if keep:
            out[p["english"]] = f"Rules model ({p['setup']}): " + "; ".join(keep)
    return out


def _commentary_text(r: Record, limit: int = 320) -> str:
    flat = " ".join(r.text.split())
    return flat if len(flat) <= limit else flat[:limit - 1].rsplit(" ", 1)[0] + "…"


# --- alignment -------------------------------------------------------------------------------
def align(records: list[Record], conn: sqlite3.Connection | None = None,
          overrides: list[dict] | None = None, computed_only: bool = False) -> list[dict]:
    """Rows of the concordance, computed from the records (and the embeddings in `conn`)."""
    laws = _laws(records)
    ids = [law.id for c in CODES for law in laws[c]]
    vecs = _vectors(conn, ids)
    eng = laws["english"]
    # 1. revised first: it gives the English laws their headings.
    cells: dict[str, dict[str, list[str]]] = {e.number: {c: [] for c in OTHER} for e in eng}
    score: dict[tuple[str, str], float] = {}
    eng_heads = [""] * len(eng)
    for code in OTHER:
        other = laws[code]
        if not other or not eng:
            continue
        S = similarity(eng, other, vecs, eng_heads if code != "english-revised" else None)
        F = S + _order_bonus(S)
        colmax = F.max(axis=0)
        taken = set()
        for i, e in enumerate(eng):
            order = np.argsort(-F[i])
            j0 = order[0]
            if F[i, j0] < T_BEST[code]:
                continue
            for j in order[:3]:
                if F[i, j] >= T_BEST[code] and F[i, j] >= F[i, j0] - T_TIE \
                        and F[i, j] >= colmax[j] - T_COL:
                    cells[e.number][code].append(other[j].number)
                    score[(e.id, other[j].id)] = float(F[i, j])
                    taken.add(j)
        for j, o in enumerate(other):       # adoption of laws nothing took
            if j in taken:
                continue
            i = int(F[:, j].argmax())
            if F[i, j] >= T_ADOPT and (code != "english-revised" or not cells[eng[i].number][code]):
                cells[eng[i].number][code].append(o.number)
                score[(eng[i].id, o.id)] = float(F[i, j])
        if code == "english-revised":
            rev = {o.number: o.heading for o in other}
            eng_heads = [rev.get(cells[e.number][code][0], "") if cells[e.number][code] else ""
                         for e in eng]
    # 2. overrides
    method = {e.number: "computed" for e in eng}
    reasons: dict[str, str] = {}
    if not computed_only:
        for o in (overrides if overrides is not None else load_overrides()):
            n = str(o["english"])
            if n not in cells:
                raise ValueError(f"concordance override for unknown english law {n}")
            for code in OTHER:
                if code in o:
                    cells[n][code] = [str(x) for x in (o[code] or [])]
            method[n] = "override"
            reasons[n] = o["reason"]
    # keep each cell in the code's own order
    pos = {c: {law.number: k for k, law in enumerate(laws[c])} for c in CODES}
    for n in cells:
        for code in OTHER:
            cells[n][code] = sorted(dict.fromkeys(cells[n][code]), key=lambda x: pos[code].get(x, 1e9))
    # 3. rows: English rows, then the laws nothing took, each after its code's preceding law
    rows = [{"english": [e.number], **{c: list(cells[e.number][c]) for c in OTHER},
             "_key": e.number} for e in eng]
    by_law = {law.id: law for c in CODES for law in laws[c]}
    for code in OTHER:
        placed = {x for r in rows for x in r[code]}
        for k, law in enumerate(laws[code]):
            if law.number in placed:
                continue
            # after the last row holding an earlier law of this code
            at = 0
            for back in range(k - 1, -1, -1):
                prev = laws[code][back].number
                hits = [idx for idx, r in enumerate(rows) if prev in r[code]]
                if hits:
                    at = max(hits) + 1
                    break
            while at < len(rows) and rows[at].get("_own") and rows[at]["_own"][0] == code:
                at += 1
            row = {"english": [], **{c: [] for c in OTHER}, "_own": (code, law.number)}
            row[code] = [law.number]
            rows.insert(at, row)
            placed.add(law.number)
    return _annotate(rows, records, laws, score, method, reasons, vecs, by_law)


def _annotate(rows, records, laws, score, method, reasons, vecs, by_law) -> list[dict]:
    recs = {r.id: r for r in records}
    cited_by: dict[str, list[str]] = {}
    for r in records:
        for c in r.cites:
            cited_by.setdefault(_law_of(c), []).append(r.id)
    notes_of: dict[str, list[str]] = {}
    for r in records:
        if r.type in ("note", "footnote") and r.parent:
            notes_of.setdefault(_law_of(r.parent), []).append(r.id)
    rule_diffs = _rule_differences()
    rows_of: dict[str, int] = {}
    for row in rows:
        for c in CODES:
            for n in row[c]:
                rows_of[f"{c}/{n}"] = rows_of.get(f"{c}/{n}", 0) + 1
    out = []
    for k, row in enumerate(rows):
        law_ids = [f"{c}/{n}" for c in CODES for n in row[c]]
        eng_id = f"english/{row['english'][0]}" if row["english"] else None
        # topic: the first non-generic heading among the row's laws (revised, then American)
        topic = ""
        for c in ("english-revised", "american-1894", "english", "american-1890"):
            for n in row[c]:
                h = by_law[f"{c}/{n}"].heading
                if h:
                    topic = h
                    break
            if topic:
                break
        if topic.isupper():
            topic = topic.title().replace("Or ", "or ").replace("To ", "to ").replace("Of ", "of ")
        first = by_law[law_ids[0]]
        gist = " ".join(first.text.split()[:9]).rstrip(",;:—-")
        topic = f"{topic}: {gist}…" if topic else f"{gist}…"
        # confidence
        if row.get("_own"):
            code, n = row["_own"]
            conf = 0.6
        elif method.get(row["_key"]) == "override":
            conf = 1.0
        else:
            pair = [score.get((eng_id, lid)) for lid in law_ids[1:]]
            pair = [p for p in pair if p is not None]
            conf = float(np.mean(pair)) if pair else 0.5
        conf = round(max(0.0, min(1.0, conf)), 3)
        # cases
        case_ids = sorted({src for lid in law_ids for src in cited_by.get(lid, [])
                           if src.startswith("drayson/case/")}, key=lambda s: int(s.rsplit("/", 1)[1]))
        cases = [{"case": int(cid.rsplit("/", 1)[1]),
                  "decision": one_line(recs[cid].decision or recs[cid].text)} for cid in case_ids]
        # commentary and notes
        notes = []
        for lid in law_ids:
            for src in cited_by.get(lid, []):
                if recs[src].type == "commentary" and src not in notes:
                    notes.append(src)
            for nid in notes_of.get(lid, []):
                if nid not in notes:
                    notes.append(nid)
        # difference: the rules model where it has one, else Drayson on the American laws
        difference = ""
        if row["english"] and row["english"][0] in rule_diffs and len(law_ids) > 1:
            difference = rule_diffs[row["english"][0]]
        if not difference and any(c.startswith("american") for c in CODES if row[c]) and row["english"]:
            # Drayson's paragraph that cites this row's English law, or an American law that
            # stands in this row only (a paragraph citing a law shared by several rows is not
            # specific enough to state this row's difference).
            best, best_s = None, 0
            for n in notes:
                if not n.startswith("drayson/commentary/american-laws/"):
                    continue
                cited = {_law_of(c) for c in recs[n].cites}
                sc = 2 if eng_id in cited else 0
                sc += sum(1 for lid in law_ids if lid.startswith("american") and lid in cited
                          and rows_of.get(lid, 0) == 1)
                if sc > best_s:
                    best, best_s = n, sc
            if best:
                difference = "Drayson: " + _commentary_text(recs[best])
        variants = []
        for lid in law_ids:
            for v in recs[lid].variants:
                if v.get("differences"):
                    variants.append({"law": lid, "source": v.get("source"),
                                     "differences": v["differences"]})
        entry = {"row": k + 1, **{c: list(row[c]) for c in CODES}, "topic": topic,
                 "confidence": conf, "method": method.get(row.get("_key"), "computed"),
                 "cases": cases, "difference": difference, "variants": variants, "notes": notes}
        if entry["method"] == "override":
            entry["reason"] = reasons.get(row["_key"], "")
        out.append(entry)
    return out


def row_json(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False, sort_keys=False)


def load_rows(store) -> list[dict]:
    """The concordance rows stored in a built knowledge base."""
    return store.concordance()


def law_ids(row: dict) -> list[str]:
    return [f"{c}/{n}" for c in CODES for n in row.get(c, [])]
