"""The turn (chapter 5, A-BCDE-F), its legal actions, and the end of the game (chapter 7)."""

from __future__ import annotations

from typing import Final

from wartable.core.events import event

from . import actions as acts
from .cards import ACTIONS, DEFENDERS, GLADIATOR, GOLDS, KEYS, NK, TERROR, TITAN
from .config import SOLO_THRESHOLD
from .effects import others, play_action, play_defender, resolve_attack, reveal_effect
from .eventcards import resolve_event
from .frames import frame_apply, frame_legal
from .scoring import glory, invaders_of
from .stack import A_ATTACK, A_EVENT, A_REFILL, AUTO, F_BETRAYAL, F_CAMPAIGN, F_TEAMGOLD, push
from .state import BUY, DEFEAT, FORWARD, MAIN, OVER, InvasionState
from .zones import GAIN_DISCARD, GAIN_TOP, Ev, discard_from_hand, draw, gain, refill_slot

# action ids as module globals (cheaper than ``A.X`` on every decision)
_A_ASK: Final = acts.ASK
_A_ATTACK: Final = acts.ATTACK
_A_BUY: Final = acts.BUY
_A_BUY_TOP: Final = acts.BUY_TOP
_A_CHOOSE_BUY: Final = acts.CHOOSE_BUY
_A_CHOOSE_CAMPAIGN: Final = acts.CHOOSE_CAMPAIGN
_A_CHOOSE_DEFEAT: Final = acts.CHOOSE_DEFEAT
_A_DEFEND: Final = acts.DEFEND
_A_DONE: Final = acts.DONE
_A_ELIMINATE: Final = acts.ELIMINATE
_A_FORWARD: Final = acts.FORWARD
_A_GOLD: Final = acts.GOLD
_A_NO_FORWARD: Final = acts.NO_FORWARD
_A_PASS: Final = acts.PASS
_A_PLAY: Final = acts.PLAY
_A_TARGET: Final = acts.TARGET

HAND_SIZE: Final = 6
_BETRAYAL: Final = KEYS.index("betrayal")
_PLAY0: Final = _A_PLAY - ACTIONS[0]  # "play <k>" is _PLAY0 + k
_DEFEND0: Final = _A_DEFEND - DEFENDERS[0]  # "defend <d>" is _DEFEND0 + d
assert GOLDS == (0, 1, 2) and _A_GOLD + 2 == _A_GOLD + GOLDS[2]


_TRASH_AFTER_USE: Final = (TITAN, GLADIATOR)
_ALL_TARGETS: Final = tuple(_A_TARGET + t for t in range(6))
# the card kinds as ranges of ids (loops over ``range(...)`` compile to C loops with mypyc;
# module constants are ``Final``: compiled, a plain module global is a dict lookup)
_A0: Final = ACTIONS[0]
_A1: Final = ACTIONS[-1] + 1
_D0: Final = DEFENDERS[0]
_BUY_TOP_SHIFT: Final = _A_BUY_TOP - _A_BUY
assert ACTIONS == tuple(range(_A0, _A1)) and DEFENDERS == tuple(range(_D0, NK))


def reset_turn(s: InvasionState) -> None:
    s.actions_left = 1
    s.buys_left = 1
    s.gold = 0
    s.fury = 0
    s.enchant = 0
    s.atk_damage = 0
    s.atk_defenders = 0
    s.atk_titan = 0
    s.atk_slayer = 0
    s.atk_shaman = 0
    s.golem = 0
    s.betrayals = 0
    s.ruler = 0
    s.draw_limit = HAND_SIZE
    s.targets = []
    s.revealed = []


def start_turn(s: InvasionState, seat: int, ev: Ev) -> None:
    """Chapter 6: the player first resolves the Events given to them, one at a time."""
    s.active = seat
    s.turn += 1
    s.phase = MAIN
    reset_turn(s)
    if ev is not None:
        ev.append(event("turn", seat=seat, turn=s.turn))
    if s.pending_events[seat]:
        push(s, A_EVENT, seat)


