"""The rulebook to the letter where the engine once read it narrower: portals anywhere neutral
or friendly and removed one or two at a time (§5.1), the Home Row's mana (§6 phase 3), the
castle's point for every round (§9.1 scenario 2), Berserk's cost (§5.4, §8) and the standard
solo reinforcements (§9.2). Each test quotes the sentence it checks."""

from __future__ import annotations

from typing import Any

import pytest
from graxia_helpers import GAME, act, blank, cell, legal_texts, put, roundtrip
from npc_helpers import player_turn

from wartable.core.errors import IllegalAction, PositionError
from wartable.games.graxia import actions as acts
from wartable.games.graxia.state import B_ADVANCE, B_EXCH, DRAW, OVER, GraxiaState
from wartable.games.graxia.state_records import TRACK_FIELDS


def _portal_tiles(texts: list[str]) -> set[str]:
    return {t for x in texts if x.startswith("portal ") for t in x.split()[1:]}


def _pair(s: GraxiaState, x: str, y: str) -> str:
    """``portal`` names its two tiles in the board's order."""
    a, c = sorted((cell(s, x), cell(s, y)))
    return f"portal {s.sc.board.text(a)} {s.sc.board.text(c)}"


def _guardian_at(s: GraxiaState, where: str) -> int:
    return put(s, cell(s, where), s.cat.units[s.guard[0]].name, 0)


def test_section_5_1_portals_on_any_neutral_or_friendly_tile() -> None:
    """§5.1: "The Guardian may place these Portals on any neutral or friendly controlled
    tile." Scenario 2p-1, the Guardian at 2,4: the neutral 5,-1 (far from it, off the Home
    Row) is offered, and the tiles offered are exactly the neutral and friendly ones."""
    s = blank("2p-1", turn=2)
    _guardian_at(s, "2,4")
    b = s.sc.board
    assert s.ctrl[cell(s, "5,-1")] == -1 and b.d(cell(s, "2,4"), cell(s, "5,-1")) > 2
    texts = legal_texts(s)
    assert any(t.startswith("portal ") and "5,-1" in t.split() for t in texts)
    allowed = {b.text(c) for c in range(b.size) if s.ctrl[c] in (-1, 0)}
    assert _portal_tiles(texts) == allowed
    enemy = next(b.text(c) for c in range(b.size) if s.ctrl[c] == 1)
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction):  # an enemy-controlled tile: refused, nothing changes
        act(s, _pair(s, enemy, "5,-1"))
    assert GAME.state_to_json(s) == before
    act(s, _pair(s, "2,4", "5,-1"))
    assert s.portal[cell(s, "2,4")] == 0 and s.portal[cell(s, "5,-1")] == 0
    assert s.mana[0] == 20 - 8


def test_section_5_1_every_portal_pair_fits_the_fixed_action_universe() -> None:
    """The pairs (up to C(n, 2) of them) are ids of the fixed ``portal`` family: each below
    the universe's size, decoded back to its two tiles, its text parsed back to itself."""
    s = blank("2p-1", turn=2)
    _guardian_at(s, "2,4")
    lay = GAME.layout(s.config)
    ids = [a for a in GAME.legal_actions(s, 0) if lay.decode(a)[0] == acts.K_PORTAL]
    n = sum(1 for c in range(s.sc.board.size) if s.ctrl[c] in (-1, 0))
    assert len(ids) == n * (n - 1) // 2
    assert all(0 <= a < lay.size for a in ids)
    for a in ids:
        kind, x, y = lay.decode(a)
        assert (
            kind == acts.K_PORTAL
            and x < y
            and GAME.parse_action(GAME.action_to_str(a, s.config), s.config) == a
        )


def test_section_5_1_reposition_one_portal_keeping_the_other() -> None:
    """§5.1: "a Guardian may reposition up to two portals on the board to any new tile":
    naming one of its portals and a new tile moves only the other one, for no mana."""
    s = blank("2p-1", turn=2)
    _guardian_at(s, "2,4")
    keep, old, new = cell(s, "3,4"), cell(s, "0,5"), cell(s, "5,-1")
    s.portal[keep] = s.portal[old] = 0
    act(s, _pair(s, "3,4", "5,-1"))
    assert (s.portal[keep], s.portal[old], s.portal[new]) == (0, -1, 0)
    assert s.mana[0] == 20


