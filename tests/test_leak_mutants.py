"""The leak test catches planted leaks (wartable.testing.leaks, docs/architecture.md "Who sees what").

Each mutant plants one leak in-process (monkeypatching the game's observe or event code) and
the leak test, run exactly as the conformance suite runs it, must fail; unmodified, it
passes. The leaks are the four an outside review planted, plus two the engine once had: the
face-down third attack listed in the public Weapons ``collect`` event, and Draconia's arrow
step decided by a face-down unit's Arrows; and five in Graxia, the largest game (the other
seat's hand, the decks' next cards, the secret set-up placements, the face-down sacrifice,
a draw told to both seats).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from wartable.core.events import Event
from wartable.core.events import event as make_event
from wartable.games import get_game
from wartable.games.skirm import abilities
from wartable.games.skirm.game import SkirmGame
from wartable.games.weapons import rules
from wartable.games.weapons.game import WeaponsGame
from wartable.testing.leaks import check_leaks_all

SHOWN = "observation depends on what this seat cannot|spectator view shows hidden"


@pytest.mark.parametrize("gid", ["weapons", "skirm", "graxia"])
def test_unmodified_games_pass(gid: str) -> None:
    counts = check_leaks_all(get_game(gid))
    assert counts["at_rest"] > 0 and counts["steps_compared"] > 0


def test_weapons_face_down_card_left_unmasked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weapon fragment: the third attack lies face down until the Defender answers it."""
    original = WeaponsGame.observe

    def leaky(self: WeaponsGame, state: Any, player: int | None) -> dict[str, Any]:
        obs = original(self, state, player)
        obs["attacks"] = list(state.attacks)
        return obs

    monkeypatch.setattr(WeaponsGame, "observe", leaky)
    with pytest.raises(AssertionError, match=SHOWN):
        check_leaks_all(get_game("weapons"))


def _public(kind: str, when: Callable[[dict[str, Any]], bool]) -> Callable[..., Event]:
    """``event`` with the ``to`` list dropped for the events of ``kind`` that match."""

    def leaky(k: str, /, to: tuple[int, ...] | None = None, **fields: Any) -> Event:
        if k == kind and when(fields):
            to = None
        return make_event(k, to, **fields)

    return leaky


