"""Rebuilding a full Skirm state from one seat's observation (hidden parts sampled)."""

from __future__ import annotations

from typing import Any

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from . import actions as acts
from .config import SkirmConfig
from .state import PHASES, REVEAL, SkirmState


def determinize(obs: dict[str, Any], rng: Rng) -> SkirmState:
    config = SkirmConfig.model_validate(obs["config"])
    s = SkirmState(config, Rng(rng.next64()))
    seat = obs["seat"]
    s.phase = PHASES.index(obs["phase"])
    s.decisions = obs["decisions"]
    s.card = list(obs["card"])
    ids = [c.id for c in s.cards.cards]
    counts = obs["hand_counts"]
    known = set(obs["hand"] or []) | {c for c in s.card if c}
    pool = [c for c in ids if c not in known]
    rng.shuffle(pool)
    for p in (0, 1):
        if p == seat:
            s.hands[p] = list(obs["hand"])
            continue
        hand = [s.card[p]] if s.card[p] else []
        need = counts[p] - len(hand)
        hand += pool[:need]
        del pool[:need]
        s.hands[p] = hand
    # the commitment: own buffer is known; a finished opponent committed one of its cards
    view = obs["commit"]
    s.commit = Commitments(2)
    for p in (0, 1):
        s.commit.done[p] = p not in view["waiting_for"]
        if p == seat:
            s.commit.buffers[p] = list(view["mine"])
        elif s.phase == REVEAL and s.commit.done[p]:
            s.commit.buffers[p] = [acts.REVEAL + s.cards.index_of(rng.choice(s.hands[p]))]
    s.dice = [[f if f >= 0 else rng.below(6) for f in d] for d in obs["dice"]]
    s.hidden = [list(h) for h in obs["hidden"]]
    s.first = obs["first"]
    s.step = obs["step"]
    s.stage = obs["stage"]
    s.sel = list(obs["sel"])
    s.osel = list(obs["osel"])
    s.aux = list(obs["aux"])
    s.left = obs["left"]
    s.winner = obs["winner"]
    s.points = list(obs["points"])
    return s
