"""Options and presets of Clickety Clack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import OptionError, ParamsBase, option
from ...core.i18n import N_, t
from .board import (
    DICE_BY_PLAYERS,
    FINISH_LINE,
    FULL_ROWS_TO_END,
    PENALTIES,
    POINTS,
    ROW5_DEFAULT,
    ROW5_PRINTED,
    ROWS_PAST_FINISH_TO_END,
    SPACES,
)


@dataclass(frozen=True)
class ClicketyClackParams(ParamsBase):
    """Which side of the boards is played, and the data no source publishes."""

    side: str = option(
        "A",
        N_("side of the player boards"),
        choices=("A", "B"),
        label=N_("Board side"),
        words=(N_("A side"), N_("B side")),
    )
    row5: str = option(
        "-".join(map(str, ROW5_DEFAULT)),
        N_(
            "the ten pre-printed numbers of the A side's row 5, dash-separated "
            "(the last four are a project default)"
        ),
        label=N_("Pre-printed numbers of row 5"),
    )
    points: str = option(
        "",
        N_(
            "override the points under the spaces: five rows separated by '/', ten values each "
            "('-' for a space without value); empty: the side's table"
        ),
        label=N_("Points under the spaces"),
    )
    dice: int = option(
        0,
        N_(
            "dice in the game; 0: the rulebook's (5 with 2 players, 7 with 3, 9 with 4); "
            "otherwise at least 2 a player and 1 more (each player takes 2 dice a round and one "
            "stays in the pool)"
        ),
        minimum=0,
        maximum=15,
        label=N_("Dice"),
        group="number",
    )
    spaces: int = option(
        SPACES,
        N_(
            "spaces in each row, at most the 10 printed; a shorter row keeps the points (and "
            "the pre-printed numbers) of its first spaces"
        ),
        minimum=2,
        maximum=SPACES,
        label=N_("Spaces in a row"),
        group="number",
    )
    finish_line: int = option(
        FINISH_LINE,
        N_(
            "spaces before the finish line (a number in a later space is past it); fewer than "
            "the spaces in a row"
        ),
        minimum=1,
        maximum=SPACES - 1,
        label=N_("Spaces before the finish line"),
        group="number",
    )
    rows_past_finish: int = option(
        0,
        N_(
            "rows with a number past the finish line that end the game; 0: the rulebook's (3 on "
            "the A side, 4 on the B side)"
        ),
        minimum=0,
        maximum=5,
        label=N_("Rows past the finish line to end"),
        group="number",
    )
    full_rows: int = option(
        FULL_ROWS_TO_END,
        N_("full rows (a number in the rightmost space) that end the game"),
        minimum=1,
        maximum=5,
        label=N_("Full rows to end"),
        group="number",
    )
    failed_rolls: int = option(
        len(PENALTIES),
        N_("failed-roll spaces; a player who has crossed them all ends the game"),
        minimum=1,
        maximum=10,
        label=N_("Failed-roll spaces"),
        group="number",
    )
    penalty_step: int = option(
        PENALTIES[0],
        N_(
            "minus points of the failed-roll spaces: space N costs N times this (the rulebook's "
            "-1, -2, -3, -4: 1)"
        ),
        minimum=0,
        maximum=10,
        label=N_("Minus points per failed-roll space"),
        group="number",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.finish_line >= self.spaces:
            raise OptionError(
                t(
                    "option 'finish_line' must be less than option 'spaces' (a row needs a space "
                    "past the finish line): got finish_line={finish_line}, spaces={spaces}",
                    finish_line=self.finish_line,
                    spaces=self.spaces,
                )
            )
        if self.side == "B" and self.row5 != "-".join(map(str, ROW5_DEFAULT)):
            raise OptionError(
                t(
                    "option 'row5' is for the A side only (the B side has no row 5 "
                    "of pre-printed numbers)"
                )
            )
        self.row5_numbers()
        self.points_table()

    @property
    def points_provisional(self) -> bool:
        """True when the point table is the project's default for unpublished values."""
        return self.side == "B" and not self.points.strip()

    def dice_for(self, players: int) -> int:
        """The dice of a game of ``players`` players; OptionError if too few to play a round."""
        if not self.dice:
            return DICE_BY_PLAYERS[players]
        least = 2 * players + 1
        if self.dice < least:
            raise OptionError(
                t(
                    "option 'dice' must be 0 (the rulebook's) or at least {least} with {players} "
                    "players: each player takes 2 dice a round and one stays in the pool (got "
                    "{dice})",
                    least=least,
                    players=players,
                    dice=self.dice,
                )
            )
        return self.dice

    def rows_past_finish_to_end(self) -> int:
        """Rows past the finish line that end the game (the side's unless set)."""
        return self.rows_past_finish or ROWS_PAST_FINISH_TO_END[self.side]

    def penalty_values(self) -> tuple[int, ...]:
        """Minus points (as positive numbers) of each failed-roll space, left to right."""
        return tuple(self.penalty_step * space for space in range(1, self.failed_rolls + 1))

    def row5_numbers(self) -> tuple[int, ...]:
        """The pre-printed numbers of row 5 as ints (validated)."""
        wrong = t(
            "option 'row5' must be {spaces} dash-separated numbers 2..12 (got {got})",
            spaces=SPACES,
            got=repr(self.row5),
        )
        try:
            numbers = tuple(int(part) for part in self.row5.replace(" ", "").split("-"))
        except ValueError:
            raise OptionError(wrong) from None
        if len(numbers) != SPACES or not all(2 <= n <= 12 for n in numbers):
            raise OptionError(wrong)
        if len(set(numbers)) != SPACES:
            raise OptionError(
                t("option 'row5' may not repeat a number (got {got})", got=repr(self.row5))
            )
        return numbers

    def points_table(self) -> tuple[tuple[int | None, ...], ...]:
        """Points under each space of each row."""
        if not self.points.strip():
            return POINTS[self.side]
        rows = [row.split() for row in self.points.split("/")]
        error = OptionError(
            t(
                "option 'points' must be 5 rows separated by '/', each of "
                "{spaces} numbers or '-' (got {got})",
                spaces=SPACES,
                got=repr(self.points),
            )
        )
        if len(rows) != 5 or any(len(row) != SPACES for row in rows):
            raise error
        try:
            return tuple(tuple(None if v == "-" else int(v) for v in row) for row in rows)
        except ValueError:
            raise error from None


PRESETS: Final[dict[str, dict[str, object]]] = {
    "a-side": {"side": "A"},
    "b-side": {"side": "B"},
}

PRESET_WORDS: Final[dict[str, tuple[str, str]]] = {
    "a-side": (N_("A side"), N_("The boards' A side, as in the rulebook's first game")),
    "b-side": (N_("B side"), N_("The boards' B side")),
}
"""Each preset's name in words and what it changes, in one line (marked with ``N_``)."""

__all__ = ["PRESETS", "PRESET_WORDS", "ROW5_PRINTED", "ClicketyClackParams"]
