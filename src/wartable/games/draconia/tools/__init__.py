"""Designer tools for Skirmish: Battle for Draconia (run as modules; not part of the rules)."""
