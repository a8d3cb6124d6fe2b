"""Settling many claim adjudications within one time limit: the judgements turned one by one
(``claims.judgement_costs``).

Each turned judgement is the same claim under a policy that differs in one switch, so its search
costs about what the claim's own did (``expected``): a little less or a few times more. Shared
out equally, a limit too small for all of them settled almost none: on a trick-1 claim whose
search takes 12 s, 200 s gave each of 36 turns 5.5 s, and only one finished; and turns just
above their share each were all cut short together. So each turn may take, besides its share of
what is left, the time of a search like the claim's own (twice it); those a pass leaves
unsettled get twice that in the next, while the limit lasts. A committee that allows more time
gets more of them settled, not none. With ``workers`` above one the turns run in that many
processes at once, the limit counted in wall time. (Tried on the measured costs of three
published claims' turns and a simulated trick-1 claim: a first pass of short tries for the
cheap turns settled fewer in all, its tries wasted, so there is none.)
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from solver.engines.claims import ClaimProblem, ClaimTimeout, adjudicate

FULL_FACTOR = 2.0
"""In the first pass a turn may take this many times the claim's own search (or its share)."""

PASSES = 4
"""Passes over the turns still unsettled, each offering them twice the time of the last."""

POOL_WORTH = 2.0
"""Below this many seconds of work expected in all (the claim's own search's times the turns),
the turns run in this process: starting worker processes would cost more than it saves."""

Budget = Callable[[float, int], float]
"""The seconds one turn may take, given the seconds of work left (wall time left times the
workers) and the number of turns not yet started."""


def settle(
    problems: Sequence[ClaimProblem], time_limit: float, expected: float, workers: int = 1
) -> list[int | None]:
    """The claimer's tricks on the worst normal line of each problem, in order; None for one
    not settled within ``time_limit`` (seconds for them all). ``expected``: the seconds the
    claim's own search took, the measure of what each costs."""
    deadline = time.monotonic() + time_limit
    values: list[int | None] = [None] * len(problems)
    worth = len(problems) > 1 and expected * len(problems) >= POOL_WORTH
    use = min(workers, len(problems)) if worth else 1
    pool = _pool(use) if use > 1 else None
    try:
        for n in range(PASSES):
            budget = _budget(expected, 2**n)
            left = [i for i, value in enumerate(values) if value is None]
            if not left or deadline - time.monotonic() < 0.05:
                break
            try:
                settled = _run(problems, left, budget, deadline, pool, use)
            except BrokenProcessPool:
                # A worker died (killed, out of memory, or a script without the main guard
                # whose start-up fails in the worker): the rest run here.
                assert pool is not None
                pool.shutdown(wait=False, cancel_futures=True)
                pool, use = None, 1
                settled = _run(problems, left, budget, deadline, pool, use)
            for i, value in settled:
                values[i] = value
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    return values


def available_workers() -> int:
    """How many processes the turns may use here: the CPUs this process may run on, and one
    inside a daemonic process (a desk or Dask worker), which may not start processes."""
    if multiprocessing.current_process().daemon:
        return 1
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # not on Linux
        return max(os.cpu_count() or 1, 1)


def _budget(expected: float, times: int) -> Budget:
    """A pass's offer: an equal share of the work left or, if more, ``times`` the time of a
    search like the claim's own (``FULL_FACTOR`` times it), so that turns are settled one after
    another rather than all cut short."""
    return lambda work, count: max(work / count, times * (FULL_FACTOR * expected + 0.5))


def value_within(problem: ClaimProblem, budget: float) -> int | None:
    """The worst normal line's tricks, or None when the search does not end within ``budget``
    seconds. (A worker process's task: module level, so that it can be sent there.)"""
    try:
        return adjudicate(problem, budget).claimer_tricks
    except ClaimTimeout:
        return None


def _run(
    problems: Sequence[ClaimProblem],
    order: list[int],
    budget: Budget,
    deadline: float,
    pool: ProcessPoolExecutor | None,
    workers: int,
) -> list[tuple[int, int | None]]:
    """Settle ``problems[i]`` for each i of ``order``, each within the seconds ``budget`` gives
    it when it starts, none past ``deadline``."""

    def seconds(started: int) -> float:
        left = deadline - time.monotonic()
        if left <= 0:
            return 0.0
        return min(budget(left * workers, len(order) - started), left)

    if pool is None:
        out: list[tuple[int, int | None]] = []
        for started, i in enumerate(order):
            share = seconds(started)
            out.append((i, value_within(problems[i], share) if share > 0 else None))
        return out
    running: dict[Future[int | None], int] = {}
    done_values: list[tuple[int, int | None]] = []
    queue = iter(enumerate(order))

    def submit() -> None:
        for started, i in queue:
            share = seconds(started)
            if share > 0:
                running[pool.submit(value_within, problems[i], share)] = i
                return
            done_values.append((i, None))

    for _ in range(workers):
        submit()
    while running:
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in finished:
            done_values.append((running.pop(future), future.result()))
            submit()
    return done_values


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes started afresh (not forked: the double-dummy solver's threads may be
    running in this one)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
