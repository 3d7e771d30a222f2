"""Chapter 10, Defender Cards: damage, attack costs and every defender effect."""

from __future__ import annotations

from invasion_support import (
    blank,
    defeat,
    do,
    give_deck,
    give_discard,
    give_hand,
    legal,
    next_invader,
    set_row,
)  # fmt: skip

from wartable.games.invasion.cards import INVADER_KEYS, TERROR, K
from wartable.games.invasion.effects import attack_damage, invader_health


def inv(key: str) -> int:
    return INVADER_KEYS.index(key)


def test_printed_damage_and_costs() -> None:
    """Chapter 10: attack damage / attack cost / cost as printed."""
    s = blank()
    db = s.db
    table = {"guard": (5, 0, 10), "dread": (15, 40, 40), "gladiator": (10, 20, 30),
             "warlord": (20, 50, 50), "valkyrie": (30, 50, 60), "arcanist": (30, 60, 60),
             "golem": (35, 60, 70), "werebear": (35, 70, 80), "shaman": (10, 70, 90),
             "firemage": (40, 60, 90), "slayer": (30, 70, 100), "sorceress": (50, 60, 110),
             "beastrider": (30, 30, 110), "titan": (60, 0, 120)}  # fmt: skip
    for key, (dmg, acost, cost) in table.items():
        k = K[key]
        assert (db.attack[k], db.attack_cost[k], db.cost[k]) == (dmg, acost, cost), key


def test_dread_knight() -> None:
    """Dread Knight: 15 damage for an attack cost of 40."""
    s = blank()
    give_hand(s, 0, "dread", "fortune", "wealth")
    do(s, 0, "defeat", "defend dread")
    assert s.atk_damage == 15 and s.play[K["fortune"]] + s.play[K["wealth"]] == 2


def test_gladiator_elite() -> None:
    """Gladiator Elite: trash after use; choose another player, you each gain 1 Treasure."""
    s = blank(stage="6")
    give_hand(s, 0, "gladiator", "treasure")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "defeat", "defend gladiator", "choose seat 2")
    assert s.discard[0][K["treasure"]] == 1 and s.discard[2][K["treasure"]] == 1
    before = s.supply[K["gladiator"]]
    do(s, 0, "target b1")
    assert s.supply[K["gladiator"]] == before + 1  # trashed back to the table


def test_warlord_gains_guard_to_play() -> None:
    """Warlord: you may gain 1 Imperial Guard card to your hand to play immediately."""
    s = blank()
    give_hand(s, 0, "warlord", "fortune", "treasure")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "defeat", "defend warlord")
    assert legal(s, 0) == {"warlord guard", "warlord skip"}
    do(s, 0, "warlord guard")
    assert s.atk_damage == 25 and s.play[K["guard"]] == 1
    do(s, 0, "target b1")
    owned = s.discard[0][K["guard"]] + s.hand[0][K["guard"]] + s.deck[0].count(K["guard"])
    assert owned == 1  # the Guard was gained: it stays with the player


def test_valkyrie() -> None:
    """Valkyrie: 30 damage for 50."""
    s = blank()
    set_row(s, 2, "hellhound")
    give_hand(s, 0, "valkyrie", "fortune", "treasure")
    do(s, 0, "defeat", "defend valkyrie", "target b3")
    assert s.defeated[0] == [inv("hellhound")]


def test_arcanist_discard_all_or_return_all() -> None:
    """Arcanist: reveal 4 cards from your deck; discard them all or return them all."""
    s = blank(stage="2")
    give_hand(s, 0, "arcanist", "fortune", "fortune")
    give_deck(s, 0, "guard", "terror", "wealth", "treasure", "fortune")
    do(s, 0, "defeat", "defend arcanist")
    assert s.revealed == [K["fortune"], K["treasure"], K["wealth"], K["terror"]]
    do(s, 0, "arcanist return")
    assert s.deck[0] == [K["guard"], K["terror"], K["wealth"], K["treasure"], K["fortune"]]
    s2 = blank(stage="2")
    give_hand(s2, 0, "arcanist", "fortune", "fortune")
    give_deck(s2, 0, "guard", "terror", "wealth", "treasure", "fortune")
    do(s2, 0, "defeat", "defend arcanist", "arcanist discard")
    assert s2.deck[0] == [K["guard"]] and s2.discard[0][TERROR] == 1
    assert s2.terror == 1  # discarded from the deck, not from a hand


def test_golem_avoids_one_terror_from_revealed_effect() -> None:
    """Golem: avoid gaining 1 Terror card from a revealed Invader effect."""
    s = blank()
    set_row(s, 0, "hellhound")
    next_invader(s, "reaper")
    give_hand(s, 0, "golem", "fortune", "fortune")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "defeat", "defend golem", "target b1")
    assert s.defeated[0] == [inv("hellhound")]
    assert s.row[0] == inv("reaper")
    assert s.discard[0][TERROR] == 0  # Reaper's Terror card was avoided


def test_werebear_two_terror_on_another_deck() -> None:
    """Werebear: choose another player; they gain 2 Terror cards to the top of their deck."""
    s = blank()
    give_hand(s, 0, "werebear", "fortune", "fortune", "treasure")
    do(s, 0, "defeat", "defend werebear", "choose seat 1")
    assert s.deck[1] == [TERROR, TERROR]


