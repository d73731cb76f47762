"""The terminal picture of a Clickety Clack view: every board, the pool, whose turn it is."""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core import View
from ...core.i18n import t
from ..names import YOU

DIE_FACES = " ⚀⚁⚂⚃⚄⚅"


def _board(view: View, seat: int, name: str) -> Table:
    board = view["board"]
    mine = view["boards"][seat]
    finish = board["finish_line"]
    title = t("{name} — {score} points", name=name, score=mine["score"])
    if view["me"] == seat and name != YOU:
        title = t("{title} (you)", title=title)
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
        takes = _ranges(mine["open"][index]) or t("nothing")
        cells.append(Text(f" {takes}", style="dim"))
        table.add_row(*cells)
    crossed = mine["penalties"]
    spaces = " ".join(
        f"[{'X' if i < crossed else ' '}]{value}" for i, value in enumerate(board["penalties"])
    )
    table.caption = t("failed rolls: {spaces}", spaces=spaces)
    if board["points_provisional"]:
        table.caption += "   " + t("(points: provisional, the B side's values are unpublished)")
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


def render(view: View, names: list[str]) -> RenderableType:
    """Every player's board, then the round, the dice pool and whose turn it is."""
    parts: list[RenderableType] = []
    order = list(range(view["players"]))
    if view["me"] is not None:  # your own board last, next to the dice
        order.remove(view["me"])
        order.append(view["me"])
    # Side by side when the terminal is wide enough, one under the other otherwise.
    boards = [_board(view, seat, names[seat]) for seat in order]
    parts.append(Columns(boards, padding=(1, 4)))
    pool = "  ".join(f"{DIE_FACES[f]} {f}" for f in view["pool"]) or t("(empty)")
    side = t(
        " — side {side} — dice rolled by {name}",
        side=view["board"]["side"],
        name=names[view["starter"]],
    )
    status = Text.assemble(
        (t("Round {round}", round=view["round"]), "bold"),
        side + "\n",
        (t("Pool: "), "bold"),
        pool,
    )
    if view["dice_to_roll"]:
        status.append("  " + t("(+{dice} rolling)", dice=view["dice_to_roll"]))
    to_move = view["to_move"]
    if isinstance(to_move, int):
        status.append("\n" + t("{name} to play", name=names[to_move]), style="bold yellow")
        if view["failed_this_turn"]:
            status.append(" " + t("(after a failed roll: x and a face takes that die for nothing)"))
    parts.append(status)
    return Group(*parts)


def render_moves(moves: list[str]) -> RenderableType:
    """Clicks grouped by the two dice: ``6+5=11: 7)r1 8)r3`` (move 7 writes 11 in row 1)."""
    groups: dict[str, list[str]] = {}
    singles = []
    for number, move in enumerate(moves, 1):
        dice, sep, row = move.partition(">")
        if sep:
            groups.setdefault(dice, []).append(f"[bold]{number}[/bold])r{row}")
        elif move == "x":
            singles.append(f"[bold]{number}[/bold]) " + t("x: fail (cross a penalty, reroll)"))
        else:
            words = t("{move}: take that die, write nothing", move=move)
            singles.append(f"[bold]{number}[/bold]) {words}")
    lines = [
        f"{dice}={sum(int(d) for d in dice.split('+')):<2} " + " ".join(rows)
        for dice, rows in groups.items()
    ]
    if lines:
        help_line = t("N)rR: move N writes the sum in row R; or type e.g. 6+5>3")
        singles.append(f"[dim]{help_line}[/dim]")
    return Group(Columns(singles, padding=(0, 3)), Columns(lines, padding=(0, 3)))


# -- the compact board (80x24) -----------------------------------------------------------------


