"""The strong solo player (``planner``) beats the heuristic in every solo scenario (§9.2),
read from the committed logs of ``wartable simulate --out`` (docs/tournaments/graxia-solo/):
the same deals for both agents (paired games: game seed ``s`` is the same deal under the same
config in both), a one-sided sign test on the pairs where only one of them won, and one short
game of each log re-played to show the log is genuine.

The heuristic's log per scenario is one run of 100 games (``--seed 0 -n 100``); the
planner's are runs of 25 or 5 games (``graxia-solo-K-planner-Q.jsonl``: the run from seed
Q): a run writes its log when it ends, so the runs went side by side and each log is whole."""

from __future__ import annotations

from math import comb
from pathlib import Path
from typing import Any

import pytest

from wartable.sim.run_log import read_log, replay_game, same_game

LOGS = Path(__file__).resolve().parents[3] / "docs" / "tournaments" / "graxia-solo"
SCENARIOS = (1, 2, 3, 4, 5, 6)
ALPHA = 0.05
# what must be the same for two logs' games to be pairs: the same deal under the same rules
PAIRED_KEYS = ("format", "game", "config", "seats", "mirror", "max_decisions")
# 100 pairs a scenario (docs/games/graxia.md, "Solo: how hard each scenario is")
MIN_PAIRS = {k: 100 for k in SCENARIOS}


def sign_test_p(only_first: int, only_second: int) -> float:
    """One-sided exact sign test (McNemar's exact test) on the discordant pairs: the chance,
    were both players equally strong (each discordant pair a fair coin), that the first wins
    ``only_first`` or more of the ``only_first + only_second`` discordant pairs:
    sum_{k >= only_first} C(n, k) / 2**n."""
    n = only_first + only_second
    return sum(comb(n, k) for k in range(only_first, n + 1)) / 2**n


def test_the_sign_test_worked_by_hand() -> None:
    assert sign_test_p(0, 0) == 1.0  # no discordant pair: no evidence
    assert sign_test_p(5, 0) == 1 / 32  # five fair coins all heads
    assert sign_test_p(4, 1) == 6 / 32  # C(5,4) + C(5,5) = 5 + 1
    assert sign_test_p(8, 2) == (45 + 10 + 1) / 1024  # 0.0547: not below 0.05
    assert sign_test_p(9, 1) == (10 + 1) / 1024  # 0.0107
    assert sign_test_p(1, 9) > 0.99  # the other direction is no evidence at all


def _won(game: dict[str, Any]) -> bool:
    return list(game["winners"]) == [0]  # the Player is seat 0; the Non-Player is the rules


def planner_logs(k: int) -> list[Path]:
    return sorted(LOGS.glob(f"graxia-solo-{k}-planner-*.jsonl"))


def heuristic_log(k: int) -> Path:
    return LOGS / f"graxia-solo-{k}-heuristic.jsonl"


def _games(paths: list[Path], agent: str, k: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The games of the logs (each a clean commit's run of ``agent`` on solo-``k``), checked
    to describe one experiment: the same paired keys in every header."""
    games: list[dict[str, Any]] = []
    first: dict[str, Any] | None = None
    for path in paths:
        head, rows = read_log(path)
        assert head["agents"] == [agent] and head["config"]["scenario"] == f"solo-{k}"
        assert head["dirty"] is False and len(rows) == head["games"]
        assert [g["seed"] for g in rows] == [head["seed"] + i for i in range(head["games"])]
        if first is not None:
            assert {key: head[key] for key in PAIRED_KEYS} == {
                key: first[key] for key in PAIRED_KEYS
            }
        first = first or head
        games += rows
    assert first is not None, f"no {agent} log for solo-{k}"
    return first, games


@pytest.mark.parametrize("k", SCENARIOS)
def test_the_planner_beats_the_heuristic_on_paired_seeds(k: int) -> None:
    strong_head, strong = _games(planner_logs(k), "planner", k)
    weak_head, weak = _games([heuristic_log(k)], "heuristic", k)
    for key in PAIRED_KEYS:  # the same game, rules and config: a seed is the same deal
        assert strong_head[key] == weak_head[key], key
    by_seed = {g["seed"]: g for g in weak}
    seeds = [g["seed"] for g in strong]
    assert len(set(seeds)) == len(seeds) >= MIN_PAIRS[k]
    assert set(seeds) <= set(by_seed)  # every planner game has its heuristic pair
    only_strong = sum(1 for g in strong if _won(g) and not _won(by_seed[g["seed"]]))
    only_weak = sum(1 for g in strong if not _won(g) and _won(by_seed[g["seed"]]))
    p = sign_test_p(only_strong, only_weak)
    assert p < ALPHA, (k, only_strong, only_weak, p)


def _shortest(paths: list[Path]) -> tuple[Path, int]:
    """The log and index of the game with the fewest decisions among ``paths``' games."""
    found = [(g["length"], str(p), g["index"]) for p in paths for g in read_log(p)[1]]
    _, path, index = min(found)
    return Path(path), int(index)


def _replayed() -> list[tuple[str, list[Path]]]:
    """Each scenario's heuristic log, and the planner's logs of every scenario together (a
    planner game searches at each decision: the shortest of all is re-played)."""
    planner = [p for k in SCENARIOS for p in planner_logs(k)]
    return [(f"solo-{k}-heuristic", [heuristic_log(k)]) for k in SCENARIOS] + [("planner", planner)]


@pytest.mark.parametrize(("name", "paths"), _replayed(), ids=[n for n, _ in _replayed()])
def test_the_shortest_game_of_the_logs_replays_to_the_same_result(
    name: str, paths: list[Path]
) -> None:
    """``wartable replay --from-log``'s machinery plays the game again from the header alone
    (compiled engine or not: the same decisions) and finds the logged result."""
    path, index = _shortest(paths)
    record, logged = replay_game(path, index)
    assert same_game(record, logged) == []
    assert list(record.winners) == logged["winners"] and record.length == logged["length"]
