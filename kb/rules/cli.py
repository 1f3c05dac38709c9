"""``whist rules check SCENARIO.yaml [--json]`` and ``whist rules coverage [--json]``.

The main CLI calls :func:`register` with its argparse sub-parsers object."""
from __future__ import annotations

import argparse
import json
import sys

from .situation import InvalidSituation


def register(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("rules", help="the formal model of the laws")
    sub = p.add_subparsers(dest="rules_command", required=True)
    c = sub.add_parser("check", help="evaluate a scenario file; print the ruling and trace")
    c.add_argument("scenario")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)
    v = sub.add_parser("coverage", help="laws deciding, trace-only, not modelled; cases and tests reproduced")
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_coverage)
    return p


def cmd_check(args) -> int:
    from .scenarios import run
    try:
        res = run(args.scenario)
    except (InvalidSituation, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    r = res.ruling
    if args.json:
        print(json.dumps({"passed": res.passed, "mismatches": res.mismatches, "source": res.source,
                          **r.as_dict()}, indent=2, ensure_ascii=False))
    else:
        print(f"{args.scenario}  [{r.code}]  {res.source or ''}")
        print("ruling:")
        for k, v in r.conclusions.items():
            print(f"  {k}: {json.dumps(v, ensure_ascii=False)}")
        print("trace:")
        for t in r.trace:
            print(f"  {t['law']:<24} {t['step']}")
        for m in r.missing:
            print(f"missing: {m['fact']} -- {m['question']}")
            for val, eff in m["effects"].items():
                print(f"    if {val}: {eff}")
        print("reproduced" if res.passed else "NOT reproduced:\n  " + "\n  ".join(res.mismatches))
    return 0 if res.passed else 1


def cmd_coverage(args) -> int:
    from .coverage import coverage_report
    rep = coverage_report()
    if args.json:
        print(json.dumps(rep, indent=2, ensure_ascii=False))
        return 0
    print(f"{'code':<18}{'deciding':>9}{'trace':>7}{'not':>5}{'total':>7}")
    for code, d in rep["laws"].items():
        print(f"{code:<18}{d['deciding']:>9}{d['trace_only']:>7}{d['not_modelled']:>5}{d['total']:>7}")
    for code, st in rep["codes"].items():
        for kind in ("trace_only", "not_modelled"):
            for x in st[kind]:
                print(f"  {code}/{x['law']} ({kind.replace('_', ' ')}): {x['reason']}")
    c, t = rep["cases"], rep["tests"]
    print(f"Drayson cases: {c['encoded']} encoded, {c['reproduced']} reproduced, of {c['total']}")
    print(f"Drayson tests: {t['encoded']} encoded, {t['reproduced']} reproduced, of 25")
    print(f"cases left out: {len(rep['cases_left_out'])}")
    return 0
