"""A bot that remembers the public record of a hidden-information game and plays the odds."""

from __future__ import annotations

import random

from ..core import Action, GameBase, View
from .base import Bot
from .games import memory_policy


class MemoryBot(Bot):
    """Plays the game's memory policy (``policy(view, game, rng)``).

    The policy lives in the game's bots package (Click Clack: ``bots/clack/policy.py``), found
    through :mod:`.games`: it rebuilds the posterior over what nobody can see from the view's
    public record and plays the action with the best expected gain. A game without one makes
    the bot raise OptionError at its first move.
    """

    name = "memory"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The game's memory-policy action for this seat."""
        return memory_policy(game)(view, game, rng)
