"""Click Click Boom: a bot against three rule-based (or random) bots, in every seat, same seeds.

.venv/bin/python bench/boom_hard.py [--bots SPEC;SPEC...] [--vs rulebased] [--games N]
    [--seed S] [--seats 0,1,2,3] [--players 4] [--workers K] [--json FILE]

For each bot spec (``;``-separated; the default is the ``hard`` bot and its ablations) and each
seat, ``--games`` games with the bot in that seat and ``--vs`` in the others: series ``k`` is
``clickbox simulate click-click-boom --players 4 --bots ... --seed S`` with the bot in seat
``k`` (game ``i`` seeded ``game_seed(S, i)``, fresh bots per game, the same games). It prints
per seat and pooled: the share of games the bot finished with the most coins (the outcome's
winners, ties broken by the rulebook; Wilson 95% interval), its mean coins (95% interval) and
its mean milliseconds per decision (one core; decisions with a single legal move included) and
the longest. The JSON also counts the games it ended with the most coins, ties included.
Tune on seed 7, report on seed 1.

The default specs (what each shows):

* ``boom``: the ``hard`` bot (reads claims under a model of the others, bluffs);
* ``boom:read=policy``: the rule-based policy's own, vaguer reading of claims instead;
* ``boom:read=none``: no reading of picks or claims (a neighbour picks at random);
* ``boom:bluff=0``: picks (cards and claims) as the rule-based policy does;
* ``boom:claims=truth``: cards chosen by the model, but always the truth said;
* ``rulebased``: the baseline (the even share is 1/players).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from typing import Any

from clickbox.bots import registry
from clickbox.bots.base import Bot
from clickbox.games import load
from clickbox.sim import game_seed, mean_interval, play_match, proportion_interval
from clickbox.sim.arena import TimedBot

DEFAULT_BOTS = "boom;boom:read=policy;boom:read=none;boom:bluff=0;boom:claims=truth;rulebased"


def play(
    task: tuple[str, str, str, int, int, int],
) -> tuple[int, float, float, int, float, int]:
    """One game of ``spec`` in ``seat``: (won, coins, seconds, decisions, longest decision,
    tied or alone at the top)."""
    game_spec, spec, vs, seat, seed, index = task
    game = load(game_spec)
    labels = [vs] * game.num_players
    labels[seat] = spec
    bots: list[Bot] = [registry.make_bot(label) for label in labels]
    timed = TimedBot(bots[seat])
    bots[seat] = timed
    record = play_match(game, bots, game_seed(seed, index), labels=labels)
    assert record.outcome is not None
    won = int(seat in record.outcome.winners)
    scores = record.outcome.scores
    top = int(scores[seat] == max(scores))
    return won, float(scores[seat]), timed.seconds, timed.decisions, timed.longest, top


def series(
    game_spec: str, spec: str, vs: str, seats: list[int], games: int, seed: int, workers: int
) -> dict[str, Any]:
    """The bot ``spec`` in each of ``seats`` against ``vs``; per seat and pooled figures."""
    tasks = [(game_spec, spec, vs, seat, seed, i) for seat in seats for i in range(games)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(play, tasks, chunksize=max(1, len(tasks) // (workers * 8)))
    else:
        results = [play(task) for task in tasks]
    rows: list[dict[str, Any]] = []
    groups = [(str(seat), results[k * games : (k + 1) * games]) for k, seat in enumerate(seats)]
    for name, part in [*groups, ("all", results)]:
        wins = sum(r[0] for r in part)
        rate = proportion_interval(wins, len(part))
        coins = mean_interval([r[1] for r in part])
        decisions = sum(r[3] for r in part)
        ms = 1000 * sum(r[2] for r in part) / max(1, decisions)
        rows.append(
            {
                "seat": name,
                "games": len(part),
                "most_coins": wins,
                "top_or_tied": sum(r[5] for r in part),
                "rate": rate.value,
                "rate_ci95": [rate.low, rate.high],
                "mean_coins": coins.value,
                "mean_coins_ci95": [coins.low, coins.high],
                "ms_per_decision": ms,
                "ms_longest": 1000 * max(r[4] for r in part),
                "decisions_per_game": decisions / max(1, len(part)),
            }
        )
    return {"bot": spec, "vs": vs, "game": game_spec, "seed": seed, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", default=DEFAULT_BOTS, help="bot specs separated by ';'")
    parser.add_argument("--vs", default="rulebased")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--options", default="", help="game options, e.g. advanced=true")
    parser.add_argument("--games", type=int, default=250, help="games per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="", help="comma-separated seats (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default="", help="write the figures to this file")
    args = parser.parse_args()
    options = f",{args.options}" if args.options else ""
    game_spec = f"click-click-boom(players={args.players}{options})"
    seats = [int(s) for s in args.seats.split(",") if s.strip()] or list(range(args.players))
    found = []
    for spec in (s.strip() for s in args.bots.split(";") if s.strip()):
        start = time.perf_counter()
        result = series(game_spec, spec, args.vs, seats, args.games, args.seed, args.workers)
        found.append(result)
        print(f"{spec} vs {args.vs} ({game_spec}, seed {args.seed}):")
        for row in result["rows"]:
            low, high = row["rate_ci95"]
            c_low, c_high = row["mean_coins_ci95"]
            print(
                f"  seat {row['seat']:>3}: {row['games']:5} games  most coins "
                f"{row['rate']:.3f} [{low:.3f}, {high:.3f}]  coins {row['mean_coins']:.2f} "
                f"[{c_low:.2f}, {c_high:.2f}]  {row['ms_per_decision']:.2f} ms/decision "
                f"(longest {row['ms_longest']:.0f})"
            )
        print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(found, handle, indent=1)


if __name__ == "__main__":
    main()
