"""What a seat, a spectator or a stranger can get from the web table, and what they cannot.

Every message a connection receives is checked against the engine's own
filter: after the match, the states are rebuilt from the replay and each view
that was sent must equal ``observe``/``legal_actions``/``visible_events`` of that
state for that seat. Then the attacks: another seat's hand, acting for another
seat, a spectator acting, forged and replayed tokens, oversized and malformed
messages, configs naming server files, floods.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import make_client
from tests.server.support import bearer

from wartable.core.events import visible_events
from wartable.games import get_game


def create(
    client: TestClient, game: str, seats: list[dict[str, Any]], **kw: Any
) -> tuple[str, dict[int, str]]:
    r = client.post("/api/matches", json={"game": game, "seats": seats, **kw})
    assert r.status_code == 200, r.text
    return r.json()["id"], {s["seat"]: s["token"] for s in r.json()["seats"]}


def _expected(
    game: Any, config: Any, seed: int, actions: list[list[Any]]
) -> list[tuple[Any, list[Any]]]:
    """(state, events of the action that led to it) at every version, rebuilt independently."""
    state = game.new_state(config, seed)
    out = [(state.copy(), [])]
    for seat, notation in actions:
        events = game.apply(state, seat, notation)
        out.append((state.copy(), events))
    return out


def _check_view(
    game: Any, config: Any, states: list[tuple[Any, list[Any]]], v: dict[str, Any]
) -> None:
    seat = v["seat"]
    state, _ = states[v["version"]]
    assert v["observation"] == json.loads(json.dumps(game.observe(state, seat)))
    if seat is None or seat not in game.to_act(state) or game.is_terminal(state):
        assert v["legal"] == []
    else:
        assert [a["id"] for a in v["legal"]] == game.legal_actions(state, seat)
    shown = [{k: x for k, x in e.items() if k != "index"} for e in v["events"]]
    for e in v["events"]:
        index = e["index"]
        allowed = visible_events(states[index + 1][1], -1 if seat is None else seat)
        assert {k: x for k, x in e.items() if k != "index"} in json.loads(json.dumps(allowed))
    assert all("to" not in e or seat in e["to"] for e in shown)


@pytest.mark.parametrize("game_id", ["draconia", "skirm"])
def test_every_push_is_exactly_the_engine_filter_for_that_seat(
    client: TestClient, game_id: str
) -> None:
    """Hands are hidden information (Draconia: Set Up; Skirm: the cards): each socket gets its
    seat's observation, legal actions and visible events, nothing else, until the end."""
    rng = random.Random(game_id)
    mid, tokens = create(client, game_id, [{"kind": "human"}, {"kind": "human"}])
    received: list[dict[str, Any]] = []
    sockets = {s: client.websocket_connect(f"/api/matches/{mid}/ws") for s in tokens}
    spectator = client.websocket_connect(f"/api/matches/{mid}/ws")
    conns = {**{s: c.__enter__() for s, c in sockets.items()}, None: spectator.__enter__()}
    for who, ws in conns.items():
        ws.send_json({"type": "auth", "token": None if who is None else tokens[who]})
    try:
        latest = {}
        for who, ws in conns.items():
            latest[who] = ws.receive_json()
            received.append(latest[who])
        while latest[None]["outcome"] is None:
            seat = rng.choice(latest[None]["to_act"])
            v = latest[seat]
            conns[seat].send_json(
                {
                    "type": "action",
                    "action": rng.choice(v["legal"])["notation"],
                    "version": v["version"],
                    "ref": 1,
                }
            )
            for who, ws in conns.items():
                msg = ws.receive_json()
                assert msg["type"] == "view", msg
                latest[who] = msg
                received.append(msg)
            ack = conns[seat].receive_json()
            assert ack == {"type": "ack", "version": v["version"] + 1, "ref": 1}
    finally:
        for c in (*sockets.values(), spectator):
            c.__exit__(None, None, None)
    body = client.get(f"/api/matches/{mid}/replay").json()
    game = get_game(game_id)
    config = game.make_config(body["replay"]["config"])
    states = _expected(game, config, body["replay"]["seed"], body["replay"]["actions"])
    for msg in received:
        _check_view(game, config, states, msg)
    seed = str(body["replay"]["seed"])
    assert not any(seed in json.dumps(m) for m in received if m["outcome"] is None)
    assert len(received) >= 3 * len(body["replay"]["actions"])


