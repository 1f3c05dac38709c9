"""Exports: the annotated concordance (html, md, csv, json, pdf) and every record (jsonl, csv).

`render(store, what, fmt) -> bytes` builds an export in memory (the app offers these as
downloads); `export(store, what, fmt, path)` writes it atomically — to a temporary file in the
target directory, then `os.replace` — or to stdout for text formats when `path` is None.
"""
from __future__ import annotations

import csv
import html
import io
import json
import os
from pathlib import Path
import re
import sys
import tempfile

from kb.codes import NAMES, all_codes
from kb.present.concordance import CODES, INVERSE, LINK_TYPES, ConcordanceRow, load_links, load_rows, one_line

CODE_LABEL = NAMES
SHORT = {c.id: c.abbreviation for c in all_codes()}
TEXT_FORMATS = {"html", "md", "csv", "json", "jsonl"}
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


class ExportError(Exception):
    """An export could not be made (unknown format, pdf to stdout, unwritable path ...)."""


def formats(what: str) -> list[str]:
    if what == "concordance":
        return ["html", "md", "csv", "json", "pdf"]
    if what == "records":
        return ["jsonl", "csv"]
    raise ExportError(f"nothing to export called {what!r}: concordance | records")


MIME = {"html": "text/html", "md": "text/markdown", "csv": "text/csv", "json": "application/json",
        "jsonl": "application/x-ndjson", "pdf": "application/pdf"}


# --- the data ----------------------------------------------------------------------------
class _Data:
    """Rows and links plus the texts they point at, read once from the store."""

    def __init__(self, store):
        self.rows = load_rows(store)
        self.links = load_links(store)
        self.records = {r.id: r for r in store.all()}
        self.anchors: set[str] = set()
        self.first_row: dict[str, int] = {}
        for row in self.rows:
            for lid in row.law_ids():
                self.first_row.setdefault(lid, row.row)

    def text(self, rid: str) -> str:
        r = self.records.get(rid)
        return r.text if r else ""


def law_name(law_id: str) -> str:
    """"English 31", "Revised 12a", "American 1894 8", "American 1890 3"."""
    code, n = law_id.split("/", 1)
    return f"{WORD[code]} {n}"


WORD = {"english": "English", "english-revised": "Revised", "american-1894": "American 1894",
        "american-1890": "American 1890"}
# how a law stands to another, read from the first: "American 1894 8 says more than English 31"
PHRASE = {"same": "the same as", "narrower": "says part of", "broader": "says more than",
          "overlaps": "overlaps", "differs": "differs from"}


def standing(row: ConcordanceRow, law_id: str) -> list[tuple[str, str]]:
    """(type, other law) for each link of ``law_id`` to an English law of the row (to any law of
    the row when it has no English law), seen from ``law_id``."""
    ids = row.law_ids()
    targets = [i for i in ids if i.startswith("english/")] or ids
    out = []
    for x in row.links:
        if x["a"] == law_id and x["b"] in targets:
            out.append((x["type"], x["b"]))
        elif x["b"] == law_id and x["a"] in targets:
            out.append((INVERSE[x["type"]], x["a"]))
    return out


def standing_text(row: ConcordanceRow, law_id: str) -> str:
    return "; ".join(f"{PHRASE[t]} {law_name(o)}" for t, o in standing(row, law_id))


def shown_links(row: ConcordanceRow) -> list[dict]:
    """The row's links a reader needs: those of its English laws (the links between two other
    codes through an English law follow from them), or all of them in a row without one."""
    mine = [x for x in row.links if x["a"].startswith("english/")]
    return mine if row.numbers("english") else list(row.links)


def link_line(x: dict) -> str:
    """"English 31 – American 1894 8: narrower (override: ...)"."""
    extra = f" ({x['method']})" if x.get("method", "computed") != "computed" else ""
    return f"{law_name(x['a'])} – {law_name(x['b'])}: {x['type']}{extra}"


_LAWREF = re.compile(r"\b(Laws?|Rules?)(\s+)((?:\d+[a-z]?)(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*-\s*|\s+to\s+)\d+[a-z]?)*)")
_CASEREF = re.compile(r"\b(Cases?)\s+((?:\d+)(?:(?:\s*,\s*|\s+and\s+)\d+)*)")
_NUM = re.compile(r"\d+[a-z]?")


def _default_code(text_code: str | None) -> str:
    return text_code if text_code in CODES else "english"


