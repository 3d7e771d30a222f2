"""§5.4 terrain: battle-value effects, command-phase damage reductions, lakes, hills, castles,
boulder fields; §7 steps 2-3 terrain defence and support."""

from __future__ import annotations

from graxia_helpers import act, blank, inner, legal_texts, put, terrain_cells

from wartable.games.graxia import battle
from wartable.games.graxia import board as map_rules
from wartable.games.graxia.state import STUNNED


def _battle_values(scenario: str, terrain: str, attacker: str, defender: str) -> tuple[int, int]:
    s = blank(scenario)
    b = s.sc.board
    d = (
        inner(s, terrain)
        if any(len(b.nbr[c]) == 6 for c in terrain_cells(s, terrain))
        else terrain_cells(s, terrain)[0]
    )
    a = next(
        n
        for n in b.nbr[d]
        if s.sc.terrain[n] not in ("mountains",)
        and map_rules.edge_open(s, s.cat.units[s.cat.unit_index[attacker]], n, d)
    )
    put(s, a, attacker, 0)
    put(s, d, defender, 1)
    act(s, f"attack {b.text(a)} {b.text(d)}")
    return s.bat.bv0, s.bat.bv1


def _base(attacker: str, defender: str) -> tuple[int, int]:
    s = blank()
    return battle.initial_values(
        s.cat.units[s.cat.unit_index[attacker]], s.cat.units[s.cat.unit_index[defender]]
    )


def _cavalry(s_name: str = "2p-1") -> str:
    s = blank(s_name)
    return next(u.name for u in s.cat.units if u.klass == "cavalry" and not u.abilities)


def test_section_5_4_plains_cavalry_plus_5_and_section_7_step_2_terrain_defence() -> None:
    cav = _cavalry()
    a0, d0 = _base(cav, "Flesh Impalers")
    s = blank()
    d = inner(s, "plains")
    ut = s.cat.units[s.cat.unit_index[cav]]
    bonus = battle.terrain_defence(s, d, ut.attack_type)
    assert _battle_values("2p-1", "plains", cav, "Flesh Impalers") == (
        max(0, max(0, a0 - bonus) + 5),
        d0,
    )


def test_section_5_4_forest_cavalry_minus_3() -> None:
    cav = _cavalry()
    a0, d0 = _base("Flesh Impalers", cav)
    s = blank()
    d = inner(s, "forest")
    bonus = battle.terrain_defence(
        s, d, s.cat.units[s.cat.unit_index["Flesh Impalers"]].attack_type
    )
    assert _battle_values("2p-1", "forest", "Flesh Impalers", cav) == (
        max(0, a0 - bonus),
        max(0, d0 - 3),
    )


def test_section_5_4_rough_lands_infantry_minus_3() -> None:
    a0, d0 = _base("Blood Crusaders", "Flesh Impalers")
    s = blank()
    d = terrain_cells(s, "rough_lands")[0]
    bonus = battle.terrain_defence(s, d, 1)
    assert _battle_values("2p-1", "rough_lands", "Blood Crusaders", "Flesh Impalers") == (
        max(0, max(0, a0 - bonus) - 3),
        max(0, d0 - 3),
    )


def test_section_5_4_columns_magic_class_minus_3() -> None:
    a0, d0 = _base("The Jade Council", "Flesh Impalers")
    assert _battle_values("2p-1", "columns", "The Jade Council", "Flesh Impalers") == (
        max(0, max(0, a0 - 2) - 3),
        d0,
    )


def test_section_5_4_boulder_fields_defending_infantry_plus_4_enemy_minus_4() -> None:
    a0, d0 = _base("Blood Crusaders", "Flesh Impalers")
    s = blank("2p-4")
    d = terrain_cells(s, "boulder_fields")[0]
    bonus = battle.terrain_defence(s, d, 1)
    assert _battle_values("2p-4", "boulder_fields", "Blood Crusaders", "Flesh Impalers") == (
        max(0, max(0, a0 - bonus) - 4),
        d0 + 4,
    )


def test_section_5_4_boulder_fields_closed_on_the_sides() -> None:
    s = blank("2p-4")
    b = s.sc.board
    d = terrain_cells(s, "boulder_fields")[0]
    sides = [n for n in b.nbr[d] if b.direction(n, d) not in (2, 5)]
    ends = [n for n in b.nbr[d] if b.direction(n, d) in (2, 5)]
    crusader = s.cat.units[s.cat.unit_index["Blood Crusaders"]]
    miners = s.cat.units[s.cat.unit_index["Miners of the Deep"]]
    assert all(not map_rules.edge_open(s, crusader, n, d) for n in sides)
    assert all(map_rules.edge_open(s, crusader, n, d) for n in ends)
    assert all(map_rules.edge_open(s, miners, n, d) for n in sides)  # dwarves pass


def test_section_7_step_3_stunned_units_do_not_support() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    helper = next(n for n in b.nbr[d] if b.d(a, n) == 1)
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Flesh Impalers", 1)
    put(s, helper, "Miners of the Deep", 0)
    assert battle.supporters(s, a, d) == [helper]
    s.flags[helper] |= STUNNED
    assert battle.supporters(s, a, d) == []


def test_section_5_4_command_phase_reductions_castle_city_forest() -> None:
    for scenario, terrain, cut in (
        ("2p-2", "castle", 2),
        ("2p-1", "city", 1),
        ("2p-1", "forest", 1),
    ):
        s = blank(scenario)
        c = terrain_cells(s, terrain)[0]
        put(s, c, "Blood Crusaders", 1)
        map_rules.damage(s, c, 4, 0, None)
        assert s.wounds[c] == 4 - cut, terrain


def test_section_5_4_lake_heals_one_at_the_end_of_the_round() -> None:
    s = blank()
    c = terrain_cells(s, "lake")[0]
    put(s, c, "Blood Crusaders", 0, wounds=3)
    act(s, "end")
    act(s, "end")  # buying: none
    assert s.wounds[c] == 2


def test_section_5_4_hills_add_one_to_ranged_and_only_siege_fires_into_castles() -> None:
    s = blank("2p-2")
    b = s.sc.board
    hill = terrain_cells(s, "hills")[0]
    put(s, hill, "Volos Flamebringer", 0)
    target = next(
        n for n in range(b.size) if 1 <= b.d(hill, n) <= 2 and s.sc.terrain[n] == "plains"
    )
    put(s, target, "Flesh Impalers", 1)
    act(s, f"shoot {b.text(hill)} {b.text(target)}")
    assert s.wounds[target] == 3 + 1
    castle = terrain_cells(s, "castle")[0]
    s2 = blank("2p-2")
    near = next(n for n in range(b.size) if b.d(castle, n) == 2)
    put(s2, near, "Volos Flamebringer", 0)
    put(s2, castle, "Flesh Impalers", 1)
    assert not any(t.startswith("shoot") for t in legal_texts(s2))
