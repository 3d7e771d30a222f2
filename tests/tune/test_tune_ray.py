"""Trials on Ray give the local backend's results bit for bit (a real local Ray instance)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tune_support import request, trial_results

from wartable.sim.ray_backend import ray_session
from wartable.tune.run import tune

pytestmark = pytest.mark.xdist_group("ray")  # one Ray instance at a time


@pytest.fixture(scope="module")
def ray_module() -> Iterator[Any]:
    with ray_session(None, num_cpus=2) as ray:
        yield ray


def test_ray_trials_equal_local_trials(ray_module: Any, tmp_path: Path) -> None:
    small = {"trials": 4, "games": 12, "first_batch": 4, "targets": ["pairing=0.45..0.55"]}
    local = tune(request(tmp_path / "local", **small))
    on_ray = tune(request(tmp_path / "ray", backend="ray", workers=2, **small))
    assert on_ray["backend"] == "ray" and local["backend"] == "local"
    assert trial_results(on_ray) == trial_results(local)
    assert len(local["trials"]) == 4  # the band is too narrow to be met: every trial ran
    assert len({str(t["values"]) for t in local["trials"]}) > 1  # trials changed the data
