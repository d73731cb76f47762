"""The bot interface: a bot sees only its seat's view, and has its own seeded RNG."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..core import Action, GameBase, View


class Bot(ABC):
    """Chooses an action for the seat whose view it is given.

    A bot never receives the true state. It may rebuild a state consistent with the view
    (``game.state_from_view(view, rng)``: exact for public games, sampled for hidden ones) and
    search from there.
    """

    name: str = "bot"

    @abstractmethod
    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The action to play; ``view["me"]`` is the seat to move."""

    def label(self) -> str:
        """The name (with parameters) that records and the CLI show."""
        return self.name
