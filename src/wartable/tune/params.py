"""The tuner's params file: which data values may change, and within what range.

A params file is untrusted input (it may come from anyone), so it is validated with pydantic
(unknown keys, bad ranges) and then resolved against the data it tunes: every path must name
one existing scalar value, no path may name a value the rulebook prints (the game's
``tuning.printed_section`` says which section prints it), and both ends of each range must be
values the game's own data check accepts. Any failure raises ``ConfigError`` naming the
parameter; nothing is written.

A path names one value in one TOML file of the game's data directory::

    units.toml:unit[name=Iron Lancers].attack
    units.toml:unit[faction=ironshroud,name=Bastion Guard#2].defense   # the 2nd match
    tiles.toml:tile[id=12a].mana
    scenarios/2p-1.toml:tiles[q=2,r=1].tile                           # a map placement

A segment ``name[key=value,...#k]`` picks, from the array of tables ``name``, the records
whose fields equal the given values (compared as text); ``#k`` takes the k-th (1-based),
otherwise exactly one record must match.

A parameter takes ``low`` and ``high`` (a number), ``choices`` (any value, set in place) or
``swap``: the record trades the field's value with the record of the same array that holds
the chosen one (a map cell trades tiles with another cell: the two tiles change places), so
no value is lost or doubled. ``follow`` names lists elsewhere in the file that describe
positions rather than things (a home row, a deployment zone): their entries naming either
value are exchanged too. ``players.home_row`` walks every record of ``players``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wartable.core.errors import ConfigError

MAX_PARAMS = 200
MAX_PARAMS_BYTES = 256 * 1024
Scalar = int | float | str

_FOLLOW = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$")
_SEGMENT = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_-]*)(?:\[(?P<sel>[^\]]*)\])?$")


class ParamSpec(BaseModel):
    """One ``[[param]]`` of the params file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(min_length=3, max_length=300)
    low: int | float | None = None
    high: int | float | None = None
    choices: tuple[int | float | str, ...] | None = Field(None, min_length=2, max_length=50)
    swap: tuple[int | float | str, ...] | None = Field(None, min_length=2, max_length=50)
    follow: tuple[str, ...] = Field((), max_length=10)
    start: int | float | str | None = Field(
        None, description="the value to start from (default: the data's current value)"
    )

    @model_validator(mode="after")
    def _range_or_choices(self) -> ParamSpec:
        has_range = self.low is not None or self.high is not None
        given = has_range + (self.choices is not None) + (self.swap is not None)
        if given != 1:
            raise ValueError("give one of: low and high, choices, or swap")
        if self.follow and self.swap is None:
            raise ValueError("follow goes with swap")
        if self.swap is not None:
            if len(set(self.swap)) != len(self.swap):
                raise ValueError("swap repeats a value")
            if any(not _FOLLOW.match(f) for f in self.follow):
                raise ValueError("follow names dotted keys (e.g. players.home_row)")
            return self
        if has_range:
            if self.low is None or self.high is None:
                raise ValueError("a range needs both low and high")
            if not self.low < self.high:
                raise ValueError(f"low ({self.low}) must be below high ({self.high})")
        elif self.choices is not None and len(set(self.choices)) != len(self.choices):
            raise ValueError("choices repeat a value")
        return self


class ParamsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(min_length=1, max_length=40)
    param: tuple[ParamSpec, ...] = Field(min_length=1, max_length=MAX_PARAMS)


@dataclass(frozen=True)
class Param:
    """A resolved parameter: where it lives, its kind and its starting value."""

    name: str  # the path, also the Optuna parameter name
    file: str
    steps: tuple[tuple[str, str | None], ...]  # (key, selector) from the file's top
    kind: Literal["int", "float", "choice"]
    low: float
    high: float
    choices: tuple[Scalar, ...]
    original: Scalar  # the value in the base data
    start: Scalar  # where the search starts (trial 0)
    # a ``choice`` written by trading places (``swap``), and the lists that follow the trade
    swap: bool = False
    follow: tuple[str, ...] = ()

    def scale(self) -> float:
        return self.high - self.low if self.kind != "choice" else 1.0


def load_params_file(path: Path) -> ParamsFile:
    if not path.is_file():
        raise ConfigError(f"{path}: no such params file")
    raw = path.read_bytes()
    if len(raw) > MAX_PARAMS_BYTES:
        raise ConfigError(f"{path}: too large ({len(raw)} bytes, at most {MAX_PARAMS_BYTES})")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ConfigError(f"{path}: not valid TOML: {err}") from None
    try:
        return ParamsFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top)"
        raise ConfigError(f"{path}: {where}: {first['msg']}") from None


def parse_path(path: str) -> tuple[str, tuple[tuple[str, str | None], ...]]:
    """``FILE:seg.seg...`` -> (file, ((key, selector or None), ...))."""
    file, sep, rest = path.partition(":")
    if not sep or not file or not rest:
        raise ConfigError(f"param {path!r}: write FILE:field (e.g. units.toml:unit[name=X].attack)")
    parts = Path(file).parts
    if Path(file).is_absolute() or ".." in parts or not file.endswith(".toml"):
        raise ConfigError(f"param {path!r}: the file must be a .toml inside the data directory")
    steps: list[tuple[str, str | None]] = []
    for segment in _split_segments(rest):
        match = _SEGMENT.match(segment)
        if not match:
            raise ConfigError(f"param {path!r}: cannot read the part {segment!r}")
        steps.append((match["name"], match["sel"]))
    return file, tuple(steps)


