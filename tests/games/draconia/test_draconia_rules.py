"""Draconia rules, one test per rule, each citing its rulebook section."""

from __future__ import annotations

import json

import pytest
from draconia_helpers import legal, play

from wartable.core.errors import IllegalAction
from wartable.games.draconia import GAME
from wartable.games.draconia.scenario import build_position, names
from wartable.games.draconia.state import CAMP_SPEND, EMPTY, OVER

A, B = 0, 1


# --- Set Up -------------------------------------------------------------------------
def test_setup_hand_health_and_deck():
    """Set Up: leader + 2 champions + 4 drawn = 7 cards; 10 health; 10 cards left in the deck."""
    s = GAME.new_state(GAME.make_config({}), 5)
    for p in (A, B):
        assert len(s.hand[p]) == 7 and {0, 1, 2} <= set(s.hand[p])
        assert s.unit(p, 0).unit_class == "leader"
        assert {s.unit(p, 1).unit_class, s.unit(p, 2).unit_class} == {"champion"}
        assert len(s.draw[p]) == 10 and s.health[p] == 10
    assert s.factions[A] != s.factions[B]


def test_setup_first_player_is_random():
    """Set Up, Determine the First Player: randomly."""
    firsts = {GAME.new_state(GAME.make_config({}), seed).first for seed in range(20)}
    assert firsts == {0, 1}


def test_faction_choice_is_a_decision():
    """Set Up, Select a Faction: each player selects 1 of the 6 factions (not one already taken)."""
    s = GAME.new_state(GAME.make_config({"factions": ["highwood", "choose"]}), 1)
    assert GAME.to_act(s) == (B,)
    assert "faction highwood" not in legal(s, B) and "faction zigmar" in legal(s, B)
    play(s, B, "faction zigmar")
    assert s.factions == ["highwood", "zigmar"] and len(s.hand[B]) == 7


# --- Deploy Phase ---------------------------------------------------------------------
def test_deploy_is_simultaneous_and_hidden():
    """1. Deploy Phase: each player simultaneously places 3 units face down."""
    s = GAME.new_state(GAME.make_config({"factions": ["ironshroud", "amazania"]}), 3)
    assert set(GAME.to_act(s)) == {A, B}
    before = GAME.observe(s, B)
    play(s, A, f"deploy L1 #{s.hand[A][0]}", f"deploy L2 #{s.hand[A][1]}")
    assert GAME.observe(s, B) == before  # nothing of A's commitment shows
    play(s, A, f"deploy L3 #{s.hand[A][2]}")
    assert GAME.observe(s, B)["commit"]["waiting_for"] == [B]
    assert GAME.to_act(s) == (B,)
    play(s, B, *(f"deploy L{i + 1} #{c}" for i, c in enumerate(s.hand[B][:3])))
    assert all(x != EMPTY for x in s.field[A] + s.field[B])
    assert len(s.hand[A]) == 4


def test_deploy_cannot_reuse_a_line_or_card():
    """1. Deploy Phase: 3 unit cards, one on each of the three battlelines."""
    s = GAME.new_state(GAME.make_config({}), 3)
    c = s.hand[A][0]
    play(s, A, f"deploy L1 #{c}")
    assert f"deploy L2 #{c}" not in legal(s, A)
    assert not any(x.startswith("deploy L1") for x in legal(s, A))
    with pytest.raises(IllegalAction, match="Deploy Phase"):
        GAME.apply(s, A, f"deploy L1 #{s.hand[A][1]}")


# --- Action Phase ---------------------------------------------------------------------
def test_rest_gains_two_supply():
    """3. Action Phase, C) Rest: gain 2 supply tokens."""
    s = build_position(("ironshroud", "highwood"), field={A: ["Iron Lancers", None, None]})
    play(s, A, "rest")
    assert s.supply[A] == 2 and GAME.to_act(s) == (B,)


