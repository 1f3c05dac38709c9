"""`whist` — the command line. Fast lookups (law, case, stats, dump) never load the model.

    whist ingest                      build or refresh the knowledge base
    whist stats --json                counts
    whist law english 72 [--json]     a law with its sections, what it cites, what cites it
    whist case 93 [--json]            a decided case
    whist dump --json                 every record, one JSON object per line
    whist ask "QUESTION" [--json]     answer a question;  --batch FILE.jsonl for many
    whist eval --questions FILE       retrieval and verdict metrics, BM25 vs dense vs hybrid
    whist bench                       latency / build benchmarks
    whist rules check|coverage        the formal model of the laws
    whist export concordance|records  exports
    whist serve [--port N]            the web page (ingests first if needed)
"""
from __future__ import annotations

import argparse
import json
import re
import os
import sys
from pathlib import Path

from kb.store import database as kbstore
from kb.cli.session import UserError, answerer, data_dir, open_store, print_json, read_batch
from kb.codes import ORDER as CODES, from_alias


# --- ingest / stats / lookups -----------------------------------------------------------
def cmd_ingest(args) -> int:
    from ingest.corpus import DEFAULT_CORPUS, CorpusError
    from kb.cli.build import build
    try:
        report = build(data_dir(args), Path(args.corpus) if args.corpus else DEFAULT_CORPUS,
                       progress=not args.quiet)
    except CorpusError as e:
        raise UserError(f"{e}\nThe previous knowledge base (if any) is unchanged.")
    for w in report.warnings:
        print(f"warning: {w}", file=sys.stderr)
    c = report.counts
    print(f"built {report.path} in {report.seconds:.1f}s "
          f"(embedded {report.embedded}, reused {report.reused} vectors)")
    print("laws: " + ", ".join(f"{k} {v}" for k, v in c["laws"].items()))
    print(f"cases {c['cases']}, tests {c['tests']}, sections {c['sections']}, "
          f"commentary {c['commentary']}, notes {c['notes']}, records {c['records']}, "
          f"citations {c['citations']}, warnings {len(report.warnings)}")
    return 0


def cmd_stats(args) -> int:
    kb = open_store(args)
    counts = kb.counts()
    counts["built_at"] = kb.meta().get("built_at")
    if args.json:
        print_json(counts)
    else:
        for k, v in counts.items():
            print(f"{k:12} {v}")
    return 0


def record_view(kb: kbstore.Store, rid: str) -> dict:
    rec = kb.get(rid)
    d = rec.to_dict()
    d["sections"] = [s.to_dict() for s in kb.children(rid) if s.type == "section"]
    d["notes"] = [s.to_dict() for s in kb.children(rid) if s.type != "section"]
    d["cited_by"] = kb.cited_by(rid)
    return d


def _print_record(view: dict) -> None:
    title = view["id"] + (f" — {view['heading']}" if view.get("heading") else "")
    print(title)
    print("=" * len(title))
    print(view["text"])
    if view.get("decision"):
        print(f"\n{view.get('label') or 'Decision'}. — {view['decision']}")
    for n in view["notes"]:
        print(f"\n[{n['type']} {n['id']}] {n['text']}")
    for v in view.get("variants", []):
        for d in v.get("differences", []):
            print(f"\nvariant ({v['source']}): {d['variant']}  /  here: {d['preferred']}")
    print(f"\ncites: {', '.join(view['cites']) or '—'}")
    print(f"cited by: {', '.join(view['cited_by']) or '—'}")
    print(f"source: {view['source']}, lines {view['line_start']}-{view['line_end']}"
          + (f", page {view['page']}" if view.get("page") else ""))


