"""The throw-away PostgreSQL cluster the server tests run against (tests/pg_cluster.py)."""

from __future__ import annotations

import sqlalchemy as sa
from tests.pg_cluster import start_cluster


def test_session_cluster_answers_queries(postgres_url: str) -> None:
    engine = sa.create_engine(postgres_url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("select 1 + 1")).scalar() == 2
    engine.dispose()


def test_a_cluster_is_removed_when_stopped() -> None:
    cluster = start_cluster()
    assert (cluster.directory / "data" / "PG_VERSION").exists()
    cluster.stop()
    assert not cluster.directory.exists()
