"""Guardians of Graxia data: every fact the rulebook states, checked against the loaded data.

Each test names the rulebook section that states the fact. Reconstructed values are not tested
for their numbers, only for the constraints the rules and examples put on them.
"""

from __future__ import annotations

from math import ceil
from pathlib import Path

import pytest

from wartable.games.graxia.catalog.loading import GraxiaDb, check_data, load_db
from wartable.games.graxia.catalog.records import (
    EFFECT_KINDS,
    Ability,
    Scenario,
    Spell,
    TileSide,
    Unit,
)


@pytest.fixture(scope="module")
def db() -> GraxiaDb:
    return load_db()


def ability(unit: Unit, name: str) -> Ability:
    for a in unit.abilities:
        if a.name == name:
            return a
    raise AssertionError(f"{unit.name} has no ability {name!r}")


# --- the box -----------------------------------------------------------------------------


def test_game_parts_240_cards_37_tiles_six_guardians(db: GraxiaDb) -> None:
    """Game Parts: 240 cards, 37 map tiles; 5.3: one Tactics/Bluff card per side."""
    assert db.card_count() == 240
    assert db.meta.tactics_cards == 2
    assert len(db.tiles) == 74  # 37 double-sided tiles
    assert len({t[:-1] for t in db.tiles}) == 37
    assert len(db.guardians) == 6


def test_scenario_4_unit_deck_splits_into_two_halves_of_56(db: GraxiaDb) -> None:
    """9.1 scenario 4: remove Volos Flamebringer and one random unit, each player gets 56."""
    full = db.unit_deck("all")
    assert len(full) == db.meta.unit_deck_total == 114
    sc = db.scenarios["2p-4"]
    removed = full.count("Volos Flamebringer") + sc.remove_random_units
    assert sc.exclude_units == ["Volos Flamebringer"]
    assert (len(full) - removed) / 2 == 56


def test_guardians_named_by_9_1_and_health_orders_them(db: GraxiaDb) -> None:
    """9.1: Oshnuk, Sype, Flist, Shadd are Guardians; 'least amount of health' needs an order."""
    names = {g.name for g in db.guardians}
    assert {"Oshnuk", "Sype", "Flist", "Shadd"} <= names
    healths = [g.health for g in db.guardians]
    assert len(set(healths)) == len(healths)
    assert all(g.designators == [""] for g in db.guardians)  # in no deck


def test_unique_units_one_card_and_every_normal_unit_duplicated(db: GraxiaDb) -> None:
    """5.1 unique units; 9.1 scenario 6 pulls 'a duplicate of each' selected normal unit."""
    for u in db.units.values():
        if u.unit_class in ("guardian", "hero", "large_creature"):
            assert u.copies == 1, u.name
        else:
            assert u.copies >= 2, u.name


# --- tiles -------------------------------------------------------------------------------

NAMED_TILES = {
    "1a": "city",
    "2a": "city",
    "4a": "city",
    "5a": "castle",
    "6a": "castle",
    "8a": "castle",
    "9a": "village",
    "10a": "village",
    "13a": "plains",
    "19a": "mountains",
    "20a": "mountains",
    "21a": "mountains",
    "25b": "forest",
    "26b": "swamp",
    "27a": "swamp",
    "28a": "swamp",
    "30a": "hills",
    "31a": "lake",
    "32a": "hills",
    "32b": "forest",
    "34a": "forest",
    "35a": "forest",
    "36a": "rough_lands",
    "36b": "boulder_fields",
    "37a": "rough_lands",
}


@pytest.mark.parametrize("tile_id,terrain", sorted(NAMED_TILES.items()))
def test_tiles_named_by_the_set_up_texts_9(db: GraxiaDb, tile_id: str, terrain: str) -> None:
    """9.1/9.2: every tile id and terrain a set-up text names."""
    tile = db.tiles[tile_id]
    assert tile.terrain == terrain
    assert tile.source == "rulebook"
    assert tile.section


