"""What a seat sees of an OpenSpiel wartable state: strings, tensors and the observer.

Observation (``observation_string`` / ``observation_tensor``): the seat's
``game.observe`` as sorted JSON, and its encoder vector
(``wartable.envs.encoders``, ``E = encoder.size`` values).

Information state: the present observation plus a **summary** of the seat's
own past, bounded whatever the game's length (a full trail of every past
observation reached 164 kB in Draconia and 534 kB in Invasion):

- string: three lines, ``observation: <the observation JSON>``,
  ``own decisions: <n>; last: <up to 8 of its last actions, in notation>``
  and ``own history: <a 128-bit digest of every action it took, in order>``
  (a few kB at most: the observation is at most about 2 kB in every game);
- tensor, ``E + 2A + 1`` values (``A`` = the game's action universe), each
  in [0, 1]: ``observation`` (E, the observation tensor),
  ``own_action_counts`` (A, for each action ``c / (c + 1)`` where ``c`` is how
  often the seat took it), ``last_own_action`` (A, one-hot of the seat's
  last action, all zero before its first), ``own_decisions`` (1,
  ``n / (n + 100)``).

The summary keeps the seat's own actions exactly (the digest tells apart any
two different sequences), but remembers the past observations only as far
as the present observation records them (the games' observations carry the
public record: scores, discards, cards in play). Two histories that end in
the same observation after the same own actions share an information state.
"""

from __future__ import annotations

import json
from typing import Protocol

import numpy as np

from .openspiel_core import Core, Spec, last_actions, unlink


class HasCore(Protocol):
    """An OpenSpiel state of this adapter (``openspiel.HasCore``)."""

    core: Core


SEED_TEXT = "(the seed is not drawn yet)"
LAST_SHOWN = 8


def observation_text(state: HasCore, seat: int) -> str:
    c = state.core
    if c.wstate is None:
        return SEED_TEXT
    return json.dumps(c.spec.wgame.observe(c.wstate, seat), sort_keys=True)


def info_state_text(state: HasCore, seat: int) -> str:
    c = state.core
    if c.wstate is None:
        return SEED_TEXT
    wg, cfg = c.spec.wgame, c.spec.wconfig
    shown = [wg.action_to_str(a, cfg) for a in last_actions(c.own[seat], LAST_SHOWN)]
    return (
        f"observation: {observation_text(state, seat)}\n"
        f"own decisions: {c.own_n[seat]}; last: {' | '.join(shown) or '-'}\n"
        f"own history: {c.own_digest[seat].hex()}"
    )


def info_state_segments(spec: Spec) -> list[tuple[str, int]]:
    a = spec.num_actions
    return [
        ("observation", spec.encoder.size),
        ("own_action_counts", a),
        ("last_own_action", a),
        ("own_decisions", 1),
    ]


class WartableObserver:
    """The PyObserver for both observation (``perfect_recall=False``) and information state.

    ``tensor`` is one array; ``dict`` gives a named view of each segment."""

    def __init__(self, spec: Spec, perfect_recall: bool) -> None:
        self.spec = spec
        self.perfect_recall = perfect_recall
        segments = (
            info_state_segments(spec) if perfect_recall else [("observation", spec.encoder.size)]
        )
        self.tensor = np.zeros(sum(n for _, n in segments), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, n in segments:
            self.dict[name] = self.tensor[at : at + n]
            at += n

    def set_from(self, state: HasCore, player: int) -> None:
        self.tensor.fill(0.0)
        c = state.core
        if c.wstate is None:
            return
        obs = self.spec.wgame.observe(c.wstate, player)
        self.dict["observation"][:] = self.spec.encoder.encode(obs)
        if not self.perfect_recall:
            return
        own = unlink(c.own[player])
        if own:
            counts = np.bincount(own, minlength=self.spec.num_actions).astype(np.float32)
            self.dict["own_action_counts"][:] = counts / (counts + 1.0)
            self.dict["last_own_action"][own[-1]] = 1.0
        n = c.own_n[player]
        self.dict["own_decisions"][0] = n / (n + 100.0)

    def string_from(self, state: HasCore, player: int) -> str:
        if self.perfect_recall:
            return info_state_text(state, player)
        return observation_text(state, player)
