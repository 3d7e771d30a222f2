"""Aggregates over stored games (``StoredGame``) for the report.

Pure functions, no plotting: the same definitions as ``results`` (a draw is
a win for nobody; each seat in ``winners`` scores a win) and Wilson 95%
intervals from ``stats``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .stats import Z95, Tally
from .storage import StoredGame


def unique_games(games: Sequence[StoredGame]) -> tuple[list[StoredGame], int]:
    """Each game once: a stored game with the same ``identity`` (game, config, data,
    agents at each seat, seed) as an earlier one is the same game re-run, not new
    evidence. Returns the kept games (first copy, in order) and how many were dropped."""
    seen: set[tuple[str, str, str, tuple[str, ...], int]] = set()
    kept: list[StoredGame] = []
    for g in games:
        if g.identity not in seen:
            seen.add(g.identity)
            kept.append(g)
    return kept, len(games) - len(kept)


def lineup_name(g: StoredGame) -> str:
    """The agents of a game as a line-up, whatever seat each played: ``heuristic vs random``."""
    return " vs ".join(sorted(g.agents))


def lineups(games: Sequence[StoredGame]) -> dict[str, int]:
    """Games per line-up, most frequent first."""
    counts: dict[str, int] = {}
    for g in games:
        counts[lineup_name(g)] = counts.get(lineup_name(g), 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


@dataclass
class Group:
    """Stored games with the same game, config and agent line-up (one sweep cell)."""

    game: str
    config: dict[str, Any]
    lineup: tuple[str, ...]
    cell: str
    games: list[StoredGame] = field(default_factory=list)
    label: str = ""

    @property
    def seats(self) -> int:
        return self.games[0].seats if self.games else 0

    def seat_tallies(self) -> list[Tally]:
        tallies = [Tally() for _ in range(self.seats)]
        for g in self.games:
            for s in range(min(self.seats, g.seats)):
                tallies[s].add(g.seat_won(s))
        return tallies

    def agent_tallies(self) -> dict[str, Tally]:
        """Per agent spec (all the seats it played)."""
        tallies: dict[str, Tally] = {}
        for g in self.games:
            for s, spec in enumerate(g.agents):
                tallies.setdefault(spec, Tally()).add(g.seat_won(s))
        return tallies

    @property
    def draws(self) -> int:
        return sum(g.draw for g in self.games)

    @property
    def lengths(self) -> list[int]:
        return [g.length for g in self.games]


def _canonical(config: dict[str, Any]) -> str:
    return json.dumps(config, sort_keys=True, separators=(",", ":"))


def group_games(games: Sequence[StoredGame]) -> list[Group]:
    """Games grouped by (game, config, line-up), in order of first appearance.

    Each group's ``label`` names the game, the line-up and the config keys that
    differ between the groups of that game (the swept keys, typically).
    """
    groups: dict[tuple[str, str, tuple[str, ...]], Group] = {}
    for g in games:
        key = (g.game, _canonical(g.config), g.lineup)
        if key not in groups:
            groups[key] = Group(g.game, g.config, g.lineup, g.cell)
        groups[key].games.append(g)
    out = list(groups.values())
    for game in {grp.game for grp in out}:
        same = [grp for grp in out if grp.game == game]
        keys = sorted({k for grp in same for k in grp.config})
        varying = [k for k in keys if len({json.dumps(grp.config.get(k)) for grp in same}) > 1]
        for grp in same:
            parts = [game, " vs ".join(grp.lineup)]
            if varying:
                parts.append(
                    " ".join(
                        f"{k}={json.dumps(grp.config.get(k), separators=(',', ':'))}"
                        for k in varying
                    )
                )
            grp.label = " | ".join(parts)
    return out


@dataclass
class PerSeatMetric:
    """Win rates by the value a seat had for a per-seat metric (faction, settlement)."""

    key: str
    per_value: dict[str, Tally]
    matrix: dict[str, dict[str, Tally]]  # matrix[a][b]: seat with a, against a seat with b

    @property
    def values(self) -> list[str]:
        return sorted(set(self.per_value) | {b for row in self.matrix.values() for b in row})


def per_seat_metric(games: Sequence[StoredGame], key: str) -> PerSeatMetric | None:
    """Aggregate ``metrics[key]`` (a list with one value per seat); ``None`` values
    (e.g. no settlement outside settlement mode) are left out. ``None`` if no game has it."""
    per_value: dict[str, Tally] = {}
    matrix: dict[str, dict[str, Tally]] = {}
    for g in games:
        vals = g.metrics.get(key)
        if not isinstance(vals, list) or len(vals) != g.seats:
            continue
        for s in range(g.seats):
            if vals[s] is None:
                continue
            won = g.seat_won(s)
            a = str(vals[s])
            per_value.setdefault(a, Tally()).add(won)
            for t in range(g.seats):
                if t != s and vals[t] is not None:
                    matrix.setdefault(a, {}).setdefault(str(vals[t]), Tally()).add(won)
    if not per_value:
        return None
    return PerSeatMetric(key, dict(sorted(per_value.items())), matrix)


def solo_pass_rates(games: Sequence[StoredGame]) -> dict[tuple[str, str], Tally]:
    """Invasion solo games: pass rate per (battle stage, difficulty).

    A solo game is passed when seat 0 wins. The stage comes from the game's
    ``battle_stage`` metric; the difficulty from the stored config
    (``solo_difficulty``), since the game does not report it as a metric.
    """
    out: dict[tuple[str, str], Tally] = {}
    for g in games:
        if g.game != "invasion" or g.config.get("mode") != "solo":
            continue
        stage = str(g.metrics.get("battle_stage", g.config.get("battle_stage", "?")))
        difficulty = str(g.config.get("solo_difficulty", "?"))
        out.setdefault((stage, difficulty), Tally()).add(0 in g.winners)
    return dict(sorted(out.items(), key=lambda kv: (_stage_order(kv[0][0]), kv[0][1])))


def _stage_order(stage: str) -> tuple[int, str]:
    return (int(stage), "") if stage.isdigit() else (10**6, stage)


DIFFICULTY_ORDER = ("beginner", "intermediate", "expert")


def difficulties(rates: dict[tuple[str, str], Tally]) -> list[str]:
    found = {d for _, d in rates}
    return [d for d in DIFFICULTY_ORDER if d in found] + sorted(found - set(DIFFICULTY_ORDER))


def stages(rates: dict[tuple[str, str], Tally]) -> list[str]:
    return sorted({s for s, _ in rates}, key=_stage_order)


@dataclass(frozen=True)
class Mean:
    """A mean over deals with its normal 95% interval (n = number of deals)."""

    mean: float
    low: float
    high: float
    n: int


def mean_interval(values: Sequence[float]) -> Mean:
    n = len(values)
    if n == 0:
        return Mean(0.0, 0.0, 0.0, 0)
    mean = sum(values) / n
    if n == 1:
        return Mean(mean, mean, mean, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Mean(mean, mean - half, mean + half, n)


@dataclass
class Paired:
    """Mirrored deals of one group: each deal (seed) played from every seat rotation.

    The deal is the unit: ``share[spec]`` is, per deal, the fraction of the
    seats ``spec`` played that it won, so the luck of the deal is shared by
    every agent and the interval is over deals, not games. ``diff`` is the
    paired difference of the first two agents (``a`` minus ``b``), with the
    deals ``a`` did better on, worse on, and the ties."""

    deals: int
    share: dict[str, Mean]
    a: str = ""
    b: str = ""
    diff: Mean | None = None
    better: int = 0
    worse: int = 0
    ties: int = 0


def paired(games: Sequence[StoredGame]) -> Paired | None:
    """Paired statistics over the complete mirrored deals among ``games``
    (``None`` when no deal was played from every seat rotation)."""
    by_deal: dict[tuple[str, str, str, int], list[StoredGame]] = {}
    for g in games:
        config = json.dumps(g.config, sort_keys=True)
        by_deal.setdefault((g.game, config, g.data, g.seed), []).append(g)
    deals: list[list[StoredGame]] = []
    for same in by_deal.values():
        rotations = {g.agents for g in same}
        seats = same[0].seats
        specs = sorted(set(same[0].agents))
        if len(specs) < 2 or len(rotations) < seats:
            continue
        if all(sorted(set(r)) == specs for r in rotations):
            deals.append(same)
    if not deals:
        return None
    specs = sorted({spec for deal in deals for g in deal for spec in g.agents})
    shares: dict[str, list[float]] = {spec: [] for spec in specs}
    for deal in deals:
        for spec in specs:
            won = played = 0
            for g in deal:
                for s, who in enumerate(g.agents):
                    if who == spec:
                        played += 1
                        won += int(g.seat_won(s))
            shares[spec].append(won / played if played else 0.0)
    out = Paired(len(deals), {spec: mean_interval(v) for spec, v in shares.items()})
    if len(specs) >= 2:
        out.a, out.b = specs[0], specs[1]
        d = [x - y for x, y in zip(shares[out.a], shares[out.b], strict=True)]
        out.diff = mean_interval(d)
        out.better = sum(v > 0 for v in d)
        out.worse = sum(v < 0 for v in d)
        out.ties = sum(v == 0 for v in d)
    return out
