"""The Clickety Clack score pad: one player's filled board, copied as text, checked and scored.

The text form (``SHEET_FORMAT``, printed by ``clickbox score clickety-clack --format``)::

    # Andy's board, A side (the rulebook's scoring example: 51 points)
    1: 4 7 2 10 9 8 3
    2: 2 3 5 6 7 8 9 11
    3: 11 9 8 5
    4: 5 8 3 10 11 4 9 2
    5: 6 9 3
    penalties: 1

- ``N: numbers`` is row N (1-5, top to bottom; ``row N:`` also works): the numbers written in
  it from left to right, separated by spaces, commas or dashes. A row left out, or written
  ``N: -``, is empty.
- ``penalties: N`` is the number of crossed failed-roll spaces, 0-4 (left out: 0).
- ``side: A`` or ``side: B`` (optional) must match the side the game is played on.
- ``#`` starts a comment; blank lines are ignored.

Every number is checked in order against its row's rule with the engine's own rule code
(:func:`.rules.refusal`, the pre-printed numbers of the game's row 5 included): a number the
row does not allow is a :class:`~clickbox.core.SheetError` naming the row, the space and the
reason. The sheet is scored with the engine's :func:`.rules.sheet_score`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...core import GameBase, ScoreCard, ScoreLine, SheetError, sheet_entries
from ...core.i18n import N_, t, tn
from .board import RULE_NAMES
from .rules import ClicketyClackConfig, penalty_points, refusal, row_points, sheet_score

SHEET_FORMAT = N_(
    """\
One player's board, one entry a line (# starts a comment, blank lines are ignored):

  1: 4 7 2 10 9 8 3      # row 1 (top): its numbers from left to right
  2: 2 3 5 6 7 8 9 11    # rows 2 to 5 the same way ("row 2:" also works)
  3: 11 9 8 5
  4: 5 8 3 10 11 4 9 2
  5: 6 9 3
  penalties: 1           # crossed failed-roll spaces, 0-4

