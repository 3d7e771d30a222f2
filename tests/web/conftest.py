"""Fixtures of the browser tests: a real `wartable serve` process and Debian's Chromium."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from tests.web.webplay import Server

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`wartable serve` on a free port with a fresh SQLite file (rate limits off: tests click fast)."""
    db = tmp_path_factory.mktemp("web") / "table.db"
    port = _free_port()
    exe = Path(sys.executable).parent / "wartable"
    cmd = [
        str(exe),
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
        "--rate",
        "0",
        "--http-rate",
        "0",
        "--max-open-per-address",  # every test creates its matches from 127.0.0.1
        "0",
    ]
    log = open(db.with_suffix(".log"), "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            if proc.poll() is not None:
                raise RuntimeError(f"wartable serve exited: {db.with_suffix('.log').read_text()}")
            try:
                urllib.request.urlopen(base + "/api/games", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield Server(base)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Chromium is missing: `make test` installs it (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context (its own localStorage) at laptop size; page errors fail the test."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