def linkify(escaped: str, code: str | None, anchors: set[str]) -> str:
    """Turn every "Law N" / "Laws N and M" / "Case N" in already-escaped text into links to
    anchors that exist; numbers refer to `code` (Drayson's own text refers to the English code)."""
    base = _default_code(code)

    def laws(m: re.Match) -> str:
        nums = m.group(3)
        def one(n: re.Match) -> str:
            target = f"{base}/{n.group(0)}"
            return f'<a href="#{target}">{n.group(0)}</a>' if target in anchors else n.group(0)
        return m.group(1) + (m.group(2) or "") + _NUM.sub(one, nums)

    def cases(m: re.Match) -> str:
        def one(n: re.Match) -> str:
            target = f"drayson/case/{n.group(0)}"
            return f'<a href="#{target}">{n.group(0)}</a>' if target in anchors else n.group(0)
        return m.group(1) + " " + _NUM.sub(one, m.group(2))

    return _CASEREF.sub(cases, _LAWREF.sub(laws, escaped))


_IDREF = re.compile(r"\b((?:english-revised|english|american-1894|american-1890)/\d+[a-z]?|drayson/case/\d+)"
                    r"((?:/[\w-]+)*)")
_DRAYSON_CASE = re.compile(r"\b(Drayson&#x27;s case) (\d+)\b")


def link_ids(escaped: str, anchors: set[str]) -> str:
    """Links for the law ids a difference names ("english/72/I" -> #english/72) and for
    "Drayson's case N", where the anchor exists (before `linkify`, in already-escaped text)."""
    def one(m: re.Match) -> str:
        return f'<a href="#{m.group(1)}">{m.group(0)}</a>' if m.group(1) in anchors else m.group(0)

    def case(m: re.Match) -> str:
        target = f"drayson/case/{m.group(2)}"
        return f'{m.group(1)} <a href="#{target}">{m.group(2)}</a>' if target in anchors else m.group(0)
    return _DRAYSON_CASE.sub(case, _IDREF.sub(one, escaped))


