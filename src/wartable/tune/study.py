"""The search: Optuna over the params, each trial scored by simulated games (``evaluate``).

- Sampler: CMA-ES when every parameter is numeric (it starts from the starting data), TPE
  when some are choices. A fresh sampler seeded with ``seed + k`` draws trial ``k`` (k counts
  the trials that ended), so a resumed study draws exactly what an unbroken one would have.
- Pruner: the median pruner looks at the distance after the first batch of games and stops a
  trial that is worse than the median of the trials before it at that point.
- Trial 0 is the starting data (enqueued), the "before" of the report.
- Storage: Optuna's RDB storage on the lab's SQLAlchemy URL; the study's name is a digest of
  everything that decides the results, so running the same command again resumes it. A trial
  left running by a killed process is played again with its values (one process per study).
- Stop: when a trial's every cell has its 95% interval inside the band (``stop="interval"``,
  the default) or its estimate inside the band (``stop="estimate"``: a cheaper test, for
  many cells at few games each), or after N trials.
"""

from __future__ import annotations

import hashlib
import json
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartable.core.errors import ConfigError

from .data import variant
from .evaluate import Plan, play_batch
from .params import Param, Scalar
from .targets import Target, TrialScore, change_penalty

DEFAULT_SIGMA = 1 / 6  # CMA-ES's first step, a share of each range (Optuna's default)


def import_optuna() -> Any:
    try:
        import optuna
    except ImportError:
        raise ConfigError("wartable tune needs Optuna: pip install 'wartable[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


@dataclass
class TrialOutcome:
    number: int
    state: str  # complete | pruned
    values: dict[str, Scalar]
    objective: float
    distance: float
    change: float
    holds: bool  # every cell's 95% interval inside its band
    in_band: bool  # every cell's estimate inside its band
    games: int
    seconds: float
    cells: dict[str, Any] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def study_name(
    game: str, plan: Plan, targets: list[Target], params: list[Param], base_digest: str
) -> str:
    key = {
        "game": game,
        "agents": plan.agents,
        "seed": plan.seed,
        "config": plan.config,
        "games": plan.games,
        "first": plan.first_batch,
        "sigma": plan.sigma,
        "targets": [t.text for t in targets],
        "params": [
            (p.name, p.kind, p.low, p.high, p.choices, p.start)
            + (("swap", p.follow) if p.swap else ())
            for p in params
        ],
        "base": base_digest,
    }
    digest = hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()
    return f"tune-{game}-{digest[:12]}"


def _distribution(optuna: Any, p: Param) -> Any:
    dists = optuna.distributions
    if p.kind == "int":
        return dists.IntDistribution(int(p.low), int(p.high))
    if p.kind == "float":
        return dists.FloatDistribution(p.low, p.high)
    return dists.CategoricalDistribution(list(p.choices))


def _sampler(optuna: Any, params: list[Param], seed: int, sigma: float = DEFAULT_SIGMA) -> Any:
    if all(p.kind != "choice" for p in params):
        # x0 and sigma0 (deprecated in Optuna 4.9, still honoured): the search starts from the
        # start values with a first step of ``sigma`` of each range (CMA-ES works on the
        # ranges scaled to 0..1; Optuna's default is a sixth)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            return optuna.samplers.CmaEsSampler(
                x0={p.name: p.start for p in params},
                sigma0=sigma,
                seed=seed,
                independent_sampler=optuna.samplers.TPESampler(seed=seed),
                warn_independent_sampling=False,
            )
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=5, multivariate=True)


