"""wartable: a digital table for tabletop battle games."""

__version__ = "0.1.0"
