"""Guided ISMCTS (``ismcts:rollout=heuristic,bias=B``): progressive bias toward the
game's heuristic bot, which only ever sees the acting seat's view of a determinization."""

from __future__ import annotations

from typing import Any

import pytest
from ismcts_support import GUIDED_BUDGET, decision_states, hidden_dump

from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.ismcts_tree import rewards_with_score_share
from wartable.agents.specs import available_agents, make_agent
from wartable.core.errors import ConfigError
from wartable.core.game import Outcome
from wartable.core.rng import Rng
from wartable.games import available_games, get_game

GUIDED = [g for g in available_games() if "heuristic" in available_agents(g)]


def guided(iterations: int) -> ISMCTSAgent:
    return ISMCTSAgent(iterations=iterations, rollout="heuristic", bias=1.0)


def test_guided_spec_and_bad_bias() -> None:
    agent = make_agent("ismcts:rollout=heuristic,bias=2", GUIDED[0])
    assert isinstance(agent, ISMCTSAgent) and agent.bias == 2.0
    assert make_agent("ismcts", GUIDED[0]).bias == 0.0  # unguided unless asked
    assert make_agent("ismcts:reward=graded", GUIDED[0]).reward == "graded"
    for bad in ("ismcts:bias=-1", "ismcts:bias=lots", "ismcts:reward=elo"):
        with pytest.raises(ConfigError):
            make_agent(bad, GUIDED[0])


@pytest.mark.parametrize("gid", GUIDED)
def test_the_guides_choice_is_searched_first(gid: str) -> None:
    """With one iteration the only root action searched is one the heuristic plays there."""
    game = get_game(gid)
    heuristic = available_agents(gid)["heuristic"]
    checked = 0
    for state, seat in decision_states(gid, seed=5, count=5):
        if len(game.to_act(state)) > 1:
            continue  # simultaneous: the root holds the seat's own chain (checked below)
        obs = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        agent = guided(1)
        agent.act(game, obs, legal, seat, Rng(3))
        assert agent.last_search is not None
        searched = list(agent.last_search.root_stats())
        choices = {heuristic().act(game, obs, legal, seat, Rng(k)) for k in range(30)}
        assert len(searched) == 1 and searched[0] in choices, (searched, choices)
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("gid", GUIDED)
def test_guided_choice_unchanged_when_hidden_information_is_redrawn(gid: str) -> None:
    """The guide is asked on determinizations only: redrawing what the seat cannot
    see changes neither the move nor the root statistics."""
    game = get_game(gid)
    budget = GUIDED_BUDGET.get(gid, 40)
    redrawn = 0
    states = [x for sd in (23, 24, 25, 26) for x in decision_states(gid, seed=sd, count=5)]
    for n, (state, seat) in enumerate(states):
        if redrawn >= 3:
            break
        obs = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        other = game.determinize(obs, Rng(500 + n))
        assert game.observe(other, seat) == obs
        if hidden_dump(game, other) == hidden_dump(game, state):
            continue  # nothing hidden here: no evidence either way
        moves: list[Any] = []
        for true_state in (state, other):
            agent = guided(budget)
            view = game.observe(true_state, seat)
            moves.append((agent.act(game, view, legal, seat, Rng(11)), agent.last_search))
        (a, search_a), (b, search_b) = moves
        assert a == b
        assert search_a is not None and search_b is not None
        assert search_a.root_stats() == search_b.root_stats()
        redrawn += 1
    assert redrawn >= 3


def test_share_reward_grades_a_close_loss_above_a_rout() -> None:
    close = rewards_with_score_share(Outcome((0,), (30.0, 28.0), ""))
    rout = rewards_with_score_share(Outcome((0,), (30.0, 2.0), ""))
    assert close == pytest.approx([0.5 + 0.5 * 30 / 58, 0.5 * 28 / 58])
    assert rout[1] < close[1] < 0.5 < close[0] < rout[0]
    # negative scores are shifted up to 0; a shared victory halves the win part
    assert rewards_with_score_share(Outcome((1,), (-2.0, 2.0), "")) == [0.0, 1.0]
    assert rewards_with_score_share(Outcome((0, 1), (5.0, 5.0), "")) == [0.5, 0.5]
    assert rewards_with_score_share(Outcome((), (0.0, 0.0), "")) == [0.25, 0.25]


def test_every_play_out_and_guide_call_gets_fresh_bots() -> None:
    """A bot may remember its own plan within a game (Invasion's attack plan); a
    play-out is a new game for it, so no bot instance serves two play-outs."""
    from wartable.agents.ismcts_tree import AgentRollout

    gid = GUIDED[0]
    game = get_game(gid)
    made: list[Any] = []
    play_outs_served: dict[int, set[int]] = {}  # bot -> the play-outs it acted in
    current = [0]

    class Recording:
        name = "recording"
        needs_observation = False

        def __init__(self) -> None:
            made.append(self)

        def act(self, g: Any, obs: Any, legal: list[int], seat: int, rng: Rng) -> int:
            play_outs_served.setdefault(id(self), set()).add(current[0])
            return legal[rng.below(len(legal))]

    policy = AgentRollout(Recording)
    state, seat = decision_states(gid, seed=6, count=2)[0]
    for k in range(3):
        current[0] = k
        copy = state.copy()
        policy.play(game, copy, Rng(k))
        assert game.is_terminal(copy)
    assert len(play_outs_served) >= 3  # every play-out asked some bot
    assert all(len(served) == 1 for served in play_outs_served.values())
    before = len(made)
    policy.choose(game, state, seat, game.legal_actions(state, seat), Rng(0))
    assert len(made) == before + 1


