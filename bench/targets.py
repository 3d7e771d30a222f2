"""The speed targets in one table: every figure next to its target, both engines side by side.

``make bench`` prints it first (``python -m bench.targets`` alone). Each engine runs in its own
child process, one after the other, each on one core: the pure-Python engine
(``WARTABLE_ENGINE=python``) and the compiled one (``bench/compiled_engine.py``; the default
engine once built). The anchors are measured in the same run: pyminion's Dominion
(BigMoney vs BigMoney Smithy, 2 players) and OpenSpiel's Python tic-tac-toe (random games/s,
a yardstick of the machine's speed, independent of wartable). Every rate is per CPU second
of the process that plays (``time.process_time``), so a busy machine slows the run but
changes the figures little (caches and frequency still do: compare with the anchors).
``simulate --workers 2`` is the one wall-clock figure: it measures what two processes get.
Printed, never asserted.

``--callgrind`` adds instruction counts per Draconia random game and per state copy in each
engine (``valgrind --tool=callgrind``; load does not change them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]

# (key, what, target, "min" (at least) or "max" (at most))
TARGETS: tuple[tuple[str, str, float, str], ...] = (
    ("draconia_random", "Draconia random games/s", 1000, "min"),
    ("draconia_copy_us", "Draconia state copy, µs", 5, "max"),
    ("invasion_vs_pyminion", "Invasion heuristic 2p / pyminion", 3, "min"),
    ("ismcts_draconia", "ISMCTS it/s, Draconia", 2000, "min"),
    ("ismcts_skirm", "ISMCTS it/s, Skirm", 10000, "min"),
    ("ismcts_invasion", "ISMCTS it/s, Invasion", 600, "min"),
    ("skirm_random", "Skirm random duels/s", 30000, "min"),
    ("sim_x2", "simulate --workers 2 / 1 (Draconia)", 1.8, "min"),
)


def pyminion_rate(seconds: float) -> float | None:
    """pyminion's Dominion, BigMoney vs BigMoney Smithy, 2 players: games per CPU second."""
    try:
        import logging
        import random

        from pyminion.bots.examples import BigMoney, BigMoneySmithy
        from pyminion.expansions.base import base_set, smithy
        from pyminion.game import Game
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.WARNING)
    random.seed(0)

    def play(_: int) -> None:
        players = [BigMoney(), BigMoneySmithy()]
        Game(
            players=players, expansions=[base_set], kingdom_cards=[smithy], log_stdout=False
        ).play()

    play(0)  # warm up
    return cpu_rate(play, seconds)


def tictactoe_rate(seconds: float) -> float | None:
    """OpenSpiel's Python tic-tac-toe (``python_tic_tac_toe``), random moves: games/s."""
    try:
        import random

        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)

    def play(_: int) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    return cpu_rate(play, seconds)


def cpu_rate(play: Callable[[int], object], seconds: float) -> float:
    """Calls of ``play(i)`` per CPU second of this process, over about ``seconds`` of CPU."""
    done = 0
    start = time.process_time()
    while True:
        play(done)
        done += 1
        spent = time.process_time() - start
        if spent >= seconds and done >= 3:
            return done / spent


def match_rate(gid: str, spec: str, seconds: float, config: dict[str, Any] | None = None) -> float:
    """Games of ``spec`` on every seat per CPU second (each game a new seed)."""
    from wartable.core.match import play_match
    from wartable.games import get_game
    from wartable.sim.runner import agent_factory

    game = get_game(gid)
    cfg = game.make_config(config or {})
    seats = game.num_players(game.new_state(cfg, 0))
    factory = agent_factory(spec, gid)
    return cpu_rate(lambda i: play_match(game, cfg, 1000 + i, [factory() for _ in range(seats)]),
                    seconds)  # fmt: skip


