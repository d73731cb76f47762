"""The printed score sheet of That's Pretty Clever, as data tables (``shared/data/clever.md``).

Dice and areas share one colour index: yellow 0, blue 1, green 2, orange 3, purple 4; the white
die is 5. A *target* is one place a die can be written (0..29):

* 0..15: a yellow cell, row-major from the top left (``row * 4 + col``);
* 16..26: the blue cell of sum ``s`` (2..12) is ``14 + s``;
* 27, 28, 29: the next green, orange and purple box.
"""

from __future__ import annotations

from typing import Final

from ...core.i18n import N_

YELLOW, BLUE, GREEN, ORANGE, PURPLE, WHITE = range(6)
# Data (views, notation) in English; each name is also the message shown in its place (t()).
COLOURS: Final = (N_("yellow"), N_("blue"), N_("green"), N_("orange"), N_("purple"), N_("white"))
DIE_LETTERS: Final = "ybgopw"
AREAS: Final = COLOURS[:5]
# A die in words, for the sentences that name one (translated where shown, with t()).
THE_DIE: Final = (
    N_("the yellow die"),
    N_("the blue die"),
    N_("the green die"),
    N_("the orange die"),
    N_("the purple die"),
    N_("the white die"),
)
"""``the yellow die`` (the die as the subject of a sentence)."""
DIE_NAMES: Final = (
    N_("yellow die"),
    N_("blue die"),
    N_("green die"),
    N_("orange die"),
    N_("purple die"),
    N_("white die"),
)
"""``yellow die`` (a move's words: ``yellow die → yellow 5``)."""
DIE_FACES: Final = (
    N_("the yellow {face}"),
    N_("the blue {face}"),
    N_("the green {face}"),
    N_("the orange {face}"),
    N_("the purple {face}"),
    N_("the white {face}"),
)
"""``the white 3``: a die by its face (``t(DIE_FACES[die], face=3)``)."""

# -- targets ------------------------------------------------------------------------------------
YELLOW_TARGETS: Final = range(16)
BLUE_BASE: Final = 14  # target of blue sum s is BLUE_BASE + s
GREEN_TARGET: Final = 27
ORANGE_TARGET: Final = 28
PURPLE_TARGET: Final = 29
TARGETS: Final = 30

# -- bonuses ------------------------------------------------------------------------------------
REROLL, PLUS_ONE, FOX, X_YELLOW, X_BLUE, X_GREEN, ORANGE_4, ORANGE_5, ORANGE_6, PURPLE_6, BLACK = (
    range(1, 12)
)
BONUS_NAMES: Final = {
    REROLL: N_("reroll"),
    PLUS_ONE: N_("+1"),
    FOX: N_("fox"),
    X_YELLOW: N_("yellow X"),
    X_BLUE: N_("blue X"),
    X_GREEN: N_("green X"),
    ORANGE_4: N_("orange 4"),
    ORANGE_5: N_("orange 5"),
    ORANGE_6: N_("orange 6"),
    PURPLE_6: N_("purple 6"),
    BLACK: N_("black X or 6"),
}
BONUS_KEYS: Final = {
    REROLL: "reroll",
    PLUS_ONE: "plus1",
    FOX: "fox",
    X_YELLOW: "cross_yellow",
    X_BLUE: "cross_blue",
    X_GREEN: "cross_green",
    ORANGE_4: "write_orange_4",
    ORANGE_5: "write_orange_5",
    ORANGE_6: "write_orange_6",
    PURPLE_6: "write_purple_6",
    BLACK: "black_x_or_6",
}
NUMBER_BONUS_VALUE: Final = {ORANGE_4: 4, ORANGE_5: 5, ORANGE_6: 6, PURPLE_6: 6}

# -- yellow: 4x4 grid, the anti-diagonal pre-crossed (None) ----------------------------------
YELLOW_GRID: Final = (
    (3, 6, 5, None),
    (2, 1, None, 5),
    (1, None, 2, 4),
    (None, 3, 4, 6),
)
YELLOW_VALUES: Final = tuple(v for row in YELLOW_GRID for v in row)
YELLOW_PRECROSSED: Final = sum(1 << c for c, v in enumerate(YELLOW_VALUES) if v is None)
YELLOW_CELLS_OF_VALUE: Final = tuple(
    tuple(c for c, v in enumerate(YELLOW_VALUES) if v == value) for value in range(7)
)
YELLOW_ROW_BONUS: Final = (X_BLUE, ORANGE_4, X_GREEN, FOX)
YELLOW_COLUMN_POINTS: Final = (10, 14, 16, 20)
YELLOW_DIAGONAL: Final = (0, 5, 10, 15)  # 3, 1, 2, 6 from the top left
YELLOW_DIAGONAL_BONUS: Final = PLUS_ONE
YELLOW_ROW_MASKS: Final = tuple(sum(1 << (r * 4 + c) for c in range(4)) for r in range(4))
YELLOW_COLUMN_MASKS: Final = tuple(sum(1 << (r * 4 + c) for r in range(4)) for c in range(4))
YELLOW_DIAGONAL_MASK: Final = sum(1 << c for c in YELLOW_DIAGONAL)
YELLOW_FULL: Final = (1 << 16) - 1

