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


def proportion_interval(successes: float, n: int) -> Estimate:
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


# -- tests and differences (the analytics' significance, A/B comparisons) -----------------------

EXACT_LIMIT = 5000
"""Up to this many trials :func:`binomial_test` sums the binomial distribution exactly."""


def _log_pmf(k: int, n: int, p: float) -> float:
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def binomial_test(successes: int, n: int, p0: float) -> float:
    """The two-sided p-value of ``successes`` in ``n`` trials against a success chance ``p0``.

    Exact up to :data:`EXACT_LIMIT` trials: the total probability of every outcome no more
    likely than the one observed (as R's ``binom.test`` and SciPy's ``binomtest`` sum it),
    added in log space. Above it, the normal approximation with a continuity correction.
    """
    if n <= 0:
        return 1.0
    k = min(max(int(successes), 0), n)
    if p0 <= 0.0 or p0 >= 1.0:
        return 1.0 if k == (0 if p0 <= 0.0 else n) else 0.0
    if n > EXACT_LIMIT:
        excess = abs(k - n * p0) - 0.5
        if excess <= 0:
            return 1.0
        return min(1.0, math.erfc(excess / math.sqrt(2 * n * p0 * (1 - p0))))
    logs = [_log_pmf(i, n, p0) for i in range(n + 1)]
    bound = logs[k] + 1e-7  # outcomes as likely as the observed one, up to rounding
    tail = [value for value in logs if value <= bound]
    top = max(tail)
    return min(1.0, math.exp(top) * sum(math.exp(value - top) for value in tail))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the given order: the i-th smallest of m is
    multiplied by m - i (i from 0), each kept at least as large as the one before it, and
    capped at 1. An adjusted p below 0.05 survives the correction. NaN stays NaN (not tested).
    """
    tested = [(p, i) for i, p in enumerate(p_values) if not math.isnan(p)]
    adjusted = [math.nan] * len(p_values)
    m, running = len(tested), 0.0
    for rank, (p, i) in enumerate(sorted(tested)):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else math.nan


def proportion_difference(x1: float, n1: int, x2: float, n2: int) -> tuple[Estimate, float]:
    """``x1/n1 - x2/n2`` with Newcombe's hybrid Wilson score 95% interval (his method 10),
    and the two-sided p-value of the pooled two-proportion z test."""
    if not n1 or not n2:
        return Estimate(math.nan, math.nan, math.nan), math.nan
    one, two = proportion_interval(x1, n1), proportion_interval(x2, n2)
    d = one.value - two.value
    low = d - math.sqrt((one.value - one.low) ** 2 + (two.high - two.value) ** 2)
    high = d + math.sqrt((one.high - one.value) ** 2 + (two.value - two.low) ** 2)
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = normal_p(d / se) if se > 0 else (1.0 if d == 0 else 0.0)
    return Estimate(d, low, high), p


def mean_difference(
    mean1: float, sd1: float, n1: int, mean2: float, sd2: float, n2: int
) -> tuple[Estimate, float]:
    """``mean1 - mean2`` with Welch's 95% interval (Student's t on the Welch-Satterthwaite
    degrees of freedom) and the two-sided p-value of Welch's t test. Unknown (NaN) below two
    values a side."""
    if n1 < 2 or n2 < 2 or math.isnan(sd1) or math.isnan(sd2):
        return Estimate(mean1 - mean2, math.nan, math.nan), math.nan
    a, b = sd1 * sd1 / n1, sd2 * sd2 / n2
    d = mean1 - mean2
    if a + b == 0:
        return Estimate(d, d, d), (1.0 if d == 0 else 0.0)
    se = math.sqrt(a + b)
    df = (a + b) ** 2 / (a * a / (n1 - 1) + b * b / (n2 - 1))
    half = t_quantile(0.975, df) * se
    return Estimate(d, d - half, d + half), 2 * t_survival(abs(d) / se, df)


def t_survival(x: float, df: float) -> float:
    """P(T >= x) for Student's t with ``df`` degrees of freedom, x >= 0."""
    return 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + x * x))


def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile (q > 0.5) of Student's t with ``df`` degrees of freedom (bisection)."""
    low, high = 0.0, 1e6
    for _ in range(200):
        middle = (low + high) / 2
        if 1 - t_survival(middle, df) < q:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (Lentz's continued fraction)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-14:
            break
    return front * f / a
