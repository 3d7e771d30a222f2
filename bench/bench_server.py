"""The web table under load: concurrent bot-versus-bot matches driven over WebSockets.

A ``wartable serve`` process on loopback; this process is the client. It keeps
``MATCHES`` Draconia matches going at once (two seated connections each, both
played by simple random bots on the client side) for a bounded time, starting a
new match when one ends (at most ``MAX_MATCHES`` in all), and measures for every
action the time from sending the message to receiving its acknowledgement
(stored in the database, group commit included), and the server's CPU time per
action (a figure that depends less on what else the machine runs). Two paces:
bots that answer at once (the server saturated: latency is mostly queueing) and
bots that think about a second (a busy table of people). SQLite with
``synchronous=FULL`` (the default) and ``NORMAL`` (``--sqlite-sync normal``), and
PostgreSQL (``fsync=on``).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MATCHES = 200
MAX_MATCHES = 2000
SECONDS = 10.0
GAME = "draconia"
ACK_GRACE = 10.0  # seconds an acknowledgement may still take after the deadline
# (label, mean think time of a bot before it acts): as fast as possible (the server
# saturated, latency is queueing), and about a second a decision (a busy table of people)
PACES = (("flat out", 0.0), ("bots think ~1 s", 1.0))


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.finished = 0
        self.started = 0


async def _seat(
    ws: Any, seat: int, stats: Stats, think: float, rng: random.Random, deadline: float
) -> None:
    from websockets.exceptions import ConnectionClosed

    latest: dict[str, Any] | None = None
    sent_at: float | None = None

    async def maybe_act() -> None:
        nonlocal sent_at
        if latest is None or sent_at is not None or latest["outcome"] is not None:
            return
        if seat not in latest["to_act"] or not latest["legal"] or time.monotonic() > deadline:
            return
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        action = rng.choice(latest["legal"])["notation"]
        sent_at = time.perf_counter()
        await ws.send(
            json.dumps({"type": "action", "action": action, "version": latest["version"]})
        )

    while True:
        # after the deadline nobody acts: wait only for the acknowledgement still owed
        left = deadline - time.monotonic()
        if left <= 0 and sent_at is None:
            return
        try:
            grace = ACK_GRACE if sent_at is not None else 0.05
            raw = await asyncio.wait_for(ws.recv(), timeout=max(left, 0) + grace)
        except TimeoutError:
            if sent_at is not None:
                stats.errors["no ack"] = stats.errors.get("no ack", 0) + 1
            return
        except ConnectionClosed:
            stats.errors["closed"] = stats.errors.get("closed", 0) + 1
            return
        msg = json.loads(raw)
        if msg["type"] == "view":
            latest = msg
            if msg["outcome"] is not None:
                return
            await maybe_act()
        elif msg["type"] == "ack":
            if sent_at is not None:
                stats.latencies.append(time.perf_counter() - sent_at)
            sent_at = None
            await maybe_act()
        elif msg["type"] == "error":
            key = f"{msg['status']}"
            stats.errors[key] = stats.errors.get(key, 0) + 1
            sent_at = None
            await ws.send(json.dumps({"type": "view"}))


async def _open(client: Any, base: str) -> list[Any]:
    """A new match of two seated connections (each receives its first view)."""
    import websockets

    r = await client.post(
        "/api/matches", json={"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    body = r.json()
    wsbase = base.replace("http", "ws")
    sockets = []
    for s in body["seats"]:
        ws = await websockets.connect(
            f"{wsbase}/api/matches/{body['id']}/ws", max_size=2**22, compression=None
        )
        await ws.send(json.dumps({"type": "auth", "token": s["token"]}))  # never in the URL
        sockets.append(ws)
    return sockets


async def _slot(
    client: Any,
    base: str,
    conns: list[Any],
    stats: Stats,
    think: float,
    rng: random.Random,
    deadline: float,
) -> None:
    while True:
        try:
            await asyncio.gather(
                *(_seat(ws, i, stats, think, rng, deadline) for i, ws in enumerate(conns))
            )
        finally:
            for ws in conns:
                await ws.close()
        if time.monotonic() >= deadline or stats.started >= MAX_MATCHES:
            return
        stats.finished += 1
        stats.started += 1
        conns = await _open(client, base)


async def _drive(base: str, matches: int, seconds: float, think: float) -> dict[str, Any]:
    import httpx

    stats = Stats()
    rng = random.Random(7)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        gate = asyncio.Semaphore(20)

        async def opened() -> list[Any]:
            async with gate:
                return await _open(client, base)

        # set-up (not timed): every match created and both seats connected
        slots = await asyncio.gather(*(opened() for _ in range(matches)))
        stats.started = matches
        start = time.monotonic()
        deadline = start + seconds
        await asyncio.gather(
            *(_slot(client, base, conns, stats, think, rng, deadline) for conns in slots)
        )
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {
        "actions": len(lat),
        "actions/s": len(lat) / seconds,  # every one was sent before the deadline
        "p50 ms": pct(0.50),
        "p99 ms": pct(0.99),
        "mean ms": statistics.fmean(lat) * 1000 if lat else float("nan"),
        "matches finished": stats.finished,
        "errors": dict(stats.errors),
    }


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# all the bench's connections come from 127.0.0.1: lift the caps per address
NO_ADDRESS_CAPS = (
    "--max-connections-per-address",
    "0",
    "--max-websockets-per-address",
    "0",
    "--max-open-per-address",
    "0",
)


def _measure(db_url: str, matches: int, seconds: float, *extra: str) -> dict[str, Any]:
    from tests.server.support import ServerProcess

    out: dict[str, Any] = {}
    for label, think in PACES:
        server = ServerProcess(
            db_url, "--rate", "0", "--http-rate", "0", *NO_ADDRESS_CAPS, *extra
        ).start()
        assert server.proc is not None
        try:
            cpu = _cpu_seconds(server.proc.pid)
            figures = asyncio.run(_drive(server.base, matches, seconds, think))
            used = _cpu_seconds(server.proc.pid) - cpu
            figures["server CPU ms/action"] = used * 1000 / max(1, figures["actions"])
            out[label] = figures
        finally:
            server.stop()
    return out


def _postgres() -> tuple[str | None, Any]:
    """A PostgreSQL URL (``WARTABLE_BENCH_POSTGRES_URL``, else a throw-away cluster with fsync on)."""
    given = os.environ.get("WARTABLE_BENCH_POSTGRES_URL")
    if given:
        return given, None
    import psycopg
    from tests.pg_cluster import start_cluster
    from tests.server.support import fresh_postgres_database

    cluster = start_cluster()
    admin = cluster.url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("ALTER SYSTEM SET fsync = on")  # the test cluster runs without; measure with
        conn.execute("SELECT pg_reload_conf()")
    return fresh_postgres_database(cluster.url), cluster


def run(matches: int = MATCHES, seconds: float = SECONDS) -> dict[str, Any]:
    # what else the machine is running matters on 2 cores: say it with the figures
    result: dict[str, Any] = {"load average (1 min) before": os.getloadavg()[0]}
    for sync in ("full", "normal"):
        with tempfile.TemporaryDirectory() as tmp:
            sqlite_url = f"sqlite:///{Path(tmp) / 'bench.db'}"
            sqlite = _measure(sqlite_url, matches, seconds, "--sqlite-sync", sync)
        for label, figures in sqlite.items():
            for key, value in figures.items():
                result[f"sqlite {sync}, {label}: {key}"] = value
    try:
        url, cluster = _postgres()
    except Exception as err:  # no PostgreSQL on this machine: say so
        result["postgresql"] = f"not measured: {err}"
        return result
    try:
        assert url is not None
        for label, figures in _measure(url, matches, seconds).items():
            for key, value in figures.items():
                result[f"postgresql, {label}: {key}"] = value
    finally:
        if cluster is not None:
            cluster.stop()
    result["load average (1 min) after"] = os.getloadavg()[0]
    return result


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    args = parser.parse_args()
    for k, v in run(args.matches, args.seconds).items():
        print(f"{k}: {v:.2f}" if isinstance(v, float) else f"{k}: {v}")
