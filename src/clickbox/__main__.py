"""``python -m clickbox``."""

from .cli.main import entry

entry()
