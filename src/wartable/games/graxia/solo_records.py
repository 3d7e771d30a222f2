"""The named records a solo Graxia state holds (§9.2): the Non-Player driver's progress and
the scenario's bookkeeping, each with a list of one entry per cell after its named fields.
The same shape as state_records.py: int fields, ``copy``, ``to_list``/``from_list`` in
``*_FIELDS`` order at the position and observation edges. Two-player states hold blank
ones, shared between copies.
"""

from __future__ import annotations

from typing import Final

# each record's named fields in the order of its flat list (positions, observations)
NPC_FIELDS: Final = (
    "stage",
    "played",
    "battle_drawn",
    "mover",
    "turns",
    "foe",
    "dest",
    "announced_turn",
)

SOLO_FIELDS: Final = (
    "settlements_lost",
    "spare",
    "row_d_used",
    "home_row",
    "awards0",
    "awards1",
    "cards_to_lose",
    "reinforcements",
    "reinforcement_sets",
    "volley",
    "objectives_lost",
    "sype_fate",
    "bosses_killed",
    "placing",
    "setup_step",
)


class NpcProgress:
    """The Non-Player driver's progress through its round (solo/npc.py), and a mark per cell:
    1 where an option of the Player's pending choice lies."""

    __slots__ = (
        "announced_turn",
        "battle_drawn",
        "dest",
        "foe",
        "marks",
        "mover",
        "played",
        "stage",
        "turns",
    )

    def __init__(self, marks: list[int]) -> None:
        self.stage = 0  # the stage of its round (solo/npc.py START .. END)
        self.played = 0  # command cards played this round
        self.battle_drawn = 0  # 1: battle cards drawn for the current battle
        self.mover = -1  # the unit waiting for the Player's choice (its cell), -1 none
        self.turns = 0  # its turns begun
        self.foe = -1  # the attacked cell chosen, -1 none
        self.dest = -1  # the destination chosen, -1 none
        self.announced_turn = 0  # the last Game Turn whose start was announced
        self.marks = marks  # a mark per cell

    def copy(self) -> NpcProgress:
        n = NpcProgress(self.marks[:])
        n.stage = self.stage
        n.played = self.played
        n.battle_drawn = self.battle_drawn
        n.mover = self.mover
        n.turns = self.turns
        n.foe = self.foe
        n.dest = self.dest
        n.announced_turn = self.announced_turn
        return n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NpcProgress) and self.to_list() == other.to_list()

    def to_list(self) -> list[int]:
        """The named fields in ``NPC_FIELDS`` order, then the marks."""
        return [
            self.stage,
            self.played,
            self.battle_drawn,
            self.mover,
            self.turns,
            self.foe,
            self.dest,
            self.announced_turn,
            *self.marks,
        ]

    @staticmethod
    def from_list(values: list[int]) -> NpcProgress:
        """The fields in ``NPC_FIELDS`` order, then one entry per cell."""
        if len(values) < 8:
            raise ValueError(f"NpcProgress takes at least 8 values, got {len(values)}")
        n = NpcProgress(values[8:])
        n.stage = values[0]
        n.played = values[1]
        n.battle_drawn = values[2]
        n.mover = values[3]
        n.turns = values[4]
        n.foe = values[5]
        n.dest = values[6]
        n.announced_turn = values[7]
        return n


class SoloBook:
    """A solo scenario's bookkeeping (solo/rules.py, solo/awards.py, solo/setup.py), and per
    cell the once-per-game "took this tile" awards (bit 1 the Player's, bit 2 the
    Non-Player's; solo-4 and solo-6)."""

    __slots__ = (
        "awards0",
        "awards1",
        "bosses_killed",
        "cards_to_lose",
        "home_row",
        "objectives_lost",
        "placing",
        "reinforcement_sets",
        "reinforcements",
        "row_d_used",
        "settlements_lost",
        "setup_step",
        "spare",
        "sype_fate",
        "took",
        "volley",
    )

    def __init__(self, took: list[int]) -> None:
        self.settlements_lost = 0  # castles, cities and villages the Player has lost
        self.spare = 0  # unused: keeps the flat list's layout (positions)
        self.row_d_used = 0  # bits: Home-Row D abilities used this round
        self.home_row = 0  # the chosen Home Row (solo-3), -1 not chosen yet
        self.awards0 = 0  # bits: land types whose award each side has taken
        self.awards1 = 0
        self.cards_to_lose = 0  # cards the Player must still discard
        self.reinforcements = 0  # bits: land types whose unit the Player must still place
        self.reinforcement_sets = 0  # further sets of reinforcements queued (solo-5)
        self.volley = 0  # the Volley unit's cell + 1, 0 none
        self.objectives_lost = 0  # bits: objectives that can no longer be met
        self.sype_fate = 0  # 0 alive, 1 the Player killed Sype, 2 Sype fell otherwise
        self.bosses_killed = 0  # bits: 1 Talon, 2 Ebon
        self.placing = 0  # 1 while a placement is under way
        self.setup_step = 0  # the solo set-up's step (solo/setup.py)
        self.took = took  # a tile's awards per cell

    def copy(self) -> SoloBook:
        b = SoloBook(self.took[:])
        b.settlements_lost = self.settlements_lost
        b.spare = self.spare
        b.row_d_used = self.row_d_used
        b.home_row = self.home_row
        b.awards0 = self.awards0
        b.awards1 = self.awards1
        b.cards_to_lose = self.cards_to_lose
        b.reinforcements = self.reinforcements
        b.reinforcement_sets = self.reinforcement_sets
        b.volley = self.volley
        b.objectives_lost = self.objectives_lost
        b.sype_fate = self.sype_fate
        b.bosses_killed = self.bosses_killed
        b.placing = self.placing
        b.setup_step = self.setup_step
        return b

    def awards(self, side: int) -> int:
        return self.awards1 if side else self.awards0

    def set_awards(self, side: int, bits: int) -> None:
        if side:
            self.awards1 = bits
        else:
            self.awards0 = bits

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SoloBook) and self.to_list() == other.to_list()

    def to_list(self) -> list[int]:
        """The named fields in ``SOLO_FIELDS`` order, then the per-cell awards."""
        return [
            self.settlements_lost,
            self.spare,
            self.row_d_used,
            self.home_row,
            self.awards0,
            self.awards1,
            self.cards_to_lose,
            self.reinforcements,
            self.reinforcement_sets,
            self.volley,
            self.objectives_lost,
            self.sype_fate,
            self.bosses_killed,
            self.placing,
            self.setup_step,
            *self.took,
        ]

    @staticmethod
    def from_list(values: list[int]) -> SoloBook:
        """The fields in ``SOLO_FIELDS`` order, then one entry per cell."""
        if len(values) < 15:
            raise ValueError(f"SoloBook takes at least 15 values, got {len(values)}")
        b = SoloBook(values[15:])
        b.settlements_lost = values[0]
        b.spare = values[1]
        b.row_d_used = values[2]
        b.home_row = values[3]
        b.awards0 = values[4]
        b.awards1 = values[5]
        b.cards_to_lose = values[6]
        b.reinforcements = values[7]
        b.reinforcement_sets = values[8]
        b.volley = values[9]
        b.objectives_lost = values[10]
        b.sype_fate = values[11]
        b.bosses_killed = values[12]
        b.placing = values[13]
        b.setup_step = values[14]
        return b
