"""The WebSocket authenticates by its first message, never by a token in the URL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import make_client
from tests.server.support import bearer

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def create(client: TestClient) -> tuple[str, dict[int, str]]:
    r = client.post("/api/matches", json={"game": "skirm", "seats": TWO_HUMANS})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {s["seat"]: s["token"] for s in body["seats"]}


def refused(ws: Any) -> dict[str, Any]:
    """The error the server sends before closing the socket (and that it is closed)."""
    msg = ws.receive_json()
    assert msg["type"] == "error", msg
    with pytest.raises(WebSocketDisconnect):
        ws.receive_json()
    return dict(msg)


def test_a_seat_authenticates_by_its_first_message(client: TestClient) -> None:
    mid, tokens = create(client)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"type": "auth", "token": tokens[1]})
        view = ws.receive_json()
        assert view["type"] == "view" and view["seat"] == 1
        ws.send_json(
            {"type": "action", "action": view["legal"][0]["notation"], "version": view["version"]}
        )
        assert ws.receive_json()["type"] in ("view", "ack")
    assert client.get(f"/api/matches/{mid}").json()["version"] == view["version"] + 1


@pytest.mark.parametrize("first", [{"type": "auth"}, {"type": "auth", "token": None}])
def test_no_token_is_a_spectator(client: TestClient, first: dict[str, Any]) -> None:
    mid, _tokens = create(client)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json(first)
        view = ws.receive_json()
        assert view["type"] == "view" and view["seat"] is None and view["legal"] == []


def test_a_token_in_the_url_is_refused_even_a_valid_one(client: TestClient) -> None:
    mid, tokens = create(client)
    before = client.get(f"/api/matches/{mid}", headers=bearer(tokens[0])).json()
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[0]}") as ws:
        ws.send_json({"type": "auth", "token": tokens[0]})
        err = refused(ws)
    assert err["status"] == 400 and "URL" in err["error"] and '"auth"' in err["error"]
    assert client.get(f"/api/matches/{mid}").json()["version"] == before["version"]


def test_a_silent_socket_is_closed(sqlite_url: str) -> None:
    with make_client(sqlite_url, ws_auth_timeout=0.3) as client:
        mid, _tokens = create(client)
        with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
            err = refused(ws)  # sent nothing: told why, then closed
        assert err["status"] == 401 and "no authentication within" in err["error"]


@pytest.mark.parametrize(
    ("first", "status"),
    [
        ({"type": "action", "action": "reveal 1", "version": 0}, 401),
        ({"type": "view"}, 401),
        ({"type": "auth", "token": 123}, 400),
        ({"type": "auth", "token": "x", "seat": 0}, 400),
        ("not json", 400),
    ],
)
def test_a_first_message_that_is_no_auth_closes_the_socket(
    client: TestClient, first: Any, status: int
) -> None:
    mid, _tokens = create(client)
    version = client.get(f"/api/matches/{mid}").json()["version"]
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        if isinstance(first, str):
            ws.send_text(first)
        else:
            ws.send_json(first)
        err = refused(ws)
    assert err["status"] == status, err
    assert client.get(f"/api/matches/{mid}").json()["version"] == version


def test_a_wrong_token_in_the_first_message_is_refused(client: TestClient) -> None:
    mid, _tokens = create(client)
    _other, other_tokens = create(client)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"type": "auth", "token": other_tokens[0]})
        assert refused(ws)["status"] == 401
