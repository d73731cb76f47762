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
from ...core.i18n import N_, t
from ...games.clack.board import (
    FACE_NAMES,
    FACE_WORDS,
    GEOMETRIES,
    KIND_NAMES,
    KIND_WITH_ARTICLE,
    KIND_WORDS,
    SECTION_NAMES,
    SECTION_TITLES,
    WIN_SAME,
    WIN_TOTAL,
)
from ..names import YOU, wins

SEAT_COLOURS = ("red", "blue", "green", "yellow")
"""The squirrels' colours, seat by seat (rich styles)."""
COLOUR_NAMES = (N_("red"), N_("blue"), N_("green"), N_("yellow"))
"""The squirrels' colours in words, seat by seat."""

KIND_ORDER = ("hazelnut", "fir-cone", "blueberry", "chestnut")
"""The kinds in the order the rulebook lists the discs of a game."""

LOG_LINES = 8

NOTATION = N_(
    "Notation: frog2 puts (or moves) your squirrel in hole 2 of the Frog section (holes 0-3 "
    "of frog, butterfly, snail, beetle); stay keeps it where it is when the die shows its own "
    "section; freddy:snail sends Freddy to the Snail section (the squirrels there flee to the "
    "trunk); after every move cw or ccw turns the board one click (clockwise, anticlockwise); "
    "when the die shows Freddy's section your squirrel cannot move, and noturn leaves the board "
    "as it is (unless the table plays no_move_turn=forced)."
)
"""Shown translated: ``t(NOTATION)``."""

GROUPS = {"placements": N_("placements"), "Freddy": N_("Freddy"), "turn": N_("turn the board")}
"""The groups of the legal moves, in words."""


def _kind(kind: str) -> str:
    """A kind of the view (``fir-cone``) in words (``fir cone``)."""
    if kind in KIND_NAMES:
        return t(KIND_WORDS[KIND_NAMES.index(kind)])
    return kind.replace("-", " ")


def _a_kind(kind: str) -> str:
    """One disc of a kind of the view in words (``a fir cone``)."""
    if kind in KIND_NAMES:
        return t(KIND_WITH_ARTICLE[KIND_NAMES.index(kind)])
    return f"a {kind.replace('-', ' ')}"


def _section(section: str) -> str:
    """A section of the view (``frog``) as a name (``Frog``)."""
    if section in SECTION_NAMES:
        return t(SECTION_TITLES[SECTION_NAMES.index(section)])
    return section.capitalize()


def _squirrel(seat: int, names: list[str]) -> Text:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    said = t(COLOUR_NAMES[seat % len(COLOUR_NAMES)])
    return Text(t("{name} ({colour})", name=names[seat], colour=said), style=f"bold {colour}")


def _rotations(view: View) -> int | None:
    geometry = GEOMETRIES.get(view["board"])
    return None if geometry is None else geometry.rotations


def _below(hole: dict[str, Any], view: View) -> str:
    """What the view says about the hollow under a hole: ``empty``, a seen disc, or nothing."""
    hollow = hole["hollow"]
    for seen in view["seen"]:
        if seen["hollow"] == hollow:
            return t("sees {kind}", kind=_kind(seen["kind"]))
    if hollow in view["known_empty"]:
        return t("empty")
    return ""


