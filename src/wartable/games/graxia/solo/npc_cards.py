"""The non-player's cards (§9.2): its command spell deck played at the start of its turn,
its battle spell deck drawn for every battle it is in, and standard reinforcements.

- Decks are shuffled piles in ``decks``; an exhausted pile is rebuilt by shuffling its
  discards (§9.2 Non-Player Decks). Command cards go to ``discards[NPC_COMMAND]``.
- Command targets: a card targeting friendly units takes the friendly unit with the lowest
  health left, then the lowest attack+defence total; a card targeting enemy units the
  enemy unit with the highest health left, then the highest attack+defence total; ties
  right to left, furthest row to nearest (npc_order.py). A card with no legal target is
  discarded without effect.
- The non-player never gains or loses mana: its spells and abilities cost nothing and any
  mana it would gain (Pickpocket) is not kept; the Player still loses what Pickpocket takes.
- Battle cards are drawn into the non-player's hand (hidden from the Player until played)
  and discarded when the battle ends.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from .. import effects as card_effects
from ..state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    MOVED,
    NPC_BATTLE,
    NPC_COMMAND,
    GraxiaState,
)
from . import npc_order
from . import player_choices as solo_choices

PLAYER: Final = 0
NPC: Final = 1
SETTLEMENTS: Final = ("castle", "city", "village")


def keep_mana(s: GraxiaState) -> None:
    """§9.2 Mana: the Non-Player never gains or loses Mana."""
    s.mana[NPC] = s.sc.mana[NPC]


def draw(s: GraxiaState, pile: int, events: list[Event] | None) -> int:
    """The top card of a non-player pile (-1: none), reshuffling its discards when empty."""
    if not s.decks[pile]:
        if not s.discards[pile]:
            return -1
        s.decks[pile] = s.discards[pile]
        s.discards[pile] = []
        s.rng.shuffle(s.decks[pile])
        emit(events, "reshuffle", pile="command" if pile == NPC_COMMAND else "battle", seat=NPC)
    return s.decks[pile].pop()


def target(s: GraxiaState, cells: list[int]) -> int:
    """The target a non-player card takes among legal ``cells`` ([-1]: no target)."""
    if cells == [-1]:
        return -1
    friends = [c for c in cells if s.owner[c] == NPC]
    if friends:
        return npc_order.friendly_first(s, friends)[0]
    return npc_order.enemy_first(s, cells)[0]


def play_command_card(s: GraxiaState, events: list[Event] | None) -> None:
    """Play the next card of the command spell deck, free, on its rule's target."""
    card = draw(s, NPC_COMMAND, events)
    if card < 0:
        return
    nu = len(s.cat.units)
    sp = s.cat.spells[card - nu]
    cells = card_effects.spell_targets(s, NPC, sp)
    if not cells:
        s.discards[NPC_COMMAND].append(card)
        emit(events, "npc_card_fizzles", spell=sp.name)
        return
    t = target(s, cells)
    s.hands[NPC].append(card)
    card_effects.cast_command_spell(s, NPC, card - nu, t, events)
    pile = s.discards[s.sdeck[NPC]]
    if pile and pile[-1] == card:  # cast_command_spell discarded it to the battle pile
        pile.pop()
    s.discards[NPC_COMMAND].append(card)
    keep_mana(s)


def draw_battle_cards(s: GraxiaState, events: list[Event] | None) -> None:
    npc = s.sc.npc
    n = npc.battle_draws if npc is not None else 0
    got = 0
    for _ in range(n):
        card = draw(s, NPC_BATTLE, events)
        if card < 0:
            break
        s.hands[NPC].append(card)
        got += 1
    emit(events, "npc_battle_draw", cards=got)


def discard_battle_cards(s: GraxiaState, events: list[Event] | None) -> None:
    nu = len(s.cat.units)
    left = [c for c in s.hands[NPC] if c >= nu]
    if not left:
        return
    s.hands[NPC] = [c for c in s.hands[NPC] if c < nu]
    s.discards[NPC_BATTLE].extend(left)
    emit(events, "npc_battle_discard", spells=[s.cat.card_name(c) for c in left])


def settlements_near_player(s: GraxiaState) -> set[int]:
    """Cities, castles and villages not controlled by the Player next to a Player unit."""
    b = s.sc.board
    out: set[int] = set()
    for c in range(b.size):
        if s.unit[c] < 0 or s.owner[c] != PLAYER:
            continue
        for n in b.nbr[c]:
            if s.sc.terrain[n] in SETTLEMENTS and s.ctrl[n] != PLAYER and not s.gone[n]:
                out.add(n)
    return out


def positions(s: GraxiaState) -> list[int]:
    """One number a tile: its unit, whether it is the Player's, whether it has moved this
    round; the Player units an action moved are the ones whose number changed."""
    return [_code(s, c) for c in range(s.sc.board.size)]


def _code(s: GraxiaState, c: int) -> int:
    mine = 2 if s.owner[c] == PLAYER else 0
    return (s.unit[c] + 1) * 4 + mine + (1 if s.flags[c] & MOVED else 0)


def moved_next_to(s: GraxiaState, before: list[int]) -> set[int]:
    """The non-controlled (neutral) cities, castles and villages next to a Player unit that
    moved since ``before`` (it stands on another tile, or has just moved: a switch)."""
    b = s.sc.board
    out: set[int] = set()
    for c in range(b.size):
        if s.unit[c] < 0 or s.owner[c] != PLAYER:
            continue
        now, was = _code(s, c), before[c]
        if now >> 1 == was >> 1 and not (now & 1 and not was & 1):
            continue
        for n in b.nbr[c]:
            if s.sc.terrain[n] in SETTLEMENTS and s.ctrl[n] == -1 and not s.gone[n]:
                out.add(n)
    return out


def reinforce(s: GraxiaState, before: list[int], events: list[Event] | None) -> None:
    """§9.2 Non-Player Reinforcements, "whenever a Player unit card moves next to a
    non-controlled city, castle or village": a unit from the non-player's unit deck (else the
    Player's) is placed on that tile if it is empty (an occupied tile gets none).

    ``before`` is what the Player's action is compared against (``npc.before``): under
    ``solo_reinforcements: each_move`` the tiles' ``positions`` (every move that ends next to
    a neutral settlement), under ``first_arrival`` the settlements the Player did not control
    that had a Player unit next to them (a settlement that now has its first one, whatever
    brought it)."""
    npc = s.sc.npc
    if npc is None or "no_reinforcements" in npc.rules:
        return
    if s.config.solo_reinforcements == "first_arrival":
        cells = settlements_near_player(s) - set(before)
    else:
        cells = moved_next_to(s, before)
    fighting = s.phase in (B_EXCH, B_SAC, B_RETREAT, B_ADVANCE)
    for c in npc_order.tie_order(s, sorted(cells)):
        if s.unit[c] >= 0 or (fighting and c == s.bat.defender):
            continue  # (the tile a retreat left stays free for the advance)
        u = solo_choices.draw_unit(s, events)
        if u < 0:
            return
        emit(events, "npc_reinforcement", cell=s.sc.board.text(c))
        solo_choices.place_npc(s, u, c, events)
