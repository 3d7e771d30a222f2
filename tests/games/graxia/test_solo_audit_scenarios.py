"""Outside check of §9.2 Solo Scenarios 1-6 (Guardians of Graxia): the Non-Player's whole
turn through the driver on hand-built positions; every expected tile, unit and number is
worked out here from the rulebook text and the map, not asked of the code under test."""

from __future__ import annotations

from typing import Any

from graxia_helpers import GAME, cell, legal_texts, put
from npc_helpers import kinds, npc_turn, player_turn, run

from wartable.games.graxia import board
from wartable.games.graxia.solo import rules as solo_rules
from wartable.games.graxia.state import ANCHORED, B_EXCH, B_SAC, NPC_UNITS


def _finish_battle(s: Any, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for _ in range(40):
        if s.track.pend_kind:
            return events
        if s.phase == B_EXCH:
            events += GAME.apply(s, 0, "pass")
        elif s.phase == B_SAC:
            events += GAME.apply(s, 0, "bluff")
        else:
            return events
    raise AssertionError("the battle did not end")


def _unit(s: Any, text: str) -> str:
    c = cell(s, text)
    return s.cat.units[s.unit[c]].name if s.unit[c] >= 0 else ""


def test_turn_2_home_row_units_do_not_act_that_turn_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2: "Units that spawn at the beginning of the Non-Player's second
    turn will not move or attack until their next turn": a Player unit stands next to the
    Home-Row tile 32b (2,-1); the unit placed there neither moves nor attacks."""
    s = npc_turn("solo-2", turn=2)
    home = [s.sc.board.text(c) for c in s.sc.home[1]]
    assert sorted(home) == sorted(["1,0", "2,-1", "3,-1", "4,-2"])
    s.decks[NPC_UNITS] = [s.cat.unit_index["Gold Knights of Mir"]] * 4
    s.udeck[1] = NPC_UNITS
    put(s, cell(s, "2,0"), "Mammoth", 0)
    events = run(s)
    assert sorted(e["cell"] for e in kinds(events, "npc_placed")) == sorted(home)
    assert not kinds(events, "move") and not kinds(events, "battle")
    assert not s.track.pend_kind


def test_standard_reinforcement_from_the_non_player_unit_deck_9_2() -> None:
    """§9.2 Non-Player Reinforcements: "Place a Non-Player reinforcing unit from its Unit Deck
    whenever a Player unit card moves next to a non-controlled city, castle or village" --
    Solo Scenario 2 has a Non-Player Unit Deck, so the unit comes from it, not from the
    Player's. Every settlement of the map starts as the Player's: here the village 11a (0,4)
    is made neutral; the Player moves 1,4 -> 1,3, next to it."""
    s = player_turn("solo-2")
    village = cell(s, "0,4")
    assert s.sc.terrain[village] == "village"
    s.ctrl[village] = -1
    s.udeck[1] = NPC_UNITS
    s.decks[NPC_UNITS] = [s.cat.unit_index["Ithel"]]
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]] * 3
    put(s, cell(s, "1,4"), "Mammoth", 0)
    GAME.apply(s, 0, "move 1,4 1,3")
    assert _unit(s, "0,4") == "Ithel" and s.owner[village] == 1
    assert len(s.decks[0]) == 3 and not s.decks[NPC_UNITS]


def test_non_player_unit_deck_reshuffled_when_exhausted_9_2() -> None:
    """§9.2 Non-Player Decks: "When these decks are exhausted the discards are reshuffled and
    used again": its unit deck is empty, its discards hold one card: that card reinforces
    (on the village 11a, 0,4, made neutral)."""
    s = player_turn("solo-2")
    s.ctrl[cell(s, "0,4")] = -1
    s.udeck[1] = NPC_UNITS
    s.decks[NPC_UNITS] = []
    s.discards[NPC_UNITS] = [s.cat.unit_index["Gold Knights of Mir"]]
    put(s, cell(s, "1,4"), "Mammoth", 0)
    GAME.apply(s, 0, "move 1,4 1,3")
    assert _unit(s, "0,4") == "Gold Knights of Mir"
    assert not s.discards[NPC_UNITS]


def test_column_units_attack_and_advance_but_never_move_9_2_solo_scenario_4() -> None:
    """§9.2 Solo Scenario 4: the column units "will not move but they will attack and advance
    after battle when possible". On the column 24a (1,2): with no Player unit next to it, it
    stays (other units walk to the centre); with a dying Player unit next to it (Goblin
    Skirmishers, 4 health, 3 wounds) it attacks, wins and advances into that tile."""
    s = npc_turn("solo-4")
    col = cell(s, "1,2")
    assert s.sc.terrain[col] == "columns"
    put(s, col, "Mammoth", 1)
    s.flags[col] |= ANCHORED
    put(s, cell(s, "5,3"), "Mammoth", 0)
    events = run(s)
    assert not kinds(events, "move") and _unit(s, "1,2") == "Mammoth"

    s = npc_turn("solo-4")
    put(s, col, "Mammoth", 1)
    s.flags[col] |= ANCHORED
    foe = put(s, cell(s, "0,3"), "Goblin Skirmishers", 0, wounds=3)
    events = _finish_battle(s, run(s))
    assert kinds(events, "battle")[0]["attacker"] == "1,2"
    assert s.owner[foe] == 1 and _unit(s, "0,3") == "Mammoth" and s.unit[col] < 0


def test_placed_units_move_the_same_turn_9_2_solo_scenario_6() -> None:
    """§9.2 Solo Scenario 6: column units placed at the beginning of the Non-Player's 2nd turn
    "will move and attack"; "Non-Player units that were placed will move forward the same
    turn that they are placed" -- "horizontally". The Player's only unit is far away (its
    castle 5,3): each placed unit leaves its column tile the same turn, sideways (a column
    step that keeps its height on the page: |dy| <= |dq| with y = 2r + q)."""
    s = npc_turn("solo-6", turn=2)
    cols = [c for c, t in enumerate(s.sc.terrain) if t == "columns"]
    assert cols
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]] * 10  # no Non-Player unit deck: the Player's
    corner = cell(s, "5,3")
    put(s, corner, "Mammoth", 0)
    assert all(s.sc.board.d(corner, c) > 3 for c in cols)
    events = run(s)
    placed = {e["cell"] for e in kinds(events, "npc_placed")}
    assert placed == {s.sc.board.text(c) for c in cols}
    moves = {e["frm"]: e["dest"] for e in kinds(events, "move")}
    for c in cols:
        text = s.sc.board.text(c)
        assert text in moves, f"the unit placed on {text} did not move"
        q0, r0 = s.sc.board.cells[c]
        q1, r1 = s.sc.board.cells[cell(s, moves[text])]
        assert q1 != q0 and abs((2 * r1 + q1) - (2 * r0 + q0)) <= abs(q1 - q0)


def test_a_displaced_unit_does_not_retreat_into_the_same_wave_9_2_solo_scenario_6() -> None:
    """§9.2 Solo Scenario 6: "When Non-Player units are summoned if there is a Player unit on
    the tile it will suffer 3 wounds and retreat" -- once: on the Non-Player's 3rd turn the
    forests, columns, hills and boulder fields all receive units; the Player's unit on the
    column 2,1 (next to the column 3,1 and the hill 3,0, both in the same wave; the plains
    2,0 and the lake 2,2 taken) has the free swamp 1,1 and rough lands 1,2 to go to: it ends
    there with 3 wounds, not pushed from tile to tile (3 wounds each time) until it falls."""
    s = npc_turn("solo-6", turn=3)
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]] * 40
    terrain = {t: s.sc.terrain[cell(s, t)] for t in ("2,1", "3,1", "3,0", "2,0", "1,1", "1,2")}
    assert terrain == {
        "2,1": "columns",
        "3,1": "columns",
        "3,0": "hills",
        "2,0": "plains",
        "1,1": "swamp",
        "1,2": "rough_lands",
    }
    put(s, cell(s, "2,2"), "Mammoth", 1)  # the lake 2,2: taken
    put(s, cell(s, "2,0"), "Mammoth", 1)  # the plains 2,0: taken
    put(s, cell(s, "2,1"), "Sir Dorran of Mir", 0)
    events = run(s)
    assert s.track.pend_kind  # §7 step 9: the Player picks between the two tiles
    assert sorted(legal_texts(s, 0)) == ["target 1,1", "target 1,2"]
    events += GAME.apply(s, 0, "target 1,2")
    knight = [
        c for c in range(s.sc.board.size) if _unit(s, s.sc.board.text(c)) == "Sir Dorran of Mir"
    ]
    assert len(knight) == 1, [GAME.event_to_str(e, s) for e in events]
    assert s.sc.board.text(knight[0]) in ("1,1", "1,2")
    assert s.wounds[knight[0]] == 3
    assert len(kinds(events, "retreat")) == 1


def test_non_player_cards_never_reach_the_player_s_piles_9_2_solo_scenario_1() -> None:
    """§9.2 Solo Scenario 1: "Non-Player Unit Deck: No cards in Unit Deck" and the Player's
    Unit Deck is Deck 7: a Non-Player unit that falls in battle or goes with its tile is in
    no pile of the Player's (and Sype, a Guardian of the Non-Player's side, in no hand)."""
    s = npc_turn("solo-1", turn=3)
    rows = s.sc.removal_rows
    put(s, rows[0][0], "Sype", 1)
    put(s, rows[0][1], "Mammoth", 1)
    solo_rules.turn_start(s, [])
    assert s.hands == [[], []]
    assert all(not pile for pile in s.discards)

    s = npc_turn("solo-1")
    foe = put(s, cell(s, "1,2"), "Mammoth", 1, wounds=11)  # 1 health left
    put(s, cell(s, "1,3"), "Mammoth", 0)
    s.current = 0
    s.round_no -= 1
    events = _finish_battle(s, GAME.apply(s, 0, "attack 1,3 1,2"))
    assert (kinds(events, "eliminated") and s.unit[foe] < 0) or s.owner[foe] == 0
    assert all(not pile for pile in s.discards)
    assert s.hands[1] == []


# the printed tables (§9.2 Solo Scenarios 4 and 6), typed from the rulebook
SOLO4_PLAYER = {"city": 5, "village": 3, "swamp": 2, "lake": 2, "castle": 5}
SOLO4_NPC = {"hills": 10}
SOLO6_NPC = {"castle": 20, "city": 30, "boulder_fields": 10, "hills": 10, "village": 20}
SOLO6_PLAYER_ALL = {"hills": 10, "boulder_fields": 10, "forest": 15, "columns": 5}


def _take(sid: str, side: int, terrain: str, rest_held: bool) -> int:
    """Victory points ``side`` gets for moving onto a tile of ``terrain`` (the other tiles of
    that terrain already held by ``side`` when ``rest_held``)."""
    s = player_turn(sid) if side == 0 else npc_turn(sid)
    b = s.sc.board
    tiles = [c for c, t in enumerate(s.sc.terrain) if t == terrain]
    target = tiles[0]
    for c in tiles[1:]:
        s.ctrl[c] = side if rest_held else -1
    start = b.nbr[target][0]
    put(s, start, "Mammoth", side)
    s.ctrl[target] = 1 - side
    before = s.vp[side]
    board.move_unit(s, start, target, [])
    return s.vp[side] - before


def test_solo_4_points_per_tile_taken_9_2_solo_scenario_4() -> None:
    """§9.2 Solo Scenario 4: "Taking control of City tiles = 5 VP each", villages 3, swamps
    2, lakes 2, castles 5 (the Player); "Taking control of each hill tile = 10 VP" (the
    Non-Player); other tiles nothing."""
    terrains = sorted(set(player_turn("solo-4").sc.terrain))
    for t in terrains:
        assert _take("solo-4", 0, t, False) == SOLO4_PLAYER.get(t, 0), t
        assert _take("solo-4", 1, t, False) == SOLO4_NPC.get(t, 0), t


def test_solo_6_points_9_2_solo_scenario_6() -> None:
    """§9.2 Solo Scenario 6: the Player's "Taking control of all Hill tiles = 10 VP", all
    boulder fields 10, all forests 15, all columns 5 (only when the last one is taken); the
    Non-Player's "Taking control of a Castle tile = 20 VP", city 30, boulder field 10, hill
    10, village 20 (each tile)."""
    terrains = sorted(set(player_turn("solo-6").sc.terrain))
    for t in terrains:
        assert _take("solo-6", 0, t, True) == SOLO6_PLAYER_ALL.get(t, 0), t
        assert _take("solo-6", 1, t, False) == SOLO6_NPC.get(t, 0), t
        if len([x for x in player_turn("solo-6").sc.terrain if x == t]) > 1:
            assert _take("solo-6", 0, t, False) == 0, t  # not all of them yet
