"""Start-up checks of ``wartable serve``: one line naming the cause and what to do.

The database is opened (and its schema brought up to date) before uvicorn
starts, so a corrupt file or an unreachable PostgreSQL ends the command with
``StartupError`` instead of two chained tracebacks from inside the lifespan.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from wartable.core.errors import WartableError

from .settings import Settings
from .storage import Storage, StorageError

EXIT_DATABASE = 3  # documented in docs/server.md ("Running it in public")


class StartupError(WartableError):
    """The server cannot start; the message names the cause and the remedy."""


def check_database(settings: Settings) -> None:
    """Open the database and migrate it; ``StartupError`` with one clear line if it fails."""
    url = settings.database_url
    try:
        _check_sqlite_path(url)
        storage = Storage(url, sqlite_sync=settings.sqlite_sync)
        try:
            storage.migrate()
            storage.match_ids(("playing", "finished"))  # reads past a truncated file's header
        finally:
            storage.close()
    except StartupError:
        raise
    except StorageError as err:
        raise StartupError(f"{err}: fix --db or the database") from None
    except (SQLAlchemyError, OSError) as err:
        raise StartupError(explain(err, url)) from None


def _check_sqlite_path(url: str) -> None:
    if not url.startswith("sqlite"):
        return
    database = make_url(url).database
    if not database or database == ":memory:":
        return
    folder = Path(database).parent
    if not folder.is_dir():
        raise StartupError(
            f"the directory {folder} of the database file does not exist: "
            "create it, or give another --db"
        )


def _cause(err: BaseException) -> str:
    orig = err.orig if isinstance(err, DBAPIError) else err
    return " ".join(str(orig).split())


def explain(err: BaseException, url: str) -> str:
    """One line: what is wrong with the database and what the operator can do."""
    cause = _cause(err)
    low = cause.lower()
    if url.startswith("sqlite"):
        where = make_url(url).database or url
        if "not a database" in low or "malformed" in low or "corrupt" in low:
            return (
                f"the database file {where} is not a SQLite database (corrupt, truncated or "
                "another file): restore it from a backup or move it away"
            )
        if "readonly" in low or "read-only" in low:
            return (
                f"the database file {where} is read-only ({cause}): "
                "make it and its directory writable"
            )
        if "unable to open" in low:
            return (
                f"the database file {where} cannot be opened ({cause}): check that its "
                "directory exists and is writable"
            )
        return f"the database file {where} cannot be used ({cause})"
    safe = make_url(url)
    server = f"{safe.host or 'localhost'}:{safe.port or 5432}"
    if "password authentication failed" in low or "no password supplied" in low:
        return (
            f"PostgreSQL at {server} refused user {safe.username!r}: wrong password; "
            "fix the password in --db"
        )
    if "role" in low and "does not exist" in low:
        return f"PostgreSQL at {server} has no user {safe.username!r}: create it or fix --db"
    if "database" in low and "does not exist" in low:
        return (
            f"PostgreSQL at {server} has no database {safe.database!r}: "
            f"create it (createdb {safe.database}) or fix --db"
        )
    if "connection refused" in low or "could not connect" in low or "timeout" in low:
        return (
            f"cannot reach PostgreSQL at {server} ({_short(cause)}): "
            "start it, or fix the host and port in --db"
        )
    if "connection" in low and ("failed" in low or "translate host" in low):
        return (
            f"cannot reach PostgreSQL at {server} ({_short(cause)}): "
            "start it, or fix the host and port in --db"
        )
    return f"the database at {server} cannot be used ({_short(cause)})"


def _short(cause: str, limit: int = 120) -> str:
    return cause if len(cause) <= limit else cause[: limit - 3] + "..."


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the table on this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def public_bind_warning(host: str) -> str | None:
    """The warning printed when the table listens beyond this machine, else None."""
    if is_loopback(host):
        return None
    return (
        f"warning: listening on {host}: the table is open to the network over plain HTTP "
        "(tokens and moves travel unencrypted); put a reverse proxy with TLS in front "
        "(docs/server.md, 'Behind a reverse proxy with TLS') and bind 127.0.0.1"
    )
