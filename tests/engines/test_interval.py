"""The interval around the count's estimate (``solver.engines.interval``): the normal interval
where the probes are not skewed, stretched toward the long tail where they are, and closer to
its stated 95 % than the normal one on a heavy-tailed sample."""

from __future__ import annotations

import math
import random

import pytest

from solver.engines.interval import mean_and_interval, normal_interval


def test_the_normal_interval_is_mean_plus_or_minus_1_96_standard_errors() -> None:
    """1 to 5: mean 3, standard deviation √2.5, standard error √0.5."""
    low, high = normal_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert (low, high) == pytest.approx((3 - 1.959964 * 0.5**0.5, 3 + 1.959964 * 0.5**0.5))


def test_values_without_skew_get_the_normal_interval() -> None:
    values = [float(v) for v in range(1, 101)]
    mean, low, high = mean_and_interval(values)
    assert mean == 50.5
    assert (low, high) == pytest.approx(normal_interval(values))


def test_equal_values_get_no_width() -> None:
    assert mean_and_interval([7.0] * 40) == (7.0, 7.0, 7.0)


def test_a_long_right_tail_raises_the_upper_end_only() -> None:
    """Most probes small, a few large: the shape of a tree-size estimator's probes."""
    values = [1.0] * 190 + [50.0] * 10
    _, low, high = mean_and_interval(values)
    normal_low, normal_high = normal_interval(values)
    assert low == pytest.approx(normal_low)
    assert high > normal_high * 1.05


def test_a_long_left_tail_lowers_the_lower_end_only() -> None:
    values = [100.0] * 190 + [51.0] * 10
    _, low, high = mean_and_interval(values)
    normal_low, normal_high = normal_interval(values)
    assert high == pytest.approx(normal_high)
    assert low < normal_low - 0.05 * (normal_high - normal_low)


def test_the_lower_end_is_never_below_zero() -> None:
    _, low, _ = mean_and_interval([0.0] * 39 + [1000.0])
    assert low == 0.0


def test_on_a_heavy_tailed_sample_it_holds_the_mean_more_often_than_the_normal_interval() -> None:
    """1,000 seeded samples of 200 from a lognormal law (sigma 1.5, mean e^1.125): the
    normal interval holds the mean in 873, this one in 936 (measured; the bound leaves room
    for nothing but a change of method)."""
    sigma = 1.5
    mean = math.exp(sigma**2 / 2)
    rng = random.Random(5)
    normal_held = held = 0
    for _ in range(1000):
        values = [rng.lognormvariate(0, sigma) for _ in range(200)]
        low, high = normal_interval(values)
        normal_held += low <= mean <= high
        _, low, high = mean_and_interval(values)
        held += low <= mean <= high
    assert normal_held < 900
    assert held >= 920 and held - normal_held >= 40
