"""The server's settings: one frozen record built by ``wartable serve`` (or a test)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ENV_DATABASE_URL = "WARTABLE_DATABASE_URL"
DEFAULT_DB_FILE = "wartable-server.db"


def default_database_url() -> str:
    """``WARTABLE_DATABASE_URL`` if set, else a SQLite file in the working directory."""
    url = os.environ.get(ENV_DATABASE_URL)
    if url:
        return url
    return f"sqlite:///{Path(DEFAULT_DB_FILE).resolve()}"


@dataclass(frozen=True)
class Settings:
    database_url: str
    # a human seat that has a decision pending for this long ends the match (0: never)
    seat_timeout: float = 0.0
    # largest accepted HTTP body and WebSocket message, in bytes
    max_message_bytes: int = 16_384
    # per WebSocket connection: a token bucket of ``rate_burst`` messages refilled at
    # ``rate_per_second``; the same per client address for HTTP writes (0 disables)
    rate_per_second: float = 20.0
    # a WebSocket that sends no ``{"type": "auth"}`` message within this many seconds is closed
    ws_auth_timeout: float = 5.0
    rate_burst: int = 40
    http_rate_per_second: float = 50.0
    http_rate_burst: int = 200
    # processes computing search bots' moves (random and heuristic bots run in threads)
    bot_workers: int = 1
    # pause before a bot acts, so a person can follow (seconds)
    bot_delay: float = 0.0
    # what a search bot may cost (bot_limits.py, bot_pool.py): ISMCTS iterations per decision
    # (0: the game's ``hard`` budget for its player count), the wall-time ``seconds=`` a spec
    # may ask (0: refused), and the guard after which a decision's worker is killed and
    # replaced and the bot moves at random
    bot_max_iterations: int = 0
    bot_max_seconds: float = 0.0
    bot_timeout: float = 30.0
    # at most this many matches open (not finished) at once
    max_open_matches: int = 10_000
    # at most this many of them created from one client address (0: no limit)
    max_open_per_address: int = 20
    # a match nobody took a seat of, or no person acted in, for this long ends "expired" (0: never)
    expire_open: float = 3600.0
    # an ended match leaves memory this long after its last use (reloaded on demand) ...
    ended_grace: float = 60.0
    # ... or sooner when more ended matches than this are held
    max_ended_in_memory: int = 200
    # the origin put in invite links (empty: links are relative)
    public_url: str = ""
    # serve /docs, a plain page of the routes (off: /openapi.json describes the API)
    api_docs: bool = False
    # SQLite only: "full" (a commit reaches the disk before it is acknowledged) or "normal"
    # (it survives the process being killed, not a power cut; much faster on slow disks)
    sqlite_sync: str = "full"
    # connections (docs/server.md, "Running it in public"): a request's headers and body must
    # arrive within request_timeout seconds of the connection opening or of its previous
    # response (0: no limit); open connections in all (kept below the open-files limit), per
    # client address, and WebSockets per client address (0: no cap)
    request_timeout: float = 10.0
    max_connections: int = 4096
    max_connections_per_address: int = 64
    max_websockets_per_address: int = 32
    # chat: at most chat_burst messages per chat_window seconds from each seat (0: no limit)
    chat_burst: int = 5
    chat_window: float = 10.0
    # the operator's own data, (game id, directory) pairs: every new match of that game plays
    # it (a tuned set from `wartable tune`); players can never name a path themselves
    data_dirs: tuple[tuple[str, str], ...] = ()

    def data_dir_for(self, game_id: str) -> str | None:
        return next((path for gid, path in self.data_dirs if gid == game_id), None)

    @property
    def is_postgres(self) -> bool:
        return self.database_url.startswith("postgresql")