Numbers are sums 2-12, separated by spaces, commas or dashes; a row holds at most 10. A row left
out (or written "3: -") is empty, and a missing penalties line means 0. An optional "side: A"
or "side: B" line must match the game's side: score a B-side board with clickety-clack(side=B).
Each number must obey its row's rule; an impossible sheet is refused, naming the row and space.
Each row scores the points under its rightmost number; the penalties are subtracted."""
)

_SEPARATORS = re.compile(r"[\s,;\-–—]+")
_ROW_KEY = re.compile(r"^(?:row\s*)?([1-5])$")


def score_sheet(game: GameBase, config: ClicketyClackConfig, text: str) -> ScoreCard:
    """Check one filled board against ``game``'s side (``config``) and score it; raise
    SheetError if bad."""
    rows: list[tuple[int, ...]] = [()] * 5
    first_line: dict[int, int] = {}
    penalties = 0
    entries = sheet_entries(text)
    if not entries:
        raise SheetError(
            t("sheet"),
            None,
            t("it is empty: write one line per row, e.g. {example}", example="'1: 4 7 2'"),
        )
    for entry in entries:
        if match := _ROW_KEY.match(entry.key):
            row = int(match.group(1))
            if row in first_line:
                raise SheetError(
                    _row(row),
                    None,
                    t(
                        "given twice (lines {first} and {second})",
                        first=first_line[row],
                        second=entry.line,
                    ),
                )
            first_line[row] = entry.line
            rows[row - 1] = _read_row(config, row, entry.value)
        elif entry.key in ("penalties", "penalty"):
            penalties = _read_penalties(config, entry.value)
        elif entry.key == "side":
            side = entry.value.upper()
            if side not in ("A", "B"):
                raise SheetError(
                    t("side"), None, t("must be A or B (got {got})", got=repr(entry.value))
                )
            if side != config.side:
                raise SheetError(
                    t("side"),
                    None,
                    t(
                        "the sheet is for side {side} but the game is played on side {played}; "
                        "score it with {spec}",
                        side=side,
                        played=config.side,
                        spec=f"clickety-clack(side={side})",
                    ),
                )
        else:
            raise SheetError(
                _line(entry.line),
                None,
                t(
                    "unknown entry {key}: expected rows 1-5 ({row}), {penalties} or {side}",
                    key=repr(entry.key),
                    row="'1: 4 7 2'",
                    penalties="'penalties: N'",
                    side="'side: A|B'",
                ),
            )
    _check_not_ended_earlier(config, [len(numbers) for numbers in rows])
    return _card(game, config, rows, penalties)


def write_board(rows: Sequence[Sequence[int]], penalties: int) -> str:
    """A board (its five rows and crossed failed rolls) in the text form the pad reads."""
    lines = [f"{row}: {' '.join(map(str, numbers)) or '-'}" for row, numbers in enumerate(rows, 1)]
    return "\n".join([*lines, f"penalties: {penalties}"])


def _check_not_ended_earlier(config: ClicketyClackConfig, lengths: list[int]) -> None:
    """The board before its last round met no end condition: a player writes at most two
    numbers a round, and the game ends at the end of the first round in which a board meets
    one, so some choice of at most two last numbers must leave a board that met none."""
    # What the last round wrote: nothing, one row's last number, one row's last two, or the
    # last numbers of two rows.
    choices: list[list[int]] = [[]]
    for row in range(5):
        choices += [[row], [row, row]]
        choices += [[row, other] for other in range(row + 1, 5)]
    for choice in choices:
        before = list(lengths)
        for row in choice:
            before[row] -= 1
        if min(before) >= 0 and not _end_conditions(config, before):
            return
    raise SheetError(
        t("sheet"),
        None,
        t(
            "{conditions}: a player writes at most two numbers a round and the game ends at the "
            "end of the round in which a board has {past} rows past the finish line or {full} "
            "full rows, so this board would have ended the game a round earlier",
            conditions=_and(_end_conditions(config, lengths)),
            past=config.rows_past_finish_to_end,
            full=config.full_rows_to_end,
        ),
    )


def _end_conditions(config: ClicketyClackConfig, lengths: list[int]) -> list[str]:
    """The end conditions a board with rows of these lengths meets, in words (penalties aside:
    a player may cross them all in the last round)."""
    met = []
    past = [row for row, length in enumerate(lengths, start=1) if length > config.finish_line]
    if len(past) >= config.rows_past_finish_to_end:
        met.append(t("{rows} are past the finish line", rows=_rows(past)))
    full = [row for row, length in enumerate(lengths, start=1) if length == config.spaces]
    if len(full) >= config.full_rows_to_end:
        met.append(t("{rows} are full", rows=_rows(full)))
    return met


def _rows(rows: list[int]) -> str:
    """``rows 1, 2 and 4``."""
    return t("rows {rows} and {last}", rows=", ".join(map(str, rows[:-1])), last=rows[-1])


def _and(items: list[str]) -> str:
    """``a and b`` (``a and b and c``)."""
    said = items[0]
    for item in items[1:]:
        said = t("{first} and {second}", first=said, second=item)
    return said


def _row(row: int) -> str:
    """The area ``row 2`` of a sheet."""
    return t("row {row}", row=row)


def _line(line: int) -> str:
    """The area ``line 7`` of a sheet."""
    return t("line {number}", number=line)


def _read_row(config: ClicketyClackConfig, row: int, value: str) -> tuple[int, ...]:
    """The numbers of one row, each checked against the row's rule in order."""
    rule = config.row_rules[row - 1]
    numbers: tuple[int, ...] = ()
    for space, token in enumerate((part for part in _SEPARATORS.split(value) if part), start=1):
        where = (_row(row), t("space {space}", space=space))
        if space > config.spaces:
            raise SheetError(*where, t("a row has only {spaces} spaces", spaces=config.spaces))
        if not (token.isascii() and token.isdecimal()):
            raise SheetError(*where, t("{token} is not a number", token=repr(token)))
        total = int(token)
        if not 2 <= total <= 12:
            raise SheetError(*where, t("{number} is not a sum of two dice (2-12)", number=total))
        why = refusal(rule, numbers, total, config.row5, config.spaces)
        if why is not None:
            raise SheetError(*where, t("{number} is not allowed: {why}", number=total, why=why))
        numbers = (*numbers, total)
    return numbers


def _read_penalties(config: ClicketyClackConfig, value: str) -> int:
    """The number of crossed failed-roll spaces, 0-4 (the game's ``failed_rolls``)."""
    most = len(config.penalties)
    if not (value.isascii() and value.isdecimal()) or int(value) > most:
        raise SheetError(
            t("penalties"),
            None,
            t("must be a whole number 0-{most} (got {got})", most=most, got=repr(value)),
        )
    return int(value)


