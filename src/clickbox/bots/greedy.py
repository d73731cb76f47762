"""One-ply search over the game's evaluation function."""

from __future__ import annotations

import random

from ..core import Action, GameBase, View
from .base import Bot


class GreedyBot(Bot):
    """Plays the action whose resulting position the game's ``evaluate`` likes best.

    Ties are broken at random with the bot's own RNG.
    """

    name = "greedy"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The legal action with the best one-ply evaluation for this seat."""
        seat = view["me"]
        state = game.state_from_view(view, rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            value = game.evaluate(child, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)