def _paras(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


# --- concordance: html -------------------------------------------------------------------
_CSS = """
:root{--ink:#1b1b1b;--mute:#5b5b5b;--rule:#c9c2b3;--paper:#fffdf8;--accent:#7a2e1d}
*{box-sizing:border-box}
body{margin:0 auto;max-width:72rem;padding:1rem;font:16px/1.45 Georgia,"Times New Roman",serif;
color:var(--ink);background:var(--paper)}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.15rem;margin:.2rem 0}
a{color:var(--accent)}
.meta,.small{color:var(--mute);font-size:.85rem}
table.index{border-collapse:collapse;width:100%;font-size:.85rem}
table.index td,table.index th{border-bottom:1px solid var(--rule);padding:.15rem .3rem;text-align:left;vertical-align:top}
section.row{border-top:2px solid var(--rule);padding:.6rem 0;break-inside:avoid-page}
.laws{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:.6rem}
.code h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--mute);margin:.1rem 0}
.law{margin:0 0 .4rem 0}.law p{margin:.15rem 0;font-size:.9rem}
.num{font-weight:bold;text-decoration:none}
.none{color:var(--mute);font-style:italic;font-size:.85rem}
.ann{font-size:.88rem;margin:.4rem 0 0 0}.ann dt{font-weight:bold}.ann dd{margin:0 0 .3rem 1rem}
.badge{font-size:.75rem;border:1px solid var(--rule);border-radius:3px;padding:0 .3rem;color:var(--mute)}
.appendix p{margin:.2rem 0;font-size:.9rem}
.type{font-size:.72rem;border-radius:3px;padding:0 .25rem;margin-left:.2rem;white-space:nowrap;background:#eee9dc}
.t-same{background:#e3efe0}.t-differs{background:#f5dcd5}.t-overlaps{background:#efe8d4}
.t-narrower,.t-broader{background:#e2e8f0}
@media (max-width:48rem){.laws{grid-template-columns:1fr}body{padding:.6rem;font-size:17px}
table.index .wide{display:none}}
@media print{body{background:#fff;max-width:none;padding:0;font-size:10pt}
a{color:inherit;text-decoration:none}.laws{grid-template-columns:repeat(4,1fr)}
section.row{break-inside:avoid}nav.toc{break-after:page}.noprint{display:none}
@page{size:A4 landscape;margin:12mm}}
"""


def _html_concordance(d: _Data) -> str:
    # Anchors: each law at its first row, each cited case and note in the appendix.
    first_row = d.first_row
    all_cases = sorted((rid for rid, r in d.records.items() if r.type == "case"),
                       key=lambda s: int(s.rsplit("/", 1)[1]))
    note_ids = list(dict.fromkeys(n for row in d.rows for n in row.notes))
    anchors = set(first_row) | set(all_cases) | set(note_ids) | {f"row-{r.row}" for r in d.rows}
    d.anchors = anchors
    esc = html.escape
    n_links = len(d.links)
    out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>Concordance of the laws of whist</title>", f"<style>{_CSS}</style></head><body>",
           "<header><h1>Concordance of the laws of whist</h1>",
           '<p class="meta">The English code (91 laws), the revised English code, the American code '
           "of 1894 and the American laws of 1890, law by law: which law of one code governs the same "
           "thing as which law of another (a law may answer several), and how: "
           + ", ".join(f'<span class="type t-{t}">{t}</span>' for t in LINK_TYPES)
           + f"; with Drayson's decided cases, the differences, variant readings and commentary. "
           f"{len(d.rows)} rows, {n_links} links. Computed from the texts and the rules model, "
           "corrected where marked <span class=\"badge\">override</span>.</p></header>",
           '<nav class="toc"><h2>Index</h2><table class="index"><tr><th>Row</th><th>Topic</th>'
           + "".join(f'<th>{SHORT[c]}</th>' for c in CODES) + "</tr>"]
    for row in d.rows:
        cells = []
        for c in CODES:
            cells.append("<td>" + ", ".join(
                f'<a href="#{c}/{n}">{esc(n)}</a>' if first_row.get(f"{c}/{n}") == row.row
                else f'<a href="#row-{row.row}">{esc(n)}</a>' for n in row.numbers(c)) + "</td>")
        differs = any(x["type"] == "differs" for x in row.links)
        mark = ' <span class="type t-differs">differs</span>' if differs else ""
        out.append(f'<tr><td><a href="#row-{row.row}">{row.row}</a></td>'
                   f'<td>{esc(row.topic)}{mark}</td>{"".join(cells)}</tr>')
    out.append("</table></nav><main>")
    for row in d.rows:
        badge = ' <span class="badge">override</span>' if row.method == "override" else ""
        out.append(f'<section class="row" id="row-{row.row}"><h2>{row.row}. '
                   f'{esc(row.topic)}{badge} <span class="small">confidence {row.confidence:.2f}</span></h2>'
                   '<div class="laws">')
        for c in CODES:
            out.append(f'<div class="code"><h3>{CODE_LABEL[c]}</h3>')
            if not row.numbers(c):
                out.append(f'<p class="none">{linkify(esc(row.instead.get(c, "")), c, anchors)}</p>')
            for n in row.numbers(c):
                lid = f"{c}/{n}"
                first = first_row.get(lid) == row.row
                idattr = f' id="{lid}"' if first else ""
                stand = "".join(f' <span class="type t-{t}">{esc(PHRASE[t])} {esc(law_name(o))}</span>'
                                for t, o in standing(row, lid))
                also = "" if first else f' <span class="small">(also in row <a href="#row-{first_row[lid]}">{first_row[lid]}</a>)</span>'
                body = "".join(f"<p>{linkify(esc(p), c, anchors)}</p>" for p in _paras(d.text(lid)))
                out.append(f'<div class="law"{idattr}><a class="num" href="#{lid}">Law {esc(n)}</a>{stand}{also}{body}</div>')
            out.append("</div>")
        out.append("</div><dl class=\"ann\">")
        if shown_links(row):
            out.append("<dt>Links</dt><dd>" + "; ".join(
                f'<span class="type t-{x["type"]}">{esc(link_line(x))}</span>' for x in shown_links(row)) + "</dd>")
        if row.reason:
            out.append("<dt>Corrected by reading the codes</dt><dd>" + "<br>".join(
                linkify(link_ids(esc(r), anchors), 'english', anchors) for r in row.reason.split(" | ")) + "</dd>")
        if row.difference:
            out.append(f"<dt>Difference</dt><dd>{linkify(link_ids(esc(row.difference), anchors), 'english', anchors)}</dd>")
        if row.cases:
            out.append("<dt>Cases</dt><dd>" + "<br>".join(
                f'<a href="#drayson/case/{c["case"]}">Case {c["case"]}</a>: '
                f'{linkify(esc(c["decision"]), "english", anchors)}' for c in row.cases) + "</dd>")
        if row.variants:
            out.append("<dt>Variant readings</dt><dd>" + "<br>".join(
                f'{esc(v["law"])} ({esc(str(v.get("source") or ""))}): ' + "; ".join(
                    f'{esc(x.get("preferred", ""))} / {esc(x.get("variant", ""))}'
                    if isinstance(x, dict) else esc(str(x)) for x in v["differences"])
                for v in row.variants) + "</dd>")
        if row.notes:
            out.append("<dt>Notes</dt><dd>" + ", ".join(
                f'<a href="#{esc(n)}">{esc(n)}</a>' for n in row.notes) + "</dd>")
        out.append("</dl></section>")
    out.append('</main><section class="appendix"><h2>Drayson\'s decided cases</h2>')
    for cid in all_cases:
        r = d.records[cid]
        n = cid.rsplit("/", 1)[1]
        out.append(f'<p id="{cid}"><b>Case {n}.</b> {linkify(esc(" ".join(r.text.split())[:400]), "english", anchors)}'
                   f' <i>Decision:</i> {linkify(esc(one_line(r.decision or "")), "english", anchors)}</p>')
    out.append("<h2>Commentary and notes</h2>")
    for nid in note_ids:
        r = d.records.get(nid)
        if r:
            code = r.code if r.code in CODES else "english"
            out.append(f'<p id="{esc(nid)}"><b>{esc(nid)}</b>: {linkify(esc(" ".join(r.text.split())), code, anchors)}</p>')
    out.append("</section></body></html>")
    return "\n".join(out)


