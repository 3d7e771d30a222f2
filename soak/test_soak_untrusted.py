"""Long fuzzing of untrusted input (``make soak``): the properties of
tests/test_untrusted_fuzz.py over many more mutants, and the play-on round-trip check.

``WARTABLE_SOAK_MUTANTS`` (default 20000) position mutants per game,
``WARTABLE_SOAK_REPLAYS`` (default 1000) replay mutants per game. Each test prints the
volume it ran (``pytest -s`` shows it).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from wartable.games import available_games, get_game
from wartable.testing.mutate import (
    OPS,
    check_position_mutant,
    check_replay_mutant,
    mutate,
    paths,
    position_corpus,
    replay_corpus,
)
from wartable.testing.roundtrip import check_roundtrip_play

MUTANTS = int(os.environ.get("WARTABLE_SOAK_MUTANTS", "20000"))
REPLAYS = int(os.environ.get("WARTABLE_SOAK_REPLAYS", "1000"))
SUBTLE = ("inc", "dec", "zero", "swap", "dup", "drop")


@pytest.mark.parametrize("gid", available_games())
def test_many_position_mutants(gid: str) -> None:
    corpus = position_corpus(gid, seeds=4)
    rng = random.Random(f"soak-positions-{gid}")
    seen: Counter[str] = Counter()
    for i in range(MUTANTS):
        tree = json.loads(rng.choice(corpus))
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            op = rng.choice(OPS if i % 2 else SUBTLE)  # half only nudge: those load most often
            tree = mutate(tree, rng.choice(paths(tree)), op, rng.randrange(1000))
        seen[check_position_mutant(tree, steps=150, seed=i)] += 1
    print(f"{gid}: {MUTANTS} position mutants: {dict(seen)}")
    assert seen["played"] > 0


@pytest.mark.parametrize("gid", available_games())
def test_many_replay_mutants(gid: str) -> None:
    corpus = replay_corpus(gid)
    rng = random.Random(f"soak-replays-{gid}")
    seen: Counter[str] = Counter()
    for i in range(REPLAYS):
        tree = json.loads(corpus[i % len(corpus)])
        for _ in range(rng.choice((1, 1, 2))):
            tree = mutate(tree, rng.choice(paths(tree)), rng.choice(OPS), rng.randrange(1000))
        seen[check_replay_mutant(tree, gid)] += 1
    print(f"{gid}: {REPLAYS} replay mutants: {dict(seen)}")


@pytest.mark.parametrize("gid", available_games())
def test_reloaded_positions_play_on_identically_many_seeds(gid: str) -> None:
    game = get_game(gid)
    for cfg in game.example_configs():
        for seed in range(30):
            check_roundtrip_play(game, cfg, seed)
