"""§7 steps 1-4 and the §8 example: the battle-values event names every term and its
source (each unit's attack, the matching defence, the tile, support), so a table can show
where "10 vs 2" comes from. Every term is public: the map shows all of them."""

from __future__ import annotations

from typing import Any

from graxia_helpers import act
from test_battle import section_8_position


def _terms(side: int, events: list[dict[str, Any]]) -> list[tuple[int, str]]:
    values = next(e for e in events if e["type"] == "battle_values")
    return [(amount, source) for s, amount, source in values["terms"] if s == side]


def test_section_8_terms_add_up_to_the_printed_battle_values() -> None:
    s, a, d, sup, _ = section_8_position()
    txt = s.sc.board.text
    events = act(s, f"attack {txt(a)} {txt(d)}")
    values = next(e for e in events if e["type"] == "battle_values")
    assert values["bv"] == [10, 2]  # §8 step 1b
    attacker = _terms(0, events)
    defender = _terms(1, events)
    assert sum(x for x, _ in attacker) == 10
    assert sum(x for x, _ in defender) == 2
    # §8 step 1: Blood Crusaders' magical attack 10 less the Impalers' magical defence 4 = 6
    assert (10, "Blood Crusaders' attack") in attacker
    assert (-4, "Flesh Impalers' matching defence") in attacker
    # step 1a: the Columns tile's defence -2; step 1b: each supporter's +3, named
    assert (-2, "the defender's columns tile") in attacker
    names = {s.cat.units[s.unit[c]].name for c in sup}
    assert {src for x, src in attacker if src.startswith("support")} == {
        f"support from {n}" for n in names
    }
    assert (10, "Flesh Impalers' attack") in defender
    assert (-8, "Blood Crusaders' matching defence") in defender