# --- concordance: md / csv / json ---------------------------------------------------------
def _md_concordance(d: _Data) -> str:
    out = ["# Concordance of the laws of whist", "",
           f"{len(d.rows)} rows, {len(d.links)} links between the laws of the English code, the revised "
           "English code, the American code of 1894 and the American laws of 1890. A link's type says "
           "how the first law stands to the second: " + ", ".join(LINK_TYPES) + ".", ""]
    seen: set[str] = set()
    for row in d.rows:
        out.append(f"## {row.row}. {row.topic}")
        out.append("")
        out.append(" | ".join(f"**{SHORT[c]}** {', '.join(row.numbers(c)) or '—'}" for c in CODES)
                   + f" | confidence {row.confidence:.2f} ({row.method})")
        out.append("")
        for c in CODES:
            if not row.numbers(c):
                out.append(f"> **{CODE_LABEL[c]}:** *{row.instead.get(c, '')}*")
                out.append(">")
            for n in row.numbers(c):
                lid = f"{c}/{n}"
                anchor = f'<a id="{lid}"></a>' if lid not in seen else ""
                seen.add(lid)
                stand = standing_text(row, lid)
                stand = f" *({stand})*" if stand else ""
                text = " ".join(d.text(lid).split())
                out.append(f"> {anchor}**{CODE_LABEL[c]}, Law {n}.**{stand} {text}")
                out.append(">")
        if out[-1] == ">":
            out.pop()
        out.append("")
        if shown_links(row):
            out.append("- *Links:* " + "; ".join(link_line(x) for x in shown_links(row)))
        for r in (row.reason.split(" | ") if row.reason else []):
            out.append(f"- *Corrected by reading the codes:* {r}")
        if row.difference:
            out.append(f"- *Difference:* {row.difference}")
        for c in row.cases:
            out.append(f"- *Case {c['case']}:* {c['decision']}")
        for v in row.variants:
            diffs = "; ".join(f"{x.get('preferred')} / {x.get('variant')}" if isinstance(x, dict) else str(x)
                              for x in v["differences"])
            out.append(f"- *Variant* ({v['law']}, {v.get('source')}): {diffs}")
        if row.notes:
            out.append(f"- *Notes:* {', '.join(row.notes)}")
        out.append("")
    return "\n".join(out)


CSV_COLUMNS = ["row", *CODES, "topic", "links", "instead", "confidence", "method", "cases",
               "difference", "variants", "notes", "reason"]


def _csv_concordance(d: _Data) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for row in d.rows:
        w.writerow([row.row, *["; ".join(row.numbers(c)) for c in CODES], row.topic,
                    "; ".join(f"{x['a']} {x['type']} {x['b']}" for x in row.links),
                    " | ".join(f"{c}: {t}" for c, t in row.instead.items()),
                    row.confidence, row.method,
                    " | ".join(f"{c['case']}: {c['decision']}" for c in row.cases),
                    row.difference,
                    json.dumps(row.variants, ensure_ascii=False) if row.variants else "",
                    "; ".join(row.notes), "" if row.reason is None else row.reason])
    return buf.getvalue()


