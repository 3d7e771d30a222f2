"""``wartable tune GAME``: the designers' tuner (``wartable.tune``; docs/simulation.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import cli_errors, parse_config, split_agent_specs, stderr_console


@cli_errors
def tune(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    target: Annotated[
        list[str],
        typer.Option(
            "--target",
            help="pairing=LOW..HIGH, seat=LOW..HIGH or scenario:ID=LOW..HIGH (repeatable).",
        ),
    ],
    params: Annotated[Path, typer.Option("--params", help="The params file (TOML).")],
    trials: Annotated[int, typer.Option("--trials", help="Stop after N trials at most.")] = 50,
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games per cell (pairing, seat, scenario).")
    ] = 200,
    agents: Annotated[
        str | None, typer.Option("--agents", help="Agent specs, one for all or one per seat.")
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="Output: an owners' data directory.")] = Path(
        "tuned"
    ),
    seed: Annotated[int, typer.Option("--seed", help="Seed of the common seeds.")] = 0,
    config: Annotated[str | None, typer.Option("--config", help="Config: JSON or @FILE.")] = None,
    data: Annotated[
        Path | None, typer.Option("--data", help="Start from this data directory.")
    ] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray.")] = "local",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    address: Annotated[
        str | None, typer.Option("--address", help="Ray cluster address (--backend ray).")
    ] = None,
    db: Annotated[
        str | None, typer.Option("--db", help="The lab's database URL (the study is stored there).")
    ] = None,
    first_batch: Annotated[
        int | None, typer.Option("--first-batch", help="Games per cell before the pruner looks.")
    ] = None,
    stop: Annotated[
        str,
        typer.Option(
            "--stop",
            help="interval: stop when every 95%% interval lies in its band; estimate: when "
            "every estimate does.",
        ),
    ] = "interval",
    sigma: Annotated[
        float,
        typer.Option("--sigma", help="CMA-ES's first step, a share of each range (0.01..1; 1/6)."),
    ] = 1 / 6,
    as_json: Annotated[bool, typer.Option("--json", help="Print tune.json's summary.")] = False,
) -> None:
    """Search the data values the params file names until every target holds."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from wartable.tune.run import TuneRequest
    from wartable.tune.run import tune as run_tune

    request = TuneRequest(
        game=game_id,
        targets=list(target),
        params_file=params,
        trials=trials,
        games=games,
        agents=split_agent_specs(agents) or ["heuristic"],
        out=out,
        seed=seed,
        config=parse_config(config),
        data=data,
        backend=backend,
        workers=workers,
        address=address,
        db=db,
        first_batch=first_batch,
        stop=stop,
        sigma=sigma,
    )
    console = stderr_console()
    progress = Progress(
        TextColumn("[bold]trials"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[best]}"),
        console=console,
        transient=False,
    )
    task: list[Any] = []

    def on_start(prep: Any, done: int) -> None:
        if done:
            console.print(f"resuming study {prep.name}: {done} trials already ran")
        progress.start()
        task.append(progress.add_task("tune", total=trials, completed=done, best=""))

    def on_trial(outcome: Any, best: Any) -> None:
        text = (
            f"trial {outcome.number} {outcome.state}: distance {outcome.distance:.3f}, "
            f"{outcome.games_per_second:.1f} games/s"
        )
        if best is not None:
            text += f" | best {best.number}: objective {best.objective:.3f}"
            text += " (met)" if (best.holds if stop == "interval" else best.in_band) else ""
        progress.update(task[0], advance=1, best=text)
        if not console.is_terminal:  # a log file: one line per trial
            console.print(text, soft_wrap=True)

    try:
        summary = run_tune(request, on_start, on_trial)
    finally:
        progress.stop()
    if as_json:
        keys = ("game", "study", "holds", "best_trial", "best_values", "changes")
        typer.echo(json.dumps({k: summary[k] for k in keys} | {"trials": len(summary["trials"])}))
        return
    verdict = "every target holds" if summary["holds"] else "the targets do not all hold"
    typer.echo(f"best trial {summary['best_trial']} of {len(summary['trials'])}: {verdict}")
    for line in summary["changes"]:
        typer.echo(f"  {line}")
    typer.echo(f"wrote {out}/ (play it with --data {out}), tune.json and report.html")


def register(app: typer.Typer) -> None:
    app.command("tune")(tune)
