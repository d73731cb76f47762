"""The rulebased bot at Click Click Boom: mean coins and win rates with 95% intervals.

.venv/bin/python bench/boom_bots.py [--games N] [--seed S] [--workers K] [--only NAME,NAME]

Each line is one series (``clickbox simulate`` with the same seed plays the same games): the
rulebased bot in seat 0 against random (or greedy) bots in the other seats. It prints the
rulebased bot's mean score (coins; Quick Play: the share of games it survived) and win rate,
the other seats' mean win rate and the even share (1 / players) for comparison (Quick Play has
no even share: every survivor wins).
"""

from __future__ import annotations

import argparse
import time

from clickbox.games import load
from clickbox.sim import run_series, summarize

# name -> (game spec, opponent bot)
SERIES: dict[str, tuple[str, str]] = {
    "4p-random": ("click-click-boom(players=4)", "random"),
    "4p-greedy": ("click-click-boom(players=4)", "greedy"),
    "4p-quick": ("click-click-boom(players=4,mode=quick)", "random"),
    "4p-advanced": ("click-click-boom(players=4,advanced=true)", "random"),
    "3p-random": ("click-click-boom(players=3)", "random"),
    "6p-random": ("click-click-boom(players=6)", "random"),
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
        spec, opponent = SERIES[name]
        game = load(spec)
        bots = ["rulebased"] + [opponent] * (game.num_players - 1)
        start = time.perf_counter()
        records = list(run_series(game, bots, args.games, args.seed, args.workers))
        elapsed = time.perf_counter() - start
        summaries = summarize(records)
        mine = summaries[0]
        others = summaries[1:]
        other_rate = sum(s.win_rate.value for s in others) / len(others)
        even = (
            "survivors share wins" if "quick" in spec else f"even share {1 / game.num_players:.3f}"
        )
        print(
            f"{name:12} {game.spec()} vs {opponent}: {len(records)} games, {elapsed:.0f}s\n"
            f"  rulebased mean {mine.mean_score}  win rate {mine.win_rate}  "
            f"(others' mean win rate {other_rate:.3f}; {even})"
        )


if __name__ == "__main__":
    main()
