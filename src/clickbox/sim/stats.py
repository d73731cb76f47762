"""Summary statistics of a series of games: means and win rates with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import GameRecord

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95% confidence interval ``[low, high]`` (NaN when unknown)."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.value:.3g} [{self.low:.3g}, {self.high:.3g}]"

    def interval(self) -> list[float] | None:
        """``[low, high]`` for JSON, or None when the interval is unknown (too few games)."""
        if math.isfinite(self.low) and math.isfinite(self.high):
            return [self.low, self.high]
        return None


def mean_interval(values: Sequence[float]) -> Estimate:
    """Sample mean and its normal-approximation 95% interval (unknown below two values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def proportion_interval(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson score 95% interval (sound near 0 and 1, unlike p ± h)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


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
