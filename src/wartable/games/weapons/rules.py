"""The Skirmish, the round and the game (weapon-skirmish-fragment.txt).

Seats sit clockwise: the player "to the left" of seat ``p`` is ``p + 1``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Final

from wartable.core.events import Event, event

from .cards import beats, deck_size, value_of
from .state import ATTACK, DEFEND, OVER, THROW_IN, WeaponsState

PASS_OFFSET: Final = 0
CONCEDE_OFFSET: Final = 1
STOP_OFFSET: Final = 2


def left_of(s: WeaponsState, seat: int, ok: Callable[[int], bool]) -> int:
    """The first seat to the left of ``seat`` (not ``seat`` itself) for which ``ok`` holds; -1 if none."""
    n = s.config.players
    for k in range(1, n):
        p = (seat + k) % n
        if ok(p):
            return p
    return -1


def holds(s: WeaponsState, p: int) -> bool:
    return s.alive[p] and bool(s.hands[p])


def used_values(s: WeaponsState) -> set[int]:
    c = s.config
    return {value_of(x, c) for x in s.attacks} | {value_of(x, c) for x in s.defences}


def face_down_pending(s: WeaponsState) -> bool:
    """The third attack lies face down until the Defender answers it."""
    return (
        s.config.third_attack == "face_down"
        and s.phase == DEFEND
        and len(s.attacks) == 3
        and len(s.defences) == 2
    )


def attack_options(s: WeaponsState, p: int) -> list[int]:
    """Cards ``p`` may attack with: any card first, later only values already used."""
    if not s.attacks:
        return list(s.hands[p])
    vals = used_values(s)
    return [x for x in s.hands[p] if value_of(x, s.config) in vals]


def defence_options(s: WeaponsState) -> list[int]:
    hand = s.hands[s.defender]
    if face_down_pending(s):
        return list(hand)  # the Defender plays blind
    att = s.attacks[-1]
    return [x for x in hand if beats(x, att, s.config)]


# ----------------------------------------------------------------------------
# rounds
# ----------------------------------------------------------------------------
def start_round(s: WeaponsState, dealer: int, events: list[Event] | None) -> None:
    """Shuffle every card, deal ``hand_size`` to each player from the dealer's left."""
    c = s.config
    s.deck = list(range(deck_size(c)))
    s.rng.shuffle(s.deck)
    s.hands = [[] for _ in range(c.players)]
    s.discard = []
    s.attacks, s.attackers, s.defences = [], [], []
    s.dealer = dealer
    order = [(dealer + k) % c.players for k in range(1, c.players + 1)]
    for _ in range(c.hand_size):
        for p in order:
            if s.alive[p]:
                s.hands[p].append(s.deck.pop())
    for h in s.hands:
        h.sort()
    if events is not None:
        events.append(event("round", number=s.round, dealer=dealer))
    start_skirmish(s, dealer, events)


def start_skirmish(s: WeaponsState, candidate: int, events: list[Event] | None) -> None:
    fa = candidate if holds(s, candidate) else left_of(s, candidate, lambda p: holds(s, p))
    s.first = s.attacker = fa
    s.defender = left_of(s, fa, lambda p: holds(s, p))
    s.passed = [False] * s.config.players
    s.attacks, s.attackers, s.defences = [], [], []
    s.phase = ATTACK
    if events is not None:
        events.append(event("skirmish", first_attacker=fa, defender=s.defender))


def end_round(s: WeaponsState, eliminated: int, events: list[Event] | None) -> None:
    alive = [p for p in range(s.config.players) if s.alive[p]]
    if len(alive) <= 1:
        return game_over(s, alive, "last player standing", events)
    if s.round >= s.config.max_rounds:
        best = max((s.health[p], s.satchels[p]) for p in alive)
        top = [p for p in alive if (s.health[p], s.satchels[p]) == best]
        return game_over(s, top, "round limit: most health (then Satchel cards)", events)
    s.round += 1
    base = eliminated if eliminated >= 0 else s.dealer
    start_round(s, left_of(s, base, lambda p: s.alive[p]), events)


def game_over(s: WeaponsState, winners: list[int], why: str, events: list[Event] | None) -> None:
    s.phase = OVER
    s.winners = sorted(winners)
    if events is not None:
        events.append(event("game_over", winners=s.winners, reason=why))


def eliminate(s: WeaponsState, p: int, why: str, events: list[Event] | None) -> None:
    s.alive[p] = False
    s.out.append(p)
    s.satchel_spent += s.satchels[p]  # Satchel cards are kept only while in the game
    s.satchels[p] = 0
    if events is not None:
        events.append(event("eliminated", seat=p, reason=why))


# ----------------------------------------------------------------------------
# the Skirmish
# ----------------------------------------------------------------------------
def attack(s: WeaponsState, card: int, events: list[Event] | None) -> None:
    p = s.attacker if s.phase == ATTACK else s.first
    s.hands[p].remove(card)
    s.attacks.append(card)
    s.attackers.append(p)
    if events is not None:
        if s.config.third_attack == "face_down" and len(s.attacks) == 3 and s.phase == ATTACK:
            events.append(event("attack", (p,), seat=p, card=card, face_down=True))
            events.append(
                event(
                    "attack",
                    tuple(q for q in range(s.config.players) if q != p),
                    seat=p,
                    face_down=True,
                )
            )
        else:
            events.append(event("attack", seat=p, card=card))
    if s.phase == THROW_IN:
        if len(s.attacks) >= 3 or not attack_options(s, s.first):
            collect(s, events)
        return
    s.phase = DEFEND


