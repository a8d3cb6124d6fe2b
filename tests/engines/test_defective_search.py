"""Defective tricks (Law 67, a player who missed a trick): the search against the brute force,
and the true history always found on whole boards."""

from __future__ import annotations

from hypothesis import given

from solver.engines import search
from solver.engines.problem import compile_case, evaluate
from solver.records import case_from_dict
from tests.engines.brute import brute_force
from tests.strategies import defective_disputes, examples

SMALL = examples(60)


@SMALL
@given(defective_disputes(tricks=3))
def test_search_matches_brute_force_with_a_missed_trick(dispute) -> None:
    case_dict, _history, _trick, _seat = dispute
    problem = compile_case(case_from_dict(case_dict))
    expected = brute_force(problem)
    found = search.solve(problem, list_limit=10_000)
    assert found.feasible == expected.feasible
    assert found.min_cost == expected.min_cost
    assert found.count == expected.count
    assert found.groups == expected.groups
    assert found.contradicted == expected.contradicted
    assert sorted(found.listed) == expected.histories


@examples(15)
@given(defective_disputes(tricks=13, max_mix=1))
def test_the_true_history_and_its_missed_trick_are_found(dispute) -> None:
    case_dict, history, trick, seat = dispute
    problem = compile_case(case_from_dict(case_dict))
    verdict = evaluate(problem, history)
    assert verdict.legal, verdict.reason
    if trick:
        assert [(e.trick + 1, e.seat, e.defective) for e in verdict.revokes] == [
            (trick, seat.index, True)
        ]
    found = search.solve(problem, time_limit=10)
    if found.feasible is None:
        return
    assert found.min_cost is not None and found.min_cost <= verdict.cost
    if found.min_cost == verdict.cost:
        assert verdict.outcome in found.groups
        for key in found.groups:
            assert sum(1 for e in key.revokes if e.defective) == (1 if trick else 0)
