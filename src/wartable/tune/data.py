"""Data directories for the tuner: resolve a params file against a game's data, write variants.

A game takes part by having a ``wartable.games.<id>.tuning`` module (reached by name, as the
``data check`` command reaches ``check_data``) with:

- ``DATA_DIR``: the game's own data directory;
- ``printed_section(file, records, field) -> str | None``: the rulebook section that prints
  that value (never tunable), or ``None`` for a reconstructed one; ``records`` are the file's
  document and each record selected on the way, ``field`` the path after the last one;
- ``check_data(directory)``: the game's own validation (raises ``DataError``);
- ``target_cells(kind, arg, config)``: what a target measures (see ``targets``).

A variant is the base directory's TOML files with the trial's values written in (``tomlkit``
keeps every comment and layout), in a directory named by the digest of its content: the
games' loaders cache data by directory, so one directory must never change its content.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import shutil
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

from wartable.core.errors import ConfigError, WartableError
from wartable.games import get_game

from .params import (
    Param,
    ParamsFile,
    Scalar,
    follow_lists,
    holder,
    locate,
    parse_path,
    plain,
    record_label,
    swap_array,
    trade,
)


def tuning_module(game_id: str) -> ModuleType:
    get_game(game_id)  # an unknown game: the registry's one-line error
    try:
        return importlib.import_module(f"wartable.games.{game_id}.tuning")
    except ModuleNotFoundError:
        raise ConfigError(
            f"{game_id} declares no tunable data (it has no list of which values its "
            "rulebook prints), so the tuner cannot change it"
        ) from None


def toml_files(directory: Path) -> list[Path]:
    return sorted(p.relative_to(directory) for p in directory.rglob("*.toml"))


def copy_data(base: Path, dest: Path) -> None:
    """Copy the TOML files of ``base`` (only those: a data directory is TOML)."""
    for rel in toml_files(base):
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(base / rel, target)


def field_after_record(steps: tuple[tuple[str, str | None], ...]) -> tuple[int, str]:
    """(number of selected records, the field path after the last one)."""
    last = max((i for i, (_, sel) in enumerate(steps) if sel is not None), default=-1)
    return sum(1 for _, sel in steps if sel is not None), ".".join(k for k, _ in steps[last + 1 :])


def resolve(params: ParamsFile, game_id: str, base: Path) -> list[Param]:
    """Check every parameter against the data in ``base`` (see ``params`` for the rules)."""
    if params.game != game_id:
        raise ConfigError(f"the params file is for {params.game!r}, not {game_id!r}")
    module = tuning_module(game_id)
    docs: dict[str, Any] = {}
    out: list[Param] = []
    for spec in params.param:
        if any(p.name == spec.path for p in out):
            raise ConfigError(f"param {spec.path!r} is named twice")
        file, steps = parse_path(spec.path)
        if file not in docs:
            source = base / file
            if not source.is_file():
                raise ConfigError(f"param {spec.path!r}: the data has no file {file}")
            docs[file] = tomllib.loads(source.read_text("utf-8"))
        chain, container, key = locate(spec.path, docs[file], steps)
        value = plain(container[key])
        _, field = field_after_record(steps)
        section = module.printed_section(file, [plain(r) for r in chain], field)
        if section:
            raise ConfigError(
                f"param {spec.path!r}: {record_label(chain)} {field} is printed by the "
                f"rulebook ({section}); printed values are never tunable"
            )
        param = _typed(spec.path, file, steps, value, spec)
        if param.swap:
            array = swap_array(spec.path, docs[file], steps)
            for choice in param.choices:
                holder(spec.path, array, key, choice)
            for follow in param.follow:
                follow_lists(spec.path, docs[file], follow)
        out.append(param)
    return out


def _typed(
    name: str, file: str, steps: tuple[tuple[str, str | None], ...], value: Any, spec: Any
) -> Param:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ConfigError(f"param {name!r}: names a {type(value).__name__}, not a number or text")
    start = value if spec.start is None else spec.start
    choices = spec.choices if spec.choices is not None else spec.swap
    if choices is not None:
        if start not in choices:
            raise ConfigError(f"param {name!r}: starts at {start!r}, not one of its choices")
        kinds = {type(c) for c in choices} | {type(value)}
        if len(kinds) != 1:
            raise ConfigError(f"param {name!r}: choices must have the data value's type")
        swap = spec.swap is not None
        return Param(
            name, file, steps, "choice", 0.0, 1.0, choices, value, start, swap, spec.follow
        )
    if isinstance(value, str):
        raise ConfigError(f"param {name!r}: a text value takes choices, not low..high")
    integer = isinstance(value, int)
    if integer and not (isinstance(spec.low, int) and isinstance(spec.high, int)):
        raise ConfigError(f"param {name!r}: the value is an integer: give integer low and high")
    if isinstance(start, str) or isinstance(start, bool):
        raise ConfigError(f"param {name!r}: start must be a number")
    if integer and not isinstance(start, int):
        raise ConfigError(f"param {name!r}: start must be an integer")
    if not spec.low <= start <= spec.high:
        raise ConfigError(f"param {name!r}: starts at {start}, outside {spec.low}..{spec.high}")
    kind: Literal["int", "float"] = "int" if integer else "float"
    return Param(name, file, steps, kind, float(spec.low), float(spec.high), (), value, start)


def write_values(base: Path, dest: Path, params: list[Param], values: dict[str, Scalar]) -> None:
    """``dest`` = ``base``'s TOML files with ``values`` (param name -> value) written in."""
    import tomlkit

    copy_data(base, dest)
    by_file: dict[str, list[Param]] = {}
    for p in params:
        by_file.setdefault(p.file, []).append(p)
    for file, group in by_file.items():
        path = dest / file
        doc = tomlkit.parse(path.read_text("utf-8"))
        for p in group:  # in the params file's order (a trade moves what later ones name)
            if p.swap:
                trade(p.name, doc, p.steps, values[p.name], p.follow)
                continue
            _, container, key = locate(p.name, doc, p.steps)
            container[key] = values[p.name]
        path.write_text(tomlkit.dumps(doc), "utf-8")


