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
from kb.rules.engine import describe

from kb.codes import ORDER as CODES
OTHER = CODES[1:]
OVERRIDES = Path(__file__).resolve().parents[2] / "corpus" / "concordance_overrides.yaml"

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
# Opening sentences that only introduce a decision ("This is a very interesting case.", "It is
# curious how often ..."): the one-line decision skips them.
_PREAMBLE = re.compile(
    r"^(this is an? (very |most )?\w+ case\b\W*$"
    r"|it is (curious|surprising|strange|remarkable) how (often|frequently)"
    r"|(strange|childish|curious) as (this|it) (objection )?may appear"
    r"|this (case|dispute|question|error|erroneous contention)\b[^;:]*\b(occurred|common|frequent|"
    r"much discussed|oft|the necessity|due solely|indicates)"
    r"|the whole (question|dispute) indicates"
    r"|this is (not a solitary case|the oft)"
    r"|during a long whist experience"
    r"|the bearing of law \d+ has been much discussed"
    r"|as an outsider)", re.I)
_SIMILAR = re.compile(r"^this case is (almost|somewhat|in some respects)?\s*(the same as|similar)", re.I)
_SHORT = 45       # a verdict this short ("Certainly not.") takes the sentence that gives its reason


def _preamble(sentence: str) -> bool:
    return bool(_PREAMBLE.search(sentence)) or (len(sentence) < 70 and bool(_SIMILAR.search(sentence)))


def one_line(text: str | None, limit: int = 170) -> str:
    """The ruling of a decision in one line: its first sentence, unless that is a pure preamble
    ("This is a very interesting case.", "It is curious how often ..."), then the first sentence
    after the preamble; a bare answer ("Certainly not.", "Yes.") keeps the sentence after it."""
    if not text:
        return ""
    flat = " ".join(text.split())
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", flat) if s.strip()]
    if not sentences:
        return ""
    k = next((i for i, s in enumerate(sentences) if not _preamble(s)), 0)
    pick = sentences[k]
    if len(pick) < _SHORT and k + 1 < len(sentences) and not _preamble(sentences[k + 1]):
        pick = f"{pick} {sentences[k + 1]}"
    return pick if len(pick) <= limit else pick[:limit - 1].rsplit(" ", 1)[0] + "…"


def _law_of(ref: str) -> str:
    parts = ref.split("/")
    return "/".join(parts[:2]) if parts and parts[0] in CODES and len(parts) >= 2 else ref


# --- differences stated by the rules model ---------------------------------------------------
# Prototype situations: every rule example of kb/rules/examples (Drayson's cases and tests, set up
# as facts), plus a few situations written here for laws no scenario exercises.
PROBES = [
    {"setup": "both sides at four; the side that revoked made 6 tricks",
     "facts": {"score": {"AB": 4, "YZ": 4}, "tricks": {"YZ": 7},
               "revoke": {"by": "AB", "established": True, "claimed": True}}},
    {"setup": "love all; AB hold four honours and make 9 tricks",
     "facts": {"score": {"AB": 0, "YZ": 0}, "tricks": {"AB": 9}, "honours": {"held": {"AB": 4}}}},
    {"setup": "A leads when it was Y's lead", "facts": {"lead": {"by": "A", "proper": "Y"}}},
]
CODE_WORDS = {"english": "English", "english-revised": "English revised",
              "american-1894": "American 1894", "american-1890": "American 1890"}
MAX_SITUATIONS, MAX_KEYS, MAX_CHARS = 2, 2, 480


@dataclass
class _Proto:
    setup: str
    cites: set                 # law ids (code/number) the situation cites
    rulings: dict              # code -> Ruling (kb.rules.compare)
    laws: set                  # law ids in the traces under any code, plus the cites


def _scenario_setup(data: dict) -> str:
    """"Drayson's case 56 (A leads a diamond when it is Y's lead)": the source, and the setting
    from the scenario's description."""
    src = str(data.get("source") or "")
    m = re.fullmatch(r"drayson/(case|test)/(\d+)", src)
    who = f"Drayson's {m.group(1)} {m.group(2)}" if m else \
        f"a situation under {src}" if src.split("/")[0] in CODES else "a situation"
    text = str(data.get("description") or data.get("question") or "")    # a note quotes the law: not a setting
    text = re.sub(r"^Drayson,\s+(case|test)\s+\d+\b[^:]*:\s*", "", text)
    text = re.sub(r"^(English|Revised|American)[\w .-]*?\d+\w*(\s+[IVX]+)?(\s*\([^)]*\))?:\s*", "", text)
    text = re.split(r"(?<=[.;])[\"”']?\s|\s--\s|:\s*[\"“]", text, maxsplit=1)[0]
    text = re.sub(r"[\"“”]", "", text).rstrip(".;:, ")
    if len(text) > 110:
        text = text[:109].rsplit(" ", 1)[0] + "…"
    return f"{who} ({text})" if text else who


