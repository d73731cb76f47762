"""Bot strength: mean scores and win rates with 95% intervals, seats swapped on the same seeds.

.venv/bin/python bench/bots.py [--games N] [--players P] [--side A|B] [--workers K]
"""

from __future__ import annotations

import argparse

from clickbox.games import load
from clickbox.sim import run_series, summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--side", default="A")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = load("clickety-clack", players=args.players, options={"side": args.side})
    for bots in (
        ["greedy"] + ["random"] * (args.players - 1),
        ["random"] * (args.players - 1) + ["greedy"],
    ):
        records = list(run_series(game, bots, args.games, args.seed, args.workers))
        print(f"{game.spec()} {','.join(bots)}: {len(records)} games")
        for s in summarize(records):
            print(f"  seat {s.seat} {s.bot:8} mean {s.mean_score}  win rate {s.win_rate}")


if __name__ == "__main__":
    main()
