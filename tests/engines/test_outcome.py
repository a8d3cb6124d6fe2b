"""``Outcome``, the typed outcome group, against the packed outcome keys of the engines.

The engines keep an outcome as one integer on their hot paths (``problem.outcome_key``) and
turn it into an ``Outcome`` where their result is built: the two forms must say the same thing,
and sort in the same order (the order the reports list the groups in).
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from solver.engines.problem import key_outcome, outcome_groups, outcome_key, outcome_to_key
from solver.facts.history import DoublePlay, RevokeEvent
from solver.facts.outcome import Outcome

events = st.builds(
    RevokeEvent,
    trick=st.integers(0, 12),
    seat=st.integers(0, 3),
    suit=st.integers(0, 3),
    revoker_won=st.booleans(),
    side_won=st.booleans(),
    side_later=st.integers(0, 2),
    won_later_with_suit=st.booleans(),
    corrected_tricks=st.integers(-1, 2),
    actual_tricks=st.integers(-1, 2),
    defective=st.booleans(),
    restored=st.booleans(),
    faced=st.booleans(),
)
double_plays = st.none() | st.builds(
    DoublePlay, st.integers(0, 12), st.integers(0, 51), st.integers(0, 51)
)
outcomes = st.builds(
    Outcome,
    declarer_tricks=st.integers(0, 13),
    revokes=st.lists(events, max_size=3).map(tuple),
    double_play=double_plays,
)


@given(outcomes)
def test_an_outcome_survives_its_packed_key(outcome: Outcome) -> None:
    key = outcome_to_key(outcome)
    assert key == outcome_key(outcome.declarer_tricks, outcome.revokes, outcome.double_play)
    assert key_outcome(key) == outcome
    assert hash(key_outcome(key)) == hash(outcome)


@given(st.lists(outcomes, min_size=2, max_size=8))
def test_outcomes_sort_as_their_keys_do(chosen: list[Outcome]) -> None:
    by_key = sorted(chosen, key=outcome_to_key)
    assert sorted(chosen) == by_key
    for first, second in itertools.pairwise(by_key):
        if outcome_to_key(first) < outcome_to_key(second):
            assert first < second and second > first and first <= second and not second < first


def test_random_keys_round_trip_and_keep_their_order() -> None:
    """Keys as the engines make them (the packed form first): unpacked and packed again."""
    rng = random.Random(17)
    keys = []
    for _ in range(2000):
        revokes = tuple(
            RevokeEvent(
                trick=rng.randrange(13),
                seat=rng.randrange(4),
                suit=rng.randrange(4),
                revoker_won=rng.random() < 0.5,
                side_won=rng.random() < 0.5,
                side_later=rng.randrange(3),
                won_later_with_suit=rng.random() < 0.5,
                corrected_tricks=rng.randrange(-1, 3),
                actual_tricks=rng.randrange(-1, 3),
                defective=rng.random() < 0.2,
                restored=rng.random() < 0.2,
                faced=rng.random() < 0.2,
            )
            for _ in range(rng.randrange(3))
        )
        double = (
            DoublePlay(rng.randrange(13), rng.randrange(52), rng.randrange(52))
            if rng.random() < 0.3
            else None
        )
        keys.append(outcome_key(rng.randrange(14), revokes, double))
    for key in keys:
        assert outcome_to_key(key_outcome(key)) == key
    groups = outcome_groups(dict.fromkeys(reversed(keys), 1))
    assert list(groups) == sorted(groups)
    assert [outcome_to_key(o) for o in groups] == sorted(set(keys))


def test_an_outcome_is_frozen_and_a_plain_total_is_the_total_alone() -> None:
    plain = Outcome(9)
    assert plain == key_outcome(9) and outcome_to_key(plain) == 9
    assert plain.revokes == () and plain.double_play is None
    try:
        plain.declarer_tricks = 10  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("an Outcome must be frozen")
    assert sorted([Outcome(10), Outcome(8), Outcome(9)]) == [Outcome(8), Outcome(9), Outcome(10)]
