"""§9.2 Solo Scenario 3 (Home Rows A-D, reinforcements by land type, six turns), §9.2 Solo
Scenario 4 (city/village and column spawns, the race to 60), §9.2 Solo Scenario 5 (land
types, the race to 50 vs 35) and §9.2 Solo Scenario 6 (spawns onto Player units, the race to
50 vs 50), on hand-built positions of the solo maps."""

from __future__ import annotations

from graxia_helpers import GAME, blank, give, put
from solo_helpers import play

from wartable.games.graxia import board as map_rules
from wartable.games.graxia import command, effects, modifiers, turn
from wartable.games.graxia.solo import awards as solo_awards
from wartable.games.graxia.solo import rules as solo_rules
from wartable.games.graxia.state import (
    ANCHORED,
    OVER,
    GraxiaState,
)


def _cells(s: GraxiaState, terrain: str) -> list[int]:
    return [c for c, t in enumerate(s.sc.terrain) if t == terrain]


def _deck(s: GraxiaState, name: str, n: int = 20) -> None:
    s.decks[s.udeck[1]] = [s.cat.unit_index[name]] * n


# ----- Solo Scenario 3 -------------------------------------------------------------------------
def test_home_row_hand_limits():
    """§9.2 Solo Scenario 3: hand limit 15 (A), 5 (B), 20 (C), 15 (D)."""
    s = blank("solo-3")
    limits = []
    for k in range(4):
        s.solo.home_row = k
        limits.append(modifiers.hand_limit(s, 0))
    assert limits == [15, 5, 20, 15]
    assert modifiers.hand_limit(s, 1) == s.sc.hand_limit


def test_home_row_a_half_cost():
    """§9.2 Solo Scenario 3, Home-Row A: all cards are played for half cost (rounded down)."""
    s = blank("solo-3")
    s.solo.home_row = 0
    g = put(s, s.sc.home_rows[0][0], "Sype", 0)
    s.guard[0] = s.unit[g]
    give(s, 0, "Mammoth")
    cell = next(c for c in command.summon_cells(s, 0, s.cat.unit_index["Mammoth"]))
    full = command.base_cost(s, 0, s.cat.unit_index["Mammoth"], cell)
    assert command.summon_cost(s, 0, s.cat.unit_index["Mammoth"], cell) == full // 2
    s.mana[0] = 100
    command.summon(s, 0, s.cat.unit_index["Mammoth"], cell, [])
    assert s.mana[0] == 100 - full // 2
    s.solo.home_row = 1
    assert command.summon_cost(s, 0, s.cat.unit_index["Mammoth"], cell) == full


def test_home_row_b_double_health():
    """§9.2 Solo Scenario 3, Home-Row B: the Player's units have twice their health."""
    s = blank("solo-3")
    s.solo.home_row = 1
    a = put(s, 20, "Horsemen of K'lan", 0)  # health 7
    e = put(s, 22, "Horsemen of K'lan", 1)
    map_rules.damage(s, a, 10, 1, [], unmitigated=True)
    assert s.unit[a] >= 0 and s.wounds[a] == 10
    map_rules.damage(s, e, 10, 0, [], unmitigated=True)
    assert s.unit[e] < 0  # the Non-Player's units keep their health
    map_rules.damage(s, a, 4, 1, [], unmitigated=True)
    assert s.unit[a] < 0


def test_home_row_c_hand_limit_20_lets_the_player_buy():
    """§9.2 Solo Scenario 3, Home-Row C: hand limit 20 (buying is allowed with 13 cards)."""
    s = blank("solo-3")
    s.solo.home_row = 2
    s.hands[0] = [s.cat.card_id("Scout")] * 14
    s.decks[s.sdeck[0]] = [s.cat.card_id("Scout")] * 5
    assert effects.can_draw(s, 0, False)
    s.solo.home_row = 1
    assert not effects.can_draw(s, 0, False)
    assert turn.buy_legal(s) == [0]  # only "end"


