"""The non-player side of the solo scenarios (§9.2), played by the rules, not by a bot.

``drive`` runs after every action (and at the end of ``new_state``): while the state machine
waits for a decision of side 1, the non-player's rules answer it and apply it with events,
until seat 0 (the Player) must decide or the game is over. Random picks use ``s.rng``.

Its round (``npc.stage``): the scenario's turn-start rules (``solo_rules.npc_turn_start``),
``command_plays`` cards of its command spell deck, its healing abilities, then every unit
moves one at a time in the move order (npc_move.py), then every unit that can attacks in
the battle order (npc_order.py), then Mana Collection and the next round. Its answers in
battles are in npc_battle.py, its cards in npc_cards.py. The Player's choices in its
round (where a unit moves next to a Player unit, which Player unit it attacks) are pending
choices of seat 0 (npc_choice.py); the driver resumes from the state after them.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from .. import actions as acts
from .. import battle, choices, command, relics, setup, turn
from .. import board as map_rules
from .. import effects as card_effects
from ..actions import Layout
from ..catalog.tables import COMMAND_ACTIVE
from ..state import (
    ANCHORED,
    ATTACKED,
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    BUY,
    COMMAND,
    DRAFT,
    DRAW,
    GUARD,
    MOVED,
    OVER,
    PLACE,
    RELIC,
    SHIELD_NOW,
    GraxiaState,
)
from . import npc_battle, npc_cards, npc_move, npc_order
from . import rules as solo_rules
from .npc_choice import NPC_FOE, NPC_TILE, ask

PLAYER: Final = 0
NPC: Final = 1
START: Final = 0
CARDS: Final = 1
HEAL: Final = 2
MOVE: Final = 3
FIGHT: Final = 4
END: Final = 5
BATTLE_PHASES: Final = (B_EXCH, B_SAC, B_RETREAT, B_ADVANCE)
BUSY: Final[int] = command.BUSY
# "the Player chooses which unit it attacks"
PLAYER_PICKS_FOE: Final = ("solo-4", "solo-5", "solo-6")
MAX_STEPS: Final = 100000


def before(s: GraxiaState, lay: Layout, action: int) -> list[int] | None:
    """What standard reinforcements compare the Player's action against (None: nothing to
    compare: the set-up's starting units move next to nothing; under ``each_move`` an action
    that moves no Player unit)."""
    if s.phase in (GUARD, DRAFT, PLACE):
        return None
    if s.config.solo_reinforcements == "first_arrival":
        return sorted(npc_cards.settlements_near_player(s))
    return npc_cards.positions(s) if moves_units(s, lay, action) else None


def moves_units(s: GraxiaState, lay: Layout, action: int) -> bool:
    """§9.2 "moves next to": the Player's actions that move its units -- a Move (a switch, a
    portal, Mystic Gate's), a command ability or spell (Long Strides, Frenzy), Mystic
    Bridge's destination, an advance (§7 step 10 "may move his unit") -- not a summon, a
    retreat or a push."""
    if s.track.pend_kind:
        return s.track.pend_kind == choices.MOVE_TO
    if s.phase == COMMAND:
        return lay.decode(action)[0] in (acts.K_MOVE, acts.K_ABILITY, acts.K_SPELL, acts.K_SPELL_AT)
    return s.phase == B_ADVANCE and action == acts.ADVANCE


def drive(
    s: GraxiaState, lay: Layout, events: list[Event] | None, near: list[int] | None = None
) -> None:
    """Answer every decision of the non-player (side 1) until the Player must act.
    ``near``: ``before`` the Player's action (standard reinforcements for its moves)."""
    if not s.sc.solo or s.phase in (GUARD, DRAFT):
        return
    if near is not None and s.phase != OVER:
        npc_cards.reinforce(s, near, events)
    for _ in range(MAX_STEPS):
        solo_rules.check_end(s, events)
        if s.phase == OVER:
            return
        if s.track.pend_kind:
            if s.track.pend_seat == PLAYER:
                return
            _answer_choice(s, lay, events)
            continue
        _battle_cards(s, events)
        if not _step(s, lay, events):
            return
        npc_cards.keep_mana(s)
    raise AssertionError("the non-player driver did not stop")  # pragma: no cover


def _battle_cards(s: GraxiaState, events: list[Event] | None) -> None:
    """§9.2 Battle Spell Card Deck: cards drawn when a battle starts, discarded at its end."""
    fighting = s.phase in BATTLE_PHASES
    if fighting and not s.npc.battle_drawn:
        s.npc.battle_drawn = 1
        npc_cards.draw_battle_cards(s, events)
    elif not fighting and s.npc.battle_drawn:
        s.npc.battle_drawn = 0
        npc_cards.discard_battle_cards(s, events)
    if not fighting:
        _tidy_hand(s)


