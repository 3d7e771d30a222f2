"""A self-describing simulation log (``wartable simulate --out FILE``).

The first line is a header naming everything a game of the run depends on: the game, its
full config, the agent specs, the master seed (game ``i`` plays seed ``seed + i``, its
agents draw from ``derive_seed(seed, "agents", i)``), the seat rotation (``mirror``), the
decision cap, and the wartable version and source commit that played it. Every later line is
one game (``GameRecord.to_json``). :func:`replay_game` plays game ``i`` of a log again from
the header alone, which is how anyone checks a figure read from a log.
"""

from __future__ import annotations

import json
import subprocess
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from wartable.core.errors import ConfigError

from .jobs import SimJob, play_one
from .records import GameRecord
from .results import SimResult

LOG_FORMAT = "wartable-sim-log/1"


def installed_version() -> str:
    """The installed wartable's version (the package metadata: sim may not import the root)."""
    try:
        return version("wartable")
    except PackageNotFoundError:
        return "unknown"


@lru_cache(maxsize=1)
def source_commit() -> str | None:
    """The git commit of the source tree that is running (None outside a git checkout)."""
    here = Path(__file__).resolve().parent
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and commit else None


def source_dirty() -> bool | None:
    """Whether tracked files differ from the commit (the commit then does not say it all)."""
    here = Path(__file__).resolve().parent
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
            cwd=here.parent,
            capture_output=True,
            text=True,
            timeout=20,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return bool(done.stdout.strip()) if done.returncode == 0 else None


def log_header(job: SimJob, games: int) -> dict[str, Any]:
    """The header line of a run of ``games`` games of ``job``."""
    return {
        "format": LOG_FORMAT,
        "game": job.game,
        "config": job.config,
        "agents": list(job.agents),
        "seed": job.seed,
        "seats": job.seats,
        "mirror": job.mirror,
        "max_decisions": job.max_decisions,
        "games": games,
        "wartable_version": installed_version(),
        "commit": source_commit(),
        "dirty": source_dirty(),
    }


def write_log(path: Path, result: SimResult) -> None:
    """The header, then one JSON object per game in game order."""
    with path.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps(log_header(result.job, len(result.records)), sort_keys=True) + "\n")
        for r in result.records:
            fh.write(json.dumps(r.to_json(), sort_keys=True) + "\n")


def read_log(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A log's header and its game lines; a file that is not such a log is a ConfigError."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{path}: cannot read the log ({err})") from None
    try:
        rows = [json.loads(line) for line in lines if line.strip()]
    except json.JSONDecodeError as err:
        raise ConfigError(f"{path}: line {err.lineno} is not JSON") from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("format") != LOG_FORMAT:
        raise ConfigError(
            f"{path}: no {LOG_FORMAT} header on the first line (written by an older "
            "`wartable simulate --out`? such a log names no config and cannot be re-played)"
        )
    return rows[0], rows[1:]


def job_of(header: dict[str, Any]) -> SimJob:
    """The job a header describes (the run's exact config, agents and seeds)."""
    try:
        return SimJob(
            game=str(header["game"]),
            config=dict(header["config"]),
            seed=int(header["seed"]),
            agents=tuple(str(a) for a in header["agents"]),
            seats=int(header["seats"]),
            max_decisions=int(header["max_decisions"]),
            mirror=bool(header["mirror"]),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise ConfigError(f"the log header lacks or garbles {err}") from None


def replay_game(path: Path, index: int) -> tuple[GameRecord, dict[str, Any]]:
    """Play game ``index`` of the log at ``path`` again; returns the new record and the
    logged line, for the caller to compare."""
    header, games = read_log(path)
    logged = [g for g in games if g.get("index") == index]
    if not logged:
        raise ConfigError(f"{path}: no game with index {index} (0..{len(games) - 1})")
    return play_one(job_of(header), index), logged[0]


def same_game(record: GameRecord, logged: dict[str, Any]) -> list[str]:
    """The fields of the logged game the re-play does not reproduce (empty: the same)."""
    fresh = record.to_json()
    return [
        k
        for k in ("seed", "seat_agents", "winners", "scores", "reason", "length")
        if fresh[k] != logged.get(k)
    ]
