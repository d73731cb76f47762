"""Clickety Clack's search bot against others: win rates over both seat orders, time per decision.

.venv/bin/python bench/clickety_hard.py run [--bots A,B] [--games N] [--seed S] [--players P]
                                           [--side A|B]
.venv/bin/python bench/clickety_hard.py tune [--generations G] [--population P] [--games N]
                                            [--seed S] [--set NAME=VALUE,...] [--spread X]
                                            [--bot OPTIONS] [--only NAME,...]

``run`` plays ``N`` games with A in seat 0 and B in seat 1, then the same ``N`` seeds with the
seats swapped: exactly ``clickbox simulate clickety-clack --players 2 --bots A,B --games N
--seed S`` and ``--bots B,A``. It prints A's combined win rate (a shared victory counts as a
win, as ``summarize`` counts it) with its Wilson 95% interval, the ties, the mean score margin,
and A's and B's mean milliseconds per decision (one core, views built as in a real game).
With ``--players 3`` or 4, A plays every seat in turn against copies of B. Specs may
have options: ``--bots clickety:look=1,win=1,greedy`` is two bots.

``tune`` is a cross-entropy search over ``evaluation.DeepWeights``: each generation draws
``P`` candidates around the mean, plays each as ``clickety:BOT`` (``--bot``, default
``look=1``, the faster search) against the start weights (``--set``) on the same ``N`` seeds,
both seat orders (fresh seeds per generation,
derived from ``S``; never the seeds of ``run``), keeps the best quarter by wins plus a small
share of the score margin, and moves the mean and spread towards them. Positions are played
directly (no views), so it is several times faster than ``run``. Confirm with ``run``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import asdict, fields, replace

from clickbox.bots import registry
from clickbox.bots.base import Bot
from clickbox.bots.clickety import evaluation as H
from clickbox.bots.clickety.search import ClicketySearchBot
from clickbox.core import GameBase, derive_seed, sample_chance
from clickbox.games import load
from clickbox.games.clickety.rules import ClicketyClackState
from clickbox.sim import game_seed, play_match, proportion_interval
from clickbox.sim.arena import TimedBot


def run(specs: list[str], games: int, seed: int, players: int, side: str) -> None:
    """A against B, A in every seat in turn, on the same seeds."""
    game = load("clickety-clack", players=players, options={"side": side})
    mine = TimedBot(registry.make_bot(specs[0]))
    theirs = TimedBot(registry.make_bot(specs[1]))
    wins = ties = total = 0
    margin = 0.0
    start = time.perf_counter()
    for seat in range(players):
        bots: list[Bot] = [theirs] * players
        bots[seat] = mine
        labels = [specs[1]] * players
        labels[seat] = specs[0]
        seat_wins = 0
        for index in range(games):
            outcome = play_match(game, bots, game_seed(seed, index), labels).outcome
            assert outcome is not None
            scores = outcome.scores
            best_other = max(s for p, s in enumerate(scores) if p != seat)
            margin += scores[seat] - best_other
            if seat in outcome.winners:
                seat_wins += 1
                ties += len(outcome.winners) > 1
            total += 1
        wins += seat_wins
        print(f"  {specs[0]} in seat {seat}: {proportion_interval(seat_wins, games)}", flush=True)
    rate = proportion_interval(wins, total)
    print(
        f"{specs[0]} vs {specs[1]} ({game.spec()}, seed {seed}): {wins}/{total} won "
        f"(ties {ties}): {rate.value:.3f} [{rate.low:.3f}, {rate.high:.3f}]; "
        f"margin {margin / total:+.2f}; "
        f"ms/decision {mine.mean_ms():.2f} vs {theirs.mean_ms():.2f}; "
        f"{time.perf_counter() - start:.0f}s"
    )


# -- tuning ---------------------------------------------------------------------------------------

BOUNDS: dict[str, tuple[float, float]] = {
    "share": (0.1, 1.0),
    "draws": (1.0, 6.0),
    "turns_per_need": (0.0, 2.0),
    "turns_base": (0.0, 16.0),
    "penalty_1": (0.0, 8.0),  # penalty_turns[1..3]
    "penalty_2": (0.0, 12.0),
    "penalty_3": (0.0, 16.0),
}


def _with(start: H.DeepWeights, values: dict[str, float]) -> H.DeepWeights:
    """``start`` with the tuned values (``penalty_k``: the k-th entry of ``penalty_turns``)."""
    turns = list(start.penalty_turns)
    plain: dict[str, float] = {}
    for name, value in values.items():
        if name.startswith("penalty_"):
            turns[int(name[-1])] = value
        else:
            plain[name] = value
    return replace(start, penalty_turns=tuple(turns), **plain)  # type: ignore[arg-type]


def _value(start: H.DeepWeights, name: str) -> float:
    if name.startswith("penalty_"):
        return start.penalty_turns[int(name[-1])]
    return float(getattr(start, name))


def _play(game: GameBase, bots: list[ClicketySearchBot], seed: int) -> tuple[float, ...]:
    """One game on positions (no views): chance from ``seed``."""
    state = game.new_initial_state()
    assert isinstance(state, ClicketyClackState)
    rng = random.Random(derive_seed(seed, "chance"))
    while not state.is_terminal():
        seat = state.current_player()
        if seat < 0:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(bots[seat].rank_state(state, seat)[0][0])
    outcome = state.outcome()
    assert outcome is not None
    return outcome.scores


def _fitness(
    game: GameBase,
    start: H.DeepWeights,
    weights: H.DeepWeights,
    seeds: list[int],
    options: dict[str, str],
) -> float:
    """Wins (ties half) plus 1% of the mean margin against the start weights, both orders."""
    candidate = ClicketySearchBot(weights=weights, **options)
    reference = ClicketySearchBot(weights=start, **options)
    points = 0.0
    for seed in seeds:
        for seat in (0, 1):
            bots = [reference, reference]
            bots[seat] = candidate
            scores = _play(game, bots, seed)
            lead = scores[seat] - scores[1 - seat]
            points += (1.0 if lead > 0 else 0.5 if lead == 0 else 0.0) + 0.01 * lead
    return points / (2 * len(seeds))


def tune(
    generations: int,
    population: int,
    games: int,
    seed: int,
    start: H.DeepWeights,
    spread: float,
    options: dict[str, str],
    only: list[str],
) -> None:
    """Cross-entropy search over the weights named in ``BOUNDS`` (or ``only`` those)."""
    game = load("clickety-clack", players=2)
    rng = random.Random(seed)
    bounds = {name: BOUNDS[name] for name in only or BOUNDS}
    mean = {name: _value(start, name) for name in bounds}
    sigma = {name: spread * (high - low) for name, (low, high) in bounds.items()}
    for generation in range(generations):
        seeds = [derive_seed(seed, "tune", generation, i) for i in range(games)]
        scored = []
        t0 = time.perf_counter()
        for _ in range(population):
            values = {
                name: min(high, max(low, rng.gauss(mean[name], sigma[name])))
                for name, (low, high) in bounds.items()
            }
            fitness = _fitness(game, start, _with(start, values), seeds, options)
            scored.append((fitness, values))
        scored.sort(key=lambda item: -item[0])
        elite = [values for _, values in scored[: max(2, population // 4)]]
        for name in bounds:
            column = [values[name] for values in elite]
            mu = sum(column) / len(column)
            sd = math.sqrt(sum((v - mu) ** 2 for v in column) / len(column))
            mean[name] = mu
            sigma[name] = max(0.3 * sigma[name], sd)
        best, best_values = scored[0]
        shown = ",".join(f"{k}={v:.3f}" for k, v in best_values.items())
        print(
            f"generation {generation}: best {best:.3f} ({shown}); mean "
            + ",".join(f"{k}={v:.3f}" for k, v in mean.items())
            + f"; {time.perf_counter() - t0:.0f}s",
            flush=True,
        )


def _weights(text: str) -> H.DeepWeights:
    """``DeepWeights`` with ``NAME=VALUE,...`` overrides."""
    kinds = {f.name: f.type for f in fields(H.DeepWeights)}
    values: dict[str, object] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in kinds:
            raise SystemExit(f"unknown weight {name!r}: {', '.join(asdict(H.DEEP))}")
        values[name] = (
            tuple(float(v) for v in value.split(":"))
            if name == "penalty_turns"
            else int(value)
            if name == "max_chances"
            else float(value)
        )
    return replace(H.DEEP, **values)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_run = sub.add_parser("run")
    p_run.add_argument("--bots", default="hard,greedy")
    p_run.add_argument("--games", type=int, default=500)
    p_run.add_argument("--seed", type=int, default=1)
    p_run.add_argument("--players", type=int, default=2)
    p_run.add_argument("--side", default="A", choices=("A", "B"))
    p_tune = sub.add_parser("tune")
    p_tune.add_argument("--generations", type=int, default=6)
    p_tune.add_argument("--population", type=int, default=12)
    p_tune.add_argument("--games", type=int, default=100)
    p_tune.add_argument("--seed", type=int, default=7)
    p_tune.add_argument("--set", default="")
    p_tune.add_argument("--spread", type=float, default=0.15)
    p_tune.add_argument("--bot", default="look=1", help="clickety options, e.g. look=1,win=1")
    p_tune.add_argument("--only", default="", help="tune only these: " + ",".join(BOUNDS))
    args = parser.parse_args()
    if args.command == "run":
        specs = registry.split_bot_specs(args.bots)
        if len(specs) != 2:
            raise SystemExit("--bots takes two specs: A,B")
        run(specs, args.games, args.seed, args.players, args.side)
    else:
        tune(
            args.generations,
            args.population,
            args.games,
            args.seed,
            _weights(args.set),
            args.spread,
            dict(item.split("=", 1) for item in args.bot.split(",") if item),
            [name for name in args.only.split(",") if name],
        )


if __name__ == "__main__":
    main()