def test_a_seat_cannot_read_or_act_for_another_seat(client: TestClient) -> None:
    mid, tokens = create(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
    mine = client.get(f"/api/matches/{mid}", params={"seat": 1}, headers=bearer(tokens[0])).json()
    theirs = client.get(f"/api/matches/{mid}", headers=bearer(tokens[1])).json()
    assert mine["seat"] == 0 and mine["observation"] != theirs["observation"]
    # acting with a seat field is refused; a token only ever acts for its own seat
    r = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": theirs["legal"][0]["notation"], "version": theirs["version"], "seat": 1},
        headers=bearer(tokens[0]),
    )
    assert r.status_code == 422 and "seat" in r.json()["error"]
    # seat 0 commits its deployment; seat 1's partial replay does not show what it was
    client.post(
        f"/api/matches/{mid}/actions",
        json={"action": mine["legal"][0]["notation"], "version": mine["version"]},
        headers=bearer(tokens[0]),
    )
    partial = client.get(f"/api/matches/{mid}/replay", headers=bearer(tokens[1])).json()
    assert partial["replay"] is None and "seed" not in json.dumps(partial)
    assert [a["notation"] for a in partial["actions"]] == [None]
    own = client.get(f"/api/matches/{mid}/replay", headers=bearer(tokens[0])).json()
    assert [a["notation"] for a in own["actions"]] == [mine["legal"][0]["notation"]]
    spectator = client.get(f"/api/matches/{mid}/replay").json()
    assert all(e.get("to") is None for a in spectator["actions"] for e in a["events"])


def test_a_spectator_cannot_act(client: TestClient) -> None:
    mid, _tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
    v = client.get(f"/api/matches/{mid}").json()
    r = client.post(
        f"/api/matches/{mid}/actions", json={"action": "reveal 1", "version": v["version"]}
    )
    assert r.status_code == 401
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"type": "auth"})
        ws.receive_json()
        ws.send_json({"type": "action", "action": "reveal 1", "version": v["version"]})
        err = ws.receive_json()
        assert err["type"] == "error" and err["status"] == 403 and "spectators" in err["error"]
    assert client.get(f"/api/matches/{mid}").json()["version"] == v["version"]


def test_forged_foreign_and_replayed_tokens_are_refused(client: TestClient) -> None:
    mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
    _other, other_tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
    forged = tokens[0][:-4] + ("AAAA" if not tokens[0].endswith("AAAA") else "BBBB")
    for token in (forged, other_tokens[0], "x" * 5000, "Bearer"):
        r = client.get(f"/api/matches/{mid}", headers=bearer(token))
        assert r.status_code == 401, (token[:10], r.text)
    assert (
        client.get(f"/api/matches/{mid}", headers={"Authorization": "Basic abc"}).status_code == 401
    )
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"type": "auth", "token": forged})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 401
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    # the same action message sent twice (a replay of a captured request) lands once
    v = client.get(f"/api/matches/{mid}", headers=bearer(tokens[0])).json()
    body = {"action": v["legal"][0]["notation"], "version": v["version"]}
    first = client.post(f"/api/matches/{mid}/actions", json=body, headers=bearer(tokens[0]))
    second = client.post(f"/api/matches/{mid}/actions", json=body, headers=bearer(tokens[0]))
    assert first.status_code == 200 and second.status_code == 409
    # tokens are stored hashed: the database never holds one
    import sqlalchemy

    engine = sqlalchemy.create_engine(client.app.state.service.settings.database_url)  # type: ignore[attr-defined]
    with engine.connect() as conn:
        stored = [r[0] for r in conn.execute(sqlalchemy.text("SELECT token_hash FROM seats"))]
    engine.dispose()
    assert stored and not set(stored) & {*tokens.values(), *other_tokens.values()}


def test_oversized_and_malformed_messages_change_nothing(client: TestClient) -> None:
    mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
    url = f"/api/matches/{mid}/actions"
    auth = bearer(tokens[0])
    v = client.get(f"/api/matches/{mid}", headers=auth).json()
    big = client.post(url, json={"action": "x" * 20_000, "version": 0}, headers=auth)
    assert big.status_code == 413
    assert client.post("/api/matches", content=b"{" * 20_000).status_code == 413
    bad = [
        (b"{not json", 400),
        (b"[" * 7000 + b"]" * 7000, 400),  # nested deeper than any parser should follow
        (b"[1, 2]", 422),
        (json.dumps({"action": ["reveal"], "version": 0}).encode(), 422),
        (json.dumps({"action": "reveal 1", "version": -1}).encode(), 422),
        (json.dumps({"action": "reveal 1"}).encode(), 422),
        (json.dumps({"action": "reveal\x00", "version": 0}).encode(), 422),
    ]
    for content, status in bad:
        r = client.post(url, content=content, headers={**auth, "content-type": "application/json"})
        assert r.status_code == status, (content, r.text)
        assert isinstance(r.json()["error"], str)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"type": "auth", "token": tokens[0]})
        ws.receive_json()
        for text in ("{oops", "[]", '{"type": "launch"}', '{"type": "action"}', "[" * 5000):
            ws.send_text(text)
            err = ws.receive_json()
            assert err["type"] == "error" and err["status"] == 400, (text[:10], err)
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["type"] == "error"
        ws.send_text(json.dumps({"type": "ping", "ref": "x" * 20_000}))
        assert ws.receive_json()["status"] == 413
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    after = client.get(f"/api/matches/{mid}", headers=auth).json()
    assert after["version"] == v["version"] and after["observation"] == v["observation"]


