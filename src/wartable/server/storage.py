"""Durable storage: matches, seats (hashed tokens) and the action log, through SQLAlchemy 2.

A match is (game, config, seed, actions): nothing else needs saving, a restarted
server rebuilds every match by replaying its log. The action log's primary key
``(match_id, idx)`` is the optimistic-concurrency guard: two writers racing for
the same index cannot both commit (``StaleVersion`` for the loser), whether they
run in one process or in several sharing one PostgreSQL database.

The schema and its versioned migrations are in ``schema.py``; ``migrate`` applies the
missing steps in order, under a lock.
Every function here is blocking; the service calls them from worker threads.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from wartable.core.errors import WartableError

from .schema import (
    MIGRATIONS,
    NOTIFY_CHANNEL,
    SCHEMA_VERSION,
    actions,
    clocks,
    matches,
    schema_version,
    seats,
    time_outs,
)


class StaleVersion(WartableError):
    """Another writer stored an action at this index first."""


class StorageError(WartableError):
    """The database is not usable (unknown schema version, bad URL)."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    agent: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    open: bool = False  # joinable by a stranger (the creator shared it as "open to anyone")
    name: str | None = None  # the name a person gave


@dataclass
class ActionRow:
    idx: int
    seat: int
    action: int
    notation: str
    at: float = 0.0  # when it was stored (wall clock; 0: not stored yet)


@dataclass
class MatchRow:
    id: str
    game: str
    config: dict[str, Any]
    seed: int
    name: str
    status: str
    reason: str | None = None
    rematch_id: str | None = None
    created_at: float = 0.0
    creator: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    clock: ClockRow | None = None
    time_outs: dict[int, str] = field(default_factory=dict)  # seat -> lost | bot


@dataclass
class ClockRow:
    """A match's clock as stored (seconds; None: that part is not used)."""

    per_move: float | None
    bank: float | None
    on_timeout: str = "lose"
    started_at: float | None = None


SQLITE_SYNC = ("full", "normal")


def _sqlite_connect_hook(sync: str) -> Callable[[Any, Any], None]:
    def connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (the "begin" hook)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        # full: a commit is on the disk before it is acknowledged; normal: it survives the
        # process being killed but not a power cut (the WAL is flushed at checkpoints)
        cur.execute(f"PRAGMA synchronous={sync.upper()}")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA foreign_keys=ON")
        # no checkpoint inside a commit (it would make that commit, and everyone queued behind
        # it, wait for the database file's flush): ``Storage.checkpoint`` runs them aside
        cur.execute("PRAGMA wal_autocheckpoint=0")
        cur.close()

    return connect


def _sqlite_begin(conn: Connection) -> None:
    # take the write lock up front: a reader upgrading to writer could otherwise deadlock
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def _create_private(url: str) -> None:
    """Create a new SQLite file readable by its owner only (0600): it holds every unfinished
    match's seed. SQLite gives the -wal and -shm files the database file's mode."""
    import os

    from sqlalchemy.engine import make_url

    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    with contextlib.suppress(FileExistsError, FileNotFoundError):  # a missing folder: opening says
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def make_engine(url: str, sqlite_sync: str = "full") -> Engine:
    if url.startswith("sqlite"):
        if sqlite_sync not in SQLITE_SYNC:
            raise StorageError(f"sqlite synchronous mode {sqlite_sync!r} (full or normal)")
        _create_private(url)
        # one connection: SQLite serialises writers anyway, and the service talks to it
        # from a single worker thread
        engine = create_engine(
            url, connect_args={"check_same_thread": False}, pool_size=1, max_overflow=0
        )
        event.listen(engine, "connect", _sqlite_connect_hook(sqlite_sync))
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if url.startswith("postgresql"):
        return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    raise StorageError(f"unsupported database URL {url.split(':', 1)[0]!r} (sqlite or postgresql)")


