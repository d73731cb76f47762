"""The greedy bot at That's Pretty Clever solo: mean score with a 95% interval, and tuning.

.venv/bin/python bench/clever_greedy.py run [--games N] [--seed S] [--workers K] [--set NAME=VALUE]
.venv/bin/python bench/clever_greedy.py tune [--generations G] [--population P] [--games N]
                                             [--seed S] [--workers K] [--only NAME,NAME]
                                             [--spread X] [--set NAME=VALUE,...]

``run`` plays game ``i`` on ``game_seed(seed, i)``, as ``clickbox simulate clever --players 1
--bots greedy --seed S`` does, so with the default weights both give the same games.
``--set`` overrides weights of ``evaluation.Weights`` for the run.

``tune`` is a cross-entropy search over the weights: each generation draws ``population``
candidates around the current mean, plays every candidate on the same ``games`` seeds (fresh
seeds each generation, derived from ``seed``, never the seeds of ``run``'s seed 1), keeps the
best quarter and moves the mean and spread towards them. It prints each generation's best and
the mean; confirm a result with ``run --set ...`` on fresh seeds. ``--set`` gives the start.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, fields, replace
from multiprocessing.pool import Pool

from clickbox.bots import GreedyBot
from clickbox.bots.clever import evaluation
from clickbox.bots.clever.evaluation import Weights
from clickbox.core import derive_seed
from clickbox.games import load
from clickbox.sim import game_seed, mean_interval, play_match

GAME_SPEC = "clever"

# Bounds of the search (weights are clipped into them).
BOUNDS: dict[str, tuple[float, float]] = {
    "yellow_share": (0.02, 2.0),
    "blue_share": (0.02, 2.0),
    "green_share": (0.02, 2.0),
    "orange_share": (0.02, 2.0),
    "purple_share": (0.02, 2.0),
    "yellow_dice": (0.3, 4.0),
    "blue_dice": (0.3, 4.0),
    "green_dice": (0.3, 6.0),
    "purple_dice": (0.3, 4.0),
    "yellow_free": (0.0, 1.0),
    "blue_free": (0.0, 1.0),
    "orange_cost": (-4.0, 10.0),
    "orange_dice": (0.3, 4.0),
    "purple_cost": (-2.0, 6.0),
    "pool_slope": (0.0, 1.0),
    "passive_pick": (0.0, 2.0),
    "reroll": (0.0, 20.0),
    "reroll_cap": (0.05, 3.0),
    "plus_one": (0.0, 20.0),
    "fox": (0.0, 60.0),
    "fox_softness": (0.0, 20.0),
    "forecast_yellow": (0.02, 3.0),
    "forecast_blue": (0.02, 2.0),
    "forecast_green": (0.02, 2.0),
    "forecast_orange": (0.02, 2.0),
    "forecast_purple": (0.02, 2.0),
    "cross": (0.0, 30.0),
    "green_cross": (0.0, 30.0),
}

_game = None


def _play(task: tuple[dict[str, float], int, int, int]) -> list[float]:
    """Scores of games ``start .. start+count-1`` of the series ``seed`` with ``weights``."""
    global _game
    values, seed, start, count = task
    if _game is None:
        _game = load(GAME_SPEC, players=1)
    weights = Weights(**values)
    if weights not in evaluation._TABLES and len(evaluation._TABLES) > 3:
        evaluation._TABLES.clear()  # a Tables is ~15 MB: keep a few
    evaluation.use_weights(weights)
    scores = []
    for index in range(start, start + count):
        record = play_match(_game, [GreedyBot()], game_seed(seed, index))
        assert record.outcome is not None
        scores.append(record.outcome.scores[0])
    return scores


def play_many(
    candidates: Sequence[Weights],
    games: int,
    seed: int,
    workers: int,
    chunk: int = 25,
    pool: Pool | None = None,
) -> list[list[float]]:
    """Per candidate, the scores of games 0..games-1 of the series ``seed`` (in order)."""
    owners = []
    tasks = []
    for number, weights in enumerate(candidates):
        for start in range(0, games, chunk):
            owners.append(number)
            tasks.append((asdict(weights), seed, start, min(chunk, games - start)))
    if pool is not None:
        results = pool.map(_play, tasks, chunksize=1)
    elif workers == 1:
        results = [_play(task) for task in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as own_pool:
            results = own_pool.map(_play, tasks, chunksize=1)
    per_candidate: list[list[float]] = [[] for _ in candidates]
    for number, scores in zip(owners, results, strict=True):
        per_candidate[number].extend(scores)
    return per_candidate


def _parse_sets(items: Sequence[str]) -> Weights:
    weights = evaluation.WEIGHTS
    names = {f.name for f in fields(Weights)}
    for item in items:
        for part in filter(None, (p.strip() for p in item.split(","))):
            name, _, text = part.partition("=")
            if name not in names:
                raise SystemExit(f"unknown weight {name!r}; the weights are {sorted(names)}")
            weights = replace(weights, **{name: float(text)})
    return weights


def run(args: argparse.Namespace) -> None:
    weights = _parse_sets(args.set)
    start = time.perf_counter()
    (scores,) = play_many([weights], args.games, args.seed, args.workers)
    elapsed = time.perf_counter() - start
    estimate = mean_interval(scores)
    half = (estimate.high - estimate.low) / 2
    print(f"greedy solo, {len(scores)} games, seed {args.seed}, {args.workers} worker(s)")
    low, high = estimate.low, estimate.high
    print(f"  mean {estimate.value:.2f} ± {half:.2f}  (95% CI [{low:.2f}, {high:.2f}])")
    ordered = sorted(scores)
    print(f"  min {ordered[0]:.0f}  median {ordered[len(ordered) // 2]:.0f}  max {ordered[-1]:.0f}")
    print(f"  {len(scores) / elapsed:.1f} games/s ({elapsed:.1f} s)")


def tune(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    start_weights = _parse_sets(args.set)
    names = [f.name for f in fields(Weights)]
    tuned = [n for n in names if not args.only or n in args.only.split(",")]
    mean = {n: float(getattr(start_weights, n)) for n in names}
    sigma = {n: args.spread * (BOUNDS[n][1] - BOUNDS[n][0]) / 4 for n in tuned}
    elite_count = max(2, args.population // 4)
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for generation in range(args.generations):
            _generation(args, generation, rng, mean, sigma, tuned, elite_count, pool)


def _generation(
    args: argparse.Namespace,
    generation: int,
    rng: random.Random,
    mean: dict[str, float],
    sigma: dict[str, float],
    tuned: list[str],
    elite_count: int,
    pool: Pool,
) -> None:
    """One generation of the cross-entropy search (updates ``mean`` and ``sigma``)."""
    candidates = [Weights(**mean)]
    while len(candidates) < args.population:
        values = dict(mean)
        for n in tuned:
            low, high = BOUNDS[n]
            values[n] = min(high, max(low, rng.gauss(mean[n], sigma[n])))
        candidates.append(Weights(**values))
    series_seed = derive_seed(args.seed, "tune", generation)
    t0 = time.perf_counter()
    # One task per candidate: each worker builds a candidate's tables once.
    scores = play_many(candidates, args.games, series_seed, args.workers, args.games, pool)
    means = [sum(s) / len(s) for s in scores]
    order = sorted(range(len(candidates)), key=lambda i: -means[i])
    elite = [candidates[i] for i in order[:elite_count]]
    for n in tuned:
        xs = [getattr(e, n) for e in elite]
        centre = sum(xs) / len(xs)
        spread = math.sqrt(sum((x - centre) ** 2 for x in xs) / len(xs))
        mean[n] = 0.3 * mean[n] + 0.7 * centre
        sigma[n] = max(0.3 * sigma[n] + 0.7 * spread, 0.01 * (BOUNDS[n][1] - BOUNDS[n][0]))
    print(
        f"gen {generation:2d}: mean-candidate {means[0]:.2f}, best {means[order[0]]:.2f}, "
        f"elite mean {sum(means[i] for i in order[:elite_count]) / elite_count:.2f} "
        f"({time.perf_counter() - t0:.0f} s)",
        flush=True,
    )
    print("  " + ",".join(f"{n}={mean[n]:.4g}" for n in tuned), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_run = sub.add_parser("run", help="mean score of the greedy bot")
    p_run.add_argument("--games", type=int, default=1000)
    p_run.add_argument("--seed", type=int, default=1)
    p_run.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    p_run.add_argument("--set", action="append", default=[], metavar="NAME=VALUE[,...]")
    p_tune = sub.add_parser("tune", help="cross-entropy search over the weights")
    p_tune.add_argument("--generations", type=int, default=20)
    p_tune.add_argument("--population", type=int, default=16)
    p_tune.add_argument("--games", type=int, default=200)
    p_tune.add_argument("--seed", type=int, default=1000)
    p_tune.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    p_tune.add_argument("--spread", type=float, default=0.25, help="initial sigma / bound width")
    p_tune.add_argument("--only", default="", help="tune only these weights (comma-separated)")
    p_tune.add_argument("--set", action="append", default=[], metavar="NAME=VALUE[,...]")
    args = parser.parse_args()
    if args.command == "run":
        run(args)
    else:
        tune(args)


if __name__ == "__main__":
    main()
