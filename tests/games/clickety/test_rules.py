"""Clickety Clack rules, one test (or a few) per rule of the rulebook (``shared/rules/000``).

Turns, failed rolls, rounds, the end of the game and scoring, each checked through the checked
entry point ``clickbox.core.play`` with scripted dice (``r<face>`` is one die of the pool rolling
``face``). Long positions are built from a view with ``ClicketyClackGame.state_from_view``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from clickbox.core import (
    CHANCE,
    TERMINAL,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    play,
)
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame, ClicketyClackState, Termination
from clickbox.games.clickety.board import POINTS_A
from clickbox.games.clickety.rules import allowed_mask, refusal

# -- helpers ---------------------------------------------------------------------------------------


def new_game(
    spec: str = "clickety-clack",
    players: int = 2,
    options: dict[str, object] | None = None,
) -> ClicketyClackGame:
    game = load(spec, players=players, options=options)
    assert isinstance(game, ClicketyClackGame)
    return game


def run(state: ClicketyClackState, script: str) -> None:
    """Play each whitespace-separated move of ``script`` through the checked entry point."""
    for move in script.split():
        play(state, move)


def rolled(
    spec: str = "clickety-clack", players: int = 2, faces: str = "6 5 3 2 1"
) -> ClicketyClackState:
    """A new game whose first pool shows ``faces`` (seat 0 to move)."""
    state = new_game(spec, players).new_initial_state()
    run(state, " ".join(f"r{face}" for face in faces.split()))
    return state


def position(
    game: ClicketyClackGame,
    rows: Sequence[Sequence[tuple[int, ...]]] | None = None,
    penalties: list[int] | None = None,
    pool: tuple[int, ...] = (),
    dice_to_roll: int = 0,
    turn: int = 0,
    starter: int = 0,
    dice_taken: int = 0,
    round_: int = 1,
) -> ClicketyClackState:
    """A position built the way ``state_from_view`` reads it (rows must be legal)."""
    n = game.num_players
    view: dict[str, Any] = game.new_initial_state().view(None)
    rows = rows or [[()] * 5 for _ in range(n)]
    penalties = penalties or [0] * n
    for seat in range(n):
        for r, row in enumerate(rows[seat]):
            for i, total in enumerate(row):
                why = refusal(game.row_rules[r], row[:i], total, game.row5)
                assert why is None, f"seat {seat} row {r + 1}: {row} is not legal ({why})"
        view["boards"][seat]["rows"] = [list(row) for row in rows[seat]]
        view["boards"][seat]["penalties"] = penalties[seat]
    view.update(
        pool=list(pool),
        dice_to_roll=dice_to_roll,
        turn=turn,
        starter=starter,
        dice_taken=dice_taken,
        round=round_,
        failed_this_turn=False,
        to_move="chance" if dice_to_roll else turn,
    )
    state = game.state_from_view(view, random.Random(0))
    assert state.dice_to_roll + len(state.pool) + state.dice_taken == game.dice
    return state


def refused(
    state: ClicketyClackState,
    move: str | int,
    phrase: str,
    error: type[Exception] = IllegalActionError,
    seat: int | None = None,
) -> str:
    """``move`` raises ``error`` whose message holds ``phrase``; the state is unchanged."""
    before = state.view(None)
    with pytest.raises(error) as info:
        play(state, move, seat)
    message = str(info.value)
    assert phrase in message, message
    assert state.view(None) == before
    return message


EMPTY: tuple[tuple[int, ...], ...] = ((),) * 5

# -- setup: dice by player count -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dice"), [(2, 5), (3, 7), (4, 9)])
def test_dice_by_player_count(players: int, dice: int) -> None:
    """Setup: "2 players: 5 dice - 3 players: 7 dice - 4 players: all 9 dice"; "At the start of
    the first round, the youngest player receives all the dice" (seat 0) and rolls them all."""
    game = new_game(players=players)
    assert game.dice == dice
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.dice_to_roll == dice
    assert state.pool == ()
    assert (state.round, state.turn, state.starter) == (1, 0, 0)
    assert sorted(p for _, p in state.chance_outcomes()) == [1 / 6] * 6
    for _ in range(dice):
        assert state.current_player() == CHANCE
        play(state, "r4")
    assert state.pool == (4,) * dice
    assert state.current_player() == 0
    for seat in range(players):
        assert state.rows(seat) == EMPTY
        assert state.penalties(seat) == 0


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(OptionError, match="2-4 players"):
        load("clickety-clack", players=players)


