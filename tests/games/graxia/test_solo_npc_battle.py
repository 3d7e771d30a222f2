"""§9.2 Solo Scenarios: the Non-Player in battle (its battle spell deck, battle abilities,
sacrifice, retreat and advance) and its standard reinforcements."""

from __future__ import annotations

from graxia_helpers import GAME, cell, put
from npc_helpers import kinds, npc_turn, player_turn, run, spell

from wartable.games.graxia.state import B_EXCH, B_SAC, COMMAND, NPC_BATTLE


def _finish_battle(s, events):
    """The Player passes and bluffs until the battle is over."""
    for _ in range(20):
        if s.phase == B_EXCH:
            events += GAME.apply(s, 0, "pass")
        elif s.phase == B_SAC:
            events += GAME.apply(s, 0, "bluff")
        else:
            return events
    raise AssertionError("the battle did not end")


def test_battle_cards_drawn_per_battle_and_discarded_after_9_2():
    """§9.2 Battle Spell Card Deck: when a Non-Player unit is in combat it draws from its
    deck (the number per scenario: solo-4 draws 3); the cards go to its discards after."""
    s = npc_turn("solo-4", battle_draws=3)
    s.decks[NPC_BATTLE] = [spell(s, "Mists of Confusion")] * 2 + [spell(s, "Rage")] * 3
    put(s, cell(s, "1,1"), "Mammoth", 1)
    put(s, cell(s, "1,2"), "Mammoth", 0)
    events = run(s)
    assert kinds(events, "npc_battle_draw")[0]["cards"] == 3
    assert len(s.decks[NPC_BATTLE]) == 2
    _finish_battle(s, events)
    nu = len(s.cat.units)
    assert not [c for c in s.hands[1] if c >= nu]
    assert len(s.discards[NPC_BATTLE]) == 3


def test_battle_spells_played_at_its_turns_and_the_best_card_sacrificed_9_2():
    """§9.2 Battle Spell Card Deck (interpretation): it plays each drawn battle spell it may
    play, one per exchange turn; at §7 step 6 it sacrifices the drawn card with the highest
    modifier (Banner of the Brave: sacrifice-only, +6), for attack when it attacks."""
    s = npc_turn("solo-4", battle_draws=2)
    s.decks[NPC_BATTLE] = [spell(s, "Banner of the Brave"), spell(s, "Rage")]
    put(s, cell(s, "1,1"), "Mammoth", 1)
    put(s, cell(s, "1,2"), "Mammoth", 0)
    events = _finish_battle(s, run(s))
    played = kinds(events, "battle_spell")
    assert [e["spell"] for e in played] == ["Rage"] and played[0]["seat"] == 1
    sac = [e for e in kinds(events, "sacrifice") if e["seat"] == 1]
    assert sac and sac[0]["spell"] == "Banner of the Brave" and sac[0]["use"] == "attack"


def test_battle_abilities_used_once_per_battle_9_2():
    """§9.2 Non-Player Unit Abilities: "All Battle Abilities will only be able to be used once
    per battle" (and free: it never loses mana)."""
    s = npc_turn("solo-4")
    put(s, cell(s, "1,1"), "Blood Crusaders", 1)  # Zealotry
    put(s, cell(s, "1,2"), "Mammoth", 0)
    mana = s.mana[1]
    events = _finish_battle(s, run(s))
    used = [e for e in kinds(events, "battle_ability") if e["seat"] == 1]
    assert [e["ability"] for e in used] == ["Zealotry"]
    assert s.mana[1] == mana


def test_it_draws_battle_cards_when_the_player_attacks_it_9_2():
    """§9.2: "When a Non-Player unit card is involved in combat" — also as the defender, and
    its defence sacrifice lowers the Player's battle value."""
    s = player_turn("solo-4", battle_draws=1)
    s.decks[NPC_BATTLE] = [spell(s, "Banner of the Brave")]
    put(s, cell(s, "1,1"), "Mammoth", 1)
    put(s, cell(s, "1,2"), "Mammoth", 0)
    events = GAME.apply(s, 0, "attack 1,2 1,1")
    events += run(s)
    assert kinds(events, "npc_battle_draw")
    events = _finish_battle(s, events)
    sac = [e for e in kinds(events, "sacrifice") if e["seat"] == 1]
    assert sac and sac[0]["use"] == "defence"