def end_turn(s: InvasionState, ev: Ev) -> None:
    """Chapter 5: discard played and unplayed cards, draw 6; chapter 7: maybe the game ends."""
    seat = s.active
    hand = s.hand[seat]
    if hand[TERROR]:
        for _ in range(hand[TERROR]):
            discard_from_hand(s, seat, TERROR, ev)
    play = s.play
    for k in _TRASH_AFTER_USE:  # "Trash after use" (Stone Titan, Gladiator Elite)
        if play[k]:
            s.supply[k] += play[k]
            play[k] = 0
    pile = s.discard[seat]
    for k in range(NK):  # plain loops (not ``compress``): they compile to C loops with mypyc
        c = hand[k]
        if c:
            pile[k] = pile[k] + c  # (``+=`` on a list item is a generic add, compiled)
            hand[k] = 0
        c = play[k]
        if c:
            pile[k] = pile[k] + c
            play[k] = 0
    draw(s, seat, s.draw_limit, ev)
    reason = end_reason(s)
    if reason:
        s.phase = OVER
        s.over = 1
        s.end_reason = reason
        s.stack = []
        if ev is not None:
            ev.append(event("game_over", reason=reason))
        return
    start_turn(s, (seat + 1) % s.n, ev)


def end_reason(s: InvasionState) -> str:
    """Chapter 7 and chapter 12: checked right after a turn ends."""
    if s.retreat:
        return "the Retreat card is revealed"
    if s.solo:
        if glory(s)[0] >= SOLO_THRESHOLD[s.config.solo_difficulty]:
            return "the battle stage is passed"
    else:
        limit = s.limit
        if s.team:
            for owner in range(s.owners()):
                if len(invaders_of(s, owner)) >= limit:
                    return f"{limit} invaders defeated"
        else:
            for mine in s.defeated:
                if len(mine) >= limit:
                    return f"{limit} invaders defeated"
    if not face_up(s.row) and not s.blue_deck and not s.gold_deck:
        return "no invaders are left"
    if s.turn_limit and s.turn >= s.turn_limit:
        return "turn limit"
    return ""


def face_up(slots: list[int]) -> bool:
    """Whether a slot of the invader or campaign row holds a card (``max(slots) >= 0``)."""
    for v in slots:
        if v >= 0:
            return True
    return False


def _all_face_up(slots: list[int]) -> bool:
    for v in slots:
        if v < 0:
            return False
    return True


def settle(s: InvasionState, ev: Ev) -> None:
    """Run automatic continuations until a seat has a decision (or the game ends)."""
    while not s.over:
        if s.stack:
            f = s.stack[-1]
            if f[0] < AUTO:
                return
            s.stack.pop()
            if f[0] == A_ATTACK:
                resolve_attack(s, ev)
            elif f[0] == A_EVENT:
                pending = s.pending_events[s.active]
                if pending:
                    kind = pending.pop(0)
                    if pending:
                        push(s, A_EVENT, s.active)
                    resolve_event(s, kind, ev)
            elif f[0] == A_REFILL:
                kind = refill_slot(s, f[2])
                if kind >= 0:
                    reveal_effect(s, kind, ev)
            continue
        phase = s.phase
        if phase == BUY and s.buys_left <= 0:
            s.phase = phase = FORWARD
        if phase == FORWARD:
            hand = s.hand[s.active]
            if not (hand[0] or hand[1] or hand[2]):  # GOLDS == (0, 1, 2)
                end_turn(s, ev)
                continue
        return


def to_act(s: InvasionState) -> tuple[int, ...]:
    if s.over:
        return ()
    if s.stack:
        return (s.stack[-1][1],)
    return (s.active,)


def spendable(s: InvasionState, seat: int) -> int:
    hand = s.hand[seat]
    g = s.db.gold
    return s.gold + hand[0] * g[0] + hand[1] * g[1] + hand[2] * g[2]  # GOLDS == (0, 1, 2)


