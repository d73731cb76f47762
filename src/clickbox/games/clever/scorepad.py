"""The That's Pretty Clever score pad: one player's filled sheet, copied as text, checked, scored.

The text form (``SHEET_FORMAT``, printed by ``clickbox score clever --format``)::

    yellow 1: 3 6 5          # the numbers crossed in yellow row 1 (top)
    yellow 2: 2 1
    yellow 3: 1 2 4
    yellow 4: 3 4 6
    blue: 2 3 4 6 7 10 11    # the sums crossed
    green: x x x x x x x     # the boxes crossed, left to right ("green: 7" also works)
    orange: 3 5 6 8 2 4      # the numbers as written (x2, x3 already applied)
    purple: 2 5 6 3 4 6
    foxes: 2                 # optional: must match the foxes the sheet earns

- ``yellow N`` (N 1-4, top to bottom; ``yellow row N`` also works): the numbers crossed in that
  row, in any order. The printed X need not be written (an ``x`` for it is allowed).
- ``blue``: the sums crossed (2-12), in any order.
- ``green``: one ``x`` per crossed box from the left (``-`` for an empty box), or the count.
- ``orange`` and ``purple``: the numbers in the boxes from the left, as written on the sheet.
- ``foxes`` (optional): the number of foxes circled; checked against the marks.
- An area left out, or written ``-``, is empty. ``#`` starts a comment; blank lines are ignored.

Each mark is written on an engine :class:`~.sheet.Sheet` with its own marking code, so the foxes
are the ones those marks fire, and the score is the engine's :meth:`~.sheet.Sheet.score`. A mark
no game could make is a :class:`~clickbox.core.SheetError` naming the area and the box: yellow and
blue boxes by their printed number (``yellow row 3, box 4``, ``blue, box 7``), green, orange and
purple boxes by their position from the left (``purple, box 4``), and a yellow or blue number
that is on no box by its place in the line (``blue, entry 2: 13 is not a sum of two dice``).
"""

from __future__ import annotations

import re
from typing import Final

from ...core import GameBase, ScoreCard, ScoreLine, SheetError, sheet_entries
from .board import (
    AREAS,
    BOXES,
    FOX,
    ORANGE_MULTIPLIERS,
    PURPLE_RESET,
    YELLOW_COLUMN_MASKS,
    YELLOW_COLUMN_POINTS,
    YELLOW_GRID,
    solo_rating,
)
from .rules import CleverConfig
from .sheet import Sheet

SHEET_FORMAT = """\
One player's sheet, one entry a line (# starts a comment, blank lines are ignored):

  yellow 1: 3 6 5          # yellow row 1 (top): the numbers crossed, any order
  yellow 2: 2 1            # rows 2 to 4 the same way ("yellow row 2:" also works)
  yellow 3: 1 2 4
  yellow 4: 3 4 6
  blue: 2 3 4 6 7 10 11    # the sums crossed, any order
  green: x x x x x x x     # the boxes crossed from the left (or the count: "green: 7")
  orange: 3 5 6 8 2 4      # the numbers as written, from the left (x2, x3 already applied)
  purple: 2 5 6 3 4 6      # the numbers as written, from the left
  foxes: 2                 # optional: the foxes circled

Numbers are separated by spaces or commas. The printed yellow X's need not be written. An area
left out (or written "blue: -") is empty. In green, orange and purple a "-" is an empty box;
boxes are filled from the left, so nothing may follow an empty box.
Checked: a yellow number must be in its row, a blue sum 2-12, each crossed once; at most 11
boxes in green, orange and purple; orange numbers 1 to 6 x the box's multiplier, and on a x2 or
x3 box a multiple of it (with orange_bonus_multiplied=false also a bare bonus 4, 5 or 6);
purple numbers 1-6, each higher than the one before unless that one is a 6. The foxes are the
ones the marks earn (yellow row 4, blue row 9-12, green box 7, orange box 8, purple box 7); a
"foxes:" line must agree. An impossible sheet is refused, naming the area and the box.
Score: complete yellow columns, blue and green by the number of crosses, the orange and purple
numbers, and each fox scores the weakest area."""

_SEPARATORS: Final = re.compile(r"[\s,;]+")
_YELLOW_KEY: Final = re.compile(r"^yellow\s*(?:row\s*)?([1-4])$")
_EMPTY: Final = ("-", "–", "—", ".")  # an empty box (and, alone, an empty area)
_CROSS: Final = ("x", "✗", "✘", "×")  # a crossed box
_FOX_SOURCES: Final = (
    "yellow row 4",
    "blue row 9-12",
    "green box 7",
    "orange box 8",
    "purple box 7",
)
_MOST_FOXES: Final = len(_FOX_SOURCES)


def score_sheet(game: GameBase, config: CleverConfig, text: str) -> ScoreCard:
    """Check one filled sheet against ``game``'s options (``config``) and score it; raise
    SheetError if bad."""
    sheet, fox_sources = read_sheet(config, text)
    return _card(game, sheet, fox_sources)


