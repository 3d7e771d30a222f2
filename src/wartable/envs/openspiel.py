"""OpenSpiel adapter: every wartable game as a pyspiel Python game ``wartable_<game>``.

``register()`` registers one pyspiel game per game in ``available_games()``;
load one with ``pyspiel.load_game("wartable_skirm")`` or with parameters
``pyspiel.load_game("wartable_weapons", {"config": '{"players": 3}'})``.

Parameters: ``config`` (the game's config as a JSON object string, default ``{}``)
and ``reward`` (``share``, ``win`` or ``score``, default ``share``).

How the game maps onto OpenSpiel:

- Sequential, imperfect information, general sum, terminal rewards
  (``wartable.core.rewards``; a victory every seat shares is a draw: 0).
- Chance: the engine draws every shuffle and die roll from the state's own
  seeded generator, so the game is deterministic given its seed. The first
  ``CHANCE_NODES`` (8) nodes are explicit chance nodes of 256 equally likely
  outcomes each (``max_chance_outcomes = 256``); their bytes compose the 64-bit
  engine seed, and no chance node follows. The seed is never shown to a player,
  so a die roll stays unknown to everyone until the engine reveals it: the seed
  is chance's private information (the "sampled chance" of the game). With
  2^64 equally likely seeds, a seat cannot tabulate the deals and look its first
  observation up (with a few thousand seeds it could: every deal's first
  observation was unique); ``tests/envs/test_openspiel_chance.py`` measures it.
- A simultaneous decision becomes consecutive turns (the seats in
  ``to_act``, lowest first); ``observe`` hides the earlier commitments.
- ``observation_string(p)`` / ``observation_tensor(p)``: ``game.observe`` as
  sorted JSON and its encoder vector; ``information_state_string(p)`` /
  ``information_state_tensor(p)``: the observation plus a bounded summary of
  the seat's own past (``openspiel_views`` describes both, segment by segment).
- ``resample_from_infostate(player_id, probability_sampler)`` follows pyspiel's
  signature: ``probability_sampler()`` returns a float in [0, 1) (as
  ``pyspiel.UniformProbabilitySampler``), which salts a one-way generator for
  ``game.determinize``: a state ``player_id`` cannot tell from the real one
  (the other seats' own action histories are forgotten in it: they are theirs).
  So OpenSpiel's Python ``ISMCTSBot`` plays every game with no custom
  resampler, and its ``MCTSBot`` can search resampled states. The C++
  ``pyspiel.MCTSBot`` and ``pyspiel.ISMCTSBot`` crash on Python-defined games
  (OpenSpiel's own included), so they cannot be used here.
- Parameter ``reward`` (default ``share``): the terminal reward rule of
  ``wartable.core.rewards`` (``share``, ``win`` or ``score``).
- The ``config`` parameter travels inside OpenSpiel's game string, whose
  parser splits on commas: a config holding ``,``, ``(``, ``)`` or ``=`` is
  stored as ``b64:`` + URL-safe base64 of its JSON (``config_param`` builds
  it; either form is accepted).
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pyspiel

from wartable.core.game import Game
from wartable.core.rng import Rng
from wartable.core.seeds import derive_seed
from wartable.games import available_games, get_game

from .common import BOUND, DEFAULT_REWARD, terminal_rewards
from .openspiel_core import Core, config_param, extend_digest, spec_for
from .openspiel_views import (
    SEED_TEXT,
    WartableObserver,
    info_state_segments,
    info_state_text,
    observation_text,
)

CHANCE_NODES = 8  # chance nodes before the deal, one byte of the seed each
CHANCE_OUTCOMES = 256
MAX_GAME_LENGTH = 100_000  # decisions; no wartable game comes near it
FORGOTTEN = b"\xff" * 16  # the own-history digest of a seat in a resampled state
_RESAMPLES = itertools.count()  # tells apart resamples salted with the same float


def short_name(game_id: str) -> str:
    return f"wartable_{game_id}"


def _game_type(game: Game[Any, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"wartable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"config": "{}", "reward": DEFAULT_REWARD},
    )


class WartableSpielGame(pyspiel.Game):
    """A wartable game under one config; subclassed per game id by ``register``."""

    wartable_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        config_text = config_param(str(params.get("config", "{}")))
        reward = str(params.get("reward", DEFAULT_REWARD))
        self.spec = spec_for(self.wartable_id, config_text, reward)
        wg = self.spec.wgame
        bound = BOUND if reward == "score" else 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=wg.num_actions(self.spec.wconfig),
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=self.spec.seats,
            min_utility=-bound,
            max_utility=bound,
            max_game_length=MAX_GAME_LENGTH,
        )
        spec = {"config": config_text, "reward": reward}
        super().__init__(_game_type(wg), info, spec)

    def new_initial_state(self) -> WartableSpielState:
        return WartableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WartableObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WartableObserver(self.spec, perfect_recall)


class WartableSpielState(pyspiel.State):
    """The engine state after the seed is drawn (``None`` before), plus each seat's own actions."""

    def __init__(self, game: WartableSpielGame) -> None:
        super().__init__(game)
        self.core = Core(game.spec)

    @property
    def wstate(self) -> Any:
        return self.core.wstate

    # ----- pyspiel API -----------------------------------------------------
    def current_player(self) -> int:
        c = self.core
        if c.wstate is None:
            return int(pyspiel.PlayerId.CHANCE)
        if c.spec.wgame.is_terminal(c.wstate):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(c.spec.wgame.to_act(c.wstate)[0])

    def _legal_actions(self, player: int) -> list[int]:
        c = self.core
        wg = c.spec.wgame
        if c.wstate is None or wg.is_terminal(c.wstate) or player not in wg.to_act(c.wstate):
            return []
        return sorted(wg.legal_actions(c.wstate, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.core.wstate is not None:
            return []
        return [(i, 1.0 / CHANCE_OUTCOMES) for i in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        c = self.core
        wg = c.spec.wgame
        if c.wstate is None:
            c.chance = (*c.chance, int(action))
            if len(c.chance) < CHANCE_NODES:
                return
            c.seed = int.from_bytes(bytes(c.chance), "little")
            c.wstate = wg.new_state(c.spec.wconfig, c.seed)
        else:
            seat = wg.to_act(c.wstate)[0]
            wg.apply_fast(c.wstate, seat, int(action), None)
            c.own[seat] = (c.own[seat], int(action))
            c.own_n[seat] += 1
            c.own_digest[seat] = extend_digest(c.own_digest[seat], int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self.core.spec.wgame.action_to_str(int(action), self.core.spec.wconfig)

    def is_terminal(self) -> bool:
        c = self.core
        return c.wstate is not None and bool(c.spec.wgame.is_terminal(c.wstate))

    def returns(self) -> list[float]:
        c = self.core
        if not self.is_terminal():
            return [0.0] * c.spec.seats
        return terminal_rewards(c.spec.wgame.outcome(c.wstate), c.spec.seats, c.spec.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one (hidden parts redrawn).

        pyspiel's signature: ``probability_sampler()`` returns a float in [0, 1)
        (``pyspiel.UniformProbabilitySampler``). Two draws of it and a running
        count salt a generator derived one-way from the seed, so the redrawn
        state cannot lead back to the real deal."""
        clone = self.clone()
        c = self.core
        if c.wstate is None:
            return clone
        salt = [int(float(probability_sampler()) * 2**53) for _ in range(2)]
        rng = Rng(derive_seed(c.seed, "resample", len(self.history()), *salt, next(_RESAMPLES)))
        obs = c.spec.wgame.observe(c.wstate, player_id)
        cc = clone.core
        cc.wstate = c.spec.wgame.determinize(obs, rng)
        for seat in range(c.spec.seats):
            if seat != player_id:  # the other seats' own actions are theirs to know
                cc.own[seat] = None
                cc.own_digest[seat] = FORGOTTEN
        return clone

    def __str__(self) -> str:
        c = self.core
        if c.wstate is None:
            return SEED_TEXT
        return json.dumps(c.spec.wgame.state_to_json(c.wstate), sort_keys=True)

    # ----- helpers ---------------------------------------------------------
    def observation_text(self, seat: int) -> str:
        return observation_text(self, seat)

    def info_state_text(self, seat: int) -> str:
        return info_state_text(self, seat)


def tensor_sizes(game: WartableSpielGame) -> dict[str, int]:
    """The information-state and observation tensor sizes of a loaded game, per segment."""
    return dict(info_state_segments(game.spec))


_REGISTERED: dict[str, type[WartableSpielGame]] = {}


def register() -> list[str]:
    """Register ``wartable_<game>`` for every available game; returns the short names."""
    names = []
    for gid in available_games():
        name = short_name(gid)
        if name not in _REGISTERED:
            cls = type(f"WartableSpielGame_{gid}", (WartableSpielGame,), {"wartable_id": gid})
            pyspiel.register_game(_game_type(get_game(gid)), cls)
            _REGISTERED[name] = cls
        names.append(name)
    return names