class Storage:
    def __init__(self, url: str, instance: str = "", sqlite_sync: str = "full") -> None:
        self.url = url
        self.instance = instance
        self.engine = make_engine(url, sqlite_sync)
        self.is_postgres = url.startswith("postgresql")

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    def transaction(self) -> contextlib.AbstractContextManager[Connection]:
        """One transaction (for the chat and clock modules' own queries)."""
        return self._tx()

    def notify(self, conn: Connection, match_id: str) -> None:
        self._notify(conn, match_id)

    # ----- schema --------------------------------------------------------
    def migrate(self) -> int:
        """Bring the schema to ``SCHEMA_VERSION``; returns the version found before."""
        with self._tx() as conn:
            if self.is_postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(7301)"))
            schema_version.create(conn, checkfirst=True)
            found = conn.execute(select(schema_version.c.version)).scalar()
            start = int(found or 0)
            if start > SCHEMA_VERSION:
                raise StorageError(
                    f"database schema version {start} is newer than this server's {SCHEMA_VERSION}"
                )
            for step in MIGRATIONS[start:]:
                step(conn)
            if found is None:
                conn.execute(insert(schema_version).values(version=SCHEMA_VERSION))
            elif start != SCHEMA_VERSION:
                conn.execute(update(schema_version).values(version=SCHEMA_VERSION))
        return start

    def close(self) -> None:
        self.engine.dispose()

    def checkpoint(self) -> tuple[int, int]:
        """SQLite: copy the write-ahead log into the database file, on a connection of its own
        (writers go on meanwhile); called every few seconds from a background thread.
        Returns (frames in the log, frames copied)."""
        if self.engine.dialect.name != "sqlite":
            return (0, 0)
        import sqlite3

        path = self.engine.url.database
        if not path or path == ":memory:":
            return (0, 0)
        conn = sqlite3.connect(path, timeout=10)
        try:
            _busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        finally:
            conn.close()
        return int(frames), int(copied)

    # ----- writes --------------------------------------------------------
    def _notify(self, conn: Connection, match_id: str) -> None:
        if self.is_postgres:  # delivered to every listening server process on commit
            payload = f"{match_id} {self.instance}"
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": NOTIFY_CHANNEL, "p": payload})

    def create_match(self, row: MatchRow) -> None:
        with self._tx() as conn:
            conn.execute(
                insert(matches).values(
                    id=row.id,
                    game=row.game,
                    config=json.dumps(row.config, sort_keys=True),
                    seed=row.seed,
                    name=row.name,
                    status=row.status,
                    reason=row.reason,
                    created_at=row.created_at or time.time(),
                    creator=row.creator,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "match_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "agent": s.agent,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                        "is_open": s.open,
                        "name": s.name,
                    }
                    for s in row.seats
                ],
            )
            if row.clock is not None:
                c = row.clock
                conn.execute(
                    insert(clocks).values(
                        match_id=row.id, per_move=c.per_move, bank=c.bank, on_timeout=c.on_timeout
                    )
                )
            self._notify(conn, row.id)

    def append_actions(self, batch: list[tuple[str, ActionRow, str | None]]) -> list[bool]:
        """Store several matches' next actions in one transaction (one disk flush: a group
        commit); each in its own savepoint, so an index already taken refuses that action
        alone. Returns, per entry, whether it was stored (False: stale)."""
        stored: list[bool] = []
        with self._tx() as conn:
            for match_id, act, status in batch:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(actions).values(
                                match_id=match_id,
                                idx=act.idx,
                                seat=act.seat,
                                action=act.action,
                                notation=act.notation,
                                # the service sets it (the clock charges the same figure)
                                created_at=act.at or time.time(),
                            )
                        )
                        if status is not None:
                            conn.execute(
                                update(matches)
                                .where(matches.c.id == match_id)
                                .values(status=status)
                            )
                        self._notify(conn, match_id)
                    stored.append(True)
                except IntegrityError:
                    stored.append(False)
        return stored

    def append_action(self, match_id: str, act: ActionRow, status: str | None = None) -> None:
        """Store action ``act.idx`` (and the new status, if the game ended) in one transaction.

        Raises ``StaleVersion`` if that index is already taken."""
        if not self.append_actions([(match_id, act, status)])[0]:
            raise StaleVersion(f"action {act.idx} of match {match_id} is already stored")

    def end_match(self, match_id: str, status: str, reason: str) -> bool:
        """Mark a match ended outside the rules (a timeout); False if it had ended already."""
        with self._tx() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "playing")
                .values(status=status, reason=reason)
            ).rowcount
            self._notify(conn, match_id)
        return bool(done)

    def set_seat_token(self, match_id: str, seat: int, token_hash: str, claimed: bool) -> None:
        with self._tx() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == seat)
                .values(token_hash=token_hash, claimed=claimed)
            )
            self._notify(conn, match_id)

    def claim_free_seat(
        self, match_id: str, seat: int, token_hash: str, name: str | None = None
    ) -> bool:
        """Give an unclaimed open seat a new token, atomically; False if it was taken (or is
        reserved for its invite link)."""
        with self._tx() as conn:
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.match_id == match_id,
                    seats.c.seat == seat,
                    seats.c.kind == "human",
                    seats.c.is_open.is_(True),
                    seats.c.claimed.is_(False),
                )
                .values(token_hash=token_hash, claimed=True, name=name)
            ).rowcount
            self._notify(conn, match_id)
        return bool(done)

    def mark_claimed(self, match_id: str, seat: int) -> None:
        with self._tx() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == seat)
                .values(claimed=True)
            )
            self._notify(conn, match_id)

    def set_rematch(self, match_id: str, rematch_id: str) -> bool:
        """Record the rematch of a match once; False if another one was recorded first."""
        with self._tx() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.rematch_id.is_(None))
                .values(rematch_id=rematch_id)
            ).rowcount
            self._notify(conn, match_id)
        return bool(done)

    # ----- reads ---------------------------------------------------------
    def load_match(self, match_id: str, from_idx: int = 0) -> MatchRow | None:
        """The match with its seats and the actions from index ``from_idx`` on."""
        with self.engine.connect() as conn:
            m = conn.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
            if m is None:
                return None
            row = MatchRow(
                id=m["id"],
                game=m["game"],
                config=json.loads(m["config"]),
                seed=int(m["seed"]),
                name=m["name"],
                status=m["status"],
                reason=m["reason"],
                rematch_id=m["rematch_id"],
                created_at=float(m["created_at"]),
                creator=m["creator"],
            )
            row.seats.extend(self._seats(conn, [match_id]).get(match_id, []))
            c = conn.execute(select(clocks).where(clocks.c.match_id == match_id)).mappings().first()
            if c is not None:
                row.clock = ClockRow(c["per_move"], c["bank"], c["on_timeout"], c["started_at"])
            for seat, mode in conn.execute(
                select(time_outs.c.seat, time_outs.c.mode).where(time_outs.c.match_id == match_id)
            ):
                row.time_outs[int(seat)] = str(mode)
            for a in conn.execute(
                select(
                    actions.c.idx,
                    actions.c.seat,
                    actions.c.action,
                    actions.c.notation,
                    actions.c.created_at,
                )
                .where(actions.c.match_id == match_id, actions.c.idx >= from_idx)
                .order_by(actions.c.idx)
            ):
                row.actions.append(
                    ActionRow(int(a[0]), int(a[1]), int(a[2]), str(a[3]), float(a[4]))
                )
            conn.rollback()
        return row

    def match_ids(self, statuses: tuple[str, ...] = ("playing",)) -> list[str]:
        with self.engine.connect() as conn:
            ids = conn.execute(
                select(matches.c.id)
                .where(matches.c.status.in_(statuses))
                .order_by(matches.c.created_at)
            ).scalars()
            return [str(i) for i in ids]

    @staticmethod
    def _seats(conn: Connection, match_ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {}
        for s in conn.execute(
            select(seats).where(seats.c.match_id.in_(match_ids)).order_by(seats.c.seat)
        ).mappings():
            out.setdefault(s["match_id"], []).append(
                SeatRow(
                    s["seat"],
                    s["kind"],
                    s["agent"],
                    s["token_hash"],
                    bool(s["claimed"]),
                    bool(s["is_open"]),
                    s["name"],
                )
            )
        return out

    def count_playing_by(self, creator: str) -> int:
        """How many matches created from this address are still playing."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(func.count())
                .select_from(matches)
                .where(matches.c.creator == creator, matches.c.status == "playing")
            ).scalar()
        return int(found or 0)

    def lobby_page(
        self, state: str, game: str | None, offset: int, limit: int
    ) -> list[tuple[MatchRow, int]]:
        """One page of the lobby, newest first, each match with its version (actions stored).

        ``state``: ``open`` (playing, a seat open to strangers nobody has taken), ``running``
        (playing, nothing to join) or ``finished`` (ended, however)."""
        joinable = select(seats.c.match_id).where(
            seats.c.kind == "human", seats.c.is_open.is_(True), seats.c.claimed.is_(False)
        )
        query = select(matches)
        if state == "open":
            query = query.where(matches.c.status == "playing", matches.c.id.in_(joinable))
        elif state == "running":
            query = query.where(matches.c.status == "playing", matches.c.id.not_in(joinable))
        elif state == "finished":
            query = query.where(matches.c.status != "playing")
        else:
            raise StorageError(f"unknown lobby state {state!r}")
        if game is not None:
            query = query.where(matches.c.game == game)
        query = query.order_by(matches.c.created_at.desc(), matches.c.id).offset(offset)
        with self.engine.connect() as conn:
            found = list(conn.execute(query.limit(limit)).mappings())
            ids = [str(m["id"]) for m in found]
            by_match = self._seats(conn, ids)
            versions = dict(
                conn.execute(
                    select(actions.c.match_id, func.max(actions.c.idx) + 1)
                    .where(actions.c.match_id.in_(ids))
                    .group_by(actions.c.match_id)
                ).all()
            )
        page = []
        for m in found:
            row = MatchRow(
                id=m["id"],
                game=m["game"],
                config={},
                seed=0,
                name=m["name"],
                status=m["status"],
                reason=m["reason"],
                rematch_id=m["rematch_id"],
                created_at=float(m["created_at"]),
                seats=by_match.get(m["id"], []),
            )
            page.append((row, int(versions.get(m["id"]) or 0)))
        return page
