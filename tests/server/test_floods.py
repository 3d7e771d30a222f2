"""Floods at the allowed rate: a per-address cap on matches in play, expiry of matches
nobody plays, a lobby that pages and filters, ended matches leaving memory and coming
back on demand. On SQLite and on PostgreSQL where the database is involved."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from tests.server.conftest import make_client
from tests.server.support import bearer
from tests.server.test_matches import create, view

HUMAN: dict[str, Any] = {"kind": "human"}
OPEN: dict[str, Any] = {"kind": "human", "open": True}
BOT: dict[str, Any] = {"kind": "bot", "agent": "random"}


def page(client: TestClient, **params: Any) -> list[dict[str, Any]]:
    r = client.get("/api/matches", params=params)
    assert r.status_code == 200, r.text
    return list(r.json())


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [e["id"] for e in entries]


def wait_for(check: Any, what: str, tries: int = 400) -> None:
    for _ in range(tries):
        if check():
            return
        time.sleep(0.025)
    raise AssertionError(f"never happened: {what}")


def stored_status(db_url: str, match_id: str) -> str:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            found = conn.execute(text("SELECT status FROM matches WHERE id = :i"), {"i": match_id})
            return str(found.scalar())
    finally:
        engine.dispose()


def test_one_address_is_capped_and_another_can_still_create(db_url: str) -> None:
    with make_client(db_url, http_rate_per_second=0, max_open_per_address=3) as flooder:
        neighbour = TestClient(flooder.app, client=("203.0.113.9", 4000))  # type: ignore[arg-type]
        body = {"game": "skirm", "seats": [HUMAN, BOT]}
        for _ in range(3):
            assert flooder.post("/api/matches", json=body).status_code == 200
        before = ids(page(flooder, state="running"))
        refused = flooder.post("/api/matches", json=body)
        assert refused.status_code == 429, refused.text
        assert "already has 3 matches in play" in refused.json()["error"]
        assert ids(page(flooder, state="running")) == before  # the refusal created nothing
        assert neighbour.post("/api/matches", json=body).status_code == 200


def test_a_match_nobody_plays_expires_and_frees_its_creators_slot(db_url: str) -> None:
    settings: dict[str, Any] = {"expire_open": 0.4, "max_open_per_address": 2}
    with make_client(db_url, http_rate_per_second=0, **settings) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        unjoined, _ = create(client, "skirm", [HUMAN, OPEN])
        played, tokens = create(client, "skirm", [HUMAN, HUMAN])
        for seat in (0, 1):  # both seats taken, and a person acts: someone is playing
            v = view(client, played, tokens[seat])
            move = random.Random(seat).choice(v["legal"])["notation"]
            r = client.post(
                f"/api/matches/{played}/actions",
                json={"action": move, "version": v["version"]},
                headers=bearer(tokens[seat]),
            )
            assert r.status_code == 200, r.text
        assert (
            client.post("/api/matches", json={"game": "skirm", "seats": [HUMAN, BOT]}).status_code
            == 429
        )
        wait_for(lambda: unjoined not in service.matches, "the unjoined match expired")
        assert stored_status(db_url, unjoined) == "expired"
        gone = view(client, unjoined)
        assert gone["status"] == "expired" and "nobody played it" in gone["outcome"]["reason"]
        assert unjoined not in ids(page(client)) and unjoined in ids(page(client, state="finished"))
        assert client.post(f"/api/matches/{unjoined}/join", json={}).status_code == 409
        # a few more rounds of upkeep: the played match stays
        time.sleep(0.5)
        assert view(client, played)["status"] == "playing"
        assert (
            client.post("/api/matches", json={"game": "skirm", "seats": [HUMAN, BOT]}).status_code
            == 200
        )


def test_the_lobby_pages_and_filters(client: TestClient) -> None:
    skirm = [create(client, "skirm", [HUMAN, OPEN])[0] for _ in range(5)]
    weapons = [create(client, "weapons", [OPEN, HUMAN], config={"players": 2})[0] for _ in range(2)]
    running, _ = create(client, "skirm", [HUMAN, BOT])
    finished, _ = create(client, "skirm", [BOT, BOT])
    wait_for(lambda: view(client, finished)["status"] == "finished", "bots finished")
    pages = [page(client, limit=3, offset=o) for o in (0, 3, 6)]
    assert [len(p) for p in pages] == [3, 3, 1]
    listed = [i for p in pages for i in ids(p)]
    assert listed == list(reversed(skirm + weapons))  # newest first, each once
    assert ids(page(client, game="weapons")) == list(reversed(weapons))
    assert ids(page(client, game="skirm", limit=2, offset=1)) == list(reversed(skirm))[1:3]
    assert ids(page(client, state="running")) == [running]
    assert ids(page(client, state="finished")) == [finished]
    assert page(client, state="finished")[0]["free_seats"] == []
    assert len(page(client, limit=10_000)) == 7  # accepted, capped at 100
    for bad in ({"state": "lost"}, {"offset": -1}, {"limit": 0}, {"game": "chess"}):
        r = client.get("/api/matches", params=bad)
        assert r.status_code == 422 and r.json()["error"], (bad, r.text)


def test_an_evicted_finished_match_comes_back_with_the_same_replay(db_url: str) -> None:
    with make_client(db_url, http_rate_per_second=0, ended_grace=0.05) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        mid, _ = create(client, "skirm", [BOT, {"kind": "bot", "agent": "heuristic"}])
        wait_for(lambda: view(client, mid)["status"] == "finished", "bots finished")
        replay = client.get(f"/api/matches/{mid}/replay").json()
        steps = replay["version"]
        middle = client.get(f"/api/matches/{mid}/replay", params={"step": steps // 2}).json()
        final_view = view(client, mid)
        wait_for(lambda: mid not in service.matches, "the finished match left memory")
        assert client.get(f"/api/matches/{mid}/replay").json() == replay
        assert mid in service.matches  # loaded again on demand
        assert (
            client.get(f"/api/matches/{mid}/replay", params={"step": steps // 2}).json() == middle
        )
        assert view(client, mid) == final_view


def test_the_least_recently_used_ended_matches_leave_first(sqlite_url: str) -> None:
    with make_client(sqlite_url, http_rate_per_second=0, max_ended_in_memory=1) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        first, _ = create(client, "skirm", [BOT, BOT])
        second, _ = create(client, "skirm", [BOT, BOT])
        for mid in (first, second):
            wait_for(lambda m=mid: view(client, m)["status"] == "finished", "bots finished")
        view(client, first)  # the first is the one used last
        wait_for(lambda: second not in service.matches, "the older one left memory")
        assert first in service.matches
