"""`whist serve`: a real server on 127.0.0.1 (a free port) over the session KB. The model is
loaded before the server answers its health check; SIGTERM or SIGHUP leaves no process behind
and frees the port."""
from __future__ import annotations

import os
from pathlib import Path
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from kb.cli.main import build_parser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d.name))
    return out


def _listening(port: int) -> list[str]:
    """Local addresses listening on the port (from /proc/net/tcp and tcp6)."""
    out = []
    for name in ("tcp", "tcp6"):
        path = Path("/proc/net") / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            addr, hexport = local.rsplit(":", 1)
            if int(hexport, 16) == port and state == "0A":
                out.append(addr)
    return out


def _start(kb_dir: Path, log: Path, port: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "kb", "--data", str(kb_dir), "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=log.open("w"),
                            env=dict(os.environ, HF_HUB_OFFLINE="1"))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_serve_loads_first_and_stops_on_a_signal(kb_dir, tmp_path, sig):
    port = _free_port()
    log = tmp_path / "serve.log"
    proc = _start(kb_dir, log, port)
    try:
        deadline = time.monotonic() + 180
        while not _healthy(port):
            assert proc.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, "whist serve did not become healthy"
            time.sleep(0.2)
        # healthy only once the model and the KB are loaded and an answer was given
        assert "model and knowledge base loaded" in log.read_text()
        assert _listening(port) == ["0100007F"]          # 127.0.0.1 only, by default
        assert _children(proc.pid) == []                 # the server is this process
        t = time.monotonic()
        proc.send_signal(sig)
        proc.wait(timeout=60)
        print(f"\n{signal.Signals(sig).name}: stopped in {time.monotonic() - t:.1f} s")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert not _healthy(port) and _listening(port) == []
    with socket.socket() as s:          # the port is free again: a new server can listen on it
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)     # as servers do (TIME_WAIT)
        s.bind(("127.0.0.1", port))
        s.listen()
    assert "Traceback" not in log.read_text()


def test_serve_and_api_options():
    p = build_parser()
    args = p.parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8501
    args = p.parse_args(["serve", "--host", "0.0.0.0", "--port", "9000"])
    assert args.host == "0.0.0.0" and args.port == 9000
    args = p.parse_args(["api"])
    assert args.host == "127.0.0.1" and args.port == 8000


def test_api_refuses_a_busy_port(kb_dir, capsys):
    from kb.cli.main import main
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code = main(["--data", str(kb_dir), "api", "--port", str(port)])
    assert code == 2 and "cannot listen" in capsys.readouterr().err
