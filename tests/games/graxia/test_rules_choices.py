"""Relics in the other player's round (§5.2), the one extra "move" ability (§6 A), pushes
(§6 A, Rumble Tumble) and the choices cards leave to a player (§5.4)."""

from __future__ import annotations

import shutil
from pathlib import Path

from graxia_helpers import GAME, act, blank, give, inner, legal_texts, put

from wartable.games.graxia.catalog.loading import DATA_DIR
from wartable.games.graxia.state import BUY, COMMAND, EXTRA_MOVE, RELIC, GraxiaState


def _plains_at(s: GraxiaState, c: int, d: int) -> int:
    b = s.sc.board
    return next(
        n for n in range(b.size) if b.d(c, n) == d and s.sc.terrain[n] == "plains" and s.unit[n] < 0
    )


# ----- §5.2 Relics: "may be played at any time during either player's round" ----------------
def test_section_5_2_relic_window_when_the_opponent_ends_the_command_phase() -> None:
    s = blank()
    give(s, 1, "Bounty of Riches", "Scout")
    act(s, "end", window=True)
    assert s.phase == RELIC and GAME.to_act(s) == (1,)
    texts = legal_texts(s)
    assert "spell Bounty of Riches" in texts and "pass" in texts
    assert not any("Scout" in t for t in texts)  # only relics
    act(s, "spell Bounty of Riches")
    assert s.mana[1] == 20 + 15 and s.phase == RELIC
    act(s, "pass")
    assert s.phase == BUY and GAME.to_act(s) == (0,)  # seat 0's round goes on


def test_section_5_2_relic_window_opens_even_without_a_relic_in_hand() -> None:
    """The window never tells the phasing seat what the other holds."""
    s = blank()
    act(s, "end", window=True)
    assert s.phase == RELIC and legal_texts(s) == ["pass"]


def test_section_5_2_relic_window_each_action_and_own_round_options() -> None:
    s = blank(relic_window="each_action")
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0)
    give(s, 1, "Bounty of Riches")
    act(s, next(t for t in legal_texts(s) if t.startswith(f"move {b.text(c)} ")))
    assert s.phase == RELIC and GAME.to_act(s) == (1,)
    act(s, "spell Bounty of Riches")
    act(s, "pass")
    assert s.phase == COMMAND and GAME.to_act(s) == (0,) and s.mana[1] == 35
    s2 = blank(relic_window="own_round")
    give(s2, 1, "Bounty of Riches")
    act(s2, "end", window=True)
    assert s2.phase == BUY


def test_section_5_2_tower_of_the_lost_legion_in_the_opponents_round_chooses_the_unit() -> None:
    """§5.4 relic: the player picks which unit card comes back from the discard pile."""
    s = blank()
    give(s, 1, "Tower of the Lost Legion")
    crus, imp = s.cat.card_id("Blood Crusaders"), s.cat.card_id("Flesh Impalers")
    s.discards[s.udeck[1]] = [crus, imp, crus]
    act(s, "end", window=True)
    act(s, "spell Tower of the Lost Legion")
    assert GAME.to_act(s) == (1,)
    assert sorted(legal_texts(s)) == ['choose "Blood Crusaders"', 'choose "Flesh Impalers"']
    act(s, 'choose "Flesh Impalers"')
    assert imp in s.hands[1] and s.discards[s.udeck[1]] == [crus, crus]
    assert s.phase == RELIC and legal_texts(s) == ["pass"]


# ----- §5.4 choices ----------------------------------------------------------------------
def test_section_5_4_dark_summoning_the_player_selects_the_spell() -> None:
    s = blank()
    give(s, 0, "Dark Summoning")
    pile = s.discards[s.sdeck[0]]
    for n in ("Bounty of Riches", "Bedazzle", "Chain Lightning", "Dark Summoning"):
        pile.append(s.cat.card_id(n))
    act(s, "spell Dark Summoning")
    assert GAME.to_act(s) == (0,)
    texts = sorted(legal_texts(s))
    assert texts == ["take Bedazzle", "take Chain Lightning"]  # not the excluded cards
    act(s, "take Bedazzle")
    assert s.cat.card_id("Bedazzle") in s.hands[0]
    assert s.cat.card_id("Chain Lightning") in pile
    assert "end" in legal_texts(s)


