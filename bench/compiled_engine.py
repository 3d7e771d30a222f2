"""Build the compiled engine: the same source, compiled to C extensions with mypyc.

``make compiled`` (or ``python -m bench.compiled_engine``) copies ``src/wartable`` to
``build/compiled/wartable`` and compiles the modules in ``MODULES`` there with mypyc (the
Draconis Invasion rules and bots, the match loop and the generator's shuffle). The source
tree is never touched: put the copy first on the path to use it,

    PYTHONPATH=build/compiled .venv/bin/wartable simulate invasion ...

and every module it does not compile runs as Python beside the compiled ones. A stamp
holds a hash of the sources and of mypy's version, so a build is redone only when one
changes. ``tests/test_compiled_engine.py`` builds it and checks that it plays exactly the
games the interpreted engine plays; ``bench/bench_invasion.py`` times both.

Needs the ``[test]`` extra (mypy ships mypyc), a C compiler and the Python headers.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "wartable"
DEST = ROOT / "build" / "compiled"
STAMP = "compiled.stamp"

# Hot paths only. Left as Python: pydantic models (cards.py, config.py: mypyc cannot compile
# them) and package __init__ files (they only import).
MODULES = (
    "core/rng.py",
    "core/splitmix_limbs.py",
    "core/match.py",
    *(
        f"games/invasion/{name}.py"
        for name in (
            "actions", "bots", "db", "effects", "eventcards", "frames", "game", "observe",
            "render", "scoring", "setup", "stack", "state", "turn", "view", "zones",
        )
    ),
)  # fmt: skip


class BuildError(RuntimeError):
    pass


def source_hash() -> str:
    import mypy.version

    digest = hashlib.sha256(mypy.version.__version__.encode())
    digest.update(sys.version.encode())
    for path in sorted(SOURCE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(SOURCE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def is_current(dest: Path = DEST) -> bool:
    stamp = dest / STAMP
    return stamp.exists() and stamp.read_text() == source_hash()


def build(dest: Path = DEST, force: bool = False, quiet: bool = True) -> Path:
    """Build (or reuse) the compiled tree; returns the directory to put on the path.

    Processes that build at once (test workers, a bench) take turns on a lock file: the
    first builds, the others find the stamp current and reuse its tree.
    """
    import fcntl

    dest.parent.mkdir(parents=True, exist_ok=True)
    with open(dest.parent / f"{dest.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not force and is_current(dest):
            return dest
        return _build(dest, quiet)


def _build(dest: Path, quiet: bool) -> Path:
    wanted = source_hash()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(SOURCE, dest / "wartable", ignore=shutil.ignore_patterns("__pycache__"))
    files = [str(Path("wartable") / m) for m in MODULES]
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *files],
        cwd=dest,
        capture_output=quiet,
        text=True,
    )
    if done.returncode != 0:
        tail = "\n".join(((done.stdout or "") + (done.stderr or "")).splitlines()[-30:])
        raise BuildError(f"mypyc failed (exit {done.returncode}):\n{tail}")
    shutil.rmtree(dest / "build", ignore_errors=True)  # mypyc's C sources and objects
    check = subprocess.run(
        [sys.executable, "-c", CHECK],
        env=compiled_env(dest),
        capture_output=True,
        text=True,
    )
    if check.returncode != 0:
        raise BuildError(f"the compiled tree does not load as compiled:\n{check.stderr}")
    (dest / STAMP).write_text(wanted)
    return dest


# run with the compiled tree on the path: every module of MODULES must come from an extension
CHECK = f"""
import importlib, sys
for m in {[m.removesuffix(".py").replace("/", ".") for m in MODULES]!r}:
    mod = importlib.import_module("wartable." + m)
    if not mod.__file__.endswith(".so"):
        sys.exit(f"wartable.{{m}} loaded from {{mod.__file__}}")
from wartable.core.rng import COMPILED_SHUFFLE
assert COMPILED_SHUFFLE, "the limb shuffle is not compiled"
"""


def compiled_env(dest: Path = DEST) -> dict[str, str]:
    """The environment of a process that imports the compiled tree first."""
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(dest), env.get("PYTHONPATH", "")]))
    return env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.compiled_engine", description=__doc__)
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument("--dest", type=Path, default=DEST)
    args = parser.parse_args(argv)
    try:
        path = build(args.dest, force=args.force, quiet=False)
    except BuildError as exc:
        sys.exit(str(exc))
    print(f"compiled engine in {path} (PYTHONPATH={path} to use it)")


if __name__ == "__main__":
    main()
