"""Outside check of §9.2 Solo Scenario 2 (Guardians of Graxia): the Non-Player's movement is
the scenario's own ("forward to the right on even turns and left on odd turns"); the
Player chooses no tile here. Hand-built positions, expected results from the rulebook."""

from __future__ import annotations

from graxia_helpers import cell, put
from npc_helpers import kinds, npc_turn, run


def test_solo_2_the_player_does_not_choose_the_tile_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2: "Units will move forward to the right on even turns and left on
    odd turns" -- no "the Player may choose which tile" in this scenario (that sentence is
    printed for Solo Scenarios 4, 5 and 6 only). Turn 5 (odd): the unit on 1,1 goes to its
    left-forward tile 0,2 (the Player sits south: left is west, forward is south), even
    though 1,2 would also put it next to the Player's unit on 0,3."""
    s = npc_turn("solo-2", turn=5)
    put(s, cell(s, "1,1"), "Mammoth", 1)
    put(s, cell(s, "0,3"), "Mammoth", 0)
    events = run(s)
    assert not s.track.pend_kind
    assert [(e["frm"], e["dest"]) for e in kinds(events, "move")] == [("1,1", "0,2")]


def test_talon_attacks_the_turn_it_arrives_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2: "At the beginning of the Non-Player's third turn, place Talon on
    tile 19a Mountains and Ebon on tile 20a Mountains ... All Player units adjacent to Talon
    and Ebon when they are placed will suffer 3 wounds" and "Talon and Ebon will move and
    attack the same turn they are placed". 19a is 2,1 and 20a is 3,1 on this map; the
    Player's unit on the plains 1,2 touches 19a only: 3 wounds, then Talon attacks it (the
    first battle: Talon's row is the topmost of the battles)."""
    s = npc_turn("solo-2", turn=3)
    assert s.sc.tile_ids[cell(s, "2,1")] == "19a" and s.sc.tile_ids[cell(s, "3,1")] == "20a"
    foe = put(s, cell(s, "1,2"), "Mammoth", 0)
    events = run(s)
    assert [(e["unit"], e["cell"]) for e in kinds(events, "npc_placed")] == [
        ("Talon", "2,1"),
        ("Ebon", "3,1"),
    ]
    assert not s.track.pend_kind  # Ebon goes left-forward (odd turn) to 2,2: no choice
    wounds = [e for e in kinds(events, "wounds") if e["cell"] == "1,2"]
    assert wounds and wounds[0]["amount"] == 3  # not raised by the +2: a scenario effect
    first = kinds(events, "battle")[0]
    assert (first["attacker"], first["defender"]) == ("2,1", "1,2")
    assert s.wounds[foe] >= 3 or s.unit[foe] < 0
