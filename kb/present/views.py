"""What the web page shows, as plain functions over a Store: a law with its neighbours,
counterparts, citing cases and notes; the case list and its filters; the concordance table;
source summaries; and `linkify`, which turns "Law 72", "Laws 56 to 66", "Case 93" in any text
into markdown links to the record's URL (`?id=english/72`, `?case=93`).

The app (app/streamlit_app.py) only lays these out; every decision lives here or deeper in kb/.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
import re
from typing import TYPE_CHECKING
from urllib.parse import quote as _urlquote

from ingest.corpus import Source
from ingest.records import Record
from kb.codes import NAMES as CODE_NAMES, ORDER as CODE_ORDER, named_in
from kb.retrieval.resolver import Resolver
from kb.store.database import Store

if TYPE_CHECKING:            # the concordance module is imported where it is used (it is heavy)
    from kb.present.concordance import ConcordanceRow

LAW_LIKE = ("law", "etiquette", "dummy", "double-dummy")
NOTE_TYPES = ("commentary", "note", "footnote")


# --- URLs and links ----------------------------------------------------------------------
def url_for(record_id: str) -> str:
    """The app URL (query string) of a record id."""
    if record_id.startswith("drayson/case/"):
        return f"?case={record_id.rsplit('/', 1)[1]}"
    if record_id.startswith("drayson/test/"):
        return f"?test={record_id.rsplit('/', 1)[1]}"
    return f"?id={_urlquote(record_id, safe='/')}"


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~$])")


_AUTOLINK = re.compile(r"(?i)(https?|ftp|mailto|www)([:.])")


def md_escape(text: str) -> str:
    """Text safe to hand to st.markdown: markdown and HTML specials escaped (shown literally),
    and bare URLs and e-mail addresses kept from turning into links. GFM links them after
    escapes are resolved, so an (invisible) zero-width space breaks the pattern instead: after
    "http", "https", "ftp", "mailto" and "www", and before "@"."""
    out = _MD_SPECIAL.sub(r"\\\1", text or "")
    return _AUTOLINK.sub("\\1\u200b\\2", out).replace("@", "\u200b@")


_NUM = r"\d{1,3}[a-z]?"
_JOIN = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+to\s+|\s*[-–—]\s*)\s*"
_SECTION = r"(?:,?\s*(?:section|sec\.|§)\s*(?P<sec>[IVX]+|\d{1,2})\b)?"
_LINK_REF = re.compile(
    rf"(?P<prefix>\b(?:American|English|[Rr]evised)\s+(?:[Cc]ode,?\s+)?)?"
    rf"(?P<kind>\b(?:laws?|rules?|cases?|tests?|l\.))\s*(?:no\.?\s*)?"
    rf"(?P<nums>{_NUM}(?:{_JOIN}{_NUM}\b)*)\b{_SECTION}", re.I)
_EXPLICIT_ID = re.compile(
    r"(?<![\w/?=])(?P<id>(?:english-revised|english|american-1894|american-1890)/"
    r"(?:etiquette/[IVX\d]+|dummy/[IVX\d]+|double-dummy/\d+|\d{1,3}[a-z]?)(?:/[IVXa-f]+)?"
    r"|drayson/(?:case|test)/\d{1,3})\b")
_ROMAN = {"1": "I", "2": "II", "3": "III", "4": "IV", "5": "V", "6": "VI", "7": "VII", "8": "VIII",
          "9": "IX", "10": "X"}


def _law_target(ids: set[str], code: str, number: str, section: str | None) -> str | None:
    rid = f"{code}/{number.lower()}"
    if section:
        sec = _ROMAN.get(section, section.upper())
        for cand in (f"{rid}/{sec}", f"{rid}/{section.lower()}"):
            if cand in ids:
                return cand
    return rid if rid in ids else None


def linkify(text: str, code: str | None = "english", ids: set[str] | None = None,
            escape: bool = True) -> str:
    """Markdown of `text` with every reference to an existing law, case or test made a link.

    `code` is the code a bare "Law 72" means in this text (Drayson's cases: english; an
    American note: american-1894). A named code ("American law 30") wins; "L. 8" is the 1890
    code. References to records that do not exist stay plain text — no link is invented.
    With escape=True the text is markdown-escaped first, so it can never inject markup."""
    src = md_escape(text) if escape else (text or "")
    default = code if code in CODE_ORDER else "english"

    def known(rid: str) -> bool:
        return ids is None or rid in ids

    def sub(m: re.Match) -> str:
        kind = m.group("kind").lower()
        prefix = m.group("prefix") or ""
        nums = re.findall(_NUM, m.group("nums"))
        section = m.group("sec")
        if kind.startswith("case") or kind.startswith("test"):
            what = "case" if kind.startswith("case") else "test"
            target = lambda n: (f"drayson/{what}/{int(n)}"  # noqa: E731
                                if n.isdigit() and (ids is None or f"drayson/{what}/{int(n)}" in ids)
                                and int(n) >= 1 else None)
        else:
            c = "american-1890" if kind == "l." else (named_in(prefix) if prefix else None) or default
            target = lambda n: _law_target(ids, c, n, section if len(nums) == 1 else None) \
                if ids is not None else f"{c}/{n}"  # noqa: E731
        out = m.group(0)
        # Link each number in place, right to left so the offsets stay valid.
        start = m.start()
        spans = [(mm.start() + m.start("nums") - start, mm.end() + m.start("nums") - start, mm.group(0))
                 for mm in re.finditer(_NUM, m.group("nums"))]
        for i, (a, b, n) in reversed(list(enumerate(spans))):
            rid = target(n)
            if not rid or not known(rid):
                continue
            if i == 0:
                a = 0          # the first link covers the words too: "[Law 72](...)"
                if section and len(nums) == 1:
                    b = len(out)
            out = f"{out[:a]}[{out[a:b]}]({url_for(rid)}){out[b:]}"
        return out

    def sub_id(m: re.Match) -> str:
        rid = m.group("id").replace("\\", "")
        return f"[{m.group(0)}]({url_for(rid)})" if known(rid) else m.group(0)

    # Explicit ids first (they contain digits the word pattern must not touch), via placeholders.
    held: list[str] = []

    def hold(m: re.Match) -> str:
        held.append(sub_id(m))
        return f"\x00{len(held) - 1}\x00"

    src = _EXPLICIT_ID.sub(hold, src)
    src = _LINK_REF.sub(sub, src)
    return re.sub(r"\x00(\d+)\x00", lambda m: held[int(m.group(1))], src)


# --- laws --------------------------------------------------------------------------------
@dataclass
class LawView:
    record: Record
    law: Record                        # the law itself (== record unless a section was asked for)
    sections: list[Record]
    focus: str | None                  # the section asked for, if any
    previous: Record | None
    next: Record | None
    counterparts: dict[str, list[str]]  # other code -> law ids, from the concordance
    concordance_note: str | None        # why counterparts are empty, if they are
    cases: list[Record]                 # Drayson's cases citing the law
    tests: list[Record]
    notes: list[Record]                 # notes, footnotes, commentary attached to or citing it
    cited_by_laws: list[Record]
    cites: list[str]
    variants: list[dict] = field(default_factory=list)
    difference: str = ""
    modelled_by: list[dict] = field(default_factory=list)  # rules modelling it: {rule, law, file, line}
    examples: list[dict] = field(default_factory=list)     # rule examples exercising it (law_rules)
    links: list[dict] = field(default_factory=list)        # typed links to the other codes (law_links)
    instead: dict[str, str] = field(default_factory=dict)  # code without a linked law -> what it does

    @property
    def scenarios(self) -> list[str]:
        return [e["name"] for e in self.examples]


def law_rules(law_id: str) -> dict:
    """The rules that model a law (file:line) and the rule examples that exercise it, those citing
    it first: ``{"modelled_by": [...], "examples": [{name, description, source, cites_law}]}``."""
    from kb.rules import trace
    return {"modelled_by": trace.rules_for_law(law_id),
            "examples": [{k: e[k] for k in ("name", "description", "source", "cites_law")}
                         for e in trace.examples_for_law(law_id)]}


def law_siblings(store: Store, rec: Record) -> list[Record]:
    """The records of the same code and type, in book order (its heading neighbours)."""
    return [r for r in store.all(type=rec.type, code=rec.code)]


def law_view(store: Store, record_id: str, concordance: list[ConcordanceRow] | None = None) -> LawView | None:
    """Everything the Laws page shows for one law-like record (or a section of one)."""
    rec = store.get(record_id)
    if rec is None or rec.type not in LAW_LIKE + ("section",):
        return None
    law = store.get(rec.parent) if rec.type == "section" and rec.parent else rec
    if law is None:
        return None
    children = store.children(law.id)
    siblings = law_siblings(store, law)
    pos = next((i for i, r in enumerate(siblings) if r.id == law.id), None)
    prev_rec = siblings[pos - 1] if pos else None
    next_rec = siblings[pos + 1] if pos is not None and pos + 1 < len(siblings) else None
    citing = [store.get(i) for i in store.cited_by(law.id)]
    citing = [r for r in citing if r is not None]
    notes = [c for c in children if c.type != "section"]
    notes += [r for r in citing if r.type in NOTE_TYPES and r.id not in {n.id for n in notes}]
    counterparts, note = law_counterparts(concordance, law)
    links = law_links(store, law)
    return LawView(
        record=rec, law=law, sections=[c for c in children if c.type == "section"],
        focus=rec.id if rec.type == "section" else None, previous=prev_rec, next=next_rec,
        counterparts=counterparts, concordance_note=note,
        cases=sorted((r for r in citing if r.type == "case"), key=lambda r: int(r.number)),
        tests=sorted((r for r in citing if r.type == "test"), key=lambda r: int(r.number)),
        notes=notes, cited_by_laws=[r for r in citing if r.type in LAW_LIKE + ("section",)],
        cites=law.cites, variants=law.variants, difference=law_difference(concordance, law.id),
        links=links, instead=law_instead(concordance, law, links), **law_rules(law.id))


def _row_ids(row: ConcordanceRow, code: str) -> list[str]:
    return [f"{code}/{n}" for n in row.numbers(code)]


def law_counterparts(rows: list[ConcordanceRow] | None, law: Record) -> tuple[dict[str, list[str]], str | None]:
    """Other codes' laws aligned with `law` in the concordance rows."""
    if rows is None:
        return {}, "The concordance is not available in this build."
    found: dict[str, list[str]] = {}
    for row in rows:
        if law.id not in _row_ids(row, law.code):
            continue
        for code in CODE_ORDER:
            if code == law.code:
                continue
            for rid in _row_ids(row, code):
                found.setdefault(code, [])
                if rid not in found[code]:
                    found[code].append(rid)
    return found, None if found else "No counterpart in the other codes."


