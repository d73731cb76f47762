"""The statistics the analytics reads, against values computed by hand from their formulas."""

from __future__ import annotations

import math

import pytest

from clickbox.sim.stats import (
    binomial_test,
    holm,
    mean_difference,
    proportion_difference,
    proportion_interval,
    t_quantile,
)


def test_the_binomial_test_sums_the_outcomes_no_likelier_than_the_one_seen() -> None:
    # n=4, p=1/2: the pmf is [1, 4, 6, 4, 1] / 16
    assert binomial_test(0, 4, 0.5) == pytest.approx(2 / 16)  # k=0 and k=4
    assert binomial_test(1, 4, 0.5) == pytest.approx(10 / 16)  # 0, 1, 3, 4
    assert binomial_test(2, 4, 0.5) == pytest.approx(1.0)
    # n=3, p=1/4: the pmf is [27, 27, 9, 1] / 64
    assert binomial_test(3, 3, 0.25) == pytest.approx(1 / 64)
    assert binomial_test(2, 3, 0.25) == pytest.approx(10 / 64)
    assert binomial_test(0, 3, 0.25) == pytest.approx(1.0)  # 27/64 ties k=1
    # n=10, p=1/2, k=9: P(0) + P(1) + P(9) + P(10) = (1 + 10 + 10 + 1) / 1024
    assert binomial_test(9, 10, 0.5) == pytest.approx(22 / 1024)


def test_the_binomial_test_is_normal_with_continuity_above_the_exact_limit() -> None:
    # n=10000, p=1/2, k=5100: z = (|5100 - 5000| - 0.5) / sqrt(10000 / 4) = 99.5 / 50 = 1.99,
    # two-sided p = 2 * (1 - Phi(1.99)) = 2 * 0.0232955 = 0.046591
    assert binomial_test(5100, 10_000, 0.5) == pytest.approx(0.046591, abs=1e-5)
    assert binomial_test(5000, 10_000, 0.5) == 1.0


def test_holm_multiplies_the_ordered_p_values_and_keeps_them_monotone() -> None:
    # sorted: 0.01 * 3 = 0.03; 0.03 * 2 = 0.06; 0.04 * 1 = 0.04, raised to 0.06 (monotone)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    # 0.001 * 2 = 0.002; 0.5 * 1 = 0.5
    assert holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])
    # 0.6 * 2 = 1.2, capped at 1; 0.7 raised to 1
    assert holm([0.6, 0.7]) == [1.0, 1.0]
    adjusted = holm([math.nan, 0.02, 0.01])  # NaN is not tested: m = 2
    assert math.isnan(adjusted[0]) and adjusted[1:] == pytest.approx([0.02, 0.02])
    assert holm([]) == []


def test_wilson_intervals_stay_inside_0_and_1() -> None:
    # Newcombe (1998), table I: 0/10 -> [0, 0.2775]; 10/10 -> [0.7225, 1]
    none = proportion_interval(0, 10)
    assert (none.value, none.low) == (0.0, 0.0) and none.high == pytest.approx(0.2775, abs=1e-4)
    every = proportion_interval(10, 10)
    assert every.low == pytest.approx(0.7225, abs=1e-4) and every.high == pytest.approx(1.0)
    half = proportion_interval(5, 10)  # not 50% [-6.58, 107]
    assert 0 < half.low < 0.5 < half.high < 1


def test_the_difference_of_two_rates_has_newcombes_interval() -> None:
    # Newcombe (1998), table II, example (a): 56/70 - 48/80 = 0.2, method 10: [0.0524, 0.3339]
    difference, p = proportion_difference(56, 70, 48, 80)
    assert difference.value == pytest.approx(0.2)
    assert difference.low == pytest.approx(0.0524, abs=1e-4)
    assert difference.high == pytest.approx(0.3339, abs=1e-4)
    # pooled z: p = 104/150, se = sqrt(p (1 - p) (1/70 + 1/80)) = 0.07546, z = 2.6505
    assert p == pytest.approx(math.erfc(2.6505 / math.sqrt(2)), rel=1e-3)


def test_the_difference_of_two_means_has_welchs_interval() -> None:
    assert t_quantile(0.975, 5) == pytest.approx(2.5706, abs=1e-4)  # Student's table
    assert t_quantile(0.975, 1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile(0.975, 1e7) == pytest.approx(1.95996, abs=1e-4)
    # 2 - 1 with sd 2 (n=5) and 1 (n=10): se^2 = 4/5 + 1/10 = 0.9;
    # df = 0.9^2 / (0.8^2 / 4 + 0.1^2 / 9) = 0.81 / 0.161111 = 5.0276
    difference, p = mean_difference(2.0, 2.0, 5, 1.0, 1.0, 10)
    half = difference.high - difference.value
    assert difference.value == 1.0 and half == pytest.approx(t_quantile(0.975, 5.0276) * 0.9**0.5)
    assert 2.5 < half / 0.9**0.5 < 2.5706  # between the t of 5 df and of 6 df (2.4469)
    assert 0.3 < p < 0.4  # t = 1.054 on about 5 df
    assert math.isnan(mean_difference(1.0, 1.0, 1, 2.0, 1.0, 5)[0].low)


def test_the_tests_agree_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for k, n, p0 in [(3, 10, 0.25), (468, 1000, 0.25), (17, 40, 1 / 6), (0, 12, 0.5)]:
        assert binomial_test(k, n, p0) == pytest.approx(stats.binomtest(k, n, p0).pvalue, rel=1e-6)
    welch = stats.ttest_ind_from_stats(2.0, 2.0, 5, 1.0, 1.0, 10, equal_var=False)
    assert mean_difference(2.0, 2.0, 5, 1.0, 1.0, 10)[1] == pytest.approx(welch.pvalue, rel=1e-6)
    assert t_quantile(0.975, 3.3) == pytest.approx(stats.t.ppf(0.975, 3.3), rel=1e-6)