def test_shaman_counts_played_and_unplayed_cards() -> None:
    """Shaman: 10, +5 for every card played and unplayed this turn (itself included)."""
    s = blank(stage="4")
    give_hand(s, 0, "shaman", "fortune", "fortune", "fortune", "guard", "terror", "wealth")
    do(s, 0, "defeat", "defend shaman")
    # played: Shaman + 3 Fortune; unplayed: Guard, Terror, Wealth = 7 cards
    assert attack_damage(s) == 10 + 5 * 7


def test_fire_mage_may_raise_terror_by_three() -> None:
    """Fire Mage: you may increase the Terror Count by 3."""
    s = blank(stage="2")
    s.terror = 4
    give_hand(s, 0, "firemage", "fortune", "fortune")
    do(s, 0, "defeat", "defend firemage", "firemage raise")
    assert s.terror == 1  # 4 -> 5 -> 6 (an Event is drawn) -> 1
    assert len(s.pending_events[1]) == 1
    s2 = blank(stage="2")
    s2.terror = 4
    give_hand(s2, 0, "firemage", "fortune", "fortune")
    do(s2, 0, "defeat", "defend firemage", "firemage skip")
    assert s2.terror == 4


def test_dragon_slayer_bonus_against_dragons() -> None:
    """Dragon Slayer: 30, +50 against Dragon Invaders."""
    s = blank()
    set_row(s, 3, "icedragon")
    set_row(s, 4, "balar")
    give_hand(s, 0, "slayer", "fortune", "fortune", "treasure")
    events = do(s, 0, "defeat", "defend slayer", "target g1")
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["damage"] == 80 and attack["defeated"]
    assert s.defeated[0] == [inv("icedragon")]
    s2 = blank()
    set_row(s2, 4, "balar")
    give_hand(s2, 0, "slayer", "fortune", "fortune", "treasure")
    events = do(s2, 0, "defeat", "defend slayer", "target g2")
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["damage"] == 30 and not attack["defeated"]


def test_sorceress_two_from_discard_to_deck() -> None:
    """Sorceress: gain 2 cards from your discard pile to the top of your deck."""
    s = blank(stage="3")
    give_hand(s, 0, "sorceress", "fortune", "fortune")
    give_discard(s, 0, "werebear", "wealth", "treasure")
    do(s, 0, "defeat", "defend sorceress")
    assert legal(s, 0) == {"recover wealth", "recover treasure", "recover werebear"}
    do(s, 0, "recover werebear", "recover treasure")
    assert s.deck[0][-2:] == [K["werebear"], K["treasure"]]


def test_beast_rider_others_discard_one() -> None:
    """Beast Rider: all other players discard 1 card."""
    s = blank(stage="5")
    give_hand(s, 0, "beastrider", "treasure", "wealth")
    give_hand(s, 1, "guard", "terror")
    give_hand(s, 2, "wealth")
    do(s, 0, "defeat", "defend beastrider")
    do(s, 1, "discard terror")
    do(s, 2, "discard wealth")
    assert sum(s.hand[1]) == 1 and sum(s.hand[2]) == 0
    assert s.terror == 2  # seat 1's discarded Terror card triggered the die


def test_stone_titan_defeats_several_invaders() -> None:
    """Stone Titan: trash after use; you may defeat multiple Invaders; all players gain 1 Terror."""
    s = blank(stage="3")
    set_row(s, 0, "skeletal")
    set_row(s, 1, "succubus")
    set_row(s, 2, "reaper")
    give_hand(s, 0, "titan", "guard")
    give_deck(s, 0, *["wealth"] * 6)
    before = s.supply[K["titan"]]
    do(s, 0, "defeat", "defend titan")
    assert [s.discard[p][TERROR] for p in range(3)] == [1, 1, 1]
    do(s, 0, "defend guard", "target b1", "target b2", "target b3")
    assert "target g1" in legal(s, 0)  # still more targets allowed
    do(s, 0, "attack")
    assert sorted(s.defeated[0]) == sorted([inv("skeletal"), inv("succubus"), inv("reaper")])
    assert s.supply[K["titan"]] == before + 1 or s.active != 0  # trashed at the end of turn
    assert s.hand[0][K["titan"]] + s.discard[0][K["titan"]] == 0


def test_stone_titan_fails_if_total_health_too_high() -> None:
    """Stone Titan: the damage must cover the health of all targets together."""
    s = blank(stage="3")
    set_row(s, 3, "balar")
    set_row(s, 4, "wyvern")
    give_hand(s, 0, "titan")
    do(s, 0, "defeat", "defend titan", "target g1", "target g2")
    assert s.defeated[0] == []


def test_necromancer_health_grows_with_undead() -> None:
    """Necromancer: 30 + N health, N = Undead Invaders x 10 (option necromancer_counts)."""
    s = blank()
    set_row(s, 3, "necromancer")
    set_row(s, 0, "skeletal")
    set_row(s, 1, "reaper")
    set_row(s, 2, "succubus")
    set_row(s, 4, "skulllord")
    assert invader_health(s, 3) == 30 + 3 * 10
    s2 = blank(necromancer_counts="attacker")
    set_row(s2, 3, "necromancer")
    defeat(s2, 0, "lichking")
    assert invader_health(s2, 3) == 40
