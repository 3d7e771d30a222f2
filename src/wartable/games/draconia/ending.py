"""The end of the game: knock-outs, settlement victories, the end after round 6."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from . import settlements as settlement_cards
from .board import enemies, team_of, teams
from .state import BURN, CRACK, EMPTY, OVER, DraconiaState

LINES: Final = (0, 1, 2)


def _rank(s: DraconiaState, seats: list[int]) -> tuple[int, int]:
    return (sum(s.health[p] for p in seats), -sum(len(s.grave[p]) for p in seats))


def _best(s: DraconiaState, seats: list[int]) -> list[int]:
    """More health wins; then fewer units in the Graveyard; still tied: shared."""
    if teams(s):
        sides = {team_of(s, p) for p in seats}
        members = {t: [p for p in range(s.seats) if team_of(s, p) == t] for t in sides}
        if s.config.team_round_end == "team_total":
            key = {t: _rank(s, m) for t, m in members.items()}
        else:
            key = {t: max(_rank(s, [p]) for p in m) for t, m in members.items()}
        top = max(key.values())
        return [p for t in sides if key[t] == top for p in members[t]]
    top = max(_rank(s, [p]) for p in seats)
    return [p for p in seats if _rank(s, [p]) == top]


def _finish(s: DraconiaState, winners: list[int], reason: str, ev: list[Event] | None) -> None:
    s.winners = sorted(winners)
    s.end_reason = reason
    s.phase = OVER
    s.commit.open(())
    emit(ev, "game_over", winners=list(s.winners), reason=reason)


def end_by_rounds(s: DraconiaState, ev: list[Event] | None) -> None:
    alive = [p for p in range(s.seats) if s.alive[p]]
    _finish(s, _best(s, alive), "the last round ended", ev)


def eliminated(s: DraconiaState, seat: int) -> bool:
    return s.health[seat] <= 0 or len(s.grave[seat]) >= s.config.graveyard_limit


def _side(s: DraconiaState, seat: int) -> list[int]:
    return [p for p in range(s.seats) if team_of(s, p) == team_of(s, seat)]


def _settlement_win(s: DraconiaState) -> list[int]:
    """Saria Desert (3 Burn tokens placed), Fjord Krak (a slot cracked twice), Veiled Catacombs
    (6+ units in an opponent's Graveyard): win immediately."""
    winners: list[int] = []
    for p in range(s.seats):
        st = s.settlement[p]
        if not s.alive[p] or st == settlement_cards.NONE:
            continue
        won = (
            (
                st == settlement_cards.SARIA_DESERT
                and s.stokens[p] == 0
                and any(any(m[BURN : BURN + 3]) for m in s.marks)
            )
            or (
                st == settlement_cards.FJORD_KRAK
                and any(x >= 2 for m in s.marks for x in m[CRACK : CRACK + 3])
            )
            or (
                st == settlement_cards.VEILED_CATACOMBS
                and any(len(s.grave[q]) >= 6 for q in enemies(s, p))
            )
        )
        if won:
            winners.extend(_side(s, p))
    return sorted(set(winners))


def check_end(s: DraconiaState, ev: list[Event] | None) -> bool:
    """End of the Game: 0 health or 8 units in the Graveyard knocks a player out; the last
    survivor (or, in 2vs2, the team without a fallen member) wins at once."""
    if s.config.settlement_mode:
        won = _settlement_win(s)
        if won:
            _finish(s, won, "settlement victory", ev)
            return True
    out = [p for p in range(s.seats) if s.alive[p] and eliminated(s, p)]
    if not out:
        return False
    for p in out:
        s.alive[p] = False
        emit(ev, "knocked_out", seat=p)
    alive = [p for p in range(s.seats) if s.alive[p]]
    if teams(s):
        fallen = {team_of(s, p) for p in out}
        if len(fallen) == 2:
            _finish(s, _best(s, list(range(s.seats))), "both teams fell at once", ev)
        else:
            _finish(
                s,
                [p for p in range(s.seats) if team_of(s, p) not in fallen],
                "a team member fell",
                ev,
            )
        return True
    if len(alive) == 1:
        _finish(s, alive, "last player standing", ev)
        return True
    if not alive:
        # the last players fall in the same attack: decided like the end after round 6
        _finish(s, _best(s, out), "the last players fell at once", ev)
        return True
    for p in out:  # a knocked-out player's units leave the battlefield; the lines re-link
        for line in LINES:
            if s.field[p][line] != EMPTY:
                s.camp[p].append(s.field[p][line])
                s.field[p][line] = EMPTY
                s.face_up[p][line] = False
    return False