def test_section_5_4_atonement_the_player_chooses_the_friendly_unit_wounded() -> None:
    s = blank()
    b = s.sc.board
    t = inner(s, "plains")
    put(s, t, "Blood Crusaders", 0, wounds=2)
    a1 = put(s, _plains_at(s, t, 2), "Flesh Impalers", 0)
    a2 = put(s, _plains_at(s, t, 3), "Miners of the Deep", 0, wounds=1)
    give(s, 0, "Atonement")
    act(s, f"spell Atonement {b.text(t)}")
    assert sorted(legal_texts(s)) == sorted([f"target {b.text(a1)}", f"target {b.text(a2)}"])
    act(s, f"target {b.text(a2)}")  # not the healthiest one: the player's choice
    assert s.wounds[t] == 0 and s.wounds[a2] == 1 + 4 and s.wounds[a1] == 0


def test_section_5_4_aura_of_reflection_its_owner_chooses_the_enemy_unit() -> None:
    """Half the wounds (rounded up) go to any enemy unit the Devout's owner picks, in the
    other seat's round; ignoring shields and modifiers."""
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "The Devout", 1)
    shooter = _plains_at(s, c, 2)
    put(s, shooter, "Bone Ballista", 0)
    other = put(s, _plains_at(s, c, 4), "Flesh Impalers", 0, shield=True)
    act(s, f"shoot {b.text(shooter)} {b.text(c)}")
    assert GAME.to_act(s) == (1,)
    assert sorted(legal_texts(s)) == sorted(
        [f"target {b.text(shooter)}", f"target {b.text(other)}"]
    )
    act(s, f"target {b.text(other)}")
    assert s.wounds[c] == 1 and s.wounds[other] == 2 and s.wounds[shooter] == 0
    assert GAME.to_act(s) == (0,) and s.phase == COMMAND


# ----- §6 A: one extra "move" ability a round, portal moves included ------------------------
def test_section_6_a_a_portal_move_is_the_units_one_extra_move() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    far = _plains_at(s, c, 4)
    s.portal[c] = s.portal[far] = 0
    put(s, c, "Blood Crusaders", 0)
    give(s, 0, "Forced March", "Mystic Gate")
    s.ctrl[_plains_at(s, far, 2)] = 0
    act(s, f"move {b.text(c)} {b.text(far)}")
    assert s.flags[far] & EXTRA_MOVE
    texts = legal_texts(s)
    assert f"spell Forced March {b.text(far)}" not in texts
    assert f"spell Mystic Gate {b.text(far)}" not in texts


def test_section_6_a_after_an_extra_move_no_portal_move() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    far = _plains_at(s, c, 4)
    s.portal[c] = s.portal[far] = 0
    put(s, c, "Blood Crusaders", 0)
    give(s, 0, "Forced March")
    act(s, f"spell Forced March {b.text(c)}")
    assert s.flags[c] & EXTRA_MOVE
    texts = legal_texts(s)
    assert f"move {b.text(c)} {b.text(far)}" not in texts  # the portal would be a second
    assert any(t.startswith(f"move {b.text(c)} ") for t in texts)  # its extra step stays


# ----- displace: the card's number of tiles -------------------------------------------------
OPEN = ("plains", "forest", "hills", "swamp", "rough_lands", "village", "city")


def _rumble(s: GraxiaState) -> tuple[int, int]:
    """Gorthox and an enemy next to it with a straight line of open tiles behind the enemy."""
    b = s.sc.board
    for q, r in b.cells:
        for dq, dr in ((0, -1), (0, 1), (1, -1), (-1, 1), (1, 0), (-1, 0)):
            line = [b.index.get((q + k * dq, r + k * dr), -1) for k in range(4)]
            if all(x >= 0 and s.sc.terrain[x] in OPEN and x not in s.sc.vital for x in line):
                return line[0], line[1]
    raise AssertionError("no straight line of open tiles")


def _push_game(tmp_path: Path, amount: int) -> GraxiaState:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    units = data / "units-unique.toml"
    old = '{ kind = "displace", amount = 1, target = "adjacent_enemy" }'
    text = units.read_text()
    assert old in text
    units.write_text(text.replace(old, old.replace("amount = 1", f"amount = {amount}")))
    return blank(data_dir=str(data))


def test_section_6_a_rumble_tumble_pushes_the_cards_number_of_tiles(tmp_path: Path) -> None:
    s = _push_game(tmp_path, 2)
    b = s.sc.board
    g, t = _rumble(s)
    put(s, g, "Gorthox", 0)
    put(s, t, "Flesh Impalers", 1)
    act(s, f"ability {b.text(g)} {b.text(t)}")
    while GAME.to_act(s) == (1,):  # equally far tiles: the pushed unit's owner picks
        act(s, legal_texts(s)[0])
    where = next(c for c in range(b.size) if s.owner[c] == 1)
    assert b.d(g, where) == 3 and b.d(t, where) == 2  # two tiles, directly away
    assert s.unit[t] < 0


