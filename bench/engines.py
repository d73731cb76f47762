"""Engine throughput of every game, one core: random-play games/s, steps/s, clones/s.

    .venv/bin/python bench/engines.py [--seconds T]

Prints one line per game configuration; figures go in issue notes, never in tests.
"""

from __future__ import annotations

import argparse

from clickbox import _build
from clickbox.games import CATALOG
from clickbox.sim import bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"clickbox engines, one core, {args.seconds:g} s per line, {_build.describe()}")
    print(f"{'game':60} {'games/s':>10} {'steps/s':>12} {'clones/s':>12}")
    for cls in CATALOG.games:
        for players in range(cls.min_players, cls.max_players + 1):
            specs: set[str] = set()
            for preset in (None, *cls.presets):
                game = cls.from_options(players, preset=preset)
                if game.spec() in specs:  # a preset equal to the defaults
                    continue
                specs.add(game.spec())
                result = bench(game, args.seconds)
                print(
                    f"{game.spec():60} {result.games_per_second:10,.0f} "
                    f"{result.steps_per_second:12,.0f} {result.clones_per_second:12,.0f}"
                )


if __name__ == "__main__":
    main()
