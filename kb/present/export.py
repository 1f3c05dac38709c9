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
from kb.present.concordance import CODES, law_ids, load_rows

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
    """Rows plus the texts they point at, read once from the store."""

    def __init__(self, store):
        self.rows = load_rows(store)
        self.records = {r.id: r for r in store.all()}
        self.anchors: set[str] = set()

    def text(self, rid: str) -> str:
        r = self.records.get(rid)
        return r.text if r else ""


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
@media (max-width:48rem){.laws{grid-template-columns:1fr}body{padding:.6rem;font-size:17px}
table.index .wide{display:none}}
@media print{body{background:#fff;max-width:none;padding:0;font-size:10pt}
a{color:inherit;text-decoration:none}.laws{grid-template-columns:repeat(4,1fr)}
section.row{break-inside:avoid}nav.toc{break-after:page}.noprint{display:none}
@page{size:A4 landscape;margin:12mm}}
"""


def _html_concordance(d: _Data) -> str:
    # Anchors: each law at its first row, each cited case and note in the appendix.
    first_row: dict[str, int] = {}
    for row in d.rows:
        for lid in law_ids(row):
            first_row.setdefault(lid, row["row"])
    all_cases = sorted((rid for rid, r in d.records.items() if r.type == "case"),
                       key=lambda s: int(s.rsplit("/", 1)[1]))
    note_ids = list(dict.fromkeys(n for row in d.rows for n in row["notes"]))
    anchors = set(first_row) | set(all_cases) | set(note_ids) | {f"row-{r['row']}" for r in d.rows}
    d.anchors = anchors
    esc = html.escape
    out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>Concordance of the laws of whist</title>", f"<style>{_CSS}</style></head><body>",
           "<header><h1>Concordance of the laws of whist</h1>",
           '<p class="meta">The English code (91 laws) aligned with the revised English code, the '
           "American code of 1894 and the American laws of 1890; with Drayson's decided cases, "
           "the differences between the codes, variant readings and commentary. "
           f"{len(d.rows)} rows. Alignment computed from the texts, corrected where marked "
           "<span class=\"badge\">override</span>.</p></header>",
           '<nav class="toc"><h2>Index</h2><table class="index"><tr><th>Row</th>'
           + "".join(f'<th>{SHORT[c]}</th>' for c in CODES) + '<th class="wide">Topic</th></tr>']
    for row in d.rows:
        cells = []
        for c in CODES:
            cells.append("<td>" + ", ".join(
                f'<a href="#{c}/{n}">{esc(n)}</a>' if first_row.get(f"{c}/{n}") == row["row"]
                else f'<a href="#row-{first_row[f"{c}/{n}"]}">{esc(n)}</a>' for n in row[c]) + "</td>")
        out.append(f'<tr><td><a href="#row-{row["row"]}">{row["row"]}</a></td>{"".join(cells)}'
                   f'<td class="wide">{esc(row["topic"])}</td></tr>')
    out.append("</table></nav><main>")
    for row in d.rows:
        badge = ' <span class="badge">override</span>' if row["method"] == "override" else ""
        out.append(f'<section class="row" id="row-{row["row"]}"><h2>{row["row"]}. '
                   f'{esc(row["topic"])}{badge} <span class="small">confidence {row["confidence"]:.2f}</span></h2>'
                   '<div class="laws">')
        for c in CODES:
            out.append(f'<div class="code"><h3>{CODE_LABEL[c]}</h3>')
            if not row[c]:
                out.append('<p class="none">no counterpart</p>')
            for n in row[c]:
                lid = f"{c}/{n}"
                idattr = f' id="{lid}"' if first_row.get(lid) == row["row"] else ""
                body = "".join(f"<p>{linkify(esc(p), c, anchors)}</p>" for p in _paras(d.text(lid)))
                out.append(f'<div class="law"{idattr}><a class="num" href="#{lid}">Law {esc(n)}</a>{body}</div>')
            out.append("</div>")
        out.append("</div><dl class=\"ann\">")
        if row.get("reason"):
            out.append(f"<dt>Override</dt><dd>{linkify(esc(row['reason']), 'english', anchors)}</dd>")
        if row["difference"]:
            out.append(f"<dt>Difference</dt><dd>{linkify(link_ids(esc(row['difference']), anchors), 'english', anchors)}</dd>")
        if row["cases"]:
            out.append("<dt>Cases</dt><dd>" + "<br>".join(
                f'<a href="#drayson/case/{c["case"]}">Case {c["case"]}</a>: '
                f'{linkify(esc(c["decision"]), "english", anchors)}' for c in row["cases"]) + "</dd>")
        if row["variants"]:
            out.append("<dt>Variant readings</dt><dd>" + "<br>".join(
                f'{esc(v["law"])} ({esc(str(v.get("source") or ""))}): ' + "; ".join(
                    f'{esc(x.get("preferred", ""))} / {esc(x.get("variant", ""))}'
                    if isinstance(x, dict) else esc(str(x)) for x in v["differences"])
                for v in row["variants"]) + "</dd>")
        if row["notes"]:
            out.append("<dt>Notes</dt><dd>" + ", ".join(
                f'<a href="#{esc(n)}">{esc(n)}</a>' for n in row["notes"]) + "</dd>")
        out.append("</dl></section>")
    out.append('</main><section class="appendix"><h2>Drayson\'s decided cases</h2>')
    for cid in all_cases:
        r = d.records[cid]
        from kb.present.concordance import one_line
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
           f"{len(d.rows)} rows: English code aligned with the revised English code, the American code "
           "of 1894 and the American laws of 1890.", ""]
    seen: set[str] = set()
    for row in d.rows:
        out.append(f"## {row['row']}. {row['topic']}")
        out.append("")
        out.append(" | ".join(f"**{SHORT[c]}** {', '.join(row[c]) or '—'}" for c in CODES)
                   + f" | confidence {row['confidence']:.2f} ({row['method']})")
        out.append("")
        for c in CODES:
            for n in row[c]:
                lid = f"{c}/{n}"
                anchor = f'<a id="{lid}"></a>' if lid not in seen else ""
                seen.add(lid)
                text = " ".join(d.text(lid).split())
                out.append(f"> {anchor}**{CODE_LABEL[c]}, Law {n}.** {text}")
                out.append(">")
        if out[-1] == ">":
            out.pop()
        out.append("")
        if row.get("reason"):
            out.append(f"- *Override:* {row['reason']}")
        if row["difference"]:
            out.append(f"- *Difference:* {row['difference']}")
        for c in row["cases"]:
            out.append(f"- *Case {c['case']}:* {c['decision']}")
        for v in row["variants"]:
            diffs = "; ".join(f"{x.get('preferred')} / {x.get('variant')}" if isinstance(x, dict) else str(x)
                              for x in v["differences"])
            out.append(f"- *Variant* ({v['law']}, {v.get('source')}): {diffs}")
        if row["notes"]:
            out.append(f"- *Notes:* {', '.join(row['notes'])}")
        out.append("")
    return "\n".join(out)


CSV_COLUMNS = ["row", *CODES, "topic", "confidence", "method", "cases", "difference", "variants",
               "notes", "reason"]


def _csv_concordance(d: _Data) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for row in d.rows:
        w.writerow([row["row"], *["; ".join(row[c]) for c in CODES], row["topic"], row["confidence"],
                    row["method"],
                    " | ".join(f"{c['case']}: {c['decision']}" for c in row["cases"]),
                    row["difference"],
                    json.dumps(row["variants"], ensure_ascii=False) if row["variants"] else "",
                    "; ".join(row["notes"]), row.get("reason", "")])
    return buf.getvalue()


def _json_concordance(d: _Data) -> str:
    return json.dumps({"codes": list(CODES), "rows": d.rows}, ensure_ascii=False, indent=1)


# --- concordance: pdf ---------------------------------------------------------------------
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
    def para(h: float, text: str) -> None:
        pdf.multi_cell(0, h, text, new_x="LMARGIN", new_y="NEXT")

    pdf.set_title("Concordance of the laws of whist")
    pdf.add_page()
    pdf.set_font(family, "B", 16)
    para(8, t("Concordance of the laws of whist"))
    pdf.set_font(family, "", 9)
    para(4.5, t(f"{len(d.rows)} rows. The English code aligned with the revised English code, "
                             "the American code of 1894 and the American laws of 1890, with Drayson's cases, "
                             "the differences between the codes, variant readings and commentary."))
    pdf.ln(2)
    for row in d.rows:
        if pdf.get_y() > pdf.h - 40:
            pdf.add_page()
        pdf.set_draw_color(180, 170, 150)
        pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
        pdf.ln(1)
        pdf.set_font(family, "B", 10.5)
        mark = " [override]" if row["method"] == "override" else ""
        para(5, t(f"{row['row']}. {row['topic']}{mark}"))
        pdf.set_font(family, "", 8)
        para(4, t("   ".join(f"{SHORT[c]} {', '.join(row[c]) or '-'}" for c in CODES)
                               + f"   confidence {row['confidence']:.2f}"))
        for c in CODES:
            for n in row[c]:
                pdf.set_font(family, "B", 8.5)
                para(4, t(f"{CODE_LABEL[c]}, Law {n}"))
                pdf.set_font(family, "", 8.5)
                para(4, t(" ".join(d.text(f"{c}/{n}").split())))
        pdf.set_font(family, "I", 8)
        if row["difference"]:
            para(4, t("Difference: " + row["difference"]))
        for cs in row["cases"]:
            para(4, t(f"Case {cs['case']}: {cs['decision']}"))
        for v in row["variants"]:
            diffs = "; ".join(f"{x.get('preferred')} / {x.get('variant')}" if isinstance(x, dict) else str(x)
                              for x in v["differences"])
            para(4, t(f"Variant ({v['law']}): {diffs}"))
        if row["notes"]:
            para(4, t("Notes: " + ", ".join(row["notes"])))
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
