"""The named records a Graxia state holds: the battle under way and the scenario's tracking
(the solo records are in solo_records.py).

Each is a class of int fields (native and unboxed in the compiled engine: a copy costs what a
list copy did). A pair of fields kept per seat, or per battle side (0 the attacker, 1 the
defender), is read through a method taking the seat or side (``bv(side)``) and written through
its setter (``set_bv(side, value)``). Positions, observations and views keep the flat integer
lists they always had: ``*_FIELDS`` give each field's place in that list, and ``to_list`` /
``from_list`` convert at those edges. Records compare equal when their lists do.
"""

from __future__ import annotations

from typing import Final

# each record's fields in the order of its flat list (positions, observations, views)
BATTLE_FIELDS: Final = (
    "attacker",
    "defender",
    "bv0",
    "bv1",
    "passes",
    "actor",
    "extra_wounds0",
    "extra_wounds1",
    "heal0",
    "heal1",
    "no_sacrifice",
    "destined",
    "used0",
    "used1",
    "wounds0",
    "wounds1",
    "escaped",
    "spare",
)
TRACK_FIELDS: Final = (
    "cities_held0",
    "cities_held1",
    "castle_held0",
    "castle_held1",
    "banner0",
    "banner1",
    "spy0",
    "spy1",
    "mana_killed0",
    "mana_killed1",
    "winner",
    "reason",
    "picks",
    "guardian_fell0",
    "guardian_fell1",
    "discount_used",
    "portal_power",
    "allies",
    "free_spells",
    "teleport_to",
    "first_seat",
    "pend_kind",
    "pend_seat",
    "pend_x",
    "pend_y",
    "pend_queue",
    "relic_window",
)


class Battle:
    """The battle under way (§7): its two units, battle values, the exchange of cards, and
    what the cards played did to it."""

    __slots__ = (
        "actor",
        "attacker",
        "bv0",
        "bv1",
        "defender",
        "destined",
        "escaped",
        "extra_wounds0",
        "extra_wounds1",
        "heal0",
        "heal1",
        "no_sacrifice",
        "passes",
        "spare",
        "used0",
        "used1",
        "wounds0",
        "wounds1",
    )

    def __init__(self) -> None:
        self.attacker = 0  # the attacking unit's cell (side 0)
        self.defender = 0  # the defending unit's cell (side 1)
        self.bv0 = 0  # battle values
        self.bv1 = 0
        self.passes = 0  # consecutive passes in the card exchange (two end it)
        self.actor = 0  # the side whose turn it is in the exchange
        self.extra_wounds0 = 0  # wounds added to (or taken from) what each side deals
        self.extra_wounds1 = 0
        self.heal0 = 0  # wounds each side heals after the battle
        self.heal1 = 0
        self.no_sacrifice = 0  # a bit per side: may not sacrifice (No Sacrifice)
        self.destined = 0  # side + 1 of the unit that must win (Destined Victory), 0 none
        self.used0 = 0  # bits: each side's battle abilities used (and SILENCED)
        self.used1 = 0
        self.wounds0 = 0  # the wounds each side deals, once counted
        self.wounds1 = 0
        self.escaped = 0  # 1: an escape card ends the battle at once, no wounds
        self.spare = 0  # unused: keeps the flat list's length (positions)

    def copy(self) -> Battle:
        b = Battle()
        b.attacker = self.attacker
        b.defender = self.defender
        b.bv0 = self.bv0
        b.bv1 = self.bv1
        b.passes = self.passes
        b.actor = self.actor
        b.extra_wounds0 = self.extra_wounds0
        b.extra_wounds1 = self.extra_wounds1
        b.heal0 = self.heal0
        b.heal1 = self.heal1
        b.no_sacrifice = self.no_sacrifice
        b.destined = self.destined
        b.used0 = self.used0
        b.used1 = self.used1
        b.wounds0 = self.wounds0
        b.wounds1 = self.wounds1
        b.escaped = self.escaped
        b.spare = self.spare
        return b

    def cell(self, side: int) -> int:
        return self.defender if side else self.attacker

    def bv(self, side: int) -> int:
        return self.bv1 if side else self.bv0

    def set_bv(self, side: int, value: int) -> None:
        if side:
            self.bv1 = value
        else:
            self.bv0 = value

    def extra_wounds(self, side: int) -> int:
        return self.extra_wounds1 if side else self.extra_wounds0

    def set_extra_wounds(self, side: int, value: int) -> None:
        if side:
            self.extra_wounds1 = value
        else:
            self.extra_wounds0 = value

    def heal(self, side: int) -> int:
        return self.heal1 if side else self.heal0

    def set_heal(self, side: int, value: int) -> None:
        if side:
            self.heal1 = value
        else:
            self.heal0 = value

    def used(self, side: int) -> int:
        return self.used1 if side else self.used0

    def set_used(self, side: int, value: int) -> None:
        if side:
            self.used1 = value
        else:
            self.used0 = value

    def wounds(self, side: int) -> int:
        return self.wounds1 if side else self.wounds0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Battle) and self.to_list() == other.to_list()

    def to_list(self) -> list[int]:
        return [
            self.attacker,
            self.defender,
            self.bv0,
            self.bv1,
            self.passes,
            self.actor,
            self.extra_wounds0,
            self.extra_wounds1,
            self.heal0,
            self.heal1,
            self.no_sacrifice,
            self.destined,
            self.used0,
            self.used1,
            self.wounds0,
            self.wounds1,
            self.escaped,
            self.spare,
        ]

    @staticmethod
    def from_list(values: list[int]) -> Battle:
        if len(values) != 18:
            raise ValueError(f"Battle takes 18 values, got {len(values)}")
        b = Battle()
        b.attacker = values[0]
        b.defender = values[1]
        b.bv0 = values[2]
        b.bv1 = values[3]
        b.passes = values[4]
        b.actor = values[5]
        b.extra_wounds0 = values[6]
        b.extra_wounds1 = values[7]
        b.heal0 = values[8]
        b.heal1 = values[9]
        b.no_sacrifice = values[10]
        b.destined = values[11]
        b.used0 = values[12]
        b.used1 = values[13]
        b.wounds0 = values[14]
        b.wounds1 = values[15]
        b.escaped = values[16]
        b.spare = values[17]
        return b


