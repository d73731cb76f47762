"""The OpenSpiel state's contract: information states however reached, no information-state
tensor, checked actions that change nothing, and the returns' sum declared by the reward."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel

from clickbox.core import IllegalActionError, InvalidActionError
from clickbox.rl import openspiel_game  # noqa: F401  (registers the games)

from .spiel import advance


def _to_move(key: str, players: int, seed: int) -> Any:
    """A state a few moves into a random game, where a seat is to move."""
    state = pyspiel.load_game(f"clickbox_{key}(players={players})").new_initial_state()
    rng = random.Random(seed)
    advance(state, rng, 12)
    while state.is_chance_node():
        advance(state, rng, 1)
    return state


@pytest.mark.parametrize("key", ["clever", "clickety", "boom", "clack"])
def test_the_string_is_the_same_however_the_state_was_reached(key: str) -> None:
    game = pyspiel.load_game(f"clickbox_{key}(players=2)")
    stepwise = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(40):
        stepwise.information_state_string(0)  # made step by step
        advance(stepwise, rng, 1)
    fresh = game.new_initial_state()  # made at once, at the end
    for action in stepwise.history():
        fresh.apply_action(action)
    copied = pickle.loads(pickle.dumps(stepwise))
    clone = stepwise.clone()
    for seat in range(2):
        expected = stepwise.information_state_string(seat)
        assert fresh.information_state_string(seat) == expected
        assert copied.information_state_string(seat) == expected
        assert clone.information_state_string(seat) == expected
    # a line for the start and one per step, and one for each move the seat made itself
    string = stepwise.information_state_string(0)
    own = sum(1 for step in stepwise.full_history() if step.player == 0)
    assert string.count("\n") + 1 == 1 + len(stepwise.history()) + own
    assert string.count("\nplayed ") == own
    # the clone moves on alone
    advance(clone, rng, 3)
    assert clone.information_state_string(0).startswith(string + "\n")
    assert stepwise.information_state_string(0) == string


def test_a_move_is_in_its_seats_string_and_its_step_in_every_string() -> None:
    state = _to_move("clack", 2, 1)
    seat = state.current_player()
    before = state.information_state_string(seat)
    child = state.child(state.legal_actions()[0])
    assert child.information_state_string(seat).startswith(before + "\nplayed ")
    other = 1 - seat
    assert child.information_state_string(other) != state.information_state_string(other)


def test_there_is_no_information_state_tensor() -> None:
    game = pyspiel.load_game("clickbox_boom(players=2)")
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    state = _to_move("boom", 2, 0)
    with pytest.raises(NotImplementedError, match="information-state string"):
        state.information_state_tensor(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def _unchanged(state: Any) -> tuple[Any, ...]:
    inner = state.clickbox_state
    views = [inner.view(seat) for seat in range(state.num_players())]
    return state.history(), inner.history, state.current_player(), views


@pytest.mark.parametrize("key", ["clever", "clickety", "boom", "clack"])
def test_an_illegal_action_raises_saying_why_and_changes_nothing(key: str) -> None:
    state = _to_move(key, 2, 3)
    before = _unchanged(state)
    legal = state.legal_actions()
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in legal)
    with pytest.raises(ValueError, match="not") as error:
        state.apply_action(illegal)
    assert isinstance(error.value, IllegalActionError | InvalidActionError)
    assert _unchanged(state) == before
    with pytest.raises(InvalidActionError, match="not an action code"):
        state.apply_action(10**6)
    with pytest.raises(InvalidActionError, match="not an action code"):
        state.apply_action(-2)  # (OpenSpiel itself refuses -1)
    assert _unchanged(state) == before
    state.apply_action(legal[0])  # the state still plays on
    assert state.history() == [*before[0], legal[0]]


def test_an_impossible_chance_outcome_raises_and_changes_nothing() -> None:
    game = pyspiel.load_game("clickbox_clickety(players=2)")
    state = game.new_initial_state()
    rng = random.Random(2)
    advance(state, rng, 3)
    while not state.is_chance_node():
        advance(state, rng, 1)
    possible = {outcome for outcome, _ in state.chance_outcomes()}
    impossible = next(a for a in range(game.max_chance_outcomes()) if a not in possible)
    before = _unchanged(state)
    with pytest.raises(IllegalActionError, match="not a possible chance outcome"):
        state.apply_action(impossible)
    assert _unchanged(state) == before
    with pytest.raises(InvalidActionError, match="not an action code"):
        state.apply_action(game.max_chance_outcomes())
    assert _unchanged(state) == before


@pytest.mark.parametrize(
    ("reward", "utility", "total"),
    [
        ("zero-sum", pyspiel.GameType.Utility.ZERO_SUM, 0.0),
        ("win", pyspiel.GameType.Utility.CONSTANT_SUM, 1.0),
        ("score", pyspiel.GameType.Utility.GENERAL_SUM, None),
    ],
)
@pytest.mark.parametrize("key", ["clever", "clickety", "boom", "clack"])
def test_the_utility_follows_the_reward_and_the_returns_keep_to_it(
    key: str, reward: str, utility: Any, total: float | None
) -> None:
    game = pyspiel.load_game(f"clickbox_{key}(players=3,reward={reward})")
    assert game.get_type().utility == utility
    if total is None:
        return
    assert game.utility_sum() == total
    for seed in range(3):
        state = game.new_initial_state()
        advance(state, random.Random(seed), 100_000)
        assert sum(state.returns()) == pytest.approx(total)


def test_exploitability_accepts_the_zero_sum_and_win_rewards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from open_spiel.python.algorithms import exploitability

    class Accepted(Exception):
        """Raised where exploitability starts its best responses (the whole game tree)."""

    def accepted(*_: object) -> None:
        raise Accepted

    monkeypatch.setattr(exploitability.pyspiel_best_response, "CPPBestResponsePolicy", accepted)
    refused = pyspiel.load_game("clickbox_boom(players=2,reward=score)")
    with pytest.raises(ValueError, match="constant- or zero-sum"):
        exploitability.exploitability(refused, None)
    for reward in ("zero-sum", "win"):
        game = pyspiel.load_game(f"clickbox_boom(players=2,reward={reward})")
        with pytest.raises(Accepted):
            exploitability.exploitability(game, None)


def test_outcome_sampling_mccfr_runs_on_two_player_boom() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("clickbox_boom(players=2)")
    np.random.seed(0)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    state = _to_move("boom", 2, 0)
    seat = state.current_player()
    policy = solver.average_policy().action_probabilities(state, seat)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0)


def test_the_information_state_strings_kept_are_forgotten_oldest_first() -> None:
    from clickbox.rl.openspiel_game import StringCache

    cache = StringCache(limit=10)
    cache.put((0, 1), "abcd")
    cache.put((1, 1), "efgh")
    cache.put((0, 1), "ignored: the string of a key never changes")
    assert cache.get((0, 1)) == "abcd" and len(cache) == 2
    cache.put((0, 2), "ijkl")  # 12 characters: the oldest goes
    assert cache.get((0, 1)) is None and cache.get((1, 1)) == "efgh" and len(cache) == 2


def test_a_kept_string_is_the_string_the_state_would_make() -> None:
    game = pyspiel.load_game("clickbox_boom(players=3)")
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal() and len(state.history()) < 40:
        for seat in range(3):
            state.information_state_string(seat)  # made, and kept by the game
        actions = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(actions))
    replayed = game.new_initial_state()  # another state with the same history
    for action in state.history():
        replayed.apply_action(action)
    assert len(game.info_strings) > 0
    for seat in range(3):
        kept = replayed.information_state_string(seat)  # the kept string
        assert kept == replayed._position.recall().string(seat)  # the string made afresh
