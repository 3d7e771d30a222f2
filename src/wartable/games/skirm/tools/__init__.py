"""Designer tools for the Skirm duel: the card matrix, the best play, the ceiling (run as
modules; not part of the rules)."""
