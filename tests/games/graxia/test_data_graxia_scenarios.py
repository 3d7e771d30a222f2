"""Guardians of Graxia scenarios as data (9.1, 9.3), deck assembly, and bad data files.

A bad file must fail with a ``DataError`` naming the file, the record and the field.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from wartable.core.errors import DataError
from wartable.games.graxia.catalog.loading import DATA_DIR, GraxiaDb, load_db
from wartable.games.graxia.catalog.records import Scenario

TWO_PLAYER = ["2p-1", "2p-2", "2p-3", "2p-4", "2p-5", "2p-6"]


@pytest.fixture(scope="module")
def db() -> GraxiaDb:
    return load_db()


def terrains(db: GraxiaDb, sc: Scenario) -> Counter[str]:
    return Counter(db.tiles[p.tile].terrain for p in sc.tiles)


def seat(sc: Scenario, n: int):  # type: ignore[no-untyped-def]
    return next(p for p in sc.players if p.seat == n)


def test_all_scenarios_present(db: GraxiaDb) -> None:
    """9.1 two-player scenarios 1-6 and 9.3 'do your own scenario'."""
    assert set([*TWO_PLAYER, "custom"]) <= set(db.scenarios)


@pytest.mark.parametrize("sid", [*TWO_PLAYER, "custom"])
def test_every_scenario_deck_assembles_9(db: GraxiaDb, sid: str) -> None:
    """9.0: decks are selected by designator: 20 unit cards, 40 spell cards, both sides'
    own decks separate; shared decks are the whole deck (less excluded designators)."""
    sc = db.scenarios[sid]
    p0, p1 = seat(sc, 0), seat(sc, 1)
    for p in (p0, p1):
        if p.unit_deck not in ("all", "half", "none"):
            assert len(db.unit_deck(p.unit_deck)) == 20
        spells = db.spell_deck(p.spell_deck, exclude=sc.exclude_spell_designators)
        assert len(spells) >= 40 if p.spell_deck == "all" else len(spells) == 40
    if p0.unit_deck == p1.unit_deck == "all":
        assert len(db.unit_deck("all")) == 114


@pytest.mark.parametrize("sid", [*TWO_PLAYER, "custom"])
def test_maps_home_rows_and_start(db: GraxiaDb, sid: str) -> None:
    """9.0: a map of tiles, each player's Home Row; 9.0: 4 spells + 4 units, 10 / 20 Mana unless
    the scenario says otherwise; hand limit 13 unless stated."""
    sc = db.scenarios[sid]
    numbers = [p.tile[:-1] for p in sc.tiles]
    assert len(numbers) == len(set(numbers))  # a physical tile is used once
    p0, p1 = seat(sc, 0), seat(sc, 1)
    assert p0.home_row and p1.home_row and not set(p0.home_row) & set(p1.home_row)
    if sid not in ("2p-5",):
        assert (p0.mana, p1.mana) == (10, 20)
    if sid != "2p-6":
        assert sc.hand_limit == 13
        assert (sc.initial_units, sc.initial_spells) == (4, 4)


@pytest.mark.parametrize("sid", ["2p-1", "2p-2", "2p-3", "2p-4", "2p-6", "custom"])
def test_reconstructed_maps_are_fair(db: GraxiaDb, sid: str) -> None:
    """Reconstructed maps of the symmetric scenarios are point-symmetric: a half-turn maps
    each tile onto one of the same terrain and one player's home row onto the other's."""
    sc = db.scenarios[sid]
    where = {(p.q, p.r): db.tiles[p.tile].terrain for p in sc.tiles}
    qs = [q for q, _ in where]
    big_q = min(qs) + max(qs)
    turns = [
        big_r for big_r in range(-20, 20) if all((big_q - q, big_r - r) in where for q, r in where)
    ]
    assert len(turns) == 1
    big_r = turns[0]
    for (q, r), terrain in where.items():
        assert where[(big_q - q, big_r - r)] == terrain
    cell = {p.tile: (p.q, p.r) for p in sc.tiles}
    home0 = {cell[t] for t in seat(sc, 0).home_row}
    home1 = {(big_q - q, big_r - r) for q, r in (cell[t] for t in seat(sc, 1).home_row)}
    assert home0 == home1


@pytest.mark.parametrize("sid", [*TWO_PLAYER, "custom"])
def test_seat_0_sits_south_9(db: GraxiaDb, sid: str) -> None:
    """9.0: the Home Row is the row nearest the player: seat 0 south, seat 1 north."""
    sc = db.scenarios[sid]
    cell = {p.tile: (p.q, p.r) for p in sc.tiles}

    def y(t: str) -> float:
        q, r = cell[t]
        return r + q / 2

    assert min(y(t) for t in seat(sc, 0).home_row) > max(y(t) for t in seat(sc, 1).home_row)


def test_scenario_1_two_cities_9_1(db: GraxiaDb) -> None:
    """9.1 #1: Oshnuk always goes first; decks A, B, spells A; hold both cities; 5 turns; VP."""
    sc = db.scenarios["2p-1"]
    assert seat(sc, 0).guardian == "Oshnuk" and sc.first_player == "seat0"
    assert (seat(sc, 0).unit_deck, seat(sc, 1).unit_deck) == ("A", "B")
    assert seat(sc, 0).spell_deck == seat(sc, 1).spell_deck == "A"
    assert terrains(db, sc)["city"] == 2
    assert sc.turn_limit == 5
    v = sc.victory
    assert v.rule == "two_cities"
    assert (v.params["hold_turns"], v.params["vp_unit"], v.params["vp_village"]) == (1, 1, 1)
    assert (v.params["vp_guardian"], v.params["vp_city"]) == (2, 2)
    for p in sc.players:
        assert p.draft is not None and (p.draft.draw, p.draft.budget) == (10, 30)
        assert not p.draft.face_up