def _card(
    game: GameBase, config: ClicketyClackConfig, rows: list[tuple[int, ...]], penalties: int
) -> ScoreCard:
    """The breakdown: one line per row, the penalties, and the total."""
    lines = []
    for index, numbers in enumerate(rows):
        rule = config.row_rules[index]
        filled = len(numbers)
        detail = " ".join(map(str, numbers)) or t("empty")
        if filled and config.points[index][filled - 1] is None:
            detail = t("{numbers} (no points under space {space})", numbers=detail, space=filled)
        label = _row_label(index + 1, rule)
        lines.append(ScoreLine(label, row_points(config.points[index], filled), detail))
    lines.append(_penalty_line(config, penalties))
    notes = []
    if config.points_provisional:
        notes.append(
            t(
                "B side: the point values are provisional (unpublished; the project uses the A "
                "side's values, see docs/rules-decisions.md, cc-b-points)"
            )
        )
    return ScoreCard(
        game=game.spec(),
        lines=tuple(lines),
        total=sheet_score(config.points, rows, penalties, config.penalties),
        notes=tuple(notes),
    )


# -- the quick count: how many numbers each row holds -----------------------------------------

QUICK_FORMAT = N_(
    """\
The quick count: how many numbers each row holds, one entry a line (a row left out is empty).

  1: 7           # row 1 (top) holds 7 numbers
  2: 8
  3: 4
  4: 8
  5: 3
  penalties: 1   # crossed failed-roll spaces, 0-4

Each row scores the points under its rightmost number; the penalties are subtracted. Checked:
each count 0-10, and a board that would have ended the game a round earlier is refused."""
)


def score_quick(game: GameBase, config: ClicketyClackConfig, text: str) -> ScoreCard:
    """Score a quick count (``QUICK_FORMAT``); raise SheetError if no game ends with it."""
    entries = sheet_entries(text)
    if not entries:
        raise SheetError(
            t("sheet"),
            None,
            t("it is empty: write one line per row, e.g. {example}", example="'1: 7'"),
        )
    lengths = [0] * 5
    penalties = 0
    for entry in entries:
        if match := _ROW_KEY.match(entry.key):
            row = int(match.group(1))
            value = entry.value
            if value in ("-", ""):
                value = "0"
            if not (value.isascii() and value.isdecimal()) or int(value) > config.spaces:
                raise SheetError(
                    _row(row),
                    None,
                    t(
                        "must be a count 0-{most} (got {got})",
                        most=config.spaces,
                        got=repr(entry.value),
                    ),
                )
            lengths[row - 1] = int(value)
        elif entry.key in ("penalties", "penalty"):
            penalties = _read_penalties(config, entry.value)
        else:
            raise SheetError(
                _line(entry.line),
                None,
                t(
                    "unknown entry {key}: expected rows 1-5 ({row}) or {penalties}",
                    key=repr(entry.key),
                    row="'1: 7'",
                    penalties="'penalties: N'",
                ),
            )
    _check_not_ended_earlier(config, lengths)
    lines = [
        ScoreLine(
            _row_label(index + 1, config.row_rules[index]),
            row_points(config.points[index], length),
            _plural_numbers(length),
        )
        for index, length in enumerate(lengths)
    ]
    lines.append(_penalty_line(config, penalties))
    total = sum(line.points for line in lines)
    return ScoreCard(game=game.spec(), lines=tuple(lines), total=total, notes=())


def _penalty_line(config: ClicketyClackConfig, penalties: int) -> ScoreLine:
    """The crossed failed-roll spaces and what they cost."""
    crossed = " ".join(f"-{p}" for p in config.penalties[:penalties])
    detail = (
        tn("{n} crossed ({spaces})", "{n} crossed ({spaces})", penalties, spaces=crossed)
        if penalties
        else t("none crossed")
    )
    return ScoreLine(t("penalties"), -penalty_points(penalties, config.penalties), detail)


def _row_label(row: int, rule: int) -> str:
    """``row 1 (all different)``: a line of the breakdown."""
    return t("row {row} ({rule})", row=row, rule=t(RULE_NAMES[rule]))


def _plural_numbers(count: int) -> str:
    return t("empty") if not count else tn("{n} number", "{n} numbers", count)
