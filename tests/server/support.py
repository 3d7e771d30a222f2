"""Helpers for the web table tests: real server processes, databases, a small client."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fresh_postgres_database(server_url: str) -> str:
    """A new, empty database on the test cluster; its SQLAlchemy URL."""
    import psycopg

    url = make_url(server_url)
    name = f"wt_{secrets.token_hex(6)}"
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)


class ServerProcess:
    """``wartable serve`` in a subprocess on a free port."""

    def __init__(self, db_url: str, *extra: str, port: int | None = None) -> None:
        self.db_url = db_url
        self.extra = list(extra)
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        cmd = [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*cmd, "--db", self.db_url, *self.extra],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"server exited with {self.proc.returncode}: {err[-2000:]}")
            try:
                if httpx.get(f"{self.base}/api/matches", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError("server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def running_server(db_url: str, *extra: str) -> Iterator[ServerProcess]:
    server = ServerProcess(db_url, *extra).start()
    try:
        yield server
    finally:
        server.stop()


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create_match(
    client: httpx.Client,
    game: str,
    seats: list[dict[str, Any]],
    config: dict[str, Any] | None = None,
) -> tuple[str, dict[int, str]]:
    r = client.post("/api/matches", json={"game": game, "config": config or {}, "seats": seats})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {s["seat"]: s["token"] for s in body["seats"]}
