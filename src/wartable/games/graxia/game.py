"""Guardians of Graxia (guardians-of-graxia.txt): the Game implementation."""

from __future__ import annotations

from typing import Any, ClassVar

from wartable.core.events import Event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

from . import actions as acts
from . import battle, choices, command, narrate, observe, position, relics, setup, turn
from .actions import Layout
from .catalog.building import catalog_for, scenario_for
from .catalog.tables import Catalog, Scenario
from .config import SCENARIOS, GraxiaConfig
from .render import render
from .solo.options import scenario_with_options
from .solo.variant import SOLO
from .state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    BUY,
    COMMAND,
    DRAFT,
    DRAW,
    GUARD,
    OVER,
    PLACE,
    RELIC,
    GraxiaState,
)
from .state import REASONS as REASONS_TEXT
from .variant import TWO_PLAYER, Variant
from .view import SeatView, determinize


def variant_for(sc: Scenario) -> Variant:
    """What the scenario's family adds to the core rules (variant.py): a solo scenario's
    set-up, actions, points and choices, or nothing (two-player)."""
    return SOLO if sc.solo else TWO_PLAYER


class GraxiaGame(Game[GraxiaState, GraxiaConfig]):
    id: ClassVar[str] = "graxia"
    title: ClassVar[str] = "Guardians of Graxia"
    min_players: ClassVar[int] = 1  # the solo scenarios (§9.2): one seat, the Player
    max_players: ClassVar[int] = 2
    modes: ClassVar[tuple[str, ...]] = SCENARIOS
    config_model = GraxiaConfig

    def __init__(self) -> None:
        super().__init__()
        self._layouts: dict[str, Layout] = {}
        self._last_layout: tuple[GraxiaConfig, Layout] | None = None  # the config last asked

    # ----- catalog and layout ------------------------------------------------------
    def catalog(self, config: GraxiaConfig) -> tuple[Catalog, Scenario]:
        cat = catalog_for(config.data_dir, config.flist_setup)
        # the solo readings chosen by the config (§9.2; solo/options.py)
        return cat, scenario_with_options(scenario_for(cat, config.scenario), config)

    def layout(self, config: GraxiaConfig) -> Layout:
        last = self._last_layout
        if last is not None and last[0] is config:  # configs are frozen: no dump needed
            return last[1]
        key = config.model_dump_json()
        lay = self._layouts.get(key)
        if lay is None:
            cat, sc = self.catalog(config)
            lay = Layout(cat, sc)
            self._layouts[key] = lay
        self._last_layout = (config, lay)
        return lay

    def example_configs(self) -> list[dict[str, Any]]:
        cat = catalog_for(None)
        return [{"scenario": sid} for sid in SCENARIOS if sid in cat.scenarios]

    def num_actions(self, config: GraxiaConfig) -> int:
        return self.layout(config).size

    def action_to_str(self, action: int, config: GraxiaConfig) -> str:
        return self.layout(config).text(action)

    def empty_state(self, config: GraxiaConfig, rng: Rng) -> GraxiaState:
        cat, sc = self.catalog(config)
        return GraxiaState(config, rng, cat, sc, variant_for(sc))

    def new_state(self, config: GraxiaConfig, seed: int) -> GraxiaState:
        s = self.empty_state(config, Rng(seed))
        setup.begin(s, None)
        # a solo game: the non-player answers its own decisions (§9.2)
        s.variant.drive(s, self.layout(config), None, None)
        return s

    def num_players(self, state: GraxiaState) -> int:
        return 1 if state.sc.solo else 2

    # ----- decisions -----------------------------------------------------------------
    def to_act(self, state: GraxiaState) -> tuple[int, ...]:
        if state.sc.solo:  # side 1 is the non-player: the rules decide for it (solo/npc.py)
            return tuple(p for p in self._to_act(state) if p == 0)
        return self._to_act(state)

    def _to_act(self, state: GraxiaState) -> tuple[int, ...]:
        if state.track.pend_kind:  # a card's choice in the middle of an effect (choices.py)
            return (state.track.pend_seat,)
        ph = state.phase
        if ph in (PLACE, B_SAC):
            return state.commit.pending()
        if ph == OVER:
            return ()
        if ph == DRAFT:
            return (setup.draft_turn(state),)
        if ph == B_EXCH:
            return (battle.seat_of(state, state.bat.actor),)
        if ph in (B_RETREAT, RELIC):
            return (1 - state.current,)
        return (state.current,)

    def legal_actions(self, state: GraxiaState, player: int) -> list[int]:
        if player not in self.to_act(state):
            return []
        lay = self.layout(state.config)
        if state.track.pend_kind:
            return choices.legal(state, lay)
        ph = state.phase
        if ph == COMMAND:
            return command.legal(state, lay, player)
        if ph == RELIC:
            return relics.legal(state, lay, player)
        if ph == DRAW:
            return turn.draw_legal(state)
        if ph == BUY:
            return turn.buy_legal(state)
        if ph == B_EXCH:
            return battle.exchange_legal(state, lay, player)
        if ph == B_SAC:
            return battle.sacrifice_legal(state, lay, player)
        if ph == B_RETREAT:
            return battle.retreat_legal(state, lay)
        if ph == B_ADVANCE:
            return [acts.ADVANCE, acts.STAY]
        if ph == PLACE:
            return setup.place_legal(state, lay, player)
        if ph == GUARD:
            if state.sc.solo:  # the solo set-up: the Player's choices (solo/setup.py)
                return state.variant.setup_legal(state, lay)
            return setup.guardian_legal(state, lay)
        if ph == DRAFT:
            return setup.draft_legal(state, lay, player)
        return []

    def explain_illegal(self, state: GraxiaState, player: int, action: int) -> str:
        text = self.action_to_str(action, state.config)
        rules = {
            GUARD: "choose a Guardian not yet taken (§9.1)",
            DRAFT: "draft a normal unit not yet selected (§9.1 #6)",
            PLACE: "place your Guardian on your Home Row and starting units on your side "
            "within the scenario's mana, take back a unit you placed (unplace), then end; "
            "once revealed, placements are final (§9.1)",
            DRAW: "draw 4 free cards, then buy at 5 mana while holding 12 or fewer (§6 phase 1)",
            COMMAND: "unit actions are Move / Attack / Shield / Move+Attack / Attack+Move / "
            "Move+Shield or one command ability; summon next to the Guardian or on the Home "
            "Row; spells need their mana (§6 phase 2)",
            B_EXCH: "play a battle spell, use a battle ability once, or pass (§7 step 5)",
            B_SAC: "sacrifice a Spell card for attack or defence, or bluff (§7 step 6)",
            B_RETREAT: "retreat to a free tile directly away from the attacker (§7 step 9)",
            B_ADVANCE: "advance or stay (§7 step 10)",
            BUY: "buy cards at 5 mana while holding 12 or fewer, or end (§6 phase 3)",
            RELIC: "play a command relic you can pay for, or pass (§5.2 Relics)",
        }
        if state.track.pend_kind:
            return f"'{text}' is not legal now: make the card's pending choice (§5.4)"
        if state.phase == GUARD and state.sc.solo:
            return f"'{text}' is not legal now: {state.variant.setup_explain(state)}"
        return f"'{text}' is not legal now: {rules.get(state.phase, 'the game is over')}"

    def apply_fast(
        self, state: GraxiaState, player: int, action: int, events: list[Event] | None
    ) -> None:
        if not state.sc.solo:
            self._apply(state, player, action, events)
            return
        lay = self.layout(state.config)
        near = state.variant.before(state, lay, action)
        self._apply(state, player, action, events)
        state.variant.drive(state, lay, events, near)

    def _apply(
        self, state: GraxiaState, player: int, action: int, events: list[Event] | None
    ) -> None:
        state.decisions += 1
        lay = self.layout(state.config)
        if state.track.pend_kind:
            choices.apply(state, lay, action, events)
            return
        ph = state.phase
        window = state.config.relic_window
        if ph == COMMAND:
            if action == acts.END:
                if window == "own_round":
                    turn.end_command(state, events)
                else:
                    relics.open_window(state, relics.AT_END)
                return
            if command.apply(state, lay, player, action, events):
                _, a, d = lay.decode(action)
                battle.start(state, a, d, events)
            elif window == "each_action" and state.phase == COMMAND and not state.track.teleport_to:
                relics.open_window(state, relics.AFTER_ACTION)
            return
        if ph == RELIC:
            if relics.apply(state, lay, player, action, events):
                turn.end_command(state, events)
            return
        if ph == DRAW:
            turn.draw_apply(state, action, events)
        elif ph == BUY:
            turn.buy_apply(state, action, events)
        elif ph == B_EXCH:
            battle.exchange_apply(state, lay, player, action, events)
        elif ph == B_SAC:
            battle.sacrifice_apply(state, lay, player, action, events)
        elif ph == B_RETREAT:
            battle.do_retreat(state, lay.decode(action)[1], events)
        elif ph == B_ADVANCE:
            battle.advance(state, action == acts.ADVANCE, events)
        elif ph == PLACE:
            setup.place_apply(state, lay, player, action, events)
        elif ph == GUARD and state.sc.solo:
            state.variant.setup_apply(state, lay, action, events)
        elif ph == GUARD:
            setup.guardian_apply(state, player, lay.decode(action)[1], events)
        elif ph == DRAFT:
            setup.draft_apply(state, player, lay.decode(action)[1], events)

    # ----- end -------------------------------------------------------------------------
    def is_terminal(self, state: GraxiaState) -> bool:
        return state.phase == OVER

    def outcome(self, state: GraxiaState) -> Outcome:
        w = state.track.winner
        reason = REASONS_TEXT[state.track.reason]
        if state.sc.solo:  # one seat: the Player wins or loses (§9.2)
            if w == 0:
                return Outcome((0,), (1.0,), f"the Player wins: {reason}")
            return Outcome((), (0.0,), f"the Player loses: {reason}")
        if w < 0:
            return Outcome((), (0.5, 0.5), f"a tie ({reason})")
        scores = (1.0, 0.0) if w == 0 else (0.0, 1.0)
        return Outcome((w,), scores, f"seat {w} wins: {reason}")

    def metrics(self, state: GraxiaState) -> dict[str, Any]:
        k = state.solo.home_row
        return {
            "scenario": state.config.scenario,
            "turn": state.turn,
            "vp": list(state.vp),
            "mana": list(state.mana),
            "tiles": [sum(1 for c in state.ctrl if c == p) for p in (0, 1)],
            "units": [sum(1 for o in state.owner if o == p) for p in (0, 1)],
            "reason": REASONS_TEXT[state.track.reason],
            # solo-3 (§9.2): the Home Row chosen, A-D ("-" before the choice)
            **({"home_row": "ABCD"[k] if k >= 0 else "-"} if state.sc.home_rows else {}),
        }

    # ----- information -----------------------------------------------------------------
    event_text_needs_state: ClassVar[bool] = True  # solo: seat 1 is "the Non-Player"

    def event_to_str(self, event: dict[str, Any], state: GraxiaState | None = None) -> str:
        return narrate.event_to_str(event, solo=state is not None and state.sc.solo)

    def observe(self, state: GraxiaState, player: int | None) -> dict[str, Any]:
        return observe.observe(state, player)

    def seat_view(self, state: GraxiaState, player: int) -> SeatView | dict[str, Any]:
        """Two-player games: the observation's facts without building the dict (view.py);
        a solo game's is the dict (the solo set-up reads it)."""
        if state.sc.solo:
            return observe.observe(state, player)
        return SeatView.from_state(state, player)

    def determinize(self, observation: dict[str, Any] | SeatView, rng: Rng) -> GraxiaState:
        v = (
            observation
            if isinstance(observation, SeatView)
            else SeatView.from_observation(observation)
        )
        layout = self.layout
        cat, sc = v.cat, v.sc
        if isinstance(v.config, GraxiaConfig) and cat is not None and sc is not None:
            config = v.config  # a seat view: the state's catalog and scenario, no look-up
            return determinize(
                v,
                rng,
                lambda r: v.bare_state(config, r, variant_for(sc)),
                lambda s: layout(s.config),
            )
        dumped = self.make_config(v.config)
        return determinize(
            v, rng, lambda r: self.empty_state(dumped, r), lambda s: layout(s.config)
        )

    def state_to_json(self, state: GraxiaState) -> dict[str, Any]:
        return position.state_to_json(state)

    def state_from_json(self, config: GraxiaConfig, data: dict[str, Any]) -> GraxiaState:
        cat, sc = self.catalog(config)
        return position.state_from_json(config, cat, sc, variant_for(sc), data)

    def invariants(self, state: GraxiaState) -> list[str]:
        return position.check(state)

    def render(self, state: GraxiaState, player: int | None) -> str:
        return render(state, player)
