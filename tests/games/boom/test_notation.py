"""Click Click Boom notation: every action code prints and parses back; bad text says what to
write.

Notation (``clickbox.games.boom.actions``): ``L2:boom`` (the left neighbour takes card
2 of the current player's hand, as the other players see it, claiming BOOM), ``R0`` (the right
neighbour, no claim), ``R=`` (Advanced: the same card); ``left``/``right`` at the showdown
(``trust``/``chance`` in the stand-off); ``pass:unrevealed``/``pass:random``; abilities ``swap:3``,
``peek``, ``force:2:left``, ``ask:left``, ``save``, ``loot``, or ``skip``; ``char:felix``; chance:
``draw:3``, ``deal:felix``, ``tie:2``.
"""

from __future__ import annotations

import re

import pytest

from clickbox.core import InvalidActionError
from clickbox.games.boom import actions as A

from .helpers import new_game


def all_codes() -> list[int]:
    """Every action code: left picks (6 cards x 5 claims), right picks (the same, and R= with each
    claim), the showdown, the passing, the abilities, the characters and the chance outcomes."""
    return [
        *(A.pick(0, index, claim) for index in range(6) for claim in range(5)),
        *(A.pick(1, index, claim) for index in range(6) for claim in range(5)),
        *(A.same(claim) for claim in range(5)),
        A.CHOOSE_LEFT,
        A.CHOOSE_RIGHT,
        A.PASS_UNREVEALED,
        A.PASS_RANDOM,
        A.SKIP,
        A.PEEK,
        A.SAVE,
        A.LOOT,
        A.ASK_LEFT,
        A.ASK_RIGHT,
        *(A.swap(seat) for seat in range(6)),
        *(A.force(seat, side) for seat in range(6) for side in range(2)),
        *(A.char(character) for character in range(6)),
        *(A.draw(index) for index in range(6)),
        *(A.deal(character) for character in range(6)),
        *(A.tie(seat) for seat in range(6)),
    ]


def test_there_are_117_action_codes_and_all_are_distinct() -> None:
    codes = all_codes()
    assert len(codes) == 30 + 30 + 5 + 10 + 6 + 12 + 6 + 6 + 6 + 6 == 117
    assert len(set(codes)) == len(codes)
    assert all(A.is_valid_code(code) for code in codes)


def test_no_other_code_is_valid() -> None:
    valid = set(all_codes())
    for code in range(-20, 3000):
        assert A.is_valid_code(code) == (code in valid), code


@pytest.mark.parametrize("code", all_codes(), ids=A.to_string)
def test_every_code_round_trips(code: int) -> None:
    game = new_game()
    text = game.action_to_string(code)
    assert game.parse_action(text) == code
    assert game.action_to_string(game.parse_action(text)) == text  # the printed form is canonical
    assert game.parse_action(f"  {text.upper()} ") == code  # case and spaces are ignored
    assert game.parse_action(text.replace(":", " : ")) == code
    assert game.describe_action(code)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("L2:boom", 100 + 20 + 4),
        ("L2", 120),
        ("L2:none", 120),
        ("l 2 : BOOM", 124),
        ("L0:pay", 101),
        ("R0", 200),
        ("R5:steal", 252),
        ("R4:click", 243),
        ("R=", 260),
        ("R=:steal", 262),
        ("left", A.CHOOSE_LEFT),
        ("trust", A.CHOOSE_LEFT),
        ("right", A.CHOOSE_RIGHT),
        ("chance", A.CHOOSE_RIGHT),
        ("pass:unrevealed", 20),
        ("pass : random", 21),
        ("skip", 30),
        ("peek", 31),
        ("save", 32),
        ("loot", 33),
        ("ask:left", 34),
        ("ask:right", 35),
        ("swap:3", 43),
        ("force:2:left", 54),
        ("force:2:right", 55),
        ("char:felix", 73),
        ("char:Felix Fox", 73),
        ("deal:jill", 1105),
        ("deal:JillJackrabbit", 1105),
        ("draw:3", 1003),
        ("tie:2", 1202),
    ],
)
def test_notation_examples(text: str, code: int) -> None:
    """The table of ``actions.py``: ``L2:boom`` is ``100 + 10*i + c``, ``R=`` is ``260 + c`` and so
    on; claims 0 none, 1 pay, 2 steal, 3 click, 4 boom."""
    assert A.parse(text) == code


