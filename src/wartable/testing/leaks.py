"""The leak test: what a seat is shown must not depend on what its rulebook hides from it.

It does not trust the game's ``observe`` or ``determinize``. Each game declares, apart from
them, where every seat's hidden information lives: ``scramble(state, seat, rng)`` in the
game package's ``hidden`` module (``Game.hidden_scrambler``) redraws the other hands, the
face-down cards, the deck orders, concealed dice, other seats' commitments and the ``Rng``,
working on the state's fields. The module may also declare ``reveals(event[, seat])``: the
events by which the rules make something public (to ``seat``, the seat shown the event) at
that moment (a card played or turned face up, the seat's own draw), and ``STRICT_STEPS =
True`` (below). A step whose two runs show a seat different revealing events is not
compared for that seat (the same revealing event in both tells the runs apart no more).

Along random playouts, at sampled decisions, for every seat ``v``:

1. At rest. A scrambled copy must give ``v`` the same observation, the same ``to_act``,
   the same legal actions (if ``v`` is to act), the same ``render(state, v)`` text and the
   same ``seat_view`` contents; the scrambled copy keeps the game's invariants. Scrambling
   for every seat in turn must leave the spectator's view (seat ``None``) alone.
2. Across the next step. The action the playout takes (seat ``p``, action ``a``) is applied
   to the state and to a twin, and ``v``'s views of the two steps are compared:

   - randomness: the twin is the state with only its ``Rng`` reseeded (same action);
   - hidden cards: the twin is a scrambled copy with the original ``Rng`` (same action,
     when it is legal there too: a scramble may take the card away from ``p``; of up to
     ``HIDDEN_RETRIES`` more redraws, one after which ``v``'s observation is unchanged);
   - another choice: for ``p != v``, the same state with another legal action of ``p``.

   The two runs are compared when (a) both show ``v`` the same declared revealing events
   (most often none), (b) ``v``'s observations of the two following states are equal, and
   (c) the two
   following states differ only where scrambling them for ``v`` redraws (found by
   scrambling each a few times; for another choice they must also differ somewhere
   besides the ``Rng`` and the decision counter). Then the events ``v`` is shown, the
   seats to act, ``v``'s legal actions and its ``render`` text must be equal too.

   Why this is sound: observations are snapshots, and events may rightly tell a seat
   what no later snapshot keeps (a die rolled in the open, the card a seat forwards to
   its deck, an arrow aimed at a line and missing). Such a step either leaves a public
   trace (a die face, a discard pile: (b) or (c) fails) or the rules announce it (a
   declared revealing event that differs between the runs: (a) fails), or it leaves no trace at all (a choice with no
   effect: the proviso of (c)). What is left are two runs that differ only in what the
   rules keep from ``v`` before and after the step; anything ``v`` is told that tells
   them apart is a leak. Why the next observation is not itself required to be equal:
   a step's public consequences may follow hidden cards by the rules (in Weapons an
   attacker holding no card of a used value must pass, so the turn order follows a
   hidden hand), which the test cannot tell from a leak. A game whose rules have no such
   inference sets ``STRICT_STEPS = True`` in ``hidden.py``: then, in the hidden-cards
   twin, a step that shows ``v`` no revealing event must also leave ``v`` the same
   observation (Draconia: whether a turn opens with the arrow step is public).

The counts returned say how much was checked: ``<kind>_twins`` runs of each twin kind
(``rng``, ``hidden``, ``choice``) and ``skipped_<kind>_<reason>`` those left uncompared, by
reason: ``revealed`` (a), ``observation_differs`` (b), ``public_differs`` (c), ``no_trace``
(another choice with no effect besides the ``Rng``). ``tests/test_conformance.py`` caps the
skipped share of the ``rng`` and ``hidden`` twins per game; another choice is public by the
rules most of the time, so most ``choice`` twins are skipped.

Determinism across processes (different ``PYTHONHASHSEED``) is checked by
``tests/test_determinism_processes.py``.
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable
from typing import Any

from wartable.core.events import Event, visible_events
from wartable.core.game import Game
from wartable.core.rng import Rng

Scrambler = Callable[[Any, int, Rng], Any]
# more redraws tried for the hidden-cards twin when the first leaves the seat another
# observation: one after which it stays the same makes a comparable step ((b) below)
HIDDEN_RETRIES = 3


def _declared(scramble: Scrambler) -> tuple[Callable[[Event, int], bool], bool]:
    """``reveals(event[, seat])`` (default: none; ``seat`` is the seat shown the event) and
    ``STRICT_STEPS`` (default: off), declared next to the scrambler."""
    module = importlib.import_module(scramble.__module__)
    found: Callable[..., bool] | None = getattr(module, "reveals", None)
    strict = bool(getattr(module, "STRICT_STEPS", False))
    if found is None:
        return (lambda e, seat: False), strict
    if len(inspect.signature(found).parameters) >= 2:
        return found, strict
    one: Callable[[Event], bool] = found
    return (lambda e, seat: one(e)), strict


class _Checker:
    def __init__(self, game: Game[Any, Any], scramble: Scrambler, rng: Rng, where: str) -> None:
        self.game = game
        self.scramble = scramble
        self.rng = rng
        self.where = where
        self.reveals, self.strict = _declared(scramble)
        self.retry_rng = Rng(rng.state ^ 0x5EED)
        self.counts = dict.fromkeys(
            (
                "at_rest",
                "spectator",
                "scrambled",
                "steps_compared",
                "steps_skipped",
                "strict_steps",
            ),
            0,
        )

    # ----- 1: at rest ----------------------------------------------------------------
    def at_rest(self, state: Any, seat: int) -> None:
        g, where = self.game, f"{self.where} seat={seat}"
        obs = g.observe(state, seat)
        acting = g.to_act(state)
        legal = g.legal_actions(state, seat) if seat in acting else None
        text = g.render(state, seat)
        other = self.scramble(state, seat, self.rng)
        assert other is not state, f"{where}: the scrambler must return a copy"
        assert other.rng.state != state.rng.state, (
            f"{where}: the scrambler keeps the Rng (future rolls would not be hidden)"
        )
        ja, jb = g.state_to_json(state), g.state_to_json(other)
        if any(ja[k] != jb[k] for k in ja if k not in ("rng", "decisions")):
            self.counts["scrambled"] += 1
        bad = g.invariants(other)
        assert not bad, f"{where}: the hidden-information scrambler broke invariants: {bad}"
        assert g.observe(other, seat) == obs, (
            f"{where}: the observation depends on what this seat cannot see"
            f" ({_diff(obs, g.observe(other, seat))})"
        )
        assert g.to_act(other) == acting, f"{where}: to_act depends on hidden information"
        if legal is not None:
            assert g.legal_actions(other, seat) == legal, (
                f"{where}: legal actions depend on what this seat cannot see"
            )
        assert g.render(other, seat) == text, (
            f"{where}: the rendered text shows what this seat cannot see"
        )
        view, seen = _fields(g.seat_view(state, seat)), _fields(g.seat_view(other, seat))
        assert view == seen, (
            f"{where}: the seat view handed to bots shows what this seat cannot see"
            f" ({_diff(view, seen)})"
        )
        self.counts["at_rest"] += 1

    def spectator(self, state: Any) -> None:
        """The public view (``observe(state, None)``): whatever is hidden from some seat is
        hidden from a spectator, so scrambling for every seat in turn must not change it."""
        g = self.game
        other = state
        for seat in range(g.num_players(state)):
            other = self.scramble(other, seat, self.rng)
        obs = g.observe(state, None)
        assert g.observe(other, None) == obs, (
            f"{self.where}: the spectator view shows hidden information"
            f" ({_diff(obs, g.observe(other, None))})"
        )
        assert g.render(other, None) == g.render(state, None), (
            f"{self.where}: the spectator's rendered text shows hidden information"
        )
        self.counts["spectator"] += 1

    # ----- 2: across the next step ----------------------------------------------------
    def step(self, state: Any, actor: int, action: int, seat: int) -> None:
        g = self.game
        base = self._run(state, actor, action)
        twin = state.copy()
        twin.rng = Rng(self.rng.next64())
        self._compare(base, self._run(twin, actor, action), seat, "its Rng reseeded", "rng")
        hidden_twin = self._hidden_twin(state, actor, action, seat, self.rng, 4)
        if hidden_twin is not None and self.strict:
            self._same_public(base, hidden_twin, seat)
        if hidden_twin is not None and not self._same_view(base, hidden_twin, seat):
            # a redraw the step keeps hidden is comparable: look for one, with an Rng of its
            # own so the decisions sampled stay the ones a single redraw samples
            for _ in range(HIDDEN_RETRIES):
                retry = self._hidden_twin(state, actor, action, seat, self.retry_rng, 1)
                if retry is not None and self._same_view(base, retry, seat):
                    hidden_twin = None
                    how = "hidden cards redrawn"
                    self._compare(base, retry, seat, how, "hidden", self.retry_rng)
                    break
        if hidden_twin is not None:
            self._compare(base, hidden_twin, seat, "hidden cards redrawn", "hidden")
        if actor != seat:
            legal = [a for a in g.legal_actions(state, actor) if a != action]
            for _ in range(min(2, len(legal))):
                alt = legal.pop(self.rng.below(len(legal)))
                self._compare(
                    base,
                    self._run(state, actor, alt),
                    seat,
                    f"seat {actor} choosing {g.action_to_str(alt, state.config)!r} instead",
                    "choice",
                    trace=True,
                )

    def _hidden_twin(
        self, state: Any, actor: int, action: int, seat: int, rng: Rng, tries: int
    ) -> tuple[Any, list[Event]] | None:
        """The step from a copy with the cards hidden from ``seat`` redrawn (the original
        ``Rng`` kept), from the first of ``tries`` redraws in which ``action`` is legal (a
        redraw may take the card away from the actor); ``None`` if none is."""
        for _ in range(tries):
            other = self.scramble(state, seat, rng)
            other.rng = state.rng.copy()
            if action in self.game.legal_actions(other, actor):
                return self._run(other, actor, action)
        return None

    def _same_view(self, a: tuple[Any, list[Event]], b: tuple[Any, list[Event]], seat: int) -> bool:
        return bool(self.game.observe(a[0], seat) == self.game.observe(b[0], seat))

    def _same_public(
        self, a: tuple[Any, list[Event]], b: tuple[Any, list[Event]], seat: int
    ) -> None:
        """Strict games: a step that shows the seat no revealing event leaves it the same
        observation whatever the hidden cards were (no public fact follows a hidden card)."""
        va, vb = visible_events(a[1], seat), visible_events(b[1], seat)
        if any(self.reveals(e, seat) for e in va + vb):
            return
        oa, ob = self.game.observe(a[0], seat), self.game.observe(b[0], seat)
        assert oa == ob, (
            f"{self.where} seat={seat} (twin: hidden cards redrawn): after a step that reveals"
            f" nothing to this seat, its observation depends on hidden cards ({_diff(oa, ob)})"
        )
        self.counts["strict_steps"] += 1

    def _run(self, state: Any, actor: int, action: int) -> tuple[Any, list[Event]]:
        after = state.copy()
        events: list[Event] = []
        self.game.apply_fast(after, actor, action, events)
        return after, events

    def _compare(
        self,
        a: tuple[Any, list[Event]],
        b: tuple[Any, list[Event]],
        seat: int,
        how: str,
        kind: str,
        rng: Rng | None = None,
        trace: bool = False,
    ) -> None:
        g = self.game
        (sa, ea), (sb, eb) = a, b
        va, vb = visible_events(ea, seat), visible_events(eb, seat)
        self._count(f"{kind}_twins")
        reason = ""
        if self._revealed(va, seat) != self._revealed(vb, seat):
            reason = "revealed"
        elif g.observe(sa, seat) != g.observe(sb, seat):
            reason = "observation_differs"
        elif not self._only_hidden_differs(sa, sb, seat, trace, rng or self.rng):
            reason = "no_trace" if trace and _only_rng_differs(g, sa, sb) else "public_differs"
        if reason:
            self.counts["steps_skipped"] += 1
            self._count(f"skipped_{kind}_{reason}")
            return
        where = f"{self.where} seat={seat} (twin: {how})"
        assert va == vb, (
            f"{where}: events shown to this seat tell apart two steps it may not tell apart:"
            f" {_first_diff(va, vb)}"
        )
        acting = g.to_act(sa)
        assert g.to_act(sb) == acting, f"{where}: to_act after the step depends on hidden info"
        if seat in acting:
            assert g.legal_actions(sa, seat) == g.legal_actions(sb, seat), (
                f"{where}: legal actions after the step depend on hidden information"
            )
        assert g.render(sa, seat) == g.render(sb, seat), (
            f"{where}: the rendered text after the step shows what this seat cannot see"
        )
        self.counts["steps_compared"] += 1

    def _revealed(self, shown: list[Event], seat: int) -> list[Event]:
        return [e for e in shown if self.reveals(e, seat)]

    def _count(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    def _only_hidden_differs(self, sa: Any, sb: Any, seat: int, trace: bool, rng: Rng) -> bool:
        """Whether the two states differ only in parts the scrambler redraws for ``seat``
        (``trace``: and do differ somewhere besides the ``Rng`` and the decision count)."""
        ja, jb = self.game.state_to_json(sa), self.game.state_to_json(sb)
        keys = {k for k in ja.keys() | jb.keys() if ja.get(k) != jb.get(k)}
        if trace and not keys - {"rng", "decisions"}:
            return False
        fa, fb = _flatten({k: ja.get(k) for k in keys}), _flatten({k: jb.get(k) for k in keys})
        differ = {k for k in fa.keys() | fb.keys() if fa.get(k) != fb.get(k)}
        for state, flat in ((sa, fa), (sb, fb)):
            for _ in range(3):
                if not differ:
                    return True
                other = self.game.state_to_json(self.scramble(state, seat, rng))
                mixed = _flatten({k: other.get(k) for k in keys})
                differ = {k for k in differ if flat.get(k) == mixed.get(k)}
        return not differ


def _only_rng_differs(game: Game[Any, Any], sa: Any, sb: Any) -> bool:
    ja, jb = game.state_to_json(sa), game.state_to_json(sb)
    return not {k for k in ja.keys() | jb.keys() if ja.get(k) != jb.get(k)} - {"rng", "decisions"}


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """Position JSON as path -> scalar (``hands.2.0`` for the first card of the third hand)."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            out.update(_flatten(v, f"{prefix}{k}."))
    elif isinstance(data, list):
        out[f"{prefix}#"] = len(data)
        for i, v in enumerate(data):
            out.update(_flatten(v, f"{prefix}{i}."))
    else:
        out[prefix] = data
    return out


