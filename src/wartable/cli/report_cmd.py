"""``wartable report``: stored simulation results as a self-contained HTML page.

The work happens in ``wartable.sim.report``; this file reads the options,
selects the stored games and writes the page. See docs/simulation.md.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from wartable.core.errors import ConfigError
from wartable.sim import analysis
from wartable.sim.inputs import parse_value
from wartable.sim.report import build_report
from wartable.sim.storage import DEFAULT_DB, ResultStore

from .common import cli_errors, split_agent_specs


def _where(options: list[str]) -> dict[str, Any]:
    where: dict[str, Any] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--where {option!r}: expected KEY=VALUE (a config key)")
        where[key.strip()] = parse_value(value.strip())
    return where


def _plays(agents: tuple[str, ...], specs: list[str]) -> bool:
    """``--lineup``: exactly these agents, in any seats; one spec means every seat."""
    if len(specs) == 1:
        return set(agents) == set(specs)
    return sorted(agents) == sorted(specs)


@cli_errors
def report(
    db: Annotated[
        str | None,
        typer.Option("--db", help=f"Results database URL or SQLite file (default {DEFAULT_DB})."),
    ] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="The HTML file to write.")] = Path(
        "report.html"
    ),
    game: Annotated[str | None, typer.Option("--game", help="Only this game.")] = None,
    label: Annotated[
        list[str] | None, typer.Option("--label", help="Only runs with this label (repeatable).")
    ] = None,
    run_id: Annotated[
        list[str] | None, typer.Option("--run", help="Only this run id (repeatable).")
    ] = None,
    where: Annotated[
        list[str] | None,
        typer.Option("--where", help="KEY=VALUE: only games whose config has it (repeatable)."),
    ] = None,
    lineup: Annotated[
        list[str] | None,
        typer.Option(
            "--lineup",
            help="A,B,...: only games between exactly these agents, any seats (repeatable).",
        ),
    ] = None,
) -> None:
    """Write an HTML report (charts and tables) of the stored games."""
    filters = _where(where or [])
    store = ResultStore(db or os.environ.get("WARTABLE_DB"), create=False)
    try:
        games = store.games(game, label or (), run_id or (), filters)
        runs = store.runs()
    finally:
        store.close()
    if lineup:
        wanted = [split_agent_specs(x) or [] for x in lineup]
        games = [g for g in games if any(_plays(g.agents, specs) for specs in wanted)]
    described = [
        *([f"game={game}"] if game else []),
        *(f"label={x}" for x in label or ()),
        *(f"run={x}" for x in run_id or ()),
        *(where or []),
        *(f"lineup={x}" for x in lineup or ()),
    ]
    page = build_report(games, runs, store.url, ", ".join(described))
    out.write_text(page, encoding="utf-8")
    kept, repeats = analysis.unique_games(games)
    again = f" ({repeats} re-run games counted once)" if repeats else ""
    runs_used = len({g.run_id for g in kept})
    typer.echo(f"report: {len(kept)} games{again} from {runs_used} runs -> {out}")


def register(app: typer.Typer) -> None:
    app.command("report")(report)
