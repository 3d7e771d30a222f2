"""``wartable play``: a person against bots in the terminal.

Each turn of the person shows the board from their seat (``game.render``),
the numbered legal actions, and reads a number or an action's notation from
stdin; bad input re-prompts with the reason. After every action the events the
person may see (``visible_events``) are printed, including the bots' moves.
Reading plain lines from stdin keeps it scriptable: tests pipe the input in.

Seeds stay secret until the end: without ``--seed`` the match seed and the bots'
seed are two fresh 64-bit draws from the operating system (neither guessable nor
derivable from the other); with ``--seed S`` the game is reproducible and the bots'
seed is a one-way hash of S. The seed is printed only once the game is over (or
abandoned), next to where the replay was saved.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from wartable.agents.specs import available_agents, make_agent
from wartable.core.errors import ConfigError, IllegalAction
from wartable.core.events import Event, visible_events
from wartable.core.game import Game
from wartable.core.match import MatchRecord, agent_rngs, default_agent_seed
from wartable.core.replay import record_to_replay
from wartable.core.seeds import fresh_seed
from wartable.games import get_game

from .common import cli_errors, describe_outcome, parse_config, split_agent_specs

QUIT_WORDS = ("quit", "exit", ":q")


class Quit(Exception):
    """The person left (typed quit, or stdin ended)."""


def format_event(game: Game[Any, Any], e: Event, state: Any = None) -> str:
    """A game may provide ``event_to_str(event)`` (or ``event_to_str(event, state)`` when it
    declares ``event_text_needs_state``); otherwise ``type: key=value, ...``."""
    to_str = getattr(game, "event_to_str", None)
    if callable(to_str):
        if state is not None and getattr(game, "event_text_needs_state", False):
            return str(to_str(e, state))
        return str(to_str(e))
    if isinstance(e.get("text"), str):
        return e["text"]
    fields = ", ".join(f"{k}={json.dumps(v)}" for k, v in e.items() if k not in ("type", "to"))
    return f"{e.get('type', 'event')}: {fields}" if fields else str(e.get("type", "event"))


def match_seeds(typed: int | None) -> tuple[int, int]:
    """(match seed, agent seed). Untyped: two independent 64-bit draws from the operating
    system, which nobody can guess. Typed (``--seed``): the seed itself and an agent seed
    derived from it, reproducible and therefore only as secret as the number typed."""
    if typed is None:
        return fresh_seed(), fresh_seed()
    return typed, default_agent_seed(typed)


def seat_bots(game_id: str, seats: int, human: int, vs: list[str]) -> dict[int, str]:
    others = [s for s in range(seats) if s != human]
    if not vs:
        vs = ["heuristic" if "heuristic" in available_agents(game_id) else "random"]
    if len(vs) == 1:
        vs = vs * len(others)
    if len(vs) != len(others):
        raise ConfigError(f"--vs: {len(others)} bot seat(s) to fill, got {len(vs)} bots")
    return dict(zip(others, vs, strict=True))


class TerminalGame:
    def __init__(self, game: Game[Any, Any], state: Any, human: int, bots: dict[int, str]):
        self.game, self.state, self.human = game, state, human
        self.bot_specs = bots
        self.bots = {s: make_agent(spec, game.id) for s, spec in bots.items()}
        self.console = Console(highlight=False)
        self.log: list[tuple[int, int]] = []

    def run(self, agent_seed: int) -> None:
        game, state = self.game, self.state
        rngs = agent_rngs(agent_seed, game.num_players(state))
        while not game.is_terminal(state):
            acting = game.to_act(state)
            bot_seats = [s for s in acting if s in self.bots]
            if bot_seats:
                seat = bot_seats[0]
                agent = self.bots[seat]
                legal = game.legal_actions(state, seat)
                obs = game.observe(state, seat) if agent.needs_observation else None
                action = agent.act(game, obs, legal, seat, rngs[seat])
                self._apply(seat, action, f"seat {seat} ({self.bot_specs[seat]})")
            else:
                self._human_turn()
        self.console.print(Panel(Text.from_ansi(game.render(state, self.human)), title="final"))
        outcome = game.outcome(state)
        won = self.human in outcome.winners
        if not outcome.winners or len(set(outcome.winners)) == game.num_players(state):
            verdict = "a draw"
        else:
            verdict = "[green]you win[/]" if won else "[red]you lose[/]"
        self.console.print(f"game over: {describe_outcome(outcome)} -- {verdict}")

    def _apply(self, seat: int, action: int, who: str) -> None:
        events = self.game.apply(self.state, seat, action)
        self.log.append((seat, action))
        shown = visible_events(events, self.human)
        if seat == self.human:  # your own choice is yours to see
            notation = self.game.action_to_str(action, self.state.config)
            self.console.print(f"[bold]you play {notation}[/]")
        elif not shown:
            self.console.print(f"[dim]{who} acted[/]")
        for e in shown:
            text = escape(format_event(self.game, e, self.state))
            if getattr(self.game, "event_text_needs_state", False):  # the text names who acts
                self.console.print(f"  {text}", markup=True)
            else:
                self.console.print(f"[dim]{who}:[/] {text}", markup=True)

    def _show(self, legal: list[int]) -> None:
        game, state = self.game, self.state
        board = Text.from_ansi(game.render(state, self.human))
        self.console.print(Panel(board, title=f"{game.title} -- you are seat {self.human}"))
        cfg = state.config
        items = [f"{i:>3}. {game.action_to_str(a, cfg)}" for i, a in enumerate(legal, 1)]
        if len(items) > 12:
            self.console.print(Columns(items, column_first=True, padding=(0, 3)))
        else:
            for line in items:
                self.console.print(line)

    def _human_turn(self) -> None:
        legal = self.game.legal_actions(self.state, self.human)
        self._show(legal)
        while True:
            text = self._read(f"seat {self.human}, your action (1-{len(legal)} or notation)> ")
            try:
                action = self._choose(text, legal)
                if action is None:
                    continue
                self._apply(self.human, action, "you")
                return
            except IllegalAction as err:
                self.console.print(f"[red]not accepted:[/] {err}", markup=True)

    def _choose(self, text: str, legal: list[int]) -> int | None:
        """The chosen action id; ``None`` to ask again (after showing help)."""
        if not text:
            raise IllegalAction(f"type a number 1-{len(legal)} or an action's notation")
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(legal):
                raise IllegalAction(f"no action numbered {k} (choose 1-{len(legal)})")
            return legal[k - 1]
        if text.lower() in ("?", "help", "board", "list"):
            self._show(legal)
            return None
        try:
            return self.game.parse_action(text, self.state.config)
        except IllegalAction:
            if text.lower() in QUIT_WORDS:
                raise Quit("you left the game") from None
            raise

    def _read(self, prompt: str) -> str:
        self.console.print(prompt, end="")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            self.console.print()
            raise Quit("input ended; the game is abandoned")
        return line.strip()


@cli_errors
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0-based).")] = 0,
    vs: Annotated[
        list[str] | None,
        typer.Option("--vs", help="Bot spec per other seat (repeat, or one for all)."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Match seed (default: fresh entropy; shown at the end)."),
    ] = None,
    config: Annotated[str | None, typer.Option("--config", help="Config: JSON or @FILE.")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write the replay log here.")] = None,
) -> None:
    """Play GAME in the terminal against bots."""
    game: Game[Any, Any] = get_game(game_id)
    cfg = game.make_config(parse_config(config))
    seed, agent_seed = match_seeds(seed)
    state = game.new_state(cfg, seed)
    seats = game.num_players(state)
    if not 0 <= seat < seats:
        raise ConfigError(f"--seat {seat}: this game has seats 0..{seats - 1}")
    specs = [s for v in vs or [] for s in (split_agent_specs(v) or [])]
    session = TerminalGame(game, state, seat, seat_bots(game_id, seats, seat, specs))
    opponents = ", ".join(f"seat {s}: {spec}" for s, spec in session.bot_specs.items())
    session.console.print(f"{game.title}; you are seat {seat}; {opponents}")
    try:
        session.run(agent_seed)
    except Quit as why:
        typer.echo(str(why), err=True)
        raise typer.Exit(1) from None
    finally:  # the seed only now: it would have revealed the deal during the game
        saved = f"; replay saved to {save}" if save is not None else ""
        session.console.print(f"seed {seed}{saved}")
        if save is not None:
            record = MatchRecord(game.id, cfg.model_dump(mode="json"), seed, session.log)
            record.agent_seed = agent_seed
            if game.is_terminal(state):
                record.outcome = game.outcome(state)
            save.write_text(json.dumps(record_to_replay(game, record), indent=1) + "\n")


def register(app: typer.Typer) -> None:
    app.command("play")(play)
