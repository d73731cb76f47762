"""An arena: bots against each other on the same deals in every seat rotation, with statistics.

Duplicate style. A *deal* is one game seed, ``game_seed(seed, deal)`` (the same seed that game
``deal`` of ``run_series`` uses). Each deal is played once per distinct cyclic rotation of the
bot list: rotation ``r`` moves every bot ``r`` seats on (seat ``i`` is played by
``bots[(i - r) % K]``). Rotations that seat the same bots in the same seats are played once
(``hard,hard`` has one rotation, ``a,b,a,b`` two), so within a deal every bot name sits in every
seat equally often. Every rotation of a deal uses the same match seed, hence the same chance RNG
and the same per-seat bot RNGs: the dice are identical for as long as the game's course lets
them be (the chance stream is drawn in order, so different choices can shift it later on).

Statistics are per bot *name* (three ``rulebased`` bots are pooled):

- mean score: ``mean_interval`` over deals of the bot's mean score in each deal (the rotations of
  a deal share their dice, so they are not independent games; averaging within the deal first
  gives an honest interval, and the same mean);
- win rate: Wilson interval over the bot's seat-games; a shared victory counts as a win for each
  sharer (like ``summarize``), and ``win_share`` counts it as ``1/k`` for ``k`` sharers;
- Elo: a Bradley–Terry fit over the pairs of seats played by *different* bots in each game
  (the one in the game's winners beats the one outside them; otherwise the higher score wins and
  equal scores are half a win each), with one virtual drawn comparison per pair of bots so the
  fit stays finite when a bot wins every pair; the bots' mean Elo is 1500 and the 95% interval
  comes from a seeded bootstrap over deals;
- seat advantage: mean score and win rate per seat index over all games;
- time per decision: every ``choose`` call is timed (wall clock, so it depends on the machine
  and its load; everything else is a function of the seed alone, whatever the worker count).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot, Scored
from ..bots.levels import LevelBot, level_spec
from ..bots.registry import make_bot
from ..core import Action, GameBase, GameRecord, OptionError, View, derive_seed
from ..games import load
from .runner import play_match
from .series import check_run, chunks, game_seed
from .stats import Estimate, mean_interval, proportion_interval

ELO_BASE = 1500.0
"""The bots' mean Elo rating."""

ELO_BOOTSTRAP = 200
"""Bootstrap resamples (over deals) behind the Elo intervals."""