def legal(s: InvasionState, seat: int) -> list[int]:
    if s.over:
        return []
    if s.stack:
        f = s.stack[-1]
        return frame_legal(s, f) if f[1] == seat else []
    if seat != s.active:
        return []
    hand = s.hand[seat]
    phase = s.phase
    # plain loops: Python 3.11 comprehensions cost a function call each (short lists here)
    if phase == MAIN:  # ascending ids (the heuristic bot searches them in halves)
        out: list[int] = []
        if s.actions_left > 0:
            for k in range(_A0, _A1):
                if hand[k]:
                    out.append(_PLAY0 + k)
        out.append(_A_CHOOSE_BUY)
        camps = s.campaign_row
        if s.campaign_deck or face_up(camps):
            out.append(_A_CHOOSE_CAMPAIGN)
        row = s.row
        invaders = face_up(row)
        if invaders:
            out.append(_A_CHOOSE_DEFEAT)
        out.append(_A_PASS)
        for k in range(NK):
            if hand[k] and k != TERROR:
                out.append(_A_ELIMINATE + k)
        if not s.team:
            # a direct buy, defender or target opens the Buy or Defeat choice (no partner
            # to wait for)
            money = spendable(s, seat)
            add_buys(out, s, money)
            if invaders:
                acost = s.db.attack_cost
                for d in range(_D0, NK):
                    if hand[d] and acost[d] <= money:
                        out.append(_DEFEND0 + d)
                if _all_face_up(row):
                    out += _ALL_TARGETS
                else:
                    for t in range(6):
                        if row[t] >= 0:
                            out.append(_A_TARGET + t)
        return out
    if phase == FORWARD:
        out = []
        if hand[0]:  # GOLDS == (0, 1, 2)
            out.append(_A_FORWARD)
        if hand[1]:
            out.append(_A_FORWARD + 1)
        if hand[2]:
            out.append(_A_FORWARD + 2)
        out.append(_A_NO_FORWARD)
        return out
    out = []
    if hand[0]:
        out.append(_A_GOLD)
    if hand[1]:
        out.append(_A_GOLD + 1)
    if hand[2]:
        out.append(_A_GOLD + 2)
    if phase == BUY:
        add_buys(out, s, spendable(s, seat))
        out.append(_A_DONE)
        if s.team and _can_ask(s, seat):
            out.append(_A_ASK)
        return out
    if phase == DEFEAT:
        if s.team and _can_ask(s, seat):
            out.append(_A_ASK)
        money = spendable(s, seat)
        acost = s.db.attack_cost
        for d in range(_D0, NK):
            if hand[d] and acost[d] <= money:
                out.append(_DEFEND0 + d)
        targets = s.targets
        if not targets or s.atk_titan:
            row = s.row
            for t in range(6):
                if row[t] >= 0 and t not in targets:
                    out.append(_A_TARGET + t)
        if targets and s.atk_titan:
            out.append(_A_ATTACK)
        return out
    return []


def _can_ask(s: InvasionState, seat: int) -> bool:
    """Team Versus, option ``team_gold = "ask"``: the partner may have Gold to give.

    With open hands the active player sees whether the partner holds Gold; with closed
    hands (``team_open_hands = false``) only the partner's hand size is known, so any
    card in the partner's hand allows asking (the partner may still give nothing).
    """
    if not s.ask_gold:
        return False
    if not s.open_hands:
        return s.hand_size(seat ^ 1) > 0
    mate = s.hand[seat ^ 1]
    return bool(mate[0] or mate[1] or mate[2])


def add_buys(out: list[int], s: InvasionState, money: int) -> None:
    """Append the "buy <card>" ids ``money`` affords, the kingdom's order, empty piles left
    out; then, with the Ruler, the same as "buy <card> top"."""
    supply = s.supply
    cost = s.db.cost
    start = len(out)
    for k in s.kingdom:
        if cost[k] <= money and supply[k]:
            out.append(_A_BUY + k)
    if s.ruler:
        for i in range(start, len(out)):
            out.append(out[i] + _BUY_TOP_SHIFT)


