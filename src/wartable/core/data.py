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


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path}: not valid TOML: {err}") from None


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
