"""Clickety Clack notation: every action code prints and parses back; bad text says what to write.

Notation (``clickbox.games.clickety.actions``): ``6+5>3`` takes a 6, clicks it onto a 5 and
writes 11 in row 3 (rulebook, "How to Play": "She takes a 6 from the dice pool and clicks it onto
a 5. She announces the sum out loud: '11'"); ``x`` is a failed roll; ``x6`` is the second
failure of a turn, taking a 6; ``r4`` is the chance event "a die of the pool rolls 4".
"""

from __future__ import annotations

import random

import pytest

from clickbox.core import CHANCE, InvalidActionError, play
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame, ClicketyClackState
from clickbox.games.clickety import actions as A


def new_game(spec: str = "clickety-clack", players: int = 2) -> ClicketyClackGame:
    game = load(spec, players=players)
    assert isinstance(game, ClicketyClackGame)
    return game


def all_codes() -> list[int]:
    """Every action code of the game: x, x1..x6, r1..r6 and the 6*6*5 clicks."""
    codes = [A.FAIL, *range(1, 7), *(A.roll(face) for face in range(1, 7))]
    codes += [
        A.click(take, onto, row)
        for take in range(1, 7)
        for onto in range(1, 7)
        for row in range(1, 6)
    ]
    return codes


def test_there_are_193_action_codes_and_all_are_distinct() -> None:
    codes = all_codes()
    assert len(codes) == 1 + 6 + 6 + 6 * 6 * 5 == 193
    assert len(set(codes)) == len(codes)
    assert all(A.is_valid_code(code) for code in codes)


def test_no_other_code_is_valid() -> None:
    valid = set(all_codes())
    for code in range(-20, 1100):
        assert A.is_valid_code(code) == (code in valid), code


@pytest.mark.parametrize("code", all_codes())
def test_every_code_round_trips(code: int) -> None:
    game = new_game()
    text = game.action_to_string(code)
    assert game.parse_action(text) == code
    assert A.parse(A.to_string(code)) == code
    # the printed form is canonical: printing the parsed text gives the same text
    assert game.action_to_string(game.parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("6+5>3", A.click(6, 5, 3)),
        ("1+1>1", A.click(1, 1, 1)),
        ("6+6>5", A.click(6, 6, 5)),
        ("x", A.FAIL),
        ("x6", A.take_after_fail(6)),
        ("x1", A.take_after_fail(1)),
        ("r1", A.roll(1)),
        ("r6", A.roll(6)),
    ],
)
def test_notation_examples(text: str, code: int) -> None:
    game = new_game()
    assert game.parse_action(text) == code
    assert game.action_to_string(code) == text


@pytest.mark.parametrize("text", [" 6 + 5 > 3 ", "6+5>3\n", "X", " x 6", "X6", "R4", "r 4"])
def test_spaces_and_case_are_ignored(text: str) -> None:
    game = new_game()
    compact = "".join(text.split()).lower()
    assert game.action_to_string(game.parse_action(text)) == compact


def test_vera_click_is_described_with_its_sum() -> None:
    """Rulebook: Vera "takes a 6 from the dice pool and clicks it onto a 5 ... '11'"."""
    game = new_game()
    code = game.parse_action("6+5>3")
    assert A.decode_click(code) == (6, 5, 3)
    assert game.describe_action(code) == "6+5>3: clicks 6 onto 5, writes 11 in row 3"
    assert "failed roll" in game.describe_action(A.FAIL)
    assert "takes a 6 and writes nothing" in game.describe_action(A.take_after_fail(6))
    assert game.describe_action(A.roll(4)) == "a die rolls 4"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "6+5",  # no row
        "6+5>",  # no row
        "6+5>0",  # rows are 1-5
        "6+5>6",
        "7+5>3",  # dice show 1-6
        "6+0>3",
        "6-5>3",
        "6+5<3",
        "65>3",
        "6+5>3>1",
        "x0",
        "x7",
        "xx",
        "x66",
        "r0",
        "r7",
        "r",
        "11>3",
        "roll 6",
    ],
)
def test_bad_text_names_the_expected_format(text: str) -> None:
    game = new_game()
    with pytest.raises(InvalidActionError) as info:
        game.parse_action(text)
    message = str(info.value)
    assert "is not a Clickety Clack action" in message
    assert "TAKE+ONTO>ROW" in message
    assert "x for a failed roll" in message
    assert "xFACE" in message


def test_bad_text_through_play_leaves_the_state_untouched() -> None:
    game = new_game()
    state = game.new_initial_state()
    for face in (6, 5, 3, 2, 1):
        play(state, f"r{face}")
    before = state.view(None)
    with pytest.raises(InvalidActionError, match="TAKE\\+ONTO>ROW"):
        play(state, "6 onto 5 in row 3")
    assert state.view(None) == before


def _random_positions(game: ClicketyClackGame, seed: int) -> list[ClicketyClackState]:
    """States met in one random game (a copy of each decision point)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(rng.choice(state.legal_actions()))
            continue
        seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize(
    ("spec", "players"), [("clickety-clack", 2), ("clickety-clack(side=B)", 4)]
)
def test_legal_actions_in_play_round_trip(spec: str, players: int) -> None:
    """Every legal action of every position met in a game prints and parses back to itself."""
    game = new_game(spec, players)
    for state in _random_positions(game, seed=players):
        legal = state.legal_actions()
        texts = [game.action_to_string(a) for a in legal]
        assert len(set(texts)) == len(texts)
        assert [game.parse_action(t) for t in texts] == legal
        assert state.view(state.current_player())["legal"] == texts