def test_dice_are_rolled_one_at_a_time_and_the_pool_is_sorted() -> None:
    state = rolled(faces="6 5 3 2 1")
    assert state.pool == (1, 2, 3, 5, 6)
    assert state.view(None)["log"] == ["r6", "r5", "r3", "r2", "r1"]


# -- a turn ----------------------------------------------------------------------------------------


def test_vera_clicks_a_6_onto_a_5_and_writes_11_in_row_3() -> None:
    """Rulebook: "Vera rolls all the dice. She takes a 6 from the dice pool and clicks it onto a 5.
    She announces the sum out loud: '11'. She places the 6 in front of her." ... "Vera writes the
    '11' in her third row"."""
    state = rolled(faces="6 5 3 2 1")
    assert "6+5>3" in state.view(0)["legal"]
    play(state, "6+5>3")
    assert state.rows(0) == ((), (), (11,), (), ())
    # "Place the first die (the one you took) in front of you. It is no longer part of the dice
    # pool. Leave the second die (the one you clicked onto) in the pool."
    assert state.pool == (1, 2, 3, 5)
    assert state.dice_taken == 1
    # "This ends your turn." ... "the player to your left takes their turn"
    assert state.current_player() == 1
    assert state.rows(1) == EMPTY


def test_write_in_the_leftmost_empty_space() -> None:
    """Rulebook: "write down the sum in its leftmost empty space" — numbers fill a row left to
    right."""
    state = rolled(faces="6 5 3 2 1")
    run(state, "6+5>1 3+2>1 5+1>1")
    assert state.rows(0)[0] == (11, 6)
    assert state.rows(1)[0] == (5,)


def test_the_first_legal_actions() -> None:
    """Any die onto any other die of the pool, in any row whose rule takes the sum; or fail."""
    state = rolled(faces="6 5 3 2 1")
    legal = state.view(0)["legal"]
    # x, 5*4 ordered pairs of distinct dice in the empty rows 1-4, and row 5 only takes a 6
    # (the first pre-printed number): 1+5 and 5+1.
    assert len(legal) == 1 + 20 * 4 + 2
    assert legal[0] == "x"
    assert [a for a in legal if a.endswith(">5")] == ["1+5>5", "5+1>5"]


def test_clicking_a_die_onto_itself_is_impossible() -> None:
    """Rulebook: "click it onto a second die that's still in the pool": a lone 6 can't be clicked
    onto itself."""
    state = rolled(faces="6 5 3 2 1")
    refused(state, "6+6>1", "there is no other die showing 6 in the pool to click onto")
    assert not any(a.startswith("6+6") for a in state.view(0)["legal"])


def test_clicking_onto_a_second_die_of_the_same_face() -> None:
    """With two 6s in the pool, a 6 can be clicked onto the other 6."""
    state = rolled(faces="6 6 3 2 1")
    play(state, "6+6>1")
    assert state.rows(0)[0] == (12,)
    assert state.pool == (1, 2, 3, 6)


def test_taking_or_clicking_onto_a_missing_die() -> None:
    state = rolled(faces="6 5 3 2 1")
    refused(state, "4+5>1", "there is no 4 in the pool")
    refused(state, "6+4>1", "there is no other die showing 4 in the pool to click onto")


def test_a_row_rule_refuses_a_sum_with_its_reason() -> None:
    """Rulebook: "These special rules must be respected at all times. If this is not possible,
    you're not allowed to write down the number in that row"."""
    game = new_game()
    rows = [(6,), (8,), (4,), (5,), (6,)]
    state = position(game, rows=[rows, list(EMPTY)], pool=(1, 2, 3, 5, 6))
    refused(state, "5+1>1", "row 1 (all different) cannot take 6: the row already holds 6")
    refused(
        state,
        "3+2>2",
        "row 2 (ascending) cannot take 5: the row is ascending: the next number must be above 8",
    )
    refused(
        state,
        "6+3>3",
        "row 3 (descending) cannot take 9: the row is descending: the next number must be below 4",
    )
    refused(
        state,
        "6+1>4",
        "row 4 (even/odd alternating) cannot take 7: "
        "the row alternates even and odd: after 5 comes an even number",
    )
    refused(
        state,
        "5+3>5",
        "row 5 (pre-printed numbers) cannot take 8: the next pre-printed number is 9",
    )
    play(state, "6+3>5")
    assert state.rows(0)[4] == (6, 9)


