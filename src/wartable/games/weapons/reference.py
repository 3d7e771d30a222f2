"""The weapon card game's catalogue for the web client: every weapon card's name and text.

Cards come from the game's configuration (weapon groups, values 1..max_value, the trump
group); the catalogue holds the default deck (weapon-skirmish-fragment.txt with the Durak
defaults of docs/games/weapons.md). A match with other groups names its cards the same way,
and the view words them from its config with the same rules given here.
"""

from __future__ import annotations

from typing import Any

from .cards import deck_size, group_of, value_of
from .config import WeaponsConfig

# weapon-skirmish-fragment.txt: "a card of the same weapon group, but of higher value";
# "Swords can beat any weapon (providing they're not being attacked by a higher Sword)"
RULES = {
    "defend": "A defence beats an attack with a card of the same weapon group and a higher value.",
    "trump": "{Trump} beat any other weapon; only a higher {trump_one} beats a {trump_one}.",
    "later_attacks": "After the first attack, an attack must use a value already played in "
    "the Skirmish.",
}


def singular(group: str) -> str:
    return group[:-1] if group.endswith("s") else group


def card_name(card: int, config: WeaponsConfig) -> str:
    return f"{value_of(card, config)} of {config.groups[group_of(card, config)].title()}"


def span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def card_text(card: int, config: WeaponsConfig) -> str:
    """What the card beats and what beats it, in words."""
    value = value_of(card, config)
    one = singular(config.groups[group_of(card, config)].title())
    sword = singular(config.trump.title())
    top = config.max_value
    article = "an" if one[:1] in "AEIOU" else "a"
    lower = f"{article} {one} of value {span(1, value - 1)}" if value > 1 else ""
    if config.groups[group_of(card, config)] == config.trump:
        beats = "any other weapon" + (f", and {lower}" if lower else "")
        beaten = f"a higher {one} ({span(value + 1, top)})" if value < top else ""
    else:
        beats = lower
        beaten = f"a higher {one} ({span(value + 1, top)}) or any {sword}" if value < top else ""
        beaten = beaten or f"any {sword}"
    text = f"As a defence it beats {beats}." if beats else f"As a defence it beats no other {one}."
    return f"{text} Beaten by {beaten}." if beaten else f"{text} Nothing beats it."


def build(data_dir: str | None) -> dict[str, Any]:
    config = WeaponsConfig.model_validate({})
    cards = {}
    for card in range(deck_size(config)):
        cards[card_name(card, config)] = {
            "group": config.groups[group_of(card, config)],
            "value": value_of(card, config),
            "trump": config.groups[group_of(card, config)] == config.trump,
            "text": card_text(card, config),
        }
    return {
        "groups": list(config.groups),
        "trump": config.trump,
        "max_value": config.max_value,
        "rules": {
            k: v.format(Trump=config.trump.title(), trump_one=singular(config.trump.title()))
            for k, v in RULES.items()
        },
        "cards": cards,
    }
