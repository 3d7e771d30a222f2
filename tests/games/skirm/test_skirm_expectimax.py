"""The expectimax bot: where its own choices decide a duel with no dice left to fall, it
finds a winning sequence whenever one exists (skirm-dice-duel.txt, Abilities; issue 5)."""

from __future__ import annotations

from typing import Any

from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.games.skirm import AGENTS, GAME
from wartable.games.skirm.tools.ceiling import winnable

# abilities whose choices roll no dice (set, steal or give), and opponents' abilities that
# leave the bot no choice of its own and hide nothing from it
_DETERMINISTIC = {"SET3", "MASK", "MANTLE", "GAUNTLET"}
_OPPONENT_EXCLUDED = {"BLADE", "CLOAK"}


def _last_and_deterministic(seed: int, bot: int) -> bool:
    s = GAME.new_state(GAME.make_config({}), seed)
    cards = s.cards.cards
    mine = cards[s.cards.index_of(s.hands[bot][0])]
    theirs = cards[s.cards.index_of(s.hands[1 - bot][0])]
    second = (mine.speed, mine.id) < (theirs.speed, theirs.id)
    return second and mine.ability in _DETERMINISTIC and theirs.ability not in _OPPONENT_EXCLUDED


def test_expectimax_wins_every_winnable_last_deterministic_duel() -> None:
    """Acting second with SET3/MASK/MANTLE/GAUNTLET, the duel's result is a function of the
    bot's own choices: the bot must win exactly the seeds some sequence of choices wins."""
    seeds = [s for s in range(240) if _last_and_deterministic(s, s % 2)]
    assert len(seeds) >= 25
    results: list[tuple[int, bool, bool]] = []
    for seed in seeds:
        bot = seed % 2
        agents: list[Any] = [RandomAgent(), RandomAgent()]
        agents[bot] = AGENTS["expectimax"]()
        rec = play_match(GAME, {}, seed, agents)
        assert rec.outcome is not None
        results.append((seed, rec.outcome.winners[0] == bot, winnable(GAME, {}, seed, bot)))
    assert [r for r in results if r[1] != r[2]] == []
    assert any(not r[2] for r in results)  # some of these duels are lost whatever the bot does
