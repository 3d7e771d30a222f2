"""§6 Sequence of Play: a player round is Draw, Command, Mana Collection and buying, and
Victory Determination; a Game Turn is the first player's round, then the second's.

The round machine only asks the phasing seat for decisions through ``legal``/``apply``;
a non-player side could be driven by rules by answering the same decision points.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from . import actions as acts
from . import effects, modifiers, victory
from .board import LAKE, heal
from .state import (
    BUY,
    COMMAND,
    DRAW,
    OVER,
    ROUND_FLAGS,
    STEALTH,
    STUN_LATER,
    STUNNED,
    GraxiaState,
)

FREE_DRAWS: Final = 4
CARD_PRICE: Final = 5
FREE_SPELLS_SECOND: Final = 2


def start_round(s: GraxiaState, events: list[Event] | None) -> None:
    if events is not None:
        emit(events, "round", seat=s.current, turn=s.turn)
    if s.turn == 1:  # §6 phase 1: no drawing or buying in the first Turn
        s.phase = COMMAND
        return
    s.phase = DRAW
    s.draws = FREE_DRAWS
    _settle_draws(s)


def _settle_draws(s: GraxiaState) -> None:
    p = s.current
    if s.draws and not (effects.can_draw(s, p, True) or effects.can_draw(s, p, False)):
        s.draws = 0


def draw_legal(s: GraxiaState) -> list[int]:
    p = s.current
    out: list[int] = []
    if s.draws:
        if effects.can_draw(s, p, True):
            out.append(acts.DRAW_UNIT)
        if effects.can_draw(s, p, False):
            out.append(acts.DRAW_SPELL)
        return out
    return buy_legal(s)


def buy_legal(s: GraxiaState) -> list[int]:
    """§6 phase 1 step 2: 5 mana a card, only while holding 12 or fewer (hand limit 13)."""
    p = s.current
    out = [acts.END]
    if s.mana[p] >= CARD_PRICE and s.hand_size(p) <= modifiers.hand_limit(s, p) - 1:
        if effects.can_draw(s, p, True):
            out.append(acts.BUY_UNIT)
        if effects.can_draw(s, p, False):
            out.append(acts.BUY_SPELL)
    return out


def draw_apply(s: GraxiaState, action: int, events: list[Event] | None) -> None:
    p = s.current
    if action == acts.END:
        s.phase = COMMAND
        return
    if action in (acts.BUY_UNIT, acts.BUY_SPELL):
        s.mana[p] -= CARD_PRICE
    else:
        s.draws -= 1
    effects.draw_card(s, p, action in (acts.DRAW_UNIT, acts.BUY_UNIT), events)
    _settle_draws(s)


def end_command(s: GraxiaState, events: list[Event] | None) -> None:
    """Phase 3: collect mana for every controlled tile; then buying (not in Turn 1)."""
    p = s.current
    effects.end_of_command(s, p, events)
    if s.sc.collects[p]:
        gain = mana_income(s, p)
        s.mana[p] += gain
        if events is not None:
            emit(events, "mana", seat=p, gain=gain)
    if s.turn == 1:
        # §6 phase 3: the second player's first round gives two free Spell cards (not the
        # solo Non-Player's: its spells come from its battle deck, per battle, §9.2)
        if s.round_no == 1 and not (s.sc.solo and p == 1):
            for _ in range(FREE_SPELLS_SECOND):
                if effects.can_draw(s, p, False):
                    effects.draw_card(s, p, False, events)
        end_round(s, events)
        return
    s.phase = BUY


def mana_income(s: GraxiaState, p: int) -> int:
    """§6 phase 3: mana "for each map tile they control (the player's Home Row and map tiles
    occupied by the player's Control markers and Units)": the Home Row counts whoever holds
    it (``home_row_mana: controlled``: only the Home Row tiles the player controls)."""
    always = s.config.home_row_mana == "always"
    home = s.sc.home[p]
    ctrl, gone = s.ctrl, s.gone
    return sum(
        m
        for c, m in enumerate(s.sc.mana_value)
        if not gone[c] and (ctrl[c] == p or (always and c in home))
    )


def buy_apply(s: GraxiaState, action: int, events: list[Event] | None) -> None:
    if action == acts.END:
        end_round(s, events)
        return
    s.mana[s.current] -= CARD_PRICE
    effects.draw_card(s, s.current, action == acts.BUY_UNIT, events)


def end_round(s: GraxiaState, events: list[Event] | None) -> None:
    """Remove the round's markers, heal on lakes, then Phase 4 and the next round."""
    p = s.current
    for c in range(s.sc.board.size):
        if s.unit[c] < 0:
            continue
        if s.owner[c] == p:
            if s.sc.terrain[c] == LAKE:
                heal(s, c, 1)  # §5.4 Lake: heal 1 wound at the end of the round
            f = s.flags[c] & ~STUNNED
            if f & STUN_LATER:
                f = (f & ~STUN_LATER) | STUNNED
            s.flags[c] = f
        elif s.owner[c] == 1 - p:
            s.flags[c] &= ~STEALTH  # its owner's round begins: the Stealth marker goes
        s.flags[c] &= ~ROUND_FLAGS
    s.track.discount_used = s.track.portal_power = s.track.allies = 0
    victory.end_of_round(s, events)
    if s.phase == OVER:
        return
    s.round_no += 1
    s.current = 1 - s.current
    start_round(s, events)