def test_a_b_side_row_rule_refuses_a_sum_with_its_reason() -> None:
    """Rulebook, B side: "This side follows the same rules as the A side, with a few exceptions";
    each row's own rule refuses what it must, and says why."""
    game = new_game("clickety-clack(side=B)")
    rows = [(6, 5), (6, 7), (5,), (5, 8), (6, 9)]
    state = position(game, rows=[rows, list(EMPTY)], pool=(1, 2, 3, 5, 6))
    refused(
        state,
        "6+1>1",
        "row 1 (ascending or descending) cannot take 7: "
        "the row is descending: the next number must be below 5",
    )
    refused(
        state,
        "5+1>2",
        "row 2 (outside the range so far) cannot take 6: the row already holds 6",
    )
    refused(state, "5+1>3", "row 3 (pairs) cannot take 6: 5 must be repeated to make a pair")
    refused(
        state,
        "6+3>4",
        "row 4 (zigzag) cannot take 9: the row zigzags: it went up to 8, "
        "so the next number must be below it",
    )
    refused(
        state,
        "2+1>5",
        "row 5 (2-6 / 8-12) cannot take 3: the row has switched ranges once already",
    )
    refused(state, "6+1>5", "row 5 (2-6 / 8-12) cannot take 7: 7 is never allowed in this row")
    play(state, "3+2>3")
    assert state.rows(0)[2] == (5, 5)


# -- failed rolls ----------------------------------------------------------------------------------


def test_failed_roll_crosses_a_penalty_and_rerolls_the_pool() -> None:
    """Rulebook: "you must cross off the leftmost available failed roll space ... After a failed
    roll, reroll all the dice that are still in the dice pool. Then, carry out your turn as
    usual"."""
    state = rolled(faces="6 5 3 2 1")
    run(state, "6+5>3")  # seat 0
    play(state, "x")  # seat 1 fails
    assert state.penalties(1) == 1
    assert state.score(1) == -1
    assert state.current_player() == CHANCE
    assert state.dice_to_roll == 4  # the dice still in the pool (the 6 is in front of seat 0)
    assert not state.pool
    assert state.turn == 1
    assert state.failed_this_turn
    run(state, "r4 r4 r2 r1")
    # the same player plays on
    assert state.current_player() == 1
    assert state.pool == (1, 2, 4, 4)
    play(state, "4+4>2")
    assert state.rows(1)[1] == (8,)
    assert state.penalties(1) == 1
    assert not state.failed_this_turn
    assert state.current_player() == 0
    assert state.pool == (1, 2, 4)


def test_failing_voluntarily_is_allowed() -> None:
    """Rulebook: "If you can't or don't want to write a number" — x is legal even when a sum
    fits."""
    state = rolled(faces="6 5 3 2 1")
    assert len(state.legal_actions()) > 1
    assert "x" in state.view(0)["legal"]
    play(state, "x")
    assert state.penalties(0) == 1


def test_second_failure_takes_a_die_and_costs_nothing_more() -> None:
    """Rulebook: "If you once again can't or don't want to write down a number, you must still take
    1 die from the pool and place it in front of you. This ends your turn without any further
    penalties"."""
    state = rolled(faces="6 5 3 2 1")
    run(state, "x r6 r6 r2 r2 r1")
    legal = state.view(0)["legal"]
    assert "x" not in legal
    assert [a for a in legal if a.startswith("x")] == ["x1", "x2", "x6"]
    refused(state, "x", "you have already failed once this turn: take a die with x and its face")
    refused(state, "x4", "there is no 4 in the pool")
    play(state, "x6")
    assert state.penalties(0) == 1
    assert state.rows(0) == EMPTY
    assert state.pool == (1, 2, 2, 6)
    assert state.dice_taken == 1
    assert state.current_player() == 1
    assert not state.failed_this_turn


def test_x_and_a_face_is_only_for_a_second_failure() -> None:
    state = rolled(faces="6 5 3 2 1")
    refused(state, "x6", "x and a face is only for a second failure in the same turn; play x")


