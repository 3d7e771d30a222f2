"""Graxia's two-player levels (bots_duel.py): what they are, what they see, how they score a
position, and the committed tournament logs that measure them (docs/agents.md,
"Graxia's levels")."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from wartable.agents.specs import available_agents, make_agent
from wartable.core.errors import ConfigError
from wartable.core.rng import Rng
from wartable.games.graxia import GAME, HeuristicAgent
from wartable.games.graxia.bots_duel import (
    DuelAgent,
    EasyAgent,
    HardAgent,
    NormalAgent,
    duel_value,
    ranked,
)
from wartable.games.graxia.hidden import scramble
from wartable.games.graxia.state import COMMAND, OVER, GraxiaState
from wartable.server.bot_limits import BotLimits, check_bot_spec
from wartable.server.errors import Unprocessable
from wartable.sim.ratings import PairResult, fit_elo
from wartable.sim.tournament import make_tasks, play_task

TOURNAMENTS = Path(__file__).resolve().parents[3] / "docs" / "tournaments"
HARD_LOG = TOURNAMENTS / "graxia-hard-heuristic.jsonl"
LEVELS_LOG = TOURNAMENTS / "levels" / "graxia.jsonl"


def _command_position(scenario: str, seed: int, turn: int, seat: int) -> GraxiaState:
    """Heuristic self-play up to ``seat``'s Command Phase of Game Turn ``turn``."""
    state = GAME.new_state(GAME.make_config({"scenario": scenario}), seed)
    agent, rng = HeuristicAgent(), Rng(seed)
    for _ in range(5_000):
        who = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, who)
        if state.phase == COMMAND and who == seat and state.turn >= turn and len(legal) > 3:
            return state
        GAME.apply_fast(
            state, who, agent.act(GAME, GAME.observe(state, who), legal, who, rng), None
        )
    raise AssertionError(f"{scenario} seed {seed}: no Command Phase of seat {seat} on turn {turn}")


def test_the_levels_are_graxias_own_and_bounded_on_the_server() -> None:
    """Graxia's package defines easy/normal/hard (taking precedence over the generic ISMCTS
    levels); the server lets a stranger make them cheaper, never dearer; bad parameters are
    refused with a clear error."""
    agents = available_agents("graxia")
    assert (agents["easy"], agents["normal"], agents["hard"]) == (
        EasyAgent,
        NormalAgent,
        HardAgent,
    )
    hard = make_agent("hard", "graxia")
    assert isinstance(hard, DuelAgent) and hard.worlds > NormalAgent().worlds
    assert EasyAgent().worlds == 0 and EasyAgent().slip > 0
    limits = BotLimits()
    check_bot_spec("hard:worlds=1", "graxia", 2, limits)
    with pytest.raises(Unprocessable, match="worlds"):
        check_bot_spec(f"hard:worlds={hard.worlds + 1}", "graxia", 2, limits)
    for bad in ({"width": 0}, {"worlds": -1}, {"steps": 1.5}, {"slip": 2}):
        with pytest.raises(ConfigError, match="duel"):
            DuelAgent(**bad)


def test_duel_sees_no_hidden_information() -> None:
    """Redrawing what the seat may not see (the scrambler: the opponent's hand, every deck's
    order, the generator) leaves the search's choice unchanged for the same agent seed: it
    decides from the observation alone."""
    state = _command_position("2p-1", 7, 3, 1)
    legal = GAME.legal_actions(state, 1)
    agent = DuelAgent(width=3, worlds=2)
    choice = agent.act(GAME, GAME.observe(state, 1), legal, 1, Rng(5))
    assert choice in legal
    redrawn = 0
    for k in range(3):
        other = scramble(state, 1, Rng(100 + k))
        redrawn += other.hands[0] != state.hands[0] or other.decks != state.decks
        assert GAME.legal_actions(other, 1) == legal
        assert agent.act(GAME, GAME.observe(other, 1), legal, 1, Rng(5)) == choice
    assert redrawn == 3, "the scrambler must have changed the hidden state"


def test_duel_value_counts_the_scenarios_victory_terms() -> None:
    """Two Cities (2p-1): a round more holding both cities is better for the holder and
    worse for the other seat; a victory point more is better; a won game beats anything."""
    s = _command_position("2p-1", 3, 2, 0)
    held = s.copy()
    held.track.cities_held0 += 1
    assert duel_value(held, 0) > duel_value(s, 0)
    assert duel_value(held, 1) < duel_value(s, 1)
    ahead = s.copy()
    ahead.vp[0] += 2
    assert duel_value(ahead, 0) > duel_value(s, 0)
    won = s.copy()
    won.phase, won.track.winner = OVER, 0
    assert duel_value(won, 0) > duel_value(held, 0) and duel_value(won, 1) < duel_value(s, 1)


