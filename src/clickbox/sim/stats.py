"""Summary statistics of a series of games: means and win rates with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import GameRecord

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float

    def __str__(self) -> str:
        return f"{self.mean:.2f} ± {self.half_width:.2f}"


def mean_interval(values: Sequence[float]) -> Estimate:
    """Sample mean and normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(variance / n))


def proportion_interval(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson 95% interval (reported as centre ± half-width)."""
    if n == 0:
        return Estimate(math.nan, math.nan)
    p = successes / n
    denominator = 1 + Z95**2 / n
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return Estimate(p, half)


@dataclass(frozen=True)
class SeatSummary:
    """How one seat did over a series."""

    seat: int
    bot: str
    mean_score: Estimate
    win_rate: Estimate
    wins: int


def summarize(records: Sequence[GameRecord]) -> list[SeatSummary]:
    """Per seat: mean score and win rate (a shared victory counts as a win for each sharer)."""
    if not records:
        return []
    seats = len(records[0].seats)
    summaries = []
    for seat in range(seats):
        scores = [float(r.outcome.scores[seat]) for r in records if r.outcome is not None]
        wins = sum(1 for r in records if r.outcome is not None and seat in r.outcome.winners)
        summaries.append(
            SeatSummary(
                seat=seat,
                bot=records[0].seats[seat],
                mean_score=mean_interval(scores),
                win_rate=proportion_interval(wins, len(scores)),
                wins=wins,
            )
        )
    return summaries
