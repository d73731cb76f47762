"""A human at the terminal, as a bot: shown the view, asked for a move, re-asked on bad input."""

from __future__ import annotations

import importlib
import random
import re
import sys
from collections.abc import Callable
from types import ModuleType

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..bots.base import Bot
from ..bots.hints import hints
from ..core import Action, ClickboxError, GameBase, View, check
from ..core.i18n import N_, t
from .names import personal
from .render import (
    notation_help,
    render_board,
    render_compact_moves,
    render_hints,
    render_moves,
    render_view,
)

# TRANSLATORS: help, board, quit and hint are typed as they are: keep them in English.
HELP = N_("""\
Type a move in the game's notation, or its number from the list.
  help  this text        board  the full board, the moves in words     quit  stop (saved)
  hint  the hard bot's three best moves, from what your seat sees""")
"""The prompt's help, in English (shown with ``t(HELP)``)."""


_SEAT_MOVE = re.compile(r"(swap|force|tie)\s*:\s*(\d+)\b.*")
"""A move that names a seat by its number (Click Click Boom)."""


class QuitGame(Exception):
    """The human asked to stop (or the input ended)."""


_READLINE: list[ModuleType | None] = []


def enable_line_editing() -> ModuleType | None:
    """Import Python's ``readline`` (once), so that ``input()`` edits the line (arrow keys,
    Home, End) and keeps a history (up and down); None where the module is missing."""
    if not _READLINE:
        try:
            _READLINE.append(importlib.import_module("readline"))
        except ImportError:  # a Python built without it (Windows): input() as it is
            _READLINE.append(None)
    return _READLINE[0]


_HISTORIES: dict[str, list[str]] = {}
_CURRENT: list[str] = []  # the kind of game whose history readline holds now
_ESCAPE = re.compile(r"(\x1b\[[0-9;]*m)")


class LineInput:
    """Reads a line at a prompt, with line editing and a history per game kind (in memory)
    where readline is available.

    At a terminal the prompt goes to ``input()`` itself (its colours marked for readline), so
    that readline redraws it when the line is edited; otherwise (a pipe, the tests) it is
    printed by rich's ``Console.input``, which calls ``input()`` too.
    """

    def __init__(self, console: Console, kind: str = "") -> None:
        self.console = console
        self.kind = kind
        self.readline = enable_line_editing()

    def __call__(self, prompt: str) -> str:
        readline = self.readline
        if readline is None:
            return self.console.input(prompt)
        self._use_history(readline)
        if self.console.is_terminal and sys.stdin.isatty():
            with self.console.capture() as capture:
                self.console.print(prompt, end="")
            return input(_ESCAPE.sub("\x01\\1\x02", capture.get()))
        return self.console.input(prompt)

    def _use_history(self, readline: ModuleType) -> None:
        """Make readline's history this game kind's."""
        if _CURRENT and _CURRENT[0] == self.kind:
            return
        if _CURRENT:
            length = readline.get_current_history_length()
            _HISTORIES[_CURRENT[0]] = [readline.get_history_item(i) for i in range(1, length + 1)]
        readline.clear_history()
        for line in _HISTORIES.get(self.kind, []):
            readline.add_history(line)
        _CURRENT[:] = [self.kind]


class HumanPlayer(Bot):
    """Reads moves from ``ask`` (``input`` by default) and draws views on ``console``.

    At the prompt the board is the compact one that fits an 80x24 terminal (drawn with
    ``board_names``, short names where given); ``board`` draws the full picture and the moves
    in words, and ``wide`` draws it at every prompt."""

    name = "human"

    def __init__(
        self,
        console: Console,
        seat_names: list[str],
        ask: Callable[[str], str] | None = None,
        handoff: Handoff | None = None,
        wide: bool = False,
        board_names: list[str] | None = None,
    ) -> None:
        self.console = console
        self.seat_names = seat_names
        self.ask = ask or LineInput(console)
        self.handoff = handoff
        self.wide = wide
        self.board_names = board_names or seat_names

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
                self.console.print(t(HELP))
                if notation := notation_help(view):
                    self.console.print(notation, markup=False)
                continue
            if command == "board":
                self.show(view, legal, game, full=True)
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
                refused = t("no move {number}: choose 1-{last}", number=number, last=len(legal))
                self.console.print(f"[red]{escape(refused)}[/red]")
                continue
            if refused := self._no_such_seat(view, text):
                self.console.print(f"[red]{escape(refused)}[/red]")
                continue
            try:
                return check(state, text, seat)
            except ClickboxError as exc:
                refusal = personal(str(exc), self.seat_names)
                advice = t("(type help for help)")
                self.console.print(f"[red]{escape(refusal)}[/red] {escape(advice)}")

    def _no_such_seat(self, view: View, text: str) -> str:
        """A refusal for a move naming a seat the game does not have (``swap:7`` in a
        4-player game), with the seats' numbers and names; empty where there is none."""
        match = _SEAT_MOVE.fullmatch(text.strip().lower())
        if match is None or int(match[2]) < view["players"]:
            return ""
        seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(self.board_names))
        return t(
            "{move}: no seat {seat} in a {players}-player game (the seats: {seats})",
            move=repr(text.strip()),
            seat=match[2],
            players=view["players"],
            seats=seats,
        )

    def show(self, view: View, legal: list[Action], game: GameBase, full: bool = False) -> None:
        """The board and the numbered legal moves: compact, or the full picture with the
        moves in words (``full``, or a ``wide`` player)."""
        moves = [game.action_to_string(a) for a in legal]
        if full or self.wide:
            self.console.print(render_view(view, self.seat_names))
            self.console.print(render_moves(view, moves, self.seat_names))
        else:
            self.console.print(render_board(view, self.board_names))
            self.console.print(render_compact_moves(view, moves, self.board_names))


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
        self.ask = ask or LineInput(console)
        self.last: int | None = None

    def __call__(self, seat: int) -> None:
        """Hand the device to ``seat`` unless it is already theirs."""
        if seat == self.last:
            return
        self.last = None  # nobody holds it while the screen waits
        name = self.seat_names[seat]
        self.clear()
        self.console.rule(
            Text(t("Pass the device to {name}, press Enter", name=name), style="bold yellow")
        )
        try:
            answer = self.ask(
                t("{name}, press Enter when you have the device (quit to stop) ", name=name)
            )
        except EOFError:
            raise QuitGame from None
        if answer.strip().lower() in {"q", "quit", "exit"}:
            raise QuitGame
        self.clear()
        self.console.rule(Text(t("{name}'s screen", name=name), style="bold"))
        self.last = seat

    def clear(self) -> None:
        """A blank screen (and, in a terminal that knows how, no scrollback)."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J\x1b[2J\x1b[H")
            self.console.file.flush()
