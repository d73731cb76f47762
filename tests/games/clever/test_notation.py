"""That's Pretty Clever notation: every action code prints and parses back; bad text says what to
write.

Notation (``clickbox.games.clever.actions``): ``w>B7`` picks (or, passive, takes) the
white die and writes it as blue 7; ``y>Y13`` the yellow die on row 1, column 3; ``g>G``, ``o>O``,
``p>P`` the next green, orange, purple box; ``+w>P`` an extra die (+1); ``X:Y13``, ``X:B7``,
``X:G`` a cross bonus; ``6:O``, ``6:P`` the round-4 black 6; ``y>-`` an unusable die put aside;
``reroll``; ``forfeit`` (option forfeit_rolls); ``done``; chance: ``r4`` (the next die rolls 4),
``near:w`` (solo platter ties).
"""

from __future__ import annotations

import pytest

from clickbox.core import InvalidActionError
from clickbox.games.clever import actions as A
from clickbox.games.clever.board import (
    BLUE_BASE,
    GREEN_TARGET,
    ORANGE_TARGET,
    PURPLE_TARGET,
    TARGETS,
    target_name,
)

from .helpers import new_game


def all_codes() -> list[int]:
    """Every action code: picks and extra dice (6 dice x 30 targets), bonuses, waste, done,
    reroll, forfeit, rolls and the solo tie outcomes."""
    picks = [A.pick(die, target) for die in range(6) for target in range(TARGETS)]
    return [
        *picks,
        *(A.extra(die, target) for die in range(6) for target in range(TARGETS)),
        *(A.bonus(target) for target in range(TARGETS)),
        *(A.waste(die) for die in range(6)),
        A.DONE,
        A.REROLL,
        A.FORFEIT,
        *(A.roll(face) for face in range(1, 7)),
        *(A.nearest(die) for die in range(6)),
    ]


def test_there_are_411_action_codes_and_all_are_distinct() -> None:
    codes = all_codes()
    assert len(codes) == 180 + 180 + 30 + 6 + 1 + 1 + 1 + 6 + 6 == 411
    assert len(set(codes)) == len(codes)
    assert all(A.is_valid_code(code) for code in codes)


def test_no_other_code_is_valid() -> None:
    valid = set(all_codes())
    for code in range(-20, 3000):
        assert A.is_valid_code(code) == (code in valid), code


@pytest.mark.parametrize("code", all_codes(), ids=lambda code: A.to_string(code))
def test_every_code_round_trips(code: int) -> None:
    game = new_game()
    text = game.action_to_string(code)
    assert game.parse_action(text) == code
    assert game.action_to_string(game.parse_action(text)) == text  # the printed form is canonical
    assert game.parse_action(f"  {text.lower()} ") == code  # case and spaces are ignored
    assert game.describe_action(code)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("w>B7", A.pick(5, BLUE_BASE + 7)),
        ("y>Y13", A.pick(0, 2)),
        ("Y>y44", A.pick(0, 15)),
        ("b > B12", A.pick(1, BLUE_BASE + 12)),
        ("g>G", A.pick(2, GREEN_TARGET)),
        ("o>O", A.pick(3, ORANGE_TARGET)),
        ("p>P", A.pick(4, PURPLE_TARGET)),
        ("+w>P", A.extra(5, PURPLE_TARGET)),
        ("+ g > G", A.extra(2, GREEN_TARGET)),
        ("X:Y13", A.bonus(2)),
        ("x:b7", A.bonus(BLUE_BASE + 7)),
        ("X:G", A.bonus(GREEN_TARGET)),
        ("6:O", A.bonus(ORANGE_TARGET)),
        ("6:P", A.bonus(PURPLE_TARGET)),
        ("y>-", A.waste(0)),
        ("reroll", A.REROLL),
        ("forfeit", A.FORFEIT),
        ("done", A.DONE),
        ("pass", A.DONE),
        ("-", A.DONE),
        ("r4", A.roll(4)),
        ("near:w", A.nearest(5)),
        ("NEAR : y", A.nearest(0)),
    ],
)
def test_notation_examples(text: str, code: int) -> None:
    """The table of ``actions.py``: ``w>B7`` is ``100 * (die + 1) + target`` and so on."""
    assert A.parse(text) == code


def test_targets_are_named_as_on_the_sheet() -> None:
    """Yellow row and column from 1, from the top left; blue by its sum."""
    assert [target_name(t) for t in (0, 3, 12, 15)] == ["Y11", "Y14", "Y41", "Y44"]
    assert [target_name(BLUE_BASE + s) for s in (2, 7, 12)] == ["B2", "B7", "B12"]
    assert [target_name(t) for t in (GREEN_TARGET, ORANGE_TARGET, PURPLE_TARGET)] == ["G", "O", "P"]


GENERAL = (
    "is not a move of That's Pretty Clever: write a die and a target like w>B7, y>Y13, g>G (+ in "
    "front for an extra die: +o>O), a bonus like X:Y13 or 6:P, y>- to put an unusable die aside, "
    "reroll, forfeit, or done"
)
BONUS = (
    "a bonus crosses a yellow or blue cell or the green box (X:Y13, X:B7, X:G) or writes the "
    "black 6 in orange or purple (6:O, 6:P)"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", GENERAL),
        ("   ", GENERAL),
        ("hello", GENERAL),
        ("w>", GENERAL),
        ("w>B1", GENERAL),
        ("w>B13", GENERAL),
        ("w>Y15", GENERAL),
        ("w>Y51", GENERAL),
        ("w>Y1", GENERAL),
        ("z>G", GENERAL),
        ("w>Q", GENERAL),
        ("w:B7", GENERAL),
        ("+reroll", GENERAL),
        ("+done", GENERAL),
        ("+forfeit", GENERAL),
        ("+X:Y11", GENERAL),
        ("+y>-", GENERAL),
        ("++w>P", GENERAL),
        ("X:", GENERAL),
        ("r0", GENERAL),
        ("r7", GENERAL),
        ("r", GENERAL),
        ("near:x", GENERAL),
        ("y>-7", GENERAL),
        ("X:O", BONUS),
        ("X:P", BONUS),
        ("6:Y11", BONUS),
        ("6:B7", BONUS),
        ("6:G", BONUS),
    ],
)
def test_bad_notation_says_what_to_write(text: str, expected: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        new_game().parse_action(text)
    message = str(info.value)
    assert message.startswith(repr(text))
    assert expected in message


@pytest.mark.parametrize("code", [-1, 0, 99, 130, 630, 730, 806, 899, 901, 911, 1730, 2000, 2007])
def test_printing_a_code_that_is_no_action(code: int) -> None:
    with pytest.raises(InvalidActionError, match=f"{code} is not an action code of That's Pretty"):
        A.to_string(code)


def test_descriptions_in_words() -> None:
    game = new_game()
    assert game.describe_action(A.parse("w>B7")) == "white die → blue 7"
    assert game.describe_action(A.parse("y>Y13")) == "yellow die → yellow 5 (row 1, column 3)"
    assert game.describe_action(A.parse("+g>G")) == "extra die: green die → green"
    assert game.describe_action(A.parse("X:B7")) == "bonus: cross blue 7"
    assert game.describe_action(A.parse("6:P")) == "bonus: write 6 in purple"
    assert game.describe_action(A.parse("o>-")) == "orange die onto a die space, nothing written"
    assert game.describe_action(A.parse("near:w")) == (
        "dice tied for the silver platter: chance puts the white die on it"
    )
    assert game.describe_action(A.parse("r4")) == "a die rolls 4"
