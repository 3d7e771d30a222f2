"""Weapon cards: card id = group * max_value + (value - 1)."""

from __future__ import annotations

from .config import WeaponsConfig


def deck_size(c: WeaponsConfig) -> int:
    return len(c.groups) * c.max_value


def group_of(card: int, c: WeaponsConfig) -> int:
    return card // c.max_value


def value_of(card: int, c: WeaponsConfig) -> int:
    return card % c.max_value + 1


def trump_index(c: WeaponsConfig) -> int:
    return c.groups.index(c.trump)


def card_text(card: int, c: WeaponsConfig) -> str:
    return f"{c.groups[group_of(card, c)][0].upper()}{value_of(card, c)}"


def beats(defence: int, attack: int, c: WeaponsConfig) -> bool:
    """Same weapon and higher value; a Sword beats any other weapon (a higher Sword beats a Sword)."""
    gd, ga = group_of(defence, c), group_of(attack, c)
    if gd == ga:
        return value_of(defence, c) > value_of(attack, c)
    return gd == trump_index(c)
