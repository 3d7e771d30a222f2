"""§9.2's solo scenarios re-examined: each reading the text leaves open is a named option
whose default keeps the printed sentence true and the scenario winnable (the figures are in
docs/games/graxia-data.md, "Solo scenarios: the readings re-examined"). Each test cites the
sentence it serves."""

from __future__ import annotations

from pathlib import Path

import pytest
from graxia_helpers import GAME, blank, cell, put
from npc_helpers import npc_turn

from wartable.games.graxia import battle
from wartable.games.graxia import board as map_rules
from wartable.games.graxia.solo import awards as solo_awards
from wartable.games.graxia.solo import npc_move
from wartable.games.graxia.solo import rules as solo_rules
from wartable.games.graxia.solo.options import BACKSTOP_TURNS
from wartable.games.graxia.state import OVER, GraxiaState

SETTLEMENTS = ("castle", "city", "village")


def _gone_at_start_of(s: GraxiaState, turn: int) -> set[int]:
    s.round_no = 2 * (turn - 1)
    solo_rules.turn_start(s, [])
    return {c for c, g in enumerate(s.gone) if g}


# ----- Solo Scenario 1 ------------------------------------------------------------------------
def test_solo_1_removes_one_row_at_each_odd_turn_in_sequence() -> None:
    """ "At the start of every odd turn (except turn 1) turns 3, 5...etc., starting from with
    the players Home-Row, then moving up from continent A to bottom continent B, three rows of
    tiles will be removed from the game, in sequence": by default the rows go one at a time,
    one at each odd turn (A's three rows at turns 3, 5 and 7), so the Player has a continent
    to stand on while it crosses; continent B disappears with the last row."""
    s = blank("solo-1", turn=2)
    rows = s.sc.removal_rows
    assert _gone_at_start_of(s, 3) == set(rows[0])  # the Player's Home Row only
    assert _gone_at_start_of(s, 4) == set(rows[0])
    assert _gone_at_start_of(s, 5) == set(rows[0]) | set(rows[1])
    assert _gone_at_start_of(s, 7) == {c for row in rows[:3] for c in row}  # continent A
    assert s.phase != OVER
    last = 3 + 2 * (len(rows) - 1)
    assert s.sc.turns == last == 19
    _gone_at_start_of(s, last)
    assert s.phase == OVER and s.track.reason == solo_awards.R_B_GONE


def test_solo_1_b_s_portal_exits_outlast_the_crossing() -> None:
    """ "The Player will be starting on continent A and will be moving from continent A to
    continent B through portals": with one row a turn, B's portal exits (14a, 33a) are still
    on the map for a unit that crossed at turn 4; read as three rows a turn
    (``three_rows``) they leave at turn 5 with A's last row and B's first."""
    for removal, exits_left_at_5 in (("one_row", True), ("three_rows", False)):
        s = blank("solo-1", turn=4, solo1_removal=removal)
        entry, exit_ = s.sc.portals[0]
        c = put(s, entry, "Horsemen of K'lan", 0)
        map_rules.move_unit(s, c, exit_, [])  # through the portal at turn 4
        gone = _gone_at_start_of(s, 5)
        assert (exit_ not in gone) is exits_left_at_5, removal
        assert (s.unit[exit_] >= 0) is exits_left_at_5


# ----- Solo Scenario 2 ------------------------------------------------------------------------
def test_solo_2_plus_two_is_added_to_damage_done_only() -> None:
    """ "All battle, ranged and ability damage done by Non-Player spells, units and abilities
    is increased by 2": damage done is increased, so a Non-Player unit that inflicts no
    wound in a battle, or a shot a shield takes whole, still does none; option
    ``solo2_damage_bonus: always`` adds the 2 to every attempt."""
    for bonus, battle_wounds, shot_wounds in (("damage_done", 0, 0), ("always", 2, 2)):
        s = blank("solo-2", turn=2, solo2_damage_bonus=bonus)
        a, d = put(s, 20, "Mammoth", 0), put(s, 21, "Mammoth", 1)
        battle.start(s, a, d, [])
        s.bat.bv0, s.bat.bv1 = 4, 0  # the Non-Player's side: no wound
        battle.resolve(s, [])
        assert s.wounds[a] == battle_wounds, bonus
        s = blank("solo-2", turn=2, solo2_damage_bonus=bonus)
        target = put(s, 20, "Mammoth", 0, shield=True)
        assert map_rules.damage(s, target, 2, 1, [], command=False) == shot_wounds, bonus
    s = blank("solo-2", turn=2)  # a wound done: +2 under both readings
    a, d = put(s, 20, "Mammoth", 0), put(s, 21, "Mammoth", 1)
    battle.start(s, a, d, [])
    s.bat.bv0, s.bat.bv1 = 4, 4
    battle.resolve(s, [])
    assert s.wounds[a] == 2 + 2 and s.wounds[d] == 2


