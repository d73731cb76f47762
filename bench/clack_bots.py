"""The memory bot at Click Clack: win rates with 95% intervals against random, both seats.

.venv/bin/python bench/clack_bots.py [--games N] [--seed S] [--workers K] [--only NAME,NAME]

Each line is one series (``clickbox simulate click-clack --bots ...`` with the same seed plays
the same games); it prints each seat's win rate with its 95% interval and the even share.
"""

from __future__ import annotations

import argparse
import time

from clickbox.games import load
from clickbox.sim import run_series, summarize

# name -> (game spec, bots by seat)
SERIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "2p-first": ("click-clack(players=2)", ("memory", "random")),
    "2p-second": ("click-clack(players=2)", ("random", "memory")),
    "3p-first": ("click-clack(players=3)", ("memory", "random", "random")),
    "4p-first": ("click-clack(players=4)", ("memory", "random", "random", "random")),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated names: " + ", ".join(SERIES))
    args = parser.parse_args()
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(SERIES)
    for name in names:
        spec, bots = SERIES[name]
        game = load(spec)
        start = time.perf_counter()
        records = list(run_series(game, list(bots), args.games, args.seed, args.workers))
        elapsed = time.perf_counter() - start
        rates = "  ".join(f"seat {s.seat} {bots[s.seat]} {s.win_rate}" for s in summarize(records))
        print(
            f"{name:10} {game.spec()}: {len(records)} games, {elapsed:.0f}s "
            f"(even share {1 / game.num_players:.3f})\n  {rates}"
        )


if __name__ == "__main__":
    main()
