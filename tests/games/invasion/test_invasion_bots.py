"""The heuristic bot: it beats the random bot in at least 90% of 2-player games."""

from __future__ import annotations

from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.games.invasion import AGENTS, GAME, HeuristicAgent


def test_heuristic_beats_random_in_two_player_games() -> None:
    """200 fixed seeds, seats alternating; a win is being the only winner."""
    config = GAME.make_config({"players": 2, "mode": "two_player"})
    wins = 0
    for seed in range(200):
        seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = HeuristicAgent()  # type: ignore[assignment]
        outcome = play_match(GAME, config, seed, agents).outcome
        assert outcome is not None
        wins += outcome.winners == (seat,)
    assert wins >= 180, f"heuristic won only {wins} of 200"


def test_heuristic_plays_every_mode() -> None:
    """The bot only ever returns legal actions, in every mode (play_match raises IllegalAction
    on any other answer)."""
    for cfg in GAME.example_configs():
        config = GAME.make_config(cfg)
        agents = [AGENTS["heuristic"]() for _ in range(config.players)]
        record = play_match(GAME, config, 5, agents)
        assert record.outcome is not None and record.length > 0


def test_heuristic_defeats_invaders() -> None:
    """Heuristic games are decided by glory: on the same ten seeds, two heuristic bots
    defeat more invaders than two random bots in every game (a sign test's chance of that
    from no difference: 1 in 1024), at least four a game."""
    config = GAME.make_config({"players": 2, "mode": "two_player"})
    for seed in range(10):
        heuristic = play_match(GAME, config, seed, [HeuristicAgent(), HeuristicAgent()])
        rand = play_match(GAME, config, seed, [RandomAgent(), RandomAgent()])
        h = sum(heuristic.metrics["invaders_defeated"])
        r = sum(rand.metrics["invaders_defeated"])
        assert h > r and h >= 4, f"seed {seed}: heuristic {h}, random {r} invaders defeated"
