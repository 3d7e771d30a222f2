"""The solo planner (``planner``, bots_planner.py): offered for Graxia and bounded on the
server, blind to what the Player may not see, stronger than the heuristic in a solo scenario;
and Solo 4-6 deck building that knows the Non-Player draws from the Player's unit deck."""

from __future__ import annotations

from collections import Counter

import pytest
from graxia_helpers import GAME

from wartable.agents.specs import available_agents, make_agent
from wartable.core.errors import ConfigError
from wartable.core.rng import Rng
from wartable.games.graxia import HeuristicAgent, PlannerAgent
from wartable.games.graxia.bots_planner import solo_value
from wartable.games.graxia.catalog import deckfile
from wartable.games.graxia.catalog.tables import HERO, LARGE
from wartable.games.graxia.hidden import scramble
from wartable.games.graxia.solo import bots as bots_solo
from wartable.games.graxia.solo import setup as solo_setup
from wartable.games.graxia.state import COMMAND, GraxiaState
from wartable.server.bot_limits import BotLimits, check_bot_spec
from wartable.server.errors import Unprocessable


def _command_position(scenario: str, seed: int, turn: int) -> GraxiaState:
    """The heuristic plays the Player until its Command Phase of Game Turn ``turn``."""
    config = GAME.make_config({"scenario": scenario})
    state = GAME.new_state(config, seed)
    agent, rng = HeuristicAgent(), Rng(seed)
    for _ in range(5_000):
        legal = GAME.legal_actions(state, 0)
        if state.phase == COMMAND and state.turn >= turn and len(legal) > 3:
            return state
        GAME.apply_fast(state, 0, agent.act(GAME, GAME.observe(state, 0), legal, 0, rng), None)
    raise AssertionError(f"{scenario} seed {seed}: no Command Phase on turn {turn}")


def test_planner_is_offered_for_graxia_and_bounded_on_the_server() -> None:
    """The lobby lists ``available_agents``; the server lets a stranger make the planner
    cheaper, never dearer than its defaults; bad parameters are refused with a clear error."""
    assert available_agents("graxia")["planner"] is PlannerAgent
    agent = make_agent("planner:width=2,worlds=1", "graxia")
    assert (agent.width, agent.worlds) == (2, 1)
    check_bot_spec("planner:width=2,worlds=1", "graxia", 1, BotLimits())
    with pytest.raises(Unprocessable, match="width=40"):
        check_bot_spec("planner:width=40", "graxia", 1, BotLimits())
    with pytest.raises(Unprocessable, match="worlds=9"):
        check_bot_spec("planner:worlds=9", "graxia", 1, BotLimits())
    with pytest.raises(ConfigError, match="width"):
        PlannerAgent(width=0)


def test_planner_sees_no_hidden_information() -> None:
    """Redrawing what the Player may not see (the scrambler: every deck's order, the
    Non-Player's cards, the generator) leaves the planner's choice unchanged for the same
    agent seed: it decides from the observation alone."""
    state = _command_position("solo-4", 11, 2)
    legal = GAME.legal_actions(state, 0)
    planner = PlannerAgent(width=3, worlds=2)
    choice = planner.act(GAME, GAME.observe(state, 0), legal, 0, Rng(5))
    assert choice in legal
    redrawn = 0
    for k in range(3):
        other = scramble(state, 0, Rng(100 + k))
        redrawn += other.decks != state.decks or other.rng.next64() != state.copy().rng.next64()
        assert GAME.legal_actions(other, 0) == legal
        assert planner.act(GAME, GAME.observe(other, 0), legal, 0, Rng(5)) == choice
    assert redrawn == 3, "the scrambler must have changed the hidden state"


def test_solo_value_counts_the_scenarios_victory_terms() -> None:
    """Solo 2: a settlement more lost is worse; Solo 4: a Non-Player victory point more is
    worse and a Player's one better (the race), beyond the heuristic's evaluation."""
    s2 = _command_position("solo-2", 3, 2)
    worse = s2.copy()
    worse.solo.settlements_lost += 1
    assert solo_value(worse) < solo_value(s2)
    s4 = _command_position("solo-4", 3, 2)
    ahead, behind = s4.copy(), s4.copy()
    ahead.vp[0] += 10
    behind.vp[1] += 10
    assert solo_value(behind) < solo_value(s4) < solo_value(ahead)


@pytest.mark.parametrize("scenario", ["solo-4", "solo-5", "solo-6"])
def test_deck_building_fills_with_the_weakest_commons(scenario: str) -> None:
    """§9.2 Solo 4-6: the Non-Player draws its units from the Player's unit deck, so the bots
    build a legal deck (``deckfile.problems``) whose Heroes and Large Creatures are only the
    starting quota's, the strongest of their class (Solo 5 and 6 ask for exactly 6 and 4: the
    others are the weakest of their class), and whose other normal units are the weakest on
    offer: none left out is weaker than one taken as filler."""
    config = GAME.make_config({"scenario": scenario})
    state = GAME.new_state(config, 3)
    agent, rng = HeuristicAgent(), Rng(3)
    while state.solo.setup_step == solo_setup.BUILD:
        legal = GAME.legal_actions(state, 0)
        GAME.apply_fast(state, 0, agent.act(GAME, GAME.observe(state, 0), legal, 0, rng), None)
    cat, sc = state.cat, state.sc
    assert bots_solo.npc_draws_player_units(sc)
    nu = len(cat.units)
    units = list(state.decks[0]) + [
        state.unit[c] for c in range(sc.board.size) if state.owner[c] == 0
    ]
    units = [u for u in units if not cat.units[u].is_guardian]
    spells = [c - nu for c in state.decks[2]]
    assert deckfile.problems(cat, sc, units, spells) == []
    assert Counter(units) == Counter(bots_solo.filler_deck(cat, sc))
    need = deckfile.start_needs(sc)
    classes = Counter(deckfile.class_of(cat.units[u]) for u in units)
    required = deckfile.required(sc)  # Solo 5 and 6: exactly 6 Heroes and 4 Large Creatures
    assert classes[HERO] == required[HERO] and classes[LARGE] == required[LARGE]
    avail, _ = deckfile.available(cat, sc)

    def strength(u: int) -> float:
        return bots_solo.unit_strength(cat.units[u])

    heroes = sorted((u for u in avail if cat.units[u].klass == HERO), key=strength)
    mine = sorted((u for u in units if cat.units[u].klass == HERO), key=strength)
    starting, extra = mine[len(mine) - need[HERO] :], mine[: len(mine) - need[HERO]]
    assert [strength(u) for u in starting] == [strength(u) for u in heroes[-need[HERO] :]]
    if extra:  # the Heroes the Non-Player may draw: the weakest on offer
        assert [strength(u) for u in extra] == [strength(u) for u in heroes[: len(extra)]]
    normal = Counter(u for u in units if deckfile.class_of(cat.units[u]) == deckfile.NORMAL)
    filler = normal - Counter(
        sorted(normal.elements(), key=strength, reverse=True)[: need[deckfile.NORMAL]]
    )
    left_out = [
        u
        for u, n in avail.items()
        if deckfile.class_of(cat.units[u]) == deckfile.NORMAL and normal[u] < n
    ]
    assert max(strength(u) for u in filler) <= min(strength(u) for u in left_out)
