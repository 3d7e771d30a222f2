"""Errors raised across the engine. Each carries a one-line, human-readable reason."""

from __future__ import annotations


class WartableError(Exception):
    """Base class for every error the engine raises on bad input."""


class IllegalAction(WartableError):
    """An action that the rules forbid. The message names the rule; the state is untouched."""


class NotationError(IllegalAction):
    """Text that is not an action of this game at all."""


class PositionError(WartableError):
    """A position (JSON) that does not describe a valid state of the game."""


class DataError(WartableError):
    """A card/scenario data file that fails validation (names file, record and field)."""


class ConfigError(WartableError):
    """An unknown or invalid configuration key or value."""


class ReplayError(WartableError):
    """A replay log that does not re-run to the result it records."""
