"""The small Click Click Boom (``clickbox.rl.solving``): OpenSpiel's own solvers run on it and
its exploitability is exact (issue: results a researcher can trust, point 4).

The whole game tree is walked here, so these checks are exhaustive where the random-play
checker of ``test_perfect_recall.py`` samples: every information state of the small game holds
one situation for its seat, CFR lowers the exploitability of its average policy, external-
sampling MCCFR (which crashed on the old strings) runs, and clickbox's bots are policies whose
exploitability OpenSpiel computes.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms import external_sampling_mccfr as es_mccfr

from clickbox.rl.solving import SMALL_BOOM_OPTIONS, bot_policy, small_boom


@pytest.fixture(scope="module")
def game() -> Any:
    return small_boom()


def _walk(state: Any, out: list[Any]) -> None:
    out.append(state)
    if state.is_terminal():
        return
    actions = (
        [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    )
    for action in actions:
        _walk(state.child(action), out)


def test_the_small_game_is_the_full_game_with_fewer_cards_and_coins(game: Any) -> None:
    assert str(game.get_type().utility) == "Utility.ZERO_SUM"
    inner = game.clickbox_game
    assert inner.num_players == SMALL_BOOM_OPTIONS["players"]
    for option, value in SMALL_BOOM_OPTIONS.items():
        if option != "players":
            assert getattr(inner.params, option) == value, option
    state = inner.new_initial_state()
    view = state.view(0)
    assert view["standoff"] and view["shootouts"] == 1
    assert view["seats"][1]["hand"] == ["pay", "steal", "boom"], "seat 0 sees seat 1's hand"
    assert view["seats"][0]["hand"] is None, "never its own"


def test_every_information_state_of_the_whole_tree_is_one_situation(game: Any) -> None:
    states: list[Any] = []
    _walk(game.new_initial_state(), states)
    seen: dict[tuple[int, str], str] = {}
    decisions = 0
    for state in states:
        if state.is_terminal() or state.is_chance_node():
            continue
        decisions += 1
        seat = state.current_player()
        situation = json.dumps(
            [state.clickbox_state.view(seat), state.legal_actions()], sort_keys=True
        )
        first = seen.setdefault((seat, state.information_state_string(seat)), situation)
        assert first == situation, "two situations share an information state"
    assert 0 < len(seen) < decisions, "some information states hold several states"
    returns = {tuple(s.returns()) for s in states if s.is_terminal()}
    assert all(sum(r) == 0 for r in returns) and len(returns) > 1


def test_cfr_lowers_the_exploitability_of_its_average_policy(game: Any) -> None:
    solver = cfr.CFRPlusSolver(game)
    curve = []
    for iteration in range(1, 11):
        solver.evaluate_and_update_policy()
        if iteration in (2, 10):
            curve.append(exploitability.exploitability(game, solver.average_policy()))
    assert curve[1] < curve[0], curve


def test_external_sampling_mccfr_runs_and_its_policy_is_measured(game: Any) -> None:
    solver = es_mccfr.ExternalSamplingSolver(game, es_mccfr.AverageType.SIMPLE)
    for _ in range(50):
        solver.iteration()
    value = exploitability.exploitability(game, solver.average_policy())
    assert 0.0 <= value <= 1.0


def test_a_clickbox_bot_is_a_policy_of_the_game(game: Any) -> None:
    policy = bot_policy(game, "easy", samples=4, seed=1)
    probabilities = policy.action_probability_array
    assert np.allclose(probabilities.sum(axis=1), 1.0)
    assert not (probabilities * (1 - policy.legal_actions_mask)).any(), "only legal actions"
    again = bot_policy(game, "easy", samples=4, seed=1)
    assert (again.action_probability_array == probabilities).all(), "the seed decides"
    value = exploitability.exploitability(game, policy)
    assert 0.0 < value <= 1.0