def pay(s: InvasionState, seat: int, cost: int, ev: Ev) -> None:
    """Play Gold cards from the hand to cover ``cost``, overpaying as little as possible."""
    short = cost - s.gold
    if short > 0:
        hand = s.hand[seat]
        v0, v1, v2 = s.db.gold[0], s.db.gold[1], s.db.gold[2]  # GOLDS == (0, 1, 2)
        h0 = hand[0]
        best: tuple[int, int, int, int] | None = None
        for f in range(hand[2] + 1):
            for t in range(hand[1] + 1):
                base = f * v2 + t * v1
                w = max(0, -(-(short - base) // v0)) if v0 else 0
                if w > h0:
                    continue
                total = base + w * v0
                if total < short:
                    continue
                key = (total, f, t, w)
                if best is None or key < best:
                    best = key
        if best is not None:
            if best[3]:
                play_gold(s, seat, 0, best[3], ev)
            if best[2]:
                play_gold(s, seat, 1, best[2], ev)
            if best[1]:
                play_gold(s, seat, 2, best[1], ev)
    s.gold -= cost


def play_gold(s: InvasionState, seat: int, g: int, count: int, ev: Ev) -> None:
    s.hand[seat][g] -= count
    s.play[g] += count
    s.gold += s.db.gold[g] * count
    if ev is not None:
        ev.append(event("gold", seat=seat, card=KEYS[g], count=count))


def enter_choice(s: InvasionState, phase: int) -> None:
    """Team Versus: the partner may add Gold from their hand to this turn's total."""
    s.phase = phase
    mate = s.teammate(s.active)
    if mate >= 0 and s.hand_size(mate) > 0:
        push(s, F_TEAMGOLD, mate)


def apply(s: InvasionState, seat: int, a: int, ev: Ev) -> None:
    s.decisions += 1
    if s.stack:
        frame_apply(s, s.stack[-1], a, ev)
        settle(s, ev)
        return
    phase = s.phase
    if phase == FORWARD:  # the commonest decision first (only these two choices are legal)
        if a != _A_NO_FORWARD:
            g = a - _A_FORWARD  # GOLDS == (0, 1, 2)
            s.hand[seat][g] -= 1
            s.deck[seat].append(g)
            if ev is not None:
                ev.append(event("forward", seat=seat, card=KEYS[g]))
        end_turn(s, ev)
        settle(s, ev)
        return
    if phase == MAIN and a >= _A_BUY:
        # "buy <card>", "defend <card>" or "target <slot>" straight from the main phase
        s.phase = phase = BUY if a < _A_GOLD else DEFEAT
    if phase == MAIN:
        if a < _A_CHOOSE_BUY:
            play_action(s, seat, a - _PLAY0, ev)
        elif a == _A_CHOOSE_BUY:
            enter_choice(s, BUY)
        elif a == _A_CHOOSE_DEFEAT:
            enter_choice(s, DEFEAT)
        elif a == _A_CHOOSE_CAMPAIGN:
            s.phase = FORWARD
            push(s, F_CAMPAIGN, seat, 2)
        elif a == _A_PASS:
            s.phase = FORWARD
        else:  # ELIMINATE: trash a non-Terror card from the hand
            k = a - _A_ELIMINATE
            s.hand[seat][k] -= 1
            s.supply[k] += 1
            s.phase = FORWARD
            if ev is not None:
                ev.append(event("eliminate", seat=seat, card=KEYS[k]))
    elif a == _A_ASK:  # Team Versus: the partner may give Gold again (chapter 12)
        push(s, F_TEAMGOLD, s.teammate(seat))
    elif a < _A_DONE and a >= _A_GOLD:
        play_gold(s, seat, a - _A_GOLD, 1, ev)  # GOLDS == (0, 1, 2)
    elif phase == BUY:
        if a == _A_DONE:
            s.phase = FORWARD
        else:
            top = a >= _A_BUY_TOP
            k = a - (_A_BUY_TOP if top else _A_BUY)
            pay(s, seat, s.db.cost[k], ev)
            gain(s, seat, k, GAIN_TOP if top else GAIN_DISCARD, ev)
            s.buys_left -= 1
    elif phase == DEFEAT:
        if a >= _A_TARGET:
            if a != _A_ATTACK:
                s.targets.append(a - _A_TARGET)
            if a == _A_ATTACK or not s.atk_titan:  # the target is announced: the attack is on
                s.phase = FORWARD
                push(s, A_ATTACK, seat)
                for o in reversed(others(s, seat)):
                    if s.hand[o][_BETRAYAL] + s.deck[o].count(_BETRAYAL):
                        push(s, F_BETRAYAL, o)
        else:
            d = a - _DEFEND0
            pay(s, seat, s.db.attack_cost[d], ev)
            play_defender(s, seat, d, ev)
    settle(s, ev)
