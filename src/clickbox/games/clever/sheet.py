"""One player's score sheet: what is marked, where a die may go, the bonuses a mark fires, and
the score. The engine and the score pad share this code.

A mark returns the bonuses it fires, in printed order: the box's own bonus, then a completed row,
column or diagonal. The caller resolves them (some need a choice; see :mod:`.rules`).
"""

from __future__ import annotations

from typing import Final

from .board import (
    BLUE_BASE,
    BLUE_COLUMN_BONUS,
    BLUE_COLUMN_MASKS,
    BLUE_FULL,
    BLUE_GRID,
    BLUE_POINTS,
    BLUE_ROW_BONUS,
    BLUE_ROW_MASKS,
    BOXES,
    GREEN_BONUS,
    GREEN_POINTS,
    GREEN_TARGET,
    GREEN_THRESHOLDS,
    ORANGE_BONUS,
    ORANGE_MULTIPLIERS,
    ORANGE_TARGET,
    PLUS_ONE,
    PURPLE_BONUS,
    PURPLE_RESET,
    PURPLE_TARGET,
    REROLL,
    TRACK_SPACES,
    YELLOW_CELLS_OF_VALUE,
    YELLOW_COLUMN_MASKS,
    YELLOW_COLUMN_POINTS,
    YELLOW_DIAGONAL,
    YELLOW_DIAGONAL_BONUS,
    YELLOW_DIAGONAL_MASK,
    YELLOW_FULL,
    YELLOW_PRECROSSED,
    YELLOW_ROW_BONUS,
    YELLOW_ROW_MASKS,
)

