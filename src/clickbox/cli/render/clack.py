"""Click Clack in the terminal: the round board by section, the trunk, the discs collected.

Only the view is drawn, and the view never holds the layout of the discs: what is drawn under a
hole is what the view makes public (a hollow known to be empty, a disc seen through a vacant
hole with option ``see_through``), never what lies there.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core import View
from ...games.clack.board import GEOMETRIES, KIND_NAMES, SECTION_NAMES, WIN_SAME, WIN_TOTAL
from ..names import YOU, wins

SEAT_COLOURS = ("red", "blue", "green", "yellow")
"""The squirrels' colours, seat by seat."""

KIND_ORDER = ("hazelnut", "fir-cone", "blueberry", "chestnut")
"""The kinds in the order the rulebook lists the discs of a game."""

LOG_LINES = 8

NOTATION = (
    "Notation: frog2 puts (or moves) your squirrel in hole 2 of the Frog section (holes 0-3 "
    "of frog, butterfly, snail, beetle); stay keeps it where it is when the die shows its own "
    "section; freddy:snail sends Freddy to the Snail section (the squirrels there flee to the "
    "trunk); after every move cw or ccw turns the board one click (clockwise, anticlockwise); "
    "when the die shows Freddy's section your squirrel cannot move, and noturn leaves the board "
    "as it is (unless the table plays no_move_turn=forced)."
)


def _kind(kind: str) -> str:
    return kind.replace("-", " ")


def _squirrel(seat: int, names: list[str]) -> Text:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return Text(f"{names[seat]} ({colour})", style=f"bold {colour}")


def _rotations(view: View) -> int | None:
    geometry = GEOMETRIES.get(view["board"])
    return None if geometry is None else geometry.rotations


def _below(hole: dict[str, Any], view: View) -> str:
    """What the view says about the hollow under a hole: ``empty``, a seen disc, or nothing."""
    hollow = hole["hollow"]
    for seen in view["seen"]:
        if seen["hollow"] == hollow:
            return f"sees {_kind(seen['kind'])}"
    if hollow in view["known_empty"]:
        return "empty"
    return ""


