"""clickbox: four tabletop games behind one protocol.

>>> import clickbox
>>> game = clickbox.load("clickety-clack(players=3,side=B)")
>>> game.spec()
'clickety-clack(players=3,side=B)'
"""

from ._version import __version__
from .core import CHANCE, TERMINAL, GameBase, GameRecord, Match, Outcome, StateBase, play
from .games import CATALOG, load

__all__ = [
    "CATALOG",
    "CHANCE",
    "TERMINAL",
    "GameBase",
    "GameRecord",
    "Match",
    "Outcome",
    "StateBase",
    "__version__",
    "load",
    "play",
]
