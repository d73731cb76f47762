"""Environment speed: PettingZoo AEC steps per second and clones per second, one core.

The loop is the one a learner runs: ``env.last()`` (the observation and its mask, made from the
view), a random legal action drawn from the mask, ``env.step``; chance is rolled inside, and a
finished game is reset. Clones copy the environment in the middle of a game.

    .venv/bin/python bench/rl_envs.py [--seconds 3] [--games clever,clickety-clack]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import clickbox.rl as rl
from clickbox._build import describe
from clickbox.games import CATALOG

CONFIGS = [
    ("clever", 1),
    ("clever", 2),
    ("clickety-clack", 2),
    ("clickety-clack", 4),
    ("click-click-boom", 3),
    ("click-clack", 2),
]


def steps_per_second(name: str, players: int, seconds: float) -> tuple[float, float]:
    """AEC steps per second over random masked actions, and games per second."""
    env = rl.env(name, players=players)
    rng = random.Random(1)
    env.reset(seed=1)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            games += 1
            if time.perf_counter() > deadline:
                break
            env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def clones_per_second(name: str, players: int, seconds: float) -> float:
    """``env.clone()`` per second, ten moves into a game."""
    env = rl.env(name, players=players)
    env.reset(seed=2)
    rng = random.Random(2)
    for _ in range(10):
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            env.clone()
        count += 1000
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--games", default="", help="comma-separated catalog names (all)")
    args = parser.parse_args()
    wanted = {CATALOG.get(name).name for name in args.games.split(",") if name}
    print(f"build: {describe()}")
    print(f"{'game':<22} {'players':>7} {'steps/s':>10} {'games/s':>8} {'clones/s':>10}")
    for name, players in CONFIGS:
        if wanted and name not in wanted:
            continue
        steps, games = steps_per_second(name, players, args.seconds)
        clones = clones_per_second(name, players, args.seconds)
        print(f"{name:<22} {players:>7} {steps:>10,.0f} {games:>8,.1f} {clones:>10,.0f}")


if __name__ == "__main__":
    main()
