"""Mutation testing of the rules model with mutmut 3 (the ``mutation`` optional extra).

    python -m kb.rules.mutation                     # every module of kb/rules
    python -m kb.rules.mutation revoke claims       # some modules
    python -m kb.rules.mutation --children 2 --keep /tmp/mut revoke
    python -m kb.rules.mutation --keep /tmp/mut --again revoke   # after adding examples or tests: the survivors again

mutmut reads its settings from the project's ``setup.cfg``; rather than put one in the project,
this builds a scratch project -- a copy of ``kb/`` and of the rules tests (the examples and the
rules tests, not the whole suite) with a ``setup.cfg`` that names the modules to mutate, the
``@law`` decorators of those modules written as plain assignments (mutmut 3 does not mutate a
decorated function) -- runs ``mutmut run`` there, and prints, per module, the mutants killed and those that survived, and the
score (killed / (killed + survived); mutants that time out count as killed, those no test reaches
are listed apart).  The scratch directory is kept with ``--keep`` (``mutmut show NAME`` there
shows a mutant).  Nothing here is imported by the model.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = Path(__file__).resolve().parent
#: the tests mutmut runs: the rule examples and the rules tests that need no knowledge base
#: (with every ``tests/test_rules_mutants_*.py``: tests written to kill surviving mutants)
TESTS = ("test_rules_scenarios.py", "test_rules_situation.py", "test_rules_calculators.py",
         "test_rules_codes.py")
MUTANT_TESTS = "test_rules_mutants_*.py"
#: modules of kb/rules that are not the model (this one, the command line)
SKIP = {"__init__", "mutation", "cli"}


def modules() -> list[str]:
    return sorted(p.stem for p in RULES.glob("*.py") if p.stem not in SKIP)


def undecorate(source: str) -> str:
    """``@law(...)`` on each top-level function written as ``f = law(...)(f)`` after it: the same
    registration (decorators apply bottom-up), but mutmut 3, which leaves decorated functions
    alone, then mutates the rules and registers its trampoline."""
    import ast
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    edits = []                         # (first decorator line, def line, end line, assignments)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            first = min(d.lineno for d in node.decorator_list)
            decos = [ast.get_source_segment(source, d) for d in node.decorator_list]
            assign = "".join(f"{node.name} = {d}({node.name})\n" for d in reversed(decos))
            edits.append((first, node.lineno, node.end_lineno, assign))
    for first, start, end, assign in reversed(edits):
        lines[end:end] = [assign]
        del lines[first - 1:start - 1]
    return "".join(lines)


def prepare(where: Path, mods: list[str]) -> None:
    shutil.copytree(ROOT / "kb", where / "kb", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for m in mods:
        p = where / "kb" / "rules" / f"{m}.py"
        p.write_text(undecorate(p.read_text(encoding="utf-8")), encoding="utf-8")
    tests = where / "tests"
    tests.mkdir()
    extra = sorted(p.name for p in (ROOT / "tests").glob(MUTANT_TESTS))
    for name in ("__init__.py", "conftest.py", *TESTS, *extra):
        shutil.copy2(ROOT / "tests" / name, tests / name)
    (where / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    only = "\n    ".join(f"kb/rules/{m}.py" for m in mods)
    (where / "setup.cfg").write_text(
        "[mutmut]\nsource_paths = kb\n"
        f"only_mutate =\n    {only}\n"
        "pytest_add_cli_args_test_selection = tests/\n"
        "pytest_add_cli_args = -p no:cacheprovider\n", encoding="utf-8")


def refresh(where: Path) -> None:
    """Bring a kept scratch project up to date with the project (mutmut copies a file into
    ``mutants/`` only when it is not there yet): the rule examples, the tests and every module of
    ``kb`` but the mutated ones (their mutants are what is being run again)."""
    cfg = (where / "setup.cfg").read_text(encoding="utf-8")
    mutated = set(re.findall(r"kb/rules/(\w+)\.py", cfg))
    for base in (where, where / "mutants"):
        for src in (ROOT / "kb").rglob("*"):
            rel = src.relative_to(ROOT)
            if "__pycache__" in rel.parts or src.suffix == ".pyc" or src.is_dir():
                continue
            if rel.parent == Path("kb/rules") and src.suffix == ".py" and src.stem in mutated:
                continue
            dst = base / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
        tests = base / "tests"
        tests.mkdir(parents=True, exist_ok=True)
        extra = sorted(p.name for p in (ROOT / "tests").glob(MUTANT_TESTS))
        for name in ("__init__.py", "conftest.py", *TESTS, *extra):
            shutil.copy2(ROOT / "tests" / name, tests / name)


def _results(mutmut: str, where: Path) -> list[str]:
    res = subprocess.run([mutmut, "results", "--all", "true"], cwd=where, capture_output=True, text=True)
    return res.stdout.splitlines()


def score(lines: list[str]) -> dict[str, Counter]:
    """``mutmut results --all true`` lines (``    kb.rules.revoke.x_f__mutmut_3: killed``) ->
    module -> Counter of statuses."""
    out: dict[str, Counter] = defaultdict(Counter)
    for line in lines:
        m = re.match(r"\s*kb\.rules\.(\w+)\.\S+:\s*(.+)$", line)
        if m:
            out[m.group(1)][m.group(2).strip()] += 1
    return out


def report(counts: dict[str, Counter]) -> str:
    rows = [f"{'module':<14}{'killed':>8}{'survived':>10}{'timeout':>9}{'no tests':>10}{'score':>8}"]
    tot: Counter = Counter()
    for mod in sorted(counts):
        c = counts[mod]
        tot.update(c)
        rows.append(_row(mod, c))
    rows.append(_row("all", tot))
    return "\n".join(rows)


def _row(name: str, c: Counter) -> str:
    killed = c["killed"] + c["timeout"]
    decided = killed + c["survived"]
    s = f"{killed / decided:.3f}" if decided else "-"
    return f"{name:<14}{c['killed']:>8}{c['survived']:>10}{c['timeout']:>9}{c['no tests']:>10}{s:>8}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kb.rules.mutation", description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", help=f"modules of kb/rules (default: all: {', '.join(modules())})")
    ap.add_argument("--children", type=int, default=2, help="parallel mutmut workers (default 2)")
    ap.add_argument("--keep", type=Path, help="build the scratch project here and keep it")
    ap.add_argument("--again", action="store_true",
                    help="with --keep DIR of an earlier run: refresh its examples and tests and run only the "
                         "mutants that survived there (of MODULES, if given)")
    args = ap.parse_args(argv)
    mods = args.modules or modules()
    unknown = set(mods) - set(modules())
    if unknown:
        ap.error(f"not modules of kb/rules: {', '.join(sorted(unknown))}")
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if not mutmut:
        print("mutmut is not installed: pip install 'mutmut>=3.3,<4' (the `mutation` extra)", file=sys.stderr)
        return 2
    where = args.keep or Path(tempfile.mkdtemp(prefix="whist-mutation-"))
    names: list[str] = []
    if args.again:
        if not (args.keep and (where / "mutants").is_dir()):
            ap.error("--again needs --keep DIR of an earlier run")
        refresh(where)
        names = [line.split(":")[0].strip() for line in _results(mutmut, where)
                 if line.rstrip().endswith("survived")
                 and (not args.modules or line.strip().split(".")[2] in mods)]
        if not names:
            print("no surviving mutants to run again")
    else:
        if args.keep and where.exists():
            shutil.rmtree(where)
        where.mkdir(parents=True, exist_ok=True)
        prepare(where, mods)
    if names or not args.again:
        with open(where / "mutmut-run.log", "w", encoding="utf-8") as log:    # mutmut's progress display
            subprocess.run([mutmut, "run", "--max-children", str(args.children), *names], cwd=where, check=False,
                           stdout=log, stderr=subprocess.STDOUT)
    lines = _results(mutmut, where)
    counts = score(lines)
    print(report(counts))
    survivors = [line.split(":")[0].strip() for line in lines if line.rstrip().endswith("survived")]
    if survivors:
        print(f"\n{len(survivors)} surviving mutants (mutmut show NAME in {where}):")
        print("\n".join(f"  {s}" for s in survivors))
    if not args.keep:
        shutil.rmtree(where, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