def read_sheet(config: CleverConfig, text: str) -> tuple[Sheet, tuple[str, ...]]:
    """The engine sheet the text describes, and where its foxes come from; checked."""
    entries = sheet_entries(text)
    if not entries:
        raise SheetError("sheet", None, "it is empty: write one line per area, e.g. 'blue: 2 7'")
    sheet = Sheet()
    foxes = [0] * len(AREAS)  # foxes fired by each area's marks
    claimed: int | None = None
    first_line: dict[str, int] = {}
    for entry in entries:
        if match := _YELLOW_KEY.match(entry.key):
            area = f"yellow row {match.group(1)}"
        elif entry.key in ("blue", "green", "orange", "purple"):
            area = entry.key
        elif entry.key in ("foxes", "fox"):
            area = "foxes"
        else:
            raise SheetError(
                f"line {entry.line}",
                None,
                f"unknown entry {entry.key!r}: expected 'yellow 1' to 'yellow 4', 'blue', "
                "'green', 'orange', 'purple' or 'foxes'",
            )
        if area in first_line:
            raise SheetError(area, None, f"given twice (lines {first_line[area]} and {entry.line})")
        first_line[area] = entry.line
        if area == "foxes":
            claimed = _read_foxes(entry.value)
            continue
        tokens = [t for t in _SEPARATORS.split(entry.value) if t]
        if not tokens or (len(tokens) == 1 and tokens[0] in _EMPTY):
            continue  # an empty area
        if match:
            fired = _read_yellow(sheet, int(match.group(1)), tokens)
            foxes[0] += fired.count(FOX)
        elif area == "blue":
            foxes[1] += _read_blue(sheet, tokens).count(FOX)
        elif area == "green":
            foxes[2] += _read_green(sheet, tokens).count(FOX)
        elif area == "orange":
            foxes[3] += _read_orange(sheet, tokens, config.orange_bonus_multiplied).count(FOX)
        else:
            foxes[4] += _read_purple(sheet, tokens).count(FOX)
    sheet.foxes = sum(foxes)
    sources = tuple(source for source, n in zip(_FOX_SOURCES, foxes, strict=True) if n)
    if claimed is not None and claimed != sheet.foxes:
        earned = f"{sheet.foxes} ({', '.join(sources)})" if sources else "none"
        raise SheetError("foxes", None, f"the marks earn {earned}, not {claimed}")
    return sheet, sources


def _number(token: str) -> int | None:
    """``token`` as a whole number, or None."""
    return int(token) if token.isascii() and token.isdecimal() else None


def _read_yellow(sheet: Sheet, row: int, tokens: list[str]) -> list[int]:
    """Cross the numbers of one yellow row; the bonuses fired."""
    area = f"yellow row {row}"
    printed = YELLOW_GRID[row - 1]
    numbers = " ".join("X" if v is None else str(v) for v in printed)
    fired: list[int] = []
    x_written = False
    for index, token in enumerate(tokens, start=1):
        if token.lower() in _CROSS:
            if x_written:
                raise SheetError(
                    area,
                    f"entry {index}",
                    f"the row has one printed X; write the numbers crossed ({numbers})",
                )
            x_written = True
            continue
        value = _number(token)
        if value is None:
            raise SheetError(area, f"entry {index}", f"{token!r} is not a number")
        if value not in printed:
            raise SheetError(area, f"entry {index}", f"row {row} has no {value} (it is {numbers})")
        cell = (row - 1) * 4 + printed.index(value)
        if sheet.yellow >> cell & 1:
            raise SheetError(area, f"box {value}", f"{value} is crossed twice")
        fired += sheet.cross_yellow(cell)
    return fired


def _read_blue(sheet: Sheet, tokens: list[str]) -> list[int]:
    """Cross the blue sums; the bonuses fired."""
    fired: list[int] = []
    for index, token in enumerate(tokens, start=1):
        value = _number(token)
        if value is None:
            raise SheetError("blue", f"entry {index}", f"{token!r} is not a number")
        if not 2 <= value <= 12:
            raise SheetError("blue", f"entry {index}", f"{value} is not a sum of two dice (2-12)")
        if not sheet.blue_open(value):
            raise SheetError("blue", f"box {value}", f"{value} is crossed twice")
        fired += sheet.cross_blue(value)
    return fired


def _read_green(sheet: Sheet, tokens: list[str]) -> list[int]:
    """Cross the green boxes from the left (``x`` per box, or the count); the bonuses fired."""
    if len(tokens) == 1 and (count := _number(tokens[0])) is not None:
        if count > BOXES:
            raise SheetError(
                "green", f"box {BOXES + 1}", f"{count} boxes crossed; the area has {BOXES}"
            )
        tokens = ["x"] * count
    fired: list[int] = []
    empty = 0  # the first empty box, once one is seen
    for box, token in enumerate(tokens, start=1):
        where = ("green", f"box {box}")
        if box > BOXES:
            raise SheetError(*where, f"the area has only {BOXES} boxes")
        if token in _EMPTY:
            empty = empty or box
        elif token.lower() in _CROSS:
            if empty:
                raise SheetError(
                    *where, f"crossed after the empty box {empty} (boxes are crossed from the left)"
                )
            fired += sheet.cross_green()
        else:
            raise SheetError(
                *where,
                f"{token!r} is not a cross: write x for a crossed box and - for an empty one, "
                "or the count alone ('green: 7')",
            )
    return fired