def _fields(view: Any) -> dict[str, Any]:
    """A seat view's contents: the dict itself, or an object's slots or attributes (a class
    compiled with mypyc lists them in ``__mypyc_attrs__``)."""
    if isinstance(view, dict):
        return view
    cls = type(view)
    names = getattr(cls, "__slots__", None) or getattr(cls, "__mypyc_attrs__", None)
    if names is None:
        names = list(vars(view))
    return {k: getattr(view, k, None) for k in names}


def _diff(a: dict[str, Any], b: dict[str, Any]) -> str:
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return "fields " + ", ".join(keys[:5])


def _first_diff(a: list[Event], b: list[Event]) -> str:
    for x, y in zip(a, b, strict=False):
        if x != y:
            return f"{json.dumps(x, sort_keys=True)} vs {json.dumps(y, sort_keys=True)}"
    return f"{len(a)} vs {len(b)} events"


def check_leaks(
    game: Game[Any, Any],
    config_data: dict[str, Any],
    seed: int,
    rate: int = 3,
    max_points: int = 40,
) -> dict[str, int]:
    """One random playout with the leak checks at about one decision in ``rate``, at most
    ``max_points`` of them; returns how many checks ran."""
    scramble = game.hidden_scrambler()
    assert scramble is not None, f"{game.id}: no hidden-information scrambler is declared"
    config = game.make_config(config_data)
    state = game.new_state(config, seed)
    play = Rng(seed * 7919 + 1)
    checker = _Checker(game, scramble, Rng(seed * 104729 + 3), "")
    n = points = 0
    while not game.is_terminal(state):
        acting = game.to_act(state)
        actor = acting[play.below(len(acting))]
        legal = game.legal_actions(state, actor)
        action = legal[play.below(len(legal))]
        if points < max_points and checker.rng.below(rate) == 0:
            points += 1
            checker.where = f"{game.id} {config_data} seed={seed} decision={n}"
            checker.spectator(state)
            for seat in range(game.num_players(state)):
                checker.at_rest(state, seat)
                checker.step(state, actor, action, seat)
        game.apply_fast(state, actor, action, None)
        n += 1
    checker.counts["decisions"] = n
    checker.counts["points"] = points
    return checker.counts


def check_leaks_all(
    game: Game[Any, Any], min_points: int = 60, max_seeds: int = 30
) -> dict[str, int]:
    """``check_leaks`` over every example config of ``game``, playing seeds 0, 1, ... until
    ``min_points`` decisions of that config were checked (the conformance suite's run)."""
    total: dict[str, int] = {}
    for config_data in game.example_configs():
        points = 0
        for seed in range(max_seeds):
            counts = check_leaks(game, config_data, seed)
            for k, v in counts.items():
                total[k] = total.get(k, 0) + v
            points += counts["points"]
            if points >= min_points:
                break
    return total
