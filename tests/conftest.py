"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from tests.pg_cluster import start_cluster

# The suite tests the source as written: the pure-Python engine, also when a compiled tree
# matches it (src/wartable/_fast.py). tests/test_compiled_engine.py checks that the compiled
# engine plays the same games; WARTABLE_ENGINE=auto runs the whole suite on it instead.
os.environ.setdefault("WARTABLE_ENGINE", "python")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A SQLAlchemy URL of a real PostgreSQL: ``WARTABLE_TEST_POSTGRES_URL`` if set, else a
    throw-away cluster started for this test process and removed at its end."""
    given = os.environ.get("WARTABLE_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    cluster = start_cluster()
    try:
        yield cluster.url
    finally:
        cluster.stop()
