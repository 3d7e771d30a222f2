"""Simulation-lab throughput: games/s with 1 and 2 local workers and on a local Ray.

The workload is Draconia, heuristic against random (seats rotated), sized to
about ``seconds`` at one worker. Ray's start-up (several seconds) is timed
separately and not counted in its games/s. Printed, never asserted: the
machine is shared, so the figures are noisy.
"""

from __future__ import annotations

import os
import time
from typing import Any

from wartable.sim import prepare_job, run_job
from wartable.sim.ray_backend import ray_session

GAME = "draconia"
AGENTS = ["heuristic", "random"]


def _rate(job: Any, games: int, workers: int, backend: str = "local") -> dict[str, float]:
    result = run_job(job, games, workers, backend=backend)
    return {
        "games": games,
        "seconds": round(result.seconds, 3),
        "games_per_second": round(games / result.seconds, 1),
    }


def run(seconds: float = 3.0) -> dict[str, Any]:
    job = prepare_job(GAME, AGENTS, seed=500)
    started = time.perf_counter()
    probe = run_job(job, 10, 1)
    per_game = max(probe.seconds / 10, 1e-4)
    games = max(40, int(seconds / per_game) // 2 * 2)
    out: dict[str, Any] = {
        "workload": f"{GAME} {' vs '.join(AGENTS)}, {games} games",
        "cpus": os.cpu_count(),
        "load_average_before": round(os.getloadavg()[0], 2),  # other users of the machine
    }
    out["local_1"] = _rate(job, games, 1)
    out["local_2"] = _rate(job, games, 2)
    out["speedup_2_vs_1"] = round(
        out["local_2"]["games_per_second"] / out["local_1"]["games_per_second"], 2
    )
    try:
        t0 = time.perf_counter()
        with ray_session(None, num_cpus=2):
            out["ray_startup_seconds"] = round(time.perf_counter() - t0, 2)
            run_job(job, 4, 2, backend="ray")  # warm the Ray workers (imports)
            out["ray_2"] = _rate(job, games, 2, backend="ray")
    except Exception as err:  # Ray missing or unable to start: report, do not fail
        out["ray_2"] = f"not measured: {err}"
    out["load_average_after"] = round(os.getloadavg()[0], 2)
    out["bench_seconds"] = round(time.perf_counter() - started, 1)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
