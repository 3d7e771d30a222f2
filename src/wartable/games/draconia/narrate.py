"""Draconia events as short sentences, for the terminal table and logs."""

from __future__ import annotations

from typing import Any

LINE = ("left", "middle", "right")


def _seat(e: dict[str, Any], key: str = "seat") -> str:
    return f"seat {e.get(key)}"


def event_to_str(e: dict[str, Any]) -> str:
    kind = e.get("type", "")
    line = LINE[e["line"]] if isinstance(e.get("line"), int) and 0 <= e["line"] < 3 else "?"
    who = _seat(e)
    text = {
        "round": f"-- round {e.get('round')} --",
        "deployed": f"{who} has deployed",
        "order": "turn order: " + ", ".join(f"seat {p}" for p in e.get("order", [])),
        "turn": f"{who}'s turn",
        "reveal": f"{who} reveals {e.get('unit')} ({line})",
        "arrow_strike": f"{who} strikes {_seat(e, 'target_seat')}'s {line} unit with {e.get('arrows')} Arrows (defense {e.get('defense')})",
        "skirmish": f"{who} declares a Skirmish",
        "cautious_attack": f"{who} makes a Cautious Attack",
        "rest": f"{who} rests (+{e.get('supply')} supply)",
        "attack": f"{who}'s {e.get('attacker')} ({e.get('attack')}) attacks {e.get('defender')} ({e.get('defense')})",
        "attack_canceled": f"{who}'s {line} attack is canceled: {e.get('why')}",
        "ambush": f"Ambush! {who}'s {e.get('unit')} cancels the attack",
        "damage": f"{who} loses {e.get('amount')} health ({e.get('cause')}), now {e.get('health')}",
        "eliminate": f"{who}'s {e.get('unit')} is eliminated ({e.get('cause')})",
        "maneuver": f"{who} maneuvers on the {line} line",
        "supply": f"{who} gains {e.get('gained')} supply",
        "fortify": f"{who} fortifies the {line} line (+{e.get('placed')})",
        "revive": f"{who} revives " + (f"{e.get('unit')}" if "unit" in e else "1 health"),
        "retrieve": f"{who} takes card #{e.get('card')} from the Camp"
        + (" (1 supply)" if e.get("cost") else ""),
        "heal": f"{who} restores 1 health, now {e.get('health')}",
        "supply_slot": f"{who} puts a supply token on the {line} line",
        "persistent": f"{who} brings card #{e.get('card')} back from the Graveyard (Persistent)",
        "draw": f"{who} draws {e.get('count')}",
        "drew": f"you drew {', '.join('#' + str(c) for c in e.get('cards', []))}",
        "faction": f"{who} plays {e.get('faction')}",
        "settlement_chosen": f"{who} has chosen a settlement",
        "settlement": f"{who}'s settlement: {e.get('settlement')}",
        "palace": f"{who} uses the Crimson Palace",
        "bellow": f"{who} flips a Bellow token: card #{e.get('card')} goes to the Camp",
        "burn": f"{who} burns {_seat(e, 'target_seat')}'s {line} line ({e.get('left')} Burn tokens left)",
        "crack": f"{who} cracks {_seat(e, 'target_seat')}'s {line} line",
        "blessing_placed": f"{who} places a Blessing token on the {line} line",
        "blessing_kind": f"your Blessing: {e.get('kind')}",
        "blessing": f"{who}'s Blessing on the {line} line: {e.get('kind')}",
        "glimmerspire": f"{who} fortifies the {line} line (Glimmerspire, +{e.get('placed')})",
        "pyramid": f"{who} raises a Pyramid on the {line} line ({e.get('kind')})",
        "draft_pick": f"{who} drafts {e.get('unit')}",
        "knocked_out": f"{who} is knocked out",
        "game_over": f"game over: {', '.join('seat ' + str(p) for p in e.get('winners', []))} ({e.get('reason')})",
    }.get(kind)
    if text is None:
        fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "to"))
        return f"{kind}: {fields}"
    return text