def _tidy_hand(s: GraxiaState) -> None:
    """The non-player holds no cards between battles: a recovered unit card goes on top of
    its unit deck; its own fallen Guardian (a plain unit for it) leaves the game."""
    nu = len(s.cat.units)
    units = [c for c in s.hands[NPC] if c < nu]
    if not units:
        return
    s.hands[NPC] = [c for c in s.hands[NPC] if c >= nu]
    for u in units:
        if not s.cat.units[u].is_guardian:
            s.decks[s.udeck[NPC]].append(u)


def _step(s: GraxiaState, lay: Layout, events: list[Event] | None) -> bool:
    """One decision of side 1 (False: nothing to do, the Player acts)."""
    ph = s.phase
    cur = s.current
    if ph == B_EXCH:
        if battle.seat_of(s, s.bat.actor) != NPC:
            return False
        npc_battle.exchange(s, lay, events)
        return True
    if ph == B_SAC:
        if NPC not in s.commit.pending():
            return False
        npc_battle.sacrifice(s, lay, events)
        return True
    if ph == B_RETREAT:
        if cur == NPC:
            return False
        npc_battle.retreat(s, events)
        return True
    if ph == B_ADVANCE:
        if cur != NPC:
            return False
        npc_battle.advance(s, events)
        return True
    if ph == RELIC:
        if cur == NPC:
            return False
        if relics.apply(s, lay, NPC, acts.PASS, events):
            turn.end_command(s, events)
        return True
    if ph == PLACE:
        if NPC not in s.commit.pending():
            return False
        setup.place_apply(s, lay, NPC, acts.END, events)
        return True
    if cur == PLAYER:
        if ph in (DRAW, COMMAND) and s.npc.announced_turn < s.turn:
            s.npc.announced_turn = s.turn
            solo_rules.turn_start(s, events)  # a new Game Turn (the Player starts each)
            if s.phase == DRAW and s.draws:
                if not (
                    card_effects.can_draw(s, PLAYER, True)
                    or card_effects.can_draw(s, PLAYER, False)
                ):
                    s.draws = 0  # its start changed the hand or the piles
            return True
        return False
    if ph in (DRAW, BUY):  # the non-player draws and buys nothing
        if ph == DRAW:
            s.draws = 0
            s.phase = COMMAND
        else:
            turn.end_round(s, events)
        return True
    if ph == COMMAND:
        _round(s, lay, events)
        return True
    return False


def _round(s: GraxiaState, lay: Layout, events: list[Event] | None) -> None:
    n = s.npc
    if n.turns < s.turn:
        n.turns = s.turn
        n.stage, n.played = START, 0
        n.mover = n.dest = n.foe = -1
        emit(events, "npc_turn", turn=s.turn)
    stage = n.stage
    if stage == START:
        n.stage = CARDS
        solo_rules.npc_turn_start(s, events)
    elif stage == CARDS:
        npc = s.sc.npc
        if npc is not None and n.played < npc.command_plays:
            n.played += 1
            npc_cards.play_command_card(s, events)
        else:
            n.stage = HEAL
    elif stage == HEAL:
        n.stage = MOVE
        _heal(s, events)
    elif stage == MOVE:
        if not _move_next(s, events):
            n.stage = FIGHT
    elif stage == FIGHT:
        if not _fight_next(s, events):
            n.stage = END
    else:
        n.stage = START
        if s.config.relic_window == "own_round":
            turn.end_command(s, events)
        else:  # §5.2: the Player may play a relic as the non-player's Command Phase ends
            relics.open_window(s, relics.AT_END)


def units(s: GraxiaState) -> list[int]:
    return [c for c in range(s.sc.board.size) if s.unit[c] >= 0 and s.owner[c] == NPC]


# ----- healing abilities ----------------------------------------------------------------
def _heal(s: GraxiaState, events: list[Event] | None) -> None:
    """§9.2 Non-Player Unit Abilities: healing abilities (free) on the friendly unit with the
    lowest health left / most wounds, right to left; a healer with a wounded target uses its
    ability instead of moving and attacking."""
    for c in npc_order.tie_order(s, units(s)):
        if s.unit[c] < 0 or s.owner[c] != NPC or s.flags[c] & BUSY:
            continue
        for ab in s.cat.units[s.unit[c]].abilities:
            if ab.timing != COMMAND_ACTIVE or not any(e.kind == "heal" for e in ab.effects):
                continue
            _, cells = card_effects.command_targets(s, c, ab)
            hurt = [t for t in cells if s.unit[t] >= 0 and s.owner[t] == NPC and s.wounds[t]]
            if hurt:
                card_effects.use_command_ability(s, c, npc_order.weakest_first(s, hurt)[0], events)
                npc_cards.keep_mana(s)
            break


