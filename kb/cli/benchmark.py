"""`whist bench`: figures, not timed tests.

- query: start-up time, then warm latency p50/p95 per question for BM25 alone, dense alone,
  the hybrid, and the whole answer (resolver + hybrid + checker), in one run.
- build: cold build (empty data dir, every record embedded), warm rebuild (nothing changed),
  peak memory of each, in child processes so that the figures are independent.
- query also compares the encoder backends (torch, ONNX float32, ONNX int8; $WHIST_BENCH_BACKENDS
  names which, "none" skips): each builds its own knowledge base in a scratch directory (export,
  build time and peak memory), starts and answers in a process of its own (start-up, peak
  memory), and all are timed in one process, question by question in turn (dense and answer
  latency under the same load), with the cosine of their query vectors.
"""
from __future__ import annotations

import json
import os
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
    questions = [r["question"] for r in read_batch(path) if "question" in r]
    chosen = backends_to_compare()              # a wrong setting is told before anything runs
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
    from kb.store import embeddings
    report["backend"] = embeddings.backend()
    if chosen:
        report["backends"] = backends_bench(chosen, questions)
    return report


# --- the encoder backends, compared in one run ----------------------------------------------
def backends_to_compare() -> list[str]:
    """$WHIST_BENCH_BACKENDS (comma-separated; "none" for no comparison), else every backend
    whose packages are installed."""
    from kb.cli.session import UserError
    from kb.store import embeddings
    named = os.environ.get("WHIST_BENCH_BACKENDS")
    if named is None:
        return embeddings.available_backends()
    if named.strip().lower() in ("", "none", "no", "0"):
        return []
    chosen = [b.strip().lower() for b in named.split(",") if b.strip()]
    unknown = [b for b in chosen if b not in embeddings.BACKENDS]
    if unknown:
        raise UserError(f"WHIST_BENCH_BACKENDS: {', '.join(unknown)} unknown; choose from "
                        f"{', '.join(embeddings.BACKENDS)} (or none)")
    return list(dict.fromkeys(chosen))


# Peak memory of a child: VmHWM, its own (ru_maxrss of a child started from a big parent starts
# at the parent's size on Linux: it survives exec).
_PEAK = """
def peak_mb():
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
"""

_BACKEND_BUILD = _PEAK + """
import json, sys, time
from pathlib import Path
from kb.store import embeddings
t = time.perf_counter()
embeddings.load_model()          # torch: the model loaded; ONNX: exported into an empty cache, loaded
load = time.perf_counter() - t
from kb.cli.build import build
t = time.perf_counter()
r = build(Path(sys.argv[1]), progress=False)
print(json.dumps({"export_or_load_s": round(load, 2), "build_s": round(time.perf_counter() - t, 2),
                  "embedded": r.embedded, "embed_s": round(r.timings.get("embed_s", 0.0), 2),
                  "build_peak_rss_mb": peak_mb()}))
"""

_BACKEND_SERVE = _PEAK + """
import json, sys, time
from pathlib import Path
t = time.perf_counter()
from kb.answering.answer import Answerer
from kb.cli.session import warm
from kb.store.database import Store, db_path
ans = Answerer(Store(db_path(Path(sys.argv[1]))), dense=True)
warm(ans)
startup = time.perf_counter() - t
for q in json.loads(Path(sys.argv[2]).read_text()):
    ans.ask(q)
print(json.dumps({"startup_s": round(startup, 2), "peak_rss_mb": peak_mb()}))
"""

_BACKEND_LATENCY = """
import json, sys, time
from pathlib import Path
import numpy as np
from kb.answering.answer import Answerer
from kb.cli.session import warm
from kb.store import embeddings
from kb.store.database import Store, db_path
backends, dirs = sys.argv[1].split(","), sys.argv[2].split(",")
questions = json.loads(Path(sys.argv[3]).read_text())
answerers = {}
for b, d in zip(backends, dirs):
    with embeddings.using_backend(b):
        answerers[b] = Answerer(Store(db_path(Path(d))), dense=True)
        warm(answerers[b])
ms = {b: {"encode": [], "dense": [], "answer (end to end)": []} for b in backends}
vectors = {b: [] for b in backends}
for rnd in range(3):
    for q in questions:
        for b in (backends if rnd % 2 == 0 else backends[::-1]):      # each first in turn
            with embeddings.using_backend(b):
                s = answerers[b].searcher
                t = time.perf_counter(); v = s.query_vector(q); ms[b]["encode"].append((time.perf_counter() - t) * 1000)
                t = time.perf_counter(); s.search(q, mode="dense"); ms[b]["dense"].append((time.perf_counter() - t) * 1000)
                t = time.perf_counter(); answerers[b].ask(q); ms[b]["answer (end to end)"].append((time.perf_counter() - t) * 1000)
                if rnd == 0:
                    vectors[b].append(v)
cos = {}
for b in backends[1:]:
    c = np.sum(np.stack(vectors[backends[0]]) * np.stack(vectors[b]), axis=1)
    cos[b] = {"vs": backends[0], "min": round(float(c.min()), 4), "mean": round(float(c.mean()), 4)}
print(json.dumps({"ms": ms, "cosine": cos}))
"""


