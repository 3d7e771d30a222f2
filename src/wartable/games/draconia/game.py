"""``DraconiaGame``: the engine contract for Skirmish: Battle for Draconia."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from pydantic import BaseModel

from wartable.core.errors import ConfigError
from wartable.core.events import Event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

from . import actions as acts
from . import legal, position, rules, setup, views
from .cards import CardSet, cardset_for
from .config import DraconiaConfig
from .state import (
    DRAFT_BASIC,
    DRAFT_CHAMPION,
    DRAFT_LEADER,
    EMPTY,
    FACTION,
    OVER,
    SETTLEMENT,
    DraconiaState,
)


class DraconiaGame(Game[DraconiaState, DraconiaConfig]):
    id = "draconia"
    title = "Skirmish: Battle for Draconia"
    min_players = 2
    max_players = 4
    modes = ("standard", "teams", "settlement", "deck construction", "draft")
    config_model: ClassVar[type[BaseModel]] = DraconiaConfig

    def cards(self, config: DraconiaConfig) -> CardSet:
        return cardset_for(config.data_dir)

    def make_config(self, data: Any = None) -> DraconiaConfig:
        """Validate the config, then every constructed deck against Deck Construction."""
        config: DraconiaConfig = super().make_config(data)
        if config.decks:
            from .decks import deck_violations

            for seat, deck in enumerate(config.decks):
                if deck:
                    problems = deck_violations(self.cards(config), deck)
                    if problems:
                        raise ConfigError(f"draconia config: decks[{seat}]: {problems[0]}")
        return config

    def example_configs(self) -> list[dict[str, Any]]:
        return [
            {},
            {"factions": ["highwood", "frostfjell"]},
            {"factions": ["choose", "zigmar"]},
            {"players": 3},
            {"players": 4},
            {"players": 4, "mode": "teams"},
            {"settlement_mode": True},
            {"players": 4, "settlement_mode": True, "settlements": ["random"] * 4},
            {"draft": True, "settlement_mode": True},
            {"players": 4, "mode": "teams", "draft": True},
            {"decks": [list(MIXED_DECK)]},
        ]

    def num_actions(self, config: DraconiaConfig) -> int:
        return acts.NUM_ACTIONS

    def new_state(self, config: DraconiaConfig, seed: int) -> DraconiaState:
        state, dealt = setup.new_state(config, seed, self.cards(config))
        if dealt:
            rules.start_round(state, None)
        return state

    def num_players(self, state: DraconiaState) -> int:
        return state.seats

    def to_act(self, state: DraconiaState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: DraconiaState, player: int) -> list[int]:
        return legal.legal(state, player)

    def apply_fast(
        self, state: DraconiaState, player: int, action: int, events: list[Event] | None
    ) -> None:
        rules.step(state, player, action, events)

    def explain_illegal(self, state: DraconiaState, player: int, action: int) -> str:
        return legal.explain(state, player, action)

    def is_terminal(self, state: DraconiaState) -> bool:
        return state.phase == OVER

    def outcome(self, state: DraconiaState) -> Outcome:
        return Outcome(
            tuple(state.winners), tuple(float(h) for h in state.health), state.end_reason
        )

    def observe(self, state: DraconiaState, player: int | None) -> dict[str, Any]:
        return views.observe(state, player)

    def determinize(self, observation: dict[str, Any], rng: Rng) -> DraconiaState:
        config = self._config_of(observation["config"])
        return views.determinize(observation, rng, self.cards(config), config)

    def _config_of(self, data: dict[str, Any]) -> DraconiaConfig:
        """Searches determinize one observation many times: validate its config once."""
        last = getattr(self, "_last_config", None)
        if last is not None and last[0] is data:
            return last[1]
        config = self.make_config(data)
        self._last_config = (data, config)
        return config

    def action_to_str(self, action: int, config: DraconiaConfig) -> str:
        return acts.action_to_str(action)

    def state_to_json(self, state: DraconiaState) -> dict[str, Any]:
        return position.state_to_json(state)

    def state_from_json(self, config: DraconiaConfig, data: dict[str, Any]) -> DraconiaState:
        return position.state_from_json(config, data, self.cards(config))

    def invariants(self, state: DraconiaState) -> list[str]:
        problems = self._token_problems(state)
        dealt = state.phase not in (FACTION, SETTLEMENT, DRAFT_LEADER, DRAFT_CHAMPION, DRAFT_BASIC)
        for p in range(state.seats):
            if not state.decks[p] or not dealt:
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

    def _token_problems(self, state: DraconiaState) -> list[str]:
        problems = []
        if state.draft:
            drafted = sorted(
                [u for pile in state.draft for u in pile] + [u for p in state.picks for u in p]
            )
            if drafted != list(range(len(state.cards.units))):
                problems.append("draft: units not conserved")
        for p in range(state.seats):
            if state.stokens[p] < 0:
                problems.append(f"seat {p}: negative settlement tokens")
        return problems

    def metrics(self, state: DraconiaState) -> dict[str, Any]:
        from .cards import SETTLEMENT_IDS

        return {
            "factions": list(state.factions),
            "settlements": [SETTLEMENT_IDS[i] if i >= 0 else None for i in state.settlement],
            "rounds": state.round,
            "first": state.first,
            "knocked_out": [p for p in range(state.seats) if not state.alive[p]],
        }

    def event_to_str(self, event: dict[str, Any]) -> str:
        from .narrate import event_to_str

        return event_to_str(event)

    def render(self, state: DraconiaState, player: int | None) -> str:
        from .render import render

        return render(state, player)


# a legal constructed deck mixing three factions (Deck Construction), for the conformance suite
MIXED_DECK: Final = (
    "scorching_sands/Dastan",
    "scorching_sands/Tara",
    "amazania/Viper Matriarch",
    *["scorching_sands/Shamshir Warriors"] * 3,
    *["scorching_sands/Desert Blades"] * 2,
    *["amazania/Venom Spears"] * 2,
    *["amazania/Vine Stalkers"] * 2,
    "amazania/Gorge Wardens",
    "frostfjell/Berserkers",
    "frostfjell/Wolf Riders",
    "frostfjell/Mead Hall Thralls",
    "frostfjell/Clan Skald",
)

GAME: Final = DraconiaGame()
