"""People at the table have names: given when creating or joining, shown in every view,
the lobby and the replay; bots are named by their level, people without a name "Player N"."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.server.support import bearer


def _create(client: TestClient, seats: list[dict[str, Any]]) -> tuple[str, dict[int, str]]:
    r = client.post("/api/matches", json={"game": "skirm", "seats": seats})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {s["seat"]: s["token"] for s in body["seats"]}


def _names(entry: dict[str, Any]) -> list[str]:
    return [s["name"] for s in entry["seats"]]


def test_names_are_stored_and_shown_in_views_lobby_and_replay(client: TestClient) -> None:
    mid, tokens = _create(
        client, [{"kind": "human", "name": "  Ada  "}, {"kind": "human", "open": True}]
    )
    # the second seat is open: a stranger joins it with a name
    r = client.post(f"/api/matches/{mid}/join", json={"name": "Grace"})
    assert r.status_code == 200, r.text
    joined = r.json()["token"]
    for token in (tokens[0], joined, None):
        view = client.get(f"/api/matches/{mid}", headers=bearer(token)).json()
        assert _names(view) == ["Ada", "Grace"], view["seats"]
    running = client.get("/api/matches?state=running").json()
    assert [_names(e) for e in running if e["id"] == mid] == [["Ada", "Grace"]]
    # the lobby says whose turn it is (and the result, once over), as the view does
    assert [(e["to_act"], e["outcome"]) for e in running if e["id"] == mid] == [
        (view["to_act"], None)
    ]
    assert view["to_act"] and view["created_at"] > 0
    replay = client.get(f"/api/matches/{mid}/replay", headers=bearer(tokens[0])).json()
    assert _names(replay) == ["Ada", "Grace"]


def test_a_person_without_a_name_is_player_n_and_bots_are_named_by_level(
    client: TestClient,
) -> None:
    mid, _ = _create(
        client, [{"kind": "human", "open": True}, {"kind": "bot", "agent": "heuristic"}]
    )
    view = client.get(f"/api/matches/{mid}").json()
    assert _names(view) == ["Player 1", "Bot (heuristic)"]
    opened = client.get("/api/matches?state=open").json()
    assert [_names(e) for e in opened if e["id"] == mid] == [["Player 1", "Bot (heuristic)"]]
    for spec, shown in (("easy", "Bot (easy)"), ("ismcts:level=hard", "Bot (hard)")):
        mid, _ = _create(client, [{"kind": "bot", "agent": spec}, {"kind": "human"}])
        seats = client.get(f"/api/matches/{mid}").json()["seats"]
        assert [s["name"] for s in seats] == [shown, "Player 2"]


def test_bad_names_are_refused_and_nothing_is_created(client: TestClient) -> None:
    bad = [
        ({"kind": "human", "name": "x" * 41}, "at most 40"),
        ({"kind": "human", "name": "Ada\x1b[31m"}, "control character"),
        ({"kind": "human", "name": "\u202eadA"}, "bidirectional"),
        ({"kind": "bot", "agent": "random", "name": "Robot"}, "named by its level"),
    ]
    before = client.get("/api/matches?state=running").json()
    for seat, words in bad:
        r = client.post("/api/matches", json={"game": "skirm", "seats": [seat, {"kind": "human"}]})
        assert r.status_code == 422, r.text
        assert words in r.json()["error"], r.json()
    assert client.get("/api/matches?state=running").json() == before
    mid, _ = _create(client, [{"kind": "human"}, {"kind": "human", "open": True}])
    r = client.post(f"/api/matches/{mid}/join", json={"name": "a\x00b"})
    assert r.status_code == 422 and "control character" in r.json()["error"], r.text
    seats = client.get(f"/api/matches/{mid}").json()["seats"]
    assert seats[1]["claimed"] is False and seats[1]["name"] == "Player 2"  # still free


def test_a_rematch_keeps_the_names(client: TestClient) -> None:
    mid, tokens = _create(client, [{"kind": "human", "name": "Ada"}, {"kind": "bot"}])
    # play it out: the bot answers at once; pick the first legal action each time
    for _ in range(500):
        view = client.get(f"/api/matches/{mid}", headers=bearer(tokens[0])).json()
        if view["outcome"] is not None:
            break
        if view["legal"]:
            client.post(
                f"/api/matches/{mid}/actions",
                json={"action": view["legal"][0]["id"], "version": view["version"]},
                headers=bearer(tokens[0]),
            )
    assert view["outcome"] is not None
    r = client.post(f"/api/matches/{mid}/rematch", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    again = client.get(f"/api/matches/{r.json()['id']}").json()
    assert _names(again) == ["Ada", "Bot (random)"]
