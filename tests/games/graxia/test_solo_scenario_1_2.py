"""§9.2 Solo Scenario 1 (continents, rows removed, portals, Sype and the objectives) and
§9.2 Solo Scenario 2 (Talon and Ebon, home-row reinforcements, cards lost, +2 damage, six lost
settlements), on hand-built positions of the solo maps."""

from __future__ import annotations

from graxia_helpers import GAME, blank, give, put
from solo_helpers import play

from wartable.games.graxia import battle, command
from wartable.games.graxia import board as map_rules
from wartable.games.graxia.solo import awards as solo_awards
from wartable.games.graxia.solo import rules as solo_rules
from wartable.games.graxia.state import (
    OVER,
    SUMMONED,
    GraxiaState,
)


def _objective_cells(s: GraxiaState, k: int) -> list[int]:
    return solo_awards.objective_cells(s, k)


# ----- Solo Scenario 1 -------------------------------------------------------------------------
def test_rows_removed_from_turn_3_on_odd_turns_only():
    """§9.2 Solo Scenario 1, option ``solo1_removal: three_rows`` (the count read per odd
    turn): at the start of every odd turn except turn 1, three rows leave the game, from the
    Player's Home Row up; the unit on a removed tile goes with it."""
    s = blank("solo-1", turn=2, solo1_removal="three_rows")
    rows = s.sc.removal_rows
    home = rows[0][0]
    put(s, home, "Horsemen of K'lan", 0)
    solo_rules.turn_start(s, [])
    assert not any(s.gone)  # turn 2: nothing
    s.round_no = 4  # turn 3
    events: list = []
    solo_rules.turn_start(s, events)
    gone = {c for c, g in enumerate(s.gone) if g}
    assert gone == {c for row in rows[:3] for c in row}
    assert s.unit[home] < 0 and s.ctrl[home] == -1
    assert s.cat.unit_index["Horsemen of K'lan"] in s.discards[s.udeck[0]]
    assert any(e["type"] == "tile_removed" for e in events)
    s.round_no = 6  # turn 4: no more
    solo_rules.turn_start(s, [])
    assert sum(s.gone) == 12
    s.round_no = 8  # turn 5: three more rows
    solo_rules.turn_start(s, [])
    assert sum(s.gone) == 24


def test_removed_tiles_take_no_unit():
    """§9.2 Solo Scenario 1: a removed tile is out of the game: no move or summon onto it."""
    s = blank("solo-1", turn=5, solo1_removal="three_rows")
    rows = s.sc.removal_rows
    c = put(s, rows[6][0], "Horsemen of K'lan", 0)
    solo_rules.turn_start(s, [])
    assert all(not s.gone[n] or n not in command.destinations(s, c) for n in s.sc.board.nbr[c])
    assert not any(s.gone[n] for n in command.destinations(s, c))
    assert any(s.gone[n] for n in s.sc.board.nbr[c])  # it stands next to a removed row


def test_continent_b_gone_is_a_loss():
    """§9.2 Solo Scenario 1: the objectives must be met before continent B disappears (with
    ``three_rows`` at turn 7; the default's turn is tested in test_solo_reconstruction.py)."""
    s = blank("solo-1", turn=7, solo1_removal="three_rows")
    solo_rules.turn_start(s, [])
    assert sum(s.gone) == s.sc.board.size
    assert s.phase == OVER and s.track.winner == 1
    assert s.track.reason == solo_awards.R_B_GONE
    assert GAME.outcome(s).scores == (0.0,)


def test_portals_join_the_continents():
    """§9.2 Solo Scenario 1: a unit on a portal tile may move to the portal's twin."""
    s = blank("solo-1", turn=2)
    (a, b), _ = s.sc.portals
    assert s.sc.board.d(a, b) > 1
    c = put(s, a, "Horsemen of K'lan", 0)
    assert b in command.destinations(s, c)
    play(s, f"move {s.sc.board.text(a)} {s.sc.board.text(b)}")
    assert s.unit[b] >= 0 and s.ctrl[b] == 0
    assert b not in command.destinations(s, b) or s.unit[a] < 0


def test_sype_and_three_objectives_win():
    """§9.2 Solo Scenario 1: kill Sype and control 3 of the 4 objectives: the Player wins."""
    s = blank("solo-1", turn=2)
    for k in (0, 2, 3):  # villages, castles, cities
        for c in _objective_cells(s, k):
            s.ctrl[c] = 0
    sype = put(s, _objective_cells(s, 1)[0], "Sype", 1, wounds=11)
    solo_rules.check_end(s, [])
    assert s.phase != OVER  # Sype lives
    map_rules.damage(s, sype, 5, 0, [], command=False, unmitigated=True)
    assert s.solo.sype_fate == 1
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.winner == 0
    assert GAME.outcome(s).winners == (0,)


def test_objectives_lost_with_their_tiles():
    """§9.2 Solo Scenario 1: an objective whose tile leaves the game uncontrolled can no
    longer be met; two such and 3 of 4 is out of reach: the Player loses."""
    s = blank("solo-1", turn=3)
    first = {c for row in s.sc.removal_rows[:3] for c in row}
    lost = [k for k in range(4) if any(c in first for c in _objective_cells(s, k))]
    for c in first:  # the Player held every objective tile of the first rows but one kind
        s.ctrl[c] = 0 if s.sc.terrain[c] != "village" else -1
    solo_rules.turn_start(s, [])
    assert s.solo.objectives_lost == (1 if 0 in lost else 0)
    s2 = blank("solo-1", turn=2)
    s2.solo.objectives_lost = 0b0011
    solo_rules.check_end(s2, [])
    assert s2.phase == OVER and s2.track.winner == 1
    assert s2.track.reason == solo_awards.R_OBJ_LOST


