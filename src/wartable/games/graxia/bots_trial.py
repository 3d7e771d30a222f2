"""The Graxia heuristic's actions tried on the state itself and undone, instead of on a copy.

An attack, a shot, a command ability or a command spell reaches further than the effect
scoring of ``bots_eval.py`` follows, so the heuristic plays it with the rules' own functions
and reads ``evaluate`` of the result. Until now that happened on a copy of the whole state
(decks, piles, pools, the commitments, the random generator), which was then thrown away,
and an attack's battle went through the state machine step by step (two passes, two bluffs,
the retreat, the advance), each step dispatched and its legal actions looked up.

``score_in_place`` calls the same rules functions on the state itself, in the same order, and
puts back what they can change: the tiles' units, owners, wounds, flags and control, mana,
victory points, both hands, the discard piles' lengths (a falling unit is only appended), the
tracker, the battle record and the phase. The battle skips only the bookkeeping of the passes
and the bluffs, which nothing ``evaluate`` reads depends on. The score is ``evaluate`` of the
same position the copy reached, so the heuristic decides exactly as before
(``tests/games/graxia/test_bots_trial.py`` compares both ways on thousands of actions).

It declines (``None``: the caller copies) whenever the rules might ask a question or touch
anything else: a solo scenario (the Non-Player answers inside the rules), a pending choice,
a command effect outside ``IN_PLACE_EFFECTS`` or a passive battle effect outside
``IN_PLACE_PASSIVES`` (draws, recovered cards, pushes, the Allies discount, Mind Control...).
A choice the rules open on the way (an Aura of Reflection's owner picking a target among
several, Mystic Bridge's tile) is caught after the fact: the state is put back and the
caller copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import actions as acts
from . import battle, effects
from .catalog.tables import BATTLE_PASSIVE, COMMAND_ACTIVE, Catalog
from .state import B_ADVANCE, B_RETREAT, B_SAC, COMMAND, GraxiaState

# command effects that change only what ``score_in_place`` puts back (effects._command_effect;
# a choice they open, Mystic Bridge's tile or Atonement's target, is caught after the fact)
IN_PLACE_EFFECTS: Final = frozenset(
    {
        "ranged",
        "damage",
        "heal",
        "stun",
        "grant_attack",
        "extra_action",
        "immune_to_unique",
        "stealth",
        "gain_mana",
        "steal_mana",
        "extra_move",
        "teleport",
        "atonement",
    }
)

# passive battle effects that change only the battle record and what is put back
# (effects.battle_effects; not Mind Control's choice, draws or recovered cards)
IN_PLACE_PASSIVES: Final = frozenset(
    {
        "battle_bonus",
        "berserk",
        "battle_penalty",
        "blood_thirst",
        "no_sacrifice",
        "silence",
        "cancel_support",
        "extra_wounds",
        "wound_reduction",
        "win_battle",
        "escape_battle",
        "heal",
        "damage",
        "stun",
        "immune_to_unique",
        "gain_mana",
        "steal_mana",
        "ignore_terrain_defence",  # read by battle.start itself (effects.ignores_terrain)
    }
)


class _Kinds:
    """Per catalog: which unit types have a passive battle ability whose effects do not stay
    in place, or use command abilities whose effects stay in place; which spells do."""

    __slots__ = ("cat", "commands", "passive", "spells")

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.passive = tuple(  # a passive battle ability the in-place battle cannot follow
            any(
                e.kind not in IN_PLACE_PASSIVES
                for ab in ut.abilities
                if ab.timing == BATTLE_PASSIVE
                for e in ab.effects
            )
            for ut in cat.units
        )
        self.commands = tuple(
            all(
                e.kind in IN_PLACE_EFFECTS
                for ab in ut.abilities
                if ab.timing == COMMAND_ACTIVE
                for e in ab.effects
            )
            for ut in cat.units
        )
        self.spells = tuple(
            all(e.kind in IN_PLACE_EFFECTS for e in sp.effects) for sp in cat.spells
        )


_KINDS: Final[dict[int, _Kinds]] = {}


def _kinds(cat: Catalog) -> _Kinds:
    hit = _KINDS.get(id(cat))
    if hit is None or hit.cat is not cat:
        hit = _Kinds(cat)
        _KINDS[id(cat)] = hit
    return hit


def _playable(s: GraxiaState, kind: int, x: int, y: int) -> bool:
    """Whether the action ``kind`` (``x``, ``y`` decoded) can be played in place."""
    kinds = _kinds(s.cat)
    unit = s.unit
    if kind == acts.K_ATTACK:
        return not kinds.passive[unit[x]] and not kinds.passive[unit[y]]
    if kind == acts.K_SHOOT or kind == acts.K_ABILITY:
        return kinds.commands[unit[x]]
    if kind == acts.K_SPELL or kind == acts.K_SPELL_AT:
        return kinds.spells[x]
    return False


def score_in_place(
    s: GraxiaState,
    seat: int,
    kind: int,
    x: int,
    y: int,
    evaluate: Callable[[GraxiaState, int], float],
) -> float | None:
    """``evaluate(t, seat)`` of the state ``t`` the command action (``kind``, ``x``, ``y``)
    leads to (an attack played out with both sides passing and bluffing, a retreat to the
    first tile offered, the attacker advancing), computed on ``s`` and undone; ``None`` when
    it cannot be played in place. ``evaluate`` is ``bots.evaluate`` (passed in: bots.py
    imports this module)."""
    if s.sc.solo or s.phase != COMMAND or s.track.pend_kind or s.track.teleport_to:
        return None
    if not _playable(s, kind, x, y):
        return None
    unit, owner, wounds, flags, ctrl = s.unit[:], s.owner[:], s.wounds[:], s.flags[:], s.ctrl[:]
    mana, vp = s.mana[:], s.vp[:]
    hands = s.hands
    hand0, hand1 = hands[0][:], hands[1][:]
    piles = [len(p) for p in s.discards]
    track, bat, sup = s.track, s.bat, s.sup
    s.track = track.copy()
    failed = False
    if kind == acts.K_ATTACK:  # game._apply: command.apply opens the battle
        battle.start(s, x, y, None)
        s.phase = B_SAC  # both pass (battle.open_sacrifice), then both bluff: step 7
        battle.resolve(s, None)
        if s.phase == B_RETREAT:  # bots._finish_battle: the first tile offered
            battle.do_retreat(s, min(battle.retreat_cells(s, s.bat.attacker, s.bat.defender)), None)
        if s.phase == B_ADVANCE:
            battle.advance(s, True, None)
        failed = s.phase != COMMAND or bool(s.track.pend_kind)
    elif kind == acts.K_SHOOT or kind == acts.K_ABILITY:
        effects.use_command_ability(s, x, y, None)
        failed = bool(s.track.pend_kind)
    else:
        effects.cast_command_spell(s, seat, x, y if kind == acts.K_SPELL_AT else -1, None)
        failed = bool(s.track.pend_kind)
    score = None if failed else evaluate(s, seat)
    s.unit[:], s.owner[:], s.wounds[:], s.flags[:], s.ctrl[:] = unit, owner, wounds, flags, ctrl
    s.mana[:], s.vp[:] = mana, vp
    hands[0][:], hands[1][:] = hand0, hand1
    for pile, length in zip(s.discards, piles, strict=True):
        del pile[length:]
    s.track, s.bat, s.sup, s.phase = track, bat, sup, COMMAND
    return score
