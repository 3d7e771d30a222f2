"""What clients may send: request shapes (unknown keys refused), sizes, configs without paths.

A config from a stranger must not make the server read its own files: any key
naming a directory, path or file and any string that looks like a path is
refused before the game sees it; then the engine's own gate for untrusted configs
(``load_config`` without local data) runs.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wartable.core.errors import ConfigError
from wartable.core.game import Game
from wartable.core.untrusted import load_config

MAX_SEATS = 8
MAX_CONFIG_DEPTH = 6
PATH_KEY = re.compile(r"(dir|path|file|directory|folder)s?$", re.IGNORECASE)
PATH_VALUE = re.compile(r"^(/|\\|~|\.|[A-Za-z]:[\\/])|\.(toml|json|txt|csv|db|py)$|\.\.|\\|\x00")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=False)


class SeatSpec(Strict):
    kind: Literal["human", "bot"]
    agent: str | None = Field(None, max_length=200)
    # a person's seat anyone may join from the lobby (else reserved for its invite link)
    open: bool = False


class CreateMatch(Strict):
    game: str = Field(max_length=32)
    config: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    name: str = Field("", max_length=120)


class JoinRequest(Strict):
    seat: int | None = Field(None, ge=0, lt=MAX_SEATS)


class ActionRequest(Strict):
    action: str | int = Field(union_mode="left_to_right")
    version: int = Field(ge=0, le=10_000_000)


class WsMessage(Strict):
    type: Literal["action", "ping", "view"]
    action: str | int | None = None
    version: int | None = Field(None, ge=0, le=10_000_000)
    ref: str | int | None = None


def refuse_paths(value: Any, where: str = "config", depth: int = 0) -> None:
    """Raise ``ConfigError`` if ``value`` names anything like a local file or directory."""
    if depth > MAX_CONFIG_DEPTH:
        raise ConfigError(f"{where}: nested too deep")
    if isinstance(value, dict):
        for key, sub in value.items():
            if PATH_KEY.search(str(key)) and sub not in (None, "", [], {}):
                raise ConfigError(f"{where}.{key}: local data is not allowed on the web table")
            refuse_paths(sub, f"{where}.{key}", depth + 1)
    elif isinstance(value, list | tuple):
        for i, sub in enumerate(value):
            refuse_paths(sub, f"{where}[{i}]", depth + 1)
    elif isinstance(value, str) and PATH_VALUE.search(value):
        raise ConfigError(f"{where}: a path is not allowed on the web table")


def check_config(game: Game[Any, Any], data: dict[str, Any]) -> Any:
    """The game's validated config for untrusted ``data`` (no local paths)."""
    refuse_paths(data)
    return load_config(game, data, allow_local_data=False)
