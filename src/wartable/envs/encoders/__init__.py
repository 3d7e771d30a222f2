"""Observation encoders: a game's own feature layout, and the generic fallback.

``make_encoder(game, config)`` returns the game's own encoder when its package has
a module ``wartable.games.<game id>.encode`` (a ``build(game, config)`` giving a
pure-Python ``FeatureLayout`` that reads only the observation dict), written as
float32 vectors and followed by the generic encoding of any observation key the
layout does not cover; else ``GenericEncoder``, which works for any game through
the ``Game`` protocol. ``kind="generic"`` forces the fallback.
"""

from __future__ import annotations

import importlib
from typing import Any

from wartable.core.features import FeatureLayout
from wartable.core.game import Game
from wartable.games import KNOWN_GAMES

from .base import CombinedEncoder, Encoder, FeatureEncoder, Segment
from .generic import GenericEncoder

__all__ = [
    "CombinedEncoder",
    "Encoder",
    "FeatureEncoder",
    "GenericEncoder",
    "Segment",
    "make_encoder",
]

_CACHE: dict[tuple[str, str, str], Encoder] = {}


def _own_layout(game: Game[Any, Any], config: Any) -> FeatureLayout | None:
    """The layout from ``wartable.games.<id>.encode``, if the game has that module."""
    if game.id not in KNOWN_GAMES:
        return None
    name = f"wartable.games.{game.id}.encode"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return None
    layout: FeatureLayout = module.build(game, config)
    return layout


def make_encoder(game: Game[Any, Any], config: Any, kind: str = "auto") -> Encoder:
    """The encoder for ``game`` under ``config`` (cached: building one may play games)."""
    config = game.make_config(config)
    key = (game.id, config.model_dump_json(), kind)
    if key in _CACHE:
        return _CACHE[key]
    encoder: Encoder
    if kind == "generic":
        encoder = GenericEncoder(game, config)
    elif kind == "auto":
        layout = _own_layout(game, config)
        if layout is None:
            encoder = GenericEncoder(game, config)
        else:
            own = FeatureEncoder(layout)
            rest = GenericEncoder(game, config, transform=own.rest)
            encoder = CombinedEncoder(own, rest) if rest.size else own
    else:
        raise ValueError(f"unknown encoder kind {kind!r} (auto or generic)")
    _CACHE[key] = encoder
    return encoder
