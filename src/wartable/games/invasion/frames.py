"""Legal actions and their resolution for the decision frames of ``stack.py``."""

from __future__ import annotations

from typing import Final

from wartable.core.events import event

from . import actions as acts
from .cards import GOLDS, KEYS, NK, TERROR
from .effects import fire_mage, resolve_choice, warlord_guard
from .stack import (
    F_ARCANIST,
    F_BETRAYAL,
    F_CAMPAIGN,
    F_CHOOSE,
    F_DISCARD,
    F_FIREMAGE,
    F_SHAPESHIFT,
    F_SORCERESS,
    F_TEAMGOLD,
    F_TOPDECK,
    F_TRASH,
    F_WARLORD,
)
from .state import InvasionState
from .zones import Ev, discard_from_hand, draw, trash_from_hand

BETRAYAL_KIND: Final = KEYS.index("betrayal")


def frame_legal(s: InvasionState, f: list[int]) -> list[int]:
    kind, seat = f[0], f[1]
    hand = s.hand[seat]
    if kind in (F_DISCARD, F_SHAPESHIFT):
        out = [acts.DISCARD + k for k in range(NK) if hand[k]]
        if kind == F_SHAPESHIFT:
            out.append(acts.DONE)
        return out
    if kind == F_TOPDECK:
        return [acts.TOPDECK + k for k in range(NK) if hand[k]]
    if kind == F_TRASH:
        return [acts.TRASH + k for k in range(NK) if hand[k] and k != TERROR]
    if kind == F_CHOOSE:
        return [acts.CHOOSE + i for i in range(s.n) if i != seat]
    if kind == F_WARLORD:
        return [acts.WARLORD_YES, acts.WARLORD_NO]
    if kind == F_FIREMAGE:
        return [acts.FIRE_YES, acts.FIRE_NO]
    if kind == F_ARCANIST:
        return [acts.ARC_DISCARD, acts.ARC_RETURN]
    if kind == F_SORCERESS:
        pile = s.discard[seat]
        return [acts.RECOVER + k for k in range(NK) if pile[k]]
    if kind == F_BETRAYAL:
        return ([acts.BETRAY] if hand[BETRAYAL_KIND] else []) + [acts.NO_BETRAY]
    if kind == F_TEAMGOLD:
        return [acts.GIVE + i for i, g in enumerate(GOLDS) if hand[g]] + [acts.DONE]
    if kind == F_CAMPAIGN:
        out = [acts.CAMP_DECK] if s.campaign_deck else []
        return out + [acts.CAMP_ROW + i for i in range(3) if s.campaign_row[i] >= 0]
    return []


def frame_apply(s: InvasionState, f: list[int], a: int, ev: Ev) -> None:
    """Resolve one decision of the top frame (pops it when it is complete)."""
    kind, seat = f[0], f[1]
    if kind == F_DISCARD:
        discard_from_hand(s, seat, a - acts.DISCARD, ev)
        f[2] -= 1
        if f[2] <= 0 or not any(s.hand[seat]):
            _pop(s, f)
    elif kind == F_SHAPESHIFT:
        if a == acts.DONE:
            _pop(s, f)
            draw(s, seat, f[2], ev)
        else:
            discard_from_hand(s, seat, a - acts.DISCARD, ev)
            f[2] += 1
    elif kind == F_TOPDECK:
        k = a - acts.TOPDECK
        s.hand[seat][k] -= 1
        s.deck[seat].append(k)
        if ev is not None:
            ev.append(event("topdeck", seat=seat))
            ev.append(event("topdecked", to=(seat,), seat=seat, card=KEYS[k]))
        f[2] -= 1
        if f[2] <= 0 or not any(s.hand[seat]):
            _pop(s, f)
    elif kind == F_TRASH:
        _pop(s, f)
        trash_from_hand(s, seat, a - acts.TRASH, ev)
    elif kind == F_CHOOSE:
        _pop(s, f)
        resolve_choice(s, seat, f[2], a - acts.CHOOSE, ev)
    elif kind == F_WARLORD:
        _pop(s, f)
        if a == acts.WARLORD_YES:
            warlord_guard(s, seat, ev)
    elif kind == F_FIREMAGE:
        _pop(s, f)
        if a == acts.FIRE_YES:
            fire_mage(s, ev)
    elif kind == F_ARCANIST:
        _pop(s, f)
        cards, s.revealed = s.revealed, []
        if a == acts.ARC_DISCARD:
            for k in cards:
                s.discard[seat][k] += 1
        else:
            s.deck[seat].extend(reversed(cards))
        if ev is not None:
            ev.append(event("arcanist", seat=seat, discard=a == acts.ARC_DISCARD))
    elif kind == F_SORCERESS:
        k = a - acts.RECOVER
        s.discard[seat][k] -= 1
        s.deck[seat].append(k)
        if ev is not None:
            ev.append(event("recover", seat=seat, card=KEYS[k]))
        f[2] -= 1
        if f[2] <= 0 or not any(s.discard[seat]):
            _pop(s, f)
    elif kind == F_BETRAYAL:
        if a == acts.NO_BETRAY:
            _pop(s, f)
        else:
            s.hand[seat][BETRAYAL_KIND] -= 1
            s.discard[seat][BETRAYAL_KIND] += 1
            s.betrayals += 1
            if ev is not None:
                ev.append(event("betrayal", seat=seat, against=s.active))
    elif kind == F_TEAMGOLD:
        if a == acts.DONE:
            _pop(s, f)
        else:
            g = GOLDS[a - acts.GIVE]
            s.hand[seat][g] -= 1
            s.discard[seat][g] += 1
            s.gold += s.db.gold[g]
            if ev is not None:
                ev.append(event("give_gold", seat=seat, to_seat=s.active, card=KEYS[g]))
    elif kind == F_CAMPAIGN:
        if a == acts.CAMP_DECK:
            cid = s.campaign_deck.pop()
        else:
            slot = a - acts.CAMP_ROW
            cid = s.campaign_row[slot]
            s.campaign_row[slot] = s.campaign_deck.pop() if s.campaign_deck else -1
        s.campaigns[s.owner_of(seat)].append(cid)
        if ev is not None:
            ev.append(event("campaign_taken", seat=seat, face_up=a != acts.CAMP_DECK))
        f[2] -= 1
        if f[2] <= 0 or not (s.campaign_deck or any(c >= 0 for c in s.campaign_row)):
            _pop(s, f)


def _pop(s: InvasionState, f: list[int]) -> None:
    if s.stack and s.stack[-1] is f:
        s.stack.pop()
