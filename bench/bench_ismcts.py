"""Benchmark: ISMCTS iterations per second on one core, per registered game.

For each game (2-player config where the game has one) a few positions are
taken from seeded random games (the start, a third and two thirds through);
from each, a random-rollout ISMCTS search runs for about ``seconds`` and the
iterations are counted. Targets (issue 6): >= 5,000/s on the Skirm duel and
>= 1,000/s on Draconia 2-player. Games whose difficulty levels search guided by
their heuristic (``ISMCTS_GUIDE``) also get that search's rate, which sets how long
a level's iteration budget takes. Figures are printed, never asserted.
"""

from __future__ import annotations

import time
from typing import Any

from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.ismcts_tree import RolloutPolicy, Search
from wartable.agents.random_agent import RandomAgent
from wartable.core.game import Game
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games import available_games, get_game

# the 2-player configuration of each game (the default config otherwise)
TWO_PLAYER: dict[str, dict[str, Any]] = {
    "weapons": {"players": 2},
    "invasion": {"players": 2, "mode": "two_player", "battle_stage": "1"},
}


def positions(game: Game[Any, Any], config: Any, seed: int) -> list[tuple[dict[str, Any], int]]:
    """(observation, seat) at the start, 1/3 and 2/3 through a random game."""
    seats = game.num_players(game.new_state(config, seed))
    record = play_match(game, config, seed, [RandomAgent() for _ in range(seats)])
    out = []
    for frac in (0.0, 1 / 3, 2 / 3):
        state = game.new_state(config, seed)
        for seat, action in record.actions[: int(record.length * frac)]:
            game.apply_fast(state, seat, action, None)
        seat = game.to_act(state)[0]
        out.append((game.observe(state, seat), seat))
    return out


def make_search(
    game: Game[Any, Any], obs: dict[str, Any], seat: int, seed: int, guided: bool
) -> Search:
    if not guided:
        return Search(game, obs, seat, Rng(seed), 0.7, RolloutPolicy())
    agent = ISMCTSAgent(level="normal")
    rollout, bias, reward = agent.settings(game)
    heuristic = agent.heuristic_policy(game)
    policy = heuristic if rollout == "heuristic" else RolloutPolicy()
    return Search(game, obs, seat, Rng(seed), 0.7, policy, heuristic, bias, reward)


def iterations_per_second(
    gid: str, seconds: float = 1.0, guided: bool = False
) -> tuple[float, float]:
    """(iterations per CPU second, iterations per wall second) over the positions.

    CPU time (``time.process_time``) is what "on one core" means on a shared
    machine; the wall-clock rate is what a ``seconds=`` budget gets right now.
    """
    game: Game[Any, Any] = get_game(gid)
    config = game.make_config(TWO_PLAYER.get(gid, {}))
    spots = positions(game, config, seed=5)
    total = 0
    cpu = wall = 0.0
    for i, (obs, seat) in enumerate(spots):
        search = make_search(game, obs, seat, i, guided)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.process_time() - cpu0 < seconds / len(spots):
            search.run(search.iterations + 20, None)
        cpu += time.process_time() - cpu0
        wall += time.perf_counter() - wall0
        total += search.iterations
    return total / cpu, total / wall


def run(seconds: float = 1.0) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for gid in available_games():
        per_cpu, per_wall = iterations_per_second(gid, seconds)
        out[f"{gid} iterations/s (one core, CPU time)"] = round(per_cpu)
        out[f"{gid} iterations/s (wall clock)"] = round(per_wall)
        if ISMCTSAgent(level="normal").settings(get_game(gid))[1] > 0:
            per_cpu, _ = iterations_per_second(gid, seconds, guided=True)
            out[f"{gid} guided (level) iterations/s (one core, CPU time)"] = round(per_cpu)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