def _child(code: str, args: list[str], env: dict, what: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{what} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def backends_bench(backends: list[str], questions: list[str]) -> dict:
    """Each backend's knowledge base built in a scratch directory (with an empty export cache, so
    the ONNX export is timed), its start-up and peak memory in a process of its own, then the
    latency of all of them in one process, taking turns question by question (three rounds, each
    backend first in turn), and the cosine of their query vectors to the first one's."""
    out: dict = {"order": backends, "per_backend": {}}
    with tempfile.TemporaryDirectory(prefix="whist-backends-") as tmp:
        qfile = Path(tmp) / "questions.json"
        qfile.write_text(json.dumps(questions))
        dirs = []
        for b in backends:
            kb = Path(tmp) / f"kb-{b}"
            dirs.append(str(kb))
            env = {**os.environ, "WHIST_EMBED_BACKEND": b, "WHIST_CACHE": str(Path(tmp) / "cache"),
                   "HF_HUB_OFFLINE": "1"}
            row = _child(_BACKEND_BUILD, [str(kb)], env, f"the {b} build")
            row.update(_child(_BACKEND_SERVE, [str(kb), str(qfile)], env, f"the {b} answerer"))
            out["per_backend"][b] = row
        env = {**os.environ, "WHIST_CACHE": str(Path(tmp) / "cache"), "HF_HUB_OFFLINE": "1"}
        timed = _child(_BACKEND_LATENCY, [",".join(backends), ",".join(dirs), str(qfile)], env,
                       "the interleaved latency run")
    for b in backends:
        row = out["per_backend"][b]
        for name, samples in timed["ms"][b].items():
            row[name] = _percentiles(samples)
        row["query_cosine"] = timed["cosine"].get(b)
    return out


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


# --- load on a real `whist api` ---------------------------------------------------------------
MAX_CLIENTS, MAX_SECONDS, MAX_REQUESTS = 256, 600.0, 1_000_000
FALLBACK_QUESTIONS = ["my partner led out of turn", "can a revoke be claimed after the cut?",
                      "law 72", "who deals after a misdeal?", "case 93",
                      "a card was exposed during the deal", "American law 30"]


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(cmd: list[str], health_url: str, what: str, timeout: float = 300.0):
    """Start a server command in a child process; wait until `health_url` answers 200.
    Returns (process, seconds to ready)."""
    import httpx
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    while time.perf_counter() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}: {proc.stderr.read()[-2000:]}")
        try:
            if httpx.get(health_url, timeout=1.0).status_code == 200:
                return proc, time.perf_counter() - t0
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    stop_api(proc)
    raise RuntimeError(f"{what} did not become healthy within {timeout:.0f} s")


def start_api(data_dir: Path, port: int | None = None, timeout: float = 180.0):
    """Start `whist api` on 127.0.0.1 in a child process; wait until /health answers.
    Returns (process, base_url, seconds to ready)."""
    port = port or _free_port()
    url = f"http://127.0.0.1:{port}"
    proc, ready = start_server([sys.executable, "-m", "kb", "--data", str(data_dir), "api",
                                "--host", "127.0.0.1", "--port", str(port)], url + "/health", "whist api", timeout)
    return proc, url, ready


def stop_api(proc) -> None:
    import signal
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stderr:
        proc.stderr.close()


