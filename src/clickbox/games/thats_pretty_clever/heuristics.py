"""A static evaluation of a That's Pretty Clever sheet, for the greedy bot and later searches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Player

if TYPE_CHECKING:
    from .rules import CleverState


def evaluate(state: CleverState, seat: Player) -> float:
    """Higher is better for ``seat``. Exact (the score) once the game is over."""
    return float(state.score(seat))
