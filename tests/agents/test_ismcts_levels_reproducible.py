"""Difficulty levels are iteration budgets: the same seed gives the same moves, busy or not.

No timing is asserted: one run plays while another process burns CPU, the other with the
machine as it is, and the two action logs must be identical (with a wall-clock budget the
busy run would finish fewer iterations and choose differently).
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from wartable.agents.ismcts import level_iterations
from wartable.agents.specs import make_agent
from wartable.core.match import agent_rngs
from wartable.games import get_game

DECISIONS = 10


def _play(gid: str, config: dict[str, Any], seed: int) -> tuple[list[tuple[int, int]], set[int]]:
    """``easy`` against ``easy`` for the first DECISIONS choices: (log, iterations run)."""
    game = get_game(gid)
    cfg = game.make_config(config)
    state = game.new_state(cfg, seed)
    seats = game.num_players(state)
    agents = [make_agent("easy", gid) for _ in range(seats)]
    rngs = agent_rngs(seed + 1, seats)
    log: list[tuple[int, int]] = []
    iterations: set[int] = set()
    while not game.is_terminal(state) and len(log) < DECISIONS:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = agents[seat].act(game, game.observe(state, seat), legal, seat, rngs[seat])
        if len(legal) > 1:
            iterations.add(agents[seat].last_search.iterations)
        game.apply(state, seat, action)
        log.append((seat, action))
    return log, iterations


def test_easy_plays_the_same_moves_on_a_busy_machine() -> None:
    gid, config = "draconia", {"players": 2}
    quiet, quiet_iterations = _play(gid, config, 7)
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])]  # a busy core
    try:
        busy, busy_iterations = _play(gid, config, 7)
    finally:
        for p in burners:
            p.kill()
            p.wait()
    assert len(quiet) == DECISIONS
    assert busy == quiet
    # every search ran as many iterations both times: the level's budget, or fewer where
    # the move was decided before its end (never more)
    assert quiet_iterations == busy_iterations
    assert max(quiet_iterations) <= level_iterations("easy", gid, 2)
