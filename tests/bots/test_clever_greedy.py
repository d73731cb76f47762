"""That's Pretty Clever's evaluation: exact at the end, sensible in between, and greedy plays."""

from __future__ import annotations

import random

import pytest

from clickbox.bots import GreedyBot, RandomBot
from clickbox.bots.clever.evaluation import evaluate
from clickbox.core import CHANCE, sample_chance
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverState
from clickbox.games.clever.board import GREEN_BONUS, YELLOW_PRECROSSED
from clickbox.sim import run_series


def new_state(players: int = 1) -> CleverState:
    game = load("clever", players=players)
    assert isinstance(game, CleverGame)
    state = game.new_initial_state()
    assert isinstance(state, CleverState)
    return state


def play_randomly(state: CleverState, rng: random.Random, stop: int | None = None) -> None:
    """Random moves (and dice) until the game ends, or until ``stop`` seat moves were made."""
    moves = 0
    while not state.is_terminal() and (stop is None or moves < stop):
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1


def rolled_for_first_pick(seed: int = 3) -> CleverState:
    """Solo, round 1: the six dice rolled, the first pick to make."""
    state = new_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    assert state.stage == "choose"
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_evaluation_is_the_score_once_the_game_is_over(players: int) -> None:
    for seed in range(5):
        state = new_state(players)
        play_randomly(state, random.Random(seed))
        assert state.is_terminal()
        for seat in range(players):
            assert evaluate(state, seat) == state.score(seat)
            assert evaluate(state, seat) == state.score(seat)


def test_the_evaluation_is_a_finite_float_everywhere() -> None:
    for seed in range(3):
        state = new_state(2)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(2):
                value = evaluate(state, seat)
                assert isinstance(value, float) and value == value and abs(value) < 1e4
            play_randomly(state, rng, stop=1)


def test_one_more_green_box_is_better() -> None:
    state = rolled_for_first_pick()
    for green in range(11):
        if GREEN_BONUS[green] is not None:
            continue  # setting the count by hand would skip the box's bonus
        better = state.clone()
        state.sheet(0).green = green
        better.sheet(0).green = green + 1
        assert evaluate(better, 0) > evaluate(state, 0)


def test_more_of_each_area_is_better() -> None:
    state = rolled_for_first_pick()
    base = evaluate(state, 0)
    for name, value in [
        ("yellow", YELLOW_PRECROSSED | 1 << 0 | 1 << 4),
        ("blue", 1 << 7 | 1 << 8),
        ("orange", (5, 6)),
        ("purple", (2, 4)),
        ("rerolls", 2),
        ("plus_ones", 2),
        ("foxes", 1),
    ]:
        better = state.clone()
        setattr(better.sheet(0), name, value)
        assert evaluate(better, 0) > base, name


def test_a_completed_yellow_column_beats_scattered_crosses() -> None:
    state = rolled_for_first_pick()
    column = state.clone()
    scattered = state.clone()
    column.sheet(0).yellow = YELLOW_PRECROSSED | 1 << 7 | 1 << 11 | 1 << 15  # column 4: 20 points
    # Three crosses in other rows and columns, none on the diagonal.
    scattered.sheet(0).yellow = YELLOW_PRECROSSED | 1 << 1 | 1 << 8 | 1 << 14
    assert evaluate(column, 0) > evaluate(scattered, 0)


def test_a_high_orange_value_in_a_times_three_box_beats_a_low_one() -> None:
    state = rolled_for_first_pick()
    high = state.clone()
    low = state.clone()
    high.sheet(0).orange = (4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 18)
    low.sheet(0).orange = (4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 3)
    assert evaluate(high, 0) > evaluate(low, 0)


def test_a_low_purple_start_keeps_more_room_than_a_high_one() -> None:
    state = rolled_for_first_pick()
    low = state.clone()
    high = state.clone()
    low.sheet(0).purple = (2,)
    high.sheet(0).purple = (5,)
    # The 5 scores 3 more now, but leaves only a 6 to follow.
    assert evaluate(low, 0) > evaluate(high, 0)


