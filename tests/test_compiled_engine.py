"""The compiled engine (``bench/compiled_engine.py``, mypyc) plays exactly the games the
interpreted engine plays: the same actions, outcomes and generator states, in every Invasion
mode, with heuristic, random and search agents; and it passes the conformance suite.

The build takes about a minute on two cores; it is reused while the sources are unchanged.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from bench.compiled_engine import MODULES, build, compiled_env

# the build itself takes a lock (two workers may ask for it at once: with pytest 9,
# xdist 3.8 no longer keeps an xdist_group on one worker)
pytestmark = pytest.mark.xdist_group("compiled")

# the same games, played in whichever engine imports first
PLAY = r"""
import json, sys
from wartable.core.match import play_match
from wartable.games.invasion import GAME
from wartable.sim.runner import agent_factory

def games():
    out = []
    config = {"players": 2, "mode": "two_player", "battle_stage": "1"}
    for seed in range(12):
        agents = [agent_factory("heuristic", "invasion")() for _ in range(2)]
        out.append(("heuristic", seed, play_match(GAME, config, seed, agents)))
    for i, config in enumerate(GAME.example_configs()):
        n = config["players"]
        for seed in range(3):
            agents = [agent_factory(spec, "invasion")() for spec in ["random", "heuristic"] * 3][:n]
            out.append((f"mixed {i}", seed, play_match(GAME, config, seed, agents)))
    search = [agent_factory("ismcts:iterations=12,rollout=heuristic,bias=5", "invasion")(),
              agent_factory("heuristic", "invasion")()]
    out.append(("ismcts", 3, play_match(GAME, config_2p := {"players": 2, "mode": "two_player",
               "battle_stage": "2"}, 3, search)))
    return [
        {"who": who, "seed": seed, "actions": r.actions, "winners": list(r.outcome.winners),
         "scores": list(r.outcome.scores), "metrics": r.metrics}
        for who, seed, r in out
    ]

json.dump(games(), sys.stdout)
"""

CONFORMANCE = r"""
from wartable.games.invasion import GAME
from wartable.testing.conformance import run_conformance
import wartable.games.invasion.turn as turn
assert turn.__file__.endswith(".so"), turn.__file__
run_conformance(GAME, seeds=range(2), deep_seeds=1)
print("ok")
"""


@pytest.fixture(scope="module")
def compiled() -> dict[str, str]:
    return compiled_env(build())


def _run(code: str, env: dict[str, str] | None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_listed_module_is_compiled(compiled: dict[str, str]) -> None:
    listed = [m.removesuffix(".py").replace("/", ".") for m in MODULES]
    code = (
        "import importlib, json\n"
        f"names = {listed!r}\n"
        "print(json.dumps({m: importlib.import_module('wartable.' + m).__file__ for m in names}))"
    )
    files: dict[str, Any] = json.loads(_run(code, compiled))
    assert all(path.endswith(".so") for path in files.values()), files
    plain: dict[str, Any] = json.loads(_run(code, None))
    assert all(path.endswith(".py") for path in plain.values()), plain


def test_compiled_games_equal_interpreted_games(compiled: dict[str, str]) -> None:
    ours = json.loads(_run(PLAY, compiled))
    reference = json.loads(_run(PLAY, None))
    assert len(ours) == len(reference) == 12 + 3 * 5 + 1
    for a, b in zip(ours, reference, strict=True):
        assert (a["who"], a["seed"]) == (b["who"], b["seed"])
        assert a == b, f"{a['who']} seed {a['seed']}: the compiled engine played another game"
    assert len({json.dumps(g["actions"]) for g in ours}) == len(ours)  # the games differ


def test_compiled_engine_passes_conformance(compiled: dict[str, str]) -> None:
    assert _run(CONFORMANCE, compiled).strip() == "ok"