# ----- turn limits ----------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["solo-2", "solo-4", "solo-5", "solo-6"])
def test_no_turn_limit_the_text_does_not_print(scenario: str) -> None:
    """Solo Scenarios 2, 4, 5 and 6 end by their printed Victory and Lose Conditions only
    (none names a turn): turn 15 ends nothing by default; the backstop (turn 50) only keeps
    a game finite; ``solo_turn_limit`` sets a limit the Player loses at."""
    s = blank(scenario, turn=15, seat=1)
    assert s.sc.turns == BACKSTOP_TURNS
    solo_awards.end_of_round(s, [])
    assert s.phase != OVER
    s = blank(scenario, turn=15, seat=1, solo_turn_limit=15)
    solo_awards.end_of_round(s, [])
    assert s.phase == OVER and s.track.winner == 1
    assert s.track.reason == solo_awards.R_SOLO_LIMIT


def test_solo_3_keeps_its_printed_six_turns() -> None:
    """Solo Scenario 3 prints "Lose at the end of turn 6": the option does not touch it."""
    s = blank("solo-3", turn=6, seat=1, solo_turn_limit=40)
    assert s.sc.turns == 6


def test_solo_2_every_settlement_is_the_player_s() -> None:
    """ "Lose 6 or more Castles, Cities, or Villages total" and "a Non-Player reinforcing
    unit ... whenever a Player unit card moves next to a non-controlled city, castle or
    village": every settlement of the map is the Player's at the start, so none stands
    neutral between the Player and Talon and Ebon's Mountains (19a, 20a): moving up to fight
    them calls no reinforcement by itself."""
    s = GAME.new_state(GAME.make_config({"scenario": "solo-2"}), 0)
    settlements = [c for c, land in enumerate(s.sc.terrain) if land in SETTLEMENTS]
    assert len(settlements) == 10
    assert all(s.ctrl[c] == 0 for c in settlements)
    mountains = [s.sc.tile_ids.index(t) for t in ("19a", "20a")]
    b = s.sc.board
    beside = {c for m in mountains for c in range(b.size) if b.dist[m * b.size + c] == 1}
    assert not beside & set(settlements)
    assert "10b" in {s.sc.tile_ids[c] for c in beside}  # the village 10a stood beside 20a


# ----- Solo Scenario 4 ------------------------------------------------------------------------
def test_solo_4_hills_alone_do_not_reach_the_non_player_s_sixty() -> None:
    """ "Non-Player gains VP from: Taking control of each hill tile = 10 VP; Each Player unit
    eliminated = 10 VP" and "If Non-Player collects a total of 60 Victory Points the Player
    instantly loses": both terms count; every Hill of the map, the Player's Home Row ones
    included, is 40 of the 60, so the Non-Player must also eliminate two Player units."""
    s = blank("solo-4")
    hills = [c for c, land in enumerate(s.sc.terrain) if land == "hills"]
    per_hill = s.sc.param("npc_vp_hills", 10)
    target = s.sc.param("vp_target_npc", 60)
    assert (per_hill, target) == (10, 60)
    assert len(hills) * per_hill == 40
    assert sum(1 for c in hills if c in s.sc.home[0]) == 2


# ----- Solo Scenario 5 ------------------------------------------------------------------------
RARER_LANDS = (
    "boulder_fields",
    "columns",
    "mountains",
    "castle",
    "lake",
    "swamp",
    "rough_lands",
    "hills",
)


def test_solo_5_the_rarer_lands_lie_together_far_from_the_player() -> None:
    """ "Place 1 unit in every land type ... the Player may choose where they will be placed"
    and "Taking control of all Boulder Field tiles = 5 VP" (every land type, each "all ...
    tiles": two or more): the eight rarer land types lie in the north three rows, three or
    more tiles from the Player's Home Row, each tile with four other rarer types within two
    tiles. Wherever the Player puts those eight Non-Player units they stand together, so a
    Player unit that comes "one tile away" from one is within reach of others."""
    s = blank("solo-5")
    b = s.sc.board
    cells = {land: [c for c, t in enumerate(s.sc.terrain) if t == land] for land in RARER_LANDS}
    everywhere = set(s.sc.terrain)
    assert all(list(s.sc.terrain).count(t) >= 2 for t in (*RARER_LANDS, "plains", "forest"))
    assert everywhere >= {*RARER_LANDS, "plains", "forest"}
    home = s.sc.home[0]
    for land, tiles in cells.items():
        for c in tiles:
            assert min(b.dist[c * b.size + h] for h in home) >= 3, (land, s.sc.tile_ids[c])
            near = {
                other
                for other, theirs in cells.items()
                if other != land and any(b.dist[c * b.size + x] <= 2 for x in theirs)
            }
            assert len(near) >= 4, (land, s.sc.tile_ids[c], near)