def test_more_dice_still_to_roll_is_better_for_the_active_player() -> None:
    state = rolled_for_first_pick()
    pick = next(a for a in state.legal_actions() if a < 800)  # any pick: two picks left
    state.apply(pick)
    assert state.stage == "rolling" and len(state.spaces) == 1
    dice = list(state.rolled)
    assert len(dice) >= 3
    few = state.clone()
    few._rolled = (1 << dice[0]) | (1 << dice[1])  # the others went to the platter
    few._rolling = [d for d in few._rolling if d in dice[:2]]
    assert evaluate(state, 0) > evaluate(few, 0)
    none = state.clone()
    none._rolled = 0
    none._rolling = []
    assert evaluate(few, 0) > evaluate(none, 0)


def test_greedy_beats_random_by_far_in_solo() -> None:
    game = load("clever", players=1)

    def mean(bot: str) -> float:
        records = list(run_series(game, [bot], games=30, seed=5))
        return sum(r.outcome.scores[0] for r in records if r.outcome is not None) / len(records)

    greedy, random_mean = mean("greedy"), mean("random")
    assert greedy > random_mean + 60
    assert greedy > 140


def test_greedy_plays_multiplayer_games_to_the_end() -> None:
    from clickbox.sim import play_match

    game = load("clever", players=3)
    record = play_match(game, [GreedyBot(), RandomBot(), GreedyBot()], seed=11)
    assert record.outcome is not None and len(record.outcome.scores) == 3


def test_a_passive_take_counts_before_the_other_seats_have_chosen() -> None:
    """The take is only written once every passive seat is in: the evaluation writes it."""
    state = new_state(3)
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 5:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        actions = state.legal_actions()
        if state.stage == "passive-take" and seat != state.active and len(actions) > 1:
            values = set()
            for action in actions:
                child = state.clone()
                child.apply(action)
                values.add(round(evaluate(child, seat), 6))
            assert len(values) > 1
            checked += 1
        state.apply(rng.choice(actions))
    assert checked == 5


def test_greedy_spends_its_last_extra_dice_after_the_last_turn() -> None:
    """ "Everyone may still use their remaining extra-die actions" (clever-extra-die): in the last
    +1 stage a +1 left unused is worth nothing, so greedy writes dice while it can."""
    from clickbox.core import play
    from tests.games.clever.helpers import prepare, roll

    state = new_state()
    while not (state.round == 6 and state.stage == "solo-rolling"):
        play(state, state.legal_actions()[0])
    sheet = prepare(state.sheet(0), plus_ones=(3, 0))
    roll(state, "y1 b2 g3 o4 p5 w6")
    play(state, "y>Y22")
    play(state, "done")
    assert state.stage == "final-extra"
    done = state.clone()
    play(done, "done")
    assert done.is_terminal() and evaluate(done, 0) == sheet.score()
    game = state.game
    bot = GreedyBot()
    while not state.is_terminal():
        move = game.action_to_string(bot.choose(state.view(0), game, random.Random(1)))
        assert move.startswith("+"), move
        play(state, move)
    assert state.sheet(0).plus_ones_left == 0


@pytest.mark.parametrize("players", [1, 3])
def test_the_bots_play_forfeited_rolls_and_the_last_extra_dice_to_the_end(players: int) -> None:
    """Option forfeit_rolls (preset free-choice-forfeit) and the last +1 stage, for every bot."""
    from clickbox.bots.clever.search import CleverSearchBot
    from clickbox.sim import play_match

    game = load("clever", players=players, preset="free-choice-forfeit")
    bots = [GreedyBot(), RandomBot(), CleverSearchBot(samples=2, beam=2)][:players]
    record = play_match(game, bots, seed=5)
    assert record.outcome is not None and len(record.outcome.scores) == players
