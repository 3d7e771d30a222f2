"""Simulation-lab throughput: games/s with 1 and 2 local workers and on a local Ray.

The workload is Draconia, heuristic against random (seats rotated), sized to
about ``seconds`` at one worker. Ray's start-up (several seconds) is timed
separately and not counted in its games/s. Printed, never asserted: the
machine is shared, so the figures are noisy.
"""

from __future__ import annotations

import os
import resource
import time
from typing import Any

from wartable.sim import prepare_job, run_job
from wartable.sim.ray_backend import ray_session

GAME = "draconia"
AGENTS = ["heuristic", "random"]


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the pool workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _rate(job: Any, games: int, workers: int, backend: str = "local") -> dict[str, float]:
    cpu = _cpu()
    result = run_job(job, games, workers, backend=backend)
    out = {
        "games": games,
        "seconds": round(result.seconds, 3),
        "games_per_second": round(games / result.seconds, 1),
    }
    if backend == "local":
        # the cores we actually got: below `workers` when others use the machine
        out["cores_used"] = round((_cpu() - cpu) / result.seconds, 2)
    return out


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
    # games per CPU-second at 2 workers relative to 1: the runner's own overhead
    # (1.0 = none), independent of how many cores the other users left us
    per_cpu = [
        out[k]["games_per_second"] / max(out[k]["cores_used"], 1e-9) for k in ("local_1", "local_2")
    ]
    out["cpu_efficiency_2_vs_1"] = round(per_cpu[1] / per_cpu[0], 2)
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
