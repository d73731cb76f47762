"""The error tree. Every error says why; the checked paths leave the state untouched.

Each class maps to one CLI message and (later) one server error frame.
"""

from __future__ import annotations

from .i18n import t


class ClickboxError(Exception):
    """Base of every error clickbox raises on purpose."""


class InvalidActionError(ClickboxError, ValueError):
    """The text is not an action of this game (bad syntax)."""


class IllegalActionError(ClickboxError, ValueError):
    """A well-formed action that is not legal in this position."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act while another seat (or chance) is to move."""


class GameOverError(IllegalActionError):
    """An action was played after the game ended."""


class StaleStateError(ClickboxError):
    """An action was sent for a state version that is no longer current."""


class UnknownGameError(ClickboxError, KeyError):
    """No game of that name is in the catalog."""

    def __str__(self) -> str:  # KeyError quotes its message; we want plain text
        return str(self.args[0]) if self.args else t("unknown game")


class OptionError(ClickboxError, ValueError):
    """An unknown option, or a value the option does not allow."""


class RecordError(ClickboxError, ValueError):
    """A game record that cannot be read or replayed."""

    def __init__(self, message: str, move_number: int | None = None) -> None:
        super().__init__(message)
        self.move_number = move_number


class SheetError(ClickboxError, ValueError):
    """A filled score sheet that cannot be read, or that no game could have produced.

    ``area`` is the part of the sheet at fault (``"row 2"``, ``"penalties"``, ``"line 7"``) and
    ``box`` the space in it, if one is to blame (``"space 4"``).
    """

    def __init__(self, area: str, box: str | None, message: str) -> None:
        where = area if box is None else f"{area}, {box}"
        super().__init__(f"{where}: {message}")
        self.area = area
        self.box = box
        self.message = message
