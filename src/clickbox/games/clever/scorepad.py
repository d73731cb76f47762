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

import itertools
import re
from collections.abc import Iterable
from typing import Final

from ...core import GameBase, ScoreCard, ScoreLine, SheetError, sheet_entries
from ...core.i18n import N_, t, tn
from .board import (
    AREAS,
    BLACK,
    BLUE_COLUMN_BONUS,
    BLUE_COLUMN_MASKS,
    BLUE_FULL,
    BLUE_GRID,
    BLUE_POINTS,
    BLUE_ROW_BONUS,
    BLUE_ROW_MASKS,
    BOXES,
    FOX,
    GREEN_BONUS,
    GREEN_POINTS,
    NUMBER_BONUS_VALUE,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_BONUS,
    ORANGE_MULTIPLIERS,
    PLUS_ONE,
    PURPLE_6,
    PURPLE_BONUS,
    PURPLE_RESET,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    YELLOW_COLUMN_MASKS,
    YELLOW_COLUMN_POINTS,
    YELLOW_DIAGONAL_BONUS,
    YELLOW_FULL,
    YELLOW_GRID,
    YELLOW_PRECROSSED,
    YELLOW_ROW_BONUS,
    YELLOW_ROW_MASKS,
    solo_rating,
)
from .rules import CleverConfig
from .sheet import Sheet

