"""A hash of each game's bot play, to show two trees play the same games.

    python -m bench.game_hashes draconia invasion weapons skirm

Per game: 40 heuristic self-play games (seeds 900 on) and 3 games of a level's search
against the heuristic (seeds 950 on), hashed together (sha256 of each game's actions and
winners). Run it on two commits; the same games print the same hash. Graxia has its own,
per scenario: ``python -m bench.bench_graxia logs 20 2p-1 ...``.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any

from wartable.agents.specs import make_agent
from wartable.core.match import play_match
from wartable.games import get_game

CONFIGS = {
    "draconia": {},
    "invasion": {"players": 2, "mode": "two_player", "battle_stage": "1"},
    "weapons": {"players": 2},
    "skirm": {},
}
SEARCH = {
    "draconia": "ismcts:level=normal,iterations=60",
    "invasion": "ismcts:level=hard,iterations=300",
    "weapons": "ismcts:level=hard,iterations=500",
    "skirm": "ismcts:level=normal,iterations=500",
}


def _played(game: Any, config: Any, seed: int, agents: list[Any]) -> bytes:
    record = play_match(game, config, seed, agents)
    assert record.outcome is not None  # play_match plays to the end
    return json.dumps([record.actions, list(record.outcome.winners)]).encode()


def game_hash(gid: str) -> str:
    game = get_game(gid)
    config = game.make_config(CONFIGS[gid])
    digest = hashlib.sha256()
    start = time.process_time()
    for i in range(40):
        agents = [make_agent("heuristic", gid), make_agent("heuristic", gid)]
        digest.update(_played(game, config, 900 + i, agents))
    for i in range(3):
        agents = [make_agent(SEARCH[gid], gid), make_agent("heuristic", gid)]
        digest.update(_played(game, config, 950 + i, agents))
    seconds = time.process_time() - start
    return f"{gid} {digest.hexdigest()[:16]} ({seconds:.2f} CPU s)"


if __name__ == "__main__":
    for gid in sys.argv[1:] or list(CONFIGS):
        print(game_hash(gid), flush=True)