# how a law stands to another, in words: "English law 31 says part of what American (1894) law 8 says"
LINK_WORDS = {"same": "is the same rule as {b}", "narrower": "says part of what {b} says",
              "broader": "says more than {b}", "overlaps": "overlaps {b}", "differs": "differs from {b}"}


def law_links(store: Store, law: Record) -> list[dict]:
    """The law's links to the laws of the other codes, typed and read from it
    (``kb.present.concordance.links_of``); [] for a KB without them or a law-like record that is
    not a numbered law."""
    if law.type != "law" or law.code not in CODE_ORDER:
        return []
    try:
        from kb.present.concordance import links_of
        return links_of(store.concordance_links(law.id), law.id)
    except Exception:            # an older KB, a broken table: the page shows the rows instead
        return []


def link_sentence(law_id: str, link: dict) -> str:
    """"English law 31 overlaps American (1894) law 8" for one link of ``law_links``."""
    from kb.codes import law_label
    return f"{law_label(law_id)} {LINK_WORDS[link['type']].format(b=law_label(link['law']))}"


def law_instead(rows: list[ConcordanceRow] | None, law: Record, links: list[dict]) -> dict[str, str]:
    """For each other code with no law linked to ``law``: what that code does instead (the
    ``instead`` of the law's concordance row)."""
    linked = {x["law"].split("/")[0] for x in links}
    out: dict[str, str] = {}
    for row in law_rows(rows, law.id):
        for c, text in row.instead.items():
            if c != law.code and c not in linked:
                out.setdefault(c, text)
    return out


