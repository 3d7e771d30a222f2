"""A heuristic Draconia bot that plays from its observation only.

It values units by their printed numbers and icons, estimates what a face-down
enemy unit may be from the cards it has not seen yet (so it knows the chance of
an Ambush), strikes with Arrows at targets worth it, prefers a Cautious Attack
when a Skirmish would walk into likely Ambushes or give away its own hidden
Ambushers, Rests when no attack pays, and spends supply where it counts.
"""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng

from . import actions as A
from .cards import DECK_SIZE, CardSet, Unit, cardset_for

EMPTY, HIDDEN = -1, -2
REST_VALUE = 1.3  # two supply tokens ~ one health and change


def unit_value(u: Unit) -> float:
    v = u.attack + u.defense + 1.6 * u.ambush + 1.3 * u.arrows + u.command
    v += 0.8 * u.supply + 0.6 * u.fortify + 0.4 * u.haste + 1.2 * u.bombard
    v += 0.9 * (u.poison + u.revenge + u.maneuver + u.revive) + 0.5 * u.persistent
    if not u.is_basic:
        v += 0.5
    return v


class _View:
    """Convenience reads over one observation."""

    def __init__(self, obs: dict[str, Any], seat: int, cards: CardSet) -> None:
        self.obs = obs
        self.seat = seat
        self.opp = 1 - seat
        self.me = obs["players"][seat]
        self.them = obs["players"][self.opp]
        self.my_deck = cards.decks[self.me["faction"]] if self.me["faction"] else ()
        self.their_deck = cards.decks[self.them["faction"]] if self.them["faction"] else ()
        self.cards = cards

    def mine(self, pos: int) -> Unit:
        return self.cards.units[self.my_deck[pos]]

    def theirs(self, pos: int) -> Unit:
        return self.cards.units[self.their_deck[pos]]

    def unseen_enemy(self) -> list[Unit]:
        t = self.them
        seen = set(t["camp"]) | set(t["grave"]) | {c for c in t["field"] if c >= 0}
        return [self.theirs(c) for c in range(len(self.their_deck)) if c not in seen]

    def opponent_still_to_act(self) -> bool:
        order, turn = self.obs["order"], self.obs["turn"]
        return self.opp in order[turn + 1 :]

    def command_bonus(self, line: int, assume_revealed: bool) -> int:
        bonus = 0
        for adj in (line - 1, line + 1):
            if 0 <= adj < 3:
                pos = self.me["field"][adj]
                if pos >= 0 and (self.me["face_up"][adj] or assume_revealed):
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


def attack_value(v: _View, line: int, cautious: bool) -> float:
    pos = v.me["field"][line]
    if pos < 0:
        return 0.0
    attacker = v.mine(pos)
    atk = attacker.attack + v.command_bonus(line, True) + v.me["slot_supply"][line]
    target = v.them["field"][line]
    fort = v.them["slot_fortify"][line]
    if target == EMPTY:
        return -0.05
    if target >= 0:
        return _gain(atk, v.theirs(target), fort, attacker)
    pool = v.unseen_enemy()
    if not pool:
        return 0.0
    total = 0.0
    for d in pool:
        total += -1.4 if d.ambush and not cautious else _gain(atk, d, fort, attacker)
    return total / len(pool)


