"""A two-seat commit-then-reveal game for testing simultaneous-move search.

Both seats secretly commit a bit (``Commitments``); seat 1 wins if the bits
match, seat 0 wins otherwise. With fair simultaneous play each seat's value
is 1/2. A search that let seat 1 see seat 0's commitment would make seat 1
always match, so seat 0's actions would look worth 0; a search that read
seat 0's real commitment while deciding for seat 1 would value the matching
bit at 1 and the other at 0.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from wartable.core.commit import Commitments
from wartable.core.events import Event
from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng


class GuessConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GuessState:
    __slots__ = ("commit", "config", "result", "rng")

    def __init__(self, config: GuessConfig, rng: Rng) -> None:
        self.config = config
        self.rng = rng
        self.commit = Commitments(2)
        self.commit.open([0, 1])
        self.result: list[int] = []  # the revealed bits

    def copy(self) -> GuessState:
        s = GuessState.__new__(GuessState)
        s.config, s.rng = self.config, self.rng.copy()
        s.commit, s.result = self.commit.copy(), self.result[:]
        return s


class GuessGame(Game[GuessState, GuessConfig]):
    id = "guess"
    title = "Guess the bit"
    min_players = max_players = 2
    config_model = GuessConfig

    def num_actions(self, config: GuessConfig) -> int:
        return 2

    def new_state(self, config: GuessConfig, seed: int) -> GuessState:
        return GuessState(config, Rng(seed))

    def num_players(self, state: GuessState) -> int:
        return 2

    def to_act(self, state: GuessState) -> tuple[int, ...]:
        return () if state.result else state.commit.pending()

    def legal_actions(self, state: GuessState, player: int) -> list[int]:
        return [0, 1] if player in self.to_act(state) else []

    def apply_fast(
        self, state: GuessState, player: int, action: int, events: list[Event] | None
    ) -> None:
        state.commit.add(player, action)
        state.commit.finish(player)
        if state.commit.all_done:
            state.result = [b[0] for b in state.commit.reveal()]

    def is_terminal(self, state: GuessState) -> bool:
        return bool(state.result)

    def outcome(self, state: GuessState) -> Outcome:
        match = state.result[0] == state.result[1]
        return Outcome((1,) if match else (0,), (0.0, 1.0) if match else (1.0, 0.0), "revealed")

    def observe(self, state: GuessState, player: int | None) -> dict[str, Any]:
        return {"seat": player, "commit": state.commit.public_view(player), "result": state.result}

    def determinize(self, observation: dict[str, Any], rng: Rng) -> GuessState:
        s = GuessState(GuessConfig(), Rng(rng.next64()))
        seat, view = observation["seat"], observation["commit"]
        s.result = list(observation["result"])
        for p in (0, 1):
            s.commit.done[p] = p not in view["waiting_for"]
            if p == seat:
                s.commit.buffers[p] = list(view["mine"])
            elif s.commit.done[p]:
                s.commit.buffers[p] = [rng.below(2)]  # hidden: any bit
        return s

    def action_to_str(self, action: int, config: GuessConfig) -> str:
        return f"bit {action}"

    def state_to_json(self, state: GuessState) -> dict[str, Any]:
        return {"commit": state.commit.to_json(), "result": state.result, "rng": state.rng.state}

    def state_from_json(self, config: GuessConfig, data: dict[str, Any]) -> GuessState:
        s = GuessState(config, Rng(data["rng"]))
        s.commit, s.result = Commitments.from_json(data["commit"]), list(data["result"])
        return s


GUESS = GuessGame()
