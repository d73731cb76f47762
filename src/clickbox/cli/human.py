"""A human at the terminal, as a bot: shown the view, asked for a move, re-asked on bad input."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..bots.base import Bot
from ..bots.hints import hints
from ..core import Action, ClickboxError, GameBase, View, check
from .render import notation_help, render_hints, render_moves, render_view

HELP = """\
Type a move in the game's notation, or its number from the list.
  help  this text        board  draw the board again        quit  stop (a started game is saved)
  hint  the hard bot's three best moves, from what your seat sees"""


class QuitGame(Exception):
    """The human asked to stop (or the input ended)."""


class HumanPlayer(Bot):
    """Reads moves from ``ask`` (``input`` by default) and draws views on ``console``."""

    name = "human"

    def __init__(
        self,
        console: Console,
        seat_names: list[str],
        ask: Callable[[str], str] | None = None,
        handoff: Handoff | None = None,
    ) -> None:
        self.console = console
        self.seat_names = seat_names
        self.ask = ask or console.input
        self.handoff = handoff

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """Draw the board, list the legal moves, and read until a legal one is given."""
        seat = view["me"]
        if self.handoff is not None:
            self.handoff(seat)
        state = game.state_from_view(view, rng)
        legal = state.legal_actions()
        self.show(view, legal, game)
        while True:
            try:
                text = self.ask(f"{self.seat_names[seat]}> ").strip()
            except EOFError:
                raise QuitGame from None
            if not text:
                continue
            command = text.lower()
            if command in {"q", "quit", "exit"}:
                raise QuitGame
            if command in {"?", "h", "help"}:
                self.console.print(HELP)
                if notation := notation_help(view):
                    self.console.print(notation, markup=False)
                continue
            if command == "board":
                self.show(view, legal, game)
                continue
            if command == "hint":
                self.console.print(
                    render_hints(hints(view, game, random.Random(rng.random())), legal)
                )
                continue
            if command.isdecimal():
                number = int(command)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.console.print(f"[red]no move {number}: choose 1-{len(legal)}[/red]")
                continue
            try:
                return check(state, text, seat)
            except ClickboxError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red] (type help for help)")

    def show(self, view: View, legal: list[Action], game: GameBase) -> None:
        """The board and the numbered legal moves."""
        self.console.print(render_view(view, self.seat_names))
        moves = [game.action_to_string(a) for a in legal]
        self.console.print(render_moves(view, moves, self.seat_names))


class Handoff:
    """Hotseat with private screens: before a human's screen, when the human to move is not
    the one who moved last at the screen, the screen is cleared and reads "Pass the device to
    NAME, press Enter"; only then is that seat's view drawn. Shared by the human seats."""

    def __init__(
        self,
        console: Console,
        seat_names: list[str],
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.console = console
        self.seat_names = seat_names
        self.ask = ask or console.input
        self.last: int | None = None

    def __call__(self, seat: int) -> None:
        """Hand the device to ``seat`` unless it is already theirs."""
        if seat == self.last:
            return
        self.last = None  # nobody holds it while the screen waits
        name = self.seat_names[seat]
        self.clear()
        self.console.rule(Text(f"Pass the device to {name}, press Enter", style="bold yellow"))
        try:
            answer = self.ask(f"{name}, press Enter when you have the device (quit to stop) ")
        except EOFError:
            raise QuitGame from None
        if answer.strip().lower() in {"q", "quit", "exit"}:
            raise QuitGame
        self.clear()
        self.console.rule(Text(f"{name}'s screen", style="bold"))
        self.last = seat

    def clear(self) -> None:
        """A blank screen (and, in a terminal that knows how, no scrollback)."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J\x1b[2J\x1b[H")
            self.console.file.flush()