def test_free_reveal_only_own_units_in_own_turn():
    """Revealing Units: the active player can freely reveal any unit owned by them during their turn."""
    s = build_position(
        ("ironshroud", "highwood"),
        field={A: ["Iron Lancers", None, None], B: ["Longbowmen", None, None]},
    )
    assert "reveal L1" in legal(s, A)
    play(s, A, "reveal L1")
    assert s.face_up[A][0] and "reveal L1" not in legal(s, A)
    with pytest.raises(IllegalAction, match="not to act"):
        GAME.apply(s, B, "reveal L1")


def test_ambush_only_when_revealed_by_the_attack():
    """Ambush: not triggered if the defending card has been revealed before the attack."""
    s = build_position(
        ("ironshroud", "scorching_sands"),
        field={A: ["Iron Lancers", None, None], B: ["Shamshir Warriors", None, None]},
        face_up={B: [True, False, False]},
    )
    events = play(s, A, "skirmish", "attack L1")
    assert not any(e["type"] == "ambush" for e in events)
    assert s.health == [10, 8]  # 3 attack - 1 defense


def test_empty_battleline_cancels_the_attack_and_keeps_tokens():
    """Performing an Attack, step 2: if there is no opposing unit the attack is canceled."""
    s = build_position(
        ("ironshroud", "zigmar"),
        field={A: ["Iron Lancers", None, None]},
        slot_supply={A: [1, 0, 0]},
    )
    play(s, A, "cautious L1")
    assert s.health == [10, 10] and s.slot_supply[A][0] == 1


def test_supply_and_fortify_tokens_are_spent_by_the_attack():
    """Performing an Attack, step 3: the supply token boosts the attacker, fortify tokens the defender;
    all tokens are discarded afterwards."""
    s = build_position(
        ("ironshroud", "zigmar"),
        field={A: ["Iron Lancers", None, None], B: ["Mummy Wardens", None, None]},
        face_up={B: [True, False, False]},
        slot_supply={A: [1, 0, 0]},
        slot_fortify={B: [2, 0, 0]},
    )
    events = play(s, A, "cautious L1")
    attack = next(e for e in events if e["type"] == "attack")
    assert (attack["attack"], attack["defense"]) == (4, 5)
    assert s.slot_supply[A][0] == 0 and s.slot_fortify[B][0] == 0
    assert s.health == [10, 10]


def test_command_adds_one_to_adjacent_units_and_stacks():
    """Command: your units adjacent to this unit have +1 attack (can be stacked); only face up."""
    s = build_position(
        ("frostfjell", "zigmar"),
        field={A: ["Jarl Ragnar", "Berserkers", "Clan Skald"], B: [None, "Mummy Wardens", None]},
        face_up={B: [False, True, False]},
    )
    events = play(s, A, "cautious L2")  # commanders still face down: no bonus
    assert next(e for e in events if e["type"] == "attack")["attack"] == 3
    s = build_position(
        ("frostfjell", "zigmar"),
        field={A: ["Jarl Ragnar", "Berserkers", "Clan Skald"], B: [None, "Mummy Wardens", None]},
        face_up={A: [True, False, True], B: [False, True, False]},
    )
    events = play(s, A, "cautious L2")
    assert next(e for e in events if e["type"] == "attack")["attack"] == 5
    assert s.health == [10, 8]


