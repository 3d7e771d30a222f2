"""The weapon game state (flat lists, cheap ``copy()``) and its position JSON."""

from __future__ import annotations

from typing import Any

from wartable.core.errors import PositionError
from wartable.core.rng import Rng

from .config import WeaponsConfig

ATTACK, DEFEND, THROW_IN, OVER = 0, 1, 2, 3
PHASES = ("attack", "defend", "throw_in", "over")


class WeaponsState:
    __slots__ = (
        "alive",
        "attacker",
        "attackers",
        "attacks",
        "config",
        "dealer",
        "decisions",
        "deck",
        "defences",
        "defender",
        "discard",
        "first",
        "hands",
        "health",
        "out",
        "passed",
        "phase",
        "rng",
        "round",
        "satchel_pile",
        "satchel_spent",
        "satchels",
        "winners",
    )

    def __init__(self, config: WeaponsConfig, rng: Rng) -> None:
        n = config.players
        self.config = config
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []  # draw pile; the top card is the last
        self.discard: list[int] = []
        self.attacks: list[int] = []  # this Skirmish's attack cards, in order
        self.attackers: list[int] = []  # who made each attack
        self.defences: list[int] = []  # the card that beat each attack
        self.health = [config.starting_health] * n
        self.satchels = [0] * n
        self.satchel_pile = config.satchel_cards
        self.satchel_spent = 0
        self.alive = [True] * n
        self.out: list[int] = []  # eliminated seats, in order
        self.passed = [False] * n
        self.phase = ATTACK
        self.dealer = 0
        self.first = 0  # the First Attacker
        self.attacker = 0  # the attacker now attacking
        self.defender = 1
        self.round = 1
        self.decisions = 0
        self.winners: list[int] = []

    def copy(self) -> WeaponsState:
        s = WeaponsState.__new__(WeaponsState)
        s.config = self.config
        s.rng = self.rng.copy()
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.attacks = self.attacks[:]
        s.attackers = self.attackers[:]
        s.defences = self.defences[:]
        s.health = self.health[:]
        s.satchels = self.satchels[:]
        s.satchel_pile = self.satchel_pile
        s.satchel_spent = self.satchel_spent
        s.alive = self.alive[:]
        s.out = self.out[:]
        s.passed = self.passed[:]
        s.phase = self.phase
        s.dealer = self.dealer
        s.first = self.first
        s.attacker = self.attacker
        s.defender = self.defender
        s.round = self.round
        s.decisions = self.decisions
        s.winners = self.winners[:]
        return s


_LISTS = ("deck", "discard", "attacks", "attackers", "defences", "out", "winners")
_PER_SEAT = ("health", "satchels")
_INTS = ("satchel_pile", "satchel_spent", "dealer", "first", "attacker", "defender", "round")


def state_to_json(s: WeaponsState) -> dict[str, Any]:
    data: dict[str, Any] = {"rng": s.rng.state, "phase": PHASES[s.phase]}
    data["hands"] = [list(h) for h in s.hands]
    for k in _LISTS + _PER_SEAT:
        data[k] = list(getattr(s, k))
    data["alive"] = list(s.alive)
    data["passed"] = list(s.passed)
    for k in (*_INTS, "decisions"):
        data[k] = getattr(s, k)
    return data


def _int_list(data: dict[str, Any], key: str) -> list[int]:
    v = data.get(key)
    if not isinstance(v, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        raise PositionError(f"field '{key}': expected a list of integers")
    return list(v)


def _bool_list(data: dict[str, Any], key: str, n: int) -> list[bool]:
    v = data.get(key)
    if not isinstance(v, list) or len(v) != n or not all(isinstance(x, bool) for x in v):
        raise PositionError(f"field '{key}': expected {n} booleans (one per seat)")
    return list(v)


def state_from_json(config: WeaponsConfig, data: dict[str, Any]) -> WeaponsState:
    n = config.players
    rng = data.get("rng")
    if not isinstance(rng, int) or rng < 0:
        raise PositionError("field 'rng': expected a non-negative integer")
    s = WeaponsState(config, Rng(rng))
    if data.get("phase") not in PHASES:
        raise PositionError(f"field 'phase': expected one of {', '.join(PHASES)}")
    s.phase = PHASES.index(data["phase"])
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise PositionError(f"field 'hands': expected {n} hands")
    s.hands = [_int_list({"hands": h}, "hands") for h in hands]
    for k in _LISTS:
        setattr(s, k, _int_list(data, k))
    for k in _PER_SEAT:
        v = _int_list(data, k)
        if len(v) != n or any(x < 0 for x in v):
            raise PositionError(f"field '{k}': expected {n} non-negative integers")
        setattr(s, k, v)
    s.alive = _bool_list(data, "alive", n)
    s.passed = _bool_list(data, "passed", n)
    for k in (*_INTS, "decisions"):
        num = data.get(k)
        if not isinstance(num, int) or isinstance(num, bool) or num < 0:
            raise PositionError(f"field '{k}': expected a non-negative integer")
        setattr(s, k, num)
    for k in ("dealer", "first", "attacker", "defender"):
        if getattr(s, k) >= n:
            raise PositionError(f"field '{k}': no seat {getattr(s, k)}")
    size = len(config.groups) * config.max_value
    every = [c for h in s.hands for c in h] + s.deck + s.discard + s.attacks + s.defences
    if sorted(every) != list(range(size)):
        raise PositionError("field 'hands': every card must be in exactly one place")
    if len(s.attackers) != len(s.attacks) or len(s.defences) > len(s.attacks):
        raise PositionError("field 'attackers': one attacker per attack, no extra defences")
    return s
