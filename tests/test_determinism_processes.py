"""Same seed, same game in another process (DESIGN.md "Testing": determinism).

Two Python processes with different ``PYTHONHASHSEED`` (so set and dict-of-str orders
differ) play every game's example configs with random agents (and the first with the
game's own bots),
and must print the same action logs, outcomes and final positions.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wartable.games import available_games

SEEDS = (0, 1)  # random agents; the game's heuristic bots play the first seed and config


def _digest(gid: str) -> dict[str, Any]:
    """Action logs, outcomes and final positions of a few games of ``gid`` (one process)."""
    import importlib

    from wartable.agents.random_agent import RandomAgent
    from wartable.core.match import play_match
    from wartable.games import get_game

    game = get_game(gid)
    bots = getattr(importlib.import_module(f"wartable.games.{gid}"), "AGENTS", {})
    out: dict[str, Any] = {}
    for i, cfg in enumerate(game.example_configs()):
        config = game.make_config(cfg)
        seats = game.num_players(game.new_state(config, 0))
        for seed in SEEDS:
            kinds = [("random", RandomAgent)]
            if "heuristic" in bots and seed == SEEDS[0] and i == 0:
                kinds.append(("heuristic", bots["heuristic"]))
            for name, factory in kinds:
                record = play_match(game, config, seed, [factory() for _ in range(seats)])
                state = game.new_state(config, seed)
                for seat, action in record.actions:
                    game.apply_fast(state, seat, action, None)
                position = json.dumps(game.state_to_json(state), sort_keys=True)
                out[f"{i}/{seed}/{name}"] = {
                    "actions": hashlib.sha256(str(record.actions).encode()).hexdigest(),
                    "length": len(record.actions),
                    "outcome": record.outcome.to_json() if record.outcome else None,
                    "position": hashlib.sha256(position.encode()).hexdigest(),
                }
    return out


def _run(gid: str, hashseed: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), gid],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("gid", available_games())
def test_same_games_under_different_hash_seeds(gid: str) -> None:
    a = _run(gid, "0")
    b = _run(gid, "4242")
    assert a and set(a) == set(b), f"{gid}: not the same games were played"
    for key in a:
        assert a[key] == b[key], f"{gid} case {key}: the game depends on the hash seed"


if __name__ == "__main__":
    print(json.dumps(_digest(sys.argv[1]), sort_keys=True))
