"""wartable.sim: the simulation lab (thin, game-independent).

``run_games(game, games, agents, seed, config, workers, mirror, backend)``
plays many games with reproducible seeds and rotated seats (on local worker
processes or Ray tasks) and returns a :class:`SimResult`;
``SimResult.summary(by=...)`` aggregates wins per seat and per agent with
Wilson 95% intervals, draws, lengths and speed. ``storage.ResultStore``
keeps one row per game in a SQL database and ``report.build_report`` turns
stored games into an HTML page (both need the ``sim`` extra). See ``runner``
for the reproducibility contract every backend keeps, and docs/simulation.md.
"""

from .jobs import SimJob, play_one, prepare_job, run_chunk
from .records import GameRecord
from .results import SimResult, group_by_metric
from .runner import run_games, run_job
from .stats import Tally, wilson_interval

__all__ = [
    "GameRecord",
    "SimJob",
    "SimResult",
    "Tally",
    "group_by_metric",
    "play_one",
    "prepare_job",
    "run_chunk",
    "run_games",
    "run_job",
    "wilson_interval",
]
