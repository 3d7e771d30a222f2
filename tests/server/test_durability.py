"""A real ``wartable serve`` killed with SIGKILL mid-game, again and again, loses nothing acknowledged.

The test drives a person's seat over HTTP against a bot and kills the server
process while requests are in flight (5 kills in `make test`, 20 in `make soak`), restarts it on the
same database, and carries on. At the end every action the server acknowledged
is at its index in the replay, every match re-runs through the engine, and the
bot has kept playing after every restart.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx
import pytest
from tests.server.support import ServerProcess, bearer, create_match

from wartable.core.replay import run_replay
from wartable.games import get_game

GAME = "draconia"


def _view(client: httpx.Client, mid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}", headers=bearer(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _wait_for_turn(client: httpx.Client, mid: str, token: str) -> dict[str, Any]:
    for _ in range(2000):
        v = _view(client, mid, token)
        if v["outcome"] is not None or 0 in v["to_act"]:
            return v
        time.sleep(0.005)
    raise AssertionError("the bot never acted: it did not resume")


@pytest.mark.parametrize("kills_wanted", [5, pytest.param(20, marks=pytest.mark.slow)])
def test_sigkill_mid_game_again_and_again_loses_nothing_acknowledged(
    db_url: str, kills_wanted: int
) -> None:
    rng = random.Random(2024)
    server = ServerProcess(db_url, "--http-rate", "0").start()
    acked: list[tuple[str, int, str]] = []  # (match, index, notation) of acknowledged actions
    matches: dict[str, str] = {}
    kills = unknown = 0
    try:
        client = httpx.Client(base_url=server.base, timeout=10)
        mid, tokens = create_match(
            client, GAME, [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        )
        matches[mid] = tokens[0]
        while kills < kills_wanted:
            # a few quiet actions, then one with the kill racing it
            steps = rng.randint(1, 4)
            for step in range(steps):
                v = _wait_for_turn(client, mid, matches[mid])
                if v["outcome"] is not None:
                    mid, tokens = create_match(
                        client, GAME, [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
                    )
                    matches[mid] = tokens[0]
                    v = _wait_for_turn(client, mid, matches[mid])
                notation = rng.choice(v["legal"])["notation"]
                last = step == steps - 1
                killer = None
                if last:
                    delay = rng.uniform(0.0, 0.01)
                    killer = threading.Timer(delay, server.kill)
                    killer.start()
                try:
                    r = client.post(
                        f"/api/matches/{mid}/actions",
                        json={"action": notation, "version": v["version"]},
                        headers=bearer(matches[mid]),
                    )
                except httpx.HTTPError:
                    unknown += 1  # in flight when the server died: maybe stored, never acknowledged
                else:
                    if r.status_code == 200:
                        version = r.json()["version"]
                        # the index of our action: the bot may have committed at the same time
                        acked.append((mid, version - 1, notation))
                    else:
                        assert r.status_code == 409, r.text  # a bot's simultaneous commit raced it
                if killer is not None:
                    killer.join()
                    server.kill()
                    kills += 1
                    server.start()
                    break
        # no more kills: finish every match
        client = httpx.Client(base_url=server.base, timeout=10)
        for mid, token in matches.items():
            while True:
                v = _wait_for_turn(client, mid, token)
                if v["outcome"] is not None:
                    break
                client.post(
                    f"/api/matches/{mid}/actions",
                    json={"action": rng.choice(v["legal"])["notation"], "version": v["version"]},
                    headers=bearer(token),
                )
        game = get_game(GAME)
        for mid in matches:
            body = client.get(f"/api/matches/{mid}/replay").json()
            assert body["complete"], body
            run_replay(game, body["replay"])  # not corrupted: the engine re-runs it to its outcome
            log = body["replay"]["actions"]
            for m, index, notation in acked:
                if m == mid:
                    assert log[index] == [0, notation], (mid, index, log[index], notation)
    finally:
        server.stop()
    assert kills >= kills_wanted
    assert len(acked) >= kills_wanted
    print(
        f"kills={kills} acknowledged={len(acked)} in-flight-unknown={unknown} matches={len(matches)}"
    )
