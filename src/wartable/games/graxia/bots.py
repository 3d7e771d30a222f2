"""The Graxia heuristic bot.

It rebuilds a state from its observation (``determinize``: hidden cards redrawn), then picks
greedily: in the Command Phase every legal action is scored by the position it leads to
(material and health, controlled tiles weighted by the scenario's objectives, units drawing
near objectives they do not hold, victory points, mana, a safe Guardian): moves, summons,
shields, portals, draws, buys and set-up placements from their effect (``bots_eval.py``);
attacks, shots, command abilities and command spells played by the rules on the state itself
and undone (``bots_trial.py``); the rest on a copy of the state. An attack is scored after
playing its battle out with both sides passing and bluffing. In battle it plays the
ability or spell that most improves its battle value against the enemy's, sacrifices a spare
spell when the result is close, and bluffs otherwise.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any, Final

from wartable.core.errors import ConfigError
from wartable.core.rng import Rng

from . import actions as acts
from . import battle
from .actions import Layout
from .bots_eval import Scorer, evaluate_tail, scenario_targets, todo_targets, unit_risk
from .bots_trial import Trials
from .catalog.tables import Catalog, Scenario
from .choice_record import LOSE_CARD
from .solo import bots as bots_solo
from .state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    BUY,
    COMMAND,
    DRAFT,
    DRAW,
    GUARD,
    OVER,
    PLACE,
    SHIELD,
    GraxiaState,
)
from .view import SeatView

OBJECTIVE: Final = {
    "two_cities": {"city": 8, "village": 3},
    "king_of_the_castle": {"castle": 10, "city": 5, "village": 2},
    "march_to_victory": {"city": 5, "castle": 5, "village": 4, "boulder_fields": 6},
    "wintermere_pass": {"castle": 12},
    "banner_wars": {},
    "assassination": {},
    "mana_destroyed": {"city": 2, "castle": 2},
}


# §9.2 solo scenarios: what taking (or holding against the Non-Player) a tile is worth
SOLO_OBJECTIVE: Final[dict[str, dict[str, int]]] = {
    "solo-1": {"village": 8, "castle": 8, "city": 8, "portal": 8},
    "solo-2": {"village": 6, "castle": 8, "city": 8},
    "solo-3": {"home_row": 10},
    "solo-4": {"city": 8, "village": 6, "castle": 8, "swamp": 4, "lake": 4, "hills": 6},
    "solo-5": {},
    "solo-6": {
        "hills": 6,
        "boulder_fields": 6,
        "forest": 7,
        "columns": 4,
        "castle": 6,
        "city": 7,
        "village": 6,
    },
}


def objective_value(s: GraxiaState, c: int) -> int:
    sc = s.sc
    if sc.solo:
        table = SOLO_OBJECTIVE.get(sc.id, {})
        value = table.get(sc.terrain[c], 2 if sc.id == "solo-5" else 0)
        if any(c in pair for pair in sc.portals):
            value = max(value, table.get("portal", 0))
        if any(c in row for row in sc.home_rows):
            value = max(value, table.get("home_row", 0))
        return sc.mana_value[c] + value
    return sc.mana_value[c] + OBJECTIVE.get(sc.victory, {}).get(sc.terrain[c], 0)


NO_CELLS: Final[frozenset[int]] = frozenset()  # evaluate's doomed tiles without removal rows
SOLO_PREY: Final = {"solo-1": ("Sype",), "solo-2": ("Talon", "Ebon")}  # units to eliminate


# per scenario (checked by identity): each tile's objective value, the tiles worth >= 4;
# per catalog: which unit types are Guardians (the evaluation runs for every tried action)
_OBJECTIVES: Final[dict[int, tuple[Scenario, tuple[int, ...], list[int]]]] = {}
_GUARDIANS: Final[dict[int, tuple[Catalog, tuple[bool, ...]]]] = {}


def _objectives(s: GraxiaState) -> tuple[tuple[int, ...], list[int]]:
    sc = s.sc
    hit = _OBJECTIVES.get(id(sc))
    if hit is None or hit[0] is not sc:
        values = tuple(objective_value(s, c) for c in range(sc.board.size))
        hit = (sc, values, [c for c, v in enumerate(values) if v >= 4])
        _OBJECTIVES[id(sc)] = hit
    return hit[1], hit[2]


def _guardian_types(cat: Catalog) -> tuple[bool, ...]:
    hit = _GUARDIANS.get(id(cat))
    if hit is None or hit[0] is not cat:
        hit = (cat, tuple(ut.is_guardian for ut in cat.units))
        _GUARDIANS[id(cat)] = hit
    return hit[1]


def _castle(s: GraxiaState, seat: int) -> int:
    """Wintermere Pass: Flist's castle when ``seat`` is Shadd, the attacker (else -1)."""
    if s.sc.victory == "wintermere_pass" and seat == s.sc.param("attacker_seat", 1):
        return s.sc.param("castle")
    return -1


