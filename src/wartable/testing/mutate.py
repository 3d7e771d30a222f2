"""Mutants of valid positions and replays, for the untrusted-input fuzz tests.

A mutation picks one place in the JSON tree and changes it: an integer nudged or made huge
or negative, a key deleted, a value swapped for another type, a list item duplicated or
dropped, a list emptied or swapped. ``check_position_mutant`` and ``check_replay_mutant``
state the promise the engine keeps for any input: it is refused with a ``WartableError``,
or it loads into a state whose invariants hold and that plays on (random legal moves,
validated ``apply``) with every seat to act having a legal action.

Used by ``tests/test_untrusted_fuzz.py`` (hypothesis, a moderate budget) and by
``soak/test_soak_untrusted.py`` (long runs, ``make soak``).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from wartable.core.errors import WartableError
from wartable.core.game import Game
from wartable.core.match import agent_rngs, play_match
from wartable.core.position import position_from_json, position_to_json
from wartable.core.replay import record_to_replay, run_replay
from wartable.core.rng import Rng
from wartable.games import available_games, get_game

OPS = (
    "inc",
    "dec",
    "zero",
    "neg",
    "huge",
    "delete",
    "str",
    "null",
    "bool",
    "float",
    "list",
    "dict",
    "dup",
    "drop",
    "empty",
    "swap",
    "nest",
)
HUGE = (10**30, 2**64, 2**63 - 1, 10**6, 99, 999, -(10**9))


def paths(tree: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (the root excluded), depth first."""
    out: list[tuple[Any, ...]] = []
    if isinstance(tree, dict):
        for k, v in tree.items():
            out.append((*prefix, k))
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out.append((*prefix, i))
            out.extend(paths(v, (*prefix, i)))
    return out


def mutate(tree: Any, path: tuple[Any, ...], op: str, pick: int = 0) -> Any:
    """A copy of ``tree`` with ``op`` applied at ``path`` (``pick`` chooses among options)."""
    out = copy.deepcopy(tree)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    if op == "delete":
        del parent[key]
        return out
    if op in ("dup", "drop", "empty", "swap") and isinstance(value, list):
        if op == "dup" and value:
            value.insert(pick % len(value), copy.deepcopy(value[pick % len(value)]))
        elif op == "drop" and value:
            value.pop(pick % len(value))
        elif op == "empty":
            value.clear()
        elif op == "swap" and len(value) > 1:
            i, j = pick % len(value), (pick // 7) % len(value)
            value[i], value[j] = value[j], value[i]
        return out
    if isinstance(value, int) and not isinstance(value, bool):
        new: Any = {
            "inc": value + 1,
            "dec": value - 1,
            "zero": 0,
            "neg": -value - 1,
            "huge": HUGE[pick % len(HUGE)],
        }.get(op)
        if new is not None:
            parent[key] = new
            return out
    parent[key] = {
        "str": str(value)[:20] if not isinstance(value, str) else value + "x",
        "null": None,
        "bool": True,
        "float": 1.5,
        "list": [value],
        "dict": {"v": value},
        "nest": [[value]],
    }.get(op, HUGE[pick % len(HUGE)])
    return out


# ----------------------------------------------------------------------------- corpora
@cache
def position_corpus(gid: str, seeds: int = 2) -> tuple[str, ...]:
    """Valid positions of every example config of ``gid``: the start, a few points of a
    random game, and the end (as JSON text, so callers get fresh copies)."""
    game = get_game(gid)
    out: list[str] = []
    for cfg in game.example_configs():
        config = game.make_config(cfg)
        for seed in range(seeds):
            state = game.new_state(config, seed)
            rng = Rng(seed + 1000)
            n = 0
            while True:
                if n in (0, 3, 15, 60) or game.is_terminal(state):
                    out.append(json.dumps(position_to_json(game, state)))
                if game.is_terminal(state) or n > 2000:
                    break
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                game.apply_fast(state, seat, legal[rng.below(len(legal))], None)
                n += 1
    return tuple(out)


@cache
def replay_corpus(gid: str) -> tuple[str, ...]:
    """Replays of finished random games, one per example config (short games first)."""
    from wartable.agents.random_agent import RandomAgent

    game = get_game(gid)
    out = []
    for i, cfg in enumerate(game.example_configs()):
        seats = game.num_players(game.new_state(game.make_config(cfg), i))
        record = play_match(game, cfg, i, [RandomAgent() for _ in range(seats)])
        out.append(json.dumps(record_to_replay(game, record)))
    return tuple(sorted(out, key=len))


# ----------------------------------------------------------------------------- the promise
def play_on(game: Game[Any, Any], state: Any, steps: int, seed: int, where: str) -> int:
    """Random legal moves with the validated ``apply``; invariants and legality each step."""
    rngs = agent_rngs(seed, game.num_players(state))
    n = 0
    while n < steps and not game.is_terminal(state):
        acting = game.to_act(state)
        assert acting, f"{where}: nobody to act after {n} moves"
        for seat in acting:
            assert game.legal_actions(state, seat), f"{where}: seat {seat} stuck after {n} moves"
        problems = game.invariants(state)
        assert not problems, f"{where}: invariants broken after {n} moves: {problems}"
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rngs[seat].below(len(legal))])
        game.observe(state, seat)
        n += 1
    if game.is_terminal(state):
        out = game.outcome(state)
        assert len(out.scores) == game.num_players(state), where
    return n


def check_position_mutant(mutant: Any, steps: int = 150, seed: int = 0) -> str:
    """Refused (``"refused"``) or loaded and played on (``"played"``); anything else fails."""
    try:
        game, state = position_from_json(mutant, get_game)
    except WartableError as err:
        assert str(err) and "\n" not in str(err), repr(err)
        return "refused"
    where = f"mutant {json.dumps(mutant)[:300]}"
    assert not game.invariants(state), f"{where}: loaded with broken invariants"
    json.dumps(position_to_json(game, state))
    play_on(game, state, steps, seed, where)
    return "played"


def check_replay_mutant(mutant: Any, gid: str) -> str:
    """A replay mutant (of a ``gid`` replay): refused, or re-run with invariants holding."""
    named = mutant.get("game") if isinstance(mutant, dict) else None
    game = get_game(named if named in available_games() else gid)
    try:
        state, _ = run_replay(game, mutant)
    except WartableError as err:
        assert str(err) and "\n" not in str(err), repr(err)
        return "refused"
    assert not game.invariants(state), f"replay mutant broke invariants: {str(mutant)[:300]}"
    return "played"
