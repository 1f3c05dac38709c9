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
    whist export concordance|records|rules  exports (rules: each law beside its rules)
    whist serve [--host H] [--port N] the web page (ingests first if needed)
    whist api [--host H] [--port N]   the read-only HTTP JSON API (docs at /docs)
    whist fuzz N                      N generated questions: how many raised, time per question
"""
from __future__ import annotations

import argparse
import json
import re
import os
import sqlite3
import sys
import time
from pathlib import Path

from kb.store import database as kbstore
from kb.cli.session import (NotFound, UserError, answer_row, answerer, data_dir, drayson_id,  # noqa: F401
                            law_id, law_view, open_store, parse_facts, print_json, read_batch, record_view,
                            text_problem, warm)
from kb.codes import ORDER as CODES, from_alias


# --- ingest / stats / lookups -----------------------------------------------------------
def cmd_ingest(args) -> int:
    from ingest.corpus import DEFAULT_CORPUS, CorpusError
    from kb.cli.build import build
    try:
        report = build(data_dir(args), Path(args.corpus) if args.corpus else DEFAULT_CORPUS,
                       progress=not args.quiet, on_wait=lambda m: print(m, file=sys.stderr))
    except CorpusError as e:
        raise UserError(f"{e}\nThe previous knowledge base (if any) is unchanged.")
    except kbstore.BuildBusy as e:
        raise UserError(f"{e}\nThe previous knowledge base (if any) is unchanged.")
    for w in report.warnings:
        print(f"warning: {w}", file=sys.stderr)
    c = report.counts
    print(f"built {report.path} in {report.seconds:.1f}s "
          f"(embedded {report.embedded}, reused {report.reused} vectors)")
    print("laws: " + ", ".join(f"{k} {v}" for k, v in c["laws"].items()))
    print(f"cases {c['cases']}, tests {c['tests']}, sections {c['sections']}, "
          f"commentary {c['commentary']}, notes {c['notes']}, records {c['records']}, "
          f"citations {c['citations']}, decided under {c['decided_under']}, law-card lines {c['card_lines']}, warnings {len(report.warnings)}")
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
    if "decided_under" in view:
        print(f"decided under (the rules model's examples): {', '.join(view['decided_under']) or '—'}")
    print(f"source: {view['source']}, lines {view['line_start']}-{view['line_end']}"
          + (f", page {view['page']}" if view.get("page") else ""))


def cmd_law(args) -> int:
    kb = open_store(args)
    view = law_view(kb, law_id(kb, args.code, args.number, args.section))
    if args.json:
        print_json(view)
    else:
        _print_record(view)
        _print_links(view)
        _print_law_trace(view)
    return 0


def _print_links(view: dict) -> None:
    """"in the other codes": each linked law with its type, read from this law, and what a code
    with no linked law does instead."""
    from kb.codes import NAMES, law_label
    from kb.present.views import LINK_WORDS
    if "links" not in view:
        return
    law = "/".join(view["id"].split("/")[:2])
    print("in the other codes:" + ("" if view["links"] or view.get("instead") else " —"))
    for x in view["links"]:
        what = LINK_WORDS[x["type"]].format(b=law_label(x["law"]))
        how = "" if x.get("method") in (None, "computed") else f" [{x['method']}]"
        print(f"  {x['law']:<22} {x['type']:<9} {law_label(law)} {what}{how}")
        shows = (x.get("evidence") or {}).get("shows")
        if x["type"] == "differs" and shows:
            print(f"  {'':<22} {'':<9} rules model: {shows}")
    linked = {x["law"].split("/")[0] for x in view["links"]}
    for c, text in (view.get("instead") or {}).items():
        if c not in linked:
            print(f"  {NAMES[c] + ':':<32} {text}")


def _print_law_trace(view: dict) -> None:
    """The rules that model the law (file:line) and the rule examples that exercise it."""
    rules = [f"{r['rule']} ({r['file']}:{r['line']})" + (f" as {r['law']}" if r['law'] != view["id"] else "")
             for r in view["modelled_by"]]
    print(f"modelled by: {'; '.join(rules) or '— (not modelled: whist rules coverage says why)'}")
    print(f"scenarios ({len(view['scenarios'])}): {', '.join(view['scenarios']) or '—'}")


def cmd_case(args) -> int:
    kb = open_store(args)
    view = record_view(kb, drayson_id(kb, "test" if args.test else "case", args.number))
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
def cmd_ask(args) -> int:
    if not args.batch and args.question is None:
        raise UserError("give a question, or --batch FILE.jsonl")
    if args.batch and args.question is not None:
        raise UserError("give a question or --batch FILE.jsonl, not both")
    given = parse_facts(args.fact or [])
    if args.batch:
        rows = read_batch(args.batch)          # every line checked before the model loads
    else:
        problem = text_problem(args.question)
        if problem:
            raise UserError(f"{problem}; check the terminal's encoding (UTF-8 is expected)")
        rows = [{"id": None, "question": args.question}]
    ans = answerer(args, [r["question"] for r in rows if "question" in r]) \
        if any("question" in r for r in rows) else None
    failed = []
    for row in rows:
        out = answer_row(ans, row, given)
        if "error" in out:
            failed.append(out)
            where = f"{args.batch}:{out['line']}" if args.batch and out.get("line") else "question"
            why = out["error"].removeprefix(f"line {out.get('line')} ")
            print(f"whist: {where}: {why}", file=sys.stderr)
            if args.json:
                print_json(out)
            elif args.batch:
                print(f"[{out['id']}] error: {out['error']}\n" + "-" * 60)
            continue
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
    if failed:
        if args.batch:
            print(f"whist: {len(failed)} of {len(rows)} lines could not be answered "
                  f"(each has an error object); the others were answered", file=sys.stderr)
        return 2
    return 0


def cmd_eval(args) -> int:
    from kb.cli import evaluation
    if not args.questions and not args.choose:
        raise UserError("give --questions FILE, or --choose SET.jsonl [SET.jsonl ...]")
    ans = answerer(args)
    if args.choose:
        from kb.cli import choosing
        report = choosing.choose(ans, args.choose)
        if args.json:
            print_json({**report, "folds": [{**f, "chosen": choosing.describe(f["chosen"])} for f in report["folds"]],
                        "chosen": choosing.describe(report["chosen"]), "default": choosing.describe(report["default"])})
        else:
            print(choosing.table(report))
        return 0
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
    elif args.what == "api":
        report = benchmark.api_bench(args)
    elif args.what == "page":
        report = benchmark.page_bench(args)
    else:
        report = benchmark.query_bench(args, args.questions)
    if args.json:
        print_json(report)
    else:
        print(benchmark.format_report(report))
    return 0


def _stop_on(signum, _frame):
    """Before the server runs, SIGTERM/SIGHUP stop `whist serve` cleanly (a build in progress
    removes its temporary file); the server then installs its own handlers."""
    raise SystemExit(128 + signum)


def ensure_built(args) -> None:
    """Ingest first if the KB is missing, damaged or built from another corpus."""
    from ingest.corpus import CorpusError
    from kb.cli.build import build, is_current
    try:
        if is_current(data_dir(args)):
            return
        print("knowledge base missing or out of date — ingesting first", file=sys.stderr)
        build(data_dir(args), on_wait=lambda m: print(m, file=sys.stderr))
    except CorpusError as e:
        raise UserError(f"{e}\nThe previous knowledge base (if any) is unchanged.")
    except kbstore.BuildBusy as e:
        raise UserError(str(e))


def check_port_free(host: str, port: int) -> None:
    """A clear error now, rather than a server that cannot bind after its warm-up."""
    import socket
    if not 0 < port < 65536:
        raise UserError(f"--port {port}: choose a port from 1 to 65535")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise UserError(f"--host {host}: {e.strerror}")
    family, _, _, _, addr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(addr)
        except OSError as e:
            raise UserError(f"cannot listen on {host}:{port}: {e.strerror} "
                            f"(another server there? choose another --port)")


def warm_answerer(args) -> None:
    """Load the model, the index and the question reader, and answer once, so that the first
    answer a server gives is as fast as the second (they stay loaded in this process)."""
    t0 = time.perf_counter()
    warm(answerer(args))
    print(f"model and knowledge base loaded in {time.perf_counter() - t0:.1f}s", file=sys.stderr)


def cmd_serve(args) -> int:
    """The Streamlit page, run in this process (so a signal to `whist serve` reaches the
    server itself: nothing is left behind), after the KB is built and the model loaded."""
    import signal
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _stop_on)
    ensure_built(args)
    check_port_free(args.host, args.port)
    warm_answerer(args)
    app = Path(__file__).resolve().parents[2] / "app" / "streamlit_app.py"
    os.environ["WHIST_DATA"] = str(data_dir(args))
    # SIGHUP (a closed terminal) stops the server the way SIGTERM does.
    signal.signal(signal.SIGHUP, lambda *_: signal.raise_signal(signal.SIGTERM))
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from streamlit.web import cli as streamlit_cli
    code = 0
    try:
        streamlit_cli.main(
            ["run", str(app), "--server.port", str(args.port), "--server.address", args.host,
             "--server.headless", "true", "--browser.gatherUsageStats", "false",
             "--client.toolbarMode", "minimal", "--server.fileWatcherType", "none"],
            prog_name="streamlit", standalone_mode=False)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    # The server has stopped and closed its port. Leave at once: tearing down the loaded
    # model's modules takes seconds and holds nothing that needs saving.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def cmd_api(args) -> int:
    from kb.cli import api
    open_store(args).close()             # a clear error now if there is no KB
    check_port_free(args.host, args.port)
    return api.serve(data_dir(args), args.host, args.port, log_level=args.log_level)


def cmd_fuzz(args) -> int:
    from kb.cli import fuzz
    if args.n < 1:
        raise UserError("N: how many questions, at least 1")
    ans = answerer(args, quiet=True)
    report = fuzz.run(ans, args.n, seed=args.seed,
                      progress=None if args.json else lambda done: print(
                          f"  {done}/{args.n}", file=sys.stderr, flush=True))
    print_json(report) if args.json else print(fuzz.format_report(report))
    for failure in report["failures"][:5]:
        print(f"raised: {failure['where']}: {failure['error']} on {failure['question']!r}",
              file=sys.stderr)
    return 1 if report["raised"] else 0


def cmd_export(args) -> int:
    from kb.present import export
    kb = open_store(args)
    if args.format == "all":
        return _export_all(kb, args)
    t0 = time.perf_counter()
    try:
        if args.what == "rules":        # the laws beside the rules that model them, and their examples
            from kb.present import literate
            path = literate.export(kb, args.format, Path(args.output) if args.output else None)
        else:
            path = export.export(kb, args.what, args.format, Path(args.output) if args.output else None)
    except export.ExportError as e:
        raise UserError(str(e))
    print(f"wrote {path} in {time.perf_counter() - t0:.2f}s" if path else "", file=sys.stderr)
    return 0


def _export_all(kb, args) -> int:
    """``--format all -o DIR``: every format of the export into DIR (WHAT.FORMAT), each timed; the
    times are printed (a figure to read, never asserted by a test)."""
    from kb.present import export
    if args.what == "rules":
        from kb.present import literate
        fmts, write = list(literate.FORMATS), lambda f, p: literate.export(kb, f, p)
    else:
        fmts, write = export.formats(args.what), lambda f, p: export.export(kb, args.what, f, p)
    if not args.output:
        raise UserError("--format all writes one file per format: give a directory with -o DIR")
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise UserError(f"{out} is not a directory (--format all writes one file per format into it)")
    out.mkdir(parents=True, exist_ok=True)
    times = {}
    t0 = time.perf_counter()
    for fmt in fmts:
        t = time.perf_counter()
        try:
            write(fmt, out / f"{args.what}.{fmt}")
        except export.ExportError as e:
            raise UserError(str(e))
        times[fmt] = time.perf_counter() - t
    total = time.perf_counter() - t0
    print(f"exported {args.what} in {len(times)} formats to {out} in {total:.2f}s: "
          + ", ".join(f"{f} {s:.2f}s" for f, s in times.items()))
    return 0


# --- parser ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="whist", description="The laws of whist: a cited reference.",
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__)
    p.add_argument("--data", help="knowledge-base directory (default: $WHIST_DATA, else data/ in a checkout, else ~/.local/share/whist)")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("ingest", help="build or refresh the knowledge base")
    s.add_argument("--corpus", help="corpus directory (default: the project's corpus/)")
    s.add_argument("--quiet", action="store_true", help="no progress bars")
    s.set_defaults(func=cmd_ingest)

    s = sub.add_parser("stats", help="counts of laws, cases, tests ...")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_stats)

    s = sub.add_parser("law", help="show a law: whist law english 72 [--section IV] (the code defaults to english), "
                                   "or whist law 'American law 30' / 'L. 8' / 'case 93'")
    s.add_argument("code", nargs="?", default=None,
                   help="english (the default) | revised | american | 1890 (or a full code id)")
    s.add_argument("number", help="the law's number, or a whole reference in words ('revised 37')")
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
    s.add_argument("--questions", help="a JSONL file of questions with gold laws (and verdicts)")
    s.add_argument("--choose", nargs="+", metavar="SET",
                   help="choose the fusion weights on these blind sets by leave-one-set-out "
                        "cross-validation (retrieval only)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_eval)

    s = sub.add_parser("bench", help="benchmarks: query latency (default), build times, or "
                                     "load on a real `whist api` (api --clients N --seconds S)")
    s.add_argument("what", nargs="?", choices=("query", "build", "api", "page"), default="query")
    s.add_argument("--questions", help="JSONL question file (default: the dev questions)")
    s.add_argument("--clients", type=int, default=16, help="api: concurrent clients (1-256); page: browser visitors (1-32)")
    s.add_argument("--seconds", type=float, default=20.0, help="api: how long to send (1-600 s)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_bench)

    s = sub.add_parser("serve", help="start the web page (model loaded before it listens)")
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    s.add_argument("--port", type=int, default=8501)
    s.set_defaults(func=cmd_serve)

    s = sub.add_parser("api", help="a read-only HTTP JSON API (FastAPI; docs at /docs)")
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"))
    s.set_defaults(func=cmd_api)

    s = sub.add_parser("fuzz", help="N generated questions through the answerer and the resolver")
    s.add_argument("n", type=int, metavar="N")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_fuzz)

    s = sub.add_parser("export", help="export the concordance, the records, or the rules beside the laws")
    s.add_argument("what", choices=("concordance", "records", "rules"))
    s.add_argument("--format", required=True,
                   help="concordance: html|md|csv|json|pdf; records: jsonl|csv; rules: html|md; "
                        "all: every format into the directory -o DIR, timed")
    s.add_argument("-o", "--output", help="output file (default: stdout for text formats)")
    s.set_defaults(func=cmd_export)

    from kb.rules import cli as rules_cli
    rules_cli.register(sub)
    return p


def _quiet_stdout() -> None:
    """After a failed write to stdout, point it at /dev/null so that the flush at exit does
    not fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.func(args)
        sys.stdout.flush()
        return code
    except UserError as e:
        print(f"whist: {e}", file=sys.stderr)
        return 2
    except (kbstore.KBMissing, kbstore.BuildBusy) as e:
        print(f"whist: {e}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as e:
        print(f"whist: the knowledge base at {data_dir(args)} is damaged ({' '.join(str(e).split())}) — run "
              f"`whist ingest` to rebuild it", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except OSError as e:                  # output to a full disk, a vanished terminal ...
        import errno
        _quiet_stdout()
        if e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO) and not e.filename:
            print(f"whist: cannot write the output: {e.strerror}", file=sys.stderr)
        else:
            where = f": {e.filename}" if e.filename else ""
            print(f"whist: {e.strerror or e}{where}", file=sys.stderr)
        return 1
