"""Click Clack notation: every action code prints and parses back; bad text says what to write.

Notation (``clickbox.games.clack.actions``): ``frog2`` (your squirrel to hole 3 of the Frog
section), ``stay``, ``freddy:snail``, ``cw``/``ccw``, ``noturn``; chance ``roll:beetle``,
``roll:freddy``, ``hide:1h3f`` (a column of the layout), ``hide:-``.
"""

from __future__ import annotations

import pytest

from clickbox.core import InvalidActionError
from clickbox.games.clack import actions as A

from .helpers import new_game


def all_codes() -> list[int]:
    return [
        *range(16),
        A.STAY,
        *range(A.FREDDY_BASE, A.FREDDY_BASE + 4),
        A.CW,
        A.CCW,
        A.NOTURN,
        *range(A.ROLL_BASE, A.ROLL_BASE + 5),
        *range(A.HIDE_BASE, A.HIDE_END),
    ]


def test_every_code_round_trips() -> None:
    game = new_game()
    texts = set()
    for code in all_codes():
        text = game.action_to_string(code)
        assert game.parse_action(text) == code, text
        assert game.parse_action(f"  {text.upper()} ") == code
        assert game.describe_action(code)
        texts.add(text)
    assert len(texts) == len(all_codes())


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("frog0", 0),
        ("butterfly3", 7),
        ("beetle2", 14),
        ("stay", A.STAY),
        ("freddy:snail", A.FREDDY_BASE + 2),
        ("cw", A.CW),
        ("ccw", A.CCW),
        ("noturn", A.NOTURN),
        ("roll:freddy", A.ROLL_BASE + 4),
        ("hide:-", A.HIDE_BASE),
        ("hide:1h3f", A.hide({1: 0, 3: 3})),
    ],
)
def test_examples(text: str, code: int) -> None:
    assert A.parse(text) == code and A.to_string(code) == text


@pytest.mark.parametrize(
    "text", ["", "frog4", "frog", "toad1", "freddy:", "freddy:trunk", "hide:3h1f", "hide:1h1b", "x"]
)
def test_bad_text_is_refused_saying_why(text: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        A.parse(text)
    assert str(info.value)


def test_no_turn_has_a_spelling_with_a_hyphen() -> None:
    assert A.parse("no-turn") == A.parse("No Turn") == A.NOTURN
    assert A.describe(A.NOTURN) == "leave the board as it is (no turn)"


@pytest.mark.parametrize("code", [-1, 17, 24, 33, 45, 599, A.HIDE_END])
def test_codes_that_are_no_action(code: int) -> None:
    with pytest.raises(InvalidActionError):
        A.to_string(code)
