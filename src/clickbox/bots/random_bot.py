"""Uniformly random among the legal actions."""

from __future__ import annotations

import random

from ..core import Action, GameBase, View
from .base import Bot


class RandomBot(Bot):
    """Picks any legal action with equal probability."""

    name = "random"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        state = game.state_from_view(view, rng)
        return rng.choice(state.legal_actions())