GENERAL = (
    "is not a move of Click Click Boom: pick a card like L2:boom, R0 or R= (index into the hand as "
    "shown, optional claim none/pay/steal/click/boom), choose left or right, pass:unrevealed or "
    "pass:random, an ability (peek, save, loot, ask:left, swap:3, force:2:left) or skip, or "
    "char:NAME"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", GENERAL),
        ("   ", GENERAL),
        ("hello", GENERAL),
        ("L", GENERAL),
        ("L-1", GENERAL),
        ("L10", GENERAL),
        ("X2", GENERAL),
        ("L2:bomb", GENERAL),
        ("L2:", GENERAL),
        ("R==", GENERAL),
        ("L=", GENERAL),
        ("pass", GENERAL),
        ("pass:left", GENERAL),
        ("ask", GENERAL),
        ("ask:up", GENERAL),
        ("swap", GENERAL),
        ("swap:a", GENERAL),
        ("force:2", GENERAL),
        ("force:2:up", GENERAL),
        ("draw", GENERAL),
        ("tie:x", GENERAL),
        ("L6", "a hand holds at most six cards: the card index is 0..5"),
        ("R9:pay", "a hand holds at most six cards: the card index is 0..5"),
        ("swap:6", "seats are 0..5"),
        ("force:7:left", "seats are 0..5"),
        ("tie:6", "seats are 0..5"),
        ("draw:6", "a hand card index is 0..5"),
        ("char:zorro", "no character 'zorro'; the characters are carla, brandon, heather, felix"),
        ("deal:bob", "no character 'bob'"),
    ],
)
def test_bad_notation_says_what_to_write(text: str, expected: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        new_game().parse_action(text)
    message = str(info.value)
    assert message.startswith(repr(text))
    assert expected in message


@pytest.mark.parametrize(
    "code", [-1, 0, 9, 12, 22, 29, 36, 46, 62, 76, 99, 105, 160, 266, 300, 1006, 1106, 1206]
)
def test_printing_a_code_that_is_no_action(code: int) -> None:
    with pytest.raises(
        InvalidActionError, match=f"^{code} is not an action code of Click Click Boom"
    ):
        A.to_string(code)


def test_a_pick_as_the_current_player_sees_it() -> None:
    """boom-hands: the current player sees the claim, never the card's place in the hand."""
    assert A.hidden_pick(A.parse("L2:boom")) == "L?:boom"
    assert A.hidden_pick(A.parse("R5")) == "R?"
    assert A.hidden_pick(A.parse("R=:pay")) == "R=:pay"
    for code in all_codes():
        if A.is_pick(code):
            assert not re.search(r"[0-9]", A.hidden_pick(code))


def test_descriptions_in_words() -> None:
    game = new_game()
    assert (
        game.describe_action(A.parse("L2:boom"))
        == 'pick hand card 3 as the left card, saying "BOOM"'
    )
    assert (
        game.describe_action(A.parse("R0")) == "pick hand card 1 as the right card, saying nothing"
    )
    assert game.describe_action(A.parse("R=:steal")) == (
        'pick the same card as the left neighbour, saying "Click: 2 Stolen"'
    )
    assert game.describe_action(A.parse("left")) == "reveal the left card"
    assert game.describe_action(A.parse("pass:random")) == "pass a random card from the hand"
    assert game.describe_action(A.parse("swap:3")) == "Felix: swap hands with seat 4"
    assert (
        game.describe_action(A.parse("force:2:left")) == "Brandon: seat 3 must reveal its left card"
    )
    assert game.describe_action(A.parse("char:jill")) == "choose Jill Jackrabbit"
    assert game.describe_action(A.parse("deal:rory")) == "the next seat is dealt Rory Raccoon"
    assert game.describe_action(A.parse("draw:3")) == "hand card 4 is drawn at random"
    assert game.describe_action(A.parse("tie:1")) == "the final draw goes to seat 2"