def hidden_ambush_cost(v: _View, line: int) -> float:
    """What revealing my own face-down Ambusher on ``line`` by attacking gives away."""
    pos = v.me["field"][line]
    if pos < 0 or v.me["face_up"][line] or not v.mine(pos).ambush:
        return 0.0
    return 1.2 if v.opponent_still_to_act() and v.them["field"][line] != EMPTY else 0.0


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
        if phase == "faction":
            return legal[rng.below(len(legal))]
        v = _View(observation, seat, cards)
        handler = getattr(self, "_" + phase)
        choice: int = handler(v, legal, rng)
        return choice if choice in legal else legal[0]

    # ---- deploy: the best units, Command in the middle ---------------------
    def _deploy(self, v: _View, legal: list[int], rng: Rng) -> int:
        options = {}
        for a in legal:
            line, card = divmod(a - A.DEPLOY, DECK_SIZE)
            u = v.mine(card)
            score = unit_value(u) + self.noise * rng.below(1000) / 1000
            if u.command and line == 1:
                score += 1.0
            options[a] = score
        return max(options, key=lambda a: options[a])

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
        best, best_value = A.PASS, 0.4
        pool = v.unseen_enemy()
        for line in range(3):
            target = v.them["field"][line]
            if target == EMPTY:
                continue
            if target >= 0:
                d = v.theirs(target)
                value = (total - d.defense) + 0.6 * unit_value(d) if total > d.defense else 0.0
            else:
                kills = [d for d in pool if total > d.defense]
                value = sum((total - d.defense) + 0.6 * unit_value(d) for d in kills) / max(
                    1, len(pool)
                )
                if me["field"][line] >= 0:  # unmasking a possible Ambusher makes my attack safe
                    value += 1.4 * sum(1 for d in pool if d.ambush) / max(1, len(pool))
            if value > best_value:
                best, best_value = A.ARROW + line, value
        if best == A.PASS:
            return A.PASS
        if hidden_archers:
            return A.REVEAL + hidden_archers[0]
        return best if best in legal else A.PASS

    # ---- main action -----------------------------------------------------------
    def _main(self, v: _View, legal: list[int], rng: Rng) -> int:
        lines = [line for line in range(3) if v.me["field"][line] >= 0]
        skirmish = sum(attack_value(v, line, False) - hidden_ambush_cost(v, line) for line in lines)
        cautious = {
            line: attack_value(v, line, True) - hidden_ambush_cost(v, line) for line in lines
        }
        rest = REST_VALUE if v.obs["round"] < v.obs["config"]["rounds"] else 0.9
        best_line = max(cautious, key=lambda k: cautious[k]) if cautious else -1
        choice = A.REST
        if skirmish >= rest and (best_line < 0 or skirmish >= cautious[best_line]):
            choice = A.SKIRMISH
        elif best_line >= 0 and cautious[best_line] >= rest:
            choice = A.CAUTIOUS + best_line
        if choice != A.REST:
            reveal = self._reveal_commanders(v, legal)
            if reveal is not None:
                return reveal
        return choice

    def _reveal_commanders(self, v: _View, legal: list[int]) -> int | None:
        for line in range(3):
            pos = v.me["field"][line]
            if A.REVEAL + line in legal and v.mine(pos).command and not v.mine(pos).ambush:
                return A.REVEAL + line
        return None

    def _skirmish(self, v: _View, legal: list[int], rng: Rng) -> int:
        attacks = [a for a in legal if A.ATTACK <= a < A.ATTACK + 3]
        if not attacks:
            return legal[0]

        def key(a: int) -> tuple[int, float]:
            line = a - A.ATTACK
            return (v.mine(v.me["field"][line]).command, attack_value(v, line, False))

        return max(attacks, key=key)

    def _maneuver(self, v: _View, legal: list[int], rng: Rng) -> int:
        cards = [a - A.MANEUVER for a in legal if a != A.PASS]
        if not cards:
            return A.PASS
        if v.opponent_still_to_act():
            best = max(cards, key=lambda c: 2 * v.mine(c).ambush + v.mine(c).defense)
        else:
            best = min(cards, key=lambda c: unit_value(v.mine(c)))
        return A.MANEUVER + best

    # ---- back line and camp -------------------------------------------------------
    def _revive(self, v: _View, legal: list[int], rng: Rng) -> int:
        cards = [a - A.REVIVE for a in legal if a != A.REVIVE_HEAL]
        if cards and v.me["health"] > 3:
            best = max(cards, key=lambda c: unit_value(v.mine(c)))
            if unit_value(v.mine(best)) >= 4:
                return A.REVIVE + best
        return A.REVIVE_HEAL

    def _camp_retrieve(self, v: _View, legal: list[int], rng: Rng) -> int:
        return max(legal, key=lambda a: unit_value(v.mine(a - A.RETRIEVE)))

    def _camp_spend(self, v: _View, legal: list[int], rng: Rng) -> int:
        me = v.me
        last_round = v.obs["round"] >= v.obs["config"]["rounds"]
        if A.HEAL in legal and (last_round or me["health"] <= 4):
            return A.HEAL
        if last_round:
            return A.PASS
        persists = [a for a in legal if A.PERSIST <= a < A.REVIVE]
        if persists:
            best = max(persists, key=lambda a: unit_value(v.mine(a - A.PERSIST)))
            if unit_value(v.mine(best - A.PERSIST)) >= 5:
                return best
        extras = [a for a in legal if A.EXTRA <= a < A.PERSIST]
        if extras and me["hand_count"] < 4:
            return max(extras, key=lambda a: unit_value(v.mine(a - A.EXTRA)))
        slots = [a for a in legal if A.SUPPLY_SLOT <= a < A.DEPLOY]
        if slots and me["supply"] >= 1:
            return A.SUPPLY_SLOT + 1 if A.SUPPLY_SLOT + 1 in slots else slots[0]
        return A.HEAL if A.HEAL in legal and me["health"] < 10 else A.PASS
