"""The action layout (actions.py): every action id decodes to the family whose range holds
it, the families' texts parse back, and ids past the end are refused as before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartable.games.graxia import GAME
from wartable.games.graxia import actions as acts


@pytest.mark.parametrize("config", GAME.example_configs(), ids=lambda c: c["scenario"])
def test_every_action_decodes_to_the_family_that_holds_it(config: dict[str, str]) -> None:
    lay = GAME.layout(GAME.make_config(config))
    bounds = lay.bounds
    for a in range(lay.size):
        kind, x, y = lay.decode(a)
        assert bounds[kind] <= a < bounds[kind + 1], (a, kind)  # never an empty family
        if acts.K_MOVE <= kind <= acts.K_GIVE:
            assert lay.pair(kind, x, y) == a
        elif kind == acts.K_SACRIFICE:
            assert lay.sacrifice(x, bool(y)) == a
        elif kind in (acts.K_SUMMON, acts.K_PLACE, acts.K_SPELL_AT, acts.K_POWER):
            assert lay.at(kind, x, y) == a
        else:
            assert lay.one(kind, x) == a and y == 0


def test_an_id_past_the_last_family_is_refused() -> None:
    lay = GAME.layout(GAME.make_config({"scenario": "2p-1"}))
    with pytest.raises(IndexError):
        lay.decode(lay.size)


@given(st.lists(st.integers(min_value=0, max_value=5000), max_size=200))
def test_sorted_unique_is_sorted_set(ids: list[int]) -> None:
    """Legal lists are sorted in place and hashed only when an id repeats: the same list
    as ``sorted(set(ids))`` either way."""
    assert acts.sorted_unique(list(ids)) == sorted(set(ids))
