"""The game protocol every wartable game implements.

A game is a state machine over atomic decisions. ``to_act`` names the seat(s)
who must decide now (several at once during a commit-then-reveal decision).
Actions are ints in a fixed, finite universe per configuration
(``num_actions``); ``action_to_str``/``parse_action`` give their stable text
notation. ``legal_actions`` is the one source of truth for what may be done.

Two ways in:
- ``apply``: validated. Raises ``IllegalAction`` naming the rule and leaves
  the state untouched (validation happens before any mutation).
- ``apply_fast``: trusts its caller (search, simulation). Pass ``events=None``
  to skip building events.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ConfigError, IllegalAction, NotationError
from .events import Event
from .rng import Rng


class GameState(Protocol):
    config: Any

    def copy(self) -> Any: ...


S = TypeVar("S", bound=GameState)
C = TypeVar("C", bound=BaseModel)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the seats that share victory and a score per seat."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


def format_validation_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    return f"{where}: {first['msg']}"


class Game(ABC, Generic[S, C]):
    """Base class: subclasses fill in the rules; validation and notation tables live here."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    modes: ClassVar[tuple[str, ...]] = ("standard",)
    config_model: ClassVar[type[BaseModel]]

    def __init__(self) -> None:
        self._parse_tables: dict[str, dict[str, int]] = {}

    # ----- configuration -------------------------------------------------
    def make_config(self, data: dict[str, Any] | BaseModel | None = None) -> C:
        """Validate a config mapping; unknown keys are errors (``ConfigError``)."""
        if isinstance(data, self.config_model):
            return data  # type: ignore[return-value]
        try:
            return self.config_model.model_validate(data or {})  # type: ignore[return-value]
        except ValidationError as err:
            raise ConfigError(f"{self.id} config: {format_validation_error(err)}") from None

    def config_fields(self) -> dict[str, Any]:
        """Config fields with type, default and allowed values (for ``games --json``)."""
        schema = self.config_model.model_json_schema()
        return {"properties": schema.get("properties", {}), "defs": schema.get("$defs", {})}

    # ----- the rules -----------------------------------------------------
    @abstractmethod
    def num_actions(self, config: C) -> int:
        """Size of the fixed action universe for this configuration."""

    @abstractmethod
    def new_state(self, config: C, seed: int) -> S: ...

    @abstractmethod
    def num_players(self, state: S) -> int: ...

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats with a pending decision (empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, state: S, player: int) -> list[int]: ...

    @abstractmethod
    def apply_fast(self, state: S, player: int, action: int, events: list[Event] | None) -> None:
        """Apply a legal action in place. No validation."""

    @abstractmethod
    def is_terminal(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome: ...

    def explain_illegal(self, state: S, player: int, action: int) -> str:
        """Why ``action`` is not legal now; games override to name the rule."""
        return f"'{self.action_to_str(action, state.config)}' is not legal now"

    def apply(self, state: S, player: int, action: int | str) -> list[Event]:
        """Validated apply: raises ``IllegalAction`` and changes nothing on bad input."""
        if isinstance(action, str):
            action = self.parse_action(action, state.config)
        if self.is_terminal(state):
            raise IllegalAction("the game is over")
        acting = self.to_act(state)
        if player not in acting:
            who = ", ".join(str(p) for p in acting)
            raise IllegalAction(f"seat {player} is not to act (waiting for seat {who})")
        if not 0 <= action < self.num_actions(state.config):
            raise NotationError(f"action id {action} is outside this game's action universe")
        if action not in self.legal_actions(state, player):
            raise IllegalAction(self.explain_illegal(state, player, action))
        events: list[Event] = []
        self.apply_fast(state, player, action, events)
        return events

    # ----- information ---------------------------------------------------
    @abstractmethod
    def observe(self, state: S, player: int | None) -> dict[str, Any]:
        """Exactly what ``player`` may know (``None``: public spectator view). JSON-able."""

    def seat_view(self, state: S, player: int) -> Any:
        """What ``player`` may know, for agents with ``wants_view = True`` (see ``agent.py``).

        Default: ``observe(state, player)``. A game may return a cheaper read-only object
        (no copies) instead; it must hold nothing beyond that observation (the game's
        tests check it) and its agents must accept the observation dict as well.
        """
        return self.observe(state, player)

    @abstractmethod
    def determinize(self, observation: dict[str, Any], rng: Rng) -> S:
        """A full state consistent with ``observation`` (hidden parts sampled with ``rng``)."""

    def hidden_scrambler(self) -> Callable[[S, int, Rng], S] | None:
        """Where each seat's hidden information lives, declared apart from ``observe``.

        The game package's ``hidden`` module, if present, provides ``scramble(state, seat,
        rng) -> state``: it works on the state's own fields (never through ``observe`` or
        ``determinize``) and redraws everything ``seat`` may not see (other hands, face-down
        cards, deck orders, concealed dice, other seats' commitments, the ``Rng``) while
        keeping what it may see and the invariants. The leak test (``wartable.testing.leaks``)
        trusts this declaration, not ``observe``. ``None``: the game declares none.
        """
        package = type(self).__module__.rpartition(".")[0]
        if not package:  # a game class defined in a top-level module (a test's toy game)
            return None
        try:
            module = importlib.import_module(f"{package}.hidden")
        except ModuleNotFoundError as err:
            if err.name and f"{package}.hidden".startswith(err.name):
                return None  # no hidden module (an import error inside it is raised)
            raise
        scramble: Callable[[S, int, Rng], S] | None = getattr(module, "scramble", None)
        return scramble

    # ----- notation ------------------------------------------------------
    @abstractmethod
    def action_to_str(self, action: int, config: C) -> str: ...

    def parse_action(self, text: str, config: C) -> int:
        key = config.model_dump_json()
        table = self._parse_tables.get(key)
        if table is None:
            table = {self.action_to_str(a, config): a for a in range(self.num_actions(config))}
            self._parse_tables[key] = table
        norm = " ".join(text.split())
        if norm not in table:
            raise NotationError(f"'{text}' is not an action of {self.id}")
        return table[norm]

    # ----- positions -----------------------------------------------------
    @abstractmethod
    def state_to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, config: C, data: dict[str, Any]) -> S:
        """Inverse of ``state_to_json``; raises ``PositionError`` naming the bad field."""

    # ----- presentation and metrics -------------------------------------
    def render(self, state: S, player: int | None) -> str:
        """A readable text board from ``player``'s point of view."""
        import json

        return json.dumps(self.observe(state, player), indent=1)

    def metrics(self, state: S) -> dict[str, Any]:
        """Per-game facts a designer may group results by (faction, stage, ...)."""
        return {}

    def example_configs(self) -> list[dict[str, Any]]:
        """One config per mode, for the conformance suite and ``games --json``."""
        return [{}]

    def invariants(self, state: S) -> list[str]:
        """Broken invariants (cards/tokens conserved, no negative counts); empty if fine."""
        return []

    def decision_count(self, state: S) -> int:
        """How many decisions were taken (games may track it; 0 if unknown)."""
        return int(getattr(state, "decisions", 0))
