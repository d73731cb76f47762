"""Automatic tuning: search a game's numbers for a variant that meets balance targets.

A designer names the numbers to search (``--param start_silver=0..20``) and the figures to
reach (``--target "character_win_rate in [0.20, 0.30]"``); :func:`tune` searches the grid of
the numbers with NTBEA under a budget of games, each candidate played on fresh seeds, and then
re-measures the best few candidates on seeds none of them was searched on, giving every
target's figure with its 95% interval.

NTBEA (N-Tuple Bandit Evolutionary Algorithm; Lucas, Liu and Perez 2018, as TAG tunes with it)
keeps the mean fitness seen for each value of each number alone (the 1-tuples) and for each
whole point (the N-tuple); each step it mutates the current point into neighbours, scores each
by the tuples' mean fitness less an exploration bonus ``k * sqrt(log(evaluations + 1) /
(n + eps))`` averaged over the tuples, and plays the most promising one.

The fitness of a series of games is how far its figures lie outside their targets, summed over
the targets (and over every member of a figure such as ``character_win_rate``): 0 when every
target is met, lower is better. Each distance is normalized by the target's scale: the band's
width for ``in [LOW, HIGH]`` (``|LOW|``, or 1, for a band of no width), ``|X|`` for ``<= X``
and ``>= X`` (1 when X is 0). A figure a candidate's games could not measure (a named
character that never played) counts 1.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from ..core import GameBase, OptionError, derive_seed
from ..core.i18n import t
from ..core.options import OptionSpec
from ..core.variant import Variant
from ..games import load
from .analytics import Analysis, chunk_task, run_tasks
from .series import check_run, chunks
from .stats import Estimate, proportion_interval

# -- parameters -----------------------------------------------------------------------------------

MAX_VALUES = 10_000
"""The most values one parameter may take (a wider range: give a step)."""


@dataclass(frozen=True)
class Param:
    """One number (or option) to search, and the values it may take, in order."""

    name: str
    values: tuple[Any, ...]
    text: str = ""


def parse_param(text: str, specs: Sequence[OptionSpec]) -> Param:
    """``KEY=LOW..HIGH`` (every whole number), ``KEY=LOW..HIGH:STEP`` or ``KEY=a,b,c``, each
    value checked by the option; OptionError in words otherwise."""
    key, sep, rest = text.partition("=")
    key, rest = key.strip(), rest.strip()
    if not sep or not key or not rest:
        raise OptionError(
            t(
                "a parameter is KEY=LOW..HIGH, KEY=LOW..HIGH:STEP or KEY=A,B,C (got {text})",
                text=repr(text),
            )
        )
    by_name = {spec.name: spec for spec in specs}
    spec = by_name.get(key)
    if spec is None:
        raise OptionError(
            t(
                "unknown option {option}; the options are: {known}",
                option=repr(key),
                known=", ".join(by_name) or "-",
            )
        )
    if ".." in rest:
        if spec.kind is not int:
            raise OptionError(
                t(
                    "{option} is not a whole number; list its values: {option}=A,B,C",
                    option=key,
                )
            )
        span, _, step_text = rest.partition(":")
        low_text, _, high_text = span.partition("..")
        try:
            low, high = int(low_text), int(high_text)
            step = int(step_text) if step_text.strip() else 1
        except ValueError:
            raise OptionError(
                t("a range is LOW..HIGH or LOW..HIGH:STEP in whole numbers (got {text})", text=rest)
            ) from None
        if low > high:
            raise OptionError(
                t("the range {text} runs backwards (LOW above HIGH)", text=repr(rest))
            )
        if step < 1:
            raise OptionError(t("the step of {text} must be at least 1", text=repr(rest)))
        if (high - low) // step + 1 > MAX_VALUES:
            raise OptionError(
                t(
                    "{option} would take more than {most} values; give a larger step",
                    option=key,
                    most=MAX_VALUES,
                )
            )
        raw: list[object] = list(range(low, high + 1, step))
        if raw[-1] != high:
            raw.append(high)
    else:
        raw = [value.strip() for value in rest.split(",") if value.strip()]
        if not raw:
            raise OptionError(t("{option} names no value", option=key))
    values: list[Any] = []
    for value in raw:
        converted = spec.convert(value)  # refuses a value out of the option's bounds
        if converted not in values:
            values.append(converted)
    return Param(key, tuple(values), text.strip())


def parse_params(texts: Sequence[str], game: GameBase) -> list[Param]:
    """The parameters of ``--param`` texts for ``game`` (each option at most once)."""
    specs = game.Params.option_specs()
    return _checked_params([parse_param(text, specs) for text in texts])


def _checked_params(params: list[Param]) -> list[Param]:
    """``params``, refused if there are none or one option comes twice."""
    names = [p.name for p in params]
    for name in names:
        if names.count(name) > 1:
            raise OptionError(t("{option} is searched twice", option=name))
    if not params:
        raise OptionError(t("name at least one parameter to search: --param KEY=LOW..HIGH"))
    return params


# -- targets --------------------------------------------------------------------------------------

EVERY = ("seat_win_rate", "mean_score", "character_win_rate")
"""Figures with a member per seat or character: without ``[...]``, every member is a target."""
PLAIN = ("length", "chance_events", "branching", "lead_changes", "shared_wins", "score_spread")
KEYED = ("lever", "ending")
"""Figures that need a name in brackets."""
FIGURES = PLAIN + EVERY + KEYED
FIGURE_HELP = (
    "length, chance_events, branching, lead_changes, shared_wins, score_spread, "
    "seat_win_rate, seat_win_rate[N], mean_score, mean_score[N], character_win_rate, "
    "character_win_rate[NAME], lever[NAME], ending[REASON]"
)

_NUMBER = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
_TARGET = re.compile(r"^\s*([A-Za-z_]+)\s*(?:\[([^\]]*)\])?\s*(.*?)\s*$")
_BAND = re.compile(r"^in\s*\[\s*" + _NUMBER + r"\s*,\s*" + _NUMBER + r"\s*\]$", re.IGNORECASE)
_BOUND = re.compile(r"^(<=|>=|<|>)\s*" + _NUMBER + "$")


@dataclass(frozen=True)
class Target:
    """A figure and the band it should lie in (``-inf``/``inf`` for one-sided targets)."""

    figure: str
    key: str | None
    low: float
    high: float
    text: str
    strict_low: bool = False
    strict_high: bool = False

    @property
    def label(self) -> str:
        return self.figure if self.key is None else f"{self.figure}[{self.key}]"

    def scale(self) -> float:
        """What one unit of distance outside the band is (see the module's docstring)."""
        if math.isfinite(self.low) and math.isfinite(self.high):
            width = self.high - self.low
            return width if width > 0 else (abs(self.low) or 1.0)
        bound = self.low if math.isfinite(self.low) else self.high
        return abs(bound) or 1.0

    def distance(self, value: float) -> float:
        """How far ``value`` lies outside the band, normalized; 1 for an unmeasured value."""
        if math.isnan(value):
            return 1.0
        if value < self.low:
            return (self.low - value) / self.scale()
        if value > self.high:
            return (value - self.high) / self.scale()
        return 0.0

    def met(self, value: float) -> bool:
        if math.isnan(value):
            return False
        above = value > self.low if self.strict_low else value >= self.low
        below = value < self.high if self.strict_high else value <= self.high
        return above and below

    def members(self, analysis: Analysis) -> list[tuple[str, Estimate]]:
        """Each measured member of the figure (one for a plain figure), with its estimate."""
        return _members(self.figure, self.key, analysis)


def parse_target(text: str, players: int | None = None) -> Target:
    """``FIGURE in [LOW, HIGH]``, ``FIGURE <= X``, ``FIGURE >= X`` (or ``<``, ``>``)."""
    match = _TARGET.match(text)
    if match is None:
        raise OptionError(_target_syntax(text))
    figure, key, rest = match.group(1).lower(), match.group(2), match.group(3)
    if figure not in FIGURES:
        raise OptionError(
            t(
                "unknown figure {figure}; the figures are: {known}",
                figure=repr(figure),
                known=FIGURE_HELP,
            )
        )
    if key is not None:
        key = key.strip()
        if figure in PLAIN or not key:
            raise OptionError(
                t(
                    "{figure} takes no [{key}]; the figures are: {known}",
                    figure=figure,
                    key=key,
                    known=FIGURE_HELP,
                )
            )
    elif figure in KEYED:
        raise OptionError(t("{figure} names what it measures: {figure}[NAME]", figure=figure))
    seat = key or "1"
    seats = figure in ("seat_win_rate", "mean_score")
    if seats and not (seat.isdigit() and 1 <= int(seat) <= (players or int(seat))):
        raise OptionError(
            t(
                "{figure}[N] counts seats from 1 to {players} (got {key})",
                figure=figure,
                players=players if players is not None else "N",
                key=repr(key),
            )
        )
    band = _BAND.match(rest)
    bound = _BOUND.match(rest)
    if band is not None:
        low, high = float(band.group(1)), float(band.group(2))
        if low > high:
            raise OptionError(
                t("the band of {text} runs backwards (LOW above HIGH)", text=repr(text))
            )
        return Target(figure, key, low, high, text.strip())
    if bound is not None:
        sign, value = bound.group(1), float(bound.group(2))
        if sign.startswith("<"):
            return Target(figure, key, -math.inf, value, text.strip(), strict_high=sign == "<")
        return Target(figure, key, value, math.inf, text.strip(), strict_low=sign == ">")
    raise OptionError(_target_syntax(text))


def _target_syntax(text: str) -> str:
    return t(
        "a target is FIGURE in [LOW, HIGH], FIGURE <= X or FIGURE >= X (got {text})",
        text=repr(text),
    )


def parse_targets(texts: Sequence[str], players: int | None = None) -> list[Target]:
    targets = [parse_target(text, players) for text in texts]
    if not targets:
        raise OptionError(t('name at least one target: --target "length <= 40"'))
    return targets


_NAN = Estimate(math.nan, math.nan, math.nan)
CHARACTER = "win rate: "
"""The prefix of Click Click Boom's lever of each character's wins."""


def _characters(analysis: Analysis) -> list[str]:
    return sorted(
        name[len(CHARACTER) :]
        for name, moments in analysis.levers.items()
        if name.startswith(CHARACTER) and moments.n
    )


def _score_spread(analysis: Analysis) -> Estimate:
    """The largest seat's mean score less the smallest's; the interval treats the two seats'
    means as independent (an approximation)."""
    scores = [m for m in analysis.scores if m.n]
    if len(scores) < 2:
        return _NAN
    high = max(scores, key=lambda m: m.mean)
    low = min(scores, key=lambda m: m.mean)
    spread = high.mean - low.mean
    a, b = high.estimate(), low.estimate()
    if not (math.isfinite(a.low) and math.isfinite(b.low)):
        return Estimate(spread, math.nan, math.nan)
    half = math.hypot(a.high - a.value, b.high - b.value)
    return Estimate(spread, spread - half, spread + half)


def _members(figure: str, key: str | None, analysis: Analysis) -> list[tuple[str, Estimate]]:
    games = analysis.games
    if figure == "length":
        return [(figure, analysis.decisions.estimate())]
    if figure in ("chance_events", "branching", "lead_changes"):
        moments = getattr(analysis, figure)
        return [(figure, moments.estimate())] if moments.n else []
    if figure == "shared_wins":
        return [(figure, proportion_interval(analysis.shared_wins, games))]
    if figure == "score_spread":
        return [(figure, _score_spread(analysis))]
    if figure in ("seat_win_rate", "mean_score"):
        seats = range(len(analysis.bots)) if key is None else [int(key) - 1]
        return [
            (
                f"{figure}[{seat + 1}]",
                proportion_interval(analysis.wins[seat], games)
                if figure == "seat_win_rate"
                else analysis.scores[seat].estimate(),
            )
            for seat in seats
            if seat < len(analysis.bots)
        ]
    if figure == "character_win_rate":
        names = _characters(analysis)
        if key is not None:
            names = [n for n in names if n.lower() == key.lower()]
        found = []
        for name in names:
            moments = analysis.levers[CHARACTER + name]
            found.append(
                (f"{figure}[{name}]", proportion_interval(round(moments.total), moments.n))
            )
        return found
    if figure == "lever" and key is not None:
        moments = analysis.levers.get(key)
        return [(f"lever[{key}]", moments.estimate())] if moments is not None and moments.n else []
    if figure == "ending" and key is not None and games:
        return [(f"ending[{key}]", proportion_interval(analysis.endings.get(key, 0), games))]
    return []


def figures_of(analysis: Analysis) -> list[str]:
    """The figures ``analysis`` measured, as targets name them."""
    seats = len(analysis.bots)
    names = ["length", "chance_events", "branching"]
    if analysis.lead_changes.n:
        names.append("lead_changes")
    names += ["shared_wins", "score_spread", "seat_win_rate"]
    names += [f"seat_win_rate[{s + 1}]" for s in range(seats)]
    names += ["mean_score"] + [f"mean_score[{s + 1}]" for s in range(seats)]
    characters = _characters(analysis)
    if characters:
        names += ["character_win_rate"] + [f"character_win_rate[{c}]" for c in characters]
    names += [f"lever[{name}]" for name in sorted(analysis.levers)]
    names += [f"ending[{reason}]" for reason in sorted(analysis.endings)]
    return names


def check_targets(targets: Sequence[Target], analysis: Analysis) -> None:
    """Refuse a target whose figure ``analysis`` (games of the game) did not measure at all;
    an ending must have been seen (its share is then measured in every later series)."""
    for target in targets:
        seen = target.members(analysis)
        if target.figure == "ending" and target.key not in analysis.endings:
            seen = []
        if not seen:
            raise OptionError(
                t(
                    "{figure} was not measured in {games} games of this game; its figures "
                    "are: {known}",
                    figure=target.label,
                    games=analysis.games,
                    known=", ".join(figures_of(analysis)),
                )
            )


def fitness(analysis: Analysis, targets: Sequence[Target]) -> float:
    """How far the figures lie outside their targets, normalized and summed (0: all met)."""
    total = 0.0
    for target in targets:
        members = target.members(analysis)
        if not members and (target.key is not None or target.figure not in EVERY):
            total += 1.0  # a named figure these games could not measure
        total += sum(target.distance(estimate.value) for _, estimate in members)
    return total


@dataclass(frozen=True)
class Figure:
    """One measured member of a target: its value, 95% interval and whether it is met (the
    value in the band) and sure (the whole interval in the band)."""

    target: str
    name: str
    value: float
    low: float
    high: float
    met: bool
    sure: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "name": self.name,
            "value": _finite(self.value),
            "low": _finite(self.low),
            "high": _finite(self.high),
            "met": self.met,
            "sure": self.sure,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Figure:
        def number(value: Any) -> float:
            return math.nan if value is None else float(value)

        return cls(
            str(data["target"]),
            str(data["name"]),
            number(data["value"]),
            number(data["low"]),
            number(data["high"]),
            bool(data["met"]),
            bool(data["sure"]),
        )


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def measure(analysis: Analysis, targets: Sequence[Target]) -> list[Figure]:
    """Every member of every target, measured (see :class:`Figure`)."""
    figures = []
    for target in targets:
        for name, estimate in target.members(analysis):
            sure = (
                estimate.interval() is not None
                and target.met(estimate.low)
                and target.met(estimate.high)
            )
            figures.append(
                Figure(
                    target.text,
                    name,
                    estimate.value,
                    estimate.low,
                    estimate.high,
                    target.met(estimate.value),
                    sure,
                )
            )
    return figures


# -- NTBEA ----------------------------------------------------------------------------------------

Point = tuple[int, ...]
"""A point of the grid: the index of each parameter's value."""


@dataclass
class NTupleModel:
    """Mean fitness seen per 1-tuple (one parameter's value) and per whole point."""

    dimensions: int
    k: float = 1.0
    eps: float = 0.5
    evaluations: int = 0
    cells: dict[tuple[int, tuple[int, ...]], list[float]] = field(default_factory=dict)
    """``(parameter or -1 for the whole point, indices) -> [count, sum]``."""

    def _keys(self, point: Point) -> list[tuple[int, tuple[int, ...]]]:
        keys: list[tuple[int, tuple[int, ...]]] = [(d, (point[d],)) for d in range(self.dimensions)]
        if self.dimensions > 1:
            keys.append((-1, point))
        return keys

    def add(self, point: Point, value: float) -> None:
        self.evaluations += 1
        for key in self._keys(point):
            cell = self.cells.setdefault(key, [0.0, 0.0])
            cell[0] += 1
            cell[1] += value

    def value(self, point: Point) -> float:
        """The mean over the tuples seen of their mean fitness (NaN if none was seen)."""
        means = [c[1] / c[0] for c in (self.cells.get(k) for k in self._keys(point)) if c]
        return sum(means) / len(means) if means else math.nan

    def count(self, point: Point) -> int:
        cell = self.cells.get((-1, point) if self.dimensions > 1 else (0, point))
        return int(cell[0]) if cell else 0

    def optimistic(self, point: Point) -> float:
        """The model's value less the exploration bonus averaged over the tuples (lower is
        more promising: the fitness is minimized)."""
        keys = self._keys(point)
        log_total = math.log(self.evaluations + 1)
        bonus = 0.0
        for key in keys:
            cell = self.cells.get(key)
            bonus += self.k * math.sqrt(log_total / ((cell[0] if cell else 0.0) + self.eps))
        mean = self.value(point)
        return (0.0 if math.isnan(mean) else mean) - bonus / len(keys)


@dataclass
class NtbeaRun:
    """What NTBEA saw: the points evaluated in order with their fitness, and its model."""

    space: list[list[Any]]
    model: NTupleModel
    history: list[tuple[Point, float]] = field(default_factory=list)

    def ranked(self) -> list[Point]:
        """The distinct points evaluated, best model value first (ties: the most evaluated,
        then the first evaluated)."""
        order: dict[Point, int] = {}
        for index, (point, _) in enumerate(self.history):
            order.setdefault(point, index)
        return sorted(order, key=lambda p: (self.model.value(p), -self.model.count(p), order[p]))

    def values(self, point: Point) -> tuple[Any, ...]:
        return tuple(self.space[d][i] for d, i in enumerate(point))

    @property
    def best(self) -> tuple[Any, ...]:
        return self.values(self.ranked()[0])


def _neighbours(point: Point, sizes: Sequence[int], count: int, rng: random.Random) -> list[Point]:
    """Up to ``count`` distinct mutations of ``point``: each parameter changes with chance
    1/parameters (at least one changes) to another of its values, drawn uniformly."""
    mutable = [d for d, size in enumerate(sizes) if size > 1]
    if not mutable:
        return []
    found: list[Point] = []
    seen = {point}
    room = math.prod(sizes) - 1
    for _ in range(count * 4):
        if len(found) >= min(count, room):
            break
        changed = [d for d in mutable if rng.random() < 1 / len(mutable)] or [rng.choice(mutable)]
        new = list(point)
        for d in changed:
            value = rng.randrange(sizes[d] - 1)
            new[d] = value + (value >= point[d])
        candidate = tuple(new)
        if candidate not in seen:
            seen.add(candidate)
            found.append(candidate)
    return found


def ntbea(
    space: Sequence[Sequence[Any]],
    evaluate: Callable[[list[tuple[Any, ...]]], list[float]],
    budget: int,
    rng: random.Random,
    batch: int = 1,
    start: Sequence[Any] | None = None,
    k: float = 1.0,
    eps: float = 0.5,
    neighbours: int = 50,
    spent: Callable[[], int] | None = None,
) -> NtbeaRun:
    """Minimize a noisy fitness over the grid ``space`` (the values of each parameter) with
    ``budget`` evaluations, ``batch`` at a time: ``evaluate`` takes a list of points (a value
    per parameter) and returns their fitness, in order. The search starts at ``start`` (values,
    default: a random point); each step plays the ``batch`` most promising distinct neighbours
    of the current point and moves to the most promising one. The run's :meth:`NtbeaRun.ranked`
    gives the best points by the model. ``spent`` (default: the evaluations made) tells how
    much of the budget is spent: a caller whose evaluations cost nothing at times (a point the
    game refuses) counts its own; the search stops after ``budget * 10`` evaluations anyway."""
    grid = [list(values) for values in space]
    sizes = [len(values) for values in grid]
    if not grid or min(sizes) < 1:
        raise ValueError("every parameter needs a value")
    model = NTupleModel(len(grid), k, eps)
    run = NtbeaRun(grid, model)
    if start is not None:
        current: Point = tuple(grid[d].index(v) for d, v in enumerate(start))
    else:
        current = tuple(rng.randrange(size) for size in sizes)
    chosen = [current]
    seen = {current}
    for _ in range(min(batch, budget) - 1):
        point = tuple(rng.randrange(size) for size in sizes)
        if point not in seen or len(seen) >= math.prod(sizes):
            chosen.append(point)
            seen.add(point)
    while True:
        fitnesses = evaluate([run.values(p) for p in chosen])
        for point, value in zip(chosen, fitnesses, strict=True):
            model.add(point, value)
            run.history.append((point, value))
        left = budget - (len(run.history) if spent is None else spent())
        if left <= 0 or len(run.history) >= budget * 10:
            return run
        options = _neighbours(current, sizes, neighbours, rng) or [current]
        options.sort(key=model.optimistic)  # stable: ties keep the order drawn
        chosen = options[: min(batch, left)]
        current = chosen[0]


# -- tuning a game --------------------------------------------------------------------------------


@dataclass
class Evaluation:
    """One candidate played once during the search."""

    index: int
    params: dict[str, Any]
    seed: int
    games: int
    fitness: float
    figures: list[Figure]
    error: str = ""
    """Why the game refused this combination (then no game was played)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "params": self.params,
            "seed": self.seed,
            "games": self.games,
            "fitness": self.fitness,
            "figures": [f.to_json() for f in self.figures],
            "error": self.error,
        }


@dataclass
class Candidate:
    """One of the best variants, re-measured on fresh seeds."""

    rank: int
    params: dict[str, Any]
    spec: str
    options: dict[str, Any]
    model_fitness: float
    evaluations: int
    seed: int
    games: int
    fitness: float
    figures: list[Figure]

    @property
    def met(self) -> bool:
        """Every target's value lies in its band."""
        return all(f.met for f in self.figures)

    @property
    def sure(self) -> bool:
        """Every target's whole 95% interval lies in its band."""
        return all(f.sure for f in self.figures)

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "params": self.params,
            "spec": self.spec,
            "options": self.options,
            "model_fitness": self.model_fitness,
            "evaluations": self.evaluations,
            "seed": self.seed,
            "games": self.games,
            "fitness": self.fitness,
            "met": self.met,
            "sure": self.sure,
            "figures": [f.to_json() for f in self.figures],
        }


