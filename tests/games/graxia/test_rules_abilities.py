"""§5.4 unit abilities and spell cards: each effect the engine implements, with its section."""

from __future__ import annotations

from typing import Any

from graxia_helpers import act, blank, give, inner, legal_texts, put, terrain_cells

from wartable.games.graxia import board as map_rules
from wartable.games.graxia.state import B_RETREAT, BARRIER, STUNNED


def _near(s, c, d, terrain=("plains",)):  # type: ignore[no-untyped-def]
    b = s.sc.board
    return next(
        n for n in range(b.size) if b.d(c, n) == d and s.sc.terrain[n] in terrain and s.unit[n] < 0
    )


def crusaders_against_impalers(s: Any) -> tuple[Any, int, int]:
    """The §8 pair on plains: Blood Crusaders (seat 0) next to Flesh Impalers (seat 1);
    the board, the attacker's cell and the defender's cell."""
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Flesh Impalers", 1)
    return b, a, d


def test_section_5_4_ballista_bolt_siege_2_tiles_3_wounds_plus_3_against_large_creatures() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Bone Ballista", 0)
    t = _near(s, c, 2)
    put(s, t, "Talon", 1)
    act(s, f"shoot {b.text(c)} {b.text(t)}")
    assert s.wounds[t] == 3 + 3
    s2 = blank()
    put(s2, c, "Bone Ballista", 0)
    put(s2, t, "Flesh Impalers", 1)
    act(s2, f"shoot {b.text(c)} {b.text(t)}")
    assert s2.wounds[t] == 3
    far = _near(s2, c, 3)
    put(s2, far, "Flesh Impalers", 1)
    assert f"shoot {b.text(c)} {b.text(far)}" not in legal_texts(s2)


def test_section_5_4_ballista_bolt_into_a_city_gets_the_bonus_less_the_city() -> None:
    s = blank()
    b = s.sc.board
    city = terrain_cells(s, "city")[0]
    c = next(
        n
        for n in range(b.size)
        if b.d(city, n) == 2 and s.sc.terrain[n] not in ("hills", "mountains")
    )
    put(s, c, "Bone Ballista", 0)
    put(s, city, "Flesh Impalers", 1)
    act(s, f"shoot {b.text(c)} {b.text(city)}")
    assert s.wounds[city] == 3 + 3 - 1  # §5.4 City: 1 wound less in the Command Phase


def test_section_5_4_blunderbuss_4_tiles_1_wound_unmitigated_keeps_shield_and_stuns() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Balak the Hunter", 0)
    t = next(n for n in range(b.size) if b.d(c, n) == 4 and s.sc.terrain[n] == "forest")
    put(s, t, "Flesh Impalers", 1, shield=True)
    act(s, f"shoot {b.text(c)} {b.text(t)}")
    assert s.wounds[t] == 1  # no forest or shield reduction
    assert s.flags[t] & STUNNED
    assert s.flags[t] & 64  # the shield stays


def test_section_5_4_aura_of_health_heals_adjacent_friends() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Ithel", 0)
    n1, n2 = b.nbr[c][:2]
    put(s, n1, "Blood Crusaders", 0, wounds=2)
    put(s, n2, "Flesh Impalers", 1, wounds=2)
    act(s, f"ability {b.text(c)} {b.text(c)}")
    assert s.wounds[n1] == 1 and s.wounds[n2] == 2
    assert s.mana[0] == 20 - 1


def test_section_5_4_blessing_of_celethrea_heals_celethreal_units_after_the_command_phase() -> None:
    s = blank("2p-2")
    c = s.sc.home[0][0]
    put(s, c, "Sype", 0)
    s.guard[0] = s.cat.unit_index["Sype"]
    other = inner(s, "plains")
    put(s, other, "The Jade Council", 0, wounds=2)
    act(s, "end")
    assert s.wounds[other] == 1


def test_section_5_4_bark_regrowth_two_less_wounds_in_forest() -> None:
    s = blank()
    f = terrain_cells(s, "forest")[0]
    put(s, f, "Grimbark", 1)
    map_rules.damage(s, f, 5, 0, None)
    assert s.wounds[f] == 5 - 1 - 2  # forest 1, Bark Regrowth 2


def test_section_5_4_acid_claws_adds_two_wounds_at_step_7() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    put(s, a, "Acid Crawlers", 0)
    put(s, d, "Flesh Impalers", 1)
    act(s, f"attack {b.text(a)} {b.text(d)}")
    bv = s.bat.bv0
    act(s, "use Acid Claws", 0)
    act(s, "pass", 1)
    act(s, "pass", 0)
    act(s, "bluff", 0)
    act(s, "bluff", 1)
    assert s.wounds[d] == (bv + 1) // 2 + 2
    assert s.mana[0] == 20 - 3


