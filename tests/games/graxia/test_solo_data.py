"""The solo scenarios as data (§9.2 Solo Scenarios 1-6): maps, Non-Player decks and units,
the Player's decks, hands and mana, and the loader's refusals."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from wartable.core.errors import DataError
from wartable.games.graxia.catalog.building import catalog_for
from wartable.games.graxia.catalog.loading import DATA_DIR, load_db
from wartable.games.graxia.catalog.tables import Catalog, Scenario

SOLOS = [f"solo-{n}" for n in range(1, 7)]


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return catalog_for(None)


def sc_of(cat: Catalog, sid: str) -> Scenario:
    return cat.scenarios[sid]


def terrain_count(sc: Scenario) -> Counter[str]:
    return Counter(sc.terrain)


def names(cat: Catalog, ids: tuple[int, ...], spells: bool) -> Counter[str]:
    return Counter(cat.spells[i].name if spells else cat.units[i].name for i in ids)


def cell(sc: Scenario, tile: str) -> int:
    return sc.tile_ids.index(tile)


@pytest.mark.parametrize("sid", SOLOS)
def test_every_solo_scenario_loads_as_a_solo_game(cat: Catalog, sid: str) -> None:
    """§9.2: each solo scenario is a one-Player game against a Non-Player with its own decks."""
    sc = sc_of(cat, sid)
    assert sc.solo and sc.npc is not None and sc.solo_start is not None
    assert sc.mana[1] == 0 and not sc.collects[1]  # "The Non-Player never gains or loses Mana"
    assert sc.first == 0  # "Starting Player: Player"
    assert sc.hand_limit == 15
    numbers = [t[:-1] for t in sc.tile_ids]
    assert len(numbers) == len(set(numbers))  # one physical tile, one side


def test_solo_1_data_9_2_solo_scenario_1(cat: Catalog) -> None:
    """§9.2 Solo Scenario 1: decks 7 and 5, 3 units + 12 spells, 30 mana, the battle deck,
    the eleven starting units on their tiles, two continents joined by portals."""
    sc = sc_of(cat, "solo-1")
    npc = sc.npc
    assert npc is not None
    assert names(cat, npc.battle_deck, True) == Counter(
        {"Chain Lightning": 2, "Innervate": 1, "Vanish": 1, "Bewitch": 2}
    )
    assert npc.battle_draws == 1 and not npc.command_deck and not npc.unit_deck
    placed = {(cat.units[u].name, sc.tile_ids[c]) for u, c in npc.units}
    assert ("Sype", "6a") in placed and ("Talon", "36b") in placed
    assert ("Redbeard's Rangers", "8b") in placed  # the text's "8a Swamp" is side 8b
    assert ("Mammoth", "1a") in placed and ("Mammoth", "2a") in placed
    assert len(npc.units) == 11
    assert sc.initial_hand == (3, 12) and sc.mana[0] == 30
    assert len(sc.unit_decks[0]) == 20 and len(sc.spell_decks[0]) == 40
    st = sc.solo_start
    assert st is not None and (st.guardians, st.heroes) == (1, 2)
    # two continents: without the portals the map falls apart
    b = sc.board
    seen = {sc.home[0][0]}
    todo = [sc.home[0][0]]
    while todo:
        c = todo.pop()
        for n in b.nbr[c]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 12  # continent A
    assert all((a in seen) != (p in seen) for a, p in sc.portals)  # each portal joins A and B
    assert len(sc.removal_rows) == 9 and sc.removal_rows[0] == sc.home[0]


def test_solo_2_data_9_2_solo_scenario_2(cat: Catalog) -> None:
    """§9.2 Solo Scenario 2: the Non-Player's unit deck and battle deck, its four-tile Home
    Row, Talon and Ebon's Mountains, deck A, 6 + 9 cards, 60 mana, 40 mana of units."""
    sc = sc_of(cat, "solo-2")
    npc = sc.npc
    assert npc is not None
    assert names(cat, npc.unit_deck, False) == Counter(
        {"Mountain Breakers": 1, "Ulmar's Iron Dragons": 2, "Gold Knights of Mir": 2, "Ithel": 1}
    )
    assert names(cat, npc.battle_deck, True) == Counter(
        {"Banner of the Brave": 2, "Mists of Confusion": 1, "Bewitch": 1, "Mind Control": 2}
    )
    assert npc.battle_draws == 2 and npc.movement == "home_row"
    assert len(sc.home[1]) == 4
    assert sc.terrain[sc.param("talon_at", -1)] == "mountains"
    assert sc.tile_ids[sc.param("ebon_at", -1)] == "20a"
    assert sc.initial_hand == (6, 9) and sc.mana[0] == 60
    st = sc.solo_start
    assert st is not None and st.budget == 40 and st.budget_heroes == 1
    assert st.where == "controlled"
    settlements = sum(terrain_count(sc)[t] for t in ("castle", "city", "village"))
    assert settlements >= sc.param("lost_limit") + 1  # losing 6 is possible, not certain


