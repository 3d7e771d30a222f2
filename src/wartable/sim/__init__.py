"""wartable.sim: the simulation lab (thin, game-independent).

``run_games(game, games, agents, seed, config, workers)`` plays many games with
reproducible seeds and rotated seats and returns a :class:`SimResult`;
``SimResult.summary(by=...)`` aggregates wins per seat and per agent with
Wilson 95% intervals, draws, lengths and speed. See ``runner`` for the
reproducibility contract a new backend must keep.
"""

from .results import GameRecord, SimResult, group_by_metric
from .runner import SimJob, play_one, prepare_job, run_chunk, run_games, run_job
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
