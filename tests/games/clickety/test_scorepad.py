"""The Clickety Clack score pad: every row rule of both sides, and scores equal to the engine's.

A sheet is one player's board as text (``scorepad.SHEET_FORMAT``). Each number is checked with
the engine's own rule code, so a sheet is accepted exactly when the engine could have written it;
the score is the engine's score of the same rows.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from clickbox.core import SheetError, sample_chance
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame, ClicketyClackState
from clickbox.games.clickety.actions import is_click
from clickbox.games.clickety.rules import allowed_mask
from clickbox.games.clickety.scorepad import QUICK_FORMAT, SHEET_FORMAT, write_board

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def game_of(spec: str = "clickety-clack", players: int = 2) -> ClicketyClackGame:
    game = load(spec, players=players)
    assert isinstance(game, ClicketyClackGame)
    return game


def sheet_error(game: ClicketyClackGame, text: str) -> SheetError:
    with pytest.raises(SheetError) as info:
        game.score_sheet(text)
    return info.value


# -- each row's rule, both sides: (side, row, a valid row, an invalid row, bad space, reason) ------

ROW_CASES = [
    ("A", 1, "4 7 2 10 9 8", "4 7 2 7", 4, "the row already holds 7"),
    ("A", 2, "2 3 5 7 8 9", "2 5 4", 3, "ascending: the next number must be above 5"),
    ("A", 3, "11 9 8 7 4 3", "11 9 10", 3, "descending: the next number must be below 9"),
    ("A", 4, "5 8 3 10 11 4", "5 8 10", 3, "alternates even and odd: after 8 comes an odd"),
    ("A", 4, "5 8 3 10 11 4", "5 8 5", 3, "the row already holds 5"),
    ("A", 5, "6 9 3 8 4 10 7 5 11 2", "6 9 4", 3, "the next pre-printed number is 3"),
    ("B", 1, "2 3 5 7 8 9", "9 7 8", 3, "descending: the next number must be below 7"),
    ("B", 1, "9 7 6 4", "2 3 5 4", 4, "ascending: the next number must be above 5"),
    ("B", 2, "6 7 5 3 9 10", "6 7 5 3 9 10 4", 7, "must be below 3 or above 10"),
    ("B", 3, "5 5 10 10 3", "5 5 10 11", 4, "10 must be repeated to make a pair"),
    ("B", 3, "5 5 10 10 3", "5 5 5", 3, "the pair 5-5 is already used"),
    ("B", 3, "12 12 2 2", "6", 1, "pairs of 6, 7 or 8 are not allowed"),
    ("B", 4, "5 8 4 6 2 11", "5 8 9", 3, "zigzags: it went up to 8"),
    ("B", 4, "5 8 4 6 2 11", "5 8 4 3", 4, "zigzags: it went down to 4"),
    ("B", 5, "6 2 5 3 9 10", "6 2 9 3", 4, "switched ranges once already and stays in 8-12"),
    ("B", 5, "9 12 2 3", "7", 1, "7 is never allowed in this row"),
]


@pytest.mark.parametrize(("side", "row", "valid", "invalid", "space", "reason"), ROW_CASES)
def test_each_row_rule(
    side: str, row: int, valid: str, invalid: str, space: int, reason: str
) -> None:
    game = game_of(f"clickety-clack(side={side})")
    card = game.score_sheet(f"{row}: {valid}")
    numbers = tuple(int(n) for n in valid.split())
    assert card.lines[row - 1].detail.startswith(valid)
    # The engine's allowed sums agree with the pad, number by number.
    rule = game.row_rules[row - 1]
    for i, total in enumerate(numbers):
        assert allowed_mask(rule, numbers[:i], game.row5) >> total & 1
    error = sheet_error(game, f"{row}: {invalid}")
    assert (error.area, error.box) == (f"row {row}", f"space {space}")
    assert str(error).startswith(f"row {row}, space {space}: ")
    assert reason in str(error)


def test_row5_follows_the_games_pre_printed_numbers() -> None:
    game = game_of("clickety-clack(row5=2-3-4-5-6-8-9-10-11-12)")
    assert game.score_sheet("5: 2 3 4").lines[4].points == 5
    error = sheet_error(game, "5: 2 3 5")
    assert str(error) == "row 5, space 3: 5 is not allowed: the next pre-printed number is 4"


def test_sums_spaces_and_numbers() -> None:
    game = game_of()
    assert str(sheet_error(game, "1: 4 13")) == (
        "row 1, space 2: 13 is not a sum of two dice (2-12)"
    )
    assert sheet_error(game, "2: 1").box == "space 1"
    assert str(sheet_error(game, "1: 2 3 4 5 6 7 8 9 10 11 12")) == (
        "row 1, space 11: a row has only 10 spaces"
    )
    assert str(sheet_error(game, "3: 11 nine")) == "row 3, space 2: 'nine' is not a number"
    assert sheet_error(game, "3: 11 ²").box == "space 2"


@pytest.mark.parametrize("value", ["5", "-1", "x", "", "2.5"])
def test_penalties_are_0_to_4(value: str) -> None:
    error = sheet_error(game_of(), f"1: 3\npenalties: {value}")
    assert error.area == "penalties" and "must be a whole number 0-4" in str(error)


@pytest.mark.parametrize(("crossed", "minus"), [(0, 0), (1, -1), (2, -3), (3, -6), (4, -10)])
def test_penalty_points(crossed: int, minus: int) -> None:
    card = game_of().score_sheet(f"penalties: {crossed}")
    assert card.lines[-1].label == "penalties"
    assert card.lines[-1].points == card.total == minus


def test_bad_lines_are_named() -> None:
    game = game_of()
    assert str(sheet_error(game, "1: 3\n6: 4")).startswith("line 2: unknown entry '6'")
    assert str(sheet_error(game, "1: 3\n1: 4")) == "line 2: '1' is given twice (first on line 1)"
    assert str(sheet_error(game, "1: 3\nrow 1: 4")) == "row 1: given twice (lines 1 and 2)"
    assert sheet_error(game, "4 7 2").area == "line 1"
    assert sheet_error(game, "# nothing\n\n").area == "sheet"


def test_the_side_line_must_match_the_game() -> None:
    assert game_of("clickety-clack(side=B)").score_sheet("side: b\n1: 2 3").total == 2
    error = sheet_error(game_of(), "side: B\n1: 2 3")
    assert error.area == "side" and "clickety-clack(side=B)" in str(error)
    assert "must be A or B" in str(sheet_error(game_of(), "side: C"))


def test_separators_comments_and_empty_rows() -> None:
    text = """
        # copied from paper
        row 1: 4, 7, 2      # commas
        2: 2 - 3 – 5        # dashes, typographic too
        3: -
        Penalties: 0
    """
    card = game_of().score_sheet(textwrap.dedent(text))
    assert [line.detail for line in card.lines[:3]] == ["4 7 2", "2 3 5", "empty"]
    assert [line.points for line in card.lines] == [4, 4, 0, 0, 0, 0]
    assert card.total == 8


def test_the_rulebooks_scoring_example() -> None:
    # "12 + 15 + 0 + 20 + 5 = 52. He has 1 minus point ... his grand total is 51 points."
    card = game_of().score_sheet((EXAMPLES / "clickety-clack-a.txt").read_text())
    assert [line.points for line in card.lines] == [12, 15, 0, 20, 5, -1]
    assert card.total == 51
    assert card.lines[2].detail == "11 9 8 5 (no points under space 4)"
    assert card.lines[0].label == "row 1 (all different)"
    assert card.game == "clickety-clack(players=2)" and card.notes == ()


def test_the_b_side_example_and_its_provisional_points() -> None:
    card = game_of("clickety-clack(side=B)").score_sheet(
        (EXAMPLES / "clickety-clack-b.txt").read_text()
    )
    assert card.total == 62
    assert len(card.notes) == 1 and "provisional" in card.notes[0]
    table = " / ".join(["1 2 4 - 8 - 12 15 - 25"] * 5)
    card = load("clickety-clack", options={"side": "B", "points": table}).score_sheet("3: 5 5")
    assert card.notes == () and card.total == 2


def test_the_documented_format_is_a_valid_sheet() -> None:
    example = [line for line in SHEET_FORMAT.splitlines() if line.startswith("  ")]
    assert len(example) == 6
    assert game_of().sheet_format == SHEET_FORMAT
    assert game_of().score_sheet("\n".join(example)).total == 51


# -- the pad scores what the engine scores ---------------------------------------------------------


def sheet_text(state: ClicketyClackState, seat: int) -> str:
    """A seat's board in the score pad's text form."""
    lines = [
        f"{row}: {' '.join(map(str, numbers))}" for row, numbers in enumerate(state.rows(seat), 1)
    ]
    return "\n".join([*lines, f"penalties: {state.penalties(seat)}"])


def random_game(game: ClicketyClackGame, seed: int) -> ClicketyClackState:
    """A game played to the end by random seats that fail on purpose only now and then."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        clicks = [action for action in legal if is_click(action)]
        state.apply(rng.choice(clicks if clicks and rng.random() < 0.9 else legal))
    return state


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_pad_scores_finished_games_like_the_engine(side: str) -> None:
    for seed in range(100):
        game = game_of(f"clickety-clack(side={side})", players=2 + seed % 3)
        state = random_game(game, seed)
        outcome = state.outcome()
        assert outcome is not None
        for seat in range(game.num_players):
            card = game.score_sheet(sheet_text(state, seat))
            assert card.total == state.score(seat) == outcome.scores[seat], (seed, seat)
            assert [line.points for line in card.lines[:5]] == [
                state.row_points(seat, row) for row in range(5)
            ]