def test_solo_3_data_9_2_solo_scenario_3(cat: Catalog) -> None:
    """§9.2 Solo Scenario 3: four corner Home Rows with their benefits; command deck played 4
    a turn, battle deck drawn 3 a battle; Talon leaves deck H (the Non-Player has it)."""
    sc = sc_of(cat, "solo-3")
    npc = sc.npc
    assert npc is not None
    assert len(sc.home_rows) == 4 and all(len(r) == 3 for r in sc.home_rows)
    assert npc.command_plays == 4 and npc.battle_draws == 3
    assert names(cat, npc.command_deck, True) == Counter(
        {"Hellstorm": 2, "Pickpocket": 2, "Bedazzle": 1}
    )
    assert [sc.param(f"row_{k}_mana") for k in "abcd"] == [100, 50, 150, 75]
    assert [sc.param(f"row_{k}_hand_limit") for k in "abcd"] == [15, 5, 20, 15]
    assert sc.param("row_a_half_cost") == 1 and sc.param("row_b_double_health") == 1
    assert sc.param("row_a_chosen") == 10
    assert (sc.param("row_c_units"), sc.param("row_c_spells")) == (8, 8)
    assert sc.param("row_d_abilities") == 15
    talon = cat.unit_index["Talon"]
    assert talon not in sc.unit_decks[0] and len(sc.unit_decks[0]) == 19
    assert set(npc.spawn_terrain) == {"lake", "plains", "forest"}
    for t in npc.spawn_terrain:
        assert terrain_count(sc)[t] >= 1


def test_solo_4_map_9_2_solo_scenario_4(cat: Catalog) -> None:
    """§9.2 Solo Scenario 4: six cities and villages off the Player's tiles take the set-up
    units, two Columns the turn-3 units; 40/40 deck with at most 4 Heroes, 2 Large."""
    sc = sc_of(cat, "solo-4")
    tc = terrain_count(sc)
    assert tc["city"] + tc["village"] == 6 and tc["columns"] == 2
    assert not any(sc.terrain[c] in ("city", "village") for c in sc.home[0])
    rule = sc.deck_rule
    assert rule is not None and (rule.units, rule.spells, rule.max_heroes, rule.max_large) == (
        40,
        40,
        4,
        2,
    )
    npc = sc.npc
    assert npc is not None and npc.command_plays == 3 and npc.battle_draws == 3
    assert names(cat, npc.battle_deck, True) == Counter(
        {"Chain Lightning": 1, "Innervate": 2, "Bewitch": 1, "Mana Surge": 2, "Rage": 2}
    )
    assert sc.param("vp_target") == 60 and sc.param("vp_target_npc") == 60
    assert sc.initial_hand == (4, 10) and sc.mana[0] == 50


def test_solo_5_map_has_every_land_type_9_2_solo_scenario_5(cat: Catalog) -> None:
    """§9.2 Solo Scenario 5: every land type the text lists is on the map, off the Player's
    Home Row, so the Non-Player's starting units can go "1 unit in every land type"."""
    sc = sc_of(cat, "solo-5")
    npc = sc.npc
    assert npc is not None and npc.spawn_choice
    listed = (
        "plains boulder_fields hills forest columns swamp mountains rough_lands castle lake"
    ).split()
    assert list(npc.spawn_terrain) == listed
    for t in listed:
        assert any(sc.terrain[c] == t and c not in sc.home[0] for c in range(sc.board.size)), t
    assert sc.param("vp_target") == 50 and sc.param("vp_target_npc") == 35
    assert sc.initial_hand == (5, 10) and sc.mana[0] == 85


