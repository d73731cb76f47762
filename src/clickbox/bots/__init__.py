"""Bots: they receive a seat's view and their own seeded RNG, never the true state."""

from .base import Bot
from .greedy import GreedyBot
from .memory import MemoryBot
from .random_bot import RandomBot
from .registry import bot_names, make_bot
from .rulebased import RuleBasedBot

__all__ = ["Bot", "GreedyBot", "MemoryBot", "RandomBot", "RuleBasedBot", "bot_names", "make_bot"]
