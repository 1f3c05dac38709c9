"""What the commands share: the data directory, the store, the answerer, batch files, errors,
and the one place a question is checked and answered without ever raising (`answer_row`)."""
from __future__ import annotations

import json
import re
import sys
import traceback
from pathlib import Path

from kb.codes import ORDER as CODES, from_alias
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


# --- records a user names -----------------------------------------------------------------
def record_view(kb: kbstore.Store, rid: str) -> dict:
    rec = kb.get(rid)
    d = rec.to_dict()
    d["sections"] = [s.to_dict() for s in kb.children(rid) if s.type == "section"]
    d["notes"] = [s.to_dict() for s in kb.children(rid) if s.type != "section"]
    d["cited_by"] = kb.cited_by(rid)
    if rec.type in ("case", "test"):
        d["decided_under"] = kb.decided_under().get(rid, [])
    return d


def parse_facts(items: list[str]) -> dict:
    """["revoke.trick_turned_and_quitted=yes", "score.AB=3"] -> {path: value}; yes/no are
    booleans, digits numbers."""
    from kb.rules.situation import parse_fact_value
    out = {}
    for item in items:
        path, sep, value = item.partition("=")
        if not sep or not path.strip():
            raise UserError(f"--fact {item!r}: expected PATH=VALUE, e.g. revoke.trick_turned_and_quitted=yes")
        out[path.strip()] = parse_fact_value(value)
    return out


class NotFound(UserError):
    """The record asked for does not exist (the message names the nearest ones)."""


def law_id(kb: kbstore.Store, code_word: str | None, number: str, section: str | None = None) -> str:
    """The id of an existing law from a user's words ("american", "30"; "english", "44", "iv";
    "revised", "12A"; "english", "etiquette/iii"; no code word: English, or the code the number's
    own words name, "American law 30", "revised 37", "L. 8", "case 93"). Raises UserError (unknown code) or NotFound
    naming the nearest laws."""
    if code_word is None:
        code_word = "english"
        if not re.fullmatch(r"[\w/]+\.?", number.strip()):    # a whole reference: "American law 30", "L. 8"
            from kb.retrieval.resolver import Resolver
            ref = Resolver.from_store(kb).lookup(number)
            if ref is None or not (ref.ids or ref.missing):
                raise UserError(f"not a law reference: {number!r} (try: whist law american 30, or whist law "
                                f"'American law 30')")
            if not ref.ids:
                raise NotFound(f"{ref.missing[0]} does not exist; nearest: {', '.join(ref.nearest) or 'none'}")
            return ref.ids[0] + (f"/{section.strip().upper()}" if section else "")
    code = from_alias(code_word)
    if code is None:
        raise UserError(f"unknown code {code_word!r}: choose one of {', '.join(CODES)}")
    # "72", "12A" -> "12a"; "0072" -> "72"; "etiquette/iii" -> "etiquette/III" (roman upper-case)
    parts = []
    for p in number.strip().rstrip(".").split("/"):
        if re.fullmatch(r"[ivxIVX]+", p):
            p = p.upper()
        elif m := re.fullmatch(r"(\d+)([a-zA-Z]?)", p):
            p = (m.group(1).lstrip("0") or "0") + m.group(2).lower()
        else:
            p = p.lower()
        parts.append(p)
    number = "/".join(parts)
    rid = f"{code}/{number}"
    if section:
        rid += "/" + section.strip().upper()
    if kb.get(rid) is None:
        from kb.retrieval.resolver import Resolver
        near = Resolver.from_store(kb).nearest_law(code, number)
        numbers = kb.law_numbers(code)
        shown = rid if len(rid) <= 60 else rid[:57] + "…"
        raise NotFound(f"{shown} does not exist ({code} has laws {numbers[0]}-{numbers[-1]}); "
                       f"nearest: {', '.join(near) or 'none'}")
    return rid


def drayson_id(kb: kbstore.Store, kind: str, number: str | int) -> str:
    """drayson/case/N or drayson/test/N if it exists, else NotFound with the range."""
    text = str(number).strip()
    n = int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else None
    rid = f"drayson/{kind}/{n}"
    if n is None or kb.get(rid) is None:
        top = kb.counts()["tests" if kind == "test" else "cases"]
        shown = text if len(text) <= 30 else text[:27] + "…"
        raise NotFound(f"there is no {kind} {shown}: Drayson's {kind}s run from 1 to {top}")
    return rid


