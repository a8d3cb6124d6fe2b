"""Holding the engines to the brute force of ``tests.engines.brute`` (``evaluate`` as the judge).

Shared by the engine tests of revokes, defective tricks and double plays: every engine must agree
with the brute force on feasibility, minimum cost, counts, totals, outcome groups, contradicted
units and the histories listed.
"""

from __future__ import annotations

from solver.engines import cpsat, pyconstraint, search
from solver.engines.problem import Problem, evaluate, key_outcome, public_key
from solver.engines.result import EngineResult
from tests.engines.brute import BruteResult, all_legal_histories, brute_force

LISTED = 10_000
"""List every history: the small positions held to the brute force have a few thousand at most."""


def assert_agrees(
    p: Problem,
    found: EngineResult,
    expected: BruteResult,
    *,
    listed: int | None = None,
    trick_winners: bool = False,
    examples: bool = True,
) -> None:
    """Everything an engine reports about the consistent histories, against the brute force.

    The engine listed every history (in any order), or with ``listed`` the first that many in
    order; with ``trick_winners``, also the winners of each trick by total; with ``examples``,
    also one history of each group (the search gives none).
    """
    assert found.feasible == expected.feasible
    if not expected.feasible:
        assert (found.count, found.outcomes, found.groups) == (0, {}, {})
        return
    assert found.min_cost == expected.min_cost
    assert found.count == found.count_at_least == expected.count
    assert found.outcomes == expected.outcomes
    assert found.groups == expected.groups
    assert found.contradicted == expected.contradicted
    if listed is None:
        assert sorted(found.listed) == expected.histories
    else:
        assert found.listed == expected.histories[:listed]
    if trick_winners:
        assert found.trick_winners == expected.trick_winners
    if not examples:
        return
    assert set(found.group_examples) == set(expected.groups)
    for key, history in found.group_examples.items():
        evaluation = evaluate(p, history)
        assert evaluation.legal and evaluation.cost == expected.min_cost
        # after an irregularity the group is the history's under one of its choice sequences
        assert key in {key_outcome(public_key(k)) for k in evaluation.keys}


def check_cpsat(p: Problem, expected: BruteResult) -> None:
    found = cpsat.solve(p, list_limit=LISTED)
    assert_agrees(p, found, expected)
    if not expected.feasible:
        assert cpsat.explain_impossible(p)
        return
    assert found.notes == []  # in particular no duplicate solutions
    assert cpsat.explain_impossible(p) is None
    assert expected.min_cost is not None
    assert cpsat.forced_units(p, expected.min_cost) == expected.forced
    totals = sorted(expected.outcomes)
    assert cpsat.declarer_trick_range(p, expected.min_cost) == (totals[-1], totals[0])


def check_pyconstraint(p: Problem, expected: BruteResult) -> None:
    """Also the CSP's every solution (not only the cheapest) against ``evaluate``."""
    assert_agrees(p, pyconstraint.solve(p, list_limit=LISTED), expected)
    solutions = [(h, choices) for h, _winners, choices in pyconstraint.solutions(p)]
    assert len(solutions) == len(set(solutions)), "the CSP produced a history twice"
    legal = {h: evaluate(p, h) for h in all_legal_histories(p)}
    legal = {h: ev for h, ev in legal.items() if ev.legal}
    assert {h for h, _choices in solutions} == set(legal)
    # after an irregularity: each history under exactly the choices the reference finds
    by_history: dict[object, list[int]] = {}
    for history, choices in solutions:
        by_history.setdefault(history, []).append(choices)
    for history, evaluation in legal.items():
        assert sorted(by_history[history]) == sorted(evaluation.choice_paths), history


def check_search(p: Problem, expected: BruteResult) -> None:
    assert_agrees(p, search.solve(p, list_limit=LISTED), expected, examples=False)


def check_all(p: Problem, *, with_search: bool = True, every_failure: bool = False) -> BruteResult:
    """The brute force's answer, once CP-SAT, the CSP and (``with_search``) the search have
    been held to it. The first failure stops the checks; with ``every_failure``, every engine
    is checked and all their failures are reported together."""
    expected = brute_force(p)
    checks = [check_cpsat, check_pyconstraint, *([check_search] if with_search else [])]
    if not every_failure:
        for check in checks:
            check(p, expected)
        return expected
    failures = []
    for check in checks:
        try:
            check(p, expected)
        except AssertionError as error:
            failures.append(f"{check.__name__}: {error}")
    assert not failures, "\n".join(failures)
    return expected