def _aims(s: GraxiaState, seat: int) -> tuple[tuple[int, ...], list[int], float, float]:
    """Each tile's objective value, the tiles own units are pulled toward, the pull's weight
    and how much an enemy unit's value weighs against an own unit's (banners and solo prey
    aside: ``evaluate`` adds them)."""
    obj, targets = _objectives(s)
    castle = _castle(s, seat)
    if castle >= 0:  # Shadd: everything toward Flist's castle; time runs against it, so
        return obj, [castle], 4.0, 1.0 + 0.15 * s.turn  # it trades ever harder
    return obj, targets, 1.5, 1.0


def evaluate(s: GraxiaState, seat: int) -> float:
    if s.phase == OVER:
        w = s.track.winner
        return 0.0 if w < 0 else (1e6 if w == seat else -1e6)
    cat = s.cat
    b = s.sc.board
    score = 0.0
    obj, targets, pull, aggression = _aims(s, seat)
    targets = scenario_targets(s, seat, targets, s.track.banner(seat))
    prey = SOLO_PREY.get(s.sc.id, ()) if s.sc.solo else ()
    if prey:
        pull = 3.0  # §9.2 solo 1/2: close in on the units to eliminate
    castle = _castle(s, seat)
    if castle >= 0 and s.ctrl[castle] == seat:
        score += 300
    unit, owner, ctrl, wounds, flags = s.unit, s.owner, s.ctrl, s.wounds, s.flags
    units, guardian = cat.units, _guardian_types(cat)
    n = b.size
    dist, nbr = b.dist, b.nbr
    foe = 1 - seat
    enemies: list[int] | None = None  # every enemy unit's tile (solo prey; else todo_targets)
    if prey:
        enemies = [c for c in range(n) if unit[c] >= 0 and owner[c] == foe]
        targets = [*(c for c in enemies if units[unit[c]].name in prey), *targets]
    todo: list[int] | None = None  # the same for every unit: found at the first one
    # solo 1: the tiles leaving the game next turn (a unit there is lost) and the turn after
    doomed: AbstractSet[int] = bots_solo.doomed_cells(s, 2) if s.sc.removal_rows else NO_CELLS
    soon: AbstractSet[int] = bots_solo.doomed_cells(s, 1) if doomed else doomed
    removal = bool(doomed)
    safe: list[int] | None = None
    for c in range(n):
        u = unit[c]
        if u >= 0:
            ut = units[u]
            is_g = guardian[u]
            sign = 1 if owner[c] == seat else -1
            value = ut.cost + 2 * (ut.health - wounds[c]) + (25 if is_g else 0)
            if prey and sign < 0 and ut.name in prey:
                value += 40 + 6 * wounds[c]  # §9.2 solo 1/2: the units to eliminate
            score += sign * value * (1.0 if sign > 0 else aggression)
            if sign > 0 and removal and c in doomed:  # §9.2 solo 1: it falls with its tile
                if safe is None:
                    safe = [x for x in range(n) if x not in doomed and not s.gone[x]]
                away = min((dist[c * n + x] for x in safe), default=0)
                score -= (0.9 if c in soon else 0.3) * value + 3.0 * away
            elif sign > 0 and not is_g:
                if todo is None:
                    todo = todo_targets(s, seat, targets, enemies, [])
                if todo:
                    row = c * n
                    near = 8  # the nearest objective (a loop: cheaper compiled than min())
                    for t in todo:
                        d = dist[row + t]
                        if d < near:
                            near = d
                    score += pull * (8 - near)  # near <= 8: the same as max(0, 8 - near)
                if flags[c] & SHIELD:
                    for x in nbr[c]:  # loops, not any()/sum() of generators: cheaper compiled
                        if owner[x] == foe:
                            score += 2
                            break
            if sign > 0 and is_g:
                foes = 0
                for x in nbr[c]:
                    if owner[x] == foe:
                        foes += 1
                score -= 4 * foes
        if ctrl[c] >= 0:
            score += (1 if ctrl[c] == seat else -1) * 1.5 * obj[c]
    if s.sc.victory == "assassination" and s.track.spy(seat) >= 0:
        spy = s.track.spy(seat)  # keep the spy healthy and away from the enemy
        for c in range(b.size):
            if s.unit[c] == spy and s.owner[c] == seat:
                score += 4 * (cat.units[spy].health - s.wounds[c])
                score -= 12 * sum(1 for n in b.nbr[c] if s.owner[n] == 1 - seat)
    if s.sc.victory == "mana_destroyed":
        score += 8 * (s.track.mana_killed(seat) - s.track.mana_killed(1 - seat))
        if s.current == seat:
            score -= threat(s, seat)
    if s.sc.solo and s.current == seat and s.phase == COMMAND:
        # §9.2: the Non-Player attacks next; in the races each Player unit it eliminates
        # scores it points (npc_vp_kill)
        score -= threat(s, seat) * (1.0 + 0.3 * bots_solo.npc_kill_points(s))
    if s.sc.solo and seat == 0:  # Solo 5 and 6: land types held whole score
        score += 15 * bots_solo.type_progress(s, seat)
    foe = 1 - seat
    return evaluate_tail(
        score, s.vp[seat], s.vp[foe], s.mana[seat], s.mana[foe], len(s.hands[seat])
    )