def test_section_5_4_blood_thirst_plus_3_against_a_wounded_enemy() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    put(s, a, "Thrag Skullsplitter", 0)
    put(s, d, "Flesh Impalers", 1)
    act(s, f"attack {b.text(a)} {b.text(d)}")
    fresh = s.bat.bv0
    s2 = blank()
    put(s2, a, "Thrag Skullsplitter", 0)
    put(s2, d, "Flesh Impalers", 1, wounds=1)
    act(s2, f"attack {b.text(a)} {b.text(d)}")
    assert s2.bat.bv0 == fresh + 3


def test_section_5_4_bedazzle_stuns_an_enemy_unit() -> None:
    s = blank()
    c = inner(s, "plains")
    put(s, c, "Flesh Impalers", 1)
    give(s, 0, "Bedazzle")
    act(s, f"spell Bedazzle {s.sc.board.text(c)}")
    assert s.flags[c] & STUNNED
    assert s.mana[0] == 20 - 4


def test_section_5_4_bounty_of_riches_gains_15_mana() -> None:
    s = blank()
    give(s, 0, "Bounty of Riches")
    act(s, "spell Bounty of Riches")
    assert s.mana[0] == 35


def test_section_5_4_dragon_barrier_only_on_normal_units_and_blocks_unique_damage() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    hero = next(n for n in b.nbr[c])
    put(s, c, "Blood Crusaders", 0)
    put(s, hero, "Ithel", 0)
    give(s, 0, "Dragon Barrier")
    texts = legal_texts(s)
    assert f"spell Dragon Barrier {b.text(c)}" in texts
    assert f"spell Dragon Barrier {b.text(hero)}" not in texts
    act(s, f"spell Dragon Barrier {b.text(c)}")
    assert s.flags[c] & BARRIER


def test_section_5_4_destined_for_greatness_wins_regardless() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    put(s, a, "Miners of the Deep", 0)
    put(s, d, "Flesh Impalers", 1)
    give(s, 0, "Destined for Greatness")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    act(s, "spell Destined for Greatness", 0)
    act(s, "pass", 1)
    act(s, "pass", 0)
    act(s, "bluff", 0)
    act(s, "bluff", 1)
    assert s.phase == B_RETREAT  # the defender must retreat although it took fewer wounds
    assert s.bat.wounds0 < s.bat.wounds1  # wounds inflicted by the attacker < by the defender


def test_section_5_4_chain_lightning_eliminating_a_supporter_scores_and_withdraws_support() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    sup = next(n for n in b.nbr[d] if b.d(a, n) == 1)
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Flesh Impalers", 1)
    put(s, sup, "Miners of the Deep", 0, wounds=6)
    give(s, 1, "Chain Lightning")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    before = s.bat.bv0
    act(s, "pass", 0)
    act(s, "spell Chain Lightning", 1)
    assert s.unit[sup] < 0
    assert s.bat.bv0 == before - 3
    assert s.vp[1] == 1


def test_section_5_4_mists_of_confusion_and_orb_of_orlock() -> None:
    s = blank()
    b, a, d = crusaders_against_impalers(s)
    give(s, 1, "Mists of Confusion", "Orb of Orlock")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    before = s.bat.bv0
    act(s, "pass", 0)
    act(s, "spell Orb of Orlock", 1)
    assert s.bat.bv0 == max(0, before - 4)
    act(s, "pass", 0)
    act(s, "spell Mists of Confusion", 1)
    assert "use Zealotry" not in legal_texts(s, 0)
    assert s.bat.bv1 >= 0


def test_section_3_stealth_marker_hides_from_enemy_ranged_attacks_until_its_next_round() -> None:
    s = blank(seat=1)
    b = s.sc.board
    c = inner(s, "plains")
    name = next(u.name for u in s.cat.units if any(a.name == "Stealth" for a in u.abilities))
    put(s, c, name, 1)
    act(s, f"ability {b.text(c)} {b.text(c)}", 1)
    shooter = next(n for n in range(b.size) if b.d(c, n) == 2 and s.sc.terrain[n] == "plains")
    put(s, shooter, "Bone Ballista", 0)
    act(s, "end", 1)
    while s.current == 1:
        act(s, "end", 1)
    if s.phase == 3:
        act(s, "end", 0)
    assert not any(t.startswith("shoot") for t in legal_texts(s, 0))


