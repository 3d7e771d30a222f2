"""The solo set-up (§9.2 Solo Scenarios 1-6): the Non-Player's piles and units, and the
Player's set-up decisions as actions of seat 0 (solo/setup.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from wartable.core.errors import ConfigError, IllegalAction
from wartable.games.graxia.catalog.tables import GUARDIAN, HERO, LARGE
from wartable.games.graxia.game import GraxiaGame
from wartable.games.graxia.solo import setup as solo_setup
from wartable.games.graxia.state import (
    GUARD,
    NPC_BATTLE,
    NPC_COMMAND,
    NPC_UNITS,
    GraxiaState,
)

GAME = GraxiaGame()
DECK = "examples/decks/graxia-iron-and-fire.toml"
DECK_5_6 = "examples/decks/graxia-every-land.toml"  # exactly 6 Heroes and 4 Large Creatures


def start(scenario: str, seed: int = 1, **config: Any) -> GraxiaState:
    cfg = GAME.make_config({"scenario": scenario, **config})
    return GAME.new_state(cfg, seed)


def texts(s: GraxiaState) -> list[str]:
    return [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)]


def do(s: GraxiaState, text: str) -> None:
    GAME.apply(s, 0, text)


def units_of(s: GraxiaState, seat: int) -> list[tuple[str, str]]:
    return [
        (s.cat.units[s.unit[c]].name, s.sc.tile_ids[c])
        for c in range(s.sc.board.size)
        if s.owner[c] == seat
    ]


def finish_randomly(s: GraxiaState, seed: int) -> int:
    r = random.Random(seed)
    n = 0
    while s.phase == GUARD and s.solo.setup_step != solo_setup.DONE:
        legal = GAME.legal_actions(s, 0)
        assert legal, solo_setup.STEP_NAMES[s.solo.setup_step]
        GAME.apply_fast(s, 0, r.choice(legal), None)
        n += 1
    return n


# ----- every scenario reaches the start of play ------------------------------------------
@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_legal_setup_reaches_play_9_2(n: int, seed: int) -> None:
    """§9.2: after the Player's set-up decisions the Player plays the first round."""
    s = start(f"solo-{n}", seed)
    assert GAME.to_act(s) == (0,) and s.phase == GUARD
    finish_randomly(s, seed)
    assert s.solo.setup_step == solo_setup.DONE
    assert s.phase != GUARD and s.turn == 1
    assert not GAME.invariants(s)
    assert s.mana[1] == 0  # "The Non-Player never gains or loses Mana"
    assert any(o == 0 for o in s.owner)  # the Player's starting units are on the map
    assert s.hands[0]  # and an initial hand


def test_npc_piles_are_the_scenario_lists_9_2() -> None:
    """§9.2 Non-Player Decks: organised per the scenario, shuffled, kept apart from the
    Player's piles; the Non-Player draws units from the Player's deck when it has none."""
    s = start("solo-3")
    nu = len(s.cat.units)
    assert Counter(s.cat.spells[c - nu].name for c in s.decks[NPC_COMMAND]) == Counter(
        {"Hellstorm": 2, "Pickpocket": 2, "Bedazzle": 1}
    )
    assert len(s.decks[NPC_BATTLE]) == 6 and s.sdeck == [2, NPC_BATTLE]
    assert s.udeck == [0, 0]  # solo 3: "Draw from the Player Unit Deck"
    s2 = start("solo-2")
    assert s2.udeck == [0, NPC_UNITS] and len(s2.decks[NPC_UNITS]) == 6
    assert not s2.decks[NPC_COMMAND]


def test_npc_starting_units_placed_9_2_solo_1() -> None:
    """§9.2 Solo Scenario 1: the eleven Non-Player starting units on their tiles."""
    s = start("solo-1")
    npc = units_of(s, 1)
    assert len(npc) == 11 and ("Sype", "6a") in npc and ("Talon", "36b") in npc
    assert s.guard[1] == -1  # Sype is a plain Non-Player unit


