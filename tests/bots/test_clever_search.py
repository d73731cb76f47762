"""The That's Pretty Clever search bot: legal, reproducible, sees across rolls, and its tables."""

from __future__ import annotations

import random

import pytest

from clickbox.bots import GreedyBot
from clickbox.bots.clever.evaluation import ROLL_DRIFT, evaluate, roll_drift
from clickbox.bots.clever.search import CleverSearchBot, _Search
from clickbox.core import CHANCE, OptionError, sample_chance
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverState
from clickbox.games.clever import actions as A
from clickbox.games.clever.board import ROUNDS_BY_PLAYERS
from clickbox.sim import play_match

SMALL = "samples=3,beam=2,inner_samples=2"


def small(extra: str = "") -> CleverSearchBot:
    """A cheap search bot from spec-style parameters."""
    text = f"{SMALL},{extra}" if extra else SMALL
    return CleverSearchBot(**dict(item.split("=") for item in text.split(",")))


def rolled(players: int = 1, seed: int = 3) -> tuple[CleverGame, CleverState]:
    """Round 1, the six dice rolled, the active player's first pick to make."""
    game = load("clever", players=players)
    assert isinstance(game, CleverGame)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    assert state.stage == "choose"
    return game, state


def test_rank_lists_every_legal_action_once_best_first() -> None:
    game, state = rolled()
    ranked = small().rank(state.view(0), game, random.Random(1))
    assert sorted(a for a, _ in ranked) == sorted(state.legal_actions())
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)


def test_the_choice_is_a_function_of_the_view_and_the_rng() -> None:
    game, state = rolled(seed=8)
    bot = small()
    first = bot.rank(state.view(0), game, random.Random(5))
    again = bot.rank(state.view(0), game, random.Random(5))
    assert first == again


def test_without_depth_or_correction_it_is_the_greedy_bot() -> None:
    game, state = rolled(seed=4)
    ours = CleverSearchBot(depth=0).rank(state.view(0), game, random.Random(2))
    greedy = GreedyBot().rank(state.view(0), game, random.Random(2))
    assert [v for _, v in ours] == [v for _, v in greedy]
    assert dict(ours) == dict(greedy)


@pytest.mark.parametrize("players", [1, 2])
def test_it_plays_whole_games(players: int) -> None:
    game = load("clever", players=players)
    bots = [small() for _ in range(players)]
    record = play_match(game, bots, seed=11)
    assert record.outcome is not None
    assert all(score > 0 for score in record.outcome.scores)


def test_a_turn_search_looks_across_two_rolls() -> None:
    game, state = rolled()
    bot = small("depth=2,turn=1")
    assert bot.rank(state.view(0), game, random.Random(3))[0][0] in state.legal_actions()


def test_small_rolls_are_enumerated_and_large_ones_sampled_alike_for_every_line() -> None:
    game, state = rolled()
    bot = CleverSearchBot(samples=5, exact=36)
    search = _Search(bot, game, state, 0, random.Random(1))
    picks = [a for a in state.legal_actions() if a < A.WASTE_BASE]
    children = []
    for action in picks:
        child = state.clone()
        child.apply(action)
        if child.current_player() == CHANCE:
            children.append(child)
    assert children
    for child in children:
        found = search.rolls(child, 0)
        assert abs(sum(w for w, _ in found) - 1) < 1e-9
        to_roll = list(child.rolled)
        expected = 6 ** len(to_roll) if 6 ** len(to_roll) <= 36 else 5
        assert len(found) == expected
        for _, after in found:
            assert isinstance(after, CleverState)
            assert after.current_player() != CHANCE
            assert all(after.faces[d] > 0 for d in to_roll)
        if expected == 5:  # sampled: die d shows the layer's face for d, whatever was picked
            for (faces, _), (_, after) in zip(search.layers[0], found, strict=True):
                assert isinstance(after, CleverState)
                assert all(after.faces[d] == faces[d] for d in to_roll)


