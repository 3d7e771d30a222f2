"""The Graxia state: flat per-cell lists of ints, hands and decks as lists, named records
(state_records.py) for the battle and the scenario's tracking, a cheap copy.

Cells are the scenario board's indices ``0..C-1``. Cards are ints: unit types
``0..U-1``, spells ``U..U+S-1`` (the catalog's order). Decks are five piles: unit
decks of seat 0 and 1, spell decks of seat 0 and 1, and the solo non-player's command
spell deck (empty in two-player games); scenarios with a shared deck point both seats at
the same pile (``udeck``/``sdeck``).

Solo scenarios (§9.2) add ``npc`` (the non-player driver's progress, ``NpcProgress``),
``solo`` (scenario bookkeeping, ``SoloBook``; both solo_records.py) and ``gone`` (per cell:
1 once the tile left the game).
"""

from __future__ import annotations

from typing import Final

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from .catalog.tables import Catalog, Scenario
from .config import GraxiaConfig
from .solo_records import NpcProgress, SoloBook
from .state_records import Battle, Track
from .variant import Variant

# phases
GUARD: Final = 0
DRAFT: Final = 1
PLACE: Final = 2
DRAW: Final = 3
COMMAND: Final = 4
B_EXCH: Final = 5
B_SAC: Final = 6
B_RETREAT: Final = 7
B_ADVANCE: Final = 8
BUY: Final = 9
OVER: Final = 10
RELIC: Final = 11  # the other seat's relic window in the phasing seat's round (§5.2 Relics)
PHASES: Final = (
    "guardian",
    "draft",
    "place",
    "draw",
    "command",
    "battle",
    "sacrifice",
    "retreat",
    "advance",
    "buy",
    "over",
    "relic",
)

# per-unit flags (bits of ``flags[cell]``)
MOVED: Final = 1
ATTACKED: Final = 2
SHIELD_NOW: Final = 4  # formed a shield this round
ABILITY: Final = 8  # used a command ability (or was summoned: no action this round)
SUMMONED: Final = 16
STUNNED: Final = 32  # does nothing on its next round (Bedazzle, Blunderbuss)
SHIELD: Final = 64  # shield marker
BARRIER: Final = 128  # Dragon Barrier for the rest of the round
EXTRA_MOVE: Final = 256  # used its one extra "move" ability
CARRIER: Final = 512  # Banner Wars: carries its owner's banner
STUN_LATER: Final = 1024  # stunned during its own round: stunned on its next round
STEALTH: Final = (
    2048  # Stealth marker: no enemy ranged abilities or command spells (until its round)
)
ANCHORED: Final = 4096  # solo: a non-player unit that never moves (it still attacks and advances)
ROUND_FLAGS: Final = MOVED | ATTACKED | SHIELD_NOW | ABILITY | SUMMONED | BARRIER | EXTRA_MOVE
HEAD_EAST: Final = (
    8192  # solo-6: a non-player unit moving east in a straight line (solo/npc_move.py)
)
HEAD_WEST: Final = 16384  # ... moving west
FLAG_MASK: Final = 32767

# the piles of a solo game's non-player (side 1): its unit deck (``udeck[1]``; the Player's
# pile 0 when the scenario gives it none), its battle spell deck (``sdeck[1]``) and its
# command spell deck
NPC_UNITS: Final = 1
NPC_BATTLE: Final = 3
NPC_COMMAND: Final = 4
PILES: Final = 5

REASONS: Final = (
    "",
    "held both cities for a full turn",
    "controlled the castle for 3 consecutive turns",
    "eliminated the opponent's Guardian",
    "brought the banner to the enemy's banner location",
    "controlled 8 cities, castles, villages or boulder fields",
    "captured Flist's castle",
    "held Flist's castle until the end of turn 10",
    "eliminated the opponent's spy",
    "most victory points at the turn limit",
    "most tiles at the turn limit",
    "most mana at the turn limit",
    "tie at the turn limit",
    "most mana of enemy units destroyed",
    "most mana value of owned tiles",
    "the opponent has no units and no way to summon",
    "killed Sype and took 3 of the 4 objectives",
    "the objectives can no longer be met",
    "eliminated Talon and Ebon",
    "lost 6 castles, cities or villages",
    "controlled every tile of Home Rows A, B, C and D",
    "turn 6 ended",
    "reached the victory points target",
    "the Non-Player reached its victory points target",
    "the turn limit",
    "continent B disappeared",
)