def test_8a_castle_contradiction_resolved(db: GraxiaDb) -> None:
    """9.1 scenario 5 'Castle 8A' vs solo scenario 1 '8a Swamp': Castle kept, Swamp on 8b."""
    assert db.tiles["8a"].terrain == "castle"
    assert db.tiles["8b"].terrain == "swamp"
    assert "Swamp" in db.tiles["8a"].note


def test_columns_give_2_magical_defence_8(db: GraxiaDb) -> None:
    """8.0 step 1a: 'Columns have a magical defense bonus of 2'."""
    columns = [t for t in db.tiles.values() if t.terrain == "columns"]
    assert columns
    assert all(t.magical_defence == 2 for t in columns)


def test_every_reconstructed_record_gives_a_reason(db: GraxiaDb) -> None:
    """DESIGN: every record is rulebook with a section or reconstructed with a reason."""
    records: list[TileSide | Unit | Spell | Scenario] = [*db.tiles.values(), *db.units.values()]
    records += [*db.spells.values(), *db.scenarios.values()]
    for rec in records:
        if rec.source == "rulebook":
            assert rec.section, rec
        else:
            assert rec.note.strip(), rec


# --- units of the 8.0 battle example ---------------------------------------------------------


def test_blood_crusaders_8(db: GraxiaDb) -> None:
    """8.0: magic attack 10, physical defence 8, Zealotry: 2 Mana, +2 BV, -2 enemy BV."""
    u = db.units["Blood Crusaders"]
    assert (u.attack, u.attack_type, u.physical_defence) == (10, "magical", 8)
    z = ability(u, "Zealotry")
    assert z.timing == "battle_activated" and z.mana == 2
    kinds = {(e.kind, e.amount) for e in z.effects}
    assert kinds == {("battle_bonus", 2), ("battle_penalty", 2)}
    assert u.unit_class != "magic"  # 8.0 applies no Columns -3 to them


def test_flesh_impalers_8_and_berserk_5_4(db: GraxiaDb) -> None:
    """8.0: physical attack 10, magical defence 4; 5.4 Berserk: once per battle, 3 wounds, +10."""
    u = db.units["Flesh Impalers"]
    assert (u.attack, u.attack_type, u.magical_defence) == (10, "physical", 4)
    b = ability(u, "Berserk")
    assert b.timing == "battle_activated" and b.once_per_battle and b.self_wounds == 3
    assert [(e.kind, e.amount) for e in b.effects] == [("berserk", 10)]
    # 8.0: they take 3 (Berserk) + 7 wounds and still retreat, so they survive 10 wounds.
    assert u.health > 10
    assert u.unit_class != "magic"


def test_supporters_of_8_health_and_plain_support(db: GraxiaDb) -> None:
    """8.0 step 1b/2D: Miners of the Deep health 8, The Jade Council health 6, +3 each."""
    miners, jade = db.units["Miners of the Deep"], db.units["The Jade Council"]
    assert miners.health == 8 and jade.health == 6
    for u in (miners, jade):
        assert not any(e.kind == "support_bonus" for a in u.abilities for e in a.effects)


def test_battle_example_8_numbers_from_the_data(db: GraxiaDb) -> None:
    """8.0: BV 6 and 2, 4 after Columns, 10 after support, 12/0, 10, 17, 7; wounds 7 and 4."""
    bc, fi = db.units["Blood Crusaders"], db.units["Flesh Impalers"]
    columns = next(t for t in db.tiles.values() if t.terrain == "columns")
    surge, chain, scout = (db.spells[n] for n in ("Mana Surge", "Chain Lightning", "Scout"))
    att = bc.attack - fi.magical_defence
    dfn = fi.attack - bc.physical_defence
    assert (att, dfn) == (6, 2)
    att -= columns.magical_defence
    assert att == 4
    att += 3 * 2
    assert att == 10
    z = ability(bc, "Zealotry")
    att += sum(e.amount or 0 for e in z.effects if e.kind == "battle_bonus")
    dfn -= sum(e.amount or 0 for e in z.effects if e.kind == "battle_penalty")
    assert (att, dfn) == (12, 0)
    dfn += ability(fi, "Berserk").effects[0].amount or 0
    assert dfn == 10
    assert surge.cost == 3 and surge.requires == "magical_attack"
    att += surge.effects[0].amount or 0
    assert att == 17
    assert chain.cost == 4
    lightning = chain.effects[0].amount or 0
    miners, jade = db.units["Miners of the Deep"], db.units["The Jade Council"]
    assert miners.health - lightning == 5
    assert jade.health - max(0, lightning - 2) == 5  # shielded: 1 wound, shield removed
    dfn -= scout.modifier
    assert dfn == 7
    assert ceil(att / 2) - 2 == 7  # shielded defender
    assert ceil(dfn / 2) == 4


