"""The conformance suite every registered game must pass (DESIGN.md, "Testing").

Each check raises ``AssertionError`` with a message naming the game, the seed
and the decision index, so a failure is a reproducible bug report.
"""

from __future__ import annotations

import json
import random
from typing import Any

from wartable.core.errors import IllegalAction
from wartable.core.game import Game
from wartable.core.match import agent_rngs, default_agent_seed, play_match
from wartable.core.position import position_from_json, position_to_json
from wartable.core.replay import record_to_replay, run_replay
from wartable.core.rng import Rng
from wartable.testing.leaks import check_leaks_all
from wartable.testing.roundtrip import check_roundtrip_play

MAX_DECISIONS = 200_000


def _roundtrip(game: Game[Any, Any], state: Any) -> Any:
    text = json.dumps(position_to_json(game, state), sort_keys=True)
    _, back = position_from_json(json.loads(text), lambda gid: game)
    return back


def _dump(game: Game[Any, Any], state: Any) -> str:
    return json.dumps(game.state_to_json(state), sort_keys=True)


def check_notation(game: Game[Any, Any], config: Any) -> None:
    seen: dict[str, int] = {}
    for a in range(game.num_actions(config)):
        text = game.action_to_str(a, config)
        assert text not in seen, (
            f"{game.id}: actions {seen.get(text)} and {a} share notation {text!r}"
        )
        seen[text] = a
        assert game.parse_action(text, config) == a, (
            f"{game.id}: {text!r} does not parse back to {a}"
        )


def check_playout(game: Game[Any, Any], config_data: dict[str, Any], seed: int, deep: bool) -> int:
    """Random playout with every per-decision invariant; returns the decision count."""
    config = game.make_config(config_data)
    state = game.new_state(config, seed)
    rngs = agent_rngs(default_agent_seed(seed), game.num_players(state))
    check_rng = Rng(seed + 99)
    n = 0
    while not game.is_terminal(state):
        where = f"{game.id} {config_data} seed={seed} decision={n}"
        acting = game.to_act(state)
        assert acting, f"{where}: nobody to act in a live game"
        problems = game.invariants(state)
        assert not problems, f"{where}: invariants broken: {problems}"
        for seat in acting:
            legal = game.legal_actions(state, seat)
            assert legal, f"{where}: seat {seat} to act with no legal action"
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        if deep:
            _check_state(game, state, seat, legal, check_rng, where)
        action = legal[rngs[seat].below(len(legal))]
        before = _dump(game, state) if deep else ""
        events = game.apply(state, seat, action)
        assert isinstance(events, list), f"{where}: apply must return events"
        if deep:
            assert _dump(game, state) != before or game.is_terminal(state), (
                f"{where}: action {game.action_to_str(action, config)} changed nothing"
            )
        n += 1
        assert n < MAX_DECISIONS, f"{where}: game does not end"
    assert not game.to_act(state), f"{game.id}: seats to act in a finished game"
    out = game.outcome(state)
    assert len(out.scores) == game.num_players(state)
    assert all(0 <= w < game.num_players(state) for w in out.winners)
    assert not game.invariants(state), f"{game.id}: invariants broken at end"
    return n


def _check_state(
    game: Game[Any, Any], state: Any, seat: int, legal: list[int], rng: Rng, where: str
) -> None:
    # position round-trip is exact
    back = _roundtrip(game, state)
    assert _dump(game, back) == _dump(game, state), f"{where}: position JSON does not round-trip"
    # a copy is equal, and independent of the original
    clone = state.copy()
    assert _dump(game, clone) == _dump(game, state), f"{where}: copy differs from original"
    original = _dump(game, state)
    game.apply_fast(clone, seat, legal[0], None)
    assert _dump(game, state) == original, f"{where}: applying to a copy changed the original"
    # a rejected action leaves the state untouched
    universe = game.num_actions(state.config)
    illegal = next((a for a in range(universe) if a not in set(legal)), None)
    if illegal is not None:
        try:
            game.apply(state, seat, illegal)
        except IllegalAction as err:
            assert str(err), f"{where}: IllegalAction without a reason"
        else:
            raise AssertionError(f"{where}: illegal action {illegal} was accepted")
        assert _dump(game, state) == original, f"{where}: a rejected action changed the state"
    _check_determinization_consistency(game, state, rng, where)


def _check_determinization_consistency(
    game: Game[Any, Any], state: Any, rng: Rng, where: str
) -> None:
    """``determinize`` agrees with ``observe``: a state redrawn from a seat's observation
    shows that seat the same observation, ``to_act`` and legal actions. This compares the
    game with itself (both sides are the game's own code), so it is no leak test: that is
    ``wartable.testing.leaks``, which scrambles by the separate ``hidden.py`` declaration."""
    for viewer in range(game.num_players(state)):
        obs = game.observe(state, viewer)
        json.dumps(obs)  # observations are JSON-able
        for _ in range(2):
            other = game.determinize(obs, rng)
            assert game.observe(other, viewer) == obs, (
                f"{where}: determinization inconsistent: seat {viewer}'s observation of a state"
                " determinized from it differs"
            )
            assert game.to_act(other) == game.to_act(state), (
                f"{where}: determinization inconsistent: to_act differs in a determinized state"
            )
            if viewer in game.to_act(state):
                assert game.legal_actions(other, viewer) == game.legal_actions(state, viewer), (
                    f"{where}: determinization inconsistent: seat {viewer}'s legal actions"
                    " differ in a state determinized from its observation"
                )


def check_determinism(game: Game[Any, Any], config_data: dict[str, Any], seed: int) -> None:
    from wartable.agents.random_agent import RandomAgent

    config = game.make_config(config_data)
    seats = game.num_players(game.new_state(config, seed))
    random.seed(1)
    a = play_match(game, config, seed, [RandomAgent() for _ in range(seats)])
    random.seed(987654)
    for _ in range(17):
        random.random()
    b = play_match(game, config, seed, [RandomAgent() for _ in range(seats)])
    assert a.actions == b.actions, f"{game.id}: same seed, different games"
    assert a.outcome == b.outcome
    replay = json.loads(json.dumps(record_to_replay(game, a)))
    _, outcome = run_replay(game, replay)
    assert outcome == a.outcome, f"{game.id}: replay gives a different outcome"


def run_conformance(game: Game[Any, Any], seeds: range = range(3), deep_seeds: int = 1) -> None:
    for config_data in game.example_configs():
        config = game.make_config(config_data)
        check_notation(game, config)
        for seed in seeds:
            check_playout(game, config_data, seed, deep=seed < deep_seeds)
        check_determinism(game, config_data, seeds[0] + 1000)
        check_roundtrip_play(game, config_data, seeds[0])
    check_leaks_all(game)  # what each seat is shown, against the game's own declaration
