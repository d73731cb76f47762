"""Bots by name, with parameters: ``greedy``, ``random``, later ``ismcts:iterations=2000``."""

from __future__ import annotations

from collections.abc import Callable

from ..core import OptionError
from .base import Bot
from .greedy import GreedyBot
from .memory import MemoryBot
from .random_bot import RandomBot
from .rulebased import RuleBasedBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "rulebased": RuleBasedBot,
    "memory": MemoryBot,
}


def bot_names() -> list[str]:
    """The names of the registered bots."""
    return list(BOTS)


def make_bot(spec: str) -> Bot:
    """A bot from ``name`` or ``name:key=value,key=value``; an error names what is wrong."""
    name, _, rest = spec.strip().partition(":")
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise OptionError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(f"bad bot parameter {item!r} in {spec!r} (expected key=value)")
        params[key.strip()] = value.strip()
    try:
        return factory(**params)
    except TypeError:
        raise OptionError(f"bot {name!r} takes no parameters {sorted(params)}") from None