def test_penalties_are_crossed_left_to_right() -> None:
    """Failed-roll spaces -1, -2, -3, -4, crossed from the left: 2 crossed cost 1 + 2 = 3."""
    state = rolled(faces="6 5 3 2 1")
    run(state, "x r6 r5 r3 r2 r1 6+5>1")
    assert (state.penalties(0), state.score(0)) == (1, 1 - 1)
    run(state, "3+2>1 x r3 r2 r1 x3")
    assert (state.penalties(0), state.score(0)) == (2, 1 - 3)


def test_a_fifth_failure_costs_nothing() -> None:
    """cc-fifth-failure: with the four spaces crossed, a failed roll still rerolls the pool."""
    game = new_game()
    state = position(game, penalties=[4, 0], pool=(1, 2, 3, 5, 6))
    assert state.score(0) == -10
    play(state, "x")
    assert state.penalties(0) == 4
    assert state.score(0) == -10
    assert state.dice_to_roll == 5


# -- rounds ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_round_is_two_dice_per_player_and_the_last_taker_starts_the_next(players: int) -> None:
    """Rulebook: "Continue playing like this until all players have taken 2 dice and there's only 1
    die remaining in the pool. This marks the end of the round. The last player to have taken a die
    from the pool now takes all the dice and rerolls them." ("If you have the dice, it means you're
    the starting player this round": cc-next-starter.)"""
    game = new_game(players=players)
    state = game.new_initial_state()
    starter = 0
    for round_ in (1, 2, 3):
        assert state.round == round_
        assert state.starter == starter
        assert state.turn == starter
        assert state.dice_to_roll == game.dice
        run(state, " ".join(["r1", "r2", "r3", "r4", "r5", "r6", "r1", "r2", "r3"][: game.dice]))
        takers = []
        for taken in range(2 * players):
            assert state.dice_taken == taken
            assert len(state.pool) == game.dice - taken
            seat = state.current_player()
            takers.append(seat)
            # a second-failure take keeps the boards simple: fail, reroll, take a die
            run(state, "x " + " ".join(["r6"] * (game.dice - taken)) + " x6")
            if taken < 2 * players - 1:
                assert state.current_player() == (seat + 1) % players  # clockwise
        # every player took 2 dice, in clockwise order from the starter
        assert takers == [(starter + i) % players for i in range(2 * players)]
        last = takers[-1]
        if state.is_terminal():  # four penalties each: the game ends after round 2
            assert round_ == 2
            return
        assert state.round == round_ + 1
        assert state.starter == last
        assert state.turn == last
        assert state.current_player() == CHANCE
        assert state.pool == ()
        assert state.dice_to_roll == game.dice
        starter = last


def test_one_die_remains_in_the_pool_at_the_end_of_a_round() -> None:
    game = new_game(players=3)
    state = game.new_initial_state()
    run(state, "r1 r2 r3 r4 r5 r6 r6")
    run(state, "6+6>1 5+4>1 3+2>1 6+1>2 4+2>2")
    assert state.pool == (1, 2)
    before = state.round
    play(state, "2+1>2")  # the sixth die: the round ends, the 1 stays and is rerolled
    assert state.round == before + 1
    assert state.starter == 2


# -- the end of the game ---------------------------------------------------------------------------


def andy_rows() -> tuple[tuple[int, ...], ...]:
    """Andy's rows before his last number: 6, 8, 6, 8 and 3 numbers (rulebook examples)."""
    return (
        (4, 7, 2, 10, 9, 8),  # row 1 example; a 7th number scores 12
        (2, 3, 5, 7, 8, 9, 10, 11),  # row 2 example and on: 8 numbers, 15
        (11, 9, 8, 7, 4, 3),  # row 3 example: 6 numbers, a space without value: 0
        (5, 8, 3, 10, 11, 4, 9, 6),  # row 4 example and on: 8 numbers, 20
        (6, 9, 3),  # row 5: 3 numbers, 5
    )


