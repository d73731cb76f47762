"""clickbox: four tabletop games behind one protocol.

>>> import clickbox
>>> game = clickbox.load("clickety-clack(players=3,side=B)")
>>> game.spec()
'clickety-clack(players=3,side=B)'

The names below are loaded on first use, so ``import clickbox.core`` loads no game.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import _build  # noqa: F401  (first: it decides whether compiled modules load)
from ._version import __version__

_LAZY = {
    "CATALOG": "clickbox.games",
    "load": "clickbox.games",
    "CHANCE": "clickbox.core",
    "TERMINAL": "clickbox.core",
    "GameBase": "clickbox.core",
    "GameRecord": "clickbox.core",
    "Match": "clickbox.core",
    "Outcome": "clickbox.core",
    "StateBase": "clickbox.core",
    "play": "clickbox.core",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'clickbox' has no attribute {name!r}")


__all__ = ["__version__", *_LAZY]
