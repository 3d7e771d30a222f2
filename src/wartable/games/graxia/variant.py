"""The points where a family of scenarios adds to the core rules, as one object.

The core rules (set-up, command phase, victory, pending choices, positions) call the
state's ``variant`` at these points and never import ``solo/``. This base class is the
two-player game: it adds nothing. The solo scenarios' is ``solo.variant.SoloVariant``;
``game.py`` gives each new state the one its scenario needs (``variant_for``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from wartable.core.events import Event

if TYPE_CHECKING:
    from .actions import Layout
    from .catalog.tables import Scenario, UnitType
    from .state import GraxiaState


class Variant:
    """The two-player game's: no extra set-up, actions, points or choices."""

    # ----- set-up (setup.py) and the scenario a state plays (position.py, view.py)
    def begin(self, s: GraxiaState, events: list[Event] | None) -> None:
        """The scenario's own set-up (called instead of the two-player one)."""

    def scenario_of(self, s: GraxiaState) -> Scenario:
        """The scenario as the state plays it (solo-3: with the Player's chosen Home Row)."""
        return s.sc

    # ----- the scenario's own set-up decisions, in the Guardian phase (game.py)
    def setup_legal(self, s: GraxiaState, lay: Layout) -> list[int]:
        return []

    def setup_apply(
        self, s: GraxiaState, lay: Layout, action: int, events: list[Event] | None
    ) -> None:
        """Apply one of ``setup_legal``'s actions."""

    def setup_explain(self, s: GraxiaState) -> str:
        """What the set-up asks for now (for an illegal action's message)."""
        return ""

    # ----- the other side's decisions made by the rules (game.py): the Non-Player
    def before(self, s: GraxiaState, lay: Layout, action: int) -> list[int] | None:
        """What the rules need to know of the state before the Player's ``action``."""
        return None

    def drive(
        self, s: GraxiaState, lay: Layout, events: list[Event] | None, near: list[int] | None
    ) -> None:
        """Answer every decision of the rules' side until the Player must act."""

    # ----- the Command Phase (command.py)
    def portal_moves(self, s: GraxiaState, c: int, ut: UnitType) -> list[int]:
        return []

    def home_row_actions(self, s: GraxiaState, lay: Layout) -> list[int]:
        return []

    def ability_ready(self, s: GraxiaState, bit: int) -> bool:
        return False

    def use_ability(self, s: GraxiaState, bit: int, events: list[Event] | None) -> None:
        """Spend a once-per-round Home-Row ability."""

    def home_row_apply(self, s: GraxiaState, kind: int, c: int, events: list[Event] | None) -> None:
        """A Home-Row action (``home_row_actions``)."""

    def can_spend_vp(self, s: GraxiaState) -> bool:
        return False

    def spend_vp(self, s: GraxiaState, events: list[Event] | None) -> None:
        """Victory points spent for mana."""

    # ----- points and results (victory.py)
    def after_capture(
        self, s: GraxiaState, cell: int, prev: int, events: list[Event] | None
    ) -> None:
        """A tile changed hands (instead of the two-player points)."""

    def after_elimination(
        self, s: GraxiaState, ut: UnitType, owner: int, events: list[Event] | None
    ) -> None:
        """A unit of type ``ut`` owned by side ``owner`` was eliminated."""

    def end_of_round(self, s: GraxiaState, events: list[Event] | None) -> None:
        """Victory Determination (instead of the two-player one)."""

    # ----- the pending choices of the variant's own kinds (choices.py, choice_record.py)
    def choice_options(self, s: GraxiaState, kind: int, who: int, x: int, y: int) -> list[int]:
        return []

    def resolve_choice(
        self,
        s: GraxiaState,
        kind: int,
        who: int,
        x: int,
        y: int,
        pick: int,
        events: list[Event] | None,
    ) -> None:
        """Apply the pick of a pending choice of one of the variant's kinds."""

    def choice_problems(self, s: GraxiaState, kind: int) -> list[str]:
        """What makes a position's pending choice of the variant's ``kind`` impossible."""
        return ["a pending choice of a solo scenario in a two-player game"]

    # ----- positions (position.py)
    def problems(self, s: GraxiaState) -> list[str]:
        """What makes a position's variant bookkeeping impossible."""
        return []


TWO_PLAYER: Final = Variant()
