"""Round-robin tournaments between agent specs: ``python -m wartable.sim.tournament``.

    python -m wartable.sim.tournament --game draconia \\
        --agents ismcts:seconds=1,heuristic,random --games 200 --workers 2

Every pair of agents plays ``--games`` games. Seats alternate: in game k the
first agent of the pair takes the even seats when k is even and the odd
seats when k is odd, and games 2m and 2m+1 use the same deal (seed), so each
deal is played from both sides. A game scores the first agent the share of
the victory its seats took (1 win, 0 loss, 1/2 draw or an equally shared
win); see ``stats`` for the Wilson intervals and ``ratings`` for the
Elo-style ratings with bootstrap intervals. Games run in worker processes
(``--workers``); each agent is built fresh for each game from its spec.
``--log FILE`` keeps every finished game (``tournament_log``) so a long run can
be resumed or extended, and ``--no-play`` reports the games a log holds so far.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartable.agents.ismcts_tree import rewards_from_outcome
from wartable.agents.specs import make_agent, split_agent_specs
from wartable.core.errors import ConfigError
from wartable.core.match import play_match
from wartable.core.seeds import derive_seed
from wartable.games import get_game

from .ratings import PairResult, bootstrap_elo, fit_elo
from .stats import wilson_interval
from .tournament_log import GameResult, TournamentLog, header


def split_specs(text: str) -> list[str]:
    """Split ``a:x=1,y=2,b,c`` into ``["a:x=1,y=2", "b", "c"]`` (``specs.split_agent_specs``)."""
    return split_agent_specs(text)


@dataclass(frozen=True)
class Task:
    game: str
    config: dict[str, Any]
    pair: int
    index: int
    seed: int
    seat_specs: tuple[str, ...]
    first_seats: tuple[int, ...]  # the seats of the pair's first agent


@dataclass
class Pairing:
    a: int
    b: int
    scores: list[float] = field(default_factory=list)
    decisions: int = 0

    def counts(self) -> tuple[int, int, int]:
        wins = sum(1 for s in self.scores if s == 1.0)
        losses = sum(1 for s in self.scores if s == 0.0)
        return wins, len(self.scores) - wins - losses, losses


def play_task(task: Task) -> GameResult:
    """Play one game; (pairing, index, first agent's score, decisions)."""
    game = get_game(task.game)
    agents = [make_agent(spec, task.game) for spec in task.seat_specs]
    # the agents' seed: a one-way hash of the deal and the game's place (see core/seeds.py)
    agent_seed = derive_seed(task.seed, "agents", task.pair, task.index)
    record = play_match(game, task.config, task.seed, agents, agent_seed=agent_seed)
    assert record.outcome is not None
    reward = rewards_from_outcome(record.outcome)
    mine = sum(reward[s] for s in task.first_seats)
    total = sum(reward)
    score = 0.5 if total == 0 else mine / total
    return task.pair, task.index, score, record.length


def make_tasks(
    game_id: str, config: dict[str, Any], specs: Sequence[str], games: int, seed: int
) -> tuple[list[Pairing], list[Task]]:
    game = get_game(game_id)
    cfg = game.make_config(config)
    seats = game.num_players(game.new_state(cfg, seed))
    if seats < 2:
        raise ValueError(f"{game_id} with this config has {seats} seat; a tournament needs 2+")
    for spec in specs:  # fail early, in this process, on a bad spec
        make_agent(spec, game_id)
    pairings: list[Pairing] = []
    tasks: list[Task] = []
    for i in range(len(specs)):
        for j in range(i + 1, len(specs)):
            p = len(pairings)
            pairings.append(Pairing(i, j))
            for k in range(games):
                first = tuple(s for s in range(seats) if (s + k) % 2 == 0)
                seat_specs = tuple(specs[i] if s in first else specs[j] for s in range(seats))
                deal = seed + 1_000_003 * p + k // 2
                tasks.append(Task(game_id, dict(config), p, k, deal, seat_specs, first))
    return pairings, tasks


def run_tournament(
    game_id: str,
    specs: Sequence[str],
    games: int,
    config: dict[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    bootstrap: int = 200,
    progress: Callable[[int, int], None] | None = None,
    log_path: Path | str | None = None,
    play: bool = True,
) -> dict[str, Any]:
    """Play the round robin and return the results as a JSON-able dict.

    With ``log_path`` the games already in that log are taken from it and every
    newly finished game is appended; ``play=False`` plays nothing (a report of
    the log so far)."""
    config = dict(config or {})
    pairings, tasks = make_tasks(game_id, config, specs, games, seed)
    log = TournamentLog(Path(log_path), header(game_id, config, specs, seed)) if log_path else None
    logged = [r for r in (log.read() if log else []) if r[0] < len(pairings) and r[1] < games]
    done = {(r[0], r[1]) for r in logged}
    todo = [t for t in tasks if (t.pair, t.index) not in done] if play else []
    start = time.perf_counter()
    results: list[GameResult] = list(logged)
    if progress and logged:
        progress(len(results), len(tasks))

    def finished(result: GameResult) -> None:
        results.append(result)
        if log:
            log.append(result)
        if progress:
            progress(len(results), len(tasks))

    if workers <= 1:
        for task in todo:
            finished(play_task(task))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for result in pool.map(play_task, todo, chunksize=1):
                finished(result)
    elapsed = time.perf_counter() - start
    for pair, _, score, length in sorted(results):
        pairings[pair].scores.append(score)
        pairings[pair].decisions += length
    pair_results = [PairResult(p.a, p.b, tuple(p.scores)) for p in pairings]
    elo = fit_elo(len(specs), pair_results)
    intervals = bootstrap_elo(len(specs), pair_results, samples=bootstrap, seed=seed)
    return {
        "game": game_id,
        "config": config,
        "games_per_pairing": games,
        "seed": seed,
        "workers": workers,
        "seconds": round(elapsed, 2),
        "games_from_log": len(logged),
        "pairings": [_pairing_json(p, specs) for p in pairings],
        "ratings": [
            {
                "agent": spec,
                "elo": round(elo[i], 1),
                "elo_low": round(intervals[i][0], 1),
                "elo_high": round(intervals[i][1], 1),
                "games": sum(len(p.scores) for p in pairings if i in (p.a, p.b)),
                "score": round(_score_of(i, pairings), 4),
            }
            for i, spec in enumerate(specs)
        ],
    }


def _score_of(i: int, pairings: list[Pairing]) -> float:
    total = n = 0.0
    for p in pairings:
        if i == p.a:
            total += sum(p.scores)
        elif i == p.b:
            total += len(p.scores) - sum(p.scores)
        else:
            continue
        n += len(p.scores)
    return total / n if n else 0.0


def _pairing_json(p: Pairing, specs: Sequence[str]) -> dict[str, Any]:
    n = len(p.scores)
    score = sum(p.scores)
    low, high = wilson_interval(score, n)
    wins, draws, losses = p.counts()
    return {
        "a": specs[p.a],
        "b": specs[p.b],
        "games": n,
        "a_wins": wins,
        "draws_or_shared": draws,
        "b_wins": losses,
        "a_score": round(score / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
        "mean_decisions": round(p.decisions / n, 1) if n else None,
    }


def format_tables(result: dict[str, Any]) -> str:
    lines = [
        f"{result['game']} {json.dumps(result['config'])}: {result['games_per_pairing']} games "
        f"per pairing, seats rotated, {result['seconds']} s with {result['workers']} worker(s)"
        + (
            f" ({result['games_from_log']} games read from the log)"
            if result["games_from_log"]
            else ""
        ),
        "",
    ]
    head = ("A", "B", "games", "A wins", "draws", "B wins", "A score", "95% CI")
    rows = [
        (
            p["a"],
            p["b"],
            str(p["games"]),
            str(p["a_wins"]),
            str(p["draws_or_shared"]),
            str(p["b_wins"]),
            "-" if p["a_score"] is None else f"{p['a_score']:.3f}",
            f"{p['ci95'][0]:.3f}-{p['ci95'][1]:.3f}",
        )
        for p in result["pairings"]
    ]
    lines += _table(head, rows, left=2)
    lines.append("")
    ranked = sorted(result["ratings"], key=lambda r: -r["elo"])
    head2 = ("agent", "Elo", "95% CI", "games", "score")
    rows2 = [
        (
            r["agent"],
            f"{r['elo']:+.0f}",
            f"{r['elo_low']:+.0f} to {r['elo_high']:+.0f}",
            str(r["games"]),
            f"{r['score']:.3f}",
        )
        for r in ranked
    ]
    lines += _table(head2, rows2)
    return "\n".join(lines)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Plain-text columns: the first ``left`` left-aligned, the rest right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]

    def fmt(row: Sequence[str]) -> str:
        cells = [
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    return [fmt(head), fmt(["-" * w for w in widths]), *(fmt(r) for r in rows)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m wartable.sim.tournament",
        description="Round-robin tournament between agent specs, with Wilson 95% intervals "
        "per pairing and Elo-style ratings with bootstrap 95% intervals.",
    )
    parser.add_argument("--game", required=True, help="game id (wartable games)")
    parser.add_argument(
        "--agents",
        required=True,
        help="comma-separated agent specs, e.g. ismcts:seconds=1,heuristic,random",
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--config", default="{}", help="game config as JSON (default: {})")
    parser.add_argument("--seed", type=int, default=0, help="base seed of the deals")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--bootstrap", type=int, default=200, help="bootstrap refits for Elo CIs")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--log",
        help="JSON-lines file of finished games: written as games end, read back to resume",
    )
    parser.add_argument(
        "--no-play", action="store_true", help="play nothing: report the games in --log so far"
    )
    args = parser.parse_args(argv)
    if args.no_play and not args.log:
        parser.error("--no-play needs --log")
    try:
        specs = split_specs(args.agents)
    except ConfigError as err:
        parser.error(str(err))
    if len(specs) < 2:
        parser.error("--agents needs at least two agent specs")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        config = json.loads(args.config)
    except json.JSONDecodeError as err:
        parser.error(f"--config is not JSON: {err}")

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)

    try:
        result = run_tournament(
            args.game,
            specs,
            args.games,
            config=config,
            seed=args.seed,
            workers=args.workers,
            bootstrap=args.bootstrap,
            progress=progress,
            log_path=args.log,
            play=not args.no_play,
        )
    except Exception as err:  # one line, like the CLI
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=1) if args.json else format_tables(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