# ----- the Player's starting units --------------------------------------------------------
def test_solo_1_two_heroes_and_a_guardian_9_2_solo_scenario_1() -> None:
    """§9.2 Solo Scenario 1: "2 Heroes and 1 Guardian of the Player's choice": Heroes from
    the Player's Unit Deck (deck 7), the Guardian among those not on the map (not Sype), on
    the Home Row; 'end' is refused until they are placed."""
    s = start("solo-1")
    legal = texts(s)
    assert "end" not in legal
    placed = {t.split('"')[1] for t in legal if t.startswith("place")}
    assert "Sype" not in placed and "Oshnuk" in placed
    heroes = {n for n in placed if s.cat.units[s.cat.unit_index[n]].klass == HERO}
    assert heroes == {"Thrag Skullsplitter", "Eldrin Moonbow"}  # deck 7's Heroes
    home = {s.sc.board.text(c) for c in s.sc.home[0]}
    assert {t.split()[-1] for t in legal} <= home
    deck_before = len(s.decks[0])
    for name in ("Oshnuk", "Thrag Skullsplitter", "Eldrin Moonbow"):
        do(s, next(t for t in texts(s) if f'"{name}"' in t))
    assert len(s.decks[0]) == deck_before - 2 - 3  # two Heroes, then 3 units drawn
    assert s.phase != GUARD  # quota met: the set-up goes on by itself
    assert s.guard[0] == s.cat.unit_index["Oshnuk"]
    assert len(s.hands[0]) == 15  # 3 units and 12 spells


def test_solo_2_forty_mana_one_hero_controlled_tiles_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2: "up to 40 mana worth of units with only one Hero allowed in any
    Player controlled tile"; 'end' at any time."""
    s = start("solo-2")
    assert "end" in texts(s)
    controlled = {s.sc.board.text(c) for c in range(s.sc.board.size) if s.ctrl[c] == 0}
    assert {t.split()[-1] for t in texts(s) if t.startswith("place")} <= controlled
    r = random.Random(3)
    while s.phase == GUARD:
        places = [t for t in texts(s) if t.startswith("place")]
        if not places:
            break
        do(s, r.choice(places))
    mine = [s.cat.units[s.cat.unit_index[n]] for n, _ in units_of(s, 0)]
    assert sum(u.cost for u in mine) <= 40
    assert sum(1 for u in mine if u.klass == HERO) <= 1
    assert not any(u.klass == GUARDIAN for u in mine)


def test_solo_2_second_hero_refused_9_2_solo_scenario_2() -> None:
    s = start("solo-2")
    do(s, next(t for t in texts(s) if '"Thrag Skullsplitter"' in t))
    assert not any('"Nix the Tinkerer"' in t for t in texts(s))
    with pytest.raises(IllegalAction, match=r"§9\.2"):
        GAME.apply(s, 0, 'place "Nix the Tinkerer" 0,5')


# ----- solo 3: the Home Row --------------------------------------------------------------
@pytest.mark.parametrize(
    ("k", "mana", "hand"),
    [(1, 50, 15), (2, 150, 16), (3, 75, 15)],
)
def test_solo_3_home_row_benefits_9_2_solo_scenario_3(k: int, mana: int, hand: int) -> None:
    """§9.2 Solo Scenario 3: the chosen corner is the Home Row (control, summoning cells);
    B starts with 50 mana, C with 150 and draws 8 + 8, D with 75; B and D draw 4 + 11."""
    s = start("solo-3")
    row = s.sc.home_rows[k]
    assert len(texts(s)) == 4
    do(s, f"target {s.sc.board.text(row[0])}")
    assert s.solo.home_row == k and s.sc.home[0] == row
    assert all(s.ctrl[c] == 0 for c in row)
    assert s.mana[0] == mana
    legal = texts(s)
    assert {t.split()[-1] for t in legal} <= {s.sc.board.text(c) for c in row}
    finish_randomly(s, 0)
    assert len(s.hands[0]) == hand
    back = GAME.state_from_json(s.config, GAME.state_to_json(s))
    assert back.sc.home[0] == row  # the chosen Home Row survives a saved position


