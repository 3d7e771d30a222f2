"""Memory held per finished match on the web table, kept in memory vs evicted.

Runs the app in this process on a temporary SQLite file, lets random bots play N
matches of a game to the end, and measures the Python heap (tracemalloc) with the
finished matches held, then after ``evict_ended`` dropped them (they reload from the
database on demand). Usage: ``python bench/bench_match_memory.py [GAME] [N]``.
"""

from __future__ import annotations

import dataclasses
import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from fastapi.testclient import TestClient

from wartable.server.app import create_app
from wartable.server.settings import Settings


def heap() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def measure(game: str, n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            database_url=f"sqlite:///{Path(tmp) / 'mem.db'}",
            http_rate_per_second=0,
            max_open_per_address=0,
            ended_grace=3600,
            max_ended_in_memory=100_000,
            sqlite_sync="normal",
        )
        with TestClient(create_app(settings)) as client:
            service = client.app.state.service  # type: ignore[attr-defined]
            seats = [{"kind": "bot", "agent": "random"}] * 2
            warm = client.post("/api/matches", json={"game": game, "seats": seats}).json()["id"]
            while client.get(f"/api/matches/{warm}").json()["status"] == "playing":
                time.sleep(0.05)
            tracemalloc.start()
            before = heap()
            ids = [
                client.post("/api/matches", json={"game": game, "seats": seats}).json()["id"]
                for _ in range(n)
            ]
            while any(service.matches[i].status == "playing" for i in ids):
                time.sleep(0.05)
            held = heap()
            service.settings = dataclasses.replace(settings, ended_grace=0, max_ended_in_memory=0)
            service.evict_ended()
            evicted = heap()
            tracemalloc.stop()
            actions = sum(
                len(client.get(f"/api/matches/{i}/replay").json()["replay"]["actions"]) for i in ids
            )
    return {
        "kib_per_match_held": (held - before) / n / 1024,
        "kib_per_match_after_eviction": (evicted - before) / n / 1024,
        "actions_per_match": actions / n,
    }


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "draconia"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    print(game, n, {k: round(v, 1) for k, v in measure(game, n).items()})
