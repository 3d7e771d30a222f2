"""Every encoder segment lies in [0, 1] (normalised or one-hot): no raw ids, no raw counts."""

from __future__ import annotations

import numpy as np
import pytest
from envcases import CASES

from wartable.core.rng import Rng
from wartable.envs.encoders import make_encoder
from wartable.games import get_game


def _observations(gid: str, cfg: dict, seeds: int = 1) -> list[dict]:
    game = get_game(gid)
    config = game.make_config(cfg)
    out = []
    for seed in range(seeds):
        state = game.new_state(config, 40 + seed)
        rng = Rng(seed)
        while True:
            out.extend(game.observe(state, s) for s in range(game.num_players(state)))
            if game.is_terminal(state):
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply_fast(state, seat, legal[rng.below(len(legal))], None)
    return out


# the games whose own encoder module is normalised segment by segment (docs/research.md);
# every game, these and any other, is checked through the generic encoder
NORMALISED = ("draconia", "graxia", "invasion", "skirm", "weapons")


def _in_zero_one(gid: str, cfg: dict, kind: str) -> None:
    game = get_game(gid)
    observations = _observations(gid, cfg)
    enc = make_encoder(game, game.make_config(cfg), kind)
    vectors = np.stack([enc.encode(o) for o in observations])
    at = 0
    for seg in enc.describe():
        part = vectors[:, at : at + seg.width]
        assert part.min() >= 0.0 and part.max() <= 1.0, (kind, seg.name, part.max())
        at += seg.width
    assert at == enc.size


def _first_and_last(gid: str) -> list[int]:
    n = len(get_game(gid).example_configs())
    return sorted({0, n - 1})


# the first and the last example config of each (the last ones are the richest modes:
# Draconia's draft, Invasion's team game), to keep the structural passes few
OWN = [c for c in CASES if c[0] in NORMALISED and c[1] in _first_and_last(c[0])]


@pytest.mark.parametrize(("gid", "i", "cfg"), OWN, ids=[f"{g}-{i}" for g, i, _ in OWN])
def test_every_segment_of_a_games_own_encoder_is_in_zero_one(gid: str, i: int, cfg: dict) -> None:
    _in_zero_one(gid, cfg, "auto")


@pytest.mark.parametrize("gid", sorted({c[0] for c in CASES}))
def test_every_segment_of_the_generic_encoder_is_in_zero_one(gid: str) -> None:
    _in_zero_one(gid, {}, "generic")


def test_card_ids_become_a_bag_not_numbers() -> None:
    """Draconia's draft deck holds card ids up to 101: the generic part encodes the deck
    as counts per id, so no slot carries an id's value."""
    game = get_game("draconia")
    cfg = next(c for c in game.example_configs() if c.get("draft"))
    enc = make_encoder(game, game.make_config(cfg))
    names = {s.name: s for s in enc.describe()}
    bags = [n for n in names if n.startswith("rest: bag(")]
    assert bags, sorted(names)
    assert not any("raw number" in s.doc for s in names.values())