# ----- Solo Scenario 6 ------------------------------------------------------------------------
def test_solo_6_has_the_boulder_field_tile_and_five_hill_and_boulder_spaces() -> None:
    """ "Taking control of the Boulder field tile = 10 VP" names one tile; "draw 5 Non-Player
    unit cards ... and place one on each hill space and boulder field space" needs five."""
    s = blank("solo-6")
    terrain = list(s.sc.terrain)
    assert terrain.count("boulder_fields") == 1
    assert terrain.count("boulder_fields") + terrain.count("hills") == 5


def _lane(s: GraxiaState, c: int) -> list[int]:
    """The tiles a unit spawned on ``c`` walks over, moving along its row on an empty map."""
    ut = s.cat.units[s.cat.unit_index["Mammoth"]]
    dq = npc_move.heading(s, c)
    path = [c]
    while (n := npc_move._step_horizontal(s, path[-1], ut, dq)) >= 0 and n not in path:
        path.append(n)
    return path


def test_solo_6_no_spawn_walks_onto_a_settlement_it_would_score_uncontested() -> None:
    """ "All Non-Player units will move (if possible) horizontally towards the center of the
    map and continue in a straight line" and the Non-Player scores "Taking control of a
    Castle tile = 20 VP", "City tile =30 VP", "Village tile = 20 VP": the rulebook gives it no
    Home Row here, so no settlement lies on a spawn's row (a Player who does nothing would
    lose to walks onto empty settlements, no battle fought); the settlements are the
    Player's Home Row."""
    s = blank("solo-6")
    npc = s.sc.npc
    assert npc is not None
    spawns = [
        c
        for c, t in enumerate(s.sc.terrain)
        if t in ("forest", "columns", "hills", "boulder_fields")
    ]
    assert len(spawns) == 4 + 3 + 5
    for c in spawns:
        on_lane = [n for n in _lane(s, c) if s.sc.terrain[n] in SETTLEMENTS]
        assert on_lane == [], (s.sc.board.text(c), [s.sc.board.text(n) for n in on_lane])
    settlements = {c for c, t in enumerate(s.sc.terrain) if t in SETTLEMENTS}
    assert settlements == set(s.sc.home[0])


def test_solo_6_a_blocked_horizontal_mover_stays() -> None:
    """ "move (if possible) horizontally ... and continue in a straight line": a unit whose
    next tile along its row is taken does not step into another row; it stays."""
    s = npc_turn("solo-6", turn=2)
    west_forest = cell(s, "0,1")
    assert s.sc.terrain[west_forest] == "forest"
    put(s, west_forest, "Mammoth", 1)
    ahead = npc_move._step_horizontal(
        s, west_forest, s.cat.units[s.unit[west_forest]], npc_move.heading(s, west_forest)
    )
    assert s.sc.board.text(ahead) == "1,1"  # its row's next tile
    put(s, ahead, "Mammoth", 1)  # taken by a friend: no battle, no way on
    assert npc_move.plan(s, west_forest) == (-1, [])
    s.unit[ahead] = -1
    assert npc_move.plan(s, west_forest)[0] == ahead


def test_solo_6_settlements_start_as_the_player_s() -> None:
    """The Player's Home Row is controlled from the start (§9.0): the Non-Player's castle,
    city and village points come only from taking them from the Player."""
    s = GAME.new_state(GAME.make_config({"scenario": "solo-6"}), 3)
    for c in s.sc.home[0]:
        assert s.ctrl[c] == 0, s.sc.board.text(c)


def test_solo_6_a_player_who_does_nothing_is_beaten_only_by_fighting() -> None:
    """ "Non-Player gains VP from: Taking control of a Castle tile ... Each Player unit
    eliminated": with the settlements on the Player's Home Row, a Player who ends every phase
    and never acts is still beaten, but by battles on its own rows, not by Non-Player units
    walking onto empty settlements by turn 3 (the old map: 59.5 VP at turn 3, no battle)."""
    deck = Path(__file__).parents[3] / "examples" / "decks" / "graxia-every-land.toml"
    cfg = GAME.make_config({"scenario": "solo-6", "deck": deck.read_text(), "solo_turn_limit": 8})
    s = GAME.new_state(cfg, 0)
    battles = 0
    while s.phase != OVER:
        legal = GAME.legal_actions(s, 0)
        by_text = {GAME.action_to_str(a, cfg): a for a in legal}
        action = by_text.get("end", by_text.get("pass", legal[0]))
        events = GAME.apply(s, 0, action)
        battles += sum(1 for e in events if e["type"] == "battle_wounds")
        if s.turn <= 3:
            assert s.vp[1] < 50, (s.turn, s.vp)
    assert s.track.winner == 1 and battles > 0