def test_reinforcements_by_land_type_placed_where_the_player_wishes():
    """§9.2 Solo Scenario 3: at the beginning of turns 2-4 one Non-Player unit goes on a
    lake, a plains and a forest tile, where the Player wishes (pending choices of seat 0)."""
    s = blank("solo-3", turn=2)
    _deck(s, "Mammoth")
    solo_rules.turn_start(s, [])
    assert s.track.pend_kind and GAME.to_act(s) == (0,)
    legal = GAME.legal_actions(s, 0)
    lakes = {c for c in _cells(s, "lake") if s.unit[c] < 0}
    assert {GAME.action_to_str(a, s.config) for a in legal} == {
        f"target {s.sc.board.text(c)}" for c in lakes
    }
    lake = sorted(lakes)[1]
    play(s, f"target {s.sc.board.text(lake)}")
    assert s.owner[lake] == 1 and s.ctrl[lake] == 1
    for terrain in ("plains", "forest"):
        assert s.track.pend_kind
        c = next(c for c in _cells(s, terrain) if s.unit[c] < 0)
        play(s, f"target {s.sc.board.text(c)}")
        assert s.owner[c] == 1
    assert not s.track.pend_kind and not s.solo.reinforcements
    s.round_no = 2 * 4  # turn 5: none
    solo_rules.turn_start(s, [])
    assert not s.track.pend_kind


def test_all_four_home_rows_win_and_turn_6_loses():
    """§9.2 Solo Scenario 3: control all tiles of Home Rows A-D before the end of turn 6;
    the Player loses at the end of turn 6."""
    s = blank("solo-3", turn=5)
    for row in s.sc.home_rows:
        for c in row:
            s.ctrl[c] = 0
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.winner == 0
    assert s.track.reason == solo_awards.R_HOME_ROWS
    s = blank("solo-3", turn=6, seat=1)
    turn.end_round(s, [])
    assert s.phase == OVER and s.track.winner == 1
    assert s.track.reason == solo_awards.R_TURN_SIX


def test_blood_vigor_one_more_wound():
    """§9.2 Solo Scenario 3, Home-Row D: Blood Vigor: one additional wound in every battle."""
    s = blank("solo-3")
    s.solo.home_row = 3
    assert modifiers.battle_bonus(s, 0) == 1 and modifiers.battle_bonus(s, 1) == 0
    s.solo.home_row = 0
    assert modifiers.battle_bonus(s, 0) == 0


# ----- Solo Scenario 4 -------------------------------------------------------------------------
def test_tile_points_once_per_game_both_sides():
    """§9.2 Solo Scenario 4: a city is 5 VP for the Player, a hill 10 VP for the Non-Player,
    once per game per tile."""
    s = blank("solo-4", turn=2)
    city = _cells(s, "city")[0]
    n = s.sc.board.nbr[city][0]
    a = put(s, n, "Mammoth", 0)
    map_rules.move_unit(s, a, city, [])
    assert s.vp == [5, 0]
    map_rules.move_unit(s, city, a, [])
    s.ctrl[city] = 1
    map_rules.move_unit(s, a, city, [])
    assert s.vp == [5, 0]  # once per game
    hill = _cells(s, "hills")[0]
    h = put(s, s.sc.board.nbr[hill][0], "Mammoth", 1)
    s.ctrl[hill] = 0
    map_rules.move_unit(s, h, hill, [])
    assert s.vp == [5, 10]


def test_elimination_points_and_the_race_to_60():
    """§9.2 Solo Scenario 4: 2 VP per Non-Player unit eliminated, 10 per Player unit; 60 VP
    wins (Player) or loses (Non-Player) at once."""
    s = blank("solo-4", turn=2)
    e = put(s, 20, "Mammoth", 1)
    map_rules.eliminate(s, e, 0, [])
    assert s.vp == [2, 0]
    s.vp[1] = 50
    p = put(s, 20, "Mammoth", 0)
    map_rules.eliminate(s, p, 1, [])
    assert s.vp == [2, 60] and s.track.winner == 1
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.reason == solo_awards.R_VP_NPC


