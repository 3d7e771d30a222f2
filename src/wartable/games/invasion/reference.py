"""Invasion's catalogue for the web client: every card, invader, campaign and event in words."""

from __future__ import annotations

from typing import Any

from .actions import SLOT_NAMES
from .cards import INVADER_KEYS, KEYS, CampaignRecord
from .loader import get_db
from .stack import FRAME_NAMES, PURPOSES
from .state import PHASES

# Chapter 10 "List Of Cards Effects" (and chapter 6 for Terror), in the project's own words.
# The data records hold the numbers; these are the words the rulebook prints beside them.
CARD_EFFECT: dict[str, str] = {
    "wealth": "Gold card: adds its gold value to buy a card or pay a Defender's attack cost.",
    "treasure": "Gold card: adds its gold value to buy a card or pay a Defender's attack cost.",
    "fortune": "Gold card: adds its gold value to buy a card or pay a Defender's attack cost.",
    "terror": "No effect in your hand; it cannot be bought or eliminated. Each time you discard "
    "it from your hand the Terror Count rises by 1; at 6 an Event card is drawn.",
    "casualty": "Trash 1 non-Terror card from your hand.",
    "obsidian": "Take 3 more cards into your hand, then put 3 cards from your hand on top of your "
    "deck.",
    "fury": "Your attack inflicts +10 damage this turn. You gain 1 Terror card.",
    "buried": "Reveal the top 3 cards of your deck: take the Gold cards into your hand, discard "
    "the rest.",
    "shapeshift": "Discard any number of cards, then draw 1 card for each.",
    "siege": "Every other player discards down to 4 cards.",
    "betrayal": "Played during another player's turn: when they attack, discard this card to "
    "give their attack -10 damage.",
    "rush": "",
    "reinforce": "",
    "ruler": "Cards you buy this turn may go on top of your deck instead of your discard pile.",
    "enchant": "Every attacking Defender inflicts +10 damage this turn.",
    "dawn": "Choose another player: they draw 1 card.",
    "darkness": "Choose another player: they gain 1 Terror card on top of their deck.",
    "courage": "Discard your Terror cards; draw 2 cards for each one discarded.",
    "guard": "",
    "dread": "",
    "gladiator": "Trashed after use. Choose another player: you each gain 1 Treasure card.",
    "warlord": "You may gain 1 Imperial Guard into your hand and play it at once.",
    "valkyrie": "",
    "arcanist": "Reveal the top 4 cards of your deck: discard them all or put them all back on "
    "top.",
    "golem": "Avoid gaining 1 Terror card from a revealed Invader's effect.",
    "werebear": "Choose another player: they gain 2 Terror cards on top of their deck.",
    "shaman": "+5 damage for every card played and still in your hand this turn.",
    "firemage": "You may raise the Terror Count by 3.",
    "slayer": "+50 damage against Dragon invaders.",
    "sorceress": "Put 2 cards from your discard pile on top of your deck.",
    "beastrider": "Every other player discards 1 card.",
    "titan": "Trashed after use. You may attack several invaders at once. Every player gains 1 "
    "Terror card.",
}

INVADER_EFFECT: dict[str, str] = {
    "skeletal": "Revealed: the attacking player rolls the Terror Die for a new Terror Count; "
    "on the Skull an Event is revealed.",
    "succubus": "Revealed: the attacking player draws 4 cards instead of 6 at the end of the turn.",
    "reaper": "Revealed: the attacking player gains 1 Terror card.",
    "hellhound": "Revealed: the attacking player gains 1 Terror card on top of their deck.",
    "necromancer": "Health 30 + 10 for each Undead invader. Revealed: the attacking player puts "
    "every Terror card of their discard pile on top of their deck.",
    "wyvern": "Revealed: every player gains 1 Terror card.",
    "balar": "Revealed: the attacking player chooses another player; both gain 1 Terror card.",
    "orcchief": "Revealed: the attacking player reveals the top 3 cards of their deck, trashes "
    "the Gold cards and discards the rest.",
    "skulllord": "Revealed: the attacking player gains 2 Terror cards.",
    "lichking": "Revealed: the attacking player draws 3 cards instead of 6 at the end of the turn.",
    "icedragon": "Revealed: the attacking player draws 2 cards instead of 6 at the end of the "
    "turn.",
    "firedragon": "Revealed: the attacking player gains 2 Terror cards on top of their deck.",
}

EVENT_EFFECT: dict[str, str] = {
    "horror": "The player(s) with the most kills discard 3 cards.",
    "demonspell": "The player(s) with the most kills put 3 cards from their hand on top of their "
    "deck.",
    "darkrising": "The player(s) with the most kills trash 1 random card from their hand.",
    "chaos": "The invaders are reshuffled and new ones revealed (their effects ignored). The "
    "player(s) with the most kills gain 1 Terror card on top of their deck.",
}

_CLASS_WORDS = {
    "undead": "Undead invader",
    "dragon": "Dragon invader",
    "gold": "Gold invader",
    "blue": "Blue invader",
    "any": "invader",
}


def campaign_text(c: CampaignRecord, invader_names: dict[str, str]) -> str:
    """What a campaign asks, in words."""
    if c.target_class == "most_invaders":
        return "At the end, hold more defeated invaders than every other player."
    if c.target_class == "most_gold":
        return "At the end, hold more defeated Gold invaders than every other player."
    what = invader_names[c.target] if c.target else _CLASS_WORDS[c.target_class]
    plural = "" if c.count == 1 else ("s" if not what.endswith("s") else "")
    return f"Defeat {c.count} {what}{plural}."


def build(data_dir: str | None) -> dict[str, Any]:
    db = get_db(data_dir)
    cards = [
        {
            "key": c.key, "name": c.name, "type": c.type, "cost": c.cost, "gold": c.gold,
            "attack": c.attack, "attack_cost": c.attack_cost, "actions": c.actions,
            "buys": c.buys, "cards": c.cards, "gold_bonus": c.gold_bonus,
            "effect": CARD_EFFECT.get(c.key, ""),
        }
        for c in db.cards
    ]  # fmt: skip
    invaders = [
        {
            "key": v.key, "name": v.name, "color": v.color, "health": v.health,
            "glory": v.glory, "rare": v.rare or "", "effect": INVADER_EFFECT.get(v.key, ""),
        }
        for v in db.invaders
    ]  # fmt: skip
    names = {v.key: v.name for v in db.invaders}
    campaigns = [
        {
            "key": c.key, "name": c.name, "bonus": c.bonus, "count": c.count,
            "target": c.target, "target_class": c.target_class,
            "requires_others": c.requires_others, "text": campaign_text(c, names),
        }
        for c in db.campaigns
    ]  # fmt: skip
    return {
        "keys": list(KEYS),
        "cards": cards,
        "invader_keys": list(INVADER_KEYS),
        "invaders": invaders,
        "campaigns": campaigns,
        "events": [
            {"key": e.key, "name": e.name, "effect": EVENT_EFFECT.get(e.key, "")} for e in db.events
        ],
        "slots": list(SLOT_NAMES),
        "phases": list(PHASES),
        "frames": {str(k): v for k, v in FRAME_NAMES.items()},
        "purposes": list(PURPOSES),
    }
