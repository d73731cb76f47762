"""That's Pretty Clever in the terminal, drawn from the view only (``make_view``).

The sheets in their colours (yellow and blue grids, the green, orange and purple rows, foxes,
action tracks and the score), the round track, the dice (current roll, die spaces, silver
platter), the stage in words, pending bonuses, hidden passive choices and the last moves; the
legal moves grouped by die; the final scores with the solo rating. Nothing here knows the rules
beyond what the view and the printed sheet (``view["layout"]``) say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core import View
from ...core.i18n import N_, t, tn
from ...games.clever.board import AREAS, COLOURS, DIE_LETTERS, DIE_NAMES, THE_DIE
from ..names import YOU, wins, you_grammar

FACES = "·⚀⚁⚂⚃⚄⚅"  # index = face; 0: not rolled yet
LETTERS = DIE_LETTERS
HEADINGS = {  # an area's name over it on the sheet
    "yellow": N_("YELLOW"),
    "blue": N_("BLUE"),
    "green": N_("GREEN"),
    "orange": N_("ORANGE"),
    "purple": N_("PURPLE"),
}
STYLE = {
    "yellow": "bold yellow",
    "blue": "bold dodger_blue1",
    "green": "bold green3",
    "orange": "bold dark_orange",
    "purple": "bold magenta",
    "white": "bold white",
}
CHIP = {  # a die: its colour as the background
    "yellow": "bold black on yellow",
    "blue": "bold white on blue",
    "green": "bold black on green3",
    "orange": "bold black on dark_orange",
    "purple": "bold white on purple",
    "white": "bold black on white",
}
BONUS_LABEL = {
    "reroll": "↻",
    "plus1": "+1",
    "fox": "fox",
    "cross_yellow": "yX",
    "cross_blue": "bX",
    "cross_green": "gX",
    "write_orange_4": "o4",
    "write_orange_5": "o5",
    "write_orange_6": "o6",
    "write_purple_6": "p6",
    "black_x_or_6": "X/6",
}
BONUS_STYLE = {
    "reroll": "bold",
    "plus1": "bold",
    "fox": "bold red",
    "cross_yellow": STYLE["yellow"],
    "cross_blue": STYLE["blue"],
    "cross_green": STYLE["green"],
    "write_orange_4": STYLE["orange"],
    "write_orange_5": STYLE["orange"],
    "write_orange_6": STYLE["orange"],
    "write_purple_6": STYLE["purple"],
    "black_x_or_6": "bold",
}
# The sheet's bonus labels are symbols, like the notation's letters (the legend says them).
LEGEND = N_(
    "key: ↻ reroll  +1 extra die  yX bX gX cross yellow/blue/green  o4 write 4 in orange  "
    "p6 6 in purple"
)
NOTATION = N_(
    "Notation: w>B7 writes the white die in blue 7 (blue always writes blue + white); y>Y13 the "
    "yellow die on yellow row 1, column 3; g>G, o>O, p>P the next green, orange or purple box; "
    "+w>P an extra die (+1); X:Y13, X:B7, X:G a cross bonus; 6:O, 6:P the round-4 black 6; "
    "y>- a die put aside unwritten (only when no die can be written); reroll; done."
)
LOG_LINES = 8  # moves shown under "Last moves"
CROSSED = "✗"
OPEN = "·"
GRID = 3  # width of a yellow or blue cell
YELLOW_WIDTH = 20  # the yellow grid with its row bonuses, left of the blue one
LABEL_WIDTH = 7  # the label column of the green, orange and purple rows
BOX = 4  # width of a green, orange or purple box


# -- small pieces ------------------------------------------------------------------------------


def _shown(text: str) -> str:
    """A text of the view that is data in English (a rating, the phase, a bonus's words, the
    outcome's reason), in the current language; the catalog has it where the game marks it."""
    return t(text)


def _heading(area: str) -> str:
    """An area's name over it on the sheet: ``YELLOW``."""
    return t(HEADINGS[area])


def _name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(seat)


def _chip(view: View, die: int, *, used: bool = False) -> Text:
    """A die as a coloured chip: ``⚃ y4``."""
    face = view["faces"][die]
    label = f" {FACES[face]} {LETTERS[die]}{face or '?'} "
    style = "dim strike" if used else CHIP[COLOURS[die]]
    return Text(label, style=style)


def _bonus(key: str | None, width: int = 0, earned: bool = False, tick: bool = True) -> Text:
    """A bonus label (``bX``); an earned one reversed, with a tick unless there is no room."""
    if key is None:
        return Text(" " * width)
    text = Text(BONUS_LABEL[key], style=BONUS_STYLE[key] + (" reverse" if earned else ""))
    if earned and tick:
        text.append("✓", style="green")
    if width:
        text.pad_left(max(0, width - text.cell_len))
    return text


def _cell(text: str, style: str, width: int = BOX) -> Text:
    return Text(text.rjust(width), style=style)


def _stars(stars: float) -> str:
    full = int(stars)
    half = stars - full >= 0.5
    return "★" * full + ("½" if half else "") + "☆" * (5 - full - half)


def rating_text(view: View) -> Text | None:
    """The solo rating (rulebook's last page), once the game is over."""
    rating = view.get("rating")
    if not rating:
        return None
    total = view["sheets"][0]["score"]["total"]
    stars = t("({stars} of 5 stars, {points} points)", stars=f"{rating['stars']:g}", points=total)
    return Text.assemble(
        (t("Solo rating:") + " ", "bold"),
        (_shown(rating["label"]), "bold green"),
        f"  {_stars(rating['stars'])} {stars}",
    )


# -- one sheet ---------------------------------------------------------------------------------


def _yellow_lines(view: View, sheet: dict[str, Any]) -> list[Text]:
    layout = view["layout"]["yellow"]
    marks = sheet["yellow"]
    style = STYLE["yellow"]
    lines = [Text.assemble((_heading("yellow"), style), ("  " + _points(sheet, "yellow"), "bold"))]
    for row, numbers in enumerate(layout["grid"]):
        line = Text()
        for col, number in enumerate(numbers):
            mark = marks[row * 4 + col]
            if mark == 2:
                line.append(_cell("X", "dim", GRID))
            elif mark == 1:
                line.append(_cell(CROSSED, "bold", GRID))
            else:
                line.append(_cell(str(number), style, GRID))
        done = all(marks[row * 4 + c] for c in range(4))
        line.append(" → ")
        line.append(_bonus(layout["row_bonus"][row], earned=done))
        lines.append(line)
    points = Text()
    for col, value in enumerate(layout["column_points"]):
        done = all(marks[r * 4 + col] for r in range(4))
        points.append(_cell(str(value), "bold green reverse" if done else "green", GRID))
    diagonal = all(marks[i * 5] for i in range(4))
    points.append(" ↘ ")
    points.append(_bonus(layout["diagonal_bonus"], earned=diagonal))
    lines.append(points)
    return lines


def _blue_lines(view: View, sheet: dict[str, Any]) -> list[Text]:
    layout = view["layout"]["blue"]
    crossed = set(sheet["blue"])
    style = STYLE["blue"]
    count = len(crossed)
    lines = [Text.assemble((_heading("blue"), style), ("  " + _points(sheet, "blue"), "bold"))]
    for row, sums in enumerate(layout["grid"]):
        line = Text()
        for total in sums:
            if total is None:
                line.append(_cell(t("b+w"), "dim", GRID))
            elif total in crossed:
                line.append(_cell(CROSSED, "bold", GRID))
            else:
                line.append(_cell(str(total), style, GRID))
        done = all(s is None or s in crossed for s in sums)
        line.append(" → ")
        line.append(_bonus(layout["row_bonus"][row], earned=done))
        lines.append(line)
    columns = Text()
    for col, key in enumerate(layout["column_bonus"]):
        done = all(row[col] is None or row[col] in crossed for row in layout["grid"])
        columns.append(_bonus(key, width=GRID, earned=done, tick=False))
    lines.append(columns)
    # the points by number of crosses, printed across the area (the current one bracketed)
    scale = Text()
    for n, value in enumerate(layout["points"][1:], start=1):
        if n > 1:
            scale.append(" ")
        scale.append(
            f"[{value}]" if n == count else str(value), "bold green" if n == count else "dim"
        )
    lines.append(scale)
    return lines


def _points(sheet: dict[str, Any], area: str, width: int = 0) -> str:
    """``28 pts``: an area's points (right-aligned in ``width``)."""
    return t("{points} pts", points=f"{sheet['score'][area]:>{width}}")


def _row(label: Text | str, cells: Iterable[Text]) -> Text:
    line = label.copy() if isinstance(label, Text) else Text(label)
    line.pad_right(LABEL_WIDTH - line.cell_len)
    for cell in cells:
        line.append(cell)
    return line


def _bonus_row(label: Text, keys: list[str | None], filled: int) -> Text:
    """The bonuses under the boxes; those of filled boxes dimmed."""
    cells = []
    for i, key in enumerate(keys):
        if key is not None and i < filled:
            cell = Text(BONUS_LABEL[key], style="dim")
            cell.pad_left(BOX - cell.cell_len)
            cells.append(cell)
        else:
            cells.append(_bonus(key, width=BOX))
    return _row(label, cells)


def _row_lines(view: View, sheet: dict[str, Any]) -> list[Text]:
    """Green, orange and purple: header (thresholds, multipliers), the boxes, the bonuses.

    The label column holds the area's name, its points and what the next box takes.
    """
    layout = view["layout"]
    lines: list[Text] = []
    points = {area: Text(_points(sheet, area, 3), style="bold") for area in ("green", "orange")}

    green = sheet["green"]
    thresholds = layout["green"]["thresholds"]
    lines.append(
        _row(
            Text(_heading("green"), style=STYLE["green"]),
            (
                _cell(
                    f"≥{t}", "bold reverse green" if i == green else "green" if i > green else "dim"
                )
                for i, t in enumerate(thresholds)
            ),
        )
    )
    lines.append(
        _row(
            points["green"],
            (_cell(CROSSED if i < green else OPEN, "bold") for i in range(len(thresholds))),
        )
    )
    hint = t("next≥{number}", number=thresholds[green]) if green < len(thresholds) else t("full")
    lines.append(_bonus_row(Text(hint, style="dim"), layout["green"]["bonus"], green))

    orange = sheet["orange"]
    multipliers = layout["orange"]["multipliers"]
    lines.append(
        _row(
            Text(_heading("orange"), style=STYLE["orange"]),
            (_cell(f"×{m}" if m > 1 else "", "dark_orange") for m in multipliers),
        )
    )
    lines.append(
        _row(
            points["orange"],
            (
                _cell(str(orange[i]), "bold") if i < len(orange) else _cell(OPEN, "dim")
                for i in range(len(multipliers))
            ),
        )
    )
    filled = len(orange)
    if filled >= len(multipliers):
        hint = t("full")
    else:
        hint = t("next×{times}", times=multipliers[filled])
    lines.append(_bonus_row(Text(hint, style="dim"), layout["orange"]["bonus"], filled))

    purple = sheet["purple"]
    boxes = len(layout["purple"]["bonus"])
    if len(purple) >= boxes:
        hint = t("full")
    elif not purple or purple[-1] == 6:
        hint = t("any")
    else:
        hint = t("next>{number}", number=purple[-1])
    lines.append(
        _row(
            Text(_heading("purple"), style=STYLE["purple"]),
            [Text(" " + t("each higher than the last; after a 6, any"), style="purple")],
        )
    )
    lines.append(
        _row(
            Text(_points(sheet, "purple", 3), style="bold"),
            (
                _cell(str(purple[i]), "bold") if i < len(purple) else _cell(OPEN, "dim")
                for i in range(boxes)
            ),
        )
    )
    lines.append(_bonus_row(Text(hint, style="dim"), layout["purple"]["bonus"], len(purple)))
    return lines


def _track(label: str, track: dict[str, int], spaces: int) -> Text:
    circled, used = track["circled"], track["used"]
    marks = "".join(
        "⊗" if i < used else "◉" if i < circled else "○" for i in range(spaces)
    )  # ⊗ used, ◉ circled, ○ empty
    return Text.assemble(
        (label, "bold"),
        " ",
        marks,
        (" " + t("{n} left", n=circled - used), "green" if circled > used else "dim"),
    )


def _score_line(sheet: dict[str, Any]) -> Text:
    score = sheet["score"]
    areas = sum(score[a] for a in AREAS)
    weakest = min(score[a] for a in AREAS)
    return Text.assemble(
        (t("total") + " ", "bold"),
        (str(score["total"]), "bold"),
        " "
        + t(
            "= areas {areas} + foxes {foxes}×{weakest}",
            areas=areas,
            foxes=sheet["foxes"],
            weakest=weakest,
        ),
    )


def sheet_lines(view: View, seat: int) -> list[Text]:
    """One sheet, full size: the picture of the paper sheet."""
    sheet = view["sheets"][seat]
    yellow = _yellow_lines(view, sheet)
    blue = _blue_lines(view, sheet)
    lines: list[Text] = []
    for i in range(max(len(yellow), len(blue))):
        left = yellow[i] if i < len(yellow) else Text()
        right = blue[i] if i < len(blue) else Text()
        line = left.copy()
        line.pad_right(YELLOW_WIDTH - line.cell_len)
        line.append(right)
        lines.append(line)
    lines.extend(_row_lines(view, sheet))
    spaces = view["layout"]["track_spaces"]
    tracks = Text.assemble(
        _track(t("↻ reroll"), sheet["rerolls"], spaces),
        "   ",
        _track("+1", sheet["plus_ones"], spaces),
        "   ",
        (t("fox") + " ", "bold red"),
        str(sheet["foxes"]),
    )
    lines.append(tracks)
    lines.append(_score_line(sheet))
    return lines


def _sheet_title(view: View, seat: int, names: list[str]) -> str:
    total = view["sheets"][seat]["score"]["total"]
    you = " " + t("(you)") if view["me"] == seat and names[seat] != YOU else ""
    active = " — " + t("active") if view["active"] == seat and view["to_move"] != "end" else ""
    points = tn("{n} point", "{n} points", total)
    return f"[bold]{escape(names[seat])}{escape(you)}[/bold]: {escape(points)}{escape(active)}"


def sheet_panel(view: View, seat: int, names: list[str]) -> Panel:
    """One sheet, full size, in a frame titled with the player and total."""
    return Panel(
        Group(*sheet_lines(view, seat)),
        title=_sheet_title(view, seat, names),
        title_align="left",
        expand=False,
        border_style="bold" if view["me"] == seat else "dim",
    )


def compact_table(view: View, seats: list[int], names: list[str]) -> Table:
    """Other players' sheets, one line each: marks and points per area."""
    table = Table(title=t("Other sheets"), title_justify="left", box=None, padding=(0, 1))
    table.add_column(t("player"), no_wrap=True)
    for area in AREAS:
        table.add_column(t(area), header_style=STYLE[area], no_wrap=True)
    for column in (t("fox"), "↻", "+1", t("total")):
        table.add_column(column, justify="right", no_wrap=True)
    thresholds = view["layout"]["green"]["thresholds"]
    for seat in seats:
        sheet = view["sheets"][seat]
        score = sheet["score"]
        crossed = sum(1 for m in sheet["yellow"] if m == 1)
        green = sheet["green"]
        nxt = " " + t("next≥{number}", number=thresholds[green]) if green < len(thresholds) else ""
        purple = sheet["purple"]
        last = " " + t("last {number}", number=purple[-1]) if purple else ""
        table.add_row(
            names[seat] + (" *" if view["active"] == seat else ""),
            _marks(f"{crossed}/12 ✗", score["yellow"]),
            _marks(f"{len(sheet['blue'])}/11 ✗", score["blue"]),
            _marks(f"{green}/11{nxt}", score["green"]),
            _marks(" ".join(map(str, sheet["orange"])) or "-", score["orange"]),
            _marks(
                (" ".join(map(str, purple)) or "-")
                if len(purple) <= 6
                else f"{len(purple)}/11{last}",
                score["purple"],
            ),
            str(sheet["foxes"]),
            str(sheet["rerolls"]["circled"] - sheet["rerolls"]["used"]),
            str(sheet["plus_ones"]["circled"] - sheet["plus_ones"]["used"]),
            Text(str(score["total"]), style="bold"),
        )
    table.caption = t("* active player")
    table.caption_justify = "left"
    return table


def _marks(marks: str, points: int) -> Text:
    return Text.assemble(marks, " → ", (str(points), "bold"))


class _Fit:
    """The first renderable that fits the width, else the last one."""

    def __init__(self, *choices: RenderableType) -> None:
        self.choices = choices

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        unbounded = options.update_width(10_000)
        for choice in self.choices[:-1]:
            if Measurement.get(console, unbounded, choice).maximum <= options.max_width:
                yield choice
                return
        yield self.choices[-1]


def _in_a_row(renderables: Sequence[RenderableType]) -> Table:
    row = Table.grid(padding=(0, 1))
    for _ in renderables:
        row.add_column(no_wrap=True)
    row.add_row(*renderables)
    return row


def _sheets(view: View, names: list[str]) -> RenderableType:
    """Every sheet: yours full size, the others full when they fit side by side, else compact."""
    me = view["me"]
    players = view["players"]
    if me is None:
        panels = [sheet_panel(view, seat, names) for seat in range(players)]
        if players == 1:
            return panels[0]
        rows = [_in_a_row(panels[i : i + 2]) for i in range(0, players, 2)]
        return _Fit(_in_a_row(panels), Group(*rows), Group(*panels))
    mine = sheet_panel(view, me, names)
    others = [seat for seat in range(players) if seat != me]
    if not others:
        return mine
    full = [sheet_panel(view, seat, names) for seat in others]
    return _Fit(_in_a_row([*full, mine]), Group(compact_table(view, others, names), mine))


# -- the dice, the round and the stage ---------------------------------------------------------


def _round_track(view: View) -> Text:
    current = view["round"]
    line = Text.assemble(
        (t("Round {round} of {rounds}", round=current, rounds=view["rounds"]), "bold"), "   "
    )
    for number in range(1, view["rounds"] + 1):
        key = view["layout"]["round_bonus"][number - 1]
        label = f"{number}" + (f" {BONUS_LABEL[key]}" if key else "")
        if number == current and view["to_move"] != "end":
            line.append(f"[{label}]", "bold reverse")
        elif number < current or view["to_move"] == "end":
            line.append(f" {label} ", "dim strike")
        else:
            line.append(f" {label} ")
        line.append(" ")
    return line


def _dice_lines(view: View) -> list[Text]:
    extra = view["stage"] in ("active-extra", "passive-extra", "solo-extra", "final-extra")
    used = set(view["extra_used"]) if extra else set()
    labels = (t("rolled"), t("die spaces"), t("platter"))
    width = max(len(label) for label in labels)
    rolled = Text(f"  {labels[0]:<{width}}", style="bold")
    faces = view["faces"]
    if not view["rolled"]:
        rolled.append(t("(none)"), "dim")
    elif not any(faces[die] for die in view["rolled"]):
        rolled.append(t("(rolling {n} dice)", n=len(view["rolled"])), "dim")
    else:
        for die in view["rolled"]:
            rolled.append(_chip(view, die, used=die in used))
            rolled.append(" ")
    if faces[1] and faces[5]:
        rolled.append("   " + t("blue + white = {sum}", sum=faces[1] + faces[5]), STYLE["blue"])
    spaces = Text(f"  {labels[1]:<{width}}", style="bold")
    for i in range(3):
        spaces.append(f" {i + 1}:")
        if i < len(view["spaces"]):
            die = view["spaces"][i]
            spaces.append(_chip(view, die, used=die in used))
        else:
            spaces.append(f" {OPEN} ", "dim")
    platter = Text(f"  {labels[2]:<{width}}", style="bold")
    for die in view["platter"]:
        platter.append(_chip(view, die, used=die in used))
        platter.append(" ")
    if not view["platter"]:
        platter.append(t("(empty)"), "dim")
    lines = [rolled, spaces, platter]
    if used:
        dice = ", ".join(t(COLOURS[d]) for d in sorted(used))
        if view["stage"] == "final-extra":
            words = t("used by +1 now: {dice}", dice=dice)
        else:
            words = t("used by +1 this turn: {dice}", dice=dice)
        lines.append(Text("  " + words, "dim"))
    return lines


def _pending_words(view: View, names: list[str]) -> Text | None:
    """The bonuses waiting after the one being decided now."""
    pending = view["pending"]
    if pending and pending[0]["seat"] == view["to_move"]:
        pending = pending[1:]
    if not pending:
        return None
    parts = ", ".join(
        t("{who}: {words}", who=_name(names, p["seat"]), words=_shown(BONUS_WORDS[p["bonus"]]))
        for p in pending
    )
    return Text.assemble(("  " + t("bonuses waiting (next first):") + " ", "bold"), parts)


def _passive_words(view: View, names: list[str]) -> Text | None:
    passive = view["passive"]
    if view["stage"] != "passive-take" or not passive["seats"]:
        return None
    chosen = passive["chosen"]
    parts = []
    for seat in passive["seats"]:
        name = _name(names, seat)
        if str(seat) in chosen:
            move = chosen[str(seat)]
            if move:
                parts.append(t("{name} took {move}", name=name, move=move))
            else:
                parts.append(t("{name} has chosen (hidden)", name=name))
        elif view["to_move"] == seat:
            parts.append(t("{name} is choosing", name=name))
        else:
            parts.append(t("{name} waits", name=name))
    return Text.assemble(("  " + t("passive players:") + " ", "bold"), "; ".join(parts))


def stage_words(view: View, names: list[str]) -> str:
    """What is happening, in words: ``Ana is active: pick a die``."""
    to_move = view["to_move"]
    stage = view["stage"]
    if to_move == "end":
        return t("Game over.")
    pending = view["pending"]
    if pending and pending[0]["seat"] == to_move:
        who = _name(names, to_move)
        bonus = pending[0]["bonus"]
        if bonus == "cross_yellow":
            return t("{who}: bonus (yellow X): choose a yellow cell to cross", who=who)
        if bonus == "cross_blue":
            return t("{who}: bonus (blue X): choose a blue cell to cross", who=who)
        return t(
            "{who}: round-4 black bonus: cross a yellow, blue or green box, "
            "or write 6 in orange or purple",
            who=who,
        )
    active = _name(names, view["active"])
    seat = _name(names, view["extra_seat"])
    sheet = view["sheets"][view["extra_seat"]]
    plus_left = sheet["plus_ones"]["circled"] - sheet["plus_ones"]["used"]
    if stage == "rolling":
        return t("{active} is active: rolling the dice", active=active)
    if stage == "choose":
        mine = view["sheets"][view["active"]]
        rerolls = mine["rerolls"]["circled"] - mine["rerolls"]["used"]
        extra = t(", or reroll ({n} left)", n=rerolls) if rerolls else ""
        if "forfeit" in view["legal"]:
            extra += t(", or forfeit the roll: no die of it can be used")
        forfeited = view["forfeited"]
        number = len(view["spaces"]) + forfeited + 1
        if forfeited:
            pick = t(
                "pick {number} of 3, {forfeited} forfeited", number=number, forfeited=forfeited
            )
        else:
            pick = t("pick {number} of 3", number=number)
        return (
            t("{active} is active: pick a die from the roll ({pick})", active=active, pick=pick)
            + extra
        )
    if stage == "active-extra":
        return t(
            "{who}, end of the active turn: extra die (+1): write any die, or done ({n} left)",
            who=seat,
            n=plus_left,
        )
    if stage == "passive-take":
        return t("passive players choose a platter die (choices stay hidden until all have chosen)")
    if stage == "passive-extra":
        return t("{who}: extra die (+1): write any die, or done ({n} left)", who=seat, n=plus_left)
    if stage in ("solo-rolling", "solo-nearest"):
        return t("solo passive turn: rolling all six dice; the three lowest go to the platter")
    if stage == "solo-take":
        return t("solo passive turn: take one die from the silver platter (no reroll)")
    if stage == "solo-extra":
        return t(
            "solo passive turn: extra die (+1): write any die, or done ({n} left)", n=plus_left
        )
    if stage == "final-extra":
        return t(
            "the last round is over: {who}'s last extra dice (+1): write any die, each once, "
            "or done ({n} left)",
            who=seat,
            n=plus_left,
        )
    return _shown(str(view["phase"]))


def _status(view: View, names: list[str]) -> list[RenderableType]:
    lines: list[RenderableType] = [_round_track(view)]
    if view["to_move"] != "end":
        lines.extend(_dice_lines(view))
    lines.append(Text("▶ " + you_grammar(stage_words(view, names)), style="bold yellow"))
    for extra in (_pending_words(view, names), _passive_words(view, names)):
        if extra is not None:
            lines.append(extra)
    rating = rating_text(view)
    if rating is not None:
        lines.append(rating)
    return lines


# -- the log -----------------------------------------------------------------------------------


def log_lines(view: View, names: list[str], count: int = LOG_LINES) -> list[Text]:
    """The last moves, with seat names, and the bonuses that needed no choice; a run of dice
    rolls is one line."""
    lines: list[Text] = []
    rolls: list[str] = []
    events: dict[int, list[dict[str, Any]]] = {}
    for event in view.get("events", []):
        events.setdefault(event["after"], []).append(event)

    def flush_rolls() -> None:
        if rolls:
            lines.append(Text("  " + t("rolled {faces}", faces=" ".join(rolls)), style="dim"))
            rolls.clear()

    def add_events(index: int) -> None:
        if index in events:
            flush_rolls()
            lines.extend(_event_line(event, names) for event in events[index])

    for index, entry in enumerate(view["log"]):
        add_events(index)
        move = entry["move"]
        if entry["seat"] == "chance":
            if move.startswith("r"):
                rolls.append(move[1:])
            else:
                lines.append(
                    Text("  " + t("dice: {words}", words=_move_words(view, move)), style="dim")
                )
            continue
        flush_rolls()
        name = _name(names, entry["seat"])
        if move == "?":
            lines.append(Text("  " + t("{name}: (hidden choice)", name=name), style="italic"))
        else:
            lines.append(
                Text.assemble(f"  {name}: ", (move, "bold"), f"  {_move_words(view, move)}")
            )
    add_events(len(view["log"]))
    flush_rolls()
    return lines[-count:]


def _event_line(event: dict[str, Any], names: list[str]) -> Text:
    """A bonus resolved without a choice: ``Ana: bonus fox``, ``every player: bonus reroll``."""
    who = t("every player") if event["seat"] == "all" else _name(names, event["seat"])
    bonus = event["bonus"]
    label = t(BONUS_WORDS[bonus]) if bonus in BONUS_WORDS else bonus
    if event["lost"]:
        return Text(
            "  " + t("{who}: bonus {bonus} lost (no room left)", who=who, bonus=label),
            style="dim italic",
        )
    where = ""
    if event["target"] and bonus.startswith("cross"):
        where = " " + t("on {target}", target=event["target"])
    return Text.assemble(f"  {who}: ", (t("bonus"), BONUS_STYLE.get(bonus, "")), f" {label}{where}")


BONUS_WORDS = {  # a bonus of the view (its key) in words, shown with t()
    "reroll": N_("reroll"),
    "plus1": N_("+1 (extra die)"),
    "fox": N_("fox"),
    "cross_yellow": N_("yellow X"),
    "cross_blue": N_("blue X"),
    "cross_green": N_("green X"),
    "write_orange_4": N_("orange 4"),
    "write_orange_5": N_("orange 5"),
    "write_orange_6": N_("orange 6"),
    "write_purple_6": N_("purple 6"),
    "black_x_or_6": N_("black X or 6"),
}


# -- moves in words ----------------------------------------------------------------------------

_PICK = re.compile(r"(\+)?([ybgopw])>(Y[1-4][1-4]|B\d+|G|O|P|-)")
_BONUS = re.compile(r"([X6]):(Y[1-4][1-4]|B\d+|G|O|P)")


def _target_words(view: View, target: str) -> str:
    if target.startswith("Y"):
        row, col = int(target[1]) - 1, int(target[2]) - 1
        number = view["layout"]["yellow"]["grid"][row][col]
        return t(
            "yellow {number} (row {row}, column {column})",
            number=number,
            row=row + 1,
            column=col + 1,
        )
    if target.startswith("B"):
        return t("blue {sum}", sum=target[1:])
    return _shown(COLOURS[2 + "GOP".index(target)])


def _move_words(view: View, move: str) -> str:
    """A move of the notation in words (no faces: for the log)."""
    if move == "done":
        return t("done")
    if move == "reroll":
        return t("reroll the dice just rolled")
    if move == "forfeit":
        return t("forfeit the roll (no die of it can be used)")
    if move.startswith("near:"):
        die = t(THE_DIE[LETTERS.index(move[5])])
        return t("dice tied for the silver platter: chance puts {die} on it", die=die)
    if m := _PICK.fullmatch(move):
        die = t(DIE_NAMES[LETTERS.index(m[2])])
        if m[3] == "-":
            words = t("{die} on a die space, nothing written", die=die)
        else:
            words = t("{die} → {target}", die=die, target=_target_words(view, m[3]))
        return t("extra die: {move}", move=words) if m[1] else words
    if m := _BONUS.fullmatch(move):
        if m[1] == "6":
            return t("bonus: 6 in {target}", target=_target_words(view, m[2]))
        return t("bonus: cross {target}", target=_target_words(view, m[2]))
    return move


def _move_detail(view: View, move: str, seat: int) -> str:
    """A legal move in words, with what it writes on ``seat``'s sheet."""
    sheet = view["sheets"][seat]
    faces = view["faces"]
    layout = view["layout"]
    if m := _PICK.fullmatch(move):
        die, target = LETTERS.index(m[2]), m[3]
        face = faces[die]
        if target == "-":
            return t("on a die space, write nothing")
        if target.startswith("Y"):
            return t(
                "yellow {number} (row {row}, col {column})",
                number=face,
                row=target[1],
                column=target[2],
            )
        if target.startswith("B"):
            return t(
                "blue {sum} (= {blue} + {white})", sum=target[1:], blue=faces[1], white=faces[5]
            )
        return _row_detail(layout, sheet, target, face)
    if m := _BONUS.fullmatch(move):
        target = m[2]
        if target.startswith("Y"):
            row, col = int(target[1]) - 1, int(target[2]) - 1
            number = layout["yellow"]["grid"][row][col]
            return t(
                "yellow {number} (row {row}, col {column})",
                number=number,
                row=row + 1,
                column=col + 1,
            )
        if target.startswith("B"):
            return t("blue {sum}", sum=target[1:])
        return _row_detail(layout, sheet, target, 6 if m[1] == "6" else 0)
    if move == "reroll":
        left = sheet["rerolls"]["circled"] - sheet["rerolls"]["used"]
        return t("roll the same dice again ({n} left)", n=left)
    if move == "done":
        if view["stage"] in ("passive-take", "solo-take"):
            return t("take no die")
        if view["stage"] == "final-extra":
            return t("no more extra dice: this sheet is final")
        return t("no more extra dice this turn")
    if move == "forfeit":
        left = 3 - len(view["spaces"]) - view["forfeited"] - 1
        if left:
            return t("write nothing, roll the same dice again ({n} left)", n=left)
        return t("write nothing, the turn's rolls are over")
    return _move_words(view, move)


def _row_detail(layout: dict[str, Any], sheet: dict[str, Any], target: str, face: int) -> str:
    if target == "G":
        box = sheet["green"]
        need = layout["green"]["thresholds"][box]
        return t("green box {box} (≥{need})", box=box + 1, need=need)
    if target == "O":
        box = len(sheet["orange"])
        multiplier = layout["orange"]["multipliers"][box]
        if multiplier > 1:
            return t(
                "orange {face}×{times} = {value}",
                face=face,
                times=multiplier,
                value=face * multiplier,
            )
        return t("orange {face}", face=face)
    return t("purple {face}", face=face)


def render_moves(view: View, moves: list[str]) -> RenderableType:
    """The legal moves, numbered in the order given, grouped by die (or by bonus area)."""
    seat = view["me"] if view["me"] is not None else view["to_move"]
    groups: dict[str, list[tuple[int, str]]] = {}
    heads: dict[str, Text] = {}
    for number, move in enumerate(moves, 1):
        key, head = _group_of(view, move)
        groups.setdefault(key, []).append((number, move))
        heads.setdefault(key, head)
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for key, entries in groups.items():
        pieces = [
            Text.assemble(
                (f"{number})", "bold cyan"),
                " ",
                (move, "bold"),
                " ",
                _move_detail(view, move, seat),
            )
            for number, move in entries
        ]
        table.add_row(heads[key], Columns(pieces, padding=(0, 3)))
    return Group(
        Text(t("Your moves (type the number or the notation):"), style="bold"),
        table,
    )


def _group_of(view: View, move: str) -> tuple[str, Text]:
    if m := _PICK.fullmatch(move):
        die = LETTERS.index(m[2])
        head = _chip(view, die)
        if m[3] == "-":
            return ("waste", Text(t("no usable die")))
        return (f"{m[1] or ''}{m[2]}", head)
    if m := _BONUS.fullmatch(move):
        target = m[2]
        if target.startswith("Y"):
            return ("xy", Text(t("cross yellow"), style=STYLE["yellow"]))
        if target.startswith("B"):
            return ("xb", Text(t("cross blue"), style=STYLE["blue"]))
        if target == "G":
            return ("xg", Text(t("cross green"), style=STYLE["green"]))
        return ("six", Text(t("black 6"), style="bold"))
    return ("other", Text(t("other")))


# -- the view, the steps and the outcome -------------------------------------------------------


def render(view: View, names: list[str]) -> RenderableType:
    """The sheets, then the last moves, the round track, the dice and the stage."""
    parts: list[RenderableType] = [_sheets(view, names), Text(t(LEGEND), style="dim")]
    log = log_lines(view, names)
    if log:
        parts.append(Text(t("Last moves:"), style="bold"))
        parts.extend(log)
    parts.extend(_status(view, names))
    return Group(*parts)


class CleverSteps:
    """Lines for the moves of other seats as they happen; hidden passive choices stay hidden
    until every passive player has chosen, then they are revealed together."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.hidden: dict[int, bool] = {}  # log index of a hidden choice -> reveal it?

    def __call__(self, view: View, seat: int, words: str, show: bool) -> Iterator[RenderableType]:
        log = view["log"]
        for i, reveal in list(self.hidden.items()):
            if i < len(log) and log[i]["move"] != "?":
                del self.hidden[i]
                move = log[i]["move"]
                if reveal:
                    yield Text.assemble(
                        (_name(self.names, log[i]["seat"]), "magenta"),
                        " "
                        + t(
                            "took {move}: {words} (revealed)",
                            move=move,
                            words=_move_words(view, move),
                        ),
                    )
        if log and log[-1]["move"] == "?" and log[-1]["seat"] == seat:
            self.hidden[len(log) - 1] = show
            if show:
                yield Text.assemble(
                    (_name(self.names, seat), "magenta"),
                    " "
                    + t("has chosen a platter die (hidden until every passive player has chosen)"),
                )
        elif show:
            yield Text.assemble((_name(self.names, seat), "magenta"), f": {words}")


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """Final scores: each area, the foxes and the total per seat; the winners; solo rating."""
    outcome: dict[str, Any] = view["outcome"]
    table = Table(
        title=t("Final scores"), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False
    )
    # At 80 columns the names wrap, never the headings (each as wide as it is).
    table.add_column(t("player"), min_width=len(t("player")))
    for area in AREAS:
        table.add_column(
            t(area), justify="right", header_style=STYLE[area], no_wrap=True, min_width=len(t(area))
        )
    table.add_column(t("foxes"), justify="right", no_wrap=True, min_width=len(t("foxes")))
    table.add_column(
        t("total"), justify="right", style="bold", no_wrap=True, min_width=len(t("total"))
    )
    if not view.get("rating"):  # solo: the rating is said under the table
        table.add_column("", no_wrap=True)
    winners = outcome["winners"]
    shared = len(winners) > 1
    ranked = sorted(range(view["players"]), key=lambda s: -outcome["scores"][s])
    for seat in ranked:
        sheet = view["sheets"][seat]
        score = sheet["score"]
        weakest = min(score[a] for a in AREAS)
        marks = []
        if not view.get("rating"):  # solo: the rulebook's rating under the table
            marks.append(
                (t("shared victory") if shared else t("winner")) if seat in winners else ""
            )
        table.add_row(
            names[seat],
            *(str(score[a]) for a in AREAS),
            f"{sheet['foxes']}×{weakest}",
            str(int(outcome["scores"][seat])),
            *marks,
        )
    table.caption = t("ended by: {reason}", reason=_shown(outcome["reason"]))
    table.caption_justify = "left"
    parts: list[RenderableType] = [table]
    rating = rating_text(view)
    if rating is not None:
        parts.append(rating)
    if view["players"] > 1:
        ordered = sorted(winners)
        who = names[ordered[0]]
        for seat in ordered[1:]:
            who = t("{first} and {second}", first=who, second=names[seat])
        parts.append(Text(f"{wins(who, shared)}.", style="bold"))
    return Group(*parts)


# -- the compact board (80x24) -----------------------------------------------------------------


def _small_chip(view: View, die: int, *, used: bool = False) -> Text:
    """A die in three cells: ``⚃y4``."""
    face = view["faces"][die]
    style = "dim strike" if used else CHIP[COLOURS[die]]
    return Text(f"{FACES[face]}{LETTERS[die]}{face or '?'}", style=style)


def _chips(view: View, dice: Sequence[int], used: set[int]) -> Text:
    line = Text()
    for i, die in enumerate(dice):
        if i:
            line.append(" ")
        line.append(_small_chip(view, die, used=die in used))
    return line


def _compact_side(view: View) -> list[Text]:
    """The column beside yellow and blue: the round track, the roll, die spaces, platter."""
    current = view["round"]
    track = Text()
    for number in range(1, view["rounds"] + 1):
        key = view["layout"]["round_bonus"][number - 1]
        label = f"{number}{BONUS_LABEL[key] if key else ''}"
        if number > 1:
            track.append(" ")
        if number == current and view["to_move"] != "end":
            track.append(f"[{label}]", "bold reverse")
        else:
            track.append(label, "dim strike" if number < current else "")
    lines = [
        Text(t("Round {round} of {rounds}", round=current, rounds=view["rounds"]), "bold"),
        track,
    ]
    if view["to_move"] == "end":
        return lines
    extra = view["stage"] in ("active-extra", "passive-extra", "solo-extra", "final-extra")
    used = set(view["extra_used"]) if extra else set()
    labels = (t("rolled"), t("spaces"), t("platter"))
    width = max(len(label) for label in labels) + 1
    faces = view["faces"]
    rolled = [die for die in view["rolled"] if faces[die]]
    first = Text(labels[0].ljust(width), "bold")
    if not rolled:
        first.append(t("(none)"), "dim")
    first.append_text(_chips(view, rolled[:3], used))
    second = Text(" " * width)
    second.append_text(_chips(view, rolled[3:], used))
    if faces[1] and faces[5]:
        if rolled[3:]:
            second.append(" ")
        second.append(t("b+w={sum}", sum=faces[1] + faces[5]), STYLE["blue"])
    spaces = Text(labels[1].ljust(width), "bold")
    for i in range(3):
        if i:
            spaces.append(" ")
        if i < len(view["spaces"]):
            die = view["spaces"][i]
            spaces.append_text(_small_chip(view, die, used=die in used))
        else:
            spaces.append(f" {OPEN} ", "dim")
    platter = Text(labels[2].ljust(width), "bold")
    platter.append_text(_chips(view, view["platter"], used))
    if not view["platter"]:
        platter.append(t("(empty)"), "dim")
    lines.extend([first, second, spaces, platter])
    return lines


def _compact_rows(view: View, sheet: dict[str, Any]) -> list[Text]:
    """Green, orange and purple in two lines each: the boxes (what the next ones take), then
    the area's points and the bonuses under the boxes."""
    layout = view["layout"]
    lines: list[Text] = []
    green = sheet["green"]
    thresholds = layout["green"]["thresholds"]
    lines.append(
        _row(
            Text(_heading("green"), style=STYLE["green"]),
            (
                _cell(CROSSED, "bold")
                if i < green
                else _cell(f"≥{need}", "bold reverse green" if i == green else "green")
                for i, need in enumerate(thresholds)
            ),
        )
    )
    lines.append(_bonus_row(Text(_points(sheet, "green"), "bold"), layout["green"]["bonus"], green))
    orange = sheet["orange"]
    multipliers = layout["orange"]["multipliers"]
    lines.append(
        _row(
            Text(_heading("orange"), style=STYLE["orange"]),
            (
                _cell(str(orange[i]), "bold")
                if i < len(orange)
                else _cell(f"×{m}" if m > 1 else OPEN, "dim")
                for i, m in enumerate(multipliers)
            ),
        )
    )
    lines.append(
        _bonus_row(Text(_points(sheet, "orange"), "bold"), layout["orange"]["bonus"], len(orange))
    )
    purple = sheet["purple"]
    boxes = len(layout["purple"]["bonus"])
    lines.append(
        _row(
            Text(_heading("purple"), style=STYLE["purple"]),
            (
                _cell(str(purple[i]), "bold") if i < len(purple) else _cell(OPEN, "dim")
                for i in range(boxes)
            ),
        )
    )
    lines.append(
        _bonus_row(Text(_points(sheet, "purple"), "bold"), layout["purple"]["bonus"], len(purple))
    )
    return lines


def compact_sheet_lines(view: View, seat: int) -> list[Text]:
    """One sheet in few lines, with the round and the dice beside yellow and blue."""
    sheet = view["sheets"][seat]
    yellow = _yellow_lines(view, sheet)
    blue = _blue_lines(view, sheet)
    side = _compact_side(view) if view["me"] == seat or view["me"] is None else []
    lines: list[Text] = []
    for i in range(max(len(yellow), len(blue), len(side))):
        line = yellow[i].copy() if i < len(yellow) else Text()
        line.pad_right(YELLOW_WIDTH - line.cell_len)
        if i < len(blue):
            line.append_text(blue[i])
        if i < len(side):
            line.pad_right(COMPACT_SIDE - line.cell_len)
            line.append_text(side[i])
        lines.append(line)
    lines.extend(_compact_rows(view, sheet))
    spaces = view["layout"]["track_spaces"]
    lines.append(
        Text.assemble(
            _track(t("↻ reroll"), sheet["rerolls"], spaces),
            "  ",
            _track("+1", sheet["plus_ones"], spaces),
            "  ",
            (t("fox") + " ", "bold red"),
            str(sheet["foxes"]),
            "  ",
            (t("total") + " ", "bold"),
            (str(sheet["score"]["total"]), "bold"),
        )
    )
    return lines


COMPACT_SIDE = 53  # where the column beside yellow and blue starts


def compact_moves(moves: list[str]) -> Text:
    """The legal moves, numbered, as a few lines of notation."""
    line = Text()
    for number, move in enumerate(moves, 1):
        if number > 1:
            line.append("  ")
        line.append(f"{number})", "bold cyan")
        line.append(move, "bold")
    return line


def render_compact(view: View, names: list[str]) -> RenderableType:
    """The board at the prompt, for an 80x24 terminal: the seat's own sheet with the round and
    the dice beside it, the others' points in one line, the stage in words."""
    seat = view["me"] if view["me"] is not None else view["active"]
    parts: list[RenderableType] = [
        Text.from_markup(_sheet_title(view, seat, names)),
        *compact_sheet_lines(view, seat),
    ]
    others = [s for s in range(view["players"]) if s != seat]
    if others:
        line = Text(t("Others:") + " ", "bold")
        for i, other in enumerate(others):
            if i:
                line.append(" · ")
            total = view["sheets"][other]["score"]["total"]
            line.append(tn("{name} {n} point", "{name} {n} points", total, name=names[other]))
            if view["active"] == other and view["to_move"] != "end":
                line.append(" (" + t("active") + ")")
        parts.append(line)
    parts.append(Text("▶ " + you_grammar(stage_words(view, names)), style="bold yellow"))
    for extra in (_pending_words(view, names), _passive_words(view, names)):
        if extra is not None:
            parts.append(extra)
    if view["to_move"] != "end" and view["extra_used"] and view["stage"].endswith("extra"):
        dice = ", ".join(t(COLOURS[d]) for d in sorted(view["extra_used"]))
        parts.append(Text("  " + t("used by +1 this turn: {dice}", dice=dice), "dim"))
    return Group(*parts)
