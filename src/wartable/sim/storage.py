"""Stored results: one row per game in a SQL database (SQLite file by default).

Two tables (schema in docs/simulation.md):

- ``runs``: one row per ``simulate`` run (or sweep cell): run id, experiment
  label, game, config, agents, seed, games, mirror, backend, workers, time;
- ``games``: one row per game: run id, label, cell, game, config, data
  (digest of the ``--data`` files, ``""`` without), seed, game index, agents
  by seat (specs), winners, draw, scores, reason, length and the game's
  metrics (JSON).

Runs are only ever appended, so later runs add to the same file and every row
says which run (and label) it came from. SQLAlchemy is an optional dependency
(the ``sim`` extra); the engine never imports this module.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartable.core.errors import ConfigError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from .results import SimResult

DEFAULT_DB = "sqlite:///results/wartable.db"
SCHEMA_VERSION = 2  # 2: games.data (older files gain the column when opened)


def import_sqlalchemy() -> Any:
    try:
        import sqlalchemy
    except ImportError:
        raise ConfigError("storing results needs SQLAlchemy: pip install 'wartable[sim]'") from None
    return sqlalchemy


def db_url(text: str | None) -> str:
    """``--db``: a SQLAlchemy URL, or a plain file path meaning a SQLite file."""
    if not text:
        return DEFAULT_DB
    return text if "://" in text else f"sqlite:///{text}"


@dataclass(frozen=True)
class StoredGame:
    """One row of ``games``, read back."""

    run_id: str
    label: str
    cell: str
    game: str
    config: dict[str, Any]
    seed: int
    index: int
    lineup: tuple[str, ...]  # the run's agent specs (agent numbers index into it)
    agents: tuple[str, ...]  # the spec playing each seat
    winners: tuple[int, ...]
    draw: bool
    scores: tuple[float, ...]
    reason: str
    length: int
    metrics: dict[str, Any]
    data: str = ""  # digest of the --data files ("" for the game's own data)

    @property
    def identity(self) -> tuple[str, str, str, tuple[str, ...], int]:
        """What decides the game: (game, config, data, agents by seat, seed).

        Two stored games with the same identity are the same game played
        twice (the engine and the agents are deterministic given the seed),
        so the report counts them once."""
        config = json.dumps(self.config, sort_keys=True, separators=(",", ":"))
        return (self.game, config, self.data, self.agents, self.seed)

    @property
    def seats(self) -> int:
        return len(self.agents)

    def seat_won(self, seat: int) -> bool:
        return not self.draw and seat in self.winners


class ResultStore:
    """A results database: ``save`` appends a run, ``games``/``runs`` read back."""

    def __init__(self, url: str | None = None, create: bool = True) -> None:
        sa = import_sqlalchemy()
        self.url = db_url(url)
        try:
            parsed = sa.engine.make_url(self.url)
        except sa.exc.ArgumentError as err:
            raise ConfigError(f"--db {self.url!r}: not a database URL ({err})") from None
        if parsed.drivername.startswith("sqlite") and parsed.database not in (None, "", ":memory:"):
            path = Path(parsed.database)
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            elif not path.is_file():
                raise ConfigError(f"--db {self.url}: no such database file")
        try:
            self.engine: Engine = sa.create_engine(self.url)
        except (sa.exc.ArgumentError, ImportError) as err:
            raise ConfigError(f"--db {self.url!r}: {err}") from None
        self.sa = sa
        self.meta = sa.MetaData()
        self.runs_t = sa.Table(
            "runs",
            self.meta,
            sa.Column("run_id", sa.String(32), primary_key=True),
            sa.Column("label", sa.String(200), nullable=False, index=True),
            sa.Column("cell", sa.String(500), nullable=False),
            sa.Column("created", sa.String(40), nullable=False),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("config", sa.JSON, nullable=False),
            sa.Column("agents", sa.JSON, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("games", sa.Integer, nullable=False),
            sa.Column("mirror", sa.Boolean, nullable=False),
            sa.Column("backend", sa.String(16), nullable=False),
            sa.Column("workers", sa.Integer, nullable=False),
            sa.Column("seconds", sa.Float, nullable=False),
            sa.Column("schema", sa.Integer, nullable=False),
        )
        self.games_t = sa.Table(
            "games",
            self.meta,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.run_id"), index=True),
            sa.Column("label", sa.String(200), nullable=False, index=True),
            sa.Column("cell", sa.String(500), nullable=False),
            sa.Column("game", sa.String(64), nullable=False, index=True),
            sa.Column("config", sa.JSON, nullable=False),
            sa.Column("data", sa.String(64), nullable=False, server_default=""),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("game_index", sa.Integer, nullable=False),
            sa.Column("lineup", sa.JSON, nullable=False),
            sa.Column("agents", sa.JSON, nullable=False),
            sa.Column("seat_agents", sa.JSON, nullable=False),
            sa.Column("winners", sa.JSON, nullable=False),
            sa.Column("draw", sa.Boolean, nullable=False),
            sa.Column("scores", sa.JSON, nullable=False),
            sa.Column("reason", sa.String(200), nullable=False),
            sa.Column("length", sa.Integer, nullable=False),
            sa.Column("metrics", sa.JSON, nullable=False),
        )
        if create:
            try:
                self.meta.create_all(self.engine)
            except sa.exc.SQLAlchemyError as err:
                raise ConfigError(f"--db {self.url}: {_first_line(err)}") from None
        try:
            self._upgrade()
        except sa.exc.SQLAlchemyError as err:
            raise ConfigError(f"--db {self.url}: {_first_line(err)}") from None

    def _upgrade(self) -> None:
        """A file written by schema 1 gains ``games.data`` (empty: the game's own data)."""
        inspector = self.sa.inspect(self.engine)
        if not inspector.has_table("games"):
            return
        columns = {c["name"] for c in inspector.get_columns("games")}
        if "data" not in columns:
            with self.engine.begin() as conn:
                conn.execute(
                    self.sa.text(
                        "ALTER TABLE games ADD COLUMN data VARCHAR(64) NOT NULL DEFAULT ''"
                    )
                )

    def close(self) -> None:
        self.engine.dispose()

    # ----- writing ---------------------------------------------------------
    def save(
        self,
        result: SimResult,
        label: str = "",
        cell: str = "",
        backend: str = "local",
        run_id: str | None = None,
        data: str = "",
    ) -> str:
        """Append ``result`` as a new run; returns its run id.

        ``data`` is the digest of the ``--data`` files (``inputs.data_digest``).
        A run without games is refused: it would add nothing but an empty run."""
        job = result.job
        if not result.records:
            raise ConfigError("an empty run (no games) is not stored")
        run_id = run_id or uuid.uuid4().hex
        run_row = {
            "run_id": run_id,
            "label": label,
            "cell": cell,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "game": job.game,
            "config": job.config,
            "agents": list(job.agents),
            "seed": job.seed,
            "games": len(result.records),
            "mirror": job.mirror,
            "backend": backend,
            "workers": result.workers,
            "seconds": float(result.seconds),
            "schema": SCHEMA_VERSION,
        }
        rows = [
            {
                "run_id": run_id,
                "label": label,
                "cell": cell,
                "game": job.game,
                "config": job.config,
                "data": data,
                "seed": r.seed,
                "game_index": r.index,
                "lineup": list(job.agents),
                "agents": [job.agents[a] for a in r.seat_agents],
                "seat_agents": list(r.seat_agents),
                "winners": list(r.winners),
                "draw": r.is_draw,
                "scores": [float(s) for s in r.scores],
                "reason": r.reason,
                "length": r.length,
                "metrics": _jsonable(r.metrics),
            }
            for r in result.records
        ]
        with self.engine.begin() as conn:
            conn.execute(self.runs_t.insert(), [run_row])
            if rows:
                conn.execute(self.games_t.insert(), rows)
        return run_id

    # ----- reading ---------------------------------------------------------
    def already_stored(self, result: SimResult, data: str = "") -> int:
        """How many games of ``result`` are stored already (same ``identity``)."""
        if not result.records:
            return 0
        t = self.games_t
        seeds = [r.seed for r in result.records]
        query = t.select().where(
            t.c.game == result.job.game, t.c.seed >= min(seeds), t.c.seed <= max(seeds)
        )
        with self.engine.connect() as conn:
            stored = {_stored(dict(row._mapping)).identity for row in conn.execute(query)}
        job = result.job
        config = json.dumps(job.config, sort_keys=True, separators=(",", ":"))
        return sum(
            (job.game, config, data, tuple(job.agents[a] for a in r.seat_agents), r.seed) in stored
            for r in result.records
        )

    def runs(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            result = conn.execute(self.runs_t.select().order_by(self.runs_t.c.created))
            return [dict(row._mapping) for row in result]

    def games(
        self,
        game: str | None = None,
        labels: Sequence[str] = (),
        run_ids: Sequence[str] = (),
        where: dict[str, Any] | None = None,
    ) -> list[StoredGame]:
        """Stored games, oldest run first, in game order; ``where`` matches config values."""
        t = self.games_t
        query = t.select().order_by(t.c.id)
        if game:
            query = query.where(t.c.game == game)
        if labels:
            query = query.where(t.c.label.in_(list(labels)))
        if run_ids:
            query = query.where(t.c.run_id.in_(list(run_ids)))
        try:
            with self.engine.connect() as conn:
                rows = [dict(row._mapping) for row in conn.execute(query)]
        except self.sa.exc.OperationalError as err:
            raise ConfigError(f"--db {self.url}: {_first_line(err)}") from None
        out = [_stored(row) for row in rows]
        if where:
            out = [g for g in out if all(_matches(g.config.get(k), v) for k, v in where.items())]
        return out


def _matches(value: Any, wanted: Any) -> bool:
    return value == wanted or str(value) == str(wanted)


def _stored(row: dict[str, Any]) -> StoredGame:
    return StoredGame(
        run_id=row["run_id"],
        label=row["label"],
        cell=row["cell"],
        game=row["game"],
        config=row["config"],
        seed=int(row["seed"]),
        index=int(row["game_index"]),
        lineup=tuple(row["lineup"]),
        agents=tuple(row["agents"]),
        winners=tuple(row["winners"]),
        draw=bool(row["draw"]),
        scores=tuple(row["scores"]),
        reason=row["reason"],
        length=int(row["length"]),
        metrics=row["metrics"],
        data=row.get("data") or "",
    )


def _jsonable(value: Any) -> Any:
    """Metrics as plain JSON (tuples become lists, odd values strings)."""
    return json.loads(json.dumps(value, default=str))


def _first_line(err: BaseException) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def save_all(store: ResultStore, items: Iterable[tuple[SimResult, str]], **kw: Any) -> list[str]:
    """Save several results (e.g. sweep cells: ``(result, cell)``); returns the run ids."""
    return [store.save(result, cell=cell, **kw) for result, cell in items]