def test_andy_scores_51() -> None:
    """Rulebook: "Andy ended the game because he crossed the finish line in 3 of his rows. He adds
    up the points of all of his rows: 12 + 15 + 0 + 20 + 5 = 52. He has 1 minus point ... his grand
    total is 51 points"."""
    game = new_game()
    state = position(
        game,
        rows=[list(andy_rows()), list(EMPTY)],
        penalties=[1, 0],
        pool=(6, 6, 1),
        dice_taken=2,
    )
    assert [state.row_points(0, r) for r in range(5)] == [0, 15, 0, 20, 5]
    assert state.end_conditions() == []  # 2 rows past the finish line
    play(state, "6+6>1")  # Andy's 7th number in row 1: the third row past the finish line
    assert state.rows(0)[0] == (4, 7, 2, 10, 9, 8, 12)
    assert [state.row_points(0, r) for r in range(5)] == [12, 15, 0, 20, 5]
    assert state.score(0) == 12 + 15 + 0 + 20 + 5 - 1 == 51
    assert state.end_conditions() == [Termination.FINISH_LINE]
    # checked only at the end of the round: the other player still plays
    assert not state.is_terminal()
    assert state.current_player() == 1
    play(state, "6+1>1")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "rows-past-finish-line"
    assert outcome.scores == (51.0, 1.0)
    assert outcome.winners == frozenset({0})
    assert not outcome.shared


def test_b_side_needs_four_rows_past_the_finish_line() -> None:
    """B side: "Players must have a number to the right of the finish line in at least 4 of the
    rows (instead of at least 3 rows on the A side)"."""
    game = new_game("clickety-clack(side=B)")
    three = [
        (2, 3, 4, 5, 9, 10, 11),  # ascending
        (7, 6, 8, 5, 9, 4, 10),  # outside
        (5, 5, 10, 10),  # pairs
        (2, 12, 3, 11, 4, 10, 5),  # zigzag
        (),
    ]
    state = position(game, rows=[three, list(EMPTY)], pool=(6, 5, 1), dice_taken=2)
    run(state, "6+5>3 5+1>1")  # seat 0 writes 11 (row 3, starting a pair), seat 1 writes 6
    assert not state.is_terminal()
    assert state.round == 2
    four = [*three[:4], (6, 2, 5, 3, 4, 9, 10)]  # ranges: a fourth row past the finish line
    state = position(game, rows=[four, list(EMPTY)], pool=(6, 5, 1), dice_taken=2)
    run(state, "6+5>3 5+1>1")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "rows-past-finish-line"


def test_a_side_three_rows_past_the_finish_line_end_the_game() -> None:
    """Rulebook: "At least 3 of your rows have a number to the right of the finish line"."""
    game = new_game()
    rows = [(2, 3, 4, 5, 6, 7, 8), (2, 3, 4, 5, 6, 7, 8), (12, 11, 10, 9, 8, 7, 6), (), ()]
    state = position(game, rows=[rows, list(EMPTY)], pool=(6, 5, 1), dice_taken=2)
    run(state, "6+5>4 5+1>1")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "rows-past-finish-line"
    # two rows past the line are not enough
    state = position(
        game, rows=[[*rows[:2], (), (), ()], list(EMPTY)], pool=(6, 5, 1), dice_taken=2
    )
    run(state, "6+5>4 5+1>1")
    assert not state.is_terminal()


def test_two_full_rows_end_the_game() -> None:
    """Rulebook: "At least 2 of your rows have a number in the rightmost space"."""
    game = new_game()
    full = (4, 7, 2, 10, 9, 8, 3, 5, 6, 11)
    nine = (6, 9, 3, 8, 4, 10, 7, 5, 11)  # row 5 waits for its last pre-printed number, 2
    state = position(
        game, rows=[[full, (), (), (), nine], list(EMPTY)], pool=(1, 1, 6), dice_taken=2
    )
    assert state.end_conditions() == []
    assert "1+1>5" in state.view(0)["legal"]
    refused(state, "1+6>1", "row 1 (all different) cannot take 7: the row is full")
    run(state, "1+1>5 6+1>2")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "rows-full"
    # rightmost spaces of rows 1 and 5: 25 + 35
    assert state.score(0) == 25 + 35
    assert outcome.scores == (60.0, 1.0)


