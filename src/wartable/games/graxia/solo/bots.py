"""The heuristic bot's side of the solo scenarios (§9.2): the Player's set-up decisions and
what each scenario's objectives are worth.

Set-up (phase ``GUARD`` of a solo game, ``setup.py``) is decided from the legal actions
and the observation alone (no determinized state is played on: the set-up's choices read the
Player's own piles, which a determinization may shuffle with the Non-Player's):

- deck building (Solo Scenarios 4-6): where the Non-Player draws its units from the Player's
  unit deck (its own is "none": every printed Solo 4-6), the deck holds exactly the starting
  quota of the strongest units (by ``unit_strength``: a starting unit costs no mana) and fills
  the rest with the weakest normal units, so the Non-Player's draws are weak
  (``filler_deck``); otherwise unit cards by strength for their price, up to the Hero limit
  and one Large Creature; spell cards by what their effects do for their price
  (``spell_score``);
- the Home Row (Solo Scenario 3): the bot's ``home`` parameter (``A``..``D``), else
  ``random`` (the agent's own stream), else the row the evaluation prefers (``None``);
- starting units: the strongest unit offered (in Solo Scenario 1, whose rows leave the game,
  the fastest), on the free tile nearest the scenario's objectives;
- the Non-Player's set-up spawns (Solo Scenario 5): the tile furthest from the Player's units;
- the chosen initial hand (Home Row A): units and spells by the same scores, half and half.

During play, the Player's choices in the Non-Player's turn (the tile it moves into, the unit
it attacks, where reinforcements go) are tried on copies like any other decision
(``bots.HeuristicAgent``); the cards lost in Solo Scenario 2 are the least valuable ones.
The evaluation's solo terms: the tiles about to leave the game (Solo 1, ``doomed_cells``),
the Non-Player's points per elimination (``npc_kill_points``), the land types partly held
(Solo 5 and 6, ``type_progress``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from wartable.core.rng import Rng

from .. import actions as acts
from ..catalog import deckfile
from ..catalog.tables import HERO, LARGE, Catalog, Scenario, Spell, UnitType
from ..state import GraxiaState
from . import awards as solo_awards
from . import rules as solo_rules
from . import setup as solo_setup

ROWS: Final = "ABCD"

# what one point of an effect is worth to the Player (spell_score); unknown kinds: 1.0
EFFECT_WORTH: Final[dict[str, float]] = {
    "battle_bonus": 1.0,
    "battle_penalty": 0.9,
    "wound_reduction": 1.2,
    "extra_wounds": 1.6,
    "heal": 1.2,
    "damage": 2.2,
    "gain_mana": 0.5,
    "draw_cards": 2.0,
    "extra_move": 2.5,
    "extra_action": 5.0,
    "win_battle": 8.0,
    "chain_lightning": 1.8,
    "steal_mana": 0.4,
    "stun": 4.0,
    "atonement": 1.0,
    "sacrifice_only": 0.0,
}
FLAT_WORTH: Final = 3.0  # an effect without an amount (cancel support, silence, teleport...)


def unit_strength(ut: UnitType) -> float:
    return (
        ut.attack
        + ut.health
        + 0.5 * (ut.pdef + ut.mdef)
        + 2.0 * (ut.moves - 1)
        + (2.0 if ut.flying else 0.0)
        + 1.5 * len(ut.abilities)
    )


def unit_score(ut: UnitType) -> float:
    """Strength for the price: a unit is summoned with mana (§6 phase 2)."""
    return unit_strength(ut) / (ut.cost + 6)


def spell_score(sp: Spell) -> float:
    value = 0.0
    for e in sp.effects:
        w = EFFECT_WORTH.get(e.kind, 1.0)
        value += w * e.amount if e.amount else (0.0 if w == 0 else FLAT_WORTH * w)
    value += 0.6 * sp.modifier  # also a sacrifice in any battle (§7 step 6)
    if sp.relic:
        value += 1.0
    return value - 0.5 * sp.cost


def card_score(cat: Catalog, card: int) -> float:
    nu = len(cat.units)
    if card < nu:
        return unit_score(cat.units[card]) * 10
    return spell_score(cat.spells[card - nu])


def doomed_cells(s: GraxiaState, ahead: int = 1) -> set[int]:
    """Solo Scenario 1: the tiles that leave the game by the start of Game Turn ``turn +
    ahead`` (rows removed south to north, ``solo_rules.rows_removed_by``); a unit on one
    dies with it."""
    rows = s.sc.removal_rows
    if not rows:
        return set()
    due = min(solo_rules.rows_removed_by(s, s.turn + ahead), len(rows))
    return {c for row in rows[:due] for c in row if not s.gone[c]}


NPC_KILL_POINTS: Final = {"solo-4": 10, "solo-5": 2, "solo-6": 5}  # solo_awards' tables


def npc_kill_points(s: GraxiaState) -> int:
    """The Non-Player's victory points per Player unit eliminated (0: not a race)."""
    default = NPC_KILL_POINTS.get(s.sc.id, 0)
    return s.sc.param("npc_vp_kill", default) if default else 0


