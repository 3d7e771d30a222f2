"""Two requests racing for the same version: exactly one wins, the other is told it is stale.

200 races against a real server process (1,000 in `make soak`); then the replays hold exactly the
winning moves, in order: nothing lost, nothing doubled. On PostgreSQL the two
requests of each race go to two different server processes sharing the
database, so the database's uniqueness guard (not a lock in one process) decides.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any

import httpx
import pytest
from tests.server.support import ServerProcess, bearer, fresh_postgres_database

from wartable.core.replay import run_replay
from wartable.games import get_game
from wartable.server.storage import Storage

GAME = "invasion"
# one client address creates every match, and runs requests as fast as it can
NO_LIMITS = ("--http-rate", "0", "--max-open-per-address", "0")


async def _race_many(bases: list[str], races: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    game = get_game(GAME)
    seats_n = game.num_players(game.new_state(game.make_config({}), 0))
    clients = [httpx.AsyncClient(base_url=b, timeout=30) for b in bases]
    won: dict[str, list[list[Any]]] = {}
    tokens: dict[str, dict[int, str]] = {}
    answers: Counter[int] = Counter()  # the status of every racing request
    finishing = 0  # moves played after the races, one at a time

    async def new_match() -> str:
        r = await clients[0].post(
            "/api/matches", json={"game": GAME, "seats": [{"kind": "human"}] * seats_n}
        )
        body = r.json()
        tokens[body["id"]] = {s["seat"]: s["token"] for s in body["seats"]}
        won[body["id"]] = []
        return str(body["id"])

    async def view(c: httpx.AsyncClient, mid: str, seat: int) -> dict[str, Any]:
        r = await c.get(f"/api/matches/{mid}", headers=bearer(tokens[mid][seat]))
        return dict(r.json())

    mid = await new_match()
    done = 0
    while done < races:
        spectator = (await clients[0].get(f"/api/matches/{mid}")).json()
        if spectator["outcome"] is not None:
            mid = await new_match()
            continue
        seat = rng.choice(spectator["to_act"])
        v = await view(clients[-1], mid, seat)
        if v["version"] != spectator["version"]:
            continue
        picks = [rng.choice(v["legal"])["notation"] for _ in range(2)]
        posts = [
            clients[i % len(clients)].post(
                f"/api/matches/{mid}/actions",
                json={"action": picks[i], "version": v["version"]},
                headers=bearer(tokens[mid][seat]),
            )
            for i in range(2)
        ]
        results = await asyncio.gather(*posts)
        answers.update(r.status_code for r in results)
        codes = sorted(r.status_code for r in results)
        assert codes == [200, 409], [r.text for r in results]
        winner = next(i for i, r in enumerate(results) if r.status_code == 200)
        loser = results[1 - winner].json()
        assert "stale version" in loser["error"] and loser["version"] == v["version"] + 1
        assert results[winner].json()["version"] == v["version"] + 1
        won[mid].append([seat, picks[winner]])
        done += 1
    # finish every match, one move at a time, and compare with what was won
    for m in won:
        while True:
            s = (await clients[0].get(f"/api/matches/{m}")).json()
            if s["outcome"] is not None:
                break
            seat = s["to_act"][0]
            v = await view(clients[0], m, seat)
            action = rng.choice(v["legal"])["notation"]
            r = await clients[0].post(
                f"/api/matches/{m}/actions",
                json={"action": action, "version": v["version"]},
                headers=bearer(tokens[m][seat]),
            )
            assert r.status_code == 200, r.text
            won[m].append([seat, action])
            finishing += 1
    replays = {m: (await clients[0].get(f"/api/matches/{m}/replay")).json() for m in won}
    for c in clients:
        await c.aclose()
    return {"won": won, "replays": replays, "answers": answers, "finishing": finishing}


def _check(result: dict[str, Any], races: int, url: str) -> None:
    """Counted on both sides: the answers the racing requests got (one 200 and one 409
    each), and the moves the database holds (read from its rows once the servers stopped):
    one per race won plus the finishing moves, in the order they were accepted."""
    game = get_game(GAME)
    assert result["answers"] == {200: races, 409: races}
    storage = Storage(url)
    try:
        stored = {m: storage.load_match(m) for m in result["won"]}
    finally:
        storage.close()
    rows = 0
    for mid, moves in result["won"].items():
        row = stored[mid]
        assert row is not None
        assert [a.idx for a in row.actions] == list(range(len(row.actions)))
        assert [[a.seat, a.notation] for a in row.actions] == moves
        rows += len(row.actions)
        log = result["replays"][mid]["replay"]
        assert log["actions"] == moves  # no lost move, no duplicated move, same order
        run_replay(game, log)
    assert rows == races + result["finishing"]


@pytest.mark.parametrize("races", [200, pytest.param(1000, marks=pytest.mark.slow)])
def test_many_races_for_the_same_version(sqlite_url: str, races: int) -> None:
    server = ServerProcess(sqlite_url, *NO_LIMITS).start()
    try:
        result = asyncio.run(_race_many([server.base], races, seed=11))
    finally:
        server.stop()
    _check(result, races, sqlite_url)


@pytest.mark.parametrize("races", [100, pytest.param(300, marks=pytest.mark.slow)])
def test_races_across_two_server_processes_on_postgresql(postgres_url: str, races: int) -> None:
    url = fresh_postgres_database(postgres_url)
    a = ServerProcess(url, *NO_LIMITS).start()
    b = ServerProcess(url, *NO_LIMITS).start()
    try:
        result = asyncio.run(_race_many([a.base, b.base], races, seed=12))
    finally:
        a.stop()
        b.stop()
    _check(result, races, url)
