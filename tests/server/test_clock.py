"""Match clocks: the view counts a thinking seat's time down; a seat out of time loses (the
match ends timed_out, the outcome naming the loser) or is played by the server's bot; the
time used is rebuilt from stored figures, so a killed server gives none back.

No timing is asserted beyond generous bounds (a 1-3 s clock must run out within 10 s)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from tests.server.conftest import make_client
from tests.server.support import ServerProcess, bearer, create_match

VS_BOT = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "agent": "random"}]


def _view(client: httpx.Client, mid: str, token: str | None) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}", headers=bearer(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _wait(client: httpx.Client, mid: str, token: str, done: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = _view(client, mid, token)
        if done(view):
            return view
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds:g} s: {view['status']} {view['clock']}")


def test_the_clock_counts_down_and_a_seat_out_of_time_loses(db_url: str) -> None:
    config = {"clock": {"per_move": 2, "bank": None}, "on_timeout": "lose"}
    with make_client(db_url, http_rate_per_second=0) as client:
        mid, tokens = create_match(client, "skirm", VS_BOT, config)
        assert "clock" not in _view(client, mid, None)["observation"]  # the game never saw it
        first = _view(client, mid, tokens[0])  # the seat is taken: the clock starts
        time.sleep(0.3)
        second = _view(client, mid, tokens[0])
        mine = [c["seats"][0] for c in (first["clock"], second["clock"])]
        assert first["clock"]["per_move"] == 2 and first["clock"]["on_timeout"] == "lose"
        assert mine[0]["running"] and mine[1]["running"]
        assert mine[1]["move_left"] < mine[0]["move_left"] <= 2
        assert second["clock"]["at"] > first["clock"]["at"]
        assert second["clock"]["seats"][1]["running"] is False  # a bot's clock never runs
        ended = _wait(client, mid, tokens[0], lambda v: v["status"] != "playing")
        assert ended["status"] == "timed_out" and ended["legal"] == []
        assert ended["outcome"]["losers"] == [0] and ended["outcome"]["winners"] == [1]
        assert "seat 0 (Ada) ran out of time" in ended["outcome"]["reason"]
        assert ended["clock"]["seats"][0]["timed_out"] is True
        finished = client.get("/api/matches?state=finished").json()
        listed = [e for e in finished if e["id"] == mid]
        assert [(e["status"], e["outcome"]["losers"]) for e in listed] == [("timed_out", [0])]


def test_a_seat_timeout_outcome_names_the_loser(sqlite_url: str) -> None:
    with make_client(sqlite_url, seat_timeout=0.3) as client:
        mid, tokens = create_match(client, "skirm", [{"kind": "bot"}, {"kind": "human"}])
        ended = _wait(client, mid, tokens[1], lambda v: v["status"] != "playing")
        assert ended["status"] == "timed_out"
        assert ended["outcome"]["losers"] == [1] and ended["outcome"]["winners"] == [0]


def test_a_seat_out_of_time_is_played_by_the_bot_and_the_match_goes_on(db_url: str) -> None:
    config = {"clock": {"per_move": 1, "bank": None}, "on_timeout": "bot"}
    with make_client(db_url, http_rate_per_second=0) as client:
        mid, tokens = create_match(client, "skirm", VS_BOT, config)
        start = _view(client, mid, tokens[0])
        assert 0 in start["to_act"] and start["clock"]["on_timeout"] == "bot"
        taken = _wait(client, mid, tokens[0], lambda v: v["seats"][0]["stand_in"] is not None)
        assert taken["seats"][0]["stand_in"] == "heuristic"  # Skirm has a heuristic bot
        assert taken["clock"]["seats"][0]["timed_out"] is True
        # the bot plays seat 0 from then on: the match moves past seat 0's decisions
        later = _wait(
            client,
            mid,
            tokens[0],
            lambda v: v["status"] == "finished" or v["version"] >= start["version"] + 6,
            seconds=30,
        )
        assert later["status"] in ("playing", "finished")  # not timed out
        replay = client.get(f"/api/matches/{mid}/replay", headers=bearer(tokens[0])).json()
        seats = (
            [seat for seat, _notation in replay["replay"]["actions"]]
            if replay["complete"]
            else [a["seat"] for a in replay["actions"]]
        )
        assert 0 in seats  # the person never acted: the bot played seat 0 after its time ran out
        assert later["legal"] == []  # the person is offered no move of the seat's
        r = client.post(
            f"/api/matches/{mid}/actions",
            json={"action": 0, "version": later["version"]},
            headers=bearer(tokens[0]),
        )
        assert r.status_code == 403 and "ran out of time" in r.json()["error"], r.text


def test_a_bank_is_charged_only_beyond_the_free_time_per_move(sqlite_url: str) -> None:
    config = {"clock": {"per_move": 30, "bank": 60}}
    with make_client(sqlite_url, http_rate_per_second=0) as client:
        mid, tokens = create_match(client, "skirm", VS_BOT, config)
        view = _view(client, mid, tokens[0])
        act = {"action": view["legal"][0]["id"], "version": view["version"]}
        r = client.post(f"/api/matches/{mid}/actions", json=act, headers=bearer(tokens[0]))
        assert r.status_code == 200, r.text
        after = _view(client, mid, tokens[0])
        assert after["clock"]["seats"][0]["bank_left"] == 60  # well within the 30 s per move
        assert after["clock"]["on_timeout"] == "lose"  # the default
        # a 0.1 s allowance: a decision of more than 0.5 s takes the rest from the bank
        tight = {"clock": {"per_move": 0.1, "bank": 60}}
        mid, tokens = create_match(client, "skirm", VS_BOT, tight)
        view = _view(client, mid, tokens[0])
        time.sleep(0.5)
        act = {"action": view["legal"][0]["id"], "version": view["version"]}
        r = client.post(f"/api/matches/{mid}/actions", json=act, headers=bearer(tokens[0]))
        assert r.status_code == 200, r.text
        after = _view(client, mid, tokens[0])
        assert 0 < after["clock"]["seats"][0]["bank_left"] <= 60 - 0.4


def test_bad_clocks_are_refused_and_nothing_is_created(db_url: str) -> None:
    bad = [
        ({"clock": {"per_move": -1, "bank": None}}, "config.clock.per_move"),
        ({"clock": {"per_move": 10, "bank": 86401}}, "config.clock.bank"),
        ({"clock": {"per_move": "10", "bank": None}}, "config.clock.per_move"),
        ({"clock": {"per_move": True, "bank": None}}, "config.clock.per_move"),
        ({"clock": {"per_move": None, "bank": None}}, "give per_move or bank"),
        ({"clock": {"per_move": 0, "bank": 0}}, "give per_move or bank"),
        ({"clock": {"per_move": 5, "byo": 3}}, "unknown field 'byo'"),
        ({"clock": 30}, "config.clock"),
        ({"clock": {"per_move": 5}, "on_timeout": "draw"}, "config.on_timeout"),
    ]
    with make_client(db_url, http_rate_per_second=0) as client:
        for config, words in bad:
            r = client.post(
                "/api/matches", json={"game": "skirm", "config": config, "seats": VS_BOT}
            )
            assert r.status_code == 422, (config, r.text)
            assert words in r.json()["error"], (config, r.json())
        assert client.get("/api/matches?state=running").json() == []
        mid, _ = create_match(client, "skirm", VS_BOT)
        assert _view(client, mid, None)["clock"] is None  # no clock asked: none


def test_a_killed_server_gives_no_time_back(db_url: str) -> None:
    server = ServerProcess(db_url, "--http-rate", "0").start()
    try:
        client = httpx.Client(base_url=server.base, timeout=10)
        config = {"clock": {"per_move": None, "bank": 3}, "on_timeout": "lose"}
        mid, tokens = create_match(client, "skirm", VS_BOT, config)
        assert _view(client, mid, tokens[0])["clock"]["seats"][0]["running"]  # started
        time.sleep(1.0)
        server.kill()
        server.start()
        client = httpx.Client(base_url=server.base, timeout=10)
        view = _view(client, mid, tokens[0])
        # more than 1 s of the 3 s bank was used before the kill: the stored figures say so
        if view["status"] == "playing":
            assert view["clock"]["seats"][0]["bank_left"] < 2.0, view["clock"]
        ended = _wait(client, mid, tokens[0], lambda v: v["status"] != "playing")
        assert ended["status"] == "timed_out" and ended["outcome"]["losers"] == [0]
    finally:
        server.stop()


def test_a_rematch_has_the_same_clock(sqlite_url: str) -> None:
    config = {"clock": {"per_move": 1, "bank": None}, "on_timeout": "lose"}
    with make_client(sqlite_url, http_rate_per_second=0) as client:
        mid, tokens = create_match(client, "skirm", VS_BOT, config)
        _wait(client, mid, tokens[0], lambda v: v["status"] == "timed_out")
        r = client.post(f"/api/matches/{mid}/rematch", headers=bearer(tokens[0]))
        assert r.status_code == 200, r.text
        clock = _view(client, r.json()["id"], r.json()["token"])["clock"]
        assert (clock["per_move"], clock["bank"], clock["on_timeout"]) == (1, None, "lose")