def pass_turn(s: WeaponsState, events: list[Event] | None) -> None:
    s.passed[s.attacker] = True
    if events is not None:
        events.append(event("pass", seat=s.attacker))
    next_attacker(s, events)


def next_attacker(s: WeaponsState, events: list[Event] | None) -> None:
    """The current attacker continues; once they pass, the next attacker to their left."""
    if not s.passed[s.attacker] and attack_options(s, s.attacker):
        s.phase = ATTACK
        return
    s.passed[s.attacker] = True
    p = s.attacker
    while True:
        p = left_of(s, p, lambda q: holds(s, q) and q != s.defender and not s.passed[q])
        if p < 0:
            return end_skirmish(s, True, events)
        if attack_options(s, p):
            s.attacker = p
            s.phase = ATTACK
            return
        s.passed[p] = True  # no card of a used value: this attacker must pass


def defend(s: WeaponsState, card: int, events: list[Event] | None) -> None:
    d = s.defender
    blind = face_down_pending(s)
    s.hands[d].remove(card)
    s.defences.append(card)
    ok = beats(card, s.attacks[-1], s.config)
    if events is not None:
        if blind:
            events.append(event("reveal", seat=s.attackers[-1], card=s.attacks[-1]))
        events.append(event("defend", seat=d, card=card, beaten=ok))
    if not ok:  # a failed blind defence: the Defender is beaten
        return concede(s, events)
    if len(s.attacks) >= 3 or not s.hands[d]:
        return end_skirmish(s, True, events)
    next_attacker(s, events)


def concede(s: WeaponsState, events: list[Event] | None) -> None:
    d = s.defender
    hidden = face_down_pending(s)  # conceding to the face-down third attack leaves it unseen
    if events is not None:
        events.append(event("concede", seat=d))
    if lose_health(s, d, s.config.concede_damage, events):
        return
    if s.config.throw_in and len(s.attacks) < 3 and attack_options(s, s.first):
        s.phase = THROW_IN
        return
    collect(s, events, hidden)


def lose_health(s: WeaponsState, p: int, amount: int, events: list[Event] | None) -> bool:
    """Take damage (a Satchel shield absorbs one loss); True if the round ended."""
    if amount <= 0:
        return False
    if s.config.satchel_effect == "shield" and s.satchels[p] > 0:
        s.satchels[p] -= 1
        s.satchel_spent += 1
        if events is not None:
            events.append(event("satchel_shield", seat=p))
        return False
    s.health[p] = max(0, s.health[p] - amount)
    if events is not None:
        events.append(event("health", seat=p, health=s.health[p]))
    if s.health[p] == 0:
        eliminate(s, p, "health reached 0", events)
        end_round(s, p, events)
        return True
    return False


def collect(s: WeaponsState, events: list[Event] | None, hidden_third: bool = False) -> None:
    """The beaten Defender takes every card of the Skirmish into their hand.

    ``hidden_third``: the Defender conceded to the face-down third attack, which goes to
    their hand unseen by the table. Only the Defender (now holding it) and its attacker
    (who played it) see it in the event; the others see the face-up cards and a count."""
    d = s.defender
    cards = s.attacks + s.defences
    for x in cards:
        insort(s.hands[d], x)
    if events is not None and hidden_third:
        knows = (d, s.attackers[2])
        others = tuple(q for q in range(s.config.players) if q not in knows)
        events.append(event("collect", knows, seat=d, cards=cards))
        shown = [x for k, x in enumerate(s.attacks) if k != 2] + s.defences
        events.append(event("collect", others, seat=d, cards=shown, face_down=1))
    elif events is not None:
        events.append(event("collect", seat=d, cards=cards))
    s.attacks, s.attackers, s.defences = [], [], []
    end_skirmish(s, False, events)


def end_skirmish(s: WeaponsState, defended: bool, events: list[Event] | None) -> None:
    c = s.config
    fa, d = s.first, s.defender
    if defended:
        s.discard.extend(s.attacks + s.defences)
        s.attacks, s.attackers, s.defences = [], [], []
        if events is not None:
            events.append(event("defended", seat=d))
    if (defended or c.satchel_when == "every_skirmish") and s.satchel_pile > 0:
        s.satchel_pile -= 1
        s.satchels[fa] += 1
        if events is not None:
            events.append(event("satchel", seat=fa))
    # refill: the First Attacker, then the players to their left, the Defender last
    order = [(fa + k) % c.players for k in range(c.players)]
    order = [p for p in order if p != d and s.alive[p]] + [d]
    for p in order:
        while len(s.hands[p]) < c.hand_size and s.deck:
            insort(s.hands[p], s.deck.pop())
    if not s.deck:  # the Final Battle: whoever is last with cards is removed
        left = [p for p in range(c.players) if holds(s, p)]
        if len(left) <= 1:
            if left:
                eliminate(s, left[0], "last player holding cards", events)
                return end_round(s, left[0], events)
            return end_round(s, -1, events)
    nxt = d if defended else left_of(s, d, lambda p: holds(s, p))
    start_skirmish(s, nxt, events)
