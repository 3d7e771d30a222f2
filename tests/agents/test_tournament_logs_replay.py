"""Every shipped tournament log with iteration budgets is reproducible from its seeds: one short
logged game per log, re-played from the header's game, config, agents and seed, gives the same
score and the same number of decisions.

The cheapest pairing of each log is re-played (a ``hard`` game takes minutes interpreted), its
shortest game. Logs of ``seconds=`` budgets depend on the machine's speed and are not
replayable by design (docs/agents.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wartable.sim.tournament import make_tasks, play_task
from wartable.sim.tournament_log import read_header, read_results

TOURNAMENTS = Path(__file__).resolve().parents[2] / "docs/tournaments"
# rough cost of one decision: a spec not named here is searched at some budget
COST = {"random": 0, "heuristic": 1, "easy": 2, "normal": 3, "hard": 4}


def _replayable() -> list[Path]:
    out = []
    for path in sorted(TOURNAMENTS.rglob("*.jsonl")):
        first = path.read_text().split("\n", 1)[0]
        if '"tournament"' not in first:
            continue  # a simulation log (graxia-solo/), replayed by `wartable replay`
        head = read_header(path)
        if not any("seconds=" in spec for spec in head["agents"]) and read_results(path, head):
            out.append(path)
    return out


def _cost(spec: str) -> int:
    name, _, params = spec.partition(":")
    # ``ismcts:level=easy,iterations=100`` costs what its level costs
    level = next((p[6:] for p in params.split(",") if p.startswith("level=")), None)
    return COST.get(level if name == "ismcts" and level else name, 5)


LOGS = _replayable()


def _cheapest_pairing_cost(path: Path) -> int:
    specs = read_header(path)["agents"]
    return min(
        max(_cost(specs[i]), _cost(specs[j]))
        for i in range(len(specs))
        for j in range(i + 1, len(specs))
    )


# a log whose every pairing has a ``hard`` (or other searched) side takes a minute or more
# to re-play (2p-5's 146 s on CI): marked slow, run by ``make soak``, not ``make test``
CASES = [
    pytest.param(
        p,
        id=p.relative_to(TOURNAMENTS).as_posix(),
        marks=[pytest.mark.slow] if _cheapest_pairing_cost(p) >= COST["hard"] else [],
    )
    for p in LOGS
]


def test_the_level_round_robins_are_among_the_replayed_logs() -> None:
    assert any(p.parent.name == "levels" for p in LOGS)


@pytest.mark.parametrize("path", CASES)
def test_a_logged_game_replays_to_the_same_result(path: Path) -> None:
    head = read_header(path)
    results = read_results(path, head)
    specs = head["agents"]
    games = max(index for _, index, _, _ in results) + 1
    pairings, tasks = make_tasks(head["game"], head["config"], specs, games, head["seed"])

    def cost(result: tuple[int, int, float, int]) -> tuple[int, int]:
        p = pairings[result[0]]
        return max(_cost(specs[p.a]), _cost(specs[p.b])), result[3]

    pair, index, score, decisions = min(results, key=cost)
    task = next(t for t in tasks if (t.pair, t.index) == (pair, index))
    assert play_task(task) == (pair, index, score, decisions)
