"""The shared score pad: score cards as JSON, sheet errors that name the box, the line syntax."""

from __future__ import annotations

import json

import pytest

from clickbox.core import (
    ClickboxError,
    GameBase,
    ScoreCard,
    ScoreLine,
    SheetError,
    sheet_entries,
)
from tests.core.toy_game import BidGame


def test_score_card_to_json_is_plain_json() -> None:
    card = ScoreCard(
        game="toy(players=2)",
        lines=(ScoreLine("row 1", 12, "4 7 2"), ScoreLine("penalties", -3)),
        total=9,
        notes=("provisional",),
    )
    data = card.to_json()
    assert data == {
        "game": "toy(players=2)",
        "lines": [
            {"label": "row 1", "points": 12, "detail": "4 7 2"},
            {"label": "penalties", "points": -3, "detail": ""},
        ],
        "total": 9,
        "notes": ["provisional"],
    }
    assert json.loads(json.dumps(data)) == data


def test_score_card_without_notes() -> None:
    card = ScoreCard("toy", (), 0)
    assert card.to_json() == {"game": "toy", "lines": [], "total": 0, "notes": []}


def test_sheet_error_names_the_area_and_the_box() -> None:
    error = SheetError("row 2", "space 4", "5 is not below 7 (the row is descending)")
    assert str(error) == "row 2, space 4: 5 is not below 7 (the row is descending)"
    assert (error.area, error.box, error.message) == (
        "row 2",
        "space 4",
        "5 is not below 7 (the row is descending)",
    )
    assert isinstance(error, ClickboxError)


def test_sheet_error_without_a_box() -> None:
    error = SheetError("penalties", None, "must be a whole number 0-4 (got '5')")
    assert str(error) == "penalties: must be a whole number 0-4 (got '5')"
    assert error.box is None


def test_sheet_entries_skip_comments_and_blank_lines() -> None:
    text = "# my sheet\n\n  Row 1 : 3 5 8   # first row\n2:\nPENALTIES: 2\n"
    entries = sheet_entries(text)
    assert [(e.line, e.key, e.value) for e in entries] == [
        (3, "row 1", "3 5 8"),
        (4, "2", ""),
        (5, "penalties", "2"),
    ]
    assert sheet_entries("") == [] and sheet_entries("# only a comment\n\n") == []


def test_sheet_entries_name_a_bad_or_repeated_line() -> None:
    with pytest.raises(SheetError) as info:
        sheet_entries("1: 3\n3 5 8\n")
    assert info.value.area == "line 2" and "expected KEY: VALUE" in str(info.value)
    with pytest.raises(SheetError) as info:
        sheet_entries("1: 3\npenalties: 1\n\nPenalties: 2\n")
    assert str(info.value) == "line 4: 'penalties' is given twice (first on line 2)"


def test_a_game_without_a_score_pad() -> None:
    game = BidGame(2)
    assert BidGame.sheet_format == GameBase.sheet_format == ""
    with pytest.raises(NotImplementedError, match="has no score pad"):
        game.score_sheet("1: 2")
