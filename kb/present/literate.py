"""The laws beside the code that models them (a literate view, like Catala's): for each law of
each code, in book order, its text, then the source of every rule that names it (file:line),
then the rule examples that exercise it; a law no rule models says why (coverage.yaml).  The
rules whose authority is not a numbered law (Drayson's decisions, the custom he reports) follow,
each with its case.

    render(store, "html" | "md") -> str
    export(store, fmt, path | None)      # `whist export rules --format html|md [-o FILE]`

A rule stacked on several laws (the same text under two codes) is printed once, at its first
law; later laws link back to it.
"""
from __future__ import annotations

import html
import inspect
import sys
from dataclasses import dataclass, field
from pathlib import Path

from kb.codes import NAMES as CODE_NAMES, ORDER as CODES
from kb.present.export import ExportError, write_atomic
from kb.rules import trace
from kb.rules.core import REGISTRY
from kb.rules.coverage import coverage_report
from kb.rules.scenarios import entry_text

FORMATS = ("html", "md")
LAW_LIKE = ("law", "etiquette", "dummy", "double-dummy")


@dataclass
class Rule:
    name: str
    law: str                 # the rule's own id (a section, a label)
    file: str
    line: int
    source: str              # the function with its @law decorators
    anchor: str              # where it is printed in full
    first: bool              # printed in full here (else a link to ``anchor``)


@dataclass
class Entry:
    id: str
    title: str
    text: str
    rules: list[Rule] = field(default_factory=list)
    examples: list[dict] = field(default_factory=list)      # citing the law: shown in full
    also: list[str] = field(default_factory=list)           # other examples passing through it
    not_modelled: str = ""


@dataclass
class Part:
    title: str
    anchor: str
    entries: list[Entry]


def _example_yaml(ex: dict) -> str:
    """The example as it stands in kb/rules/examples/ (the OpenFisca shape)."""
    return entry_text(ex)


def parts(store) -> list[Part]:
    """The book: one part per code, then the other authorities."""
    rep = coverage_report()
    printed: dict[int, str] = {}        # id(fn) -> anchor of its full print

    def rules(law_id: str) -> list[Rule]:
        out = []
        by_fn = {(r.name, r.id): r for r in REGISTRY}
        for r in trace.rules_for_law(law_id):
            fn = by_fn[(r["rule"], r["law"])].fn
            first = id(fn) not in printed
            if first:
                printed[id(fn)] = f"rule-{r['rule']}"
            out.append(Rule(r["rule"], r["law"], r["file"], r["line"],
                            inspect.getsource(fn).rstrip("\n"), printed[id(fn)], first))
        return out

    def entry(rid: str, title: str, text: str, reason: str = "") -> Entry:
        exs = trace.examples_for_law(rid)
        return Entry(rid, title, text, rules(rid), [e for e in exs if e["cites_law"]],
                     [e["name"] for e in exs if not e["cites_law"]], reason)

    out = []
    records = [r for r in store.all() if r.type in LAW_LIKE]
    for code in CODES:
        entries = []
        for r in (r for r in records if r.code == code):
            number = r.id.split("/", 1)[1]
            title = r.id + (f" — {r.heading}" if r.heading else "")
            entries.append(entry(r.id, title, r.text, rep["not_modelled"].get(code, {}).get(number, "")))
        out.append(Part(f"{CODE_NAMES.get(code, code)}", f"code-{code}", entries))
    others = []
    for rid in dict.fromkeys(r.id for r in REGISTRY if r.provenance.source not in CODES):
        rec = store.get(rid)
        text = (rec.text + (f"\n\n{rec.label or 'Decision'}. — {rec.decision}" if rec.decision else "")) if rec \
            else "(no text in the knowledge base: a custom or reading Drayson reports)"
        others.append(entry(rid, rid + (f" — {rec.heading}" if rec and rec.heading else ""), text))
    out.append(Part("Other authorities: Drayson's decisions and customs", "other", others))
    return out


