"""From command-line options to validated configs: ``--mode``, ``--data``, ``--sweep``.

Everything here runs before any game starts, so bad input is one clear
error (``ConfigError`` / ``DataError``) and nothing is played.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from wartable.core.errors import ConfigError, DataError
from wartable.core.game import Game


def _fields(game: Game[Any, Any]) -> dict[str, Any]:
    model: type[BaseModel] = game.config_model
    return dict(model.model_fields)


def _literal_values(annotation: Any) -> tuple[Any, ...]:
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return ()


def mode_assignment(game: Game[Any, Any], mode: str) -> dict[str, Any]:
    """The config keys that select ``mode``, found from the game's typed config.

    A field whose allowed values include the mode (``mode: "teams"``,
    ``variant: "quick"``) takes that value; a boolean field named after the
    mode (``draft``, ``settlement_mode``) is switched on. The only mode of a
    single-mode game needs nothing.
    """
    if mode not in game.modes:
        raise ConfigError(f"{game.id} has no mode {mode!r} (modes: {', '.join(game.modes)})")
    fields = _fields(game)
    for name, info in fields.items():
        if mode in _literal_values(info.annotation):
            return {name: mode}
    key = mode.replace(" ", "_")
    for name in (key, f"{key}_mode"):
        if name in fields and fields[name].annotation is bool:
            return {name: True}
    if len(game.modes) == 1:
        return {}
    raise ConfigError(
        f"{game.id} mode {mode!r} is not selected by one config key: set it with --config "
        f"(keys: {', '.join(fields)})"
    )


def apply_mode(game: Game[Any, Any], mode: str | None, config: dict[str, Any]) -> dict[str, Any]:
    """``config`` with the mode's keys set (the player count from an example config
    of that mode when the default count does not fit and none was given)."""
    if not mode:
        return config
    chosen = mode_assignment(game, mode)
    for key, value in chosen.items():
        if key in config and config[key] != value:
            raise ConfigError(
                f"--mode {mode} sets {key}={value!r} but --config has {config[key]!r}"
            )
    merged = {**chosen, **config}
    if "players" in merged or "players" not in _fields(game):
        return merged
    try:
        game.make_config(merged)
    except ConfigError:
        for example in game.example_configs():
            if all(example.get(k) == v for k, v in chosen.items()) and "players" in example:
                return {**merged, "players": example["players"]}
    return merged


def apply_data(
    game: Game[Any, Any], directory: Path | None, config: dict[str, Any]
) -> dict[str, Any]:
    """``--data DIR``: validate DIR and set the game's ``data_dir`` (an absolute path,
    so workers anywhere, e.g. on Ray, read the same files)."""
    if directory is None:
        return config
    if "data_dir" not in _fields(game):
        raise ConfigError(f"{game.id} reads no data files: --data does not apply to it")
    if not directory.is_dir():
        raise DataError(f"--data {directory}: not a directory")
    path = str(directory.resolve())
    checker = getattr(importlib.import_module(f"wartable.games.{game.id}"), "check_data", None)
    if checker is not None:
        checker(Path(path))  # DataError naming the file, record and field
    return {**config, "data_dir": path}


def data_digest(config: dict[str, Any]) -> str:
    """The files a config's ``data_dir`` points at, as one short digest (``""`` without
    ``data_dir``): stored with every game so that a re-run on changed files is a
    different game, and a re-run on the same files the same one."""
    directory = config.get("data_dir")
    if not directory:
        return ""
    root = Path(directory)
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def split_values(text: str) -> list[str]:
    """``"8,10,12"`` -> 3 values; commas inside ``[]``, ``{}`` or quotes do not split."""
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def parse_value(text: str) -> Any:
    """A sweep value: JSON when it parses (``10``, ``true``, ``["a","b"]``), else a string."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _wants_text(game: Game[Any, Any] | None, key: str) -> bool:
    """True for a config field that holds text (``battle_stage: "1"``), so ``1`` stays ``"1"``."""
    if game is None or key not in _fields(game):
        return False
    annotation = _fields(game)[key].annotation
    literal = _literal_values(annotation)
    if literal:
        return all(isinstance(v, str) for v in literal)
    return annotation in (str, str | None)


def parse_sweeps(
    options: list[str], game: Game[Any, Any] | None = None
) -> list[tuple[str, list[Any]]]:
    """``["starting_health=8,10,12", ...]`` -> ``[("starting_health", [8, 10, 12]), ...]``.

    Values are JSON when they parse, except for the game's text fields."""
    sweeps: list[tuple[str, list[Any]]] = []
    for option in options:
        key, sep, rest = option.partition("=")
        key = key.strip()
        if not sep or not key or not rest.strip():
            raise ConfigError(f"--sweep {option!r}: expected KEY=V1,V2,...")
        values = split_values(rest)
        if any(v == "" for v in values):
            raise ConfigError(f"--sweep {option!r}: empty value")
        if key in (k for k, _ in sweeps):
            raise ConfigError(f"--sweep {key} is given twice")
        text = _wants_text(game, key)
        sweeps.append((key, [v.strip("\"'") if text else parse_value(v) for v in values]))
    return sweeps


def cell_label(assignment: dict[str, Any]) -> str:
    return " ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in assignment.items())


def grid(
    base: dict[str, Any], sweeps: list[tuple[str, list[Any]]]
) -> list[tuple[str, dict[str, Any]]]:
    """Every cell of the sweep grid: ``(label, config)``; one unlabelled cell without sweeps."""
    if not sweeps:
        return [("", dict(base))]
    keys = [k for k, _ in sweeps]
    for key in keys:
        if key in base:
            raise ConfigError(f"--sweep {key} conflicts with the same key in --config")
    cells = []
    for combo in itertools.product(*(values for _, values in sweeps)):
        assignment = dict(zip(keys, combo, strict=True))
        cells.append((cell_label(assignment), {**base, **assignment}))
    return cells


def check_metric(game: Game[Any, Any], config: Any, seed: int, key: str | None) -> None:
    """``--by KEY``: the game must report KEY (checked on a fresh state, before playing)."""
    if not key:
        return
    known = game.metrics(game.new_state(config, seed))
    if key not in known:
        raise ConfigError(f"{game.id} has no metric {key!r} (metrics: {', '.join(sorted(known))})")
