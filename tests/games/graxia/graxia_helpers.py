"""Hand-written Graxia positions for rule tests: a scenario map, units where a test puts them."""

from __future__ import annotations

from functools import cache
from typing import Any

from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games.graxia.game import GraxiaGame
from wartable.games.graxia.state import COMMAND, RELIC, SHIELD, GraxiaState

GAME = GraxiaGame()


@cache
def heuristic_positions(scenario: str, seed: int = 11) -> list[tuple[GraxiaState, int]]:
    """Every position of one heuristic self-play game where a seat decides, with that seat
    (each a copy: callers may not change them)."""
    from wartable.games.graxia.bots import HeuristicAgent

    config = GAME.make_config({"scenario": scenario})
    record = play_match(GAME, config, seed, [HeuristicAgent(), HeuristicAgent()])
    state = GAME.new_state(config, seed)
    out = []
    for seat, action in record.actions:
        out.append((state.copy(), seat))
        GAME.apply_fast(state, seat, action, None)
    return out


def blank(scenario: str = "2p-1", turn: int = 2, seat: int = 0, **config: Any) -> GraxiaState:
    """An empty map of ``scenario``: no units, no cards, 20 mana each, ``seat``'s Command Phase."""
    cfg = GAME.make_config({"scenario": scenario, **config})
    s = GAME.empty_state(cfg, Rng(7))
    s.phase = COMMAND
    s.current = seat
    s.round_no = 2 * (turn - 1) + (seat if s.sc.first == 0 else 1 - seat)
    s.mana = [20, 20]
    s.guard = [GAME.catalog(cfg)[0].unit_index[n] for n in guardians(s)]
    return s


def guardians(s: GraxiaState) -> list[str]:
    names = [u.name for u in s.cat.units if u.is_guardian]
    return [s.sc.guardians[0] or names[0], s.sc.guardians[1] or names[1]]


def cell(s: GraxiaState, text: str) -> int:
    c = s.sc.board.parse(text)
    assert c >= 0, text
    return c


def put(
    s: GraxiaState, where: int, name: str, seat: int, wounds: int = 0, shield: bool = False
) -> int:
    u = s.cat.unit_index[name]
    s.unit[where], s.owner[where], s.wounds[where] = u, seat, wounds
    s.flags[where] = SHIELD if shield else 0
    s.ctrl[where] = seat
    return where


def give(s: GraxiaState, seat: int, *names: str) -> None:
    for n in names:
        s.hands[seat].append(s.cat.card_id(n))


def act(
    s: GraxiaState, text: str, seat: int | None = None, window: bool = False
) -> list[dict[str, Any]]:
    """Apply ``text``. Ending a Command Phase opens the other seat's relic window (§5.2);
    unless ``window``, the other seat passes there at once (the tests of other rules)."""
    who = GAME.to_act(s)[0] if seat is None else seat
    events = GAME.apply(s, who, text)
    if text == "end" and not window and s.phase == RELIC and not s.track.pend_kind:
        events += GAME.apply(s, 1 - s.current, "pass")
    return events


def legal_texts(s: GraxiaState, seat: int | None = None) -> list[str]:
    who = GAME.to_act(s)[0] if seat is None else seat
    return [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, who)]


def terrain_cells(s: GraxiaState, terrain: str) -> list[int]:
    return [c for c, t in enumerate(s.sc.terrain) if t == terrain]


def inner(s: GraxiaState, terrain: str) -> int:
    """A tile of ``terrain`` with six neighbours."""
    return next(c for c in terrain_cells(s, terrain) if len(s.sc.board.nbr[c]) == 6)


def roundtrip(s: GraxiaState) -> GraxiaState:
    """Through the position JSON (validated), as a hand-written position would be loaded."""
    return GAME.state_from_json(s.config, GAME.state_to_json(s))