def test_levels_search_the_way_each_game_recommends() -> None:
    """easy/normal/hard take the game's ISMCTS_GUIDE, a level's own ``levels`` entry
    first; a plain ``ismcts`` spec and any value the spec gives stay as written."""
    import importlib

    from wartable.agents.ismcts import ROLLOUTS
    from wartable.agents.ismcts_tree import REWARDS

    guided_games = plain_easy = 0
    for gid in available_games():
        game = get_game(gid)
        preset = dict(getattr(importlib.import_module(f"wartable.games.{gid}"), "ISMCTS_GUIDE", {}))
        per_level = preset.pop("levels", {})
        assert set(preset) <= {"rollout", "bias", "reward", "c"}, gid
        assert set(per_level) <= {"easy", "normal", "hard"}, gid
        for level in ("easy", "normal", "hard"):
            own = {**preset, **per_level.get(level, {})}
            expected = (
                own.get("rollout", "random"),
                float(own.get("bias", 0.0)),
                own.get("reward", "victory"),
                float(own.get("c", 0.7)),
            )
            assert expected[0] in ROLLOUTS and expected[1] >= 0 and expected[2] in REWARDS
            assert expected[3] >= 0
            # (a game may define its own ``easy``/``normal``/``hard`` agents: Graxia does)
            assert make_agent(f"ismcts:level={level}", gid).settings(game) == expected, gid
        assert make_agent("ismcts", gid).settings(game) == ("random", 0.0, "victory", 0.7)
        hard = make_agent("ismcts:level=hard", gid).settings(game)
        override = make_agent("ismcts:level=normal,bias=0,reward=victory", gid).settings(game)
        normal = make_agent("ismcts:level=normal", gid).settings(game)
        assert override == (normal[0], 0.0, "victory", normal.c)
        # the spec's own value beats the level's entry too
        easy_guided = make_agent("ismcts:level=easy,rollout=heuristic", gid).settings(game)
        assert easy_guided[0] == "heuristic"
        guided_games += bool(preset)
        plain_easy += bool(preset) and make_agent("ismcts:level=easy", gid).settings(game) != hard
    assert guided_games >= 2  # Draconia and Invasion declare one
    assert plain_easy >= 2  # and both search plainly at easy


def test_a_level_may_set_its_exploration_constant_and_the_spec_beats_it() -> None:
    """Invasion's ``hard`` explores with c = 0.35 (its ISMCTS_GUIDE entry, docs/agents.md);
    the other levels and a plain spec keep 0.7; a spec's own ``c`` wins; the search runs
    with the constant the settings name."""
    game = get_game("invasion")
    assert make_agent("ismcts:level=hard", "invasion").settings(game).c == 0.35
    assert make_agent("ismcts:level=normal", "invasion").settings(game).c == 0.7
    assert make_agent("ismcts:level=hard,c=0.7", "invasion").settings(game).c == 0.7
    assert make_agent("ismcts:c=0.2", "invasion").settings(game).c == 0.2
    state, seat = decision_states("invasion", seed=3, count=1)[0]
    legal = game.legal_actions(state, seat)
    agent = make_agent("ismcts:level=hard,iterations=5", "invasion")
    agent.act(game, game.observe(state, seat), legal, seat, Rng(1))
    assert agent.last_search is not None and agent.last_search.c == 0.35
    with pytest.raises(ConfigError):
        make_agent("ismcts:c=-1", "invasion")
    # the 2-player hard-vs-heuristic log names its search explicitly: it is hard as shipped
    logged = make_agent("ismcts:level=hard,iterations=2300,c=0.35", "invasion")
    shipped = make_agent("hard", "invasion")
    two = {"config": {"players": 2}}
    assert shipped.settings(game) == logged.settings(game)
    assert shipped.budget(game, two) == logged.budget(game, two) == 2300
    # a level's repr names what the spec gave, not a constant the game's guide replaces
    assert "c=" not in repr(shipped) and "level='hard'" in repr(shipped)
    assert "level='hard', c=0.35" in repr(logged) and "c=0.2" in repr(
        make_agent("ismcts:c=0.2", "invasion")
    )


def test_cpu_clock_budget_reads_the_process_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``clock=cpu`` times the search with the process's CPU clock (one core's work on a
    busy machine). A fake clock that ticks 1 s per reading makes the stop exact."""
    from wartable.agents import ismcts_tree

    ticks = iter(range(1000))
    monkeypatch.setitem(ismcts_tree.CLOCKS, "cpu", lambda: float(next(ticks)))
    gid = GUIDED[0]
    game = get_game(gid)
    state, seat = decision_states(gid, seed=2, count=2)[0]
    agent = make_agent("ismcts:seconds=2.5,clock=cpu", gid)
    agent.act(game, game.observe(state, seat), game.legal_actions(state, seat), seat, Rng(1))
    # deadline read at 0 -> 2.5; checks read 1, 2 (go on) and 3 (stop): two iterations
    assert agent.last_search is not None and agent.last_search.iterations == 2
    with pytest.raises(ConfigError):
        make_agent("ismcts:clock=sundial", gid)