def test_configs_and_positions_naming_server_files_are_refused(client: TestClient) -> None:
    """Configs come from strangers: no data directory, deck file or position file."""
    human = {"kind": "human"}
    before = len(client.get("/api/matches", params={"state": "running"}).json())
    cases = [
        {"game": "draconia", "config": {"data_dir": "/etc"}, "seats": [human, human]},
        {"game": "skirm", "config": {"data_dir": "."}, "seats": [human, human]},
        {"game": "graxia", "config": {"data_dir": "/etc"}, "seats": [human, human]},
        {
            "game": "graxia",
            "config": {"scenario": "solo-4", "deck": "/etc/x.toml"},
            "seats": [human],
        },
        {"game": "draconia", "config": {"decks": [["/etc/passwd.toml"]]}, "seats": [human, human]},
        {"game": "draconia", "config": {"decks": [["../../deck.toml"]]}, "seats": [human, human]},
        {"game": "draconia", "config": {}, "position": "/etc/passwd", "seats": [human, human]},
        {"game": "draconia", "config": {"position_file": "x"}, "seats": [human, human]},
        {"game": "../../etc/passwd", "seats": [human, human]},
    ]
    for body in cases:
        r = client.post("/api/matches", json=body)
        assert r.status_code == 422, (body, r.text)
        assert "root:" not in r.text  # no file was read into the answer
    assert len(client.get("/api/matches", params={"state": "running"}).json()) == before


def test_lobby_shows_no_hidden_information(client: TestClient, db_url: str) -> None:
    """The lobby's values, not only its keys: the match seed stored in the database, the
    seat tokens (and their hashes) and the names of the cards in every hand, rebuilt by the
    engine from the stored seed, appear nowhere in its JSON."""
    from wartable.games.draconia.scenario import names
    from wartable.server.storage import Storage

    seats = [{"kind": "human", "open": True}, {"kind": "human"}]
    mid, tokens = create(client, "draconia", seats)
    r = client.get("/api/matches")
    assert r.status_code == 200
    entry = next(m for m in r.json() if m["id"] == mid)
    assert set(entry) == {
        "id",
        "game",
        "name",
        "status",
        "version",
        "seats",
        "free_seats",
        "created_at",
        "to_act",  # public: a spectator's view shows them too
        "outcome",
    }
    storage = Storage(db_url)
    try:
        row = storage.load_match(mid)
    finally:
        storage.close()
    assert row is not None
    game = get_game("draconia")
    state = game.new_state(game.make_config(row.config), row.seed)
    hidden = {name for seat in range(2) for name in names(state, seat, state.hand[seat])}
    secrets_ = {
        str(row.seed),
        *(t for t in tokens.values() if t),
        *(seat.token_hash for seat in row.seats if seat.token_hash),
    }
    text = r.text
    assert len(hidden) >= 5 and len(secrets_) >= 3
    assert not [x for x in secrets_ if x in text], "the lobby shows a seed or a token"
    assert not [n for n in hidden if n in text], "the lobby names cards in a hand"


def test_floods_are_rate_limited_per_connection(sqlite_url: str) -> None:
    with make_client(
        sqlite_url, rate_per_second=5, rate_burst=10, http_rate_per_second=1, http_rate_burst=3
    ) as client:
        mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
        with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
            ws.send_json({"type": "auth", "token": tokens[0]})
            ws.receive_json()
            for i in range(30):
                ws.send_json({"type": "ping", "ref": i})
            replies = [ws.receive_json() for _ in range(30)]
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all(r["status"] == 429 for r in limited)
        assert sum(r["type"] == "pong" for r in replies) <= 12
        # a second connection has its own allowance
        with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
            ws.send_json({"type": "auth", "token": tokens[1]})
            ws.receive_json()
            ws.send_json({"type": "ping", "ref": 0})
            assert ws.receive_json()["type"] == "pong"
        codes = [client.post("/api/matches/nope/join", json={}).status_code for _ in range(6)]
        assert 429 in codes
