"""Hints: a strong bot's best options for the seat to move, from that seat's view only."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..core import Action, GameBase, OptionError, View
from ..core.i18n import t
from .registry import make_bot

HINT_BOT = "hard"


@dataclass(frozen=True)
class Hint:
    """One option: the action, in notation and in words, and the bot's estimate of its value."""

    action: Action
    notation: str
    description: str
    value: float

    def to_json(self) -> dict[str, Any]:
        """Plain data (a NaN value, when the bot gives none, becomes null)."""
        return {
            "action": self.notation,
            "description": self.description,
            "value": None if math.isnan(self.value) else round(self.value, 4),
        }


def hints(
    view: View, game: GameBase, rng: random.Random, bot: str = HINT_BOT, top: int = 3
) -> list[Hint]:
    """The ``top`` best actions for ``view["me"]`` by ``bot``'s ranking, best first.

    The bot gets the seat's view and nothing else, exactly as when it plays.
    """
    if top < 1:
        raise OptionError(t("the number of hints must be at least 1 (got {value})", value=top))
    if view.get("me") is None:
        raise OptionError(t("a hint needs a seat's view (a spectator has no moves)"))
    ranked = make_bot(bot).rank(view, game, rng)
    return [
        Hint(action, game.action_to_string(action), game.describe_action(action), value)
        for action, value in ranked[:top]
    ]
