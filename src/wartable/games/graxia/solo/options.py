"""The named options that choose between readings of §9.2's solo text (docs/games/graxia.md,
"Solo: readings and options"): they change the scenario record a game plays with, so the
rules read one ``Scenario`` and never the config.

- ``solo1_removal`` (Solo Scenario 1, "At the start of every odd turn (except turn 1) turns 3,
  5...etc., starting from with the players Home-Row, then moving up from continent A to
  bottom continent B, three rows of tiles will be removed from the game, in sequence"):
  ``one_row`` (default) removes the rows one at a time, one at each odd turn from turn 3;
  ``three_rows`` removes three rows at each odd turn. The game lasts until the last row goes.
- ``solo_turn_limit`` (Solo Scenarios 2, 4, 5, 6 print no turn limit): 0 (default) plays
  until a printed result, with a backstop at turn ``BACKSTOP_TURNS`` so that a game always
  ends; a positive number is a turn limit the Player loses at.
- ``solo_deck_counts`` (Solo Scenarios 5 and 6, "Player's unit deck size is double (40 unit
  cards all together with 6 Heroes and 4 Large Creatures)"): ``exact`` (default) keeps the
  scenario files' exact class counts; ``at_most`` reads them as maxima, as Solo 4's "may
  include" is.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Final

from ..catalog.tables import Scenario
from ..config import GraxiaConfig

ROWS_PER_REMOVAL_PRINTED: Final = 3  # "three rows of tiles will be removed"
BACKSTOP_TURNS: Final = 50  # the most a scenario file allows (records.py ``turn_limit``)
NO_PRINTED_LIMIT: Final = ("solo-2", "solo-4", "solo-5", "solo-6")

_cache: dict[tuple[int, str, int, str], tuple[Scenario, Scenario]] = {}


def _param(sc: Scenario, name: str, default: int) -> int:
    return sc.param(name, default)


def _with_param(sc: Scenario, name: str, value: int) -> tuple[tuple[str, int], ...]:
    return (*tuple((k, v) for k, v in sc.params if k != name), (name, value))


def removal_turns(sc: Scenario, rows_each: int) -> int:
    """Solo Scenario 1: the turn at whose start the last row leaves the game."""
    first = _param(sc, "removal_first_turn", 3)
    every = max(1, _param(sc, "removal_every", 2))
    removals = math.ceil(len(sc.removal_rows) / max(1, rows_each))
    return first + every * (removals - 1)


def _variant(sc: Scenario, config: GraxiaConfig) -> Scenario:
    rule = sc.deck_rule
    if rule is not None and rule.exact_classes and config.solo_deck_counts == "at_most":
        sc = dataclasses.replace(sc, deck_rule=dataclasses.replace(rule, exact_classes=False))
    if sc.id == "solo-1" and sc.removal_rows:
        each = 1 if config.solo1_removal == "one_row" else ROWS_PER_REMOVAL_PRINTED
        return dataclasses.replace(
            sc,
            params=_with_param(sc, "removal_rows_each", each),
            turns=removal_turns(sc, each),
        )
    if sc.id in NO_PRINTED_LIMIT:
        return dataclasses.replace(sc, turns=config.solo_turn_limit or BACKSTOP_TURNS)
    return sc


def scenario_with_options(sc: Scenario, config: GraxiaConfig) -> Scenario:
    """The scenario as the config's readings play it (the same object for the same inputs)."""
    if not sc.solo:
        return sc
    key = (id(sc), config.solo1_removal, config.solo_turn_limit, config.solo_deck_counts)
    hit = _cache.get(key)
    if hit is not None and hit[0] is sc:
        return hit[1]
    out = _variant(sc, config)
    _cache[key] = (sc, out)  # keeps ``sc`` alive, so its id is not reused
    return out