def rotations(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct seatings of ``bots`` under cyclic rotation, rotation 0 (as given) first.

    Seating ``r`` puts ``bots[(i - r) % K]`` in seat ``i``; seatings equal to an earlier one
    are left out.
    """
    k = len(bots)
    seatings: list[tuple[str, ...]] = []
    for r in range(k):
        seating = tuple(bots[(i - r) % k] for i in range(k))
        if seating not in seatings:
            seatings.append(seating)
    return seatings


class TimedBot(Bot):
    """A bot whose ``choose`` calls are counted and timed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0
        self.longest = 0.0

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The wrapped bot's choice, timed."""
        start = time.perf_counter()
        action = self.bot.choose(view, game, rng)
        elapsed = time.perf_counter() - start
        self.decisions += 1
        self.seconds += elapsed
        self.longest = max(self.longest, elapsed)
        return action

    def mean_ms(self) -> float:
        """Mean milliseconds per decision so far."""
        return 1000 * self.seconds / max(1, self.decisions)

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """The wrapped bot's ranking (not timed)."""
        return self.bot.rank(view, game, rng)

    def label(self) -> str:
        """The wrapped bot's label."""
        return self.bot.label()


@dataclass(frozen=True)
class GameResult:
    """One game of the arena: which bot sat where, the scores, and the bots' thinking time."""

    deal: int
    rotation: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    """Per seat, the total time spent in ``choose``."""
    longest: tuple[float, ...]
    """Per seat, the longest single ``choose`` call."""
    record: GameRecord | None = None

    def outcome_key(self) -> tuple[object, ...]:
        """Everything but the timings: equal for equal seeds, whatever the worker count."""
        return (self.deal, self.rotation, self.seed, self.bots, self.scores, self.winners)

    def to_json(self) -> dict[str, Any]:
        """Plain data (without the record)."""
        return {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": [_number(s) for s in self.scores],
            "winners": list(self.winners),
            "decisions": list(self.decisions),
            "seconds": list(self.seconds),
            "longest": list(self.longest),
        }


def play_game(
    game: GameBase, seating: Sequence[str], seed: int, deal: int, rotation: int, keep: bool = False
) -> GameResult:
    """Play one game with fresh bots named by ``seating`` (one spec per seat), timing them."""
    bots = [TimedBot(make_bot(spec)) for spec in seating]
    meta = {"arena_deal": str(deal), "arena_rotation": str(rotation)}
    record = play_match(game, bots, seed, labels=list(seating), meta=meta)
    outcome = record.outcome
    assert outcome is not None, "play_match plays to the end"
    return GameResult(
        deal=deal,
        rotation=rotation,
        seed=seed,
        bots=tuple(seating),
        scores=tuple(float(s) for s in outcome.scores),
        winners=tuple(sorted(outcome.winners)),
        decisions=tuple(b.decisions for b in bots),
        seconds=tuple(b.seconds for b in bots),
        longest=tuple(b.longest for b in bots),
        record=record if keep else None,
    )


# -- playing ---------------------------------------------------------------------------------


_worker: tuple[GameBase, list[tuple[str, ...]], int, bool] | None = None


def _init_worker(spec: str, seatings: list[tuple[str, ...]], seed: int, keep: bool) -> None:
    global _worker
    _worker = (load(spec), seatings, seed, keep)


def _play_in_worker(task: tuple[int, int]) -> GameResult:
    assert _worker is not None
    game, seatings, seed, keep = _worker
    deal, rotation = task
    return play_game(game, seatings[rotation], game_seed(seed, deal), deal, rotation, keep)


def check_arena(
    game: GameBase, bots: Sequence[str], deals: int, workers: int, backend: str = "local"
) -> None:
    """Raise OptionError for an unknown bot, a wrong bot count, or a bad deal count, worker
    count or backend."""
    if not bots:
        raise OptionError("name at least one bot")
    if deals < 1:
        raise OptionError(f"games (deals) must be at least 1 (got {deals})")
    check_run(game, bots, workers, backend)


def play_arena(
    game: GameBase,
    bots: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    keep_records: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[GameResult]:
    """The games of the arena in (deal, rotation) order, played over ``workers`` processes
    (or on Ray: ``backend="ray"``, a cluster at ``address`` or a local Ray of ``workers``
    CPUs).

    The arguments are checked at once, before the first game is asked for.
    """
    specs = [spec.strip() for spec in bots]
    check_arena(game, specs, deals, workers, backend)
    seatings = rotations(specs)
    tasks = [(deal, r) for deal in range(deals) for r in range(len(seatings))]
    if backend == "ray":
        return _play_on_ray(game, seatings, tasks, seed, workers, keep_records, address)
    if workers == 1:
        return (
            play_game(game, seatings[r], game_seed(seed, deal), deal, r, keep_records)
            for deal, r in tasks
        )
    return _play_in_pool(game, seatings, tasks, seed, workers, keep_records)


def _play_in_pool(
    game: GameBase,
    seatings: list[tuple[str, ...]],
    tasks: list[tuple[int, int]],
    seed: int,
    workers: int,
    keep: bool,
) -> Iterator[GameResult]:
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(16, len(tasks) // (workers * 8)))
    with context.Pool(workers, _init_worker, (game.spec(), seatings, seed, keep)) as pool:
        yield from pool.imap(_play_in_worker, tasks, chunksize=chunk)


def _play_chunk(
    job: tuple[str, list[tuple[str, ...]], int, bool, list[tuple[int, int]]],
) -> dict[str, list[GameResult]]:
    spec, seatings, seed, keep, tasks = job
    game = load(spec)
    return {
        "results": [
            play_game(game, seatings[r], game_seed(seed, deal), deal, r, keep) for deal, r in tasks
        ]
    }


def _play_on_ray(
    game: GameBase,
    seatings: list[tuple[str, ...]],
    tasks: list[tuple[int, int]],
    seed: int,
    workers: int,
    keep: bool,
    address: str | None,
) -> Iterator[GameResult]:
    from .ray_backend import run_in_order

    jobs = [
        (game.spec(), seatings, seed, keep, tasks[start : start + count])
        for start, count in chunks(len(tasks), 200)
    ]
    for chunk in run_in_order(_play_chunk, jobs, workers, address):
        yield from chunk["results"]


def run_arena(
    game: GameBase,
    bots: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> ArenaResult:
    """Play every deal in every rotation and summarise; ``on_game`` sees each game as it ends."""
    specs = [spec.strip() for spec in bots]
    played = play_arena(game, specs, deals, seed, workers, keep_records, backend, address)
    start = time.perf_counter()
    results = []
    for result in played:
        results.append(result)
        if on_game is not None:
            on_game(result)
    elapsed = time.perf_counter() - start
    return analyse(game, specs, seed, results, workers=workers, seconds=elapsed)


# -- statistics ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotStats:
    """How one bot name did over the arena (its seats pooled)."""

    bot: str
    spec: str
    """What the bot stands for in this game (a level's bot spec; else the name itself)."""
    games: int
    """Seat-games played (three seats of a bot in one game count three)."""
    mean_score: Estimate
    min_score: float
    median_score: float
    max_score: float
    wins: int
    win_rate: Estimate
    win_share: float
    elo: Estimate | None
    decisions: int
    ms_per_decision: float | None
    max_ms_per_decision: float | None

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "bot": self.bot,
            "spec": self.spec,
            "games": self.games,
            "mean_score": self.mean_score.value,
            "mean_score_ci95": self.mean_score.interval(),
            "min_score": _number(self.min_score),
            "median_score": _number(self.median_score),
            "max_score": _number(self.max_score),
            "wins": self.wins,
            "win_rate": self.win_rate.value,
            "win_rate_ci95": self.win_rate.interval(),
            "win_share": self.win_share,
            "elo": None if self.elo is None else self.elo.value,
            "elo_ci95": None if self.elo is None else self.elo.interval(),
            "decisions": self.decisions,
            "ms_per_decision": self.ms_per_decision,
            "max_ms_per_decision": self.max_ms_per_decision,
        }


@dataclass(frozen=True)
class SeatStats:
    """How seat ``seat`` did over all games, whoever played it (the seat advantage)."""

    seat: int
    games: int
    mean_score: Estimate
    wins: int
    win_rate: Estimate

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "seat": self.seat,
            "games": self.games,
            "mean_score": self.mean_score.value,
            "mean_score_ci95": self.mean_score.interval(),
            "wins": self.wins,
            "win_rate": self.win_rate.value,
            "win_rate_ci95": self.win_rate.interval(),
        }


@dataclass(frozen=True)
class PairStats:
    """Head to head: ``a`` against ``b`` over every pair of seats they played in one game."""

    a: str
    b: str
    comparisons: int
    a_wins: int
    draws: int
    b_wins: int
    margin: Estimate
    """``a``'s mean score minus ``b``'s, interval over deals."""

    @property
    def a_score(self) -> float:
        """``a``'s share of the points (a draw is half a point)."""
        return (self.a_wins + self.draws / 2) / self.comparisons if self.comparisons else math.nan

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "a": self.a,
            "b": self.b,
            "comparisons": self.comparisons,
            "a_wins": self.a_wins,
            "draws": self.draws,
            "b_wins": self.b_wins,
            "a_score": self.a_score if self.comparisons else None,
            "margin": self.margin.value,
            "margin_ci95": self.margin.interval(),
        }


@dataclass(frozen=True)
class ArenaResult:
    """Every game of an arena and its statistics."""

    game: str
    """The game's spec."""
    game_name: str
    players: int
    bots: tuple[str, ...]
    seed: int
    deals: int
    seatings: tuple[tuple[str, ...], ...]
    games: tuple[GameResult, ...]
    bot_stats: tuple[BotStats, ...]
    seat_stats: tuple[SeatStats, ...]
    pair_stats: tuple[PairStats, ...]
    workers: int = 1
    seconds: float = math.nan

    @property
    def solo(self) -> bool:
        """True for a one-player game (no wins to speak of, no Elo, no seats to compare)."""
        return self.players == 1

    def headline(self) -> str:
        """``N deals x R rotations = M games``."""
        return f"{self.deals} deals x {len(self.seatings)} rotations = {len(self.games)} games"

    def stats_for(self, bot: str) -> BotStats:
        """The statistics of one bot name."""
        for stats in self.bot_stats:
            if stats.bot == bot:
                return stats
        raise KeyError(bot)

    def to_json(self, games: bool = False) -> dict[str, Any]:
        """Plain data (JSON-safe: no NaN); ``games=True`` adds every game's result."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "deals": self.deals,
            "rotations": [list(s) for s in self.seatings],
            "games": len(self.games),
            "workers": self.workers,
            "seconds": self.seconds if math.isfinite(self.seconds) else None,
            "shared_victory": "a win for each sharer (win_share: 1/k each)",
            "bot_stats": [s.to_json() for s in self.bot_stats],
            "seat_stats": [s.to_json() for s in self.seat_stats],
            "pair_stats": [p.to_json() for p in self.pair_stats],
        }
        if games:
            data["results"] = [g.to_json() for g in self.games]
        return data


def analyse(
    game: GameBase,
    bots: Sequence[str],
    seed: int,
    results: Sequence[GameResult],
    workers: int = 1,
    seconds: float = math.nan,
) -> ArenaResult:
    """The statistics of the games ``results`` (in (deal, rotation) order) of an arena."""
    names = list(dict.fromkeys(bots))
    deals = sorted({g.deal for g in results})
    seats = game.num_players
    elo = fit_elo_with_interval(names, results, seed) if len(names) > 1 else {}
    bot_stats = tuple(_bot_stats(game, name, results, deals, elo.get(name)) for name in names)
    seat_stats = tuple(_seat_stats(seat, results) for seat in range(seats))
    pair_stats = tuple(
        _pair_stats(a, b, results, deals)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if seats > 1
    )
    return ArenaResult(
        game=game.spec(),
        game_name=game.name,
        players=seats,
        bots=tuple(bots),
        seed=seed,
        deals=len(deals),
        seatings=tuple(rotations(list(bots))),
        games=tuple(results),
        bot_stats=bot_stats,
        seat_stats=seat_stats,
        pair_stats=pair_stats,
        workers=workers,
        seconds=seconds,
    )


def resolved_spec(game: GameBase, spec: str) -> str:
    """The bot spec a level (``hard``) plays in ``game``; any other spec as it is."""
    bot = make_bot(spec)
    if isinstance(bot, LevelBot):
        return level_spec(game, bot.name)
    return spec


def _per_deal_means(
    name: str, results: Sequence[GameResult], deals: Sequence[int]
) -> dict[int, float]:
    """Per deal, the mean score of ``name``'s seats over the deal's rotations."""
    totals = dict.fromkeys(deals, 0.0)
    counts = dict.fromkeys(deals, 0)
    for g in results:
        for bot, score in zip(g.bots, g.scores, strict=True):
            if bot == name:
                totals[g.deal] += score
                counts[g.deal] += 1
    return {d: totals[d] / counts[d] for d in deals if counts[d]}


def _bot_stats(
    game: GameBase,
    name: str,
    results: Sequence[GameResult],
    deals: Sequence[int],
    elo: Estimate | None,
) -> BotStats:
    scores: list[float] = []
    wins = 0
    share = 0.0
    decisions = 0
    seconds = 0.0
    longest = 0.0
    for g in results:
        for seat, bot in enumerate(g.bots):
            if bot != name:
                continue
            scores.append(g.scores[seat])
            if seat in g.winners:
                wins += 1
                share += 1 / len(g.winners)
            decisions += g.decisions[seat]
            seconds += g.seconds[seat]
            longest = max(longest, g.longest[seat])
    per_deal = _per_deal_means(name, results, deals)
    return BotStats(
        bot=name,
        spec=resolved_spec(game, name),
        games=len(scores),
        mean_score=mean_interval(list(per_deal.values())),
        min_score=min(scores, default=math.nan),
        median_score=statistics.median(scores) if scores else math.nan,
        max_score=max(scores, default=math.nan),
        wins=wins,
        win_rate=proportion_interval(wins, len(scores)),
        win_share=share / len(scores) if scores else math.nan,
        elo=elo,
        decisions=decisions,
        ms_per_decision=1000 * seconds / decisions if decisions else None,
        max_ms_per_decision=1000 * longest if decisions else None,
    )


def _seat_stats(seat: int, results: Sequence[GameResult]) -> SeatStats:
    scores = [g.scores[seat] for g in results]
    wins = sum(1 for g in results if seat in g.winners)
    return SeatStats(
        seat=seat,
        games=len(scores),
        mean_score=mean_interval(scores),
        wins=wins,
        win_rate=proportion_interval(wins, len(scores)),
    )


def pair_result(g: GameResult, i: int, j: int) -> float:
    """Seat ``i``'s point against seat ``j`` in game ``g``: 1 a win, 0.5 a draw, 0 a loss.

    The one in the winners beats the one outside them; otherwise the higher score wins.
    """
    i_won, j_won = i in g.winners, j in g.winners
    if i_won != j_won:
        return 1.0 if i_won else 0.0
    if g.scores[i] == g.scores[j]:
        return 0.5
    return 1.0 if g.scores[i] > g.scores[j] else 0.0


def _pair_stats(a: str, b: str, results: Sequence[GameResult], deals: Sequence[int]) -> PairStats:
    a_wins = draws = b_wins = 0
    for g in results:
        for i, bot_i in enumerate(g.bots):
            if bot_i != a:
                continue
            for j, bot_j in enumerate(g.bots):
                if bot_j != b:
                    continue
                point = pair_result(g, i, j)
                if point == 1.0:
                    a_wins += 1
                elif point == 0.0:
                    b_wins += 1
                else:
                    draws += 1
    means_a = _per_deal_means(a, results, deals)
    means_b = _per_deal_means(b, results, deals)
    margin = mean_interval(
        [means_a[d] - means_b[d] for d in deals if d in means_a and d in means_b]
    )
    return PairStats(a, b, a_wins + draws + b_wins, a_wins, draws, b_wins, margin)


# -- Elo -------------------------------------------------------------------------------------

PairTable = dict[tuple[int, int], list[float]]
"""``(i, j)`` with ``i < j`` (bot indices) -> ``[points of i, comparisons]``."""


def _deal_pairs(names: Sequence[str], results: Sequence[GameResult]) -> dict[int, PairTable]:
    """Per deal, the pairwise points between different bots."""
    index = {name: k for k, name in enumerate(names)}
    tables: dict[int, PairTable] = {}
    for g in results:
        table = tables.setdefault(g.deal, {})
        for i in range(len(g.bots)):
            for j in range(i + 1, len(g.bots)):
                bi, bj = index[g.bots[i]], index[g.bots[j]]
                if bi == bj:
                    continue
                point = pair_result(g, i, j)
                if bi > bj:
                    bi, bj, point = bj, bi, 1.0 - point
                cell = table.setdefault((bi, bj), [0.0, 0.0])
                cell[0] += point
                cell[1] += 1
    return tables


def fit_elo(count: int, table: PairTable, prior: float = 1.0) -> list[float]:
    """Bradley–Terry maximum-likelihood Elo ratings (mean ``ELO_BASE``) of ``count`` bots.

    ``table`` holds the pairwise points; each pair that met gets ``prior`` extra drawn
    comparisons, which keeps the fit finite when one bot wins every comparison. Solved by
    Hunter's minorization–maximization iteration.
    """
    wins = [0.0] * count
    games: dict[tuple[int, int], float] = {}
    for (i, j), (points, n) in table.items():
        if n <= 0:
            continue
        wins[i] += points + prior / 2
        wins[j] += n - points + prior / 2
        games[(i, j)] = n + prior
    gamma = [1.0] * count
    for _ in range(10_000):
        denominators = [0.0] * count
        for (i, j), n in games.items():
            shared = n / (gamma[i] + gamma[j])
            denominators[i] += shared
            denominators[j] += shared
        new = [wins[k] / denominators[k] if denominators[k] else gamma[k] for k in range(count)]
        centre = math.exp(sum(math.log(g) for g in new) / count)
        new = [g / centre for g in new]
        change = max(abs(math.log(n / o)) for n, o in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-12:
            break
    return [ELO_BASE + 400 * math.log10(g) for g in gamma]


def _merge(tables: Sequence[PairTable]) -> PairTable:
    total: PairTable = {}
    for table in tables:
        for key, (points, n) in table.items():
            cell = total.setdefault(key, [0.0, 0.0])
            cell[0] += points
            cell[1] += n
    return total


def fit_elo_with_interval(
    names: Sequence[str], results: Sequence[GameResult], seed: int, resamples: int = ELO_BOOTSTRAP
) -> dict[str, Estimate]:
    """Elo per bot name with a 95% percentile interval from a seeded bootstrap over deals."""
    per_deal = _deal_pairs(names, results)
    deals = sorted(per_deal)
    point = fit_elo(len(names), _merge([per_deal[d] for d in deals]))
    rng = random.Random(derive_seed(seed, "arena-elo-bootstrap"))
    samples: list[list[float]] = [[] for _ in names]
    if len(deals) > 1:
        for _ in range(resamples):
            chosen = [per_deal[deals[rng.randrange(len(deals))]] for _ in deals]
            for k, rating in enumerate(fit_elo(len(names), _merge(chosen))):
                samples[k].append(rating)
    estimates = {}
    for k, name in enumerate(names):
        low = high = math.nan
        if samples[k]:
            ordered = sorted(samples[k])
            low = ordered[int(0.025 * (len(ordered) - 1))]
            high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        estimates[name] = Estimate(point[k], low, high)
    return estimates


def _number(value: float) -> float | int:
    """An integral float as an int (for JSON and CSV)."""
    return int(value) if math.isfinite(value) and float(value).is_integer() else value
