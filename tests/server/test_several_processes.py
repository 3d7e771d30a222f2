"""Several server processes behind one address share one PostgreSQL database.

A move made through one process reaches the seat connected to the other by a
push (PostgreSQL LISTEN/NOTIFY), with no polling: each socket waits for its
next view with a timeout.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from tests.server.support import (
    ROOT,
    ServerProcess,
    create_match,
    free_port,
    fresh_postgres_database,
)
from websockets.sync.client import ClientConnection, connect

from wartable.core.replay import run_replay
from wartable.games import get_game
from wartable.server.storage import Storage


def _next(ws: ClientConnection, kind: str, version: int = 0) -> dict[str, Any]:
    """The next message of this kind (a view: of at least this version); 20 s at most."""
    while True:
        msg = json.loads(ws.recv(timeout=20))
        assert msg["type"] != "error", msg
        if msg["type"] == kind and msg.get("version", 0) >= version:
            return dict(msg)


def test_a_match_with_one_seat_on_each_of_two_processes(postgres_url: str) -> None:
    url = fresh_postgres_database(postgres_url)
    a = ServerProcess(url, "--rate", "0").start()
    b = ServerProcess(url, "--rate", "0").start()
    try:
        client = httpx.Client(base_url=a.base, timeout=10)
        mid, tokens = create_match(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
        # the lobby of the other process lists it (read from the shared database): in play,
        # its seats reserved for their tokens
        running = httpx.get(f"{b.base}/api/matches", params={"state": "running"}).json()
        assert mid in [m["id"] for m in running]
        ws_url = {0: a.base, 1: b.base}
        stack = contextlib.ExitStack()
        sockets = {
            s: stack.enter_context(
                connect(f"{ws_url[s].replace('http', 'ws')}/api/matches/{mid}/ws")
            )
            for s in tokens
        }
        for s, t in tokens.items():
            sockets[s].send(json.dumps({"type": "auth", "token": t}))
        rng = random.Random(8)
        views = {s: _next(ws, "view") for s, ws in sockets.items()}
        moves = 0
        while views[0]["outcome"] is None:
            assert views[0]["version"] == views[1]["version"]
            seat = rng.choice(views[0]["to_act"])
            v = views[seat]
            sockets[seat].send(
                json.dumps(
                    {
                        "type": "action",
                        "action": rng.choice(v["legal"])["notation"],
                        "version": v["version"],
                    }
                )
            )
            for s, ws in sockets.items():
                # the other process's seat gets it by a push (seat claims may come first)
                views[s] = _next(ws, "view", v["version"] + 1)
                assert views[s]["version"] == v["version"] + 1
            _next(sockets[seat], "ack")
            moves += 1
        stack.close()
        body = httpx.get(f"{b.base}/api/matches/{mid}/replay").json()
        assert len(body["replay"]["actions"]) == moves
        run_replay(get_game("draconia"), body["replay"])
    finally:
        a.stop()
        b.stop()


def test_serve_reads_the_database_url_from_the_environment(tmp_path: Path) -> None:
    """``wartable serve`` without ``--db`` uses ``WARTABLE_DATABASE_URL``."""
    db = tmp_path / "from-env.db"
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        "WARTABLE_DATABASE_URL": f"sqlite:///{db}",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert proc.stdout is not None
        banner = proc.stdout.readline().decode()
        assert f"http://127.0.0.1:{port}/" in banner and str(db) in banner
        for _ in range(400):
            try:
                client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5)
                mid, _ = create_match(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not answer")
    finally:
        proc.terminate()
        proc.wait(10)
    storage = Storage(f"sqlite:///{db}")
    assert storage.load_match(mid) is not None
    assert not (tmp_path / "wartable-server.db").exists()
    storage.close()
