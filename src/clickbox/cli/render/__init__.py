"""Terminal pictures of views, drawn with rich. Only views are drawn, never states."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...bots.hints import Hint
from ...core import Action, View
from ...games.boom.view import witness_view as boom_witness_view
from . import boom, clack, clever

DIE_FACES = " ⚀⚁⚂⚃⚄⚅"


def render_view(view: View, seat_names: list[str] | None = None) -> RenderableType:
    """The picture of a view for the terminal."""
    renderer = RENDERERS.get(view["game"])
    if renderer is None:
        return Text(repr(view))
    return renderer(view, seat_names or [f"seat {i}" for i in range(view["players"])])


def _clickety_board(view: View, seat: int, name: str) -> Table:
    board = view["board"]
    mine = view["boards"][seat]
    finish = board["finish_line"]
    title = f"{name} — {mine['score']} points"
    if view["me"] == seat:
        title += " (you)"
    table = Table(title=title, title_justify="left", show_header=False, box=None, pad_edge=False)
    table.add_column("row", no_wrap=True)
    for space in range(board["spaces"]):
        if space == finish:
            table.add_column("finish", no_wrap=True)
        table.add_column(f"s{space + 1}", justify="right", no_wrap=True, min_width=3)
    table.add_column("pts", justify="right", no_wrap=True)
    table.add_column("takes next", no_wrap=True)
    for index, numbers in enumerate(mine["rows"]):
        points = board["points"][index]
        cells: list[RenderableType] = [
            Text(f"{index + 1} {board['symbols'][index]:<8}", style="bold")
        ]
        for space in range(board["spaces"]):
            if space == finish:
                cells.append(Text("┃\n┃", style="red"))
            value = points[space]
            under = Text("-" if value is None else str(value), style="dim")
            if space < len(numbers):
                top = Text(str(numbers[space]), style="bold cyan")
            elif board["row5"] is not None and index == 4:
                top = Text(str(board["row5"][space]), style="dim italic")
            else:
                top = Text("·", style="dim")
            cells.append(Text.assemble(top, "\n", under))
        filled = len(numbers)
        earned = (points[filled - 1] or 0) if filled else 0
        cells.append(Text(f"{earned}\n", style="green"))
        cells.append(Text(f" {_ranges(mine['open'][index]) or 'nothing'}", style="dim"))
        table.add_row(*cells)
    crossed = mine["penalties"]
    spaces = " ".join(
        f"[{'X' if i < crossed else ' '}]{value}" for i, value in enumerate(board["penalties"])
    )
    table.caption = f"failed rolls: {spaces}"
    if board["points_provisional"]:
        table.caption += "   (points: provisional, the B side's values are unpublished)"
    table.caption_justify = "left"
    return table


def _ranges(numbers: list[int]) -> str:
    """``[2, 3, 4, 6, 8, 9]`` as ``2-4 6 8-9``."""
    parts: list[str] = []
    for number in numbers:
        if parts and number - 1 == int(parts[-1].split("-")[-1]):
            parts[-1] = f"{parts[-1].split('-')[0]}-{number}"
        else:
            parts.append(str(number))
    return " ".join(parts)


def render_clickety_clack(view: View, names: list[str]) -> RenderableType:
    """Every player's board, then the round, the dice pool and whose turn it is."""
    parts: list[RenderableType] = []
    order = list(range(view["players"]))
    if view["me"] is not None:  # your own board last, next to the dice
        order.remove(view["me"])
        order.append(view["me"])
    # Side by side when the terminal is wide enough, one under the other otherwise.
    boards = [_clickety_board(view, seat, names[seat]) for seat in order]
    parts.append(Columns(boards, padding=(1, 4)))
    pool = "  ".join(f"{DIE_FACES[f]} {f}" for f in view["pool"]) or "(empty)"
    status = Text.assemble(
        (f"Round {view['round']}", "bold"),
        f" — side {view['board']['side']} — dice rolled by {names[view['starter']]}\n",
        ("Pool: ", "bold"),
        pool,
    )
    if view["dice_to_roll"]:
        status.append(f"  (+{view['dice_to_roll']} rolling)")
    to_move = view["to_move"]
    if isinstance(to_move, int):
        status.append(f"\n{names[to_move]} to play", style="bold yellow")
        if view["failed_this_turn"]:
            status.append(" (after a failed roll: x and a face takes that die for nothing)")
    parts.append(status)
    return Group(*parts)


