"""The position format: exact round-trip, hand-written positions, impossible ones refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from graxia_helpers import GAME, blank, inner, put

from wartable.core.errors import PositionError
from wartable.core.rng import Rng


def _mid_game(seed: int = 3) -> Any:
    config = GAME.make_config({"scenario": "2p-1"})
    s = GAME.new_state(config, seed)
    rng = Rng(seed)
    for _ in range(120):
        if GAME.is_terminal(s):
            break
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply_fast(s, seat, legal[rng.below(len(legal))], None)
    return s


def test_round_trip_is_exact_and_plays_the_same() -> None:
    s = _mid_game()
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    back = GAME.state_from_json(s.config, data)
    assert GAME.state_to_json(back) == GAME.state_to_json(s)
    rng_a, rng_b = Rng(9), Rng(9)
    for _ in range(80):
        if GAME.is_terminal(s):
            break
        seat = GAME.to_act(s)[0]
        assert GAME.legal_actions(s, seat) == GAME.legal_actions(back, seat)
        legal = GAME.legal_actions(s, seat)
        a = legal[rng_a.below(len(legal))]
        assert a == legal[rng_b.below(len(legal))]
        GAME.apply_fast(s, seat, a, None)
        GAME.apply_fast(back, seat, a, None)
    assert GAME.state_to_json(back) == GAME.state_to_json(s)


def _bad(change: Any) -> None:
    s = blank()
    put(s, inner(s, "plains"), "Blood Crusaders", 0)
    data = GAME.state_to_json(s)
    change(data)
    with pytest.raises(PositionError):
        GAME.state_from_json(s.config, data)


def test_impossible_positions_are_refused() -> None:
    def dead(d: dict[str, Any]) -> None:
        i = next(k for k, u in enumerate(d["unit"]) if u)
        d["wounds"][i] = 50

    _bad(dead)
    _bad(lambda d: d["unit"].__setitem__(0, "No Such Unit"))
    _bad(lambda d: d["hands"][0].append("Nothing"))
    _bad(lambda d: d["decks"][0].append("Scout"))  # a spell in a unit deck
    _bad(lambda d: d["mana"].__setitem__(0, -1))
    _bad(lambda d: d["owner"].__setitem__(next(k for k, u in enumerate(d["unit"]) if u), -1))
    _bad(lambda d: d.__setitem__("phase", "retreat"))  # no battle going on
    _bad(lambda d: d.__setitem__("cells", ["0,0"]))
    _bad(lambda d: d["commit"]["buffers"][0].append(10**9))
    _bad(lambda d: d.__setitem__("rng", "x"))