_TYPE_CELLS: Final[dict[int, tuple[object, list[tuple[int, float, list[int]]]]]] = {}


def _type_table(s: GraxiaState) -> list[tuple[int, float, list[int]]]:
    """(award bit, victory points, cells) per land type the Player scores by holding every
    tile of it (Solo 5: the ten land types; Solo 6: hills, boulder fields, forest, columns)."""
    sc = s.sc
    hit = _TYPE_CELLS.get(id(sc))
    if hit is not None and hit[0] is sc:
        return hit[1]
    rows: list[tuple[int, float, list[int]]] = []
    if sc.id in ("solo-5", "solo-6"):
        for t in solo_awards.LAND_TYPES:
            if sc.id == "solo-5":
                pts = sc.param("vp_type", solo_awards.VP5_TYPE[0])
            else:
                pts = sc.param("vp_" + t, solo_awards.VP6_TILE[0].get(t, 0))
            cells = [c for c, x in enumerate(sc.terrain) if x == t]
            if pts and cells:
                rows.append((1 << solo_awards.TYPES.index(t), float(pts), cells))
    _TYPE_CELLS[id(sc)] = (sc, rows)
    return rows


def type_progress(s: GraxiaState, seat: int) -> float:
    """Solo 5 and 6: victory points still to win by completing land types, weighted by the
    share of each type's tiles already held (squared: the last tiles count most)."""
    out = 0.0
    awarded = s.solo.awards(seat)
    for bit, pts, cells in _type_table(s):
        if awarded & bit:
            continue
        live = [c for c in cells if not s.gone[c]]
        if live:
            share = sum(1 for c in live if s.ctrl[c] == seat) / len(live)
            out += pts * share * share
    return out


def objective_cells(s: GraxiaState, values: tuple[int, ...]) -> list[int]:
    return [c for c, v in enumerate(values) if v >= 4 and s.ctrl[c] != 0]


# ----- the set-up ------------------------------------------------------------------------
def setup_step(s: GraxiaState) -> int:
    return s.solo.setup_step


def npc_draws_player_units(sc: Scenario) -> bool:
    """§9.2 "When drawing Non-Player Unit cards, draw from the Player unit deck": the
    Non-Player has no unit deck of its own."""
    return sc.npc is not None and not sc.npc.unit_deck and sc.deck_rule is not None


def filler_deck(cat: Catalog, sc: Scenario) -> list[int]:
    """The unit deck to build when the Non-Player draws from it: the strongest units the
    starting quota takes (Heroes, Large Creatures, normal units), the weakest Heroes and Large
    Creatures where the rule's counts are exact (Solo 5 and 6), then the weakest normal units
    as filler, copies within what the box leaves the Player."""
    rule = sc.deck_rule
    assert rule is not None
    avail, _ = deckfile.available(cat, sc)
    need = deckfile.start_needs(sc)
    by_class: dict[str, list[int]] = {}
    for u in sorted(avail):
        by_class.setdefault(deckfile.class_of(cat.units[u]), []).extend([u] * avail[u])
    deck: list[int] = []
    for cls, n in need.items():
        strongest = sorted(by_class.get(cls, []), key=lambda u: (-unit_strength(cat.units[u]), u))
        deck += strongest[:n]
    for cls, n in deckfile.still_required(cat, sc, deck).items():  # exact counts: the weakest
        rest = Counter(by_class.get(cls, [])) - Counter(deck)
        deck += sorted(rest.elements(), key=lambda u: (unit_strength(cat.units[u]), u))[:n]
    left = Counter(by_class.get(deckfile.NORMAL, [])) - Counter(deck)
    weakest = sorted(
        left.elements(), key=lambda u: (unit_strength(cat.units[u]), cat.units[u].cost, u)
    )
    deck += weakest[: max(0, rule.units - len(deck))]
    return deck


