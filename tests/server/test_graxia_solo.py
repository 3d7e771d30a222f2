"""A Guardians of Graxia solo scenario (§9.2) at the web table: one seat, the person alone;
the Non-Player's turn reaches the seat's event log step by step."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import make_client
from tests.server.support import bearer

from wartable.core.replay import run_replay
from wartable.games import get_game

NPC_STEPS = {"npc_turn", "move", "npc_placed", "battle", "npc_battle_draw", "npc_reinforcement"}


def _view(client: TestClient, mid: str, token: str, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}", headers=bearer(token), params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_solo_match_for_one_person_shows_the_non_players_turn(sqlite_url: str) -> None:
    with make_client(sqlite_url, http_rate_per_second=0, rate_per_second=0) as client:
        # two seats for a one-seat scenario are refused; one person alone is a match
        r = client.post(
            "/api/matches",
            json={
                "game": "graxia",
                "config": {"scenario": "solo-2"},
                "seats": [{"kind": "human"}] * 2,
            },
        )
        assert r.status_code == 422 and "1 seats" in r.text, r.text
        r = client.post(
            "/api/matches",
            json={"game": "graxia", "config": {"scenario": "solo-2"}, "seats": [{"kind": "human"}]},
        )
        assert r.status_code == 200, r.text
        body = r.json()
        mid, token = body["id"], body["seats"][0]["token"]
        rng = random.Random(18)
        npc_turns = 0
        for _ in range(3000):
            v = _view(client, mid, token)
            if v["outcome"] is not None:
                break
            assert v["to_act"] == [0]  # the Non-Player never waits for a seat
            notations = [a["notation"] for a in v["legal"]]
            # mostly end the round quickly, so the Non-Player's turns come round
            pick = "end" if "end" in notations and rng.random() < 0.7 else rng.choice(notations)
            r = client.post(
                f"/api/matches/{mid}/actions",
                json={"action": pick, "version": v["version"]},
                headers=bearer(token),
            )
            assert r.status_code == 200, r.text
            npc_turns += sum(1 for e in r.json().get("events", []) if e["type"] == "npc_turn")
        final = _view(client, mid, token, since=0)
        assert final["status"] == "finished"
        kinds = [e["type"] for e in final["events"]]
        assert kinds.count("npc_turn") >= 2
        # the Non-Player's moves and set-up steps are in the log, in order after its turn began
        first = kinds.index("npc_turn")
        assert NPC_STEPS & set(kinds[first:]) - {"npc_turn"}
        assert "move" in kinds[first:]
        assert final["outcome"]["scores"] in ([1.0], [0.0])
        # the replay re-runs the engine, the Non-Player's turns included
        replay = client.get(f"/api/matches/{mid}/replay").json()["replay"]
        _, outcome = run_replay(get_game("graxia"), replay)
        assert outcome is not None and outcome.to_json() == final["outcome"]
