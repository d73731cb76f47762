"""The view of a Clickety Clack game agrees with the rules it summarises."""

from __future__ import annotations

import random

import pytest

from clickbox.core import CHANCE, sample_chance
from clickbox.games import load


@pytest.mark.parametrize("spec", ["clickety-clack(players=2)", "clickety-clack(players=4,side=B)"])
def test_open_sums_and_legal_clicks_agree(spec: str) -> None:
    """ "Choose 1 of the 5 rows ... write down the sum": a click is legal exactly when the sum of
    two dice in the pool is one its row takes next."""
    game = load(spec)
    rng = random.Random(4)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            view = state.view(state.current_player())
            open_sums = view["boards"][view["me"]]["open"]
            pool = view["pool"]
            expected = set()
            for i, take in enumerate(pool):
                for j, onto in enumerate(pool):
                    if i != j:
                        for row in range(5):
                            if take + onto in open_sums[row]:
                                expected.add(f"{take}+{onto}>{row + 1}")
            assert {m for m in view["legal"] if "+" in m} == expected
            state.apply(rng.choice(state.legal_actions()))