def law_choices(store: Store, code: str) -> list[tuple[str, str]]:
    """(id, label) of every law-like record of a code, in book order, for a picker."""
    out = []
    for r in store.all(code=code):
        if r.type not in LAW_LIKE:
            continue
        num = r.number if r.type == "law" else r.id.split("/", 1)[1].replace("/", " ")
        label = f"{num} — {snippet(r.title or r.text, 60)}"
        out.append((r.id, label))
    return out


def snippet(text: str, n: int) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + " …"


@dataclass
class Lookup:
    ids: list[str]
    message: str | None = None


def lookup_law(store: Store, resolver: Resolver, text: str, code: str | None = None) -> Lookup:
    """A typed reference ("72", "American 30", "L. 8", "english/72", "law 44 iv") -> ids.
    An unknown law is never invented: the message names the nearest existing ones."""
    q = (text or "").strip()
    if not q:
        return Lookup([], "Type a law number, e.g. 72, American 30, L. 8 or revised 12a.")
    if len(q) > 200:
        return Lookup([], "That is too long for a law reference — use the Ask page for questions.")
    if store.get(q.strip("/")) is not None:
        return Lookup([q.strip("/")])
    if code and re.fullmatch(r"\d{1,3}[a-zA-Z]?", q):
        rid = f"{code}/{q.lower()}"
        if store.get(rid):
            return Lookup([rid])
        near = resolver.nearest_law(code, q)
        return Lookup([], f"There is no law {q} in the {CODE_NAMES[code]} code. Nearest: "
                          f"{', '.join(near) or 'none'}.")
    ref = resolver.lookup(q)
    if ref is None:
        return Lookup([], f"“{q}” is not a law reference. Try 72, American 30, L. 8, "
                          "revised 12a, english/etiquette/III — or ask a question on the Ask page.")
    if not ref.ids:
        return Lookup([], f"There is no {', '.join(ref.missing)}. Nearest existing: "
                          f"{', '.join(ref.nearest) or 'none'}. No law has been invented.")
    return Lookup(ref.ids)