def test_even_turn_spawns_on_cities_and_villages():
    """§9.2 Solo Scenario 4: every even Non-Player turn a unit on each city and village not
    controlled by the Player."""
    s = blank("solo-4", turn=2, seat=1)
    _deck(s, "Mammoth")
    spots = _cells(s, "city") + _cells(s, "village")
    mine = spots[0]
    s.ctrl[mine] = 0
    for c in spots[1:]:
        s.ctrl[c] = -1
    solo_rules.npc_turn_start(s, [])
    assert s.unit[mine] < 0
    assert all(s.owner[c] == 1 for c in spots[1:])
    assert s.vp == [0, 0]
    s2 = blank("solo-4", turn=3, seat=1)
    _deck(s2, "Mammoth")
    cols = _cells(s2, "columns")
    s2.decks[s2.udeck[1]] = [s2.cat.unit_index["Mammoth"]] * len(cols)
    solo_rules.npc_turn_start(s2, [])
    assert all(s2.unit[c] < 0 for c in spots)  # odd turn: no city/village spawns


def test_column_spawn_destroys_and_wounds():
    """§9.2 Solo Scenario 4, the Non-Player's 3rd turn: units on the column tiles; a Player
    unit there is destroyed, adjacent Player units suffer 2 wounds."""
    s = blank("solo-4", turn=3, seat=1)
    _deck(s, "Mammoth")
    col = _cells(s, "columns")[0]
    put(s, col, "Horsemen of K'lan", 0)
    n = next(n for n in s.sc.board.nbr[col] if s.sc.terrain[n] != "columns")
    put(s, n, "Mammoth", 0)
    solo_rules.npc_turn_start(s, [])
    assert s.owner[col] == 1 and s.flags[col] & ANCHORED  # it will not move
    assert s.wounds[n] == 2
    assert s.vp[1] == 10  # the destroyed unit counts as eliminated


# ----- Solo Scenario 5 -------------------------------------------------------------------------
def test_land_type_points_once_and_non_player_reinforcements():
    """§9.2 Solo Scenario 5: all tiles of a land type: 5 VP (once per type); when the
    Non-Player takes every tile of a type it gets a unit on each land type, placed by the
    Player (not on Player-controlled tiles)."""
    s = blank("solo-5", turn=2)
    plains = _cells(s, "plains")
    for c in plains[1:]:
        s.ctrl[c] = 0
    a = put(s, s.sc.board.nbr[plains[0]][0], "Mammoth", 0)
    s.ctrl[plains[0]] = 1
    map_rules.move_unit(s, a, plains[0], [])
    assert s.vp == [5, 0] and s.solo.awards0 == 1
    s3 = blank("solo-5", turn=2, seat=1)
    _deck(s3, "Mammoth")
    lakes = _cells(s3, "lake")
    s3.ctrl[lakes[0]] = 1
    n = next(n for n in s3.sc.board.nbr[lakes[1]] if s3.sc.terrain[n] != "lake")
    put(s3, n, "Mammoth", 1)
    map_rules.move_unit(s3, n, lakes[1], [])
    assert s3.vp == [0, 5] and s3.solo.reinforcements
    solo_rules.check_end(s3, [])
    assert s3.track.pend_kind  # the Player places the first one (plains)
    opts = {GAME.action_to_str(a, s3.config) for a in GAME.legal_actions(s3, 0)}
    assert opts and all(s3.ctrl[s3.sc.board.parse(o.split()[1])] != 0 for o in opts)
    while s3.track.pend_kind:
        play(s3, GAME.legal_actions(s3, 0)[0])
    assert not s3.solo.reinforcements


