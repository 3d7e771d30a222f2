"""Guardians of Graxia's card and map data, from the TOML files to the engine's tables.

The chain: ``records`` (the validated pydantic records of ``../data``) → ``loading`` (reads
and cross-checks a data directory: the built-in one or an owner's ``--data``) → ``building``
(the engine's ``Catalog`` and ``Scenario``) → ``tables`` (those flat, frozen, indexed
tables, what the rules read). ``deckfile``: constructed decks and their rules.
"""
