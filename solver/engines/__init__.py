"""Engines: every history consistent with the facts, by search, CP-SAT or python-constraint.

This package (with ``dds``) is the only importer of ortools, constraint and endplay, and it
imports them only when an engine that needs them runs, so that a plain case starts fast.
"""

from __future__ import annotations

import time

from solver.engines.problem import CARDS_WEIGHT, Problem, compile_case, evaluate
from solver.engines.result import EngineResult
from solver.errors import InternalError
from solver.facts.history import History

ENGINES = ("auto", "search", "cpsat", "pyconstraint")

__all__ = [
    "ENGINES",
    "EngineResult",
    "History",
    "Problem",
    "compile_case",
    "evaluate",
    "find_consistent",
]


def find_consistent(
    problem: Problem, *, engine: str = "auto", time_limit: float = 20.0, list_limit: int = 5
) -> EngineResult:
    """The consistent histories of a problem, by the named engine.

    ``auto`` searches first with at most one quitted card contradicted (the usual case, no
    solver start-up); when that admits nothing, or takes too long, CP-SAT finds the minimum
    cost, the reachable totals and the units that may be contradicted, and the search counts
    within them.
    """
    if engine == "search":
        from solver.engines import search

        return search.solve(problem, time_limit=time_limit, list_limit=list_limit)
    if engine == "cpsat":
        from solver.engines import cpsat

        return cpsat.solve(problem, time_limit=time_limit, list_limit=list_limit)
    if engine == "pyconstraint":
        from solver.engines import pyconstraint

        return pyconstraint.solve(problem, list_limit=list_limit)
    if engine != "auto":
        raise ValueError(f"unknown engine {engine!r} (expected one of {', '.join(ENGINES)})")
    return _auto(problem, time_limit, list_limit)


FIRST_SEARCH_SECONDS = 1.0
"""How long the plain search may run before optimisation decides the totals instead
(a quarter of it when three or four rows are free: those are the positions that take long)."""


def _auto(problem: Problem, time_limit: float, list_limit: int) -> EngineResult:
    from solver.engines import search

    started = time.monotonic()
    free_seats = sum(1 for seat in range(4) if problem.row_order[seat] is None)
    first_limit = FIRST_SEARCH_SECONDS if free_seats < 3 else FIRST_SEARCH_SECONDS / 4
    first = search.solve(
        problem,
        time_limit=min(time_limit, first_limit),
        list_limit=list_limit,
        budgets=range(2),
    )
    if first.feasible:
        return first
    from solver.engines import cpsat

    optimised = cpsat.solve(problem, count_limit=0, time_limit=_left(started, time_limit))
    optimised.outcomes_elapsed = time.monotonic() - started
    if optimised.feasible is not True or optimised.min_cost is None or not optimised.totals_proved:
        optimised.elapsed = time.monotonic() - started
        return optimised
    hard = frozenset(range(len(problem.units))) - (optimised.contradicted or frozenset())
    cards_budget = optimised.min_cost // CARDS_WEIGHT
    counted = search.solve(
        problem,
        time_limit=_left(started, time_limit),
        list_limit=list_limit,
        budgets=range(cards_budget, cards_budget + 1),
        hard_units=hard,
    )
    if counted.feasible and counted.min_cost == optimised.min_cost:
        counted.engine = "search+cpsat"
        counted.outcomes_elapsed = optimised.outcomes_elapsed
        counted.elapsed = time.monotonic() - started
        return counted
    if counted.feasible:
        raise InternalError(
            f"the search (minimum cost {counted.min_cost}) and CP-SAT (minimum cost "
            f"{optimised.min_cost}) disagree"
        )
    if optimised.min_cost:
        optimised.forced = cpsat.forced_units(
            problem, optimised.min_cost, _left(started, time_limit)
        )
    else:
        optimised.forced = frozenset()
    return _uncounted(optimised, started, time_limit)


def _left(started: float, time_limit: float) -> float:
    return max(0.5, time_limit - (time.monotonic() - started))


def _uncounted(optimised: EngineResult, started: float, time_limit: float) -> EngineResult:
    """Totals decided by optimisation, counts left unknown (never silently partial)."""
    optimised.engine = "cpsat"
    optimised.count = None
    optimised.count_at_least = max(optimised.count_at_least, len(optimised.outcomes))
    optimised.outcomes = dict.fromkeys(optimised.outcomes)
    optimised.notes = [
        "the totals were decided by optimisation; counting did not finish within "
        f"{time_limit:g} s (raise --time-limit to count)"
    ]
    optimised.elapsed = time.monotonic() - started
    return optimised
