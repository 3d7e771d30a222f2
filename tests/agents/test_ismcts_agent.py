"""The ISMCTS agent: specs and levels, determinism, legal play to the end in every game."""

from __future__ import annotations

from typing import Any

import pytest
from ismcts_support import SMALL_BUDGET, config_for, decision_states

from wartable.agents.ismcts import AGENTS, ISMCTSAgent, level_iterations
from wartable.agents.ismcts_tree import rewards_from_outcome
from wartable.agents.random_agent import RandomAgent
from wartable.agents.specs import make_agent
from wartable.core.errors import ConfigError
from wartable.core.game import Outcome
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games import available_games, get_game

GAMES = available_games()


def test_specs_and_levels_resolve() -> None:
    gid = GAMES[0]
    a = make_agent("ismcts:iterations=500", gid)
    assert isinstance(a, ISMCTSAgent) and a.iterations == 500 and a.seconds is None
    b = make_agent("ismcts:seconds=1", gid)
    assert b.seconds == 1.0 and b.iterations is None
    c = make_agent("ismcts:level=hard", gid)
    game = get_game(gid)
    obs = game.observe(game.new_state(game.make_config({}), 0), 0)
    assert (c.iterations, c.seconds) == (None, None)  # no clock: the level's iterations
    assert c.budget(game, obs) == level_iterations("hard", gid, obs["config"].get("players"))
    for level in ("easy", "normal", "hard"):
        plain = make_agent(level, gid)
        assert isinstance(plain, ISMCTSAgent) and plain.level == level
        assert (plain.iterations, plain.seconds) == (None, None)
        players = obs["config"].get("players")
        assert plain.budget(game, obs) == level_iterations(level, gid, players)
    default = make_agent("ismcts", gid)
    assert default.budget(game, obs) == make_agent("normal", gid).budget(game, obs)
    override = make_agent("easy:iterations=7", gid)
    assert (override.iterations, override.seconds) == (7, None)
    assert make_agent("ismcts:rollout=heuristic,c=1.5", gid).c == 1.5
    assert set(AGENTS) >= {"ismcts", "easy", "normal", "hard"}


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:level=impossible",
        "ismcts:iterations=0",
        "ismcts:seconds=-1",
        "ismcts:rollout=magic",
        "ismcts:c=-1",
        "ismcts:depth=3",
    ],
)
def test_bad_specs_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        make_agent(spec, GAMES[0])


def test_rewards_score_every_seat() -> None:
    assert rewards_from_outcome(Outcome((1,), (0, 5, 2), "")) == [0.0, 1.0, 0.0]
    assert rewards_from_outcome(Outcome((0, 2), (3, 0, 3), "")) == [0.5, 0.0, 0.5]
    assert rewards_from_outcome(Outcome((), (0, 0), "")) == [0.0, 0.0]


@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_same_move_and_same_search(gid: str) -> None:
    game = get_game(gid)
    budget = SMALL_BUDGET.get(gid, 80)
    positions = decision_states(gid, seed=8, count=4)
    assert positions
    for state, seat in positions:
        obs = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        first = ISMCTSAgent(iterations=budget)
        again = ISMCTSAgent(iterations=budget)
        x = first.act(game, obs, legal, seat, Rng(99))
        y = again.act(game, obs, legal, seat, Rng(99))
        assert x == y and x in legal
        assert first.last_search is not None and again.last_search is not None
        assert first.last_search.root_stats() == again.last_search.root_stats()
        # the budget, or fewer once the move was decided (test_ismcts_decided.py)
        assert 1 <= first.last_search.iterations <= budget
        visits = sum(v for v, _ in first.last_search.root_stats().values())
        assert visits > 0


