"""The levels' Elo for the lobby, read from each game's round-robin log.

    python -m wartable.sim.tournament_levels          # rewrites the lobby's levels.json

Every ``docs/tournaments/levels/GAME.jsonl`` is a tournament log written by
``wartable tournament GAME --agents easy,normal,hard,heuristic --log ...`` (any game, any
agents: the header says which). Each log is reported without playing (the tournament's
own Elo fit and bootstrap interval, so the lobby shows the very figures the tournament
prints) and written to ``server/static/data/levels.json``: per game, the config and seat
count the round robin was played with, the fewest games of any pairing, and per agent
that has played its Elo, 95% interval and games. A game without a log, or whose log has
fewer than ``MIN_GAMES`` games in some pairing, has no entry: the lobby shows no Elo for it.
``tests/web/test_web_levels.py`` fails when the file is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wartable.games import get_game

from .tournament import run_tournament
from .tournament_log import LogError, read_header, read_results

# a rating from fewer games per pairing says next to nothing (one game can rank hard
# below easy): the lobby shows none until every pairing of the log has this many
MIN_GAMES = 10
ROOT = Path(__file__).resolve().parents[3]
LOGS = ROOT / "docs/tournaments/levels"
OUT = ROOT / "src/wartable/server/static/data/levels.json"


def report(path: Path) -> dict[str, Any]:
    """A round-robin log's standing (nothing is played): ``run_tournament``'s result."""
    head = read_header(path)
    results = read_results(path, head)
    if not results:
        raise LogError(f"{path}: no finished game yet")
    games = max(index for _, index, _, _ in results) + 1
    return run_tournament(
        head["game"],
        head["agents"],
        games,
        config=head["config"],
        seed=head["seed"],
        log_path=path,
        play=False,
    )


def entry(path: Path) -> dict[str, Any]:
    """The lobby's entry for one log: where it was played and each agent's Elo."""
    result = report(path)
    game = get_game(result["game"])
    players = game.num_players(game.new_state(game.make_config(result["config"]), 0))
    return {
        "log": path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path),
        "config": result["config"],
        "players": players,
        # the fewest games any pairing has (a log still running is uneven)
        "games_per_pairing": min(p["games"] for p in result["pairings"]),
        "agents": {
            r["agent"]: {
                "elo": round(r["elo"]),
                "low": round(r["elo_low"]),
                "high": round(r["elo_high"]),
                "games": r["games"],
            }
            for r in result["ratings"]
            if r["games"]  # an agent that has not played yet has no rating to show
        },
    }


def build(logs: Path = LOGS, min_games: int = MIN_GAMES) -> dict[str, Any]:
    """Every game's entry, keyed by game id (from each log's header, not its file name), for
    the logs whose every pairing has ``min_games`` games or more."""
    out: dict[str, Any] = {}
    seen: set[str] = set()
    for path in sorted(logs.glob("*.jsonl")):
        head = read_header(path)
        game_id = head["game"]
        if game_id in seen:
            raise LogError(f"{path}: a second round-robin log of {game_id}")
        seen.add(game_id)
        if read_results(path, head):  # a log just started rates nobody yet
            found = entry(path)
            if found["games_per_pairing"] >= min_games:
                out[game_id] = found
    return out


def text(logs: Path = LOGS, min_games: int = MIN_GAMES) -> str:
    return json.dumps(build(logs, min_games), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text())
    sys.stdout.write(f"wrote {OUT}\n")
