"""What a finished game is worth to each seat: one definition for the lab and the adapters.

The words, the same everywhere (docs/research.md, docs/simulation.md):

- a **draw** is a game of two or more seats that nobody won, or one whose
  victory every seat shares; a one-seat (solo) game has no draw: won is a
  win, not won is a loss;
- otherwise the seats in ``winners`` **win** and the others **lose**.

Three reward rules turn an outcome into one number per seat:

- ``"share"`` (the default): a draw is 0 for every seat; otherwise the
  victory is one point shared by its ``k`` winners (``1/k`` each) and every
  losing seat gets -1. With one winner it is the usual +1 / -1.
- ``"win"``: a draw is 0 for every seat; otherwise +1 to each winner (a
  team's every member) and -1 to each loser.
- ``"score"``: the game's own points for each seat, ``Outcome.scores``,
  unscaled, whoever won: Invasion's glory and Draconia's health; Skirm and
  the weapons game score 1 for the winner and 0 for the others, so there
  ``"score"`` is a 1/0 win indicator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from .errors import ConfigError
from .game import Outcome

Reward = Literal["share", "win", "score"]
REWARDS: Final[tuple[str, ...]] = ("share", "win", "score")
DEFAULT_REWARD: Final[Reward] = "share"


def check_reward(reward: str) -> Reward:
    """``reward`` as a rule name, or ``ConfigError`` naming the known ones."""
    if reward not in REWARDS:
        raise ConfigError(f"reward {reward!r}: must be one of {', '.join(REWARDS)}")
    return reward  # type: ignore[return-value]


def is_draw(winners: Sequence[int], seats: int) -> bool:
    """In a game of two or more seats: nobody won, or every seat shares the victory. A
    one-seat game is never a draw (not won is lost)."""
    if seats <= 1:
        return False
    won = set(winners)
    return not won or len(won) >= seats


def rewards_for(
    winners: Sequence[int], scores: Sequence[float], seats: int, reward: str = DEFAULT_REWARD
) -> list[float]:
    """One terminal reward per seat under ``reward`` (see the module docstring)."""
    rule = check_reward(reward)
    if rule == "score":
        return [float(scores[s]) if s < len(scores) else 0.0 for s in range(seats)]
    if is_draw(winners, seats):
        return [0.0] * seats
    won = set(winners)
    prize = 1.0 / len(won) if rule == "share" and won else 1.0
    return [prize if s in won else -1.0 for s in range(seats)]


def terminal_rewards(outcome: Outcome, seats: int, reward: str = DEFAULT_REWARD) -> list[float]:
    """:func:`rewards_for` of a game's ``Outcome``."""
    return rewards_for(outcome.winners, outcome.scores, seats, reward)
