"""``DraconiaGame``: the engine contract for Skirmish: Battle for Draconia."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from wartable.core.events import Event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

from . import actions as A
from . import rules, views
from .cards import CardSet, cardset_for
from .config import DraconiaConfig
from .state import EMPTY, OVER, DraconiaState


class DraconiaGame(Game[DraconiaState, DraconiaConfig]):
    id = "draconia"
    title = "Skirmish: Battle for Draconia"
    min_players = 2
    max_players = 2
    modes = ("standard",)
    config_model: ClassVar[type[BaseModel]] = DraconiaConfig

    def cards(self, config: DraconiaConfig) -> CardSet:
        return cardset_for(config.data_dir)

    def example_configs(self) -> list[dict[str, Any]]:
        return [{}, {"factions": ["highwood", "frostfjell"]}, {"factions": ["choose", "zigmar"]}]

    def num_actions(self, config: DraconiaConfig) -> int:
        return A.NUM_ACTIONS

    def new_state(self, config: DraconiaConfig, seed: int) -> DraconiaState:
        return rules.new_state(config, seed, self.cards(config))

    def num_players(self, state: DraconiaState) -> int:
        return state.seats

    def to_act(self, state: DraconiaState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: DraconiaState, player: int) -> list[int]:
        return rules.legal(state, player)

    def apply_fast(
        self, state: DraconiaState, player: int, action: int, events: list[Event] | None
    ) -> None:
        rules.step(state, player, action, events)

    def explain_illegal(self, state: DraconiaState, player: int, action: int) -> str:
        return rules.explain(state, player, action)

    def is_terminal(self, state: DraconiaState) -> bool:
        return state.phase == OVER

    def outcome(self, state: DraconiaState) -> Outcome:
        return Outcome(
            tuple(state.winners), tuple(float(h) for h in state.health), state.end_reason
        )

    def observe(self, state: DraconiaState, player: int | None) -> dict[str, Any]:
        return views.observe(state, player)

    def determinize(self, observation: dict[str, Any], rng: Rng) -> DraconiaState:
        config = self.make_config(observation["config"])
        return views.determinize(observation, rng, self.cards(config))

    def action_to_str(self, action: int, config: DraconiaConfig) -> str:
        return A.action_to_str(action)

    def state_to_json(self, state: DraconiaState) -> dict[str, Any]:
        return views.state_to_json(state)

    def state_from_json(self, config: DraconiaConfig, data: dict[str, Any]) -> DraconiaState:
        return views.state_from_json(config, data, self.cards(config))

    def invariants(self, state: DraconiaState) -> list[str]:
        problems = []
        for p in range(state.seats):
            if not state.decks[p]:
                continue
            zones = (
                state.hand[p]
                + state.draw[p]
                + state.camp[p]
                + state.grave[p]
                + [c for c in state.field[p] if c != EMPTY]
            )
            if sorted(zones) != list(range(len(state.decks[p]))):
                problems.append(f"seat {p}: cards not conserved: {sorted(zones)}")
            if state.supply[p] < 0:
                problems.append(f"seat {p}: negative supply")
            if any(not 0 <= x <= 2 for x in state.slot_fortify[p]):
                problems.append(f"seat {p}: fortify slot outside 0-2")
            if any(not 0 <= x <= 1 for x in state.slot_supply[p]):
                problems.append(f"seat {p}: supply slot outside 0-1")
        pool = state.config.token_pool
        if pool:
            sup = sum(state.supply) + sum(map(sum, state.slot_supply))
            fort = sum(map(sum, state.slot_fortify))
            if sup > pool or fort > pool:
                problems.append("more tokens in play than the box holds")
        return problems

    def metrics(self, state: DraconiaState) -> dict[str, Any]:
        return {"factions": list(state.factions), "rounds": state.round, "first": state.first}

    def render(self, state: DraconiaState, player: int | None) -> str:
        from .render import render

        return render(state, player)


GAME = DraconiaGame()
