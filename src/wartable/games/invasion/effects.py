"""Card effects (chapter 10): action cards, defender cards, invader revealed effects.

Each effect either resolves at once or pushes decision frames (``stack.py``)
for the seats that must choose.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import event

from .cards import (
    ARCANIST,
    BALAR,
    BEASTRIDER,
    BURIED,
    CASUALTY,
    COURAGE,
    DARKNESS,
    DAWN,
    ENCHANT,
    FIREDRAGON,
    FIREMAGE,
    FURY,
    GLADIATOR,
    GOLDS,
    GOLEM,
    GUARD,
    HELLHOUND,
    ICEDRAGON,
    INVADER_KEYS,
    KEYS,
    LICHKING,
    NECROMANCER,
    OBSIDIAN,
    ORCCHIEF,
    REAPER,
    RULER,
    SHAMAN,
    SHAPESHIFT,
    SIEGE,
    SKELETAL,
    SKULLLORD,
    SLAYER,
    SORCERESS,
    SUCCUBUS,
    TERROR,
    TITAN,
    TREASURE,
    WARLORD,
    WEREBEAR,
    WYVERN,
)
from .stack import (
    A_REFILL,
    F_ARCANIST,
    F_CHOOSE,
    F_DISCARD,
    F_FIREMAGE,
    F_SHAPESHIFT,
    F_SORCERESS,
    F_TOPDECK,
    F_TRASH,
    F_WARLORD,
    P_BALAR,
    P_DARKNESS,
    P_DAWN,
    P_GLADIATOR,
    P_THREAT2,
    P_WEREBEAR,
    push,
    push_in_order,
)
from .state import InvasionState
from .zones import (
    GAIN_DISCARD,
    GAIN_HAND,
    GAIN_TOP,
    Ev,
    discard_from_hand,
    draw,
    draw_event,
    gain,
    reveal,
    terror_trigger,
)

FURY_DAMAGE: Final = 10  # Cursed Fury: +10 damage this turn
ENCHANT_DAMAGE: Final = 10  # Enchantment: each attacking defender +10
SHAMAN_PER_CARD: Final = 5  # Shaman: +5 per card played and unplayed
SLAYER_BONUS: Final = 50  # Dragon Slayer: +50 against Dragon invaders
BETRAYAL_PENALTY: Final = 10  # Betrayal: -10 damage
NECRO_PER_UNDEAD: Final = 10  # Necromancer: 30 + N, N = undead x 10
SIEGE_HAND: Final = 4  # City Siege: discard down to 4


def others(s: InvasionState, seat: int) -> list[int]:
    """The other seats in turn order starting left of ``seat`` (none in solo)."""
    return [(seat + i) % s.n for i in range(1, s.n)]


# ----- action cards ------------------------------------------------------
def play_action(s: InvasionState, seat: int, k: int, ev: Ev) -> None:
    """Chapter 5 ACTION and chapter 10: bonuses first, then the card's effect."""
    db = s.db
    s.hand[seat][k] -= 1
    s.play[k] += 1
    s.actions_left += db.plus_actions[k] - 1
    s.buys_left += db.plus_buys[k]
    s.gold += db.plus_gold[k]
    if ev is not None:
        ev.append(event("play", seat=seat, card=KEYS[k]))
    if db.plus_cards[k]:
        draw(s, seat, db.plus_cards[k], ev)
    hand = s.hand[seat]
    if k == CASUALTY:
        if sum(hand) - hand[TERROR] > 0:
            push(s, F_TRASH, seat)
    elif k == OBSIDIAN:
        draw(s, seat, 3, ev)
        put = min(3, sum(hand))
        if put:
            push(s, F_TOPDECK, seat, put)
    elif k == FURY:
        s.fury += FURY_DAMAGE
        gain(s, seat, TERROR, GAIN_DISCARD, ev)
    elif k == BURIED:
        for c in reveal(s, seat, 3, ev):
            if c in GOLDS:
                hand[c] += 1
            else:
                s.discard[seat][c] += 1
    elif k == SHAPESHIFT:
        if sum(hand):
            push(s, F_SHAPESHIFT, seat, 0)
    elif k == SIEGE:
        push_in_order(
            s,
            [
                [F_DISCARD, o, s.hand_size(o) - SIEGE_HAND, 0]
                for o in others(s, seat)
                if s.hand_size(o) > SIEGE_HAND
            ],
        )
    elif k == RULER:
        s.ruler = 1
    elif k == ENCHANT:
        s.enchant += 1
    elif k in (DAWN, DARKNESS):
        if s.n > 1:
            push(s, F_CHOOSE, seat, P_DAWN if k == DAWN else P_DARKNESS)
    elif k == COURAGE:
        t = hand[TERROR]
        for _ in range(t):
            discard_from_hand(s, seat, TERROR, ev)
        if t:
            draw(s, seat, 2 * t, ev)