def threat(s: GraxiaState, seat: int) -> float:
    """What the enemy's next round may cost: for each own unit next to an enemy, the wounds
    the strongest neighbour would inflict (its value if that could eliminate it)."""
    risk = 0.0
    unit, owner, wounds, flags = s.unit, s.owner, s.wounds, s.flags
    for c in range(s.sc.board.size):
        if unit[c] >= 0 and owner[c] == seat:
            risk += unit_risk(s, seat, c, unit[c], wounds[c], flags[c])
    return risk


def _portal_tiles(s: GraxiaState, seat: int, g: int) -> list[bool]:
    """The rules offer a portal on every neutral or friendly tile (hundreds of pairs); the
    bot scores only pairs of tiles within 2 of its Guardian or on its Home Row (and
    removals): per tile, whether it is one."""
    b = s.sc.board
    n = b.size
    near = [False] * n
    if g >= 0:
        dist, row = b.dist, g * n
        for x in range(n):
            if dist[row + x] <= 2:
                near[x] = True
    for x in s.sc.home[seat]:
        near[x] = True
    return near


def _finish_battle(game: Any, s: GraxiaState, listed: bool = False) -> None:
    """Play a battle out with both sides passing and bluffing (the bot's forecast); a retreat
    goes to the first tile offered, an attacker advances. ``listed``: pick from the legal
    actions listed at each step (the copying reference), not from what the rules offer."""
    for _ in range(20):
        ph = s.phase
        if ph not in (B_EXCH, B_SAC, B_RETREAT, B_ADVANCE):
            return
        seat = game.to_act(s)[0]
        if listed or s.track.pend_kind or s.sc.solo:  # a card's choice, the Non-Player's rules
            legal = game.legal_actions(s, seat)
            pick = next((a for a in (acts.PASS, acts.BLUFF, acts.ADVANCE) if a in legal), legal[0])
        elif ph == B_EXCH:  # what the rules always offer (without listing the rest)
            pick = acts.PASS
        elif ph == B_SAC:
            pick = acts.BLUFF
        elif ph == B_ADVANCE:
            pick = acts.ADVANCE
        else:
            pick = battle.retreat_legal(s, game.layout(s.config))[0]
        game.apply_fast(s, seat, pick, None)