class Tuner:
    """One tuning study: ``run`` until the targets hold or ``trials`` trials have ended."""

    def __init__(
        self,
        plan: Plan,
        targets: list[Target],
        params: list[Param],
        base: Path,
        workdir: Path,
        storage_url: str,
        name: str,
        stop: str = "interval",
    ) -> None:
        self.optuna = import_optuna()
        self.plan, self.targets, self.params = plan, targets, params
        self.base, self.workdir = base, workdir
        self.name = name
        if stop not in ("interval", "estimate"):
            raise ConfigError(f"--stop must be interval or estimate, not {stop!r}")
        self.stop = stop
        self.storage = self.optuna.storages.RDBStorage(storage_url)
        self.study = self.optuna.create_study(
            study_name=name,
            storage=self.storage,
            direction="minimize",
            load_if_exists=True,
            pruner=self.optuna.pruners.MedianPruner(n_startup_trials=4, n_warmup_steps=0),
        )
        if not self.study.trials:  # a new study: the starting data first
            self.study.enqueue_trial({p.name: p.start for p in params})
        self.distributions = {p.name: _distribution(self.optuna, p) for p in params}

    def _left_running(self) -> list[Any]:
        """Trials a killed process left running: they are played again, keeping their number
        and values (a new trial's draw depends on the numbers before it)."""
        state = self.optuna.trial.TrialState
        return list(self.study.get_trials(deepcopy=False, states=(state.RUNNING,)))

    def outcomes(self) -> list[TrialOutcome]:
        state = self.optuna.trial.TrialState
        out: list[TrialOutcome] = []
        for t in self.study.get_trials(deepcopy=False, states=(state.COMPLETE, state.PRUNED)):
            a = t.user_attrs
            out.append(
                TrialOutcome(
                    number=len(out),
                    state="complete" if t.state == state.COMPLETE else "pruned",
                    values=dict(t.params),
                    objective=float(a["objective"]),
                    distance=float(a["distance"]),
                    change=float(a["change"]),
                    holds=bool(a["holds"]),
                    in_band=bool(a["in_band"]),
                    games=int(a["games"]),
                    seconds=float(a["seconds"]),
                    cells=a["cells"],
                )
            )
        return out

    def met(self, outcome: TrialOutcome) -> bool:
        """The stop rule: every target holds (by interval or by estimate)."""
        return outcome.holds if self.stop == "interval" else outcome.in_band

    def best(self) -> TrialOutcome | None:
        done = [o for o in self.outcomes() if o.state == "complete"]
        holding = [o for o in done if self.met(o)]
        pool = holding or done
        return min(pool, key=lambda o: (o.objective, o.number)) if pool else None

    def finished(self, trials: int) -> bool:
        done = self.outcomes()
        return len(done) >= trials or any(self.met(o) for o in done)

    def run(self, trials: int, on_trial: Callable[[TrialOutcome], None] | None = None) -> None:
        while not self.finished(trials):
            outcome = self.run_one()
            if on_trial:
                on_trial(outcome)

    def run_one(self) -> TrialOutcome:
        k = len(self.outcomes())
        left = self._left_running()
        seed = self.plan.seed * 1_000_003 + k
        self.study.sampler = _sampler(self.optuna, self.params, seed, self.plan.sigma)
        if left:
            trial = self.optuna.trial.Trial(self.study, left[0]._trial_id)
            # a kill inside ``ask`` leaves a trial with some values or none: draw the missing
            # ones as ``ask`` does (the sampler seeded alike; a stored value is kept)
            for name, distribution in self.distributions.items():
                trial._suggest(name, distribution)
        else:
            trial = self.study.ask(self.distributions)
        values: dict[str, Scalar] = {p.name: trial.params[p.name] for p in self.params}
        started = time.perf_counter()
        data_dir = variant(self.workdir, self.base, self.params, values)
        score = TrialScore()
        games = play_batch(self.plan, self.targets, data_dir, 0, score)
        distance = score.distance(self.targets)
        change = change_penalty(self.params, values)
        if not (left and 0 in left[0].intermediate_values):  # a re-played trial reported it
            trial.report(distance + change, step=0)
        pruned = trial.should_prune()
        if not pruned:
            games += play_batch(self.plan, self.targets, data_dir, 1, score)
            distance = score.distance(self.targets)
        objective = distance + change
        holds = not pruned and score.holds(self.targets)
        in_band = not pruned and distance == 0.0
        seconds = time.perf_counter() - started
        attrs = {
            "objective": objective,
            "distance": distance,
            "change": change,
            "holds": holds,
            "in_band": in_band,
            "games": games,
            "seconds": seconds,
            "cells": score.to_json(),
        }
        for key, value in attrs.items():
            trial.set_user_attr(key, value)
        state = self.optuna.trial.TrialState
        if pruned:
            self.study.tell(trial, state=state.PRUNED)
        else:
            self.study.tell(trial, objective)
        return TrialOutcome(
            k,
            "pruned" if pruned else "complete",
            values,
            objective,
            distance,
            change,
            holds,
            in_band,
            games,
            seconds,
            score.to_json(),
        )

    def importances(self) -> dict[str, float]:
        done = [o for o in self.outcomes() if o.state == "complete"]
        if len(done) < 3 or len(self.params) < 2:
            return {}
        try:
            found = self.optuna.importance.get_param_importances(self.study)
        except (RuntimeError, ValueError):
            return {}
        return {k: float(v) for k, v in found.items()}
