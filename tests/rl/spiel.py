"""Random play of OpenSpiel states, for the tests of the OpenSpiel games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_step(state: Any, rng: random.Random) -> None:
    """Play one random step: a chance outcome by its probability, else a legal action."""
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def advance(state: Any, rng: random.Random, steps: int) -> None:
    """Play ``steps`` random steps, or to the end."""
    for _ in range(steps):
        if state.is_terminal():
            return
        random_step(state, rng)


def random_play(game: Any, seed: int) -> Iterator[Any]:
    """Every state of one random game, as it is reached (the same state object, played on)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        random_step(state, rng)
        yield state
