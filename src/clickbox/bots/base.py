"""The bot interface: a bot sees only its seat's view, has its own seeded RNG and a budget;
and what a game's bots know of it (:class:`GameBots`, one per game in :mod:`.games`)."""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Action, GameBase, OptionError, Player, StateBase, View
from ..core.i18n import t

Scored = tuple[Action, float]
"""An action with the bot's estimate of its value (higher is better; the scale is the bot's)."""

Evaluation = Callable[[Any, Player], float]
"""A heuristic value of a state of the game (its own state class) for a seat, higher is better."""
Policy = Callable[[View, Any, random.Random], Action]
"""A policy's action for the seat to move in a view, given the game (its own class) and an RNG:
it reads the view only, like every bot."""
WorldSampler = Callable[[View, Any, random.Random, int], list[StateBase]]
"""``count`` full states consistent with a view, for searches (weighted determinizations)."""


def bot_number(
    bot: str,
    name: str,
    text: str | float,
    low: float = -math.inf,
    high: float = math.inf,
    whole: bool = False,
) -> float:
    """A bot parameter read from spec text, or OptionError naming the bot and what is wrong."""
    got = repr(text)
    try:
        value = float(text)
    except (TypeError, ValueError):
        message = t("{bot} {name} must be a number (got {value})", bot=bot, name=name, value=got)
        raise OptionError(message) from None
    if whole and not value.is_integer():
        raise OptionError(
            t("{bot} {name} must be a whole number (got {value})", bot=bot, name=name, value=got)
        )
    if not low <= value <= high:
        lowest, highest = f"{low:g}", f"{high:g}"
        if high == math.inf:
            message = t(
                "{bot} {name} must be at least {low} (got {value})",
                bot=bot,
                name=name,
                low=lowest,
                value=got,
            )
        elif low == -math.inf:
            message = t(
                "{bot} {name} must be at most {high} (got {value})",
                bot=bot,
                name=name,
                high=highest,
                value=got,
            )
        else:
            message = t(
                "{bot} {name} must be between {low} and {high} (got {value})",
                bot=bot,
                name=name,
                low=lowest,
                high=highest,
                value=got,
            )
        raise OptionError(message)
    return value


@dataclass(frozen=True)
class Budget:
    """How much thinking a search bot may do per decision: iterations and/or seconds.

    Iteration budgets make a bot's choices a function of the view and its RNG alone (the
    same on any machine, under any load); a time budget is an extra cap on top.
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise OptionError(
                t("iterations must be at least 1 (got {value})", value=self.iterations)
            )
        if self.seconds is not None and not self.seconds > 0:
            raise OptionError(t("seconds must be positive (got {value})", value=self.seconds))

    @classmethod
    def parse(cls, iterations: str | int | None, seconds: str | float | None) -> Budget:
        """A budget from bot-spec text (``iterations=2000``, ``seconds=0.5``)."""
        try:
            its = None if iterations is None else int(iterations)
            secs = None if seconds is None else float(seconds)
        except ValueError as exc:
            raise OptionError(t("bad budget: {error}", error=exc)) from None
        return cls(its, secs)

    def deadline(self) -> float | None:
        """The ``time.perf_counter()`` after which to stop, or None without a time limit."""
        return None if self.seconds is None else time.perf_counter() + self.seconds


class Bot(ABC):
    """Chooses an action for the seat whose view it is given.

    A bot never receives the true state. It may rebuild states consistent with the view
    (``game.state_from_view(view, rng)``: exact for public games, sampled for hidden ones:
    determinization) and search from there.
    """

    name: str = "bot"

    @abstractmethod
    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The action to play; ``view["me"]`` is the seat to move."""

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """Legal actions with this bot's value estimates, best first (for hints).

        Bots without estimates return their choice alone, with a NaN value.
        """
        return [(self.choose(view, game, rng), float("nan"))]

    def label(self) -> str:
        """The name (with parameters) that records and the CLI show."""
        return self.name


def uniform_worlds(view: View, game: GameBase, rng: random.Random, count: int) -> list[StateBase]:
    """``count`` independent draws of ``game.state_from_view`` (uniform determinization).

    The rules say which states are consistent with a view; how a search weighs them by what the
    seat believes of the other players is the bots' (:attr:`GameBots.sample_worlds`).
    """
    return [game.state_from_view(view, rng) for _ in range(count)]


@dataclass(frozen=True)
class GameBots:
    """What the bots know of one game, declared by its package ``bots/KEY/__init__.py``.

    ``game`` is the game's catalog name; a piece a game lacks is None, and the generic bot that
    needs it says so (:mod:`.games` looks them up).
    """

    game: str
    evaluate: Evaluation | None = None
    """The game's evaluation (``greedy``, ``expectimax``, ``ismcts`` truncated or greedy
    rollouts): ``bots/KEY/evaluation.py``."""
    rule_based: Policy | None = None
    """A hand-written policy (the ``rulebased`` bot): ``bots/KEY/policy.py``."""
    memory: Policy | None = None
    """A policy that plays the odds of what nobody can see (the ``memory`` bot):
    ``bots/KEY/policy.py``."""
    sample_worlds: WorldSampler | None = None
    """Worlds weighted by what the seat believes (searches); None: :func:`uniform_worlds`.
    ``bots/KEY/worlds.py``."""
    search: type[Bot] | None = None
    """The game's own search, its ``hard`` level: ``bots/KEY/search.py``."""
