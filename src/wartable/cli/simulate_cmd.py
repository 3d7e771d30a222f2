"""``wartable simulate``: many games between agents, wins with confidence intervals.

The work happens in ``wartable.sim`` (runner, Ray backend, inputs, storage);
this file parses options, shows progress and prints. See docs/simulation.md.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from wartable.core.errors import ConfigError
from wartable.core.rewards import DEFAULT_REWARD, check_reward
from wartable.games import get_game
from wartable.sim import SimJob, SimResult, prepare_job, run_job
from wartable.sim.inputs import (
    apply_data,
    apply_mode,
    check_metric,
    data_digest,
    grid,
    parse_sweeps,
)
from wartable.sim.ray_backend import RAY_LOCAL_CPUS, import_ray, ray_session
from wartable.sim.run_log import write_log
from wartable.sim.runner import check_run
from wartable.sim.storage import DEFAULT_DB, ResultStore

from .common import (
    cli_errors,
    echo_json,
    parse_config,
    split_agent_specs,
    stderr_console,
    stdout_console,
)


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "- games/s", style="cyan")


def progress_bar(console: Console) -> Progress:
    # auto_refresh=False: no display thread, so worker processes can be forked safely.
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        auto_refresh=False,
    )


def _tally_row(label: list[str], t: dict[str, Any]) -> list[str]:
    lo, hi = t["ci95"]
    row = [*label, str(t["wins"]), str(t["games"]), f"{t['win_rate']:.1%}", f"{lo:.1%}-{hi:.1%}"]
    return [*row, f"{t['mean_reward']:+.3f}"] if "mean_reward" in t else row


def print_summary(summary: dict[str, Any]) -> None:
    console = stdout_console()
    n = summary["games"]
    console.print(
        f"[bold]{summary['game']}[/]: {n} games, seed {summary['seed']}, "
        f"{summary['workers']} worker(s), {summary['seconds']:.2f} s "
        f"({summary['games_per_second']:,.1f} games/s, "
        f"{summary['decisions_per_second']:,.0f} decisions/s)"
    )
    ends = f"draws {summary['draws']} ({summary['draw_rate']:.1%})"
    if summary["seats"] == 1:  # a one-seat game without a winner is a loss (solo scenarios)
        ends = f"losses {summary['draws']} ({summary['draw_rate']:.1%})"
    console.print(f"mean length {summary['mean_length']:.1f} decisions; {ends}")
    cols = ["wins", "games", "win rate", "95% CI", f"mean reward ({summary['reward']})"]
    agents = Table(title="per agent (seats rotated every game)")
    for c in ["agent", "spec", *cols]:
        agents.add_column(c)
    for a in summary["agent_results"]:
        agents.add_row(*_tally_row([str(a["agent"]), a["spec"]], a))
    console.print(agents)
    seats = Table(title="per seat")
    for c in ["seat", *cols]:
        seats.add_column(c)
    for s in summary["seat_results"]:
        seats.add_row(*_tally_row([str(s["seat"])], s))
    console.print(seats)
    if "by" in summary:
        _print_by(console, summary["by"])


def _print_by(console: Console, by: dict[str, Any]) -> None:
    key = by["key"]
    if by["kind"] == "per_game":
        table = Table(title=f"by {key}")
        for c in (key, "games", "draws", "wins per seat", "win rate per seat (95% CI)"):
            table.add_column(c)
        for value, g in by["groups"].items():
            wins = ", ".join(str(w) for w in g["wins_per_seat"])
            rates = ", ".join(
                f"{t['win_rate']:.1%} ({t['ci95'][0]:.1%}-{t['ci95'][1]:.1%})"
                for t in g.get("seat_results", [])
            )
            table.add_row(value, str(g["games"]), str(g["draws"]), wins, rates)
        console.print(table)
        return
    table = Table(title=f"by {key}")
    for c in (key, "wins", "games", "win rate", "95% CI"):
        table.add_column(c)
    for value, t in by["per_value"].items():
        table.add_row(*_tally_row([value], t))
    console.print(table)
    values = sorted(by["matrix"])
    cols = sorted({b for row in by["matrix"].values() for b in row})
    matrix = Table(title=f"{key}: row's win rate against column (games)")
    matrix.add_column(key)
    for c in cols:
        matrix.add_column(c)
    for a in values:
        cells = []
        for b in cols:
            t = by["matrix"][a].get(b)
            cells.append(f"{t['win_rate']:.0%} ({t['games']})" if t else "-")
        matrix.add_row(a, *cells)
    console.print(matrix)


@dataclass
class Cell:
    label: str
    job: SimJob
    result: SimResult | None = None
    run_id: str = ""


def _open_store(db: str | None, no_store: bool) -> ResultStore | None:
    """The results database, opened before any game runs (a bad URL fails first)."""
    if no_store:
        return None
    url = db or os.environ.get("WARTABLE_DB") or DEFAULT_DB
    if db is None:
        try:
            import sqlalchemy  # noqa: F401
        except ImportError:  # the default store needs the sim extra; an explicit --db insists
            return None
    return ResultStore(url)


def _run_cells(
    cells: list[Cell],
    games: int,
    workers: int,
    backend: str,
    address: str | None,
    show_progress: bool,
    own_sessions: bool = False,
) -> None:
    def run_all(step: Callable[[str, int], None] | None) -> None:
        for cell in cells:
            progress = None if step is None else functools.partial(step, cell.label)
            cell.result = run_job(
                cell.job,
                games,
                workers,
                progress,
                backend=backend,
                address=address,
                own_sessions=own_sessions,
            )

    with contextlib.ExitStack() as stack:
        if backend == "ray":  # one Ray session for every cell
            stack.enter_context(ray_session(address, workers))
        if not show_progress:
            run_all(None)
            return
        bar = stack.enter_context(progress_bar(stderr_console()))
        name = f"{cells[0].job.game} {backend} x{workers}"
        task = bar.add_task(name, total=games * len(cells))

        def step(label: str, done: int) -> None:
            desc = f"{name} {label}" if label else name
            bar.update(task, advance=done, description=desc, refresh=True)

        run_all(step)


def _cell_json(cell: Cell, by: str | None, reward: str) -> dict[str, Any]:
    assert cell.result is not None
    return {"cell": cell.label, "run_id": cell.run_id, **cell.result.summary(by, reward)}


def print_cells(cells: list[Cell]) -> None:
    console = stdout_console()
    table = Table(title="sweep: one row per cell (seats rotated every game)")
    table.add_column("cell", overflow="fold")
    for c in ("games", "draws", "mean length", "agent", "win rate", "95% CI"):
        table.add_column(c, no_wrap=c == "95% CI")
    for cell in cells:
        assert cell.result is not None
        s = cell.result.summary()
        for k, a in enumerate(s["agent_results"]):
            lo, hi = a["ci95"]
            first = [cell.label, str(s["games"]), str(s["draws"]), f"{s['mean_length']:.1f}"]
            table.add_row(
                *(first if k == 0 else ["", "", "", ""]),
                f"{a['agent']}: {a['spec']}",
                f"{a['win_rate']:.1%}",
                f"{lo:.1%}-{hi:.1%}",
            )
    console.print(table)
    seats = Table(title="win rate per seat")
    seats.add_column("cell", overflow="fold")
    for seat in range(cells[0].job.seats):
        seats.add_column(f"seat {seat}")
    for cell in cells:
        assert cell.result is not None
        rows = cell.result.summary()["seat_results"]
        seats.add_row(cell.label, *(f"{r['win_rate']:.1%}" for r in rows))
    console.print(seats)


@cli_errors
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games (per cell).")],
    agents: Annotated[
        str | None,
        typer.Option("--agents", help="Comma-separated agent specs, one per seat or one for all."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed S+i.")] = 0,
    config: Annotated[str | None, typer.Option("--config", help="Config: JSON or @FILE.")] = None,
    mode: Annotated[
        str | None, typer.Option("--mode", help="A mode of the game (see `wartable games`).")
    ] = None,
    data: Annotated[
        Path | None,
        typer.Option("--data", help="Directory of own card files (the game's data_dir)."),
    ] = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option("--sweep", help="KEY=V1,V2,...: run every cell of the grid (repeatable)."),
    ] = None,
    mirror: Annotated[
        bool, typer.Option("--mirror", help="Play each deal (seed) from every seat rotation.")
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            help="Worker processes (default 1; Ray: local CPUs, default 2).",
            min=1,
        ),
    ] = None,
    backend: Annotated[str, typer.Option("--backend", help="Where games run: local or ray.")] = (
        "local"
    ),
    own_sessions: Annotated[
        bool,
        typer.Option(
            "--own-sessions",
            help="Start each local worker in its own session (its own CPU share where the "
            "kernel groups a terminal's processes; see docs/simulation.md).",
        ),
    ] = False,
    address: Annotated[
        str | None,
        typer.Option("--address", help="Ray cluster address (default: start a local Ray)."),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", help=f"Results database URL or SQLite file (default {DEFAULT_DB})."),
    ] = None,
    label: Annotated[
        str, typer.Option("--label", help="Experiment label stored with every game.")
    ] = "",
    no_store: Annotated[bool, typer.Option("--no-store", help="Do not store the games.")] = False,
    by: Annotated[
        str | None, typer.Option("--by", help="Also group win rates by this game metric.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write a JSONL log: a header line (game, config, agents, seed, version, "
            "commit), then one JSON record per game; `wartable replay --from-log` re-plays one.",
        ),
    ] = None,
    reward: Annotated[
        str,
        typer.Option(
            "--reward",
            help="Mean reward rule: share (a victory split among its winners), win, score.",
        ),
    ] = DEFAULT_REWARD,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play many games (seats rotated, game i with seed S+i), store them and report win rates."""
    # every input error before any game starts (and before any output)
    workers = workers or (RAY_LOCAL_CPUS if backend == "ray" else 1)
    check_reward(reward)
    if games < 1:
        raise ConfigError(f"-n {games}: a run needs at least one game")
    game = get_game(game_id)
    specs = split_agent_specs(agents)
    base = apply_data(game, data, apply_mode(game, mode, parse_config(config)))
    grid_cells = grid(base, parse_sweeps(sweep or [], game))
    if address is not None and backend != "ray":
        raise ConfigError("--address is for --backend ray")
    if out is not None and len(grid_cells) > 1:
        raise ConfigError("--out writes one run: use --db (stored rows) with --sweep")
    cells = [
        Cell(name, prepare_job(game_id, specs, seed, cfg, mirror=mirror))
        for name, cfg in grid_cells
    ]
    for cell in cells:
        check_run(cell.job, games, workers, backend)
        check_metric(game, game.make_config(cell.job.config), seed, by)
    if backend == "ray":
        import_ray()
    store = _open_store(db, no_store)

    _run_cells(cells, games, workers, backend, address, not (as_json or quiet), own_sessions)

    repeats = 0
    if store is not None:
        for cell in cells:
            assert cell.result is not None
            digest = data_digest(cell.job.config)
            repeats += store.already_stored(cell.result, digest)
            cell.run_id = store.save(
                cell.result, label=label, cell=cell.label, backend=backend, data=digest
            )
        store.close()
    first = cells[0].result
    assert first is not None
    if out is not None:
        write_log(out, first)
    stored = {"db": store.url if store else None, "label": label, "already_stored": repeats}
    if as_json:
        if len(cells) == 1:
            echo_json({**first.summary(by, reward), **stored, "run_id": cells[0].run_id or None})
        else:
            sweeps = [k for k, _ in parse_sweeps(sweep or [], game)]
            echo_json(
                {
                    "game": game_id,
                    "sweep": sweeps,
                    **stored,
                    "cells": [_cell_json(c, by, reward) for c in cells],
                }
            )
        return
    if len(cells) == 1:
        print_summary(first.summary(by, reward))
    else:
        print_cells(cells)
        if by:
            for cell in cells:
                assert cell.result is not None
                stdout_console().print(f"[bold]{cell.label}[/]")
                _print_by(stdout_console(), cell.result.summary(by=by)["by"])
    if store is not None:
        games_stored = sum(len(c.result.records) for c in cells if c.result)
        where = f" with label {label!r}" if label else ""
        stderr_console().print(f"stored {games_stored} games in {store.url}{where}")
    if repeats:
        stderr_console().print(
            f"note: {repeats} of these games were stored already (same game, config, data, "
            "agents at each seat and seed: the same games again); the report counts each once"
        )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