# --- abilities of 5.4 ----------------------------------------------------------------------


def test_ballista_bolt_5_4(db: GraxiaDb) -> None:
    """5.4: Siege, 2 tiles, 3 wounds, +3 vs Large Creatures or units in cities/castles/villages."""
    a = ability(db.units["Bone Ballista"], "Ballista Bolt")
    (e,) = a.effects
    assert a.timing == "command_activated"
    assert (e.kind, e.range, e.amount, e.siege, e.bonus) == ("ranged", 2, 3, True, 3)
    assert e.bonus_vs == ["large_creature"]
    assert set(e.bonus_terrain or []) == {"city", "castle", "village"}


def test_blunderbuss_5_4(db: GraxiaDb) -> None:
    """5.4: Missile, 4 tiles, 1 wound, not reduced, shields kept, stuns (not Large Creatures)."""
    a = ability(db.units["Balak the Hunter"], "Blunderbuss")
    (e,) = a.effects
    assert (e.kind, e.range, e.amount) == ("ranged", 4, 1)
    assert not e.siege and e.unmitigated and e.keep_shield and e.stun


def test_talon_and_boom_throwers_area_attacks_5_4(db: GraxiaDb) -> None:
    """5.4 Hill Tiles: Talon's and the Boom Throwers' ranged attacks hit all adjacent tiles."""
    for name in ("Talon", "Boom Throwers"):
        effects = [e for a in db.units[name].abilities for e in a.effects if e.kind == "ranged"]
        assert effects and all(e.area for e in effects), name
    assert db.units["Talon"].unit_class == "large_creature"


def test_aura_abilities_5_4(db: GraxiaDb) -> None:
    """5.4: Aura of Health (1 Mana, heal 1 all adjacent), Aggression (2 wounds), Reflection."""
    holders = {a.name: a for u in db.units.values() for a in u.abilities}
    health = holders["Aura of Health"]
    assert health.mana == 1
    assert [(e.kind, e.amount, e.target) for e in health.effects] == [
        ("heal", 1, "adjacent_friendly_all")
    ]
    aggression = holders["Aura of Aggression"]
    assert [(e.kind, e.amount) for e in aggression.effects] == [("grant_attack", 2)]
    reflection = ability(db.units["The Devout"], "Aura of Reflection")
    assert reflection.effects[0].kind == "reflect"


def test_acid_claws_bark_regrowth_blood_thirst_blessing_5_4(db: GraxiaDb) -> None:
    """5.4: Acid Claws 3 Mana / 2 wounds; Bark Regrowth 2 in forest; Blood Thirst +3; Blessing."""
    holders = {a.name: a for u in db.units.values() for a in u.abilities}
    acid = holders["Acid Claws"]
    assert acid.mana == 3 and [(e.kind, e.amount) for e in acid.effects] == [("extra_wounds", 2)]
    bark = holders["Bark Regrowth"].effects[0]
    assert (bark.kind, bark.amount, bark.terrain) == ("damage_reduction", 2, ["forest"])
    thirst = holders["Blood Thirst"].effects[0]
    assert (thirst.kind, thirst.amount) == ("blood_thirst", 3)
    bless = ability(db.units["Sype"], "Blessing of Celethrea").effects[0]
    assert (bless.kind, bless.amount, bless.race) == ("end_of_command_heal", 1, "celethreal")


