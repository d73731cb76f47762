"""Options and presets of Clickety Clack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import OptionError, ParamsBase, option
from ...core.i18n import N_, t
from .board import POINTS, ROW5_DEFAULT, ROW5_PRINTED, SPACES


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

    def __post_init__(self) -> None:
        super().__post_init__()
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