def _prototypes() -> list[_Proto]:
    """Every scenario and probe, evaluated with kb.rules.compare under each code the model has
    rules for (the scenario's own code first: its facts are validated under it)."""
    from kb.rules import compare
    from kb.rules import core, scenarios
    modelled = [c for c in CODES if core.rules_for(c)]
    items = []
    for data in scenarios.examples():
        items.append((_scenario_setup(data), data.get("facts") or {},
                      data.get("code") or "english", data.get("cites") or []))
    items += [(p["setup"], p["facts"], "english", []) for p in PROBES]
    out = []
    for setup, facts, code, cites in items:
        codes = tuple([code] + [c for c in modelled if c != code]) if code in modelled else tuple(modelled)
        try:
            rulings = compare(facts, codes)["rulings"]
        except ValueError:         # facts the model rejects under this code (InvalidSituation)
            continue
        cited = {_law_of(c) for c in cites}
        laws = {_law_of(t) for r in rulings.values() for t in r.laws} | cited
        out.append(_Proto(setup, cited, rulings, laws))
    return out


def _row_difference(ids: set[str], protos: list[_Proto], impl: dict, shared: set[str]) -> str:
    """The differences the rules model finds between the codes of one row: the prototype
    situations that exercise the row's laws, evaluated under each code of the row whose laws are
    implemented; a conclusion counts when codes conclude it differently and at least one of them
    by a law of this row (by another rule than the other codes: a difference that only passes
    through the same rule comes from elsewhere). A law that stands in several rows (an American
    law condensing several English ones) does not by itself make a difference this row's."""
    codes = [c for c in CODES if any(impl.get(lid) for lid in ids if lid.startswith(c + "/"))]
    if len(codes) < 2:
        return ""
    fn_of = {}
    for lid in ids:
        for r in impl.get(lid, []):
            fn_of[r.id] = r.fn
    found = []
    for k, p in enumerate(protos):
        if not p.laws & ids:
            continue
        diffs = []
        keys: list[str] = []
        for c in codes:
            keys += [x for x in p.rulings[c].conclusions if x not in keys]
        for key in keys:
            vals = {}
            for c in codes:
                src = p.rulings[c].sources.get(key)
                v = p.rulings[c].conclusions.get(key)
                if src is not None and v is not None:
                    vals[c] = (src, v)
            if len({repr(v) for _, v in vals.values()}) < 2:
                continue
            own = [c for c, (src, _) in vals.items() if _law_of(src) in ids and _law_of(src) not in shared]
            if not own:
                continue
            # a row law must set a value that another code's rule (a different function) contradicts
            ok = any(repr(vals[c][1]) != repr(vals[d][1]) and
                     fn_of.get(vals[c][0]) is not fn_of.get(vals[d][0], object())
                     for c in own for d in vals if d != c)
            if not ok:
                continue
            strong = all(_law_of(src) in ids for src, _ in vals.values())
            diffs.append((not strong, key, vals))
        if diffs:
            diffs.sort(key=lambda d: d[0])
            strong = sum(1 for d in diffs if not d[0])
            found.append(((-strong, -len(p.cites & ids), not p.setup.startswith("Drayson"), len(diffs), k),
                          p, diffs))
    if not found:
        return ""
    found.sort(key=lambda f: f[0])
    parts, said_keys = [], set()
    for _, p, diffs in found:
        if not {key for _, key, _ in diffs[:MAX_KEYS]} - said_keys:
            continue                # a second situation only for a difference not yet stated
        said = []
        for _, key, vals in diffs[:MAX_KEYS]:
            said_keys.add(key)
            groups: dict[str, list[str]] = {}
            for c, (src, v) in vals.items():
                groups.setdefault(describe(v, nothing="nothing", joiner=" / "), []).append(f"{CODE_WORDS[c]} ({src})")
            said.append(f"{key.replace('_', ' ')}: " +
                        "; ".join(f"{', '.join(who)}: {v}" for v, who in groups.items()))
        text = " — ".join(said)
        if parts and sum(map(len, parts)) + len(text) > MAX_CHARS:
            break
        parts.append(f"in {p.setup}, {text}")
        if len(parts) >= MAX_SITUATIONS:
            break
    return "Rules model: " + "; also ".join(parts) + "."


def _rule_differences(rows: list[dict]) -> list[str]:
    """For each row, the difference between its codes stated by the rules model ("" where the
    model has none). Computed on each call (nothing cached at import)."""
    from kb.rules import core
    protos = _prototypes()
    impl: dict[str, list] = {}
    for r in core.REGISTRY:
        if r.provenance.source in CODES:
            impl.setdefault(f"{r.provenance.source}/{r.provenance.number}", []).append(r)
    count: dict[str, int] = {}
    for row in rows:
        for c in CODES:
            for n in row[c]:
                count[f"{c}/{n}"] = count.get(f"{c}/{n}", 0) + 1
    shared = {lid for lid, n in count.items() if n > 1}
    out = []
    for row in rows:
        ids = {f"{c}/{n}" for c in CODES for n in row[c]}
        out.append(_row_difference(ids, protos, impl, shared))
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
    rule_diffs = _rule_differences(rows)
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
        if len(law_ids) > 1:
            difference = rule_diffs[k]
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