def unknown_id_message(store: Store, resolver: Resolver, record_id: str) -> str:
    """A helpful message for an id in a URL that does not exist."""
    m = re.fullmatch(r"([a-z0-9-]+)/(\d{1,3}[a-z]?)(?:/.*)?", record_id or "")
    if m and m.group(1) in CODE_ORDER:
        numbers = store.law_numbers(m.group(1))
        near = resolver.nearest_law(m.group(1), m.group(2))
        return (f"There is no {record_id}: the {CODE_NAMES[m.group(1)]} code has laws "
                f"{numbers[0]} to {numbers[-1]}. Nearest: {', '.join(near)}.")
    return (f"There is no record {record_id!r}. Ids look like english/72, american-1894/30, "
            "english-revised/12a, english/etiquette/III.")


# --- cases -------------------------------------------------------------------------------
def case_headings(store: Store) -> list[str]:
    seen: list[str] = []
    for r in store.all(type="case"):
        if r.heading not in seen:
            seen.append(r.heading)
    return seen


def cited_laws(store: Store, code: str = "english") -> list[str]:
    """Law ids cited by at least one case, in law order."""
    ids = {c for r in store.all(type="case") for c in r.cites if not c.startswith("drayson/")}
    order = {r.id: i for i, r in enumerate(store.all())}
    return sorted(ids, key=lambda i: order.get(i, 10 ** 6))


def cases(store: Store, heading: str | None = None, law: str | None = None,
          text: str | None = None) -> list[Record]:
    """Drayson's cases, filtered by heading, by a cited law (a law id, its sections included)
    and by words in the facts or decision."""
    out = store.all(type="case")
    if heading:
        out = [r for r in out if r.heading == heading]
    if law:
        out = [r for r in out if any(c == law or c.startswith(law + "/") for c in r.cites)]
    if text and text.strip():
        words = text.lower().split()
        out = [r for r in out if all(w in f"{r.text} {r.decision or ''}".lower() for w in words)]
    return out


def tests(store: Store) -> list[Record]:
    return sorted(store.all(type="test"), key=lambda r: int(r.number))


# --- concordance -------------------------------------------------------------------------
def concordance_rows(store: Store) -> tuple[list[ConcordanceRow] | None, str | None]:
    """(rows, None) or (None, why not)."""
    from kb.present.concordance import load_rows
    try:
        return load_rows(store), None
    except Exception as e:       # a broken concordance must not take the page down
        return None, f"The concordance could not be loaded: {type(e).__name__}: {e}"


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return "; ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        if "case" in value:
            return str(value["case"])
        if "law" in value and "differences" in value:
            return f"{value['law']} ({len(value['differences'])})"
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    return str(value)


