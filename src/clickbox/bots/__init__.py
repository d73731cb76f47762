"""Bots: they receive a seat's view and their own seeded RNG, never the true state."""

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .registry import bot_names, make_bot

__all__ = ["Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot"]
