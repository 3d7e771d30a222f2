"""Graxia events as short sentences, for the terminal table (``wartable play``) and logs.

In a solo game (§9.2) side 1 is the Non-Player: every event the rules emit for it (its
command cards, each move, each battle, its battle cards, reinforcements, spawns, tile
removals) reads as "the Non-Player ...". Unknown event types fall back to their fields.
"""

from __future__ import annotations

from typing import Any

from .state import REASONS

CHOICES = {
    "npc_tile": "which tile the Non-Player's unit at {unit} moves into ({options})",
    "npc_foe": "which of your units the Non-Player's unit at {unit} attacks ({options})",
    "lose": "a card to lose ({left} to go)",
    "placement": "where the Non-Player's {unit} arrives (a {terrain} tile)",
    "retreat": "where your unit displaced from {unit} retreats ({options})",
}


def _reason(e: dict[str, Any]) -> str:
    r = e.get("reason")
    if isinstance(r, int) and 0 <= r < len(REASONS):
        return REASONS[r]
    return str(r)


def _list(x: Any) -> str:
    return ", ".join(str(v) for v in x) if isinstance(x, list | tuple) else str(x)


def event_to_str(e: dict[str, Any], solo: bool = False) -> str:
    """One event as a sentence; ``solo``: seat 0 is "you" and seat 1 "the Non-Player"."""
    names = ("you", "the Non-Player") if solo else ("seat 0", "seat 1")

    def who(key: str = "seat") -> str:
        s = e.get(key)
        return names[s] if s in (0, 1) else str(s)

    kind = str(e.get("type", "event"))
    verb_s = "" if solo and e.get("seat") == 0 else "s"
    text: dict[str, Any] = {
        # the Non-Player's turn, step by step
        "npc_turn": lambda: f"-- the Non-Player's turn {e.get('turn')} --",
        "npc_placed": lambda: f"the Non-Player's {e.get('unit')} appears at {e.get('cell')}",
        "npc_reinforcement": lambda: f"the Non-Player reinforces {e.get('cell')}",
        "npc_battle_draw": lambda: f"the Non-Player draws {e.get('cards')} battle card(s)",
        "npc_battle_discard": lambda: f"the Non-Player discards {_list(e.get('spells'))}",
        "npc_card_fizzles": lambda: f"the Non-Player's {e.get('spell')} has no target",
        "npc_choice": lambda: f"you choose {e.get('cell')} for the Non-Player",
        "tile_removed": lambda: f"the tile {e.get('cell')} leaves the game",
        "unit_removed": lambda: f"{e.get('unit')} at {e.get('cell')} falls with its tile",
        "unit_discarded": lambda: f"{e.get('unit')} at {e.get('cell')} is destroyed",
        "settlement_captured": lambda: (
            f"the Non-Player captures {e.get('cell')}: you must lose {e.get('cards')} card(s)"
        ),
        "card_lost": lambda: f"you lose {e.get('card')}",
        "land_type_taken": lambda: f"the Non-Player holds every {e.get('terrain')} tile",
        "warlord_killed": lambda: f"{e.get('unit')} is slain",
        "solo_result": lambda: ("you win: " if e.get("won") else "you lose: ") + _reason(e),
        "home_row": lambda: f"{who()} choose{verb_s} Home Row {e.get('row')}",
        "home_row_ability": lambda: f"{who()} use{verb_s} {e.get('ability')}",
        "vp_spent": lambda: (
            f"{who()} spend{verb_s} {e.get('points')} victory points for {e.get('mana')} mana"
        ),
        "deck_add": lambda: f"{who()} add{verb_s} {e.get('card')} to the deck",
        "deck_built": lambda: (
            f"{who()} build{verb_s} a deck of {e.get('units')} units and {e.get('spells')} spells"
        ),
        "healed": lambda: f"the unit at {e.get('cell')} heals {e.get('amount')}",
        # every game
        "round": lambda: (
            f"-- {who()}{'r' if solo and e.get('seat') == 0 else chr(39) + 's'} "
            f"round, turn {e.get('turn')} --"
        ),
        "setup_done": lambda: (
            f"set-up done; {who('first')} "
            + ("start" if solo and e.get("first") == 0 else "starts")
        ),
        "first_player": lambda: f"{who()} start{verb_s}",
        "move": lambda: f"{e.get('unit') or 'a unit'} moves {e.get('frm')} -> {e.get('dest')}",
        "summon": lambda: (
            f"{who()} summon{verb_s} {e.get('unit')} at {e.get('cell')} ({e.get('cost')} mana)"
        ),
        "placed": lambda: f"{who()} place{verb_s} {e.get('unit')} at {e.get('cell')}",
        "ability": lambda: (
            f"{who()}: {e.get('unit')} uses {e.get('ability')}"
            + (f" on {e.get('target')}" if e.get("target") else "")
        ),
        "spell": lambda: (
            f"{who()} cast{verb_s} {e.get('spell')}"
            + (f" on {e.get('target')}" if e.get("target") else "")
        ),
        "card_effect": lambda: f"{who()}: {str(e.get('kind')).replace('_', ' ')}",
        "switch": lambda: f"the units at {e.get('a')} and {e.get('b')} switch places",
        "shield": lambda: f"the unit at {e.get('cell')} forms a shield",
        "retreat": lambda: f"the unit retreats to {e.get('dest')}",
        "retreat_blocked": lambda: f"the unit at {e.get('cell')} cannot retreat",
        "portals": lambda: f"{who()} open{verb_s} portals at {_list(e.get('cells'))}",
        "portal_removed": lambda: f"{who()} remove{verb_s} the portal at {e.get('cell')}",
        "battle": lambda: (
            f"battle: {e.get('attacker_unit', 'the unit')} at {e.get('attacker')} attacks "
            f"{e.get('defender_unit', 'the unit')} at {e.get('defender')}"
        ),
        "battle_spell": lambda: f"{who()} play{verb_s} {e.get('spell')} in the battle",
        "battle_ability": lambda: f"{who()} use{verb_s} {e.get('ability')} in the battle",
        "battle_pass": lambda: f"{who()} pass{'' if verb_s == '' else 'es'}",
        "battle_values": lambda: f"battle values {_list(e.get('bv'))}",
        "battle_wounds": lambda: (
            f"battle values {_list(e.get('bv'))}: wounds {_list(e.get('wounds'))}"
        ),
        "battle_end": lambda: "the battle ends",
        "sacrifice": lambda: (
            f"{who()} sacrifice{verb_s} {e.get('spell', 'a spell')} "
            f"for {e.get('use')} (+{e.get('modifier')})"
        ),
        "sacrifice_step": lambda: "sacrifices are revealed",
        "bluff": lambda: f"{who()} bluff{verb_s}",
        "eliminated": lambda: f"{e.get('unit') or 'the unit'} at {e.get('cell')} is eliminated",
        "wounds": lambda: (
            f"{e.get('unit') or 'the unit'} at {e.get('cell')} takes {e.get('amount')} wound(s)"
        ),
        "mana": lambda: f"{who()} gain{verb_s} {e.get('gain')} mana",
        "victory_points": lambda: (
            f"{who()} score{verb_s} {e.get('points')} victory points: {e.get('why')}"
        ),
        "battle_result": lambda: (
            "the battle is a draw"
            if e.get("winner") not in (0, 1)
            else f"{who('winner')} win{'' if solo and e.get('winner') == 0 else 's'} the battle"
        ),
        "draw": lambda: f"{who()} draw{verb_s} a {e.get('kind')} card",
        "drawn": lambda: f"the card drawn: {e.get('card')}",
        "reshuffle": lambda: f"{who()} reshuffle{verb_s} the {e.get('pile')} pile",
        "choice": lambda: (
            f"{who()} choose{verb_s} "
            + CHOICES.get(str(e.get("kind")), str(e.get("kind"))).format(
                unit=e.get("unit"),
                options=_list(e.get("options", [])),
                left=e.get("left"),
                terrain=e.get("terrain"),
            )
        ),
        "committed": lambda: f"{who()} made a secret choice",
        "guardian": lambda: f"{who()} choose{verb_s} {e.get('unit')} as Guardian",
        "drafted": lambda: f"{who()} draft{verb_s} {e.get('unit')}",
        "revealed": lambda: f"{who()} reveal{verb_s} {_list(e.get('units'))}",
        "recovered": lambda: f"{who()} recover{verb_s} {e.get('card')}",
        "supporter_turned": lambda: f"the supporter at {e.get('cell')} changes sides",
        "reflect": lambda: f"the attack is reflected from {e.get('frm')} to {e.get('dest')}",
        "game_over": lambda: (
            "game over: "
            + (names[e["winner"]] if e.get("winner") in (0, 1) else "nobody")
            + (" win" if solo and e.get("winner") == 0 else " wins")
            + f" ({_reason(e)})"
        ),
    }
    make = text.get(kind)
    if make is not None:
        return str(make())
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "to", "seat"))
    head = kind.replace("_", " ")
    return f"{who()}: {head} ({fields})" if "seat" in e else f"{head} ({fields})"
