"""§7 Battle and the §8 Battle Example, from hand-written positions with the printed numbers."""

from __future__ import annotations

import pytest
from graxia_helpers import GAME, act, blank, give, inner, legal_texts, put, roundtrip

from wartable.core.errors import IllegalAction
from wartable.games.graxia import battle
from wartable.games.graxia.catalog.tables import MAG, PHYS, UnitType
from wartable.games.graxia.state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    COMMAND,
    SHIELD,
)


def test_section_7_step_1_example_battle_values_2_and_4() -> None:
    """§7 step 1: magical attack 10 vs magical defence 8 -> 2; physical 7 vs physical 3 -> 4."""
    att = UnitType("A", 5, 5, 10, MAG, pdef=3, mdef=5, klass="infantry", race="human")
    dfn = UnitType("D", 5, 5, 7, PHYS, pdef=4, mdef=8, klass="infantry", race="human")
    assert battle.initial_values(att, dfn) == (2, 4)


def test_section_7_step_1_combined_attack_uses_the_lower_defence() -> None:
    att = UnitType("A", 5, 5, 10, 2, pdef=3, mdef=5, klass="infantry", race="human")
    dfn = UnitType("D", 5, 5, 7, PHYS, pdef=4, mdef=8, klass="infantry", race="human")
    assert battle.initial_values(att, dfn)[0] == 10 - 4


def section_8_position(berserk_cost: str = "wounds"):  # type: ignore[no-untyped-def]
    """§8: Turn 2, round 1. Blood Crusaders (shielded) attack Flesh Impalers (shielded) on a
    Columns tile, supported by Miners of the Deep and The Jade Council (shielded)."""
    s = blank("2p-1", turn=2, seat=0, berserk_cost=berserk_cost)
    b = s.sc.board
    d = inner(s, "columns")
    a = next(n for n in b.nbr[d] if b.direction(d, n) == 5)  # south of the defender
    sup = [n for n in b.nbr[d] if b.d(a, n) == 1]
    assert len(sup) == 2
    away = b.away(a, d)
    assert len(away) == 3
    put(s, a, "Blood Crusaders", 0, shield=True)
    put(s, d, "Flesh Impalers", 1, shield=True)
    put(s, sup[0], "Miners of the Deep", 0)
    put(s, sup[1], "The Jade Council", 0, shield=True)
    put(s, away[0], "Miners of the Deep", 1)  # one tile behind is taken: two stay open
    give(s, 0, "Mana Surge", "Scout")
    give(s, 1, "Chain Lightning", "Mana Surge")
    return roundtrip(s), a, d, sup, away


def test_section_8_battle_example_every_printed_number() -> None:
    s, a, d, sup, away = section_8_position()
    txt = s.sc.board.text
    mana = list(s.mana)
    act(s, f"attack {txt(a)} {txt(d)}")
    # Step 1: BV 6 and 2; the attacker's shield is lost at once
    assert not s.flags[a] & SHIELD
    # Step 1a: columns -2 -> 4; step 1b: two supporters +6 -> 10
    assert s.phase == B_EXCH
    assert (s.bat.bv0, s.bat.bv1) == (10, 2)
    # Step 2A: Zealotry (2 mana): 12 and 0
    act(s, "use Zealotry", 0)
    assert (s.bat.bv0, s.bat.bv1) == (12, 0)
    assert s.mana[0] == mana[0] - 2
    # Step 2B: Berserk: 3 wounds on the Impalers, BV 10
    act(s, "use Berserk", 1)
    assert s.bat.bv1 == 10
    assert s.wounds[d] == 3
    # Step 2C: Mana Surge (3 mana): 17
    act(s, "spell Mana Surge", 0)
    assert s.bat.bv0 == 17
    assert s.mana[0] == mana[0] - 5
    # Step 2D: Chain Lightning (4 mana): Miners 8 -> 5, shielded Jade Council 6 -> 5, shield gone
    act(s, "spell Chain Lightning", 1)
    assert s.mana[1] == mana[1] - 4
    assert s.health_left(sup[0]) == 5
    assert s.health_left(sup[1]) == 5
    assert not s.flags[sup[1]] & SHIELD
    # Step 2E: two passes in a row end the exchanges
    act(s, "pass", 0)
    act(s, "pass", 1)
    assert s.phase == B_SAC
    # Step 3: the defender bluffs, the attacker sacrifices Scout (modifier 3) in defence
    act(s, "bluff", 1)
    assert s.phase == B_SAC  # nothing is revealed until both have committed
    act(s, "sacrifice Scout defence", 0)
    assert (s.bat.bv0, s.bat.bv1) == (17, 7)  # the defender's final BV is 7
    # Step 4: wounds 9 - 2 (shield) = 7 on the Impalers, 4 on the Crusaders
    assert s.wounds[d] == 3 + 7
    assert s.wounds[a] == 4
    assert s.vp == [0, 0]  # step 5: nobody eliminated, no victory points
    # Step 6: the defender chooses among the two open tiles directly away
    assert s.phase == B_RETREAT
    options = legal_texts(s, 1)
    assert sorted(options) == sorted(f"retreat {txt(c)}" for c in away[1:])
    act(s, f"retreat {txt(away[1])}", 1)
    assert s.phase == B_ADVANCE
    act(s, "advance", 0)
    assert s.phase == COMMAND
    assert s.cat.units[s.unit[d]].name == "Blood Crusaders"
    assert s.cat.units[s.unit[away[1]]].name == "Flesh Impalers"
    # Step 7: the defender's shield is removed
    assert not s.flags[away[1]] & SHIELD


