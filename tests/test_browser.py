"""A real browser on the real server: `streamlit run app/streamlit_app.py` on localhost,
driven by Debian Chromium through Playwright. Types a question, waits for the answer, follows a
law link, saves screenshots to tests/artifacts/, and prints (does not assert) the timings:
start to interactive page, and the answer time in the browser.
"""
from __future__ import annotations

import os
from pathlib import Path
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app" / "streamlit_app.py"
ARTIFACTS = ROOT / "tests" / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason=f"Debian chromium not installed at {CHROMIUM} (apt-get install chromium)"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"streamlit did not answer on {url} within {timeout}s")


@pytest.fixture(scope="module")
def server(kb_dir, tmp_path_factory):
    """(base url, the monotonic time the server process was started)."""
    port = _free_port()
    log = tmp_path_factory.mktemp("streamlit") / "server.log"
    env = dict(os.environ, WHIST_DATA=str(kb_dir), HF_HUB_OFFLINE="1")
    cmd = [sys.executable, "-m", "streamlit", "run", str(APP), "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1",
           "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    started = time.monotonic()
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc)
        yield url, started
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        print(f"\n[server log: {log}]")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _ask(page, question: str, timeout_ms: int = 60_000) -> float:
    """Type a question, press Ask; seconds until its answer card is complete."""
    box = page.get_by_label("Your question")
    box.fill(question)
    t0 = time.monotonic()
    page.get_by_role("button", name="Ask").click()
    page.locator('[data-testid="stText"]', has_text=question).first.wait_for(timeout=timeout_ms)
    page.get_by_text("answered in").first.wait_for(timeout=timeout_ms)
    # the rerun is over when no element of the previous answer is left (Streamlit marks them stale)
    page.wait_for_function("() => document.querySelectorAll('[data-stale=\"true\"]').length === 0",
                           timeout=timeout_ms)
    assert page.get_by_text("answered in").count() == 1
    return time.monotonic() - t0


def test_ask_and_follow_a_law_link(server, browser):
    url, started = server
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 2400})
    page = context.new_page()
    page.goto(url)
    page.get_by_label("Your question").wait_for(timeout=60_000)
    interactive = time.monotonic() - started
    print(f"\nstart to interactive page: {interactive:.2f} s")

    q1 = "My partner led out of turn and they called a heart. Can they also call the card?"
    first = _ask(page, q1)
    print(f"first answer in the browser (may include the model's background load): {first:.2f} s")
    assert "?q=" in page.url
    q2 = "A revoke was claimed after the cards had been cut for the next deal"
    warm = _ask(page, q2)
    print(f"answer in the browser (warm): {warm:.2f} s")
    page.screenshot(path=str(ARTIFACTS / "ask.png"), full_page=True)

    link = page.locator('[data-testid="stMarkdownContainer"] a[href*="?id=english/"]').first
    link.wait_for()
    href = link.get_attribute("href")
    law_id = href.split("?id=", 1)[1]
    if link.get_attribute("target") == "_blank":
        with context.expect_page() as new:
            link.click()
        law_page = new.value
    else:
        link.click()
        law_page = page
    law_page.wait_for_url(f"**?id={law_id}*")
    number = law_id.rsplit("/", 1)[1]
    law_page.get_by_text(f"Law {number}").first.wait_for(timeout=30_000)
    law_page.get_by_text("Cases citing this law").wait_for(timeout=30_000)
    law_page.screenshot(path=str(ARTIFACTS / "law.png"), full_page=True)
    assert (ARTIFACTS / "law.png").stat().st_size > 10_000

    # bad input in the browser: <script> in the URL is shown as text, nothing runs
    dialogs = []
    law_page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    law_page.goto(url + "/?q=%3Cscript%3Ealert(1)%3C/script%3E%20revoke")
    law_page.locator('[data-testid="stText"]', has_text="<script>alert(1)</script> revoke").wait_for(
        timeout=30_000)
    law_page.get_by_text("answered in").first.wait_for(timeout=30_000)
    assert not dialogs
    law_page.goto(url + "/?id=english/999")
    law_page.get_by_text("There is no english/999").wait_for(timeout=30_000)
    assert law_page.locator('[data-testid="stException"]').count() == 0
    law_page.screenshot(path=str(ARTIFACTS / "unknown-law.png"))
    context.close()


def test_follow_up_question_in_the_browser(server, browser):
    """The follow-up appears as buttons; clicks give the ruling (and the URL keeps the facts)."""
    url, _ = server
    page = browser.new_page(viewport={"width": 1280, "height": 2000})
    page.goto(url + "/?q=" + "They reneged. Can we still claim the revoke?".replace(" ", "%20"))
    page.get_by_text("To decide, tell me:").first.wait_for(timeout=60_000)
    page.get_by_role("button", name="Yes", exact=True).click()
    page.get_by_text("cut for the next deal").first.wait_for(timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('[data-stale=\"true\"]').length === 0", timeout=60_000)
    page.get_by_role("button", name="No", exact=True).click()
    page.get_by_text("verdict: yes").first.wait_for(timeout=60_000)
    assert "fact=revokes" in page.url and "cut_for_next_deal" in page.url
    page.screenshot(path=str(ARTIFACTS / "follow-up.png"), full_page=True)
    page.close()
