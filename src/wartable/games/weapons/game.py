"""The weapon card game (weapon-skirmish-fragment.txt): the Game implementation."""

from __future__ import annotations

from typing import Any, ClassVar

from wartable.core.events import Event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

from . import rules
from .cards import card_text, deck_size
from .config import WeaponsConfig
from .state import (
    ATTACK,
    DEFEND,
    OVER,
    PHASES,
    THROW_IN,
    WeaponsState,
    state_from_json,
    state_to_json,
)


class WeaponsGame(Game[WeaponsState, WeaponsConfig]):
    id: ClassVar[str] = "weapons"
    title: ClassVar[str] = "The weapon card game (Skirmish fragment)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    modes: ClassVar[tuple[str, ...]] = ("standard",)
    config_model = WeaponsConfig

    def example_configs(self) -> list[dict[str, Any]]:
        return [
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 5},
            {"players": 6},
            {"players": 3, "third_attack": "face_up", "satchel_when": "every_skirmish"},
        ]

    # ----- notation ------------------------------------------------------
    def num_actions(self, config: WeaponsConfig) -> int:
        return deck_size(config) + 3

    def action_to_str(self, action: int, config: WeaponsConfig) -> str:
        n = deck_size(config)
        if action < n:
            return f"play {card_text(action, config)}"
        return ("pass", "concede", "stop")[action - n]

    # ----- set-up ----------------------------------------------------------
    def new_state(self, config: WeaponsConfig, seed: int) -> WeaponsState:
        s = WeaponsState(config, Rng(seed))
        rules.start_round(s, s.rng.below(config.players), None)
        return s

    def num_players(self, state: WeaponsState) -> int:
        return state.config.players

    # ----- decisions -----------------------------------------------------
    def to_act(self, state: WeaponsState) -> tuple[int, ...]:
        if state.phase == ATTACK:
            return (state.attacker,)
        if state.phase == DEFEND:
            return (state.defender,)
        if state.phase == THROW_IN:
            return (state.first,)
        return ()

    def legal_actions(self, state: WeaponsState, player: int) -> list[int]:
        if player not in self.to_act(state):
            return []
        n = deck_size(state.config)
        if state.phase == ATTACK:
            opts = rules.attack_options(state, player)
            return [*opts, n + rules.PASS_OFFSET] if state.attacks else opts
        if state.phase == DEFEND:
            return [*rules.defence_options(state), n + rules.CONCEDE_OFFSET]
        return [*rules.attack_options(state, player), n + rules.STOP_OFFSET]

    def explain_illegal(self, state: WeaponsState, player: int, action: int) -> str:
        text = self.action_to_str(action, state.config)
        n = deck_size(state.config)
        if action < n and action not in state.hands[player]:
            return f"'{text}': you do not hold that card"
        if state.phase == ATTACK:
            if action == n + rules.PASS_OFFSET:
                return "'pass': the first attack of a Skirmish must be made"
            return f"'{text}': later attacks must use a value already used in the Skirmish"
        if state.phase == DEFEND:
            return f"'{text}': defend with the same weapon and a higher value, or a Sword"
        return f"'{text}': after a Concede only attacks of used values may be added, or 'stop'"

    def apply_fast(
        self, state: WeaponsState, player: int, action: int, events: list[Event] | None
    ) -> None:
        state.decisions += 1
        n = deck_size(state.config)
        if state.phase == ATTACK:
            if action == n + rules.PASS_OFFSET:
                rules.pass_turn(state, events)
            else:
                rules.attack(state, action, events)
        elif state.phase == DEFEND:
            if action == n + rules.CONCEDE_OFFSET:
                rules.concede(state, events)
            else:
                rules.defend(state, action, events)
        elif action == n + rules.STOP_OFFSET:
            rules.collect(state, events)
        else:
            rules.attack(state, action, events)

    # ----- end -----------------------------------------------------------
    def is_terminal(self, state: WeaponsState) -> bool:
        return state.phase == OVER

    def outcome(self, state: WeaponsState) -> Outcome:
        w = tuple(state.winners)
        scores = tuple(1.0 if p in w else 0.0 for p in range(state.config.players))
        names = ", ".join(f"seat {p}" for p in w)
        if (
            len(w) == 1
            and state.round <= state.config.max_rounds
            and len(state.out) == state.config.players - 1
        ):
            reason = f"{names} is the last player in the game after {state.round} rounds"
        else:
            reason = f"round limit reached: {names} share victory (most health)"
        return Outcome(w, scores, reason)

    def metrics(self, state: WeaponsState) -> dict[str, Any]:
        return {
            "players": state.config.players,
            "rounds": state.round,
            "eliminated": list(state.out),
            "health": list(state.health),
            "satchels_taken": state.config.satchel_cards - state.satchel_pile,
        }

    # ----- information ---------------------------------------------------
    def observe(self, state: WeaponsState, player: int | None) -> dict[str, Any]:
        hidden = rules.face_down_pending(state)
        attacks = list(state.attacks)
        if hidden and player != state.attackers[-1]:
            attacks[-1] = -1
        return {
            "config": state.config.model_dump(mode="json"),
            "seat": player,
            "phase": PHASES[state.phase],
            "hand": list(state.hands[player]) if player is not None else None,
            "hand_counts": [len(h) for h in state.hands],
            "deck_count": len(state.deck),
            "discard": list(state.discard),
            "attacks": attacks,
            "attackers": list(state.attackers),
            "defences": list(state.defences),
            "health": list(state.health),
            "satchels": list(state.satchels),
            "satchel_pile": state.satchel_pile,
            "satchel_spent": state.satchel_spent,
            "alive": list(state.alive),
            "out": list(state.out),
            "passed": list(state.passed),
            "dealer": state.dealer,
            "first": state.first,
            "attacker": state.attacker,
            "defender": state.defender,
            "round": state.round,
            "decisions": state.decisions,
            "winners": list(state.winners),
        }

    def determinize(self, observation: dict[str, Any], rng: Rng) -> WeaponsState:
        o = observation
        config = WeaponsConfig.model_validate(o["config"])
        s = WeaponsState(config, Rng(rng.next64()))
        seat = o["seat"]
        known = set(o["hand"] or []) | set(o["discard"]) | set(o["defences"])
        known |= {x for x in o["attacks"] if x >= 0}
        pool = [x for x in range(deck_size(config)) if x not in known]
        rng.shuffle(pool)
        s.attacks = list(o["attacks"])
        if s.attacks and s.attacks[-1] < 0:
            s.attacks[-1] = pool.pop()
        for p, count in enumerate(o["hand_counts"]):
            if p == seat:
                s.hands[p] = list(o["hand"])
            else:
                s.hands[p] = sorted(pool[:count])
                del pool[:count]
        s.deck = pool
        s.phase = PHASES.index(o["phase"])
        for k in (
            "discard",
            "attackers",
            "defences",
            "health",
            "satchels",
            "alive",
            "out",
            "passed",
            "winners",
        ):
            setattr(s, k, list(o[k]))
        for k in (
            "satchel_pile",
            "satchel_spent",
            "dealer",
            "first",
            "attacker",
            "defender",
            "round",
            "decisions",
        ):
            setattr(s, k, o[k])
        return s

    # ----- positions -----------------------------------------------------
    def state_to_json(self, state: WeaponsState) -> dict[str, Any]:
        return state_to_json(state)

    def state_from_json(self, config: WeaponsConfig, data: dict[str, Any]) -> WeaponsState:
        return state_from_json(config, data)

    def invariants(self, state: WeaponsState) -> list[str]:
        c = state.config
        bad = []
        every = [x for h in state.hands for x in h] + state.deck + state.discard
        every += state.attacks + state.defences
        if sorted(every) != list(range(deck_size(c))):
            bad.append("every weapon card must be in exactly one place")
        held = sum(state.satchels)
        if state.satchel_pile + held + state.satchel_spent != c.satchel_cards:
            bad.append("Satchel cards are not conserved")
        if any(h < 0 for h in state.health) or any(x < 0 for x in state.satchels):
            bad.append("negative health or Satchel count")
        if len(state.attacks) > 3:
            bad.append("a Skirmish has at most 3 attacks")
        if state.phase != OVER and not (state.alive[state.first] and state.alive[state.defender]):
            bad.append("an eliminated player is in the Skirmish")
        return bad

    def render(self, state: WeaponsState, player: int | None) -> str:
        o = self.observe(state, player)
        c = state.config
        txt = lambda x: "??" if x < 0 else card_text(x, c)  # noqa: E731
        lines = [
            f"Round {o['round']} - {o['phase']} - draw pile {o['deck_count']} - trump {c.trump}"
        ]
        for p in range(c.players):
            role = "first attacker" if p == o["first"] else "defender" if p == o["defender"] else ""
            status = "" if o["alive"][p] else " (eliminated)"
            lines.append(
                f"seat {p}: health {o['health'][p]}, satchels {o['satchels'][p]}, "
                f"cards {o['hand_counts'][p]} {role}{status}"
            )
        pairs = []
        for i, a in enumerate(o["attacks"]):
            d = o["defences"][i] if i < len(o["defences"]) else None
            pairs.append(f"{txt(a)}/{txt(d) if d is not None else '-'}")
        lines.append("skirmish: " + (" ".join(pairs) or "(no attacks yet)"))
        if o["hand"] is not None:
            lines.append("your hand: " + " ".join(txt(x) for x in o["hand"]))
        return "\n".join(lines)
