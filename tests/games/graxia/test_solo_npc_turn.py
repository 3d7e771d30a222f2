"""§9.2 Solo Scenarios, the Non-Player's turn: its command spell deck, targeting, mana,
decks reshuffled when exhausted, the order it moves and battles in."""

from __future__ import annotations

from graxia_helpers import GAME, cell, put
from npc_helpers import kinds, npc_turn, run, spell

from wartable.games.graxia.solo import npc_order
from wartable.games.graxia.solo_records import SOLO_FIELDS
from wartable.games.graxia.state import NPC_COMMAND, RELIC, STUNNED


def test_command_cards_are_played_before_any_unit_moves_9_2():
    """§9.2 Non-Player Command Spell Card Deck: played at the beginning of its turn, before
    any unit card activation; the number per scenario (command_plays)."""
    s = npc_turn("solo-4", command_plays=2)
    s.decks[NPC_COMMAND] = [spell(s, "Bedazzle")] * 3
    put(s, cell(s, "0,0"), "Mammoth", 1)  # far from anyone: it moves toward the centre
    put(s, cell(s, "4,3"), "Mammoth", 0)
    put(s, cell(s, "0,5"), "Mammoth Riders", 0)
    events = run(s)
    order = [e["type"] for e in kinds(events, "spell", "move")]
    assert order[:3] == ["spell", "spell", "move"]
    assert len(s.decks[NPC_COMMAND]) == 1 and len(s.discards[NPC_COMMAND]) == 2


def test_enemy_targets_highest_health_then_attack_defence_total_9_2():
    """§9.2: cards that target enemy units take the highest health (then the highest
    attack+defence total; ties right to left, furthest row first)."""
    s = npc_turn("solo-4", command_plays=1)
    s.decks[NPC_COMMAND] = [spell(s, "Bedazzle")]
    weak = put(s, cell(s, "4,3"), "Mammoth", 0, wounds=5)  # 12 - 5 = 7 left
    strong = put(s, cell(s, "0,5"), "Mammoth Riders", 0)  # 10 left
    run(s)
    assert s.flags[strong] & STUNNED and not s.flags[weak] & STUNNED


def test_enemy_ties_go_right_to_left_furthest_row_first_9_2():
    """§9.2: equal totals: right to left, furthest row to nearest from the Player's view
    (the Player sits south here: right is east, the furthest row the northmost)."""
    s = npc_turn("solo-4", command_plays=1)
    assert npc_order.player_south(s)
    s.decks[NPC_COMMAND] = [spell(s, "Bedazzle")]
    left = put(s, cell(s, "0,5"), "Mammoth", 0)
    right_near = put(s, cell(s, "5,3"), "Mammoth", 0)
    right_far = put(s, cell(s, "5,2"), "Mammoth", 0)
    assert npc_order.tie_order(s, [left, right_near, right_far]) == [right_far, right_near, left]
    run(s)
    assert s.flags[right_far] & STUNNED
    assert not s.flags[right_near] & STUNNED and not s.flags[left] & STUNNED


def test_friendly_targets_lowest_health_9_2():
    """§9.2: cards that target friendly units take the lowest health first."""
    s = npc_turn("solo-4", command_plays=1)
    s.decks[NPC_COMMAND] = [spell(s, "Second Wind")]
    hurt = put(s, cell(s, "0,0"), "Mammoth", 1, wounds=8)  # 4 left
    other = put(s, cell(s, "5,-2"), "Mammoth", 1, wounds=2)  # 10 left
    assert npc_order.friendly_first(s, [other, hurt]) == [hurt, other]
    run(s)  # Second Wind heals 3 (the units then move toward the centre)
    assert sorted(s.wounds[c] for c in range(s.sc.board.size) if s.owner[c] == 1) == [2, 5]


def test_the_non_player_never_gains_or_loses_mana_pickpocket_9_2():
    """§9.2 Mana: the Non-Player never gains or loses Mana (solo-3: "Pickpocket
    (Non-Player gains no Mana)"); its cards cost it nothing; the Player loses what
    Pickpocket takes."""
    s = npc_turn("solo-3", command_plays=2)
    s.decks[NPC_COMMAND] = [spell(s, "Pickpocket"), spell(s, "Bedazzle")]
    put(s, cell(s, "4,3"), "Mammoth", 0)
    npc_mana = s.mana[1]
    run(s)
    assert s.mana[1] == npc_mana
    assert s.mana[0] < 20
    assert len(s.discards[NPC_COMMAND]) == 2


def test_exhausted_command_deck_is_reshuffled_from_its_discards_9_2():
    """§9.2 Non-Player Decks: when exhausted the discards are reshuffled and used again."""
    s = npc_turn("solo-4", command_plays=2)
    s.decks[NPC_COMMAND] = [spell(s, "Bedazzle")]
    s.discards[NPC_COMMAND] = [spell(s, "Hellstorm")]
    put(s, cell(s, "4,3"), "Mammoth", 0)
    events = run(s)
    played = [e["spell"] for e in kinds(events, "spell")]
    assert played[0] == "Bedazzle" and len(played) == 2
    assert kinds(events, "reshuffle")
    assert sorted(s.decks[NPC_COMMAND] + s.discards[NPC_COMMAND]) == sorted(
        [spell(s, "Bedazzle"), spell(s, "Hellstorm")]
    )


