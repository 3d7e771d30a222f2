"""The bot's seat view (``view.py``) holds only what the seat may see.

``play_match`` hands the heuristic a ``SeatView`` read straight from the state
instead of the observation dict. These tests check, over every decision of real
games, that the view agrees field by field with the observation, that the bot
chooses the same on the true state as on states whose hidden information was
redrawn (``determinize``), and that choosing leaves the state untouched.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games.invasion import GAME, HeuristicAgent
from wartable.games.invasion.state import InvasionState, state_to_json
from wartable.games.invasion.view import VIEW_FIELDS, SeatView

CONFIGS = [
    {"players": 2, "mode": "two_player", "battle_stage": "1"},
    {"players": 2, "mode": "two_player", "battle_stage": "X"},
    {"players": 3, "mode": "basic", "battle_stage": "5"},
    {"players": 4, "mode": "team", "battle_stage": "3"},
    {"players": 4, "mode": "team", "battle_stage": "7", "team_open_hands": False},
    {"players": 1, "mode": "solo", "battle_stage": "4"},
]


def positions(
    cfg: dict[str, object], seeds: range
) -> Iterator[tuple[InvasionState, int, list[int], list[HeuristicAgent]]]:
    """Every decision with a choice in heuristic games: (state, seat, legal, the agents)."""
    config = GAME.make_config(cfg)
    for seed in seeds:
        s = GAME.new_state(config, seed)
        agents = [HeuristicAgent() for _ in range(config.players)]
        while not GAME.is_terminal(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            if len(legal) > 1:
                yield s, seat, legal, agents
                a = agents[seat].act(GAME, GAME.seat_view(s, seat), legal, seat, Rng(0))
            else:
                a = legal[0]
            GAME.apply_fast(s, seat, a, None)


def test_view_matches_the_observation() -> None:
    seen = 0
    for cfg in CONFIGS:
        for s, seat, _legal, _agents in positions(cfg, range(3)):
            from_state = SeatView.from_state(s, seat)
            from_obs = SeatView.from_observation(GAME.observe(s, seat))
            for f in VIEW_FIELDS:
                assert getattr(from_state, f) == getattr(from_obs, f), (cfg, f)
            assert from_state.unseen() == from_obs.unseen()
            assert from_state.db is from_obs.db
            seen += 1
    assert seen > 500


def test_choice_ignores_hidden_information() -> None:
    """The bot's choice on the true state equals its choice on redrawn hidden information.

    The legal actions depend only on what the seat sees (closed Team Versus hands
    included), so the redrawn state offers the same list.
    """
    rng = Rng(7)
    checked = differs = 0
    for cfg in CONFIGS:
        for s, seat, legal, agents in positions(cfg, range(4)):
            agent = agents[seat]
            want = copy.deepcopy(agent).act(GAME, GAME.seat_view(s, seat), legal, seat, Rng(0))
            for _ in range(2):
                other = GAME.determinize(GAME.observe(s, seat), rng)
                assert GAME.legal_actions(other, seat) == legal
                differs += (other.hand, other.deck) != (s.hand, s.deck)
                got = copy.deepcopy(agent).act(
                    GAME, GAME.seat_view(other, seat), legal, seat, Rng(0)
                )
                assert got == want, (cfg, seat, GAME.action_to_str(want, s.config))
            checked += 1
    assert checked > 1000
    assert differs > checked  # the hidden hands and decks really were redrawn


def test_choosing_leaves_the_state_untouched() -> None:
    for cfg in CONFIGS[:4]:
        for s, seat, legal, agents in positions(cfg, range(2)):
            before = state_to_json(s)
            copy.deepcopy(agents[seat]).act(GAME, GAME.seat_view(s, seat), legal, seat, Rng(0))
            assert state_to_json(s) == before


def test_play_match_gives_the_bot_a_view_and_the_dict_gives_the_same_games() -> None:
    """The same games whether the bot reads the view (``play_match``) or the observation dict."""

    class DictOnly(HeuristicAgent):
        wants_view = False

    config = GAME.make_config(CONFIGS[0])
    for seed in range(5):
        fast = play_match(GAME, config, seed, [HeuristicAgent(), HeuristicAgent()])
        slow = play_match(GAME, config, seed, [DictOnly(), DictOnly()])
        assert fast.actions == slow.actions