def test_reroll_is_searched_as_a_roll_of_the_same_dice() -> None:
    game, state = rolled(seed=6)
    state.sheet(0).rerolls = 1  # one reroll to use
    assert A.REROLL in state.legal_actions()
    bot = CleverSearchBot(samples=4, beam=20)
    ranked = dict(bot.rank(state.view(0), game, random.Random(1)))
    assert A.REROLL in ranked


def test_the_drift_table_covers_every_roll_and_is_zero_elsewhere() -> None:
    for players, rows in ROLL_DRIFT.items():
        assert len(rows) == 4
        assert all(len(row) == ROUNDS_BY_PLAYERS[players] for row in rows)
    _, state = rolled()
    assert roll_drift(state) == 0.0  # a decision, not a roll
    state.apply(state.legal_actions()[0])
    if state.current_player() == CHANCE:
        assert roll_drift(state) == ROLL_DRIFT[1][len(state.spaces)][0]


@pytest.mark.parametrize(
    "params",
    [{"samples": "0"}, {"beam": "x"}, {"depth": "-1"}, {"noise": "-2"}, {"seconds": "0"}],
)
def test_bad_parameters_are_option_errors(params: dict[str, str]) -> None:
    with pytest.raises(OptionError):
        CleverSearchBot(**params)


def _one_ply_best(state: CleverState, seat: int) -> float:
    best = float("-inf")
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        best = max(best, evaluate(child, seat))
    return best


def test_a_one_die_roll_is_worth_the_mean_of_its_six_faces_best_replies() -> None:
    # Find a pick that leaves exactly one die to roll.
    for seed in range(40):
        game, state = rolled(seed=seed)
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if child.current_player() == CHANCE and len(child.rolled) == 1:
                break
        else:
            continue
        break
    else:
        pytest.fail("no pick leaves one die")
    assert isinstance(child, CleverState)
    expected = 0.0
    for face in range(1, 7):
        after = child.clone()
        after.apply(A.roll(face))
        assert after.current_player() == 0
        expected += _one_ply_best(after, 0) / 6
    plain = _Search(CleverSearchBot(drift=0), game, state, 0, random.Random(1))
    assert plain.value(child, 1, 4) == pytest.approx(expected)
    corrected = _Search(CleverSearchBot(), game, state, 0, random.Random(1))
    drift = roll_drift(child)
    assert drift < 0
    assert corrected.value(child, 1, 4) == pytest.approx(expected - drift)


def test_another_seats_roll_is_not_searched() -> None:
    game, state = rolled(players=2)
    search = _Search(CleverSearchBot(), game, state, 1, random.Random(1))
    child = state.clone()
    child.apply(next(a for a in state.legal_actions() if a < A.WASTE_BASE))
    if child.current_player() == CHANCE:  # seat 0's roll: seat 1 judges it as it stands
        assert not search.expands(child)
        assert search.value(child, 1, 4) == evaluate(child, 1)


def test_noise_makes_a_fallible_greedy_bot() -> None:
    game, state = rolled(seed=2)
    greedy = CleverSearchBot(depth=0).rank(state.view(0), game, random.Random(1))
    differs = 0
    for seed in range(20):
        noisy = CleverSearchBot(depth=0, noise=30).rank(state.view(0), game, random.Random(seed))
        assert sorted(a for a, _ in noisy) == sorted(a for a, _ in greedy)
        differs += noisy[0][0] != greedy[0][0]
    assert differs > 0


def test_the_label_is_a_spec_that_makes_the_same_bot() -> None:
    bot = CleverSearchBot(samples=8, depth=2, beam=3, turn=1, drift=0, noise=5)
    name, _, params = bot.label().partition(":")
    assert name == "clever-search"
    again = CleverSearchBot(**dict(item.split("=") for item in params.split(",")))
    assert again.label() == bot.label()
