"""Draconia 3-4 Player Variant and 2vs2, with the rulebook's worked examples."""

from __future__ import annotations

from draconia_helpers import legal, play

from wartable.games.draconia import GAME
from wartable.games.draconia.board import facing, left_neighbour, right_neighbour
from wartable.games.draconia.scenario import build_position, names
from wartable.games.draconia.state import OVER

ALAN, BETH, CARL, DORA = 0, 1, 2, 3
FOUR = ("highwood", "scorching_sands", "frostfjell", "zigmar")


def deploy_all(s, hands):
    for seat, cards in hands.items():
        play(s, seat, *(f"deploy L{i + 1} #{c}" for i, c in enumerate(cards)))


def rest(s, seat):
    if s.phase == 2:  # skip the arrow strike
        play(s, seat, "pass")
    play(s, seat, "rest")


def test_turn_order_example_clockwise_tie_break():
    """3-4 Player Variant, Example: Turn Order. Alan holds the token with no Haste, Beth has one,
    Carl two, Dora one: Carl acts first, then Beth (closer to the token clockwise), Dora, Alan.
    The Camp Phase begins with Alan; in the Upkeep Alan passes the token to Beth."""
    s = build_position(
        FOUR,
        hand={
            ALAN: ["Longbowmen", "Oak Guardians", "Forest Foragers"],
            BETH: ["Camel Riders", "Sandstone Guard", "Oasis Caravan"],
            CARL: ["Wolf Riders", "Wolf Riders", "Fjord Guard"],
            DORA: ["Chariots", "Mummy Wardens", "Embalmers"],
        },
        phase="deploy",
        first=ALAN,
        players=4,
        order=(0, 1, 2, 3),
    )
    s.commit.open((ALAN, BETH, CARL, DORA))
    deploy_all(s, {p: sorted(s.hand[p]) for p in range(4)})
    assert s.order == [CARL, BETH, DORA, ALAN]
    for seat in s.order:  # everybody rests
        rest(s, seat)
    while s.phase == 6:  # Embalmers' Revive
        play(s, GAME.to_act(s)[0], "revive heal")
    assert s.camp_queue[0] == ALAN and GAME.to_act(s) == (ALAN,)
    for seat in (ALAN, BETH, CARL, DORA):
        play(s, seat, "pass")
    assert s.first == BETH


def test_battlelines_face_the_neighbours():
    """3-4 Player Variant, 2. Battlelines: Alan's left unit attacks Beth's right unit; his right
    unit attacks Dora's left; his middle may attack any opponent's middle."""
    s = build_position(FOUR, players=4, order=(0, 1, 2, 3))
    assert facing(s, ALAN, 0) == (BETH, 2)
    assert facing(s, ALAN, 2) == (DORA, 0)
    assert facing(s, ALAN, 1, CARL) == (CARL, 1)


def test_arrow_strike_example_any_unit_of_any_opponent():
    """3-4 Player Variant, Example: Arrow Strike. Alan strikes Carl's right unit, Grim Bjorn
    (defense 3), with 2 Arrows: unreachable by his lines, yet the strike is allowed, and Grim Bjorn
    survives. Then in his Skirmish his left attacks Beth's right, his right Dora's left, and he
    chooses Carl's middle for his middle unit."""
    s = build_position(
        FOUR,
        field={
            ALAN: ["Longbowmen", "Elder Sylvaran", "Stag Riders"],
            BETH: ["Sandstone Guard", "Oasis Caravan", "Sandstone Guard"],
            CARL: ["Fjord Guard", "Mead Hall Thralls", "Grim Bjorn"],
            DORA: ["Mummy Wardens", "Embalmers", "Mummy Wardens"],
        },
        phase="arrow",
        players=4,
        order=(0, 1, 2, 3),
    )
    play(s, ALAN, "reveal L1", "reveal L2")
    assert "arrow @2 L3" in legal(s, ALAN) and "arrow @0 L1" not in legal(s, ALAN)
    events = play(s, ALAN, "arrow @2 L3")
    strike = next(e for e in events if e["type"] == "arrow_strike")
    assert (strike["arrows"], strike["defense"]) == (2, 3)
    assert names(s, CARL, [s.field[CARL][2]]) == ["Grim Bjorn"] and s.health[CARL] == 10
    play(s, ALAN, "skirmish")
    assert {"attack L1", "attack L3", "attack L2 @1", "attack L2 @2", "attack L2 @3"} <= set(
        legal(s, ALAN)
    )
    left = play(s, ALAN, "attack L1")
    assert next(e for e in left if e["type"] == "attack")["target_seat"] == BETH
    assert next(e for e in left if e["type"] == "attack")["target_line"] == 2
    right = play(s, ALAN, "attack L3")
    assert next(e for e in right if e["type"] == "attack")["target_seat"] == DORA
    middle = play(s, ALAN, "attack L2 @2")
    assert next(e for e in middle if e["type"] == "attack")["target_seat"] == CARL


