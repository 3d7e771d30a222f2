"""The agent protocol: what a bot, a person at a terminal or a search sees."""

from __future__ import annotations

from typing import Any, Protocol

from .rng import Rng


class Agent(Protocol):
    """Chooses one action id from ``legal`` for ``seat``.

    An agent only ever gets ``observation`` (from ``game.observe``), never the
    state itself; ``needs_observation = False`` lets agents that ignore it
    (the random bot) skip building one. An agent may also set ``wants_view =
    True``: ``play_match`` then passes ``game.seat_view(state, seat)`` (a cheap
    read-only view of the same information) instead of the dict; such an agent
    must still accept the dict, which other runners pass.
    """

    name: str
    needs_observation: bool

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int: ...