def copy_cpu_microseconds(gid: str) -> float:
    """CPU µs of ``state.copy()`` on a state halfway through a random game (best of 5)."""
    import timeit

    from wartable.agents.random_agent import RandomAgent
    from wartable.core.match import play_match
    from wartable.games import get_game

    game = get_game(gid)
    config = game.make_config({})
    seats = game.num_players(game.new_state(config, 0))
    record = play_match(game, config, 7, [RandomAgent() for _ in range(seats)])
    state = game.new_state(config, 7)
    for seat, action in record.actions[: record.length // 2]:
        game.apply_fast(state, seat, action, None)
    timer = timeit.Timer(state.copy, timer=time.process_time)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


def engine_figures(seconds: float, workers: bool) -> dict[str, Any]:
    """Run in a child: every wartable figure of the table, in this process's engine."""
    import wartable.core.match
    from bench.bench_invasion import CONFIG
    from bench.bench_ismcts import iterations_per_second

    compiled = str(wartable.core.match.__file__).endswith(".so")
    out: dict[str, Any] = {"engine": "compiled" if compiled else "python"}
    out["draconia_random"] = match_rate("draconia", "random", seconds)
    out["draconia_copy_us"] = copy_cpu_microseconds("draconia")
    match_rate("invasion", "heuristic", 0.3, CONFIG)  # warm up
    out["invasion_heuristic"] = match_rate("invasion", "heuristic", seconds, CONFIG)
    for gid in ("draconia", "skirm", "invasion"):
        out[f"ismcts_{gid}"] = iterations_per_second(gid, seconds)[0]
    out["skirm_random"] = match_rate("skirm", "random", seconds)
    if workers:
        out.update(scaling(seconds))
    return out


def scaling(seconds: float) -> dict[str, float]:
    """``run_games`` Draconia random games with 1 and 2 worker processes (the same games),
    the workers in this session (the default) and in their own sessions (``--own-sessions``).
    Wall-clock: what two processes get from the machine as it is."""
    from wartable.sim import run_games

    one = run_games("draconia", 200, ["random"], seed=0, workers=1)
    n = max(200, int(200 / one.seconds * seconds))
    one = run_games("draconia", n, ["random"], seed=0, workers=1)
    two = run_games("draconia", n, ["random"], seed=0, workers=2)
    own = run_games("draconia", n, ["random"], seed=0, workers=2, own_sessions=True)
    return {
        "sim_x1": n / one.seconds,
        "sim_x2_rate": n / two.seconds,
        "sim_x2": one.seconds / two.seconds,
        "sim_x2_own": one.seconds / own.seconds,
    }


def run_child(env: dict[str, str], seconds: float, workers: bool) -> dict[str, Any]:
    args = [sys.executable, "-m", "bench.targets", "--child", "--seconds", str(seconds)]
    if workers:
        args.append("--workers")
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


CALLGRIND_GAMES = r"""
import sys
from wartable.core.match import play_match
from wartable.agents.random_agent import RandomAgent
from wartable.games import get_game
game = get_game("draconia")
config = game.make_config({})
n = int(sys.argv[1])
for seed in range(n):
    play_match(game, config, seed, [RandomAgent(), RandomAgent()])
"""


def instructions(env: dict[str, str], games: int) -> float | None:
    """Instructions per Draconia random game (callgrind, ``games`` minus ``games // 2``)."""

    def count(n: int) -> int | None:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cg.out"
            done = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                 sys.executable, "-c", CALLGRIND_GAMES, str(n)],
                cwd=ROOT, env=env, capture_output=True, text=True,
            )  # fmt: skip
            found = re.search(r"Collected : (\d+)", done.stderr)
            return int(found.group(1)) if found else None

    big, small = count(games), count(games // 2)
    if big is None or small is None:
        return None
    return (big - small) / (games - games // 2)


def _fmt(value: Any) -> str:
    if not isinstance(value, int | float):
        return "-" if value is None else str(value)
    return f"{value:,.2f}" if value < 20 else f"{value:,.0f}"


def _met(value: Any, target: float, sense: str) -> str:
    if not isinstance(value, int | float):
        return "-"
    ok = value >= target if sense == "min" else value <= target
    return "[green]yes[/]" if ok else "[red]no[/]"


def build_table(seconds: float, workers: bool, callgrind: int) -> Table:
    from bench.compiled_engine import build, compiled_env, pure_env

    load_start = os.getloadavg()[0]
    pure = run_child(pure_env(), seconds, workers)
    fast: dict[str, Any]
    try:
        fast_env: dict[str, str] | None = compiled_env(build())
    except Exception as exc:  # no compiler: the pure engine alone
        fast_env, fast = None, {"error": [f"not built: {exc}"]}
    if fast_env is not None:
        fast = run_child(fast_env, seconds, workers)
    minion = pyminion_rate(seconds)
    ttt = tictactoe_rate(seconds)
    for figures in (pure, fast):
        if minion and "invasion_heuristic" in figures:
            figures["invasion_vs_pyminion"] = figures["invasion_heuristic"] / minion
    load = os.getloadavg()[0]
    table = Table(
        title=f"wartable speed targets ({seconds:g} s per figure, one core each, "
        f"load average {load_start:.1f} at the start, {load:.1f} at the end)",
        caption="Rates are per CPU second of the playing process; simulate --workers 2 / 1 "
        "is wall clock and judges the machine only when it is otherwise idle (load average "
        "below 0.5 before the run: docs/speed.md).",
    )
    for col in ("figure", "target", "python", "compiled", "met (compiled)"):
        table.add_column(col, justify="left" if col == "figure" else "right")
    for key, what, target, sense in TARGETS:
        bound = f"{'≥' if sense == 'min' else '≤'} {_fmt(target)}"
        value = fast.get(key)
        table.add_row(what, bound, _fmt(pure.get(key)), _fmt(value), _met(value, target, sense))
    extra = [
        ("Invasion heuristic 2p games/s", "invasion_heuristic"),
        ("simulate, 1 worker, games/s", "sim_x1"),
        ("simulate, 2 workers, games/s", "sim_x2_rate"),
        ("simulate --workers 2 --own-sessions / 1", "sim_x2_own"),
    ]
    for what, key in extra:
        table.add_row(what, "", _fmt(pure.get(key)), _fmt(fast.get(key)), "")
    table.add_row("anchor: pyminion games/s", "", _fmt(minion), "", "")
    table.add_row("anchor: OpenSpiel Python tic-tac-toe, random games/s", "", _fmt(ttt), "", "")
    if callgrind:
        pure_i = instructions(pure_env(), callgrind)
        fast_i = instructions(fast_env, callgrind) if fast_env else None
        table.add_row("instructions per Draconia random game (callgrind)", "",
                      _fmt(pure_i), _fmt(fast_i), "")  # fmt: skip
    for name, figures in (("python", pure), ("compiled", fast)):
        if "error" in figures:
            table.add_row(f"{name} engine failed", "", str(figures["error"]), "", "")
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.targets", description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per figure")
    parser.add_argument("--no-workers", action="store_true", help="skip simulate --workers 2")
    parser.add_argument("--workers", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--callgrind", type=int, default=0, metavar="GAMES",
        help="also count instructions per Draconia random game over GAMES games (valgrind)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(engine_figures(args.seconds, args.workers)))
        return
    console = Console(width=max(Console().width, 110))
    console.print(build_table(args.seconds, not args.no_workers, args.callgrind))


if __name__ == "__main__":
    main()