def test_scenario_2_king_of_the_castle_9_1(db: GraxiaDb) -> None:
    """9.1 #2: Sype goes first; decks C, D, spells B; one castle held 3 turns; 8 turns; VP."""
    sc = db.scenarios["2p-2"]
    assert seat(sc, 0).guardian == "Sype" and sc.first_player == "seat0"
    assert (seat(sc, 0).unit_deck, seat(sc, 1).unit_deck) == ("C", "D")
    assert seat(sc, 0).spell_deck == seat(sc, 1).spell_deck == "B"
    assert terrains(db, sc)["castle"] == 1
    assert sc.turn_limit == 8
    p = sc.victory.params
    assert (p["hold_turns"], p["vp_castle_round"], p["vp_city"], p["vp_village"]) == (3, 1, 4, 1)
    castle = next(t.tile for t in sc.tiles if db.tiles[t.tile].terrain == "castle")
    assert p["castle"] == castle


def test_scenario_3_banner_wars_9_1(db: GraxiaDb) -> None:
    """9.1 #3: Guardians chosen; 20 cards from the shared Unit Deck, 30 Mana; least health
    chooses; 1 Large Creature and 2 Heroes; banners; 10 turns; tiles then Mana."""
    sc = db.scenarios["2p-3"]
    assert sc.first_player == "least_health_chooses"
    assert (sc.max_large_creatures, sc.max_heroes, sc.turn_limit) == (1, 2, 10)
    for p in sc.players:
        assert p.guardian is None and p.unit_deck == "all" and p.spell_deck == "all"
        assert p.draft is not None and (p.draft.draw, p.draft.budget) == (20, 30)
        assert p.banner is not None and p.banner in p.home_row
    assert sc.victory.rule == "banner_wars"
    assert sc.victory.params["tiebreak"] == ["tiles", "mana"]


