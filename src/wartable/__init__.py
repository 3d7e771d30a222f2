"""wartable: a digital table for tabletop battle games."""

from wartable._fast import package_path

__version__ = "0.1.0"

# the compiled engine when one was built from this very source (wartable/_fast.py)
__path__ = package_path(__path__)
