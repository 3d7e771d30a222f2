"""The layers of docs/architecture.md, read from the source: imports only point down, and
no import cycle between the modules of ``src/wartable`` (none through a function's import either).

The import graph is built with ``ast`` from the files (nothing is imported), so a module that
needs an extra (numpy, pyspiel, fastapi) is checked like any other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "wartable"

ADAPTERS = ("sim", "envs", "testing", "server")


@dataclass(frozen=True)
class Import:
    target: str  # the module imported (a submodule when ``from pkg import sub`` names one)
    line: int
    module_level: bool  # run when the module is imported (not inside a function)
    type_only: bool  # under ``if TYPE_CHECKING:``


def _modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package)."""
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


MODULES = _modules()
GAME_PACKAGES = frozenset(
    name
    for name, (_, is_package) in MODULES.items()
    if is_package and name.count(".") == 2 and name.startswith("wartable.games.")
)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = (module if is_package else module.rpartition(".")[0]).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str) -> list[Import]:
    """Every import of a ``wartable`` module in ``module``'s source, with where it runs."""
    path, is_package = MODULES[module]
    found: list[Import] = []

    def visit(nodes: list[ast.stmt], module_level: bool, type_only: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                visit(node.body, module_level, True)
                visit(node.orelse, module_level, type_only)
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(module, is_package, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in MODULES else base)
            for target in targets:
                if target == "wartable" or target.startswith("wartable."):
                    found.append(Import(target, node.lineno, module_level, type_only))
            inner = module_level and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child], inner, type_only)

    visit(ast.parse(path.read_text(), str(path)).body, True, False)
    return found


IMPORTS = {module: imports_of(module) for module in MODULES}


def _known(target: str) -> str:
    """The module an import loads (``pkg.name`` of a name that is not a module: ``pkg``)."""
    while target not in MODULES and "." in target:
        target = target.rpartition(".")[0]
    return target


def import_graph(lazy: bool = False) -> dict[str, set[str]]:
    """Module -> the modules it imports when it is imported (not for type checking only;
    ``lazy``: also those imported inside its functions)."""
    return {
        module: {
            _known(imp.target)
            for imp in found
            if (lazy or imp.module_level) and not imp.type_only and _known(imp.target) != module
        }
        for module, found in IMPORTS.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_cycle_finder_finds_a_planted_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(graph) == [frozenset({"a", "b", "c"})]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert "wartable.core.game" in graph["wartable.games.draconia.game"]  # absolute
    assert "wartable.games.draconia.state" in graph["wartable.games.draconia.game"]  # relative
    assert "wartable.games.graxia.choice_record" in graph["wartable.games.graxia.push"]  # from .
    lazy = [i for i in IMPORTS["wartable.cli.serve_cmd"] if i.target.startswith("wartable.server")]
    assert lazy and not any(i.module_level for i in lazy)  # inside a function: not an edge


@pytest.mark.parametrize("lazy", [False, True], ids=["module-level", "with-function-imports"])
def test_no_import_cycle(lazy: bool) -> None:
    """No import cycle anywhere, not even through an import inside a function: each module
    sits above every module it imports."""
    found = [sorted(c) for c in cycles(import_graph(lazy))]
    assert not found, f"import cycles: {found}"


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] not in {"core", "games", "agents", "cli", "tune", *ADAPTERS}:
        return "root"  # wartable/__init__.py, _fast.py
    if parts[1] == "games" and ".".join(parts[:3]) in GAME_PACKAGES:
        return ".".join(parts[:3])  # one game's package
    return parts[1]  # "games" alone is the registry


def _allowed(layer: str) -> set[str]:
    """The layers a module of ``layer`` may import (docs/architecture.md)."""
    if layer == "core":
        return {"core"}
    if layer in GAME_PACKAGES:
        return {"core", layer}
    if layer == "games":
        return {"core", "games"}
    if layer == "agents":
        return {"core", "games", "agents"}
    if layer in ADAPTERS:
        return {"core", "games", "agents", layer}
    if layer == "tune":  # the designers' tuner sits on the lab, games only through the registry
        return {"core", "games", "agents", "sim", "tune"}
    return {"core", "games", "agents", "cli", "root", "tune", *ADAPTERS, *GAME_PACKAGES}


