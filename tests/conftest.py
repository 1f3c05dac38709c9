"""Shared fixtures: one knowledge base built from the real corpus, once per test session."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
DEV_QUESTIONS = ROOT.parent / "shared" / "eval" / "dev_questions.jsonl"


@pytest.fixture(scope="session")
def kb_dir(tmp_path_factory) -> Path:
    """A KB built from the project's corpus (with embeddings) in a scratch directory."""
    from kb.cli.build import build
    data = tmp_path_factory.mktemp("kb")
    build(data, CORPUS, progress=False)
    return data


@pytest.fixture(scope="session")
def kb(kb_dir):
    from kb.store.database import Store, db_path
    store = Store(db_path(kb_dir))
    yield store
    store.close()


@pytest.fixture(scope="session")
def records(kb):
    return {r.id: r for r in kb.all()}


@pytest.fixture(scope="session")
def answerer(kb):
    from kb.answering.answer import Answerer
    return Answerer(kb)
