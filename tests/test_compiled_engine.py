"""The compiled engine (``bench/compiled_engine.py``, mypyc) plays exactly the games the
interpreted engine plays, in every game it compiles: the same action logs, outcomes, metrics
and final positions (``state_to_json``, generator state included), with random, heuristic
and search agents in every example config; it passes the conformance suite; and
``import wartable`` picks it up by itself when (and only when) it matches the source.

The build takes one to three minutes on two cores; it is reused while the sources are
unchanged (``make test`` builds it before the tests start).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from bench.compiled_engine import GROUPS, MODULES, SOURCE, build, compiled_env, pure_env

from wartable import _fast
from wartable.games import available_games

# the build itself takes a lock (two workers may ask for it at once: with pytest 9,
# xdist 3.8 no longer keeps an xdist_group on one worker)
pytestmark = pytest.mark.xdist_group("compiled")

COMPILED_GAMES = [name for name, _ in GROUPS if name != "core"]

# the same games, played in whichever engine imports first
PLAY = r"""
import json, sys
from wartable.core.match import play_match
from wartable.games import get_game
from wartable.sim.runner import agent_factory

def record(game, who, seed, r, config):
    state = game.new_state(game.make_config(config), seed)
    for seat, action in r.actions:
        game.apply_fast(state, seat, action, None)
    return {"who": who, "seed": seed, "actions": r.actions, "winners": list(r.outcome.winners),
            "scores": list(r.outcome.scores), "reason": r.outcome.reason, "metrics": r.metrics,
            "final": game.state_to_json(state)}

def games(gid):
    game = get_game(gid)
    out = []
    specs = ["random", "heuristic"]
    for i, config in enumerate(game.example_configs()):
        n = game.num_players(game.new_state(game.make_config(config), 0))
        for seed in range(1):  # every example config, both seatings: one seed is enough
            for first in range(2):
                seats = [specs[(first + k) % 2] for k in range(n)]
                agents = [agent_factory(s, gid)() for s in seats]
                r = play_match(game, config, seed, agents, agent_seed=seed)
                out.append(record(game, f"{gid} config {i} {seats}", seed, r, config))
    config = game.example_configs()[0]
    n = game.num_players(game.new_state(game.make_config(config), 0))
    agents = [agent_factory("ismcts:iterations=12", gid)()] + [
        agent_factory("heuristic", gid)() for _ in range(n - 1)]
    out.append(record(game, f"{gid} ismcts", 3, play_match(game, config, 3, agents,
                      agent_seed=3), config))
    return out

json.dump([g for gid in sys.argv[1:] for g in games(gid)], sys.stdout)
"""

CONFORMANCE = r"""
import sys
from wartable.games import get_game
from wartable.testing.conformance import run_conformance
import wartable.core.match as match
assert match.__file__.endswith(".so"), match.__file__
for gid in sys.argv[1:]:
    run_conformance(get_game(gid), seeds=range(2), deep_seeds=1)
