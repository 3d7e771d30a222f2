"""§9.2 Solo Scenarios 1-6 played to the end by random Player moves through the real game
(set-up, the non-player driver, the scenario rules): every game ends with one of its own
scenario's results, the positions stay valid, and the scenario's own events happen."""

from __future__ import annotations

import pytest
from graxia_helpers import GAME

from wartable.core.rng import Rng
from wartable.games.graxia.solo import awards as solo_awards

OWN_RESULTS = {
    "solo-1": {solo_awards.R_SYPE, solo_awards.R_OBJ_LOST, solo_awards.R_B_GONE},
    "solo-2": {solo_awards.R_TALON_EBON, solo_awards.R_LOST_SIX, solo_awards.R_SOLO_LIMIT},
    "solo-3": {solo_awards.R_HOME_ROWS, solo_awards.R_TURN_SIX},
    "solo-4": {solo_awards.R_VP_PLAYER, solo_awards.R_VP_NPC, solo_awards.R_SOLO_LIMIT},
    "solo-5": {solo_awards.R_VP_PLAYER, solo_awards.R_VP_NPC, solo_awards.R_SOLO_LIMIT},
    "solo-6": {solo_awards.R_VP_PLAYER, solo_awards.R_VP_NPC, solo_awards.R_SOLO_LIMIT},
}
OWN_EVENTS = {
    "solo-1": "tile_removed",
    "solo-2": "npc_placed",
    "solo-3": "npc_placed",
    "solo-4": "victory_points",
    "solo-5": "victory_points",
    "solo-6": "npc_placed",
}


@pytest.mark.parametrize("sid", sorted(OWN_RESULTS))
def test_random_solo_games_end_with_their_scenarios_results(sid: str) -> None:
    """§9.2 Solo Scenario N: victory and loss conditions end every game."""
    cfg = GAME.make_config({"scenario": sid})
    seen: set[str] = set()
    for seed in range(3):
        s = GAME.new_state(cfg, seed)
        rng = Rng(seed + 7)
        for _ in range(5000):
            if GAME.is_terminal(s):
                break
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            events = GAME.apply(s, seat, legal[rng.below(len(legal))])
            seen.update(e["type"] for e in events)
            assert not GAME.invariants(s)
        assert GAME.is_terminal(s), f"{sid} seed {seed} did not end"
        assert s.track.reason in OWN_RESULTS[sid]
        assert GAME.outcome(s).scores in ((1.0,), (0.0,))
    assert OWN_EVENTS[sid] in seen
