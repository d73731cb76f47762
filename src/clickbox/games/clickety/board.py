"""Board data of Clickety Clack, one table per side, and the rule of each row.

Read from the rulebook (rules file ``000``), except the numbers no source publishes, which are
the project's defaults (``docs/rules-decisions.md``): the last four pre-printed numbers of the A
side's row 5, and every point value of the B side.
"""

from __future__ import annotations

from typing import Final

from ...core.i18n import N_

SPACES: Final = 10
"""Spaces per row."""
FINISH_LINE: Final = 6
"""Spaces before the finish line; a number in space 7 or later is past it."""
PENALTIES: Final = (1, 2, 3, 4)
"""Minus points of the four failed-roll spaces, crossed from left to right."""
DICE_BY_PLAYERS: Final = {2: 5, 3: 7, 4: 9}
ROWS_PAST_FINISH_TO_END: Final = {"A": 3, "B": 4}
FULL_ROWS_TO_END: Final = 2

# Row rules (ids are stable: they appear nowhere outside this package).
DIFFERENT, ASCENDING, DESCENDING, ALTERNATING, PRINTED = 0, 1, 2, 3, 4
ONE_WAY, OUTSIDE, PAIRS, ZIGZAG, RANGES = 5, 6, 7, 8, 9

ROW_RULES: Final = {
    "A": (DIFFERENT, ASCENDING, DESCENDING, ALTERNATING, PRINTED),
    "B": (ONE_WAY, OUTSIDE, PAIRS, ZIGZAG, RANGES),
}
RULE_NAMES: Final = {  # data in views; shown translated (t(RULE_NAMES[rule]))
    DIFFERENT: N_("all different"),
    ASCENDING: N_("ascending"),
    DESCENDING: N_("descending"),
    ALTERNATING: N_("even/odd alternating"),
    PRINTED: N_("pre-printed numbers"),
    ONE_WAY: N_("ascending or descending"),
    OUTSIDE: N_("outside the range so far"),
    PAIRS: N_("pairs"),
    ZIGZAG: N_("zigzag"),
    RANGES: N_("2-6 / 8-12"),
}
RULE_SYMBOLS: Final = {
    DIFFERENT: "≠",
    ASCENDING: "↑",
    DESCENDING: "↓",
    ALTERNATING: "≈",
    PRINTED: "!",
    ONE_WAY: "↑↓",
    OUTSIDE: "↔",
    PAIRS: "AA",
    ZIGZAG: "⩘",
    RANGES: "2-6|8-12",
}

_: None = None
POINTS_A: Final[tuple[tuple[int | None, ...], ...]] = (
    (1, 2, 4, _, 8, _, 12, 15, _, 25),
    (1, 2, 4, _, 8, _, 12, 15, _, 25),
    (1, 2, 5, _, 8, _, 12, 15, _, 30),
    (1, 2, 5, _, 12, _, 15, 20, _, 35),
    (1, 2, 5, _, 12, _, 15, 20, _, 35),
)
POINTS_B: Final = POINTS_A
"""Project default: the B side's point values are not published; we use the A side's."""
POINTS: Final = {"A": POINTS_A, "B": POINTS_B}

ROW5_PRINTED: Final = (6, 9, 3, 8, 4, 10)
"""The first six pre-printed numbers of the A side's row 5 (rulebook example)."""
ROW5_DEFAULT: Final = (*ROW5_PRINTED, 7, 5, 11, 2)
"""Project default for all ten: the last four (7 5 11 2) are not published."""

LOW_RANGE: Final = frozenset(range(2, 7))
HIGH_RANGE: Final = frozenset(range(8, 13))
NO_PAIRS: Final = frozenset({6, 7, 8})
