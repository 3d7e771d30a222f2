"""Balance targets (``--target NAME=LOW..HIGH``) and how a trial is scored against them.

- ``pairing=LOW..HIGH``: every faction (or side) pairing's win rate; each pairing is one cell,
  measured for its first-named faction, with both faction-to-seat arrangements on the same
  seeds;
- ``seat=LOW..HIGH``: the first seat's win rate;
- ``scenario:ID=LOW..HIGH``: a scenario's first side (or the Player of a solo scenario).

What a target measures in a game is the game's say (``tuning.target_cells``): a list of
cells, each a name and the configs to play with the seat whose wins count. A draw counts half
for each side of a two-sided cell (a shared victory likewise), nothing for a lone seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wartable.core.errors import ConfigError
from wartable.core.stats import wilson_interval

from .params import Param, Scalar

_TARGET = re.compile(
    r"^(?P<kind>pairing|seat|scenario)(?::(?P<arg>[A-Za-z0-9_-]{1,40}))?="
    r"(?P<low>[0-9.]+)\.\.(?P<high>[0-9.]+)$"
)
CHANGE_WEIGHT = 0.01  # per whole range moved, summed over parameters
COUNT_WEIGHT = 0.002  # per parameter moved off its data value


@dataclass(frozen=True)
class Cell:
    """One measured figure: configs to play, and the seat whose wins count in each."""

    name: str
    plays: tuple[tuple[dict[str, Any], int], ...]


@dataclass(frozen=True)
class Target:
    text: str
    kind: str
    arg: str | None
    low: float
    high: float
    cells: tuple[Cell, ...] = ()


def parse_target(text: str) -> Target:
    match = _TARGET.match(text.strip())
    if not match:
        raise ConfigError(
            f"target {text!r}: write pairing=LOW..HIGH, seat=LOW..HIGH or scenario:ID=LOW..HIGH"
        )
    try:
        low, high = float(match["low"]), float(match["high"])
    except ValueError:
        raise ConfigError(f"target {text!r}: LOW and HIGH must be numbers") from None
    if not 0.0 <= low < high <= 1.0:
        raise ConfigError(f"target {text!r}: need 0 <= LOW < HIGH <= 1")
    if (match["kind"] == "scenario") != (match["arg"] is not None):
        raise ConfigError(f"target {text!r}: only scenario takes an id (scenario:ID=...)")
    return Target(text.strip(), match["kind"], match["arg"], low, high)


def with_cells(target: Target, module: Any, config: dict[str, Any]) -> Target:
    """Ask the game what the target measures (a game that cannot measure it says why)."""
    try:
        raw = module.target_cells(target.kind, target.arg, config)
    except ValueError as err:
        raise ConfigError(f"target {target.text!r}: {err}") from None
    cells = tuple(Cell(name, tuple((dict(c), int(s)) for c, s in plays)) for name, plays in raw)
    if not cells:
        raise ConfigError(f"target {target.text!r}: nothing to measure with this config")
    return Target(target.text, target.kind, target.arg, target.low, target.high, cells)


@dataclass
class CellScore:
    wins: float = 0.0
    games: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass
class TrialScore:
    """Every cell's tally for one trial (target text -> cell name -> score)."""

    cells: dict[str, dict[str, CellScore]] = field(default_factory=dict)

    def distance(self, targets: list[Target]) -> float:
        """How far the estimates lie outside their bands, summed over cells."""
        total = 0.0
        for t in targets:
            for score in self.cells[t.text].values():
                total += max(0.0, t.low - score.rate, score.rate - t.high)
        return total

    def holds(self, targets: list[Target]) -> bool:
        """Every cell's 95% interval inside its band."""
        for t in targets:
            for score in self.cells[t.text].values():
                lo, hi = score.interval()
                if lo < t.low or hi > t.high:
                    return False
        return True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for t, cells in self.cells.items():
            out[t] = {}
            for name, s in cells.items():
                lo, hi = s.interval()
                out[t][name] = {
                    "wins": s.wins,
                    "games": s.games,
                    "rate": round(s.rate, 6),
                    "ci95": [round(lo, 6), round(hi, 6)],
                }
        return out


def change_penalty(params: list[Param], values: dict[str, Scalar]) -> float:
    """Fewest and smallest changes from the data the tuner started from."""
    total = 0.0
    for p in params:
        new, old = values[p.name], p.original
        if new == old:
            continue
        total += COUNT_WEIGHT
        if p.kind == "choice":
            total += CHANGE_WEIGHT
        else:
            assert not isinstance(new, str) and not isinstance(old, str)
            total += CHANGE_WEIGHT * abs(float(new) - float(old)) / p.scale()
    return total
