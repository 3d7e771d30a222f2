"""``wartable simulate``: many games between agents, wins with confidence intervals.

The work happens in ``wartable.sim``; this file parses options and prints.
"""

from __future__ import annotations

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
from wartable.sim import SimResult, prepare_job, run_job

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


def _progress(console: Console) -> Progress:
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
    return [*label, str(t["wins"]), str(t["games"]), f"{t['win_rate']:.1%}", f"{lo:.1%}-{hi:.1%}"]


def print_summary(summary: dict[str, Any]) -> None:
    console = stdout_console()
    n = summary["games"]
    console.print(
        f"[bold]{summary['game']}[/]: {n} games, seed {summary['seed']}, "
        f"{summary['workers']} worker(s), {summary['seconds']:.2f} s "
        f"({summary['games_per_second']:,.1f} games/s, "
        f"{summary['decisions_per_second']:,.0f} decisions/s)"
    )
    console.print(
        f"mean length {summary['mean_length']:.1f} decisions; "
        f"draws {summary['draws']} ({summary['draw_rate']:.1%})"
    )
    cols = ["wins", "games", "win rate", "95% CI"]
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
        for c in (key, "games", "draws", "wins per seat"):
            table.add_column(c)
        for value, g in by["groups"].items():
            wins = ", ".join(str(w) for w in g["wins_per_seat"])
            table.add_row(value, str(g["games"]), str(g["draws"]), wins)
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


@cli_errors
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.", min=0)],
    agents: Annotated[
        str | None,
        typer.Option("--agents", help="Comma-separated agent specs, one per seat or one for all."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed S+i.")] = 0,
    config: Annotated[str | None, typer.Option("--config", help="Config: JSON or @FILE.")] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Local worker processes.", min=1)
    ] = 1,
    backend: Annotated[
        str, typer.Option("--backend", help="Where games run: local (ray: not yet built).")
    ] = "local",
    by: Annotated[
        str | None, typer.Option("--by", help="Also group win rates by this game metric.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one JSON record per game (JSONL).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play many games (seats rotated, game i with seed S+i) and report win rates."""
    if backend != "local":
        raise ConfigError(f"--backend {backend!r}: only 'local' is available in this version")
    specs = split_agent_specs(agents)
    cfg = parse_config(config)
    job = prepare_job(game_id, specs, seed, cfg)  # every input error before any output
    result: SimResult
    if as_json or quiet:
        result = run_job(job, games, workers)
    else:
        with _progress(stderr_console()) as bar:
            task = bar.add_task(f"{game_id} x{workers}", total=games)

            def step(done: int) -> None:
                bar.update(task, advance=done, refresh=True)

            result = run_job(job, games, workers, progress=step)
    if out is not None:
        result.write_jsonl(out)
    summary = result.summary(by=by)
    if as_json:
        echo_json(summary)
    else:
        print_summary(summary)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
