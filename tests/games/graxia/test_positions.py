"""The position format: exact round-trip, hand-written positions, impossible ones refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from graxia_helpers import GAME, blank, inner, put

from wartable.core.errors import PositionError
from wartable.core.rng import Rng
from wartable.games.graxia.state_records import BATTLE_FIELDS, TRACK_FIELDS


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


def _reach(scenario: str, found: Any, seeds: int = 40) -> Any:
    """The first state of a random game of ``scenario`` where ``found(state)`` holds."""
    config = GAME.make_config({"scenario": scenario})
    for seed in range(seeds):
        s = GAME.new_state(config, seed)
        rng = Rng(seed)
        for _ in range(400):
            if GAME.is_terminal(s):
                break
            if found(s):
                return s
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            GAME.apply_fast(s, seat, legal[rng.below(len(legal))], None)
    raise AssertionError(f"{scenario}: no such state in {seeds} games")


def _refused(s: Any, change: Any, field: str) -> None:
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    GAME.state_from_json(s.config, json.loads(json.dumps(data)))  # the original loads
    change(data)
    with pytest.raises(PositionError, match=f"field '{field}'"):
        GAME.state_from_json(s.config, data)


def test_placement_buffers_must_be_choices_the_seat_could_make() -> None:
    """§9 set-up, placement in secret: a finished seat's buffer places its Guardian on a free
    home tile and units on free deployment tiles within its budget, each card once."""
    from wartable.games.graxia.state import PLACE

    s = _reach("2p-1", lambda s: s.phase == PLACE and s.commit.done[0] and s.commit.buffers[0])
    buf = s.commit.buffers[0]
    for i in range(len(buf)):  # any one choice dropped: the Guardian unplaced, or fine
        data = json.loads(json.dumps(GAME.state_to_json(s)))
        del data["commit"]["buffers"][0][i]
        try:
            back = GAME.state_from_json(s.config, data)
        except PositionError as err:
            assert "field 'commit'" in str(err)
            continue
        assert GAME.invariants(back) == []
    _refused(s, lambda d: d["commit"]["buffers"][0].append(buf[0]), "commit")  # twice
    _refused(s, lambda d: d["commit"]["buffers"][0].clear(), "commit")  # no Guardian placed
    _refused(s, lambda d: d["commit"]["buffers"][0].append(0), "commit")  # "end" buffered
    _refused(s, lambda d: d["commit"]["done"].__setitem__(0, 1), "commit")  # not a bool


def test_sacrifice_buffers_hold_one_card_in_hand_or_the_bluff() -> None:
    """§7 step 6 / §5.3: a finished seat committed one Spell card from its hand, or bluffed;
    a seat still choosing has committed nothing."""
    from wartable.games.graxia.state import B_SAC

    def waiting(s: Any) -> bool:
        return s.phase == B_SAC and s.commit.done.count(True) == 1

    s = _reach("2p-1", waiting)
    done = s.commit.done.index(True)
    nu = len(s.cat.units)
    absent = next(
        i for i in range(len(s.cat.spells)) if nu + i not in s.hands[done]
    )  # a spell the seat does not hold
    lay = GAME.layout(s.config)
    _refused(s, lambda d: d["commit"]["buffers"][done].clear(), "commit")
    _refused(s, lambda d: d["commit"]["buffers"][done].append(0), "commit")
    _refused(
        s,
        lambda d: d["commit"]["buffers"][done].__setitem__(0, lay.sacrifice(absent, True)),
        "commit",
    )
    _refused(s, lambda d: d["commit"]["buffers"][1 - done].append(6), "commit")  # bluff


def test_track_entries_in_their_own_ranges() -> None:
    """Cells, seats, unit types and rounds kept in ``track`` must name real ones."""

    s = _mid_game()
    bad = [
        (TRACK_FIELDS.index("first_seat"), 99),
        (TRACK_FIELDS.index("teleport_to"), -1),
        (TRACK_FIELDS.index("teleport_to"), 10**6),
        (TRACK_FIELDS.index("reason"), 99),
        (TRACK_FIELDS.index("winner"), 2),
        (TRACK_FIELDS.index("spy0"), 10**6),
        (TRACK_FIELDS.index("banner0"), -2),
        (TRACK_FIELDS.index("guardian_fell1"), 10**6),
        (TRACK_FIELDS.index("discount_used"), 5),
    ]
    for i, v in bad:
        _refused(s, lambda d, i=i, v=v: d["track"].__setitem__(i, v), "track")


def test_battle_entries_in_their_own_ranges() -> None:
    """§7: the battle record names two tiles, a side to act, a side bound to win (Destined),
    bewitched sides: each entry must be one of those."""

    s = _mid_game()
    bad = [
        (BATTLE_FIELDS.index("destined"), 99),
        (BATTLE_FIELDS.index("destined"), -1),
        (BATTLE_FIELDS.index("actor"), 2),
        (BATTLE_FIELDS.index("attacker"), -1),
        (BATTLE_FIELDS.index("defender"), 10**6),
        (BATTLE_FIELDS.index("no_sacrifice"), 4),
        (BATTLE_FIELDS.index("passes"), 3),
        (BATTLE_FIELDS.index("used0"), -1),
        (BATTLE_FIELDS.index("spare"), 2),
    ]
    for i, v in bad:
        _refused(s, lambda d, i=i, v=v: d["battle"].__setitem__(i, v), "battle")


def test_pending_choices_and_relic_windows_are_checked_on_load() -> None:
    """§5.4 Aura of Reflection: a pending reflection must name a tile of the map and wounds;
    §5.0: a relic window is open only in the relic step."""
    from wartable.games.graxia import choices

    s = _mid_game()

    def reflect_off_map(d: dict[str, Any]) -> None:
        t = d["track"]
        (
            t[TRACK_FIELDS.index("pend_kind")],
            t[TRACK_FIELDS.index("pend_seat")],
            t[TRACK_FIELDS.index("pend_x")],
            t[TRACK_FIELDS.index("pend_y")],
        ) = choices.REFLECT, 0, 999, 2

    for change in (
        reflect_off_map,
        lambda d: d["track"].__setitem__(TRACK_FIELDS.index("relic_window"), 1),
    ):
        data = json.loads(json.dumps(GAME.state_to_json(s)))
        change(data)
        with pytest.raises(PositionError, match="impossible position"):
            GAME.state_from_json(s.config, data)
