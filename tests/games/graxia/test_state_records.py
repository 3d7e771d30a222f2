"""The state's named records (state_records.py): their flat lists keep the position format's
layout, a copy is independent of its original, and a two-player game never writes the solo
records its copies share."""

from __future__ import annotations

import pytest

from wartable.core.rng import Rng
from wartable.games.graxia import GAME
from wartable.games.graxia.solo_records import NPC_FIELDS, SOLO_FIELDS, NpcProgress, SoloBook
from wartable.games.graxia.state_records import BATTLE_FIELDS, TRACK_FIELDS, Battle, Track

# the layout positions were written in before the records had names (entries by index)
OLD_TRACK_LAYOUT = {"banner0": 4, "spy1": 7, "winner": 10, "teleport_to": 19, "relic_window": 26}
OLD_BATTLE_LAYOUT = {"attacker": 0, "defender": 1, "bv1": 3, "no_sacrifice": 10, "escaped": 16}


def _records() -> list[tuple[object, tuple[str, ...], int]]:
    """Each record with its field order and how many per-cell entries follow the fields."""
    return [
        (Battle(), BATTLE_FIELDS, 0),
        (Track(), TRACK_FIELDS, 0),
        (NpcProgress([0, 0, 0]), NPC_FIELDS, 3),
        (SoloBook([0, 0, 0]), SOLO_FIELDS, 3),
    ]


@pytest.mark.parametrize("index", range(4))
def test_flat_lists_put_each_field_in_its_place(index: int) -> None:
    record, fields, cells = _records()[index]
    for k, name in enumerate(fields):
        setattr(record, name, 100 + k)
    flat = record.to_list()  # type: ignore[attr-defined]
    assert flat[: len(fields)] == [100 + k for k in range(len(fields))]
    assert len(flat) == len(fields) + cells
    back = type(record).from_list(flat)  # type: ignore[attr-defined]
    assert [getattr(back, name) for name in fields] == flat[: len(fields)]


def test_the_position_layout_is_the_one_stored_before_the_names() -> None:
    for name, index in OLD_TRACK_LAYOUT.items():
        assert TRACK_FIELDS.index(name) == index
    for name, index in OLD_BATTLE_LAYOUT.items():
        assert BATTLE_FIELDS.index(name) == index
    assert (len(BATTLE_FIELDS), len(TRACK_FIELDS), len(NPC_FIELDS), len(SOLO_FIELDS)) == (
        18,
        27,
        8,
        15,
    )


@pytest.mark.parametrize("index", range(4))
def test_a_copy_is_independent_of_its_original(index: int) -> None:
    """Every field and cell entry written on a copy leaves the original as it was."""
    record, fields, cells = _records()[index]
    before = record.to_list()  # type: ignore[attr-defined]
    twin = record.copy()  # type: ignore[attr-defined]
    for name in fields:
        setattr(twin, name, 7)
    for cell_list in ("marks", "took"):
        if hasattr(twin, cell_list):
            getattr(twin, cell_list)[0] = 1
    assert record.to_list() == before  # type: ignore[attr-defined]
    assert twin.to_list() == [7] * len(fields) + ([1] + [0] * (cells - 1) if cells else [])


def test_per_side_accessors_read_and_write_their_own_side() -> None:
    b = Battle()
    b.set_bv(1, 5)
    b.set_used(0, 3)
    assert (b.bv0, b.bv1, b.bv(1), b.used0, b.used(0), b.used(1)) == (0, 5, 5, 3, 3, 0)
    t = Track()
    t.set_banner(1, 12)
    t.set_guardian_fell(0, 4)
    assert (t.banner0, t.banner1, t.guardian_fell0, t.guardian_fell(1)) == (0, 12, 4, 0)


@pytest.mark.parametrize("scenario", ["2p-1", "2p-2", "2p-3", "2p-4", "2p-5", "2p-6"])
def test_two_player_games_leave_the_shared_solo_records_blank(scenario: str) -> None:
    """Copies of a two-player state share its (blank) solo records instead of copying them:
    safe only while no two-player rule writes them. Random games, every copy checked."""
    config = GAME.make_config({"scenario": scenario})
    for seed in range(3):
        s = GAME.new_state(config, seed)
        blank_npc, blank_solo = s.npc.to_list(), s.solo.to_list()
        rng = Rng(seed)
        while not GAME.is_terminal(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            s = s.copy()
            GAME.apply_fast(s, seat, legal[rng.below(len(legal))], None)
        assert s.npc.to_list() == blank_npc and s.solo.to_list() == blank_solo
