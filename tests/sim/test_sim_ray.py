"""The Ray backend: a real local Ray instance gives exactly the local backend's results.

Ray starts once for the module (it takes seconds) and is shut down at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sim_support import run, simulate_json, sqlite_url

from wartable.sim import run_games
from wartable.sim.ray_backend import ray_session
from wartable.sim.storage import ResultStore

pytestmark = pytest.mark.xdist_group("ray")  # one Ray instance at a time


@pytest.fixture(scope="module")
def ray_module() -> Iterator[Any]:
    with ray_session(None, num_cpus=2) as ray:
        assert ray.is_initialized()
        yield ray
    assert not ray.is_initialized()


def _records(result: Any) -> list[dict[str, Any]]:
    return [r.to_json() for r in result.records]


def test_ray_equals_local(ray_module: Any) -> None:
    args: dict[str, Any] = {"agents": ["heuristic", "random"], "seed": 77}
    local = run_games("draconia", 10, **args)
    on_ray = run_games("draconia", 10, **args, backend="ray", workers=2, chunk_size=3)
    assert on_ray.workers == 2
    assert _records(on_ray) == _records(local)
    assert ray_module.is_initialized()  # the module's session is reused, not shut down


def test_ray_mirror_and_other_game(ray_module: Any) -> None:
    local = run_games("weapons", 6, None, seed=3, config={"players": 3}, mirror=True)
    on_ray = run_games(
        "weapons", 6, None, seed=3, config={"players": 3}, mirror=True, backend="ray", chunk_size=2
    )
    assert _records(on_ray) == _records(local)


def test_cli_ray_backend_stores_the_same_games(ray_module: Any, tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "ray.db")
    base = ["skirm", "-n", "6", "--seed", "12", "--db", url]
    on_ray = simulate_json(*base, "--backend", "ray", "--label", "ray")
    local = simulate_json(*base, "--label", "local")
    timing = (
        "seconds",
        "games_per_second",
        "decisions_per_second",
        "workers",
        "run_id",
        "label",
        "already_stored",
    )
    assert {k: v for k, v in on_ray.items() if k not in timing} == {
        k: v for k, v in local.items() if k not in timing
    }
    store = ResultStore(url, create=False)
    rows = {lab: store.games(labels=[lab]) for lab in ("ray", "local")}
    assert [r.metrics for r in rows["ray"]] == [r.metrics for r in rows["local"]]
    assert store.runs()[0]["backend"] == "ray"
    store.close()
    table = run("simulate", "skirm", "-n", "4", "--backend", "ray", "--no-store")
    assert table.exit_code == 0, table.stderr
    assert "4/4" in table.stderr  # the progress bar also runs over Ray tasks
    assert json.dumps(on_ray)  # plain JSON
