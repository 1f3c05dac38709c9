"""`whist api`: a real uvicorn process on 127.0.0.1 (a free port) over the session KB."""
from __future__ import annotations

import json
import signal

import httpx
import pytest

from kb.cli.benchmark import _free_port, load, start_api, stop_api


@pytest.fixture(scope="module")
def api(kb_dir):
    proc, url, ready = start_api(kb_dir)
    print(f"\nwhist api ready in {ready:.1f} s")
    with httpx.Client(base_url=url, timeout=60) as client:
        client.proc = proc
        yield client
    stop_api(proc)


def test_health_once_loaded(api):
    r = api.get("/health")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["records"] == 631 and body["model"]


def test_ask_gives_the_answer_contract(api):
    r = api.get("/ask", params={"q": "Can a revoke be claimed after the cut for the next deal?"})
    out = r.json()
    assert r.status_code == 200
    assert {"id", "answer", "laws", "cases", "verdict", "checker"} <= set(out)
    assert out["laws"] and {"code", "law", "score"} <= set(out["laws"][0])
    assert out["checker"]["status"] in ("confirmed", "contradicted", "insufficient-facts", "not-covered")


def test_ask_look_up_and_odd_questions(api):
    assert "English law 72" in api.get("/ask", params={"q": "law 72"}).json()["answer"]
    assert "There is no english/1072" in api.get("/ask", params={"q": "law 1072"}).json()["answer"]
    assert "drayson/case/-1" in api.get("/ask", params={"q": "case -1"}).json()["answer"]
    assert api.get("/ask?q=%FF%FE").status_code == 200                 # bad UTF-8: replaced, answered
    assert api.get("/ask", params={"q": ""}).json()["laws"] == []
    assert api.get("/ask", params={"q": "<script>alert(1)</script> revoke"}).status_code == 200
    r = api.get("/ask")
    assert r.status_code == 422 and "q" in r.json()["error"]
    r = api.get("/ask", params={"q": "revoke", "fact": "nonsense"})
    assert r.status_code == 400 and "PATH=VALUE" in r.json()["error"]


def test_ask_batch_answers_each_item(api):
    items = [{"id": "a", "question": "law 72"}, {"id": "b"}, 5,
             {"id": "c", "question": "bad \ud800 surrogate"},
             {"id": "d", "question": "my partner led out of turn"}]
    r = api.post("/ask", content=json.dumps(items), headers={"content-type": "application/json"})
    rows = r.json()
    assert r.status_code == 200 and [row["id"] for row in rows] == ["a", "b", None, "c", "d"]
    assert "answer" in rows[0] and "answer" in rows[4]
    assert "question" in rows[1]["error"] and "not a JSON object" in rows[2]["error"]
    assert "surrogate" in rows[3]["error"]
    assert api.post("/ask", json=[{"id": i, "question": "law 1"} for i in range(201)]).status_code == 413
    assert api.post("/ask", json={"id": "a"}).status_code == 422


def test_records(api):
    law = api.get("/law/english/72").json()
    # as `whist law --json` shows it: the rules modelling it and its links to the other codes
    assert law["modelled_by"] and any(x["law"] == "american-1894/30" and x["type"] for x in law["links"])
    assert law["id"] == "english/72" and [s["number"] for s in law["sections"]] == ["I", "II", "III", "IV", "V"]
    assert api.get("/law/american/30").json()["id"] == "american-1894/30"
    assert api.get("/law/revised/12A").json()["id"] == "english-revised/12a"
    assert api.get("/law/english/44", params={"section": "iv"}).json()["id"] == "english/44/IV"
    assert api.get("/law/english/etiquette/iii").json()["id"] == "english/etiquette/III"
    r = api.get("/law/english/1072")
    assert r.status_code == 404 and "english/91" in r.json()["error"]
    assert api.get("/law/klingon/1").status_code == 404
    case = api.get("/case/93").json()
    assert case["id"] == "drayson/case/93" and case["decision"]
    assert api.get("/test/6").json()["id"] == "drayson/test/6"
    for bad in ("/case/-1", "/case/155", "/case/abc", "/test/26", "/test/" + "9" * 40):
        r = api.get(bad)
        assert r.status_code == 404 and "run from 1 to" in r.json()["error"], bad


def test_openapi_docs(api):
    assert api.get("/docs").status_code == 200
    paths = api.get("/openapi.json").json()["paths"]
    assert {"/ask", "/law/{code}/{number}", "/case/{n}", "/test/{n}", "/health"} <= set(paths)


def test_concurrent_clients_get_answers(api):
    report = load(str(api.base_url).rstrip("/"), ["law 72", "my partner revoked", "case 93"],
                  clients=4, seconds=2)
    assert report["errors"] == 0 and report["ok"] >= 4


def test_sigterm_stops_the_api_and_frees_its_port(kb_dir):
    port = _free_port()
    proc, url, _ = start_api(kb_dir, port=port)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) is not None
    proc.stderr.close()
    with pytest.raises(httpx.HTTPError):
        httpx.get(url + "/health", timeout=2)


def test_the_api_module_serves_a_read_only_kb(kb_dir, tmp_path):
    """Replicas share read-only files: nothing is written (a stale index is repaired in memory)."""
    import shutil
    from fastapi.testclient import TestClient
    from kb.cli.api import create_app
    data = tmp_path / "ro"
    shutil.copytree(kb_dir, data)
    (data / "kb.faiss.json").write_text("{}")
    before = {p.name: p.read_bytes() for p in data.iterdir()}
    for p in data.iterdir():
        p.chmod(0o444)
    try:
        client = TestClient(create_app(data))
        assert client.get("/ask", params={"q": "my partner revoked"}).status_code == 200
        assert {p.name: p.read_bytes() for p in data.iterdir()} == before
    finally:
        for p in data.iterdir():
            p.chmod(0o644)