class HeuristicAgent:
    """``heuristic`` (spec parameter ``home``: Solo Scenario 3's Home Row, ``A``..``D`` or
    ``random``; by default the row its evaluation prefers)."""

    name = "heuristic"
    needs_observation = True
    # ``play_match`` passes ``GraxiaGame.seat_view`` (view.py: no observation dict to build
    # and read back); other runners pass the dict, which ``determinize`` takes as well
    wants_view = True

    def __init__(self, home: str | None = None) -> None:
        if home is not None and str(home).upper() not in ("A", "B", "C", "D", "RANDOM"):
            raise ConfigError(f"heuristic home must be A, B, C, D or random, got {home!r}")
        self.home = None if home is None else str(home).lower()
        # score moves, summons, shields, portals, draws and buys from their effects
        # (bots_eval.py); False: every action on a copy of the state
        self.incremental = True

    def act(
        self,
        game: Any,
        observation: dict[str, Any] | SeatView | None,
        legal: list[int],
        seat: int,
        rng: Rng,
    ) -> int:
        assert observation is not None
        if len(legal) == 1:
            return legal[0]
        s: GraxiaState = game.determinize(observation, rng)
        ph = s.phase
        if s.sc.solo:
            assert isinstance(observation, dict)  # a solo game's seat view is the dict
            lay = game.layout(s.config)
            if ph == GUARD and not s.track.pend_kind:  # the solo set-up (solo/bots.py)
                return bots_solo.decide_setup(
                    lay,
                    s,
                    observation,
                    legal,
                    _objectives(s)[0],
                    self.home,
                    rng,
                    lambda options: self._greedy(game, s, options, seat, rng),
                )
            if s.track.pend_kind == LOSE_CARD:
                return bots_solo.lose_card(lay, s.cat, legal)
            if s.track.pend_kind:  # the Player's choices in the Non-Player's turn, tried out
                return self._greedy(game, s, legal, seat, rng)
        if ph == PLACE and s.sc.draft[seat] == "assassination":
            spies = [a for a in legal if game.layout(s.config).decode(a)[0] == acts.K_SPY]
            if spies:  # the sturdiest unit is the spy
                cat = s.cat
                lay = game.layout(s.config)
                return max(spies, key=lambda a: (cat.units[lay.decode(a)[1]].health, a))
        if ph in (COMMAND, BUY, DRAW, B_RETREAT, B_ADVANCE, PLACE, GUARD, DRAFT):
            return self._greedy(game, s, legal, seat, rng)
        if ph == B_EXCH:
            return self._exchange(game, s, legal, seat)
        if ph == B_SAC:
            return self._sacrifice(game, s, legal, seat)
        return legal[0]

    def _greedy(self, game: Any, s: GraxiaState, legal: list[int], seat: int, rng: Rng) -> int:
        lay: Layout = game.layout(s.config)  # typed: compiled, its decode and bounds are native
        base = evaluate(s, seat)
        best, best_score = legal[0], -1e18
        if acts.END in legal:
            best, best_score = acts.END, base + (0.5 if s.phase == COMMAND else 0.0)
        near: list[bool] | None = None  # the portal tiles scored, at the first portal
        cells = lay.cells
        portal_lo, portal_hi = lay.bounds[acts.K_PORTAL], lay.bounds[acts.K_PORTAL + 1]
        # the actions scored, by their index in ``legal``: every one draws its tie-break, in
        # this order (an index, not the id: compiled, appending an id above 256 boxes it anew)
        unplace = acts.K_UNPLACE  # taking a placement back never scores: it would loop
        kinds = lay.kinds
        tried: list[int] = []
        for i in range(len(legal)):
            a = legal[i]
            if a == acts.END:
                continue
            if portal_lo <= a < portal_hi:  # most legal actions: decoded here, cheaply
                if near is None:
                    near = _portal_tiles(s, seat, s.guardian_cell(seat))
                x, y = (a - portal_lo) // cells, (a - portal_lo) % cells
                if x != y and not (near[x] and near[y]):
                    continue
            elif kinds[a] == unplace:
                continue
            tried.append(i)
        ties = rng.belows(100, len(tried))  # the same draws as one below(100) per action
        scorer: Scorer | None = None
        trials: Trials | None = None
        if self.incremental and Scorer.usable(s):
            aims = _aims(s, seat)
            obj, targets, pull, aggression = aims
            guardian = _guardian_types(s.cat)
            scorer = Scorer(s, seat, base, obj, targets, pull, aggression, guardian)
            trials = Trials(s, seat, evaluate, aims, guardian)
        phase = s.phase
        cards = phase == DRAW or phase == BUY
        units = sum(1 for c in s.hands[seat] if c < len(s.cat.units)) if cards else 0
        for k in range(len(tried)):
            a = legal[tried[k]]
            kind, x, y = lay.decode(a)
            found = None if scorer is None else scorer.score(kind, x, y, a)
            if found is None and trials is not None:  # not local: try it in place, undone
                found = trials.score(kind, x, y)
            if found is None:  # or on a copy
                t = s.copy()
                game.apply_fast(t, seat, a, None)
                if kind == acts.K_ATTACK:
                    _finish_battle(game, t, not self.incremental)
                # evaluate itself, not a re-scoring of what changed: a score equal only to 1e-9
                # breaks exact ties otherwise than this sum's rounding (docs/speed-graxia.md)
                found = evaluate(t, seat)
            score = found + ties[k] * 1e-4
            if cards:
                if a == acts.DRAW_UNIT or a == acts.BUY_UNIT:
                    score += 3 if units < 3 else -1
                if phase == BUY and (a == acts.BUY_UNIT or a == acts.BUY_SPELL):
                    score += 1.0 if s.mana[seat] > 30 else -3.0
                    if s.sc.solo and len(s.hands[seat]) >= 9:
                        score -= 3.0  # §9.2: mana summons the units a solo race needs
            if score > best_score:
                best, best_score = a, score
        return best

    def _exchange(self, game: Any, s: GraxiaState, legal: list[int], seat: int) -> int:
        side = 0 if seat == s.current else 1

        def margin(t: GraxiaState) -> float:
            if t.phase not in (B_EXCH, B_SAC):
                return evaluate(t, seat)
            mine, theirs = t.bat.bv(side), t.bat.bv(1 - side)
            return 3 * (mine - theirs) + 0.4 * t.mana[seat] + evaluate(t, seat) * 0.1

        best, best_score = acts.PASS, margin(s) + 1.0
        for a in legal:
            if a == acts.PASS:
                continue
            t = s.copy()
            game.apply_fast(t, seat, a, None)
            score = margin(t)
            if score > best_score:
                best, best_score = a, score
        return best

    def _sacrifice(self, game: Any, s: GraxiaState, legal: list[int], seat: int) -> int:
        side = 0 if seat == s.current else 1
        mine, theirs = s.bat.bv(side), s.bat.bv(1 - side)
        options = [a for a in legal if a != acts.BLUFF]
        spells = len([c for c in s.hands[seat] if c >= len(s.cat.units)])
        if not options or (spells < 3 and abs(mine - theirs) > 8):
            return acts.BLUFF
        lay = game.layout(s.config)
        nu = len(s.cat.units)

        def keep_value(a: int) -> float:
            _, sp, defence = lay.decode(a)
            spell = s.cat.spells[sp]
            useful = 0.0 if spell.sacrifice_only else spell.cost
            want_defence = theirs >= mine
            return useful - spell.modifier + (0 if bool(defence) == want_defence else 5)

        pick = min(options, key=keep_value)
        _, sp, _ = lay.decode(pick)
        if s.cat.spells[sp].modifier < 2 and s.hands[seat].count(nu + sp) < 2 and spells < 4:
            return acts.BLUFF
        return pick


class CopyingHeuristicAgent(HeuristicAgent):
    """The heuristic trying every action on a copy of the state (what it did before the
    incremental evaluation): the reference ``bench/bench_graxia.py`` plays it against and
    the equivalence test compares it with."""

    name = "heuristic-copying"

    def __init__(self, home: str | None = None) -> None:
        super().__init__(home)
        self.incremental = False