def test_units_move_one_at_a_time_right_to_left_furthest_row_first_9_2():
    """§9.2 Move unit cards and Battle: one at a time from right to left, furthest row to
    nearest, all units move first and then battle."""
    s = npc_turn("solo-4")
    a = put(s, cell(s, "0,1"), "Mammoth", 1)
    b = put(s, cell(s, "5,-2"), "Mammoth", 1)
    c = put(s, cell(s, "5,0"), "Mammoth", 1)
    put(s, cell(s, "1,5"), "Mammoth", 0)
    assert npc_order.tie_order(s, [a, b, c]) == [b, c, a]
    events = run(s)
    moves = [e["frm"] for e in kinds(events, "move")]
    assert moves == ["5,-2", "5,0", "0,1"]


def test_battles_run_top_to_bottom_left_to_right_after_all_moves_9_2():
    """§9.2: battles from the top of the board to the bottom, left to right (map
    coordinates, Player south: y = 2r + q ascending, then q ascending)."""
    s = npc_turn("solo-4")  # both units stand next to a Player unit: they do not move
    low = put(s, cell(s, "3,2"), "Mammoth", 1)
    put(s, cell(s, "3,3"), "Mammoth Riders", 0)
    top = put(s, cell(s, "4,-1"), "Mammoth", 1)
    put(s, cell(s, "4,0"), "Mammoth Riders", 0)
    assert npc_order.battle_order(s, [low, top]) == [top, low]
    events = run(s)
    first = kinds(events, "battle")[0]
    assert first["attacker"] == "4,-1"


def test_side_1_never_acts_and_the_game_is_deterministic_9_2():
    """The non-player is rules, not a seat: one seat acts; the same seed gives the same
    game."""
    logs = []
    for _ in range(2):
        cfg = GAME.make_config({"scenario": "solo-4"})
        s = GAME.new_state(cfg, 11)
        assert GAME.num_players(s) == 1
        log = []
        for _ in range(400):
            if GAME.is_terminal(s):
                break
            assert GAME.to_act(s) == (0,)
            legal = GAME.legal_actions(s, 0)
            a = legal[len(log) * 7 % len(legal)]
            log.extend(GAME.apply(s, 0, a))
        logs.append(log)
    assert logs[0] == logs[1]
    assert any(e["type"] == "npc_turn" for e in logs[0])


def test_healing_abilities_heal_the_most_wounded_friend_9_2():
    """§9.2 Non-Player Unit Abilities: healing abilities are active and "will always target
    the unit with the lowest amount of health or greatest amount of wounds"."""
    s = npc_turn("solo-3")
    healer = put(s, cell(s, "3,2"), "Gardeners of the Den", 1)  # Tend: 2 on an adjacent friend
    light = put(s, cell(s, "3,1"), "Mammoth", 1, wounds=2)
    heavy = put(s, cell(s, "4,1"), "Mammoth", 1, wounds=6)
    assert {light, heavy} <= set(s.sc.board.nbr[healer])
    events = run(s)
    assert kinds(events, "ability")[0]["target"] == s.sc.board.text(heavy)
    assert s.wounds[heavy] == 4 and s.wounds[light] == 2


def test_ranged_units_shoot_where_the_scenario_says_9_2_solo_1():
    """§9.2 Solo Scenario 1: "Non-Player units will always either shoot at range or attack
    Player units that are adjacent to them"."""
    s = npc_turn("solo-1")
    b = s.sc.board
    shooter = next(
        c for c in range(b.size) if len(b.nbr[c]) == 6 and s.sc.terrain[c] not in ("mountains",)
    )
    put(s, shooter, "Lava Slingers", 1)
    target = next(
        c
        for c in range(b.size)
        if b.d(shooter, c) == 2 and s.sc.terrain[c] not in ("castle", "mountains")
    )
    put(s, target, "Mammoth", 0)
    events = run(s)
    shots = kinds(events, "ability")
    assert shots and shots[0]["target"] == b.text(target)


def test_a_pending_choice_survives_a_saved_position_9_2():
    """The driver's progress is in the state: a position saved while the Player chooses the
    tile plays on like the original."""
    s = npc_turn("solo-4")
    put(s, cell(s, "3,-1"), "Gold Knights of Mir", 1)
    put(s, cell(s, "3,1"), "Miners of the Deep", 0)  # dwarves stand on mountains
    run(s)
    t = GAME.state_from_json(s.config, GAME.state_to_json(s))
    legal = GAME.legal_actions(s, 0)
    assert GAME.legal_actions(t, 0) == legal and len(legal) >= 2
    GAME.apply(s, 0, legal[0])
    GAME.apply(t, 0, legal[0])
    assert GAME.state_to_json(s) == GAME.state_to_json(t)


def test_the_player_gets_a_relic_window_as_its_command_phase_ends_5_2_9_2():
    """§5.2 relics "at any time during either player's round": the Player's window when the
    non-player's Command Phase ends; passing starts the Player's round."""
    s = npc_turn("solo-4")
    put(s, cell(s, "0,0"), "Mammoth", 1)
    run(s)
    assert s.phase == RELIC and GAME.to_act(s) == (0,)
    assert GAME.legal_actions(s, 0) == [GAME.parse_action("pass", s.config)]
    GAME.apply(s, 0, "pass")
    assert s.current == 0 and s.turn == 6 and GAME.to_act(s) == (0,)


def test_a_solo_position_must_name_a_home_row_9_2_solo_3():
    """Loading a position: Solo Scenario 3's chosen Home Row must be one of A-D (or none)."""
    import pytest

    from wartable.core.errors import PositionError

    s = npc_turn("solo-3")
    data = GAME.state_to_json(s)
    data["solo"][SOLO_FIELDS.index("home_row")] = 7
    with pytest.raises(PositionError, match="Home Row"):
        GAME.state_from_json(s.config, data)
