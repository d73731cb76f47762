"""Illegal and malformed input through the checked path (``clickbox.core.play`` / ``check``).

Every refusal raises an error that says why, in the words of the rules, and leaves the state
exactly as it was: the same ``state_id`` and the same view for every seat and for spectators.
"""

from __future__ import annotations

import random

import pytest

from clickbox.core import (
    CHANCE,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    check,
    play,
    sample_chance,
)
from clickbox.games.clever import CleverState
from clickbox.games.clever import actions as A
from clickbox.games.clever.board import BLUE_BASE
from tests.checks import refused, snapshot

from .helpers import dice, fill, finish, new_state, prepare, roll, three_picks


def rolled(players: int = 1, faces: str = "y3 b4 g2 o6 p1 w5") -> CleverState:
    state = new_state(players)
    roll(state, faces)
    return state


# -- the active player's picks ---------------------------------------------------------------------


def test_a_die_that_is_not_in_the_roll() -> None:
    """ "Every die showing a lower value than the chosen die goes onto the silver platter: the
    active player can no longer use it."""
    state = rolled()
    play(state, "b>B9")  # yellow 3, green 2 and purple 1 go to the platter
    roll(state, "o6 w5")
    refused(
        state, "y>Y11", "the yellow die is on the silver platter, not in the roll (orange, white)"
    )
    refused(state, "b>B11", "the blue die is on the active player's die spaces, not in the roll")


def test_a_yellow_cell_of_another_number() -> None:
    state = rolled()
    refused(state, "y>Y12", "the yellow die shows 3, but yellow row 1, column 2 is a 6")


def test_a_yellow_cell_crossed_already() -> None:
    state = new_state()
    prepare(state.sheet(0), yellow="Y11")
    roll(state, dice(y=3))
    refused(state, "y>Y11", "yellow row 1, column 1 is crossed already")
    refused(state, "w>Y14", "yellow row 1, column 4 is crossed already (printed X)")


def test_blue_is_always_blue_plus_white() -> None:
    """ "In the blue area, never write a die on its own: always the sum of blue and white"."""
    state = rolled()
    refused(state, "b>B4", "blue always writes blue + white = 4 + 5 = 9, not 4")
    refused(state, "w>B5", "blue always writes blue + white = 4 + 5 = 9, not 5")


def test_a_blue_cell_crossed_already() -> None:
    state = new_state()
    prepare(state.sheet(0), blue=[9])
    roll(state, "y3 b4 g2 o6 p1 w5")
    refused(state, "b>B9", "blue 9 is crossed already")


def test_the_green_threshold() -> None:
    """ "the die must be at least the number in the box"."""
    state = rolled()
    prepare(state.sheet(0), green=2)
    refused(state, "g>G", "the next green box (box 3) needs at least 3, and the green die shows 2")


def test_purple_not_higher() -> None:
    """ "each number must be higher than the previous one, except after a 6"."""
    state = new_state()
    prepare(state.sheet(0), purple=(4,))
    roll(state, "y3 b4 g2 o6 p4 w5")
    refused(state, "p>P", "purple must go higher than the last number, 4 (anything goes only after")


def test_full_areas() -> None:
    state = new_state()
    fill(state.sheet(0))
    roll(state, dice(g=6, o=6, p=6))
    refused(state, "g>G", "every green box is crossed")
    refused(state, "o>O", "every orange box is filled")
    refused(state, "p>P", "every purple box is filled")


def test_a_die_in_another_colours_area() -> None:
    """ "writes it in the area of its colour. The white die stands for the colour of your choice."""
    state = rolled()
    refused(state, "o>P", "the orange die is written in the orange area only (only the white die")


def test_the_active_player_must_pick() -> None:
    state = rolled()
    refused(state, "done", "seat 0 is the active player and must pick a die of the roll")
    refused(state, "X:Y11", "there is no bonus to resolve now")
    refused(state, "+y>Y11", "a +1 (extra die) is used at the end of the turn, after the picks")
    refused(state, "y>-", "the yellow die can be written, so it cannot be put aside")


def test_no_reroll_left() -> None:
    state = rolled()
    play(state, "reroll")
    roll(state, "y3 b4 g2 o6 p1 w5")
    refused(state, "reroll", "seat 0 has no reroll left (1 circled, 1 used)")


# -- turns and chance ------------------------------------------------------------------------------


def test_not_your_turn() -> None:
    state = rolled(players=3)
    refused(state, "y>Y11", "it is not seat 1's turn: seat 0 is to move", NotYourTurnError, seat=1)
    fresh = new_state(3)
    refused(
        fresh,
        "r3",
        "it is not seat 0's turn: chance (dice to roll) is to move",
        NotYourTurnError,
        0,
    )


def test_a_move_while_the_dice_are_rolling() -> None:
    state = new_state()
    refused(state, "y>Y11", "dice are being rolled: the yellow die rolls next (r1..r6), not y>Y11")
    roll(state, "y1 b1")
    refused(state, "done", "the green die rolls next")
    refused(state, "near:w", "no dice are tied for the platter: the green die rolls next")


def test_a_chance_outcome_at_a_decision() -> None:
    state = rolled()
    refused(state, "r4", "r4 is a chance outcome, but seat 0 is to decide now")