def test_scenario_4_march_to_victory_9_1(db: GraxiaDb) -> None:
    """9.1 #4: split Unit Deck, 30 Mana + 30 Mana on top; 8 of cities/castles/villages/the
    boulder field before turn 9; VP 1/2/3/5 and 1/1/1."""
    sc = db.scenarios["2p-4"]
    t = terrains(db, sc)
    assert t["boulder_fields"] == 1
    assert t["city"] + t["castle"] + t["village"] + t["boulder_fields"] >= 8
    for p in sc.players:
        assert p.unit_deck == "half" and p.spell_deck == "all"
        assert p.draft is not None and p.draft.rule == "split_deck"
        assert (p.draft.budget, p.draft.reinforcements) == (30, 30)
    assert (sc.max_large_creatures, sc.max_heroes, sc.turn_limit) == (1, 2, 9)
    p = sc.victory.params
    assert (p["target_tiles"], p["before_turn"]) == (8, 9)
    assert (p["vp_village"], p["vp_castle"], p["vp_city"], p["vp_boulder_fields"]) == (1, 2, 3, 5)
    assert (p["vp_most_tiles"], p["vp_most_units"], p["vp_most_mana"]) == (1, 1, 1)


def test_scenario_5_wintermere_pass_9_1(db: GraxiaDb) -> None:
    """9.1 #5: Flist first with units on City 4A, Castle 8A, Forests 32B, 34A, 35A, no Mana
    income, three rows; Shadd 10 Mana, units face up; decks E/F, spells C/D; turn 10."""
    sc = db.scenarios["2p-5"]
    flist, shadd = seat(sc, 0), seat(sc, 1)
    assert flist.guardian == "Flist" and shadd.guardian == "Shadd" and sc.first_player == "seat0"
    placed = {u.unit: u.at for u in flist.units}
    assert placed["Flist"] == "4a" and placed["The Jade Council"] == "8a"
    assert placed["Emerald Spears"] == "32b" and placed["Serin's Tiger Riders"] == "34a"
    on_map = {p.tile for p in sc.tiles}
    assert {"4a", "8a", "32b", "34a", "35a"} <= on_map
    assert not flist.collects_mana and flist.mana == 250
    assert shadd.mana == 10 and shadd.draft is not None and shadd.draft.face_up
    assert (flist.unit_deck, shadd.unit_deck, flist.spell_deck, shadd.spell_deck) == (
        "E",
        "F",
        "C",
        "D",
    )
    assert len(flist.home_row) + len(flist.control) == 3 * len(shadd.home_row)
    assert sc.victory.params == {"castle": "8a", "attacker_seat": 1}
    assert sc.turn_limit == 10


def test_scenario_5_two_flist_set_ups_option_9_1(db: GraxiaDb) -> None:
    """9.1 #5 prints two Flist paragraphs: 250 Mana + Redbeard's Rangers, 200 + Ulmar's."""
    (opt,) = db.scenarios["2p-5"].options
    assert opt.name == "flist_setup"
    by_mana = {}
    for choice in opt.choices.values():
        (patch,) = choice.players
        assert patch.seat == 0 and patch.units is not None
        by_mana[patch.mana] = {u.unit: u.at for u in patch.units}
    assert by_mana[250]["Redbeard's Rangers"] == "35a"
    assert by_mana[200]["Ulmar's Iron Dragons"] == "35a"
    default = opt.choices[opt.default].players[0]
    assert default.mana == seat(db.scenarios["2p-5"], 0).mana


