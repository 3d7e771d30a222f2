"""Hostile text gets a clean 4xx JSON naming the problem, on SQLite and PostgreSQL alike.

Lone surrogates (not encodable as UTF-8), control characters (terminal escapes, NUL, which
PostgreSQL refuses to store) and malformed match ids are refused where they come in, before
the engine or the database sees them; no error message echoes raw unencodable input; an
over-limit chunked body is answered 413 and its connection closed. After each refusal the
server keeps serving and nothing has changed.
"""

from __future__ import annotations

import json
import logging
import socket
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.support import bearer, running_server

from wartable.server.app import create_app
from wartable.server.last_resort import LastResort
from wartable.server.settings import Settings

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
JSON = {"content-type": "application/json"}


def create(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    r = client.post("/api/matches", json={"game": "skirm", "seats": TWO_HUMANS, **body})
    assert r.status_code == 200, r.text
    return r.json()["id"], {s["seat"]: s["token"] for s in r.json()["seats"]}


def post_raw(client: TestClient, url: str, text: str, **headers: str) -> Any:
    """POST JSON written by hand, so escapes like ``\\ud800`` reach the server as they are."""
    return client.post(url, content=text.encode("ascii"), headers={**JSON, **headers})


def refused(r: Any, status: int, *words: str) -> str:
    """The answer is ``status`` with a JSON ``error`` containing each of ``words``."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    error = r.json()["error"]
    assert isinstance(error, str)
    error.encode("utf-8")  # encodable: no raw surrogate came back
    for word in words:
        assert word in error, (word, error)
    return error


def still_serving(client: TestClient) -> None:
    assert client.get("/api/games").status_code == 200


def test_a_lone_surrogate_in_an_action_is_a_clean_422(client: TestClient) -> None:
    mid, tokens = create(client)
    auth = bearer(tokens[0])
    before = client.get(f"/api/matches/{mid}", headers=auth).json()
    url = f"/api/matches/{mid}/actions"
    r = post_raw(client, url, '{"action": "\\ud800", "version": 0}', **auth)
    error = refused(r, 422, "action", "surrogate", "U+D800")
    assert "\ud800" not in error
    r = post_raw(client, url, '{"action": "reveal \\u001b[31m", "version": 0}', **auth)
    refused(r, 422, "action", "control character", "U+001B")
    after = client.get(f"/api/matches/{mid}", headers=auth).json()
    assert after["version"] == before["version"] and after["observation"] == before["observation"]
    still_serving(client)


def all_listed(client: TestClient) -> list[object]:
    """Every match the lobby lists, in play (seats open or not) or ended."""
    states = ("open", "running", "finished")
    return [m for st in states for m in client.get("/api/matches", params={"state": st}).json()]


@pytest.mark.parametrize(
    "escaped, words",
    [
        ("\\u001b[31mred", ("name", "control character", "U+001B")),
        ("nul\\u0000", ("name", "control character", "U+0000")),
        ("bell\\u0007", ("name", "control character", "U+0007")),
        ("\\u202eevil", ("name", "bidirectional", "U+202E")),
        ("\\udfff", ("name", "surrogate", "U+DFFF")),
    ],
)
def test_names_with_control_characters_are_refused(
    client: TestClient, escaped: str, words: tuple[str, ...]
) -> None:
    """The lobby shows names to everyone: no terminal escapes, NULs or direction overrides."""
    seats = json.dumps(TWO_HUMANS)
    body = f'{{"game": "skirm", "seats": {seats}, "name": "{escaped}"}}'
    refused(post_raw(client, "/api/matches", body), 422, *words)
    assert all_listed(client) == []  # nothing was created
    create(client, name="a plain name, accents é and 漢字 welcome")  # ordinary text passes
    still_serving(client)


@pytest.mark.parametrize(
    "body, words",
    [
        ('{"game": "skirm\\u0000", "seats": SEATS}', ("game", "U+0000")),
        ('{"game": "\\ud800", "seats": SEATS}', ("game", "surrogate")),
        (
            '{"game": "skirm", "seats": [{"kind": "bot", "agent": "random\\u0000"}, '
            '{"kind": "human"}]}',
            ("agent", "control character", "U+0000"),
        ),
        (
            '{"game": "skirm", "seats": [{"kind": "bot", "agent": "\\udbff"}, {"kind": "human"}]}',
            ("agent", "surrogate", "U+DBFF"),
        ),
        (
            '{"game": "graxia", "config": {"scenario": "x\\u001b"}, "seats": SEATS}',
            ("config.scenario", "control character", "U+001B"),
        ),
        (
            '{"game": "graxia", "config": {"sub": {"\\ud800": 1}}, "seats": SEATS}',
            ("config.sub", "surrogate", "U+D800"),
        ),
        (
            '{"game": "draconia", "config": {"decks": [["a\\u0000b"]]}, "seats": SEATS}',
            ("config.decks[0][0]", "U+0000"),
        ),
    ],
)
def test_bad_text_anywhere_in_a_new_match_is_refused(
    client: TestClient, body: str, words: tuple[str, ...]
) -> None:
    refused(
        post_raw(client, "/api/matches", body.replace("SEATS", json.dumps(TWO_HUMANS))), 422, *words
    )
    assert all_listed(client) == []
    still_serving(client)


BAD_IDS = ["%00", "a%00b", "%ED%A0%80", "x%1B%5B31m", "a" * 33, "a.b", "abc%20def", "%E2%80%AE"]


@pytest.mark.parametrize("bad_id", BAD_IDS)
def test_malformed_match_ids_are_404_before_the_database(client: TestClient, bad_id: str) -> None:
    """A NUL reaching PostgreSQL is a driver error (500); the id's shape is checked first."""
    _mid, tokens = create(client)
    auth = bearer(tokens[0])
    base = f"/api/matches/{bad_id}"
    answers = [
        client.get(base),
        client.get(base, headers=auth),
        client.post(f"{base}/join", json={}),
        client.post(f"{base}/actions", json={"action": "x", "version": 0}, headers=auth),
        client.get(f"{base}/replay"),
        client.get(f"{base}/replay", params={"step": 0}),
        client.post(f"{base}/rematch", headers=auth),
    ]
    for r in answers:
        error = refused(r, 404, "no such match")
        assert "\x00" not in error and "\x1b" not in error
    with client.websocket_connect(f"{base}/ws") as ws:
        ws.send_json({"type": "auth"})
        msg = ws.receive_json()
    assert msg["type"] == "error" and msg["status"] == 404 and msg["error"] == "no such match"
    still_serving(client)


def test_bad_text_over_the_websocket_is_a_clean_error(client: TestClient) -> None:
    """The socket uses the same message model: the same inputs, a clean error, still open."""
    mid, tokens = create(client)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"type": "auth", "token": tokens[0]})
        view = ws.receive_json()
        for text, words in [
            ('{"type": "action", "action": "\\ud800", "version": 0}', ("surrogate", "U+D800")),
            ('{"type": "action", "action": "a\\u0000", "version": 0}', ("U+0000",)),
            ('{"type": "ping", "ref": "\\udc00"}', ("ref", "surrogate")),
        ]:
            ws.send_text(text)
            err = ws.receive_json()
            assert err["type"] == "error" and 400 <= err["status"] < 500, err
            for word in words:
                assert word in err["error"], (word, err)
        ws.send_text('{"type": "ping", "ref": 7}')
        assert ws.receive_json() == {"type": "pong", "ref": 7}
    assert client.get(f"/api/matches/{mid}").json()["version"] == view["version"]