# ----- defender cards ----------------------------------------------------
def play_defender(s: InvasionState, seat: int, d: int, ev: Ev) -> None:
    """Chapter 5 DEFEAT: the defender joins the attack; its Defender Effect resolves."""
    s.hand[seat][d] -= 1
    s.play[d] += 1
    s.atk_defenders += 1
    s.atk_damage += s.db.attack[d]
    if ev is not None:
        ev.append(event("defend", seat=seat, card=KEYS[d]))
    if d == GLADIATOR:
        if s.n > 1:
            push(s, F_CHOOSE, seat, P_GLADIATOR)
        else:
            gain(s, seat, TREASURE, GAIN_DISCARD, ev)
    elif d == WARLORD:
        if s.supply[GUARD] > 0:
            push(s, F_WARLORD, seat)
    elif d == ARCANIST:
        s.revealed = reveal(s, seat, 4, ev)
        if s.revealed:
            push(s, F_ARCANIST, seat)
    elif d == GOLEM:
        s.golem += 1
    elif d == WEREBEAR:
        if s.n > 1:
            push(s, F_CHOOSE, seat, P_WEREBEAR)
    elif d == SHAMAN:
        s.atk_shaman += 1
    elif d == FIREMAGE:
        push(s, F_FIREMAGE, seat)
    elif d == SLAYER:
        s.atk_slayer += 1
    elif d == SORCERESS:
        take = min(2, sum(s.discard[seat]))
        if take:
            push(s, F_SORCERESS, seat, take)
    elif d == BEASTRIDER:
        push_in_order(s, [[F_DISCARD, o, 1, 0] for o in others(s, seat) if s.hand_size(o) > 0])
    elif d == TITAN:
        s.atk_titan += 1
        for o in [seat, *others(s, seat)]:
            gain(s, o, TERROR, GAIN_DISCARD, ev)


def warlord_guard(s: InvasionState, seat: int, ev: Ev) -> None:
    """Warlord: gain 1 Imperial Guard to the hand and play it at once."""
    if gain(s, seat, GUARD, GAIN_HAND, ev):
        s.hand[seat][GUARD] -= 1
        s.play[GUARD] += 1
        s.atk_defenders += 1
        s.atk_damage += s.db.attack[GUARD]


def invader_health(s: InvasionState, slot: int) -> int:
    kind = s.row[slot]
    hp = s.db.inv_health[kind]
    if kind == NECROMANCER:
        if s.config.necromancer_counts == "table":
            undead = sum(1 for v in s.row if v >= 0 and s.db.inv_undead[v])
        else:
            undead = sum(1 for v in s.defeated[s.active] if s.db.inv_undead[v])
        hp += NECRO_PER_UNDEAD * undead
    return hp


def attack_damage(s: InvasionState) -> int:
    """Total damage of the current attack (chapter 10 defender and action effects)."""
    seat = s.active
    dmg = s.atk_damage + s.fury + ENCHANT_DAMAGE * s.enchant * s.atk_defenders
    if s.atk_shaman:
        cards = sum(s.play) + sum(s.hand[seat])
        dmg += SHAMAN_PER_CARD * cards * s.atk_shaman
    if s.atk_slayer and any(s.db.inv_dragon[s.row[t]] for t in s.targets if s.row[t] >= 0):
        dmg += SLAYER_BONUS * s.atk_slayer
    return max(0, dmg - BETRAYAL_PENALTY * s.betrayals)


def damage_terms(s: InvasionState) -> list[list[int | str]]:
    """Each term of ``attack_damage`` as [source, value], for the event a person reads."""
    seat = s.active
    terms: list[list[int | str]] = [["defenders", s.atk_damage]]
    if s.fury:
        terms.append(["fury", s.fury])
    if s.enchant and s.atk_defenders:
        terms.append(["enchant", ENCHANT_DAMAGE * s.enchant * s.atk_defenders])
    if s.atk_shaman:
        cards = sum(s.play) + sum(s.hand[seat])
        terms.append(["shaman", SHAMAN_PER_CARD * cards * s.atk_shaman])
    if s.atk_slayer and any(s.db.inv_dragon[s.row[t]] for t in s.targets if s.row[t] >= 0):
        terms.append(["slayer", SLAYER_BONUS * s.atk_slayer])
    if s.betrayals:
        terms.append(["betrayal", -BETRAYAL_PENALTY * s.betrayals])
    return terms


