"""Loading TOML game data into validated pydantic records.

A bad file fails with ``DataError`` naming the file, the record and the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

M = TypeVar("M", bound=BaseModel)


MAX_DATA_BYTES = 4 * 1024 * 1024  # the shipped data files are a few kB


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as untrusted input: a regular file of at most ``MAX_DATA_BYTES``, strict
    UTF-8. Errors name the file and the place, never quote its lines."""
    try:
        if not path.is_file():
            raise DataError(
                f"{path}: not a regular file" if path.exists() else f"{path}: file not found"
            )
        with path.open("rb") as fh:
            raw = fh.read(MAX_DATA_BYTES + 1)
    except OSError as err:
        raise DataError(f"{path}: {err.strerror or 'cannot be read'}") from None
    if len(raw) > MAX_DATA_BYTES:
        raise DataError(f"{path}: more than the {MAX_DATA_BYTES} bytes a data file may have")
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise DataError(f"{path}: not valid UTF-8 (byte {err.start})") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path}: not valid TOML: {err}") from None
    except RecursionError:
        raise DataError(f"{path}: nested too deep") from None


def load_records(path: Path, table: str, model: type[M], name_key: str = "name") -> list[M]:
    """Validate each entry of the array-of-tables ``table`` in ``path`` as ``model``."""
    raw = read_toml(path)
    items = raw.get(table)
    if not isinstance(items, list):
        raise DataError(f"{path}: expected an array of [[{table}]] records")
    records: list[M] = []
    for i, item in enumerate(items):
        label = item.get(name_key, f"#{i + 1}") if isinstance(item, dict) else f"#{i + 1}"
        try:
            records.append(model.model_validate(item))
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "(record)"
            raise DataError(f"{path}: {table} {label!r}: field {where}: {first['msg']}") from None
    return records