def build(
    lay: Any, cat: Catalog, pool: list[int], legal: list[int], sc: Scenario | None = None
) -> int:
    """Deck building: with ``sc`` where the Non-Player draws from the Player's unit deck, the
    ``filler_deck`` card still missing; else the best unit card while units are missing;
    then spell cards."""
    nu = len(cat.units)
    if sc is not None and npc_draws_player_units(sc):
        missing = Counter(filler_deck(cat, sc)) - Counter(c for c in pool if c < nu)
        for u in sorted(missing, key=lambda u: (-unit_strength(cat.units[u]), u)):
            a = lay.one(acts.K_CHOOSE, u)
            if a in legal:
                return int(a)
    larges = sum(1 for c in pool if c < nu and cat.units[c].klass == LARGE)
    units: list[tuple[float, int]] = []
    spells: list[tuple[float, int]] = []
    for a in legal:
        if a == acts.END:
            continue
        k, x, _ = lay.decode(a)
        if k == acts.K_CHOOSE:
            ut = cat.units[x]
            score = unit_score(ut)
            if ut.klass == HERO:
                score += 1.0  # the starting Hero and a strong late summon
            if ut.klass == LARGE:  # one, a strong late summon; more cost too many turns' mana
                score += 1.0 if larges == 0 else -2.0
            units.append((score, -a))
        elif k == acts.K_TAKE:
            spells.append((spell_score(cat.spells[x]), -a))
    if units:
        return -max(units)[1]
    if spells:
        return -max(spells)[1]
    return acts.END if acts.END in legal else legal[0]


def home(
    lay: Any, s: GraxiaState, legal: list[int], choice: str | None, rng: Rng, best: Any
) -> int:
    """Solo Scenario 3's Home Row: the one named, a random one, or ``best(legal)``."""
    by_row: dict[int, int] = {}
    for a in legal:
        cell = lay.decode(a)[1]
        for k, row in enumerate(s.sc.home_rows):
            if cell in row:
                by_row[k] = a
    if choice is not None and choice.upper() in ROWS and ROWS.index(choice.upper()) in by_row:
        return by_row[ROWS.index(choice.upper())]
    if choice == "random":
        keys = sorted(by_row)
        return by_row[keys[rng.below(len(keys))]]
    pick: int = best(legal)
    return pick


def start(lay: Any, s: GraxiaState, legal: list[int], values: tuple[int, ...]) -> int:
    """A starting unit: the strongest offered, nearest the objectives (or the enemy)."""
    cat = s.cat
    b = s.sc.board
    goals = objective_cells(s, values) or [
        c for c in range(b.size) if s.unit[c] >= 0 and s.owner[c] == 1
    ]
    best, best_key = acts.END, (-1e9, 0.0, 0)
    for a in legal:
        if a == acts.END:
            continue
        _, u, c = lay.decode(a)
        ut = cat.units[u]
        strength = 1e3 if ut.is_guardian else unit_strength(ut)
        if s.sc.removal_rows:  # solo 1: outrun the rows leaving the game
            strength += 10.0 * (ut.moves - 1)
        near = -min((b.dist[c * b.size + g] for g in goals), default=0)
        key = (strength, float(near), -a)
        if key > best_key:
            best, best_key = a, key
    return best


def spawn(lay: Any, s: GraxiaState, legal: list[int]) -> int:
    """Solo Scenario 5: the Non-Player's unit as far from the Player's units as possible."""
    b = s.sc.board
    mine = [c for c in range(b.size) if s.unit[c] >= 0 and s.owner[c] == 0]
    mine += list(s.sc.home[0])

    def away(a: int) -> tuple[int, int]:
        c = lay.decode(a)[1]
        return min((b.dist[c * b.size + m] for m in mine), default=0), -a

    return max(legal, key=away)


def hand(lay: Any, cat: Catalog, hand_now: list[int], legal: list[int]) -> int:
    """Home Row A's chosen hand: units while fewer than the spells, by score."""
    nu = len(cat.units)
    n_units = sum(1 for c in hand_now if c < nu)
    want_unit = n_units <= len(hand_now) - n_units
    units = [a for a in legal if lay.decode(a)[0] == acts.K_CHOOSE]
    spells = [a for a in legal if lay.decode(a)[0] == acts.K_TAKE]
    group = units if (want_unit and units) or not spells else spells
    return max(group, key=lambda a: (card_score(cat, _card(lay, nu, a)), -a))


def _card(lay: Any, nu: int, a: int) -> int:
    k, x, _ = lay.decode(a)
    return x if k == acts.K_CHOOSE else nu + x


def lose_card(lay: Any, cat: Catalog, legal: list[int]) -> int:
    """Solo Scenario 2's lost cards: the least valuable first."""
    nu = len(cat.units)
    return min(legal, key=lambda a: (card_score(cat, _card(lay, nu, a)), a))


def decide_setup(
    lay: Any,
    s: GraxiaState,
    observation: dict[str, Any],
    legal: list[int],
    values: tuple[int, ...],
    choice: str | None,
    rng: Rng,
    best: Any,
) -> int:
    step = setup_step(s)
    if step == solo_setup.BUILD:
        return build(lay, s.cat, list(observation.get("pool") or []), legal, s.sc)
    if step == solo_setup.HOME:
        return home(lay, s, legal, choice, rng, best)
    if step == solo_setup.START:
        return start(lay, s, legal, values)
    if step == solo_setup.SPAWN:
        return spawn(lay, s, legal)
    if step == solo_setup.HAND:
        return hand(lay, s.cat, list(observation.get("hand") or []), legal)
    return legal[0]
