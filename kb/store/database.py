"""The SQLite store: records, citations, full-text index (FTS5), embeddings, build metadata.

Builds are atomic: everything is written to `<path>.tmp`, then renamed over `<path>`; a failed
build leaves the previous KB as it was.
"""
from __future__ import annotations

from contextlib import contextmanager
import json
import os
from pathlib import Path
import sqlite3
import tempfile

from ingest.records import Record

SCHEMA_VERSION = "4"     # 2: concordance_links (the concordance as a relation between laws); 3: cards;
                         # 4: decided_under (the laws a decided case rests on, from the rule examples)


def _default_data_dir() -> Path:
    """$WHIST_DATA, else data/ beside the project (a checkout), else the user's data directory
    ($XDG_DATA_HOME/whist or ~/.local/share/whist) for an installed wheel."""
    if os.environ.get("WHIST_DATA"):
        return Path(os.environ["WHIST_DATA"])
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file():
        return root / "data"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "whist"


DEFAULT_DATA_DIR = _default_data_dir()

_JSON_FIELDS = ("cites", "variants", "extra")
_COLUMNS = ("id", "type", "code", "number", "heading", "text", "raw", "source", "line_start",
            "line_end", "parent", "cites", "decision", "label", "page", "title", "variants", "extra")

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE records (
  ord INTEGER NOT NULL, id TEXT PRIMARY KEY, type TEXT NOT NULL, code TEXT, number TEXT,
  heading TEXT, text TEXT NOT NULL, raw TEXT NOT NULL, source TEXT NOT NULL,
  line_start INTEGER NOT NULL, line_end INTEGER NOT NULL, parent TEXT, cites TEXT NOT NULL,
  decision TEXT, label TEXT, page INTEGER, title TEXT, variants TEXT NOT NULL, extra TEXT NOT NULL,
  content_hash TEXT NOT NULL);
CREATE INDEX records_type ON records(type, code);
CREATE INDEX records_parent ON records(parent);
CREATE TABLE citations (src TEXT NOT NULL, dst TEXT NOT NULL, PRIMARY KEY (src, dst));
CREATE INDEX citations_dst ON citations(dst);
CREATE VIRTUAL TABLE records_fts USING fts5(
  id UNINDEXED, heading, text, decision, tokenize = 'porter unicode61');
CREATE TABLE cards (ord INTEGER NOT NULL, id TEXT PRIMARY KEY, law TEXT NOT NULL, text TEXT NOT NULL,
  content_hash TEXT NOT NULL);
CREATE VIRTUAL TABLE cards_fts USING fts5(id UNINDEXED, text, tokenize = 'porter unicode61');
CREATE TABLE embeddings (id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, model TEXT NOT NULL,
  vector BLOB NOT NULL);
CREATE TABLE warnings (n INTEGER PRIMARY KEY, message TEXT NOT NULL);
CREATE TABLE concordance (n INTEGER PRIMARY KEY, row TEXT NOT NULL);
CREATE TABLE concordance_links (n INTEGER PRIMARY KEY, a TEXT NOT NULL, b TEXT NOT NULL,
  type TEXT NOT NULL, link TEXT NOT NULL);
CREATE INDEX concordance_links_a ON concordance_links(a);
CREATE INDEX concordance_links_b ON concordance_links(b);
CREATE TABLE decided_under (src TEXT NOT NULL, law TEXT NOT NULL, example TEXT NOT NULL,
  PRIMARY KEY (src, law));
"""


class KBMissing(Exception):
    """There is no knowledge base at the given path (run `whist ingest`)."""


class KBDamaged(KBMissing):
    """The knowledge base file is there but unreadable: truncated, emptied, overwritten."""


class BuildBusy(Exception):
    """Another build holds the knowledge-base directory's lock for too long."""


LOCK_NAME = ".kb.lock"
BUILD_LOCK_TIMEOUT_S = float(os.environ.get("WHIST_BUILD_LOCK_TIMEOUT", 900))


@contextmanager
def build_lock(data_dir: Path, timeout: float | None = None, on_wait=None):
    """Hold the build lock of a knowledge-base directory (one build at a time, across
    processes). `on_wait(message)` is called once if another build holds it."""
    from filelock import FileLock, Timeout
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(data_dir / LOCK_NAME))
    timeout = BUILD_LOCK_TIMEOUT_S if timeout is None else timeout
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if on_wait:
            on_wait(f"another build of {data_dir} is running — waiting for it to finish")
        try:
            lock.acquire(timeout=timeout)
        except Timeout:
            raise BuildBusy(f"another build of {data_dir} has held its lock for over "
                            f"{timeout:.0f} s; try again when it has finished") from None
    try:
        yield
    finally:
        lock.release()


