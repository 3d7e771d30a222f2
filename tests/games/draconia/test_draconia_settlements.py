"""Draconia Settlement Mode: each of the 12 settlement cards ("Settlement Cards")."""

from __future__ import annotations

import pytest
from draconia_helpers import legal, play

from wartable.core.errors import IllegalAction
from wartable.games.draconia import GAME
from wartable.games.draconia.scenario import build_position, names
from wartable.games.draconia.settlements import load_settlements
from wartable.games.draconia.state import BURN, CRACK, OVER

A, B = 0, 1


def table(factions, settlements, **kw):
    return build_position(factions, settlement_mode=True, settlements=list(settlements), **kw)


def test_settlement_choice_is_simultaneous_between_the_two_of_the_faction():
    """Settlement Mode: players simultaneously select 1 of the 2 settlement cards of their faction;
    the shield on the card is the starting health."""
    s = GAME.new_state(
        GAME.make_config({"settlement_mode": True, "factions": ["zigmar", "highwood"]}), 4
    )
    assert set(GAME.to_act(s)) == {A, B}
    assert legal(s, A) == ["settlement anvira", "settlement veiled_catacombs"]
    before = GAME.observe(s, B)
    play(s, A, "settlement veiled_catacombs")
    assert GAME.observe(s, B)["players"][A]["settlement"] == -1  # still hidden
    assert GAME.observe(s, B)["commit"]["waiting_for"] == [B] != before["commit"]["waiting_for"]
    play(s, B, "settlement moonlit_deep")
    cards = load_settlements()
    assert s.health == [cards[9].health, cards[10].health]
    assert len(s.hand[A]) == 7


def test_glimmerspire_once_per_round():
    """Glimmerspire: once per ROUND in the Camp Phase, 2 supply place 2 fortify tokens on a slot."""
    s = table(
        ("ironshroud", "zigmar"), ["glimmerspire", "anvira"], supply=[4, 0], phase="camp_spend"
    )
    play(s, A, "glimmerspire L2")
    assert s.slot_fortify[A] == [0, 2, 0] and s.supply[A] == 2
    assert not any(x.startswith("glimmerspire") for x in legal(s, A))


def test_emmerest_river_ambush_deals_two():
    """Emmerest River: when an Ambush is successful, you deal 2 damage instead of 1."""
    s = table(
        ("zigmar", "ironshroud"),
        ["anvira", "emmerest_river"],
        field={A: ["Khopesh Guards", None, None], B: ["Crossbow Ambushers", None, None]},
    )
    play(s, A, "skirmish", "attack L1")
    assert s.health[A] == 10 - 2


def test_crimson_palace_retrieves_haste_units_once():
    """Crimson Palace: once per GAME, at the end of the Order Phase, retrieve all your Haste units."""
    s = table(
        ("scorching_sands", "zigmar"),
        ["crimson_palace", "anvira"],
        hand={
            A: ["Camel Riders", "Sand Riders", "Desert Blades"],
            B: ["Chariots", "Khopesh Guards", "Mummy Wardens"],
        },
        phase="deploy",
    )
    s.commit.open((A, B))
    for seat in (A, B):
        play(s, seat, *(f"deploy L{i + 1} #{c}" for i, c in enumerate(sorted(s.hand[seat]))))
    assert GAME.to_act(s) == (A,) and legal(s, A) == ["pass", "palace"]
    play(s, A, "palace")
    assert sorted(names(s, A, s.hand[A])) == ["Camel Riders", "Sand Riders"]
    assert names(s, A, [c for c in s.field[A] if c >= 0]) == ["Desert Blades"]
    assert s.stokens[A] == 0