@pytest.mark.parametrize("gid", GAMES)
def test_plays_legal_moves_to_the_end(gid: str) -> None:
    """ISMCTS in seat 0 (random elsewhere) through the validated ``apply``."""
    game = get_game(gid)
    config = game.make_config(config_for(gid))
    state = game.new_state(config, 17)
    seats = game.num_players(state)
    agents: list[Any] = [ISMCTSAgent(iterations=SMALL_BUDGET.get(gid, 25))]
    agents += [RandomAgent() for _ in range(seats - 1)]
    rngs = [Rng(100 + s) for s in range(seats)]
    searched = 0
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        obs = game.observe(state, seat)
        action = agents[seat].act(game, obs, legal, seat, rngs[seat])
        assert action in legal
        searched += seat == 0 and len(legal) > 1
        game.apply(state, seat, action)  # validated: raises on an illegal move
    assert searched > 0
    assert game.outcome(state).winners is not None


class TickingClock:
    """A clock that moves a quarter second each time it is read (exact in binary)."""

    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.reads * 0.25


@pytest.mark.parametrize(("seconds", "expected"), [(1.0, 3), (2.0, 7), (5.0, 19)])
def test_seconds_budget_stops_the_search_at_its_deadline(
    monkeypatch: pytest.MonkeyPatch, seconds: float, expected: int
) -> None:
    """With a clock read once for the deadline and once before each iteration, a budget of
    ``seconds`` allows 4 * seconds - 1 iterations: the count follows the budget, and no
    real time is measured."""
    from wartable.agents import ismcts_tree

    monkeypatch.setitem(ismcts_tree.CLOCKS, "ticks", TickingClock())
    gid = "skirm" if "skirm" in GAMES else GAMES[0]
    game = get_game(gid)
    state, seat = decision_states(gid, seed=2, count=2)[0]
    agent = ISMCTSAgent(seconds=seconds, clock="ticks")
    agent.act(game, game.observe(state, seat), game.legal_actions(state, seat), seat, Rng(1))
    assert agent.last_search is not None and agent.last_search.iterations == expected


def test_heuristic_rollouts_play_the_game() -> None:
    from wartable.agents.specs import available_agents

    gid = next(g for g in GAMES if "heuristic" in available_agents(g))
    game = get_game(gid)
    state, seat = decision_states(gid, seed=4, count=2)[1]
    legal = game.legal_actions(state, seat)
    agent = ISMCTSAgent(iterations=10, rollout="heuristic", stop_when_decided=False)
    assert agent.act(game, game.observe(state, seat), legal, seat, Rng(3)) in legal
    assert agent.last_search is not None and agent.last_search.iterations == 10


def test_observation_is_required() -> None:
    game = get_game(GAMES[0])
    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=5).act(game, None, [0, 1], 0, Rng(0))


def _most_seats(gid: str) -> dict[str, Any]:
    game = get_game(gid)

    def seats(cfg: dict[str, Any]) -> int:
        return int(game.num_players(game.new_state(game.make_config(cfg), 0)))

    return max(game.example_configs(), key=seats)


@pytest.mark.parametrize("gid", GAMES)
def test_multi_player_configs_play_to_the_end(gid: str) -> None:
    """Every seat scored: ISMCTS in seat 0 of each game's largest table."""
    game = get_game(gid)
    config = game.make_config(_most_seats(gid))
    seats = game.num_players(game.new_state(config, 5))
    agent = ISMCTSAgent(iterations=2)
    record = play_match(game, config, 5, [agent, *[RandomAgent() for _ in range(seats - 1)]])
    assert record.outcome is not None and len(record.outcome.scores) == seats
    assert agent.last_search is not None and agent.last_search.iterations == 2


def test_level_budgets_are_sized_per_game_and_ordered() -> None:
    """easy < normal < hard everywhere; slower games get fewer iterations."""
    for gid in GAMES:
        for players in range(1, 7):
            e, n, h = (level_iterations(lv, gid, players) for lv in ("easy", "normal", "hard"))
            assert 0 < e < n < h, (gid, players)
    if {"skirm", "draconia"} <= set(GAMES):
        assert level_iterations("easy", "skirm", 2) > 10 * level_iterations("easy", "draconia", 2)
    if "draconia" in GAMES:
        assert level_iterations("hard", "draconia", 4) < level_iterations("hard", "draconia", 2)
    assert level_iterations("normal", "no-such-game", 2) == 500
