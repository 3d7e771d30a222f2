"""Every worked example of the Draconia rulebook (2-player), with the rulebook's numbers."""

from __future__ import annotations

from draconia_helpers import play

from wartable.games.draconia import GAME
from wartable.games.draconia.scenario import build_position, names
from wartable.games.draconia.state import EMPTY

ALAN, BETH = 0, 1


def test_order_phase_example_more_haste_acts_first():
    """Order Phase example: Beth has the first player token, however Alan has more Haste,
    therefore Alan acts first."""
    s = build_position(
        ("scorching_sands", "ironshroud"),
        hand={
            ALAN: ["Camel Riders", "Desert Blades", "Oasis Caravan"],
            BETH: ["Shieldwall", "Bastion Guard", "Iron Lancers"],
        },
        phase="deploy",
        first=BETH,
    )
    s.commit.open((ALAN, BETH))
    play(s, ALAN, "deploy L1 #11", "deploy L2 #3", "deploy L3 #14")
    play(s, BETH, "deploy L1 #6", "deploy L2 #8", "deploy L3 #5")
    assert s.order == [ALAN, BETH]
    assert s.first == BETH  # "Don't change the possession of the first player token in this phase"
    assert s.face_up[ALAN] == [True, False, False]  # the Haste unit is revealed, the others not
    assert GAME.to_act(s) == (ALAN,)


def test_order_phase_tie_goes_to_the_first_player_token():
    """Order Phase: if there is a tie, the player with the first player token acts first."""
    s = build_position(
        ("ironshroud", "frostfjell"),
        hand={
            ALAN: ["Shieldwall", "Bastion Guard", "Iron Lancers"],
            BETH: ["Fjord Guard", "Berserkers", "Shield Maidens"],
        },
        phase="deploy",
        first=BETH,
    )
    s.commit.open((ALAN, BETH))
    for seat in (ALAN, BETH):
        hand = sorted(s.hand[seat])
        play(s, seat, *(f"deploy L{i + 1} #{c}" for i, c in enumerate(hand)))
    assert s.order == [BETH, ALAN]


def test_arrow_strike_example_tombkeeper():
    """Arrow Strike example: Player 1 reveals two units showing 3 Arrows and strikes the middle
    unit, a Tombkeeper. Ambush is not triggered; defense 1 < 3, it is eliminated and Player 1
    deals 2 damage."""
    s = build_position(
        ("highwood", "zigmar"),
        field={
            ALAN: ["Lirael Swiftbow", "Longbowmen", "Oak Guardians"],
            BETH: ["Chariots", "Tombkeeper", "Khopesh Guards"],
        },
        phase="arrow",
    )
    play(s, ALAN, "reveal L1", "reveal L2")
    assert sum(s.unit(ALAN, s.field[ALAN][i]).arrows for i in (0, 1)) == 3
    events = play(s, ALAN, "arrow L2")
    assert not any(e["type"] == "ambush" for e in events)
    assert s.field[BETH][1] == EMPTY
    assert names(s, BETH, s.grave[BETH]) == ["Tombkeeper"]
    assert s.health == [10, 8]
    assert s.phase == 3  # the main action follows the strike


def test_skirmish_example_alan_attacks_left_to_right():
    """Action Phase A, Skirmish example: Prince William 3 beats Tara 2 (Tara eliminated, Beth
    loses 1); Shadow Archer 2 is held by Dastan 3; the last attack is canceled by the Shamshir
    Warriors' Ambush and Alan loses 1 health."""
    s = build_position(
        ("ironshroud", "scorching_sands"),
        field={
            ALAN: ["Prince William", "Shadow Archer", "Iron Lancers"],
            BETH: ["Tara", "Dastan", "Shamshir Warriors"],
        },
        face_up={BETH: [True, True, False]},
    )
    play(s, ALAN, "skirmish")
    first = play(s, ALAN, "attack L1")
    attack = next(e for e in first if e["type"] == "attack")
    assert (attack["attacker"], attack["attack"], attack["defender"], attack["defense"]) == (
        "Prince William",
        3,
        "Tara",
        2,
    )
    assert names(s, BETH, s.grave[BETH]) == ["Tara"] and s.health == [10, 9]
    second = play(s, ALAN, "attack L2")
    attack = next(e for e in second if e["type"] == "attack")
    assert (attack["attacker"], attack["attack"], attack["defender"], attack["defense"]) == (
        "Shadow Archer",
        2,
        "Dastan",
        3,
    )
    assert s.health == [10, 9] and len(s.grave[BETH]) == 1 and not s.grave[ALAN]
    third = play(s, ALAN, "attack L3")
    assert any(e["type"] == "ambush" for e in third)
    assert s.health == [9, 9]
    assert names(s, BETH, [s.field[BETH][2]]) == [
        "Shamshir Warriors"
    ]  # canceled: nobody eliminated
    assert GAME.to_act(s) == (BETH,)  # Alan's turn is over


def test_cautious_attack_example_ignores_ambush():
    """Action Phase B, Cautious Attack example: Prince William (3) attacks the face-down Shamshir
    Warriors (Ambush, defense 1). Ambush is not in effect: the Warriors are eliminated and
    Beth loses 2 health."""
    s = build_position(
        ("ironshroud", "scorching_sands"),
        field={ALAN: ["Prince William", None, None], BETH: ["Shamshir Warriors", None, None]},
    )
    events = play(s, ALAN, "cautious L1")
    assert not any(e["type"] == "ambush" for e in events)
    assert names(s, BETH, s.grave[BETH]) == ["Shamshir Warriors"]
    assert s.health == [10, 8]


def test_named_units_fit_the_examples():
    """The units the rulebook names have the printed values its examples need."""
    cards = GAME.cards(GAME.make_config({}))
    want = {
        ("ironshroud", "Prince William"): ("attack", 3),
        ("scorching_sands", "Tara"): ("defense", 2),
        ("ironshroud", "Shadow Archer"): ("attack", 2),
        ("scorching_sands", "Dastan"): ("defense", 3),
        ("scorching_sands", "Shamshir Warriors"): ("defense", 1),
        ("zigmar", "Tombkeeper"): ("defense", 1),
        ("frostfjell", "Grim Bjorn"): ("defense", 3),
    }
    for (faction, name), (stat, value) in want.items():
        unit = cards.unit_by_name(faction, name)
        assert getattr(unit, stat) == value, (name, stat)
        assert unit.source == "rulebook"
    assert cards.unit_by_name("scorching_sands", "Shamshir Warriors").ambush
    assert cards.unit_by_name("zigmar", "Tombkeeper").ambush


def test_grim_bjorn_survives_an_arrow_strike_of_two():
    """3-4 Player Arrow Strike example (numbers checked in the 2-player setting): an arrow strike
    of 2 against Grim Bjorn's defense 3 does not eliminate him."""
    s = build_position(
        ("highwood", "frostfjell"),
        field={ALAN: ["Longbowmen", "Longbowmen", None], BETH: ["Grim Bjorn", None, None]},
        face_up={ALAN: [True, True, False]},
        phase="arrow",
    )
    play(s, ALAN, "arrow L1")
    assert names(s, BETH, [s.field[BETH][0]]) == ["Grim Bjorn"] and s.face_up[BETH][0]
    assert s.health == [10, 10]
