"""The solo scenarios' variant (§9.2): what they add to the core rules, at the points the
core rules call (``variant.Variant``): their set-up, Home-Row actions, points and results,
the Player's choices of their kinds, and their positions' bookkeeping."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event

from ..actions import Layout
from ..catalog.tables import Scenario, UnitType
from ..choice_record import NPC_FOE, NPC_TILE, RETREAT_TO
from ..state import GraxiaState
from ..variant import Variant
from . import awards, npc, npc_choice, player_choices, rules, setup, wave


class SoloVariant(Variant):
    """Solo Scenarios 1-6: each function dispatches on the scenario itself."""

    def begin(self, s: GraxiaState, events: list[Event] | None) -> None:
        setup.begin(s, events)

    def scenario_of(self, s: GraxiaState) -> Scenario:
        return setup.scenario_of(s)

    def setup_legal(self, s: GraxiaState, lay: Layout) -> list[int]:
        return setup.legal(s, lay)

    def setup_apply(
        self, s: GraxiaState, lay: Layout, action: int, events: list[Event] | None
    ) -> None:
        setup.apply(s, lay, action, events)

    def setup_explain(self, s: GraxiaState) -> str:
        return setup.explain(s)

    def before(self, s: GraxiaState, lay: Layout, action: int) -> list[int] | None:
        return npc.before(s, lay, action)

    def drive(
        self, s: GraxiaState, lay: Layout, events: list[Event] | None, near: list[int] | None
    ) -> None:
        npc.drive(s, lay, events, near)

    def portal_moves(self, s: GraxiaState, c: int, ut: UnitType) -> list[int]:
        return rules.portal_moves(s, c, ut)

    def home_row_actions(self, s: GraxiaState, lay: Layout) -> list[int]:
        return rules.home_row_actions(s, lay)

    def ability_ready(self, s: GraxiaState, bit: int) -> bool:
        return rules.ability_ready(s, bit)

    def use_ability(self, s: GraxiaState, bit: int, events: list[Event] | None) -> None:
        rules.use_ability(s, bit, events)

    def home_row_apply(self, s: GraxiaState, kind: int, c: int, events: list[Event] | None) -> None:
        rules.home_row_apply(s, kind, c, events)

    def can_spend_vp(self, s: GraxiaState) -> bool:
        return rules.can_spend_vp(s)

    def spend_vp(self, s: GraxiaState, events: list[Event] | None) -> None:
        rules.spend_vp(s, events)

    def after_capture(
        self, s: GraxiaState, cell: int, prev: int, events: list[Event] | None
    ) -> None:
        awards.after_capture(s, cell, prev, events)

    def after_elimination(
        self, s: GraxiaState, ut: UnitType, owner: int, events: list[Event] | None
    ) -> None:
        awards.after_elimination(s, ut, owner, events)

    def end_of_round(self, s: GraxiaState, events: list[Event] | None) -> None:
        awards.end_of_round(s, events)

    def choice_options(self, s: GraxiaState, kind: int, who: int, x: int, y: int) -> list[int]:
        if kind in (NPC_TILE, NPC_FOE):
            return npc_choice.options(s)
        if kind == RETREAT_TO:
            return wave.retreat_choices(s, x, y)
        return player_choices.options(s, kind, who, x, y)

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
        if kind in (NPC_TILE, NPC_FOE):
            npc_choice.resolve(s, kind, pick, events)
        elif kind == RETREAT_TO:
            wave.retreat_resolve(s, x, y, pick, events)
        else:
            player_choices.resolve(s, kind, x, y, pick, events)

    def choice_problems(self, s: GraxiaState, kind: int) -> list[str]:
        return wave.retreat_problems(s) if kind == RETREAT_TO else []

    def problems(self, s: GraxiaState) -> list[str]:
        return awards.problems(s)


SOLO: Final = SoloVariant()
