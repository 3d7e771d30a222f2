"""The weapon card game's catalogue for the web client (its cards are built into the view)."""

from __future__ import annotations

from typing import Any


def build(data_dir: str | None) -> dict[str, Any]:
    return {}
