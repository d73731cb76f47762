"""Bots: they receive a seat's view and their own seeded RNG, never the true state."""

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .registry import bot_names, make_bot
from .rulebased import RuleBasedBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "RuleBasedBot", "bot_names", "make_bot"]
