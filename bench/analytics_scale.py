"""Analytics at scale: games/s through ``analyze`` on the local pool and on a local Ray, and the
driver's memory as the game count grows (the aggregates stream: it must stay flat).

    .venv/bin/python bench/analytics_scale.py [--clever 1000000] [--clickety 100000] [--workers 2]

Each run prints its games/s and the driver's resident memory after a tenth of the games and
at the end.
"""

from __future__ import annotations

import argparse
import resource
import time

from clickbox.games import load
from clickbox.sim.analytics import analyze


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux: /proc/self/status)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(name: str, players: int, bot: str, games: int, workers: int, backend: str) -> None:
    game = load(name, players=players)
    done = 0
    marks: list[float] = []

    def progress(count: int) -> None:
        nonlocal done
        done += count
        if not marks and done >= games // 10:
            marks.append(rss_mb())

    start = time.perf_counter()
    analysis = analyze(game, [bot] * players, games, 1, workers, progress, backend)
    elapsed = time.perf_counter() - start
    print(
        f"{game.spec():<28} {bot:<7} {backend:<6} {games:>9,} games {elapsed:8.1f} s "
        f"{games / elapsed:9,.0f} games/s   driver RSS {marks[0] if marks else 0:6.1f} MB at "
        f"10%, {rss_mb():6.1f} MB at the end   mean score {analysis.scores[0].mean:.2f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clever", type=int, default=1_000_000, help="random solo Clever games")
    parser.add_argument("--clickety", type=int, default=100_000, help="greedy 2p Clickety games")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backends", default="local,ray")
    args = parser.parse_args()
    for backend in args.backends.split(","):
        run("clever", 1, "random", args.clever, args.workers, backend)
        run("clickety-clack", 2, "greedy", args.clickety, args.workers, backend)


if __name__ == "__main__":
    main()
