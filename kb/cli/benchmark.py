"""`whist bench`: figures, not timed tests.

- query: start-up time, then warm latency p50/p95 per question for BM25 alone, dense alone,
  the hybrid, and the whole answer (resolver + hybrid + checker), in one run.
- build: cold build (empty data dir, every record embedded), warm rebuild (nothing changed),
  peak memory of each, in child processes so that the figures are independent.
"""
from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEV_QUESTIONS = Path(__file__).resolve().parents[3] / "shared" / "eval" / "dev_questions.jsonl"


def _percentiles(samples_ms: list[float]) -> dict:
    s = sorted(samples_ms)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return {"p50_ms": round(statistics.median(s), 2), "p95_ms": round(p95, 2),
            "max_ms": round(s[-1], 2), "n": len(s)}


def query_bench(args, questions_path: str | None) -> dict:
    from kb.cli.session import answerer, read_batch
    path = questions_path or str(DEV_QUESTIONS)
    questions = [r["question"] for r in read_batch(path)]
    t0 = time.perf_counter()
    ans = answerer(args)
    startup = time.perf_counter() - t0
    report = {"questions": len(questions), "startup_s": round(startup, 2)}
    s = ans.searcher
    runs = {
        "bm25": lambda q: s.search(q, mode="bm25"),
        "dense": lambda q: s.search(q, mode="dense"),
        "hybrid": lambda q: s.search(q, mode="hybrid"),
        "answer (end to end)": lambda q: ans.ask(q),
    }
    for q in questions[:3]:                      # warm-up
        ans.ask(q)
    for name, fn in runs.items():
        samples = []
        for _ in range(3):
            for q in questions:
                t = time.perf_counter()
                fn(q)
                samples.append((time.perf_counter() - t) * 1000)
        report[name] = _percentiles(samples)
    report["rules: evaluate a situation"] = rules_bench()
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return report


def rules_bench(repeat: int = 20) -> dict:
    """Time of one `kb.rules.evaluate` over the situations of every scenario file."""
    from kb.rules import Situation, evaluate
    from kb.rules.scenarios import load, scenario_files
    situations = []
    for path in scenario_files():
        sc = load(path)
        situations.append((Situation.from_dict(sc["facts"], sc["code"]), sc["code"]))
    samples = []
    for _ in range(repeat):
        for situation, code in situations:
            t = time.perf_counter()
            evaluate(situation, code)
            samples.append((time.perf_counter() - t) * 1000)
    return _percentiles(samples)


_CHILD = """
import json, resource, sys, time
from pathlib import Path
from kb.cli.build import build
t = time.perf_counter()
r = build(Path(sys.argv[1]), progress=False)
print(json.dumps({"seconds": round(time.perf_counter() - t, 2), "embedded": r.embedded,
                  "reused": r.reused, "timings": {k: round(v, 2) for k, v in r.timings.items()},
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


def build_bench(_data_dir: Path) -> dict:
    """Cold and warm builds into a scratch directory (the real KB is not touched)."""
    with tempfile.TemporaryDirectory(prefix="whist-bench-") as tmp:
        out = {}
        for name in ("cold", "warm"):
            proc = subprocess.run([sys.executable, "-c", _CHILD, tmp], capture_output=True, text=True)
            if proc.returncode != 0:
                raise RuntimeError(f"{name} build failed:\n{proc.stderr[-2000:]}")
            out[name] = json.loads(proc.stdout.strip().splitlines()[-1])
        return {"build": out, "targets": {"cold_s": 60, "warm_s": 5, "peak_mb": 1536}}


def format_report(report: dict) -> str:
    if "build" in report:
        lines = []
        for name, r in report["build"].items():
            lines.append(f"{name:5} build: {r['seconds']:6.2f} s   embedded {r['embedded']:4}  reused "
                         f"{r['reused']:4}   peak RSS {r['peak_rss_mb']:7.1f} MB   {r['timings']}")
        t = report["targets"]
        lines.append(f"targets: cold ≤ {t['cold_s']} s, warm ≤ {t['warm_s']} s, ≤ {t['peak_mb']} MB")
        return "\n".join(lines)
    lines = [f"{report['questions']} questions, start-up {report['startup_s']} s, "
             f"peak RSS {report['peak_rss_mb']} MB"]
    for name, r in report.items():
        if isinstance(r, dict):
            lines.append(f"{name:28} p50 {r['p50_ms']:7.2f} ms   p95 {r['p95_ms']:7.2f} ms   "
                         f"max {r['max_ms']:7.2f} ms   (n={r['n']})")
    return "\n".join(lines)
