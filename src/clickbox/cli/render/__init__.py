"""Terminal pictures of views, drawn with rich. Only views are drawn, never states."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from rich.columns import Columns
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...bots.hints import Hint
from ...core import Action, GameBase, Narration, View, fill_names
from ...core.i18n import t, t_each
from ...core.words import Line
from ...games.boom.view import witness_view as boom_witness_view
from ..names import YOU, you_grammar
from . import boom, clack, clever, clickety


def render_view(view: View, seat_names: list[str] | None = None) -> RenderableType:
    """The picture of a view for the terminal."""
    renderer = RENDERERS.get(view["game"])
    if renderer is None:
        return Text(repr(view))
    return renderer(view, seat_names or _seat_labels(view))


def render_board(view: View, seat_names: list[str] | None = None) -> RenderableType:
    """The board at a human's prompt, compact enough for an 80x24 terminal with the moves and
    the prompt under it (the full picture where a game has no compact one)."""
    renderer = COMPACT.get(view["game"])
    if renderer is None:
        return render_view(view, seat_names)
    return renderer(view, seat_names or _seat_labels(view))


def render_compact_moves(
    view: View, moves: list[str], seat_names: list[str] | None = None
) -> RenderableType:
    """The legal moves at the prompt under :func:`render_board`: numbered notation in a few
    lines (the moves in words: ``board``)."""
    if view["game"] == "click-click-boom":
        return boom.compact_moves(view, moves, seat_names)
    if view["game"] == "clever":
        return clever.compact_moves(moves)
    if view["game"] == "clickety-clack":
        return clickety.compact_moves(moves)
    return render_moves(view, moves, seat_names)


def _seat_labels(view: View) -> list[str]:
    """``seat 0``, ``seat 1``, ...: the names of seats nobody named."""
    return [t("seat {number}", number=i) for i in range(view["players"])]


def render_moves(
    view: View, moves: list[str], seat_names: list[str] | None = None
) -> RenderableType:
    """The legal moves, numbered from 1 in the order given."""
    if view["game"] == "clickety-clack":
        return clickety.render_moves(moves)
    if view["game"] == "clever":
        return clever.render_moves(view, moves)
    if view["game"] == "click-click-boom":
        names = seat_names or _seat_labels(view)
        return boom.render_moves(view, moves, names)
    if view["game"] == "click-clack":
        return clack.render_moves(view, moves)
    return Columns([f"[bold]{i}[/bold]) {m}" for i, m in enumerate(moves, 1)], padding=(0, 2))


def render_hints(
    options: list[Hint], legal: list[Action] | None = None, bot: str = "hard"
) -> RenderableType:
    """A hint table: rank, move number (when the legal list is given), notation, words, value."""
    table = Table(title=t("Hint: the {bot} bot's best options", bot=bot), title_justify="left")
    table.add_column("#", justify="right")
    if legal is not None:
        table.add_column(t("move"), justify="right")
    table.add_column(t("play"))
    table.add_column(t("meaning"))
    table.add_column(t("value"), justify="right")
    for rank, hint in enumerate(options, 1):
        number = [str(legal.index(hint.action) + 1)] if legal is not None else []
        value = "" if math.isnan(hint.value) else f"{hint.value:.3g}"
        table.add_row(str(rank), *number, hint.notation, hint.description, value)
    return table


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """The final score table."""
    if view["game"] == "clever":
        return clever.render_outcome(view, names)
    if view["game"] == "click-click-boom":
        return boom.render_outcome(view, names)
    if view["game"] == "click-clack":
        return clack.render_outcome(view, names)
    outcome: dict[str, Any] = view["outcome"]
    table = Table(title=t("Final scores"), title_justify="left")
    table.add_column(t("seat"))
    table.add_column(t("player"))
    table.add_column(t("score"), justify="right")
    table.add_column("")
    ranked = sorted(range(view["players"]), key=lambda s: -outcome["scores"][s])
    shared = len(outcome["winners"]) > 1
    for seat in ranked:
        mark = (
            (t("shared victory") if shared else t("winner")) if seat in outcome["winners"] else ""
        )
        table.add_row(str(seat + 1), names[seat], str(outcome["scores"][seat]), mark)
    # The reason is the record's English; a game marks its reasons with N_ to have them shown.
    reason: str = outcome["reason"]
    table.caption = t("ended by: {reason}", reason=t_each(reason))
    return table


def notation_help(view: View) -> str:
    """The game's notation in a few lines, for ``help`` at the prompt (empty if none)."""
    if view["game"] == "clever":
        return t(clever.NOTATION)
    if view["game"] == "click-click-boom":
        return t(boom.NOTATION)
    if view["game"] == "click-clack":
        return t(clack.NOTATION)
    return ""


