"""Build the compiled engine: the same source, compiled to C extensions with mypyc.

``make compiled`` (a step of ``make run`` and ``make test``; or ``python -m
bench.compiled_engine``) copies ``src/wartable`` to ``build/compiled/t-<hash>/wartable``
and compiles the modules of ``GROUPS`` (``wartable/_mypyc_build.py``) there with mypyc: the rules, views and bots of every
game but their pydantic models, the match loop, the generator and the ISMCTS core. Then
``build/compiled/current.stamp`` names that tree, and ``import wartable`` uses it by itself
(``src/wartable/_fast.py``) as long as the source is unchanged; every module not compiled
runs as Python beside the compiled ones. The source tree is never touched. A stale or
missing tree means the pure-Python engine, silently; ``WARTABLE_ENGINE=python`` forces it.

A build is redone only when the source, this Python, mypy's version or this file change.
Older trees are kept (the last ``KEEP``, and any built in the last ``KEEP_HOURS``) so that
running processes do not lose theirs.
``tests/test_compiled_engine.py`` checks that it plays exactly the games the interpreted
engine plays, in every game.

Needs mypy (it ships mypyc; the ``test`` and ``compiled`` extras), setuptools, a C compiler
and the Python headers. ``--if-possible`` (what ``make`` uses) turns a failed build into a
one-line note: the engine then stays pure Python.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from wartable import _fast
from wartable._mypyc_build import GROUPS, MODULES, BuildError, compile_tree

__all__ = ["GROUPS", "MODULES", "BuildError", "build", "compiled_env", "current", "pure_env"]

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "wartable"
DEST = ROOT / "build" / "compiled"
KEEP = 3
KEEP_HOURS = 12


def builder_key() -> str:
    """What else a tree depends on: mypy's version, this file (the module list and the build
    step are in the package, so in the source hash)."""
    import mypy.version

    digest = hashlib.sha256(mypy.version.__version__.encode())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def current(dest: Path = DEST) -> Path | None:
    """The tree built from the source as it is now by this builder, if any."""
    tree = _fast.current_tree(str(dest))
    stamp = _fast.read_stamp(str(dest))
    if tree is None or len(stamp) < 4 or stamp[3] != builder_key():
        return None
    return Path(tree)


def build(dest: Path = DEST, force: bool = False, quiet: bool = True) -> Path:
    """Build (or reuse) the compiled tree; returns it (a directory to put on ``PYTHONPATH``).

    Processes that build at once (test workers, a bench, ``make``) take turns on a lock
    file: the first builds, the others find the stamp current and reuse its tree.
    """
    dest.mkdir(parents=True, exist_ok=True)
    with open(dest / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        tree = current(dest)
        if tree is not None and not force:
            return tree
        return _build(dest, quiet)


def _build(dest: Path, quiet: bool) -> Path:
    fingerprint = _fast.fingerprint(str(SOURCE))  # before the copy: a later edit shows
    work = dest / f"work-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        shutil.copytree(SOURCE, work / "wartable", ignore=shutil.ignore_patterns("__pycache__"))
        wanted = _fast.source_hash(str(work / "wartable"))  # exactly what was copied
        _compile(work, quiet)
        _check(work)
        tree = dest / f"t-{wanted[:16]}-{builder_key()[:8]}"
        shutil.rmtree(tree, ignore_errors=True)
        work.rename(tree)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    stamp = dest / _fast.STAMP
    stamp.with_suffix(".tmp").write_text(f"{wanted} {fingerprint} {tree.name} {builder_key()}\n")
    stamp.with_suffix(".tmp").replace(stamp)
    _prune(dest, keep=tree)
    return tree


def _compile(work: Path, quiet: bool) -> None:
    compile_tree(work, quiet)  # the step ``setup.py`` runs too (``wartable/_mypyc_build.py``)


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


def _check(tree: Path) -> None:
    check = subprocess.run(
        [sys.executable, "-c", CHECK], env=compiled_env(tree), capture_output=True, text=True
    )
    if check.returncode != 0:
        raise BuildError(f"the compiled tree does not load as compiled:\n{check.stderr}")


def _prune(dest: Path, keep: Path) -> None:
    """Remove the trees older than the newest ``KEEP`` and than ``KEEP_HOURS``: a running
    process imports from its tree as long as it runs (lazily imported modules too)."""
    trees = sorted(
        (p for p in dest.glob("t-*") if p.is_dir() and p != keep),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in trees[KEEP - 1 :]:
        if time.time() - old.stat().st_mtime > KEEP_HOURS * 3600:
            shutil.rmtree(old, ignore_errors=True)
    if (dest / "compiled.stamp").exists():  # the earlier layout: one tree in ``dest`` itself
        shutil.rmtree(dest / "wartable", ignore_errors=True)
        for leftover in [dest / "compiled.stamp", *dest.glob("*__mypyc*.so")]:
            leftover.unlink(missing_ok=True)


def compiled_env(tree: Path) -> dict[str, str]:
    """The environment of a process that imports the tree ``tree`` first (explicitly)."""
    env = dict(os.environ)
    env.pop("WARTABLE_ENGINE", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH", "")]))
    return env


def pure_env() -> dict[str, str]:
    """The environment of a process that runs the pure-Python engine."""
    env = dict(os.environ)
    env["WARTABLE_ENGINE"] = "python"
    return env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.compiled_engine", description=__doc__)
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument(
        "--if-possible", action="store_true", help="a failed build is a note, not an error"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        tree = build(args.dest, force=args.force, quiet=args.if_possible)
    except (BuildError, ImportError, OSError) as exc:
        if not args.if_possible:
            sys.exit(str(exc))
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"compiled engine not built ({first}); the pure-Python engine runs")
        return
    print(f"compiled engine in {tree} ({time.perf_counter() - start:.0f} s); used automatically")


if __name__ == "__main__":
    main()
