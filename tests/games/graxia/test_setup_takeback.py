"""§9.1 set-up: starting units are placed face down and turned face up only "when both
players have placed their units" (Scenario #1, Initial Set-Up). Until that reveal a face-down
card may be picked up again: ``unplace q,r`` returns it to the pool; after the reveal the
placement is final."""

from __future__ import annotations

import pytest

from wartable.core.errors import IllegalAction
from wartable.games.graxia.game import GraxiaGame
from wartable.games.graxia.state import GraxiaState

GAME = GraxiaGame()


def _placing(scenario: str = "2p-1", seed: int = 3) -> GraxiaState:
    s = GAME.new_state(GAME.make_config({"scenario": scenario}), seed)
    for _ in range(4):  # guardian choices and who starts, where the scenario leaves them open
        if GAME.observe(s, 0)["phase"] == "place":
            break
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert GAME.observe(s, 0)["phase"] == "place"
    return s


def _texts(s: GraxiaState, seat: int) -> list[str]:
    return [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, seat)]


def _first_place(s: GraxiaState, seat: int) -> str:
    return next(t for t in _texts(s, seat) if t.startswith("place "))


def test_a_face_down_placement_can_be_taken_back_and_its_unit_and_mana_return() -> None:
    s = _placing()
    before = sorted(_texts(s, 0))
    assert not any(t.startswith("unplace") for t in before)  # nothing placed: nothing to take
    move = _first_place(s, 0)
    cell = move.rsplit(" ", 1)[1]
    GAME.apply(s, 0, move)
    assert f"unplace {cell}" in _texts(s, 0)
    assert GAME.observe(s, 0)["placing"] != []
    GAME.apply(s, 0, f"unplace {cell}")
    assert GAME.observe(s, 0)["placing"] == []
    assert sorted(_texts(s, 0)) == before  # the same hexes and units, the whole budget again


def test_taking_back_one_of_two_placements_keeps_the_other() -> None:
    s = _placing()
    first = _first_place(s, 0)
    GAME.apply(s, 0, first)
    second = next(
        t for t in _texts(s, 0) if t.startswith("place ") and t.split()[-1] != first.split()[-1]
    )
    GAME.apply(s, 0, second)
    GAME.apply(s, 0, f"unplace {first.rsplit(' ', 1)[1]}")
    obs = GAME.observe(s, 0)
    assert len(obs["placing"]) == 1
    assert s.sc.board.text(obs["placing"][0][1]) == second.rsplit(" ", 1)[1]


def test_unplace_of_an_empty_hex_is_refused_and_changes_nothing() -> None:
    s = _placing()
    move = _first_place(s, 0)
    GAME.apply(s, 0, move)
    other = next(t for t in _texts(s, 0) if t.startswith("place ")).rsplit(" ", 1)[1]
    snapshot = GAME.state_to_json(s)
    with pytest.raises(IllegalAction, match="take back"):
        GAME.apply(s, 0, f"unplace {other}")
    assert GAME.state_to_json(s) == snapshot


def test_the_other_seat_sees_neither_the_placement_nor_its_take_back() -> None:
    s = _placing()
    seen = GAME.observe(s, 1)
    GAME.apply(s, 0, _first_place(s, 0))
    assert GAME.observe(s, 1) == seen
    cell = GAME.observe(s, 0)["placing"][0][1]
    GAME.apply(s, 0, f"unplace {s.sc.board.text(cell)}")
    assert GAME.observe(s, 1) == seen


def test_after_the_reveal_a_placement_cannot_be_taken_back() -> None:
    s = _placing()
    move = _first_place(s, 0)
    cell = move.rsplit(" ", 1)[1]
    GAME.apply(s, 0, move)
    for seat in (0, 1):
        while "end" not in _texts(s, seat):
            GAME.apply(s, seat, _first_place(s, seat))
        GAME.apply(s, seat, "end")
    assert GAME.observe(s, 0)["phase"] != "place"
    on_map = s.unit[s.sc.board.parse(cell)]
    assert on_map >= 0
    with pytest.raises(IllegalAction):
        GAME.apply(s, GAME.to_act(s)[0], f"unplace {cell}")
    assert s.unit[s.sc.board.parse(cell)] == on_map


def test_a_seat_that_ended_its_placement_can_no_longer_take_back() -> None:
    s = _placing()
    while "end" not in _texts(s, 0):
        GAME.apply(s, 0, _first_place(s, 0))
    cell = s.sc.board.text(GAME.observe(s, 0)["placing"][0][1])
    GAME.apply(s, 0, "end")
    assert GAME.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, f"unplace {cell}")


def test_solo_maps_have_no_take_back_family() -> None:
    cfg = GAME.make_config({"scenario": "solo-1"})
    texts = {GAME.action_to_str(a, cfg) for a in range(GAME.num_actions(cfg))}
    assert not any(t.startswith("unplace") for t in texts)
    cfg2 = GAME.make_config({"scenario": "2p-1"})
    assert GAME.parse_action("unplace 0,0", cfg2) >= 0
