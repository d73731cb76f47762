"""Engine speed on one core: random-play games/s, steps/s and clones/s."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core import CHANCE, GameBase, StateBase, sample_chance


@dataclass(frozen=True)
class BenchResult:
    """Throughput figures of one benchmark run."""

    games: int
    steps: int
    decisions: int
    seconds: float
    games_per_second: float
    steps_per_second: float
    decisions_per_second: float
    clones_per_second: float


def bench(game: GameBase, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    """Play random games for about ``seconds``, then time clones for a third as long.

    Steps count every applied action, chance outcomes included; decisions count the seats'
    actions only. Clones are taken of positions sampled from the played games.
    """
    rng = random.Random(seed)
    games = steps = decisions = 0
    samples: list[StateBase] = []
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while True:
            player = state.current_player()
            if player >= 0:
                action = rng.choice(state.legal_actions())
                decisions += 1
            elif player == CHANCE:
                action = sample_chance(state, rng)
            else:
                break
            state.apply(action)
            steps += 1
            if steps % 97 == 0 and len(samples) < 64:
                samples.append(state.clone())
        games += 1
    elapsed = time.perf_counter() - start
    clones = 0
    clone_start = time.perf_counter()
    clone_deadline = clone_start + max(seconds / 3, 0.1)
    while time.perf_counter() < clone_deadline:
        for sample in samples:
            sample.clone()
        clones += len(samples)
    clone_elapsed = time.perf_counter() - clone_start
    return BenchResult(
        games=games,
        steps=steps,
        decisions=decisions,
        seconds=elapsed,
        games_per_second=games / elapsed,
        steps_per_second=steps / elapsed,
        decisions_per_second=decisions / elapsed,
        clones_per_second=clones / clone_elapsed if clone_elapsed else 0.0,
    )
