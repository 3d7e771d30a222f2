"""Positions round-trip by play: a reloaded position continues exactly like the original.

A byte-identical position JSON is not enough: if the text loses something the state
holds (a card stored by a name that two different cards share), the reloaded game
offers other actions, shows other observations and ends differently. This check plays a
random game, writes the position at several points, reloads each one through the
untrusted path (``position_from_json``) and replays the original's remaining actions on
it, comparing at every decision who is to act, every seat's observation, the spectator's
observation and every acting seat's legal actions, and at the end the outcome.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from wartable.core.game import Game
from wartable.core.match import agent_rngs
from wartable.core.position import position_from_json, position_to_json

MAX_STEPS = 20_000
POINTS = (0.0, 0.15, 0.4, 0.7, 0.95)  # where in the game positions are written and reloaded


def digest(game: Game[Any, Any], state: Any) -> str:
    """Everything the table shows at this decision, as one hash."""
    acting = game.to_act(state)
    seats = game.num_players(state)
    seen = {
        "to_act": list(acting),
        "terminal": game.is_terminal(state),
        "observe": [game.observe(state, p) for p in range(seats)],
        "spectator": game.observe(state, None),
        "legal": {str(p): game.legal_actions(state, p) for p in acting},
    }
    text = json.dumps(seen, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def check_roundtrip_play(
    game: Game[Any, Any], config_data: dict[str, Any], seed: int, points: tuple[float, ...] = POINTS
) -> int:
    """Raise ``AssertionError`` naming the first divergence; return the points checked."""
    config = game.make_config(config_data)
    state = game.new_state(config, seed)
    rngs = agent_rngs(seed, game.num_players(state))
    digests: list[str] = []
    actions: list[tuple[int, int]] = []
    texts: dict[int, str] = {}
    while True:
        digests.append(digest(game, state))
        texts[len(actions)] = json.dumps(position_to_json(game, state))
        if game.is_terminal(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[rngs[seat].below(len(legal))]
        game.apply_fast(state, seat, action, None)
        actions.append((seat, action))
        assert len(actions) < MAX_STEPS, f"{game.id}: no end after {MAX_STEPS} decisions"
    final = game.outcome(state)
    total = len(actions)
    wanted = sorted({min(total, int(p * total)) for p in points})
    for k in wanted:
        where = f"{game.id} {config_data} seed={seed}: reloaded at decision {k} of {total}"
        _, back = position_from_json(json.loads(texts[k]), lambda gid: game)
        assert json.dumps(position_to_json(game, back)) == texts[k], f"{where}: JSON differs"
        for i in range(k, total + 1):
            assert digest(game, back) == digests[i], (
                f"{where}: decision {i} differs (observations, legal actions or who acts)"
            )
            if i < total:
                seat, action = actions[i]
                game.apply_fast(back, seat, action, None)
        assert game.outcome(back) == final, f"{where}: outcome differs"
    return len(wanted)
