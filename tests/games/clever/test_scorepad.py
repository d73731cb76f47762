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
from clickbox.games.clever.scorepad import (
    QUICK_FORMAT,
    SHEET_FORMAT,
    _stars,
    read_sheet,
    write_sheet,
)

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
# The bonus marks a full area fires (green box 6 and 9; orange box 5 and 10; purple box 4, 6, 9
# and 10), written elsewhere so that the valid sheets are possible ones.
GREEN_OBLIGES = "\nblue: 2\npurple: 6"
ORANGE_OBLIGES = "\nyellow 1: 3\npurple: 6"
PURPLE_OBLIGES = "\nblue: 2\nyellow 1: 3\ngreen: 1\norange: 6"
CHECKS = [
    # yellow: a number not in its row, crossed twice, the printed X written twice, not a number
    (
        "yellow 1: 3 6 5\nblue: 2",
        "yellow 1: 3 4",
        "yellow row 1",
        "entry 2",
        "has no 4 (it is 3 6 5 X)",
    ),
    (
        "yellow 2: 2 1 5\norange: 4",
        "yellow 2: 2 1 2",
        "yellow row 2",
        "box 2",
        "2 is crossed twice",
    ),
    ("yellow 3: x 1 2 4\ngreen: 1", "yellow 3: x 1 X", "yellow row 3", "entry 3", "one printed X"),
    ("yellow row 4: 3 4", "yellow 4: 3 four", "yellow row 4", "entry 2", "'four' is not a"),
    # blue: a sum outside 2-12, repeated, not a number
    ("blue: 2 12", "blue: 2 13", "blue", "entry 2", "13 is not a sum of two dice (2-12)"),
    ("blue: 2 12", "blue: 1", "blue", "entry 1", "1 is not a sum of two dice (2-12)"),
    ("blue: 7 5 9", "blue: 7 5 7", "blue", "box 7", "7 is crossed twice"),
    ("blue: 7, 5", "blue: 7 seven", "blue", "entry 2", "'seven' is not a number"),
    # green: a box crossed after an empty one, more than 11, not a cross
    ("green: x x x - -", "green: x x - x", "green", "box 4", "crossed after the empty box 3"),
    (
        "green: " + "x " * 11 + GREEN_OBLIGES,
        "green: " + "x " * 12,
        "green",
        "box 12",
        "only 11 boxes",
    ),
    (
        "green: 11" + GREEN_OBLIGES,
        "green: 12",
        "green",
        "box 12",
        "12 boxes crossed; the area has 11",
    ),
    ("green: X x", "green: x 2", "green", "box 2", "'2' is not a cross"),
    # orange: more than 11, below 1, above 6 x the multiplier, not a multiple, a gap
    (
        f"orange: {ELEVEN}{ORANGE_OBLIGES}",
        f"orange: {ELEVEN} 1",
        "orange",
        "box 12",
        "only 11 boxes",
    ),
    ("orange: 1", "orange: 0", "orange", "box 1", "0 is below 1"),
    ("orange: 6", "orange: 7", "orange", "box 1", "7 is more than 6"),
    ("orange: 1 1 1 12", "orange: 1 1 1 14", "orange", "box 4", "14 is more than 12 (6 × 2)"),
    (
        "orange: 1 1 1 2 1 1 2 1 2 1 18" + ORANGE_OBLIGES,
        "orange: 1 1 1 2 1 1 2 1 2 1 21",
        "orange",
        "box 11",
        "21 is more than 18 (6 × 3)",
    ),
    ("orange: 1 1 1 10", "orange: 1 1 1 5", "orange", "box 4", "5 is not a multiple of 2"),
    (
        "orange: 1 1 1 2 1 1 2 1 2 1 15" + ORANGE_OBLIGES,
        "orange: 1 1 1 2 1 1 2 1 2 1 16",
        "orange",
        "box 11",
        "16 is not a multiple of 3: this box is x3",
    ),
    ("orange: 3 4 - -", "orange: 3 - 4", "orange", "box 3", "written after the empty box 2"),
    ("orange: 3 4", "orange: 3 x", "orange", "box 2", "'x' is not a number"),
    # purple: 1-6, each higher than the one before unless that one is a 6, more than 11
    ("purple: 1 2 5 6\nblue: 2", "purple: 1 2 5 3", "purple", "box 4", "3 is not higher than 5"),
    ("purple: 2 5 6 3 4\nblue: 2", "purple: 2 2", "purple", "box 2", "2 is not higher than 2"),
    ("purple: 6 6 1", "purple: 1 7", "purple", "box 2", "7 is not a die value (1-6)"),
    ("purple: 6 6 1", "purple: 0", "purple", "box 1", "0 is not a die value (1-6)"),
    (
        "purple: " + " ".join(["6"] * 11) + PURPLE_OBLIGES,
        "purple: " + "6 " * 12,
        "purple",
        "box 12",
        "only 11",
    ),
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
    # Each bare number needs the bonus that wrote it: blue row 2-4 gives a 5, yellow row 2 a 4.
    # (Orange box 5 gives a yellow cross and box 10 a purple 6, so those are written too.)
    assert bare.score_sheet("orange: 1 1 1 5\nblue: 2 3 4").lines[3].points == 8
    obliged = "yellow 2: 2 1 5\npurple: 6"
    assert bare.score_sheet(f"orange: 1 1 1 2 1 1 2 1 2 1 4\n{obliged}").lines[3].points == 17
    assert bare.score_sheet(f"orange: {ELEVEN[:-1]}5\nblue: 2 3 4\n{obliged}").lines[3].points == 18
    for text, box in (("orange: 1 1 1 7", "box 4"), ("orange: 1 1 1 2 1 1 2 1 2 1 7", "box 11")):
        error = sheet_error(bare, text)
        assert (error.area, error.box) == ("orange", box)
        assert "neither" in str(error) and "bare bonus number 4, 5 or 6" in str(error)
    assert sheet_error(bare, "orange: 1 1 1 13").box == "box 4"  # still at most 6 x 2
    assert sheet_error(game_of(), "orange: 1 1 1 2 1 1 2 1 2 1 5").box == "box 11"


# -- foxes ---------------------------------------------------------------------------------------

FOX_TRIGGERS = [  # the marks, the fox's source, and the bonus marks the marks oblige elsewhere
    ("yellow 4: 3 4 6", "yellow row 4", ""),
    ("blue: 12 11 10 9", "blue row 9-12", ""),
    ("green: 7", "green box 7", "\nblue: 2"),
    ("orange: 1 1 1 2 1 1 2 1", "orange box 8", "\nyellow 1: 3"),
    ("purple: 1 2 3 4 5 6 1", "purple box 7", "\nblue: 2\nyellow 1: 3"),
]


@pytest.mark.parametrize(("marks", "source", "obliged"), FOX_TRIGGERS)
def test_each_fox_is_earned_by_its_marks(marks: str, source: str, obliged: str) -> None:
    game = game_of()
    one_short = marks.rsplit(" ", 1)[0] + obliged
    marks += obliged
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
    text = "\n".join(marks for marks, _, _ in FOX_TRIGGERS) + "\nfoxes: 5"
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
    obliged = "\nblue: 2\norange: 4\ngreen: 1"  # the bonuses of yellow rows 1, 2 and 3
    for row, printed in enumerate(YELLOW_GRID, start=1):
        numbers = [v for v in printed if v is not None]
        forward = game.score_sheet(f"yellow {row}: {' '.join(map(str, numbers))}{obliged}")
        backward = game.score_sheet(
            f"yellow {row}: X {' '.join(map(str, reversed(numbers)))}{obliged}"
        )
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
    """A sheet in the pad's text form, written the way a player might copy it: numbers and lines
    in any order, the printed yellow X now and then, green as crosses or a count, no foxes."""
    lines = []
    for line in write_sheet(sheet).splitlines():
        key, value = line.split(": ")
        tokens = value.split()
        if key.startswith("yellow") or key == "blue":
            rng.shuffle(tokens)
            if key.startswith("yellow") and rng.random() < 0.3:
                tokens.insert(rng.randrange(len(tokens) + 1), "X")
            tokens = [t for t in tokens if t != "-"] or ["-"]
        elif key == "green" and rng.random() < 0.5:
            tokens = ["x"] * sheet.green + ["-"] * (11 - sheet.green)
        elif key == "foxes" and rng.random() < 0.5:
            continue
        lines.append(f"{key}: {', '.join(tokens) if key == 'blue' else ' '.join(tokens)}")
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
            assert game.score_quick(quick_text(engine)).total == card.total
            as_points = game.score_quick(quick_text(engine, fox_points=True))
            assert (
                as_points.total == card.total and as_points.lines[5].points == card.lines[5].points
            )
            assert [line.points for line in card.lines[:5]] == list(engine.area_scores())
            assert card.lines[5].points == engine.fox_points()


# -- what one area's marks oblige in another (the audit's impossible sheets) -----------------------

FULL_SHEET = """\
yellow 1: 3 6 5
yellow 2: 2 1 5
yellow 3: 1 2 4
yellow 4: 3 4 6
blue: 2 3 4 5 6 7 8 9 10 11 12
green: 11
orange: 6 6 6 12 6 6 12 6 12 6 18
purple: 6 6 6 6 6 6 6 6 6 6 6
"""
PURPLE_TEN = "purple: 1 2 3 4 5 6 1 2 3 4\nblue: 2\nyellow 1: 3\ngreen: 1"

# (the sheet, the area and box refused, the reason, a mark that makes it possible)
OBLIGED = [
    # The rulebook: each completed blue row and column, yellow row, and bonus box gives its bonus.
    (
        "blue: 2 3 4",
        "orange",
        None,
        "blue row 2-4 gives an orange 5, but no orange box holds one "
        "(a 5, 10 on a ×2 box or 15 on the ×3 box; a bonus is lost only when every orange box is "
        "filled)",
        "orange: 5",
    ),
    (
        "yellow 1: 3 6 5",
        "blue",
        None,
        "yellow row 1 gives a blue cross, but no blue box is "
        "crossed (a bonus is lost only when every blue box is crossed)",
        "blue: 12",
    ),
    ("green: 6", "blue", None, "green box 6 gives a blue cross", "blue: 7"),
    ("purple: 1 2 3 4", "blue", None, "purple box 4 gives a blue cross", "blue: 2"),
    (PURPLE_TEN, "orange", None, "purple box 10 gives an orange 6", "orange: 6"),
    ("yellow 2: 2 1 5", "orange", None, "yellow row 2 gives an orange 4", "orange: 3 2 1 8"),
    ("yellow 3: 1 2 4", "green", None, "yellow row 3 gives a green cross", "green: 1"),
    ("blue: 5 6 7 8", "yellow", None, "blue row 5-8 gives a yellow cross", "yellow 4: 6"),
    ("blue: 3 7 11", "purple", None, "blue column 3-11 gives a purple 6", "purple: 1 6"),
    ("blue: 2 6 10", "green", None, "blue column 2-10 gives a green cross", "green: 1"),
    ("orange: 1 1 1 2 1", "yellow", None, "orange box 5 gives a yellow cross", "yellow 2: 1"),
    (
        "green: 6\npurple: 1 2 3 4\nblue: 2",
        "blue",
        None,
        "green box 6 and purple box 4 give 2 blue crosses, but only 1 blue box is crossed",
        "blue: 2 8",
    ),
]


@pytest.mark.parametrize(("text", "area", "box", "reason", "fix"), OBLIGED)
def test_a_bonus_a_mark_fires_must_be_on_the_sheet(
    text: str, area: str, box: str | None, reason: str, fix: str
) -> None:
    game = game_of()
    error = sheet_error(game, text)
    assert (error.area, error.box) == (area, box)
    assert str(error) == f"{area}: {reason}" or reason in str(error)
    fixed = "\n".join(
        [line for line in text.splitlines() if line.split(":")[0] != fix.split(":")[0]] + [fix]
    )
    game.score_sheet(fixed)


def test_a_bonus_is_lost_only_for_want_of_room() -> None:
    """Yellow row 1 gives a blue cross; with every blue box crossed it is lost, and refused only
    while blue has room (the blue row and column bonuses must still be on the sheet)."""
    game = game_of()
    full_blue = "yellow 1: 3 6 5\nblue: 2 3 4 5 6 7 8 9 10 11 12\norange: 5\ngreen: 1\npurple: 6"
    assert game.score_sheet(full_blue).lines[1].points == 56
    assert sheet_error(game, full_blue.replace("orange: 5", "orange: 4")).area == "orange"
    # Orange full: the orange 5 of blue row 2-4 is lost.
    game.score_sheet(f"blue: 2 3 4\norange: {ELEVEN}\nyellow 1: 3\npurple: 6")


def test_a_completely_filled_sheet_has_more_marks_than_a_game_gives() -> None:
    """A 3-player game: 5 rounds of 3 active and 2 passive picks (25), 7 extra dice, the black
    bonus of round 4, and the 15 bonus marks a full sheet fires: 48 marks, not 56."""
    error = sheet_error(game_of(players=3), FULL_SHEET)
    assert str(error) == (
        "sheet: 56 marks, but a 3-player game makes at most 48: 25 die picks in 5 rounds, "
        "7 extra dice (+1), a black bonus and 15 bonus marks fired by these marks"
    )
    assert "a solo game makes at most 47: 24 die picks in 6 rounds" in str(
        sheet_error(game_of(), FULL_SHEET)
    )


def test_a_bare_bonus_number_needs_its_bonus() -> None:
    """With ``orange_bonus_multiplied=false`` a 5 on a ×2 box is the bonus 5 written bare, so a
    mark must have given an orange 5."""
    bare = game_of("clever(orange_bonus_multiplied=false)")
    error = sheet_error(bare, "orange: 1 1 1 5")
    assert str(error) == (
        "orange, box 4: a 5 on a ×2 box can only be the bonus 5 written bare, and no mark gives "
        "an orange 5"
    )
    assert bare.score_sheet("orange: 1 1 1 5\nblue: 2 3 4").lines[3].points == 8
    # Two bare 5s on ×2 boxes need two orange 5s.
    error = sheet_error(bare, "orange: 1 1 1 5 1 1 5\nblue: 2 3 4\nyellow 1: 3")
    assert error.box == "box 7" and error.message.endswith("only 1 mark gives an orange 5")
    # With the option on, the bonus is multiplied: a 10 on the ×2 box.
    assert "10 on a ×2 box" in str(sheet_error(game_of(), "orange: 1 1 1 4\nblue: 2 3 4"))
    game_of().score_sheet("orange: 1 1 1 10\nblue: 2 3 4")


def test_write_sheet_reads_back() -> None:
    game = game_of(players=2)
    state = random_game(game, 7)
    marks = ("yellow", "blue", "green", "orange", "purple", "foxes")
    for seat in range(2):
        sheet, _ = read_sheet(game.config, write_sheet(state.sheet(seat)))
        assert [getattr(sheet, m) for m in marks] == [getattr(state.sheet(seat), m) for m in marks]


# -- the quick count -------------------------------------------------------------------------------


def quick_text(sheet: Sheet, fox_points: bool = False) -> str:
    """A final sheet as Marquoir counts it: crosses in blue and green, points elsewhere (the
    foxes as a count, or as points)."""
    yellow, _, _, orange, purple = sheet.area_scores()
    foxes = f"fox points: {sheet.fox_points()}" if fox_points else f"foxes: {sheet.foxes}"
    return (
        f"yellow: {yellow}\nblue: {sheet.blue.bit_count()}\ngreen: {sheet.green}\n"
        f"orange: {orange}\npurple: {purple}\n{foxes}"
    )


def test_the_documented_quick_count_is_the_solo_example() -> None:
    game = game_of()
    example = [line for line in QUICK_FORMAT.splitlines() if line.startswith("  ")]
    assert game.quick_format == QUICK_FORMAT and len(example) == 6
    quick = game.score_quick("\n".join(example))
    full = game.score_sheet((EXAMPLES / "clever-solo.txt").read_text())
    assert quick.total == full.total == 188
    assert [line.points for line in quick.lines] == [line.points for line in full.lines]
    assert quick.lines[1].detail == "7 crosses" and quick.lines[5].detail.startswith("2 × 22")


def test_blue_and_green_are_counted_as_crosses() -> None:
    """The audit: ``blue: 7`` was read as the sum 7 crossed (1 point); counted, it is 22."""
    card = game_of().score_quick("blue: 7\ngreen: 3")
    assert [line.points for line in card.lines[:3]] == [0, 22, 6] and card.total == 28


QUICK_REFUSED = [
    ("yellow: 12", "yellow", "12 points is no sum of complete columns (10, 14, 16, 20)"),
    ("blue: 12", "blue", "12 crosses; the area has 11 boxes"),
    ("green: 12", "green", "12 crosses; the area has 11 boxes"),
    ("orange: 97", "orange", "97 points is more than the area's most, 96"),
    ("purple: 67", "purple", "67 points is more than the area's most, 66"),
    (
        "green: 6",
        "blue",
        "green: 6 crosses fire a blue cross (green box 6), but blue: 0 crosses (a bonus is lost "
        "only when every blue box is crossed)",
    ),
    (
        "green: 9\nblue: 1\npurple: 5\nfoxes: 1",
        "purple",
        "green: 9 crosses fire a purple 6 (green box 9), but purple: 5 points",
    ),
    # issue 36: each bonus a count makes certain is owed somewhere (clever-pad-quick)
    ("blue: 11", "foxes", "blue: 11 crosses fire a fox (blue row 9-12), but foxes: 0"),
    (
        "blue: 11\nfoxes: 1",
        "green",
        "blue: 11 crosses fire a green cross (blue column 2-10), but green: 0 crosses",
    ),
    (
        "green: 11\nblue: 1\npurple: 6\nfoxes: 0",
        "foxes",
        "green: 11 crosses fire a fox (green box 7), but foxes: 0",
    ),
    ("orange: 96", "foxes", "orange: 96 points fire a fox (orange box 8), but foxes: 0"),
    (
        "orange: 96\nfoxes: 1",
        "purple",
        "orange: 96 points fire a purple 6 (orange box 10), but purple: 0 points (a bonus is "
        "lost only when every purple box is filled)",
    ),
    (
        "yellow: 60\nblue: 11\ngreen: 11\norange: 96\npurple: 66",
        "foxes",
        "yellow: 60 points, blue: 11 crosses, green: 11 crosses, orange: 96 points and purple: 66 "
        "points fire 5 foxes (yellow row 4, blue row 9-12, green box 7, orange box 8, purple box "
        "7), but foxes: 0",
    ),
    (
        "purple: 21\nfoxes: 1",
        "blue",
        "purple: 21 points fire a blue cross (purple box 4), but blue: 0 crosses",
    ),
    # blue 10: whichever box is empty, a row or column left complete owes what no area holds
    ("blue: 10", "sheet", "no sheet gives all these counts at once"),
    (
        "yellow: 40\nblue: 7\ngreen: 7\norange: 28\npurple: 26\nfox points: 45",
        "fox points",
        "45 points is no number of foxes (0-5) × the weakest area's 22",
    ),
    ("foxes: 1\nfox points: 0", "fox points", "give the foxes as a count or as points, not both"),
    (
        "blue: 3\norange: 9\npurple: 17\nfoxes: 2",
        "foxes",
        "2 foxes, but these counts allow at most 1 (yellow row 4)",
    ),
    ("blue: seven", "blue", "'seven' is not a whole number"),
    ("red: 4", "line 1", "unknown entry 'red'"),
]


@pytest.mark.parametrize(("text", "area", "reason"), QUICK_REFUSED)
def test_the_quick_count_refuses_what_no_sheet_gives(text: str, area: str, reason: str) -> None:
    with pytest.raises(SheetError) as info:
        game_of().score_quick(text)
    assert info.value.area == area and reason in str(info.value)


def test_the_quick_count_of_every_fox_limit() -> None:
    """Each fox source becomes possible at its smallest count: the sheet's own boxes."""
    game = game_of()
    text = "blue: 4\ngreen: 7\norange: 10\npurple: 18\nfoxes: 5"
    assert game.score_quick(text).lines[5].detail.startswith("5 × 0")
    for short in ("blue: 3", "green: 6", "orange: 9", "purple: 17"):
        area = short.split(":")[0]
        lines = [short if line.startswith(area) else line for line in text.splitlines()]
        with pytest.raises(SheetError, match="at most 4"):
            game.score_quick("\n".join(lines))


def test_fox_points_are_foxes_times_the_weakest_area() -> None:
    """Marquoir: "for yellow, orange, purple and the foxes, enter the points"; the rulebook: each
    fox scores the points of the player's weakest area."""
    game = game_of()
    counts = "yellow: 40\nblue: 7\ngreen: 7\norange: 28\npurple: 26\n"
    card = game.score_quick(counts + "fox points: 44")
    assert card.total == game.score_quick(counts + "foxes: 2").total == 188
    assert card.lines[5].points == 44 and card.lines[5].detail.startswith("2 × 22")
    # the weakest area scores 0: any fox count gives 0 points, and one these counts allow is taken
    assert game.score_quick("green: 7\nblue: 1\nfox points: 0").lines[5].detail.startswith("1 × 0")


def test_a_bonus_a_count_may_leave_uncertain_is_not_owed() -> None:
    """Blue 8 need not complete a row (2 3 5 6 9 10 11 12 leave 4, 7, 8 open: no row done)..."""
    assert game_of().score_quick("blue: 8\ngreen: 1\npurple: 6\nfoxes: 1").total
    # ... and a full area loses a bonus for want of room (orange box 10's purple 6, purple full)
    text = "orange: 96\npurple: 66\nfoxes: 3\nyellow: 0\nblue: 2\ngreen: 2"
    assert game_of().score_quick(text).total