def upward_imports() -> list[str]:
    bad = []
    for module, found in IMPORTS.items():
        layer = _layer(module)
        for imp in found:
            target = _layer(_known(imp.target))
            if target not in _allowed(layer):
                path = MODULES[module][0].relative_to(SRC)
                bad.append(f"{path}:{imp.line} ({layer}) imports {imp.target} ({target})")
    return bad


def test_layers_are_classified() -> None:
    assert GAME_PACKAGES == {
        f"wartable.games.{gid}" for gid in ("draconia", "graxia", "invasion", "skirm", "weapons")
    }
    assert _layer("wartable.games") == "games"
    assert _layer("wartable.games.skirm.cards") == "wartable.games.skirm"
    assert _layer("wartable.sim.tournament") == "sim"
    assert "wartable.games.skirm" not in _allowed("wartable.games.weapons")
    assert "wartable.games.skirm" not in _allowed("envs")  # adapters know no rule


@pytest.mark.parametrize(
    ("module", "target"),
    [
        ("wartable.core.game", "wartable.games.draconia.state"),  # core knows no game
        ("wartable.core.match", "wartable.agents.ismcts"),
        ("wartable.games.skirm.game", "wartable.games.weapons.rules"),  # another game
        ("wartable.games.skirm.game", "wartable.games"),  # the registry
        ("wartable.games.skirm.game", "wartable.envs.encoders"),
        ("wartable.agents.ismcts", "wartable.sim.tournament"),
        ("wartable.sim.runner", "wartable.cli.common"),
        ("wartable.server.app", "wartable.cli.games_cmd"),  # adapters do not lean on the CLI
        ("wartable.envs.gymnasium", "wartable.games.draconia.cards"),  # an adapter knows no rule
    ],
)
def test_an_upward_import_would_be_caught(module: str, target: str) -> None:
    assert _layer(target) not in _allowed(_layer(module))


def test_no_module_imports_upward() -> None:
    """Any import, also inside a function or for type checking: core imports no game and
    nothing above it; a game imports only core and its own package; agents import core and
    the game registry; sim, envs, testing and server import core, the registry, agents and
    themselves; only the CLI sits above them all."""
    assert not upward_imports(), "\n".join(upward_imports())


# Guardians of Graxia's rooms (docs/architecture.md): the core rules at the package's top level
# never reach into solo/ (they call the state's variant, variant.py); only the game, which
# picks the variant, the card reference and the bots (players of a solo game) do.
GRAXIA = "wartable.games.graxia"
GRAXIA_SOLO_USERS = frozenset(
    f"{GRAXIA}.{name}" for name in ("game", "reference", "bots", "bots_planner")
)


def graxia_core_reaching_solo() -> list[str]:
    bad = []
    for module, found in IMPORTS.items():
        if not module.startswith(f"{GRAXIA}.") or module.startswith(f"{GRAXIA}.solo"):
            continue
        if module in GRAXIA_SOLO_USERS:
            continue
        for imp in found:
            if imp.target == f"{GRAXIA}.solo" or imp.target.startswith(f"{GRAXIA}.solo."):
                bad.append(f"{module}:{imp.line} imports {imp.target}")
    return bad


def test_graxia_core_rules_call_solo_only_through_the_variant() -> None:
    assert not graxia_core_reaching_solo()


def test_graxia_room_check_sees_a_reach_into_solo() -> None:
    """The check reads real imports: the game (allowed) does import solo/."""
    game = IMPORTS[f"{GRAXIA}.game"]
    assert any(i.target.startswith(f"{GRAXIA}.solo.") for i in game)