def cmd_law(args) -> int:
    kb = open_store(args)
    code = from_alias(args.code)
    if code is None:
        raise UserError(f"unknown code {args.code!r}: choose one of {', '.join(CODES)}")
    # "72", "12A" -> "12a"; "etiquette/iii" -> "etiquette/III" (roman parts upper-case)
    number = "/".join(p.upper() if re.fullmatch(r"[ivxIVX]+", p) else p.lower()
                      for p in args.number.strip().rstrip(".").split("/"))
    rid = f"{code}/{number}"
    if args.section:
        rid += "/" + args.section.upper()
    if kb.get(rid) is None:
        from kb.retrieval.resolver import Resolver
        near = Resolver.from_store(kb).nearest_law(code, number)
        raise UserError(f"{rid} does not exist ({code} has laws "
                        f"{kb.law_numbers(code)[0]}-{kb.law_numbers(code)[-1]}); "
                        f"nearest: {', '.join(near)}")
    view = record_view(kb, rid)
    print_json(view) if args.json else _print_record(view)
    return 0


def cmd_case(args) -> int:
    kb = open_store(args)
    kind = "test" if args.test else "case"
    rid = f"drayson/{kind}/{args.number}"
    if kb.get(rid) is None:
        top = 25 if args.test else 154
        raise UserError(f"there is no {kind} {args.number}: Drayson's {kind}s run from 1 to {top}")
    view = record_view(kb, rid)
    print_json(view) if args.json else _print_record(view)
    return 0


def dump_row(rec) -> dict:
    row = {"id": rec.id, "type": rec.type, "code": rec.code, "heading": rec.heading,
           "text": rec.text, "cites": rec.cites,
           "source": {"file": rec.source, "lines": [rec.line_start, rec.line_end], "page": rec.page}}
    if rec.type in ("law", "section", "etiquette", "dummy", "double-dummy"):
        row["law"] = rec.number if rec.type == "law" else rec.id.split("/", 1)[1]
    if rec.type in ("case", "test"):
        row["case" if rec.type == "case" else "test"] = int(rec.number)
        row["decision"] = rec.decision
        row["label"] = rec.label
    if rec.parent:
        row["parent"] = rec.parent
    return row


def cmd_dump(args) -> int:
    kb = open_store(args)
    for rec in kb.all():
        print_json(dump_row(rec)) if args.json else print(f"{rec.id}\t{rec.type}\t{rec.heading}")
    return 0


# --- ask / eval / bench -----------------------------------------------------------------
def parse_facts(items: list[str]) -> dict:
    """["revoke.trick_turned_and_quitted=yes", "score.AB=3"] -> {path: value}; yes/no are
    booleans, digits numbers."""
    from kb.rules.situation import parse_fact_value
    out = {}
    for item in items:
        path, sep, value = item.partition("=")
        if not sep or not path.strip():
            raise UserError(f"--fact {item!r}: expected PATH=VALUE, e.g. revoke.trick_turned_and_quitted=yes")
        out[path.strip()] = parse_fact_value(value)
    return out


def cmd_ask(args) -> int:
    if not args.batch and args.question is None:
        raise UserError("give a question, or --batch FILE.jsonl")
    ans = answerer(args)
    rows = read_batch(args.batch) if args.batch else [{"id": None, "question": args.question}]
    given = parse_facts(args.fact or [])
    for row in rows:
        out = ans.ask(row["question"], row["id"], facts=given)
        if args.json:
            print_json(out)
        else:
            print(out["answer"])
            if out["laws"]:
                print("\nlaws: " + ", ".join(f"{l['code']}/{l['law']} ({l['score']:.2f})"
                                             for l in out["laws"][:5]))
            if out["cases"]:
                print("cases: " + ", ".join(f"{c['case']} ({c['score']:.2f})" for c in out["cases"][:5]))
            print(f"checker: {out['checker']['status']}   verdict: {out['verdict']}")
            if len(rows) > 1:
                print("-" * 60)
    return 0


def cmd_eval(args) -> int:
    from kb.cli import evaluation
    ans = answerer(args)
    report = evaluation.run(ans, evaluation.load(args.questions))
    if args.json:
        print_json(report)
    else:
        print(evaluation.table(report))
    return 0


