"""Graxia's scenario briefings for the web table: how each scenario is won and lost, in the
project's own words after the rulebook's §9.1 (two-player) and §9.2 (solo) set-up texts, and
the terrain effects of §5.4 that a map legend names."""

from __future__ import annotations

# scenario id -> (how it is won, how it is lost or ends, special rules a person must know)
BRIEFS: dict[str, tuple[list[str], list[str], list[str]]] = {
    "2p-1": (
        [
            "Hold both cities for one full turn.",
            "Or, after turn 5, have the most victory points: 1 for each enemy unit eliminated "
            "and each village captured or recaptured, 2 for the enemy Guardian eliminated and "
            "each city captured or recaptured.",
        ],
        ["A tie on points goes to the player with more tiles."],
        [
            "Each player draws 10 units and places up to 30 mana of them face down; both sides "
            "turn them face up together."
        ],
    ),
    "2p-2": (
        [
            "Control the castle for 3 turns in a row, or eliminate the enemy Guardian.",
            "Or, after turn 8, have the most victory points: 1 for each enemy unit eliminated, "
            "each round the castle is held and each village captured; 4 for each city captured.",
        ],
        ["A tie on points goes to the player with more tiles."],
        ["Each player draws 10 units and places up to 30 mana of them face down."],
    ),
    "2p-3": (
        [
            "Carry your Banner to the enemy's starting Banner tile.",
            "Or, after turn 10, control the most tiles (then the most mana).",
        ],
        ["Otherwise the game is a tie."],
        [
            "Any unit but a Guardian picks the Banner up by entering its tile; a bearer does "
            "nothing else that round and drops it when eliminated.",
            "At most 1 Large Creature and 2 Heroes on the board at any time.",
        ],
    ),
    "2p-4": (
        [
            "Control 8 cities, castles, villages or the boulder field before turn 9.",
            "Or, after turn 9, have the most victory points: 1 a village, 2 a castle, 3 a city, "
            "5 the boulder field, 1 each for most tiles, most units and most mana.",
        ],
        [],
        [
            "Each player chooses 30 mana of starting units from half the Unit Deck, and 30 more "
            "as reinforcements on top of the deck."
        ],
    ),
    "2p-5": (
        ["Shadd wins by capturing Flist's castle by turn 10."],
        ["Flist wins if the castle still stands after turn 10."],
        [
            "Flist starts with 250 mana, never collects more, and controls the first three rows "
            "on that side."
        ],
    ),
    "2p-6": (
        [
            "Eliminate the enemy's secret spy unit: each unit you eliminate is checked against "
            "the enemy's Verification Deck.",
            "Or, after turn 10, control the most tiles (then the most mana).",
        ],
        ["Otherwise the game is a tie."],
        ["Both sides draft 10 normal units and choose a spy; hand limit 9."],
    ),
    "custom": (
        ["After 5 turns, the player who destroyed the most mana of enemy units wins."],
        ["Ties go to the most mana in tiles, then the most tiles."],
        [],
    ),
    "solo-1": (
        [
            "Kill Sype, the enemy warlord, and hold 3 of the 4 objectives before continent B "
            "is gone: all villages, all portals, all castles, all cities."
        ],
        ["You lose when the objectives can no longer be met."],
        [
            "From turn 3, at the start of every odd turn, a row of tiles leaves the game, in "
            "sequence from your Home Row up to continent B's far edge: units on it leave with it.",
            "Portals link continent A to continent B.",
            "The enemy's units never move; they shoot or attack whatever is next to them.",
        ],
    ),
    "solo-2": (
        ["Eliminate Talon and Ebon (they arrive on the Non-Player's third turn)."],
        ["You lose after losing 6 castles, cities or villages in all."],
        [
            "Each settlement the Non-Player captures costs you 5 cards of your choice.",
            "All damage the Non-Player deals is 2 higher.",
        ],
    ),
    "solo-3": (
        ["Control every tile of Home Rows A, B, C and D before the end of turn 6."],
        ["You lose at the end of turn 6."],
        [
            "Before the game you choose one corner as your Home Row; each grants its own "
            "benefits (below)."
        ],
    ),
    "solo-4": (
        [
            "Collect 60 victory points: 5 a city or castle, 3 a village, 2 a swamp or lake "
            "(each once), 2 each Non-Player unit eliminated. You may spend points as mana."
        ],
        [
            "You lose at once when the Non-Player has 60: 10 for each hill it takes, 10 for "
            "each of your units eliminated."
        ],
        ["You build your own decks."],
    ),
    "solo-5": (
        [
            "Collect 50 victory points: 5 for holding all tiles of one terrain (each terrain "
            "once), 1 for each Non-Player unit eliminated. You may spend points as mana."
        ],
        [
            "You lose at once when the Non-Player has 35: 5 for all tiles of one terrain, 2 "
            "for each of your units eliminated."
        ],
        ["You build your own decks."],
    ),
    "solo-6": (
        [
            "Collect 50 victory points: 10 all hills, 10 all boulder fields, 15 all forests, "
            "5 all columns (each once), 2 each Non-Player unit eliminated."
        ],
        [
            "You lose at once when the Non-Player has 50: 20 a castle, 30 a city, 10 the "
            "boulder field, 10 a hill."
        ],
        [
            "A Non-Player unit summoned onto your unit wounds it 3 and pushes it back.",
            "You build your own decks.",
        ],
    ),
}

# §9.2 Solo Scenario 3: the four Home Rows' benefits
HOME_ROWS = {
    "A": ["All cards cost half (rounded down).", "Initial hand: 10 cards of your choice.",
          "Start with 100 mana.", "Hand limit 15."],
    "B": ["Your units have double health.", "Start with 50 mana.", "Hand limit 5."],
    "C": ["Initial draw of 8 unit and 8 spell cards.", "Start with 150 mana.",
          "Hand limit 20."],
    "D": ["Once a round: Mend (heal 4 wounds), Summon Power (a free summon), Volley (double "
          "a unit's missile damage); Blood Vigor: +1 wound in every battle.",
          "Start with 75 mana.", "Hand limit 15."],
}  # fmt: skip

# §5.4 terrain effects on movement and battle, for the map legend
TERRAIN_NOTES = {
    "plains": "Cavalry +5 battle value.",
    "forest": "Cavalry -3 battle value; 1 fewer wound from command-phase attacks.",
    "hills": "Defence bonus of the tile.",
    "swamp": "Defence bonus of the tile.",
    "lake": "Defence bonus of the tile.",
    "rough_lands": "Infantry -3 battle value.",
    "boulder_fields": "Defending infantry +4, its attacker -4; entered only from north or "
    "south (dwarves and goblins: any side).",
    "columns": "Magic units -3 battle value.",
    "mountains": "Only dwarves, goblins and flyers may enter.",
    "city": "Settlement; 1 fewer wound from command-phase attacks.",
    "castle": "Settlement; 2 fewer wounds from command-phase attacks.",
    "village": "Settlement.",
}
