"""The web table's database schema: its tables and the versioned migrations.

``MIGRATIONS[i]`` takes the database from version ``i`` to ``i + 1``; ``Storage.migrate``
(``storage.py``) applies the missing steps in order, under a lock. A step is never edited
once shipped: a change of schema is a new step.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    inspect,
    text,
)

NOTIFY_CHANNEL = "wartable"

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("name", String(120), nullable=False, default=""),
    Column("status", String(16), nullable=False),  # playing | finished | timed_out | expired
    Column("reason", Text, nullable=True),  # why a match ended outside the rules
    Column("rematch_id", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    # v2: the client address that created it (the per-address cap on open matches)
    Column("creator", String(64), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("agent", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    # v2: a stranger may join it from the lobby (else only its token's holder takes it)
    Column("is_open", Boolean, nullable=False, default=False),
    # v3: the display name a person gave (None: "Player N")
    Column("name", String(40), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)


# v3: chat messages, a match's clock, and the seats that ran out of time
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("matches.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

clocks = Table(
    "clocks",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("per_move", Float, nullable=True),
    Column("bank", Float, nullable=True),
    Column("on_timeout", String(8), nullable=False),
    # when every person's seat was taken: the first decision's time counts from here
    Column("started_at", Float, nullable=True),
)

time_outs = Table(
    "time_outs",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("mode", String(8), nullable=False),  # lost | bot (a bot plays the seat from then on)
    Column("created_at", Float, nullable=False),
)


def _v1(conn: Connection) -> None:
    metadata.create_all(conn, tables=[matches, seats, actions])


# _v1 creates the tables as declared above, v2's columns included: each ALTER below runs
# only on a database created before them
V2_COLUMNS = (
    ("matches", "creator", "VARCHAR(64)"),
    ("seats", "is_open", "BOOLEAN NOT NULL DEFAULT FALSE"),
)


def _v2(conn: Connection) -> None:
    """Seats open to strangers and each match's creating address; the lobby's indexes."""
    found = inspect(conn)
    for table, column, ddl in V2_COLUMNS:
        if column not in {c["name"] for c in found.get_columns(table)}:
            conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {ddl}"))
    conn.execute(
        text("CREATE INDEX IF NOT EXISTS matches_status_created ON matches (status, created_at)")
    )
    conn.execute(
        text("CREATE INDEX IF NOT EXISTS matches_creator_status ON matches (creator, status)")
    )


def _v3(conn: Connection) -> None:
    """Seat names; chat messages, clocks and time-outs (tables of their own)."""
    if "name" not in {c["name"] for c in inspect(conn).get_columns("seats")}:
        conn.execute(text("ALTER TABLE seats ADD COLUMN name VARCHAR(40)"))
    metadata.create_all(conn, tables=[chat, clocks, time_outs])


MIGRATIONS: list[Callable[[Connection], None]] = [_v1, _v2, _v3]
SCHEMA_VERSION = len(MIGRATIONS)
