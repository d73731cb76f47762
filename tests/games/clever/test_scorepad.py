"""The That's Pretty Clever score pad: every check, the foxes, and scores equal to the engine's.

A sheet is one player's marks as text (``scorepad.SHEET_FORMAT``). The marks are written on an
engine ``Sheet`` with its own marking code, so the foxes are the ones those marks fire and the
score is the engine's ``Sheet.score()``; a mark no game could make is refused, naming the area
and the box.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from clickbox.core import SheetError, sample_chance
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverState, Sheet
from clickbox.games.clever.board import YELLOW_GRID
from clickbox.games.clever.scorepad import SHEET_FORMAT, _stars, read_sheet

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def game_of(spec: str = "clever", players: int | None = None) -> CleverGame:
    game = load(spec, players=players)
    assert isinstance(game, CleverGame)
    return game


def sheet_error(game: CleverGame, text: str) -> SheetError:
    with pytest.raises(SheetError) as info:
        game.score_sheet(text)
    return info.value


# -- each check: (a valid sheet, an invalid one, the area, the box, the reason) -------------------

ELEVEN = "1 1 1 2 1 1 2 1 2 1 3"  # the x2 and x3 boxes doubled and tripled
CHECKS = [
    # yellow: a number not in its row, crossed twice, the printed X written twice, not a number
    ("yellow 1: 3 6 5", "yellow 1: 3 4", "yellow row 1", "entry 2", "has no 4 (it is 3 6 5 X)"),
    ("yellow 2: 2 1 5", "yellow 2: 2 1 2", "yellow row 2", "box 2", "2 is crossed twice"),
    ("yellow 3: x 1 2 4", "yellow 3: x 1 X", "yellow row 3", "entry 3", "one printed X"),
    ("yellow row 4: 3 4", "yellow 4: 3 four", "yellow row 4", "entry 2", "'four' is not a"),
    # blue: a sum outside 2-12, repeated, not a number
    ("blue: 2 12", "blue: 2 13", "blue", "entry 2", "13 is not a sum of two dice (2-12)"),
    ("blue: 2 12", "blue: 1", "blue", "entry 1", "1 is not a sum of two dice (2-12)"),
    ("blue: 7 5 9", "blue: 7 5 7", "blue", "box 7", "7 is crossed twice"),
    ("blue: 7, 5", "blue: 7 seven", "blue", "entry 2", "'seven' is not a number"),
    # green: a box crossed after an empty one, more than 11, not a cross
    ("green: x x x - -", "green: x x - x", "green", "box 4", "crossed after the empty box 3"),
    ("green: " + "x " * 11, "green: " + "x " * 12, "green", "box 12", "only 11 boxes"),
    ("green: 11", "green: 12", "green", "box 12", "12 boxes crossed; the area has 11"),
    ("green: X x", "green: x 2", "green", "box 2", "'2' is not a cross"),
    # orange: more than 11, below 1, above 6 x the multiplier, not a multiple, a gap
    (f"orange: {ELEVEN}", f"orange: {ELEVEN} 1", "orange", "box 12", "only 11 boxes"),
    ("orange: 1", "orange: 0", "orange", "box 1", "0 is below 1"),
    ("orange: 6", "orange: 7", "orange", "box 1", "7 is more than 6"),
    ("orange: 1 1 1 12", "orange: 1 1 1 14", "orange", "box 4", "14 is more than 12 (6 × 2)"),
    (
        "orange: 1 1 1 2 1 1 2 1 2 1 18",
        "orange: 1 1 1 2 1 1 2 1 2 1 21",
        "orange",
        "box 11",
        "21 is more than 18 (6 × 3)",
    ),
    ("orange: 1 1 1 10", "orange: 1 1 1 5", "orange", "box 4", "5 is not a multiple of 2"),
    (
        "orange: 1 1 1 2 1 1 2 1 2 1 15",
        "orange: 1 1 1 2 1 1 2 1 2 1 16",
        "orange",
        "box 11",
        "16 is not a multiple of 3: this box is x3",
    ),
    ("orange: 3 4 - -", "orange: 3 - 4", "orange", "box 3", "written after the empty box 2"),
    ("orange: 3 4", "orange: 3 x", "orange", "box 2", "'x' is not a number"),
    # purple: 1-6, each higher than the one before unless that one is a 6, more than 11
    ("purple: 1 2 5 6", "purple: 1 2 5 3", "purple", "box 4", "3 is not higher than 5"),
    ("purple: 2 5 6 3 4", "purple: 2 2", "purple", "box 2", "2 is not higher than 2"),
    ("purple: 6 6 1", "purple: 1 7", "purple", "box 2", "7 is not a die value (1-6)"),
    ("purple: 6 6 1", "purple: 0", "purple", "box 1", "0 is not a die value (1-6)"),
    ("purple: " + " ".join(["6"] * 11), "purple: " + "6 " * 12, "purple", "box 12", "only 11"),
    ("purple: 4 -", "purple: 4 - 5", "purple", "box 3", "written after the empty box 2"),
]


@pytest.mark.parametrize(("valid", "invalid", "area", "box", "reason"), CHECKS)
def test_each_check(valid: str, invalid: str, area: str, box: str, reason: str) -> None:
    game = game_of()
    game.score_sheet(valid)
    error = sheet_error(game, invalid)
    assert (error.area, error.box) == (area, box)
    assert str(error).startswith(f"{area}, {box}: ")
    assert reason in str(error)


def test_the_purple_message_in_full() -> None:
    error = sheet_error(game_of(), "purple: 1 2 5 3")
    assert str(error) == "purple, box 4: 3 is not higher than 5 (after a 6 anything may follow)"


def test_orange_bare_bonus_numbers_with_the_option_off() -> None:
    """With ``orange_bonus_multiplied=false`` a x2/x3 box may hold a bare 4, 5 or 6 as well."""
    bare = game_of("clever(orange_bonus_multiplied=false)")
    assert bare.score_sheet("orange: 1 1 1 5").lines[3].points == 8
    assert bare.score_sheet("orange: 1 1 1 2 1 1 2 1 2 1 4").lines[3].points == 17
    assert bare.score_sheet("orange: 1 1 1 2 1 1 2 1 2 1 5").total == 18
    for text, box in (("orange: 1 1 1 7", "box 4"), ("orange: 1 1 1 2 1 1 2 1 2 1 7", "box 11")):
        error = sheet_error(bare, text)
        assert (error.area, error.box) == ("orange", box)
        assert "neither" in str(error) and "bare bonus number 4, 5 or 6" in str(error)
    assert sheet_error(bare, "orange: 1 1 1 13").box == "box 4"  # still at most 6 x 2
    assert sheet_error(game_of(), "orange: 1 1 1 2 1 1 2 1 2 1 5").box == "box 11"


# -- foxes ---------------------------------------------------------------------------------------

FOX_TRIGGERS = [
    ("yellow 4: 3 4 6", "yellow row 4"),
    ("blue: 12 11 10 9", "blue row 9-12"),
    ("green: 7", "green box 7"),
    ("orange: 1 1 1 2 1 1 2 1", "orange box 8"),
    ("purple: 1 2 3 4 5 6 1", "purple box 7"),
]


@pytest.mark.parametrize(("marks", "source"), FOX_TRIGGERS)
def test_each_fox_is_earned_by_its_marks(marks: str, source: str) -> None:
    game = game_of()
    one_short = marks.rsplit(" ", 1)[0]
    for text, foxes in ((one_short, 0), (marks, 1)):
        sheet, sources = read_sheet(game.config, text)
        assert sheet.foxes == foxes
        assert sources == ((source,) if foxes else ())
    assert game.score_sheet(f"{marks}\nfoxes: 1").lines[5].detail.endswith(source)
    error = sheet_error(game, f"{marks}\nfoxes: 2")
    assert (error.area, error.box) == ("foxes", None)
    assert str(error) == f"foxes: the marks earn 1 ({source}), not 2"
    assert str(sheet_error(game, f"{one_short}\nfoxes: 1")) == "foxes: the marks earn none, not 1"


def test_five_foxes_score_the_weakest_area() -> None:
    text = "\n".join(marks for marks, _ in FOX_TRIGGERS) + "\nfoxes: 5"
    card = game_of().score_sheet(text)
    # yellow: no column complete (0), so the five foxes are worth nothing.
    assert [line.points for line in card.lines] == [0, 7, 28, 10, 22, 0]
    assert card.lines[5].detail.startswith("5 × 0 (weakest area: yellow); yellow row 4, blue")
    column = "yellow 1: 3\nyellow 2: 2\nyellow 3: 1\n"  # with the printed X: column 1 (10)
    card = game_of().score_sheet(column + text)
    assert card.lines[0].points == 10 and card.lines[5].points == 5 * 7  # blue is now weakest
    assert card.total == 10 + 7 + 28 + 10 + 22 + 35


@pytest.mark.parametrize("value", ["6", "-1", "x", "", "2.5"])
def test_the_foxes_line_is_0_to_5(value: str) -> None:
    error = sheet_error(game_of(), f"green: 7\nfoxes: {value}")
    assert error.area == "foxes" and "must be a whole number 0-5" in str(error)


# -- the form ------------------------------------------------------------------------------------


def test_bad_lines_are_named() -> None:
    game = game_of()
    error = sheet_error(game, "blue: 3\nred: 4")
    assert str(error).startswith("line 2: unknown entry 'red': expected 'yellow 1' to 'yellow 4'")
    assert str(sheet_error(game, "blue: 3\nyellow 5: 4")).startswith("line 2: unknown entry")
    assert str(sheet_error(game, "blue: 3\nblue: 4")) == (
        "line 2: 'blue' is given twice (first on line 1)"
    )
    assert str(sheet_error(game, "yellow 1: 3\nyellow row 1: 6")) == (
        "yellow row 1: given twice (lines 1 and 2)"
    )
    assert str(sheet_error(game, "fox: 0\nfoxes: 0")) == "foxes: given twice (lines 1 and 2)"
    assert sheet_error(game, "3 6 5").area == "line 1"
    assert sheet_error(game, "# nothing\n\n").area == "sheet"


def test_separators_comments_and_empty_areas() -> None:
    text = """
        # copied from paper
        Yellow Row 2: 1, 2       # commas, any order, any case
        yellow 3: -
        blue: -
        green: x ✗ X - -         # crosses as drawn; empty boxes
        orange: 4; 6             # semicolons
        purple:
    """
    card = game_of().score_sheet(textwrap.dedent(text))
    assert [line.points for line in card.lines] == [0, 0, 6, 10, 0, 0]
    assert [line.detail for line in card.lines] == [
        "no column complete",
        "0 crosses",
        "3 boxes",
        "4 6",
        "empty",
        "none",
    ]
    assert card.total == 16


def test_yellow_numbers_in_any_order_and_the_printed_x() -> None:
    game = game_of()
    for row, printed in enumerate(YELLOW_GRID, start=1):
        numbers = [v for v in printed if v is not None]
        forward = game.score_sheet(f"yellow {row}: {' '.join(map(str, numbers))}")
        backward = game.score_sheet(f"yellow {row}: X {' '.join(map(str, reversed(numbers)))}")
        assert forward == backward


def test_the_details_count_in_words() -> None:
    card = game_of().score_sheet("yellow 1: 3\nyellow 2: 2\nyellow 3: 1\nblue: 7\ngreen: 1")
    assert [line.detail for line in card.lines[:3]] == ["column 10", "1 cross", "1 box"]
    assert [line.points for line in card.lines[:3]] == [10, 1, 1]


STARS = [(5.0, "5 stars"), (2.5, "2½ stars"), (1.5, "1½ stars"), (1.0, "1 star"), (0.5, "½ star")]


@pytest.mark.parametrize(("stars", "text"), [*STARS, (0.0, "no stars")])
def test_stars_in_words(stars: float, text: str) -> None:
    assert _stars(stars) == text


def test_the_solo_rating_note_is_always_given() -> None:
    for players in (1, 2, 4):
        card = game_of(players=players).score_sheet("blue: 2")
        assert card.notes == ("Solo rating (if this was a solo game): Try harder! (no stars)",)
        assert card.game == f"clever(players={players})"


# -- the examples ----------------------------------------------------------------------------------


def test_the_solo_example() -> None:
    """``examples/clever-solo.txt``, by hand.

    Yellow: row 1 (3 6 5), row 3 (1 2 4) and row 4 (3 4 6) complete, row 2 has 2 1 but not the 5,
    so columns 1-3 are complete (10 + 14 + 16 = 40) and column 4 is not. Blue: 7 crosses = 22.
    Green: 7 boxes = 28. Orange: 3 + 5 + 6 + 8 + 2 + 4 = 28. Purple: 2 + 5 + 6 + 3 + 4 + 6 = 26.
    Foxes: yellow row 4 and green box 7 = 2, each worth the weakest area (blue, 22) = 44.
    Total 40 + 22 + 28 + 28 + 26 + 44 = 188: "Great result!" (180-199, 1½ stars).
    """
    card = game_of().score_sheet((EXAMPLES / "clever-solo.txt").read_text())
    assert [line.label for line in card.lines] == [
        "yellow",
        "blue",
        "green",
        "orange",
        "purple",
        "foxes",
    ]
    assert [line.points for line in card.lines] == [40, 22, 28, 28, 26, 44]
    assert card.total == 188
    assert card.lines[0].detail == "columns 10, 14, 16"
    assert card.lines[5].detail == "2 × 22 (weakest area: blue); yellow row 4, green box 7"
    assert card.notes == ("Solo rating (if this was a solo game): Great result! (1½ stars)",)


def test_the_three_player_example() -> None:
    """``examples/clever.txt``, by hand.

    Yellow: 6 5 / 1 / 1 2 4 / 3 4 completes column 2 (6, 1, X, 3: 14) and column 3 (5, X, 2, 4:
    16) = 30. Blue: 5 9 8 12 = 4 crosses = 7. Green: 5 boxes = 15. Orange: 4 + 6 + 5 + 12 = 27
    (12 on the x2 box 4). Purple: 1 + 3 + 6 + 6 + 2 + 5 = 23. No fox. Total 102.
    """
    card = game_of(players=3).score_sheet((EXAMPLES / "clever.txt").read_text())
    assert [line.points for line in card.lines] == [30, 7, 15, 27, 23, 0]
    assert card.total == 102
    assert card.game == "clever(players=3)"


def test_the_documented_format_is_the_solo_example() -> None:
    example = [line for line in SHEET_FORMAT.splitlines() if line.startswith("  ")]
    assert len(example) == 9
    assert game_of().sheet_format == SHEET_FORMAT
    assert game_of().score_sheet("\n".join(example)) == game_of().score_sheet(
        (EXAMPLES / "clever-solo.txt").read_text()
    )


# -- the pad scores what the engine scores -------------------------------------------------------


def sheet_text(sheet: Sheet, rng: random.Random) -> str:
    """A sheet in the pad's text form, written the way a player might copy it."""
    lines = []
    for row, printed in enumerate(YELLOW_GRID):
        crossed = [
            str(value)
            for col, value in enumerate(printed)
            if value is not None and sheet.yellow >> (row * 4 + col) & 1
        ]
        rng.shuffle(crossed)
        if rng.random() < 0.3:
            crossed.insert(rng.randrange(len(crossed) + 1), "X")
        lines.append(f"yellow {row + 1}: {' '.join(crossed) or '-'}")
    sums = [str(s) for s in range(2, 13) if sheet.blue >> s & 1]
    rng.shuffle(sums)
    lines.append(f"blue: {', '.join(sums)}")
    if rng.random() < 0.5:
        lines.append(f"green: {sheet.green}")
    else:
        lines.append(f"green: {' '.join(['x'] * sheet.green + ['-'] * (11 - sheet.green))}")
    lines.append(f"orange: {' '.join(map(str, sheet.orange))}")
    lines.append(f"purple: {' '.join(map(str, sheet.purple))}")
    if rng.random() < 0.5:
        lines.append(f"foxes: {sheet.foxes}")
    rng.shuffle(lines)
    return "\n".join(lines)


def random_game(game: CleverGame, seed: int) -> CleverState:
    """A game played to the end by seats that choose at random."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("multiplied", [True, False])
def test_the_pad_scores_finished_games_like_the_engine(multiplied: bool) -> None:
    rng = random.Random(multiplied)
    for seed in range(150):
        players = 1 + seed % 4
        game = game_of(f"clever(orange_bonus_multiplied={str(multiplied).lower()})", players)
        state = random_game(game, seed)
        outcome = state.outcome()
        assert outcome is not None
        for seat in range(players):
            engine = state.sheet(seat)
            text = sheet_text(engine, rng)
            sheet, _ = read_sheet(game.config, text)
            marks = ("yellow", "blue", "green", "orange", "purple", "foxes")
            assert [getattr(sheet, m) for m in marks] == [getattr(engine, m) for m in marks], text
            card = game.score_sheet(text)
            assert card.total == state.score(seat) == outcome.scores[seat], (seed, seat)
            assert [line.points for line in card.lines[:5]] == list(engine.area_scores())
            assert card.lines[5].points == engine.fox_points()
