"""Click Click Boom's coin count: each player's coins after each shootout, the winner, and the
rulebook's tie-breakers ("Tie Breaker": the fewest BOOM cards left, then the fewest steals, then
the draw of a Click card), each asked for in order only when needed."""

from __future__ import annotations

import pytest

from clickbox.core import SheetError
from clickbox.games import load
from clickbox.games.boom.scorepad import SHEET_FORMAT


def count(
    text: str, spec: str = "click-click-boom", players: int = 3
) -> tuple[int, list[tuple[str, int]], str]:
    card = load(spec, players=players).score_sheet(text)
    return card.total, [(line.label, line.points) for line in card.lines], card.notes[0]


def refused(text: str, spec: str = "click-click-boom", players: int = 3) -> SheetError:
    with pytest.raises(SheetError) as info:
        load(spec, players=players).score_sheet(text)
    return info.value


def test_the_documented_count() -> None:
    example = [line for line in SHEET_FORMAT.splitlines() if line.startswith("  ")]
    assert load("click-click-boom", players=3).sheet_format == SHEET_FORMAT
    total, lines, note = count("\n".join(example))
    assert total == 14 and lines == [("Ann", 14), ("Bo", 14), ("Cy", 9)]
    assert note == "Winner: Bo with 14 coins; the tie is broken by the fewest BOOM cards left"


def test_the_most_coins_wins() -> None:
    total, lines, note = count("shootout 1: 14 9 13\nshootout 2: 10 16 9")
    assert total == 16 and lines[1] == ("player 2", 16)
    assert note == "Winner (after 2 of 3): player 2 with 16 coins"
    card = load("click-click-boom", players=3).score_sheet("shootout 1: 14 9 13\nshootout 2: 1 2 3")
    assert card.lines[0].detail == "14 → 1"


def test_the_tie_breakers_are_asked_in_order() -> None:
    tie = "players: Ann, Bo, Cy\nshootout 1: 15 15 9"
    error = refused(tie)
    assert (error.area, error.box) == ("booms", None)
    assert str(error) == (
        "booms: Ann and Bo are tied with 15 coins: give each player's BOOM cards left unplayed "
        "('booms:') to break the tie"
    )
    assert count(f"{tie}\nbooms: 1 0 0")[2] == (
        "Winner (after 1 of 3): Bo with 15 coins; the tie is broken by the fewest BOOM cards left"
    )
    # Cy's BOOM cards do not count: Cy is not tied.
    assert refused(f"{tie}\nbooms: 1 1 0").area == "steals"
    assert "the fewest steals" in count(f"{tie}\nbooms: 1 1 0\nsteals: 2 1 0")[2]
    assert refused(f"{tie}\nbooms: 1 1 0\nsteals: 1 1 0").area == "draw"
    assert (
        "Ann with 15 coins; the tie is broken by the draw"
        in count(f"{tie}\nbooms: 1 1 0\nsteals: 1 1 0\ndraw: 1")[2]
    )
    assert "only Ann and Bo draw" in str(refused(f"{tie}\nbooms: 1 1 0\nsteals: 1 1 0\ndraw: 3"))


@pytest.mark.parametrize(
    ("text", "area", "reason"),
    [
        ("shootout 1: 14 9", "shootout 1", "2 numbers for 3 players"),
        ("shootout 1: 14 9 x", "shootout 1", "'x' is not a whole number 0-39"),
        ("shootout 1: 20 19 1", "shootout 1", "40 coins together; the table holds 39 (13 each)"),
        ("shootout 2: 13 13 13", "shootout 2", "expected shootout 1 next"),
        (
            "shootout 1: 13 13 13\nshootout 2: 13 13 13\nshootout 3: 1 1 1\nshootout 4: 1 1 1",
            "shootout 4",
            "the game plays 3 shootouts",
        ),
        ("players: Ann, Bo\nshootout 1: 1 2 3", "players", "2 names for 3 players"),
        ("purse: 4", "line 1", "unknown entry 'purse'"),
        ("booms: 1 1 1", "sheet", "no shootout"),
    ],
)
def test_a_count_no_game_gives_is_refused(text: str, area: str, reason: str) -> None:
    error = refused(text)
    assert error.area == area and reason in str(error)


def test_quick_play_has_no_coins() -> None:
    assert "Quick Play uses no coins" in str(
        refused("shootout 1: 1 1 1", "click-click-boom(mode=quick)")
    )