# -- a board that would have ended the game a round earlier ----------------------------------------


def rows_of(game: ClicketyClackGame, lengths: list[int]) -> str:
    """A board whose rows hold these many numbers, each row obeying its rule (found by search)."""

    def extend(rule: int, row: tuple[int, ...], length: int) -> tuple[int, ...] | None:
        if len(row) == length:
            return row
        mask = allowed_mask(rule, row, game.row5)
        for total in (s for s in range(2, 13) if mask >> s & 1):
            if found := extend(rule, (*row, total), length):
                return found
        return None

    lines = []
    for index, length in enumerate(lengths):
        numbers = extend(game.row_rules[index], (), length)
        assert numbers is not None, (index, length)
        lines.append(f"{index + 1}: {' '.join(map(str, numbers)) or '-'}")
    return "\n".join(lines)


# The rulebook: "The game ends at the end of a round in which at least 1 player has achieved ...
# At least 3 of your rows have a number to the right of the finish line" (B side: 4); a player
# writes one number a turn and takes 2 turns a round.
EARLIER = [
    (
        "A",
        [10, 10, 10, 10, 10],
        "rows 1, 2, 3, 4 and 5 are past the finish line and rows 1, 2, 3, 4 and 5 are full",
    ),
    ("A", [7, 7, 7, 7, 7], "rows 1, 2, 3, 4 and 5 are past the finish line"),
    ("A", [9, 9, 9, 7, 0], "rows 1, 2, 3 and 4 are past the finish line"),
    ("B", [8, 8, 8, 8, 7], "rows 1, 2, 3, 4 and 5 are past the finish line"),
    (
        "B",
        [10, 10, 10, 10, 2],
        "rows 1, 2, 3 and 4 are past the finish line and rows 1, 2, 3 and 4 are full",
    ),
]
POSSIBLE = [
    ("A", [7, 7, 7, 0, 0]),  # the rulebook's own example: Andy ends the game with 3 rows past
    ("A", [7, 7, 7, 7, 3]),  # the last round took two rows past: 2 before it
    ("A", [9, 9, 8, 3, 3]),  # two numbers in row 3: 6 before
    ("A", [10, 10, 5, 5, 5]),  # two full rows at once
    ("B", [7, 7, 7, 7, 7]),  # B needs 4 rows past: 3 before the last round
    ("B", [10, 10, 10, 6, 6]),
]


