"""`whist api`: the knowledge base as a read-only HTTP JSON API (FastAPI + uvicorn).

    GET  /ask?q=QUESTION[&fact=PATH=VALUE ...]   one answer: the JSON contract of `whist ask --json`
    POST /ask        [{"id", "question"}, ...]    a batch: one answer or {"id", "error"} per item
    GET  /law/{code}/{n}                          a law ("english/72", "american/30", "revised/12a",
                                                  "english/etiquette/III"; ?section=IV)
    GET  /case/{n}, GET /test/{n}                 one of Drayson's cases or test questions
    GET  /health                                  {"status": "ok", ...} once the model is loaded
    GET  /docs, /openapi.json                     the OpenAPI description

Stateless and read-only: every request is answered from the knowledge-base files alone (opened
read-only; nothing is written, not even a repaired dense index), so any number of replicas,
each with a copy of the files, can stand behind any HTTP load balancer. The model and the index
are loaded before the server listens: the first answer is as fast as the next.
"""
from __future__ import annotations

from pathlib import Path
import sys
import threading
import time

from fastapi import Body, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from kb.cli.session import (NotFound, UserError, answer_row, batch_row, drayson_id, error_row,
                            law_id, law_view, parse_facts, printable, record_view, warm)
from kb.store import database as kbstore

MAX_BATCH = 200
MAX_QUESTION_PARAM = 20_000


def _error(status: int, message: str, **extra) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


class Service:
    """What the endpoints share: one store and one answerer, used one request at a time
    (the model runs on one thread; requests queue on the lock, /health does not)."""

    def __init__(self, data_dir: Path):
        from kb.answering.answer import Answerer
        from kb.store.embeddings import StaleIndex, model_name
        t0 = time.perf_counter()
        self.store = kbstore.Store(kbstore.db_path(Path(data_dir)), repair_files=False)
        try:
            self.answerer = Answerer(self.store, dense=True)
        except StaleIndex as e:
            raise UserError(str(e))
        if self.answerer.searcher.index_note:
            print(f"note: {self.answerer.searcher.index_note}", file=sys.stderr)
        warm(self.answerer)                          # the first answer of a shape is slow
        self.lock = threading.Lock()
        meta = self.store.meta()
        self.info = {"status": "ok", "records": self.store.counts()["records"],
                     "built_at": meta.get("built_at"), "model": model_name(),
                     "corpus_fingerprint": meta.get("corpus_fingerprint"),
                     "startup_s": round(time.perf_counter() - t0, 2)}


def create_app(data_dir: Path, service: Service | None = None) -> FastAPI:
    """The FastAPI application over the KB in data_dir (loads the model now, unless given a
    Service already loaded)."""
    svc = service or Service(data_dir)
    app = FastAPI(title="Whist laws API", version="1",
                  description="The laws of whist: answers with cited law text, laws, Drayson's "
                              "cases and tests. Read-only and stateless.")
    app.state.service = svc

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError):
        errors = [{"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg", "")}
                  for e in exc.errors()]
        return _error(422, "invalid request: " + "; ".join(
            f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors), detail=errors)

    @app.exception_handler(Exception)
    async def _internal(_request: Request, exc: Exception):
        print(f"whist api: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return _error(500, f"internal error ({type(exc).__name__})")

    @app.get("/health", summary="Ready: the knowledge base and the model are loaded")
    def health() -> dict:
        return svc.info

    @app.get("/ask", summary="Answer one question (the JSON contract of `whist ask --json`)")
    def ask(q: str = Query(..., description="the question, or a reference such as 'law 72'"),
            fact: list[str] = Query([], description="a fact of the hand: PATH=VALUE, repeatable")):
        if len(q) > MAX_QUESTION_PARAM:
            return _error(413, f"the question is longer than {MAX_QUESTION_PARAM} characters")
        try:
            facts = parse_facts(fact)
        except UserError as e:
            return _error(400, str(e))
        with svc.lock:
            out = answer_row(svc.answerer, {"id": None, "question": q}, facts)
        if "error" in out:
            status = 500 if out["error"].startswith("internal error") else 400
            return JSONResponse(out, status_code=status)
        return out

    @app.post("/ask", summary="Answer a batch: [{\"id\", \"question\"}, ...] (at most 200)")
    def ask_batch(items: list = Body(..., description='[{"id": "a", "question": "law 72"}, ...]')):
        if len(items) > MAX_BATCH:
            return _error(413, f"a batch holds at most {MAX_BATCH} questions; got {len(items)}")
        out = []
        for n, item in enumerate(items, 1):
            row = batch_row(item, n, what="item")
            if "error" in row:
                out.append(error_row(row["id"], row["error"], n))
                continue
            with svc.lock:
                out.append(answer_row(svc.answerer, row))
        return out

    @app.get("/law/{code}/{number:path}", summary="A law with its sections, what it cites and "
                                                  "what cites it, the rules modelling it, its links "
                                                  "to the other codes")
    def law(code: str, number: str, section: str | None = None):
        try:
            with svc.lock:
                return printable(law_view(svc.store, law_id(svc.store, code, number, section)))
        except NotFound as e:
            return _error(404, str(e))
        except UserError as e:
            return _error(400 if "unknown code" not in str(e) else 404, str(e))

    def _drayson(kind: str, n: str):
        try:
            with svc.lock:
                return record_view(svc.store, drayson_id(svc.store, kind, n))
        except UserError as e:
            return _error(404, printable(str(e)))

    @app.get("/case/{n}", summary="One of Drayson's decided cases (1-154)")
    def case(n: str):
        return _drayson("case", n)

    @app.get("/test/{n}", summary="One of Drayson's test questions (1-25)")
    def test(n: str):
        return _drayson("test", n)

    return app


def serve(data_dir: Path, host: str = "127.0.0.1", port: int = 8000,
          log_level: str = "warning") -> int:
    """Load everything, then listen (uvicorn stops cleanly on SIGTERM and SIGINT)."""
    import signal
    import uvicorn
    signal.signal(signal.SIGHUP, lambda *_: signal.raise_signal(signal.SIGTERM))
    app = create_app(data_dir)
    print(f"whist api: {app.state.service.info['records']} records, model loaded in "
          f"{app.state.service.info['startup_s']}s; listening on http://{host}:{port} "
          f"(docs at /docs)", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=False)
    return 0
