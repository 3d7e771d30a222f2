"""§9.2 Solo Scenario 6 ("When Non-Player units are summoned if there is a Player unit on the
tile it will suffer 3 wounds and retreat. If the Player unit can't retreat, it will be
eliminated.") with §7 step 9 (the retreating unit's owner chooses the tile): the Player is
asked when its displaced unit has two or more tiles to go to, and the spawn wave goes on
after the answer. Hand-built positions of the solo-6 map: on the Non-Player's turn 2 the
wave is the column tiles 2,-1, 2,1 and 3,1, in that order; 2,-1's neighbours are the plains
3,-1, the village 1,0 and the hills 2,0."""

from __future__ import annotations

from typing import Any

import pytest
from graxia_helpers import GAME, cell, legal_texts, put
from npc_helpers import kinds, npc_turn
from solo_helpers import play

from wartable.core.errors import PositionError
from wartable.core.rng import Rng
from wartable.games.graxia.bots import HeuristicAgent
from wartable.games.graxia.solo import rules as solo_rules
from wartable.games.graxia.solo import wave as solo_wave
from wartable.games.graxia.state import GraxiaState

WAVE = ("2,-1", "2,1", "3,1")


def _turn_2(*blocked: str) -> GraxiaState:
    """The Non-Player's turn 2 of Solo 6: a Player Mammoth on the column 2,-1, Player units
    on the ``blocked`` neighbours, a Non-Player unit deck of Orc Raiders."""
    s = npc_turn("solo-6", turn=2)
    s.decks[s.udeck[1]] = [s.cat.unit_index["Orc Raiders"]] * 10
    assert [s.sc.board.text(c) for c in solo_wave.wave(s)] == list(WAVE)
    put(s, cell(s, "2,-1"), "Mammoth", 0)
    for t in blocked:
        put(s, cell(s, t), "Mammoth", 0)
    return s


def _owners(s: GraxiaState, tiles: tuple[str, ...]) -> list[int]:
    return [s.owner[cell(s, t)] if s.unit[cell(s, t)] >= 0 else -1 for t in tiles]


def test_two_retreat_tiles_the_player_chooses_and_the_wave_goes_on_9_2_solo_6_7_step_9() -> None:
    """§9.2 Solo Scenario 6 + §7 step 9: two free tiles (3,-1 and 2,0; the village 1,0 is
    taken): the Player is asked, picks the second, its unit stands there with 3 wounds, then
    2,-1 and the rest of the wave (2,1, 3,1) receive Non-Player units."""
    s = _turn_2("1,0")
    events: list[dict[str, Any]] = []
    solo_rules.npc_turn_start(s, events)
    assert s.track.pend_kind == solo_wave.RETREAT_TO and s.track.pend_seat == 0
    assert GAME.to_act(s) == (0,)
    options = legal_texts(s, 0)
    assert options == ["target 3,-1", "target 2,0"]
    assert kinds(events, "choice")[-1]["options"] == ["3,-1", "2,0"]
    assert s.wounds[cell(s, "2,-1")] == 3 and s.owner[cell(s, "2,-1")] == 0
    assert _owners(s, WAVE) == [0, -1, -1]  # the wave waits for the answer
    events = play(s, options[1])
    assert not s.track.pend_kind
    dest = cell(s, "2,0")
    assert s.cat.units[s.unit[dest]].name == "Mammoth"
    assert s.owner[dest] == 0 and s.wounds[dest] == 3 and s.ctrl[dest] == 0
    assert s.unit[cell(s, "3,-1")] < 0
    assert _owners(s, WAVE) == [1, 1, 1]
    assert [e["dest"] for e in kinds(events, "retreat")] == ["2,0"]


def test_one_retreat_tile_no_question_9_2_solo_6_7_step_9() -> None:
    """§9.2 Solo Scenario 6: one free tile (3,-1): the unit retreats there at once."""
    s = _turn_2("1,0", "2,0")
    solo_rules.npc_turn_start(s, [])
    assert not s.track.pend_kind
    dest = cell(s, "3,-1")
    assert s.owner[dest] == 0 and s.wounds[dest] == 3
    assert _owners(s, WAVE) == [1, 1, 1]


def test_no_retreat_tile_eliminated_9_2_solo_6() -> None:
    """§9.2 Solo Scenario 6: "If the Player unit can't retreat, it will be eliminated" (the
    Non-Player scores 5 for a Player unit eliminated)."""
    s = _turn_2("1,0", "2,0", "3,-1")
    events: list[dict[str, Any]] = []
    solo_rules.npc_turn_start(s, events)
    assert not s.track.pend_kind
    assert kinds(events, "retreat_blocked") and not kinds(events, "retreat")
    assert _owners(s, WAVE) == [1, 1, 1] and s.vp[1] == 5


def test_the_choice_avoids_the_rest_of_the_wave_9_2_solo_6() -> None:
    """§9.2 Solo Scenario 6: a unit displaced from 2,1 is not offered 3,1, the wave's next
    tile (it would be displaced again), while it has other free tiles."""
    s = npc_turn("solo-6", turn=2)
    s.decks[s.udeck[1]] = [s.cat.unit_index["Orc Raiders"]] * 10
    put(s, cell(s, "2,1"), "Mammoth", 0)
    solo_rules.npc_turn_start(s, [])
    assert s.track.pend_kind == solo_wave.RETREAT_TO
    options = legal_texts(s, 0)
    assert "target 3,1" not in options and len(options) == 5


def test_a_pending_retreat_survives_copy_and_json_9_2_solo_6() -> None:
    """The pending retreat and the wave's place are part of the position: a copy and a
    saved-and-loaded position resume the same way."""
    s = _turn_2("1,0")
    solo_rules.npc_turn_start(s, [])
    for t in (s.copy(), GAME.state_from_json(s.config, GAME.state_to_json(s))):
        assert legal_texts(t, 0) == ["target 3,-1", "target 2,0"]
        play(t, "target 3,-1")
        assert _owners(t, WAVE) == [1, 1, 1] and t.owner[cell(t, "3,-1")] == 0
    assert s.track.pend_kind == solo_wave.RETREAT_TO  # the original is untouched


@pytest.mark.parametrize(
    ("slot", "value"),
    [
        ("pend_x", 999),
        ("pend_x", -1),
        ("pend_x", 3),
        ("pend_y", 1),
        ("pend_y", 7),
        ("pend_seat", 1),
    ],
)
def test_a_damaged_pending_retreat_is_refused_9_2_solo_6(slot: str, value: int) -> None:
    """A saved position whose pending retreat names no Player unit on the wave's tile, a
    wrong place in the wave or the Non-Player's seat is refused (untrusted input)."""
    s = _turn_2("1,0")
    solo_rules.npc_turn_start(s, [])
    data = GAME.state_to_json(s)
    GAME.state_from_json(s.config, data)  # the undamaged one loads
    setattr(s.track, slot, value)
    with pytest.raises(PositionError):
        GAME.state_from_json(s.config, GAME.state_to_json(s))


def test_the_heuristic_bot_answers_the_retreat_choice_9_2_solo_6() -> None:
    s = _turn_2("1,0")
    solo_rules.npc_turn_start(s, [])
    legal = GAME.legal_actions(s, 0)
    a = HeuristicAgent().act(GAME, GAME.observe(s, 0), legal, 0, Rng(5))
    assert a in legal
