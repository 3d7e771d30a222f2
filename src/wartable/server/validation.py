"""What clients may send: request shapes (unknown keys refused), sizes, configs without paths.

Every string a client sends (names, game ids, agent specs, actions, message refs, config
keys and values) is refused when it holds a lone surrogate (not valid Unicode: it cannot
even be encoded into an answer), a control character (terminal escapes, NUL, which
PostgreSQL cannot store) or a bidirectional override (text shown to others must read as
it is). Match ids are checked by shape before any lookup.

A config from a stranger must not make the server read its own files: any key
naming a directory, path or file and any string that looks like a path is
refused before the game sees it; then the engine's own gate for untrusted configs
(``load_config`` without local data) runs.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from wartable.core.errors import ConfigError
from wartable.core.game import Game
from wartable.core.untrusted import load_config

MAX_SEATS = 8
MAX_CONFIG_DEPTH = 6
PATH_KEY = re.compile(r"(dir|path|file|directory|folder)s?$", re.IGNORECASE)
PATH_VALUE = re.compile(r"^(/|\\|~|\.|[A-Za-z]:[\\/])|\.(toml|json|txt|csv|db|py)$|\.\.|\\|\x00")
BAD_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
NAME_MAX = 40
CHAT_MAX = 500
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what ``tokens.new_match_id`` makes, and room


def text_problem(value: str) -> str | None:
    """What is wrong with a client's string (None: nothing), naming the first bad character."""
    found = BAD_CHARACTER.search(value)
    if found is None:
        return None
    code = ord(found.group())
    if 0xD800 <= code <= 0xDFFF:
        kind = "a lone surrogate"
    elif code < 0x20 or 0x7F <= code <= 0x9F:
        kind = "a control character"
    else:
        kind = "a bidirectional control character"
    return f"contains {kind} U+{code:04X}"


def clean_text(value: Any) -> Any:
    """Refuse a bad string before pydantic reads it (its own error for a lone surrogate
    names no character)."""
    problem = text_problem(value) if isinstance(value, str) else None
    if problem is not None:
        raise ValueError(problem)
    return value


def valid_match_id(match_id: object) -> bool:
    """True for a string shaped like a match id (anything else names no match)."""
    return isinstance(match_id, str) and MATCH_ID.fullmatch(match_id) is not None


CleanText = Annotated[str, BeforeValidator(clean_text)]


def person_name(value: str | None) -> str | None:
    """A seat's name with the spaces around it trimmed (None: none given, or only spaces)."""
    if value is None:
        return None
    if len(value) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters, got {len(value)}")
    return value.strip() or None


PersonName = CleanText  # at most NAME_MAX characters (checked by ``person_name``)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=False)


class SeatSpec(Strict):
    kind: Literal["human", "bot"]
    agent: CleanText | None = Field(None, max_length=200)
    # a person's seat anyone may join from the lobby (else reserved for its invite link)
    open: bool = False
    name: PersonName | None = None  # a person's display name (None: "Player N")

    @field_validator("name")
    @classmethod
    def _trim(cls, value: str | None) -> str | None:
        return person_name(value)


class CreateMatch(Strict):
    game: CleanText = Field(max_length=32)
    config: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    name: CleanText = Field("", max_length=120)

    @field_validator("config")
    @classmethod
    def _clean_config(cls, value: dict[str, Any]) -> dict[str, Any]:
        refuse_bad_text(value)
        return value


class JoinRequest(Strict):
    seat: int | None = Field(None, ge=0, lt=MAX_SEATS)
    name: PersonName | None = None

    @field_validator("name")
    @classmethod
    def _trim(cls, value: str | None) -> str | None:
        return person_name(value)


class ChatRequest(Strict):
    text: CleanText = Field(min_length=1, max_length=CHAT_MAX)

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the message is empty")
        return value


class ActionRequest(Strict):
    action: CleanText | int = Field(union_mode="left_to_right")
    version: int = Field(ge=0, le=10_000_000)


class WsMessage(Strict):
    type: Literal["action", "ping", "view"]
    action: CleanText | int | None = None
    version: int | None = Field(None, ge=0, le=10_000_000)
    ref: CleanText | int | None = None


def refuse_bad_text(config: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming where a key or string of ``config`` has a bad character.

    Walked with a stack, not recursion: a deeply nested config is refused, not a crash."""
    stack: list[tuple[str, Any, int]] = [("config", config, 0)]
    while stack:
        where, value, depth = stack.pop()
        if depth > MAX_CONFIG_DEPTH:
            raise ValueError(f"{where}: nested too deep")
        if isinstance(value, dict):
            for key, sub in value.items():
                problem = text_problem(str(key))
                if problem is not None:
                    raise ValueError(f"{where}: a key {problem}")
                stack.append((f"{where}.{key}", sub, depth + 1))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", sub, depth + 1) for i, sub in enumerate(value))
        elif isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                raise ValueError(f"{where}: {problem}")


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