def concordance_table(rows: list[ConcordanceRow]) -> list[dict]:
    """Flat rows for a table: the row and its topic, one column per code (law numbers, each with
    its link type to the row's English law, or what the code does instead), then the annotations
    (links, cases as numbers, variants as law and count of differences)."""
    out = []
    for row in rows:
        flat = {"row": row.row, "topic": row.topic}
        for c in CODE_ORDER:
            cells = []
            for i in _row_ids(row, c):
                kinds = [INVERSE_TYPE[x["type"]] if x["b"] == i else x["type"]
                         for x in row.links if i in (x["a"], x["b"])
                         and (x["a"].startswith("english/") or x["b"].startswith("english/")) and c != "english"]
                cells.append(i.split("/", 1)[1] + (f" ({', '.join(dict.fromkeys(kinds))})" if kinds else ""))
            flat[CODE_NAMES[c]] = ", ".join(cells) or row.instead.get(c, "")
        flat["links"] = "; ".join(f"{x['a']} {x['type']} {x['b']}" for x in row.links
                                  if not str(x.get("method", "")).startswith("via"))
        flat["confidence"] = row.confidence
        for k in ("method", "cases", "difference", "variants", "notes"):
            flat[k] = _cell(getattr(row, k))
        if row.reason is not None:
            flat["reason"] = row.reason
        out.append(flat)
    return out


INVERSE_TYPE = {"same": "same", "narrower": "broader", "broader": "narrower", "overlaps": "overlaps",
                "differs": "differs"}


LINK_TYPES = ("same", "narrower", "broader", "overlaps", "differs")


def concordance_filter(rows: list[ConcordanceRow], types: list[str] | None = None, differs: bool = False,
                       code: str | None = None) -> list[ConcordanceRow]:
    """The rows with a link of one of ``types`` (all rows when none is given), only those where
    the codes differ (a ``differs`` link or a difference stated) with ``differs``, only those
    holding a law of ``code`` with ``code``."""
    out = []
    for row in rows:
        kinds = {x["type"] for x in row.links}
        if types and not kinds & set(types):
            continue
        if differs and "differs" not in kinds and not row.difference:
            continue
        if code and not row.numbers(code):
            continue
        out.append(row)
    return out


def links_table(rows: list[ConcordanceRow], types: list[str] | None = None) -> list[dict]:
    """One line per link of the rows (each link once): the two laws, the type, how sure, how it
    was found (computed, override, via an English law), and the row."""
    from kb.codes import law_label
    out, seen = [], set()
    for row in rows:
        for x in row.links:
            key = (x["a"], x["b"])
            if key in seen or (types and x["type"] not in types):
                continue
            seen.add(key)
            out.append({"law": law_label(x["a"]), "type": x["type"], "other law": law_label(x["b"]),
                        "confidence": x.get("confidence"), "method": x.get("method", ""),
                        "row": row.row, "topic": row.topic, "reason": x.get("reason", "")})
    return out


def law_rows(rows: list[ConcordanceRow] | None, law_id: str) -> list[ConcordanceRow]:
    """The concordance rows a law (id) stands in."""
    if not rows or "/" not in law_id:
        return []
    code = law_id.split("/", 1)[0]
    return [r for r in rows if law_id in _row_ids(r, code)]


def law_difference(rows: list[ConcordanceRow] | None, law_id: str) -> str:
    """The annotated difference between the codes for a law, from the concordance."""
    return " ".join(r.difference for r in law_rows(rows, law_id) if r.difference)


def export_formats(what: str = "concordance") -> tuple[list[str], str | None]:
    try:
        from kb.present import export
        return list(export.formats(what)), None
    except (ImportError, AttributeError):
        return [], "Exports (kb/export.py) are not part of this build yet."
    except Exception as e:
        return [], f"Exports are unavailable: {type(e).__name__}: {e}"


MIME = {"html": "text/html", "md": "text/markdown", "csv": "text/csv", "json": "application/json",
        "pdf": "application/pdf", "jsonl": "application/x-ndjson"}


def export_bytes(store: Store, what: str, fmt: str) -> bytes:
    from kb.present import export
    return export.render(store, what, fmt)


# --- sources -----------------------------------------------------------------------------
@dataclass
class SourceView:
    source: Source                    # the manifest entry: title, author, year, codes, sha256 ...
    counts: dict[str, int]            # record type -> n parsed from this source
    laws: dict[str, int]              # code -> laws parsed from this source
    variant_of: int                   # records for which this source gives a second reading
    variants: list[dict]              # {"id", "source", "preferred", "variant"}: differences
    warnings: list[str]

    @property
    def file(self) -> str:
        return self.source.path.name


