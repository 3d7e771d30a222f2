"""The loaded card data as flat tables indexed by the card, invader, event and campaign ints.

Kept apart from the pydantic records (``cards.py``) so that a compiled build (mypyc) makes it
a native class: the rules read these lists on every decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import CampaignRecord, CardRecord, EventRecord, InvaderRecord, StageRecord


class Db:
    """Flat tables indexed by the ints above (read on the hot path)."""

    def __init__(
        self,
        cards: list[CardRecord],
        invaders: list[InvaderRecord],
        events: list[EventRecord],
        campaigns: list[CampaignRecord],
        stages: list[StageRecord],
    ) -> None:
        self.cards = cards
        self.invaders = invaders
        self.events = events
        self.campaigns = campaigns
        self.stages = {s.number: s for s in stages}
        self.count = [c.count for c in cards]
        self.cost = [c.cost for c in cards]
        self.gold = [c.gold for c in cards]
        self.attack = [c.attack for c in cards]
        self.attack_cost = [c.attack_cost for c in cards]
        self.plus_actions = [c.actions for c in cards]
        self.plus_buys = [c.buys for c in cards]
        self.plus_cards = [c.cards for c in cards]
        self.plus_gold = [c.gold_bonus for c in cards]
        self.inv_count = [v.count for v in invaders]
        self.inv_health = [v.health for v in invaders]
        self.inv_glory = [v.glory for v in invaders]
        self.inv_gold = [v.color == "gold" for v in invaders]
        self.inv_undead = [v.rare == "undead" for v in invaders]
        self.inv_dragon = [v.rare == "dragon" for v in invaders]
        self.event_count = [e.count for e in events]
        # campaign target as (invader index or -1, class name or "", count, bonus)
        invader_keys = [v.key for v in invaders]  # in the fixed INVADER_KEYS order
        self.camp_target = [invader_keys.index(c.target) if c.target else -1 for c in campaigns]
        self.camp_class = [c.target_class for c in campaigns]
        self.camp_need = [c.count for c in campaigns]
        self.camp_bonus = [c.bonus for c in campaigns]
        self.camp_others = [c.requires_others for c in campaigns]