def test_solo_3_home_row_a_picks_ten_cards_9_2_solo_scenario_3() -> None:
    """§9.2 Solo Scenario 3, Home-Row A: 100 mana and an initial hand of 10 cards of the
    Player's choice, picked from the Unit and Spell Decks."""
    s = start("solo-3")
    do(s, f"target {s.sc.board.text(s.sc.home_rows[0][0])}")
    assert s.mana[0] == 100
    while s.solo.setup_step == solo_setup.START:
        do(s, next(t for t in texts(s) if t.startswith("place")))
    assert s.solo.setup_step == solo_setup.HAND
    assert any(t.startswith("choose") for t in texts(s))
    assert any(t.startswith("take") for t in texts(s))
    do(s, "take Hellstorm" if "take Hellstorm" in texts(s) else texts(s)[-1])
    for _ in range(9):
        do(s, texts(s)[0])
    assert len(s.hands[0]) == 10 and s.phase != GUARD


# ----- solo 4-6: deck building -----------------------------------------------------------
def test_deck_building_refuses_illegal_cards_9_2_solo_scenario_4() -> None:
    """§9.2 Solo Scenario 4: 40 unit cards with at most 4 Heroes and 2 Large Creatures, 40
    spells, each card at most as often as the box holds it; 'end' only for a legal deck."""
    s = start("solo-4")
    assert s.solo.setup_step == solo_setup.BUILD and "end" not in texts(s)
    heroes = [ut.name for ut in s.cat.units if ut.klass == HERO][:4]
    for h in heroes:
        do(s, f'choose "{h}"')
    assert not any(
        t.startswith("choose") and s.cat.units[s.cat.unit_index[t.split('"')[1]]].klass == HERO
        for t in texts(s)
    )
    for _ in range(3):
        do(s, 'choose "Mountain Breakers"')  # the box has 3
    assert 'choose "Mountain Breakers"' not in texts(s)
    assert not any('"Oshnuk"' in t for t in texts(s))  # Guardians are in no deck
    for _ in range(2):  # Hellstorm: 4 in the box, 2 in the Non-Player's command deck
        do(s, "take Hellstorm")
    assert "take Hellstorm" not in texts(s)
    assert "end" not in texts(s)
    with pytest.raises(IllegalAction, match="build your deck"):
        GAME.apply(s, 0, "end")


@pytest.mark.parametrize(
    ("scenario", "rule"),
    [
        ("solo-4", "40 unit cards with at most 4 Heroes and 2 Large Creatures"),
        ("solo-5", "40 unit cards with exactly 6 Heroes and 4 Large Creatures"),
    ],
)
def test_an_early_end_names_the_scenario_s_deck_rule_9_2(scenario: str, rule: str) -> None:
    """§9.2 Solo 4 "may included 4 Heroes and 2 Large Creatures", Solo 5 "with 6 Heroes and
    4 Large Creatures": 'end' before the deck is legal says what the deck must hold."""
    s = start(scenario)
    with pytest.raises(IllegalAction, match=rule):
        GAME.apply(s, 0, "end")


@pytest.mark.parametrize(("counts", "normal_slots"), [("exact", 30), ("at_most", 37)])
def test_deck_building_keeps_room_for_the_starting_units_9_2_solo_scenario_6(
    counts: str, normal_slots: int
) -> None:
    """§9.2 Solo Scenario 6: "40 unit cards all together with 6 Heroes and 4 Large Creatures"
    (exact by default: 30 normal units) and the starting 2 Heroes, 1 Large Creature and 2
    normal units come from the deck (``at_most``: 37 normal units at most), so the last unit
    slots only take what is still missing."""
    s = start("solo-6", solo_deck_counts=counts)
    normal = [ut.name for ut in s.cat.units if ut.klass not in (GUARDIAN, HERO, LARGE)]
    added = 0
    for name in normal:
        for _ in range(3):
            if added < 40 and f'choose "{name}"' in texts(s):
                do(s, f'choose "{name}"')
                added += 1
    assert added == normal_slots
    classes = {
        s.cat.units[s.cat.unit_index[t.split('"')[1]]].klass
        for t in texts(s)
        if t.startswith("choose")
    }
    assert classes == {HERO, LARGE}


