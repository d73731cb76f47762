"""Hand-written rules of thumb, one policy per game (``GameBase.rule_based_action``)."""

from __future__ import annotations

import random

from ..core import Action, GameBase, OptionError, View
from .base import Bot


class RuleBasedBot(Bot):
    """Plays the game's own rule-based policy on the view it is given.

    The policy lives in the game package (Click Click Boom: ``games/boom/policy.py``) and
    sees the view only. A game without one makes the bot raise OptionError at its first move.
    """

    name = "rulebased"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The game's rule-based action for this seat."""
        if type(game).rule_based_action is GameBase.rule_based_action:
            raise OptionError(
                f"the rulebased bot has no policy for {game.name} "
                "(the game does not implement rule_based_action); try random or greedy"
            )
        return game.rule_based_action(view, rng)
