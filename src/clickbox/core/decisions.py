"""Simultaneous steps, taken in seat order.

A simultaneous step (every seat chooses at once) is taken in seat order: each seat's choice is a
commitment held by :class:`Commitments`, and views show *who* has committed but not *what* until
every seat is in and the step resolves.
"""

from __future__ import annotations

from .protocol import Action, Player


class Commitments:
    """The choices made so far in one simultaneous step, taken in seat order."""

    __slots__ = ("choices", "seats")

    def __init__(self, seats: tuple[Player, ...], choices: dict[Player, Action] | None = None):
        self.seats = seats
        self.choices: dict[Player, Action] = {} if choices is None else choices

    def waiting_for(self) -> Player | None:
        """The next seat (in seat order) that has not committed, or None when all are in."""
        for seat in self.seats:
            if seat not in self.choices:
                return seat
        return None

    def commit(self, seat: Player, action: Action) -> None:
        """Record ``seat``'s choice (the caller has checked it is that seat's turn)."""
        self.choices[seat] = action

    def is_complete(self) -> bool:
        """True once every seat has committed."""
        return len(self.choices) == len(self.seats)

    def visible_to(self, viewer: Player | None) -> dict[str, Action | None]:
        """Per seat: the viewer's own choice, ``None`` for another seat's hidden choice.

        Seats that have not committed are absent, so everyone sees who is still thinking.
        """
        return {str(s): (a if s == viewer else None) for s, a in self.choices.items()}

    def copy(self) -> Commitments:
        """An independent copy, for ``clone``."""
        return Commitments(self.seats, dict(self.choices))