def test_config_deck_skips_building_9_2_solo_scenario_4() -> None:
    """A deck file in config ``deck`` replaces the deck building; solo 4's six set-up units
    go on the cities and villages the Player does not control."""
    s = start("solo-4", deck=DECK)
    assert s.solo.setup_step == solo_setup.START
    assert len(s.decks[0]) == 40 and len(s.decks[2]) == 40
    finish_randomly(s, 0)
    npc = units_of(s, 1)
    assert len(npc) == 6
    assert {s.sc.terrain[s.sc.tile_ids.index(t)] for _, t in npc} == {"city", "village"}


def test_config_deck_illegal_is_refused_with_the_reason_9_2_solo_scenario_5() -> None:
    """§9.2 Solo Scenario 5: a config deck that breaks the deck rules never starts a game."""
    bad = 'units = ["Talon", "Talon"]\nspells = ["Scout"]\n'
    with pytest.raises(ConfigError, match=r"2 x Talon: at most 1"):
        start("solo-5", deck=bad)


def test_solo_5_player_places_one_npc_unit_per_land_type_9_2_solo_scenario_5() -> None:
    """§9.2 Solo Scenario 5: one Non-Player unit in every listed land type, on the tile the
    Player chooses, never on a tile the Player controls."""
    s = start("solo-5", deck=DECK_5_6)
    while s.solo.setup_step == solo_setup.START:
        do(s, next(t for t in texts(s) if t.startswith("place")))
    asked = 0
    while s.solo.setup_step == solo_setup.SPAWN:
        legal = texts(s)
        assert all(t.startswith("target") for t in legal) and len(legal) > 1
        terrain = {s.sc.terrain[s.sc.board.parse(t.split()[1])] for t in legal}
        assert len(terrain) == 1
        do(s, legal[-1])
        asked += 1
    npc_cells = [c for c in range(s.sc.board.size) if s.owner[c] == 1]
    assert sorted(s.sc.terrain[c] for c in npc_cells) == sorted(s.sc.npc.spawn_terrain)
    assert asked >= 5  # several land types have more than one free tile
    assert all(c not in s.sc.home[0] for c in npc_cells)


def test_solo_6_forests_get_npc_units_at_set_up_9_2_solo_scenario_6() -> None:
    """§9.2 Solo Scenario 6: "At the beginning of the game ... place 1 unit in every forest
    space", drawn from the Player's Unit Deck."""
    s = start("solo-6", deck=DECK_5_6)
    deck = len(s.decks[0])
    finish_randomly(s, 1)
    forests = [c for c in range(s.sc.board.size) if s.sc.terrain[c] == "forest"]
    assert all(s.owner[c] == 1 for c in forests)
    assert sum(1 for o in s.owner if o == 1) == len(forests)
    nu = len(s.cat.units)
    in_hand = sum(1 for c in s.hands[0] if c < nu)
    placed = [u for u, _ in units_of(s, 0) if s.cat.units[s.cat.unit_index[u]].klass != GUARDIAN]
    assert len(placed) == 5  # 2 Heroes, 1 Large Creature, 2 normal units (and the Guardian)
    assert len(s.decks[0]) + in_hand + len(forests) + len(placed) == deck


def test_option_box_starting_units_9_2_solo_scenario_1() -> None:
    """Config ``solo_start_units = "box"``: "2 Heroes ... of the Player's choice" among every
    Hero of the box the Non-Player does not hold (not Grimbark, not Volos); a card of the
    Player's deck leaves the deck, a card from outside leaves it as it was."""
    s = start("solo-1", solo_start_units="box")
    heroes = {
        t.split('"')[1]
        for t in texts(s)
        if s.cat.units[s.cat.unit_index[t.split('"')[1]]].klass == HERO
    }
    assert "Balak the Hunter" in heroes and "Thrag Skullsplitter" in heroes
    assert "Grimbark" not in heroes and "Volos Flamebringer" not in heroes
    deck = len(s.decks[0])
    do(s, next(t for t in texts(s) if '"Balak the Hunter"' in t))
    assert len(s.decks[0]) == deck
    assert not any('"Balak the Hunter"' in t for t in texts(s))  # one card, now placed
    do(s, next(t for t in texts(s) if '"Thrag Skullsplitter"' in t))
    assert len(s.decks[0]) == deck - 1
    finish_randomly(s, 0)
    assert s.phase != GUARD
