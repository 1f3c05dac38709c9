"""The source corpus: the manifest, and the refusal of any file that is not byte for byte the one listed."""
from __future__ import annotations

from dataclasses import dataclass
import hashlib
import json
import os
from pathlib import Path



def _default_corpus() -> Path:
    """$WHIST_CORPUS, else the project's corpus/ (a checkout), else the copy an installed wheel
    carries as the package data ``ingest/sources``."""
    if os.environ.get("WHIST_CORPUS"):
        return Path(os.environ["WHIST_CORPUS"])
    checkout = Path(__file__).resolve().parent.parent / "corpus"
    return checkout if checkout.is_dir() else Path(__file__).resolve().parent / "sources"


DEFAULT_CORPUS = _default_corpus()


class CorpusError(Exception):
    """A corpus file is missing, truncated or altered."""


@dataclass(frozen=True)
class Source:
    key: str
    path: Path
    title: str
    author: str
    year: int
    codes: tuple[str, ...]
    sha256: str
    size: int
    holds: str
    condition: str
    original: str


@dataclass(frozen=True)
class Curated:
    """Curated data that is not source text (concordance overrides), checked like a source."""
    key: str
    path: Path
    holds: str
    sha256: str
    size: int


def _read_manifest(corpus_dir: Path) -> dict:
    manifest = Path(corpus_dir) / "manifest.json"
    if not manifest.is_file():
        raise CorpusError(f"no manifest at {manifest}")
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise CorpusError(f"{manifest} is not a readable JSON manifest ({e}) — restore it "
                          f"from the project") from None
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        raise CorpusError(f"{manifest}: expected an object with a \"sources\" list")
    return data


def _entries(corpus_dir: Path, data: dict, key: str, make) -> list:
    out = []
    for i, s in enumerate(data.get(key) or []):
        try:
            out.append(make(s))
        except (KeyError, TypeError, ValueError) as e:
            raise CorpusError(f"{Path(corpus_dir) / 'manifest.json'}: {key}[{i}] is incomplete "
                              f"or malformed ({type(e).__name__}: {e})") from None
    return out


def load_manifest(corpus_dir: Path = DEFAULT_CORPUS) -> list[Source]:
    """The source texts the manifest lists. Raises CorpusError on a missing or broken manifest."""
    corpus_dir = Path(corpus_dir)
    return _entries(corpus_dir, _read_manifest(corpus_dir), "sources", lambda s: Source(
        key=str(s["key"]), path=corpus_dir / _plain_name(s["file"]), title=s["title"],
        author=s["author"], year=int(s["year"]), codes=tuple(s["codes"]), sha256=str(s["sha256"]),
        size=int(s["bytes"]), holds=s["holds"], condition=s["condition"], original=s["original"]))


def load_curated(corpus_dir: Path = DEFAULT_CORPUS) -> list[Curated]:
    """The curated data files the manifest lists (e.g. concordance_overrides.yaml)."""
    corpus_dir = Path(corpus_dir)
    return _entries(corpus_dir, _read_manifest(corpus_dir), "curated", lambda s: Curated(
        key=str(s["key"]), path=corpus_dir / _plain_name(s["file"]), holds=s.get("holds", ""),
        sha256=str(s["sha256"]), size=int(s["bytes"])))


def curated_file(corpus_dir: Path, key: str) -> Path | None:
    """The path of a curated file of this corpus, if its manifest lists one under `key`."""
    return next((c.path for c in load_curated(corpus_dir) if c.key == key), None)


def _plain_name(name) -> str:
    name = str(name)
    if not name or Path(name).name != name or name in (".", ".."):
        raise ValueError(f"file {name!r} must be a plain file name inside the corpus directory")
    return name


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def verify(sources: list[Source] | list[Curated]) -> None:
    """Raise CorpusError naming every file that is missing or differs from the manifest."""
    problems = []
    for s in sources:
        if not s.path.is_file():
            problems.append(f"{s.path.name}: missing")
            continue
        size = s.path.stat().st_size
        digest = sha256_of(s.path)
        if digest != s.sha256:
            how = "truncated or altered" if size < s.size else "altered"
            problems.append(f"{s.path.name}: {how} (sha256 {digest[:12]}…, expected {s.sha256[:12]}…;"
                            f" {size} bytes, expected {s.size})")
    if problems:
        raise CorpusError("corpus check failed — refusing to ingest:\n  " + "\n  ".join(problems))


def fingerprint(sources: list[Source], curated: list[Curated] = ()) -> str:
    """One hash for the whole corpus (source texts and curated data), stored in the KB to
    detect a stale build."""
    return hashlib.sha256("".join(s.sha256 for s in [*sources, *curated]).encode()).hexdigest()[:16]
