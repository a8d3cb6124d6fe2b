"""The search engine against the brute force, and its properties on full random plays."""

from __future__ import annotations

from hypothesis import given

from solver.engines import search
from solver.engines.problem import compile_case, evaluate
from solver.records import case_from_dict
from tests.engines.brute import brute_force
from tests.strategies import disputes, examples

SMALL = examples(60)


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
    if expected.feasible:
        every = [evaluate(problem, h).contradicted for h in expected.histories]
        assert found.forced == frozenset.intersection(*every)
    assert sorted(found.listed) == expected.histories
    for total, per_trick in found.trick_winners.items():
        winners = [set() for _ in range(problem.tricks)]
        for history in expected.histories:
            verdict_total = sum(
                1 for w in _winners(problem, history) if w % 2 == problem.declarer_side
            )
            if verdict_total == total:
                for t, w in enumerate(_winners(problem, history)):
                    winners[t].add(w)
        assert [set(s) for s in per_trick] == winners


def _winners(problem, history):
    from solver.bridge.masks import trick_winner

    return [trick_winner(leader, cards, problem.trump) for leader, cards in history]


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
