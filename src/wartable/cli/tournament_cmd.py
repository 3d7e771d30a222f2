"""``wartable tournament GAME --agents A,B,...``: a round robin with Elo ratings.

The work happens in ``wartable.sim.tournament`` (also ``python -m
wartable.sim.tournament``); this adds the progress bar, ``--config @FILE``
and the CLI's one-line errors. See docs/agents.md.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Annotated

import typer
from rich.progress import Progress, TaskID

from wartable.core.errors import ConfigError
from wartable.sim.tournament import format_tables, run_tournament

from .common import cli_errors, echo_json, parse_config, split_agent_specs, stderr_console
from .simulate_cmd import progress_bar


@cli_errors
def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `wartable games`).")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents", help="Comma-separated agent specs, e.g. ismcts:seconds=1,heuristic,random."
        ),
    ],
    games: Annotated[int, typer.Option("--games", help="Games per pairing.")] = 200,
    config: Annotated[
        str | None, typer.Option("--config", help="Game config: JSON object or @FILE.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Base seed of the deals.")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes (cores).")] = 1,
    bootstrap: Annotated[
        int, typer.Option("--bootstrap", help="Bootstrap refits for the Elo intervals.")
    ] = 200,
    log: Annotated[
        str | None,
        typer.Option("--log", help="JSON-lines file of finished games: resume from it."),
    ] = None,
    no_play: Annotated[
        bool, typer.Option("--no-play", help="Play nothing: report the games in --log so far.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Round robin between agents: seats rotated, paired deals, Wilson 95% intervals per
    pairing, Elo-style ratings with bootstrap intervals."""
    specs = split_agent_specs(agents) or []
    if len(specs) < 2:
        raise ConfigError("--agents needs at least two agent specs")
    if games < 1 or workers < 1:
        raise ConfigError("--games and --workers must be at least 1")
    if no_play and not log:
        raise ConfigError("--no-play needs --log")
    cfg = parse_config(config)
    with contextlib.ExitStack() as stack:
        step: Callable[[int, int], None] | None = None
        if not (no_play or as_json):  # --json: machine output only
            shown: list[tuple[Progress, TaskID]] = []

            def advance(done: int, total: int) -> None:
                if not shown:  # the bar starts with the first game, after every check
                    bar = stack.enter_context(progress_bar(stderr_console()))
                    shown.append((bar, bar.add_task(f"{game_id} round robin", total=total)))
                bar, task = shown[0]
                bar.update(task, completed=done, refresh=True)

            step = advance
        result = run_tournament(
            game_id,
            specs,
            games,
            config=cfg,
            seed=seed,
            workers=workers,
            bootstrap=bootstrap,
            progress=step,
            log_path=log,
            play=not no_play,
        )
    if as_json:
        echo_json(result)
    else:
        typer.echo(format_tables(result))


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament)