def test_weapons_face_down_attack_event_made_public(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weapon fragment: the face-down third attack is announced to the others without its card."""
    monkeypatch.setattr(rules, "event", _public("attack", lambda f: "card" in f))
    with pytest.raises(AssertionError, match="events shown to this seat") as caught:
        check_leaks_all(get_game("weapons"))
    assert "'card'" in str(caught.value) or '"card"' in str(caught.value)


def test_weapons_conceded_face_down_card_in_public_collect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Weapon fragment: conceding to the face-down attack takes it into the hand unseen."""
    original = rules.collect

    def leaky(s: Any, events: list[Event] | None, hidden_third: bool = False) -> None:
        original(s, events, False)  # the public event lists every card taken

    monkeypatch.setattr(rules, "collect", leaky)
    with pytest.raises(AssertionError, match=r'events shown to this seat.*"collect"'):
        check_leaks_all(get_game("weapons"))


def test_skirm_cloak_dice_unmasked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skirm, CLOAK: concealed dice stay hidden from the opponent until final scoring."""
    original = SkirmGame.observe

    def leaky(self: SkirmGame, state: Any, player: int | None) -> dict[str, Any]:
        obs = original(self, state, player)
        obs["dice"] = [list(d) for d in state.dice]
        return obs

    monkeypatch.setattr(SkirmGame, "observe", leaky)
    with pytest.raises(AssertionError, match=SHOWN):
        check_leaks_all(get_game("skirm"))


def test_skirm_hidden_rerolled_faces_sent_to_both(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skirm, CLOAK: the rerolled concealed faces are told to their owner only."""
    monkeypatch.setattr(abilities, "event", _public("reroll", lambda f: "faces" in f))
    with pytest.raises(AssertionError, match=r'events shown to this seat.*"reroll"'):
        check_leaks_all(get_game("skirm"))


def test_draconia_arrow_step_from_a_face_down_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draconia, "Arrows" and "Revealing Units": whether a turn opens with the arrow step
    must not follow a face-down unit having Arrows (the engine once decided it so)."""
    from wartable.games.draconia import rules as drules

    def leaky(s: Any, seat: int) -> bool:
        target = any(x != -1 for foe in drules.enemies(s, seat) for x in s.field[foe])
        return target and drules.arrows_on_field(s, seat, face_up_only=False) > 0

    monkeypatch.setattr(drules, "arrow_step", leaky)
    with pytest.raises(AssertionError, match=r"reveals nothing to this seat.*phase"):
        check_leaks_all(get_game("draconia"))


def test_the_declaration_is_required_and_must_hide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that declares nothing, or a scrambler that hides nothing, does not pass."""
    from wartable.core.rng import Rng

    game = get_game("weapons")
    monkeypatch.setattr(WeaponsGame, "hidden_scrambler", lambda self: None)
    with pytest.raises(AssertionError, match="no hidden-information scrambler"):
        check_leaks_all(game)

    def same(state: Any, seat: int, rng: Rng) -> Any:
        return state.copy()

    monkeypatch.setattr(WeaponsGame, "hidden_scrambler", lambda self: same)
    with pytest.raises(AssertionError, match="keeps the Rng"):
        check_leaks_all(game)

    def reseed_only(state: Any, seat: int, rng: Rng) -> Any:
        other = state.copy()
        other.rng = Rng(rng.next64())
        return other

    monkeypatch.setattr(WeaponsGame, "hidden_scrambler", lambda self: reseed_only)
    counts = check_leaks_all(game)
    assert counts["at_rest"] > 0 and counts["scrambled"] == 0  # the conformance test refuses it


def test_invasion_seat_view_with_the_deck_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draconis Invasion: a seat knows what its deck holds, never its order (the seat view
    once handed bots the order)."""
    from wartable.games.invasion.game import InvasionGame

    original = InvasionGame.seat_view

    def leaky(self: InvasionGame, state: Any, seat: int) -> Any:
        view = original(self, state, seat)
        fields = {k: getattr(view, k) for k in type(view).__slots__}
        return {**fields, "deck": list(state.deck[seat])}

    monkeypatch.setattr(InvasionGame, "seat_view", leaky)
    with pytest.raises(AssertionError, match="seat view handed to bots"):
        check_leaks_all(get_game("invasion"))


def test_a_draw_told_to_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draconis Invasion, chapter 5: the cards drawn go to a hand the others do not see; the
    ``drew`` event names them to the drawer alone."""
    from wartable.games.invasion import zones

    original = zones.event

    def leaky(kind: str, /, to: tuple[int, ...] | None = None, **fields: Any) -> Event:
        return original(kind, None if kind == "drew" else to, **fields)

    monkeypatch.setattr(zones, "event", leaky)
    with pytest.raises(AssertionError, match=r'events shown to this seat.*"drew"'):
        check_leaks_all(get_game("invasion"))


def _graxia_observe_with(
    monkeypatch: pytest.MonkeyPatch, extra: Callable[[Any, int | None], dict[str, Any]]
) -> None:
    """Graxia's ``observe`` with the fields ``extra(state, seat)`` added to its result."""
    from wartable.games.graxia.game import GraxiaGame

    original = GraxiaGame.observe

    def leaky(self: GraxiaGame, state: Any, player: int | None) -> dict[str, Any]:
        return {**original(self, state, player), **extra(state, player)}

    monkeypatch.setattr(GraxiaGame, "observe", leaky)


def _graxia_other(seat: int | None) -> int:
    return 1 if seat is None else 1 - seat


def test_graxia_opponents_hand_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graxia: the cards in a hand are its owner's secret; the others see only how many."""
    _graxia_observe_with(
        monkeypatch, lambda s, seat: {"their_hand": sorted(s.hands[_graxia_other(seat)])}
    )
    with pytest.raises(AssertionError, match=SHOWN):
        check_leaks_all(get_game("graxia"))


def test_graxia_deck_order_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graxia: the decks are shuffled face down; nobody knows the next card."""
    _graxia_observe_with(monkeypatch, lambda s, seat: {"next_cards": [d[-1:] for d in s.decks]})
    with pytest.raises(AssertionError, match=SHOWN):
        check_leaks_all(get_game("graxia"))


def test_graxia_hidden_setup_placements_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graxia set-up: both seats place their starting units in secret, revealed together."""
    from wartable.games.graxia.state import PLACE

    def placed(s: Any, seat: int | None) -> dict[str, Any]:
        other = _graxia_other(seat)
        return {"their_placement": list(s.commit.buffers[other]) if s.phase == PLACE else []}

    _graxia_observe_with(monkeypatch, placed)
    with pytest.raises(AssertionError, match=SHOWN):
        check_leaks_all(get_game("graxia"))


def test_graxia_sacrifice_shown_before_the_reveal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graxia battle: the card (or bluff) each seat lays face down to sacrifice is revealed
    only when both have chosen."""
    from wartable.games.graxia.state import B_SAC

    def sacrificed(s: Any, seat: int | None) -> dict[str, Any]:
        other = _graxia_other(seat)
        return {"their_sacrifice": list(s.commit.buffers[other]) if s.phase == B_SAC else []}

    _graxia_observe_with(monkeypatch, sacrificed)
    with pytest.raises(AssertionError, match=SHOWN):
        check_leaks_all(get_game("graxia"))


def test_graxia_draw_told_to_both_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graxia: a card drawn goes to a hand the other seat does not see; the ``drawn`` event
    names it to the drawer alone."""
    from wartable.core.events import emit
    from wartable.games.graxia import effects

    def leaky(events: list[Event] | None, kind: str, /, to: Any = None, **fields: Any) -> None:
        emit(events, kind, None if kind == "drawn" else to, **fields)

    monkeypatch.setattr(effects, "emit", leaky)
    with pytest.raises(AssertionError, match=r'events shown to this seat.*"drawn"'):
        check_leaks_all(get_game("graxia"))
