"""Game records and the aggregate of a simulation run.

Definitions (also in docs/formats/cli.md):

- a **draw** is a game with no winner, or where every seat shares the victory
  (in a game of two or more seats: a solo game won is a win); a draw counts
  as a win for nobody (``wartable.core.rewards.is_draw``);
- otherwise every seat in ``winners`` scores a win (a shared victory of some
  seats, e.g. a team, is a win for each of them);
- a seat's **reward** follows one of the rules of ``wartable.core.rewards``
  (``share`` by default, ``win``, ``score``), the same as the research
  adapters pay; the summary gives each agent's and seat's mean reward;
- a game's **length** is the number of decisions (atomic actions) taken.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartable.core.errors import ConfigError
from wartable.core.rewards import DEFAULT_REWARD, check_reward

from .jobs import SimJob
from .records import GameRecord
from .stats import Tally


@dataclass
class SimResult:
    """All records of a run plus its timing; ``summary()`` is the ``--json`` report."""

    job: SimJob
    records: list[GameRecord]
    seconds: float
    workers: int

    @property
    def decisions(self) -> int:
        return sum(r.length for r in self.records)

    def seat_tallies(self) -> list[Tally]:
        tallies = [Tally() for _ in range(self.job.seats)]
        for r in self.records:
            for seat in range(self.job.seats):
                tallies[seat].add(r.seat_won(seat))
        return tallies

    def agent_tallies(self) -> list[Tally]:
        tallies = [Tally() for _ in self.job.agents]
        for r in self.records:
            for seat, agent in enumerate(r.seat_agents):
                tallies[agent].add(r.seat_won(seat))
        return tallies

    def mean_rewards(self, reward: str = DEFAULT_REWARD) -> tuple[list[float], list[float]]:
        """Mean reward per agent and per seat under the rule ``reward``."""
        agent_sum = [0.0] * len(self.job.agents)
        agent_n = [0] * len(self.job.agents)
        seat_sum = [0.0] * self.job.seats
        for r in self.records:
            for seat, value in enumerate(r.rewards(reward)):
                agent_sum[r.seat_agents[seat]] += value
                agent_n[r.seat_agents[seat]] += 1
                seat_sum[seat] += value
        n = max(1, len(self.records))
        return (
            [total / max(1, k) for total, k in zip(agent_sum, agent_n, strict=True)],
            [total / n for total in seat_sum],
        )

    def summary(self, by: str | None = None, reward: str = DEFAULT_REWARD) -> dict[str, Any]:
        reward = check_reward(reward)
        agent_reward, seat_reward = self.mean_rewards(reward)
        n = len(self.records)
        seconds = max(self.seconds, 1e-9)
        seats = self.seat_tallies()
        agents = self.agent_tallies()
        draws = sum(r.is_draw for r in self.records)
        out: dict[str, Any] = {
            "game": self.job.game,
            "config": self.job.config,
            "games": n,
            "seed": self.job.seed,
            "agents": list(self.job.agents),
            "seats": self.job.seats,
            "workers": self.workers,
            "wins_per_seat": [t.wins for t in seats],
            "wins_per_agent": [t.wins for t in agents],
            "reward": reward,
            "seat_results": [
                {"seat": i, **t.to_json(), "mean_reward": round(seat_reward[i], 6)}
                for i, t in enumerate(seats)
            ],
            "agent_results": [
                {"agent": i, "spec": spec, **t.to_json(), "mean_reward": round(agent_reward[i], 6)}
                for i, (spec, t) in enumerate(zip(self.job.agents, agents, strict=True))
            ],
            "draws": draws,
            "draw_rate": round(draws / n, 6) if n else 0.0,
            "mean_length": round(self.decisions / n, 3) if n else 0.0,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(n / seconds, 2),
            "decisions_per_second": round(self.decisions / seconds, 1),
        }
        if by:
            out["by"] = group_by_metric(self.records, by, self.job.seats)
        return out

    def write_jsonl(self, path: Path) -> None:
        """One JSON object per game (``GameRecord.to_json``), in game order."""
        with path.open("w", encoding="utf-8") as fh:
            for r in self.records:
                fh.write(json.dumps(r.to_json(), sort_keys=True) + "\n")


def group_by_metric(records: list[GameRecord], key: str, seats: int) -> dict[str, Any]:
    """Win rates grouped by the value of ``metrics[key]``.

    - a per-seat metric (a list with one value per seat, e.g. factions) gives
      the win rate of each value (``per_value``) and a ``matrix``:
      ``matrix[a][b]`` is how often a seat with value ``a`` won in games
      against a seat with value ``b``;
    - any other value (e.g. a battle stage, a solo scenario's Home Row) groups
      whole games: per value, the games, draws, wins per seat and each seat's
      win rate with its 95% Wilson interval (``seat_results``).
    """
    values = [r.metrics[key] for r in records if key in r.metrics]
    if records and not values:
        known = sorted({k for r in records for k in r.metrics})
        raise ConfigError(f"no metric {key!r} in the game records (known: {', '.join(known)})")
    per_seat = bool(values) and all(isinstance(v, list) and len(v) == seats for v in values)
    if per_seat:
        per_value: dict[str, Tally] = {}
        matrix: dict[str, dict[str, Tally]] = {}
        for r in records:
            vals = [str(v) for v in r.metrics[key]]
            for s in range(seats):
                won = r.seat_won(s)
                per_value.setdefault(vals[s], Tally()).add(won)
                for t in range(seats):
                    if t != s:
                        matrix.setdefault(vals[s], {}).setdefault(vals[t], Tally()).add(won)
        return {
            "key": key,
            "kind": "per_seat",
            "per_value": {v: t.to_json() for v, t in sorted(per_value.items())},
            "matrix": {
                a: {b: t.to_json() for b, t in sorted(row.items())}
                for a, row in sorted(matrix.items())
            },
        }
    groups: dict[str, dict[str, Any]] = {}
    tallies: dict[str, list[Tally]] = {}
    for r in records:
        name = json.dumps(r.metrics.get(key), sort_keys=True) if key in r.metrics else "missing"
        name = name.strip('"')
        g = groups.setdefault(name, {"games": 0, "draws": 0, "wins_per_seat": [0] * seats})
        g["games"] += 1
        g["draws"] += int(r.is_draw)
        for s in range(seats):
            g["wins_per_seat"][s] += int(r.seat_won(s))
            tallies.setdefault(name, [Tally() for _ in range(seats)])[s].add(r.seat_won(s))
    for name, g in groups.items():
        g["seat_results"] = [t.to_json() for t in tallies[name]]
    return {"key": key, "kind": "per_game", "groups": dict(sorted(groups.items()))}
