"""Score pads: a filled paper sheet, copied as text, checked and scored.

A game that has a score pad documents its text form in ``GameBase.sheet_format`` and reads it
in ``GameBase.score_sheet(text) -> ScoreCard``. An impossible sheet raises
:class:`~clickbox.core.errors.SheetError`, which names the area (a row, a colour, ...) and the
box (a space) at fault.

Every text form shares the line syntax read by :func:`sheet_entries`: one ``KEY: VALUE`` entry a
line; ``#`` starts a comment; blank lines are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import SheetError
from .i18n import t


@dataclass(frozen=True)
class ScoreLine:
    """One line of the breakdown: what scores (``label``), its points, and how (``detail``)."""

    label: str
    points: int
    detail: str = ""


@dataclass(frozen=True)
class ScoreCard:
    """The scored sheet: the breakdown, the total, and notes (e.g. provisional point values)."""

    game: str
    lines: tuple[ScoreLine, ...]
    total: int
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {
            "game": self.game,
            "lines": [
                {"label": line.label, "points": line.points, "detail": line.detail}
                for line in self.lines
            ],
            "total": self.total,
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class SheetEntry:
    """One ``KEY: VALUE`` line of a sheet (key lower-cased and trimmed, comment removed)."""

    line: int
    key: str
    value: str


def sheet_entries(text: str) -> list[SheetEntry]:
    """The ``KEY: VALUE`` entries of a sheet, in order; a SheetError names a bad or repeated line.

    >>> [(e.line, e.key, e.value) for e in sheet_entries("# mine\\n1: 3 5 8\\n\\nPenalties: 2")]
    [(2, '1', '3 5 8'), (4, 'penalties', '2')]
    """
    entries: list[SheetEntry] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = " ".join(key.split()).lower()
        if not sep or not key:
            raise SheetError(
                t("line {number}", number=number),
                None,
                t("expected KEY: VALUE (got {line})", line=repr(line)),
            )
        if key in seen:
            raise SheetError(
                t("line {number}", number=number),
                None,
                t("{key} is given twice (first on line {first})", key=repr(key), first=seen[key]),
            )
        seen[key] = number
        entries.append(SheetEntry(number, key, value.strip()))
    return entries
