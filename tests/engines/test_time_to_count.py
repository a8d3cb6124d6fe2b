"""The advice after a count stopped at its time limit: "raise --time-limit" only says how far
when the estimate and the rate counted say it (an outside check found it advised for a board
with no play, whose count would take hours)."""

from __future__ import annotations

import pytest

from solver.engines import _time_to_count
from solver.engines.result import CountEstimate


def estimate(value: float) -> CountEstimate:
    return CountEstimate(value, value / 2, value * 2, probes=100, seed=1, exact_tricks=3)


@pytest.mark.parametrize(
    ("value", "counted", "said"),
    [
        (4e6, 1_000_000, "about 80 s: raise --time-limit"),  # 4 times the 20 s counted
        (3e7, 1_000_000, "about 10 min: raise --time-limit"),
        (1e9, 1_000_000, "about 5.6 h: raise --time-limit"),
        (1e12, 1_000_000, "more than a day: the estimate stands in for the count"),
    ],
)
def test_the_time_a_count_would_take_is_said(value: float, counted: int, said: str) -> None:
    assert said in _time_to_count(estimate(value), counted, 20.0)


def test_without_an_estimate_or_a_rate_the_plain_advice_stays() -> None:
    assert _time_to_count(None, 10, 20.0) == "raise --time-limit to count"
    assert _time_to_count(estimate(1e9), 0, 20.0) == "raise --time-limit to count"
