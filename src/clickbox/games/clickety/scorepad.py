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

from ...core import GameBase, ScoreCard, ScoreLine, SheetError, sheet_entries
from .board import PENALTIES, RULE_NAMES, SPACES
from .rules import ClicketyClackConfig, penalty_points, refusal, row_points, sheet_score

SHEET_FORMAT = """\
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
        raise SheetError("sheet", None, "it is empty: write one line per row, e.g. '1: 4 7 2'")
    for entry in entries:
        if match := _ROW_KEY.match(entry.key):
            row = int(match.group(1))
            if row in first_line:
                raise SheetError(
                    f"row {row}", None, f"given twice (lines {first_line[row]} and {entry.line})"
                )
            first_line[row] = entry.line
            rows[row - 1] = _read_row(config, row, entry.value)
        elif entry.key in ("penalties", "penalty"):
            penalties = _read_penalties(entry.value)
        elif entry.key == "side":
            side = entry.value.upper()
            if side not in ("A", "B"):
                raise SheetError("side", None, f"must be A or B (got {entry.value!r})")
            if side != config.side:
                raise SheetError(
                    "side",
                    None,
                    f"the sheet is for side {side} but the game is played on side "
                    f"{config.side}; "
                    f"score it with clickety-clack(side={side})",
                )
        else:
            raise SheetError(
                f"line {entry.line}",
                None,
                f"unknown entry {entry.key!r}: expected rows 1-5 ('1: 4 7 2'), "
                "'penalties: N' or 'side: A|B'",
            )
    return _card(game, config, rows, penalties)


def _read_row(config: ClicketyClackConfig, row: int, value: str) -> tuple[int, ...]:
    """The numbers of one row, each checked against the row's rule in order."""
    rule = config.row_rules[row - 1]
    numbers: tuple[int, ...] = ()
    for space, token in enumerate((t for t in _SEPARATORS.split(value) if t), start=1):
        where = (f"row {row}", f"space {space}")
        if space > SPACES:
            raise SheetError(*where, f"a row has only {SPACES} spaces")
        if not (token.isascii() and token.isdecimal()):
            raise SheetError(*where, f"{token!r} is not a number")
        total = int(token)
        if not 2 <= total <= 12:
            raise SheetError(*where, f"{total} is not a sum of two dice (2-12)")
        why = refusal(rule, numbers, total, config.row5)
        if why is not None:
            raise SheetError(*where, f"{total} is not allowed: {why}")
        numbers = (*numbers, total)
    return numbers


def _read_penalties(value: str) -> int:
    """The number of crossed failed-roll spaces, 0-4."""
    most = len(PENALTIES)
    if not (value.isascii() and value.isdecimal()) or int(value) > most:
        raise SheetError("penalties", None, f"must be a whole number 0-{most} (got {value!r})")
    return int(value)


def _card(
    game: GameBase, config: ClicketyClackConfig, rows: list[tuple[int, ...]], penalties: int
) -> ScoreCard:
    """The breakdown: one line per row, the penalties, and the total."""
    lines = []
    for index, numbers in enumerate(rows):
        rule = config.row_rules[index]
        filled = len(numbers)
        detail = " ".join(map(str, numbers)) or "empty"
        if filled and config.points[index][filled - 1] is None:
            detail += f" (no points under space {filled})"
        label = f"row {index + 1} ({RULE_NAMES[rule]})"
        lines.append(ScoreLine(label, row_points(config.points[index], filled), detail))
    crossed = " ".join(f"-{p}" for p in PENALTIES[:penalties])
    detail = f"{penalties} crossed ({crossed})" if penalties else "none crossed"
    lines.append(ScoreLine("penalties", -penalty_points(penalties), detail))
    notes = []
    if config.points_provisional:
        notes.append(
            "B side: the point values are provisional (unpublished; the project uses the A "
            "side's values, see docs/rules-decisions.md, cc-b-points)"
        )
    return ScoreCard(
        game=game.spec(),
        lines=tuple(lines),
        total=sheet_score(config.points, rows, penalties),
        notes=tuple(notes),
    )
