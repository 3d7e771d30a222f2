"""A tuning run killed mid-way (SIGKILL) resumes from the lab's database to the same end."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tune_support import PAIRING_ARGS, request, trial_results, write_params

from wartable.tune.run import tune

TRIALS = 4


def _ended_trials(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db) as conn:
            row = conn.execute(
                "SELECT count(*) FROM trials WHERE state IN ('COMPLETE', 'PRUNED')"
            ).fetchone()
    except sqlite3.OperationalError:  # the tables are not there yet
        return 0
    return int(row[0])


def _command(tmp: Path, params: Path) -> list[str]:
    return [
        sys.executable, "-m", "wartable.cli.main", "tune", "draconia",
        "--target", "pairing=0.45..0.55", "--params", str(params), "--trials", str(TRIALS),
        "-n", "40", "--first-batch", "12", "--sigma", "0.5", "--db", f"sqlite:///{tmp / 'tune.db'}",
        "--out", str(tmp / "tuned"), *PAIRING_ARGS,
    ]  # fmt: skip


def test_a_killed_run_resumes_to_the_same_result(tmp_path: Path) -> None:
    params = write_params(tmp_path)
    db = tmp_path / "tune.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        _command(tmp_path, params), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 240
        while _ended_trials(db) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    killed_at = _ended_trials(db)
    assert 2 <= killed_at < TRIALS
    assert not (tmp_path / "tuned").exists()  # the killed run wrote no output

    resumed = subprocess.run(
        _command(tmp_path, params), env=env, capture_output=True, text=True, timeout=240
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"{killed_at} trials already ran" in resumed.stderr
    import json

    after = json.loads((tmp_path / "tuned" / "tune.json").read_text("utf-8"))

    unbroken = tune(
        request(
            tmp_path / "unbroken",
            targets=["pairing=0.45..0.55"],
            trials=TRIALS,
            games=40,
            first_batch=12,
        )
    )
    assert len(after["trials"]) == TRIALS
    assert trial_results(after) == trial_results(unbroken)
    assert after["best_values"] == unbroken["best_values"]


def test_a_trial_killed_inside_its_ask_is_drawn_again_as_the_unbroken_run_drew_it(
    tmp_path: Path,
) -> None:
    """A kill between Optuna creating a trial and storing its values leaves a running trial
    with no values: the resumed run draws them as the unbroken run did (it failed with a
    KeyError on such a trial)."""
    import optuna

    def small(where: str, trials: int) -> Any:
        return request(
            tmp_path / where,
            targets=["pairing=0.45..0.55"],
            trials=trials,
            games=40,
            first_batch=12,
        )

    tune(small("cut", 2))
    url = f"sqlite:///{tmp_path / 'cut' / 'tune.db'}"
    (name,) = optuna.get_all_study_names(url)
    study = optuna.load_study(study_name=name, storage=url)
    study._storage.create_new_trial(study._study_id)  # what the kill left: no values yet
    resumed = tune(small("cut", TRIALS))
    unbroken = tune(small("unbroken", TRIALS))
    assert len(resumed["trials"]) == TRIALS
    assert trial_results(resumed) == trial_results(unbroken)
