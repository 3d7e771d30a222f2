"""The compiled engine's build step: which modules mypyc compiles, in which groups, and how.

Shared by the two ways the engine gets built: ``bench/compiled_engine.py`` (``make run``,
``make test``, ``make bench``: a tree in ``build/compiled`` of the checkout, picked up by
``_fast.py``) and ``setup.py`` (a ``pip install`` of the package: the extensions go into
the wheel beside the ``.py`` files, where Python's import prefers them). Standard library
only: ``setup.py`` loads this file by its path before any dependency is installed.

Left as Python: pydantic models (cards.py, config.py: mypyc cannot compile them), package
``__init__`` files (they only import), the Draconia heuristic (a class-body alias mypyc
rejects) and board (the heuristic hands it a duck-typed view, which a compiled function
would refuse), the text adapters. Graxia: all but its pydantic modules (config, records,
registry), the adapter that builds the catalog from them (once, cached) and the text map
(render); its modules import at module level (a function-local ``from . import choices as
C`` gave None compiled).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def _game(gid: str, names: str) -> tuple[str, tuple[str, ...]]:
    return gid, tuple(f"games/{gid}/{name}.py" for name in names.split())


# One C extension per group (its shared library ``wartable_<group>__mypyc``), built in
# parallel; paths relative to the package.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "core",
        (
            "core/rng.py",
            "core/splitmix_limbs.py",
            "core/match.py",
            "core/commit.py",
            "core/seeds.py",
            "agents/ismcts_tree.py",
            "agents/random_agent.py",
        ),
    ),
    _game(
        "invasion",
        "actions bots db effects eventcards frames game observe render scoring setup stack "
        "state turn view zones",
    ),
    _game(
        "draconia",
        "actions bots combat draft ending game hidden legal position rules setup state views",
    ),
    _game(
        "skirm",
        "abilities actions bots determinize expectimax game hidden rollout scoring search state "
        "tools/matrix",
    ),
    _game("weapons", "bots game hidden rules state"),
    _game(
        "graxia",
        "actions battle board bots bots_eval bots_trial catalog/tables choice_record choices "
        "command effects game hexes hidden modifiers observe position push relics setup "
        "solo_records state state_records turn variant victory view "
        "solo/awards solo/bots solo/npc solo/npc_battle solo/npc_cards solo/npc_choice "
        "solo/npc_move solo/npc_order solo/player_choices solo/rules solo/variant solo/wave",
    ),
)
MODULES: tuple[str, ...] = tuple(m for _, group in GROUPS for m in group)
EXTENSION_SUFFIXES = (".so", ".pyd")
# mypy options of every build: mypyc checks the listed modules and what they import in
# another order than ``make lint`` checks the whole package, and an import cycle can leave a
# module constant's type undetermined there (it is then Any, compiled as a Python object)
BASE_FLAGS: tuple[str, ...] = ("--disable-error-code", "has-type")


class BuildError(RuntimeError):
    """The compiled engine could not be built (no mypy, no C compiler, a mypyc error)."""


SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup

groups = {groups!r}
setup(
    name="wartable-compiled",
    ext_modules=mypycify([*{flags!r}, *(m for g, _ in groups for m in g)], separate=groups,
                         opt_level="3"),
    script_args=["build_ext", "--inplace", "--parallel", "{jobs}"],
)
"""


def compile_tree(work: Path, quiet: bool = True, flags: tuple[str, ...] = ()) -> None:
    """Compile the modules of ``GROUPS`` in ``work/wartable`` (a copy of the package) in
    place: each becomes a C extension beside its ``.py``; the groups' shared libraries land
    in ``work``. ``flags``: extra mypy options. Raises ``BuildError``."""
    groups = [([f"wartable/{m}" for m in files], f"wartable_{name}") for name, files in GROUPS]
    jobs = max(1, min(len(groups), os.cpu_count() or 1))
    script = work / "setup_compiled.py"
    flags = (*BASE_FLAGS, *flags)
    script.write_text(SETUP.format(groups=groups, flags=list(flags), jobs=jobs))
    try:
        done = subprocess.run(
            [sys.executable, script.name], cwd=work, capture_output=quiet, text=True
        )
    except OSError as exc:
        raise BuildError(f"mypyc could not start: {exc}") from exc
    finally:
        script.unlink(missing_ok=True)
        shutil.rmtree(work / "build", ignore_errors=True)  # mypyc's C sources and objects
    if done.returncode != 0:
        tail = "\n".join(((done.stdout or "") + (done.stderr or "")).splitlines()[-30:])
        raise BuildError(f"mypyc failed (exit {done.returncode}):\n{tail}")
    missing = [m for m in MODULES if not _extensions(work / "wartable" / m)]
    if missing:
        raise BuildError(f"no extension built for {', '.join(missing[:3])}")


def _extensions(module: Path) -> list[Path]:
    """The C extensions built for ``module`` (a ``.py`` path): ``name.<abi tag>.so``."""
    stem = module.name.removesuffix(".py")
    return [
        p
        for p in module.parent.glob(f"{stem}.*")
        if p.suffix in EXTENSION_SUFFIXES and p.name.split(".")[0] == stem
    ]


def compile_into(build_lib: Path, quiet: bool = True) -> list[Path]:
    """``setup.py``'s step: compile the package copied into ``build_lib`` (setuptools'
    staging directory of the wheel) and add the extensions beside its modules and the
    shared libraries at its root. All or nothing: on any failure nothing is added and
    ``BuildError`` is raised (the wheel then holds the pure-Python engine). Returns the
    files added."""
    package = build_lib / "wartable"
    if not (package / "__init__.py").is_file():
        raise BuildError(f"no package in {build_lib}")
    with tempfile.TemporaryDirectory(prefix="wartable-mypyc-") as tmp:
        work = Path(tmp)
        shutil.copytree(package, work / "wartable", ignore=shutil.ignore_patterns("__pycache__"))
        # the build environment of a ``pip install`` holds mypy, not the dependencies
        # (pydantic, typer): their types are unknown there, not errors
        compile_tree(work, quiet, flags=("--ignore-missing-imports",))
        built = [p for p in work.rglob("*") if p.suffix in EXTENSION_SUFFIXES]
        added = []
        for path in built:
            target = build_lib / path.relative_to(work)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            added.append(target)
    return added
