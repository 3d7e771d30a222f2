"""OpenSpiel adapter: pyspiel's random_sim_test for every mode, infostate strings and
tensors, OpenSpiel's own MCTS and ISMCTS bots."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from envcases import CASES, IDS
from open_spiel.python.algorithms import ismcts, mcts

from wartable.core.errors import PositionError
from wartable.core.rewards import terminal_rewards
from wartable.envs.openspiel import config_param, register, tensor_sizes
from wartable.games import available_games, get_game

NAMES = register()


def test_every_game_is_registered() -> None:
    assert NAMES == [f"wartable_{gid}" for gid in available_games()]
    game = pyspiel.load_game("wartable_skirm")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES, ids=IDS)
def test_random_sim_test(gid: str, i: int, cfg: dict) -> None:
    game = pyspiel.load_game(f"wartable_{gid}", {"config": json.dumps(cfg)})
    assert game.num_players() == get_game(gid).num_players(
        get_game(gid).new_state(get_game(gid).make_config(cfg), 0)
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_config_parameter_survives_the_game_string() -> None:
    cfg = {"players": 3, "third_attack": "face_up"}
    game = pyspiel.load_game("wartable_weapons", {"config": json.dumps(cfg)})
    again = pyspiel.load_game(str(game))
    assert again.num_players() == 3
    assert str(game.get_parameters()["config"]) == config_param(cfg)


def _play_to(state: pyspiel.State, decisions: int, rng: np.random.RandomState) -> None:
    for byte in (5, 0, 0, 0, 0, 0, 0, 0):  # the seed, one byte per chance node
        state.apply_action(byte)
    for _ in range(decisions):
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_strings_come_from_observe_and_summarise_the_own_past() -> None:
    game = pyspiel.load_game("wartable_weapons", {"config": '{"players": 2}'})
    state = game.new_initial_state()
    _play_to(state, 6, np.random.RandomState(0))
    wgame = get_game("weapons")
    for p in range(2):
        obs = wgame.observe(state.wstate, p)
        assert state.observation_string(p) == json.dumps(obs, sort_keys=True)
        info = state.information_state_string(p).split("\n")
        assert info[0] == "observation: " + state.observation_string(p)
        assert info[1].startswith("own decisions: ")
        assert info[2].startswith("own history: ")
    assert state.information_state_string(0) != state.information_state_string(1)
    # the other seat's hand is in neither of seat 0's strings
    hidden = wgame.observe(state.wstate, 1)["hand"]
    assert json.loads(state.observation_string(0))["hand"] != hidden


def test_the_same_observation_after_other_own_actions_is_another_information_state() -> None:
    game = pyspiel.load_game("wartable_weapons", {"config": '{"players": 2}'})
    state = game.new_initial_state()
    _play_to(state, 0, np.random.RandomState(0))
    seat = state.current_player()
    first, second = state.legal_actions()[:2]
    a, b = state.child(first), state.child(second)
    assert a.information_state_string(seat) != b.information_state_string(seat)
    assert a.information_state_tensor(seat) != b.information_state_tensor(seat)


@pytest.mark.parametrize("gid", available_games())
def test_information_states_stay_small_to_the_end_of_a_game(gid: str) -> None:
    """A whole trail reached 164 kB (Draconia) and 534 kB (Invasion); a summary stays
    a few kB, and both tensors keep their size from the first decision to the last."""
    game = pyspiel.load_game(f"wartable_{gid}")
    sizes = tensor_sizes(game)
    assert game.information_state_tensor_size() == sum(sizes.values())
    assert game.observation_tensor_size() == sizes["observation"]
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    longest = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(256)))
            continue
        for p in range(game.num_players()):
            longest = max(longest, len(state.information_state_string(p)))
        p = state.current_player()
        tensor = np.asarray(state.information_state_tensor(p))
        assert tensor.shape == (game.information_state_tensor_size(),)
        assert tensor.min() >= 0.0 and tensor.max() <= 1.0
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert longest < 4_000, longest


def test_resampled_states_look_the_same_to_the_viewer() -> None:
    game = pyspiel.load_game("wartable_weapons", {"config": '{"players": 2}'})
    state = game.new_initial_state()
    _play_to(state, 4, np.random.RandomState(1))
    seat = state.current_player()
    redrawn = {str(state)}
    for _ in range(6):
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)  # pyspiel's own, as ISMCTS
        other = state.resample_from_infostate(seat, sampler)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        redrawn.add(str(other))
    assert len(redrawn) > 1, "resampling never changed the hidden cards"


def test_observation_tensor_is_the_encoder_vector() -> None:
    game = pyspiel.load_game("wartable_skirm")
    state = game.new_initial_state()
    _play_to(state, 1, np.random.RandomState(2))
    from wartable.envs.encoders import make_encoder

    wgame = get_game("skirm")
    enc = make_encoder(wgame, wgame.make_config({}))
    assert game.observation_tensor_shape() == [enc.size]
    want = enc.encode(wgame.observe(state.wstate, 1))
    assert np.allclose(np.asarray(state.observation_tensor(1)), want)


def test_mcts_bot_plays_a_wartable_game_to_the_end() -> None:
    """OpenSpiel's own MCTSBot (seat 0, searching determinized states so it never sees
    hidden cards) against uniform random play, on the 2-player weapon game."""
    game = pyspiel.load_game("wartable_weapons", {"config": '{"players": 2}'})
    rng = np.random.RandomState(4)
    bot = mcts.MCTSBot(game, 2.0, 40, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(game.max_chance_outcomes())))
        elif state.current_player() == 0:
            view = state.resample_from_infostate(0, lambda: 0.5)
            action = bot.step(view)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("gid", available_games())
def test_python_ismcts_bot_plays_every_game_to_the_end(gid: str) -> None:
    """OpenSpiel's own ``ISMCTSBot`` with no custom resampler: it calls
    ``resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))``."""
    game = pyspiel.load_game(f"wartable_{gid}", {"reward": "win"})
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(game.max_chance_outcomes())))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    wgame = get_game(gid)
    outcome = wgame.outcome(state.wstate)
    assert state.returns() == terminal_rewards(outcome, game.num_players(), "win")


def test_a_victory_every_seat_shares_returns_zeros() -> None:
    """Invasion with weak play often ends with nobody scoring: every seat shares the
    victory, a draw worth 0 (docs/research.md, rewards)."""
    game = pyspiel.load_game("wartable_invasion")
    wgame = get_game("invasion")
    rng = np.random.RandomState(0)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.randint(256)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        if len(set(wgame.outcome(state.wstate).winners)) == game.num_players():
            assert state.returns() == [0.0] * game.num_players()
            return
    pytest.fail("no shared victory in 30 random games")


def test_a_restored_state_gets_the_load_time_checks_of_a_position_file() -> None:
    """Unpickling a state (OpenSpiel's serialize/deserialize) validates like a position file:
    a Weapons position whose attacker holds no card (its hand moved to the deck, so every field
    is in range and every card in one place) leaves the seat to act with no legal action."""
    game = pyspiel.load_game("wartable_weapons", {"config": '{"players": 2}'})
    state = game.new_initial_state()
    _play_to(state, 0, np.random.RandomState(0))
    data = state.core.__getstate__()
    state.core.__setstate__(json.loads(json.dumps(data)))  # a clean copy loads
    position = data["position"]
    attacker = position["attacker"]
    position["deck"].extend(position["hands"][attacker])
    position["hands"][attacker] = []
    with pytest.raises(PositionError, match="no legal action"):
        state.core.__setstate__(data)
