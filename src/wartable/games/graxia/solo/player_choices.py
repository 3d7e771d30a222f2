"""The Player's choices a solo scenario asks for (§9.2): the cards lost when the Non-Player
captures a settlement (Solo Scenario 2) and where its reinforcements go (Solo Scenarios 3
and 5). Pending choices of seat 0 through ``choices.py`` (kinds ``LOSE_CARD``/``NPC_PLACE``).

Pure state (``choices.py`` imports this module; it must not import ``board``/``choices``).
The work still to do is kept in ``solo`` (``cards_to_lose``, ``reinforcements``: land types
still to receive a unit), so ``ask`` resumes it after every choice and every step.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from ..choice_record import LOSE_CARD, NPC_PLACE
from ..state import (
    B_ADVANCE,
    B_EXCH,
    GraxiaState,
)
from . import awards as solo_awards

# the land types whose reinforcements the Player places, in order (a bit each in ``solo.reinforcements``)
QUEUE_TYPES: Final = {3: ("lake", "plains", "forest"), 5: solo_awards.LAND_TYPES}


def queue_types(s: GraxiaState) -> tuple[str, ...]:
    return QUEUE_TYPES.get(solo_awards.scenario(s), ())


def place_cells(s: GraxiaState, terrain: str) -> list[int]:
    """Where a reinforcement of this land type may go: free tiles of the type still in the
    game (solo-5: not controlled by the Player)."""
    n = solo_awards.scenario(s)
    return [
        c
        for c in solo_awards.cells_of(s, terrain)
        if s.unit[c] < 0 and not (n == 5 and s.ctrl[c] == solo_awards.PLAYER)
    ]


def hand_cards(s: GraxiaState) -> list[int]:
    return sorted(set(s.hands[solo_awards.PLAYER]))


def options(s: GraxiaState, kind: int, who: int, x: int, y: int) -> list[int]:
    """LOSE_CARD: card ids in the Player's hand; NPC_PLACE: cells (y: the land type's index)."""
    if kind == LOSE_CARD:
        return hand_cards(s)
    types = queue_types(s)
    return place_cells(s, types[y]) if 0 <= y < len(types) else []


def draw_unit(s: GraxiaState, events: list[Event] | None) -> int:
    """A card from the Non-Player's unit pile (the Player's when it has none), reshuffling
    its discards when exhausted (§9.2 Non-Player Decks); -1 when both are empty."""
    pile = s.udeck[solo_awards.NPC]
    if not s.decks[pile]:
        if not s.discards[pile]:
            return -1
        s.decks[pile] = s.discards[pile]
        s.discards[pile] = []
        s.rng.shuffle(s.decks[pile])
        emit(events, "reshuffle", pile="unit", seat=solo_awards.NPC)
    return s.decks[pile].pop()


def place_npc(s: GraxiaState, u: int, cell: int, events: list[Event] | None) -> None:
    """Put a Non-Player unit on a free tile; it takes control without a capture (no points,
    no lost settlement)."""
    s.solo.placing = 1
    s.unit[cell], s.owner[cell], s.wounds[cell], s.flags[cell] = u, solo_awards.NPC, 0, 0
    s.ctrl[cell] = solo_awards.NPC
    s.solo.placing = 0
    emit(events, "npc_placed", unit=s.cat.units[u].name, cell=s.sc.board.text(cell))


def resolve(
    s: GraxiaState, kind: int, x: int, y: int, pick: int, events: list[Event] | None
) -> None:
    """Apply the Player's pick, then ask for the next piece of queued work."""
    if kind == LOSE_CARD:
        _lose(s, pick, events)
    else:
        place_npc(s, x, pick, events)
        s.solo.reinforcements &= ~(1 << y)
    ask(s, events)


def _lose(s: GraxiaState, card: int, events: list[Event] | None) -> None:
    s.hands[solo_awards.PLAYER].remove(card)
    nu = len(s.cat.units)
    s.discards[s.udeck[solo_awards.PLAYER] if card < nu else s.sdeck[solo_awards.PLAYER]].append(
        card
    )
    s.solo.cards_to_lose -= 1
    emit(events, "card_lost", seat=solo_awards.PLAYER, card=s.cat.card_name(card))


def ask(s: GraxiaState, events: list[Event] | None) -> None:
    """Issue the next pending choice of the queued work (one option: made at once)."""
    while not s.track.pend_kind and s.track.winner < 0:
        if s.solo.cards_to_lose > 0:
            cards = hand_cards(s)
            if not cards:
                s.solo.cards_to_lose = 0
                continue
            if len(cards) == 1:
                _lose(s, cards[0], events)
                continue
            _pend(s, LOSE_CARD, 0, 0, events)
            return
        if B_EXCH <= s.phase <= B_ADVANCE:
            return  # placements wait for the battle's end (the loser's tile is the winner's)
        q = s.solo.reinforcements
        if not q and s.solo.reinforcement_sets > 0:  # solo-5: a further set of reinforcements
            s.solo.reinforcement_sets -= 1
            s.solo.reinforcements = q = (1 << len(queue_types(s))) - 1
        if not q:
            return
        k = (q & -q).bit_length() - 1
        types = queue_types(s)
        cells = place_cells(s, types[k]) if k < len(types) else []
        u = draw_unit(s, events) if cells else -1
        if u < 0:
            s.solo.reinforcements &= ~(1 << k)
            continue
        if len(cells) == 1:
            place_npc(s, u, cells[0], events)
            s.solo.reinforcements &= ~(1 << k)
            continue
        _pend(s, NPC_PLACE, u, k, events)
        return


def _pend(s: GraxiaState, kind: int, x: int, y: int, events: list[Event] | None) -> None:
    s.track.pend_kind, s.track.pend_seat = kind, solo_awards.PLAYER
    s.track.pend_x, s.track.pend_y = x, y
    if kind == LOSE_CARD:
        emit(events, "choice", seat=solo_awards.PLAYER, kind="lose", left=s.solo.cards_to_lose)
    else:
        unit = s.cat.units[x].name
        emit(
            events,
            "choice",
            seat=solo_awards.PLAYER,
            kind="placement",
            unit=unit,
            terrain=queue_types(s)[y],
        )
