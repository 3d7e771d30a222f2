"""The weapon game state (flat lists, cheap ``copy()``) and its position JSON."""

from __future__ import annotations

from typing import Any, Final

from wartable.core.rng import Rng
from wartable.core.untrusted import Fields, distinct, require

from .cards import deck_size
from .config import WeaponsConfig

ATTACK: Final = 0
DEFEND: Final = 1
THROW_IN: Final = 2
OVER: Final = 3
PHASES: Final = ("attack", "defend", "throw_in", "over")


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

    def __init__(self, config: WeaponsConfig, rng: Rng, blank: bool = True) -> None:
        n = config.players
        self.config = config
        self.rng = rng
        if not blank:  # ``copy`` sets every field itself (the compiled engine needs a constructor)
            return
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
        s = WeaponsState(self.config, self.rng.copy(), blank=False)
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


MAX_RNG: Final = (1 << 64) - 1
_LISTS: Final = ("deck", "discard", "attacks", "attackers", "defences", "out", "winners")
_PER_SEAT: Final = ("health", "satchels")
_INTS: Final = ("satchel_pile", "satchel_spent", "dealer", "first", "attacker", "defender", "round")


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


MAX_DECISIONS: Final = 10**9  # far beyond any game (40 rounds of at most a few hundred decisions)


def state_from_json(config: WeaponsConfig, data: dict[str, Any]) -> WeaponsState:
    """Untrusted position state -> ``WeaponsState``; every bound comes from the rules.

    Bounds (docs/formats/position.md, "Bounds"): card ids 0..deck-1, each card in exactly one
    place; health 0..starting_health (health is only ever lost); Satchel counts within
    ``satchel_cards``; seats 0..players-1; round 1..max_rounds; at most 3 attacks, one attacker
    per attack, at most one defence per attack (``defend`` needs an unanswered one, the other
    throw-in at least one, attack none); ``alive`` is exactly the seats not in ``out``, and a seat in the game has
    health; the players named in the Skirmish are in the game; winners only once it is over.
    """
    n = config.players
    size = deck_size(config)
    f = Fields(data)
    s = WeaponsState(config, Rng(f.integer("rng", 0, MAX_RNG)))
    s.phase = PHASES.index(f.choice("phase", PHASES))
    s.hands = f.int_lists("hands", 0, size - 1, count=n, max_len=size)
    s.deck = f.ints("deck", 0, size - 1, max_len=size)
    s.discard = f.ints("discard", 0, size - 1, max_len=size)
    s.attacks = f.ints("attacks", 0, size - 1, max_len=3)
    s.attackers = f.ints("attackers", 0, n - 1, max_len=3)
    s.defences = f.ints("defences", 0, size - 1, max_len=3)
    s.out = f.ints("out", 0, n - 1, max_len=n)
    s.winners = f.ints("winners", 0, n - 1, max_len=n)
    s.health = f.ints("health", 0, config.starting_health, length=n)
    s.satchels = f.ints("satchels", 0, config.satchel_cards, length=n)
    s.alive = f.bools("alive", n)
    s.passed = f.bools("passed", n)
    s.satchel_pile = f.integer("satchel_pile", 0, config.satchel_cards)
    s.satchel_spent = f.integer("satchel_spent", 0, config.satchel_cards)
    s.dealer = f.integer("dealer", 0, n - 1)
    s.first = f.integer("first", 0, n - 1)
    s.attacker = f.integer("attacker", 0, n - 1)
    s.defender = f.integer("defender", 0, n - 1)
    s.round = f.integer("round", 1, config.max_rounds)
    s.decisions = f.integer("decisions", 0, MAX_DECISIONS)
    f.done()
    every = [c for h in s.hands for c in h] + s.deck + s.discard + s.attacks + s.defences
    require(sorted(every) == list(range(size)), "hands", "every card must be in exactly one place")
    require(len(s.attackers) == len(s.attacks), "attackers", "one attacker per attack")
    require(len(s.defences) <= len(s.attacks), "defences", "at most one defence per attack")
    unanswered = len(s.attacks) - len(s.defences)
    if s.phase == DEFEND:
        require(unanswered == 1, "defences", "the Defender answers exactly one open attack")
    elif s.phase == THROW_IN:
        require(unanswered >= 1, "defences", "a Concede leaves an attack unanswered")
    elif s.phase == ATTACK:
        require(unanswered == 0, "defences", "an attack is unanswered outside the defence")
    require(distinct(s.out), "out", "a seat is eliminated twice")
    require(distinct(s.winners), "winners", "a seat wins twice")
    for p in range(n):
        require(s.alive[p] == (p not in s.out), f"alive[{p}]", "must be false exactly for 'out'")
        if s.alive[p]:
            require(s.health[p] > 0, f"health[{p}]", "a seat in the game has health")
        else:
            require(s.satchels[p] == 0, f"satchels[{p}]", "an eliminated seat holds none")
    held = s.satchel_pile + sum(s.satchels) + s.satchel_spent
    require(held == config.satchel_cards, "satchel_pile", "pile + held + spent = satchel_cards")
    if s.phase == OVER:
        require(bool(s.winners), "winners", "a finished game has winners")
        return s
    require(not s.winners, "winners", "only a finished game has winners")
    require(sum(s.alive) >= 2, "alive", "a game in progress has two seats in it")
    for key in ("first", "attacker", "defender"):
        require(s.alive[getattr(s, key)], key, "that seat is out of the game")
    require(s.defender not in (s.first, s.attacker), "defender", "the Defender cannot attack")
    require(all(s.alive[a] for a in s.attackers), "attackers", "an eliminated seat attacked")
    return s
