"""The search engine with revoke allegations, against the brute force (Law 61A permits)."""

from __future__ import annotations

from hypothesis import given

from solver.engines import search
from solver.engines.problem import compile_case, evaluate
from solver.records import case_from_dict
from tests.engines.brute import brute_force
from tests.strategies import examples, revoke_disputes, true_history

SMALL = examples(80)


@SMALL
@given(revoke_disputes(tricks=3))
def test_search_matches_brute_force_with_allegations(dispute) -> None:
    case_dict, _play, _made = dispute
    problem = compile_case(case_from_dict(case_dict))
    expected = brute_force(problem)
    found = search.solve(problem, list_limit=10_000)
    assert found.feasible == expected.feasible
    assert found.min_cost == expected.min_cost
    assert found.count == expected.count
    assert found.outcomes == dict(sorted(expected.outcomes.items()))
    assert found.groups == expected.groups
    assert found.contradicted == expected.contradicted
    assert sorted(found.listed) == expected.histories
    for key, example in found.group_examples.items():
        assert evaluate(problem, example).outcome == key


@SMALL
@given(revoke_disputes(tricks=4, max_mix=2))
def test_the_true_history_with_its_revokes_is_found(dispute) -> None:
    case_dict, play, made = dispute
    problem = compile_case(case_from_dict(case_dict))
    truth = true_history(play)
    verdict = evaluate(problem, truth)
    assert verdict.legal, verdict.reason
    assert [(e.trick + 1, e.seat) for e in verdict.revokes] == [(t, s.index) for t, s in made]
    found = search.solve(problem, list_limit=0)
    assert found.feasible
    assert found.min_cost is not None and found.min_cost <= verdict.cost
    if verdict.cost == found.min_cost:
        assert verdict.outcome in found.groups
        assert [(e.trick, e.seat) for e in verdict.outcome.revokes] == [
            (e.trick, e.seat) for e in verdict.revokes
        ]
