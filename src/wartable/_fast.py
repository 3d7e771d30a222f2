"""Use the compiled engine, silently, when one was built from exactly this source.

``make compiled`` (also run by ``make run`` and ``make test``; ``bench/compiled_engine.py``)
copies ``src/wartable`` to a tree ``build/compiled/t-<hash>/wartable`` and compiles the hot
modules there with mypyc; ``build/compiled/current.stamp`` names the newest tree.
``wartable/__init__.py`` calls :func:`package_path` so that, when that stamp names the hash
of the source as it is now (and this Python), every ``wartable`` submodule is imported
from the tree: the compiled modules as C extensions, the rest as the
same Python files. Otherwise (no tree, a stale tree, another Python) nothing changes and
the pure-Python engine runs. No user action, no ``PYTHONPATH``.

An installed package (``pip install``: ``setup.py`` builds the same extensions into the
wheel, beside the ``.py`` files) needs nothing of this: Python's import prefers an extension
to the ``.py`` beside it. ``ACTIVE`` then names the package directory.

Environment: ``WARTABLE_ENGINE=python`` forces the pure-Python engine (in an installed
compiled package too: the ``.py`` files are then imported through ``SourceOnly``);
``WARTABLE_COMPILED_DIR`` names another directory than ``<checkout>/build/compiled``.

The stamp holds the source hash and a cheap fingerprint (path, size, mtime of every file):
when the fingerprint matches, importing costs one ``stat`` per source file (~1 ms); when it
does not (a checkout touched the files), the contents are hashed (~20 ms) to decide.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Iterator, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

PACKAGE = os.path.dirname(os.path.abspath(__file__))
STAMP = "current.stamp"  # "<source hash> <fingerprint> <tree directory name> ..."
# the tree used by this process (None: the pure-Python engine)
ACTIVE: str | None = None


def default_dir() -> str:
    given = os.environ.get("WARTABLE_COMPILED_DIR")
    if given:
        return os.path.abspath(given)
    return os.path.join(os.path.dirname(os.path.dirname(PACKAGE)), "build", "compiled")


def _files(root: str) -> Iterator[str]:
    """Every source file under ``root``, sorted, as paths relative to it (no caches, no
    compiled extensions)."""
    for here, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            if name.endswith((".so", ".pyd", ".pyc")):
                continue
            yield os.path.relpath(os.path.join(here, name), root)


def _python_key() -> bytes:
    return f"{sys.version}|{sys.implementation.cache_tag}|{sys.platform}".encode()


def source_hash(root: str = PACKAGE) -> str:
    """Hash of every file's path and bytes, and of this Python's version."""
    digest = hashlib.sha256(_python_key())
    for rel in _files(root):
        digest.update(rel.encode() + b"\0")
        with open(os.path.join(root, rel), "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def fingerprint(root: str = PACKAGE) -> str:
    """Hash of every file's path, size and modification time (one stat each)."""
    digest = hashlib.sha256(_python_key())
    for rel in _files(root):
        st = os.stat(os.path.join(root, rel))
        digest.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def read_stamp(root: str) -> list[str]:
    try:
        with open(os.path.join(root, STAMP)) as handle:
            return handle.read().split()
    except OSError:
        return []


def current_tree(root: str) -> str | None:
    """The tree under ``root`` compiled from the source as it is now, for this Python."""
    stamp = read_stamp(root)
    if len(stamp) < 3:
        return None
    tree = os.path.join(root, stamp[2])
    if not os.path.isdir(os.path.join(tree, "wartable")):
        return None
    if stamp[1] == fingerprint() or stamp[0] == source_hash():
        return tree
    return None


def installed_compiled(package: str = PACKAGE) -> bool:
    """Whether extensions were installed beside the package's modules (``setup.py``)."""
    try:
        names = os.listdir(os.path.join(package, "core"))
    except OSError:
        return False
    return any(n.startswith("match.") and n.endswith((".so", ".pyd")) for n in names)


class SourceOnly:
    """A finder that imports ``wartable``'s modules from their ``.py`` files, never from an
    extension beside them: ``WARTABLE_ENGINE=python`` in an installed compiled package."""

    @staticmethod
    def find_spec(
        name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("wartable."):
            return None
        leaf = name.rpartition(".")[2]
        for entry in path or ():
            init = os.path.join(entry, leaf, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    name, init, submodule_search_locations=[os.path.dirname(init)]
                )
            module = os.path.join(entry, leaf + ".py")
            if os.path.isfile(module):
                return importlib.util.spec_from_file_location(name, module)
        return None


def package_path(path: list[str]) -> list[str]:
    """``wartable.__path__``: the compiled tree first when it matches; never raises."""
    global ACTIVE
    try:
        if os.environ.get("WARTABLE_ENGINE", "").lower() in ("python", "pure", "interpreted"):
            if installed_compiled() and SourceOnly not in sys.meta_path:
                sys.meta_path.insert(0, SourceOnly)
            return path
        tree = current_tree(default_dir())
        if tree is None or os.path.abspath(tree) == os.path.dirname(PACKAGE):
            if installed_compiled():
                ACTIVE = PACKAGE
            return path
        ACTIVE = tree
        if tree not in sys.path:  # the groups' shared libraries (``core__mypyc`` ...) live there
            sys.path.append(tree)
        return [os.path.join(tree, "wartable"), *path]
    except Exception:  # any surprise: the pure-Python engine, silently
        return path