def test_four_penalties_end_the_game_at_the_end_of_the_round() -> None:
    """Rulebook: "All 4 of your failed roll spaces are crossed off." — and "The game ends at the end
    of a round", not at once."""
    state = rolled(faces="1 2 3 4 5")
    # round 1: seat 0 fails twice per turn (1 penalty a turn); seat 1 writes
    run(state, "x r6 r6 r1 r1 r1 x6")
    run(state, "6+1>1")
    run(state, "x r2 r2 r2 x2")
    run(state, "2+2>1")
    assert state.penalties(0) == 2
    assert (state.round, state.starter) == (2, 1)
    # round 2: seat 1 starts
    run(state, "r3 r3 r4 r4 r5 3+3>2")
    run(state, "x r1 r1 r1 r1 x1")
    assert state.penalties(0) == 3
    run(state, "1+1>3")
    run(state, "x")
    assert state.penalties(0) == 4
    assert state.end_conditions() == [Termination.PENALTIES]
    assert not state.is_terminal()  # the turn goes on
    run(state, "r5 r5 x5")
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "all-penalties"
    assert outcome.scores == (-10.0, 2.0 + 1 + 1)
    assert outcome.winners == frozenset({1})


def test_an_end_condition_mid_round_does_not_end_the_game() -> None:
    """End conditions are checked at the end of a round only: the other players finish it."""
    game = new_game(players=3)
    state = position(game, penalties=[3, 0, 0], pool=(1, 2, 3, 4, 5, 6, 6))
    run(state, "x r1 r2 r3 r4 r5 r6 r6 x6")  # seat 0: fourth penalty on the first turn
    for _ in range(5):
        assert not state.is_terminal()
        assert state.outcome() is None
        assert state.current_player() in (0, 1, 2)
        play(state, state.legal_actions()[0])  # x: fail...
        if state.current_player() == CHANCE:
            run(state, " ".join(["r1"] * state.dice_to_roll))
            play(state, "x1")  # ...and take a die
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and "all-penalties" in outcome.reason


