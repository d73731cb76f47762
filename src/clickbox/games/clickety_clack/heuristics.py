"""A static evaluation of a Clickety Clack sheet, for the greedy bot and later searches.

The value of a row is the best points reached so far plus its remaining promise: how likely
two dice are to give a sum the row still accepts, times the points the next spaces add.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Player
from .board import PENALTIES, SPACES

if TYPE_CHECKING:
    from .rules import ClicketyClackState

SUM_PROBABILITY = [0.0, 0.0] + [(6 - abs(s - 7)) / 36 for s in range(2, 13)]
"""Chance that two dice sum to s (the pool offers several pairs, so this is a floor)."""

FLEXIBILITY_WEIGHT = 1.5
PENALTY_TOTALS = [sum(PENALTIES[:crossed]) for crossed in range(len(PENALTIES) + 1)]


def _mask_probability(mask: int) -> float:
    return sum(SUM_PROBABILITY[s] for s in range(2, 13) if mask >> s & 1)


_MASK_PROBABILITY: dict[int, float] = {}


def evaluate(state: ClicketyClackState, seat: Player) -> float:
    """Higher is better for ``seat``. Exact (the score) once the game is over."""
    if state.is_terminal():
        return float(state.score(seat))
    progress = state.game.progress
    promise = state.game.promise
    masks = state._masks[seat]
    value = 0.0
    for row, numbers in enumerate(state._rows[seat]):
        filled = len(numbers)
        value += progress[row][filled]
        if filled < SPACES:
            mask = masks[row]
            chance = _MASK_PROBABILITY.get(mask)
            if chance is None:
                chance = _MASK_PROBABILITY[mask] = _mask_probability(mask)
            value += FLEXIBILITY_WEIGHT * chance * promise[row][filled]
    return value - PENALTY_TOTALS[state._penalties[seat]]


def progress_table(points: tuple[tuple[int | None, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per row and number of filled spaces: the best points reached so far."""
    return tuple(
        tuple(max([0, *(v or 0 for v in row[:filled])]) for filled in range(SPACES + 1))
        for row in points
    )


def promise_table(points: tuple[tuple[int | None, ...], ...]) -> tuple[tuple[float, ...], ...]:
    """Per row and number of filled spaces: 1 + the points still to gain per space left."""
    table = []
    for row in points:
        values = [v or 0 for v in row]
        table.append(
            tuple(
                1 + (max(values[filled:]) - max([0, *values[:filled]])) / (SPACES - filled)
                for filled in range(SPACES)
            )
        )
    return tuple(table)