def _board(view: View, names: list[str]) -> Table:
    """The four sections side by side, each with its holes and the squirrels in them."""
    rotations = _rotations(view)
    turned = f"rotation {view['rotation']}" + (f" of {rotations}" if rotations else "")
    table = Table(
        title=f"Board ({view['board']}, {turned})",
        title_justify="left",
        box=box.ROUNDED,
        show_lines=False,
    )
    holes: dict[str, list[dict[str, Any]]] = {name: [] for name in SECTION_NAMES}
    for hole in view["holes"]:
        section = hole["hole"].rstrip("0123456789")
        holes.setdefault(section, []).append(hole)
    for section in SECTION_NAMES:
        header = Text(section.capitalize(), style="bold")
        if view["freddy"] == section:
            header.append("  FREDDY", style="bold magenta")
        table.add_column(header, min_width=12)
    depth = max(len(h) for h in holes.values())
    for row in range(depth):
        cells: list[RenderableType] = []
        for section in SECTION_NAMES:
            if row >= len(holes[section]):
                cells.append("")
                continue
            hole = holes[section][row]
            cell = Text(f"{hole['hole']:<11}", style="dim")
            if hole["squirrel"] is None:
                cell.append("·", style="dim")
            else:
                seat = hole["squirrel"]
                cell.append(names[seat], style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")
            below = _below(hole, view)
            if below:
                cell.append(f" ({below})", style="italic dim")
            cells.append(cell)
        table.add_row(*cells)
    return table


def _trunk(view: View, names: list[str]) -> Text:
    """The trunk in the middle (squirrels that fled, Freddy before his first move) and the
    squirrels still in front of their players."""
    text = Text("Trunk: ", style="bold")
    there: list[Text] = []
    if view["freddy"] == "trunk":
        there.append(Text("Freddy", style="bold magenta"))
    there += [_squirrel(s, names) for s, where in enumerate(view["squirrels"]) if where == "trunk"]
    if there:
        for index, item in enumerate(there):
            if index:
                text.append(", ")
            text.append_text(item)
    else:
        text.append("nobody", style="dim")
    home = [s for s, where in enumerate(view["squirrels"]) if where == "home"]
    if home:
        text.append("    not yet on the board: ", style="bold")
        for index, seat in enumerate(home):
            if index:
                text.append(", ")
            text.append_text(_squirrel(seat, names))
    return text


def _discs(view: View, names: list[str]) -> Table:
    """Every player's discs by kind, with the progress to 7 discs and to 4 of a kind."""
    table = Table(
        title="Discs collected", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False
    )
    table.add_column("player", no_wrap=True)
    for kind in KIND_ORDER:
        table.add_column(_kind(kind), justify="right", no_wrap=True)
    table.add_column("total", justify="right")
    table.add_column(f"to {WIN_TOTAL} / {WIN_SAME} identical", no_wrap=True)
    for seat, counts in enumerate(view["discs"]):
        player = _squirrel(seat, names)
        if view["me"] == seat and names[seat] != YOU:
            player.append(" (you)")
        best = max(counts[k] for k in KIND_NAMES)
        progress = f"{counts['total']}/{WIN_TOTAL}, {best}/{WIN_SAME} same"
        table.add_row(
            player,
            *(str(counts[k]) for k in KIND_ORDER),
            Text(str(counts["total"]), style="bold"),
            progress,
        )
    return table


def _on_board(view: View) -> Text:
    per_kind = view["discs_per_kind"]
    collected = {k: sum(d[k] for d in view["discs"]) for k in KIND_NAMES}
    left = ", ".join(f"{per_kind - collected[k]} {_kind(k)}" for k in KIND_ORDER)
    return Text.assemble(("Discs still on the board: ", "bold"), f"{view['on_board']} ({left})")


def _phase(view: View, names: list[str]) -> Text:
    """What the game waits for, in words."""
    phase = view["phase"]
    seat = view["turn"]
    text = Text()
    if phase == "setup":
        setup = view["setup"]
        text.append(
            f"Setup: the discs are being hidden (column {setup['columns_done']} of "
            f"{setup['columns']}), face down, never next to one another.",
            style="bold yellow",
        )
        return text
    if phase == "over":
        text.append("Game over.", style="bold yellow")
        return text
    who = _squirrel(seat, names)
    text.append(f"Turn {view['turns']}: ", style="bold")
    text.append_text(who)
    if phase == "roll":
        text.append(" rolls the die.", style="bold yellow")
    elif phase == "move":
        roll = view["roll"]
        if roll == "freddy":
            text.append(
                " rolled Freddy: move Freddy to another section (its squirrels flee to the trunk).",
                style="bold yellow",
            )
        else:
            text.append(
                f" rolled {roll.capitalize()}: place or move the squirrel in the "
                f"{roll.capitalize()} section.",
                style="bold yellow",
            )
    elif phase == "turn":
        if view["roll"] == view["freddy"]:
            text.append(
                f" rolled {view['roll'].capitalize()}, Freddy's section: the squirrel cannot move;",
                style="bold yellow",
            )
            if view["no_move_turn"] == "optional":
                text.append(
                    " turns the board one click (cw or ccw) or leaves it as it is (noturn).",
                    style="bold yellow",
                )
                return text
        text.append(" turns the board one click (cw or ccw).", style="bold yellow")
    return text


def log_lines(view: View, names: list[str], count: int = LOG_LINES) -> list[Text]:
    """The last ``count`` moves of the game (rolls, placements, Freddy, turns of the board)."""
    lines: list[Text] = []
    for entry in view["log"]:
        move = entry["move"]
        if move == "?":
            continue  # the setup's hidden columns
        if entry["seat"] == "chance":
            lines.append(Text(f"die: {move.split(':', 1)[1]}", style="dim"))
            continue
        line = Text("  ")
        line.append_text(_squirrel(entry["seat"], names))
        line.append(f": {move}")
        if move == "noturn":
            line.append(" (the board stays as it is)", style="dim")
        lines.append(line)
    return lines[-count:]


def collection_lines(view: View, names: list[str], count: int = LOG_LINES) -> list[Text]:
    """The last ``count`` discs collected: which turn, whose squirrel, which hole, which kind."""
    lines = []
    for c in view["collections"]:
        line = Text(f"turn {c['turn']}: ")
        line.append_text(_squirrel(c["seat"], names))
        line.append(f" collects a {_kind(c['kind'])} in {c['hole']}")
        if c["by"] != c["seat"]:
            line.append(f" (on {names[c['by']]}'s turn)", style="dim")
        lines.append(line)
    return lines[-count:]


def render(view: View, names: list[str]) -> RenderableType:
    """The board by section, the trunk, the discs, the last roll, the phase and the logs."""
    parts: list[RenderableType] = [_board(view, names), _trunk(view, names)]
    roll = view["roll"]
    status = Text.assemble(
        ("Last roll: ", "bold"), roll.capitalize() if roll else "none yet", "    "
    )
    status.append("Freddy: ", style="bold")
    freddy = view["freddy"]
    status.append("on the trunk" if freddy == "trunk" else f"in the {freddy.capitalize()} section")
    scares = "every squirrel flees" if view["freddy_scares"] == "all" else "its section flees"
    status.append(f" ({scares} when he moves)", style="dim")
    parts.append(status)
    parts.append(_discs(view, names))
    parts.append(_on_board(view))
    moves = log_lines(view, names)
    collected = collection_lines(view, names)
    logs: list[RenderableType] = []
    if moves:
        logs.append(Group(Text("Last moves:", style="bold"), *moves))
    logs.append(
        Group(
            Text(f"Discs collected ({len(view['collections'])}):", style="bold"),
            *(collected or [Text("  none yet", style="dim")]),
        )
    )
    parts.append(Columns(logs, padding=(0, 6)))
    parts.append(_phase(view, names))
    return Group(*parts)


def render_moves(view: View, moves: list[str]) -> RenderableType:
    """The legal moves numbered from 1, grouped: placements, Freddy moves, turns of the board."""
    groups: dict[str, list[str]] = {"placements": [], "Freddy": [], "turn the board": []}
    for number, move in enumerate(moves, 1):
        item = f"[bold]{number}[/bold]) {move}"
        if move.startswith("freddy:"):
            groups["Freddy"].append(item)
        elif move in ("cw", "ccw"):
            word = "clockwise" if move == "cw" else "anticlockwise"
            groups["turn the board"].append(f"{item} ({word})")
        elif move == "noturn":
            groups["turn the board"].append(f"{item} (leave it as it is)")
        else:
            groups["placements"].append(item)
    lines: list[RenderableType] = [Text("Your moves (type the number or the notation):")]
    for label, items in groups.items():
        if items:
            lines.append(Columns([f"[bold]{label}:[/bold]", *items], padding=(0, 2)))
    return Group(*lines)


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """The winners and every player's discs."""
    outcome: dict[str, Any] = view["outcome"]
    winners = outcome["winners"]
    table = Table(title="Final result", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("player", no_wrap=True)
    for kind in KIND_ORDER:
        table.add_column(_kind(kind), justify="right")
    table.add_column("total", justify="right", style="bold")
    table.add_column("")
    shared = len(winners) > 1
    order = sorted(
        range(view["players"]), key=lambda s: (s not in winners, -view["discs"][s]["total"])
    )
    for seat in order:
        counts = view["discs"][seat]
        mark = ("shared victory" if shared else "winner") if seat in winners else ""
        table.add_row(
            _squirrel(seat, names),
            *(str(counts[k]) for k in KIND_ORDER),
            str(counts["total"]),
            mark,
        )
    table.caption = f"ended by: {outcome['reason']}"
    table.caption_justify = "left"
    if shared:
        line = " and ".join(names[s] for s in sorted(winners)) + " share the victory."
    elif winners:
        line = f"{wins(names[winners[0]])}."
    else:
        line = "Nobody wins."
    return Group(table, Text(line, style="bold yellow"))
