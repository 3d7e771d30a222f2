"""The 12x12 card-versus-card win-rate matrix between heuristic duelists.

Run ``python -m wartable.games.skirm.tools.matrix [--games N] [--seed S] [--step3 X]``.
Cell (row, column) is the share of duels the row card won against the column
card (each pairing played with both seat orders), with a 95% Wilson interval.
A designer's tool, not rules: it prints.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wartable.core.match import play_match
from wartable.core.stats import wilson_interval

from ..bots import HeuristicAgent
from ..cards import load_cards
from ..game import SkirmGame


def matrix(games: int, seed: int, step3: str, data_dir: str | None) -> list[list[tuple[int, int]]]:
    """(wins, games) of the row card against the column card."""
    game = SkirmGame()
    ids = [c.id for c in load_cards(data_dir).cards]
    out = [[(0, 0) for _ in ids] for _ in ids]
    for i, a in enumerate(ids):
        for j, b in enumerate(ids):
            if i >= j:
                continue
            wins = 0
            for k in range(games):
                a_seat = k % 2
                hands = [[b], [b]]
                hands[a_seat], hands[1 - a_seat] = [a], [b]
                cfg = {"hands": hands, "step3": step3, "data_dir": data_dir}
                rec = play_match(game, cfg, seed + k, [HeuristicAgent(), HeuristicAgent()])
                assert rec.outcome is not None
                wins += rec.outcome.winners[0] == a_seat
            out[i][j] = (wins, games)
            out[j][i] = (games - wins, games)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m wartable.games.skirm.tools.matrix", description=__doc__
    )
    ap.add_argument("--games", type=int, default=40, help="duels per pairing (default 40)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--step3", default="comparison", choices=["comparison", "contested", "literal"])
    ap.add_argument("--data-dir", default=None, help="directory with an own cards.toml")
    args = ap.parse_args(argv)
    m = matrix(args.games, args.seed, args.step3, args.data_dir)
    sys.stdout.write(format_matrix(m, load_cards(args.data_dir).cards, args.games))


def format_matrix(m: Any, cards: Any, games: int) -> str:
    """The matrix as text: the row card's win rate with a Wilson 95% interval per cell."""
    lines = [
        f"Skirm card-vs-card win rate of the row card, heuristic duelists, {games} duels per pair",
        "cell: win% [95% CI low-high]",
        "      " + " ".join(f"{c.id:>13}" for c in cards) + "   overall",
    ]
    for i, c in enumerate(cards):
        cells = []
        tw = tn = 0
        for j in range(len(cards)):
            w, n = m[i][j]
            tw, tn = tw + w, tn + n
            if i == j:
                cells.append(f"{'-':>13}")
            else:
                lo, hi = wilson_interval(w, n)
                cells.append(f"{100 * w / n:3.0f} [{100 * lo:2.0f}-{100 * hi:3.0f}]".rjust(13))
        lo, hi = wilson_interval(tw, tn)
        lines.append(
            f"{c.id:>5} "
            + " ".join(cells)
            + f"   {100 * tw / tn:3.0f} [{100 * lo:.0f}-{100 * hi:.0f}]"
        )
    lines.append("abilities: " + ", ".join(f"{c.id}={c.ability}/{c.scoring}" for c in cards))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
