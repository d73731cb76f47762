"""Playing strength by name: ``easy``, ``medium`` and ``hard`` stand for a bot spec per game."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core import Action, GameBase, OptionError, View
from ..core.i18n import t
from .base import Bot, Scored

LEVELS: dict[str, dict[str, str]] = {
    "clever": {
        "easy": "clever-search:depth=0,noise=8",
        "medium": "greedy",
        "hard": "clever-search:net=1",
    },
    "clickety-clack": {"easy": "greedy", "medium": "clickety:margin=0", "hard": "clickety"},
    "click-click-boom": {"easy": "rulebased", "medium": "boom:bluff=0", "hard": "boom"},
    "click-clack": {
        "easy": "clack:depth=1,samples=1,leader=0,other=0,future=0",
        "medium": "memory",
        "hard": "clack:depth=2",
    },
}
"""Per game name, the bot spec each level plays (iteration budgets: the same on any machine)."""

LEVEL_NAMES = ("easy", "medium", "hard")


def level_spec(game: GameBase, level: str) -> str:
    """The bot spec that ``level`` stands for in ``game``."""
    try:
        return LEVELS[game.name][level]
    except KeyError:
        raise OptionError(
            t("no {level} bot for {game}", level=repr(level), game=game.name)
        ) from None


class LevelBot(Bot):
    """A level name that becomes the game's bot for that level at the first decision.

    ``make_bot`` turns the level's spec into a bot (the registry's, which hands itself in: the
    registry knows the levels, the levels do not import the registry).
    """

    def __init__(self, level: str, make_bot: Callable[[str], Bot]) -> None:
        self.name = level
        self._make_bot = make_bot
        self._bots: dict[str, Bot] = {}

    def bot_for(self, game: GameBase) -> Bot:
        """The concrete bot this level plays in ``game``."""
        bot = self._bots.get(game.name)
        if bot is None:
            bot = self._bots[game.name] = self._make_bot(level_spec(game, self.name))
        return bot

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The level's bot's choice."""
        return self.bot_for(game).choose(view, game, rng)

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """The level's bot's ranking."""
        return self.bot_for(game).rank(view, game, rng)