def render_moves(
    view: View, moves: list[str], seat_names: list[str] | None = None
) -> RenderableType:
    """The legal moves, numbered from 1 in the order given."""
    if view["game"] == "clickety-clack":
        return _clickety_moves(moves)
    if view["game"] == "clever":
        return clever.render_moves(view, moves)
    if view["game"] == "click-click-boom":
        names = seat_names or [f"seat {i}" for i in range(view["players"])]
        return boom.render_moves(view, moves, names)
    if view["game"] == "click-clack":
        return clack.render_moves(view, moves)
    return Columns([f"[bold]{i}[/bold]) {m}" for i, m in enumerate(moves, 1)], padding=(0, 2))


def render_hints(
    options: list[Hint], legal: list[Action] | None = None, bot: str = "hard"
) -> RenderableType:
    """A hint table: rank, move number (when the legal list is given), notation, words, value."""
    table = Table(title=f"Hint: the {bot} bot's best options", title_justify="left")
    table.add_column("#", justify="right")
    if legal is not None:
        table.add_column("move", justify="right")
    table.add_column("play")
    table.add_column("meaning")
    table.add_column("value", justify="right")
    for rank, hint in enumerate(options, 1):
        number = [str(legal.index(hint.action) + 1)] if legal is not None else []
        value = "" if math.isnan(hint.value) else f"{hint.value:.3g}"
        table.add_row(str(rank), *number, hint.notation, hint.description, value)
    return table


def _clickety_moves(moves: list[str]) -> RenderableType:
    """Clicks grouped by the two dice: ``6+5=11: 7)r1 8)r3`` (move 7 writes 11 in row 1)."""
    groups: dict[str, list[str]] = {}
    singles = []
    for number, move in enumerate(moves, 1):
        dice, sep, row = move.partition(">")
        if sep:
            groups.setdefault(dice, []).append(f"[bold]{number}[/bold])r{row}")
        elif move == "x":
            singles.append(f"[bold]{number}[/bold]) x: fail (cross a penalty, reroll)")
        else:
            singles.append(f"[bold]{number}[/bold]) {move}: take that die, write nothing")
    lines = [
        f"{dice}={sum(int(d) for d in dice.split('+')):<2} " + " ".join(rows)
        for dice, rows in groups.items()
    ]
    if lines:
        singles.append("[dim]N)rR: move N writes the sum in row R; or type e.g. 6+5>3[/dim]")
    return Group(Columns(singles, padding=(0, 3)), Columns(lines, padding=(0, 3)))


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """The final score table."""
    if view["game"] == "clever":
        return clever.render_outcome(view, names)
    if view["game"] == "click-click-boom":
        return boom.render_outcome(view, names)
    if view["game"] == "click-clack":
        return clack.render_outcome(view, names)
    outcome: dict[str, Any] = view["outcome"]
    table = Table(title="Final scores", title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("")
    ranked = sorted(range(view["players"]), key=lambda s: -outcome["scores"][s])
    shared = len(outcome["winners"]) > 1
    for seat in ranked:
        mark = ("shared victory" if shared else "winner") if seat in outcome["winners"] else ""
        table.add_row(str(seat), names[seat], str(outcome["scores"][seat]), mark)
    table.caption = f"ended by: {outcome['reason']}"
    return table


def notation_help(view: View) -> str:
    """The game's notation in a few lines, for ``help`` at the prompt (empty if none)."""
    if view["game"] == "clever":
        return clever.NOTATION
    if view["game"] == "click-click-boom":
        return boom.NOTATION
    if view["game"] == "click-clack":
        return clack.NOTATION
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


RENDERERS: dict[str, Callable[[View, list[str]], RenderableType]] = {
    "clickety-clack": render_clickety_clack,
    "clever": clever.render,
    "click-click-boom": boom.render,
    "click-clack": clack.render,
}
