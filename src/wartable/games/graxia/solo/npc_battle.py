"""The non-player in battle (§9.2 Battle Spell Card Deck, Non-Player Unit Abilities; §7).

- Step 5 (exchange): at each of its turns it uses one battle-activated ability it has not
  used in this battle (every one of them, once per battle, in the card's order, free);
  once they are all used, it plays one drawn battle spell it may play (in the order drawn);
  then it passes.
- Step 6 (sacrifice): the drawn Spell card with the highest battle value modifier left (a
  sacrifice-only card included), for attack when its unit attacks and for defence when it
  defends; the bluff when it holds none or is bewitched.
- Step 9 (retreat): the first free tile directly away in the tie order (right to left,
  furthest row first, from the Player's view).
- Step 10 (advance): it advances unless the scenario forbids it (``no_advance``) or its
  units never move (``static``); units that "attack and advance" (``ANCHORED``, solo-4's
  column units) always advance.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event

from .. import actions as acts
from .. import battle
from .. import effects as card_effects
from ..actions import Layout
from ..catalog.tables import BATTLE_ACTIVE
from ..state import ANCHORED, GraxiaState
from . import npc_cards, npc_order

NPC: Final = 1


def exchange(s: GraxiaState, lay: Layout, events: list[Event] | None) -> None:
    side = battle.side_of(s, NPC)
    cell = battle.unit_cell(s, side)
    used = s.bat.used(side)
    action = acts.PASS
    if not used & card_effects.SILENCED:
        ut = s.cat.units[s.unit[cell]]
        for i, ab in enumerate(ut.abilities):
            if ab.timing == BATTLE_ACTIVE and not (used >> i) & 1:
                action = lay.one(acts.K_USE, s.cat.battle_ability_names.index(ab.name))
                break
        if action == acts.PASS:
            action = _spell(s, lay, side)
    battle.exchange_apply(s, lay, NPC, action, events)
    npc_cards.keep_mana(s)


def _spell(s: GraxiaState, lay: Layout, side: int) -> int:
    nu = len(s.cat.units)
    for card in s.hands[NPC]:
        if card < nu:
            continue
        sp = s.cat.spells[card - nu]
        if sp.sacrifice_only:
            continue
        if sp.in_battle and card_effects.spell_allowed_in_battle(s, side, sp):
            return lay.one(acts.K_SPELL, card - nu)
        if sp.relic and card_effects.spell_targets(s, NPC, sp) == [-1]:
            return lay.one(acts.K_SPELL, card - nu)
    return acts.PASS


def sacrifice(s: GraxiaState, lay: Layout, events: list[Event] | None) -> None:
    side = battle.side_of(s, NPC)
    nu = len(s.cat.units)
    action = acts.BLUFF
    if not s.bat.no_sacrifice >> side & 1:
        spells = [c for c in s.hands[NPC] if c >= nu]
        if spells:
            best = max(spells, key=lambda c: s.cat.spells[c - nu].modifier)  # first of equals
            action = lay.sacrifice(best - nu, side == 1)
    battle.sacrifice_apply(s, lay, NPC, action, events)


def retreat(s: GraxiaState, events: list[Event] | None) -> None:
    cells = battle.retreat_cells(s, s.bat.attacker, s.bat.defender)
    battle.do_retreat(s, npc_order.tie_order(s, cells)[0], events)


def advances(s: GraxiaState) -> bool:
    npc = s.sc.npc
    if npc is None or "no_advance" in npc.rules:
        return False
    if s.flags[s.bat.attacker] & ANCHORED:
        return True
    return npc.movement != "static"


def advance(s: GraxiaState, events: list[Event] | None) -> None:
    battle.advance(s, advances(s), events)