class Track:
    """What the scenario keeps count of (§8 victory conditions, §5 phases), the pending
    choice (choices.py) and the open relic window (relics.py)."""

    __slots__ = (
        "allies",
        "banner0",
        "banner1",
        "castle_held0",
        "castle_held1",
        "cities_held0",
        "cities_held1",
        "discount_used",
        "first_seat",
        "free_spells",
        "guardian_fell0",
        "guardian_fell1",
        "mana_killed0",
        "mana_killed1",
        "pend_kind",
        "pend_queue",
        "pend_seat",
        "pend_x",
        "pend_y",
        "picks",
        "portal_power",
        "reason",
        "relic_window",
        "spy0",
        "spy1",
        "teleport_to",
        "winner",
    )

    def __init__(self) -> None:
        self.cities_held0 = 0  # turns each seat has held both cities (City Siege)
        self.cities_held1 = 0
        self.castle_held0 = 0  # consecutive turns each seat has controlled the castle
        self.castle_held1 = 0
        self.banner0 = 0  # each seat's banner location (Banner Wars)
        self.banner1 = 0
        self.spy0 = 0  # each seat's spy, a unit type (Assassination; -1 none yet, -2 fell)
        self.spy1 = 0
        self.mana_killed0 = 0  # mana of enemy units each seat has destroyed
        self.mana_killed1 = 0
        self.winner = 0  # the winning seat, -1 none
        self.reason = 0  # the victory's index into state.REASONS
        self.picks = 0  # draft picks made (§9.1 #6); 1 while a seat chooses who goes first
        self.guardian_fell0 = 0  # the round each seat's Guardian fell, -1 standing
        self.guardian_fell1 = 0
        self.discount_used = 0  # 1: this round's summoning discount is spent
        self.portal_power = 0  # 0 unused this round, 1 used, 2 one of two portals removed
        self.allies = 0  # 1: the Allies discount is waiting for its summon
        self.free_spells = 0  # command spells still free this round
        self.teleport_to = 0  # Mystic Gate: the destination cell + 1, 0 none
        self.first_seat = 0  # the seat that plays the first round
        self.pend_kind = 0  # the pending choice's kind (choices.py), 0 none
        self.pend_seat = 0  # the seat making it
        self.pend_x = 0  # its two parameters
        self.pend_y = 0
        self.pend_queue = 0  # a queued second reflection (Aura of Reflection)
        self.relic_window = 0  # 0 none, 1 end of the Command Phase, 2 after an action

    def copy(self) -> Track:
        t = Track()
        t.cities_held0 = self.cities_held0
        t.cities_held1 = self.cities_held1
        t.castle_held0 = self.castle_held0
        t.castle_held1 = self.castle_held1
        t.banner0 = self.banner0
        t.banner1 = self.banner1
        t.spy0 = self.spy0
        t.spy1 = self.spy1
        t.mana_killed0 = self.mana_killed0
        t.mana_killed1 = self.mana_killed1
        t.winner = self.winner
        t.reason = self.reason
        t.picks = self.picks
        t.guardian_fell0 = self.guardian_fell0
        t.guardian_fell1 = self.guardian_fell1
        t.discount_used = self.discount_used
        t.portal_power = self.portal_power
        t.allies = self.allies
        t.free_spells = self.free_spells
        t.teleport_to = self.teleport_to
        t.first_seat = self.first_seat
        t.pend_kind = self.pend_kind
        t.pend_seat = self.pend_seat
        t.pend_x = self.pend_x
        t.pend_y = self.pend_y
        t.pend_queue = self.pend_queue
        t.relic_window = self.relic_window
        return t

    def cities_held(self, seat: int) -> int:
        return self.cities_held1 if seat else self.cities_held0

    def set_cities_held(self, seat: int, value: int) -> None:
        if seat:
            self.cities_held1 = value
        else:
            self.cities_held0 = value

    def castle_held(self, seat: int) -> int:
        return self.castle_held1 if seat else self.castle_held0

    def set_castle_held(self, seat: int, value: int) -> None:
        if seat:
            self.castle_held1 = value
        else:
            self.castle_held0 = value

    def banner(self, seat: int) -> int:
        return self.banner1 if seat else self.banner0

    def set_banner(self, seat: int, cell: int) -> None:
        if seat:
            self.banner1 = cell
        else:
            self.banner0 = cell

    def spy(self, seat: int) -> int:
        return self.spy1 if seat else self.spy0

    def set_spy(self, seat: int, unit: int) -> None:
        if seat:
            self.spy1 = unit
        else:
            self.spy0 = unit

    def mana_killed(self, seat: int) -> int:
        return self.mana_killed1 if seat else self.mana_killed0

    def set_mana_killed(self, seat: int, value: int) -> None:
        if seat:
            self.mana_killed1 = value
        else:
            self.mana_killed0 = value

    def guardian_fell(self, seat: int) -> int:
        return self.guardian_fell1 if seat else self.guardian_fell0

    def set_guardian_fell(self, seat: int, round_no: int) -> None:
        if seat:
            self.guardian_fell1 = round_no
        else:
            self.guardian_fell0 = round_no

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Track) and self.to_list() == other.to_list()

    def to_list(self) -> list[int]:
        return [
            self.cities_held0,
            self.cities_held1,
            self.castle_held0,
            self.castle_held1,
            self.banner0,
            self.banner1,
            self.spy0,
            self.spy1,
            self.mana_killed0,
            self.mana_killed1,
            self.winner,
            self.reason,
            self.picks,
            self.guardian_fell0,
            self.guardian_fell1,
            self.discount_used,
            self.portal_power,
            self.allies,
            self.free_spells,
            self.teleport_to,
            self.first_seat,
            self.pend_kind,
            self.pend_seat,
            self.pend_x,
            self.pend_y,
            self.pend_queue,
            self.relic_window,
        ]

    @staticmethod
    def from_list(values: list[int]) -> Track:
        if len(values) != 27:
            raise ValueError(f"Track takes 27 values, got {len(values)}")
        t = Track()
        t.cities_held0 = values[0]
        t.cities_held1 = values[1]
        t.castle_held0 = values[2]
        t.castle_held1 = values[3]
        t.banner0 = values[4]
        t.banner1 = values[5]
        t.spy0 = values[6]
        t.spy1 = values[7]
        t.mana_killed0 = values[8]
        t.mana_killed1 = values[9]
        t.winner = values[10]
        t.reason = values[11]
        t.picks = values[12]
        t.guardian_fell0 = values[13]
        t.guardian_fell1 = values[14]
        t.discount_used = values[15]
        t.portal_power = values[16]
        t.allies = values[17]
        t.free_spells = values[18]
        t.teleport_to = values[19]
        t.first_seat = values[20]
        t.pend_kind = values[21]
        t.pend_seat = values[22]
        t.pend_x = values[23]
        t.pend_y = values[24]
        t.pend_queue = values[25]
        t.relic_window = values[26]
        return t
