"""Observation encoders: fixed length, finite, documented, and seat-specific."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from envcases import CASES, IDS

from wartable.core.rng import Rng
from wartable.envs.encoders import GenericEncoder, make_encoder
from wartable.games import available_games, get_game


def _observations(gid: str, cfg: dict[str, Any], seed: int, limit: int = 400) -> list[dict]:
    game = get_game(gid)
    config = game.make_config(cfg)
    state = game.new_state(config, seed)
    rng = Rng(seed)
    out = []
    while len(out) < limit:
        out.extend(game.observe(state, s) for s in range(game.num_players(state)))
        if game.is_terminal(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply_fast(state, seat, legal[rng.below(len(legal))], None)
    return out


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES, ids=IDS)
def test_encoding_is_fixed_length_and_finite(gid: str, i: int, cfg: dict) -> None:
    game = get_game(gid)
    enc = make_encoder(game, cfg)
    assert sum(seg.width for seg in enc.describe()) == enc.size
    vecs = [enc.encode(o) for o in _observations(gid, cfg, seed=100 + i)]
    assert all(v.shape == (enc.size,) and v.dtype == np.float32 for v in vecs)
    assert all(np.isfinite(v).all() for v in vecs)
    # the game moves on, so the encoding must change during a game
    assert len({v.tobytes() for v in vecs}) > 1


@pytest.mark.parametrize("gid", available_games())
def test_game_has_its_own_encoder_and_seats_see_different_vectors(gid: str) -> None:
    game = get_game(gid)
    cfg = game.example_configs()[0]
    enc = make_encoder(game, cfg)
    assert enc.name == gid  # a per-game module, not the fallback
    config = game.make_config(cfg)
    state = game.new_state(config, 3)
    if game.num_players(state) > 1:
        a = enc.encode(game.observe(state, 0))
        b = enc.encode(game.observe(state, 1))
        assert not np.array_equal(a, b)


_NO_NUMPY = """
import json, sys
sys.modules["numpy"] = None  # any import of numpy now fails
import importlib
from wartable.games import available_games, get_game
out = {}
for gid in available_games():
    game = get_game(gid)
    config = game.make_config(game.example_configs()[0])
    layout = importlib.import_module(f"wartable.games.{gid}.encode").build(game, config)
    state = game.new_state(config, 5)
    out[gid] = layout.features(game.observe(state, 0))
print(json.dumps(out))
"""


def test_game_layouts_need_no_numpy_and_match_the_encoders() -> None:
    """A game's own layout (``games/<id>/encode.py``) is pure Python: with numpy
    unimportable it still builds and fills, and gives the values the numpy encoder
    writes at the head of its vector."""
    done = subprocess.run(
        [sys.executable, "-c", _NO_NUMPY], capture_output=True, text=True, check=True
    )
    plain = json.loads(done.stdout)
    assert sorted(plain) == sorted(available_games())
    for gid, values in plain.items():
        game = get_game(gid)
        cfg = game.example_configs()[0]
        state = game.new_state(game.make_config(cfg), 5)
        vec = make_encoder(game, cfg).encode(game.observe(state, 0))
        assert 0 < len(values) <= len(vec)
        assert any(values), gid
        assert np.allclose(vec[: len(values)], np.array(values, dtype=np.float32)), gid


@pytest.mark.parametrize("gid", available_games())
def test_generic_fallback_encodes_every_game(gid: str) -> None:
    game = get_game(gid)
    cfg = game.example_configs()[0]
    enc = GenericEncoder(game, game.make_config(cfg), playouts=2)
    assert sum(seg.width for seg in enc.describe()) == enc.size
    vecs = [enc.encode(o) for o in _observations(gid, cfg, seed=7, limit=120)]
    assert all(v.shape == (enc.size,) for v in vecs)
    assert len({v.tobytes() for v in vecs}) > 1


def test_generic_layout_is_the_same_in_every_build() -> None:
    game = get_game("weapons")
    config = game.make_config({"players": 3})
    a, b = GenericEncoder(game, config), GenericEncoder(game, config)
    assert a.size == b.size and a.describe() == b.describe()


def test_generic_truncates_and_marks_unseen_strings() -> None:
    game = get_game("skirm")
    enc = GenericEncoder(game, game.make_config({}), playouts=1)
    obs = _observations("skirm", {}, seed=1, limit=1)[0]
    weird = dict(obs, phase="a phase never seen", hand=list(range(500)))
    vec = enc.encode(weird)
    assert vec.shape == (enc.size,)
    assert not np.array_equal(vec, enc.encode(obs))