def _compact_rows(view: View, seat: int) -> Table:
    """One board, a line a row: the numbers written, what the next space takes, the points."""
    board = view["board"]
    mine = view["boards"][seat]
    finish = board["finish_line"]
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("row", no_wrap=True)
    for space in range(board["spaces"]):
        if space == finish:
            table.add_column("finish", no_wrap=True)
        table.add_column(f"s{space + 1}", justify="right", no_wrap=True, min_width=2)
    table.add_column("pts", justify="right", no_wrap=True)
    table.add_column("takes next", no_wrap=True)
    for index, numbers in enumerate(mine["rows"]):
        points = board["points"][index]
        cells: list[RenderableType] = [Text(f"{index + 1} {board['symbols'][index]}", "bold")]
        for space in range(board["spaces"]):
            if space == finish:
                cells.append(Text("┃", style="red"))
            if space < len(numbers):
                cells.append(Text(str(numbers[space]), style="bold cyan"))
            elif board["row5"] is not None and index == 4:
                cells.append(Text(str(board["row5"][space]), style="dim italic"))
            else:
                cells.append(Text("·", style="dim"))
        filled = len(numbers)
        earned = (points[filled - 1] or 0) if filled else 0
        cells.append(Text(t("{points} pts", points=earned), style="green"))
        takes = _ranges(mine["open"][index]) or t("nothing")
        cells.append(Text(t("next: {numbers}", numbers=takes), style="dim"))
        table.add_row(*cells)
    return table


def render_compact(view: View, names: list[str]) -> RenderableType:
    """The board at the prompt, for an 80x24 terminal: the seat's own board a line a row, the
    others' points, the round, the pool and whose turn it is (the other boards: ``board``)."""
    seat = view["me"] if view["me"] is not None else view["starter"]
    mine = view["boards"][seat]
    title = t("{name} — {score} points", name=names[seat], score=mine["score"])
    if view["me"] == seat and names[seat] != YOU:
        title = t("{title} (you)", title=title)
    crossed = mine["penalties"]
    spaces = " ".join(
        f"[{'X' if i < crossed else ' '}]{value}"
        for i, value in enumerate(view["board"]["penalties"])
    )
    parts: list[RenderableType] = [
        Text(title, style="bold"),
        _compact_rows(view, seat),
        Text(t("failed rolls: {spaces}", spaces=spaces), style="dim"),
    ]
    if view["board"]["points_provisional"]:
        parts.append(Text(t("(points: provisional, the B side's values are unpublished)")))
    others = [other for other in range(view["players"]) if other != seat]
    if others:
        line = Text(t("Others:") + " ", "bold")
        line.append(
            " · ".join(
                t("{name} {score}", name=names[o], score=view["boards"][o]["score"]) for o in others
            )
        )
        parts.append(line)
    pool = "  ".join(f"{DIE_FACES[f]} {f}" for f in view["pool"]) or t("(empty)")
    status = Text.assemble(
        (t("Round {round}", round=view["round"]), "bold"),
        "  ",
        (t("Pool: "), "bold"),
        pool,
    )
    if view["dice_to_roll"]:
        status.append("  " + t("(+{dice} rolling)", dice=view["dice_to_roll"]))
    parts.append(status)
    to_move = view["to_move"]
    if isinstance(to_move, int):
        turn = Text(t("{name} to play", name=names[to_move]), style="bold yellow")
        if view["failed_this_turn"]:
            turn.append(" " + t("(after a failed roll: x and a face takes that die for nothing)"))
        parts.append(turn)
    return Group(*parts)


def compact_moves(moves: list[str]) -> RenderableType:
    """The clicks as the two dice, their sum and the rows it may go to (``6+5=11→1,3``: type
    ``6+5>3``); a failed roll's moves by their notation."""
    groups: dict[str, list[str]] = {}
    singles: list[str] = []
    for move in moves:
        dice, sep, row = move.partition(">")
        if sep:
            groups.setdefault(dice, []).append(row)
        else:
            singles.append(move)
    line = Text()
    if groups:
        line.append(t("type a+b>R: the dice a and b, their sum in row R") + "\n", "dim")
    for dice, rows in groups.items():
        if line.plain and not line.plain.endswith("\n"):
            line.append("  ")
        line.append(f"{dice}={sum(int(d) for d in dice.split('+'))}→", "bold")
        line.append(",".join(rows))
    if singles:
        if line.plain and not line.plain.endswith("\n"):
            line.append("\n")
        line.append(t("or:") + " ", "bold")
        line.append(" ".join(singles))
        if "x" in singles:
            line.append("  " + t("(x: fail, cross a penalty, reroll)"), "dim")
        elif any(move.startswith("x") for move in singles):
            line.append("  " + t("(xN: take a die of face N, write nothing)"), "dim")
    return line
