"""Outside check of §9.2 (Guardians of Graxia solo): the Non-Player's cards, and a saved
pending choice of its turn (untrusted position files). Hand-built positions, expected
results from the rulebook text."""

from __future__ import annotations

import pytest
from graxia_helpers import GAME, cell, give, legal_texts, put
from npc_helpers import kinds, npc_turn, player_turn, run, spell

from wartable.core.errors import WartableError
from wartable.games.graxia.solo import rules as solo_rules
from wartable.games.graxia.solo_records import NPC_FIELDS, SOLO_FIELDS
from wartable.games.graxia.state import NPC_BATTLE


def test_no_free_spell_cards_for_the_non_player_9_2_battle_spell_card_deck() -> None:
    """§9.2 Battle Spell Card Deck: the Non-Player's spell cards come from its Battle Spell
    Card Deck "when a Non-Player unit card is involved in combat" (§9.2 "Non-Player Decks":
    organised by the scenario); the two-player set-up's two free Spell cards for the second
    player's first round (§6 phase 3) are not the Non-Player's. Its first round (turn 1)
    without a battle: it ends with no card in its hand and its battle deck untouched."""
    s = npc_turn("solo-4", turn=1)
    s.decks[NPC_BATTLE] = [spell(s, "Rage")] * 5
    s.sdeck = [2, NPC_BATTLE]
    put(s, cell(s, "0,5"), "Mammoth", 0)  # far from everything: no battle
    events = run(s)
    while GAME.to_act(s) == (0,) and s.current == 1 and not s.track.pend_kind:
        assert legal_texts(s) == ["pass"]  # the Player's relic window
        events += GAME.apply(s, 0, "pass")
    assert s.current == 0 and s.turn == 2
    assert not kinds(events, "battle")
    assert not [e for e in kinds(events, "draw") if e["seat"] == 1]
    assert s.hands[1] == [] and len(s.decks[NPC_BATTLE]) == 5


def _pending_tile_choice() -> tuple[object, dict]:
    """Solo Scenario 4: the Non-Player's Gold Knights (3,-1) move next to the Player's Miners
    (3,1); the Player is asked which tile (a pending choice stored in the position)."""
    s = npc_turn("solo-4")
    put(s, cell(s, "3,-1"), "Gold Knights of Mir", 1)
    put(s, cell(s, "3,1"), "Miners of the Deep", 0)
    run(s)
    assert s.track.pend_kind
    return s, GAME.state_to_json(s)


def test_a_damaged_pending_non_player_move_is_refused_9_2() -> None:
    """A position file is untrusted: a pending move of a Non-Player unit that names a tile
    with no Non-Player unit, or offers a tile another unit stands on, is refused with a
    clear error (a WartableError, one line), never loaded to break later."""
    s, data = _pending_tile_choice()
    n = s.sc.board.size
    mover = data["npc"][NPC_FIELDS.index("mover")]
    assert s.owner[mover] == 1
    bad_mover = dict(data, npc=list(data["npc"]))
    bad_mover["npc"][NPC_FIELDS.index("mover")] = cell(s, "0,0")  # an empty tile
    occupied = dict(data, npc=list(data["npc"]))
    occupied["npc"][len(NPC_FIELDS) + cell(s, "3,1")] = 1  # the Player's own unit's tile
    far = dict(data, npc=list(data["npc"]))
    far["npc"][NPC_FIELDS.index("mover")] = n + 5  # off the map
    for bad in (bad_mover, occupied, far):
        with pytest.raises(WartableError) as err:
            GAME.state_from_json(s.config, bad)
        assert str(err.value) and "\n" not in str(err.value)


def test_a_damaged_pending_solo_choice_is_refused_9_2_solo_scenario_2() -> None:
    """§9.2 Solo Scenario 2 ("the Player will suffer a loss of 5 cards from his hand of his
    choice"): a saved position asking for a card to lose while no card is owed, or whose
    pending non-player attack names a tile with no Non-Player unit, is refused."""
    s = player_turn("solo-2")
    give(s, 0, "Bewitch", "Vanish", "Scout")
    s.solo.cards_to_lose = 2
    solo_rules.check_end(s, [])
    assert s.track.pend_kind and GAME.to_act(s) == (0,)
    data = GAME.state_to_json(s)
    GAME.state_from_json(s.config, data)  # the real position loads
    owed = dict(data, solo=list(data["solo"]))
    owed["solo"][SOLO_FIELDS.index("cards_to_lose")] = 0
    with pytest.raises(WartableError):
        GAME.state_from_json(s.config, owed)
