"""Search bots at That's Pretty Clever: solo mean score and time per decision, and duels.

.venv/bin/python bench/clever_hard.py solo SPEC [--games N] [--seed S] [--workers K]
.venv/bin/python bench/clever_hard.py duel SPEC_A SPEC_B [--players P] [--games N] [--seed S]
                                      [--workers K]
.venv/bin/python bench/clever_hard.py compare SPEC SPEC... [--games N] [--seed S] [--workers K]
.venv/bin/python bench/clever_hard.py drift [--players P] [--games N] [--seed S] [--samples K]
.venv/bin/python bench/clever_hard.py tune SPEC --only NAME,NAME [--generations G]
                                      [--population P] [--games N] [--seed S] [--workers K]

``solo`` plays games ``0..N-1`` of the series ``S`` (``game_seed(S, i)``, the seeds ``clickbox
simulate clever --players 1 --seed S`` uses) and prints the mean score with its 95% interval,
the spread, and the mean and largest thinking time per decision (one process per worker: the
times are single-core times when the machine has a core per worker).

``duel`` plays ``SPEC_A`` against ``SPEC_B`` (``--players 2``: A in seat 0 in game ``i`` and in
seat 1 in game ``i`` again, the same dice seed; more players: A in one seat, B in the rest,
A's seat rotating), and prints A's and B's mean scores, A's win rate and the mean score
difference with 95% intervals.

``compare`` plays every spec solo on the same games with common dice: the faces of the ``j``-th
roll of a turn are fixed per game, turn, ``j`` and die, whatever was played before, so two bots
meet the same luck as far as their play allows, and prints the paired score differences (each
spec minus the first). In practice the games still drift apart after the first different
choice: the paired interval is only a little tighter than that of two plain means.

``drift`` measures, at each roll of greedy games (every seat greedy), the mean over the roll's
outcomes of the best one-ply evaluation after it minus the evaluation before it, per kind of
roll (0, 1, 2 picks made this turn; 3: the solo passive roll) and round, and prints the table
``evaluation.ROLL_DRIFT`` holds (the search bot subtracts it at each roll it searches).

``tune`` is ``bench/clever_greedy.py tune`` (a cross-entropy search over the evaluation's
weights) with any bot playing and only the ``--only`` weights moving.

A spec is any ``make_bot`` spec, or ``clever-search:key=value,...`` (built here directly while
the registry does not name it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import fields
from typing import cast

from clickbox.bots import Bot, GreedyBot
from clickbox.bots.clever import evaluation
from clickbox.bots.clever.evaluation import Weights
from clickbox.bots.clever.search import CleverSearchBot, _Search
from clickbox.bots.registry import make_bot
from clickbox.core import (
    CHANCE,
    Action,
    GameBase,
    StateBase,
    View,
    derive_rng,
    derive_seed,
    sample_chance,
)
from clickbox.games import load
from clickbox.games.clever.rules import CleverState
from clickbox.sim import game_seed, mean_interval, play_match
from clickbox.sim.stats import proportion_interval


class Timed(Bot):
    """A bot that records how long each decision takes."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, game, rng)
        self.times.append(time.perf_counter() - start)
        return action


def _solo(task: tuple[str, int, int]) -> tuple[float, list[float]]:
    spec, seed, index = task
    game = load("clever", players=1)
    bot = Timed(make_bot(spec))
    record = play_match(game, [bot], game_seed(seed, index))
    assert record.outcome is not None
    return record.outcome.scores[0], bot.times


def _duel(task: tuple[str, str, int, int, int, int]) -> tuple[float, float, bool, bool]:
    spec_a, spec_b, players, seed, index, seat_a = task
    game = load("clever", players=players)
    bots = [make_bot(spec_b) for _ in range(players)]
    bots[seat_a] = make_bot(spec_a)
    record = play_match(game, bots, game_seed(seed, index))
    outcome = record.outcome
    assert outcome is not None
    others = [outcome.scores[s] for s in range(players) if s != seat_a]
    return (
        outcome.scores[seat_a],
        sum(others) / len(others),
        seat_a in outcome.winners,
        any(s in outcome.winners for s in range(players) if s != seat_a),
    )