def cmd_bench(args) -> int:
    from kb.cli import benchmark
    if args.what == "build":
        report = benchmark.build_bench(data_dir(args))
    else:
        report = benchmark.query_bench(args, args.questions)
    if args.json:
        print_json(report)
    else:
        print(benchmark.format_report(report))
    return 0


def cmd_serve(args) -> int:
    import subprocess
    from kb.cli.build import build, is_current
    if not is_current(data_dir(args)):
        print("knowledge base missing or out of date — ingesting first", file=sys.stderr)
        build(data_dir(args))
    app = Path(__file__).resolve().parents[2] / "app" / "streamlit_app.py"
    env = dict(os.environ, WHIST_DATA=str(data_dir(args)))
    cmd = [sys.executable, "-m", "streamlit", "run", str(app), "--server.port", str(args.port),
           "--server.headless", "true", "--browser.gatherUsageStats", "false",
           "--client.toolbarMode", "minimal"]
    return subprocess.call(cmd, env=env)


def cmd_export(args) -> int:
    from kb.present import export
    kb = open_store(args)
    try:
        path = export.export(kb, args.what, args.format, Path(args.output) if args.output else None)
    except export.ExportError as e:
        raise UserError(str(e))
    print(f"wrote {path}" if path else "", file=sys.stderr)
    return 0


# --- parser ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="whist", description="The laws of whist: a cited reference.",
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__)
    p.add_argument("--data", help="knowledge-base directory (default: $WHIST_DATA or ./data)")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("ingest", help="build or refresh the knowledge base")
    s.add_argument("--corpus", help="corpus directory (default: the project's corpus/)")
    s.add_argument("--quiet", action="store_true", help="no progress bars")
    s.set_defaults(func=cmd_ingest)

    s = sub.add_parser("stats", help="counts of laws, cases, tests ...")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_stats)

    s = sub.add_parser("law", help="show a law: whist law english 72 [--section IV]")
    s.add_argument("code", help="english | revised | american | 1890 (or a full code id)")
    s.add_argument("number")
    s.add_argument("--section")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_law)

    s = sub.add_parser("case", help="show one of Drayson's decided cases (or --test N)")
    s.add_argument("number", type=int)
    s.add_argument("--test", action="store_true", help="a test question instead of a case")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_case)

    s = sub.add_parser("dump", help="every record")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_dump)

    s = sub.add_parser("ask", help="answer a question")
    s.add_argument("question", nargs="?")
    s.add_argument("--batch", help="JSONL file of {\"id\", \"question\"}")
    s.add_argument("--fact", action="append", metavar="PATH=VALUE",
                   help="a fact of the hand the question leaves out, answering a follow-up "
                        "(e.g. revoke.trick_turned_and_quitted=yes); repeatable")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_ask)

    s = sub.add_parser("eval", help="retrieval and verdict metrics for BM25, dense and hybrid")
    s.add_argument("--questions", required=True)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_eval)

    s = sub.add_parser("bench", help="benchmarks: query latency (default) or build times")
    s.add_argument("what", nargs="?", choices=("query", "build"), default="query")
    s.add_argument("--questions", help="JSONL question file (default: the dev questions)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_bench)

    s = sub.add_parser("serve", help="start the web page")
    s.add_argument("--port", type=int, default=8501)
    s.set_defaults(func=cmd_serve)

    s = sub.add_parser("export", help="export the concordance or the records")
    s.add_argument("what", choices=("concordance", "records"))
    s.add_argument("--format", required=True, help="concordance: html|md|csv|json|pdf; records: jsonl|csv")
    s.add_argument("-o", "--output", help="output file (default: stdout for text formats)")
    s.set_defaults(func=cmd_export)

    from kb.rules import cli as rules_cli
    rules_cli.register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except UserError as e:
        print(f"whist: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