def load(url: str, questions: list[str], clients: int, seconds: float,
         max_requests: int = MAX_REQUESTS) -> dict:
    """`clients` threads, each with its own connection, send GET /ask?q= in turn over the
    questions until `seconds` have passed (or max_requests were sent). Bounded in time and count."""
    import threading
    import httpx
    if not 1 <= clients <= MAX_CLIENTS:
        raise ValueError(f"clients must be 1-{MAX_CLIENTS}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds must be in (0, {MAX_SECONDS:.0f}]")
    latencies: list[float] = []
    errors: dict[str, int] = {}
    lock = threading.Lock()
    sent = [0]
    deadline = time.perf_counter() + seconds

    def client(k: int) -> None:
        with httpx.Client(base_url=url, timeout=60.0) as http:
            i = k
            while time.perf_counter() < deadline:
                with lock:
                    if sent[0] >= max_requests:
                        return
                    sent[0] += 1
                q = questions[i % len(questions)]
                i += clients
                t = time.perf_counter()
                try:
                    r = http.get("/ask", params={"q": q})
                    ok = r.status_code == 200 and "answer" in r.json()
                    why = None if ok else f"HTTP {r.status_code}"
                except (httpx.HTTPError, ValueError) as e:
                    why = type(e).__name__
                ms = (time.perf_counter() - t) * 1000
                with lock:
                    if why:
                        errors[why] = errors.get(why, 0) + 1
                    else:
                        latencies.append(ms)

    t0 = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=seconds + 120)
    wall = time.perf_counter() - t0
    done = len(latencies)
    out = {"clients": clients, "seconds": round(wall, 2), "requests": done + sum(errors.values()),
           "ok": done, "errors": sum(errors.values()), "error_kinds": errors,
           "requests_per_s": round(done / wall, 1) if wall else 0.0}
    if latencies:
        out.update(_percentiles(latencies))
    return out


def _load_settings(args, max_clients: int, who: str) -> tuple[list[str], int, float]:
    """The questions (the dev questions, or --questions), and the bounded client count and time."""
    from kb.cli.session import UserError, open_store, read_batch
    open_store(args).close()
    clients, seconds = args.clients, args.seconds
    if not 1 <= clients <= max_clients:
        raise UserError(f"--clients {clients}: choose 1 to {max_clients} {who}")
    if not 1 <= seconds <= MAX_SECONDS:
        raise UserError(f"--seconds {seconds}: choose 1 to {MAX_SECONDS:.0f}")
    path = args.questions or (str(DEV_QUESTIONS) if DEV_QUESTIONS.exists() else None)
    questions = [r["question"] for r in read_batch(path) if "question" in r] if path else []
    return questions or FALLBACK_QUESTIONS, clients, seconds


def api_bench(args) -> dict:
    """Start a real `whist api` on 127.0.0.1, put `--clients` concurrent clients on it for
    `--seconds`, stop it. Questions: the dev questions (or --questions)."""
    from kb.cli.session import data_dir
    questions, clients, seconds = _load_settings(args, MAX_CLIENTS, "clients")
    proc, url, ready = start_api(data_dir(args))
    try:
        report = load(url, questions, clients, seconds)
    finally:
        stop_api(proc)
    report["server_ready_s"] = round(ready, 2)
    report["questions"] = len(questions)
    report["server"] = "whist api (uvicorn, 1 process) on 127.0.0.1"
    return report


# --- the page with concurrent visitors ------------------------------------------------------
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def page_bench(args) -> dict:
    """Start a real `whist serve` on 127.0.0.1 and let `--clients` browser visitors (Debian
    Chromium through Playwright) ask the dev questions by URL for `--seconds`. Reports the
    server's answer time (the page's own "answered in N ms") apart from the time in the browser."""
    import asyncio
    import re
    import httpx
    from kb.cli.session import UserError, data_dir
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        raise UserError("bench page needs playwright (pip install -e '.[test]') and Debian chromium")
    if not Path(CHROMIUM).exists():
        raise UserError(f"bench page needs Debian chromium at {CHROMIUM} (apt-get install chromium)")
    questions, clients, seconds = _load_settings(args, 32, "browser visitors")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    server_ms: list[float] = []
    browser_ms: list[float] = []
    errors: dict[str, int] = {}

    async def visitor(browser, k: int, deadline: float) -> None:
        page = await browser.new_page()
        i = k
        while time.perf_counter() < deadline:
            q = questions[i % len(questions)]
            i += clients
            t = time.perf_counter()
            try:
                await page.goto(url + "/?" + str(httpx.QueryParams({"q": q[:500]})))
                done = page.get_by_text(re.compile(r"answered in \d+ ms")).first
                await done.wait_for(timeout=60_000)
                server_ms.append(float(re.search(r"\d+", await done.inner_text()).group()))
                browser_ms.append((time.perf_counter() - t) * 1000)
            except Exception as e:      # any browser failure is counted, the run goes on
                errors[type(e).__name__] = errors.get(type(e).__name__, 0) + 1
        await page.close()

    async def run() -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            deadline = time.perf_counter() + seconds
            await asyncio.gather(*(visitor(browser, k, deadline) for k in range(clients)))
            await browser.close()

    proc, ready = start_server([sys.executable, "-m", "kb", "--data", str(data_dir(args)), "serve",
                                "--host", "127.0.0.1", "--port", str(port)], url + "/_stcore/health", "whist serve")
    try:
        asyncio.run(run())
    finally:
        stop_api(proc)
    out = {"visitors": clients, "seconds": seconds, "questions": len(questions), "answers": len(server_ms),
           "errors": sum(errors.values()), "error_kinds": errors, "server_ready_s": round(ready, 2)}
    if server_ms:
        out["server"] = _percentiles(server_ms)
        out["browser"] = _percentiles(browser_ms)
    return out