def test_scenario_6_assassination_9_1(db: GraxiaDb) -> None:
    """9.1 #6: hand limit 9; spells without designator F; no Unit Deck; 11 units on the home
    row tiles; 10 turns; tiles then Mana."""
    sc = db.scenarios["2p-6"]
    assert sc.hand_limit == 9 and sc.exclude_spell_designators == ["F"]
    assert sc.turn_limit == 10
    for p in sc.players:
        assert p.unit_deck == "none" and len(p.home_row) >= 11
        assert p.draft is not None and p.draft.rule == "assassination"
    normal = [
        u for u in db.units.values() if u.unit_class not in ("guardian", "hero", "large_creature")
    ]
    assert len(normal) >= 20  # two players select 10 different normal units each
    without_f = sum(1 for s in db.spells.values() for c in s.designators if "F" not in c.split())
    assert len(db.spell_deck("all", exclude=["F"])) == without_f < len(db.spell_deck("all"))
    assert sc.victory.params["tiebreak"] == ["tiles", "mana"]


def test_custom_9_3(db: GraxiaDb) -> None:
    """9.3: Guardians chosen, least health picks the first player, 10 cards / 30 Mana, 4+4
    hand, limit 13, 10 / 20 Mana, 5 turns, most Mana of enemy units destroyed."""
    sc = db.scenarios["custom"]
    assert sc.first_player == "least_health_chooses" and sc.turn_limit == 5
    assert sc.victory.rule == "mana_destroyed"
    assert sc.victory.params["tiebreak"] == ["tile_mana", "tiles"]
    for p in sc.players:
        assert p.guardian is None and p.draft is not None
        assert (p.draft.draw, p.draft.budget) == (10, 30)


# --- bad files ----------------------------------------------------------------------------


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "data"
    shutil.copytree(DATA_DIR, dst)
    return dst


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def fails(data: Path, *parts: str) -> str:
    with pytest.raises(DataError) as err:
        load_db(data)
    msg = str(err.value)
    for part in parts:
        assert part in msg, msg
    return msg


def test_unknown_field_names_file_record_field(data_copy: Path) -> None:
    f = data_copy / "units-common.toml"
    edit(f, 'name = "Blood Crusaders"\n', 'name = "Blood Crusaders"\nspeed = 3\n')
    fails(data_copy, "units-common.toml", "'Blood Crusaders'", "speed")


def test_bad_value_names_the_field(data_copy: Path) -> None:
    f = data_copy / "units-common.toml"
    edit(
        f,
        'name = "Flesh Impalers"\nunit_class = "infantry"',
        'name = "Flesh Impalers"\nunit_class = "pikeman"',
    )
    fails(data_copy, "units-common.toml", "'Flesh Impalers'", "unit_class")


def test_effect_with_a_parameter_its_kind_does_not_take(data_copy: Path) -> None:
    f = data_copy / "spells.toml"
    edit(f, '{ kind = "gain_mana", amount = 15 }', '{ kind = "gain_mana", amount = 15, range = 2 }')
    fails(data_copy, "spells.toml", "'Bounty of Riches'", "effects", "takes no range")


def test_unknown_effect_kind(data_copy: Path) -> None:
    f = data_copy / "spells.toml"
    edit(f, '{ kind = "gain_mana", amount = 15 }', '{ kind = "make_gold", amount = 15 }')
    fails(data_copy, "spells.toml", "'Bounty of Riches'", "unknown effect kind")


def test_bad_tile_terrain(data_copy: Path) -> None:
    f = data_copy / "tiles.toml"
    edit(f, 'id = "1a"\nterrain = "city"', 'id = "1a"\nterrain = "town"')
    fails(data_copy, "tiles.toml", "'1a'", "terrain")


def test_missing_tile_side(data_copy: Path) -> None:
    f = data_copy / "tiles.toml"
    edit(f, 'id = "37b"', 'id = "38b"')
    fails(data_copy, "tiles.toml", "id")


def test_duplicate_unit_name(data_copy: Path) -> None:
    f = data_copy / "units-common.toml"
    edit(f, 'name = "Skeleton Legion"', 'name = "Ghoul Pack"')
    fails(data_copy, "units-common.toml", "'Ghoul Pack'", "appears twice")


