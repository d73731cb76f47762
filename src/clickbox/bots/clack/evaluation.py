"""A static evaluation of a Click Clack position, for the greedy bot.

A seat's progress is how far it is along the nearer of its two ways to win (7 discs, or 4 of
one kind); the value is its own progress minus the best progress of the others, 1 or 0 once
the game is over. It reads only the collected discs, which are public.
"""

from __future__ import annotations

from ...core import Player
from ...games.clack.rules import OVER, ClickClackState


def progress(state: ClickClackState, seat: Player) -> float:
    """How near ``seat`` is to winning, from 0 to 1 (the game's ``win_total``/``win_same``)."""
    counts = state.discs_of(seat)
    config = state.config
    return max(sum(counts) / config.win_total, max(counts) / config.win_same)


def evaluate(state: ClickClackState, seat: Player) -> float:
    """``seat``'s progress minus the best other progress; the result once the game is over."""
    if state._phase == OVER:
        return 1.0 if seat in state._winners else 0.0
    others = [progress(state, s) for s in range(state.game.num_players) if s != seat]
    return progress(state, seat) - max(others)
