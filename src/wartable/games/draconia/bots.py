"""A heuristic Draconia bot that plays every mode from its observation only.

It values units by their printed numbers and icons, estimates what a face-down
enemy unit may be from the cards it has not seen yet (so it knows the chance of
an Ambush), strikes with Arrows at targets worth it, prefers a Cautious Attack
when a Skirmish would walk into likely Ambushes or give away its own hidden
Ambushers, Rests when no attack pays, and spends supply where it counts. In
3-4 player games it reads the battlelines with the same ``board`` functions as
the rules, and drafts the best card in the row.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Final

from wartable.core.rng import Rng

from . import actions as acts
from .board import enemies, facing
from .cards import DECK_SIZE, CardSet, Unit, cardset_for

EMPTY: Final = -1
HIDDEN: Final = -2
REST_VALUE: Final = 1.3  # two supply tokens ~ one health and change


# each Unit object's value, computed once: the bot asks for it thousands of times a search,
# and a Unit is frozen card data (keyed by identity and kept alive here, so an owner's data
# set with other numbers for the same uid gets its own values)
_UNIT_VALUES: Final[dict[int, tuple[Unit, float]]] = {}


def unit_value(u: Unit) -> float:
    hit = _UNIT_VALUES.get(id(u))
    if hit is not None and hit[0] is u:
        return hit[1]
    v = _unit_value(u)
    _UNIT_VALUES[id(u)] = (u, v)
    return v


def _unit_value(u: Unit) -> float:
    v = u.attack + u.defense + 1.6 * u.ambush + 1.3 * u.arrows + u.command
    v += 0.8 * u.supply + 0.6 * u.fortify + 0.4 * u.haste + 1.2 * u.bombard
    v += 0.9 * (u.poison + u.revenge + u.maneuver + u.revive) + 0.5 * u.persistent
    if not u.is_basic:
        v += 0.5
    return v


class _View:
    """Reads over one observation; quacks like a state for ``board`` (config, alive, seats)."""

    def __init__(self, obs: dict[str, Any], seat: int, cards: CardSet) -> None:
        self.obs = obs
        self.seat = seat
        self.players = obs["players"]
        self.me = self.players[seat]
        self.cards = cards
        self.config = SimpleNamespace(players=len(self.players), mode=obs["config"]["mode"])
        self.alive = [p["alive"] for p in self.players]
        self.seats = len(self.players)

    def unit(self, seat: int, pos: int) -> Unit:
        return self.cards.units[self.players[seat]["deck"][pos]]

    def mine(self, pos: int) -> Unit:
        return self.unit(self.seat, pos)

    def unseen(self, seat: int) -> list[Unit]:
        t = self.players[seat]
        seen = set(t["camp"]) | set(t["grave"]) | {c for c in t["field"] if c >= 0}
        return [self.unit(seat, c) for c in range(len(t["deck"])) if c not in seen]

    def still_to_act(self, seat: int) -> bool:
        order, turn = self.obs["order"], self.obs["turn"]
        return seat in order[turn + 1 :]

    def any_enemy_to_act(self) -> bool:
        return any(self.still_to_act(p) for p in enemies(self, self.seat))  # type: ignore[arg-type]

    def command_bonus(self, line: int) -> int:
        bonus = 0
        for adj in (line - 1, line + 1):
            if 0 <= adj < 3:
                pos = self.me["field"][adj]
                if pos >= 0:
                    bonus += self.mine(pos).command
        return bonus


def _gain(atk: int, d: Unit, fortify: int, attacker: Unit) -> float:
    """Value of an attack that reaches the defender (no Ambush)."""
    dfn = d.defense + fortify
    if atk > dfn:
        value = (atk - dfn) + 0.6 * unit_value(d)
        return value - (0.6 * unit_value(attacker) if d.revenge else 0.0)
    if attacker.poison:
        return 0.6 * unit_value(d) - (0.6 * unit_value(attacker) if d.revenge else 0.0)
    return 0.15 if attacker.maneuver else 0.0


def attack_value(v: _View, line: int, cautious: bool, target: int = -1) -> float:
    pos = v.me["field"][line]
    if pos < 0:
        return 0.0
    opp, opp_line = facing(v, v.seat, line, target)  # type: ignore[arg-type]
    if opp < 0 or opp == v.seat:
        return -0.05
    attacker = v.mine(pos)
    atk = attacker.attack + v.command_bonus(line) + v.me["slot_supply"][line]
    them = v.players[opp]
    defender = them["field"][opp_line]
    fort = them["slot_fortify"][opp_line]
    if defender == EMPTY:
        return -0.05
    if defender >= 0:
        return _gain(atk, v.unit(opp, defender), fort, attacker)
    pool = v.unseen(opp)
    if not pool:
        return 0.0
    total = 0.0
    for d in pool:
        total += -1.4 if d.ambush and not cautious else _gain(atk, d, fort, attacker)
    return total / len(pool)


def best_middle(v: _View, cautious: bool) -> tuple[int, float]:
    """The best enemy for the middle line to attack (3-4 players), and its value."""
    foes = enemies(v, v.seat)  # type: ignore[arg-type]
    if v.config.players == 2 or not foes:
        return -1, attack_value(v, 1, cautious)
    scored = [(attack_value(v, 1, cautious, f), f) for f in foes]
    value, foe = max(scored)
    return foe, value


def hidden_ambush_cost(v: _View, line: int) -> float:
    """What revealing my own face-down Ambusher on ``line`` by attacking gives away."""
    pos = v.me["field"][line]
    if pos < 0 or v.me["face_up"][line] or not v.mine(pos).ambush:
        return 0.0
    return 1.2 if v.any_enemy_to_act() else 0.0


class HeuristicAgent:
    name = "heuristic"
    needs_observation = True

    def __init__(self, noise: float = 0.3) -> None:
        self.noise = noise

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        assert observation is not None
        cards = cardset_for(observation["config"].get("data_dir"))
        phase = observation["phase"]
        if phase in ("faction", "settlement"):
            return legal[rng.below(len(legal))]
        v = _View(observation, seat, cards)
        handler = getattr(self, "_" + phase)
        choice: int = handler(v, legal, rng)
        return choice if choice in legal else legal[0]

    # ---- draft: the best card in the row ------------------------------------------
    def _draft(self, v: _View, legal: list[int], rng: Rng) -> int:
        row = v.obs["draft"]["row"]
        return max(
            legal,
            key=lambda a: unit_value(v.cards.units[row[a - acts.DRAFT]]) + rng.below(100) / 400,
        )

    # the draft's three rounds pick the same way (methods, not aliases: the compiled class)
    def _draft_leader(self, v: _View, legal: list[int], rng: Rng) -> int:
        return self._draft(v, legal, rng)

    def _draft_champion(self, v: _View, legal: list[int], rng: Rng) -> int:
        return self._draft(v, legal, rng)

    def _draft_basic(self, v: _View, legal: list[int], rng: Rng) -> int:
        return self._draft(v, legal, rng)

    # ---- deploy: the best units, Command in the middle ---------------------
    def _deploy(self, v: _View, legal: list[int], rng: Rng) -> int:
        options = {}
        for a in legal:
            line, card = divmod(a - acts.DEPLOY, DECK_SIZE)
            u = v.mine(card)
            score = unit_value(u) + self.noise * rng.below(1000) / 1000
            if u.command and line == 1:
                score += 1.0
            options[a] = score
        return max(options, key=lambda a: options[a])

    def _palace(self, v: _View, legal: list[int], rng: Rng) -> int:
        # Crimson Palace: save the Haste units when enemies still attack into them this round
        return (
            acts.PALACE
            if v.obs["round"] >= 3 and v.any_enemy_to_act() and v.me["health"] <= 5
            else acts.PASS
        )

    # ---- arrow strike ---------------------------------------------------------
    def _arrow(self, v: _View, legal: list[int], rng: Rng) -> int:
        me = v.me
        ready = sum(
            v.mine(p).arrows
            for p, up in zip(me["field"], me["face_up"], strict=True)
            if p >= 0 and up
        )
        hidden_archers = [
            line
            for line in range(3)
            if me["field"][line] >= 0
            and not me["face_up"][line]
            and v.mine(me["field"][line]).arrows
            and not v.mine(me["field"][line]).ambush
        ]
        total = ready + sum(v.mine(me["field"][line]).arrows for line in hidden_archers)
        best, best_value = acts.PASS, 0.4
        for opp in enemies(v, v.seat):  # type: ignore[arg-type]
            pool = v.unseen(opp)
            field = v.players[opp]["field"]
            for line in range(3):
                target = field[line]
                if target == EMPTY:
                    continue
                if target >= 0:
                    d = v.unit(opp, target)
                    value = (total - d.defense) + 0.6 * unit_value(d) if total > d.defense else 0.0
                else:
                    kills = [d for d in pool if total > d.defense]
                    value = sum((total - d.defense) + 0.6 * unit_value(d) for d in kills) / max(
                        1, len(pool)
                    )
                    value += 1.4 * sum(1 for d in pool if d.ambush) / max(1, len(pool))
                if value > best_value:
                    action = acts.arrow_at(opp, line) if v.config.players > 2 else acts.ARROW + line
                    best, best_value = action, value
        if best == acts.PASS:
            return acts.PASS
        if hidden_archers:
            return acts.REVEAL + hidden_archers[0]
        return best if best in legal else acts.PASS

    # ---- main action -----------------------------------------------------------
    def _main(self, v: _View, legal: list[int], rng: Rng) -> int:
        lines = [line for line in range(3) if v.me["field"][line] >= 0]
        options: dict[int, float] = {}
        skirmish = 0.0
        for line in lines:
            cost = hidden_ambush_cost(v, line)
            if line == 1 and v.config.players > 2:
                _, value = best_middle(v, False)
                skirmish += value - cost
                foe_c, value_c = best_middle(v, True)
                options[acts.CAUTIOUS_MID + foe_c] = value_c - cost
            else:
                skirmish += attack_value(v, line, False) - cost
                options[acts.CAUTIOUS + line] = attack_value(v, line, True) - cost
        options[acts.SKIRMISH] = skirmish + 0.01
        options[acts.REST] = REST_VALUE if v.obs["round"] < v.obs["config"]["rounds"] else 0.9
        choice = max(
            (a for a in options if a in legal), key=lambda a: options[a], default=acts.REST
        )
        if choice != acts.REST:
            reveal = self._reveal_commanders(v, legal)
            if reveal is not None:
                return reveal
        return choice

    def _reveal_commanders(self, v: _View, legal: list[int]) -> int | None:
        for line in range(3):
            pos = v.me["field"][line]
            if acts.REVEAL + line in legal and v.mine(pos).command and not v.mine(pos).ambush:
                return acts.REVEAL + line
        return None

    def _skirmish(self, v: _View, legal: list[int], rng: Rng) -> int:
        attacks = [a for a in legal if not acts.REVEAL <= a < acts.REVEAL + 3]
        if not attacks:
            return legal[0]

        def key(a: int) -> tuple[int, float]:
            line, target = (
                (1, a - acts.ATTACK_MID) if a >= acts.ATTACK_MID else (a - acts.ATTACK, -1)
            )
            return (v.mine(v.me["field"][line]).command, attack_value(v, line, False, target))

        return max(attacks, key=key)

    def _maneuver(self, v: _View, legal: list[int], rng: Rng) -> int:
        cards = [a - acts.MANEUVER for a in legal if a != acts.PASS]
        if not cards:
            return acts.PASS
        if v.any_enemy_to_act():
            best = max(cards, key=lambda c: 2 * v.mine(c).ambush + v.mine(c).defense)
        else:
            best = min(cards, key=lambda c: unit_value(v.mine(c)))
        return acts.MANEUVER + best

    def _bellow(self, v: _View, legal: list[int], rng: Rng) -> int:
        return max(legal)  # always save the Command unit

    def _bombard(self, v: _View, legal: list[int], rng: Rng) -> int:
        return min(legal, key=lambda a: v.players[a - acts.BOMBARD_AT]["health"])

    # ---- back line and camp -------------------------------------------------------
    def _revive(self, v: _View, legal: list[int], rng: Rng) -> int:
        cards = [a - acts.REVIVE for a in legal if a != acts.REVIVE_HEAL]
        if cards and v.me["health"] > 3:
            best = max(cards, key=lambda c: unit_value(v.mine(c)))
            if unit_value(v.mine(best)) >= 4:
                return acts.REVIVE + best
        return acts.REVIVE_HEAL

    def _camp_retrieve(self, v: _View, legal: list[int], rng: Rng) -> int:
        return max(legal, key=lambda a: unit_value(v.mine(a - acts.RETRIEVE)))

    def _camp_spend(self, v: _View, legal: list[int], rng: Rng) -> int:
        me = v.me
        last_round = v.obs["round"] >= v.obs["config"]["rounds"]
        if acts.HEAL in legal and (last_round or me["health"] <= 4):
            return acts.HEAL
        if last_round:
            return acts.PASS
        for special in (acts.GLIMMER + 1, acts.PYRAMID + 1 * 3 + 2, acts.BLESS + 1 * 3 + 1):
            if special in legal:  # Glimmerspire, Anvira, White Tooth Gorge on the middle slot
                return special
        persists = [a for a in legal if acts.PERSIST <= a < acts.REVIVE]
        if persists:
            best = max(persists, key=lambda a: unit_value(v.mine(a - acts.PERSIST)))
            if unit_value(v.mine(best - acts.PERSIST)) >= 5:
                return best
        extras = [a for a in legal if acts.EXTRA <= a < acts.PERSIST]
        if extras and me["hand_count"] < 4:
            return max(extras, key=lambda a: unit_value(v.mine(a - acts.EXTRA)))
        slots = [a for a in legal if acts.SUPPLY_SLOT <= a < acts.DEPLOY]
        if slots and me["supply"] >= 1:
            return acts.SUPPLY_SLOT + 1 if acts.SUPPLY_SLOT + 1 in slots else slots[0]
        return acts.HEAL if acts.HEAL in legal and me["health"] < 10 else acts.PASS