def test_solo_6_map_9_2_solo_scenario_6(cat: Catalog) -> None:
    """§9.2 Solo Scenario 6: 3 column spaces, 5 hill and boulder field spaces, forests for
    the spawns; command deck of five cards, 4 played a turn."""
    sc = sc_of(cat, "solo-6")
    tc = terrain_count(sc)
    assert tc["columns"] == 3 and tc["hills"] + tc["boulder_fields"] == 5
    assert tc["forest"] >= 2
    npc = sc.npc
    assert npc is not None and npc.command_plays == 4 and npc.movement == "horizontal"
    assert set(names(cat, npc.command_deck, True)) == {
        "Hellstorm",
        "Tower of the Lost Legion",
        "Pickpocket",
        "Efficacy",
        "Destined for Greatness",
    }
    assert sc.param("npc_vp_city") == 30 and sc.param("npc_vp_kill") == 5
    assert sc.initial_hand == (6, 12) and sc.mana[0] == 40


def test_two_player_scenarios_have_no_solo_fields(cat: Catalog) -> None:
    for sid, sc in cat.scenarios.items():
        if not sid.startswith("solo-"):
            assert not sc.solo and sc.npc is None and sc.deck_rule is None


# ----- the loader refuses broken solo files ---------------------------------------------
def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


def _edit(d: Path, sid: str, old: str, new: str) -> None:
    p = d / "scenarios" / f"{sid}.toml"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("sid", "old", "new", "field", "why"),
    [
        ("solo-1", '{ card = "Vanish" }', '{ card = "Vanishing" }', "npc_battle_deck", "no spell"),
        (
            "solo-1",
            '{ card = "Chain Lightning", copies = 2 }',
            '{ card = "Chain Lightning", copies = 9 }',
            "npc_battle_deck",
            "the box has 5",
        ),
        ("solo-1", '["18a", "14a"]', '["18a", "7a"]', "portals", "not on this map"),
        ("solo-2", '{ card = "Ithel" }', '{ card = "Sype" }', "npc_unit_deck", "Guardian"),
        ("solo-3", 'label = "D"', 'label = "C"', "home_rows", "four corners"),
        (
            "solo-4",
            'npc_spawn_terrain = ["city", "village"]',
            'npc_spawn_terrain = ["castle", "boulder_fields"]',
            "npc_spawn_terrain",
            "no boulder_fields",
        ),
        ("solo-5", 'npc_movement = "approach"', 'npc_movement = "sideways"', "npc_movement", ""),
        ("solo-6", "deck_rule = {", "deck_rulez = {", "deck_rulez", "Extra inputs"),
    ],
)
def test_broken_solo_file_names_file_record_field(
    tmp_path: Path, sid: str, old: str, new: str, field: str, why: str
) -> None:
    d = _copy(tmp_path)
    _edit(d, sid, old, new)
    with pytest.raises(DataError) as err:
        load_db(d)
    msg = str(err.value)
    assert f"{sid}.toml" in msg and f"'{sid}'" in msg and field in msg
    assert why in msg


def test_solo_without_portals_is_two_pieces(tmp_path: Path) -> None:
    """Solo 1's continents are joined only by the portals: without them the map is refused."""
    d = _copy(tmp_path)
    _edit(d, "solo-1", 'portals = [["18a", "14a"], ["25b", "33a"]]', "portals = []")
    with pytest.raises(DataError, match="not one connected piece"):
        load_db(d)


NAMED_TILES = {
    # §9.2 Solo Scenario 1 (its "8a Swamp" is side 8b: see the contradictions table)
    "solo-1": "9a village 10a village 27a swamp 26b swamp 1a city 2a city 13a plains "
    "5a castle 6a castle 8b swamp 36b boulder_fields",
    # §9.2 Solo Scenario 2 ("26 Swamp" is side 26b)
    "solo-2": "26b swamp 27a swamp 32b forest 25b forest 36a rough_lands 37a rough_lands "
    "34a forest 35a forest 19a mountains 20a mountains",
    # §9.2 Solo Scenario 3
    "solo-3": "1a city 2a city 31a lake 21a mountains 36a rough_lands 32a hills 30a hills "
    "5a castle 20a mountains 19a mountains 28a swamp",
}


@pytest.mark.parametrize("sid", sorted(NAMED_TILES))
def test_tiles_the_text_names_are_on_the_map_with_their_terrain_9_2(cat: Catalog, sid: str) -> None:
    """§9.2: every tile a solo set-up names is on the reconstructed map, with the terrain
    the text gives it."""
    sc = sc_of(cat, sid)
    words = NAMED_TILES[sid].split()
    for tile, terrain in zip(words[::2], words[1::2], strict=True):
        assert tile in sc.tile_ids, tile
        assert sc.terrain[cell(sc, tile)] == terrain, tile