def test_abilities_named_in_6_are_move_abilities(db: GraxiaDb) -> None:
    """6.0 A: Frenzy, Long Strides, Mystic Bridge are 'move' abilities; Rumble Tumble and
    Shifting Winds move other units."""
    holders = {a.name: a for u in db.units.values() for a in u.abilities}
    for name in ("Frenzy", "Long Strides", "Mystic Bridge"):
        assert holders[name].is_move, name
    for name in ("Rumble Tumble", "Shifting Winds"):
        assert holders[name].effects[0].kind == "displace"
    assert "Poison Blades" in holders  # 7.0 step 7


def test_effect_vocabulary_is_small_and_used(db: GraxiaDb) -> None:
    """The engine implements a bounded set of kinds; every kind is used by some card."""
    used = {e.kind for u in db.units.values() for a in u.abilities for e in a.effects}
    used |= {e.kind for s in db.spells.values() for e in s.effects}
    assert used == set(EFFECT_KINDS)
    assert len(EFFECT_KINDS) <= 40


# --- units named by the scenarios -----------------------------------------------------------

NAMED_UNITS = {  # name -> cards the set-up texts need at once
    "Volos Flamebringer": 1,
    "Emerald Spears": 1,
    "Serin's Tiger Riders": 1,
    "Redbeard's Rangers": 1,
    "Ulmar's Iron Dragons": 2,  # solo 2's deck holds two
    "The Jade Council": 1,
    "Lava Slingers": 2,  # solo 1: on 9a and 10a
    "Grimbark": 1,
    "Mammoth": 2,  # solo 1: on 1a and 2a
    "Horsemen of K'lan": 1,
    "Talon": 1,
    "Mountain Breakers": 3,  # solo 2: two starting, one in the deck
    "Gold Knights of Mir": 2,
    "Ithel": 1,
    "Boom Throwers": 1,
    "Gardeners of the Den": 1,
    "Mammoth Riders": 1,
    "Gyrospheres": 2,  # solo 3: on 36a and 32a
    "Bone Ballista": 2,  # solo 2: on 34a and 35a
    "Ebon": 1,
    "Gorthox": 1,
    "Balak the Hunter": 1,
    "The Devout": 1,
}


@pytest.mark.parametrize("name,cards", sorted(NAMED_UNITS.items()))
def test_units_named_by_9_exist_with_enough_cards(db: GraxiaDb, name: str, cards: int) -> None:
    """9.1/9.2: every unit a set-up text names, with as many cards as it places at once."""
    assert db.units[name].copies >= cards


def test_talon_and_ebon_can_stand_on_mountains_9_2(db: GraxiaDb) -> None:
    """9.2 solo 2 puts Talon on 19a and Ebon on 20a Mountains (5.4: only goblins and dwarves
    enter Mountains): they fly."""
    for name in ("Talon", "Ebon"):
        u = db.units[name]
        assert u.movement == "flying" or u.race in ("goblin", "dwarf")


# --- spells --------------------------------------------------------------------------------

NAMED_SPELLS = {  # name -> cards one solo deck lists
    "Allies": 1,
    "Atonement": 1,
    "Banner of the Brave": 2,
    "Bedazzle": 1,
    "Bewitch": 2,
    "Bounty of Riches": 1,
    "Chain Lightning": 2,
    "Dark Summoning": 1,
    "Destined for Greatness": 1,
    "Dragon Barrier": 1,
    "Mana Surge": 2,
    "Scout": 1,
    "Innervate": 2,
    "Vanish": 1,
    "Mists of Confusion": 1,
    "Mind Control": 2,
    "Hellstorm": 2,
    "Pickpocket": 2,
    "Rage": 2,
    "Heal": 1,
    "Magic Shield": 1,
    "Orb of Orlock": 1,
    "Tower of the Lost Legion": 1,
    "Efficacy": 1,
}


@pytest.mark.parametrize("name,cards", sorted(NAMED_SPELLS.items()))
def test_spells_named_anywhere_exist_5_4_9_2(db: GraxiaDb, name: str, cards: int) -> None:
    """5.4, 8.0, 9.2: every spell the rulebook names, with the copies a solo deck lists."""
    assert db.spells[name].copies >= cards