def _boxes(area: str, tokens: list[str]) -> list[tuple[tuple[str, str], int]]:
    """The numbers written from the left in an area of 11 boxes, each with its place."""
    written: list[tuple[tuple[str, str], int]] = []
    empty = 0
    for box, token in enumerate(tokens, start=1):
        where = (area, f"box {box}")
        if box > BOXES:
            raise SheetError(*where, f"the area has only {BOXES} boxes")
        if token in _EMPTY:
            empty = empty or box
            continue
        value = _number(token)
        if value is None:
            raise SheetError(*where, f"{token!r} is not a number")
        if empty:
            raise SheetError(
                *where, f"written after the empty box {empty} (boxes are filled from the left)"
            )
        written.append((where, value))
    return written


def _read_orange(sheet: Sheet, tokens: list[str], bonus_multiplied: bool) -> list[int]:
    """Write the orange numbers as given; the bonuses fired."""
    fired: list[int] = []
    for where, value in _boxes("orange", tokens):
        times = ORANGE_MULTIPLIERS[len(sheet.orange)]
        if value < 1:
            raise SheetError(*where, f"{value} is below 1")
        if value > 6 * times:
            most = "6" if times == 1 else f"{6 * times} (6 × {times})"
            raise SheetError(*where, f"{value} is more than {most}")
        if value % times:
            if bonus_multiplied:
                raise SheetError(
                    *where, f"{value} is not a multiple of {times}: this box is x{times}"
                )
            if value not in (4, 5, 6):
                raise SheetError(
                    *where,
                    f"{value} is neither {times} × a die nor a bare bonus number 4, 5 or 6 "
                    f"(this box is x{times})",
                )
        fired += sheet.write_orange(value, multiply=False)
    return fired


def _read_purple(sheet: Sheet, tokens: list[str]) -> list[int]:
    """Write the purple numbers from the left, each checked with the engine's rule."""
    fired: list[int] = []
    for where, value in _boxes("purple", tokens):
        if not 1 <= value <= 6:
            raise SheetError(*where, f"{value} is not a die value (1-6)")
        if not sheet.purple_open(value):
            previous = sheet.purple[-1]
            raise SheetError(
                *where,
                f"{value} is not higher than {previous} (after a {PURPLE_RESET} anything may "
                "follow)",
            )
        fired += sheet.write_purple(value)
    return fired


def _read_foxes(value: str) -> int:
    """The number of foxes the player circled, 0-5."""
    foxes = _number(value)
    if foxes is None or foxes > _MOST_FOXES:
        raise SheetError("foxes", None, f"must be a whole number 0-{_MOST_FOXES} (got {value!r})")
    return foxes


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _stars(stars: float) -> str:
    """``1½ stars``, ``½ star``, ``no stars``."""
    if not stars:
        return "no stars"
    whole = int(stars)
    text = (str(whole) if whole else "") + ("½" if stars != whole else "")
    return f"{text} {'star' if stars <= 1 else 'stars'}"


def _card(game: GameBase, sheet: Sheet, fox_sources: tuple[str, ...]) -> ScoreCard:
    """The breakdown: one line per area, the foxes, and the total (the engine's score)."""
    yellow, blue, green, orange, purple = scores = sheet.area_scores()
    columns = [
        points
        for mask, points in zip(YELLOW_COLUMN_MASKS, YELLOW_COLUMN_POINTS, strict=True)
        if sheet.yellow & mask == mask
    ]
    if columns:
        word = "column" if len(columns) == 1 else "columns"
        yellow_detail = f"{word} {', '.join(map(str, columns))}"
    else:
        yellow_detail = "no column complete"
    weakest = min(scores)
    if sheet.foxes:
        names = [name for name, points in zip(AREAS, scores, strict=True) if points == weakest]
        fox_detail = (
            f"{sheet.foxes} × {weakest} (weakest area: {', '.join(names)}); "
            f"{', '.join(fox_sources)}"
        )
    else:
        fox_detail = "none"
    lines = (
        ScoreLine("yellow", yellow, yellow_detail),
        ScoreLine("blue", blue, _plural(sheet.blue.bit_count(), "cross", "crosses")),
        ScoreLine("green", green, _plural(sheet.green, "box", "boxes")),
        ScoreLine("orange", orange, " ".join(map(str, sheet.orange)) or "empty"),
        ScoreLine("purple", purple, " ".join(map(str, sheet.purple)) or "empty"),
        ScoreLine("foxes", sheet.fox_points(), fox_detail),
    )
    total = sheet.score()
    label, stars = solo_rating(total)
    return ScoreCard(
        game=game.spec(),
        lines=lines,
        total=total,
        notes=(f"Solo rating (if this was a solo game): {label} ({_stars(stars)})",),
    )
