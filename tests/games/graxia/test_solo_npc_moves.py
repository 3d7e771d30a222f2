"""§9.2 Solo Scenarios: how Non-Player units move (each scenario's movement rule) and the
Player's choices of the tile it moves into and of the unit it attacks."""

from __future__ import annotations

from graxia_helpers import GAME, cell, put
from npc_helpers import kinds, npc_turn, run

from wartable.games.graxia.solo import npc_order
from wartable.games.graxia.solo.npc_choice import NPC_FOE, NPC_TILE
from wartable.games.graxia.state import ANCHORED, HEAD_EAST


def test_static_units_never_move_9_2_solo_3():
    """§9.2 Solo Scenario 3: "These Units are Non-Player units that will not move"."""
    s = npc_turn("solo-3")
    a = put(s, cell(s, "3,2"), "Mammoth", 1)
    put(s, cell(s, "0,5"), "Mammoth", 0)
    events = run(s)
    assert not kinds(events, "move") and s.owner[a] == 1


def test_centre_units_step_toward_the_centre_through_mountains_9_2_solo_4():
    """§9.2 Solo Scenario 4: "Non-Player units will move directly towards the center of the
    map" and "may move through, into, and control impassable terrain (i.e. mountains)"."""
    s = npc_turn("solo-4")
    centre = npc_order.centre_cell(s)
    assert s.sc.terrain[centre] == "mountains"
    a = put(s, cell(s, "3,-1"), "Mammoth", 1)  # a beast: no mountaineer
    put(s, cell(s, "0,5"), "Mammoth", 0)
    run(s)
    dest = cell(s, "3,0")
    assert s.sc.terrain[dest] == "mountains"
    assert s.owner[dest] == 1 and s.unit[a] < 0 and s.ctrl[dest] == 1
    assert GAME.invariants(s) == []


def test_approach_moves_only_one_tile_away_from_a_player_unit_9_2_solo_5():
    """§9.2 Solo Scenario 5: units do not move except when one tile away from a Player
    unit."""
    s = npc_turn("solo-5")
    near = put(s, cell(s, "5,-2"), "Mammoth", 1)
    far = put(s, cell(s, "0,2"), "Mammoth", 1)
    put(s, cell(s, "5,0"), "Mammoth", 0)  # two tiles from 5,-2; far from 0,2
    run(s)
    assert s.unit[far] >= 0 and s.owner[far] == 1
    assert s.unit[near] < 0
    assert s.owner[cell(s, "5,-1")] == 1 or s.owner[cell(s, "4,-1")] == 1


def test_home_row_movement_alternates_right_and_left_9_2_solo_2():
    """§9.2 Solo Scenario 2: toward the Player's Home Row, "forward to the right on even
    turns and left on odd turns" (the Player's right: east here)."""
    for turn, dest in ((4, "3,0"), (5, "1,1")):
        s = npc_turn("solo-2", turn=turn)
        put(s, cell(s, "2,0"), "Mammoth", 1)
        put(s, cell(s, "4,3"), "Mammoth", 0)
        run(s)
        assert s.owner[cell(s, dest)] == 1, (turn, dest)


def test_home_row_movement_takes_the_alternate_when_restricted_9_2_solo_2():
    """§9.2 Solo Scenario 2: "Units scheduled to move into a tile that is restricted to it
    will attempt to move forward into the alternate tile"."""
    s = npc_turn("solo-2", turn=4)
    put(s, cell(s, "2,0"), "Mammoth", 1)
    block = put(s, cell(s, "3,0"), "Bone Ballista", 1)  # the right-forward tile is taken
    s.flags[block] |= ANCHORED  # (by a unit that does not move)
    put(s, cell(s, "4,3"), "Mammoth", 0)
    run(s)
    assert s.owner[cell(s, "1,1")] == 1
    assert s.cat.units[s.unit[cell(s, "1,1")]].name == "Mammoth"


def test_horizontal_movement_keeps_its_row_and_heading_9_2_solo_6():
    """§9.2 Solo Scenario 6: "move horizontally towards the center of the map and continue in
    a straight line"."""
    s = npc_turn("solo-6")
    put(s, cell(s, "0,2"), "Mammoth", 1)  # west of the centre: heads east along its row
    put(s, cell(s, "4,3"), "Mammoth", 0)
    run(s)
    dest = cell(s, "1,2")
    assert s.owner[dest] == 1 and s.flags[dest] & HEAD_EAST
    s2 = npc_turn("solo-6")
    past = put(s2, cell(s2, "4,0"), "Mammoth", 1)  # east of the centre but heading east
    s2.flags[past] |= HEAD_EAST
    put(s2, cell(s2, "0,5"), "Mammoth", 0)
    run(s2)
    assert s2.owner[cell(s2, "5,0")] == 1


