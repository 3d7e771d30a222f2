"""Writing into a ``SeatView`` never changes the game, and the view holds no deck order.

The observation gives a seat its own deck's contents, not their order (the deck is face
down); the view a bot gets must hold exactly that.
"""

from __future__ import annotations

import json
from typing import Any

from wartable.core.rng import Rng
from wartable.games.invasion import GAME
from wartable.games.invasion.state import state_to_json
from wartable.games.invasion.view import VIEW_FIELDS, SeatView

CONFIGS = [
    {"players": 2, "mode": "two_player", "battle_stage": "1"},
    {"players": 4, "mode": "team", "battle_stage": "3"},
]


def _states(cfg: dict[str, Any], seed: int, every: int = 9) -> list[Any]:
    config = GAME.make_config(cfg)
    s = GAME.new_state(config, seed)
    rng = Rng(seed)
    out = []
    n = 0
    while not GAME.is_terminal(s) and len(out) < 12:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if n % every == 0:
            out.append(s.copy())
        GAME.apply_fast(s, seat, legal[rng.below(len(legal))], None)
        n += 1
    return out


def _vandalize(value: Any) -> None:
    """Write into every list reachable from ``value``."""
    if isinstance(value, list):
        for i, x in enumerate(value):
            if isinstance(x, int) and not isinstance(x, bool):
                value[i] = x + 5
            else:
                _vandalize(x)
        value.append(99)


def test_writing_into_the_view_leaves_the_state_alone() -> None:
    checked = 0
    for cfg in CONFIGS:
        for s in _states(cfg, 4):
            before = json.dumps(state_to_json(s), sort_keys=True)
            for seat in range(s.n):
                v = GAME.seat_view(s, seat)
                v.supply[0] += 5
                for f in VIEW_FIELDS:
                    _vandalize(getattr(v, f))
                _vandalize(v.unseen())
                assert json.dumps(state_to_json(s), sort_keys=True) == before
                checked += 1
    assert checked > 20


def test_the_view_holds_the_deck_contents_not_its_order() -> None:
    for cfg in CONFIGS:
        for s in _states(cfg, 5):
            for seat in range(s.n):
                v = SeatView.from_state(s, seat)
                deck = list(s.deck[seat])
                assert v.unseen() == GAME.observe(s, seat)["unseen"][seat]
                assert not hasattr(v, "_own_deck")
                if len(set(deck)) < 2:
                    continue
                # the same deck in another order gives the very same view
                other = s.copy()
                other.deck[seat] = deck[::-1] if deck[::-1] != deck else sorted(deck)
                if other.deck[seat] == deck:
                    continue
                w = SeatView.from_state(other, seat)
                for f in (*VIEW_FIELDS, "_unseen"):
                    assert getattr(v, f) == getattr(w, f), f
                held = [getattr(v, f) for f in v.__slots__ if hasattr(v, f) and f != "db"]
                assert deck not in held
