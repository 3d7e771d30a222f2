"""Chapter 10, Invader Cards: health, glory, rare class, and every Revealed Effect
(resolved by the attacking player when the replacement invader is revealed, chapter 5 DEFEAT)."""

from __future__ import annotations

from invasion_support import blank, do, give_deck, give_discard, give_hand, next_invader, set_row
from test_invasion_setup import Scripted

from wartable.games.invasion.cards import INVADER_KEYS, TERROR, K


def test_printed_invader_values() -> None:
    """Chapter 10: health, glory and rare class as printed; chapter 2: 16 blue, 17 gold."""
    s = blank()
    db = s.db
    table = {"skeletal": (10, 1, "undead"), "succubus": (15, 1, ""), "reaper": (25, 2, "undead"),
             "hellhound": (30, 2, ""), "necromancer": (30, 3, ""), "wyvern": (35, 3, ""),
             "balar": (40, 4, ""), "orcchief": (45, 4, ""), "skulllord": (45, 5, "undead"),
             "lichking": (50, 5, "undead"), "icedragon": (70, 7, "dragon"),
             "firedragon": (80, 8, "dragon")}  # fmt: skip
    for key, (hp, glory, rare) in table.items():
        rec = db.invaders[INVADER_KEYS.index(key)]
        assert (rec.health, rec.glory, rec.rare) == (hp, glory, rare)
    blue = sum(r.count for r in db.invaders if r.color == "blue")
    gold = sum(r.count for r in db.invaders if r.color == "gold")
    assert (blue, gold) == (16, 17)


def reveal_after_kill(key: str, deck: tuple[str, ...] = ("wealth",) * 6, s=None):
    """Seat 0 defeats an invader of the same colour; ``key`` is revealed in its place."""
    s = s or blank()
    gold = s.db.inv_gold[INVADER_KEYS.index(key)]
    slot, target, guards = (3, "wyvern", 7) if gold else (0, "succubus", 3)
    set_row(s, slot, target)
    next_invader(s, key)
    give_hand(s, 0, *["guard"] * guards)
    give_deck(s, 0, *deck)
    do(s, 0, "defeat", *["defend guard"] * guards, f"target {'g1' if gold else 'b1'}")
    assert s.row[slot] == INVADER_KEYS.index(key)
    return s


def test_skeletal_soldier_rolls_the_terror_die() -> None:
    """Skeletal Soldier: the attacker rolls the Terror Die to set the new count."""
    s = blank()
    s.rng = Scripted([3])
    reveal_after_kill("skeletal", s=s)
    assert s.terror == 3 and not any(s.pending_events) and sum(s.events_seen) == 0


def test_skeletal_soldier_skull_reveals_event() -> None:
    """Skeletal Soldier: if the skull (the symbol face, 6) appears, an Event is revealed."""
    s = blank()
    s.rng = Scripted([6])
    s.event_deck[-1] = 1  # a Demon Spell (not Chaos, which would reshuffle the row)
    before = len(s.event_deck)
    reveal_after_kill("skeletal", s=s)
    assert s.terror == 6 and len(s.event_deck) == before - 1


def test_succubus_draw_four() -> None:
    """Succubus: the attacker draws 4 cards instead of 6."""
    s = reveal_after_kill("succubus")
    assert sum(s.hand[0]) == 4


def test_lich_king_draw_three() -> None:
    """Lich King: the attacker draws 3 cards instead of 6."""
    s = reveal_after_kill("lichking")
    assert sum(s.hand[0]) == 3


def test_ice_dragon_draw_two() -> None:
    """Ice Dragon: the attacker draws 2 cards instead of 6."""
    s = reveal_after_kill("icedragon")
    assert sum(s.hand[0]) == 2


def test_reaper_terror_to_discard() -> None:
    """Reaper: the attacker gains 1 Terror card (to the discard pile)."""
    s = reveal_after_kill("reaper")
    assert s.discard[0][TERROR] == 1 and s.hand[0][TERROR] == 0


def test_hellhound_terror_to_deck_top() -> None:
    """Hellhound: the attacker gains 1 Terror card to the top of their deck (drawn next)."""
    s = reveal_after_kill("hellhound")
    assert s.hand[0][TERROR] == 1 and s.discard[0][TERROR] == 0


def test_necromancer_terror_from_discard_to_deck() -> None:
    """Necromancer: the attacker puts all Terror cards from the discard pile on top of the deck."""
    s = blank()
    give_discard(s, 0, "terror", "terror", "treasure")
    reveal_after_kill("necromancer", s=s)
    assert s.hand[0][TERROR] == 2  # on top of the deck, so drawn into the new hand


def test_wyvern_all_players_gain_terror() -> None:
    """Wyvern: all players gain 1 Terror card."""
    s = reveal_after_kill("wyvern")
    assert [s.discard[p][TERROR] for p in range(3)] == [1, 1, 1]


def test_balar_choose_another_player() -> None:
    """Balar: the attacker chooses another player; each gains 1 Terror card."""
    s = blank()
    set_row(s, 3, "wyvern")
    next_invader(s, "balar")
    give_hand(s, 0, *["guard"] * 7)
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "defeat", *["defend guard"] * 7, "target g1", "choose seat 2")
    assert [s.discard[p][TERROR] for p in range(3)] == [1, 0, 1]


def test_orc_chief_trashes_revealed_gold() -> None:
    """Orc Chief: reveal the top 3 cards, trash any Gold cards, discard the rest."""
    deck = ("guard",) * 6 + ("terror", "wealth", "treasure")
    s = reveal_after_kill("orcchief", deck=deck)
    # the revealed Wealth and Treasure went back to the table: every one is there again
    assert s.supply[K["wealth"]] == 48 and s.supply[K["treasure"]] == 36
    assert s.discard[0][TERROR] == 1
    assert s.terror == 1  # discarded from the deck, not a hand


def test_skull_lord_two_terror() -> None:
    """Skull Lord: the attacker gains 2 Terror cards."""
    s = reveal_after_kill("skulllord")
    assert s.discard[0][TERROR] == 2


def test_fire_dragon_two_terror_on_deck() -> None:
    """Fire Dragon: the attacker gains 2 Terror cards to the top of the deck."""
    s = reveal_after_kill("firedragon")
    assert s.hand[0][TERROR] == 2


def test_empty_invader_deck_leaves_slot_empty() -> None:
    """When an invader deck is empty the slot stays empty (the rulebook is silent)."""
    s = blank()
    set_row(s, 0, "succubus")
    s.defeated[2].extend([*s.blue_deck, s.row[1], s.row[2]])  # keep every card accounted for
    s.blue_deck.clear()
    s.row[1] = s.row[2] = -1
    give_hand(s, 0, "guard", "guard", "guard")
    do(s, 0, "defeat", "defend guard", "defend guard", "defend guard", "target b1")
    assert s.row[0] == -1
