"""Outside check of §9.2 (Guardians of Graxia solo): hand-built positions, expected results
worked out from the rulebook text (not asked of the code under test): the Non-Player's
movement and attack priorities per scenario, and placements during a battle."""

from __future__ import annotations

from typing import Any

from graxia_helpers import GAME, cell, legal_texts, put
from npc_helpers import kinds, npc_turn, player_turn, run

from wartable.games.graxia.state import B_ADVANCE, B_EXCH, B_SAC, COMMAND


def _finish_battle(s: Any, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Player passes and bluffs until the battle reaches its advance or its end."""
    for _ in range(20):
        if s.phase == B_EXCH and not s.track.pend_kind:
            events += GAME.apply(s, 0, "pass")
        elif s.phase == B_SAC and not s.track.pend_kind:
            events += GAME.apply(s, 0, "bluff")
        else:
            return events
    raise AssertionError("the battle did not end")


def test_solo_2_attacks_a_settlement_first_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2: "Non-Player units will prioritize movement or attacking into any
    adjacent Player occupied castle, city or village tile" -- before the general rule's
    lowest health: the unit on 1,3 attacks the healthy Player unit on the village 0,4, not
    the badly wounded one on the plains 1,2 (and the Player is not asked)."""
    s = npc_turn("solo-2", turn=5)
    assert s.sc.terrain[cell(s, "0,4")] == "village"
    assert s.sc.terrain[cell(s, "1,2")] == "plains"
    put(s, cell(s, "1,3"), "Mammoth", 1)
    village = put(s, cell(s, "0,4"), "Mammoth", 0)
    put(s, cell(s, "1,2"), "Mammoth", 0, wounds=9)
    events = run(s)
    assert not kinds(events, "move") and not s.track.pend_kind
    assert kinds(events, "battle")[0]["defender"] == "0,4"
    assert s.bat.defender == village


def test_solo_2_settlements_left_to_right_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2: "If a Non-Player unit is adjacent to more that one Player
    occupied tile listed above then it will move or attack with the priority from left to
    right, front to back": the unit on 1,3 touches the city 2,3 (to its right) and the
    village 0,4 (to its left), both held by Player units: it attacks 0,4 (not the wounded
    unit on the plains 1,2)."""
    s = npc_turn("solo-2", turn=5)
    assert s.sc.terrain[cell(s, "2,3")] == "city"
    put(s, cell(s, "1,3"), "Mammoth", 1)
    put(s, cell(s, "2,3"), "Mammoth", 0)  # city, to its right
    put(s, cell(s, "0,4"), "Mammoth", 0)  # village, to its left
    put(s, cell(s, "1,2"), "Mammoth", 0, wounds=9)
    events = run(s)
    assert kinds(events, "battle")[0]["defender"] == "0,4"


def test_solo_4_the_player_chooses_a_tile_on_the_rule_s_path_9_2_solo_scenario_4() -> None:
    """§9.2 Solo Scenario 4: the Player may choose the tile "as long as the tile is adjacent
    to the Player unit": every offered tile touches the Player's unit."""
    s = npc_turn("solo-4")
    put(s, cell(s, "3,-1"), "Gold Knights of Mir", 1)
    foe = put(s, cell(s, "3,1"), "Miners of the Deep", 0)
    run(s)
    assert s.track.pend_kind
    b = s.sc.board
    for text in legal_texts(s):
        assert text.startswith("target ")
        assert foe in b.nbr[cell(s, text.split()[1])]


def test_solo_5_placements_wait_for_the_battle_s_end_9_2_solo_scenario_5() -> None:
    """§9.2 Solo Scenario 5: "If the Non-Player takes control of every tile of any particular
    land type ... immediately ... place one on each land type". Here the Non-Player's
    defender loses a battle and retreats onto the last castle (the Non-Player holds the
    other): a complete set of placements is due. The attacker's right to advance into the
    tile the loser left (§7) comes first: the placements follow once the battle is over,
    so the vacated plains tile 0,3 is never offered and the position stays valid."""
    s = player_turn("solo-5")
    castles = [c for c, t in enumerate(s.sc.terrain) if t == "castle"]
    assert sorted(s.sc.board.text(c) for c in castles) == ["1,2", "3,-1"]
    put(s, cell(s, "3,-1"), "Ghoul Pack", 1)
    put(s, cell(s, "0,4"), "Rock Trolls", 0)
    put(s, cell(s, "0,3"), "Shadow Blades", 1)
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]] * 20
    events = GAME.apply(s, 0, "attack 0,4 0,3")
    events = _finish_battle(s, events)
    assert [e["dest"] for e in kinds(events, "retreat")] == ["1,2"]  # onto the last castle
    assert kinds(events, "land_type_taken")
    assert s.phase == B_ADVANCE and not GAME.invariants(s)
    assert sorted(legal_texts(s)) == ["advance", "stay"]
    events = GAME.apply(s, 0, "advance")
    assert s.owner[cell(s, "0,3")] == 0
    assert s.phase == COMMAND and s.track.pend_kind  # now the first placement (plains)
    assert "target 0,3" not in legal_texts(s)
    while s.track.pend_kind:
        GAME.apply(s, 0, legal_texts(s)[0])
        assert not GAME.invariants(s)
    placed = [s.sc.terrain[c] for c in range(s.sc.board.size) if s.owner[c] == 1]
    assert placed.count("plains") == 1 and "forest" in placed and "lake" in placed


def test_solo_5_the_player_chooses_the_unit_attacked_9_2_solo_scenario_5() -> None:
    """§9.2 Solo Scenario 5: "In the case where a Non-Player unit is moving adjacent to
    multiple Player units, the Player may choose which unit the Non-Player unit will attack":
    the unit on 2,1 touches the Player's units on 1,2 and 2,2 (one badly wounded); the Player
    is asked, and the healthy one it names is attacked."""
    s = npc_turn("solo-5")
    put(s, cell(s, "2,1"), "Mammoth", 1)
    healthy = put(s, cell(s, "1,2"), "Mammoth", 0)
    put(s, cell(s, "2,2"), "Mammoth", 0, wounds=9)
    run(s)
    assert s.track.pend_kind
    assert sorted(legal_texts(s)) == ["target 1,2", "target 2,2"]
    GAME.apply(s, 0, "target 1,2")
    assert s.bat.defender == healthy


def test_no_ranged_command_abilities_outside_solo_1_9_2_non_player_unit_abilities() -> None:
    """§9.2 Non-Player Unit Abilities: "The only unit abilities that will be active are the
    Battle Abilities, Passive Abilities and Healing Abilities" (Solo Scenario 1 alone adds
    "will always either shoot at range"): in Solo Scenario 3 (static units) the Lava Slingers
    (Molten Sling: ranged 2) on 3,2 leave the Player's unit two tiles away on 3,4 alone."""
    s = npc_turn("solo-3")
    put(s, cell(s, "3,2"), "Lava Slingers", 1)
    foe = put(s, cell(s, "3,4"), "Mammoth", 0)
    assert s.sc.board.d(cell(s, "3,2"), foe) == 2
    events = run(s)
    assert s.wounds[foe] == 0
    assert not kinds(events, "ability", "battle", "wounds")