# Per yellow cell / blue sum: the lines through it that fire a bonus when complete.
_YELLOW_LINES: Final = tuple(
    ((YELLOW_ROW_MASKS[c // 4], YELLOW_ROW_BONUS[c // 4]),)
    + (((YELLOW_DIAGONAL_MASK, YELLOW_DIAGONAL_BONUS),) if c in YELLOW_DIAGONAL else ())
    for c in range(16)
)
_BLUE_LINES: Final = tuple(
    tuple(
        (mask, bonus)
        for masks, bonuses in (
            (BLUE_ROW_MASKS, BLUE_ROW_BONUS),
            (BLUE_COLUMN_MASKS, BLUE_COLUMN_BONUS),
        )
        for mask, bonus in zip(masks, bonuses, strict=True)
        if mask >> s & 1
    )
    if s >= 2
    else ()
    for s in range(13)
)
BLUE_SUMS: Final = tuple(s for row in BLUE_GRID for s in row if s is not None)

_SHEET_FIELDS: Final = (
    "blue",
    "foxes",
    "green",
    "orange",
    "plus_ones",
    "plus_ones_used",
    "purple",
    "rerolls",
    "rerolls_used",
    "yellow",
)


class Sheet:
    """The marks on one sheet. Plain ints and tuples; ``copy`` is cheap."""

    __slots__ = _SHEET_FIELDS

    def __init__(self) -> None:
        self.yellow = YELLOW_PRECROSSED  # bit c: yellow cell c crossed
        self.blue = 0  # bit s: blue sum s crossed
        self.green = 0  # boxes crossed
        self.orange: tuple[int, ...] = ()  # the numbers written (multipliers applied)
        self.purple: tuple[int, ...] = ()
        self.foxes = 0
        self.rerolls = 0  # spaces circled on the reroll track
        self.rerolls_used = 0  # ... and crossed out
        self.plus_ones = 0
        self.plus_ones_used = 0

    def copy(self) -> Sheet:
        """An independent copy."""
        other = Sheet.__new__(Sheet)
        other.yellow = self.yellow
        other.blue = self.blue
        other.green = self.green
        other.orange = self.orange
        other.purple = self.purple
        other.foxes = self.foxes
        other.rerolls = self.rerolls
        other.rerolls_used = self.rerolls_used
        other.plus_ones = self.plus_ones
        other.plus_ones_used = self.plus_ones_used
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and all(
            getattr(self, name) == getattr(other, name) for name in _SHEET_FIELDS
        )

    __hash__ = None  # type: ignore[assignment]

    # -- where a die may go --------------------------------------------------------------------

    def yellow_targets(self, face: int) -> list[int]:
        """The open yellow cells showing ``face``."""
        yellow = self.yellow
        return [c for c in YELLOW_CELLS_OF_VALUE[face] if not yellow >> c & 1]

    def blue_open(self, total: int) -> bool:
        """True if the blue cell of ``total`` is open."""
        return not self.blue >> total & 1

    def green_open(self, face: int) -> bool:
        """True if ``face`` may cross the next green box."""
        return self.green < BOXES and face >= GREEN_THRESHOLDS[self.green]

    def orange_open(self) -> bool:
        """True while an orange box is empty."""
        return len(self.orange) < BOXES

    def purple_open(self, face: int) -> bool:
        """True if ``face`` may be written in the next purple box."""
        purple = self.purple
        if not purple:
            return True
        if len(purple) >= BOXES:
            return False
        last = purple[-1]
        return last == PURPLE_RESET or face > last

    def targets(self, colour: int, face: int, blue_total: int) -> list[int]:
        """Every target a die of ``colour`` showing ``face`` may be written on.

        ``blue_total`` is the blue die plus the white die: what blue always writes.
        """
        if colour == 0:
            return self.yellow_targets(face)
        if colour == 1:
            return [] if self.blue >> blue_total & 1 else [BLUE_BASE + blue_total]
        if colour == 2:
            return [GREEN_TARGET] if self.green_open(face) else []
        if colour == 3:
            return [ORANGE_TARGET] if len(self.orange) < BOXES else []
        if colour == 4:
            return [PURPLE_TARGET] if self.purple_open(face) else []
        found = self.yellow_targets(face)  # white: any colour
        if not self.blue >> blue_total & 1:
            found.append(BLUE_BASE + blue_total)
        if self.green_open(face):
            found.append(GREEN_TARGET)
        if len(self.orange) < BOXES:
            found.append(ORANGE_TARGET)
        if self.purple_open(face):
            found.append(PURPLE_TARGET)
        return found

    def open_yellow_cells(self) -> list[int]:
        """Every yellow cell not crossed yet."""
        yellow = self.yellow
        return [c for c in range(16) if not yellow >> c & 1]

    def open_blue_targets(self) -> list[int]:
        """The targets of every blue cell not crossed yet."""
        blue = self.blue
        return [BLUE_BASE + s for s in BLUE_SUMS if not blue >> s & 1]

    # -- marks -----------------------------------------------------------------------------------

    def cross_yellow(self, cell: int) -> list[int]:
        """Cross a yellow cell; the bonuses of the lines it completes."""
        yellow = self.yellow | 1 << cell
        self.yellow = yellow
        return [bonus for mask, bonus in _YELLOW_LINES[cell] if yellow & mask == mask]

    def cross_blue(self, total: int) -> list[int]:
        """Cross the blue cell of ``total``; the bonuses of the row and column it completes."""
        blue = self.blue | 1 << total
        self.blue = blue
        return [bonus for mask, bonus in _BLUE_LINES[total] if blue & mask == mask]

    def cross_green(self) -> list[int]:
        """Cross the next green box (the caller checked its threshold, or a bonus ignores it)."""
        box = self.green
        self.green = box + 1
        bonus = GREEN_BONUS[box]
        return [] if bonus is None else [bonus]

    def write_orange(self, value: int, multiply: bool = True) -> list[int]:
        """Write ``value`` in the next orange box (times its multiplier unless told not to)."""
        box = len(self.orange)
        self.orange += (value * ORANGE_MULTIPLIERS[box] if multiply else value,)
        bonus = ORANGE_BONUS[box]
        return [] if bonus is None else [bonus]

    def write_purple(self, value: int) -> list[int]:
        """Write ``value`` in the next purple box (the caller checked it is allowed)."""
        box = len(self.purple)
        self.purple += (value,)
        bonus = PURPLE_BONUS[box]
        return [] if bonus is None else [bonus]

    def mark(self, target: int, face: int, blue_total: int = 0) -> list[int]:
        """Write a die showing ``face`` on ``target``; the bonuses fired."""
        if target < 16:
            return self.cross_yellow(target)
        if target < GREEN_TARGET:
            return self.cross_blue(target - BLUE_BASE)
        if target == GREEN_TARGET:
            return self.cross_green()
        if target == ORANGE_TARGET:
            return self.write_orange(face)
        return self.write_purple(face)

    def unlock(self, bonus: int, spaces: int = TRACK_SPACES) -> None:
        """Circle the next space of the reroll or +1 track of ``spaces`` spaces (an unlock with
        all of them circled is lost: the rulebook's eighth)."""
        if bonus == REROLL:
            if self.rerolls < spaces:
                self.rerolls += 1
        elif bonus == PLUS_ONE:
            if self.plus_ones < spaces:
                self.plus_ones += 1
        else:
            raise ValueError(f"bonus {bonus} is not an action")

    @property
    def rerolls_left(self) -> int:
        """Rerolls circled and not yet used."""
        return self.rerolls - self.rerolls_used

    @property
    def plus_ones_left(self) -> int:
        """Extra-die actions circled and not yet used."""
        return self.plus_ones - self.plus_ones_used

    def yellow_full(self) -> bool:
        """True once every yellow cell is crossed."""
        return self.yellow == YELLOW_FULL

    def blue_full(self) -> bool:
        """True once every blue cell is crossed."""
        return self.blue == BLUE_FULL

    # -- score -------------------------------------------------------------------------------------

    def area_scores(self) -> tuple[int, int, int, int, int]:
        """Points of yellow, blue, green, orange and purple."""
        yellow = self.yellow
        return (
            sum(
                points
                for mask, points in zip(YELLOW_COLUMN_MASKS, YELLOW_COLUMN_POINTS, strict=True)
                if yellow & mask == mask
            ),
            BLUE_POINTS[self.blue.bit_count()],
            GREEN_POINTS[self.green],
            sum(self.orange),
            sum(self.purple),
        )

    def fox_points(self) -> int:
        """Each fox scores the weakest area."""
        return self.foxes * min(self.area_scores()) if self.foxes else 0

    def score(self) -> int:
        """The sheet's total: the five areas plus the foxes."""
        areas = self.area_scores()
        return sum(areas) + self.foxes * min(areas)