def test_pass_through_moves_two_tiles_past_a_friend() -> None:
    s = blank()
    b = s.sc.board
    ok = ("plains", "forest", "hills", "swamp", "village", "city")
    c, mid, dest = next(
        (c, m, b.straight_away(c, m))
        for c in range(b.size)
        if len(b.nbr[c]) == 6
        for m in b.nbr[c]
        if b.straight_away(c, m) >= 0 and s.sc.terrain[b.straight_away(c, m)] in ok
    )
    assert any(
        a.name == "Slip Through"
        for a in s.cat.units[s.cat.unit_index["Goblin Skirmishers"]].abilities
    )
    put(s, c, "Goblin Skirmishers", 0)
    put(s, mid, "Blood Crusaders", 0)
    for n in b.nbr[c]:
        if n != mid:
            put(s, n, "Flesh Impalers", 1)
    assert f"move {b.text(c)} {b.text(dest)}" in legal_texts(s)


def test_section_5_4_aura_of_reflection_sends_half_the_damage_back() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    name = next(
        u.name for u in s.cat.units if any(a.name == "Aura of Reflection" for a in u.abilities)
    )
    put(s, c, name, 1)
    shooter = next(n for n in range(b.size) if b.d(c, n) == 2 and s.sc.terrain[n] == "plains")
    put(s, shooter, "Bone Ballista", 0)
    act(s, f"shoot {b.text(shooter)} {b.text(c)}")
    assert s.wounds[c] == 3 - 2  # 3 wounds: 2 (half, rounded up) reflected
    assert s.wounds[shooter] == 2


def test_section_5_4_mind_control_turns_a_supporter() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    sup = next(n for n in b.nbr[d] if b.d(a, n) == 1)
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Flesh Impalers", 1)
    put(s, sup, "Miners of the Deep", 0)
    give(s, 1, "Mind Control")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    before = (s.bat.bv0, s.bat.bv1)
    act(s, "pass", 0)
    act(s, "spell Mind Control", 1)
    assert (s.bat.bv0, s.bat.bv1) == (before[0] - 3, before[1] + 3)


def test_section_5_4_blood_thirst_fires_once_when_an_enemy_supporter_is_wounded() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    sup = next(n for n in b.nbr[d] if b.d(a, n) == 1)
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Thrag Skullsplitter", 1)
    put(s, sup, "Miners of the Deep", 0)
    give(s, 1, "Chain Lightning", "Chain Lightning")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    before = s.bat.bv1
    act(s, "pass", 0)
    act(s, "spell Chain Lightning", 1)
    assert s.bat.bv1 == before + 3
    act(s, "pass", 0)
    act(s, "spell Chain Lightning", 1)
    assert s.bat.bv1 == before + 3  # once per battle


def test_mists_of_confusion_leaves_the_opponent_only_passes() -> None:
    s = blank()
    b, a, d = crusaders_against_impalers(s)
    give(s, 0, "Mana Surge")
    give(s, 1, "Mists of Confusion")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    act(s, "pass", 0)
    act(s, "spell Mists of Confusion", 1)
    assert legal_texts(s, 0) == ["pass"]


def test_section_5_2_relics_are_played_in_either_players_round() -> None:
    """Bounty of Riches (a command relic) played by the defender during the attacker's battle."""
    s = blank()
    b, a, d = crusaders_against_impalers(s)
    give(s, 1, "Bounty of Riches", "Scout")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    act(s, "pass", 0)
    texts = legal_texts(s, 1)
    assert "spell Bounty of Riches" in texts and "spell Scout" not in texts
    act(s, "spell Bounty of Riches", 1)
    assert s.mana[1] == 20 + 15


def test_mystic_gate_moves_a_friendly_unit_to_a_friendly_tile() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0)
    far = next(n for n in range(b.size) if b.d(c, n) >= 3 and s.sc.terrain[n] == "plains")
    s.ctrl = [-1] * len(s.ctrl)
    s.ctrl[c] = 0
    s.ctrl[far] = 0
    give(s, 0, "Mystic Gate")
    act(s, f"spell Mystic Gate {b.text(c)}")
    assert legal_texts(s) == [f"move {b.text(c)} {b.text(far)}"]
    act(s, f"move {b.text(c)} {b.text(far)}")
    assert s.cat.units[s.unit[far]].name == "Blood Crusaders"
    assert "end" in legal_texts(s)