def print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def needs_model(store: kbstore.Store, questions: list[str]) -> bool:
    """False when every question is answered without the embedding model: a look-up
    ("law 72", "case 93", "English law 400") or no question at all. Mirrors the first steps
    of Answerer._answer (clean the text; no letter or digit: a prompt; a reference: a look-up)."""
    from kb.answering.answer import clean_question
    from kb.retrieval.resolver import Resolver
    resolver = None
    for q in questions:
        text, _ = clean_question(q)
        if not re.search(r"[A-Za-z0-9]", text):
            continue
        resolver = resolver or Resolver.from_store(store)
        if resolver.lookup(text) is None:
            return True
    return False


def answerer(args, questions: list[str] | None = None, quiet: bool = False):
    """The Answerer over the KB of `args`. Given the questions it will be asked, it loads the
    embedding model only if one of them needs it (look-ups never do)."""
    from kb.answering.answer import Answerer
    from kb.store.embeddings import StaleIndex
    kb = open_store(args)
    dense = True if questions is None else needs_model(kb, questions)
    try:
        ans = Answerer(kb, dense=dense)
    except StaleIndex as e:
        raise UserError(str(e))
    if ans.searcher.index_note and not quiet:
        print(f"note: {ans.searcher.index_note}", file=sys.stderr)
    from ingest.corpus import CorpusError
    from kb.cli.build import is_current
    try:
        current = is_current(data_dir(args))
    except CorpusError as e:
        current, why = False, f"the corpus manifest cannot be read ({str(e).splitlines()[0]})"
    else:
        why = "the knowledge base was built from a different corpus — run `whist ingest`"
    if not current and not quiet:
        print(f"note: {why}", file=sys.stderr)
    return ans


# Questions of each shape the answerer treats differently (a statement, a yes/no question, which
# loads the precedent reader, an off-topic one, a look-up): answering them once loads every lazy
# part, process-wide, so that a server's first real answer is as fast as the next.
WARM_QUESTIONS = ("my partner led out of turn",
                  "Can a revoke be claimed after the cards are cut for the next deal?",
                  "What is the capital of France?", "law 72")


def warm(ans) -> None:
    for q in WARM_QUESTIONS:
        ans.ask(q)


# --- questions: checked, then answered one by one ----------------------------------------
MAX_BATCH_LINE_BYTES = 1 << 20


def text_problem(text) -> str | None:
    """Why a question cannot be read as text, or None. Invalid UTF-8 reaches Python as lone
    surrogates (argv bytes via surrogateescape, "\\ud800" escapes in JSON)."""
    if not isinstance(text, str):
        return f"the question must be a string, not {type(text).__name__}"
    for i, ch in enumerate(text):
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:
            return (f"the question is not valid UTF-8 text (byte 0x{o - 0xDC00:02x} at "
                    f"character {i + 1})")
        if 0xD800 <= o <= 0xDFFF:
            return f"the question is not valid Unicode text (a lone surrogate at character {i + 1})"
    return None


def printable(value):
    """A JSON value made safe to print as UTF-8 (lone surrogates become U+FFFD)."""
    if isinstance(value, str):
        return re.sub("[\ud800-\udfff]", "\ufffd", value)
    if isinstance(value, list):
        return [printable(v) for v in value]
    if isinstance(value, dict):
        return {printable(k): printable(v) for k, v in value.items()}
    return value


def error_row(qid, why: str, line: int | None = None) -> dict:
    row = {"id": printable(qid), "error": why}
    if line is not None:
        row["line"] = line
    return row


def answer_row(ans, row: dict, facts: dict | None = None) -> dict:
    """The answer to one batch row ({"id", "question"}) or its error object
    ({"id", "error"}): never raises, so that one question never stops a batch. An exception
    inside the answerer is reported in the row (and its traceback on stderr)."""
    if "error" in row:
        return error_row(row.get("id"), row["error"], row.get("line"))
    problem = text_problem(row.get("question"))
    if problem:
        return error_row(row.get("id"), problem, row.get("line"))
    try:
        return printable(ans.ask(row["question"], row.get("id"), facts=facts or {}))
    except Exception as e:   # a defect below the command line: report it, answer the rest
        print(f"whist: internal error on question {printable(row.get('id'))!r}:\n"
              + traceback.format_exc(limit=-3), file=sys.stderr)
        return error_row(row.get("id"), f"internal error while answering ({type(e).__name__}: "
                                        f"{printable(str(e))[:200]})", row.get("line"))