def test_easy_slips_among_the_best_normal_plays_the_best_hard_searches_them() -> None:
    """``easy`` picks among the one-ply ranking's best ``width``, sometimes not the best,
    deterministically for its seed; ``normal`` plays the ranking's best; ``hard`` one of
    its ``width`` best."""
    state = _command_position("2p-1", 5, 2, 0)
    legal = GAME.legal_actions(state, 0)
    obs = GAME.observe(state, 0)
    order = [a for _, a in ranked(GAME, state, legal, 0)]
    easy = EasyAgent()
    picks = [easy.act(GAME, obs, legal, 0, Rng(seed)) for seed in range(30)]
    assert set(picks) <= set(order[: easy.width])
    assert order[0] in picks and len(set(picks)) > 1
    assert picks == [easy.act(GAME, obs, legal, 0, Rng(seed)) for seed in range(30)]
    assert {NormalAgent().act(GAME, obs, legal, 0, Rng(seed)) for seed in range(5)} == {order[0]}
    hard = HardAgent()
    assert hard.act(GAME, obs, legal, 0, Rng(1)) in order[: hard.width]


def _log(path: Path) -> tuple[dict[str, Any], list[tuple[int, int, float, int]]]:
    """A committed tournament log read as plain JSON lines: its header and its games."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    games = [(g["pair"], g["index"], float(g["score"]), g["decisions"]) for g in lines[1:]]
    return lines[0]["tournament"], games


def _wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% score interval of a mean over ``n`` games (draws count half)."""
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_the_hard_log_is_paired_and_genuine() -> None:
    """docs/tournaments/graxia-hard-heuristic.jsonl: ``hard`` against the heuristic in 2p-1,
    every deal played from both seats (games 2m and 2m+1, the first agent's seats
    alternating), and the shortest logged game re-played from the header's seeds gives the
    logged result and length."""
    head, games = _log(HARD_LOG)
    assert head["game"] == "graxia" and head["config"] == {"scenario": "2p-1"}
    assert head["agents"] == ["hard", "heuristic"]
    indices = sorted(index for pair, index, _, _ in games if pair == 0)
    assert len(indices) >= 20 and indices == list(range(len(indices)))
    assert len(indices) % 2 == 0, "a deal played from one seat only"
    pair, index, score, decisions = min(games, key=lambda g: g[3])
    _, tasks = make_tasks(head["game"], head["config"], head["agents"], index + 1, head["seed"])
    task = next(t for t in tasks if (t.pair, t.index) == (pair, index))
    assert task.seat_specs[index % 2] == "hard"  # the first agent's seat follows the parity
    assert task.seed == tasks[2 * (index // 2)].seed  # the deal both seatings share
    assert play_task(task) == (pair, index, score, decisions)


def test_hard_beats_the_heuristic_by_the_bar() -> None:
    """The goal: over >= 100 paired games ``hard`` scores >= 0.70 against the heuristic and
    the Wilson 95% interval's low end, computed here from the log's lines, is >= 0.60."""
    _, games = _log(HARD_LOG)
    scores = [score for _, _, score, _ in games]
    mean = sum(scores) / len(scores)
    low, _ = _wilson(mean, len(scores))
    assert len(scores) >= 100 and mean >= 0.70 and low >= 0.60, (len(scores), mean, low)


def _level_elo() -> list[float]:
    """The Bradley-Terry fit (the tournament's Elo scale) of the levels' round robin, from
    the log's lines: easy, normal, hard, heuristic."""
    head, games = _log(LEVELS_LOG)
    assert head["game"] == "graxia" and head["config"] == {"scenario": "2p-1"}
    specs = head["agents"]
    assert specs == ["easy", "normal", "hard", "heuristic"]
    pairs = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    results = [
        PairResult(i, j, tuple(s for p, _, s, _ in games if p == k))
        for k, (i, j) in enumerate(pairs)
    ]
    # the levels' own pairings (easy-normal, easy-hard, normal-hard): whole deals, 10 games+
    for k in (0, 1, 3):
        assert len(results[k].scores) >= 10 and len(results[k].scores) % 2 == 0
    return fit_elo(len(specs), results)


def test_the_levels_round_robin_orders_easy_normal_hard() -> None:
    """docs/tournaments/levels/graxia.jsonl (the lobby's figures): one round robin of easy,
    normal, hard and the heuristic in 2p-1; the fitted ratings put easy < normal < hard."""
    easy, normal, hard, _ = _level_elo()
    assert easy < normal < hard


def test_each_level_is_100_elo_above_the_one_below() -> None:
    """The goal: each level at least 100 Elo above the one below in that round robin."""
    easy, normal, hard, _ = _level_elo()
    assert normal - easy >= 100 and hard - normal >= 100, (easy, normal, hard)