# -- blue: 3x4 grid of sums, no cell top left ----------------------------------------------------
BLUE_GRID: Final = (
    (None, 2, 3, 4),
    (5, 6, 7, 8),
    (9, 10, 11, 12),
)
BLUE_ROW_BONUS: Final = (ORANGE_5, X_YELLOW, FOX)
BLUE_COLUMN_BONUS: Final = (REROLL, X_GREEN, PURPLE_6, PLUS_ONE)
BLUE_ROW_MASKS: Final = tuple(sum(1 << s for s in row if s is not None) for row in BLUE_GRID)
BLUE_COLUMN_MASKS: Final = tuple(
    sum(1 << s for s in (row[c] for row in BLUE_GRID) if s is not None) for c in range(4)
)
BLUE_FULL: Final = sum(1 << s for s in range(2, 13))
BLUE_POINTS: Final = (0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56)

# -- green, orange, purple: 11 boxes left to right ------------------------------------------
BOXES: Final = 11
GREEN_THRESHOLDS: Final = (1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6)
GREEN_POINTS: Final = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)
GREEN_BONUS: Final = (None, None, None, PLUS_ONE, None, X_BLUE, FOX, None, PURPLE_6, REROLL, None)
ORANGE_MULTIPLIERS: Final = (1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3)
ORANGE_BONUS: Final = (
    None,
    None,
    REROLL,
    None,
    X_YELLOW,
    PLUS_ONE,
    None,
    FOX,
    None,
    PURPLE_6,
    None,
)
PURPLE_BONUS: Final = (
    None,
    None,
    REROLL,
    X_BLUE,
    PLUS_ONE,
    X_YELLOW,
    FOX,
    REROLL,
    X_GREEN,
    ORANGE_6,
    PLUS_ONE,
)
PURPLE_RESET: Final = 6  # after a 6, any value may follow

# -- rounds and action tracks -------------------------------------------------------------------
ROUNDS_BY_PLAYERS: Final = {1: 6, 2: 6, 3: 5, 4: 4}
ROUND_BONUS: Final = (None, REROLL, PLUS_ONE, REROLL, BLACK, None, None)  # index = round
TRACK_SPACES: Final = 7
PICKS: Final = 3
SOLO_PLATTER: Final = 3  # solo passive turn: "put the three lowest on the silver platter"

# -- solo rating (the rulebook's last page) ----------------------------------------------------
SOLO_RATINGS: Final = (  # the labels are data (views, the pad page), shown with t()
    (281, N_("You're so clever!"), 5.0),
    (260, N_("Are you Einstein?"), 4.0),
    (240, N_("What a genius!"), 3.0),
    (220, N_("Impressive!"), 2.5),
    (200, N_("Hat's off to you!"), 2.0),
    (180, N_("Great result!"), 1.5),
    (160, N_("That was pretty good."), 1.0),
    (140, N_("Not bad… you could do better."), 0.5),
    (None, N_("Try harder!"), 0.0),
)


def solo_rating(points: int) -> tuple[str, float]:
    """The rulebook's label and stars for a solo total."""
    for minimum, label, stars in SOLO_RATINGS:
        if minimum is None or points >= minimum:
            return label, stars
    raise AssertionError("the last rating has no minimum")


def yellow_cell_name(cell: int) -> str:
    """``Y13``: row 1, column 3 (1-based, from the top left)."""
    return f"Y{cell // 4 + 1}{cell % 4 + 1}"


def target_name(target: int) -> str:
    """The notation of a target: ``Y13``, ``B7``, ``G``, ``O``, ``P``."""
    if target < 16:
        return yellow_cell_name(target)
    if target < GREEN_TARGET:
        return f"B{target - BLUE_BASE}"
    return "GOP"[target - GREEN_TARGET]


def target_area(target: int) -> int:
    """The area (colour index) of a target."""
    if target < 16:
        return YELLOW
    if target < GREEN_TARGET:
        return BLUE
    return target - GREEN_TARGET + GREEN