def values_digest(values: dict[str, Scalar]) -> str:
    text = json.dumps(sorted(values.items()), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def variant(workdir: Path, base: Path, params: list[Param], values: dict[str, Scalar]) -> Path:
    """The data directory for ``values`` under ``workdir`` (written once, then reused)."""
    dest = workdir / f"data-{values_digest(values)}"
    if not (dest / ".complete").exists():
        tmp = workdir / f".tmp-{values_digest(values)}"
        shutil.rmtree(tmp, ignore_errors=True)
        write_values(base, tmp, params, values)
        (tmp / ".complete").write_text("")
        shutil.rmtree(dest, ignore_errors=True)
        tmp.rename(dest)
    return dest


def check_ranges(game_id: str, base: Path, params: list[Param], workdir: Path) -> None:
    """Every end of every range (and every choice) must be data the game accepts."""
    module = tuning_module(game_id)
    start = {p.name: p.start for p in params}
    for p in params:
        ends: tuple[Scalar, ...] = p.choices or (_end(p, p.low), _end(p, p.high))
        for end in ends:
            trial = {**start, p.name: end}
            probe = workdir / ".probe"
            shutil.rmtree(probe, ignore_errors=True)
            write_values(base, probe, params, trial)
            try:
                module.check_data(probe)
            except WartableError as err:
                raise ConfigError(
                    f"param {p.name!r}: the game does not accept {end!r}: {err}"
                ) from None
            finally:
                shutil.rmtree(probe, ignore_errors=True)
    for extreme in ("low", "high"):  # all ends together (a deck total, a cross-check)
        trial = {
            p.name: (_end(p, getattr(p, extreme)) if p.kind != "choice" else p.start)
            for p in params
        }
        probe = workdir / ".probe"
        write_values(base, probe, params, trial)
        try:
            module.check_data(probe)
        except WartableError as err:
            raise ConfigError(f"every parameter at its {extreme} end: {err}") from None
        finally:
            shutil.rmtree(probe, ignore_errors=True)


def _end(p: Param, x: float) -> Scalar:
    return int(x) if p.kind == "int" else x
