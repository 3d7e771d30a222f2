"""The web table's match life cycle over its HTTP API, on SQLite and on PostgreSQL.

The app runs in this process (FastAPI's test client) on a real database and the
real engine; the tests that need a real server process live in the other files.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import make_client
from tests.server.support import bearer

from wartable.core.replay import run_replay
from wartable.games import available_games, get_game


def create(
    client: TestClient, game: str, seats: list[dict[str, Any]], **kw: Any
) -> tuple[str, dict[int, str]]:
    r = client.post("/api/matches", json={"game": game, "seats": seats, **kw})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {s["seat"]: s["token"] for s in body["seats"]}


def view(client: TestClient, mid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}", headers=bearer(token), params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def play_out(
    client: TestClient, mid: str, tokens: dict[int, str], rng: random.Random, limit: int = 3000
) -> list[dict[str, Any]]:
    """Random legal actions for every person seated until the end; every view seen."""
    seen: list[dict[str, Any]] = []
    for _ in range(limit):
        views = {s: view(client, mid, t) for s, t in tokens.items()}
        seen.extend(views.values())
        some = next(iter(views.values()))
        if some["outcome"] is not None:
            return seen
        movers = [s for s in some["to_act"] if s in tokens]
        if not movers:
            time.sleep(0.01)  # a bot is thinking
            continue
        seat = rng.choice(movers)
        v = views[seat]
        choice = rng.choice(v["legal"])
        r = client.post(
            f"/api/matches/{mid}/actions",
            json={"action": choice["notation"], "version": v["version"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        assert r.json()["version"] >= v["version"] + 1  # a bot may commit at the same time
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game_id", available_games())
def test_every_game_plays_to_the_end_and_replays(client: TestClient, game_id: str) -> None:
    """A person against a random bot on every registered game; the replay re-runs exactly."""
    game = get_game(game_id)
    seats_n = game.num_players(game.new_state(game.make_config({}), 0))
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (seats_n - 1)
    mid, tokens = create(client, game_id, seats)
    assert list(tokens) == [0]
    seen = play_out(client, mid, tokens, random.Random(game_id))
    final = seen[-1]
    assert final["status"] == "finished"
    body = client.get(f"/api/matches/{mid}/replay").json()
    assert body["complete"] and body["final"]
    replay = body["replay"]
    assert replay["seed"] is not None and len(replay["actions"]) == final["version"]
    _, outcome = run_replay(game, replay)  # the engine re-runs it and checks the outcome
    assert outcome is not None and outcome.to_json() == final["outcome"]
    # the seed never appeared in anything sent while the game went on
    text = json.dumps(seen[:-1])
    assert str(replay["seed"]) not in text


def test_spectator_gets_no_legal_actions_and_a_different_picture(client: TestClient) -> None:
    """Draconia hands are hidden (Set Up): a spectator's view differs from a seat's."""
    mid, tokens = create(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
    spectator = view(client, mid)
    seat0 = view(client, mid, tokens[0])
    assert spectator["seat"] is None and spectator["legal"] == []
    assert seat0["legal"] and seat0["observation"] != spectator["observation"]


def test_simultaneous_decisions_from_two_seats_both_land(client: TestClient) -> None:
    """Draconia, Deploy (commit-then-reveal): both seats act on the version they saw."""
    mid, tokens = create(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
    v0, v1 = view(client, mid, tokens[0]), view(client, mid, tokens[1])
    assert sorted(v0["to_act"]) == [0, 1] and v0["version"] == v1["version"]
    r0 = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": v0["legal"][0]["notation"], "version": v0["version"]},
        headers=bearer(tokens[0]),
    )
    r1 = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": v1["legal"][0]["notation"], "version": v1["version"]},
        headers=bearer(tokens[1]),
    )
    assert r0.status_code == 200 and r1.status_code == 200, (r0.text, r1.text)
    assert {r0.json()["version"], r1.json()["version"]} == {v0["version"] + 1, v0["version"] + 2}
    # the same seat cannot use that old version twice
    again = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": v0["legal"][0]["notation"], "version": v0["version"]},
        headers=bearer(tokens[0]),
    )
    assert again.status_code == 409 and "stale version" in again.json()["error"]


def test_skirm_card_choice_is_simultaneous(client: TestClient) -> None:
    """Skirm, the card reveal: both seats commit at the same version, in either order."""
    mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
    v = {s: view(client, mid, t) for s, t in tokens.items()}
    assert sorted(v[0]["to_act"]) == [0, 1]
    for seat in (1, 0):
        r = client.post(
            f"/api/matches/{mid}/actions",
            json={"action": v[seat]["legal"][0]["notation"], "version": v[seat]["version"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    assert view(client, mid)["version"] == v[0]["version"] + 2


def test_errors_are_clear_and_change_nothing(client: TestClient) -> None:
    mid, tokens = create(client, "weapons", [{"kind": "human"}] * 4)
    v = view(client, mid, tokens[0])
    mover = v["to_act"][0]
    mv = view(client, mid, tokens[mover])
    other = next(s for s in tokens if s not in v["to_act"])
    url = f"/api/matches/{mid}/actions"
    cases = [
        (
            tokens[mover],
            {"action": mv["legal"][0]["notation"], "version": mv["version"] + 5},
            409,
            "stale version",
        ),
        (
            tokens[mover],
            {"action": "fly to the moon", "version": mv["version"]},
            422,
            "not an action",
        ),
        (
            tokens[other],
            {"action": mv["legal"][0]["notation"], "version": mv["version"]},
            403,
            "not to act",
        ),
        (None, {"action": mv["legal"][0]["notation"], "version": mv["version"]}, 401, "spectators"),
    ]
    for token, body, status, words in cases:
        r = client.post(url, json=body, headers=bearer(token))
        assert r.status_code == status, r.text
        assert words in r.json()["error"]
    illegal = next(
        a
        for a in range(get_game("weapons").num_actions(get_game("weapons").make_config({})))
        if a not in {x["id"] for x in mv["legal"]}
    )
    r = client.post(
        url, json={"action": illegal, "version": mv["version"]}, headers=bearer(tokens[mover])
    )
    assert r.status_code == 422 and r.json()["error"]
    after = view(client, mid, tokens[mover])
    assert after["version"] == mv["version"] and after["observation"] == mv["observation"]


def test_lobby_join_and_invite_links(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human", "open": True}]
    mid, tokens = create(client, "invasion", seats, config={"players": 3}, name="friendly")
    lobby = {m["id"]: m for m in client.get("/api/matches").json()}
    # seats 0 and 1 are the creator's (its invite links): only the open one is free
    assert lobby[mid]["free_seats"] == [2] and lobby[mid]["name"] == "friendly"
    view(client, mid, tokens[1])  # opening seat 1's invite link takes it
    joined = client.post(f"/api/matches/{mid}/join", json={}).json()
    assert joined["seat"] == 2 and joined["token"] != tokens[2]
    assert view(client, mid, joined["token"])["seat"] == 2
    # the unused invite token of the seat someone joined no longer opens it
    assert client.get(f"/api/matches/{mid}", headers=bearer(tokens[2])).status_code == 401
    assert view(client, mid, tokens[0])["seat"] == 0  # never opened, still the creator's
    assert mid not in {m["id"] for m in client.get("/api/matches").json()}
    full = client.post(f"/api/matches/{mid}/join", json={})
    assert full.status_code == 409 and "no free seat" in full.json()["error"]


def test_bots_play_each_other_to_the_end(client: TestClient) -> None:
    mid, tokens = create(
        client, "skirm", [{"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "random"}]
    )
    assert tokens == {}
    for _ in range(500):
        if view(client, mid)["outcome"] is not None:
            break
        time.sleep(0.02)
    assert view(client, mid)["status"] == "finished"


def test_rematch_after_the_end(client: TestClient) -> None:
    mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    early = client.post(f"/api/matches/{mid}/rematch", headers=bearer(tokens[0]))
    assert early.status_code == 409
    play_out(client, mid, tokens, random.Random(3))
    r = client.post(f"/api/matches/{mid}/rematch", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["id"] != mid and new["seat"] == 0
    assert view(client, mid)["rematch"] == new["id"]
    again = client.post(f"/api/matches/{mid}/rematch", headers=bearer(tokens[0])).json()
    assert again["id"] == new["id"]  # one rematch per match
    assert view(client, new["id"], again["token"])["seat"] == 0


def test_bad_creations_are_refused(client: TestClient) -> None:
    human = {"kind": "human"}
    cases = [
        ({"game": "chess", "seats": [human, human]}, "unknown game"),
        ({"game": "skirm", "seats": [human]}, "has 2 seats"),
        ({"game": "skirm", "seats": [human, {"kind": "bot", "agent": "nobody"}]}, "unknown agent"),
        ({"game": "skirm", "seats": [human, {"kind": "bot", "agent": "human"}]}, "seat kind"),
        ({"game": "skirm", "config": {"colour": "red"}, "seats": [human, human]}, "colour"),
    ]
    for body, words in cases:
        r = client.post("/api/matches", json=body)
        assert r.status_code == 422, r.text
        assert words in r.json()["error"], r.json()


def test_a_seat_that_never_acts_times_the_match_out(sqlite_url: str) -> None:
    with make_client(sqlite_url, seat_timeout=0.3) as client:
        mid, tokens = create(
            client, "skirm", [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        )
        for _ in range(200):
            v = view(client, mid, tokens[0])
            if v["status"] != "playing":
                break
            time.sleep(0.02)
        assert v["status"] == "timed_out"
        assert "seat 0 did not act" in v["outcome"]["reason"] and v["legal"] == []
        body = client.get(f"/api/matches/{mid}/replay").json()
        assert body["replay"]["seed"] is not None and body["status"] == "timed_out"


def test_a_restarted_app_resumes_every_match_bots_included(db_url: str) -> None:
    with make_client(db_url, http_rate_per_second=0) as first:
        mid, tokens = create(
            first, "draconia", [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        )
        rng = random.Random(5)
        for _ in range(6):
            v = view(first, mid, tokens[0])
            if 0 not in v["to_act"]:
                time.sleep(0.02)
                continue
            first.post(
                f"/api/matches/{mid}/actions",
                json={"action": rng.choice(v["legal"])["notation"], "version": v["version"]},
                headers=bearer(tokens[0]),
            )
        before = view(first, mid, tokens[0])
    with make_client(db_url, http_rate_per_second=0) as second:
        after = view(second, mid, tokens[0])
        assert after["version"] >= before["version"]
        play_out(second, mid, tokens, rng)
        replay = second.get(f"/api/matches/{mid}/replay").json()["replay"]
        run_replay(get_game("draconia"), replay)


@pytest.mark.parametrize(
    ("game_id", "where"),
    [
        ("draconia", "Deploy: units are placed face down at the same time"),
        ("skirm", "each player chooses a card in secret, revealed together"),
        ("graxia", "the sacrifice/bluff step: both players commit, then reveal"),
    ],
)
def test_every_simultaneous_decision_lands_from_all_seats_at_one_version(
    client: TestClient, game_id: str, where: str
) -> None:
    """Commit-then-reveal decisions (the rulebook passage is the ``where`` parameter): every
    seat to act sends its choice for the same version, in a random order, and all are stored."""
    rng = random.Random(game_id)
    mid, tokens = create(client, game_id, [{"kind": "human"}, {"kind": "human"}])
    found = 0
    for _ in range(2000):
        views = {s: view(client, mid, t) for s, t in tokens.items()}
        some = views[0]
        if some["outcome"] is not None:
            break
        acting = list(some["to_act"])
        if len(acting) > 1:
            found += 1
            rng.shuffle(acting)
            for seat in acting:
                r = client.post(
                    f"/api/matches/{mid}/actions",
                    json={
                        "action": rng.choice(views[seat]["legal"])["notation"],
                        "version": some["version"],
                    },
                    headers=bearer(tokens[seat]),
                )
                assert r.status_code == 200, r.text
            assert view(client, mid)["version"] >= some["version"] + len(acting)
            if found >= 3:
                break
            continue
        seat = acting[0]
        client.post(
            f"/api/matches/{mid}/actions",
            json={
                "action": rng.choice(views[seat]["legal"])["notation"],
                "version": some["version"],
            },
            headers=bearer(tokens[seat]),
        )
    assert found >= 1, f"no simultaneous decision met in {game_id}"


def test_a_search_bot_plays_from_the_process_pool(sqlite_url: str) -> None:
    """``easy`` (ISMCTS) runs in a worker process; the person's requests keep being served."""
    with make_client(sqlite_url, http_rate_per_second=0) as client:
        mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "bot", "agent": "easy"}])
        seen = play_out(client, mid, tokens, random.Random(9))
        assert seen[-1]["status"] == "finished"
        replay = client.get(f"/api/matches/{mid}/replay").json()["replay"]
        assert any(seat == 1 for seat, _ in replay["actions"])