def test_several_end_conditions_are_all_named() -> None:
    game = new_game()
    full = (4, 7, 2, 10, 9, 8, 3, 5, 6, 11)
    rows = [full, (2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (12, 11, 10, 9, 8, 7, 6), (), ()]
    state = position(game, rows=[rows, list(EMPTY)], penalties=[3, 0], pool=(6, 5, 1), dice_taken=2)
    run(state, "x r1 r1 r1 x1 x r1 r1 x1")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "rows-past-finish-line,rows-full,all-penalties"


def test_no_action_after_the_end() -> None:
    game = new_game()
    state = position(game, penalties=[4, 4], pool=(1, 1), dice_taken=3, turn=1)
    play(state, "1+1>1")
    assert state.is_terminal()
    assert state.legal_actions() == []
    refused(state, "r3", "the game is over", GameOverError)
    refused(state, "x", "the game is over", GameOverError)


# -- scoring ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("row", range(5))
@pytest.mark.parametrize("filled", range(11))
def test_a_row_scores_the_points_under_its_rightmost_number(row: int, filled: int) -> None:
    """Rulebook: "In each row, look at the rightmost space in which you wrote a number. You score
    the points listed at the bottom of that space." "some of the spaces don't have a point value at
    the bottom. If the last number you wrote down is in one of those spaces, you do not score any
    points for that row!" (a space without value scores 0)."""
    game = new_game()
    numbers = [
        (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
        (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
        (12, 11, 10, 9, 8, 7, 6, 5, 4, 3),
        (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
        game.row5,
    ][row][:filled]
    rows: list[tuple[int, ...]] = [() for _ in range(5)]
    rows[row] = numbers
    state = position(game, rows=[rows, list(EMPTY)], pool=(1, 2, 3, 4, 5))
    expected = 0 if filled == 0 else POINTS_A[row][filled - 1] or 0
    assert state.row_points(0, row) == expected
    assert state.score(0) == expected
    if filled in (4, 6, 9):  # the spaces without a value
        assert expected == 0


def test_a_side_point_table() -> None:
    """Board data: the points under spaces 1..10 of each A-side row."""
    v = None
    expected = (
        (1, 2, 4, v, 8, v, 12, 15, v, 25),
        (1, 2, 4, v, 8, v, 12, 15, v, 25),
        (1, 2, 5, v, 8, v, 12, 15, v, 30),
        (1, 2, 5, v, 12, v, 15, 20, v, 35),
        (1, 2, 5, v, 12, v, 15, 20, v, 35),
    )
    assert expected == POINTS_A == new_game().points
    assert new_game("clickety-clack(side=B)").points == POINTS_A  # project default cc-b-points


@pytest.mark.parametrize(("crossed", "minus"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_penalties_are_cumulative(crossed: int, minus: int) -> None:
    """Rulebook: "deduct the minus points you crossed off in your failed roll zone" (-1, -2, -3,
    -4)."""
    state = position(new_game(), penalties=[crossed, 0], pool=(1, 2, 3, 4, 5))
    assert state.score(0) == -minus


def test_a_tie_shares_the_victory() -> None:
    """Rulebook: "The player with the most points is the winner. In case of a tie, the victory is
    shared"."""
    game = new_game()
    rows0 = [(4,), (), (), (), ()]
    rows1 = [(4, 5), (), (), (), ()]
    state = position(
        game, rows=[rows0, rows1], penalties=[4, 4], pool=(1, 1), dice_taken=3, turn=0, starter=1
    )
    play(state, "1+1>1")  # seat 0 writes 2: row 1 scores 2 for both
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (2.0 - 10, 2.0 - 10)
    assert outcome.winners == frozenset({0, 1})
    assert outcome.shared


def test_the_best_of_three_wins_alone() -> None:
    game = new_game(players=3)
    rows = [[(4,), (), (), (), ()], [(4, 5), (), (), (), ()], [(4, 5, 6), (), (), (), ()]]
    state = position(
        game, rows=rows, penalties=[4, 0, 0], pool=(1, 1), dice_taken=5, turn=2, starter=0
    )
    play(state, "1+1>2")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1.0 - 10, 2.0, 4.0 + 1)
    assert outcome.winners == frozenset({2})


# -- illegal moves say why and change nothing ------------------------------------------------------


def test_illegal_moves_leave_the_state_untouched() -> None:
    state = rolled(faces="6 5 3 2 1")
    refused(state, "r3", "no dice are being rolled now")
    refused(state, "6+5>3", "it is not seat 1's turn: seat 0 is to move", NotYourTurnError, seat=1)
    refused(state, "6 and 5", "TAKE+ONTO>ROW", InvalidActionError)
    refused(state, 170, "it is not an action code of Clickety Clack")
    refused(state, 7, "it is not an action code of Clickety Clack")
    refused(state, 1000, "it is not an action code of Clickety Clack")
    play(state, "x")
    refused(state, "6+5>3", "the dice are being rolled")
    refused(
        state,
        "r2",
        "it is not seat 0's turn: chance (dice to roll) is to move",
        NotYourTurnError,
        seat=0,
    )
    refused(state, 7, "it is not an action code of Clickety Clack")
    play(state, "r2", seat=None)
    assert state.dice_to_roll == 4


def test_a_seat_may_play_its_own_turn() -> None:
    state = rolled(faces="6 5 3 2 1")
    assert play(state, "6+5>3", seat=0) == state.game.parse_action("6+5>3")


# -- options ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "phrase"),
    [
        ({"row5": "6-9-3"}, "option 'row5' must be 10 dash-separated numbers 2..12"),
        ({"row5": "6-9-3-8-4-10-7-5-11-13"}, "option 'row5' must be 10"),
        ({"row5": "6-9-3-8-4-10-7-5-11-1"}, "option 'row5' must be 10"),
        ({"row5": "six-9-3-8-4-10-7-5-11-2"}, "option 'row5' must be 10"),
        ({"row5": "6-9-3-8-4-10-7-5-11-6"}, "option 'row5' may not repeat a number"),
        ({"points": "1 2 3"}, "option 'points' must be 5 rows separated by '/'"),
        ({"points": "/".join(["1 2 3 4 5 6 7 8 9 x"] * 5)}, "option 'points' must be 5 rows"),
        ({"points": "/".join(["1 2 3 4 5 6 7 8 9 10"] * 4)}, "option 'points' must be 5 rows"),
        ({"side": "C"}, "option 'side' must be A, B"),
        ({"side": "B", "row5": "2-3-4-5-6-8-9-10-11-12"}, "option 'row5' is for the A side only"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_option_errors_name_the_option(options: dict[str, object], phrase: str) -> None:
    with pytest.raises(OptionError) as info:
        load("clickety-clack", options=options)
    assert phrase in str(info.value)


def test_row5_option_changes_the_pre_printed_numbers() -> None:
    game = new_game(options={"row5": "2-3-4-5-6-7-8-9-10-11"})
    assert game.row5 == (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
    assert "row5=2-3-4-5-6-7-8-9-10-11" in game.spec()
    state = game.new_initial_state()
    run(state, "r1 r1 r3 r5 r6")
    assert state.allowed_sums(0, 4) == [2]
    play(state, "1+1>5")
    assert state.allowed_sums(0, 4) == [3]
    refused(state, "6+5>5", "the next pre-printed number is 2")
    assert state.allowed_sums(1, 4) == [2]


def test_points_option_changes_the_scoring() -> None:
    table = "/".join(" ".join(str(100 * (r + 1) + s) for s in range(10)) for r in range(5))
    game = new_game(options={"points": table.replace("100 ", "- ", 1)})
    assert game.points[0][0] is None
    assert game.points[1][:2] == (200, 201)
    state = game.new_initial_state()
    run(state, "r6 r5 r3 r2 r1 6+5>1 5+3>2")
    assert state.score(0) == 0  # row 1's first space has no value ('-')
    assert state.score(1) == 200
    run(state, "3+2>2")
    assert state.score(0) == 0 + 200


def test_presets() -> None:
    a = load("clickety-clack", preset="a-side")
    b = load("clickety-clack", preset="b-side")
    assert isinstance(a, ClicketyClackGame) and isinstance(b, ClicketyClackGame)
    assert (a.side, b.side) == ("A", "B")
    assert b.rows_past_finish_to_end == 4 and a.rows_past_finish_to_end == 3
    with pytest.raises(OptionError, match="unknown preset"):
        load("clickety-clack", preset="c-side")


# -- whole games -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_every_rule(seed: int) -> None:
    """Random legal play keeps the invariants: 2 dice per player per round, one die left, the
    last taker starts the next round, rows obey their rules, the game ends at a round's end."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    spec = "clickety-clack(side=B)" if seed % 2 else "clickety-clack"
    game = new_game(spec, players)
    state = game.new_initial_state()
    last_taker = 0
    for _ in range(20_000):
        if state.is_terminal():
            break
        mover = state.current_player()
        if mover == CHANCE:
            play(state, rng.choice(state.legal_actions()))
            continue
        assert len(state.pool) == game.dice - state.dice_taken
        legal = state.legal_actions()
        assert (0 in legal) != state.failed_this_turn  # x once a turn
        for row in range(5):
            mask = allowed_mask(game.row_rules[row], state.rows(mover)[row], game.row5)
            assert state.allowed_sums(mover, row) == [s for s in range(2, 13) if mask >> s & 1]
        before_round = state.round
        action = rng.choice(legal)
        play(state, action, seat=mover)
        if action != 0:  # a die was taken (x only rerolls)
            last_taker = mover
        if state.round != before_round:
            assert state.starter == last_taker == mover
            assert state.dice_to_roll == game.dice
    assert state.is_terminal()
    assert state.dice_taken == 2 * players
    assert len(state.pool) == 1
    outcome = state.outcome()
    assert outcome is not None
    # The named end conditions, recomputed from the sheets: "at least 3 (B: 4) of your rows have
    # a number to the right of the finish line", "2 rows ... rightmost space", "all 4 ... crossed".
    past_needed = 4 if game.side == "B" else 3
    met = {
        "rows-past-finish-line": any(
            sum(len(row) > 6 for row in state.rows(p)) >= past_needed for p in range(players)
        ),
        "rows-full": any(sum(len(row) == 10 for row in state.rows(p)) >= 2 for p in range(players)),
        "all-penalties": any(state.penalties(p) == 4 for p in range(players)),
    }
    assert set(outcome.reason.split(",")) == {name for name, hit in met.items() if hit}
    best = max(outcome.scores)
    assert outcome.winners == frozenset(s for s in range(players) if outcome.scores[s] == best)
    for seat in range(players):
        # "look at the rightmost space in which you wrote a number. You score the points listed
        # at the bottom of that space" ... "deduct the minus points you crossed off".
        row_points = sum(
            (game.points[r][len(row) - 1] or 0) if row else 0
            for r, row in enumerate(state.rows(seat))
        )
        minus = (0, 1, 3, 6, 10)[state.penalties(seat)]
        assert outcome.scores[seat] == row_points - minus
        for row, numbers in enumerate(state.rows(seat)):
            for i, total in enumerate(numbers):
                assert refusal(game.row_rules[row], numbers[:i], total, game.row5) is None
