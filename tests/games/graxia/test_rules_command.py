"""§5.1 and §6 phase 2: the Command Phase (unit actions, shields, summoning, portals)."""

from __future__ import annotations

import pytest
from graxia_helpers import GAME, act, blank, give, inner, legal_texts, put, terrain_cells

from wartable.core.errors import IllegalAction
from wartable.games.graxia import board as map_rules
from wartable.games.graxia.command import summon_cost
from wartable.games.graxia.state import ABILITY, SHIELD, SUMMONED


def test_section_6_a_move_one_tile_leaves_a_banner_and_takes_the_new_tile() -> None:
    s = blank()
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0)
    n = next(x for x in s.sc.board.nbr[c] if s.sc.terrain[x] != "mountains")
    s.ctrl[n] = 1
    act(s, f"move {s.sc.board.text(c)} {s.sc.board.text(n)}")
    assert s.unit[n] >= 0 and s.unit[c] < 0
    assert s.ctrl[c] == 0  # the banner left behind
    assert s.ctrl[n] == 0  # the enemy banner removed
    far = [x for x in range(s.sc.board.size) if s.sc.board.d(c, x) == 2]
    assert not any(t.startswith(f"move {s.sc.board.text(n)}") for t in legal_texts(s))
    assert far  # (one tile only, and only once)


def test_section_6_a_no_entering_an_occupied_tile_but_switching_with_a_friend() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    friend, enemy = [x for x in b.nbr[c] if s.sc.terrain[x] not in ("mountains", "boulder_fields")][
        :2
    ]
    put(s, c, "Blood Crusaders", 0)
    put(s, friend, "Miners of the Deep", 0)
    put(s, enemy, "Flesh Impalers", 1)
    texts = legal_texts(s)
    assert f"move {b.text(c)} {b.text(enemy)}" not in texts
    assert f"move {b.text(c)} {b.text(friend)}" in texts
    act(s, f"move {b.text(c)} {b.text(friend)}")
    assert s.cat.units[s.unit[friend]].name == "Blood Crusaders"
    assert s.cat.units[s.unit[c]].name == "Miners of the Deep"


def test_section_6_a_action_combinations() -> None:
    """Move / Attack / Shield / Move+Attack / Attack+Move / Move+Shield, nothing else."""
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0)
    act(s, f"shield {b.text(c)}")
    texts = legal_texts(s)
    assert not any(t.startswith(f"move {b.text(c)}") for t in texts)  # no Shield+Move
    s2 = blank()
    put(s2, c, "Blood Crusaders", 0)
    n = next(x for x in b.nbr[c] if s2.sc.terrain[x] not in ("mountains", "boulder_fields"))
    act(s2, f"move {b.text(c)} {b.text(n)}")
    assert f"shield {b.text(n)}" in legal_texts(s2)  # Move+Shield


def test_section_6_a_shield_outside_battle_takes_two_and_breaks_above_two() -> None:
    s = blank()
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0, shield=True)
    map_rules.damage(s, c, 2, 1, None)
    assert s.wounds[c] == 0 and s.flags[c] & SHIELD
    map_rules.damage(s, c, 3, 1, None)
    assert s.wounds[c] == 1 and not s.flags[c] & SHIELD


def test_section_6_a_moving_removes_the_shield() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0, shield=True)
    n = next(x for x in b.nbr[c] if s.sc.terrain[x] not in ("mountains", "boulder_fields"))
    act(s, f"move {b.text(c)} {b.text(n)}")
    assert not s.flags[n] & SHIELD


def test_section_6_c_summoning_next_to_the_guardian_or_on_the_home_row() -> None:
    s = blank()
    b = s.sc.board
    g = next(c for c in s.sc.home[0])
    put(s, g, s.cat.units[s.guard[0]].name, 0)
    give(s, 0, "Blood Crusaders")
    s.mana[0] = 50
    cells = {t.split()[-1] for t in legal_texts(s) if t.startswith('summon "Blood Crusaders"')}
    allowed = {b.text(c) for c in s.sc.home[0] if s.unit[c] < 0}
    allowed |= {b.text(n) for n in b.nbr[g] if s.unit[n] < 0 and s.sc.terrain[n] != "mountains"}
    assert cells == allowed