def source_views(store: Store, corpus_dir: Path | None = None) -> list[SourceView]:
    from ingest.corpus import DEFAULT_CORPUS, load_manifest
    sources = load_manifest(Path(corpus_dir) if corpus_dir else DEFAULT_CORPUS)
    records = store.all()
    by_id = {r.id: r for r in records}
    warnings = store.warnings()
    out = []
    for s in sources:
        name = s.path.name
        own = [r for r in records if r.source == name]
        variants, variant_of = [], 0
        for r in records:
            for v in r.variants:
                if v.get("source") != name and r.source != name:
                    continue
                if v.get("source") == name:
                    variant_of += 1
                for d in v.get("differences") or []:
                    variants.append({"id": r.id, "source": v.get("source"),
                                     "preferred": d.get("preferred", ""),
                                     "variant": d.get("variant", "")})
        own_warn = []
        for w in warnings:
            head = w.split(":", 1)[0]
            if head == name or (head in by_id and by_id[head].source == name):
                own_warn.append(w)
        out.append(SourceView(
            source=s, counts=dict(Counter(r.type for r in own)),
            laws=dict(Counter(r.code for r in own if r.type == "law")),
            variant_of=variant_of, variants=variants, warnings=own_warn))
    return out


def other_warnings(store: Store, views: list[SourceView]) -> list[str]:
    shown = {w for v in views for w in v.warnings}
    return [w for w in store.warnings() if w not in shown]


# --- answers -----------------------------------------------------------------------------
STATUS_TEXT = {
    "confirmed": (":material/check_circle:", "Confirmed by the rules model"),
    "contradicted": (":material/error:", "Contradicted: the rules model disagrees with the retrieved law"),
    "insufficient-facts": (":material/help:", "A fact is missing to decide"),
    "not-covered": (":material/info:", "Not decided by the rules model"),
}


def follow_ups(checker: dict) -> list[dict]:
    """The missing facts a click can answer: {"fact", "question", "choices": [("yes", "if yes: ..."), ...]}
    (facts whose values the rules model named, yes/no first)."""
    out = []
    for m in checker.get("missing_facts") or []:
        if not isinstance(m, dict) or not m.get("fact") or not m.get("effects"):
            continue
        choices = [("yes" if k == "true" else "no" if k == "false" else k, v) for k, v in m["effects"].items()]
        out.append({"fact": m["fact"], "question": m.get("question") or m["fact"], "choices": choices})
    return out


def facts_from_params(values: list[str]) -> dict:
    """?fact=revokes[0].trick_turned_and_quitted=yes (repeated) -> {path: value}; malformed ones are skipped."""
    from kb.rules.situation import parse_fact_value
    out = {}
    for v in values:
        path, sep, value = v.partition("=")
        if sep and path.strip() and len(v) < 200:
            out[path.strip()] = parse_fact_value(value)
    return out


def fact_params(facts: dict) -> list[str]:
    return [f"{k}={'yes' if v is True else 'no' if v is False else v}" for k, v in facts.items()]


def missing_fact_prompts(checker: dict) -> list[str]:
    """Sentences asking the player for each missing fact."""
    out = []
    for m in checker.get("missing_facts") or []:
        if isinstance(m, dict):
            q = m.get("question") or m.get("fact")
            effects = m.get("effects") or {}
            if effects:
                q += " (" + "; ".join(f"if {k}: {v}" for k, v in effects.items()) + ")"
            out.append(q)
        else:
            out.append(str(m))
    return out


def answer_parts(answer: dict) -> dict:
    """The answer's paragraphs by kind: the Answerer gives them for a question it searched;
    a lookup or a not-covered answer is one plain text, split here."""
    if answer.get("parts"):
        return answer["parts"]
    paras = [p for p in (answer.get("answer") or "").split("\n\n") if p.strip()]
    ruling, law_para, precedents, other, notes = [], [], [], [], []
    for p in paras:
        if p.startswith(("HTML markup in the question", "The question was ")):
            notes.append(p)
        elif p.startswith("Precedent"):
            precedents.append(p)
        elif re.search(r"\[(english|english-revised|american-1894|american-1890)/[^\]]+\]\s*$", p):
            law_para.append(p)
        elif not law_para and not precedents:
            ruling.append(p)
        else:
            other.append(p)
    return {"ruling": ruling, "law": law_para, "precedents": precedents, "other": other,
            "notes": notes}


def law_id(hit: dict) -> str:
    return f"{hit['code']}/{hit['law']}"
