"""Every game of clickbox, as an explicit tuple, and the catalog built from it."""

from __future__ import annotations

from collections.abc import Mapping

from ..core import Catalog, GameBase
from .boom import BoomGame
from .clack import ClickClackGame
from .clever import CleverGame
from .clickety import ClicketyClackGame

GAMES: tuple[type[GameBase], ...] = (ClicketyClackGame, CleverGame, BoomGame, ClickClackGame)
CATALOG = Catalog(GAMES)


def load(
    spec: str,
    players: int | None = None,
    preset: str | None = None,
    options: Mapping[str, object] | None = None,
) -> GameBase:
    """A game by name or spec string; see :meth:`clickbox.core.Catalog.load`."""
    return CATALOG.load(spec, players, preset, options)


__all__ = ["CATALOG", "GAMES", "load"]