def test_section_6_c_guardian_discount_of_7_behind_it_once_per_round() -> None:
    s = blank()
    b = s.sc.board
    g = inner(s, "plains")
    put(s, g, s.cat.units[s.guard[0]].name, 0)
    behind = sorted(map_rules.behind(s, 0, g))
    front = [n for n in b.nbr[g] if n not in behind]
    u = s.cat.unit_index["Blood Crusaders"]
    assert summon_cost(s, 0, u, behind[0]) == 10 - 7
    assert summon_cost(s, 0, u, front[0]) == 10
    give(s, 0, "Blood Crusaders", "Blood Crusaders")
    act(s, f'summon "Blood Crusaders" {b.text(behind[0])}')
    assert s.mana[0] == 20 - 3
    assert summon_cost(s, 0, u, behind[1]) == 10  # once per round


def test_section_6_c_a_summoned_unit_does_nothing_this_round() -> None:
    s = blank()
    b = s.sc.board
    home = s.sc.home[0][0]
    give(s, 0, "Blood Crusaders")
    act(s, f'summon "Blood Crusaders" {b.text(home)}')
    assert s.flags[home] & SUMMONED and s.flags[home] & ABILITY
    assert not any(b.text(home) in t.split()[1:2] for t in legal_texts(s) if t != "end")


def test_section_5_1_guardians_are_immune_to_command_phase_powers() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Balak the Hunter", 0)
    target = next(n for n in range(b.size) if 2 <= b.d(c, n) <= 4 and s.sc.terrain[n] != "castle")
    put(s, target, s.cat.units[s.guard[1]].name, 1)
    assert not any(t.startswith("shoot") for t in legal_texts(s))
    give(s, 0, "Bedazzle")
    assert "spell Bedazzle" not in " ".join(legal_texts(s))


def test_section_5_1_an_eliminated_guardian_returns_to_hand_not_summoned_that_round() -> None:
    s = blank()
    home = s.sc.home[0][0]
    put(s, home, s.cat.units[s.guard[0]].name, 0)
    map_rules.eliminate(s, home, 1, None)
    assert s.guard[0] in s.hands[0]
    s.mana[0] = 100
    name = s.cat.units[s.guard[0]].name
    assert not any(t.startswith(f'summon "{name}"') for t in legal_texts(s))
    s.round_no += 2
    assert any(t.startswith(f'summon "{name}"') for t in legal_texts(s))


def test_section_5_1_portals_cost_8_not_on_the_first_round_and_link_tiles() -> None:
    s = blank(turn=1)
    g = s.sc.home[0][0]
    put(s, g, s.cat.units[s.guard[0]].name, 0)
    assert not any(t.startswith("portal") for t in legal_texts(s))
    s.round_no = 2
    portals = [t for t in legal_texts(s) if t.startswith("portal")]
    assert portals
    act(s, portals[0])
    assert s.mana[0] == 20 - 8
    a, c = (s.sc.board.parse(x) for x in portals[0].split()[1:])
    assert s.portal[a] == 0 and s.portal[c] == 0
    if s.unit[a] < 0:
        put(s, a, "Blood Crusaders", 0)
        assert f"move {s.sc.board.text(a)} {s.sc.board.text(c)}" in legal_texts(s)
    s.track.portal_power = 0  # a new round: the Guardian may use its portal power again
    act(s, f"portal {s.sc.board.text(a)} {s.sc.board.text(a)}")  # remove one, then the other
    act(s, f"portal {s.sc.board.text(c)} {s.sc.board.text(c)}")
    assert s.portal[a] == -1 and s.portal[c] == -1
    assert s.mana[0] == 20 - 8


def test_section_5_4_mountains_only_for_dwarves_and_goblins() -> None:
    s = blank("2p-5")
    b = s.sc.board
    m = terrain_cells(s, "mountains")
    n = next(x for x in b.nbr[m[0]] if s.sc.terrain[x] != "mountains")
    put(s, n, "Blood Crusaders", 0)
    assert f"move {b.text(n)} {b.text(m[0])}" not in legal_texts(s)
    put(s, n, "Miners of the Deep", 0)  # dwarves may
    assert f"move {b.text(n)} {b.text(m[0])}" in legal_texts(s)


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    s = blank()
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction, match="§6"):
        act(s, "move 0,0 1,0")
    assert GAME.state_to_json(s) == before