def test_one_token_resumes_the_seat_on_several_connections(client: TestClient) -> None:
    """Leave and come back, from another tab or device: the same token, the same seat."""
    mid, tokens = create(client, "skirm", [{"kind": "human"}, {"kind": "human"}])
    url = f"/api/matches/{mid}/ws"
    with client.websocket_connect(url) as tab1, client.websocket_connect(url) as tab2:
        tab1.send_json({"type": "auth", "token": tokens[0]})
        tab2.send_json({"type": "auth", "token": tokens[0]})
        first, second = tab1.receive_json(), tab2.receive_json()
        assert first["seat"] == second["seat"] == 0 and first["legal"] == second["legal"]
        tab1.send_json(
            {"type": "action", "action": first["legal"][0]["notation"], "version": first["version"]}
        )
        assert tab2.receive_json()["version"] == first["version"] + 1  # the other tab follows
    again = view(client, mid, tokens[0])
    assert again["seat"] == 0 and again["version"] == first["version"] + 1


def test_games_openapi_and_the_client_page(client: TestClient) -> None:
    """``/api/games`` is what ``wartable games --json`` prints; ``/openapi.json`` documents the API;
    ``/`` is the web client's page."""
    from wartable.cli.games_cmd import game_info

    games = client.get("/api/games").json()
    assert games == [json.loads(json.dumps(game_info(g))) for g in available_games()]
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/matches", "/api/matches/{match_id}", "/api/matches/{match_id}/actions"):
        assert path in paths
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()