def test_section_8_battle_values_before_wounds() -> None:
    """The final battle values 17 and 7 (§8 step 3), read from the battle events."""
    s, a, d, _, _ = section_8_position()
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    for text, seat in (
        ("use Zealotry", 0),
        ("use Berserk", 1),
        ("spell Mana Surge", 0),
        ("spell Chain Lightning", 1),
        ("pass", 0),
        ("pass", 1),
        ("bluff", 1),
    ):
        act(s, text, seat)
    events = act(s, "sacrifice Scout defence", 0)
    wounds = next(e for e in events if e["type"] == "battle_wounds")
    assert wounds["bv"] == [17, 7]
    assert wounds["wounds"] == [7, 4]
    start = section_8_position()[0]
    ev = act(start, f"attack {txt(a)} {txt(d)}")
    first = next(e for e in ev if e["type"] == "battle")
    assert first["bv"] == [6, 2]


def test_section_8_berserk_mana_option() -> None:
    """§8 step 2B also takes 3 mana for Berserk: the 'wounds_and_mana' option."""
    s, a, d, _, _ = section_8_position("wounds_and_mana")
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "use Zealotry", 0)
    before = s.mana[1]
    act(s, "use Berserk", 1)
    assert s.mana[1] == before - 3
    assert s.wounds[d] == 3


def test_section_7_step_5_a_player_may_pass_and_play_later() -> None:
    s, a, d, _, _ = section_8_position()
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "pass", 0)
    act(s, "use Berserk", 1)  # one pass, then a play: the step goes on
    assert s.phase == B_EXCH
    act(s, "use Zealotry", 0)
    assert s.phase == B_EXCH


def test_section_7_step_5_abilities_once_per_battle() -> None:
    s, a, d, _, _ = section_8_position()
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "use Zealotry", 0)
    act(s, "pass", 1)
    assert "use Zealotry" not in legal_texts(s, 0)
    with pytest.raises(IllegalAction):
        act(s, "use Zealotry", 0)


def test_section_7_step_6_sacrifice_for_attack_adds_to_own_value() -> None:
    s, a, d, _, _ = section_8_position()
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "pass", 0)
    act(s, "pass", 1)
    act(s, "sacrifice Scout attack", 0)
    ev = act(s, "bluff", 1)
    wounds = next(e for e in ev if e["type"] == "battle_wounds")
    assert wounds["bv"] == [10 + 3, 2]
    assert s.cat.card_id("Scout") in s.discards[s.sdeck[0]]


def test_section_7_step_9_blocked_retreat_costs_one_wound() -> None:
    s, a, d, _, away = section_8_position()
    txt = s.sc.board.text
    for c in away[1:]:
        put(s, c, "Miners of the Deep", 1)
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "pass", 0)
    act(s, "pass", 1)
    act(s, "bluff", 0)
    act(s, "bluff", 1)
    # 10 BV -> 5 wounds - 2 shield = 3; 2 BV -> 1 wound: the defender must retreat but cannot
    assert s.wounds[d] == 3 + 1
    assert s.cat.units[s.unit[d]].name == "Flesh Impalers"
    assert s.phase == COMMAND


def test_section_7_step_7_both_eliminated_attacker_loses_and_step_8_points() -> None:
    s = blank("2p-1", turn=2, seat=0)
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    put(s, a, "Blood Crusaders", 0, wounds=7)
    put(s, d, "Flesh Impalers", 1, wounds=11)
    txt = b.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "pass", 0)
    act(s, "pass", 1)
    act(s, "bluff", 0)
    ev = act(s, "bluff", 1)
    result = next(e for e in ev if e["type"] == "battle_result")
    assert result["winner"] == 1
    assert s.unit[a] < 0 and s.unit[d] < 0
    assert s.vp == [1, 1]  # scenario 1: a point per enemy unit eliminated


def test_section_7_step_10_advance_after_elimination() -> None:
    s = blank("2p-1", turn=2, seat=0)
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Flesh Impalers", 1, wounds=11)
    act(s, f"attack {b.text(a)} {b.text(d)}")
    act(s, "pass", 0)
    act(s, "pass", 1)
    act(s, "bluff", 0)
    act(s, "bluff", 1)
    assert s.phase == B_ADVANCE
    act(s, "stay", 0)
    assert s.unit[d] < 0 and s.phase == COMMAND


def test_section_7_step_6_bewitch_leaves_only_the_bluff() -> None:
    s, a, d, _, _ = section_8_position()
    s.bat.no_sacrifice = 0
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    s.bat.no_sacrifice = 1 << 1  # the defender is bewitched
    act(s, "pass", 0)
    act(s, "pass", 1)
    assert legal_texts(s, 1) == ["bluff"]
    assert "sacrifice Scout defence" in legal_texts(s, 0)


def test_section_5_3_sacrifice_is_secret_until_both_commit() -> None:
    s, a, d, _, _ = section_8_position()
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "pass", 0)
    act(s, "pass", 1)
    act(s, "sacrifice Scout defence", 0)
    seen = GAME.observe(s, 1)
    assert seen["commit"] == {"waiting_for": [1], "mine": []}
    assert "Scout" not in str(seen["hand"])