def _json_concordance(d: _Data) -> str:
    return json.dumps({"codes": list(CODES), "link_types": list(LINK_TYPES), "links": d.links,
                       "rows": [r.as_dict() for r in d.rows]}, ensure_ascii=False, indent=1)


# --- concordance: pdf ---------------------------------------------------------------------
class _Writer:
    """Paragraphs for fpdf2, broken into lines here (fpdf2's own line breaking measures the whole
    paragraph again for every character: seconds for this document), one cell per line."""

    def __init__(self, pdf, family: str, t):
        self.pdf, self.family, self.t = pdf, family, t
        self.widths: dict[tuple, float] = {}

    def font(self, style: str, size: float) -> None:
        self.pdf.set_font(self.family, style, size)
        self.key = (style, size)

    def _w(self, word: str) -> float:
        k = (self.key, word)
        if k not in self.widths:
            self.widths[k] = self.pdf.get_string_width(word)
        return self.widths[k]

    def para(self, h: float, text: str, indent: float = 0.0) -> None:
        pdf = self.pdf
        width = pdf.w - pdf.l_margin - pdf.r_margin - indent
        space = self._w(" ")
        line: list[str] = []
        used = 0.0
        lines = []
        for word in self.t(" ".join(text.split())).split(" "):
            ww = self._w(word)
            if line and used + space + ww > width:
                lines.append(" ".join(line))
                line, used = [word], ww
            else:
                used += (space if line else 0) + ww
                line.append(word)
        lines.append(" ".join(line))
        for ln in lines:
            if indent:
                pdf.set_x(pdf.l_margin + indent)
            pdf.cell(width, h, ln, new_x="LMARGIN", new_y="NEXT")


def _pdf_concordance(d: _Data) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(True, margin=14)
    pdf.set_margins(14, 14, 14)
    unicode_font = (FONT_DIR / "DejaVuSerif.ttf").exists() and (FONT_DIR / "DejaVuSerif-Bold.ttf").exists()
    if unicode_font:
        pdf.add_font("body", "", str(FONT_DIR / "DejaVuSerif.ttf"))
        pdf.add_font("body", "B", str(FONT_DIR / "DejaVuSerif-Bold.ttf"))
        italic = FONT_DIR / "DejaVuSerif-Italic.ttf"
        pdf.add_font("body", "I", str(italic if italic.exists() else FONT_DIR / "DejaVuSerif.ttf"))
        family = "body"

        def t(s: str) -> str:
            return s
    else:
        family = "Times"

        def t(s: str) -> str:
            s = (s.replace("—", "-").replace("–", "-").replace("’", "'").replace("‘", "'")
                 .replace("“", '"').replace("”", '"').replace("…", "..."))
            return s.encode("latin-1", "replace").decode("latin-1")
    w = _Writer(pdf, family, t)
    pdf.set_title("Concordance of the laws of whist")
    pdf.add_page()
    w.font("B", 16)
    w.para(8, "Concordance of the laws of whist")
    w.font("", 9)
    w.para(4.5, f"{len(d.rows)} rows. The laws of the English club code beside those of the revised "
                "English code, the American code of 1894 and the American laws of 1890 that govern the "
                "same thing (one law may answer several), each marked with how it stands to the "
                "English law: the same as, says part of, says more than, overlaps, or differs from it. "
                "Where a code has no law on the matter, the row says what it does instead. With "
                "Drayson's cases, the differences between the codes, variant readings and commentary.")
    pdf.ln(2)
    for row in d.rows:
        if pdf.get_y() > pdf.h - 40:
            pdf.add_page()
        pdf.set_draw_color(180, 170, 150)
        pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
        pdf.ln(1)
        w.font("B", 10.5)
        w.para(5, f"{row.row}. {row.topic}")
        w.font("", 8)
        w.para(4, "   ".join(f"{SHORT[c]} {', '.join(row.numbers(c)) or '—'}" for c in CODES))
        for c in CODES:
            if not row.numbers(c):
                w.font("B", 8.5)
                w.para(4, CODE_LABEL[c])
                w.font("I", 8.5)
                w.para(4, row.instead.get(c, ""), indent=3)
            for n in row.numbers(c):
                lid = f"{c}/{n}"
                stand = standing_text(row, lid)
                w.font("B", 8.5)
                w.para(4, f"{CODE_LABEL[c]}, Law {n}" + (f" — {stand}" if stand else ""))
                w.font("", 8.5)
                w.para(4, d.text(lid), indent=3)
        w.font("I", 8)
        if row.difference:
            w.para(4, "Difference: " + row.difference)
        for r in (row.reason.split(" | ") if row.reason else []):
            w.para(4, "Corrected by reading the codes: " + r)
        for cs in row.cases:
            w.para(4, f"Case {cs['case']}: {cs['decision']}")
        for v in row.variants:
            diffs = "; ".join(f"{x.get('preferred')} / {x.get('variant')}" if isinstance(x, dict) else str(x)
                              for x in v["differences"])
            w.para(4, f"Variant ({v['law']}): {diffs}")
        if row.notes:
            w.para(4, "Notes: " + ", ".join(row.notes))
        pdf.ln(1.5)
    return bytes(pdf.output())