def format_report(report: dict) -> str:
    if "visitors" in report:
        r = report
        lines = [f"whist serve on 127.0.0.1: healthy in {r['server_ready_s']} s; {r['visitors']} browser visitors "
                 f"for {r['seconds']} s: {r['answers']} answers, {r['errors']} errors {r['error_kinds'] or ''}"]
        for k in ("server", "browser"):
            if k in r:
                lines.append(f"{k + ' answer time':22} p50 {r[k]['p50_ms']:.0f} ms   p95 {r[k]['p95_ms']:.0f} ms   "
                             f"max {r[k]['max_ms']:.0f} ms")
        return "\n".join(lines)
    if "clients" in report:
        r = report
        lat = (f"p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms"
               if "p50_ms" in r else "no successful request")
        return (f"{r['server']}: ready in {r['server_ready_s']} s\n"
                f"{r['clients']} clients for {r['seconds']} s over {r['questions']} questions: "
                f"{r['ok']} answered, {r['errors']} errors {r['error_kinds'] or ''}\n"
                f"{r['requests_per_s']} requests/s; latency {lat}")
    if "build" in report:
        lines = []
        for name, r in report["build"].items():
            lines.append(f"{name:5} build: {r['seconds']:6.2f} s   embedded {r['embedded']:4}  reused "
                         f"{r['reused']:4}   peak RSS {r['peak_rss_mb']:7.1f} MB   {r['timings']}")
        t = report["targets"]
        lines.append(f"targets: cold ≤ {t['cold_s']} s, warm ≤ {t['warm_s']} s, ≤ {t['peak_mb']} MB")
        return "\n".join(lines)
    lines = [f"{report['questions']} questions, start-up {report['startup_s']} s, "
             f"peak RSS {report['peak_rss_mb']} MB" + (f", encoder backend {report['backend']}"
                                                        if "backend" in report else "")]
    for name, r in report.items():
        if isinstance(r, dict) and "p50_ms" in r:
            lines.append(f"{name:28} p50 {r['p50_ms']:7.2f} ms   p95 {r['p95_ms']:7.2f} ms   "
                         f"max {r['max_ms']:7.2f} ms   (n={r['n']})")
    if report.get("backends"):
        lines += ["", format_backends(report["backends"])]
    return "\n".join(lines)


def format_backends(report: dict) -> str:
    """One row per encoder backend: export/load, build, memory, then latency taken in turns."""
    rows = report["per_backend"]
    pp = lambda r: f"{r['p50_ms']:6.1f} /{r['p95_ms']:6.1f}"
    lines = ["encoder backends, one run (each builds its own KB; latency timed in turns, question by "
             "question; ms p50 / p95):",
             f"{'backend':10} {'export/load s':>13} {'build s':>8} {'build RSS MB':>12} {'start s':>8} "
             f"{'RSS MB':>7} {'encode':>15} {'dense':>15} {'answer':>15}  query cosine"]
    for b in report["order"]:
        r = rows[b]
        c = r.get("query_cosine")
        cos = f"min {c['min']:.4f} mean {c['mean']:.4f} vs {c['vs']}" if c else "—"
        lines.append(f"{b:10} {r['export_or_load_s']:13.1f} {r['build_s']:8.1f} {r['build_peak_rss_mb']:12.0f} "
                     f"{r['startup_s']:8.1f} {r['peak_rss_mb']:7.0f} {pp(r['encode']):>15} {pp(r['dense']):>15} "
                     f"{pp(r['answer (end to end)']):>15}  {cos}")
    return "\n".join(lines)
