"""A real ``pip install``: the wheel builds the compiled engine, and it plays the same games.

Copies the checkout's package sources to a temporary directory, builds a wheel there the way
``pip install .`` does (``pip wheel``, build isolation: setuptools and mypy are fetched into
a throw-away environment; ``setup.py`` compiles the engine, ``src/wartable/_mypyc_build.py``),
installs it into a fresh virtual environment (the dependencies come from this one's
site-packages) and runs there: which engine ``import wartable`` picks, the same Invasion
heuristic and Draconia random games with the installed extensions and with
``WARTABLE_ENGINE=python``, and Invasion heuristic games per CPU second in both.

Reports the wheel's build time (wall and CPU): the set-up cost of the compiled engine on a
machine that installs the package. Minutes, so it runs in ``make bench`` (not in the tests,
which check the install step's logic: ``tests/test_compiled_engine.py``). Printed, never
asserted.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

CHECK = r"""
import hashlib, json, sys, time
import wartable._fast as fast
import wartable.core.match as match_module
from wartable.core.match import play_match
from wartable.games import get_game
from wartable.sim.runner import agent_factory

def digest(gid, spec, config, n):
    game = get_game(gid)
    h = hashlib.sha256()
    for seed in range(n):
        seats = game.num_players(game.new_state(game.make_config(config), seed))
        r = play_match(game, config, seed, [agent_factory(spec, gid)() for _ in range(seats)])
        h.update(json.dumps([r.actions, list(r.outcome.winners), r.metrics]).encode())
    return h.hexdigest()[:16]

inv = {"players": 2, "mode": "two_player", "battle_stage": "1"}
game = get_game("invasion")
agents = agent_factory("heuristic", "invasion")
play_match(game, inv, 0, [agents(), agents()])
games, start = 0, time.process_time()
while time.process_time() - start < 1.5:
    play_match(game, inv, 1000 + games, [agents(), agents()])
    games += 1
print(json.dumps({
    "active": fast.ACTIVE,
    "match_module": match_module.__file__.rsplit("/", 1)[-1],
    "invasion": digest("invasion", "heuristic", inv, 20),
    "draconia": digest("draconia", "random", {}, 20),
    "invasion_heuristic_per_cpu_s": round(games / (time.process_time() - start), 1),
}))
"""


def _copy_sources(dest: Path) -> None:
    dest.mkdir(parents=True)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info")
    shutil.copytree(ROOT / "src", dest / "src", ignore=skip)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run() -> dict[str, Any]:
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="wartable-install-") as tmp:
        work = Path(tmp)
        _copy_sources(work / "pkg")
        cpu, wall = _children_cpu(), time.perf_counter()
        built = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(work / "wheel"),
             str(work / "pkg")],
            capture_output=True, text=True,
        )  # fmt: skip
        out["wheel build, wall s"] = round(time.perf_counter() - wall, 1)
        out["wheel build, CPU s (pip and its children)"] = round(_children_cpu() - cpu, 1)
        lines = (built.stdout + built.stderr).splitlines()
        said = [ln.strip() for ln in lines if "wartable: compiled" in ln]
        out["setup.py said"] = said[0] if said else "(nothing)"
        wheels = list((work / "wheel").glob("*.whl"))
        if built.returncode != 0 or not wheels:
            out["error"] = (built.stderr or built.stdout).strip().splitlines()[-3:]
            return out
        out["wheel"] = f"{wheels[0].name} ({wheels[0].stat().st_size / 1e6:.1f} MB)"
        venv = work / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        python = venv / "bin" / "python"
        site = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--prefix", str(venv),
             str(wheels[0])],
            check=True, capture_output=True,
        )  # fmt: skip
        # the dependencies (pydantic, typer, rich): this environment's, after the wheel's own
        Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("WARTABLE_", "PYTHON"))}
        results = {}
        for engine, extra in (("installed", {}), ("forced python", {"WARTABLE_ENGINE": "python"})):
            done = subprocess.run(
                [str(python), "-c", CHECK], cwd=work, env={**env, **extra},
                capture_output=True, text=True,
            )  # fmt: skip
            if done.returncode != 0:
                out[f"{engine}: error"] = done.stderr.strip().splitlines()[-3:]
                continue
            results[engine] = json.loads(done.stdout.strip().splitlines()[-1])
            for key, value in results[engine].items():
                out[f"{engine}: {key}"] = value
        if len(results) == 2:
            a, b = results["installed"], results["forced python"]
            out["same games in both engines"] = (a["invasion"], a["draconia"]) == (
                b["invasion"],
                b["draconia"],
            )
    return out


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