# --- markdown ----------------------------------------------------------------------------
def _md(book: list[Part]) -> str:
    lines = ["# The laws of whist beside the rules that model them", "",
             "Each law's text, then the source of every rule that names it (file:line), then the "
             "rule examples (Drayson's cases as facts and the published decision) that exercise it.",
             ""]
    lines += [f"- [{p.title}](#{p.anchor})" for p in book] + [""]
    for p in book:
        lines += [f'<a id="{p.anchor}"></a>', "", f"## {p.title}", ""]
        for e in p.entries:
            lines += [f'<a id="{e.id}"></a>', "", f"### {e.title}", ""]
            lines += ["> " + line if line else ">" for line in e.text.splitlines()] + [""]
            if not e.rules:
                lines += [f"*Not modelled{': ' + e.not_modelled if e.not_modelled else '.'}*", ""]
            for r in e.rules:
                where = f"`{r.name}` ({r.file}:{r.line})" + (f", as {r.law}" if r.law != e.id else "")
                if r.first:
                    lines += [f'<a id="{r.anchor}"></a>', "", f"Modelled by {where}:", "", "```python",
                              r.source, "```", ""]
                else:
                    lines += [f"Modelled by {where}, printed [above](#{r.anchor}).", ""]
            if e.examples:
                lines += [f"Examples citing it ({len(e.examples)}):", "", "```yaml"]
                lines += ["\n".join(_example_yaml(x) for x in e.examples).rstrip("\n"), "```", ""]
            if e.also:
                lines += ["Also exercised by: " + ", ".join(f"`{n}`" for n in e.also), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


# --- html --------------------------------------------------------------------------------
_CSS = """
body{margin:0 auto;max-width:60rem;padding:1rem;font:16px/1.45 Georgia,"Times New Roman",serif;
color:#1b1b1b;background:#fffdf8}
h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:2px solid #c9c2b3;margin-top:2rem}
h3{font-size:1.05rem;margin:1.4rem 0 .3rem}a{color:#7a2e1d}
section.law{border-top:1px solid #c9c2b3}
blockquote{margin:.3rem 0 .6rem 0;padding:.1rem .8rem;border-left:3px solid #c9c2b3}
blockquote p{margin:.3rem 0}
pre{background:#f4f1ea;padding:.5rem;overflow-x:auto;font-size:.8rem;line-height:1.3}
.rule,.none,.also{font-size:.9rem;color:#5b5b5b}.none{font-style:italic}
@media print{body{background:#fff;max-width:none;font-size:10pt}pre{white-space:pre-wrap}}
"""


def _html(book: list[Part]) -> str:
    e_ = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>The laws of whist beside the rules that model them</title>",
           f"<style>{_CSS}</style></head><body>",
           "<h1>The laws of whist beside the rules that model them</h1>",
           "<p>Each law's text, then the source of every rule that names it (file:line), then the "
           "rule examples (Drayson's cases as facts and the published decision) that exercise it.</p>",
           '<nav class="toc"><ul>'
           + "".join(f'<li><a href="#{e_(p.anchor)}">{e_(p.title)}</a> ({len(p.entries)})</li>' for p in book)
           + "</ul></nav>"]
    for p in book:
        out.append(f'<h2 id="{e_(p.anchor)}">{e_(p.title)}</h2>')
        for e in p.entries:
            out.append(f'<section class="law" id="{e_(e.id)}"><h3>{e_(e.title)}</h3>')
            paras = [x.strip() for x in e.text.split("\n\n") if x.strip()]
            out.append("<blockquote>" + "".join(f"<p>{e_(x)}</p>" for x in paras) + "</blockquote>")
            if not e.rules:
                out.append(f'<p class="none">Not modelled{": " + e_(e.not_modelled) if e.not_modelled else "."}</p>')
            for r in e.rules:
                where = (f"<code>{e_(r.name)}</code> ({e_(r.file)}:{r.line})"
                         + (f", as {e_(r.law)}" if r.law != e.id else ""))
                if r.first:
                    out.append(f'<p class="rule" id="{e_(r.anchor)}">Modelled by {where}:</p>'
                               f'<pre><code class="language-python">{e_(r.source)}</code></pre>')
                else:
                    out.append(f'<p class="rule">Modelled by {where}, printed '
                               f'<a href="#{e_(r.anchor)}">above</a>.</p>')
            if e.examples:
                shown = "\n".join(_example_yaml(x) for x in e.examples)
                out.append(f'<p class="rule">Examples citing it ({len(e.examples)}):</p>'
                           f'<pre><code class="language-yaml">{e_(shown)}</code></pre>')
            if e.also:
                out.append('<p class="also">Also exercised by: ' + ", ".join(e_(n) for n in e.also) + "</p>")
            out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def render(store, fmt: str) -> str:
    fmt = (fmt or "").lower()
    if fmt not in FORMATS:
        raise ExportError(f"rules cannot be exported as {fmt!r}: one of {', '.join(FORMATS)}")
    book = parts(store)
    if not any(p.entries for p in book[:-1]):
        raise ExportError("the knowledge base has no laws — run `whist ingest` to build it")
    return _html(book) if fmt == "html" else _md(book)


def export(store, fmt: str, path: Path | None) -> Path | None:
    """Write the literate view to path (atomically), or to stdout when path is None."""
    data = render(store, fmt).encode("utf-8")
    if path is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return None
    try:
        return write_atomic(Path(path), data)
    except OSError as e:
        raise ExportError(f"cannot write {path}: {e}") from e
