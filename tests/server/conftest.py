"""Fixtures of the web table tests: the same tests run on SQLite and on a real PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.server.support import fresh_postgres_database

from wartable.server.app import create_app
from wartable.server.settings import Settings


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: a SQLite file, or a new database on the test PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'table.db'}"
    return fresh_postgres_database(request.getfixturevalue("postgres_url"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'table.db'}"


def make_client(url: str, **settings: object) -> TestClient:
    return TestClient(create_app(Settings(database_url=url, **settings)))  # type: ignore[arg-type]


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app in this process (real database, real engine), with its lifespan running."""
    with make_client(db_url, http_rate_per_second=0, rate_per_second=0) as c:
        yield c
