"""Faction balance: heuristic bots on both seats over every pairing (designers' view).

``python -m wartable.games.draconia.tools.balance [GAMES_PER_PAIRING]`` prints the
faction-versus-faction matrix and each faction's overall win rate with a Wilson
95% interval. Seats alternate so neither seat's advantage leaks into a faction.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass, field

from wartable.core.match import play_match
from wartable.core.stats import wilson_interval

from ..bots import HeuristicAgent
from ..cards import FACTIONS
from ..game import GAME


@dataclass
class BalanceResult:
    games_per_pairing: int
    # wins[a][b]: games faction a won against b (a shared victory counts half)
    wins: dict[str, dict[str, float]] = field(default_factory=dict)

    def rate(self, faction: str) -> float:
        won = sum(self.wins[faction].values())
        return won / (self.games_per_pairing * (len(FACTIONS) - 1))

    def interval(self, faction: str) -> tuple[float, float]:
        n = self.games_per_pairing * (len(FACTIONS) - 1)
        return wilson_interval(sum(self.wins[faction].values()), n)


def faction_matrix(games_per_pairing: int = 200, seed: int = 0) -> BalanceResult:
    result = BalanceResult(
        games_per_pairing, {f: {g: 0.0 for g in FACTIONS if g != f} for f in FACTIONS}
    )
    agents = [HeuristicAgent(), HeuristicAgent()]
    for k, (fa, fb) in enumerate(itertools.combinations(FACTIONS, 2)):
        for i in range(games_per_pairing):
            seats = (fa, fb) if i % 2 == 0 else (fb, fa)
            record = play_match(GAME, {"factions": list(seats)}, seed + k * 100_000 + i, agents)
            assert record.outcome is not None
            winners = record.outcome.winners
            for s in winners:
                me, other = seats[s], seats[1 - s]
                result.wins[me][other] += 1.0 / len(winners)
    return result


def format_matrix(result: BalanceResult) -> str:
    short = {f: f[:8] for f in FACTIONS}
    head = (
        "row beats column".ljust(18)
        + "".join(short[f].rjust(10) for f in FACTIONS)
        + "   overall [95% CI]"
    )
    lines = [head]
    n = result.games_per_pairing
    for f in FACTIONS:
        cells = "".join(
            ("-" if g == f else f"{result.wins[f][g] / n:.2f}").rjust(10) for g in FACTIONS
        )
        lo, hi = result.interval(f)
        lines.append(f"{f:<18}{cells}   {result.rate(f):.3f} [{lo:.3f}, {hi:.3f}]")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else 200
    sys.stdout.write(format_matrix(faction_matrix(games)) + "\n")


if __name__ == "__main__":
    main()