def test_section_5_1_remove_one_portal_or_both() -> None:
    """§5.1: "They may also remove up to 2 portals from the game board." Naming a portal twice
    removes that one; the other may follow in the same round (nothing else then), or stay."""
    s = blank("2p-1", turn=2)
    _guardian_at(s, "2,4")
    a, c = cell(s, "3,4"), cell(s, "0,5")
    s.portal[a] = s.portal[c] = 0
    act(s, "portal 3,4 3,4")
    assert s.portal[a] == -1 and s.portal[c] == 0 and s.mana[0] == 20
    portal_texts = [t for t in legal_texts(s) if t.startswith("portal")]
    assert portal_texts == ["portal 0,5 0,5"]
    s2 = roundtrip(s)  # the half-used portal power survives a saved position
    act(s2, "portal 0,5 0,5")
    assert s2.portal[c] == -1
    assert not [t for t in legal_texts(s2) if t.startswith("portal")]
    act(s, "end")  # or keep the other: it stays through the round
    assert s.portal[c] == 0


# ----- §6 phase 3: the Home Row's mana ------------------------------------------------------
def _income(s: GraxiaState) -> int:
    before = s.mana[0]
    act(s, "end")  # the Command Phase ends: Mana Collection
    return s.mana[0] - before


def test_section_6_phase_3_the_home_row_pays_even_under_an_enemy_banner() -> None:
    """§6 phase 3: "The phasing player receives Mana for each map tile they control (the
    player's Home Row and map tiles occupied by the player's Control markers and Units)".
    An enemy banner on the Home Row tile 4,3 (2 mana) takes nothing off the player's mana;
    ``home_row_mana: controlled`` (the older reading) counts only the rows it controls."""
    incomes = {}
    for option in ("always", "controlled"):
        s = blank("2p-1", turn=2, home_row_mana=option)
        row = cell(s, "4,3")
        assert row in s.sc.home[0] and s.sc.mana_value[row] == 2
        s.ctrl[row] = 1
        held = sum(m for c, m in enumerate(s.sc.mana_value) if s.ctrl[c] == 0)
        incomes[option] = (_income(s), held)
    assert incomes["always"] == (incomes["always"][1] + 2, incomes["always"][1])
    assert incomes["controlled"][0] == incomes["controlled"][1]
    assert GAME.make_config({}).home_row_mana == "always"


# ----- §9.1 scenario 2: a point for every round the castle is held --------------------------
def _end_round(s: GraxiaState) -> None:
    seat = s.current
    act(s, "end")
    while s.phase != OVER and s.current == seat:
        act(s, "end")
    if s.phase == DRAW:
        act(s, "end")


def test_section_9_1_scenario_2_castle_point_in_the_opponents_round_too() -> None:
    """§9.1 King of the Castle: "Players receive 1 victory point ... for every round the castle
    tile is controlled". §6: "Each Game Turn has a First Player Round followed by a Second
    Player Round", so a turn has two rounds: the holder scores at the end of each, its
    opponent's included."""
    s = blank("2p-2", turn=2, seat=0)
    castle = cell(s, "0,2")
    assert s.sc.terrain[castle] == "castle"
    s.ctrl[castle] = 0
    _end_round(s)  # seat 0's round
    assert s.vp == [1, 0]
    _end_round(s)  # seat 1's round: seat 0 still holds the castle
    assert s.vp == [2, 0]
    s.ctrl[castle] = 1  # seat 1 takes it in seat 0's round
    _end_round(s)
    assert s.vp == [2, 1]


# ----- §5.4 Berserk -------------------------------------------------------------------------
def test_section_5_4_berserk_costs_three_wounds_and_no_mana_by_default() -> None:
    """§5.4: "Berserk: Once per battle, inflict 3 Wounds on the Impalers and increase their
    Battle Value by 10." (the §8 example's 3 mana is the option ``wounds_and_mana``)."""
    from test_battle import section_8_position

    assert GAME.make_config({}).berserk_cost == "wounds"
    s, a, d, _, _ = section_8_position()
    txt = s.sc.board.text
    act(s, f"attack {txt(a)} {txt(d)}")
    act(s, "use Zealotry", 0)
    mana, bv = s.mana[1], s.bat.bv1
    act(s, "use Berserk", 1)
    assert s.mana[1] == mana and s.wounds[d] == 3 and s.bat.bv1 == bv + 10


# ----- §9.2 standard reinforcements ---------------------------------------------------------
def _solo4(option: str) -> GraxiaState:
    """Solo 4, the Player's round; the neutral village 4,2; reinforcements from Deck 0."""
    s = player_turn("solo-4")
    s.config = GAME.make_config({"scenario": "solo-4", "solo_reinforcements": option})
    assert s.sc.terrain[cell(s, "4,2")] == "village" and s.ctrl[cell(s, "4,2")] == -1
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]] * 3
    return s


def _reinforced(events: list[dict[str, Any]]) -> list[str]:
    return [e["cell"] for e in events if e["type"] == "npc_reinforcement"]