def test_the_player_chooses_the_tile_next_to_its_unit_9_2_solo_4():
    """§9.2 Solo Scenario 4: "When a Non-Player unit is moving next to a Player unit, the
    Player may choose which tile the Non-Player unit will move into, as long as the tile is
    adjacent to the Player unit"."""
    s = npc_turn("solo-4")
    a = put(s, cell(s, "3,-1"), "Gold Knights of Mir", 1)  # moves twice
    put(s, cell(s, "3,1"), "Miners of the Deep", 0)  # dwarves stand on mountains
    run(s)
    assert s.track.pend_kind == NPC_TILE and s.track.pend_seat == 0
    assert GAME.to_act(s) == (0,)
    legal = [GAME.action_to_str(x, s.config) for x in GAME.legal_actions(s, 0)]
    assert len(legal) >= 2 and all(t.startswith("target ") for t in legal)
    pick = legal[-1]
    events = GAME.apply(s, 0, pick)
    dest = cell(s, pick.split()[1])
    assert s.unit[a] < 0 and s.owner[dest] == 1
    assert kinds(events, "move")[0]["dest"] == s.sc.board.text(dest)


def test_the_player_chooses_which_unit_is_attacked_9_2_solo_4():
    """§9.2 Solo Scenario 4: "In the case where a Non-Player unit is moving adjacent to
    multiple Player units, the Player will choose which unit the Non-Player unit will
    attack"."""
    s = npc_turn("solo-4")
    put(s, cell(s, "2,1"), "Mammoth", 1)
    left = put(s, cell(s, "1,2"), "Mammoth", 0)
    put(s, cell(s, "2,2"), "Mammoth", 0, wounds=6)
    run(s)
    assert s.track.pend_kind == NPC_FOE
    GAME.apply(s, 0, f"target {s.sc.board.text(left)}")
    assert s.bat.defender == left


def test_otherwise_it_attacks_the_lowest_health_9_2():
    """§9.2 Non-Player Combats: more than one target: "the unit with the lowest health or
    greatest number of wounds" (Solo Scenario 3 lets the Player choose nothing)."""
    s = npc_turn("solo-3")
    put(s, cell(s, "2,1"), "Mammoth", 1)
    put(s, cell(s, "1,2"), "Mammoth", 0)
    weak = put(s, cell(s, "2,2"), "Mammoth", 0, wounds=6)
    run(s)
    assert not s.track.pend_kind
    assert s.bat.defender == weak


def test_units_that_move_twice_attack_instead_9_2_solo_4():
    """§9.2 Solo Scenario 4: "Units that can move twice will attack instead whenever they
    can"."""
    s = npc_turn("solo-4")
    a = put(s, cell(s, "1,1"), "Gold Knights of Mir", 1)
    foe = put(s, cell(s, "1,2"), "Mammoth", 0)
    events = run(s)
    assert not kinds(events, "move")
    assert kinds(events, "battle")[0]["attacker"] == s.sc.board.text(a)
    assert s.bat.defender == foe


def test_solo_2_moves_its_units_from_left_to_right_9_2_solo_2():
    """§9.2 Solo Scenario 2: "starting from left to right move each Non-Player unit" (the
    general order is right to left)."""
    s = npc_turn("solo-2", turn=4)
    put(s, cell(s, "4,-1"), "Mammoth", 1)
    put(s, cell(s, "0,1"), "Mammoth", 1)
    put(s, cell(s, "5,3"), "Mammoth", 0)
    events = run(s)
    assert [e["frm"] for e in kinds(events, "move")][:2] == ["0,1", "4,-1"]


def test_solo_6_units_one_space_away_move_next_to_the_player_9_2_solo_6():
    """§9.2 Solo Scenario 6: "When a Non-Player unit is one space away from a Player unit,
    the Non-Player unit will move and attack, if possible" (off its row)."""
    s = npc_turn("solo-6")
    a = put(s, cell(s, "0,2"), "Mammoth", 1)  # its row goes east to 1,2
    foe = put(s, cell(s, "0,4"), "Mammoth", 0)  # two tiles south
    events = run(s)
    dest = cell(s, kinds(events, "move")[0]["dest"])
    assert s.unit[a] < 0 and foe in s.sc.board.nbr[dest]
    assert kinds(events, "battle")


def test_solo_2_the_player_does_not_choose_the_tile_9_2_solo_2():
    """§9.2 Solo Scenario 2 prints no choice for the Player: its units move by the fixed
    rule even next to a Player unit (odd turn: the left-forward tile)."""
    s = npc_turn("solo-2", turn=5)
    put(s, cell(s, "1,1"), "Mammoth", 1)
    put(s, cell(s, "0,3"), "Mammoth", 0)
    events = run(s)
    assert s.track.pend_kind != NPC_TILE
    assert kinds(events, "move")[0]["frm"] == "1,1" and s.owner[cell(s, "0,2")] == 1
