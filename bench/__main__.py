"""``python -m bench`` (``make bench``): speed figures, printed and never asserted.

For each registered game: random games/s on one core, heuristic games/s (if
the game has a ``heuristic`` agent), the time to copy a mid-game state, and
``simulate`` throughput with 1 and 2 worker processes (in this process's engine: the
compiled one once built), after the table of speed targets (``bench/targets.py``: both
engines side by side, with the anchors). Then every
``bench/bench_*.py`` module exposing ``run() -> dict`` is run and its result
printed. The default run stays within a few minutes.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import time
import timeit
from typing import Any

from rich.console import Console
from rich.table import Table

from wartable.agents.specs import available_agents
from wartable.core.game import Game
from wartable.core.match import play_match
from wartable.games import available_games, get_game
from wartable.sim import run_games
from wartable.sim.runner import agent_factory


def games_per_second(gid: str, spec: str, budget: float, seed: int = 1000) -> tuple[float, float]:
    """Play ``spec`` on every seat for about ``budget`` seconds: (games/s, decisions/s)."""
    game: Game[Any, Any] = get_game(gid)
    config = game.make_config({})
    seats = game.num_players(game.new_state(config, 0))
    games = decisions = 0
    start = time.perf_counter()
    while True:
        agents = [agent_factory(spec, gid)() for _ in range(seats)]
        decisions += play_match(game, config, seed + games, agents).length
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= budget and games >= 3:
            return games / elapsed, decisions / elapsed


def copy_microseconds(gid: str) -> float:
    """Mean time of ``state.copy()`` on a state halfway through a random game."""
    game: Game[Any, Any] = get_game(gid)
    config = game.make_config({})
    seats = game.num_players(game.new_state(config, 0))
    record = play_match(game, config, 7, [agent_factory("random", gid)() for _ in range(seats)])
    state = game.new_state(config, 7)
    for seat, action in record.actions[: record.length // 2]:
        game.apply_fast(state, seat, action, None)
    timer = timeit.Timer(state.copy)
    number, _ = timer.autorange()
    best = min(timer.repeat(repeat=5, number=number))
    return best / number * 1e6


def simulate_speedup(gid: str, single_rate: float, seconds: float) -> tuple[float, float]:
    """``run_games`` games/s with 1 and with 2 worker processes over the same games."""
    n = max(20, int(single_rate * seconds))
    one = run_games(gid, n, ["random"], seed=0, workers=1)
    two = run_games(gid, n, ["random"], seed=0, workers=2)
    return n / one.seconds, n / two.seconds


def bench_games(gids: list[str], budget: float) -> Table:
    table = Table(title=f"wartable speed (budget {budget:g} s per figure; one core unless noted)")
    for col in (
        "game",
        "random g/s",
        "random dec/s",
        "heur. g/s",
        "copy us",
        "sim x1 g/s",
        "sim x2 g/s",
        "x2/x1",
    ):
        table.add_column(col, justify="right")
    for gid in gids:
        rnd, rnd_dec = games_per_second(gid, "random", budget)
        heur = "-"
        if "heuristic" in available_agents(gid):
            heur = f"{games_per_second(gid, 'heuristic', budget)[0]:,.1f}"
        copy_us = copy_microseconds(gid)
        one, two = simulate_speedup(gid, rnd, budget)
        table.add_row(
            gid,
            f"{rnd:,.1f}",
            f"{rnd_dec:,.0f}",
            heur,
            f"{copy_us:.2f}",
            f"{one:,.1f}",
            f"{two:,.1f}",
            f"{two / one:.2f}x",
        )
    return table


def extra_benchmarks(console: Console, only: str | None) -> None:
    """Run every ``bench/bench_*.py`` that exposes ``run() -> dict``; print its result."""
    import bench

    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if not info.name.startswith("bench_") or (only and only not in info.name):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        run = getattr(module, "run", None)
        if not callable(run):
            continue
        start = time.perf_counter()
        try:
            result = run()
        except Exception as err:  # printed, never fatal: one broken bench must not hide others
            console.print(f"[red]{info.name}: failed: {type(err).__name__}: {err}[/]")
            continue
        table = Table(title=f"{info.name} ({time.perf_counter() - start:.1f} s)")
        table.add_column("measure")
        table.add_column("value", justify="right")
        for key, value in (result or {}).items():
            table.add_row(str(key), f"{value:,.3f}" if isinstance(value, float) else str(value))
        console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--games", help="comma-separated game ids (default: all registered)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per figure")
    parser.add_argument("--only", help="run only bench_*.py modules whose name contains this")
    parser.add_argument("--no-extra", action="store_true", help="skip bench/bench_*.py modules")
    args = parser.parse_args()
    console = Console(width=max(Console().width, 110))
    gids = args.games.split(",") if args.games else available_games()
    if not args.only:
        from bench.targets import build_table

        console.print(build_table(args.seconds, workers=True, callgrind=0))
        console.print(bench_games(gids, args.seconds))
    if not args.no_extra:
        extra_benchmarks(console, args.only)


if __name__ == "__main__":
    main()
