"""The pure-Python side of an OpenSpiel wartable state (no pyspiel needed).

``Spec``: what every state of one (game, config, reward) shares; ``Core``: a
state's engine state, seed bytes and each seat's own actions (a persistent
linked list, their number and a running digest), which the information state
summarises (``openspiel_views``) and which OpenSpiel copies and pickles
(``openspiel``); ``config_param``: the ``config`` game parameter.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from wartable.core.game import Game
from wartable.core.position import check_loaded_state
from wartable.games import get_game

from .common import DEFAULT_REWARD, check_reward
from .encoders import make_encoder

EMPTY_DIGEST = b"\0" * 16


def extend_digest(digest: bytes, action: int) -> bytes:
    """The own-history digest after one more action."""
    return hashlib.blake2b(digest + action.to_bytes(4, "little"), digest_size=16).digest()


def unlink(node: tuple[Any, int] | None) -> list[int]:
    """A persistent linked list ``(previous, action)`` as a list, oldest first."""
    out: list[int] = []
    while node is not None:
        out.append(node[1])
        node = node[0]
    return out[::-1]


def link(actions: list[int]) -> tuple[Any, int] | None:
    node: tuple[Any, int] | None = None
    for a in actions:
        node = (node, a)
    return node


def last_actions(node: tuple[Any, int] | None, k: int) -> list[int]:
    out: list[int] = []
    while node is not None and len(out) < k:
        out.append(node[1])
        node = node[0]
    return out[::-1]


def config_param(config: dict[str, Any] | str) -> str:
    """The ``config`` game parameter for a config dict (or JSON text)."""
    text = config if isinstance(config, str) else json.dumps(config, sort_keys=True)
    if text.startswith("b64:") or not any(ch in text for ch in ",()="):
        return text
    return "b64:" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def config_json(param: str) -> str:
    if not param.startswith("b64:"):
        return param
    raw = param[4:]
    return base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()


class Spec:
    """What a state needs of its game, shared by every state (never copied)."""

    def __init__(self, game_id: str, config_text: str, reward: str = DEFAULT_REWARD) -> None:
        self.key = (game_id, config_text, reward)
        self.reward = check_reward(reward)
        self.wgame: Game[Any, Any] = get_game(game_id)
        self.wconfig = self.wgame.make_config(json.loads(config_json(config_text)))
        self.seats = self.wgame.num_players(self.wgame.new_state(self.wconfig, 0))
        self.encoder = make_encoder(self.wgame, self.wconfig)
        self.num_actions = self.wgame.num_actions(self.wconfig)


SPECS: dict[tuple[str, str, str], Spec] = {}


def spec_for(game_id: str, config_text: str, reward: str = DEFAULT_REWARD) -> Spec:
    key = (game_id, config_text, reward)
    if key not in SPECS:
        SPECS[key] = Spec(game_id, config_text, reward)
    return SPECS[key]


class Core:
    """The Python side of a state. OpenSpiel clones a Python state by deep-copying each
    attribute and serializes it by pickling them: this holder makes the first the
    engine's cheap ``copy()`` and the second the engine's exact position JSON.

    Per seat it keeps its own actions (a persistent linked list, shared by clones),
    their number and their running digest: what the information state summarises."""

    __slots__ = ("chance", "own", "own_digest", "own_n", "seed", "spec", "wstate")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.wstate: Any = None
        self.seed = -1
        self.chance: tuple[int, ...] = ()  # the seed's bytes drawn so far
        self.own: list[tuple[Any, int] | None] = [None] * spec.seats
        self.own_n = [0] * spec.seats
        self.own_digest = [EMPTY_DIGEST] * spec.seats

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        clone = Core.__new__(Core)
        clone.spec = self.spec
        clone.wstate = None if self.wstate is None else self.wstate.copy()
        clone.seed = self.seed
        clone.chance = self.chance
        clone.own = list(self.own)
        clone.own_n = list(self.own_n)
        clone.own_digest = list(self.own_digest)
        return clone

    def __getstate__(self) -> dict[str, Any]:
        wg = self.spec.wgame
        return {
            "key": list(self.spec.key),
            "seed": self.seed,
            "chance": list(self.chance),
            "position": None if self.wstate is None else wg.state_to_json(self.wstate),
            "own": [unlink(node) for node in self.own],
            "own_n": list(self.own_n),
            "own_digest": [d.hex() for d in self.own_digest],
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.spec = spec_for(*data["key"])
        pos = data["position"]
        wg = self.spec.wgame
        self.wstate = None if pos is None else wg.state_from_json(self.spec.wconfig, pos)
        if self.wstate is not None:  # the same load-time checks as every position file
            check_loaded_state(wg, self.wstate)
        self.seed = data["seed"]
        self.chance = tuple(data["chance"])
        self.own = [link(actions) for actions in data["own"]]
        self.own_n = list(data["own_n"])
        self.own_digest = [bytes.fromhex(d) for d in data["own_digest"]]
