"""Reusable checks for game implementations (the conformance suite lives here)."""