def parse_batch_line(raw: bytes, n: int) -> dict | None:
    """One line of a batch file -> {"id", "question", "line"} or {"id", "error", "line"};
    None for a blank line."""
    if len(raw) > MAX_BATCH_LINE_BYTES:
        return {"id": None, "error": f"line {n} is longer than {MAX_BATCH_LINE_BYTES} bytes", "line": n}
    try:
        line, utf8 = raw.decode("utf-8"), True
    except UnicodeDecodeError:
        line, utf8 = raw.decode("utf-8", "replace"), False
    if not line.strip():
        return None
    try:
        row = json.loads(line)
    except (ValueError, RecursionError):
        row = None
    if not utf8:
        qid = batch_id(row.get("id")) if isinstance(row, dict) else None
        return {"id": qid, "error": f"line {n} is not UTF-8 text", "line": n}
    return batch_row(row, n)


def batch_id(qid):
    """An id as given (string, number, null); anything else as its JSON text."""
    if isinstance(qid, (dict, list)):
        return json.dumps(qid, ensure_ascii=False)[:200]
    return qid


def batch_row(row, n: int, what: str = "line") -> dict:
    """A decoded batch item -> {"id", "question", "line"} or {"id", "error", "line"}."""
    if not isinstance(row, dict):
        return {"id": None, "error": f'{what} {n} is not a JSON object with "id" and "question"',
                "line": n}
    qid = batch_id(row.get("id"))
    question = row.get("question")
    if isinstance(question, (int, float)) and not isinstance(question, bool):
        question = str(question)
    if not isinstance(question, str):
        why = 'has no "question"' if question is None else '"question" is not a string'
        return {"id": qid, "error": f"{what} {n} {why}", "line": n}
    return {"id": qid, "question": question, "line": n}


def read_batch(path: str) -> list[dict]:
    """Every line of a JSONL batch file ("-": standard input), parsed on its own: a line that
    cannot be read becomes an error row ({"id", "error", "line"}); the others
    {"id", "question", "line"}. Raises UserError only when the file cannot be read at all."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except IsADirectoryError:
        raise UserError(f"cannot read {path}: it is a directory")
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror or e}")
    rows = []
    for n, raw in enumerate(data.split(b"\n"), 1):
        row = parse_batch_line(raw.rstrip(b"\r"), n)
        if row is not None:
            rows.append(row)
    return rows


def law_view(kb: kbstore.Store, rid: str) -> dict:
    """A law as `whist law` and the HTTP API show it: the record view, the rules that model it
    and their examples ("modelled_by", "scenarios"), its links to the other codes and what a
    code with no such law does instead."""
    from kb.rules import trace
    view = record_view(kb, rid)
    view.update(trace.law_trace(view["id"]))
    if _law_of(kb, view["id"]):
        view["links"] = law_links(kb, view["id"])
        view["instead"] = law_instead(kb, view["id"])
    return view


def law_links(kb: kbstore.Store, rid: str) -> list[dict]:
    """The concordance links of a law (or of the law a section belongs to), seen from it:
    ``[{"law", "type", "confidence", "method", "evidence", "reason"?}]``."""
    from kb.present.concordance import links_of
    law = _law_of(kb, rid)
    return links_of(kb.concordance_links(law), law) if law else []


def law_instead(kb: kbstore.Store, rid: str) -> dict[str, str]:
    """For each code the law has no link to, what that code does instead (from its row)."""
    law = _law_of(kb, rid)
    if not law:
        return {}
    from kb.present.concordance import load_rows
    code, n = law.split("/", 1)
    out: dict[str, str] = {}
    for row in load_rows(kb):
        if n in row.numbers(code):
            for c, text in row.instead.items():
                out.setdefault(c, text)
    return out


def _law_of(kb: kbstore.Store, rid: str) -> str | None:
    """The numbered law a law or section id belongs to (None for etiquette, dummy ...)."""
    law = "/".join(rid.split("/")[:2])
    rec = kb.get(law)
    return law if rec is not None and rec.type == "law" and rec.code in CODES else None
