"""Chat at the table: seats post with their token, everyone (spectators too) receives and
reads; bad messages are refused and store nothing; each seat is rate limited; messages
survive a killed server."""

from __future__ import annotations

import json
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.server.conftest import make_client
from tests.server.support import ServerProcess, bearer, create_match, fresh_postgres_database
from websockets.sync.client import connect

TWO_PEOPLE = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Grace"}]


def _post(client: TestClient | httpx.Client, mid: str, token: str | None, text: Any) -> Any:
    return client.post(f"/api/matches/{mid}/chat", json={"text": text}, headers=bearer(token))


def _next_chat(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next chat push (views pushed meanwhile are skipped)."""
    for _ in range(20):
        message = ws.receive_json()
        if message["type"] == "chat":
            return dict(message["message"])
    raise AssertionError("no chat message pushed")


def test_a_message_reaches_both_seats_and_a_spectator_and_is_listed(db_url: str) -> None:
    with make_client(db_url, http_rate_per_second=0, rate_per_second=0) as client:
        mid, tokens = create_match(client, "skirm", TWO_PEOPLE)
        url = f"/api/matches/{mid}/ws"
        with (
            client.websocket_connect(url) as ada,
            client.websocket_connect(url) as grace,
            client.websocket_connect(url) as watcher,
        ):
            for ws, token in ((ada, tokens[0]), (grace, tokens[1]), (watcher, None)):
                ws.send_json({"type": "auth", "token": token})
                assert ws.receive_json()["type"] == "view"
            r = _post(client, mid, tokens[1], "good luck, Ada ✨")
            assert r.status_code == 200, r.text
            ack = r.json()
            for ws in (ada, grace, watcher):
                pushed = _next_chat(ws)
                assert pushed == {
                    "id": ack["id"],
                    "seat": 1,
                    "name": "Grace",
                    "text": "good luck, Ada ✨",
                    "at": ack["at"],
                }
            r = _post(client, mid, tokens[0], "thanks")
            assert r.status_code == 200, r.text
            assert _next_chat(watcher)["name"] == "Ada"
        listed = client.get(f"/api/matches/{mid}/chat").json()  # a spectator reads
        assert [(m["seat"], m["text"]) for m in listed] == [(1, "good luck, Ada ✨"), (0, "thanks")]
        after = client.get(f"/api/matches/{mid}/chat?after={listed[0]['id']}").json()
        assert [m["text"] for m in after] == ["thanks"]


def test_bad_messages_are_refused_and_nothing_is_stored(db_url: str) -> None:
    with make_client(db_url, http_rate_per_second=0) as client:
        mid, tokens = create_match(client, "skirm", TWO_PEOPLE)
        other, other_tokens = create_match(client, "skirm", TWO_PEOPLE)
        cases = [
            (tokens[0], "ring \x07 the bell", 422, "control character"),
            (tokens[0], "two\nlines", 422, "control character"),
            (tokens[0], "\u202eevil", 422, "bidirectional"),
            (tokens[0], "x" * 501, 422, "at most 500"),
            (tokens[0], "", 422, "at least 1"),
            (tokens[0], "   ", 422, "empty"),
            (tokens[0], 42, 422, "string"),
            (None, "hello from the stands", 401, "spectators"),
            ("not-a-token", "hello", 401, "does not hold a seat"),
            (other_tokens[0], "wrong match", 401, "does not hold a seat"),
        ]
        for token, text, status, words in cases:
            r = _post(client, mid, token, text)
            assert r.status_code == status, (text, r.text)
            assert words in r.json()["error"], (text, r.json())
        r = client.post(
            f"/api/matches/{mid}/chat", json={"text": "hi", "x": 1}, headers=bearer(tokens[0])
        )
        assert r.status_code == 422, r.text
        assert client.get(f"/api/matches/{mid}/chat").json() == []
        assert client.get(f"/api/matches/{other}/chat").json() == []
        assert _post(client, mid, tokens[0], "x" * 500).status_code == 200  # the limit itself
        assert client.get("/api/matches/nosuchmatch/chat").status_code == 404


def test_each_seat_is_rate_limited_and_the_refused_message_is_not_stored(
    sqlite_url: str,
) -> None:
    with make_client(sqlite_url, http_rate_per_second=0, chat_burst=5, chat_window=60) as client:
        mid, tokens = create_match(client, "skirm", TWO_PEOPLE)
        for i in range(5):
            assert _post(client, mid, tokens[0], f"message {i}").status_code == 200
        r = _post(client, mid, tokens[0], "one too many")
        assert r.status_code == 429, r.text
        assert "at most 5 per 60 s" in r.json()["error"]
        assert _post(client, mid, tokens[1], "my turn to talk").status_code == 200  # per seat
        texts = [m["text"] for m in client.get(f"/api/matches/{mid}/chat").json()]
        assert texts == [*(f"message {i}" for i in range(5)), "my turn to talk"]


def test_a_page_holds_at_most_200_messages(sqlite_url: str) -> None:
    with make_client(sqlite_url, http_rate_per_second=0, chat_burst=0) as client:
        mid, tokens = create_match(client, "skirm", TWO_PEOPLE)
        for i in range(205):
            assert _post(client, mid, tokens[i % 2], f"m{i}").status_code == 200
        first = client.get(f"/api/matches/{mid}/chat").json()
        assert len(first) == 200 and first[0]["text"] == "m0"
        rest = client.get(f"/api/matches/{mid}/chat?after={first[-1]['id']}").json()
        assert [m["text"] for m in rest] == [f"m{i}" for i in range(200, 205)]


def test_messages_survive_a_killed_server(db_url: str) -> None:
    server = ServerProcess(db_url, "--http-rate", "0").start()
    try:
        client = httpx.Client(base_url=server.base, timeout=10)
        mid, tokens = create_match(client, "skirm", TWO_PEOPLE)
        for token, text in ((tokens[0], "hello"), (tokens[1], "hi Ada")):
            assert _post(client, mid, token, text).status_code == 200
        server.kill()  # SIGKILL: no shutdown code runs
        server.start()
        client = httpx.Client(base_url=server.base, timeout=10)
        listed = client.get(f"/api/matches/{mid}/chat").json()
        assert [(m["name"], m["text"]) for m in listed] == [("Ada", "hello"), ("Grace", "hi Ada")]
        assert _post(client, mid, tokens[0], "still here").status_code == 200
        assert len(client.get(f"/api/matches/{mid}/chat").json()) == 3
    finally:
        server.stop()


def test_a_message_posted_on_one_process_reaches_sockets_on_another(postgres_url: str) -> None:
    """Two server processes share one PostgreSQL database: a message stored through one is
    pushed (once each) to the seat and the spectator connected to the other."""
    url = fresh_postgres_database(postgres_url)
    a = ServerProcess(url, "--http-rate", "0").start()
    b = ServerProcess(url, "--http-rate", "0").start()
    try:
        client_a = httpx.Client(base_url=a.base, timeout=10)
        client_b = httpx.Client(base_url=b.base, timeout=10)
        mid, tokens = create_match(client_a, "skirm", TWO_PEOPLE)
        ws_url = f"{b.base.replace('http', 'ws')}/api/matches/{mid}/ws"
        with connect(ws_url) as grace, connect(ws_url) as watcher:
            grace.send(json.dumps({"type": "auth", "token": tokens[1]}))
            watcher.send(json.dumps({"type": "auth"}))
            for ws in (grace, watcher):  # subscribed: the first view came
                assert json.loads(ws.recv(timeout=20))["type"] == "view"
            texts = ["from process a", "from process b", "a again"]
            for text, client, token in zip(
                texts,
                (client_a, client_b, client_a),
                (tokens[0], tokens[1], tokens[0]),
                strict=True,
            ):
                assert _post(client, mid, token, text).status_code == 200
            for ws in (grace, watcher):
                got: list[str] = []
                while len(got) < len(texts):
                    message = json.loads(ws.recv(timeout=20))
                    if message["type"] == "chat":
                        got.append(message["message"]["text"])
                assert sorted(got) == sorted(texts)  # each once
    finally:
        a.stop()
        b.stop()
