"""``wartable serve`` against an operator's mistakes: real server processes, real databases.

No token in any log line, a private SQLite file, one-line start-up errors with a documented
exit code, a warning when the table listens beyond this machine, forwarded headers believed
only from ``--proxy``.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from tests.server.conftest import make_client
from tests.server.support import ROOT, bearer, create_match, free_port
from websockets.sync.client import connect

from wartable.server.startup import EXIT_DATABASE

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    base: str
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace")


def _command(db_url: str, port: int, *extra: str) -> list[str]:
    cmd = [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(port)]
    return [*cmd, "--db", db_url, *extra]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


@contextmanager
def serving(db_url: str, log: Path, *extra: str) -> Iterator[Served]:
    """``wartable serve`` with its stdout and stderr (uvicorn's access log goes to stdout)
    both written to ``log``; stopped with SIGTERM at the end."""
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            _command(db_url, port, *extra), cwd=ROOT, env=_env(), stdout=out, stderr=out
        )
    served = Served(proc, f"http://127.0.0.1:{port}", log)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, f"server exited: {served.text()[-2000:]}"
            try:
                if httpx.get(f"{served.base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)
        yield served
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)


def _play_everywhere(served: Served) -> list[str]:
    """Create a match, then use its tokens every way a client or a person could; returns the
    tokens handed out."""
    client = httpx.Client(base_url=served.base, timeout=10)
    mid, tokens = create_match(client, "skirm", TWO_HUMANS)
    joined = client.post("/api/matches", json={"game": "skirm", "seats": TWO_HUMANS}).json()
    secrets = [*tokens.values(), *(s["token"] for s in joined["seats"])]
    view = client.get(f"/api/matches/{mid}", headers=bearer(tokens[0])).json()
    r = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": view["legal"][0]["notation"], "version": view["version"]},
        headers=bearer(tokens[0]),
    )
    assert r.status_code == 200, r.text
    # the pages a browser asks for: an invite link (fragment: never sent), an old-style link
    # with the token in the query, the table's own route
    for page in (f"/?match={mid}#token={tokens[1]}", f"/?match={mid}&seat=1&token={tokens[1]}"):
        assert client.get(page).status_code == 200
    ws_base = served.base.replace("http", "ws")
    with connect(f"{ws_base}/api/matches/{mid}/ws") as ws:
        ws.send(json.dumps({"type": "auth", "token": tokens[1]}))
        seen = json.loads(ws.recv(timeout=10))
        assert seen["type"] == "view" and seen["seat"] == 1
        ws.send(
            json.dumps(
                {
                    "type": "action",
                    "action": seen["legal"][0]["notation"],
                    "version": seen["version"],
                }
            )
        )
        while json.loads(ws.recv(timeout=10))["type"] != "ack":
            pass
    # an old client putting the token in the socket's URL: refused, and not logged either
    with connect(f"{ws_base}/api/matches/{mid}/ws?token={tokens[0]}") as ws:
        assert json.loads(ws.recv(timeout=10))["status"] == 400
    return secrets


@pytest.mark.parametrize("level", ["debug", "trace"])
def test_no_token_reaches_the_log(db_url: str, tmp_path: Path, level: str) -> None:
    log = tmp_path / "server.log"
    with serving(db_url, log, "--log-level", level) as served:
        secrets = _play_everywhere(served)
        time.sleep(0.3)  # the last lines reach the file
    text = log.read_text(errors="replace")
    # the lines that used to carry tokens are there, without them
    assert "GET /?match=" in text and "/ws" in text and "POST /api/matches" in text
    assert "token=[redacted]" in text
    leaked = [s for s in secrets if s in text]
    assert not leaked, [line for line in text.splitlines() if any(s in line for s in leaked)][:5]


def test_the_sqlite_file_and_its_journal_are_private(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with serving(f"sqlite:///{path}", tmp_path / "server.log") as served:
        client = httpx.Client(base_url=served.base, timeout=10)
        create_match(client, "skirm", TWO_HUMANS)  # a write: the WAL holds it
        files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
        assert all(f.exists() for f in files)
        modes = {f.name: oct(stat.S_IMODE(f.stat().st_mode)) for f in files}
    assert modes == {f.name: "0o600" for f in files}, modes


def _start_fails(db_url: str, *extra: str) -> str:
    """Run ``wartable serve`` expecting a start-up error; returns its stderr."""
    done = subprocess.run(
        _command(db_url, free_port(), *extra),
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        timeout=60,
    )
    err = done.stderr.decode(errors="replace")
    assert done.returncode == EXIT_DATABASE, (done.returncode, err[-3000:])
    assert "Traceback" not in err, err[-3000:]
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: wartable serve: "), lines
    return lines[0]


def _valid_sqlite_bytes(tmp_path: Path) -> bytes:
    from wartable.server.storage import Storage

    path = tmp_path / "valid.db"
    storage = Storage(f"sqlite:///{path}")
    storage.migrate()
    storage.close()
    return path.read_bytes()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "halved"])
def test_a_corrupt_or_truncated_sqlite_file_is_one_line(tmp_path: Path, damage: str) -> None:
    data = _valid_sqlite_bytes(tmp_path)
    broken = {
        "garbage": b"this is not a database\n" * 300,
        "truncated": data[:60],
        "halved": data[: len(data) // 2],
    }[damage]
    path = tmp_path / "table.db"
    path.write_bytes(broken)
    line = _start_fails(f"sqlite:///{path}")
    assert str(path) in line and "not a SQLite database" in line and "backup" in line
    assert path.read_bytes() == broken  # nothing written to it


def test_a_missing_directory_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "no" / "such"
    line = _start_fails(f"sqlite:///{folder / 'table.db'}")
    assert f"the directory {folder} of the database file does not exist" in line
    assert not folder.exists()


def test_an_unreachable_postgresql_is_one_line() -> None:
    port = free_port()  # nothing listens there
    line = _start_fails(f"postgresql+psycopg://wartable:secret@127.0.0.1:{port}/wartable")
    assert f"cannot reach PostgreSQL at 127.0.0.1:{port}" in line and "secret" not in line


def test_a_wrong_postgresql_database_or_user_is_one_line(postgres_url: str) -> None:
    url = make_url(postgres_url)
    line = _start_fails(url.set(database="no_such_db").render_as_string(hide_password=False))
    assert "has no database 'no_such_db'" in line
    line = _start_fails(url.set(username="no_such_user").render_as_string(hide_password=False))
    assert "has no user 'no_such_user'" in line


def _first_lines(served: Served) -> str:
    time.sleep(0.2)
    return served.text()


def test_a_public_bind_warns_and_a_loopback_one_does_not(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'table.db'}"
    with serving(db, tmp_path / "public.log", "--host", "0.0.0.0") as served:
        public = _first_lines(served)
    with serving(db, tmp_path / "local.log") as served:
        local = _first_lines(served)
    assert "warning: listening on 0.0.0.0" in public and "TLS" in public
    assert "warning" not in local


@pytest.mark.parametrize(
    ("extra", "seen_as"), [((), "127.0.0.1"), (("--proxy", "127.0.0.1"), "1.2.3.4")]
)
def test_forwarded_headers_are_believed_only_from_the_proxy(
    tmp_path: Path, extra: tuple[str, ...], seen_as: str
) -> None:
    db = f"sqlite:///{tmp_path / 'table.db'}"
    with serving(db, tmp_path / "server.log", "--log-level", "info", *extra) as served:
        r = httpx.get(
            f"{served.base}/api/matches?probe=forwarded",
            headers={"X-Forwarded-For": "1.2.3.4"},
        )
        assert r.status_code == 200
        time.sleep(0.3)
    line = next(x for x in served.text().splitlines() if "probe=forwarded" in x)
    assert f"{seen_as}:" in line.split('"')[0], line


def _make_read_only(client: TestClient) -> None:
    """The server's database starts refusing writes the way a real one does: SQLite's
    ``query_only`` on the server's one pooled connection ("attempt to write a readonly
    database", the error of a read-only file or mount); PostgreSQL's
    ``default_transaction_read_only`` for the database (a standby's "read-only transaction"),
    the pool emptied so every new connection has it."""
    engine = client.app.state.service.storage.engine  # type: ignore[attr-defined]
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA query_only=ON")
        return
    with engine.connect() as conn:
        conn.exec_driver_sql("COMMIT")
        name = engine.url.database
        conn.exec_driver_sql(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        conn.commit()
    engine.dispose()


def test_a_read_only_database_answers_503_and_bots_back_off(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with make_client(db_url, http_rate_per_second=0, bot_delay=0.5) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        attempts: list[float] = []
        real_submit = service.bots.submit

        async def counted(*args: Any) -> int:  # the real act, counted
            attempts.append(time.monotonic())
            return int(await real_submit(*args))

        service.bots.submit = counted
        people = client.post("/api/matches", json={"game": "skirm", "seats": TWO_HUMANS}).json()
        mid, token = people["id"], people["seats"][0]["token"]
        seats = [{"kind": "bot", "agent": "random"}, {"kind": "human"}]
        assert (
            client.post("/api/matches", json={"game": "skirm", "seats": seats}).status_code == 200
        )
        view = client.get(f"/api/matches/{mid}", headers=bearer(token)).json()
        _make_read_only(client)
        started = time.monotonic()

        created = client.post("/api/matches", json={"game": "skirm", "seats": TWO_HUMANS})
        acted = client.post(
            f"/api/matches/{mid}/actions",
            json={"action": view["legal"][0]["notation"], "version": view["version"]},
            headers=bearer(token),
        )
        for refused in (created, acted):
            assert refused.status_code == 503, refused.text
            assert refused.json()["error"].startswith("the database is read-only: ")
        assert client.get(f"/api/matches/{mid}").json()["version"] == view["version"]
        time.sleep(max(0.0, started + 5.0 - time.monotonic()))
        in_window = [t for t in attempts if t <= started + 5.0]
    # a pause of 0.5 s, then 1, 2, 4 ... (plus the 0.5 s bot delay): at most 3 stores tried in
    # 5 s, where a retry every half second tried 5
    assert 1 <= len(in_window) <= 4, len(in_window)
    server_lines = [r for r in caplog.records if r.name.startswith("wartable")]
    assert not [r for r in server_lines if r.exc_info], [r.getMessage() for r in server_lines]
    read_only = [r for r in server_lines if "read-only" in r.getMessage()]
    assert len(read_only) == 1, [r.getMessage() for r in server_lines]
