"""Skirm's catalogue for the web client: each card's name, numbers and whole text in words.

The rulebook (skirm-dice-duel.txt) prints no card names, only numbers 1517-1528 and one
ability per card, so a card is named after its ability ("Cloak"); the ability the rulebook
leaves unnamed is "Set Three". Should a data directory give two cards the same ability, the
name adds the card's additional scoring ("Cloak of Water"), then its number.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import Card, load_cards

# skirm-dice-duel.txt, "Abilities" (the rulebook's words)
ABILITY_TEXT: dict[str, str] = {
    "BLADE": "Cut the opposing dice into 2 groups; they choose 1 group to reroll.",
    "CLOAK": "Reroll 1 or 2 of your dice and conceal them from your opponent until final scoring.",
    "DODECAHEDRON": "Reroll 1 of your dice and 1 of your opponent's dice. Then choose one of "
    "those dice to gain and give the other to your opponent.",
    "HARNESS": "Reroll up to 6 of your dice. You may choose the number but you must reroll "
    "them all at once.",
    "HELM": "Exchange 1 die for 1 opposing die. You may reroll the die you gain.",
    "HORN": "Reroll each of your dice that show a unique face until it matches a face that "
    "you have, including the printed skills.",
    "GAUNTLET": "Steal 1 opposing die that does not match any of your dice.",
    "MANTLE": "Give 1 die to your opponent. Determine your opponent's best skill type and set "
    'that number of dice. "Setting" means choosing the die face freely.',
    "MASK": 'Set 2 dice to match 1 or 2 opposing dice. "Setting" means choosing the die face '
    "freely.",
    "SCEPTER": "Reroll 1 of your dice, then set one of your other dice to match its skill type.",
    "TOME": "You may reroll each of your dice once. After each reroll, you may choose the new "
    "or old result.",
    "SET3": "Set up to 3 of your dice to different faces. Each of these new faces must be unique.",
}

# skirm-dice-duel.txt, "Additional Scoring" (the rulebook's words; "step 3" is the per-type
# comparison under the default reading, see the match's step3 option)
SCORING_TEXT: dict[str, str] = {
    "CIRCUIT": "Gain 1 point per tied skill type.",
    "ENERGY": "Gain 1 point per skill of your opponent's best type.",
    "FIRE": "Gain 1 point per skill type you don't have. There are 6 skill types total.",
    "GOLD": "Gain 1 point per dice pair you have. Higher quantities (e.g., 3 of a kind) count "
    "as 1 pair.",
    "LEAF": "Gain 1 point per skill type you lose in the skill comparison.",
    "METAL": "Gain 1 point per unique skill type your opponent has.",
    "SAND": "Gain 1 point per skill type you have that doesn't match the 2 printed skills.",
    "SINEW": "Gain 1 point per skill of your most abundant skill type.",
    "STONE": "Gain 3 points if you have all 6 skill types.",
    "WATER": "Gain 1 extra point per skill type you win in the skill comparison.",
}

# the rulebook names every ability but one
ABILITY_NAME: dict[str, str] = {"SET3": "Set Three"}


def ability_name(ability: str) -> str:
    return ABILITY_NAME.get(ability, ability.title())


def card_names(cards: tuple[Card, ...]) -> dict[int, str]:
    """A distinct display name per card id: its ability, then its scoring, then its number."""
    by_ability = Counter(c.ability for c in cards)
    by_pair = Counter((c.ability, c.scoring) for c in cards)
    names = {}
    for c in cards:
        name = ability_name(c.ability)
        if by_ability[c.ability] > 1:
            name = f"{name} of {c.scoring.title()}"
            if by_pair[(c.ability, c.scoring)] > 1:
                name = f"{name} {c.id}"
        names[c.id] = name
    return names


def build(data_dir: str | None) -> dict[str, Any]:
    cs = load_cards(data_dir)
    names = card_names(cs.cards)
    return {
        "skills": list(cs.skill_names),
        "cards": {
            str(c.id): {
                "name": names[c.id],
                "number": c.id,
                "speed": c.speed,
                "skills": list(c.skills),
                "skill_names": [cs.skill_names[s] for s in c.skills],
                "ability": c.ability,
                "ability_name": ability_name(c.ability),
                "ability_text": ABILITY_TEXT[c.ability],
                "scoring": c.scoring,
                "scoring_name": c.scoring.title(),
                "scoring_text": SCORING_TEXT[c.scoring],
            }
            for c in cs.cards
        },
    }