@dataclass
class TuneResult:
    """The search (every evaluation) and the best variants re-measured, best first."""

    game: str
    title: str
    players: int
    bots: list[str]
    params: list[Param]
    targets: list[str]
    seed: int
    budget_games: int
    games_per_eval: int
    remeasure_games: int
    workers: int
    evaluations: list[Evaluation] = field(default_factory=list)
    best: list[Candidate] = field(default_factory=list)

    def refused(self) -> set[tuple[Any, ...]]:
        """The combinations the game refused (as values in the order of the parameters)."""
        names = [p.name for p in self.params]
        return {tuple(e.params[n] for n in names) for e in self.evaluations if e.error}

    @property
    def searched(self) -> int:
        """The candidates played in the search (not those the rules refused)."""
        return sum(1 for e in self.evaluations if not e.error)

    @property
    def games_played(self) -> int:
        return sum(e.games for e in self.evaluations) + sum(c.games for c in self.best)

    def convergence(self) -> list[tuple[int, float]]:
        """``(games played, best fitness seen so far)`` after each evaluation played."""
        points, played, best = [], 0, math.inf
        for evaluation in self.evaluations:
            if evaluation.error:
                continue
            played += evaluation.games
            best = min(best, evaluation.fitness)
            points.append((played, best))
        return points

    def variant(self, rank: int = 1) -> Variant:
        """The re-measured variant of rank ``rank`` (1: the best) as a variant file's data."""
        candidate = self.best[rank - 1]
        changed = ", ".join(f"{k}={v}" for k, v in candidate.params.items())
        return Variant(
            game=self.game.partition("(")[0],
            options=dict(candidate.options),
            name=t("tuned {rank}: {changed}", rank=rank, changed=changed),
            description=t(
                "found by clickbox tune (seed {seed}) for: {targets}; re-measured over "
                "{games} games: fitness {fitness}",
                seed=self.seed,
                targets="; ".join(self.targets),
                games=candidate.games,
                fitness=f"{candidate.fitness:.3g}",
            ),
            players=self.players,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "bots": self.bots,
            "params": [
                {"name": p.name, "values": list(p.values), "text": p.text} for p in self.params
            ],
            "targets": self.targets,
            "seed": self.seed,
            "budget_games": self.budget_games,
            "games_per_eval": self.games_per_eval,
            "remeasure_games": self.remeasure_games,
            "workers": self.workers,
            "games_played": self.games_played,
            "evaluations": [e.to_json() for e in self.evaluations],
            "best": [c.to_json() for c in self.best],
        }


