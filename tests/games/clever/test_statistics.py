"""Statistics of random play: a check on the whole engine that no single rule test gives.

A player who picks uniformly among the legal moves still crosses a few boxes in every area;
bonuses, foxes and the solo passive turns add up. A rules or scoring mistake (a table off by a
row, bonuses that never fire, passive turns that write nothing) moves the mean out of the range.
"""

from __future__ import annotations

import random
import statistics

import pytest

from clickbox.core import CHANCE, sample_chance
from clickbox.games import load
from clickbox.games.clever import CleverState

GAMES = 20_000


@pytest.mark.slow
def test_random_policy_solo_mean_over_20000_games() -> None:
    """The uniformly random policy's solo mean lies in 45-75 (about 6 s on one core)."""
    game = load("clever", players=1)
    rng = random.Random(20_000)
    scores = []
    for _ in range(GAMES):
        state = game.new_initial_state()
        assert isinstance(state, CleverState)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        scores.append(state.score(0))
    mean = statistics.fmean(scores)
    assert 45 <= mean <= 75, f"random solo mean {mean:.1f}"
    assert min(scores) >= 0