def test_moving_sides_advance_static_sides_do_not_9_2():
    """§9.2 (interpretation): a side whose units move advances after winning; Solo Scenario
    1's "Non-Player units will not advance after a battle" and static sides stay."""
    results = {}
    for scenario in ("solo-4", "solo-3"):
        s = npc_turn(scenario)
        a = put(s, cell(s, "2,1"), "Mammoth", 1)
        d = put(s, cell(s, "2,2"), "Goblin Skirmishers", 0, wounds=3)  # 4 health: dies
        _finish_battle(s, run(s))
        results[scenario] = (s.owner[d] == 1, s.owner[a] == 1)
    assert results["solo-4"] == (True, False)
    assert results["solo-3"] == (False, True)


def test_standard_reinforcement_on_a_settlement_the_player_moves_next_to_9_2():
    """§9.2 Non-Player Reinforcements: a Player unit moves next to a non-controlled city,
    castle or village: a Non-Player unit from its Unit Deck (else the Player's) is placed
    (interpretation: on that tile, when it is empty)."""
    s = player_turn("solo-4")
    village = cell(s, "4,2")
    assert s.sc.terrain[village] == "village" and s.ctrl[village] != 0
    put(s, cell(s, "5,3"), "Mammoth", 0)
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]]
    events = GAME.apply(s, 0, "move 5,3 5,2")
    assert kinds(events, "npc_reinforcement")
    assert s.owner[village] == 1 and s.cat.units[s.unit[village]].name == "Orc Raiders"
    assert s.phase == COMMAND and GAME.to_act(s) == (0,)


def test_no_reinforcements_where_the_scenario_says_so_9_2_solo_1():
    """§9.2 Solo Scenario 1: "The Non-Player will not receive any reinforcements"."""
    s = player_turn("solo-1")
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]]
    b = s.sc.board
    village = next(c for c in range(b.size) if s.sc.terrain[c] == "village" and s.ctrl[c] != 0)
    start = next(
        n
        for m in b.nbr[village]
        for n in b.nbr[m]
        if b.d(n, village) == 2
        and s.unit[m] < 0
        and s.sc.terrain[m] != "mountains"
        and s.sc.terrain[n] != "mountains"
    )
    step = next(m for m in b.nbr[start] if m in b.nbr[village] and s.sc.terrain[m] != "mountains")
    put(s, start, "Mammoth", 0)
    events = GAME.apply(s, 0, f"move {b.text(start)} {b.text(step)}")
    assert not kinds(events, "npc_reinforcement") and s.unit[village] < 0


def test_the_player_sees_the_non_players_units_not_its_cards_9_2():
    """The non-player's units are public; the order of its decks and the battle cards it
    holds are not (observe, and the leak test over a solo scenario)."""
    from wartable.testing.leaks import check_leaks

    s = npc_turn("solo-4", battle_draws=2)
    s.decks[NPC_BATTLE] = [spell(s, "Rage"), spell(s, "Mists of Confusion"), spell(s, "Rage")]
    a = put(s, cell(s, "1,1"), "Mammoth", 1)
    put(s, cell(s, "1,2"), "Mammoth", 0)
    run(s)
    obs = GAME.observe(s, 0)
    assert obs["unit"][a] == s.unit[a] and obs["owner"][a] == 1
    assert "decks" not in obs and obs["deck_sizes"][NPC_BATTLE] == 1
    assert obs["hand_counts"][1] == [0, 1] and obs["hand"] == sorted(s.hands[0])  # one played
    assert "npc" in obs and len(obs["deck_sizes"]) == 5
    counts = check_leaks(GAME, {"scenario": "solo-4"}, 0)
    assert counts["points"] > 0