def test_reconstructed_without_reason(data_copy: Path) -> None:
    f = data_copy / "units-common.toml"
    edit(f, 'note = "reconstructed: cheap undead infantry"', 'note = ""')
    fails(data_copy, "units-common.toml", "'Skeleton Legion'", "reason")


def test_card_count_must_be_240(data_copy: Path) -> None:
    f = data_copy / "meta.toml"
    edit(f, "total_cards = 240", "total_cards = 241")
    fails(data_copy, "meta.toml", "total_cards")


def test_deck_designator_size(data_copy: Path) -> None:
    f = data_copy / "meta.toml"
    edit(f, "unit_deck_size = 20", "unit_deck_size = 21")
    fails(data_copy, "meta.toml", "unit_designators", "needs 21")


def test_scenario_unknown_tile(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-5.toml"
    edit(f, 'vital = ["8a"]', 'vital = ["38a"]')
    fails(data_copy, "2p-5.toml", "scenario '2p-5'", "vital.0")


def test_scenario_tile_placed_twice(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-5.toml"
    edit(f, '{ tile = "13a",', '{ tile = "4b",')
    fails(data_copy, "2p-5.toml", "placed twice")


def test_scenario_unknown_unit_and_guardian(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-5.toml"
    edit(f, '{ unit = "Emerald Spears", at = "32b" }', '{ unit = "Ruby Spears", at = "32b" }')
    fails(data_copy, "2p-5.toml", "players.0.units.2.unit", "Ruby Spears")


def test_scenario_guardian_must_be_a_guardian(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-1.toml"
    edit(f, 'guardian = "Oshnuk"', 'guardian = "Talon"')
    fails(data_copy, "2p-1.toml", "players.0.guardian")


def test_scenario_unknown_deck_designator(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-1.toml"
    edit(f, 'unit_deck = "A"', 'unit_deck = "Z"')
    fails(data_copy, "2p-1.toml", "players.0.unit_deck")


def test_scenario_decks_must_be_separate(data_copy: Path) -> None:
    db = load_db(data_copy)
    cards = [c.split() for u in db.units.values() for c in u.designators]
    other = next(
        d for d in db.meta.unit_designators if d != "A" and any("A" in c and d in c for c in cards)
    )
    f = data_copy / "scenarios" / "2p-1.toml"
    edit(f, 'unit_deck = "B"', f'unit_deck = "{other}"')
    fails(data_copy, "2p-1.toml", "must be separate")


def test_scenario_file_name_is_its_id(data_copy: Path) -> None:
    shutil.copy(data_copy / "scenarios" / "2p-1.toml", data_copy / "scenarios" / "mine.toml")
    fails(data_copy, "mine.toml", "file name")


def test_scenario_victory_params(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-4.toml"
    text = f.read_text()
    start = text.index("params = {", text.index("[victory]"))
    end = text.index("\n", start)
    f.write_text(text[:start] + "params = { target_tiles = 8 }" + text[end:])
    fails(data_copy, "2p-4.toml", "victory.params", "before_turn")


def test_not_toml(data_copy: Path) -> None:
    (data_copy / "spells.toml").write_text("[[spell]\nname = ")
    fails(data_copy, "spells.toml", "not valid TOML")


def test_option_default_must_be_a_choice(data_copy: Path) -> None:
    f = data_copy / "scenarios" / "2p-5.toml"
    edit(f, 'default = "rangers-250"', 'default = "rangers"')
    fails(data_copy, "2p-5.toml", "options.0")


def test_a_new_scenario_file_is_loaded(data_copy: Path) -> None:
    """The documented format: a person writes a new scenario file and it loads."""
    text = (data_copy / "scenarios" / "custom.toml").read_text()
    text = text.replace('id = "custom"', 'id = "my-match"').replace(
        "turn_limit = 5", "turn_limit = 7"
    )
    (data_copy / "scenarios" / "my-match.toml").write_text(text)
    db = load_db(data_copy)
    assert db.scenarios["my-match"].turn_limit == 7
