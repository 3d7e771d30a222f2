"""The one door for input the engine did not make: JSON text, positions, replays, configs.

Everything a user or a client hands in (a position, a replay, a config, an action's text)
passes through here before a game sees it:

- ``load_json_text``: size cap, bad UTF-8, nesting depth (measured without recursion, before
  parsing), integers longer than ``MAX_INT_DIGITS`` (Python's own limit is 4,300 digits and
  ends in a ``ValueError``), ``NaN``/``Infinity``/overflowing floats, duplicate keys. Every
  failure is the caller's ``WartableError`` subclass, one line, naming what is wrong.
- ``Fields``: typed, bounded reads of a JSON object (``state.hands[2][0]: expected an integer
  0..39``), used by every game's ``state_from_json``; unknown keys are refused.
- ``load_config``: a game's config with local paths (data directories, deck files) refused
  unless the caller passes ``allow_local_data=True`` (the command line does; a server must not).
- ``read_bytes``: a file or stdin, at most ``max_bytes``.

Errors never quote the rejected input beyond a short, printable excerpt, and never a line
of a file.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import ConfigError, PositionError, WartableError

MAX_BYTES = 4 * 1024 * 1024  # a position is a few kB; a long replay a few hundred kB
MAX_DEPTH = 32  # positions nest 5 deep, replays 3, configs 4
MAX_INT_DIGITS = 40  # the largest legitimate integer is a 64-bit generator state (20 digits)
MAX_LIST = 100_000  # no list in any position, replay or config is longer
MAX_STR = 1_000  # no string in any position or config is longer
MAX_ACTION_TEXT = 200  # an action's notation is a few words

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_NOTE_BAD = re.compile(r"[^\x20-\x7e]")


def excerpt(value: Any, limit: int = 40) -> str:
    """A short, printable, single-line rendering of a rejected value for an error message."""
    text = repr(value)
    text = _NOTE_BAD.sub("?", text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting of JSON text, counted without recursion."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


class _Refused(Exception):
    """Raised inside the JSON decoder hooks; turned into the caller's error class."""


