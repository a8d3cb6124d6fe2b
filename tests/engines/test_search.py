"""The search engine against the brute force, and its properties on full random plays."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from solver.engines import search
from solver.engines.problem import compile_case, evaluate
from solver.records import case_from_dict
from tests.engines.brute import brute_force
from tests.strategies import disputes, true_history

SMALL = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SMALL
@given(disputes(tricks=3))
def test_search_matches_brute_force_on_three_trick_disputes(dispute) -> None:
    case_dict, _play = dispute
    problem = compile_case(case_from_dict(case_dict))
    expected = brute_force(problem)
    found = search.solve(problem, list_limit=10_000)
    assert found.feasible == expected.feasible
    assert found.min_cost == expected.min_cost
    assert found.count == expected.count
    assert found.outcomes == dict(sorted(expected.outcomes.items()))
    assert found.contradicted == expected.contradicted
    assert sorted(found.listed) == expected.histories


@SMALL
@given(disputes(tricks=2, max_mix=4))
def test_unreduced_search_counts_the_same_as_reduced(dispute) -> None:
    case_dict, _play = dispute
    problem = compile_case(case_from_dict(case_dict))
    plain = search.Searcher(problem, reduce_equivalent=False)
    reduced = search.Searcher(problem)
    a, b = search.find_optimum(plain), search.find_optimum(reduced)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert a.counts == b.counts and a.min_cost == b.min_cost


FULL = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FULL
@given(disputes(tricks=13, max_mix=2, max_flips=2, max_statements=2))
def test_true_history_is_found_or_costs_no_less_on_full_plays(dispute) -> None:
    case_dict, play = dispute
    problem = compile_case(case_from_dict(case_dict))
    truth = true_history(play)
    true_eval = evaluate(problem, truth)
    assert true_eval.legal
    found = search.solve(problem, list_limit=20, time_limit=60)
    assert found.feasible
    assert found.min_cost is not None and found.min_cost <= true_eval.cost
    if true_eval.cost == 0:
        assert found.min_cost == 0
    for history in found.listed:
        listed_eval = evaluate(problem, history)
        assert listed_eval.legal and listed_eval.cost == found.min_cost
    assert found.count == sum(found.outcomes.values())