def check_file(path: Path) -> None:
    """Raise KBDamaged if the file is not a whole SQLite database (empty, truncated, garbage),
    from its header alone (cheap; the quick check on opening does the rest)."""
    try:
        size = path.stat().st_size
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as e:
        raise KBDamaged(f"cannot read the knowledge base at {path}: {e.strerror}") from None
    rebuild = "run `whist ingest` to rebuild it"
    if size == 0:
        raise KBDamaged(f"the knowledge base at {path} is empty — {rebuild}")
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        raise KBDamaged(f"{path} is not a knowledge base (not an SQLite database) — {rebuild}")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    counter_ok = head[24:28] == head[92:96]
    if page_size < 512 or (counter_ok and pages and size < pages * page_size):
        raise KBDamaged(f"the knowledge base at {path} is truncated ({size} bytes of "
                        f"{pages * page_size}) — {rebuild}")


def db_path(data_dir: Path = DEFAULT_DATA_DIR) -> Path:
    return Path(data_dir) / "kb.sqlite"


@contextmanager
def atomic_build(path: Path):
    """Yield a connection to a fresh database at path.tmp; on success rename it over path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # A temporary file of its own (two builds never share one; the build lock keeps them
    # apart anyway), in the same directory so that the rename is atomic.
    fd, name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    conn = sqlite3.connect(tmp)
    try:
        conn.executescript(SCHEMA)
        conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
        yield conn
        conn.commit()
        conn.close()
        os.chmod(tmp, 0o644)             # mkstemp made it private; the KB is for every reader
        os.replace(tmp, path)
    except BaseException:
        conn.close()
        tmp.unlink(missing_ok=True)
        raise


def write_records(conn: sqlite3.Connection, records: list[Record]) -> None:
    rows = []
    for i, r in enumerate(records):
        d = r.to_dict()
        rows.append((i, *[json.dumps(d[c], ensure_ascii=False) if c in _JSON_FIELDS else d[c]
                          for c in _COLUMNS], r.content_hash()))
    conn.executemany(f"INSERT INTO records (ord, {', '.join(_COLUMNS)}, content_hash) "
                     f"VALUES ({', '.join('?' * (len(_COLUMNS) + 2))})", rows)
    conn.executemany("INSERT OR IGNORE INTO citations VALUES (?, ?)",
                     [(r.id, c) for r in records for c in r.cites])
    conn.executemany("INSERT INTO records_fts (id, heading, text, decision) VALUES (?, ?, ?, ?)",
                     [(r.id, r.heading or "", t, r.decision or "") for r, t in _fts_texts(records)])


def write_cards(conn: sqlite3.Connection, cards) -> None:
    """The law cards' lines (ingest.law_cards): stored, and keyword-indexed apart from the records
    (their words do not change the records' term statistics)."""
    conn.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?)",
                     [(i, c.id, c.law, c.text, c.content_hash()) for i, c in enumerate(cards)])
    conn.executemany("INSERT INTO cards_fts (id, text) VALUES (?, ?)", [(c.id, c.text) for c in cards])


def _fts_texts(records: list[Record]):
    """The text each record is keyword-indexed by. A law whose sections are records of their
    own is indexed by its lead-in only ("The penalty for a revoke:"), so that its sections are
    not counted twice and the law is not drowned by its own length."""
    sections: dict[str, list[str]] = {}
    for r in records:
        if r.type == "section" and r.parent:
            sections.setdefault(r.parent, []).append(r.text)
    for r in records:
        text = r.text
        for sec in sections.get(r.id, []):
            text = text.replace(sec, " ")
        yield r, (text if text.strip() else r.text)


def write_meta(conn: sqlite3.Connection, meta: dict) -> None:
    conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                     [(k, json.dumps(v)) for k, v in meta.items()])


def write_warnings(conn: sqlite3.Connection, warnings: list[str]) -> None:
    conn.executemany("INSERT INTO warnings (message) VALUES (?)", [(w,) for w in warnings])