def test_section_6_a_a_push_stops_where_the_next_tile_is_blocked(tmp_path: Path) -> None:
    s = _push_game(tmp_path, 3)
    b = s.sc.board
    g, t = _rumble(s)
    put(s, g, "Gorthox", 0)
    put(s, t, "Flesh Impalers", 1)
    q, r = b.cells[t]
    one = b.index[(2 * q - b.cells[g][0], 2 * r - b.cells[g][1])]  # straight on
    others = [n for n in b.nbr[t] if b.d(g, n) == 2 and n != one]
    for n in others + [n for n in b.nbr[one] if b.d(g, n) == 3]:
        put(s, n, "Miners of the Deep", 0)
    act(s, f"ability {b.text(g)} {b.text(t)}")
    moved = next(c for c in range(b.size) if s.owner[c] == 1)
    assert b.d(g, moved) == 2  # one tile, then blocked


def test_section_6_a_mystic_bridge_moves_an_adjacent_friend_the_player_picks_where() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Arcane Weavers", 0)
    f = put(s, b.nbr[c][0], "Blood Crusaders", 0)
    act(s, f"ability {b.text(c)} {b.text(f)}")
    texts = legal_texts(s)
    assert texts and all(t.startswith("target ") for t in texts)
    dest = next(n for n in range(b.size) if b.d(f, n) == 3 and f"target {b.text(n)}" in texts)
    assert not any(b.d(f, b.parse(t.split()[1])) > 3 for t in texts)
    act(s, f"target {b.text(dest)}")
    assert s.unit[f] < 0 and s.cat.units[s.unit[dest]].name == "Blood Crusaders"
    assert s.flags[dest] & EXTRA_MOVE


def test_section_6_a_no_long_strides_and_mystic_bridge_in_the_same_round() -> None:
    """§6 A's example: a unit cannot do a Long Strides and a Mystic Bridge in one round."""
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Arcane Weavers", 0)
    strider = _plains_at(s, c, 2)
    put(s, strider, "Stridewalkers", 0)
    step = next(
        t
        for t in legal_texts(s)
        if t.startswith(f"ability {b.text(strider)} ") and b.d(c, b.parse(t.split()[2])) == 1
    )
    act(s, step)
    now = b.parse(step.split()[2])
    assert s.flags[now] & EXTRA_MOVE
    assert f"ability {b.text(c)} {b.text(now)}" not in legal_texts(s)


def test_section_5_4_mind_control_the_caster_chooses_the_enemy_supporter() -> None:
    s = blank()
    b = s.sc.board
    d = inner(s, "plains")
    a = b.nbr[d][0]
    sups = [n for n in b.nbr[d] if b.d(a, n) == 1][:2]
    put(s, a, "Blood Crusaders", 0)
    put(s, d, "Flesh Impalers", 1)
    for n in sups:
        put(s, n, "Miners of the Deep", 0)
    give(s, 1, "Mind Control")
    act(s, f"attack {b.text(a)} {b.text(d)}")
    before = (s.bat.bv0, s.bat.bv1)
    act(s, "pass", 0)
    act(s, "spell Mind Control", 1)
    assert GAME.to_act(s) == (1,)
    assert sorted(legal_texts(s)) == sorted(f"target {b.text(n)}" for n in sups)
    act(s, f"target {b.text(sups[1])}")
    assert (s.bat.bv0, s.bat.bv1) == (before[0] - 3, before[1] + 3)
    assert s.sup == [sups[0]]
    assert GAME.to_act(s) == (0,)  # the exchanges go on


def test_pending_choice_and_relic_window_checks_for_positions() -> None:
    """choices.problems / relics.problems: the fields a position may hold for them."""
    from wartable.games.graxia import choices, relics

    s = blank()
    give(s, 0, "Dark Summoning")
    pile = s.discards[s.sdeck[0]]
    pile += [s.cat.card_id("Bedazzle"), s.cat.card_id("Chain Lightning")]
    act(s, "spell Dark Summoning")
    assert choices.problems(s) == [] and relics.problems(s) == []
    t = s.copy()
    t.track.pend_seat = 2
    assert choices.problems(t)
    t = s.copy()
    t.discards[t.sdeck[0]].clear()  # nothing left to take: nobody could act
    assert choices.problems(t)
    t = s.copy()
    t.track.pend_kind = t.track.pend_seat = t.track.pend_x = 0
    t.track.relic_window = 1  # a window outside the relic phase
    assert relics.problems(t)