def test_the_game_is_over() -> None:
    state = new_state()
    fill(state.sheet(0))
    finish(state)
    refused(state, "done", "the game is over", GameOverError)
    refused(state, "r1", "the game is over", GameOverError)


# -- bonuses, passive players, extra dice ----------------------------------------------------------


def test_a_pending_bonus_comes_first() -> None:
    """ "triggers it at once": nothing else until the bonus is resolved."""
    state = new_state()
    prepare(state.sheet(0), yellow="Y12 Y13", blue=[4])
    roll(state, dice(y=3))
    play(state, "y>Y11")  # blue X
    refused(state, "b>B2", "seat 0 must first resolve the blue X bonus: cross any open blue cell")
    refused(state, "X:Y21", "the blue X bonus must cross any open blue cell (X:B2 ... X:B12)")
    refused(state, "X:B4", "blue 4 is crossed already")
    refused(state, "X:G", "the blue X bonus must cross any open blue cell")
    play(state, "X:B5")


def test_black_bonus_on_a_full_area() -> None:
    state = new_state()
    fill(state.sheet(0)).yellow &= ~3  # only Y11 and Y12 open: the black X has a choice
    while state.round < 4:
        play(state, state.legal_actions()[0])
    refused(state, "6:O", "every orange box is filled")
    refused(state, "X:G", "every green box is crossed")
    refused(state, "y>Y11", "seat 0 must first resolve the black X or 6 bonus")


def test_passive_mistakes() -> None:
    """ "choose one die from the silver platter"; "they cannot skip the platter on purpose"."""
    state = new_state(2)
    three_picks(state)  # platter: blue, orange, white (3s); spaces: yellow 1, green 2, purple 3
    refused(state, "y>Y22", "a passive player takes one of those only when no platter die")
    refused(state, "done", "seat 1 can use a die and must take one (for example b>B6)")
    refused(state, "reroll", "only the active player rerolls")
    refused(state, "+o>O", "a +1 (extra die) comes after taking a die from the silver platter")
    refused(state, "o>-", "only the active player puts an unusable die aside")
    refused(state, "b>B3", "blue always writes blue + white = 3 + 3 = 6, not 3")


def test_solo_take_from_the_three_lowest_only() -> None:
    state = new_state()
    roll(state, dice(o=6))
    play(state, "o>O")
    roll(state, "y4 b6 g1 o2 p5 w3")
    refused(state, "b>B9", "the blue die is not on the silver platter (green, orange, white)")


def test_extra_die_mistakes() -> None:
    """ "each die only once per turn"."""
    state = new_state()
    prepare(state.sheet(0), plus_ones=(2, 0))
    three_picks(state)
    play(state, "+o>O")
    refused(state, "+o>O", "the orange die has been used by a +1 this turn already (once per die)")
    refused(state, "o>O", "seat 0 is at the end of the turn: an extra die (+1) like")
    refused(state, "+p>P", "purple must go higher than the last number, 3")


# -- malformed input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "phrase"),
    [
        ("", "is not a move of That's Pretty Clever: write a die and a target like w>B7"),
        ("hello", "is not a move of That's Pretty Clever"),
        ("w>B13", "like w>B7, y>Y13, g>G"),
        ("y>Y15", "like w>B7, y>Y13, g>G"),
        ("6:Y11", "a bonus crosses a yellow or blue cell or the green box (X:Y13"),
        ("X:O", "or writes the black 6 in orange or purple (6:O, 6:P)"),
        ("+reroll", "(+ in front for an extra die: +o>O)"),
        ("r7", "is not a move of That's Pretty Clever"),
    ],
)
def test_malformed_text(move: str, phrase: str) -> None:
    state = rolled()
    refused(state, move, phrase, InvalidActionError)


@pytest.mark.parametrize(
    ("value", "phrase"),
    [
        (5, "5 is not an action code of That's Pretty Clever"),
        (699, "699 is not an action code"),
        (-1, "-1 is not an action code"),
        (2.5, "an action is notation text or an action code, not float"),
        (True, "an action is notation text or an action code, not bool"),
        (None, "not NoneType"),
    ],
)
def test_not_an_action(value: object, phrase: str) -> None:
    state = rolled()
    refused(state, value, phrase, InvalidActionError)  # type: ignore[arg-type]


def test_check_never_changes_the_state() -> None:
    """``check`` is the dry run of ``play``: the legal code back, the state untouched."""
    state = rolled()
    before = snapshot(state)
    assert check(state, "b>B9", 0) == A.pick(1, BLUE_BASE + 9)
    assert snapshot(state) == before
    with pytest.raises(IllegalActionError):
        check(state, "b>B4", 0)
    assert snapshot(state) == before


def test_every_refusal_in_random_games_says_why_and_changes_nothing() -> None:
    """Any code that is not legal, at positions of random games: a reason that is not the generic
    one, and no change."""
    codes = [code for code in range(2200) if A.is_valid_code(code)]
    rng = random.Random(2)
    for players in (1, 3):
        state = new_state(players)
        step = 0
        while not state.is_terminal():
            if step % 11 == 0:
                before = snapshot(state)
                legal = set(state.legal_actions())
                for code in rng.sample(codes, 60):
                    if code in legal:
                        continue
                    with pytest.raises(IllegalActionError) as info:
                        play(state, code)
                    assert "not among the legal actions" not in str(info.value)
                assert snapshot(state) == before
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            step += 1