def test_race_50_vs_35():
    """§9.2 Solo Scenario 5: the Player wins at 50 VP; the Non-Player wins at 35."""
    s = blank("solo-5", turn=2)
    s.vp = [49, 0]
    map_rules.eliminate(s, put(s, 20, "Mammoth", 1), 0, [])
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.winner == 0
    s = blank("solo-5", turn=2)
    s.vp = [0, 33]
    map_rules.eliminate(s, put(s, 20, "Mammoth", 0), 1, [])
    solo_rules.check_end(s, [])
    assert s.phase == OVER and s.track.winner == 1 and s.vp[1] == 35


# ----- Solo Scenario 6 -------------------------------------------------------------------------
def test_spawn_onto_player_unit_wounds_and_retreats():
    """§9.2 Solo Scenario 6: a Non-Player unit summoned onto a Player unit: it suffers 3
    wounds and retreats (eliminated if it cannot), then the Non-Player unit is placed."""
    s = blank("solo-6", turn=2, seat=1)
    _deck(s, "Mammoth")
    col = _cells(s, "columns")[0]
    put(s, col, "Mammoth", 0)
    solo_rules.npc_turn_start(s, [])
    assert s.track.pend_kind  # §7 step 9: several free tiles, the Player picks one
    play(s, GAME.action_to_str(GAME.legal_actions(s, 0)[0], s.config))
    assert s.owner[col] == 1
    moved = [n for n in s.sc.board.nbr[col] if s.owner[n] == 0]
    assert len(moved) == 1 and s.wounds[moved[0]] == 3
    s2 = blank("solo-6", turn=2, seat=1)
    _deck(s2, "Mammoth")
    col = _cells(s2, "columns")[0]
    put(s2, col, "Mammoth", 0)
    for n in s2.sc.board.nbr[col]:
        if s2.unit[n] < 0:
            put(s2, n, "Mammoth", 1)
    solo_rules.npc_turn_start(s2, [])
    assert s2.owner[col] == 1 and s2.vp[1] == 5  # nowhere to go: eliminated


def test_turn_3_forest_column_hill_and_boulder_spawns():
    """§9.2 Solo Scenario 6: the Non-Player's 3rd turn: units on every forest, column, hill
    and boulder field; turns 2 and 4: columns only."""
    s = blank("solo-6", turn=3, seat=1)
    _deck(s, "Mammoth", 40)
    solo_rules.npc_turn_start(s, [])
    kinds = ("forest", "columns", "hills", "boulder_fields")
    assert all(s.owner[c] == 1 for k in kinds for c in _cells(s, k))
    assert s.vp == [0, 0]  # placements take no points
    s = blank("solo-6", turn=4, seat=1)
    _deck(s, "Mammoth", 40)
    solo_rules.npc_turn_start(s, [])
    assert {c for c in range(s.sc.board.size) if s.owner[c] == 1} == set(_cells(s, "columns"))


def test_race_points_solo_6():
    """§9.2 Solo Scenario 6: all forests 15 VP for the Player; a city 30 VP for the
    Non-Player; a Player unit eliminated 5 VP."""
    s = blank("solo-6", turn=2)
    forests = _cells(s, "forest")
    for c in forests[1:]:
        s.ctrl[c] = 0
    a = put(s, s.sc.board.nbr[forests[0]][0], "Mammoth", 0)
    map_rules.move_unit(s, a, forests[0], [])
    assert s.vp == [15, 0]
    city = _cells(s, "city")[0]
    e = put(s, s.sc.board.nbr[city][0], "Mammoth", 1)
    map_rules.move_unit(s, e, city, [])
    assert s.vp == [15, 30]


