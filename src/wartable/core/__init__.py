"""wartable.core: the game-independent kernel (knows no game)."""

from .agent import Agent
from .commit import Commitments
from .errors import (
    ConfigError,
    DataError,
    IllegalAction,
    NotationError,
    PositionError,
    ReplayError,
    WartableError,
)
from .events import Event, event, visible_events
from .game import Game, Outcome
from .match import MatchRecord, play_match
from .rng import Rng

__all__ = [
    "Agent",
    "Commitments",
    "ConfigError",
    "DataError",
    "Event",
    "Game",
    "IllegalAction",
    "MatchRecord",
    "NotationError",
    "Outcome",
    "PositionError",
    "ReplayError",
    "Rng",
    "WartableError",
    "event",
    "play_match",
    "visible_events",
]
