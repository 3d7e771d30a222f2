"""§6 Sequence of Play: draw phase, hand limit, buying, mana collection, the first turn;
§9 set-up: placement commit-reveal and initial hands."""

from __future__ import annotations

from graxia_helpers import GAME, act, blank, legal_texts

from wartable.games.graxia import turn
from wartable.games.graxia.state import BUY, COMMAND, DRAW, PLACE


def test_section_6_phase_1_no_draw_phase_in_the_first_turn() -> None:
    s = blank(turn=1)
    turn.start_round(s, None)
    assert s.phase == COMMAND


def test_section_6_phase_1_four_free_cards_then_buying_at_5_mana() -> None:
    s = blank(turn=2)
    s.decks[0] = [s.cat.card_id("Blood Crusaders")] * 10
    s.decks[2] = [s.cat.card_id("Scout")] * 10
    turn.start_round(s, None)
    assert s.phase == DRAW
    assert sorted(legal_texts(s)) == ["draw spell", "draw unit"]  # no ending before 4 cards
    for _ in range(4):
        act(s, "draw unit")
    assert len(s.hands[0]) == 4 and s.mana[0] == 20
    assert set(legal_texts(s)) == {"end", "buy unit", "buy spell"}
    act(s, "buy spell")
    assert s.mana[0] == 15 and len(s.hands[0]) == 5


def test_section_5_0_hand_limit_13_with_the_tactics_card() -> None:
    s = blank(turn=2)
    s.decks[2] = [s.cat.card_id("Scout")] * 20
    s.hands[0] = [s.cat.card_id("Scout")] * 11  # 12 with the Tactics card
    s.phase = DRAW
    s.draws = 4
    act(s, "draw spell")  # 13: the limit
    assert s.draws == 0 or legal_texts(s) == ["end"]
    assert legal_texts(s) == ["end"]


def test_section_6_phase_1_an_empty_deck_is_rebuilt_from_its_discards() -> None:
    s = blank(turn=2)
    s.discards[2] = [s.cat.card_id("Scout"), s.cat.card_id("Heal")]
    s.phase = DRAW
    s.draws = 4
    act(s, "draw spell")
    assert len(s.hands[0]) == 1 and len(s.decks[2]) == 1 and not s.discards[2]


def test_section_6_phase_3_mana_for_controlled_tiles_then_buying() -> None:
    s = blank(turn=2)
    s.ctrl = [-1] * len(s.ctrl)
    mine = [0, 1, 2]
    for c in mine:
        s.ctrl[c] = 0
    act(s, "end")  # controlled tiles and the Home Row, controlled or not (§6 phase 3)
    assert s.mana[0] == 20 + sum(s.sc.mana_value[c] for c in set(mine) | set(s.sc.home[0]))
    assert s.phase == BUY


def test_section_6_phase_3_second_player_first_round_draws_two_free_spells() -> None:
    s = blank(turn=1, seat=1)
    s.decks[s.sdeck[1]] = [s.cat.card_id("Scout")] * 5
    act(s, "end")
    assert sum(1 for c in s.hands[1] if c == s.cat.card_id("Scout")) == 2
    assert s.turn == 2 and s.current == 0


def test_section_9_1_starting_forces_are_placed_face_down_and_revealed_together() -> None:
    cfg = GAME.make_config({"scenario": "2p-1"})
    s = GAME.new_state(cfg, 5)
    while s.phase != PLACE:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert GAME.to_act(s) == (0, 1)
    placed = next(t for t in legal_texts(s, 0) if t.startswith("place"))
    act(s, placed, 0)
    spot = s.sc.board.parse(placed.split()[-1])
    assert s.unit[spot] < 0  # nothing on the map before the reveal
    assert GAME.observe(s, 1)["commit"]["waiting_for"] == [0, 1]
    assert "mine" in GAME.observe(s, 1)["commit"] and GAME.observe(s, 1)["commit"]["mine"] == []
    budget = sum(s.cat.units[u].cost for u in [s.cat.unit_index[placed.split('"')[1]]])
    assert budget <= 30 or s.cat.units[s.cat.unit_index[placed.split('"')[1]]].is_guardian


def test_section_9_initial_hands_of_4_units_and_4_spells() -> None:
    cfg = GAME.make_config({"scenario": "2p-1"})
    s = GAME.new_state(cfg, 3)
    while s.phase in (0, 1, 2):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, 0 if 0 in legal else legal[0])
    nu = len(s.cat.units)
    for seat in (0, 1):
        spells = sum(1 for c in s.hands[seat] if c >= nu)
        assert spells == 4
        assert len(s.hands[seat]) - spells == 4
    assert s.mana == [10, 20]


def test_section_9_3_least_health_guardian_chooses_who_goes_first() -> None:
    cfg = GAME.make_config({"scenario": "custom"})
    s = GAME.new_state(cfg, 1)
    act(s, legal_texts(s)[0])  # seat 0 takes a Guardian
    act(s, legal_texts(s)[-1])  # seat 1 takes another
    h = [s.cat.units[g].health for g in s.guard]
    chooser = 0 if h[0] <= h[1] else 1
    assert GAME.to_act(s) == (chooser,)
    other = s.cat.units[s.guard[1 - chooser]].name
    assert sorted(legal_texts(s)) == sorted(f'choose "{s.cat.units[g].name}"' for g in s.guard)
    act(s, f'choose "{other}"')  # the other player plays the first round
    assert s.mana[1 - chooser] == 10 and s.mana[chooser] == 20
    while s.phase in (0, 1, 2):
        seat = GAME.to_act(s)[0]
        act(s, "end" if "end" in legal_texts(s, seat) else legal_texts(s, seat)[0], seat)
    assert s.current == 1 - chooser and s.turn == 1