SPELL_TEXTS_5_4 = {
    "Allies": "Summon a unit on any friendly controlled tile on the board.",
    "Atonement": "Heal target friendly unit up to full health",
    "Banner of the Brave": "May only be used as a Sacrifice Card.",
    "Bedazzle": "Prevent enemy target unit from doing anything on its next round",
    "Bewitch": "Prevent your opponent from sacrificing a Spell Card",
    "Chain Lightning": "Inflict 3 wounds to all enemy supporting units.",
    "Dark Summoning": "Select a Spell card from your discard pile",
    "Destined for Greatness": "Regardless of Battle results, friendly unit wins the battle",
    "Dragon Barrier": "Can be played in the Command or Battle Phase.",
}


@pytest.mark.parametrize("name,text", sorted(SPELL_TEXTS_5_4.items()))
def test_spell_texts_of_5_4(db: GraxiaDb, name: str, text: str) -> None:
    """5.4 Spell Cards: the printed text."""
    assert db.spells[name].text.startswith(text)
    assert db.spells[name].source == "rulebook"


def test_spell_rules_of_5_4_and_8(db: GraxiaDb) -> None:
    """5.4: Bounty of Riches is a Relic for 15 Mana; Dark Summoning's exclusions; Dragon
    Barrier in either phase on normal units; 8.0: Mana Surge +5 for 3, Scout modifier 3."""
    s = db.spells
    assert s["Bounty of Riches"].relic
    assert [(e.kind, e.amount) for e in s["Bounty of Riches"].effects] == [("gain_mana", 15)]
    assert set(s["Dark Summoning"].effects[0].exclude or []) == {
        "Dark Summoning",
        "Bounty of Riches",
        "Pickpocket",
    }
    barrier = s["Dragon Barrier"]
    assert barrier.phase == "both" and barrier.requires == "normal_unit"
    assert s["Banner of the Brave"].effects[0].kind == "sacrifice_only"
    assert s["Bewitch"].effects[0].kind == "no_sacrifice"
    assert s["Destined for Greatness"].effects[0].kind == "win_battle"
    assert [(e.kind, e.amount) for e in s["Mana Surge"].effects] == [("battle_bonus", 5)]
    assert s["Scout"].modifier == 3
    assert [(e.kind, e.amount) for e in s["Chain Lightning"].effects] == [("chain_lightning", 3)]
    assert s["Chain Lightning"].phase == "battle" and s["Mana Surge"].phase == "battle"


def test_solo_deck_phases_9_2(db: GraxiaDb) -> None:
    """9.2: spells in the Non-Player battle decks are battle spells (Banner: sacrifice only);
    those in the command decks are command spells (Destined for Greatness: see the docs)."""
    battle = ["Chain Lightning", "Innervate", "Vanish", "Bewitch", "Mists of Confusion"]
    battle += ["Mind Control", "Mana Surge", "Rage", "Heal", "Magic Shield", "Orb of Orlock"]
    for name in battle:
        assert db.spells[name].phase in ("battle", "both"), name
    for name in ("Hellstorm", "Pickpocket", "Bedazzle", "Tower of the Lost Legion", "Efficacy"):
        assert db.spells[name].phase in ("command", "both"), name


def test_check_data_reports_ok(db: GraxiaDb) -> None:
    """`wartable data check DIR` validates the directory."""
    assert check_data(db.directory).endswith(": ok")


def test_no_name_shared_by_a_unit_and_a_spell(db: GraxiaDb) -> None:
    """Notation names cards by name: a name means one card type."""
    assert not set(db.units) & set(db.spells)


def test_docs_list_every_card_and_map(db: GraxiaDb) -> None:
    """docs/games/graxia-data.md lists every reconstructed table and map."""
    text = (Path(__file__).parents[3] / "docs" / "games" / "graxia-data.md").read_text()
    for name in [*db.units, *db.spells]:
        assert f"| {name} |" in text, name
    for sid in db.scenarios:
        assert f"### {sid}:" in text, sid
