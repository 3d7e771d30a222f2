"""setuptools hook: a normal ``pip install`` also builds the compiled engine.

The package's metadata lives in ``pyproject.toml``; this file only adds one step to
``build_py``: once the modules are copied into the wheel's staging directory, mypyc compiles
the engine's modules there (``src/wartable/_mypyc_build.py``, the step ``make`` runs for the
checkout's tree) and the C extensions join the wheel beside the ``.py`` files, where
Python's import prefers them. Where that cannot happen (no C compiler or Python headers, no
mypy, a mypyc error) the step prints one line and the wheel holds the pure-Python engine.

Skipped for editable installs (``pip install -e``: the checkout uses ``build/compiled``,
``src/wartable/_fast.py``) and with ``WARTABLE_COMPILED=0``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
WANTED = os.environ.get("WARTABLE_COMPILED", "1") != "0"


def _builder() -> Any:
    """``wartable/_mypyc_build.py`` by its path (the package's dependencies are not here)."""
    path = HERE / "src" / "wartable" / "_mypyc_build.py"
    spec = importlib.util.spec_from_file_location("wartable_mypyc_build", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compile_or_fall_back(build_lib: Path, builder: Any = None) -> bool:
    """Add the compiled engine to ``build_lib``; any failure is one line on stderr and the
    pure-Python engine (nothing added). Returns whether it was built."""
    try:
        added = (builder or _builder()).compile_into(build_lib)
    except Exception as exc:  # no compiler, no mypy, a mypyc error: pure Python
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        print(f"wartable: compiled engine not built ({first}); the pure-Python engine "
              "is installed", file=sys.stderr)  # fmt: skip
        return False
    print(f"wartable: compiled engine built ({len(added)} extensions)", file=sys.stderr)
    return True


class BuildPyCompiled(build_py):
    """``build_py``, then the compiled engine beside the copied modules (if it builds)."""

    def run(self) -> None:
        super().run()
        if WANTED and not getattr(self, "editable_mode", False):
            compile_or_fall_back(Path(self.build_lib))


class MaybeBinary(Distribution):
    """A platform wheel when the compiled engine is attempted (its extensions are built in
    ``build_py``, not declared as ``ext_modules``)."""

    def has_ext_modules(self) -> bool:
        return WANTED


if __name__ == "__main__":  # (setuptools runs this file as the main module)
    setup(cmdclass={"build_py": BuildPyCompiled}, distclass=MaybeBinary)