class GraxiaState:
    __slots__ = (
        "bat",
        "cat",
        "commit",
        "config",
        "ctrl",
        "current",
        "decisions",
        "decks",
        "discards",
        "draws",
        "flags",
        "gone",
        "guard",
        "hands",
        "mana",
        "npc",
        "owner",
        "phase",
        "pool",
        "portal",
        "rng",
        "round_no",
        "sc",
        "sdeck",
        "solo",
        "sup",
        "track",
        "udeck",
        "unit",
        "variant",
        "vp",
        "wounds",
    )

    def __init__(
        self,
        config: GraxiaConfig,
        rng: Rng,
        cat: Catalog,
        sc: Scenario,
        variant: Variant,
        blank: bool = True,
    ) -> None:
        n = sc.board.size
        self.config = config
        self.rng = rng
        self.cat = cat
        self.sc = sc
        self.variant = variant  # what the scenario's family adds to the rules (variant.py)
        if not blank:  # ``copy`` sets every field itself (the compiled engine needs a constructor)
            return
        self.phase = GUARD
        self.round_no = 0  # player rounds played: turn = round_no // 2 + 1
        self.current = sc.first
        self.decisions = 0
        self.unit = [-1] * n
        self.owner = [-1] * n
        self.wounds = [0] * n
        self.flags = [0] * n
        self.ctrl = list(sc.control)
        self.portal = [-1] * n
        self.mana = list(sc.mana)
        self.vp = [0, 0]
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [[], [], [], [], []]
        self.discards: list[list[int]] = [[], [], [], [], []]
        self.udeck = [0, 0 if sc.shared_units else 1]
        self.sdeck = [2, 2 if sc.shared_spells else 3]
        self.pool: list[list[int]] = [[], []]  # set-up: units drawn to choose from
        self.guard = [-1, -1]  # each seat's Guardian card
        self.draws = 0  # free draws left in this Draw phase
        self.commit = Commitments(2)
        self.bat = Battle()  # the battle under way (state_records.py)
        self.sup: list[int] = []  # supporting cells of the current battle
        self.track = Track()
        self.track.banner0, self.track.banner1 = sc.banners
        self.track.spy0 = self.track.spy1 = -1
        self.track.winner = -1
        self.track.guardian_fell0 = self.track.guardian_fell1 = -1
        self.npc = NpcProgress([0] * n)  # solo: the Non-Player driver's progress
        self.solo = SoloBook([0] * n)  # solo: the scenario's bookkeeping
        self.gone = [0] * n

    @property
    def turn(self) -> int:
        return self.round_no // 2 + 1

    def copy(self) -> GraxiaState:
        s = GraxiaState(self.config, self.rng.copy(), self.cat, self.sc, self.variant, blank=False)
        s.phase = self.phase
        s.round_no = self.round_no
        s.current = self.current
        s.decisions = self.decisions
        s.unit = self.unit[:]
        s.owner = self.owner[:]
        s.wounds = self.wounds[:]
        s.flags = self.flags[:]
        s.ctrl = self.ctrl[:]
        s.portal = self.portal[:]
        s.mana = self.mana[:]
        s.vp = self.vp[:]
        h = self.hands
        s.hands = [h[0][:], h[1][:]]
        d = self.decks
        s.decks = [d[0][:], d[1][:], d[2][:], d[3][:], d[4][:]]
        d = self.discards
        s.discards = [d[0][:], d[1][:], d[2][:], d[3][:], d[4][:]]
        s.udeck = self.udeck[:]
        s.sdeck = self.sdeck[:]
        p = self.pool
        s.pool = [p[0][:], p[1][:]]
        s.guard = self.guard[:]
        s.draws = self.draws
        s.commit = self.commit.copy()
        s.bat = self.bat.copy()
        s.sup = self.sup[:]
        s.track = self.track.copy()
        if self.sc.solo:
            s.npc = self.npc.copy()
            s.solo = self.solo.copy()
        else:  # a two-player game never writes the solo records: copies share the blank ones
            s.npc = self.npc
            s.solo = self.solo
        s.gone = self.gone[:]
        return s

    # small helpers the rules share
    def hand_size(self, seat: int) -> int:
        """Cards in hand including the Tactics/Bluff card (§5.0)."""
        return len(self.hands[seat]) + 1

    def guardian_cell(self, seat: int) -> int:
        g = self.guard[seat]
        if g < 0:
            return -1
        unit, owner = self.unit, self.owner
        for c in range(len(unit)):
            if unit[c] == g and owner[c] == seat:
                return c
        return -1

    def health_left(self, c: int) -> int:
        return self.cat.units[self.unit[c]].health - self.wounds[c]
