"""The layout enforces the flow: corpus -> ingest -> kb.store -> kb.retrieval -> kb.rules ->
kb.nlu -> kb.answering -> kb.present -> kb.cli -> app. A module imports only from its own
layer or the layers below (imports inside functions count too), modules never import each
other in a circle, and no module reaches for another module's private names."""
from __future__ import annotations

import ast
import fnmatch
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["ingest", "kb", "kb.codes", "kb.store", "kb.retrieval", "kb.rules", "kb.nlu", "kb.answering",
          "kb.present", "kb.cli", "kb.__main__", "app"]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> int | None:
    best = None
    for i, prefix in enumerate(LAYERS):
        if module == prefix or (prefix != "kb" and module.startswith(prefix + ".")):
            best = i
    return best


def _sources() -> dict[str, ast.Module]:
    out = {}
    for top in ("ingest", "kb", "app"):
        for path in sorted((ROOT / top).rglob("*.py")):
            out[_module(path)] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return out


def _imports(module: str, tree: ast.Module, known: set[str]) -> list[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every import of the project's code."""
    out = []
    package = module if any(k.startswith(module + ".") for k in known) else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names if _layer(a.name) is not None]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            if _layer(base) is None:
                continue
            for a in node.names:     # "from kb.rules import engine" imports a module
                target = f"{base}.{a.name}"
                out.append((target, [], node.lineno) if target in known else (base, [a.name], node.lineno))
    return out


SOURCES = _sources()
KNOWN = set(SOURCES)
GRAPH = {m: _imports(m, t, KNOWN) for m, t in SOURCES.items()}


def test_every_module_has_a_layer():
    assert not [m for m in KNOWN if _layer(m) is None]


@pytest.mark.parametrize("module", sorted(KNOWN))
def test_imports_go_down_the_flow(module):
    mine = _layer(module)
    up = [f"line {line}: {target}" for target, _, line in GRAPH[module] if _layer(target) > mine]
    assert not up, f"{module} imports from a layer above it: {up}"


@pytest.mark.parametrize("module", sorted(KNOWN))
def test_no_private_names_across_modules(module):
    bad = [f"line {line}: {target}.{n}" for target, names, line in GRAPH[module]
           for n in names if n.startswith("_") and target != module]
    tree = SOURCES[module]
    aliases = {a.asname or a.name.rpartition(".")[2]: t for t, _, _ in GRAPH[module]
               for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for a in node.names if f"{node.module}.{a.name}" == t}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.attr.startswith("_") and not node.attr.startswith("__")):
            bad.append(f"line {node.lineno}: {aliases[node.value.id]}.{node.attr}")
    assert not bad, f"{module} uses private names of other modules: {bad}"


def test_no_import_cycles():
    edges = {m: {t if t in KNOWN else t.rpartition(".")[0] if t.rpartition(".")[0] in KNOWN else t
                 for t, _, _ in GRAPH[m]} & KNOWN - {m} for m in KNOWN}
    # package __init__ modules that only re-export are allowed to import their children
    for m in KNOWN:
        edges[m] = {t for t in edges[m] if not t.startswith(m + ".")}
    state: dict[str, int] = {}
    cycles = []

    def visit(m, path):
        state[m] = 1
        for t in sorted(edges[m]):
            if state.get(t) == 1:
                cycles.append(path[path.index(t):] + [t] if t in path else [m, t])
            elif t not in state:
                visit(t, path + [t])
        state[m] = 2

    for m in sorted(KNOWN):
        if m not in state:
            visit(m, [m])
    assert not cycles, f"import cycles: {cycles}"


def test_pyproject_lists_every_package_and_ships_the_corpus():
    """The wheel's package list is written out (the corpus ships as ``ingest.sources``): a new
    sub-package missing from it would be left out of an installed wheel."""
    import tomllib
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    tree = {str(p.parent.relative_to(ROOT)).replace("/", ".")
            for top in ("app", "ingest", "kb") for p in (ROOT / top).rglob("__init__.py")}
    assert set(conf["packages"]) == tree | {"ingest.sources"}
    assert conf["package-dir"]["ingest.sources"] == "corpus"
    shipped = conf["package-data"]["ingest.sources"]
    manifest = json.loads((ROOT / "corpus" / "manifest.json").read_text(encoding="utf-8"))
    names = [s["file"] for s in manifest["sources"]] + [c["file"] for c in manifest.get("curated", [])]
    assert names and all(any(fnmatch.fnmatch(n, pat) for pat in shipped) for n in names + ["manifest.json"])