def _board(view: View, names: list[str], compact: bool = False) -> Table:
    """The four sections side by side, each with its holes and the squirrels in them
    (``compact``: without a frame)."""
    rotations = _rotations(view)
    if rotations:
        turned = t(
            "rotation {rotation} of {rotations}", rotation=view["rotation"], rotations=rotations
        )
    else:
        turned = t("rotation {rotation}", rotation=view["rotation"])
    table = Table(
        title=t("Board ({board}, {turned})", board=view["board"], turned=turned),
        title_justify="left",
        box=box.SIMPLE_HEAD if compact else box.ROUNDED,
        show_lines=False,
        show_edge=not compact,
        pad_edge=not compact,
    )
    holes: dict[str, list[dict[str, Any]]] = {name: [] for name in SECTION_NAMES}
    for hole in view["holes"]:
        section = hole["hole"].rstrip("0123456789")
        holes.setdefault(section, []).append(hole)
    if compact:  # the holes by number: frog2 is the Frog's 2
        table.title = None
    for section in SECTION_NAMES:
        header = Text(_section(section), style="bold")
        if view["freddy"] == section:
            header.append("  " + t("FREDDY"), style="bold magenta")
        table.add_column(header, min_width=12)
    depth = max(len(h) for h in holes.values())
    for row in range(depth):
        cells: list[RenderableType] = []
        for section in SECTION_NAMES:
            if row >= len(holes[section]):
                cells.append("")
                continue
            hole = holes[section][row]
            label = hole["hole"][len(section) :] if compact else f"{hole['hole']:<11}"
            cell = Text(label + (" " if compact else ""), style="dim")
            if hole["squirrel"] is None:
                cell.append("·", style="dim")
            else:
                seat = hole["squirrel"]
                cell.append(names[seat], style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")
            below = _below(hole, view)
            if below and compact:  # on the same line: an empty hollow ∅, a seen disc's kind
                below = "∅" if below == t("empty") else below
                cell.append(f" {below}", style="italic dim")
            elif below:
                cell.append(f" ({below})", style="italic dim")
            cells.append(cell)
        table.add_row(*cells)
    return table


def _trunk(view: View, names: list[str]) -> Text:
    """The trunk in the middle (squirrels that fled, Freddy before his first move) and the
    squirrels still in front of their players."""
    text = Text(t("Trunk: "), style="bold")
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
        text.append(t("nobody"), style="dim")
    home = [s for s, where in enumerate(view["squirrels"]) if where == "home"]
    if home:
        text.append("    " + t("not yet on the board: "), style="bold")
        for index, seat in enumerate(home):
            if index:
                text.append(", ")
            text.append_text(_squirrel(seat, names))
    return text


def _discs(view: View, names: list[str]) -> Table:
    """Every player's discs by kind, with the progress to 7 discs and to 4 of a kind."""
    table = Table(
        title=t("Discs collected"), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False
    )
    table.add_column(t("player"), min_width=len(t("player")))
    for kind in KIND_ORDER:
        table.add_column(_kind(kind), justify="right", no_wrap=True, min_width=len(_kind(kind)))
    table.add_column(t("total"), justify="right", no_wrap=True)
    table.add_column(
        t(
            "to {total} / {same} identical",
            total=view.get("win_total", WIN_TOTAL),
            same=view.get("win_same", WIN_SAME),
        ),
        no_wrap=True,
    )
    for seat, counts in enumerate(view["discs"]):
        player = _squirrel(seat, names)
        if view["me"] == seat and names[seat] != YOU:
            player.append(" " + t("(you)"))
        best = max(counts[k] for k in KIND_NAMES)
        progress = t(
            "{total}/{win_total}, {best}/{win_same} same",
            total=counts["total"],
            win_total=view.get("win_total", WIN_TOTAL),
            best=best,
            win_same=view.get("win_same", WIN_SAME),
        )
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
    left = ", ".join(
        t("{count} {kind}", count=per_kind - collected[k], kind=_kind(k)) for k in KIND_ORDER
    )
    return Text.assemble((t("Discs still on the board: "), "bold"), f"{view['on_board']} ({left})")


def _phase(view: View, names: list[str]) -> Text:
    """What the game waits for, in words."""
    phase = view["phase"]
    seat = view["turn"]
    text = Text()
    if phase == "setup":
        setup = view["setup"]
        text.append(
            t(
                "Setup: the discs are being hidden (column {done} of {columns}), face down, "
                "never next to one another.",
                done=setup["columns_done"],
                columns=setup["columns"],
            ),
            style="bold yellow",
        )
        return text
    if phase == "over":
        text.append(t("Game over."), style="bold yellow")
        return text
    who = _squirrel(seat, names)
    text.append(t("Turn {turn}: ", turn=view["turns"]), style="bold")
    text.append_text(who)
    if phase == "roll":
        text.append(" " + t("rolls the die."), style="bold yellow")
    elif phase == "move":
        roll = view["roll"]
        if roll == "freddy":
            text.append(
                " "
                + t(
                    "rolled Freddy: move Freddy to another section (its squirrels flee to the "
                    "trunk)."
                ),
                style="bold yellow",
            )
        else:
            text.append(
                " "
                + t(
                    "rolled {section}: place or move the squirrel in the {section} section.",
                    section=_section(roll),
                ),
                style="bold yellow",
            )
    elif phase == "turn":
        if view["roll"] == view["freddy"]:
            text.append(
                " "
                + t(
                    "rolled {section}, Freddy's section: the squirrel cannot move;",
                    section=_section(view["roll"]),
                ),
                style="bold yellow",
            )
            if view["no_move_turn"] == "optional":
                text.append(
                    " "
                    + t("turns the board one click (cw or ccw) or leaves it as it is (noturn)."),
                    style="bold yellow",
                )
                return text
        text.append(" " + t("turns the board one click (cw or ccw)."), style="bold yellow")
    return text


def log_lines(view: View, names: list[str], count: int = LOG_LINES) -> list[Text]:
    """The last ``count`` moves of the game (rolls, placements, Freddy, turns of the board)."""
    lines: list[Text] = []
    for entry in view["log"]:
        move = entry["move"]
        if move == "?":
            continue  # the setup's hidden columns
        if entry["seat"] == "chance":
            face = move.split(":", 1)[1]
            if face in FACE_NAMES:
                face = t(FACE_WORDS[FACE_NAMES.index(face)])
            lines.append(Text(t("die: {face}", face=face), style="dim"))
            continue
        line = Text("  ")
        line.append_text(_squirrel(entry["seat"], names))
        line.append(f": {move}")
        if move == "noturn":
            line.append(" " + t("(the board stays as it is)"), style="dim")
        lines.append(line)
    return lines[-count:]


def collection_lines(view: View, names: list[str], count: int = LOG_LINES) -> list[Text]:
    """The last ``count`` discs collected: which turn, whose squirrel, which hole, which kind."""
    lines = []
    for c in view["collections"]:
        line = Text(t("turn {turn}: ", turn=c["turn"]))
        line.append_text(_squirrel(c["seat"], names))
        line.append(" " + t("collects {disc} in {hole}", disc=_a_kind(c["kind"]), hole=c["hole"]))
        if c["by"] != c["seat"]:
            line.append(" " + t("(on {name}'s turn)", name=names[c["by"]]), style="dim")
        lines.append(line)
    return lines[-count:]


def _roll_and_freddy(view: View) -> Text:
    """The last roll and where Freddy is, on one line."""
    roll = view["roll"]
    if roll == "freddy":
        last_roll = t("Freddy")
    else:
        last_roll = _section(roll) if roll else t("none yet")
    status = Text.assemble((t("Last roll: "), "bold"), last_roll, "    ")
    status.append(t("Freddy: "), style="bold")
    freddy = view["freddy"]
    status.append(
        t("on the trunk")
        if freddy == "trunk"
        else t("in the {section} section", section=_section(freddy))
    )
    return status


def render(view: View, names: list[str]) -> RenderableType:
    """The board by section, the trunk, the discs, the last roll, the phase and the logs."""
    parts: list[RenderableType] = [_board(view, names), _trunk(view, names)]
    status = _roll_and_freddy(view)
    if view["freddy_scares"] == "all":
        scares = t("(every squirrel flees when he moves)")
    else:
        scares = t("(its section flees when he moves)")
    status.append(" " + scares, style="dim")
    parts.append(status)
    parts.append(_discs(view, names))
    parts.append(_on_board(view))
    moves = log_lines(view, names)
    collected = collection_lines(view, names)
    logs: list[RenderableType] = []
    if moves:
        logs.append(Group(Text(t("Last moves:"), style="bold"), *moves))
    logs.append(
        Group(
            Text(t("Discs collected ({count}):", count=len(view["collections"])), style="bold"),
            *(collected or [Text("  " + t("none yet"), style="dim")]),
        )
    )
    parts.append(Columns(logs, padding=(0, 6)))
    parts.append(_phase(view, names))
    return Group(*parts)


def render_moves(view: View, moves: list[str]) -> RenderableType:
    """The legal moves numbered from 1, grouped: placements, Freddy moves, turns of the board."""
    groups: dict[str, list[str]] = {key: [] for key in GROUPS}
    for number, move in enumerate(moves, 1):
        item = f"[bold]{number}[/bold]) {move}"
        if move.startswith("freddy:"):
            groups["Freddy"].append(item)
        elif move in ("cw", "ccw"):
            word = t("clockwise") if move == "cw" else t("anticlockwise")
            groups["turn"].append(f"{item} ({word})")
        elif move == "noturn":
            groups["turn"].append(f"{item} ({t('leave it as it is')})")
        else:
            groups["placements"].append(item)
    lines: list[RenderableType] = [Text(t("Your moves (type the number or the notation):"))]
    for key, items in groups.items():
        if items:
            label = t(GROUPS[key])
            lines.append(Columns([f"[bold]{label}:[/bold]", *items], padding=(0, 2)))
    return Group(*lines)


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """The winners and every player's discs."""
    outcome: dict[str, Any] = view["outcome"]
    winners = outcome["winners"]
    table = Table(
        title=t("Final result"), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False
    )
    # At 80 columns the names wrap, never the headings (each as wide as it is).
    table.add_column(t("player"), min_width=len(t("player")))
    for kind in KIND_ORDER:
        table.add_column(_kind(kind), justify="right", no_wrap=True, min_width=len(_kind(kind)))
    table.add_column(t("total"), justify="right", style="bold", no_wrap=True)
    table.add_column("", no_wrap=True)
    shared = len(winners) > 1
    order = sorted(
        range(view["players"]), key=lambda s: (s not in winners, -view["discs"][s]["total"])
    )
    for seat in order:
        counts = view["discs"][seat]
        mark = (t("shared victory") if shared else t("winner")) if seat in winners else ""
        table.add_row(
            _squirrel(seat, names),
            *(str(counts[k]) for k in KIND_ORDER),
            str(counts["total"]),
            mark,
        )
    # The reason is data (the rules' English, several joined by "; "): each part is shown
    # translated (the rules mark them, games/clack/rules.py REASONS).
    reason = "; ".join(t(part) for part in str(outcome["reason"]).split("; "))
    table.caption = t("ended by: {reason}", reason=reason)
    table.caption_justify = "left"
    if shared:
        line = t("{players} share the victory.", players=_and([names[s] for s in sorted(winners)]))
    elif winners:
        line = f"{wins(names[winners[0]])}."
    else:
        line = t("Nobody wins.")
    return Group(table, Text(line, style="bold yellow"))


def _and(items: list[str]) -> str:
    """``a and b`` (``a and b and c``)."""
    said = items[0]
    for item in items[1:]:
        said = t("{first} and {second}", first=said, second=item)
    return said


# -- the compact board (80x24) -----------------------------------------------------------------


def _compact_discs(view: View, names: list[str]) -> Table:
    """Every player's discs by kind and the total, a line each."""
    table = Table(box=None, padding=(0, 2, 0, 0), pad_edge=False, header_style="bold underline")
    table.add_column(t("discs"), no_wrap=True)
    for kind in KIND_ORDER:
        table.add_column(_kind(kind), justify="right", no_wrap=True)
    table.add_column(t("total"), justify="right", no_wrap=True)
    for seat, counts in enumerate(view["discs"]):
        player = _squirrel(seat, names)
        if view["me"] == seat and names[seat] != YOU:
            player.append(" " + t("(you)"))
        table.add_row(
            player,
            *(str(counts[k]) for k in KIND_ORDER),
            Text(str(counts["total"]), style="bold"),
        )
    return table


def render_compact(view: View, names: list[str]) -> RenderableType:
    """The board at the prompt, for an 80x24 terminal: the sections without a frame, the trunk,
    the roll and Freddy, the discs a line a player, the phase (the logs: ``board``)."""
    status = _roll_and_freddy(view)
    rotations = _rotations(view)
    status.append("    " + t("rotation {rotation}", rotation=view["rotation"]))
    if rotations:
        status.append(f"/{rotations}")
    goal = t(
        "{total} discs or {same} of a kind win; {count} on the board; ∅ an empty hollow",
        total=view.get("win_total", WIN_TOTAL),
        same=view.get("win_same", WIN_SAME),
        count=view["on_board"],
    )
    return Group(
        _board(view, names, compact=True),
        _trunk(view, names),
        status,
        _compact_discs(view, names),
        Text(goal, style="dim"),
        _phase(view, names),
    )