def write_concordance(conn: sqlite3.Connection, rows: list[dict], links: list[dict]) -> None:
    """The concordance: its rows (JSON, in order) and the links between laws they are built from."""
    conn.executemany("INSERT INTO concordance (n, row) VALUES (?, ?)",
                     [(i, json.dumps(r, ensure_ascii=False)) for i, r in enumerate(rows)])
    conn.executemany("INSERT INTO concordance_links (n, a, b, type, link) VALUES (?, ?, ?, ?, ?)",
                     [(i, x["a"], x["b"], x["type"], json.dumps(x, ensure_ascii=False))
                      for i, x in enumerate(links)])


def write_decided_under(conn: sqlite3.Connection, links: list[tuple[str, str, str]]) -> None:
    """(case or test id, law id, rule example name): the laws a decision rests on, as the rules
    model reproduces it (kb/rules/examples ``cites``). Kept apart from ``citations``, which are
    what the text itself cites: Drayson's case 97 names no law, yet is decided under American 20."""
    conn.executemany("INSERT OR IGNORE INTO decided_under VALUES (?, ?, ?)", links)


class Store:
    """Read access to a built knowledge base. Cheap to open: no model, no index.
    `repair_files=False`: a stale dense index is repaired in memory only, never written (a
    server over read-only files shared by replicas)."""

    def __init__(self, path: Path | None = None, repair_files: bool = True):
        self.path = Path(path) if path else db_path()
        self.repair_files = repair_files
        self._citing: dict[str, list[str]] | None = None
        if not self.path.exists():
            raise KBMissing(f"no knowledge base at {self.path} — run `whist ingest` first")
        if self.path.is_dir():
            raise KBMissing(f"{self.path} is a directory, not a knowledge base")
        check_file(self.path)
        try:
            self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            self.conn.row_factory = sqlite3.Row
            check = self.conn.execute("PRAGMA quick_check(1)").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError(check[0] if check else "quick check failed")
            tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master")}
            if not {"meta", "records", "records_fts", "cards", "cards_fts", "embeddings", "citations"} <= tables:
                raise sqlite3.DatabaseError("tables missing")
            version = self.meta().get("schema_version")
        except sqlite3.DatabaseError as e:
            raise KBDamaged(f"the knowledge base at {self.path} is damaged ({' '.join(str(e).split())}) — run "
                            f"`whist ingest` to rebuild it") from None
        if str(version) != SCHEMA_VERSION:
            raise KBMissing(f"knowledge base at {self.path} has schema {version}, expected "
                            f"{SCHEMA_VERSION} — run `whist ingest` to rebuild it")

    def close(self) -> None:
        self.conn.close()

    def meta(self) -> dict:
        out = {}
        for k, v in self.conn.execute("SELECT key, value FROM meta"):
            try:
                out[k] = json.loads(v)
            except json.JSONDecodeError:
                out[k] = v
        return out

    @staticmethod
    def _record(row: sqlite3.Row) -> Record:
        d = {c: row[c] for c in _COLUMNS}
        for c in _JSON_FIELDS:
            d[c] = json.loads(d[c])
        return Record.from_dict(d)

    def get(self, record_id: str) -> Record | None:
        row = self.conn.execute("SELECT * FROM records WHERE id = ?", (record_id,)).fetchone()
        return self._record(row) if row else None

    def all(self, type: str | None = None, code: str | None = None) -> list[Record]:
        sql, args = "SELECT * FROM records", []
        conds = []
        if type:
            conds.append("type = ?"); args.append(type)
        if code:
            conds.append("code = ?"); args.append(code)
        if conds:
            sql += " WHERE " + " AND ".join(conds)
        return [self._record(r) for r in self.conn.execute(sql + " ORDER BY ord", args)]

    def children(self, record_id: str) -> list[Record]:
        rows = self.conn.execute("SELECT * FROM records WHERE parent = ? ORDER BY ord", (record_id,))
        return [self._record(r) for r in rows]

    def cited_by(self, record_id: str) -> list[str]:
        """Ids of records citing this one (or one of its sections). The citations are read once
        per store, each under the record it names and every record above it ("english/72/II"
        under "english/72"): retrieval asks this for every law it ranks."""
        if self._citing is None:
            citing: dict[str, set[str]] = {}
            for src, dst in self.conn.execute("SELECT src, dst FROM citations"):
                parts = dst.split("/")
                for k in range(1, len(parts) + 1):
                    citing.setdefault("/".join(parts[:k]), set()).add(src)
            self._citing = {k: sorted(v) for k, v in citing.items()}
        return list(self._citing.get(record_id, ()))

    def decided_under(self) -> dict[str, list[str]]:
        """Case (or test) id -> the laws its decision rests on, by the rule examples (see
        ``write_decided_under``)."""
        out: dict[str, list[str]] = {}
        for src, law in self.conn.execute("SELECT src, law FROM decided_under ORDER BY src, law"):
            out.setdefault(src, []).append(law)
        return out

    def ids(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT id FROM records")}

    def law_numbers(self, code: str) -> list[str]:
        rows = self.conn.execute(
            "SELECT number FROM records WHERE type = 'law' AND code = ? ORDER BY ord", (code,))
        return [r[0] for r in rows]

    def counts(self) -> dict:
        laws = dict(self.conn.execute(
            "SELECT code, COUNT(*) FROM records WHERE type = 'law' GROUP BY code").fetchall())
        by_type = dict(self.conn.execute("SELECT type, COUNT(*) FROM records GROUP BY type").fetchall())
        return {
            "laws": laws,
            "sections": by_type.get("section", 0),
            "cases": by_type.get("case", 0),
            "tests": by_type.get("test", 0),
            "etiquette": by_type.get("etiquette", 0),
            "dummy": by_type.get("dummy", 0) + by_type.get("double-dummy", 0),
            "commentary": by_type.get("commentary", 0),
            "notes": by_type.get("note", 0) + by_type.get("footnote", 0),
            "records": sum(by_type.values()),
            "card_lines": self.conn.execute("SELECT COUNT(*) FROM cards").fetchone()[0],
            "citations": self.conn.execute("SELECT COUNT(*) FROM citations").fetchone()[0],
            "decided_under": self.conn.execute("SELECT COUNT(*) FROM decided_under").fetchone()[0],
            "warnings": self.conn.execute("SELECT COUNT(*) FROM warnings").fetchone()[0],
        }

    def warnings(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT message FROM warnings ORDER BY n")]

    def embeddings(self) -> dict[str, tuple[str, str, bytes]]:
        """id -> (content_hash, model, vector bytes)."""
        return {r[0]: (r[1], r[2], r[3]) for r in
                self.conn.execute("SELECT id, content_hash, model, vector FROM embeddings")}

    def content_hashes(self) -> list[tuple[str, str]]:
        """(id, content hash) of every item of the dense index: the records, then the cards' lines."""
        return [(r[0], r[1]) for r in self.conn.execute(
            "SELECT id, content_hash FROM records ORDER BY ord")] + \
            [(r[0], r[1]) for r in self.conn.execute("SELECT id, content_hash FROM cards ORDER BY ord")]

    def cards(self) -> dict[str, tuple[str, str]]:
        """Card line id -> (law id, text) (ingest.law_cards)."""
        return {r[0]: (r[1], r[2]) for r in self.conn.execute("SELECT id, law, text FROM cards ORDER BY ord")}

    def concordance(self) -> list[dict]:
        return [json.loads(r[0]) for r in self.conn.execute("SELECT row FROM concordance ORDER BY n")]

    def concordance_links(self, law_id: str | None = None) -> list[dict]:
        """The links between laws of two codes (kb.present.concordance), every one or those of one
        law (its sections included: "english/72/IV" is english/72's)."""
        if law_id is None:
            rows = self.conn.execute("SELECT link FROM concordance_links ORDER BY n")
        else:
            law = "/".join(law_id.split("/")[:2])
            rows = self.conn.execute("SELECT link FROM concordance_links WHERE a = ? OR b = ? ORDER BY n",
                                     (law, law))
        return [json.loads(r[0]) for r in rows]

    def fts(self, match: str, limit: int) -> list[tuple[str, float]]:
        """(id, bm25 score: higher is better) for an FTS5 MATCH expression."""
        rows = self.conn.execute(
            "SELECT id, bm25(records_fts, 0.0, 0.5, 1.0, 0.8) AS s FROM records_fts "
            "WHERE records_fts MATCH ? ORDER BY s LIMIT ?", (match, limit))
        return [(r[0], -r[1]) for r in rows]

    def fts_cards(self, match: str, limit: int) -> list[tuple[str, float]]:
        """(card line id, bm25 score: higher is better) for an FTS5 MATCH expression."""
        rows = self.conn.execute("SELECT id, bm25(cards_fts) AS s FROM cards_fts WHERE cards_fts MATCH ? "
                                 "ORDER BY s LIMIT ?", (match, limit))
        return [(r[0], -r[1]) for r in rows]