@pytest.mark.parametrize(("side", "lengths", "met"), EARLIER)
def test_a_board_that_would_have_ended_the_game_a_round_earlier(
    side: str, lengths: list[int], met: str
) -> None:
    game = game_of(f"clickety-clack(side={side})")
    error = sheet_error(game, rows_of(game, lengths))
    threshold = 3 if side == "A" else 4
    assert str(error) == (
        f"sheet: {met}: a player writes at most two numbers a round and the game ends at the end "
        f"of the round in which a board has {threshold} rows past the finish line or 2 full rows, "
        "so this board would have ended the game a round earlier"
    )


@pytest.mark.parametrize(("side", "lengths"), POSSIBLE)
def test_a_board_whose_last_round_ended_the_game(side: str, lengths: list[int]) -> None:
    game = game_of(f"clickety-clack(side={side})")
    game.score_sheet(rows_of(game, lengths) + "\npenalties: 4")  # penalties: 1 a turn at most


# -- the quick count -------------------------------------------------------------------------------


def test_the_documented_quick_count_is_the_rulebooks_example() -> None:
    """Andy's board counted: rows of 7, 8, 4, 8 and 3 numbers and one penalty score 51."""
    game = game_of()
    example = [line for line in QUICK_FORMAT.splitlines() if line.startswith("  ")]
    assert game.quick_format == QUICK_FORMAT and len(example) == 6
    quick = game.score_quick("\n".join(example))
    full = game.score_sheet((EXAMPLES / "clickety-clack-a.txt").read_text())
    assert quick.total == full.total == 51
    assert [line.points for line in quick.lines] == [line.points for line in full.lines]


def test_the_quick_count_refuses_what_no_game_ends_with() -> None:
    game = game_of()
    for text, area, reason in (
        ("1: 11", "row 1", "must be a count 0-10"),
        ("1: x", "row 1", "must be a count 0-10"),
        ("penalties: 5", "penalties", "0-4"),
        ("1: 10\n2: 10\n3: 10\n4: 10\n5: 10", "sheet", "would have ended the game a round"),
    ):
        error = sheet_error_quick(game, text)
        assert error.area == area and reason in str(error)
    assert game_of("clickety-clack(side=B)").score_quick("1: 7\n2: 7\n3: 7\n4: 7\n5: 7").total


def sheet_error_quick(game: ClicketyClackGame, text: str) -> SheetError:
    with pytest.raises(SheetError) as info:
        game.score_quick(text)
    return info.value


def test_the_quick_count_scores_finished_games_like_the_engine() -> None:
    for seed in range(40):
        game = game_of(f"clickety-clack(side={'AB'[seed % 2]})", players=2 + seed % 3)
        state = random_game(game, seed)
        for seat in range(game.num_players):
            counts = [f"{row}: {len(n)}" for row, n in enumerate(state.rows(seat), 1)]
            text = "\n".join([*counts, f"penalties: {state.penalties(seat)}"])
            assert game.score_quick(text).total == state.score(seat)
            assert game.score_sheet(write_board(state.rows(seat), state.penalties(seat))).total == (
                state.score(seat)
            )
