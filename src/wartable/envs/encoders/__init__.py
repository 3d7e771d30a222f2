"""Observation encoders, one module per game, and the generic fallback.

``make_encoder(game, config)`` returns the game's own encoder when a module
``wartable.envs.encoders.<game id>`` exists (it reads only the observation
dict), followed by the generic encoding of any observation key that module
does not cover; else ``GenericEncoder``, which works for any game through
the ``Game`` protocol. ``kind="generic"`` forces the fallback.
"""

from __future__ import annotations

import importlib
from typing import Any

from wartable.core.game import Game

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
        try:
            module = importlib.import_module(f"{__name__}.{game.id}")
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{game.id}":
                raise
            encoder = GenericEncoder(game, config)
        else:
            encoder = module.build(game, config)
            if isinstance(encoder, FeatureEncoder):
                rest = GenericEncoder(game, config, transform=encoder.rest)
                if rest.size:
                    encoder = CombinedEncoder(encoder, rest)
    else:
        raise ValueError(f"unknown encoder kind {kind!r} (auto or generic)")
    _CACHE[key] = encoder
    return encoder
