"""Property tests on random deals and random legal plays (docs/case-format.md semantics).

Rows are then mixed, cards turned the wrong way, statements made up. Every time:
- with no injected error, the true history is consistent and found;
- with errors, the minimum cost is at most the true history's cost;
- every listed history is legal and has the reported cost;
- the engines agree on feasibility, minimum cost, counts and outcomes.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from solver import case_from_dict
from solver.bridge import SEATS
from solver.engines import compile_case, cpsat, find_consistent, pyconstraint, search
from solver.engines.problem import Problem, evaluate
from tests.engines.brute import brute_force
from tests.strategies import (
    STRAINS,
    dispute_from_play,
    disputes,
    examples,
    random_deal,
    random_play,
    true_history,
)

QUICK = examples(40)
FULL = examples(20)


def _with_truth_agreed(case_dict: dict, play: list) -> dict:
    """The same dispute with the true play added as agreed tricks (hard facts)."""
    pinned = dict(case_dict)
    pinned["play"] = dict(case_dict["play"])
    pinned["play"]["tricks"] = {
        t.number: f"{t.leader}: " + " ".join(str(c) for c in t.cards) for t in play
    }
    return pinned


def _assert_listed_are_consistent(problem: Problem, listed: list, min_cost: int | None) -> None:
    for history in listed:
        verdict = evaluate(problem, history)
        assert verdict.legal, verdict.reason
        assert verdict.cost == min_cost


@FULL
@given(st.integers(0, 2**32 - 1), st.integers(0, 2))
def test_without_errors_the_true_full_play_is_consistent_and_found(seed: int, mixed: int) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    strain = rng.choice(STRAINS)
    trump = None if strain == "NT" else "SHDC".index(strain)
    declarer = rng.choice(list(SEATS))
    play = random_play(rng, deal, declarer.lho, trump, 13)
    case_dict = dispute_from_play(
        rng, deal, f"4{strain}", declarer, play, trump, mix=mixed, flips=0, statements=0
    )
    problem = compile_case(case_from_dict(case_dict))
    truth = true_history(play)
    assert evaluate(problem, truth).cost == 0
    found = find_consistent(problem, time_limit=60, list_limit=3)
    assert found.min_cost == 0
    assert found.count is not None and found.count >= 1
    _assert_listed_are_consistent(problem, found.listed, 0)
    pinned = compile_case(case_from_dict(_with_truth_agreed(case_dict, play)))
    only_truth = search.solve(pinned, list_limit=2)
    assert only_truth.count == 1 and only_truth.listed == [truth]


@examples(12)
@given(disputes(tricks=13, max_mix=1, max_flips=2, max_statements=3))
def test_with_errors_the_minimum_is_at_most_the_true_cost(dispute) -> None:
    case_dict, play = dispute
    problem = compile_case(case_from_dict(case_dict))
    true_cost = evaluate(problem, true_history(play)).cost
    found = find_consistent(problem, time_limit=8, list_limit=3)
    assert found.feasible is not False
    if found.min_cost is None or not found.totals_proved:
        # Time ran out (a loaded machine, a hard dispute): nothing may then be claimed.
        assert found.count is None and found.outcomes == {}
        return
    assert found.min_cost <= true_cost
    _assert_listed_are_consistent(problem, found.listed, found.min_cost)
    optimised = cpsat.solve(problem, count_limit=0)
    if optimised.min_cost is None or not optimised.totals_proved:
        assert optimised.outcomes == {}
        return
    assert optimised.min_cost == found.min_cost
    assert set(optimised.outcomes) == set(found.outcomes)


@QUICK
@given(disputes(tricks=3, max_mix=4, max_flips=2, max_statements=3))
def test_all_engines_agree_with_brute_force_on_small_disputes(dispute) -> None:
    case_dict, _play = dispute
    problem = compile_case(case_from_dict(case_dict))
    expected = brute_force(problem)
    results = [
        search.solve(problem, list_limit=10_000),
        cpsat.solve(problem, list_limit=10_000),
        pyconstraint.solve(problem, list_limit=10_000),
        find_consistent(problem, list_limit=10_000),
    ]
    for found in results:
        assert found.feasible == expected.feasible, found.engine
        assert found.min_cost == expected.min_cost, found.engine
        assert found.count == expected.count, found.engine
        assert dict(found.outcomes) == expected.outcomes, found.engine
        assert (found.contradicted or frozenset()) == expected.contradicted, found.engine
        assert sorted(found.listed) == expected.histories, found.engine


@examples(15)
@given(disputes(tricks=5, max_mix=4, max_flips=1, max_statements=2))
def test_search_and_cpsat_agree_on_five_trick_disputes(dispute) -> None:
    case_dict, _play = dispute
    problem = compile_case(case_from_dict(case_dict))
    searched = search.solve(problem, list_limit=50)
    optimised = cpsat.solve(problem, count_limit=100_000, time_limit=30)
    assert searched.feasible == optimised.feasible
    assert searched.min_cost == optimised.min_cost
    assert set(searched.outcomes) == set(optimised.outcomes)
    assert searched.contradicted == optimised.contradicted
    if optimised.count is not None:
        assert searched.count == optimised.count
        assert searched.outcomes == optimised.outcomes
    _assert_listed_are_consistent(problem, searched.listed, searched.min_cost)
