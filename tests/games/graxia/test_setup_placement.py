"""§9.1 set-up placements on the deployment tiles, with §5.4's mountains: "only Goblins and
Dwarves may enter" (flying units fly over every tile). ``setup.place_legal`` lists the
tiles any unit may stand on without asking each unit; the lists here are rebuilt from the
rulebook's words, not from ``board.can_stand``."""

from __future__ import annotations

import dataclasses

from graxia_helpers import GAME

from wartable.games.graxia import actions as acts
from wartable.games.graxia.setup import place_legal
from wartable.games.graxia.state import PLACE, GraxiaState


def _placing_with_mountains() -> tuple[GraxiaState, list[int]]:
    """2p-1 at the face-down placement, seat 0's first three deployment tiles turned to
    mountains, and a pool of a dwarf, a flyer and two others."""
    s = GAME.new_state(GAME.make_config({"scenario": "2p-1"}), 3)
    while s.phase != PLACE:
        seat = GAME.to_act(s)[0]
        GAME.apply_fast(s, seat, GAME.legal_actions(s, seat)[0], None)
    peaks = list(s.sc.deploy[0][:3])
    terrain = list(s.sc.terrain)
    for c in peaks:
        terrain[c] = "mountains"
    s.sc = dataclasses.replace(s.sc, terrain=tuple(terrain))
    names = ("Miners of the Deep", "Sky Wardens", "Blood Crusaders", "Mir Pikemen")
    s.pool[0] = [s.cat.unit_index[n] for n in names]
    return s, peaks


def _may_stand(race: str, flying: bool, terrain: str) -> bool:
    """§5.4 in its own words: mountains take only goblins and dwarves; flyers go anywhere."""
    lowered = race.lower()
    return terrain != "mountains" or "dwarf" in lowered or "goblin" in lowered or flying


def test_section_5_4_mountain_deployment_tiles_take_only_dwarves_goblins_and_flyers() -> None:
    s, peaks = _placing_with_mountains()
    lay = GAME.layout(s.config)
    offered = {
        (x, y)
        for a in place_legal(s, lay, 0)
        for k, x, y in [lay.decode(a)]
        if k == acts.K_PLACE and x != s.guard[0]
    }
    free = [c for c in s.sc.deploy[0] if s.unit[c] < 0]
    expected = {
        (u, c)
        for u in set(s.pool[0])
        for c in free
        if s.cat.units[u].cost <= s.sc.budget[0]
        and _may_stand(s.cat.units[u].race, s.cat.units[u].flying, s.sc.terrain[c])
    }
    assert offered == expected
    dwarf, flyer, crusaders, pikemen = s.pool[0]
    for c in peaks:  # the rule bites: neither infantry may go up, the dwarf and flyer may
        assert (dwarf, c) in offered and (flyer, c) in offered
        assert (crusaders, c) not in offered and (pikemen, c) not in offered
    assert place_legal(s, lay, 0) == sorted(set(place_legal(s, lay, 0)))  # ids, once each