def total_games(budget_games: int, games_per_eval: int, remeasure_games: int, top: int) -> int:
    """The most games a tune plays: the search's evaluations and the re-measures."""
    return (budget_games // games_per_eval) * games_per_eval + top * remeasure_games


Task = tuple[str, list[str], int, int, int]


def _refused_fitness(evaluations: Sequence[Evaluation], targets: Sequence[Target]) -> float:
    """The fitness of a combination the rules refuse: 1 worse than the worst one played (as
    many as there are targets when none was), so the search learns to leave it."""
    played = [e.fitness for e in evaluations if e.games]
    return (max(played) if played else float(len(targets))) + 1.0


class _Runner:
    """Plays lists of chunk tasks in order: here, on one pool kept for the whole tune, or on
    Ray (started once for the tune when no cluster is running)."""

    def __init__(self, stack: ExitStack, workers: int, backend: str, address: str | None):
        self.workers, self.backend, self.address = workers, backend, address
        self.pool: Any = None
        if backend == "local" and workers > 1:
            context = multiprocessing.get_context("spawn")
            self.pool = stack.enter_context(context.Pool(workers))
        elif backend == "ray":
            try:
                import ray
            except ImportError:
                raise OptionError(
                    t("the ray backend needs Ray: pip install 'clickbox[ray]'")
                ) from None
            if not ray.is_initialized():
                if address is None:
                    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
                else:
                    ray.init(address=address, log_to_driver=False)
                stack.callback(ray.shutdown)

    def run(self, tasks: list[Task]) -> Iterator[dict[str, Any]]:
        if self.pool is not None:
            return iter(self.pool.imap(chunk_task, tasks))
        return run_tasks(tasks, self.workers, self.backend, self.address)


def tune(
    name: str,
    players: int | None,
    bots: Sequence[str] | None,
    params: Sequence[str] | Sequence[Param],
    targets: Sequence[str] | Sequence[Target],
    budget_games: int,
    games_per_eval: int,
    seed: int,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    options: Mapping[str, object] | None = None,
    preset: str | None = None,
    remeasure_games: int = 1000,
    top: int = 3,
    on_progress: Callable[[int], None] | None = None,
) -> TuneResult:
    """Search ``params`` of the game for a variant meeting ``targets`` (see the module's
    docstring) with about ``budget_games`` games, ``games_per_eval`` per candidate and
    ``workers`` candidates at a time; then re-measure the ``top`` best with
    ``remeasure_games`` games each, all on the same seeds, none of them searched on.

    The result depends on ``seed`` and ``workers`` only. ``on_progress`` is told how many games
    each finished evaluation or re-measure chunk held."""
    base = load(name, players=players, preset=preset, options=options)
    specs = list(bots) if bots else ["medium"] * base.num_players
    if len(specs) == 1:
        specs = specs * base.num_players
    check_run(base, specs, workers, backend)
    grid = _checked_params(
        [p if isinstance(p, Param) else parse_param(p, base.Params.option_specs()) for p in params]
    )
    aims = [a if isinstance(a, Target) else parse_target(a, base.num_players) for a in targets]
    if not aims:
        raise OptionError(t('name at least one target: --target "length <= 40"'))
    if games_per_eval < 1:
        raise OptionError(t("--games-per-eval must be at least 1"))
    if budget_games < games_per_eval:
        raise OptionError(
            t(
                "--budget {budget} is less than one evaluation (--games-per-eval {games})",
                budget=budget_games,
                games=games_per_eval,
            )
        )
    if remeasure_games < 2 or top < 1:
        raise OptionError(t("--remeasure-games must be at least 2 and --top at least 1"))

    result = TuneResult(
        game=base.spec(),
        title=base.title,
        players=base.num_players,
        bots=specs,
        params=grid,
        targets=[a.text for a in aims],
        seed=seed,
        budget_games=budget_games,
        games_per_eval=games_per_eval,
        remeasure_games=remeasure_games,
        workers=workers,
    )
    names = [p.name for p in grid]

    def spec_of(values: Sequence[Any]) -> GameBase:
        return load(base.spec(), options=dict(zip(names, values, strict=True)))

    with ExitStack() as stack:
        runner = _Runner(stack, workers, backend, address)

        def evaluate(points: list[tuple[Any, ...]]) -> list[float]:
            tasks: list[Task] = []
            refused: dict[int, str] = {}
            for number, point in enumerate(points):
                eval_seed = derive_seed(seed, "tune", len(result.evaluations) + number)
                try:
                    game = spec_of(point)
                except OptionError as error:  # a combination the rules do not allow
                    refused[number] = str(error)
                    continue
                tasks.append((game.spec(), specs, eval_seed, 0, games_per_eval))
            parts, ordered = runner.run(tasks), iter(tasks)
            found = []
            for number, point in enumerate(points):
                params = dict(zip(names, point, strict=True))
                index = len(result.evaluations)
                if number in refused:
                    value = _refused_fitness(result.evaluations, aims)
                    result.evaluations.append(
                        Evaluation(index, params, 0, 0, value, [], refused[number])
                    )
                    found.append(value)
                    continue
                task = next(ordered)
                analysis = Analysis.from_json(next(parts))
                if not any(e.games for e in result.evaluations):
                    check_targets(aims, analysis)
                value = fitness(analysis, aims)
                figures = measure(analysis, aims)
                result.evaluations.append(
                    Evaluation(index, params, task[2], analysis.games, value, figures)
                )
                found.append(value)
                if on_progress is not None:
                    on_progress(analysis.games)
            return found

        default = [getattr(base.params, n) for n in names]
        start = default if all(v in p.values for v, p in zip(default, grid, strict=True)) else None
        run = ntbea(
            [list(p.values) for p in grid],
            evaluate,
            budget_games // games_per_eval,
            random.Random(derive_seed(seed, "ntbea")),
            batch=workers,
            start=start,
            spent=lambda: sum(1 for e in result.evaluations if e.games),
        )
        chosen = [p for p in run.ranked() if run.values(p) not in result.refused()][:top]
        if not chosen:
            raise OptionError(
                t(
                    "the rules allow none of the combinations tried: {error}",
                    error=result.evaluations[-1].error,
                )
            )
        remeasure_seed = derive_seed(seed, "tune-remeasure")
        tasks: list[Task] = []
        layout = chunks(remeasure_games)
        for point in chosen:
            spec = spec_of(run.values(point)).spec()
            tasks += [(spec, specs, remeasure_seed, s, c) for s, c in layout]
        parts = runner.run(tasks)
        candidates = []
        for point in chosen:
            game = spec_of(run.values(point))
            analysis = Analysis(game.spec(), specs)
            for _ in layout:
                part = Analysis.from_json(next(parts))
                analysis.merge(part)
                if on_progress is not None:
                    on_progress(part.games)
            candidates.append(
                Candidate(
                    0,
                    dict(zip(names, run.values(point), strict=True)),
                    game.spec(),
                    {k: getattr(game.params, k) for k, _ in game.params.changed_options()},
                    run.model.value(point),
                    run.model.count(point),
                    remeasure_seed,
                    analysis.games,
                    fitness(analysis, aims),
                    measure(analysis, aims),
                )
            )
    candidates.sort(key=lambda c: (c.fitness, -sum(f.sure for f in c.figures)))
    for rank, candidate in enumerate(candidates, 1):
        candidate.rank = rank
    result.best = candidates
    return result