def test_the_replay_steps_through_a_finished_match_and_only_then(client: TestClient) -> None:
    """``/replay?step=N``: refused while the match goes on (it would show the other seat's
    moves); after the end, the spectator's table after N actions, rebuilt here by the engine."""
    mid, tokens = create(
        client, "weapons", [{"kind": "human"}, {"kind": "human"}], config={"players": 2}
    )
    r = client.get(f"/api/matches/{mid}/replay", params={"step": 0})
    assert r.status_code == 403, r.text
    play_out(client, mid, tokens, random.Random(5))
    log = client.get(f"/api/matches/{mid}/replay").json()["replay"]
    game = get_game("weapons")
    config = game.make_config(log["config"])
    state = game.new_state(config, log["seed"])
    steps = len(log["actions"])
    for n in range(steps + 1):
        got = client.get(f"/api/matches/{mid}/replay", params={"step": n}).json()
        assert got["step"] == n and got["steps"] == steps
        assert got["observation"] == json.loads(json.dumps(game.observe(state, None)))
        if n == steps:
            assert got["outcome"] == log["outcome"] and got["to_act"] == []
            break
        seat, notation = log["actions"][n]
        events = game.apply(state, seat, notation)
        nxt = client.get(f"/api/matches/{mid}/replay", params={"step": n + 1}).json()
        assert nxt["action"] == [seat, notation]
        assert nxt["events"] == json.loads(json.dumps(events))
    beyond = client.get(f"/api/matches/{mid}/replay", params={"step": steps + 50}).json()
    assert beyond["step"] == steps  # clamped to the log
    assert client.get(f"/api/matches/{mid}/replay", params={"step": -1}).status_code == 422