def test_knock_out_relinks_the_battlelines():
    """3-4 Player Variant, 6. Eliminating a Player: if the player on your left is knocked out, the
    player opposite becomes your left neighbour at once (Alan and Carl now share a border)."""
    s = build_position(
        FOUR,
        field={ALAN: ["Lirael Swiftbow", None, None], BETH: [None, None, "Camel Riders"]},
        face_up={BETH: [False, False, True]},
        health=[10, 1, 10, 10],
        players=4,
        order=(0, 1, 2, 3),
    )
    play(s, ALAN, "cautious L1")
    assert not s.alive[BETH] and s.phase != OVER
    assert left_neighbour(s, ALAN) == CARL and right_neighbour(s, CARL) == ALAN
    assert facing(s, ALAN, 0) == (CARL, 2)


def test_down_to_two_players_the_last_survivor_wins():
    """3-4 Player Variant, 6: when the game is down to 2 players they play the 2-player setting;
    the final player who survives wins."""
    s = build_position(
        ("highwood", "scorching_sands", "frostfjell"),
        field={ALAN: ["Lirael Swiftbow", None, None], BETH: [None, None, "Camel Riders"]},
        face_up={BETH: [False, False, True]},
        health=[10, 1, 10],
        players=3,
        order=(0, 1, 2),
    )
    play(s, ALAN, "cautious L1")
    assert left_neighbour(s, ALAN) == CARL == right_neighbour(s, ALAN)
    assert facing(s, ALAN, 0) == (CARL, 2) and facing(s, ALAN, 2) == (CARL, 0)
    s.health[CARL] = 1
    archer = next(c for c in s.draw[ALAN] if s.unit(ALAN, c).name == "Longbowmen")
    lurker = next(c for c in s.draw[CARL] if s.unit(CARL, c).name == "Snow Lurkers")
    s.draw[ALAN].remove(archer)
    s.draw[CARL].remove(lurker)
    s.field[ALAN][2], s.field[CARL][0], s.face_up[CARL][0] = archer, lurker, True
    s.active, s.turn, s.phase, s.attacks_left = ALAN, 0, 3, []
    play(s, ALAN, "cautious L3")  # Longbowmen 2 against Snow Lurkers 1 on Carl's left
    assert s.phase == OVER and GAME.outcome(s).winners == (ALAN,)


def test_bombard_middle_chooses_any_opponent_sides_hit_the_neighbours():
    """3-4 Player Variant, 5. Bombard: on the left or right unit it hits the corresponding opponent;
    from the middle unit the player chooses any opponent."""
    s = build_position(
        FOUR,
        field={ALAN: ["Siege Archers", "Trebuchet Crew", None]},
        players=4,
        order=(0, 1, 2, 3),
    )
    for seat in (ALAN, BETH, CARL, DORA):
        rest(s, seat)
    assert s.health[BETH] == 9  # Siege Archers on the left hit Beth
    assert GAME.to_act(s) == (ALAN,) and legal(s, ALAN) == [
        "bombard @1",
        "bombard @2",
        "bombard @3",
    ]
    play(s, ALAN, "bombard @3")
    assert s.health == [10, 9, 10, 9]


def test_team_game_partners_opposite_and_team_elimination():
    """2vs2 Player Games: partners sit opposite and attack the enemies to their left and right; a
    team is eliminated when ONE member has 0 health or 8 units in the Graveyard."""
    s = build_position(
        FOUR,
        field={ALAN: ["Lirael Swiftbow", None, None], BETH: [None, None, "Camel Riders"]},
        face_up={BETH: [False, False, True]},
        health=[10, 1, 10, 10],
        players=4,
        mode="teams",
        order=(0, 1, 2, 3),
    )
    assert "cautious L2 @2" not in legal(s, ALAN)  # Carl is Alan's partner
    play(s, ALAN, "cautious L1")
    assert s.phase == OVER and GAME.outcome(s).winners == (ALAN, CARL)


def test_team_game_middle_line_only_targets_enemies():
    """2vs2: the middle line attacks an opponent's middle, never the partner's."""
    s = build_position(FOUR, field={ALAN: [None, "Elder Sylvaran", None]}, players=4, mode="teams")
    assert [x for x in legal(s, ALAN) if x.startswith("cautious")] == [
        "cautious L2 @1",
        "cautious L2 @3",
    ]
