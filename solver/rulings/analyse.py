"""From a case to its analysis: engines first, then the Laws."""

from __future__ import annotations

from solver.engines import compile_case, find_consistent
from solver.facts import Case
from solver.rulings.decide import decide
from solver.rulings.ruling import Analysis


def analyse(
    case: Case, *, engine: str = "auto", list_limit: int = 5, time_limit: float = 20.0
) -> Analysis:
    """Find the consistent histories of a case and rule on them."""
    problem = compile_case(case)
    found = find_consistent(problem, engine=engine, time_limit=time_limit, list_limit=list_limit)
    contradicted = sorted(found.contradicted or (), key=lambda u: u)
    units = [problem.units[u] for u in contradicted]
    forced = [problem.units[u] for u in sorted(found.forced or ())]
    ruling = decide(case, found, units)
    explanation = None
    if found.feasible is False:
        from solver.engines import cpsat

        explanation = cpsat.explain_impossible(problem, time_limit=time_limit)
    return Analysis(case, found, ruling, units, explanation, forced)
