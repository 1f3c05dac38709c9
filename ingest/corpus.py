"""The source corpus: the manifest, and the refusal of any file that is not byte for byte the one listed."""
from __future__ import annotations

from dataclasses import dataclass
import hashlib
import json
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "corpus"


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


def load_manifest(corpus_dir: Path = DEFAULT_CORPUS) -> list[Source]:
    manifest = corpus_dir / "manifest.json"
    if not manifest.exists():
        raise CorpusError(f"no manifest at {manifest}")
    data = json.loads(manifest.read_text(encoding="utf-8"))
    return [
        Source(key=s["key"], path=corpus_dir / s["file"], title=s["title"], author=s["author"],
               year=s["year"], codes=tuple(s["codes"]), sha256=s["sha256"], size=s["bytes"],
               holds=s["holds"], condition=s["condition"], original=s["original"])
        for s in data["sources"]
    ]


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def verify(sources: list[Source]) -> None:
    """Raise CorpusError naming every file that is missing or differs from the manifest."""
    problems = []
    for s in sources:
        if not s.path.exists():
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


def fingerprint(sources: list[Source]) -> str:
    """One hash for the whole corpus, stored in the KB to detect a stale build."""
    return hashlib.sha256("".join(s.sha256 for s in sources).encode()).hexdigest()[:16]
