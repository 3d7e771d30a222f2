"""Seats are kept for whom they were made: the creator's seats, invite links and rematch
seats are never free; a stranger joins only a seat its creator opened to anyone.
On SQLite and on PostgreSQL (the ``client`` fixture runs on both)."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
)
from tests.server.conftest import make_client
from tests.server.support import bearer
from tests.server.test_matches import create, play_out, view

HUMAN: dict[str, Any] = {"kind": "human"}
OPEN: dict[str, Any] = {"kind": "human", "open": True}
BOT: dict[str, Any] = {"kind": "bot", "agent": "random"}


def lobby(client: TestClient, **params: Any) -> dict[str, dict[str, Any]]:
    r = client.get("/api/matches", params=params)
    assert r.status_code == 200, r.text
    return {m["id"]: m for m in r.json()}


def test_a_stranger_cannot_take_the_creators_seats(client: TestClient) -> None:
    """A just-created match (person+bot, person+person) is not listed as joinable and no join
    takes a seat whose token the creator holds: those tokens keep working."""
    for seats in ([HUMAN, BOT], [HUMAN, HUMAN]):
        mid, tokens = create(client, "skirm", seats)
        assert mid not in lobby(client)
        for body in ({}, {"seat": 0}, {"seat": 1}):
            r = client.post(f"/api/matches/{mid}/join", json=body)
            assert r.status_code == 409, r.text
        reserved = client.post(f"/api/matches/{mid}/join", json={"seat": 0})
        assert "reserved for the holder of its link" in reserved.json()["error"]
        for seat, token in tokens.items():
            assert view(client, mid, token)["seat"] == seat
        assert all(not s["open"] for s in view(client, mid)["seats"])


def test_an_open_seat_is_listed_and_a_stranger_takes_it(client: TestClient) -> None:
    mid, tokens = create(client, "skirm", [HUMAN, OPEN])
    entry = lobby(client)[mid]
    assert entry["free_seats"] == [1]
    assert [s["open"] for s in entry["seats"]] == [False, True]
    joined = client.post(f"/api/matches/{mid}/join", json={})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1
    assert view(client, mid, joined.json()["token"])["seat"] == 1
    assert view(client, mid, tokens[0])["seat"] == 0  # the creator keeps its seat
    assert mid not in lobby(client)
    again = client.post(f"/api/matches/{mid}/join", json={})
    assert again.status_code == 409 and "no free seat" in again.json()["error"]


def test_the_creator_may_take_its_open_seat_by_its_link_first(client: TestClient) -> None:
    """An open seat's invite link works too: whoever comes first (link or lobby) sits."""
    mid, tokens = create(client, "skirm", [HUMAN, OPEN])
    assert view(client, mid, tokens[1])["seat"] == 1
    assert mid not in lobby(client)
    assert client.post(f"/api/matches/{mid}/join", json={"seat": 1}).status_code == 409


def test_a_bot_seat_cannot_be_open(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "skirm", "seats": [HUMAN, {**BOT, "open": True}]})
    assert r.status_code == 422 and "only a person's seat can be open" in r.json()["error"]
    assert lobby(client, state="running") == {}


def test_rematch_seats_are_held_for_the_original_players(client: TestClient) -> None:
    mid, tokens = create(client, "skirm", [HUMAN, OPEN])
    stranger = client.post(f"/api/matches/{mid}/join", json={}).json()
    players = {0: tokens[0], 1: stranger["token"]}
    play_out(client, mid, players, random.Random(5))
    first = client.post(f"/api/matches/{mid}/rematch", headers=bearer(players[0]))
    assert first.status_code == 200, first.text
    new = first.json()["id"]
    # the opponent has not asked yet: its rematch seat is still not for strangers
    assert new not in lobby(client)
    for body in ({}, {"seat": 1}):
        assert client.post(f"/api/matches/{new}/join", json=body).status_code == 409
    assert [s["open"] for s in view(client, new)["seats"]] == [False, False]
    second = client.post(f"/api/matches/{mid}/rematch", headers=bearer(players[1]))
    assert second.status_code == 200 and second.json()["id"] == new
    assert second.json()["seat"] == 1
    assert view(client, new, second.json()["token"])["seat"] == 1
    assert view(client, new, first.json()["token"])["seat"] == 0


V1 = MetaData()
Table(
    "matches",
    V1,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("name", String(120), nullable=False),
    Column("status", String(16), nullable=False),
    Column("reason", Text),
    Column("rematch_id", String(32)),
    Column("created_at", Float, nullable=False),
)
Table(
    "seats",
    V1,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("agent", String(200)),
    Column("token_hash", String(64)),
    Column("claimed", Boolean, nullable=False),
)
Table(
    "actions",
    V1,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)
Table("schema_version", V1, Column("version", Integer, nullable=False))


def test_a_version_1_database_migrates_and_its_unclaimed_seats_stay_reserved(db_url: str) -> None:
    """A match stored before seats could be open: its unclaimed seats are not joinable."""
    engine = create_engine(db_url)
    with engine.begin() as conn:
        V1.create_all(conn)
        conn.execute(insert(V1.tables["schema_version"]).values(version=1))
        conn.execute(
            insert(V1.tables["matches"]).values(
                id="old", game="skirm", config="{}", seed=7, name="", status="playing",
                created_at=1.0,
            )
        )  # fmt: skip
        conn.execute(
            insert(V1.tables["seats"]),
            [{"match_id": "old", "seat": s, "kind": "human", "claimed": False} for s in (0, 1)],
        )
    engine.dispose()
    with make_client(db_url, http_rate_per_second=0) as client:
        assert view(client, "old")["seats"][1]["open"] is False
        assert "old" not in lobby(client)
        assert client.post("/api/matches/old/join", json={}).status_code == 409
        mid, _ = create(client, "skirm", [HUMAN, OPEN])  # the new columns are written
        assert lobby(client)[mid]["free_seats"] == [1]