@pytest.mark.parametrize(("option", "expected"), [("each_move", ["4,2"]), ("first_arrival", [])])
def test_section_9_2_a_second_unit_moving_next_to_the_settlement_reinforces(
    option: str, expected: list[str]
) -> None:
    """§9.2: "Place a Non-Player reinforcing unit from its Unit Deck whenever a Player unit
    card moves next to a non-controlled city, castle or village." A Player unit already
    stands at 4,1 next to the village; a second one moves 5,3 -> 5,2 next to it: a move next to
    it, so a reinforcement (``first_arrival``, the older reading: none, it was not the first)."""
    s = _solo4(option)
    put(s, cell(s, "4,1"), "Mammoth", 0)
    put(s, cell(s, "5,3"), "Mammoth", 0)
    events = GAME.apply(s, 0, "move 5,3 5,2")
    assert _reinforced(events) == expected
    assert (s.owner[cell(s, "4,2")] == 1) == bool(expected)


@pytest.mark.parametrize(
    ("option", "expected"), [("each_move", []), ("first_arrival", ["3,3", "4,2"])]
)
def test_section_9_2_a_summon_next_to_the_settlement_is_not_a_move(
    option: str, expected: list[str]
) -> None:
    """§9.2 "moves next to": a unit summoned onto the Home Row tile 4,3, next to the village
    4,2 and the castle 3,3, did not move there: no reinforcement (``first_arrival``: one on
    each)."""
    s = _solo4(option)
    s.hands[0] = [s.cat.unit_index["Orc Raiders"]]
    s.mana[0] = 50
    events = GAME.apply(s, 0, 'summon "Orc Raiders" 4,3')
    assert sorted(_reinforced(events)) == expected


@pytest.mark.parametrize(("option", "expected"), [("each_move", []), ("first_arrival", ["4,2"])])
def test_section_9_2_a_settlement_the_non_player_controls_is_not_non_controlled(
    option: str, expected: list[str]
) -> None:
    """§9.2 "a non-controlled city, castle or village": the village carries the Non-Player's
    banner (controlled, though empty): moving next to it brings no reinforcement
    (``first_arrival`` read "non-controlled" as "not the Player's": one)."""
    s = _solo4(option)
    s.ctrl[cell(s, "4,2")] = 1
    put(s, cell(s, "5,3"), "Mammoth", 0)
    events = GAME.apply(s, 0, "move 5,3 5,2")
    assert _reinforced(events) == expected


def test_section_9_2_moving_along_the_settlement_reinforces_again() -> None:
    """Every move that ends next to a still non-controlled settlement counts: a unit moves
    5,3 -> 5,2 next to the village, with no unit card to draw (no reinforcement, the village
    stays neutral); with a card in the deck its next move, 5,2 -> 5,1, still next to the
    village, brings one."""
    s = _solo4("each_move")
    s.decks[0] = []
    put(s, cell(s, "4,3"), "Mammoth", 0)
    put(s, cell(s, "5,3"), "Mammoth", 0)
    assert _reinforced(GAME.apply(s, 0, "move 5,3 5,2")) == []  # nothing to draw
    s.decks[0] = [s.cat.unit_index["Orc Raiders"]]
    s.flags[cell(s, "5,2")] = 0  # a later round: it may move again
    assert _reinforced(GAME.apply(s, 0, "move 5,2 5,1")) == ["4,2"]


def test_section_5_1_a_half_used_removal_with_two_portals_is_refused() -> None:
    """The mark "one of two portals removed this round" with the seat still holding two (or
    none) is an impossible position: refused with the reason, like any other."""
    s = blank("2p-1", turn=2)
    _guardian_at(s, "2,4")
    s.portal[cell(s, "3,4")] = s.portal[cell(s, "0,5")] = 0
    data = GAME.state_to_json(s)
    data["track"][TRACK_FIELDS.index("portal_power")] = 2
    with pytest.raises(PositionError, match="one of two portals removed"):
        GAME.state_from_json(s.config, data)
    data["track"][TRACK_FIELDS.index("portal_power")] = 3
    with pytest.raises(PositionError, match="track"):
        GAME.state_from_json(s.config, data)


def test_section_9_2_an_advance_is_a_move() -> None:
    """§7 step 10: the attacker "may move his unit onto the vacated map tile": a Player unit
    that advances onto 5,2, next to the neutral village 4,2, moved next to it (§9.2)."""
    s = _solo4("each_move")
    put(s, cell(s, "5,3"), "Mammoth", 0)
    put(s, cell(s, "5,2"), "Goblin Skirmishers", 1, wounds=3)  # 4 health: it falls
    events = GAME.apply(s, 0, "attack 5,3 5,2")
    for _ in range(20):
        if s.phase == B_ADVANCE:
            break
        events += GAME.apply(s, 0, "pass" if s.phase == B_EXCH else "bluff")
    assert s.phase == B_ADVANCE and not _reinforced(events)
    assert _reinforced(GAME.apply(s, 0, "advance")) == ["4,2"]
    assert s.owner[cell(s, "5,2")] == 0 and s.owner[cell(s, "4,2")] == 1
