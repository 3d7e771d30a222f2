"""``wartable serve``: the web table (needs the ``server`` extra)."""

from __future__ import annotations

import math
import os
from typing import Annotated

import typer

from wartable.core.errors import WartableError
from wartable.core.untrusted import load_config
from wartable.games import get_game

from .common import cli_errors, fail


@cli_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL: sqlite:///FILE or postgresql+psycopg://... "
            "(default: $WARTABLE_DATABASE_URL, else ./wartable-server.db).",
        ),
    ] = None,
    seat_timeout: Annotated[
        float,
        typer.Option(
            "--seat-timeout",
            help="End a match when a person has not acted for this many seconds (0: never).",
        ),
    ] = 0.0,
    bot_workers: Annotated[
        int, typer.Option("--bot-workers", help="Processes for search bots.")
    ] = 1,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="Seconds a bot waits before acting.")
    ] = 0.0,
    bot_max_iterations: Annotated[
        int,
        typer.Option(
            "--bot-max-iterations",
            min=0,
            help="Most ISMCTS iterations a bot seated from the web may ask per decision "
            "(0: the game's 'hard' level budget).",
        ),
    ] = 0,
    bot_max_seconds: Annotated[
        float,
        typer.Option(
            "--bot-max-seconds",
            min=0,
            help="Most wall-time seconds a bot spec may ask per decision (0: 'seconds=' refused).",
        ),
    ] = 0.0,
    bot_timeout: Annotated[
        float,
        typer.Option(
            "--bot-timeout",
            min=0.1,
            help="A search bot thinking longer than this has its worker killed and moves at random.",
        ),
    ] = 30.0,
    rate: Annotated[
        float,
        typer.Option("--rate", help="Messages per second allowed per connection (0: no limit)."),
    ] = 20.0,
    http_rate: Annotated[
        float,
        typer.Option(
            "--http-rate", help="HTTP writes per second per client address (0: no limit)."
        ),
    ] = 50.0,
    public_url: Annotated[
        str, typer.Option("--public-url", help="Origin used in invite links (behind a proxy).")
    ] = "",
    max_open_per_address: Annotated[
        int,
        typer.Option(
            "--max-open-per-address",
            help="Matches in play one client address may have created (0: no limit).",
        ),
    ] = 20,
    expire_open: Annotated[
        float,
        typer.Option(
            "--expire-open",
            help="End as 'expired' a match with a seat nobody took, or no person's move, "
            "after this many idle seconds (0: never).",
        ),
    ] = 3600.0,
    sqlite_sync: Annotated[
        str,
        typer.Option(
            "--sqlite-sync",
            help="SQLite: 'full' (each commit on disk before it is acknowledged) or 'normal' "
            "(survives a killed process, not a power cut).",
        ),
    ] = "full",
    request_timeout: Annotated[
        float,
        typer.Option(
            "--request-timeout",
            min=0,
            help="Close a connection whose request (headers and body) is not complete this "
            "many seconds after it opened or after its previous answer (0: never).",
        ),
    ] = 10.0,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            min=0,
            help="Open connections in all; more are answered 503 (kept below the open-files "
            "limit; 0: that limit alone).",
        ),
    ] = 4096,
    max_connections_per_address: Annotated[
        int,
        typer.Option(
            "--max-connections-per-address",
            min=0,
            help="Open connections per client address; more are answered 429 (0: no cap).",
        ),
    ] = 64,
    max_websockets_per_address: Annotated[
        int,
        typer.Option(
            "--max-websockets-per-address",
            min=0,
            help="Open WebSockets per client address; more are refused with 429 (0: no cap).",
        ),
    ] = 32,
    api_docs: Annotated[
        bool, typer.Option("--api-docs", help="Serve /docs, a plain page listing the API routes.")
    ] = False,
    data: Annotated[
        list[str] | None,
        typer.Option(
            "--data",
            help="GAME=DIR: every new match of GAME plays the data directory DIR (your own "
            "cards, or a set tuned by `wartable tune`); repeatable, one per game.",
        ),
    ] = None,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "warning",
    proxy: Annotated[
        str | None,
        typer.Option(
            "--proxy",
            help="Address of the reverse proxy in front (comma-separated, or a network like "
            "10.0.0.0/8): only its X-Forwarded-For/-Proto headers are believed. Without it no "
            "forwarded header is, and every client is the address it connects from.",
        ),
    ] = None,
) -> None:
    """Run the web table: people and bots play over HTTP and WebSockets."""
    try:
        from wartable.server.serve import run
        from wartable.server.settings import Settings, default_database_url
        from wartable.server.startup import EXIT_DATABASE, StartupError
    except ModuleNotFoundError as err:
        raise typer.BadParameter(
            f"the server needs the 'server' extra (pip install 'wartable[server]'): {err}"
        ) from None
    for flag, value in (("--bot-max-seconds", bot_max_seconds), ("--bot-timeout", bot_timeout)):
        if not math.isfinite(value):
            fail(f"{flag} must be a finite number, got {value}")
    data_dirs = own_data_dirs(data or [])
    settings = Settings(
        database_url=db or default_database_url(),
        data_dirs=data_dirs,
        seat_timeout=seat_timeout,
        bot_workers=bot_workers,
        bot_delay=bot_delay,
        bot_max_iterations=bot_max_iterations,
        bot_max_seconds=bot_max_seconds,
        bot_timeout=bot_timeout,
        rate_per_second=rate,
        rate_burst=max(1, int(rate * 2)),
        http_rate_per_second=http_rate,
        http_rate_burst=max(1, int(http_rate * 4)),
        public_url=public_url,
        api_docs=api_docs,
        max_open_per_address=max_open_per_address,
        expire_open=expire_open,
        sqlite_sync=sqlite_sync.lower(),
        request_timeout=request_timeout,
        max_connections=max_connections,
        max_connections_per_address=max_connections_per_address,
        max_websockets_per_address=max_websockets_per_address,
    )
    try:
        run(settings, host, port, log_level, proxy=proxy)
    except StartupError as err:
        fail(f"wartable serve: {err}", EXIT_DATABASE)


def own_data_dirs(values: list[str]) -> tuple[tuple[str, str], ...]:
    """The ``--data GAME=DIR`` pairs, each checked before the server starts: a known game
    with a data directory setting, a directory its data loads from (else a clear error)."""
    chosen: dict[str, str] = {}
    for value in values:
        game_id, sep, directory = value.partition("=")
        if not sep or not game_id or not directory:
            fail(f"--data {value!r}: expected GAME=DIR")
        try:
            game = get_game(game_id)
        except WartableError as err:
            fail(f"--data {value!r}: {err}")
        if game_id in chosen:
            fail(f"--data: {game_id} is given twice")
        if "data_dir" not in game.config_model.model_fields:
            fail(f"--data: {game_id} has no data directory setting")
        path = os.path.abspath(directory)
        if not os.path.isdir(path):
            fail(f"--data {value!r}: no directory {path}")
        try:  # the data loads and a game starts on it, or the server does not start
            config = load_config(game, {"data_dir": path}, allow_local_data=True)
            game.new_state(config, 0)
        except WartableError as err:
            fail(f"--data {value!r}: {err}")
        chosen[game_id] = path
    return tuple(chosen.items())


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