# ----- moves ------------------------------------------------------------------------------
def _move_next(s: GraxiaState, events: list[Event] | None) -> bool:
    """Move the next unit in the move order (False: all have moved)."""
    n = s.npc
    if n.mover >= 0:  # the Player chose the tile
        a, dest = n.mover, n.dest
        n.mover = n.dest = -1
        _do_move(s, a, dest, events)
        return True
    for c in npc_order.move_order(s, units(s)):
        if s.flags[c] & (MOVED | BUSY | ANCHORED):
            continue
        dest, opts = npc_move.plan(s, c)
        if dest < 0:
            s.flags[c] |= MOVED  # its move is done: it stays
            return True
        if len(opts) >= 2:
            ask(s, NPC_TILE, c, opts, events)
            return True
        _do_move(s, c, dest, events)
        return True
    return False


def _do_move(s: GraxiaState, a: int, dest: int, events: list[Event] | None) -> None:
    map_rules.move_unit(s, a, dest, events)
    s.flags[dest] |= MOVED
    npc_move.record_heading(s, a, dest)


# ----- battles ----------------------------------------------------------------------------
def _fight_next(s: GraxiaState, events: list[Event] | None) -> bool:
    """Start the next battle in the battle order (False: nobody left to attack)."""
    n = s.npc
    if n.mover >= 0:  # the Player chose which of its units is attacked
        att, dfn = n.mover, n.foe
        n.mover = n.foe = -1
        battle.start(s, att, dfn, events)
        return True
    for c in npc_order.battle_order(s, units(s)):
        if s.flags[c] & (BUSY | ATTACKED | SHIELD_NOW):
            continue
        foes = command.attack_targets(s, c)
        if foes:
            dfn = _foe(s, c, foes)
            if dfn < 0:
                ask(s, NPC_FOE, c, npc_order.tie_order(s, foes), events)
                return True
            battle.start(s, c, dfn, events)
            return True
        if _shoot(s, c, events):
            return True
        s.flags[c] |= ATTACKED  # nothing to attack: done
        return True
    return False


def _foe(s: GraxiaState, c: int, foes: list[int]) -> int:
    """The Player unit attacked (-1: the Player chooses, Solo Scenarios 4-6)."""
    if len(foes) == 1:
        return foes[0]
    if s.sc.id in PLAYER_PICKS_FOE:
        return -1
    npc = s.sc.npc
    if npc is not None and npc.movement == "home_row":
        # Solo Scenario 2: Player-occupied castles, cities and villages first, left to right,
        # front to back
        south = npc_order.player_south(s)
        towns = [f for f in foes if s.sc.terrain[f] in npc_move.SETTLEMENTS]
        if towns:
            return min(
                towns, key=lambda f: (npc_order.across(s, f, south), npc_order.far(s, f, south))
            )
    return npc_order.weakest_first(s, foes)[0]


def _shoot(s: GraxiaState, c: int, events: list[Event] | None) -> bool:
    """Solo Scenario 1 ("always either shoot at range or attack", ``always_attack``): a unit
    with no adjacent target shoots at the Player unit in range with the lowest health."""
    npc = s.sc.npc
    if npc is None or "always_attack" not in npc.rules or s.flags[c] & BUSY:
        return False
    ab = card_effects.command_ability(s, c, True)
    if ab is None:
        return False
    _, cells = card_effects.command_targets(s, c, ab)
    if not cells:
        return False
    card_effects.use_command_ability(s, c, npc_order.weakest_first(s, cells)[0], events)
    s.flags[c] |= ATTACKED
    npc_cards.keep_mana(s)
    return True


# ----- its own choices in the middle of an effect -------------------------------------------
def _answer_choice(s: GraxiaState, lay: Layout, events: list[Event] | None) -> None:
    """A card's choice left to the non-player (§5.4 effects it casts): cards at random
    (``s.rng``); units: an enemy unit by the enemy priority, a friendly one (Atonement's
    donor) with the most health left; tiles: the first in the tie order."""
    legal = choices.legal(s, lay)
    kind = s.track.pend_kind
    if kind in (choices.SPELL, choices.UNIT):
        pick = legal[s.rng.below(len(legal))]
    else:
        cells = {lay.decode(a)[1]: a for a in legal}
        units_ = [c for c in cells if s.unit[c] >= 0]
        if kind == choices.ATONE:
            best = max(units_, key=lambda c: (npc_order.health_left(s, c), -c))
        elif units_ and len(units_) == len(cells):
            enemies = [c for c in units_ if s.owner[c] != NPC]
            best = (
                npc_order.enemy_first(s, enemies)[0]
                if enemies
                else npc_order.friendly_first(s, units_)[0]
            )
        else:
            best = npc_order.tie_order(s, list(cells))[0]
        pick = cells[best]
    choices.apply(s, lay, pick, events)
