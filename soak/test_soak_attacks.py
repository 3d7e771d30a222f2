"""Connection attacks on a real web table for longer (``make soak``): slowloris, an idle
socket flood, a WebSocket flood and a match-creation flood at once, each from its own
loopback address (127.0.0.2 to .5; the server listens on 127.0.0.1 only), while a person at
127.0.0.1 plays a match over HTTP. Prints the person's p50/p99 for view and act requests,
alone and under attack, and what each attack achieved (``pytest -s`` shows it).

``WARTABLE_SOAK_ATTACK_SECONDS`` (default 30) bounds the attack; every loop is bounded in
count too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import statistics
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets
from tests.server.support import ServerProcess, bearer, create_match

SECONDS = float(os.environ.get("WARTABLE_SOAK_ATTACK_SECONDS", "30"))
TARGET = "127.0.0.1"
SLOWLORIS_FROM, IDLE_FROM, WS_FROM, CREATE_FROM = "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"
SLOWLORIS_SOCKETS, IDLE_SOCKETS, WEBSOCKETS, CREATIONS = 200, 300, 100, 20_000


async def _slowloris(port: int, until: float, tally: Counter[str]) -> None:
    """Keeps up to SLOWLORIS_SOCKETS requests arriving a byte every second."""

    async def one() -> None:
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection(
                    TARGET, port, local_addr=(SLOWLORIS_FROM, 0)
                )
            except OSError:
                tally["slowloris connect failed"] += 1
                await asyncio.sleep(1)
                continue
            tally["slowloris opened"] += 1
            opened = time.monotonic()
            try:
                writer.write(b"GET /api/matches HTTP/1.1\r\nHost: x\r\n")
                answer = b""
                while time.monotonic() < until:
                    writer.write(b"X")
                    await writer.drain()
                    with contextlib.suppress(TimeoutError):
                        chunk = await asyncio.wait_for(reader.read(1024), 1.0)
                        if chunk == b"":
                            break
                        answer += chunk
                else:
                    return
                if b" 429 " in answer[:20]:
                    tally["slowloris refused 429"] += 1
                else:
                    tally["slowloris closed by server"] += 1
                    tally["slowloris seconds held"] += int(time.monotonic() - opened)
            except OSError:
                tally["slowloris refused (reset)"] += 1
            finally:
                writer.close()

    await asyncio.gather(*(one() for _ in range(SLOWLORIS_SOCKETS)))


async def _idle_flood(port: int, until: float, tally: Counter[str]) -> None:
    """Keeps up to IDLE_SOCKETS connections open that never send a byte."""

    async def one() -> None:
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection(
                    TARGET, port, local_addr=(IDLE_FROM, 0)
                )
            except OSError:
                tally["idle connect failed"] += 1
                await asyncio.sleep(1)
                continue
            tally["idle opened"] += 1
            try:
                left = until - time.monotonic()
                first = await asyncio.wait_for(reader.read(64), max(0.1, left))
                tally["idle refused 429" if b" 429 " in first else "idle closed by server"] += 1
            except (TimeoutError, OSError):
                pass
            finally:
                writer.close()
            await asyncio.sleep(0.2)

    await asyncio.gather(*(one() for _ in range(IDLE_SOCKETS)))


async def _websocket_flood(port: int, match_id: str, until: float, tally: Counter[str]) -> None:
    """Up to WEBSOCKETS spectators at once, each held until the end."""
    url = f"ws://{TARGET}:{port}/api/matches/{match_id}/ws"

    async def one() -> None:
        while time.monotonic() < until:
            try:
                async with websockets.connect(url, local_addr=(WS_FROM, 0), open_timeout=10) as ws:
                    tally["ws accepted"] += 1
                    await ws.send(json.dumps({"type": "auth"}))
                    while time.monotonic() < until:
                        await asyncio.wait_for(ws.recv(), max(0.1, until - time.monotonic()))
            except websockets.InvalidStatus as err:
                tally[f"ws refused {err.response.status_code}"] += 1
                await asyncio.sleep(1)
            except (TimeoutError, OSError, websockets.WebSocketException):
                await asyncio.sleep(0.2)

    await asyncio.gather(*(one() for _ in range(WEBSOCKETS)))


async def _creation_flood(port: int, until: float, tally: Counter[str]) -> None:
    """Creates matches as fast as the server answers, CREATIONS at most."""
    transport = httpx.AsyncHTTPTransport(local_address=CREATE_FROM)
    body = {"game": "draconia", "config": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}
    sent = 0
    async with httpx.AsyncClient(
        base_url=f"http://{TARGET}:{port}", transport=transport, timeout=10
    ) as client:

        async def worker() -> None:
            nonlocal sent
            while time.monotonic() < until and sent < CREATIONS:
                sent += 1
                try:
                    r = await client.post("/api/matches", json=body)
                    tally[f"create {r.status_code}"] += 1
                except httpx.HTTPError:
                    tally["create failed"] += 1

        await asyncio.gather(*(worker() for _ in range(8)))


def _attack(port: int, match_id: str, seconds: float, out: Any) -> None:
    """The attacker process: all four attacks at once for ``seconds``."""

    async def main() -> Counter[str]:
        tally: Counter[str] = Counter()
        until = time.monotonic() + seconds
        await asyncio.gather(
            _slowloris(port, until, tally),
            _idle_flood(port, until, tally),
            _websocket_flood(port, match_id, until, tally),
            _creation_flood(port, until, tally),
        )
        return tally

    out.put(dict(asyncio.run(main())))


def _play(base: str, seconds: float) -> dict[str, list[float]]:
    """A person at 127.0.0.1 playing both seats of matches over HTTP: the latency of each
    view and act request (seconds); failures counted under ``failed``."""
    timings: dict[str, list[float]] = {"view": [], "act": [], "failed": []}
    until = time.monotonic() + seconds
    with httpx.Client(base_url=base, timeout=10) as client:
        mid, tokens = create_match(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
        for _ in range(100_000):
            if time.monotonic() >= until:
                break
            t0 = time.monotonic()
            try:
                r = client.get(f"/api/matches/{mid}", headers=bearer(tokens[0]))
                timings["view"].append(time.monotonic() - t0)
                view = r.json()
                if r.status_code != 200:
                    timings["failed"].append(r.status_code)
                    continue
                if view["outcome"] is not None:
                    mid, tokens = create_match(
                        client, "draconia", [{"kind": "human"}, {"kind": "human"}]
                    )
                    continue
                seat = view["to_act"][0]
                if seat != 0:
                    view = client.get(f"/api/matches/{mid}", headers=bearer(tokens[seat])).json()
                t1 = time.monotonic()
                r = client.post(
                    f"/api/matches/{mid}/actions",
                    json={"action": view["legal"][0]["notation"], "version": view["version"]},
                    headers=bearer(tokens[seat]),
                )
                timings["act"].append(time.monotonic() - t1)
                if r.status_code != 200:
                    timings["failed"].append(r.status_code)
            except httpx.HTTPError:
                timings["failed"].append(0)
            time.sleep(0.05)  # a person's pace, roughly
    return timings


def _figures(timings: dict[str, list[float]]) -> str:
    parts = []
    for kind in ("view", "act"):
        xs = sorted(timings[kind])
        if xs:
            p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
            parts.append(
                f"{kind}: n={len(xs)} p50={statistics.median(xs) * 1000:.1f} ms "
                f"p99={p99 * 1000:.1f} ms"
            )
    parts.append(f"failed={len(timings['failed'])} {Counter(timings['failed'])}")
    return "; ".join(parts)


def _drain(server: ServerProcess, lines: list[str]) -> threading.Thread:
    """Reads the server's log as it comes (a full pipe would stall the server)."""

    def read() -> None:
        assert server.proc is not None and server.proc.stderr is not None
        for line in server.proc.stderr:
            lines.append(line.decode(errors="replace"))

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def test_a_person_plays_on_while_the_connections_are_attacked(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'table.db'}").start()
    log: list[str] = []
    _drain(server, log)
    try:
        alone = _play(server.base, min(10.0, SECONDS / 3))
        with httpx.Client(base_url=server.base, timeout=10) as client:
            target, _ = create_match(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        attacker = ctx.Process(target=_attack, args=(server.port, target, SECONDS, out))
        attacker.start()
        time.sleep(min(5.0, SECONDS / 5))  # let the floods build up
        attacked = _play(server.base, SECONDS - min(5.0, SECONDS / 5))
        tally = out.get(timeout=SECONDS + 60)
        attacker.join(30)
        alive = server.proc is not None and server.proc.poll() is None
    finally:
        server.stop()
    print(f"\nalone ({min(10.0, SECONDS / 3):.0f} s): {_figures(alone)}")
    print(f"under attack ({SECONDS:.0f} s): {_figures(attacked)}")
    print("attacks: " + ", ".join(f"{k}={v}" for k, v in sorted(tally.items())))
    print(f"server log: {len(log)} lines, {sum(map(len, log))} bytes")
    assert alive
    assert not attacked["failed"], attacked["failed"][:20]
    assert attacked["act"], "the person made no move under attack"
    # the caps held: no address got more WebSockets than the default cap of 32
    assert tally.get("ws accepted", 0) >= 1
    assert tally.get("ws refused 429", 0) >= 1
    assert len(log) < 1000, "".join(log[:50])