def test_saria_desert_burns_and_wins_with_three():
    """The Saria Desert: 2+ damage in a single attack places a Burn token on that battleline of the
    opponent (one per battleline); all 3 placed wins immediately."""
    s = table(
        ("scorching_sands", "zigmar"),
        ["saria_desert", "anvira"],
        field={A: ["Tara", None, None], B: ["Tombkeeper", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")  # Tara 4 vs 1: 3 damage
    assert s.marks[B][BURN + 0] == 1 and s.stokens[A] == 2
    s.marks[B][BURN + 1] = s.marks[B][BURN + 2] = 0
    s2 = table(
        ("scorching_sands", "zigmar"),
        ["saria_desert", "anvira"],
        field={A: ["Tara", None, None], B: ["Tombkeeper", None, None]},
        face_up={B: [True, False, False]},
    )
    s2.stokens[A] = 1
    s2.marks[B][BURN + 1] = s2.marks[B][BURN + 2] = 1
    play(s2, A, "cautious L1")
    assert s2.phase == OVER and GAME.outcome(s2).winners == (A,)


def test_jungle_of_mouths_supply_units_gain_two():
    """Jungle of Mouths: with 4+ units in an opponent's Graveyard your Supply units gain +2 attack."""
    grave = ["Khopesh Guards", "Khopesh Guards", "Scarab Archers", "Tombkeeper"]
    s = table(
        ("amazania", "zigmar"),
        ["jungle_of_mouths", "anvira"],
        field={A: ["Herbalists", None, None], B: ["Mummy Wardens", None, None]},
        face_up={B: [True, False, False]},
        grave={B: grave},
    )
    events = play(s, A, "cautious L1")
    assert next(e for e in events if e["type"] == "attack")["attack"] == 1 + 2


def test_white_tooth_gorge_blessing_is_hidden_then_works_next_round():
    """White Tooth Gorge: once per GAME in the Camp Phase a Blessing token goes face down on a slot;
    in the next round it takes effect when the unit there is revealed, then all are discarded."""
    s = table(("amazania", "zigmar"), ["white_tooth_gorge", "anvira"], phase="camp_spend")
    play(s, A, "bless L1 ambush")
    assert GAME.observe(s, B)["players"][A]["bless"][1] == -2  # the kind is face down
    assert GAME.observe(s, A)["players"][A]["bless"][1] == 1
    assert not any(x.startswith("bless") for x in legal(s, A))
    s2 = table(
        ("zigmar", "amazania"),
        ["anvira", "white_tooth_gorge"],
        field={A: ["Khopesh Guards", None, None], B: ["Gorge Wardens", None, None]},
        round=2,
    )
    s2.bless[B] = [0, 1, 2, 0]  # Ambush, placed last round on B's L1
    play(s2, A, "skirmish", "attack L1")
    assert s2.health[A] == 9  # the blessed unit ambushed


def test_beasts_bellow_sends_a_command_unit_to_camp():
    """The Beast's Bellow: twice per GAME, a Command unit entering the Graveyard enters the Camp."""
    s = table(
        ("zigmar", "frostfjell"),
        ["anvira", "beasts_bellow"],
        field={A: ["Anubite Colossus", None, None], B: ["Clan Skald", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")
    skald = s.grave[B][0]
    assert GAME.to_act(s) == (B,) and legal(s, B) == ["pass", f"bellow #{skald}"]
    play(s, B, f"bellow #{skald}")
    assert names(s, B, s.camp[B]) == ["Clan Skald"] and not s.grave[B] and s.stokens[B] == 1


def test_fjord_krak_cracks_twice_on_the_same_slot_to_win():
    """Fjord Krak: 3+ damage on a single attack places a Crack token on that slot of the opponent;
    the same slot receiving the token again wins immediately."""
    s = table(
        ("frostfjell", "zigmar"),
        ["fjord_krak", "anvira"],
        field={A: ["Astrid Axebreaker", None, None], B: ["Tombkeeper", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")  # 4 vs 1
    assert s.marks[B][CRACK + 0] == 1 and s.phase != OVER
    robber = next(c for c in s.draw[B] if s.unit(B, c).name == "Tomb Robbers")
    s.draw[B].remove(robber)
    s.field[B][0], s.face_up[B][0] = robber, True
    s.phase, s.active = 3, A
    play(s, A, "cautious L1")  # Astrid 4 vs Tomb Robbers 1: 3 damage on the same slot again
    assert s.phase == OVER and GAME.outcome(s).winners == (A,)


def test_fjord_krak_needs_three_damage():
    """Fjord Krak: an attack dealing less than 3 damage places no Crack token."""
    s = table(
        ("frostfjell", "zigmar"),
        ["fjord_krak", "anvira"],
        field={A: ["Berserkers", None, None], B: ["Tombkeeper", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")  # 3 vs 1: 2 damage
    assert s.marks[B][CRACK : CRACK + 3] == [0, 0, 0]


def test_anvira_pyramids_cost_and_limit():
    """Anvira: three times per GAME, 3 supply for +1 attack or +1 defense, 5 for both; permanent."""
    s = table(
        ("zigmar", "ironshroud"), ["anvira", "glimmerspire"], supply=[11, 0], phase="camp_spend"
    )
    play(s, A, "pyramid L1 both", "pyramid L1 attack")
    assert "pyramid L2 both" not in legal(s, A) and "pyramid L2 defense" in legal(s, A)
    play(s, A, "pyramid L3 defense")
    assert s.stokens[A] == 0 and s.supply[A] == 0
    with pytest.raises(IllegalAction, match="Anvira"):
        GAME.apply(s, A, "pyramid L2 attack")
    assert s.marks[A][6:9] == [2, 0, 0] and s.marks[A][9:12] == [1, 0, 1]


def test_veiled_catacombs_wins_with_six_in_a_graveyard():
    """The Veiled Catacombs: 6+ units in an opponent's Graveyard wins immediately."""
    grave = ["Iron Lancers", "Shieldwall", "Shieldwall", "Bastion Guard", "Bastion Guard"]
    s = table(
        ("zigmar", "ironshroud"),
        ["veiled_catacombs", "glimmerspire"],
        field={A: ["Khopesh Guards", None, None], B: ["Crossbow Ambushers", None, None]},
        face_up={B: [True, False, False]},
        grave={B: grave},
    )
    play(s, A, "cautious L1")
    assert len(s.grave[B]) == 6 and s.phase == OVER and GAME.outcome(s).winners == (A,)


def test_moonlit_deep_adds_one_arrow():
    """Moonlit Deep: an arrow strike gains +1 (only with Arrows on the field)."""
    s = table(
        ("highwood", "zigmar"),
        ["moonlit_deep", "anvira"],
        field={A: ["Longbowmen", None, None], B: ["Chariots", None, None]},
        face_up={A: [True, False, False]},
        phase="arrow",
    )
    events = play(s, A, "arrow L1")
    assert next(e for e in events if e["type"] == "arrow_strike")["arrows"] == 2


def test_graymist_valley_trades_fortify_for_attack_and_defense():
    """Graymist Valley: your Fortify units lose Fortify and gain +1 attack and +1 defense per icon."""
    s = table(
        ("highwood", "zigmar"),
        ["graymist_valley", "anvira"],
        field={A: ["Hedge Wardens", None, None], B: ["Mummy Wardens", None, None]},
        face_up={B: [True, False, False]},
    )
    events = play(s, A, "cautious L1")
    assert next(e for e in events if e["type"] == "attack")["attack"] == 2 + 1
    for seat in (B,):
        play(s, seat, "rest")
    assert s.slot_fortify[A] == [0, 0, 0]  # no Fortify in the Back Line


def test_every_settlement_has_health_and_tokens_as_printed():
    """Components: 12 settlement cards (2 per faction) and 14 settlement tokens."""
    cards = load_settlements()
    assert len(cards) == 12
    assert sum(c.tokens for c in cards) == 14
    factions = [c.faction for c in cards]
    assert all(factions.count(f) == 2 for f in set(factions)) and len(set(factions)) == 6
