"""Bots by name with parameters (``ismcts:iterations=2000``), and the levels easy to hard."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..core import OptionError
from ..core.i18n import t
from .ablation import AblatedBot, parse_kinds
from .base import Bot
from .boom.search import BoomSearchBot
from .clack.search import ClackSearchBot
from .clever.search import CleverNetBot, CleverSearchBot
from .clickety.search import ClicketySearchBot
from .expectimax import ExpectimaxBot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .levels import LEVEL_NAMES, LevelBot
from .memory import MemoryBot
from .random_bot import RandomBot
from .rulebased import RuleBasedBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "rulebased": RuleBasedBot,
    "memory": MemoryBot,
    "expectimax": ExpectimaxBot,
    "ismcts": ISMCTSBot,
    "boom": BoomSearchBot,
    "clickety": ClicketySearchBot,
    "clack": ClackSearchBot,
    "clever-search": CleverSearchBot,
    "clever-net": CleverNetBot,
}


PYTHON_POLICY = "py:"
"""The bot specs of Python policies start with it: ``py:MODULE:NAME``."""


def _python_policy(spec: str) -> Bot:
    """The bot of a Python policy. Its adapter is the environments' (an observation is their
    encoding), loaded by name: no layer below them imports them, and only a ``py:`` spec needs
    their extra."""
    try:
        adapter = importlib.import_module("clickbox.rl.policy")
    except ImportError as error:
        raise OptionError(
            t(
                "a Python policy needs the rl extra (pip install 'clickbox[rl]'): {error}",
                error=error,
            )
        ) from None
    bot: Bot = adapter.policy_bot(spec)
    return bot


def bot_names() -> list[str]:
    """The names of the registered bots, then the levels."""
    return [*BOTS, *LEVEL_NAMES]


def split_bot_specs(text: str) -> list[str]:
    """Comma-separated bot specs: ``ismcts:iterations=50,c=1,greedy`` is two bots (a part with
    ``=`` and no ``:`` continues the spec before it)."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def _split_never(spec: str) -> tuple[str, str | None]:
    """A spec without its ``never=KINDS`` parameter (any bot takes it: :mod:`.ablation`), and
    the kinds (None without one)."""
    name, sep, rest = spec.strip().partition(":")
    if not sep:
        return spec, None
    kept, never = [], None
    for item in (part.strip() for part in rest.split(",")):
        key, _, value = item.partition("=")
        if key.strip() == "never":
            never = value.strip()
        elif item:
            kept.append(item)
    return (f"{name}:{','.join(kept)}" if kept else name), never


def make_bot(spec: str) -> Bot:
    """A bot from ``name`` or ``name:key=value,key=value``, or a Python policy
    ``py:MODULE:NAME`` (:mod:`clickbox.rl.policy`); an error names what is wrong."""
    if spec.strip().startswith(PYTHON_POLICY):
        return _python_policy(spec)
    inner, never = _split_never(spec)
    if never is not None:
        return AblatedBot(make_bot(inner), inner, parse_kinds(never))
    name, _, rest = spec.strip().partition(":")
    key = name.strip().lower()
    if key in LEVEL_NAMES and not rest.strip():
        return LevelBot(key, make_bot)
    factory = BOTS.get(key)
    if factory is None:
        raise OptionError(
            t(
                "unknown bot {bot}; the bots are: {known}",
                bot=repr(name),
                known=", ".join(bot_names()),
            )
        )
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(
                t(
                    "bad bot parameter {parameter} in {spec} (expected key=value)",
                    parameter=repr(item),
                    spec=repr(spec),
                )
            )
        params[key.strip()] = value.strip()
    try:
        return factory(**params)
    except TypeError:
        raise OptionError(
            t(
                "bot {bot} takes no parameters {parameters}",
                bot=repr(name),
                parameters=sorted(params),
            )
        ) from None
