"""The numbers the laws state outright (``kb/rules/constants.yaml``), asked without a hand: "How
many players can belong to one table?" is answered by the law's own number, with its law
(``kb.answering.checker`` builds the answer).

Said only when the question tells no hand (nothing read from it), asks for a number, the law
stating it is among the laws retrieved first, and both witnesses pick it: the question's dense
vector (reused from retrieval) is nearest to that constant's question among those of the laws
retrieved, and the asking clause shares a content word with it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import yaml

from kb.answering import asked
from kb.store import embeddings

CONSTANTS_FILE = Path(__file__).resolve().parents[1] / "rules" / "constants.yaml"
TOP_LAWS = asked.TOP_LAWS


@dataclass(frozen=True)
class Constant:
    id: str
    law: str
    value: int
    question: str
    words: str


@cache
def declared() -> tuple[Constant, ...]:
    return tuple(Constant(**d) for d in yaml.safe_load(CONSTANTS_FILE.read_text(encoding="utf-8")))


@cache
def _vectors() -> np.ndarray:
    vecs = embeddings.encode([c.question for c in declared()])
    return vecs / np.linalg.norm(vecs, axis=1, keepdims=True)


def asked_constant(question: str, results, code: str = "english") -> Constant | None:
    """The constant of the code asked that the question asks, or None (see the module's docstring)."""
    vec = getattr(results, "query_vector", None)
    if vec is None or not asked.asks_number(question):
        return None
    top = [h.id for h in results.laws[:TOP_LAWS]]
    pool = [(i, c) for i, c in enumerate(declared()) if c.law in top and c.law.split("/", 1)[0] == code]
    if not pool:
        return None
    sims = _vectors() @ np.asarray(vec, dtype="float32")
    _, best = max(pool, key=lambda x: (float(sims[x[0]]), x[1].id))
    if not asked.shares_content(question, best.question):
        return None
    return best
