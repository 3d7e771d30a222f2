"""Draconis Invasion as a ``wartable`` game: the engine contract over the rule modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from wartable.core.events import Event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

from . import actions as acts
from .cards import NK, TERROR
from .config import InvasionConfig
from .observe import determinize, observe
from .render import render
from .scoring import glory, owner_totals, winners
from .setup import new_state
from .stack import FRAME_NAMES
from .state import PHASES, InvasionState, state_from_json, state_to_json
from .turn import apply, legal, to_act
from .view import SeatView


class InvasionGame(Game[InvasionState, InvasionConfig]):
    id: ClassVar[str] = "invasion"
    title: ClassVar[str] = "Draconis Invasion"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    modes: ClassVar[tuple[str, ...]] = ("basic", "solo", "two_player", "team")
    config_model: ClassVar[type[BaseModel]] = InvasionConfig

    def example_configs(self) -> list[dict[str, Any]]:
        return [
            {"players": 3, "mode": "basic", "battle_stage": "1"},
            {"players": 1, "mode": "solo", "battle_stage": "4"},
            {"players": 2, "mode": "two_player", "battle_stage": "X"},
            {"players": 4, "mode": "team", "battle_stage": "3"},
            {"players": 6, "mode": "team", "battle_stage": "2", "team_open_hands": False},
        ]

    def num_actions(self, config: InvasionConfig) -> int:
        return acts.NUM_ACTIONS

    def action_to_str(self, action: int, config: InvasionConfig) -> str:
        return acts.NAMES[action]

    def new_state(self, config: InvasionConfig, seed: int) -> InvasionState:
        return new_state(self.make_config(config), seed)

    def num_players(self, state: InvasionState) -> int:
        return state.n

    def to_act(self, state: InvasionState) -> tuple[int, ...]:
        return to_act(state)

    def legal_actions(self, state: InvasionState, player: int) -> list[int]:
        return legal(state, player)

    def apply_fast(
        self, state: InvasionState, player: int, action: int, events: list[Event] | None
    ) -> None:
        apply(state, player, action, events)

    def explain_illegal(self, state: InvasionState, player: int, action: int) -> str:
        name = acts.NAMES[action]
        if state.stack:
            frame = FRAME_NAMES.get(state.stack[-1][0], "decision")
            return f"'{name}' is not a choice of the pending {frame} decision (chapter 10)"
        phase = PHASES[state.phase]
        if phase == "main":
            if name.startswith("play") and state.actions_left <= 0:
                return f"'{name}': no Action left to play this turn (chapter 5 ACTION)"
            return f"'{name}' is not possible now: play an Action or pick one of Buy / Campaign / Defeat / Eliminate (chapter 5)"
        if phase == "buy":
            return f"'{name}': only cards on the table costing at most your Gold can be bought (chapter 5 BUY)"
        if phase == "defeat":
            return f"'{name}': a Defender needs its Attack Cost in Gold; one target unless Stone Titan attacks (chapter 5 DEFEAT)"
        if phase == "forward":
            return (
                f"'{name}': only an unused Gold card in hand can be forwarded (chapter 5 FORWARD)"
            )
        return f"'{name}' is not legal now"

    def is_terminal(self, state: InvasionState) -> bool:
        return bool(state.over)

    def outcome(self, state: InvasionState) -> Outcome:
        totals = owner_totals(state)
        scores = tuple(float(g) for g in glory(state, totals))
        reason = state.end_reason or "in progress"
        return Outcome(winners(state, totals), scores, reason)

    def observe(self, state: InvasionState, player: int | None) -> dict[str, Any]:
        return observe(state, player)

    def seat_view(self, state: InvasionState, player: int) -> SeatView:
        return SeatView.from_state(state, player)

    def determinize(self, observation: dict[str, Any], rng: Rng) -> InvasionState:
        return determinize(observation, rng)

    def state_to_json(self, state: InvasionState) -> dict[str, Any]:
        return state_to_json(state)

    def state_from_json(self, config: InvasionConfig, data: dict[str, Any]) -> InvasionState:
        return state_from_json(self.make_config(config), data)

    def render(self, state: InvasionState, player: int | None) -> str:
        return render(state, player)

    def metrics(self, state: InvasionState) -> dict[str, Any]:
        totals = owner_totals(state)
        return {
            "battle_stage": state.config.battle_stage,
            "mode": state.config.mode,
            "turns": state.turn,
            "end_reason": state.end_reason,
            "invaders_defeated": [len(d) for d in state.defeated],
            "glory": [t[0] for t in totals],
            "events_resolved": sum(state.events_seen),
        }

    def invariants(self, state: InvasionState) -> list[str]:
        return invariants(state)


def invariants(s: InvasionState) -> list[str]:
    db = s.db
    bad: list[str] = []
    in_game = set(s.kingdom) | {TERROR}
    for k in range(NK):
        total = s.supply[k] + s.play[k] + s.revealed.count(k)
        for p in range(s.n):
            total += s.hand[p][k] + s.discard[p][k] + s.deck[p].count(k)
        want = db.count[k] if k in in_game else 0
        if total != want:
            bad.append(f"card {k}: {total} in play, {want} printed")
        if s.supply[k] < 0 or s.play[k] < 0:
            bad.append(f"card {k}: negative count")
        for p in range(s.n):
            if s.hand[p][k] < 0 or s.discard[p][k] < 0:
                bad.append(f"seat {p} card {k}: negative count")
    inv = [0] * len(db.invaders)
    for v in [*s.row, *s.blue_deck, *s.gold_deck, *(x for d in s.defeated for x in d)]:
        if v >= 0:
            inv[v] += 1
    if inv != db.inv_count:
        bad.append(f"invaders {inv} differ from the printed {db.inv_count}")
    events = len(s.event_deck) + sum(len(p) for p in s.pending_events) + sum(s.events_seen)
    if events != s.events_total:
        bad.append(f"events: {events} accounted for, {s.events_total} in the game")
    camps = s.campaign_deck + [c for c in s.campaign_row if c >= 0]
    camps += [c for held in s.campaigns for c in held]
    want_c = sum(1 for c in range(len(db.campaigns)) if not (s.config.solo and db.camp_others[c]))
    if len(camps) != want_c or len(set(camps)) != len(camps):
        bad.append(f"campaigns: {len(camps)} accounted for, {want_c} in the game")
    if not 1 <= s.terror <= 6:
        bad.append(f"terror count {s.terror} off the die")
    if s.gold < 0 or s.actions_left < 0 or s.buys_left < 0:
        bad.append("negative gold, actions or buys")
    return bad