def test_sype_removed_with_its_tile_is_a_loss():
    """§9.2 Solo Scenario 1: Sype carried off the map can no longer be killed."""
    s = blank("solo-1", turn=3, solo1_removal="three_rows")
    put(s, s.sc.removal_rows[1][0], "Sype", 1)
    solo_rules.turn_start(s, [])
    assert s.solo.sype_fate == 2
    assert s.phase == OVER and s.track.winner == 1


# ----- Solo Scenario 2 -------------------------------------------------------------------------
def test_talon_and_ebon_arrive_on_turn_3():
    """§9.2 Solo Scenario 2: at the start of the Non-Player's third turn Talon and Ebon are
    placed on 19a and 20a (a unit there is discarded); adjacent Player units take 3 wounds."""
    s = blank("solo-2", turn=3, seat=1)
    talon, ebon = s.sc.param("talon_at"), s.sc.param("ebon_at")
    put(s, talon, "Horsemen of K'lan", 0)
    near = next(n for n in s.sc.board.nbr[ebon] if n != talon)
    put(s, near, "Mammoth", 0, wounds=1)
    solo_rules.npc_turn_start(s, [])
    assert s.cat.units[s.unit[talon]].name == "Talon" and s.owner[talon] == 1
    assert s.cat.units[s.unit[ebon]].name == "Ebon" and s.owner[ebon] == 1
    assert s.cat.unit_index["Horsemen of K'lan"] in s.discards[s.udeck[0]]
    assert s.wounds[near] == 1 + 3
    assert not s.flags[talon] & SUMMONED  # they move and attack this turn


def test_home_row_reinforcements_on_turn_2_wait_a_turn():
    """§9.2 Solo Scenario 2: the Non-Player's second turn puts a unit from its unit deck on
    each of its four Home-Row tiles; they do not move or attack until its next turn."""
    s = blank("solo-2", turn=2, seat=1)
    s.decks[s.udeck[1]] = [s.cat.unit_index["Gold Knights of Mir"]] * 4
    solo_rules.npc_turn_start(s, [])
    for c in s.sc.home[1]:
        assert s.owner[c] == 1 and s.flags[c] & SUMMONED
    assert not s.decks[s.udeck[1]]
    assert s.vp == [0, 0] and s.solo.cards_to_lose == 0  # placements are no captures


def test_captured_settlement_costs_five_cards_of_the_players_choice():
    """§9.2 Solo Scenario 2: every castle, city or village captured costs the Player 5 cards
    of their choice (pending choices of seat 0); one taken from the Player is lost."""
    s = blank("solo-2", turn=2, seat=1)
    village = s.sc.terrain.index("village")
    s.ctrl[village] = 0
    nbr = s.sc.board.nbr[village][0]
    put(s, nbr, "Mammoth", 1)
    give(s, 0, "Bewitch", "Bewitch", "Vanish", "Scout", "Mammoth", "Heal", "Rage")
    map_rules.move_unit(s, nbr, village, [])
    assert s.solo.settlements_lost == 1 and s.solo.cards_to_lose == 5
    solo_rules.check_end(s, [])
    assert s.track.pend_kind and s.track.pend_seat == 0
    assert GAME.to_act(s) == (0,)
    legal = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert legal == {
        "take Bewitch",
        "take Vanish",
        "take Scout",
        'choose "Mammoth"',
        "take Heal",
        "take Rage",
    }
    for text in ("take Bewitch", "take Bewitch", 'choose "Mammoth"', "take Heal", "take Rage"):
        play(s, text)
    names = sorted(s.cat.card_name(c) for c in s.hands[0])
    assert names == ["Scout", "Vanish"]
    assert not s.track.pend_kind and s.solo.cards_to_lose == 0


def test_six_lost_settlements_lose():
    """§9.2 Solo Scenario 2: the Player loses with 6 castles, cities or villages lost."""
    s = blank("solo-2", turn=4, seat=1)
    s.solo.settlements_lost = 5
    castle = s.sc.terrain.index("castle")
    s.ctrl[castle] = 0
    nbr = s.sc.board.nbr[castle][0]
    put(s, nbr, "Mammoth", 1)
    map_rules.move_unit(s, nbr, castle, [])
    assert s.track.winner == 1 and s.phase != OVER  # recorded, ended after the step
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.reason == solo_awards.R_LOST_SIX


def test_non_player_damage_plus_two():
    """§9.2 Solo Scenario 2: battle, ranged and ability damage of the Non-Player is +2."""
    s = blank("solo-2", turn=2)
    a = put(s, 20, "Mammoth", 0)
    b = put(s, 21, "Mammoth", 1)
    assert map_rules.damage(s, a, 3, 1, [], command=False) == 5
    assert map_rules.damage(s, b, 3, 0, [], command=False) == 3
    s2 = blank("solo-2", turn=2)
    a, d = put(s2, 20, "Mammoth", 0), put(s2, 21, "Mammoth", 1)
    battle.start(s2, a, d, [])
    s2.bat.bv0, s2.bat.bv1 = 4, 4
    battle.resolve(s2, [])
    assert s2.wounds[a] == 2 + 2 and s2.wounds[d] == 2


def test_talon_and_ebon_eliminated_win():
    """§9.2 Solo Scenario 2: eliminate Talon and Ebon: the Player wins."""
    s = blank("solo-2", turn=4)
    t = put(s, 20, "Talon", 1)
    e = put(s, 22, "Ebon", 1)
    map_rules.eliminate(s, t, 0, [])
    solo_rules.check_end(s, [])
    assert s.phase != OVER
    map_rules.eliminate(s, e, 0, [])
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.winner == 0
    assert s.track.reason == solo_awards.R_TALON_EBON
