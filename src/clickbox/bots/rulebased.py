"""Hand-written rules of thumb, one policy per game (``bots/KEY/policy.py``)."""

from __future__ import annotations

import random

from ..core import Action, GameBase, View
from .base import Bot
from .games import rule_based_policy


class RuleBasedBot(Bot):
    """Plays the game's own rule-based policy on the view it is given.

    The policy lives in the game's bots package (Click Click Boom: ``bots/boom/policy.py``),
    found through :mod:`.games`, and sees the view only. A game without one makes the bot
    raise OptionError at its first move.
    """

    name = "rulebased"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The game's rule-based action for this seat."""
        return rule_based_policy(game)(view, game, rng)