def resolve_attack(s: InvasionState, ev: Ev) -> None:
    """Chapter 5 DEFEAT: health <= damage defeats; each replacement's effect then resolves."""
    seat = s.active
    need = sum(invader_health(s, t) for t in s.targets)
    dmg = attack_damage(s)
    won = dmg >= need
    if ev is not None:
        names = [INVADER_KEYS[s.row[t]] for t in s.targets]
        defenders = [
            KEYS[d] for d in range(len(s.play)) if s.db.attack[d] for _ in range(s.play[d])
        ]
        ev.append(
            event(
                "attack", seat=seat, targets=names, damage=dmg, health=need, defeated=won,
                terms=damage_terms(s), defenders=defenders,
            )
        )  # fmt: skip
    if won:
        for t in s.targets:
            s.defeated[seat].append(s.row[t])
            s.row[t] = -1
        push_in_order(s, [[A_REFILL, seat, t, 0] for t in sorted(s.targets)])


def attacker_terror(s: InvasionState, where: int, ev: Ev) -> None:
    """A revealed effect gives the attacker a Terror card, unless a Golem avoids it."""
    if s.golem > 0:
        s.golem -= 1
        if ev is not None:
            ev.append(event("golem_avoids", seat=s.active))
        return
    gain(s, s.active, TERROR, where, ev)


def reveal_effect(s: InvasionState, kind: int, ev: Ev) -> None:
    """Chapter 10 Invader Cards: the attacking player resolves the new invader's effect."""
    seat = s.active
    if ev is not None:
        ev.append(event("invader_revealed", invader=INVADER_KEYS[kind]))
    if kind == SKELETAL:
        roll = s.rng.randint(1, 6)
        s.terror = roll
        if ev is not None:
            ev.append(event("terror_roll", seat=seat, roll=roll))
        if roll == 6:  # the skull face
            draw_event(s, ev)
    elif kind == SUCCUBUS:
        s.draw_limit = min(s.draw_limit, 4)
    elif kind == LICHKING:
        s.draw_limit = min(s.draw_limit, 3)
    elif kind == ICEDRAGON:
        s.draw_limit = min(s.draw_limit, 2)
    elif kind == REAPER:
        attacker_terror(s, GAIN_DISCARD, ev)
    elif kind == HELLHOUND:
        attacker_terror(s, GAIN_TOP, ev)
    elif kind == SKULLLORD:
        attacker_terror(s, GAIN_DISCARD, ev)
        attacker_terror(s, GAIN_DISCARD, ev)
    elif kind == FIREDRAGON:
        attacker_terror(s, GAIN_TOP, ev)
        attacker_terror(s, GAIN_TOP, ev)
    elif kind == NECROMANCER:
        moved = s.discard[seat][TERROR]
        if s.golem > 0 and moved:
            used = min(s.golem, moved)
            s.golem -= used
            moved -= used
        s.discard[seat][TERROR] -= moved
        s.deck[seat].extend([TERROR] * moved)
        if ev is not None:
            ev.append(event("terror_to_deck", seat=seat, count=moved))
    elif kind == WYVERN:
        attacker_terror(s, GAIN_DISCARD, ev)
        for o in others(s, seat):
            gain(s, o, TERROR, GAIN_DISCARD, ev)
    elif kind == BALAR:
        if s.n > 1:
            push(s, F_CHOOSE, seat, P_BALAR)
        else:
            attacker_terror(s, GAIN_DISCARD, ev)
    elif kind == ORCCHIEF:
        for c in reveal(s, seat, 3, ev):
            if c in GOLDS:
                s.supply[c] += 1
                if ev is not None:
                    ev.append(event("trash", seat=seat, card=KEYS[c]))
            else:
                s.discard[seat][c] += 1


def resolve_choice(s: InvasionState, seat: int, purpose: int, other: int, ev: Ev) -> None:
    """The effects that say "choose another player"."""
    if purpose == P_THREAT2:
        gain(s, seat, TERROR, GAIN_DISCARD, ev)
        gain(s, other, TERROR, GAIN_DISCARD, ev)
    elif purpose == P_GLADIATOR:
        gain(s, seat, TREASURE, GAIN_DISCARD, ev)
        gain(s, other, TREASURE, GAIN_DISCARD, ev)
    elif purpose == P_WEREBEAR:
        gain(s, other, TERROR, GAIN_TOP, ev)
        gain(s, other, TERROR, GAIN_TOP, ev)
    elif purpose == P_DAWN:
        draw(s, other, 1, ev)
    elif purpose == P_DARKNESS:
        gain(s, other, TERROR, GAIN_TOP, ev)
    elif purpose == P_BALAR:
        attacker_terror(s, GAIN_DISCARD, ev)
        gain(s, other, TERROR, GAIN_DISCARD, ev)


def fire_mage(s: InvasionState, ev: Ev) -> None:
    """Fire Mage: increase the Terror Count by 3 (three steps of the die)."""
    for _ in range(3):
        terror_trigger(s, ev)