PRIVATE_SCREENS = frozenset({"click-click-boom"})
"""Games in which a seat may not see part of its own position (Click Click Boom: your own
hand): with several humans at one screen, each gets a pass-the-device screen before theirs."""


def witness_view(spectator: View, seat_views: list[View]) -> View:
    """The view the step log is printed from while ``seat_views``' seats watch the screen.

    For most games the spectator's view (hidden choices already read ``?`` there); where a
    seat may not see part of its own position, what the spectator and every watching seat
    may all see.
    """
    if spectator["game"] == "click-click-boom":
        return boom_witness_view(spectator, seat_views)
    return spectator


class StepReporter:
    """What the terminal prints after each seat's move (``clickbox play``).

    Call it after every move with the spectator's view (``state.view(None)``), or for a game
    in ``PRIVATE_SCREENS`` with ``witness_view`` of the humans' views; ``show`` says whether
    the move itself should be printed (a lone human's own moves are not). A move the view
    hides (a passive choice in That's Pretty Clever, a showdown choice in Click Click Boom) is
    announced without what was chosen, and revealed once the view shows it.
    """

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.clever = clever.CleverSteps(names)
        self.boom = boom.BoomSteps(names)

    def __call__(self, view: View, seat: int, words: str, show: bool) -> Iterator[RenderableType]:
        if view["game"] == "clever":
            yield from self.clever(view, seat, words, show)
        elif view["game"] == "click-click-boom":
            yield from self.boom(view, seat, words, show)
        elif show:
            yield f"[magenta]{self.names[seat]}[/magenta]: {words}"


COMPACT: dict[str, Callable[[View, list[str]], RenderableType]] = {
    "clever": clever.render_compact,
    "click-click-boom": boom.render_compact,
    "click-clack": clack.render_compact,
    "clickety-clack": clickety.render_compact,
}
"""The boards at the prompt where the full picture would not fit 80x24."""


NARRATED = frozenset({"click-click-boom", "clickety-clack", "click-clack", "clever"})
"""Games whose moves ``clickbox play`` prints as the narrated log (:class:`NarratedLog`)."""


class NarratedLog:
    """The narrated log (:class:`clickbox.core.Narration`, the words the web page tells) of
    one seat's view, or of what every human at the screen may see (``viewer`` None): each
    call gives the lines new since the last one, names filled in; a line told again because
    a hidden choice was revealed is given again, the unchanged ones are not."""

    def __init__(self, game: GameBase, viewer: int | None, names: list[str]) -> None:
        self.narration = Narration(game, viewer)
        self.names = names
        self.told: list[Line] = []  # the lines given, by index
        self.lines: list[Line] = []  # the narration as of the last view

    def __call__(self, view: View) -> list[Text]:
        """The lines new or changed since they were last given, but the last one: a narrator
        may still rewrite it (four choices said as one line); :meth:`flush` gives it."""
        self.lines = list(self.narration.update(view["log"]))
        return self._new(len(self.lines) - 1)

    def flush(self) -> list[Text]:
        """The last line too, where it is new (before a prompt, a pause, the end)."""
        return self._new(len(self.lines))

    def _new(self, count: int) -> list[Text]:
        told = self.told
        new: list[Text] = []
        for index, line in enumerate(self.lines[:count]):
            if index >= len(told):
                told.append(line)
            elif told[index] == line:
                continue
            told[index] = line
            new.append(self._text(line))
        return new

    def _text(self, line: Line) -> Text:
        text = fill_names(line.text, self.names)
        if YOU in self.names:  # "You picks ... and says": "You pick ... and say"
            text = you_grammar(text)
        if line.heading:
            return Text(f"── {text} ──", style="bold")
        return Text("  " + text)


RENDERERS: dict[str, Callable[[View, list[str]], RenderableType]] = {
    "clickety-clack": clickety.render,
    "clever": clever.render,
    "click-click-boom": boom.render,
    "click-clack": clack.render,
}