print("ok")
"""


@pytest.fixture(scope="module")
def compiled() -> dict[str, str]:
    return compiled_env(build())


def _run(code: str, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _files(env: dict[str, str]) -> dict[str, str]:
    listed = [m.removesuffix(".py").replace("/", ".") for m in MODULES]
    code = (
        "import importlib, json\n"
        f"names = {listed!r}\n"
        "print(json.dumps({m: importlib.import_module('wartable.' + m).__file__ for m in names}))"
    )
    files: dict[str, str] = json.loads(_run(code, env))
    return files


def test_every_game_is_compiled() -> None:
    """Every registered game, Graxia included, has a group; so the identical-games and
    conformance tests below run on each of them."""
    assert sorted(COMPILED_GAMES) == sorted(available_games())
    graxia = dict(GROUPS)["graxia"]
    assert "games/graxia/state.py" in graxia and "games/graxia/turn.py" in graxia
    assert not {"games/graxia/config.py", "games/graxia/records.py"} & set(graxia)


def test_every_listed_module_is_compiled(compiled: dict[str, str]) -> None:
    files = _files(compiled)
    assert all(path.endswith(".so") for path in files.values()), files
    plain = _files(pure_env())
    assert all(path.endswith(".py") for path in plain.values()), plain


@pytest.mark.parametrize("gid", COMPILED_GAMES)
def test_compiled_games_equal_interpreted_games(compiled: dict[str, str], gid: str) -> None:
    ours = json.loads(_run(PLAY, compiled, gid))
    reference = json.loads(_run(PLAY, pure_env(), gid))
    assert len(ours) == len(reference) >= 9
    for a, b in zip(ours, reference, strict=True):
        assert (a["who"], a["seed"]) == (b["who"], b["seed"])
        assert a == b, f"{a['who']} seed {a['seed']}: the compiled engine played another game"
    # the games differ (a few short Skirm duels may repeat one another)
    assert len({json.dumps(g["actions"]) for g in ours}) >= len(ours) * 2 // 3


def test_compiled_engine_passes_conformance(compiled: dict[str, str]) -> None:
    assert _run(CONFORMANCE, compiled, *COMPILED_GAMES).strip() == "ok"


def test_import_finds_the_real_build_by_itself(tmp_path: Path) -> None:
    """No ``PYTHONPATH``: a stamp naming this source's hash and the built tree is enough for
    every listed module to load as an extension (the groups' shared libraries included)."""
    tree = build()
    (tmp_path / _fast.STAMP).write_text(f"{_fast.source_hash(str(SOURCE))} - {tree}\n")
    env = {**pure_env(), "WARTABLE_COMPILED_DIR": str(tmp_path)}
    del env["WARTABLE_ENGINE"]
    env.pop("PYTHONPATH", None)
    files = _files(env)
    assert all(path.endswith(".so") for path in files.values()), files
    assert _run("import wartable._fast as f; print(f.ACTIVE)", env).strip() == str(tree)


def _fake_build(root: Path, stamp_hash: str) -> None:
    """A tree that is a copy of the source plus one marker module, stamped ``stamp_hash``."""
    tree = root / "t-fake"
    shutil.copytree(SOURCE, tree / "wartable", ignore=shutil.ignore_patterns("__pycache__"))
    (tree / "wartable" / "_marker.py").write_text("HERE = True\n")
    (root / _fast.STAMP).write_text(f"{stamp_hash} no-fingerprint t-fake builder\n")


IMPORTS_MARKER = "import wartable, wartable._fast as f\ntry:\n    import wartable._marker\n" + (
    "    print('tree', f.ACTIVE)\nexcept ImportError:\n    print('source', f.ACTIVE)\n"
)


def test_import_uses_a_matching_tree_by_itself(tmp_path: Path) -> None:
    """No ``PYTHONPATH``: a tree whose stamp names the source's hash is imported first."""
    _fake_build(tmp_path, _fast.source_hash(str(SOURCE)))
    env = {**pure_env(), "WARTABLE_COMPILED_DIR": str(tmp_path)}
    del env["WARTABLE_ENGINE"]
    assert _run(IMPORTS_MARKER, env).split() == ["tree", str(tmp_path / "t-fake")]
    forced = {**env, "WARTABLE_ENGINE": "python"}
    assert _run(IMPORTS_MARKER, forced).split() == ["source", "None"]


def test_import_falls_back_silently_on_a_stale_tree(tmp_path: Path) -> None:
    _fake_build(tmp_path, "0" * 64)  # built from another source
    env = {**pure_env(), "WARTABLE_COMPILED_DIR": str(tmp_path)}
    del env["WARTABLE_ENGINE"]
    done = subprocess.run(
        [sys.executable, "-c", IMPORTS_MARKER], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.split() == ["source", "None"]
    missing = {**env, "WARTABLE_COMPILED_DIR": str(tmp_path / "nowhere")}
    assert _run(IMPORTS_MARKER, missing).split() == ["source", "None"]


# ----- a ``pip install`` builds it too (setup.py, wartable/_mypyc_build.py) -----------------
# The real wheel build takes minutes: ``bench/bench_install.py`` (``make bench``) builds one,
# installs it in a fresh virtual environment and plays the same games there. These tests
# check the install step's logic directly.


def _load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _staged(tmp_path: Path) -> Path:
    """A wheel's staging directory holding a copy of the package (as ``build_py`` leaves it)."""
    build_lib = tmp_path / "build_lib"
    shutil.copytree(SOURCE, build_lib / "wartable", ignore=shutil.ignore_patterns("__pycache__"))
    return build_lib


def _extensions_in(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.suffix in (".so", ".pyd")]


def test_install_step_adds_every_extension_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wartable._mypyc_build as mb

    build_lib = _staged(tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]

    def fake_compile(work: Path, quiet: bool = True, flags: tuple[str, ...] = ()) -> None:
        assert "--ignore-missing-imports" in flags  # the build environment has mypy only
        for m in MODULES[:-1]:  # one module left out: a partial build
            (work / "wartable" / m).with_suffix(suffix).write_bytes(b"")
        (work / f"wartable_core__mypyc{suffix}").write_bytes(b"")
        if not _extensions_in(work / "wartable" / MODULES[-1]):
            raise mb.BuildError("no extension built for the last module")

    monkeypatch.setattr(mb, "compile_tree", fake_compile)
    with pytest.raises(mb.BuildError):
        mb.compile_into(build_lib)
    assert _extensions_in(build_lib) == []  # all or nothing

    def full_compile(work: Path, quiet: bool = True, flags: tuple[str, ...] = ()) -> None:
        for m in MODULES:
            (work / "wartable" / m).with_suffix(suffix).write_bytes(b"")
        (work / f"wartable_core__mypyc{suffix}").write_bytes(b"")

    monkeypatch.setattr(mb, "compile_tree", full_compile)
    added = mb.compile_into(build_lib)
    assert len(added) == len(MODULES) + 1
    for m in MODULES:  # beside its module, where Python's import prefers it
        assert (build_lib / "wartable" / m).with_suffix(suffix).is_file(), m
    assert (build_lib / f"wartable_core__mypyc{suffix}").is_file()


def test_compile_step_names_a_module_left_without_extension(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mypyc exiting 0 is not enough: every listed module must have its extension."""
    import wartable._mypyc_build as mb

    work = _staged(tmp_path)
    monkeypatch.setattr(
        mb.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 0, "", "")
    )
    with pytest.raises(mb.BuildError, match="no extension built"):
        mb.compile_tree(work)
    assert not (work / "setup_compiled.py").exists()


def test_setup_hook_falls_back_to_pure_python_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = _load(Path(__file__).resolve().parents[1] / "setup.py", "wartable_setup_under_test")
    build_lib = _staged(tmp_path)

    class NoCompiler:
        @staticmethod
        def compile_into(build_lib: Path) -> list[Path]:
            raise RuntimeError("error: command 'gcc' failed: No such file or directory\nmore")

    assert setup.compile_or_fall_back(build_lib, NoCompiler) is False
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "wartable: compiled engine not built (error: command 'gcc' failed: No such file or "
        "directory); the pure-Python engine is installed"
    ]
    assert _extensions_in(build_lib) == []


def test_forcing_python_in_an_installed_compiled_package(tmp_path: Path) -> None:
    """``WARTABLE_ENGINE=python`` imports the ``.py`` files even with extensions beside them
    (here a broken one: loading it would fail the import)."""
    site = _staged(tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (site / "wartable" / "core" / f"match{suffix}").write_bytes(b"not an extension")
    env = {**pure_env(), "PYTHONPATH": str(site)}
    code = (
        "import wartable._fast as f, wartable.core.match as m\n"
        "print(f.installed_compiled(), m.__file__)"
    )
    installed, path = _run(code, env).split()
    assert installed == "True"
    assert path == str(site / "wartable" / "core" / "match.py")