def _read_response(sock: socket.socket) -> tuple[bytes, dict[str, str], bytes]:
    """The status line, the headers and the body (by its Content-Length) of one response."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection closed before a response: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines)}
    while len(body) < int(headers.get("content-length", "0")):
        chunk = sock.recv(65536)
        assert chunk
        body += chunk
    return status.encode(), headers, body


def test_an_over_limit_chunked_body_is_413_and_the_connection_closes(sqlite_url: str) -> None:
    """Without Content-Length the size is only known while reading: past the limit the server
    answers 413 with ``connection: close`` and stops reading the stream."""
    with running_server(sqlite_url) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(
                b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n"
            )
            piece = b"x" * 4096
            for _ in range(5):  # 20 KiB, over the 16 KiB limit
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
            status, headers, body = _read_response(sock)
            assert b" 413 " in status, (status, body)
            assert headers.get("connection") == "close", headers
            assert "larger than 16384 bytes" in json.loads(body)["error"]
            closed = False
            try:
                for _ in range(200):  # the server must stop swallowing the stream
                    sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
                    if sock.recv(65536) == b"":
                        closed = True
                        break
            except (BrokenPipeError, ConnectionResetError):
                closed = True
            except TimeoutError:
                closed = False
            assert closed, "the connection stayed open after the 413"
        assert httpx.get(server.base + "/api/games", timeout=10).status_code == 200


def test_an_unexpected_exception_is_500_json_and_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The last resort: a bug answers ``{"error": "internal error"}``, never a traceback page,
    and logs one line (every known input is refused with a 4xx before it gets that far)."""
    app = FastAPI()
    app.add_middleware(LastResort)

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("secret detail \ud800")

    with caplog.at_level(logging.ERROR, logger="wartable.server"):
        r = TestClient(app).get("/boom")
    assert r.status_code == 500
    assert r.json() == {"error": "internal error"}
    assert "secret" not in r.text
    records = [rec for rec in caplog.records if rec.name == "wartable.server"]
    assert len(records) == 1 and "\n" not in records[0].getMessage()
    assert "RuntimeError" in records[0].getMessage() and "/boom" in records[0].getMessage()


def test_the_app_keeps_the_last_resort_in_its_middleware(sqlite_url: str) -> None:
    app = create_app(Settings(database_url=sqlite_url))
    assert LastResort in [m.cls for m in app.user_middleware]
