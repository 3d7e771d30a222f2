"""Skirm's catalogue for the web client."""

from __future__ import annotations

from typing import Any

from wartable.games.skirm.cards import load_cards


def build(data_dir: str | None) -> dict[str, Any]:
    cs = load_cards(data_dir)
    return {
        "skills": list(cs.skill_names),
        "cards": {
            str(c.id): {
                "speed": c.speed,
                "skills": list(c.skills),
                "ability": c.ability,
                "scoring": c.scoring,
            }
            for c in cs.cards
        },
    }
