"""OpenSpiel's own ISMCTS on clickbox: ``resample_from_infostate`` and whole games.

A resampled state must leave the seat unable to tell it from the original (the same
information-state string, view and legal actions) and be a full state that can be played on.
OpenSpiel's ``ISMCTSBot`` (unmodified) then plays whole 2-player games against a random player.
Clickety Clack has no hidden information: its resample is the state itself, and OpenSpiel's
ISMCTS refuses perfect-information games (its MCTS is the search for them).
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from clickbox.rl import openspiel_game  # noqa: F401  (registers the games)

from .spiel import advance, random_play

HIDDEN = ["clever", "clack", "boom"]
"""The games with hidden information, on which OpenSpiel's ISMCTS runs."""


def _sampler() -> Any:
    return pyspiel.UniformProbabilitySampler(0.0, 1.0)


def _seen(state: Any, seat: int) -> dict[str, Any]:
    """The seat's view without what a rebuilt state starts afresh (the move count)."""
    view = dict(state.clickbox_state.view(seat, history=False))
    view.pop("version", None)
    return view


@pytest.mark.parametrize("key", [*HIDDEN, "clickety"])
@pytest.mark.parametrize("players", [2, 3])
def test_resample_keeps_what_the_seat_knows(key: str, players: int) -> None:
    game = pyspiel.load_game(f"clickbox_{key}(players={players})")
    rng = random.Random(7)
    checked = 0
    for seed in range(2):
        for number, state in enumerate(random_play(game, seed)):
            if number % 5:  # every fifth position, chance nodes and the end included
                continue
            for seat in range(players):
                resampled = state.resample_from_infostate(seat, _sampler())
                assert resampled is not state
                string = state.information_state_string(seat)
                assert resampled.information_state_string(seat) == string
                assert resampled.current_player() == state.current_player()
                if state.current_player() == seat:  # (chance outcomes may hang on the hidden)
                    assert resampled.legal_actions(seat) == state.legal_actions(seat)
                assert _seen(resampled, seat) == _seen(state, seat)
                copy = resampled.clone()
                advance(copy, rng, 40)
                assert copy.information_state_string(seat).startswith(string)
                assert resampled.information_state_string(seat) == string  # untouched
                checked += 1
    assert checked > 0


def _hidden(state: Any, seat: int) -> str:
    """What ``seat`` cannot see: the other seats' views (Click Clack: the layout of the discs,
    which no view shows)."""
    inner = state.clickbox_state
    if inner.game.key == "clack":
        return repr(inner._disc)
    players = inner.game.num_players
    return repr([inner.view(other) for other in range(players) if other != seat])


@pytest.mark.parametrize(("key", "players"), [("clever", 3), ("clack", 2), ("boom", 2)])
def test_resampled_states_differ_in_what_the_seat_cannot_see(key: str, players: int) -> None:
    """Hidden parts are drawn afresh: somewhere in a game, two resamples differ (Clever hides
    only the passive choices of several passive players)."""
    game = pyspiel.load_game(f"clickbox_{key}(players={players})")
    differ = False
    for state in random_play(game, 3):
        for seat in range(players):
            drawn = {
                _hidden(state.resample_from_infostate(seat, _sampler()), seat) for _ in range(4)
            }
            differ = differ or len(drawn) > 1
        if differ:
            break
    assert differ


def test_resample_of_a_perfect_information_game_is_the_state() -> None:
    game = pyspiel.load_game("clickbox_clickety(players=2)")
    for state in random_play(game, 0):
        resampled = state.resample_from_infostate(0, _sampler())
        assert resampled.history() == state.history()
        assert resampled.clickbox_state.view(None) == state.clickbox_state.view(None)


def test_resample_refuses_a_seat_not_at_the_table() -> None:
    state = pyspiel.load_game("clickbox_clack(players=2)").new_initial_state()
    with pytest.raises(ValueError):
        state.resample_from_infostate(2, _sampler())


def _whole_game(game: Any, bot: Any, seed: int) -> list[float]:
    """One game: the bot in seat 0, a random player in seat 1."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


@pytest.mark.parametrize("key", HIDDEN)
def test_openspiel_ismcts_plays_a_whole_game(key: str) -> None:
    game = pyspiel.load_game(f"clickbox_{key}(players=2)")
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=20, random_state=random_state
    )
    returns = _whole_game(game, bot, 0)
    assert len(returns) == 2
    assert sum(returns) == pytest.approx(0.0)


def test_openspiel_mcts_plays_clickety_clack() -> None:
    """ISMCTS asserts hidden information; on Clickety Clack the true state is the seat's."""
    game = pyspiel.load_game("clickbox_clickety(players=2)")
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    with pytest.raises(AssertionError):  # its check that the game hides something
        _whole_game(game, ismcts.ISMCTSBot(game, evaluator, 2.0, 20), 0)
    bot = mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=random_state)
    returns = _whole_game(game, bot, 0)
    assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("key", HIDDEN)
def test_a_resampled_state_pickles_as_the_same_world(key: str) -> None:
    game = pyspiel.load_game(f"clickbox_{key}(players=2)")
    rng = random.Random(5)
    state = game.new_initial_state()
    advance(state, rng, 30)
    resampled = state.resample_from_infostate(0, _sampler())
    advance(resampled, rng, 5)
    copied = pickle.loads(pickle.dumps(resampled))
    for seat in range(2):
        assert copied.information_state_string(seat) == resampled.information_state_string(seat)
        assert _hidden(copied, seat) == _hidden(resampled, seat)
    assert copied.legal_actions() == resampled.legal_actions()
