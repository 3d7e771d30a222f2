"""A database that refuses writes (read-only file or disk, a read-only PostgreSQL standby):
a clean 503 for the caller, one log line per cause per interval for the operator, and a
capped exponential pause for the bots instead of a retry every half second."""

from __future__ import annotations

import logging
import time

from sqlalchemy.exc import DBAPIError

from .errors import ApiError

log = logging.getLogger("wartable.server")

LOG_INTERVAL = 60.0  # seconds between two log lines of the same cause
BACKOFF_CAP = 30.0  # seconds: the longest pause of a bot between two failed stores


class DatabaseUnavailable(ApiError):
    """The database cannot take the write now; nothing was changed."""

    status = 503


_READ_ONLY_SIGNS = (
    "readonly database",  # SQLite: a read-only file, directory, mount or query_only
    "read-only transaction",  # PostgreSQL: a standby or default_transaction_read_only
    "read only transaction",
)


def _cause(err: DBAPIError) -> str:
    return " ".join(str(err.orig).split())[:200]


def unavailable(err: BaseException, last_logged: dict[str, float]) -> DatabaseUnavailable | None:
    """The 503 for a database error that says the database refuses writes, else None (and
    logs the cause once per ``LOG_INTERVAL``, without traceback; ``last_logged``: when each
    cause was last logged, kept by the caller)."""
    if not isinstance(err, DBAPIError):
        return None
    cause = _cause(err)
    sign = next((s for s in _READ_ONLY_SIGNS if s in cause.lower()), None)
    if sign is None:
        return None
    now = time.monotonic()  # keyed by the sign: PostgreSQL names each refused statement
    if now - last_logged.get(sign, -LOG_INTERVAL) >= LOG_INTERVAL:
        last_logged[sign] = now
        log.error(
            "the database is read-only (%s): writes are refused with 503 until it is writable",
            cause,
        )
    return DatabaseUnavailable(f"the database is read-only: {cause}; try again later")


def backoff(failures: int, first: float) -> float:
    """Seconds to wait after ``failures`` failed stores in a row (1, 2, ...): ``first``,
    doubled each time, at most ``BACKOFF_CAP``."""
    return float(min(BACKOFF_CAP, first * 2 ** min(max(0, failures - 1), 20)))