def _map(function: object, tasks: Sequence[object], workers: int) -> list[object]:
    if workers == 1:
        return [function(task) for task in tasks]  # type: ignore[operator]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return list(pool.imap(function, tasks, chunksize=1))  # type: ignore[arg-type]


def _line(label: str, values: Sequence[float]) -> str:
    e = mean_interval(values)
    return f"{label} {e.value:.2f} ± {(e.high - e.low) / 2:.2f} [{e.low:.2f}, {e.high:.2f}]"


def solo(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    tasks = [(args.spec, args.seed, i) for i in range(args.games)]
    results = _map(_solo, tasks, args.workers)
    elapsed = time.perf_counter() - start
    scores = [r[0] for r in results]  # type: ignore[index]
    times = [t for r in results for t in r[1]]  # type: ignore[index]
    warm = [t for r in results for t in r[1][1:]]  # type: ignore[index]
    print(f"{args.spec} solo, {len(scores)} games, seed {args.seed}, {args.workers} worker(s)")
    print("  " + _line("mean", scores))
    ordered = sorted(scores)
    print(f"  min {ordered[0]:.0f}  median {ordered[len(ordered) // 2]:.0f}  max {ordered[-1]:.0f}")
    print(
        f"  {len(times)} decisions: mean {1000 * sum(warm) / len(warm):.2f} ms, "
        f"max {1000 * max(warm):.1f} ms (not counting each game's first decision; "
        f"with it: mean {1000 * sum(times) / len(times):.2f} ms, max {1000 * max(times):.0f} ms)"
    )
    print(f"  {elapsed:.0f} s", flush=True)


def duel(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    p = args.players
    tasks = []
    for i in range(args.games):
        seats = range(2) if p == 2 else [i % p]
        tasks += [(args.a, args.b, p, args.seed, i, seat) for seat in seats]
    results = cast(list[tuple[float, float, bool, bool]], _map(_duel, tasks, args.workers))
    a = [r[0] for r in results]
    b = [r[1] for r in results]
    wins = sum(1 for r in results if r[2])
    print(f"{args.a} vs {args.b}, {p} players, {len(results)} games, seed {args.seed}")
    print("  " + _line("A mean", a))
    print("  " + _line("B mean", b))
    print("  " + _line("A - B", [x - y for x, y in zip(a, b, strict=True)]))
    w = proportion_interval(wins, len(results))
    print(f"  A wins {w.value:.3f} [{w.low:.3f}, {w.high:.3f}] (shared wins count)")
    print(f"  {time.perf_counter() - start:.0f} s", flush=True)


class CommonDice:
    """The dice of a solo game, fixed per (round, roll of the turn, die): common random numbers."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.ties = derive_rng(seed, "common-dice", "ties")
        self.turn = (0, 0)
        self.rolls = 0

    def play(self, state: StateBase) -> None:
        """Roll the dice the state is rolling (the whole roll)."""
        solo_roll = state.stage == "solo-rolling"  # type: ignore[attr-defined]
        key = (state.round, -1 if solo_roll else state.active)  # type: ignore[attr-defined]
        if key != self.turn:
            self.turn, self.rolls = key, 0
        self.rolls += 1
        rng = derive_rng(self.seed, "common-dice", *key, self.rolls)
        table = [rng.randint(1, 6) for _ in range(6)]
        while state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            if outcomes[0][0] >= 2100:  # platter ties: from the game's own stream
                state.apply(outcomes[int(self.ties.random() * len(outcomes))][0])
                continue
            faces = state.faces  # type: ignore[attr-defined]
            die = next(d for d in state.rolled if faces[d] == 0)  # type: ignore[attr-defined]
            state.apply(2000 + table[die])


def _common(task: tuple[str, int, int]) -> tuple[float, list[float]]:
    spec, seed, index = task
    game = load("clever", players=1)
    bot = Timed(make_bot(spec))
    rng = derive_rng(game_seed(seed, index), "bot", 0)
    dice = CommonDice(game_seed(seed, index))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            dice.play(state)
        else:
            state.apply(bot.choose(state.view(0), game, rng))
    outcome = state.outcome()
    assert outcome is not None
    return outcome.scores[0], bot.times


def compare(args: argparse.Namespace) -> None:
    base: list[float] = []
    for spec in args.specs:
        start = time.perf_counter()
        tasks = [(spec, args.seed, i) for i in range(args.games)]
        results = _map(_common, tasks, args.workers)
        scores = [r[0] for r in results]  # type: ignore[index]
        warm = [t for r in results for t in r[1][1:]]  # type: ignore[index]
        line = f"{spec}: " + _line("mean", scores)
        if base:
            line += "  " + _line("diff", [x - y for x, y in zip(scores, base, strict=True)])
        else:
            base = scores
        ms = 1000 * sum(warm) / len(warm)
        print(f"{line}  {ms:.1f} ms/decision, {time.perf_counter() - start:.0f} s", flush=True)


def _drift(task: tuple[int, int, int, int]) -> list[tuple[int, int, float]]:
    players, seed, index, samples = task
    game = load("clever", players=players)
    rng = derive_rng(game_seed(seed, index), "drift")
    bot = GreedyBot()
    search = CleverSearchBot(samples=samples, depth=1, drift=0)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        player = state.current_player()
        if player != CHANCE:
            state.apply(bot.choose(state.view(player), game, rng))
            continue
        stage = state.stage  # type: ignore[attr-defined]
        if stage in ("rolling", "solo-rolling"):
            seat = state.active  # type: ignore[attr-defined]
            kind = 3 if stage == "solo-rolling" else len(state.spaces)  # type: ignore[attr-defined]
            clever = cast(CleverState, state)
            before = evaluation.evaluate(clever, seat)
            after = _Search(search, game, clever, seat, rng).value(clever, 1, 1)
            found.append((kind, state.round, after - before))  # type: ignore[attr-defined]
        while state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
    return found


def drift(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    tasks = [(args.players, args.seed, i, args.samples) for i in range(args.games)]
    results = _map(_drift, tasks, args.workers)
    rounds = load("clever", players=args.players).rounds  # type: ignore[attr-defined]
    cells: dict[tuple[int, int], list[float]] = {}
    for found in results:
        for kind, round_, value in found:  # type: ignore[attr-defined]
            cells.setdefault((kind, round_), []).append(value)
    rows = []
    for kind in range(4):
        row = []
        for round_ in range(1, rounds + 1):
            values = cells.get((kind, round_), [0.0])
            row.append(sum(values) / len(values))
        rows.append(row)
        counts = [len(cells.get((kind, r), [])) for r in range(1, rounds + 1)]
        print(f"# kind {kind}: rolls per round {counts}")
    text = ", ".join("(" + ", ".join(f"{v:.2f}" for v in row) + ")" for row in rows)
    print(f"{args.players}: ({text}),")
    print(f"# {time.perf_counter() - start:.0f} s", flush=True)


def _tune_play(task: tuple[str, dict[str, float], int, int, int]) -> list[float]:
    """Scores of games ``start .. start+count-1`` of the series ``seed``, weights ``values``."""
    spec, values, seed, start, count = task
    weights = Weights(**values)
    if weights not in evaluation._TABLES and len(evaluation._TABLES) > 3:
        evaluation._TABLES.clear()  # a Tables is ~15 MB: keep a few
    evaluation.use_weights(weights)
    game = load("clever", players=1)
    scores = []
    for index in range(start, start + count):
        record = play_match(game, [make_bot(spec)], game_seed(seed, index))
        assert record.outcome is not None
        scores.append(record.outcome.scores[0])
    evaluation.use_weights(evaluation.WEIGHTS)
    return scores


def tune(args: argparse.Namespace) -> None:
    """Cross-entropy search over evaluation weights, with ``spec`` playing (see
    ``bench/clever_greedy.py tune``; here any bot plays, and only ``--only`` weights move)."""
    from clever_greedy import BOUNDS, _parse_sets  # type: ignore[import-not-found]

    rng = derive_rng(args.seed, "tune-rng")
    mean = {f.name: float(getattr(_parse_sets(args.set), f.name)) for f in fields(Weights)}
    tuned = args.only.split(",")
    sigma = {n: args.spread * (BOUNDS[n][1] - BOUNDS[n][0]) / 4 for n in tuned}
    elite_count = max(2, args.population // 4)
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for generation in range(args.generations):
            t0 = time.perf_counter()
            candidates = [dict(mean)]
            while len(candidates) < args.population:
                values = dict(mean)
                for n in tuned:
                    low, high = BOUNDS[n]
                    values[n] = min(high, max(low, rng.gauss(mean[n], sigma[n])))
                candidates.append(values)
            series = derive_seed(args.seed, "tune", generation)
            chunk = max(1, args.games // 4)
            tasks = [
                (args.spec, c, series, start, min(chunk, args.games - start))
                for c in candidates
                for start in range(0, args.games, chunk)
            ]
            results = pool.map(_tune_play, tasks, chunksize=1)
            per = [0.0] * len(candidates)
            per_chunks = len(range(0, args.games, chunk))
            for i, scores in enumerate(results):
                per[i // per_chunks] += sum(scores) / args.games
            order = sorted(range(len(candidates)), key=lambda i: -per[i])
            elite = [candidates[i] for i in order[:elite_count]]
            for n in tuned:
                xs = [e[n] for e in elite]
                centre = sum(xs) / len(xs)
                spread = (sum((x - centre) ** 2 for x in xs) / len(xs)) ** 0.5
                mean[n] = 0.3 * mean[n] + 0.7 * centre
                width = BOUNDS[n][1] - BOUNDS[n][0]
                sigma[n] = max(0.3 * sigma[n] + 0.7 * spread, 0.01 * width)
            print(
                f"gen {generation}: mean-candidate {per[0]:.2f}, best {per[order[0]]:.2f}, "
                f"elite mean {sum(per[i] for i in order[:elite_count]) / elite_count:.2f} "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
            print("  " + ",".join(f"{n}={mean[n]:.4g}" for n in tuned), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_solo = sub.add_parser("solo", help="solo mean score and time per decision")
    p_solo.add_argument("spec")
    p_duel = sub.add_parser("duel", help="spec A against spec B")
    p_duel.add_argument("a")
    p_duel.add_argument("b")
    p_duel.add_argument("--players", type=int, default=2)
    p_compare = sub.add_parser("compare", help="specs on common dice, paired differences")
    p_compare.add_argument("specs", nargs="+")
    p_tune = sub.add_parser("tune", help="cross-entropy search over weights with SPEC playing")
    p_tune.add_argument("spec")
    p_tune.add_argument("--only", required=True, help="the weights to tune, comma-separated")
    p_tune.add_argument("--generations", type=int, default=8)
    p_tune.add_argument("--population", type=int, default=12)
    p_tune.add_argument("--spread", type=float, default=0.15)
    p_tune.add_argument("--set", action="append", default=[], metavar="NAME=VALUE[,...]")
    p_drift = sub.add_parser("drift", help="the evaluation's drift across a roll")
    p_drift.add_argument("--players", type=int, default=1)
    p_drift.add_argument("--samples", type=int, default=64)
    for p in (p_solo, p_duel, p_compare, p_drift, p_tune):
        p.add_argument("--games", type=int, default=200)
        p.add_argument("--seed", type=int, default=7)
        p.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.command == "solo":
        solo(args)
    elif args.command == "duel":
        duel(args)
    elif args.command == "compare":
        compare(args)
    elif args.command == "tune":
        tune(args)
    else:
        drift(args)


if __name__ == "__main__":
    main()
