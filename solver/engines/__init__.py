"""Engines: every history consistent with the facts, by search, CP-SAT or python-constraint.

This package (with ``dds``) is the only importer of ortools, constraint and endplay, and it
imports them only when an engine that needs them runs, so that a plain case starts fast.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.engines.problem import CARDS_WEIGHT, Problem, compile_case, evaluate
from solver.engines.result import CountEstimate, EngineResult
from solver.errors import EngineError, InternalError
from solver.facts.history import History

ENGINES = ("auto", "search", "cpsat", "pyconstraint")

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "ENGINES",
    "EngineResult",
    "History",
    "PendingCount",
    "Problem",
    "compile_case",
    "decide_outcomes",
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
    if engine in ("cpsat", "pyconstraint") and not _applies_irregularities(problem):
        raise EngineError(
            f"the {engine} engine does not apply the Laws on irregularities during the play "
            "(Laws 50-57) together with a defective trick (Law 67): use --engine search or auto"
        )
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


DEFAULT_MEMORY_LIMIT = 2 * 1024**3
"""Bytes of resident memory at which a count stops with what it has counted (2 GiB)."""
ESTIMATE_SHARE = 0.15
"""Of the time left for counting, the share kept for the estimate should the count not finish
(at most ``ESTIMATE_SECONDS``)."""
ESTIMATE_SECONDS = 3.0


def _auto(problem: Problem, time_limit: float, list_limit: int) -> EngineResult:
    found, pending = decide_outcomes(problem, time_limit=time_limit, list_limit=list_limit)
    return found if pending is None else pending.run()


@dataclass
class PendingCount:
    """The count still to make once the outcomes (and so the ruling) are known: the search,
    within the cards-tier budget and the facts optimisation proved to hold, for the time left."""

    problem: Problem
    decided: EngineResult
    """The outcomes by optimisation, not counted: what the ruling is made from."""
    started: float
    time_limit: float
    list_limit: int

    def run(
        self,
        *,
        memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
        progress: Callable[[int], None] | None = None,
        node_limit: int | None = None,
        estimate: bool = True,
    ) -> EngineResult:
        """Count with what is left of the time limit; on success the counted result, else the
        decided one with what was counted (a lower bound), why it stopped and an estimate
        (unless ``estimate`` is off). ``node_limit``: stop after that many positions."""
        from solver.engines import search

        decided = self.decided
        assert decided.min_cost is not None
        hard = frozenset(range(len(self.problem.units))) - (decided.contradicted or frozenset())
        cards_budget = decided.min_cost // CARDS_WEIGHT
        left = _left(self.started, self.time_limit)
        estimating = min(ESTIMATE_SECONDS, ESTIMATE_SHARE * left)
        counted = search.solve(
            self.problem,
            time_limit=left - estimating,
            list_limit=self.list_limit,
            budgets=range(cards_budget, cards_budget + 1),
            hard_units=hard,
            known_min_cost=decided.min_cost,
            memory_limit=memory_limit,
            progress=progress,
            estimate_seconds=estimating if estimate else 0.0,
            node_limit=node_limit,
        )
        if counted.feasible and counted.min_cost == decided.min_cost:
            return replace(
                counted,
                engine="search+cpsat",
                outcomes_elapsed=decided.outcomes_elapsed,
                elapsed=time.monotonic() - self.started,
            )
        if counted.feasible:
            raise InternalError(
                f"the search (minimum cost {counted.min_cost}) and CP-SAT (minimum cost "
                f"{decided.min_cost}) disagree"
            )
        count_at_least = max(decided.count_at_least, counted.count_at_least)
        count_stopped = counted.count_stopped or "time limit"
        guess = counted.estimate
        if guess is not None and guess.low < count_at_least:
            guess = replace(
                guess,
                low=float(count_at_least),
                high=max(guess.high, float(count_at_least)),
            )
        if count_stopped == "time limit":
            note = (
                "the totals were decided by optimisation; counting did not finish within "
                f"{self.time_limit:g} s ({_time_to_count(guess, count_at_least, self.time_limit)})"
            )
        elif count_stopped == "memory limit":
            note = (
                "the totals were decided by optimisation; counting stopped at the memory limit "
                f"of {_bytes(memory_limit)} (raise --memory-limit to count)"
            )
        else:
            note = (
                f"the totals were decided by optimisation; counting stopped at its {count_stopped}"
            )
        return replace(
            decided,
            outcomes=dict(decided.outcomes),
            count_at_least=count_at_least,
            count_stopped=count_stopped,
            estimate=guess,
            notes=[note],
            elapsed=time.monotonic() - self.started,
        )


def _bytes(size: int | None) -> str:
    if size is None:
        return "no limit"
    for unit, scale in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size >= scale:
            return f"{size / scale:g} {unit}"
    return f"{size} bytes"


def decide_outcomes(
    problem: Problem,
    *,
    time_limit: float = 20.0,
    list_limit: int = 5,
    first_search: float = FIRST_SEARCH_SECONDS,
) -> tuple[EngineResult, PendingCount | None]:
    """What the ruling needs, as fast as it can be had: the outcome groups (the declarer
    totals, and the revokes), the minimum cost and the facts contradicted; not the count.

    The search first, briefly, with at most one quitted card contradicted (the usual case, no
    solver start-up): when it finishes it has counted too, and nothing is pending. Else CP-SAT
    decides the outcomes by optimisation and feasibility checks per total, and the count is
    returned pending, for the time left once the ruling is out. ``first_search``: the seconds
    the search has first (a quarter with three or four rows free); 0 goes to CP-SAT at once.
    """
    from solver.engines import search

    started = time.monotonic()
    if not _applies_irregularities(problem):
        # Only the search applies the obligations after an irregularity (Laws 50-57) with a
        # defective trick (Law 67): it decides and counts with the whole time limit.
        return search.solve(problem, time_limit=time_limit, list_limit=list_limit), None
    free_seats = sum(1 for seat in range(4) if problem.row_order[seat] is None)
    first_limit = first_search if free_seats < 3 else first_search / 4
    if first_limit > 0:
        first = search.solve(
            problem,
            time_limit=min(time_limit, first_limit),
            list_limit=list_limit,
            budgets=range(2),
        )
        if first.feasible:
            return first, None
    from solver.engines import cpsat

    optimised = cpsat.solve(
        problem, count_limit=0, time_limit=_left(started, time_limit), list_limit=list_limit
    )
    optimised = replace(optimised, outcomes_elapsed=time.monotonic() - started)
    if optimised.feasible is not True or optimised.min_cost is None or not optimised.totals_proved:
        return replace(optimised, elapsed=time.monotonic() - started), None
    if not optimised.min_cost:
        optimised = replace(optimised, forced=frozenset())
    elif optimised.forced is None:  # with revokes, or out of time in the session
        forced = cpsat.forced_units(problem, optimised.min_cost, _left(started, time_limit))
        optimised = replace(optimised, forced=forced)
    decided = replace(
        _uncounted(optimised, started, time_limit),
        notes=["the totals were decided by optimisation; the count comes after the ruling"],
    )
    return decided, PendingCount(problem, decided, started, time_limit, list_limit)


def _applies_irregularities(problem: Problem) -> bool:
    """CP-SAT and python-constraint apply the obligations after an irregularity, but not
    together with a missed trick or a double play (Law 67): only the search does."""
    return problem.irregular is None or (
        problem.short_seat is None and problem.surplus_seat is None
    )


def _time_to_count(guess: CountEstimate | None, counted: int, time_limit: float) -> str:
    """The advice after a count stopped at its time limit: how long the estimated count would
    take at the rate counted, when that can be said; past a day no limit is worth raising."""
    if guess is None or counted <= 0 or guess.value <= counted:
        return "raise --time-limit to count"
    needed = time_limit * guess.value / counted
    if needed > 86_400:
        return "at the rate counted so far, more than a day: the estimate stands in for the count"
    if needed >= 3600:
        shown = f"{needed / 3600:.1f} h"
    elif needed >= 120:
        shown = f"{needed / 60:.0f} min"
    else:
        shown = f"{needed:.0f} s"
    return f"at the rate counted so far, about {shown}: raise --time-limit to count"


def _left(started: float, time_limit: float) -> float:
    return max(0.5, time_limit - (time.monotonic() - started))


def _uncounted(optimised: EngineResult, started: float, time_limit: float) -> EngineResult:
    """Totals decided by optimisation, counts left unknown (never silently partial)."""
    return replace(
        optimised,
        engine="cpsat",
        count=None,
        count_at_least=max(optimised.count_at_least, len(optimised.outcomes)),
        outcomes=dict.fromkeys(optimised.outcomes),
        notes=[
            "the totals were decided by optimisation; counting did not finish within "
            f"{time_limit:g} s (raise --time-limit to count)"
        ],
        elapsed=time.monotonic() - started,
    )
