"""Guardians of Graxia's solo scenarios (§9.2): the Non-Player's driver (``npc*``) and the six
scenarios' set-up, rules, awards and the Player's choices.

``npc.py`` drives the Non-Player's round (its orders ``npc_order``, moves ``npc_move``,
cards ``npc_cards``, battles ``npc_battle``, the Player's choices in its turn
``npc_choice``); ``setup.py`` the scenario's set-up (the Player's Home Row, decks, units);
``rules.py`` the turn's special rules (rows removed, reinforcements, Home-Row abilities);
``wave.py`` spawns and Solo 6's wave; ``awards.py`` points, lost settlements, objectives
and the results; ``player_choices.py`` the Player's queued choices (cards to lose,
placements); ``options.py`` the scenario's named options; ``bots.py`` what the Player's
bots know of a solo scenario.
"""