def test_poison_eliminates_a_blocking_defender():
    """Amazania, Poison: when this unit's attack is blocked, eliminate the target unit."""
    s = build_position(
        ("amazania", "ironshroud"),
        field={A: ["Venom Spears", None, None], B: ["Bastion Guard", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")
    assert names(s, B, s.grave[B]) == ["Bastion Guard"] and s.health == [10, 10]


def test_poison_does_not_work_after_an_ambush():
    """Amazania, Poison: if the attack is canceled by Ambush, Poison won't take effect."""
    s = build_position(
        ("amazania", "zigmar"),
        field={A: ["Venom Spears", None, None], B: ["Tombkeeper", None, None]},
    )
    play(s, A, "skirmish", "attack L1")
    assert not s.grave[B] and s.health == [9, 10]


def test_revenge_eliminates_the_attacker():
    """Frostfjell, Revenge: when this unit is eliminated by the opponent's attack (or Poison),
    eliminate the attacking unit."""
    s = build_position(
        ("ironshroud", "frostfjell"),
        field={A: ["Iron Lancers", None, None], B: ["Berserkers", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")
    assert names(s, B, s.grave[B]) == ["Berserkers"] and names(s, A, s.grave[A]) == ["Iron Lancers"]
    s = build_position(
        ("amazania", "frostfjell"),
        field={A: ["Venom Spears", None, None], B: ["Shield Maidens", None, None]},
        face_up={B: [True, False, False]},
    )
    play(s, A, "cautious L1")
    assert names(s, A, s.grave[A]) == ["Venom Spears"]


def test_revenge_not_triggered_by_arrows():
    """Frostfjell, Revenge: units eliminated by Arrows won't trigger Revenge."""
    s = build_position(
        ("highwood", "frostfjell"),
        field={A: ["Lirael Swiftbow", None, None], B: [None, "Berserkers", None]},
        face_up={A: [True, False, False]},
        phase="arrow",
    )
    play(s, A, "arrow L2")
    assert names(s, B, s.grave[B]) == ["Berserkers"] and not s.grave[A] and s.health == [10, 9]


def test_arrow_strike_ignores_fortify_tokens():
    """Arrows: an arrow strike does not count as an attack; it will not trigger fortify tokens."""
    s = build_position(
        ("highwood", "zigmar"),
        field={A: ["Lirael Swiftbow", None, None], B: ["Chariots", None, None]},
        face_up={A: [True, False, False]},
        slot_fortify={B: [2, 0, 0]},
        phase="arrow",
    )
    play(s, A, "arrow L1")
    assert (
        not s.grave[B] and s.slot_fortify[B][0] == 2
    )  # 2 arrows vs defense 2: survives, tokens kept


def test_arrow_strike_needs_face_up_arrows_and_happens_once():
    """Arrow Strike: ONE single arrow strike, counting the Arrows your units show."""
    s = build_position(
        ("highwood", "zigmar"),
        field={A: ["Longbowmen", None, None], B: ["Chariots", "Tombkeeper", None]},
        phase="arrow",
    )
    assert not any(x.startswith("arrow") for x in legal(s, A))
    play(s, A, "reveal L1")
    assert "arrow L2" in legal(s, A)
    play(s, A, "arrow L2")
    assert not any(x.startswith("arrow") for x in legal(s, A))


def test_maneuver_swaps_a_blocked_attacker():
    """Scorching Sands, Maneuver: a blocked attacker may return to hand and another unit from hand
    is placed face down; the new unit cannot attack this turn."""
    s = build_position(
        ("scorching_sands", "ironshroud"),
        field={
            A: ["Desert Blades", "Oasis Caravan", None],
            B: ["Bastion Guard", "Shieldwall", None],
        },
        face_up={B: [True, True, False]},
        hand={A: ["Shamshir Warriors"]},
        phase="skirmish",
    )
    play(s, A, "attack L1")
    assert "maneuver #8" in legal(s, A) and "pass" in legal(s, A)
    play(s, A, "maneuver #8")
    assert names(s, A, [s.field[A][0]]) == ["Shamshir Warriors"] and not s.face_up[A][0]
    assert names(s, A, s.hand[A]) == ["Desert Blades"]
    assert "attack L1" not in legal(s, A) and "attack L2" in legal(s, A)


def test_maneuver_not_after_ambush():
    """Maneuver: if the attack is canceled by Ambush, Maneuver won't take effect."""
    s = build_position(
        ("scorching_sands", "zigmar"),
        field={A: ["Desert Blades", None, None], B: ["Tombkeeper", None, None]},
        hand={A: ["Shamshir Warriors"]},
    )
    play(s, A, "skirmish", "attack L1")
    assert GAME.to_act(s) == (B,)


# --- Back Line Phase -------------------------------------------------------------------
def _to_back_line(s):
    """Both players rest so the round moves to the Back Line Phase."""
    for seat in s.order:
        while GAME.to_act(s) == (seat,) and s.phase in (2, 3):
            play(s, seat, "pass" if s.phase == 2 else "rest")


def test_back_line_reveals_and_activates_supply_fortify_bombard():
    """4. Back Line Phase: reveal all face-down units; Supply gains 1 token, Fortify places 1
    (max 2 per slot), Bombard deals 1 damage."""
    s = build_position(
        ("highwood", "ironshroud"),
        field={
            A: ["Siege Archers", "Forest Foragers", "Hedge Wardens"],
            B: ["Quartermaster", "Shieldwall", None],
        },
        slot_fortify={A: [0, 0, 2]},
    )
    _to_back_line(s)
    assert s.phase == CAMP_SPEND or s.phase == 7
    assert all(s.face_up[A]) and s.face_up[B][:2] == [True, True]
    assert s.supply == [2 + 1, 2 + 1]  # rest + one Supply each
    assert s.slot_fortify[A][2] == 2 and s.slot_fortify[B][1] == 1
    assert s.health == [10, 9]


def test_revive_restores_health_or_a_basic_unit():
    """Zig-mar, Revive: restore 1 health OR retrieve 1 basic unit (not leader nor champion)."""
    s = build_position(
        ("zigmar", "ironshroud"),
        field={A: ["Grave Priests", None, None]},
        grave={A: ["Pharaoh Sekhem", "Khopesh Guards"]},
        health=[7, 10],
    )
    _to_back_line(s)
    assert legal(s, A) == ["revive heal", f"revive #{s.grave[A][1]}"]
    play(s, A, "revive heal")
    assert s.health[A] == 8


# --- Camp Phase ---------------------------------------------------------------------------
def test_camp_retrieve_then_spend():
    """5. Camp Phase: retrieve 1 card (mandatory), then spend 2 supply to heal, 1 for an extra card,
    1 for a status-slot supply token (max 1 per slot)."""
    s = build_position(
        ("ironshroud", "zigmar"),
        camp={A: ["Iron Lancers", "Shieldwall", "Quartermaster"]},
        supply=[4, 0],
        health=[8, 10],
        phase="camp_retrieve",
    )
    assert all(x.startswith("retrieve") for x in legal(s, A))
    play(s, A, f"retrieve #{s.camp[A][0]}")
    play(s, A, "heal")
    assert s.health[A] == 9 and s.supply[A] == 2
    play(s, A, f"extra #{s.camp[A][0]}", "supply L2")
    assert s.supply[A] == 0 and s.slot_supply[A] == [0, 1, 0] and len(s.camp[A]) == 1
    assert legal(s, A) == ["pass"]


def test_persistent_retrieves_from_the_graveyard():
    """Ironshroud, Persistent: in the Camp Phase, spend 1 supply to retrieve this unit from the Graveyard."""
    s = build_position(
        ("ironshroud", "zigmar"),
        grave={A: ["Shieldwall", "Bastion Guard"]},
        supply=[1, 0],
        phase="camp_spend",
    )
    persist = [x for x in legal(s, A) if x.startswith("persist")]
    assert len(persist) == 1  # Bastion Guard is not Persistent
    play(s, A, persist[0])
    assert names(s, A, s.hand[A]) == ["Shieldwall"] and s.supply[A] == 0


# --- Upkeep and the end ---------------------------------------------------------------------
def test_upkeep_moves_units_to_camp_draws_two_and_passes_the_token():
    """6. Upkeep Phase: units on the field go to the Camp, draw 2, pass the first player token."""
    s = build_position(
        ("ironshroud", "zigmar"),
        field={A: ["Iron Lancers", None, None]},
        phase="camp_spend",
        first=0,
    )
    draw_before = len(s.draw[A])
    play(s, A, "pass")
    play(s, B, "pass")
    assert names(s, A, s.camp[A]) == ["Iron Lancers"]
    assert len(s.hand[A]) == 2 and len(s.draw[A]) == draw_before - 2
    assert s.first == 1 and s.round == 2 and s.phase == 1


def test_elimination_at_zero_health():
    """End of the Game: a player with 0 or less health is eliminated; the survivor wins at once."""
    s = build_position(
        ("frostfjell", "zigmar"),
        field={A: ["Astrid Axebreaker", None, None], B: ["Tombkeeper", None, None]},
        health=[10, 3],
    )
    play(s, A, "cautious L1")
    assert s.phase == OVER and GAME.outcome(s).winners == (A,)


def test_elimination_with_eight_in_the_graveyard():
    """End of the Game: 8 or more units in the Graveyard eliminates a player."""
    grave = [
        "Khopesh Guards",
        "Khopesh Guards",
        "Scarab Archers",
        "Mummy Wardens",
        "Mummy Wardens",
        "Tombkeeper",
        "Tomb Robbers",
    ]
    s = build_position(
        ("frostfjell", "zigmar"),
        field={A: ["Berserkers", None, None], B: ["Chariots", None, None]},
        face_up={B: [True, False, False]},
        grave={B: grave},
    )
    play(s, A, "cautious L1")
    assert len(s.grave[B]) == 8 and GAME.outcome(s).winners == (A,)


@pytest.mark.parametrize(
    ("health", "graves", "winners"),
    [((7, 5), (0, 0), (A,)), ((6, 6), (3, 1), (B,)), ((6, 6), (2, 2), (A, B))],
)
def test_end_after_round_six_tie_breaks(health, graves, winners):
    """End of the Game: after round 6 more health wins; a tie goes to fewer units in the Graveyard;
    still tied, the players share the victory."""
    s = build_position(
        ("ironshroud", "zigmar"),
        grave={
            A: ["Iron Lancers", "Shieldwall", "Bastion Guard"][: graves[0]],
            B: ["Chariots", "Tombkeeper", "Tomb Robbers"][: graves[1]],
        },
        health=list(health),
        phase="camp_spend",
        round=6,
    )
    play(s, A, "pass")
    play(s, B, "pass")
    assert s.phase == OVER and GAME.outcome(s).winners == winners


# --- Bad input ------------------------------------------------------------------------------------
def test_illegal_action_names_the_rule_and_changes_nothing():
    """Bad input: an illegal action raises IllegalAction naming the rule; the state is untouched."""
    s = build_position(("ironshroud", "zigmar"), field={A: ["Iron Lancers", None, None]})
    before = json.dumps(GAME.state_to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction, match="Camp Phase"):
        GAME.apply(s, A, "heal")
    with pytest.raises(IllegalAction, match="is not an action"):
        GAME.apply(s, A, "fly away")
    assert json.dumps(GAME.state_to_json(s), sort_keys=True) == before


def test_observation_hides_hands_and_face_down_units():
    """Hidden cards stay hidden: an opponent's hand and face-down units never reach another seat."""
    s = build_position(
        ("ironshroud", "zigmar"),
        field={B: ["Tombkeeper", "Chariots", None]},
        face_up={B: [False, True, False]},
        hand={B: ["Pharaoh Sekhem"]},
    )
    obs = GAME.observe(s, A)
    them = obs["players"][B]
    assert them["hand"] is None and them["hand_count"] == 1
    assert them["field"][0] == -2 and them["field"][1] == s.field[B][1]
    assert s.field[B][0] not in them["field"]


def test_every_event_has_a_sentence():
    """The terminal table narrates each event type the rules emit (no raw key=value fallback)."""
    from wartable.agents.random_agent import RandomAgent
    from wartable.core.rng import Rng

    seen = set()
    for config in GAME.example_configs():
        cfg = GAME.make_config(config)
        s = GAME.new_state(cfg, 5)
        rng = Rng(5)
        bot = RandomAgent()
        while not GAME.is_terminal(s):
            seat = GAME.to_act(s)[0]
            legal_ids = GAME.legal_actions(s, seat)
            for e in GAME.apply(s, seat, bot.act(GAME, None, legal_ids, seat, rng)):
                seen.add(e["type"])
                text = GAME.event_to_str(e)
                assert not text.startswith(e["type"] + ":"), text
    assert {"attack", "damage", "reveal", "round", "game_over"} <= seen