def test_section_5_4_two_reflections_of_one_area_attack_are_chosen_one_after_the_other() -> None:
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    d2 = next(n for n in b.nbr[c] if s.sc.terrain[n] in OPEN)
    put(s, c, "The Devout", 1)
    put(s, d2, "The Devout", 1)
    shooter = next(
        n
        for n in range(b.size)
        if b.d(c, n) == 2 and b.d(d2, n) >= 2 and s.sc.terrain[n] == "plains"
    )
    bomber = next(u.name for u in s.cat.units if any(a.name == "Boom Bomb" for a in u.abilities))
    put(s, shooter, bomber, 0)
    others = [put(s, n, "Flesh Impalers", 0) for n in (_plains_at(s, c, 4), _plains_at(s, d2, 5))]
    act(s, f"shoot {b.text(shooter)} {b.text(c)}")
    assert GAME.to_act(s) == (1,)
    act(s, f"target {b.text(others[0])}")
    assert GAME.to_act(s) == (1,)  # the second Devout's reflection
    act(s, f"target {b.text(others[1])}")
    assert GAME.to_act(s) == (0,)
    assert s.wounds[others[0]] >= 1 and s.wounds[others[1]] >= 1 and s.wounds[shooter] == 0


def test_section_6_a_between_equally_far_tiles_the_pushed_units_owner_chooses() -> None:
    """Rumble Tumble: the three tiles behind the target are directly away (as in a retreat,
    §7 step 9, where the defender chooses)."""
    s = blank()
    b = s.sc.board
    g, t = _rumble(s)
    put(s, g, "Gorthox", 0)
    put(s, t, "Flesh Impalers", 1)
    away = [n for n in b.nbr[t] if b.d(g, n) == 2 and s.sc.terrain[n] in OPEN]
    assert len(away) >= 2
    act(s, f"ability {b.text(g)} {b.text(t)}")
    assert GAME.to_act(s) == (1,)
    assert {f"target {b.text(n)}" for n in away} <= set(legal_texts(s))
    act(s, f"target {b.text(away[-1])}")
    assert s.owner[away[-1]] == 1 and s.unit[t] < 0
    assert GAME.to_act(s) == (0,)


def test_section_6_a_long_strides_moves_up_to_two_tiles() -> None:
    """The card: "Move up to two tiles" (movement 1 and the ability's one more)."""
    s = blank()
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Stridewalkers", 0)
    reach = {
        b.d(c, b.parse(t.split()[2]))
        for t in legal_texts(s)
        if t.startswith(f"ability {b.text(c)} ")
    }
    assert reach == {1, 2}


def test_section_5_2_each_action_window_waits_for_a_mystic_gate_to_land() -> None:
    """Mystic Gate is one action in two decisions: the window opens after the unit lands."""
    s = blank(relic_window="each_action")
    b = s.sc.board
    c = inner(s, "plains")
    put(s, c, "Blood Crusaders", 0)
    far = next(n for n in range(b.size) if b.d(c, n) >= 3 and s.sc.terrain[n] == "plains")
    s.ctrl = [-1] * len(s.ctrl)
    s.ctrl[c] = s.ctrl[far] = 0
    give(s, 0, "Mystic Gate")
    act(s, f"spell Mystic Gate {b.text(c)}")
    assert s.phase == COMMAND and GAME.to_act(s) == (0,)
    assert GAME.invariants(s) == []
    act(s, f"move {b.text(c)} {b.text(far)}")
    assert s.phase == RELIC and GAME.to_act(s) == (1,)
    assert GAME.invariants(s) == []


def test_section_9_1_6_assassination_never_uses_the_unit_deck() -> None:
    """§9.1 #6: "The Unit Deck is never used in this scenario": eliminated units are not
    drawn back when the (empty) unit deck would be rebuilt from its discards."""
    from wartable.games.graxia.state import DRAW

    s = blank("2p-6")
    s.discards[s.udeck[0]].append(s.cat.card_id("Blood Crusaders"))
    s.decks[s.sdeck[0]] = [s.cat.card_id("Scout")] * 3
    s.phase, s.draws = DRAW, 4
    assert legal_texts(s) == ["draw spell"]
    s2 = blank("2p-1")
    s2.discards[s2.udeck[0]].append(s2.cat.card_id("Blood Crusaders"))
    s2.phase, s2.draws = DRAW, 4
    assert "draw unit" in legal_texts(s2)  # elsewhere the discards are reshuffled