def _parse_int(s: str) -> int:
    digits = len(s.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(s)


def _parse_float(s: str) -> float:
    if len(s) > MAX_INT_DIGITS + 20:
        raise _Refused(f"a number written with {len(s)} characters")
    value = float(s)
    if not math.isfinite(value):
        raise _Refused(f"a number out of range ({excerpt(s, 20)})")
    return value


def _parse_constant(s: str) -> Any:
    raise _Refused(f"{s} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"duplicate key {excerpt(key)}")
        out[key] = value
    return out


def decode_utf8(data: bytes, what: str, error: type[WartableError] = WartableError) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(f"{what}: not valid UTF-8 (byte {err.start})") from None


def load_json_text(
    text: str | bytes,
    *,
    what: str = "input",
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    error: type[WartableError] = WartableError,
) -> Any:
    """Parse untrusted JSON; every problem is ``error(...)`` with one line naming it."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise error(f"{what}: {size} bytes, more than the {max_bytes} allowed")
    if isinstance(text, bytes):
        text = decode_utf8(text, what, error)
    depth = nesting_depth(text)
    if depth > max_depth:
        raise error(f"{what}: nested {depth} deep, more than the {max_depth} allowed")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_no_duplicates,
        )
    except _Refused as err:
        raise error(f"{what}: not accepted: {err}") from None
    except json.JSONDecodeError as err:
        raise error(
            f"{what}: not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except RecursionError:  # cannot happen below MAX_DEPTH; kept as a last guard
        raise error(f"{what}: nested too deep") from None


def read_bytes(
    path: str, max_bytes: int = MAX_BYTES, error: type[WartableError] = WartableError
) -> bytes:
    """A file's bytes (``-``: stdin), refusing more than ``max_bytes``."""
    if path == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
    else:
        with Path(path).open("rb") as fh:
            data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        name = "<stdin>" if path == "-" else path
        raise error(f"{name}: more than the {max_bytes} bytes allowed")
    return data


def check_action_text(text: Any, where: str, error: type[WartableError] = WartableError) -> str:
    """An action's notation as handed in: a short, printable string."""
    if not isinstance(text, str):
        raise error(f"{where}: expected an action in notation (a string), got {excerpt(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise error(f"{where}: an action of {len(text)} characters is not notation")
    if _NOTE_BAD.search(text):
        raise error(f"{where}: {excerpt(text)} holds characters no notation uses")
    return text


# ----------------------------------------------------------------------------- configs
LOCAL_DATA = "allow_local_data"


def local_data_allowed(info: Any) -> bool:
    """For config validators: may this config name local paths? (Trusted Python code: yes.)"""
    context = getattr(info, "context", None)
    return not isinstance(context, dict) or bool(context.get(LOCAL_DATA, True))


def load_config(
    game: Any,
    data: Any,
    *,
    allow_local_data: bool = False,
    error: type[WartableError] = ConfigError,
) -> Any:
    """Validate an untrusted config mapping for ``game``; local paths only with
    ``allow_local_data``. The game's own ``make_config`` checks run as well."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise error(f"{game.id} config: expected an object, got {excerpt(data)}")
    try:
        config = game.config_model.model_validate(data, context={LOCAL_DATA: allow_local_data})
        return game.make_config(config)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        msg = str(first["msg"]).removeprefix("Value error, ")
        raise error(f"{game.id} config: {where}: {msg}") from None
    except WartableError as err:
        raise error(str(err)) from None


def refuse_local_path(field: str, info: Any) -> None:
    """Config validators call this before reading a path named in the config."""
    if not local_data_allowed(info):
        raise ValueError(
            f"{field} names a local path; local data is not allowed here (the command line "
            "allows it, a server does not)"
        )


def check_local_dir(cls: Any, value: str | None, info: Any) -> str | None:
    """A config's ``data_dir`` validator, shared by every game's config model:
    ``_local_dir = field_validator("data_dir")(check_local_dir)``."""
    if value is not None:
        refuse_local_path("data_dir", info)
    return value


# ----------------------------------------------------------------------------- typed reads
def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class Fields:
    """Bounded, typed reads of one JSON object; errors name the full field path.

    Call ``done()`` at the end: a key that was never read is refused as unknown.
    """

    def __init__(self, data: Any, where: str = "state", error: type[WartableError] = PositionError):
        self.where = where
        self.error = error
        if not isinstance(data, dict):
            raise error(f"{where}: expected an object, got {excerpt(data)}")
        self.data: dict[str, Any] = data
        self.read: set[str] = set()

    def fail(self, path: str, message: str) -> WartableError:
        return self.error(f"{self.where}.{path}: {message}")

    def raw(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(key, "missing")
        self.read.add(key)
        return self.data[key]

    def optional(self, key: str, default: Any) -> Any:
        if key not in self.data:
            return default
        return self.raw(key)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.read)
        if extra:
            raise self.error(f"{self.where}: unknown field {excerpt(extra[0])}")

    # --- scalars
    def check_int(self, value: Any, path: str, lo: int, hi: int) -> int:
        if not _is_int(value):
            raise self.fail(path, f"expected an integer {lo}..{hi}, got {excerpt(value)}")
        if not lo <= value <= hi:
            raise self.fail(path, f"{value} is outside {lo}..{hi}")
        return int(value)

    def integer(self, key: str, lo: int, hi: int) -> int:
        return self.check_int(self.raw(key), key, lo, hi)

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {excerpt(value)}")
        return value

    def text(self, key: str, max_len: int = MAX_STR) -> str:
        value = self.raw(key)
        if not isinstance(value, str) or len(value) > max_len:
            raise self.fail(key, f"expected a string of at most {max_len} characters")
        return value

    def choice(self, key: str, options: Sequence[str]) -> str:
        value = self.raw(key)
        if value not in options or not isinstance(value, str):
            raise self.fail(key, f"expected one of {', '.join(options)}, got {excerpt(value)}")
        return value

    # --- lists
    def check_list(
        self, value: Any, path: str, length: int | None = None, max_len: int = MAX_LIST
    ) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {excerpt(value)}")
        if length is not None and len(value) != length:
            raise self.fail(path, f"expected {length} entries, got {len(value)}")
        if len(value) > max_len:
            raise self.fail(path, f"{len(value)} entries, at most {max_len}")
        return value

    def check_ints(
        self,
        value: Any,
        path: str,
        lo: int,
        hi: int,
        length: int | None = None,
        max_len: int = MAX_LIST,
    ) -> list[int]:
        items = self.check_list(value, path, length, max_len)
        for i, x in enumerate(items):
            self.check_int(x, f"{path}[{i}]", lo, hi)
        return list(items)

    def ints(
        self, key: str, lo: int, hi: int, length: int | None = None, max_len: int = MAX_LIST
    ) -> list[int]:
        return self.check_ints(self.raw(key), key, lo, hi, length, max_len)

    def bools(self, key: str, length: int | None = None) -> list[bool]:
        items = self.check_list(self.raw(key), key, length)
        for i, x in enumerate(items):
            if not isinstance(x, bool):
                raise self.fail(f"{key}[{i}]", f"expected true or false, got {excerpt(x)}")
        return list(items)

    def int_lists(
        self,
        key: str,
        lo: int,
        hi: int,
        count: int | None = None,
        length: int | None = None,
        max_len: int = MAX_LIST,
    ) -> list[list[int]]:
        outer = self.check_list(self.raw(key), key, count)
        return [
            self.check_ints(v, f"{key}[{i}]", lo, hi, length, max_len) for i, v in enumerate(outer)
        ]

    def bool_lists(self, key: str, count: int, length: int | None = None) -> list[list[bool]]:
        outer = self.check_list(self.raw(key), key, count)
        out: list[list[bool]] = []
        for i, v in enumerate(outer):
            items = self.check_list(v, f"{key}[{i}]", length)
            for j, x in enumerate(items):
                if not isinstance(x, bool):
                    raise self.fail(f"{key}[{i}][{j}]", f"expected true or false, got {excerpt(x)}")
            out.append(list(items))
        return out

    def strs(self, key: str, options: Iterable[str], length: int | None = None) -> list[str]:
        allowed = set(options)
        items = self.check_list(self.raw(key), key, length)
        for i, x in enumerate(items):
            if not isinstance(x, str) or x not in allowed:
                raise self.fail(f"{key}[{i}]", f"unknown value {excerpt(x)}")
        return list(items)

    def obj(self, key: str) -> Fields:
        return Fields(self.raw(key), f"{self.where}.{key}", self.error)

    def commitments(self, key: str, seats: int, universe: int, max_len: int = 64) -> Any:
        """A ``Commitments`` object: per seat a buffer of action ids and a done flag."""
        from .commit import Commitments

        sub = self.obj(key)
        buffers = sub.int_lists("buffers", 0, universe - 1, count=seats, max_len=max_len)
        done = sub.bools("done", seats)
        sub.done()
        c = Commitments(seats)
        c.buffers, c.done = buffers, done
        return c


def require(
    condition: bool, field: str, message: str, error: type[WartableError] = PositionError
) -> None:
    """Raise ``error('state.<field>: message')`` unless ``condition``."""
    if not condition:
        raise error(f"state.{field}: {message}")


def distinct(values: Sequence[Any]) -> bool:
    return len(set(values)) == len(values)