SHEET_FORMAT = N_(
    """\
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
)
"""The text form, in English (data: ``CleverGame.sheet_format``); shown with ``t()``."""

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
_BLUE_ROWS: Final = tuple(
    f"blue row {min(s for s in row if s)}-{max(s for s in row if s)}" for row in BLUE_GRID
)
_BLUE_COLUMNS: Final = tuple(
    f"blue column {min(c)}-{max(c)}"
    for c in ([s for s in (row[col] for row in BLUE_GRID) if s] for col in range(4))
)

Fired = tuple[str, int]  # a bonus a mark fired: (the mark that fired it, the bonus)
# Every mark that fires a bonus, in the order a refusal lists them (the pad page's order too).
_SOURCE_ORDER: Final = {
    source: index
    for index, source in enumerate(
        [
            *(f"yellow row {row}" for row in range(1, 5)),
            "the yellow diagonal",
            *_BLUE_ROWS,
            *_BLUE_COLUMNS,
            *(
                f"{area} box {box}"
                for area in ("green", "orange", "purple")
                for box in range(1, 12)
            ),
        ]
    )
}


_PLACE: Final = re.compile(
    r"(yellow row|blue row|blue column|green box|orange box|purple box|box|entry|line) "
    r"(\d+(?:-\d+)?)"
)
_PLACE_NAMES: Final = {
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "green": N_("green"),
    "orange": N_("orange"),
    "purple": N_("purple"),
    "foxes": N_("foxes"),
    "sheet": N_("sheet"),
    "fox points": N_("fox points"),
    "the yellow diagonal": N_("the yellow diagonal"),
}


def place_words(where: str) -> str:
    """A place of the sheet as the pad names it in English (an area or box of a refusal, a
    fox's source: ``yellow row 2``, ``blue row 9-12``, ``box 4``, ``entry 2``) in the current
    language; a place it does not know stays as it is."""
    if where in _PLACE_NAMES:
        return t(_PLACE_NAMES[where])
    match = _PLACE.fullmatch(where)
    if match is None:
        return where
    kind, number = match[1], match[2]
    if kind == "yellow row":
        return t("yellow row {row}", row=number)
    if kind == "blue row":
        return t("blue row {sums}", sums=number)
    if kind == "blue column":
        return t("blue column {sums}", sums=number)
    if kind == "green box":
        return t("green box {box}", box=number)
    if kind == "orange box":
        return t("orange box {box}", box=number)
    if kind == "purple box":
        return t("purple box {box}", box=number)
    if kind == "box":
        return t("box {number}", number=number)
    if kind == "entry":
        return t("entry {number}", number=number)
    return t("line {number}", number=number)


def _refuse(area: str, box: str | None, message: str) -> SheetError:
    """The refusal of a sheet, its place said in the current language (``place_words``)."""
    return SheetError(place_words(area), None if box is None else place_words(box), message)


def score_sheet(game: GameBase, config: CleverConfig, text: str) -> ScoreCard:
    """Check one filled sheet against ``game``'s options (``config``) and score it; raise
    SheetError if bad."""
    sheet, fox_sources = read_sheet(config, text)
    return _card(game, config, sheet, fox_sources)


def read_sheet(config: CleverConfig, text: str) -> tuple[Sheet, tuple[str, ...]]:
    """The engine sheet the text describes, and where its foxes come from; checked."""
    entries = sheet_entries(text)
    if not entries:
        raise _refuse("sheet", None, t("it is empty: write one line per area, e.g. 'blue: 2 7'"))
    sheet = Sheet()
    fired: list[Fired] = []  # every bonus the marks fire, with the mark that fired it
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
            raise _refuse(
                f"line {entry.line}",
                None,
                t(
                    "unknown entry {entry}: expected 'yellow 1' to 'yellow 4', 'blue', "
                    "'green', 'orange', 'purple' or 'foxes'",
                    entry=repr(entry.key),
                ),
            )
        if area in first_line:
            raise _refuse(
                area,
                None,
                t(
                    "given twice (lines {first} and {line})",
                    first=first_line[area],
                    line=entry.line,
                ),
            )
        first_line[area] = entry.line
        if area == "foxes":
            claimed = _read_foxes(entry.value)
            continue
        tokens = [t for t in _SEPARATORS.split(entry.value) if t]
        if not tokens or (len(tokens) == 1 and tokens[0] in _EMPTY):
            continue  # an empty area
        if match:
            fired += _read_yellow(sheet, int(match.group(1)), tokens)
        elif area == "blue":
            fired += _read_blue(sheet, tokens)
        elif area == "green":
            fired += _read_green(sheet, tokens)
        elif area == "orange":
            fired += _read_orange(sheet, tokens, config.orange_bonus_multiplied)
        else:
            fired += _read_purple(sheet, tokens)
    fox_sources = [source for source, bonus in fired if bonus == FOX]
    sheet.foxes = len(fox_sources)
    sources = tuple(source for source in _FOX_SOURCES if source in fox_sources)
    if claimed is not None and claimed != sheet.foxes:
        if sources:
            earned = f"{sheet.foxes} ({_places(sources)})"
            message = t("the marks earn {earned}, not {claimed}", earned=earned, claimed=claimed)
        else:
            message = t("the marks earn none, not {claimed}", claimed=claimed)
        raise _refuse("foxes", None, message)
    _check_bonus_marks(config, sheet, fired)
    _check_mark_count(config, sheet, fired)
    return sheet, sources


def write_sheet(sheet: Sheet) -> str:
    """``sheet`` in the text form :func:`read_sheet` reads (areas in the printed order)."""
    lines = []
    for row, printed in enumerate(YELLOW_GRID):
        crossed = [
            str(value)
            for col, value in enumerate(printed)
            if value is not None and sheet.yellow >> (row * 4 + col) & 1
        ]
        lines.append(f"yellow {row + 1}: {' '.join(crossed) or '-'}")
    lines.append(f"blue: {' '.join(str(s) for s in range(2, 13) if sheet.blue >> s & 1) or '-'}")
    lines.append(f"green: {sheet.green}")
    lines.append(f"orange: {' '.join(map(str, sheet.orange)) or '-'}")
    lines.append(f"purple: {' '.join(map(str, sheet.purple)) or '-'}")
    lines.append(f"foxes: {sheet.foxes}")
    return "\n".join(lines)


def _number(token: str) -> int | None:
    """``token`` as a whole number, or None."""
    return int(token) if token.isascii() and token.isdecimal() else None


def _read_yellow(sheet: Sheet, row: int, tokens: list[str]) -> list[Fired]:
    """Cross the numbers of one yellow row; the bonuses fired."""
    area = f"yellow row {row}"
    printed = YELLOW_GRID[row - 1]
    numbers = " ".join("X" if v is None else str(v) for v in printed)
    fired: list[Fired] = []
    x_written = False
    for index, token in enumerate(tokens, start=1):
        if token.lower() in _CROSS:
            if x_written:
                raise _refuse(
                    area,
                    f"entry {index}",
                    t(
                        "the row has one printed X; write the numbers crossed ({numbers})",
                        numbers=numbers,
                    ),
                )
            x_written = True
            continue
        value = _number(token)
        if value is None:
            raise _refuse(area, f"entry {index}", t("{token} is not a number", token=repr(token)))
        if value not in printed:
            raise _refuse(
                area,
                f"entry {index}",
                t(
                    "row {row} has no {value} (it is {numbers})",
                    row=row,
                    value=value,
                    numbers=numbers,
                ),
            )
        cell = (row - 1) * 4 + printed.index(value)
        if sheet.yellow >> cell & 1:
            raise _refuse(area, f"box {value}", t("{value} is crossed twice", value=value))
        fired += [
            ("the yellow diagonal" if bonus == YELLOW_DIAGONAL_BONUS else area, bonus)
            for bonus in sheet.cross_yellow(cell)
        ]
    return fired


def _read_blue(sheet: Sheet, tokens: list[str]) -> list[Fired]:
    """Cross the blue sums; the bonuses fired."""
    fired: list[Fired] = []
    for index, token in enumerate(tokens, start=1):
        value = _number(token)
        if value is None:
            raise _refuse("blue", f"entry {index}", t("{token} is not a number", token=repr(token)))
        if not 2 <= value <= 12:
            raise _refuse(
                "blue", f"entry {index}", t("{value} is not a sum of two dice (2-12)", value=value)
            )
        if not sheet.blue_open(value):
            raise _refuse("blue", f"box {value}", t("{value} is crossed twice", value=value))
        row, column = next(
            (r, c) for r, sums in enumerate(BLUE_GRID) for c, s in enumerate(sums) if s == value
        )
        fired += [
            (_BLUE_ROWS[row] if bonus == BLUE_ROW_BONUS[row] else _BLUE_COLUMNS[column], bonus)
            for bonus in sheet.cross_blue(value)
        ]
    return fired


def _read_green(sheet: Sheet, tokens: list[str]) -> list[Fired]:
    """Cross the green boxes from the left (``x`` per box, or the count); the bonuses fired."""
    if len(tokens) == 1 and (count := _number(tokens[0])) is not None:
        if count > BOXES:
            raise _refuse(
                "green",
                f"box {BOXES + 1}",
                t("{count} boxes crossed; the area has {boxes}", count=count, boxes=BOXES),
            )
        tokens = ["x"] * count
    fired: list[Fired] = []
    empty = 0  # the first empty box, once one is seen
    for box, token in enumerate(tokens, start=1):
        where = ("green", f"box {box}")
        if box > BOXES:
            raise _refuse(*where, t("the area has only {boxes} boxes", boxes=BOXES))
        if token in _EMPTY:
            empty = empty or box
        elif token.lower() in _CROSS:
            if empty:
                raise _refuse(
                    *where,
                    t(
                        "crossed after the empty box {box} (boxes are crossed from the left)",
                        box=empty,
                    ),
                )
            fired += [(f"green box {box}", bonus) for bonus in sheet.cross_green()]
        else:
            raise _refuse(
                *where,
                t(
                    "{token} is not a cross: write x for a crossed box and - for an empty one, "
                    "or the count alone ('green: 7')",
                    token=repr(token),
                ),
            )
    return fired


def _boxes(area: str, tokens: list[str]) -> list[tuple[tuple[str, str], int]]:
    """The numbers written from the left in an area of 11 boxes, each with its place."""
    written: list[tuple[tuple[str, str], int]] = []
    empty = 0
    for box, token in enumerate(tokens, start=1):
        where = (area, f"box {box}")
        if box > BOXES:
            raise _refuse(*where, t("the area has only {boxes} boxes", boxes=BOXES))
        if token in _EMPTY:
            empty = empty or box
            continue
        value = _number(token)
        if value is None:
            raise _refuse(*where, t("{token} is not a number", token=repr(token)))
        if empty:
            raise _refuse(
                *where,
                t(
                    "written after the empty box {box} (boxes are filled from the left)",
                    box=empty,
                ),
            )
        written.append((where, value))
    return written


def _read_orange(sheet: Sheet, tokens: list[str], bonus_multiplied: bool) -> list[Fired]:
    """Write the orange numbers as given; the bonuses fired."""
    fired: list[Fired] = []
    for where, value in _boxes("orange", tokens):
        times = ORANGE_MULTIPLIERS[len(sheet.orange)]
        if value < 1:
            raise _refuse(*where, t("{value} is below 1", value=value))
        if value > 6 * times:
            most = "6" if times == 1 else f"{6 * times} (6 × {times})"
            raise _refuse(*where, t("{value} is more than {most}", value=value, most=most))
        if value % times:
            if bonus_multiplied:
                raise _refuse(
                    *where,
                    t(
                        "{value} is not a multiple of {times}: this box is x{times}",
                        value=value,
                        times=times,
                    ),
                )
            if value not in (4, 5, 6):
                raise _refuse(
                    *where,
                    t(
                        "{value} is neither {times} × a die nor a bare bonus number 4, 5 or 6 "
                        "(this box is x{times})",
                        value=value,
                        times=times,
                    ),
                )
        fired += [(f"orange {where[1]}", b) for b in sheet.write_orange(value, multiply=False)]
    return fired


def _read_purple(sheet: Sheet, tokens: list[str]) -> list[Fired]:
    """Write the purple numbers from the left, each checked with the engine's rule."""
    fired: list[Fired] = []
    for where, value in _boxes("purple", tokens):
        if not 1 <= value <= 6:
            raise _refuse(*where, t("{value} is not a die value (1-6)", value=value))
        if not sheet.purple_open(value):
            previous = sheet.purple[-1]
            raise _refuse(
                *where,
                t(
                    "{value} is not higher than {previous} (after a {reset} anything may follow)",
                    value=value,
                    previous=previous,
                    reset=PURPLE_RESET,
                ),
            )
        fired += [(f"purple {where[1]}", bonus) for bonus in sheet.write_purple(value)]
    return fired


def _check_bonus_marks(config: CleverConfig, sheet: Sheet, fired: list[Fired]) -> None:
    """Every bonus mark the marks fire is on the sheet, unless its area was full (then it is
    lost, and the area is full still); a bare orange bonus number is one of them."""
    crosses = (
        (X_YELLOW, "yellow", _yellow_crosses(sheet.yellow), _yellow_crosses(YELLOW_FULL)),
        (X_BLUE, "blue", sheet.blue.bit_count(), BLUE_FULL.bit_count()),
        (X_GREEN, "green", sheet.green, BOXES),
    )
    for kind, area, crossed, full in crosses:
        sources = [source for source, bonus in fired if bonus == kind]
        if len(sources) > crossed and crossed < full:
            raise _refuse(area, None, _cross_refusal(area, sources, crossed))
    multiplied = config.orange_bonus_multiplied
    orange = sheet.orange
    for kind in (ORANGE_4, ORANGE_5, ORANGE_6):
        value = NUMBER_BONUS_VALUE[kind]
        sources = [source for source, bonus in fired if bonus == kind]
        holding = [
            box
            for box, written in enumerate(orange)
            if written == value * (ORANGE_MULTIPLIERS[box] if multiplied else 1)
        ]
        if len(sources) > len(holding) and len(orange) < BOXES:
            if multiplied:
                forms = t(
                    "a {value}, {double} on a ×2 box or {triple} on the ×3 box",
                    value=value,
                    double=2 * value,
                    triple=3 * value,
                )
            else:
                forms = t("a bare {value}, not multiplied", value=value)
            given = tn(
                "{sources} gives an orange {value}",
                "{sources} give {n} orange {value}s",
                len(sources),
                sources=_listed(sources),
                value=value,
            )
            if holding:
                held = tn(
                    "only {n} orange box holds one",
                    "only {n} orange boxes hold one",
                    len(holding),
                )
            else:
                held = t("no orange box holds one")
            why = t("a bonus is lost only when every orange box is filled")
            raise _refuse(
                "orange",
                None,
                t("{given}, but {held} ({why})", given=given, held=held, why=f"{forms}; {why}"),
            )
        bare = [
            box
            for box, written in enumerate(orange)
            if written == value and written % ORANGE_MULTIPLIERS[box]
        ]
        if len(bare) > len(sources):
            box = bare[len(sources)]
            times = ORANGE_MULTIPLIERS[box]
            if sources:
                message = tn(
                    "a {value} on a ×{times} box can only be the bonus {value} written bare, and "
                    "only {n} mark gives an orange {value}",
                    "a {value} on a ×{times} box can only be the bonus {value} written bare, and "
                    "only {n} marks give an orange {value}",
                    len(sources),
                    value=value,
                    times=times,
                )
            else:
                message = t(
                    "a {value} on a ×{times} box can only be the bonus {value} written bare, and "
                    "no mark gives an orange {value}",
                    value=value,
                    times=times,
                )
            raise _refuse("orange", f"box {box + 1}", message)
    sources = [source for source, bonus in fired if bonus == PURPLE_6]
    sixes = sheet.purple.count(6)
    if len(sources) > sixes and len(sheet.purple) < BOXES:
        given = tn(
            "{sources} gives a purple 6",
            "{sources} give {n} purple 6s",
            len(sources),
            sources=_listed(sources),
        )
        if sixes:
            held = tn("only {n} purple box holds a 6", "only {n} purple boxes hold a 6", sixes)
        else:
            held = t("no purple box holds a 6")
        why = t("a bonus is lost only when every purple box is filled")
        raise _refuse(
            "purple", None, t("{given}, but {held} ({why})", given=given, held=held, why=why)
        )


def _cross_refusal(area: str, sources: list[str], crossed: int) -> str:
    """``yellow row 1 gives a blue cross, but no blue box is crossed (...)``."""
    count, listed = len(sources), _listed(sources)
    if area == "yellow":
        given = tn(
            "{sources} gives a yellow cross",
            "{sources} give {n} yellow crosses",
            count,
            sources=listed,
        )
        held = (
            tn("only {n} yellow box is crossed", "only {n} yellow boxes are crossed", crossed)
            if crossed
            else t("no yellow box is crossed")
        )
        why = t("a bonus is lost only when every yellow box is crossed")
    elif area == "blue":
        given = tn(
            "{sources} gives a blue cross", "{sources} give {n} blue crosses", count, sources=listed
        )
        held = (
            tn("only {n} blue box is crossed", "only {n} blue boxes are crossed", crossed)
            if crossed
            else t("no blue box is crossed")
        )
        why = t("a bonus is lost only when every blue box is crossed")
    else:
        given = tn(
            "{sources} gives a green cross",
            "{sources} give {n} green crosses",
            count,
            sources=listed,
        )
        held = (
            tn("only {n} green box is crossed", "only {n} green boxes are crossed", crossed)
            if crossed
            else t("no green box is crossed")
        )
        why = t("a bonus is lost only when every green box is crossed")
    return t("{given}, but {held} ({why})", given=given, held=held, why=why)


_MARK_BONUSES: Final = (X_YELLOW, X_BLUE, X_GREEN, ORANGE_4, ORANGE_5, ORANGE_6, PURPLE_6)


def _check_mark_count(config: CleverConfig, sheet: Sheet, fired: list[Fired]) -> None:
    """No more marks than the game's die picks, +1s, black bonuses and bonus marks allow."""
    marks = (
        _yellow_crosses(sheet.yellow)
        + sheet.blue.bit_count()
        + sheet.green
        + len(sheet.orange)
        + len(sheet.purple)
    )
    players, rounds = config.num_players, config.rounds
    picks = (config.picks + max(players - 1, 1)) * rounds  # active picks, then passive (solo: 1)
    round_bonuses = config.round_bonus[1 : rounds + 1]
    earned = (
        config.start_plus_ones
        + round_bonuses.count(PLUS_ONE)
        + sum(1 for _, b in fired if b == PLUS_ONE)
    )
    plus_ones = min(config.plus_one_spaces, earned)
    black = round_bonuses.count(BLACK)
    bonus_marks = sum(1 for _, bonus in fired if bonus in _MARK_BONUSES)
    most = picks + plus_ones + black + bonus_marks
    if marks > most:
        details = t(
            "{picks} die picks in {rounds} rounds, {extra} (+1), {black} and {bonus} fired by "
            "these marks",
            picks=picks,
            rounds=rounds,
            extra=tn("an extra die", "{n} extra dice", plus_ones),
            black=tn("a black bonus", "{n} black bonuses", black),
            bonus=tn("a bonus mark", "{n} bonus marks", bonus_marks),
        )
        if players == 1:
            message = t(
                "{marks} marks, but a solo game makes at most {most}: {details}",
                marks=marks,
                most=most,
                details=details,
            )
        else:
            message = t(
                "{marks} marks, but a {players}-player game makes at most {most}: {details}",
                marks=marks,
                players=players,
                most=most,
                details=details,
            )
        raise _refuse("sheet", None, message)


def _yellow_crosses(yellow: int) -> int:
    """The yellow boxes a player crossed (not the printed X's)."""
    return (yellow & ~YELLOW_PRECROSSED).bit_count()


def _places(places: Iterable[str]) -> str:
    """Places of the sheet in words, separated by commas."""
    return ", ".join(place_words(place) for place in places)


def _listed(sources: list[str]) -> str:
    """``yellow row 1`` / ``yellow row 1 and purple box 4`` (in the order refusals list them)."""
    sources = sorted(sources, key=_SOURCE_ORDER.__getitem__)
    if len(sources) == 1:
        return place_words(sources[0])
    return t("{first} and {second}", first=_places(sources[:-1]), second=place_words(sources[-1]))


def _read_foxes(value: str) -> int:
    """The number of foxes the player circled, 0-5."""
    foxes = _number(value)
    if foxes is None or foxes > _MOST_FOXES:
        raise _refuse(
            "foxes",
            None,
            t("must be a whole number 0-{most} (got {value})", most=_MOST_FOXES, value=repr(value)),
        )
    return foxes


def _stars(stars: float) -> str:
    """``1½ stars``, ``½ star``, ``no stars``."""
    if not stars:
        return t("no stars")
    whole = int(stars)
    text = (str(whole) if whole else "") + ("½" if stars != whole else "")
    return t("{stars} star", stars=text) if stars <= 1 else t("{stars} stars", stars=text)


def _card(
    game: GameBase, config: CleverConfig, sheet: Sheet, fox_sources: tuple[str, ...]
) -> ScoreCard:
    """The breakdown: one line per area, the foxes, and the total (the engine's score)."""
    yellow, blue, green, orange, purple = scores = sheet.area_scores()
    columns = [
        points
        for mask, points in zip(YELLOW_COLUMN_MASKS, YELLOW_COLUMN_POINTS, strict=True)
        if sheet.yellow & mask == mask
    ]
    if columns:
        yellow_detail = tn(
            "column {columns}",
            "columns {columns}",
            len(columns),
            columns=", ".join(map(str, columns)),
        )
    else:
        yellow_detail = t("no column complete")
    weakest = min(scores)
    if sheet.foxes:
        names = [name for name, points in zip(AREAS, scores, strict=True) if points == weakest]
        fox_detail = t(
            "{foxes} × {weakest} (weakest area: {areas}); {sources}",
            foxes=sheet.foxes,
            weakest=weakest,
            areas=", ".join(t(name) for name in names),
            sources=_places(fox_sources),
        )
    else:
        fox_detail = t("none")
    lines = (
        ScoreLine(t("yellow"), yellow, yellow_detail),
        ScoreLine(t("blue"), blue, tn("{n} cross", "{n} crosses", sheet.blue.bit_count())),
        ScoreLine(t("green"), green, tn("{n} box", "{n} boxes", sheet.green)),
        ScoreLine(t("orange"), orange, " ".join(map(str, sheet.orange)) or t("empty")),
        ScoreLine(t("purple"), purple, " ".join(map(str, sheet.purple)) or t("empty")),
        ScoreLine(t("foxes"), sheet.fox_points(), fox_detail),
    )
    return _with_rating(game, config, lines, sheet.score())


def _with_rating(
    game: GameBase, config: CleverConfig, lines: tuple[ScoreLine, ...], total: int
) -> ScoreCard:
    """The score card, with the rulebook's solo rating as a note (if this was a solo game of
    the rulebook's numbers: the rating measures that game only)."""
    if not config.rulebook_numbers:
        return ScoreCard(game=game.spec(), lines=lines, total=total)
    label, stars = solo_rating(total)
    note = t(
        "Solo rating (if this was a solo game): {label} ({stars})",
        label=t(label),
        stars=_stars(stars),
    )
    return ScoreCard(game=game.spec(), lines=lines, total=total, notes=(note,))


# -- the quick count (as Marquoir does it) --------------------------------------------------------

QUICK_FORMAT = N_(
    """\
The quick count (as Marquoir does it): one entry a line, an area left out scores 0.

  yellow: 40     # points: the complete columns added up (10, 14, 16, 20)
  blue: 7        # the number of crosses, 0-11
  green: 7       # the number of crosses, 0-11
  orange: 28     # points: the numbers added up
  purple: 26     # points: the numbers added up
  foxes: 2       # the foxes circled, 0-5 (or "fox points: 44", the foxes' points)

Checked: yellow points are a sum of complete columns; blue and green are counts 0-11; orange
scores at most 96 and purple at most 66; fox points are a number of foxes times the weakest
area. Some sheet must give all these counts at once: every bonus the counts make certain (a
full blue row or column, green box 6, orange box 10, purple box 4 ...) must be on it unless its
area is full, and the foxes must be the ones such a sheet earns (yellow row 4, blue row 9-12,
green box 7, orange box 8, purple box 7). A refusal names the bonus and the box that fires it.
Each fox scores the weakest area."""
)
"""The quick count's form, in English (data: ``CleverGame.quick_format``); shown with ``t()``."""

_YELLOW_SUMS: Final = sorted(
    {sum(p for bit, p in enumerate(YELLOW_COLUMN_POINTS) if m >> bit & 1) for m in range(16)}
)
_ORANGE_MOST: Final = 6 * sum(ORANGE_MULTIPLIERS)
_PURPLE_MOST: Final = 6 * BOXES
_QUICK_KEYS: Final = ("yellow", "blue", "green", "orange", "purple", "foxes")


# The bonuses a quick count can owe, in the order of an owed vector.
_OWED: Final = (X_YELLOW, X_BLUE, X_GREEN, ORANGE_4, ORANGE_5, ORANGE_6, PURPLE_6, FOX)
_OWED_AREA: Final = ("yellow", "blue", "green", "orange", "orange", "orange", "purple", "foxes")
# Every mark that fires one of them, with its bonus.
_SOURCE_BONUS: Final = {
    source: bonus
    for source, bonus in [
        *((f"yellow row {row + 1}", b) for row, b in enumerate(YELLOW_ROW_BONUS)),
        *zip(_BLUE_ROWS, BLUE_ROW_BONUS, strict=True),
        *zip(_BLUE_COLUMNS, BLUE_COLUMN_BONUS, strict=True),
        *((f"green box {box + 1}", b) for box, b in enumerate(GREEN_BONUS)),
        *((f"orange box {box + 1}", b) for box, b in enumerate(ORANGE_BONUS)),
        *((f"purple box {box + 1}", b) for box, b in enumerate(PURPLE_BONUS)),
    ]
    if bonus in _OWED
}
# An area's way to reach its count: the marks that fire an owed bonus, and what it holds of the
# bonuses owed to it (yellow: its crosses; orange: full, the 4s, 5s, 6s held as the option
# writes them, the bare 4s, 5s, 6s on x2/x3 boxes; purple: full, its 6s; blue, green: nothing).
_Way = tuple[frozenset[str], tuple[int, ...]]
_WAYS: dict[tuple[str, int, bool], list[_Way]] = {}


def _ways(area: str, count: int, multiplied: bool) -> list[_Way]:
    """Every distinct way ``area`` reaches ``count`` (points or crosses), in marks that matter."""
    key = (area, count, multiplied)
    if key not in _WAYS:
        if area == "yellow":
            ways = _yellow_ways(count)
        elif area == "blue":
            ways = _blue_ways(count)
        elif area == "green":
            ways = [(frozenset(_boxes_firing("green", count)), ())]
        elif area == "orange":
            ways = _orange_ways(count, multiplied)
        else:
            ways = _purple_ways(count)
        _WAYS[key] = ways
    return _WAYS[key]


def _boxes_firing(area: str, boxes: int) -> list[str]:
    """The first ``boxes`` boxes of ``area`` that fire an owed bonus."""
    return [
        f"{area} box {box}" for box in range(1, boxes + 1) if f"{area} box {box}" in _SOURCE_BONUS
    ]


def _yellow_ways(points: int) -> list[_Way]:
    """Yellow sheets whose complete columns score ``points``: complete rows, crosses."""
    ways: set[_Way] = set()
    for mask in range(1 << 16):
        if mask & YELLOW_PRECROSSED:
            continue
        full = mask | YELLOW_PRECROSSED
        columns = zip(YELLOW_COLUMN_MASKS, YELLOW_COLUMN_POINTS, strict=True)
        if sum(p for m, p in columns if full & m == m) != points:
            continue
        rows = [f"yellow row {r + 1}" for r, m in enumerate(YELLOW_ROW_MASKS) if full & m == m]
        ways.add((frozenset(rows), (mask.bit_count(),)))
    return list(ways)


def _blue_ways(crosses: int) -> list[_Way]:
    """Blue sheets of ``crosses`` crosses: the complete rows and columns."""
    ways: set[_Way] = set()
    for mask in range(1 << 11):
        if mask.bit_count() != crosses:
            continue
        sums = mask << 2
        lines = [
            *(n for n, m in zip(_BLUE_ROWS, BLUE_ROW_MASKS, strict=True) if sums & m == m),
            *(n for n, m in zip(_BLUE_COLUMNS, BLUE_COLUMN_MASKS, strict=True) if sums & m == m),
        ]
        ways.add((frozenset(s for s in lines if s in _SOURCE_BONUS), ()))
    return list(ways)


def _orange_ways(points: int, multiplied: bool) -> list[_Way]:
    """Orange rows scoring ``points``: the boxes filled, the bonus numbers held (capped)."""
    # (sum, held 4/5/6, bare 4/5/6) after each box; held capped at 1, bare at 2 (one is owed)
    states: set[tuple[int, tuple[int, ...]]] = {(0, (0,) * 6)}
    ways: set[_Way] = set()
    for box, times in enumerate(ORANGE_MULTIPLIERS):
        step: set[tuple[int, tuple[int, ...]]] = set()
        written = {die * times for die in range(1, 7)}
        if not multiplied and times > 1:
            written |= {4, 5, 6}
        for total, held in states:
            for value in written:
                if total + value > points:
                    continue
                marks = list(held)
                for index, bonus in enumerate((4, 5, 6)):
                    if value == bonus * (times if multiplied else 1):
                        marks[index] = 1
                    if value == bonus and value % times:
                        marks[3 + index] = min(2, marks[3 + index] + 1)
                step.add((total + value, tuple(marks)))
        states = step
        filled = frozenset(_boxes_firing("orange", box + 1))
        ways |= {(filled, (box + 1 == BOXES, *h)) for total, h in states if total == points}
    if not points:
        ways.add((frozenset(), (0,) * 7))
    return list(ways)


def _purple_ways(points: int) -> list[_Way]:
    """Purple rows scoring ``points``: the boxes filled, the 6s (capped at 3)."""
    states: set[tuple[int, int, int]] = {(0, 0, 0)}  # (last, sum, sixes)
    ways: set[_Way] = set()
    if not points:
        ways.add((frozenset(), (0, 0)))
    for box in range(BOXES):
        step: set[tuple[int, int, int]] = set()
        for last, total, sixes in states:
            for value in range(1, 7):
                if total + value <= points and (last in (0, PURPLE_RESET) or value > last):
                    step.add((value, total + value, min(3, sixes + (value == 6))))
        states = step
        filled = frozenset(_boxes_firing("purple", box + 1))
        ways |= {(filled, (box + 1 == BOXES, s)) for _, total, s in states if total == points}
    return list(ways)


def _owed(sources: Iterable[str]) -> tuple[int, ...]:
    """How many of each owed bonus (``_OWED``) these marks fire."""
    owed = [0] * len(_OWED)
    for source in sources:
        owed[_OWED.index(_SOURCE_BONUS[source])] += 1
    return tuple(owed)


def _better(area: str, hold: tuple[int, ...]) -> tuple[int, ...]:
    """``hold`` with each part the more the better (an orange bare number is the fewer)."""
    return (*hold[:4], *(-n for n in hold[4:])) if area == "orange" else hold


def _pruned(area: str, ways: list[_Way]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways as owed bonuses and holds, less those another way beats (as many foxes, no
    more of any other bonus owed, no less room)."""
    found = {(_owed(sources), hold) for sources, hold in ways}
    kept = []
    for owed, hold in found:
        better = _better(area, hold)
        if not any(
            (o, h) != (owed, hold)
            and o[-1] == owed[-1]
            and all(a <= b for a, b in zip(o, owed, strict=True))
            and all(a >= b for a, b in zip(_better(area, h), better, strict=True))
            for o, h in found
        ):
            kept.append((owed, hold))
    return sorted(kept)


def _room(area: str, hold: tuple[int, ...], bonus: int, count: int) -> int:
    """How many of ``bonus`` a way of ``area`` (its ``hold``, its ``count``) takes: 99 if full."""
    if area == "yellow":
        return 99 if hold[0] == _yellow_crosses(YELLOW_FULL) else hold[0]
    if area in ("blue", "green"):
        return 99 if count == BOXES else count
    if hold[0]:
        return 99
    if area == "orange":
        return hold[1 + (ORANGE_4, ORANGE_5, ORANGE_6).index(bonus)]
    return hold[1]


def _fits(
    owed: list[int], holds: list[tuple[int, ...]], counts: tuple[int, ...], foxes: int
) -> bool:
    """Whether one way of each area (their bonuses ``owed``, their ``holds``) makes a sheet:
    every bonus owed on it (or its area full), no bare orange number without its bonus, and
    ``foxes`` foxes."""
    if owed[-1] != foxes:
        return False
    for index, bonus in enumerate(_OWED[:-1]):
        at = _QUICK_KEYS.index(_OWED_AREA[index])
        if owed[index] > _room(_OWED_AREA[index], holds[at], bonus, counts[at]):
            return False
    bare = holds[3][4:]
    return all(n <= owed[3 + i] for i, n in enumerate(bare))


def _why(area: str) -> str:
    """Why a bonus owed to ``area`` cannot be lost: it is lost only when the area is full."""
    if area == "yellow":
        return t("a bonus is lost only when every yellow box is crossed")
    if area == "blue":
        return t("a bonus is lost only when every blue box is crossed")
    if area == "green":
        return t("a bonus is lost only when every green box is crossed")
    if area == "orange":
        return t("a bonus is lost only when every orange box is filled")
    return t("a bonus is lost only when every purple box is filled")


def _count_words(area: str, counts: tuple[int, ...]) -> str:
    """An entry of the quick count as given: ``blue: 11 crosses``, ``orange: 96 points``."""
    count = counts[_QUICK_KEYS.index(area)]
    if area in ("blue", "green"):
        return tn("{area}: {n} cross", "{area}: {n} crosses", count, area=place_words(area))
    return tn("{area}: {n} point", "{area}: {n} points", count, area=place_words(area))


def _bonus_words(bonus: int, n: int) -> str:
    """``a fox``, ``2 purple 6s``."""
    if bonus == FOX:
        return tn("a fox", "{n} foxes", n)
    if bonus == X_YELLOW:
        return tn("a yellow cross", "{n} yellow crosses", n)
    if bonus == X_BLUE:
        return tn("a blue cross", "{n} blue crosses", n)
    if bonus == X_GREEN:
        return tn("a green cross", "{n} green crosses", n)
    if bonus == PURPLE_6:
        return tn("a purple 6", "{n} purple 6s", n)
    value = NUMBER_BONUS_VALUE[bonus]
    return tn("an orange {value}", "{n} orange {value}s", n, value=value)


def _given(sources: list[str], counts: tuple[int, ...]) -> str:
    """``blue: 11 crosses fire a fox (blue row 9-12)``: the bonus the counts make certain."""
    areas = [a for a in _QUICK_KEYS[:5] if any(s.startswith(a) for s in sources)]
    words = [_count_words(area, counts) for area in areas]
    said = (
        words[0]
        if len(words) == 1
        else t("{first} and {second}", first=", ".join(words[:-1]), second=words[-1])
    )
    return t(
        "{counts} fire {bonus} ({sources})",
        counts=said,
        bonus=_bonus_words(_SOURCE_BONUS[sources[0]], len(sources)),
        sources=_places(sources),
    )


def _check_quick_bonuses(
    config: CleverConfig, counts: tuple[int, ...], foxes: list[int], given: str
) -> int:
    """Refuse counts that owe a bonus no sheet of them holds, naming it and the marks that fire
    it, or foxes no sheet of them earns; the foxes (one of ``foxes``, as ``given``)."""
    areas = _QUICK_KEYS[:5]
    multiplied = config.orange_bonus_multiplied
    every = [_ways(area, count, multiplied) for area, count in zip(areas, counts, strict=True)]
    certain = [frozenset.intersection(*(s for s, _ in ways)) for ways in every]
    fired = sorted((s for c in certain for s in c), key=_SOURCE_ORDER.__getitem__)
    sure_foxes = [s for s in fired if _SOURCE_BONUS[s] == FOX]
    fox_key = given.partition(":")[0]
    if len(sure_foxes) > max(foxes):
        raise _refuse(
            fox_key, None, t("{given}, but {held}", given=_given(sure_foxes, counts), held=given)
        )
    possible = [s for s in _FOX_SOURCES if any(s in sources for w in every for sources, _ in w)]
    if min(foxes) > len(possible):
        raise _refuse(
            fox_key,
            None,
            t(
                "{foxes} foxes, but these counts allow at most {most} ({sources})",
                foxes=min(foxes),
                most=len(possible),
                sources=_places(possible),
            ),
        )
    for index, bonus in enumerate(_OWED[:-1]):
        area = _OWED_AREA[index]
        at = _QUICK_KEYS.index(area)
        sure = [s for s in fired if _SOURCE_BONUS[s] == bonus]
        room = max(_room(area, hold, bonus, counts[at]) for _, hold in every[at])
        if len(sure) > room:
            held = _count_words(area, counts)
            raise _refuse(
                area,
                None,
                t(
                    "{given}, but {held} ({why})",
                    given=_given(sure, counts),
                    held=held,
                    why=_why(area),
                ),
            )
    pruned = [_pruned(area, ways) for area, ways in zip(areas, every, strict=True)]
    for fox_count in foxes:
        for ways in itertools.product(*pruned):
            owed = [sum(column) for column in zip(*(o for o, _ in ways), strict=True)]
            if _fits(owed, [h for _, h in ways], counts, fox_count):
                return fox_count
    raise _refuse(
        "sheet",
        None,
        t(
            "no sheet gives all these counts at once: a bonus they fire together would be "
            "missing, or the foxes would differ"
        ),
    )


def score_quick(game: GameBase, config: CleverConfig, text: str) -> ScoreCard:
    """Score a quick count (``QUICK_FORMAT``); raise SheetError naming what no sheet gives."""
    entries = sheet_entries(text)
    if not entries:
        raise _refuse("sheet", None, t("it is empty: write one line per area, e.g. 'blue: 7'"))
    counted = dict.fromkeys(_QUICK_KEYS, 0)
    fox_points: int | None = None  # "fox points: N" (Marquoir's way), instead of "foxes: N"
    for entry in entries:
        key = {"fox": "foxes", "fox point": "fox points"}.get(entry.key, entry.key)
        if key not in counted and key != "fox points":
            raise _refuse(
                f"line {entry.line}",
                None,
                t(
                    "unknown entry {entry}: expected 'yellow', 'blue', 'green', 'orange', "
                    "'purple', 'foxes' or 'fox points'",
                    entry=repr(entry.key),
                ),
            )
        value = _number(entry.value) if entry.value not in _EMPTY else 0
        if value is None:
            raise _refuse(key, None, t("{value} is not a whole number", value=repr(entry.value)))
        if key == "fox points":
            fox_points = value
        else:
            counted[key] = value
    if fox_points is not None and any(e.key in ("foxes", "fox") for e in entries):
        raise _refuse("fox points", None, t("give the foxes as a count or as points, not both"))
    yellow, blue, green, orange, purple, foxes = (counted[key] for key in _QUICK_KEYS)
    if yellow not in _YELLOW_SUMS:
        raise _refuse(
            "yellow",
            None,
            t(
                "{points} points is no sum of complete columns ({columns}): {sums}",
                points=yellow,
                columns=", ".join(map(str, YELLOW_COLUMN_POINTS)),
                sums=", ".join(map(str, _YELLOW_SUMS)),
            ),
        )
    for area, count in (("blue", blue), ("green", green)):
        if count > BOXES:
            raise _refuse(
                area,
                None,
                t("{count} crosses; the area has {boxes} boxes", count=count, boxes=BOXES),
            )
    for area, points, most in (("orange", orange, _ORANGE_MOST), ("purple", purple, _PURPLE_MOST)):
        if points > most:
            raise _refuse(
                area,
                None,
                t("{points} points is more than the area's most, {most}", points=points, most=most),
            )
    scores = (yellow, BLUE_POINTS[blue], GREEN_POINTS[green], orange, purple)
    weakest = min(scores)
    if fox_points is None:
        wanted = [foxes]
    else:
        wanted = [k for k in range(_MOST_FOXES + 1) if k * weakest == fox_points]
        if not wanted:
            raise _refuse(
                "fox points",
                None,
                t(
                    "{points} points is no number of foxes (0-{most}) × the weakest area's "
                    "{weakest}",
                    points=fox_points,
                    most=_MOST_FOXES,
                    weakest=weakest,
                ),
            )
    if fox_points is None:
        given = f"{place_words('foxes')}: {foxes}"
    else:
        given = f"{place_words('fox points')}: {fox_points}"
    foxes = _check_quick_bonuses(config, (yellow, blue, green, orange, purple), wanted, given)
    names = [name for name, points in zip(AREAS, scores, strict=True) if points == weakest]
    if foxes:
        fox_detail = t(
            "{foxes} × {weakest} (weakest area: {areas})",
            foxes=foxes,
            weakest=weakest,
            areas=", ".join(t(name) for name in names),
        )
    else:
        fox_detail = t("none")
    as_counted = t("points as counted")
    lines = (
        ScoreLine(t("yellow"), yellow, as_counted),
        ScoreLine(t("blue"), scores[1], tn("{n} cross", "{n} crosses", blue)),
        ScoreLine(t("green"), scores[2], tn("{n} cross", "{n} crosses", green)),
        ScoreLine(t("orange"), orange, as_counted),
        ScoreLine(t("purple"), purple, as_counted),
        ScoreLine(t("foxes"), foxes * weakest, fox_detail),
    )
    return _with_rating(game, config, lines, sum(scores) + foxes * weakest)