def test_home_row_d_mend_summon_power_volley_once_per_round():
    """§9.2 Solo Scenario 3, Home-Row D: once per round in the Command Phase, Mend heals a
    unit 4 wounds, Summon Power summons a unit as normal for free, Volley doubles a friendly
    unit's missile damage."""
    s = blank("solo-3", turn=2)
    s.solo.home_row = 3
    home = s.sc.home_rows[3]
    g = put(s, home[0], "Sype", 0)
    s.guard[0] = s.unit[g]
    archer = put(s, s.sc.board.nbr[g][0], "Redbeard's Rangers", 0, wounds=5)
    give(s, 0, "Mammoth")
    text = s.sc.board.text
    legal = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert f"mend {text(archer)}" in legal and f"volley {text(archer)}" in legal
    free = next(c for c in command.summon_cells(s, 0, s.cat.unit_index["Mammoth"]))
    assert f'summon power "Mammoth" {text(free)}' in legal
    play(s, f"mend {text(archer)}")
    assert s.wounds[archer] == 1
    mana = s.mana[0]
    play(s, f'summon power "Mammoth" {text(free)}')
    assert s.mana[0] == mana and s.cat.units[s.unit[free]].name == "Mammoth"
    shot = next(
        e for ab in s.cat.units[s.unit[archer]].abilities for e in ab.effects if e.kind == "ranged"
    )
    target = put(s, 20, "Mammoth", 1)
    before = effects._ranged_damage(s, archer, target, shot)
    play(s, f"volley {text(archer)}")
    assert effects._ranged_damage(s, archer, target, shot) == 2 * before
    legal = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert not any(a.startswith(("mend", "volley", "summon power")) for a in legal)
    solo_rules.turn_start(s, [])  # the next round: available again
    assert solo_rules.ability_ready(s, modifiers.MEND)
    s.solo.home_row = 0
    assert not solo_rules.ability_ready(s, modifiers.MEND)  # only Home-Row D


def test_spending_victory_points_is_an_option():
    """§9.2 Solo Scenario 4: "The Player may spend victory points": with the option
    vp_spending "mana", ``spend vp`` turns 5 VP into 5 mana; off by default."""
    s = blank("solo-4", turn=2)
    s.vp = [7, 0]
    texts = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert "spend vp" not in texts
    s = blank("solo-4", turn=2, vp_spending="mana")
    s.vp = [7, 0]
    mana = s.mana[0]
    play(s, "spend vp")
    assert s.vp == [2, 0] and s.mana[0] == mana + 5
    texts = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert "spend vp" not in texts  # fewer than 5 left
    s2 = blank("solo-1", turn=2, vp_spending="mana")
    s2.vp = [9, 0]
    assert not solo_rules.can_spend_vp(s2)  # no victory points race


def test_damaged_solo_bookkeeping_is_refused():
    """§9.2 solo positions: the scenario bookkeeping must be in range (a position file is
    untrusted input)."""
    s = blank("solo-3")
    assert not solo_awards.problems(s)
    s.solo.home_row = 9
    assert modifiers.hand_limit(s, 0) == 15  # no crash on the way to the refusal
    assert any("Home Row" in p for p in GAME.invariants(s))
    s.solo.home_row = 0
    s.solo.reinforcements = 1 << 12
    assert any("queued placements" in p for p in GAME.invariants(s))


def test_two_land_types_taken_queue_two_sets():
    """§9.2 Solo Scenario 5: each completed land type brings its own set of reinforcements,
    even while the previous set is still being placed."""
    s = blank("solo-5", turn=2, seat=1)
    _deck(s, "Mammoth", 40)
    for terrain in ("lake", "columns"):
        cells = _cells(s, terrain)
        for c in cells[1:]:
            s.ctrl[c] = 1
        n = next(n for n in s.sc.board.nbr[cells[0]] if s.unit[n] < 0 and n not in cells)
        put(s, n, "Mammoth", 1)
        map_rules.move_unit(s, n, cells[0], [])
    assert s.vp[1] == 10 and s.solo.reinforcement_sets == 1
    placed = 0
    solo_rules.check_end(s, [])
    while s.track.pend_kind:
        play(s, GAME.legal_actions(s, 0)[0])
        placed += 1
    assert not s.solo.reinforcements and not s.solo.reinforcement_sets
    assert sum(1 for c in range(s.sc.board.size) if s.owner[c] == 1) > 2 + 10
