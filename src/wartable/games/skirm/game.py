"""Skirm, the dice duel (skirm-dice-duel.txt): the Game implementation."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from wartable.core.errors import ConfigError
from wartable.core.events import Event, event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

from . import abilities
from . import actions as acts
from .cards import Card, load_cards
from .config import SkirmConfig
from .determinize import determinize
from .scoring import quick_matches
from .state import ABILITY, OVER, PHASES, QUICK, REVEAL, SkirmState, state_from_json, state_to_json

REWARD: Final = 2  # "If you win the duel, gain 2 [reward icon]"


class SkirmGame(Game[SkirmState, SkirmConfig]):
    id: ClassVar[str] = "skirm"
    title: ClassVar[str] = "Skirm (dice duel)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    modes: ClassVar[tuple[str, ...]] = ("full", "quick")
    config_model = SkirmConfig

    # ----- set-up ------------------------------------------------------------
    def example_configs(self) -> list[dict[str, Any]]:
        return [
            {},
            {"hand_sizes": [3, 3]},
            {"variant": "quick"},
            {"variant": "quick", "hand_sizes": [3, 1]},
        ]

    def num_actions(self, config: SkirmConfig) -> int:
        return acts.NUM_ACTIONS

    def action_to_str(self, action: int, config: SkirmConfig) -> str:
        cs = load_cards(config.data_dir)
        return acts.action_text(action, tuple(c.id for c in cs.cards), cs.skill_names)

    def new_state(self, config: SkirmConfig, seed: int) -> SkirmState:
        s = SkirmState(config, Rng(seed))
        ids = [c.id for c in s.cards.cards]
        if config.hands is not None:
            for h in config.hands:
                for cid in h:
                    if cid not in ids:
                        raise ConfigError(f"skirm config: hands: unknown card id {cid}")
            s.hands = [list(config.hands[0]), list(config.hands[1])]
        else:
            # Setup: the sentient's card is removed first, then the duelist's from the rest.
            deck = ids[:]
            s.rng.shuffle(deck)
            sent = config.sentient_seat
            sizes = config.hand_sizes
            s.hands[sent] = deck[: sizes[sent]]
            s.hands[1 - sent] = deck[sizes[sent] : sizes[sent] + sizes[1 - sent]]
        # Both duelists roll 6 skill dice, then reveal a card.
        s.dice = [[s.rng.below(6) for _ in range(6)] for _ in range(2)]
        s.hidden = [[False] * 6, [False] * 6]
        s.commit.open([0, 1])
        return s

    def num_players(self, state: SkirmState) -> int:
        return 2

    # ----- decisions -----------------------------------------------------
    def to_act(self, state: SkirmState) -> tuple[int, ...]:
        if state.phase == REVEAL:
            return state.commit.pending()
        if state.phase == ABILITY:
            return (abilities.actor(state),)
        if state.phase == QUICK:
            return (state.first,)
        return ()

    def legal_actions(self, state: SkirmState, player: int) -> list[int]:
        if player not in self.to_act(state):
            return []
        if state.phase == REVEAL:
            return sorted(acts.REVEAL + state.cards.index_of(c) for c in state.hands[player])
        if state.phase == QUICK:
            return [acts.QUICK_REROLL, acts.QUICK_STAND]
        return abilities.legal(state)

    def explain_illegal(self, state: SkirmState, player: int, action: int) -> str:
        text = self.action_to_str(action, state.config)
        if state.phase == REVEAL:
            return f"'{text}': reveal one Skirm card you hold (Duel Sequence)"
        if state.phase == QUICK:
            return f"'{text}': the faster duelist may only 'reroll all' or 'stand' (Quick Variant)"
        ab = abilities.ability_of(state)
        return f"'{text}' is not a choice {ab} allows now (Abilities: {ab})"

    def apply_fast(
        self, state: SkirmState, player: int, action: int, events: list[Event] | None
    ) -> None:
        state.decisions += 1
        if state.phase == REVEAL:
            state.commit.add(player, action)
            state.commit.finish(player)
            if events is not None:
                events.append(event("committed", seat=player))
            if state.commit.all_done:
                self._reveal(state, events)
            return
        if state.phase == QUICK:
            if action == acts.QUICK_REROLL:
                state.dice[player] = [state.rng.below(6) for _ in state.dice[player]]
                if events is not None:
                    events.append(event("reroll", seat=player, faces=list(state.dice[player])))
            self._quick_finish(state, events)
            return
        abilities.apply(state, action, events)

    def _reveal(self, state: SkirmState, events: list[Event] | None) -> None:
        chosen = state.commit.reveal()
        for seat in (0, 1):
            state.card[seat] = state.cards.cards[chosen[seat][0] - acts.REVEAL].id
        c0, c1 = state.card_of(0), state.card_of(1)
        # Highest speed goes first; tied speed: the higher card ID.
        state.first = 0 if (c0.speed, c0.id) > (c1.speed, c1.id) else 1
        if events is not None:
            events.append(event("reveal", cards=list(state.card), first=state.first))
        if state.config.variant == "quick":
            state.phase = QUICK
            return
        state.phase = ABILITY
        state.step = 0
        abilities.start(state, events)

    def _quick_finish(self, state: SkirmState, events: list[Event] | None) -> None:
        """Quick Variant: more dice matching your card wins; the slower card breaks ties."""
        m = [quick_matches(state.dice[s], state.card_of(s)) for s in (0, 1)]
        state.points = m
        state.winner = (1 - state.first) if m[0] == m[1] else (0 if m[0] > m[1] else 1)
        state.phase = OVER
        if events is not None:
            events.append(event("score", points=m, winner=state.winner))

    # ----- end -----------------------------------------------------------
    def is_terminal(self, state: SkirmState) -> bool:
        return state.phase == OVER

    def outcome(self, state: SkirmState) -> Outcome:
        w = state.winner
        sent = state.config.sentient_seat
        r = self.rewards(state)
        if w == sent:
            tail = f"the sentient wins: the player acting for it gains {r['penalty']} penalty"
        else:
            tail = f"the duelist wins and gains {r['reward']} reward"
        # the tie rule differs: the Duel Sequence's first duelist, the Quick Variant's slower card
        if state.points[0] != state.points[1]:
            tie = ""
        elif state.config.variant == "quick":
            tie = " (a tie, which the duelist with the slower card breaks)"
        else:
            tie = " (a tie, which the first duelist wins)"
        reason = (
            f"seat {w} wins {state.points[w]}-{state.points[1 - w]}{tie}; "
            f"{tail}; win or lose, the duelist gains a random spoiler-pack card"
            + (" (kept even on a loss)" if state.config.variant == "quick" else "")
        )
        scores = (1.0, 0.0) if w == 0 else (0.0, 1.0)
        return Outcome((w,), scores, reason)

    def rewards(self, state: SkirmState) -> dict[str, int]:
        """The rulebook's after-duel gains (Duel Sequence): 2 reward on a win; "win or
        lose", a random spoiler-pack card for the duelist; a penalty for the player acting
        for the sentient if the sentient won (that player gains no card: the parenthesis
        is about them, not the duelist)."""
        sent = state.config.sentient_seat
        won = state.phase == OVER and state.winner == 1 - sent
        lost = state.phase == OVER and state.winner == sent
        spoiler = int(state.phase == OVER)
        return {
            "reward": REWARD if won else 0,
            "penalty": 1 if lost and state.config.variant == "full" else 0,
            "spoiler_card": spoiler,
        }

    def metrics(self, state: SkirmState) -> dict[str, Any]:
        return {
            "variant": state.config.variant,
            "cards": list(state.card),
            "first": state.first,
            "points": list(state.points),
            "winner": state.winner,
            **self.rewards(state),
        }

    # ----- information ---------------------------------------------------
    def observe(self, state: SkirmState, player: int | None) -> dict[str, Any]:
        over = state.phase == OVER
        dice = []
        for seat in (0, 1):
            dice.append(
                [
                    -1 if (state.hidden[seat][i] and player != seat and not over) else f
                    for i, f in enumerate(state.dice[seat])
                ]
            )
        return {
            "config": state.config.model_dump(mode="json"),
            "seat": player,
            "phase": PHASES[state.phase],
            "decisions": state.decisions,
            "hand": list(state.hands[player]) if player is not None else None,
            "hand_counts": [len(state.hands[0]), len(state.hands[1])],
            "commit": state.commit.public_view(player),
            "card": list(state.card),
            "dice": dice,
            "hidden": [list(state.hidden[0]), list(state.hidden[1])],
            "first": state.first,
            "step": state.step,
            "stage": state.stage,
            "sel": list(state.sel),
            "osel": list(state.osel),
            "aux": list(state.aux),
            "left": state.left,
            "winner": state.winner,
            "points": list(state.points),
        }

    def determinize(self, observation: dict[str, Any], rng: Rng) -> SkirmState:
        return determinize(observation, rng)

    def state_to_json(self, state: SkirmState) -> dict[str, Any]:
        return state_to_json(state)

    def state_from_json(self, config: SkirmConfig, data: dict[str, Any]) -> SkirmState:
        return state_from_json(config, data)

    def invariants(self, state: SkirmState) -> list[str]:
        bad = []
        if len(state.dice[0]) + len(state.dice[1]) != 12:
            bad.append("the duel must hold exactly 12 dice")
        for seat in (0, 1):
            if len(state.hidden[seat]) != len(state.dice[seat]):
                bad.append(f"seat {seat}: a concealment flag per die")
            if any(not 0 <= f < 6 for f in state.dice[seat]):
                bad.append(f"seat {seat}: a die face outside 0..5")
        if set(state.hands[0]) & set(state.hands[1]):
            bad.append("a card is held by both duelists")
        return bad

    def render(self, state: SkirmState, player: int | None) -> str:
        obs = self.observe(state, player)
        names = state.cards.skill_names
        lines = [f"Skirm ({state.config.variant}) - phase {obs['phase']}"]
        for seat in (0, 1):
            card: Card | None = state.card_of(seat)
            who = "sentient" if seat == state.config.sentient_seat else "duelist"
            desc = "card hidden"
            if card is not None:
                desc = (
                    f"card {card.id} speed {card.speed} "
                    f"[{names[card.skills[0]]} {names[card.skills[1]]}] "
                    f"{card.ability}/{card.scoring}"
                )
            faces = " ".join("?" if f < 0 else names[f] for f in obs["dice"][seat])
            lines.append(f"seat {seat} ({who}): {desc}; dice: {faces}")
        if obs["hand"] is not None:
            lines.append(f"your hand: {' '.join(str(c) for c in obs['hand'])}")
        if state.phase == OVER:
            lines.append(self.outcome(state).reason)
        return "\n".join(lines)
