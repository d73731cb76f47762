"""What an environment gives a learner: one seat's view as a fixed-size vector of floats.

Each game has an :class:`Encoder` in ``rl/KEY.py``. It reads a view (``state.view(seat,
history=False)``: the view without the log, which no encoder reads) and nothing else, so an
observation can never show what the seat may not see. The vector is described field by field
(:attr:`Encoder.fields`, rendered in ``docs/rl.md``); every value lies in [0, 1] unless its
field says otherwise. The action space is the game's own int action codes: a ``Discrete`` of
:attr:`Encoder.actions` (the largest seat action code + 1) with a mask of the legal ones.

Standard library only, like the views it reads.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from ..core import GameBase, View


@dataclass(frozen=True)
class Field:
    """A run of ``size`` numbers of an observation, and what they mean."""

    name: str
    size: int
    text: str


class Encoder(ABC):
    """One game's observation: :meth:`encode` turns a seat's view into :attr:`size` floats.

    Sizes may depend on the player count and options (``game``), never on the position.
    Seats are relative: fields about "me" come first, then the other seats in turn order after
    me, so one policy can play every seat.
    """

    def __init__(self, game: GameBase) -> None:
        self.game = game
        self.fields: tuple[Field, ...] = tuple(self.describe())
        self.size: int = sum(field.size for field in self.fields)
        self.actions: int = self.action_count()
        self.chance_actions: int = self.chance_count()

    def values(self, vector: list[float], name: str) -> list[float]:
        """The numbers of the field ``name`` in ``vector`` (an encoding of this game)."""
        start = 0
        for field in self.fields:
            if field.name == name:
                return list(vector[start : start + field.size])
            start += field.size
        raise KeyError(f"no field {name!r} in the observation of {self.game.name}")

    @abstractmethod
    def describe(self) -> list[Field]:
        """The fields of the vector, in order (their sizes sum to :attr:`size`)."""

    @abstractmethod
    def action_count(self) -> int:
        """The largest action code a seat can ever play in this game, plus one."""

    @abstractmethod
    def chance_count(self) -> int:
        """The largest chance outcome code of this game, plus one."""

    @abstractmethod
    def encode(self, view: View) -> list[float]:
        """The observation of the seat whose view this is (``view["me"]``; a spectator's view,
        ``me`` None, is encoded as seen from seat 0)."""


def one_hot(index: int, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (none if ``index`` is out of range)."""
    values = [0.0] * size
    if 0 <= index < size:
        values[index] = 1.0
    return values


def relative_seats(view: dict[str, Any], players: int) -> list[int]:
    """The seats in the order an encoding lists them: the viewer, then the others in seat
    order after it."""
    me = view.get("me")
    first = 0 if me is None else int(me)
    return [(first + k) % players for k in range(players)]
