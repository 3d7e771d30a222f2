"""A Defender who concedes to the face-down third attack takes it unseen by the table.

Rulebook (weapon-skirmish-fragment, the Skirmish): "this 3rd attack is placed face down and
the Defender must still beat this card". Nobody but its attacker sees it until it is
defended; a Defender who concedes takes it into their hand, so the ``collect`` event shows
it only to the Defender and that attacker. Checked the way a seat experiences it: a twin
position that the observer cannot tell apart (``determinize`` of its observation, the
face-down card redrawn) gives the observer the very same events after the same concede.
"""

from __future__ import annotations

from typing import Any

from wartable.core.events import visible_events
from wartable.core.rng import Rng
from wartable.games import get_game
from wartable.games.weapons import rules

GAME = get_game("weapons")
CONFIG = GAME.make_config({"players": 5})


def _concede_points(seed: int) -> list[Any]:
    """States where the Defender may concede to a face-down third attack (random play)."""
    state = GAME.new_state(CONFIG, seed)
    rng = Rng(seed)
    found = []
    while not GAME.is_terminal(state) and len(found) < 3:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if rules.face_down_pending(state):
            found.append(state.copy())
        GAME.apply(state, seat, legal[rng.below(len(legal))])
    return found


def _concede(state: Any) -> list[dict[str, Any]]:
    seat = GAME.to_act(state)[0]
    concede = rules.deck_size(CONFIG) + rules.CONCEDE_OFFSET
    assert concede in GAME.legal_actions(state, seat)
    return GAME.apply(state, seat, concede)


def test_seed_115_five_players_the_concede_hides_the_face_down_attack() -> None:
    points = [p for seed in range(115, 135) for p in _concede_points(seed)]
    assert len(points) >= 5
    twins_differing = 0
    for k, state in enumerate(points):
        hidden = state.attacks[2]
        owner, attacker = state.defender, state.attackers[2]
        observers = [q for q in range(5) if q not in (owner, attacker) and state.alive[q]]
        for q in observers:
            twin = GAME.determinize(GAME.observe(state, q), Rng(1000 + k))
            assert GAME.observe(twin, q) == GAME.observe(state, q)
            twins_differing += twin.attacks[2] != hidden
            seen, seen_twin = _concede(state.copy()), _concede(twin)
            assert visible_events(seen, q) == visible_events(seen_twin, q)
            for e in visible_events(seen, q):
                if e["type"] == "collect":
                    assert hidden not in e["cards"]
                    assert e["face_down"] == 1
        events = _concede(state.copy())
        for seat in (owner, attacker):
            collected = [e for e in visible_events(events, seat) if e["type"] == "collect"]
            if collected:  # (no collect when the concession ended the round)
                assert hidden in collected[0]["cards"]
    assert twins_differing > 0  # the twins did hold another face-down card
