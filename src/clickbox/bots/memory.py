"""A bot that remembers the public record of a hidden-information game and plays the odds."""

from __future__ import annotations

import random

from ..core import Action, GameBase, OptionError, View
from .base import Bot


class MemoryBot(Bot):
    """Plays the game's own ``memory_action(view, rng)`` policy.

    The policy lives in the game package (Click Clack: ``games/clack/policy.py``): it rebuilds
    the posterior over what nobody can see from the view's public record and plays the action
    with the best expected gain. A game without one makes the bot raise OptionError at its
    first move.
    """

    name = "memory"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The game's memory-policy action for this seat."""
        if type(game).memory_action is GameBase.memory_action:
            raise OptionError(
                f"the memory bot has no policy for {game.name} "
                "(the game does not implement memory_action); try random or greedy"
            )
        return game.memory_action(view, rng)
