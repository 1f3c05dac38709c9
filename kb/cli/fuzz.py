"""`whist fuzz N`: N hypothesis-generated questions through the answerer and the resolver.

Questions are drawn from a mix of strategies: random Unicode (lone surrogates included, as
invalid UTF-8 reaches Python), law-like references ("law 1072", "case -1", "English law 44,
section iv", "english/0072"), huge texts, empty and blank ones, markup (HTML, Markdown links
and images, scripts), numbers of every shape, and mixtures of these with whist words.

Each question goes through
- the answer path every front end takes (`session.answer_row`: the text is checked, then
  `Answerer.ask`; an exception is caught there and counted here as raised), and
- the law-number resolver directly (`Resolver.find` and `Resolver.lookup`), where nothing is
  caught.
The report: how many ran, how many raised (with the first failures), how many were refused as
unreadable text, and the time per question.
"""
from __future__ import annotations

import statistics
import time

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kb.cli.session import answer_row

WHIST_WORDS = ["revoke", "trump", "lead", "out of turn", "exposed card", "misdeal", "dealer",
               "partner", "honours", "score", "trick", "cut", "shuffle", "dummy", "penalty",
               "renounce", "claim", "the odd trick", "game", "rubber", "whist"]
CODE_WORDS = ["", "English", "american", "revised", "American 1890", "1894", "Chicago", "club code"]
KINDS = ["law", "Law", "laws", "rule", "L.", "§", "art.", "article", "case", "Cases", "test",
         "question", "etiquette", "dummy rule", "double dummy"]
MARKUP = ["<script>alert(1)</script>", "<b>law 72</b>", "<img src=x onerror=alert(1)>",
          "[click](https://example.invalid/x)", "![img](https://example.invalid/i.png)",
          "**bold** _it_ `code`", "<a href='javascript:alert(1)'>x</a>", "&lt;&gt;&amp;&#0;",
          "<!-- c -->", "</div></div>", "${7*7}", "{{7*7}}", "'; DROP TABLE records; --",
          "law 72\" OR 1=1", "NEAR(a b)", "\"unclosed", "a* OR b*", "col:val", "^$.*+?()[]{}|\\"]


def _ints() -> st.SearchStrategy[str]:
    return st.one_of(st.integers(-10 ** 6, 10 ** 6), st.integers(), st.integers(0, 200)).map(str)


def _numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        _ints(),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.from_regex(r"\A0{0,6}\d{1,12}[a-zA-Z]?\Z"),
        st.sampled_from(["I", "iv", "XIV", "mmxx", "½", "٧٢", "７２", "1e9", "0x48", "-0", "+5"]),
    )


def _law_like() -> st.SearchStrategy[str]:
    ref = st.builds(lambda code, kind, sep, num, sec: f"{code} {kind}{sep}{num}{sec}".strip(),
                    st.sampled_from(CODE_WORDS), st.sampled_from(KINDS),
                    st.sampled_from(["", " ", "  ", " no. ", " -", " - ", "-", "\t"]), _numbers(),
                    st.one_of(st.just(""), st.builds(lambda s: f", section {s}",
                                                     st.sampled_from(["iv", "IV", "4", "99", "x", "0"]))))
    ids = st.builds(lambda c, n: f"{c}/{n}",
                    st.sampled_from(["english", "english-revised", "american-1894", "american-1890",
                                     "drayson/case", "drayson/test", "english/etiquette",
                                     "klingon", "drayson"]), _numbers())
    return st.one_of(ref, ids)


def _unicode() -> st.SearchStrategy[str]:
    every = st.characters(exclude_categories=())            # surrogates and controls too
    return st.one_of(st.text(max_size=80), st.text(alphabet=every, max_size=40),
                     st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF,
                                                    exclude_categories=()), min_size=1, max_size=4))


def _huge() -> st.SearchStrategy[str]:
    return st.builds(lambda s, n: s * n, st.one_of(st.text(min_size=1, max_size=12),
                                                   st.sampled_from(WHIST_WORDS + ["law 72 ", "€"])),
                     st.integers(200, 20_000))


def questions() -> st.SearchStrategy[str]:
    part = st.one_of(_unicode(), _law_like(), st.sampled_from(MARKUP), _numbers(),
                     st.sampled_from(WHIST_WORDS))
    mixed = st.lists(part, min_size=1, max_size=6).map(" ".join)
    blank = st.sampled_from(["", " ", "\n\t ", "\u200b", "\ufeff", "?", "...", "\x00", "\u202e"])
    return st.one_of(mixed, _law_like(), _unicode(), st.sampled_from(MARKUP), _numbers(), blank,
                     _huge())


def run(ans, n: int, seed: int = 0, progress=None, every: int = 1000) -> dict:
    """Ask n generated questions; count what raised. `progress(done)` every `every` questions."""
    resolver = ans.resolver
    stats = {"ran": 0, "raised": 0, "refused": 0, "failures": [], "samples_ms": []}

    def one(q: str) -> None:
        stats["ran"] += 1
        t = time.perf_counter()
        out = answer_row(ans, {"id": stats["ran"], "question": q})
        stats["samples_ms"].append((time.perf_counter() - t) * 1000)
        if "error" in out:
            if out["error"].startswith("internal error"):
                _failed(stats, "answerer", out["error"], q)
            else:
                stats["refused"] += 1
        for name, fn in (("resolver.find", resolver.find), ("resolver.lookup", resolver.lookup)):
            try:
                fn(q)
            except Exception as e:
                _failed(stats, name, f"{type(e).__name__}: {e}", q)
        if progress and stats["ran"] % every == 0:
            progress(stats["ran"])

    test = settings(max_examples=n, derandomize=False, database=None, deadline=None,
                    phases=[Phase.generate], suppress_health_check=list(HealthCheck),
                    print_blob=False)(given(questions())(one))
    from hypothesis import seed as hypothesis_seed
    t0 = time.perf_counter()
    hypothesis_seed(seed)(test)()
    total = time.perf_counter() - t0
    s = sorted(stats["samples_ms"]) or [0.0]
    return {"ran": stats["ran"], "raised": stats["raised"], "refused": stats["refused"],
            "seconds": round(total, 2), "seed": seed,
            "per_question_ms": {"mean": round(statistics.fmean(s), 2),
                                "p50": round(statistics.median(s), 2),
                                "p95": round(s[min(len(s) - 1, int(0.95 * (len(s) - 1) + 0.5))], 2),
                                "max": round(s[-1], 2)},
            "failures": stats["failures"][:20]}


def _failed(stats: dict, where: str, error: str, q: str) -> None:
    stats["raised"] += 1
    stats["failures"].append({"where": where, "error": error[:300], "question": q[:300]})


def format_report(r: dict) -> str:
    t = r["per_question_ms"]
    return (f"fuzz: {r['ran']} questions ran, {r['raised']} raised, {r['refused']} refused as "
            f"unreadable text (seed {r['seed']}), {r['seconds']} s\n"
            f"time per question: mean {t['mean']} ms, p50 {t['p50']} ms, p95 {t['p95']} ms, "
            f"max {t['max']} ms")