# --- records ------------------------------------------------------------------------------
RECORD_COLUMNS = ["id", "type", "code", "number", "heading", "text", "raw", "source", "line_start",
                  "line_end", "parent", "cites", "decision", "label", "page", "title", "variants", "extra"]


def _records_jsonl(store) -> str:
    return "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in store.all())


def _records_csv(store) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(RECORD_COLUMNS)
    for r in store.all():
        d = r.to_dict()
        w.writerow([json.dumps(d[c], ensure_ascii=False) if c in ("cites", "variants", "extra")
                    else ("" if d[c] is None else d[c]) for c in RECORD_COLUMNS])
    return buf.getvalue()


# --- entry points -------------------------------------------------------------------------
def render(store, what: str, fmt: str) -> bytes:
    """The export as bytes (UTF-8 for text formats)."""
    fmt = (fmt or "").lower()
    if fmt not in formats(what):
        raise ExportError(f"{what} cannot be exported as {fmt!r}: one of {', '.join(formats(what))}")
    if what == "records":
        text = _records_jsonl(store) if fmt == "jsonl" else _records_csv(store)
        return text.encode("utf-8")
    d = _Data(store)
    if not d.rows:
        raise ExportError("the knowledge base has no concordance — run `whist ingest` to rebuild it")
    if fmt == "pdf":
        return _pdf_concordance(d)
    text = {"html": _html_concordance, "md": _md_concordance, "csv": _csv_concordance,
            "json": _json_concordance}[fmt](d)
    return text.encode("utf-8")


def _write_chunks(fh, data: bytes, size: int = 1 << 16) -> None:
    for i in range(0, len(data), size):
        fh.write(data[i:i + size])


def write_atomic(path: Path, data: bytes) -> Path:
    """Write data to path via a temporary file in the same directory and os.replace: a failure
    leaves any previous file untouched and no partial file behind."""
    path = Path(path)
    if path.is_dir():
        raise ExportError(f"{path} is a directory: give a file name")
    if path.is_symlink() or (path.exists() and not path.is_file()):
        # A device (/dev/null, /dev/stdout), FIFO or link is written into as it is: replacing
        # it with a file would destroy it (as root, a device node).
        try:
            with open(path, "wb") as fh:
                _write_chunks(fh, data)
        except OSError as e:
            raise ExportError(f"cannot write {path}: {e.strerror or e}") from None
        return path
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise ExportError(f"no such directory: {directory}")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            _write_chunks(fh, data)
            fh.flush()
            os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)      # mkstemp makes 0600; an export is an ordinary file
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def export(store, what: str, fmt: str, path: Path | None) -> Path | None:
    """Write the export to path (atomically), or to stdout for a text format when path is None."""
    fmt = (fmt or "").lower()
    if fmt not in formats(what):
        raise ExportError(f"{what} cannot be exported as {fmt!r}: one of {', '.join(formats(what))}")
    if path is None and fmt not in TEXT_FORMATS:
        raise ExportError(f"{fmt} is a binary format: give an output file with -o FILE")
    data = render(store, what, fmt)
    if path is None:
        out = sys.stdout.buffer
        out.write(data)
        out.flush()
        return None
    try:
        return write_atomic(Path(path), data)
    except OSError as e:
        raise ExportError(f"cannot write {path}: {e}") from e