def _split_segments(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == "." and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def _select(path: str, table: list[Any], key: str, selector: str) -> Any:
    body, _, nth = selector.partition("#")
    wanted: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in body.split(","))):
        k, eq, v = pair.partition("=")
        if not eq:
            raise ConfigError(f"param {path!r}: selector {pair!r} is not key=value")
        wanted[k.strip()] = v.strip()
    matches = [
        rec
        for rec in table
        if isinstance(rec, dict) and all(str(rec.get(k)) == v for k, v in wanted.items())
    ]
    if nth:
        if not nth.isdigit() or not 1 <= int(nth) <= len(matches):
            raise ConfigError(
                f"param {path!r}: {key}[{selector}]: #{nth} but {len(matches)} records match"
            )
        return matches[int(nth) - 1]
    if len(matches) != 1:
        raise ConfigError(
            f"param {path!r}: {key}[{selector}] matches {len(matches)} records, not one "
            "(add fields or #k)"
        )
    return matches[0]


def locate(
    path: str, doc: Any, steps: tuple[tuple[str, str | None], ...]
) -> tuple[list[dict[str, Any]], Any, str]:
    """Walk ``steps`` in a parsed TOML document (dicts and lists, plain or tomlkit).

    Returns (the document and each record selected on the way, the container of the value,
    the value's key).
    """
    chain: list[dict[str, Any]] = [doc]
    node: Any = doc
    for i, (key, selector) in enumerate(steps):
        if not isinstance(node, dict) or key not in node:
            raise ConfigError(f"param {path!r}: the data has no field {key!r} there")
        last = i == len(steps) - 1
        if selector is None:
            if last:
                return chain, node, key
            node = node[key]
            continue
        table = node[key]
        if not isinstance(table, list):
            raise ConfigError(f"param {path!r}: {key!r} is not a list of records")
        node = _select(path, table, key, selector)
        chain.append(node)
        if last:
            raise ConfigError(f"param {path!r}: name a field of the record, not the record")
    raise ConfigError(f"param {path!r}: empty path")


def swap_array(path: str, doc: Any, steps: tuple[tuple[str, str | None], ...]) -> list[Any]:
    """The array of records whose field a ``swap`` parameter trades (``arr[sel].field``)."""
    if len(steps) < 2 or steps[-1][1] is not None or steps[-2][1] is None:
        raise ConfigError(f"param {path!r}: swap needs a path ending in list[selector].field")
    _, container, key = locate(path, doc, (*steps[:-2], (steps[-2][0], None)))
    return list(container[key])


def holder(path: str, array: list[Any], field: str, value: Scalar) -> Any:
    """The one record of ``array`` whose ``field`` is ``value``."""
    found = [r for r in array if isinstance(r, dict) and plain(r.get(field)) == value]
    if len(found) != 1:
        raise ConfigError(f"param {path!r}: {len(found)} records hold {field} = {value!r}, not one")
    return found[0]


def follow_lists(path: str, doc: Any, key: str) -> list[Any]:
    """Every list ``key`` (dotted, walking every record of an array) names in ``doc``."""
    nodes: list[Any] = [doc]
    for part in key.split("."):
        step: list[Any] = []
        for node in nodes:
            for item in node if isinstance(node, list) else [node]:
                if isinstance(item, dict) and part in item:
                    step.append(item[part])
        nodes = step
    lists = [n for n in nodes if isinstance(n, list)]
    if not lists:
        raise ConfigError(f"param {path!r}: follow {key!r} names no list in the file")
    return lists


def trade(
    path: str,
    doc: Any,
    steps: tuple[tuple[str, str | None], ...],
    new: Scalar,
    follow: tuple[str, ...],
) -> None:
    """Write a ``swap`` parameter: the record takes ``new``, its holder the old value; every
    followed list exchanges the two."""
    _, record, field = locate(path, doc, steps)
    old = plain(record[field])
    if new == old:
        return
    other = holder(path, swap_array(path, doc, steps), field, new)
    record[field], other[field] = new, old
    for key in follow:
        for items in follow_lists(path, doc, key):
            for i, item in enumerate(items):
                if plain(item) == old:
                    items[i] = new
                elif plain(item) == new:
                    items[i] = old


def plain(value: Any) -> Any:
    """A tomlkit value as plain Python (tomlkit items subclass the builtins)."""
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if callable(unwrap) else value


def record_label(chain: list[dict[str, Any]]) -> str:
    """The innermost record's identity in words (its name, id or tile)."""
    for rec in reversed(chain[1:]):
        rec = plain(rec)
        parts = [str(rec[k]) for k in ("faction", "name", "id", "tile", "seat") if k in rec]
        if parts:
            return "/".join(parts)
    return ""
