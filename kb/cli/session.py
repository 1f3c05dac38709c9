"""What the commands share: the data directory, the store, the answerer, batch files, errors."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from kb.store import database as kbstore


class UserError(Exception):
    """A problem the user can fix; printed without a traceback."""


def data_dir(args) -> Path:
    return Path(args.data) if args.data else kbstore.DEFAULT_DATA_DIR


def open_store(args) -> kbstore.Store:
    try:
        return kbstore.Store(kbstore.db_path(data_dir(args)))
    except kbstore.KBMissing as e:
        raise UserError(str(e))


def print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def answerer(args):
    from kb.answering.answer import Answerer
    from kb.store.embeddings import StaleIndex
    kb = open_store(args)
    try:
        ans = Answerer(kb, dense=True)
    except StaleIndex as e:
        raise UserError(str(e))
    if ans.searcher.index_note:
        print(f"note: {ans.searcher.index_note}", file=sys.stderr)
    from kb.cli.build import is_current
    if not is_current(data_dir(args)):
        print("note: the knowledge base was built from a different corpus — run `whist ingest`",
              file=sys.stderr)
    return ans


def read_batch(path: str) -> list[dict]:
    rows = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rows.append({"id": row.get("id"), "question": str(row["question"])})
        except (json.JSONDecodeError, KeyError, AttributeError):
            raise UserError(f"{path}:{n}: expected a JSON object with \"id\" and \"question\"")
    return rows
