"""Ruling on a case away from the web server's event loop.

The engines run in a pool of worker processes (``RulingPool``): the page stays responsive while
a count runs, a ruling that overruns its time limit is stopped by ending its process, and the
pool is started at once so that the first "Rule" does not wait for the engines to import.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import threading
from dataclasses import dataclass
from typing import Any

from solver.errors import CaseFileError, InternalError, SolverError

GRACE_SECONDS = 10.0
"""Beyond the analysis's own time limit, how long a worker may take before it is ended: the
engines stop counting at the limit, and this covers the ruling and report built after it."""


@dataclass(frozen=True)
class Outcome:
    """What a worker gives back: the ruling's JSON and its reports, or the error message."""

    ok: bool
    result: dict[str, Any] | None = None
    text: str | None = None
    document: str | None = None
    error: str | None = None
    kind: str | None = None
    """On an error: ``input`` (the case is wrong: exit 2 on the command line), ``internal`` (a
    failure of the tool), ``timeout``, ``stopped`` (on request)."""


def rule(facts: dict[str, Any], time_limit: float, source: str = "<desk>") -> Outcome:
    """Validate ``facts`` (the dict a case file holds), analyse it and rule (in a worker)."""
    from solver.records import case_from_dict
    from solver.rulings import analyse
    from solver.rulings.report import html_document, text_report

    try:
        case = case_from_dict(facts, source)
        analysis = analyse(case, list_limit=5, time_limit=time_limit)
        return Outcome(
            ok=True,
            result=analysis.to_json(),
            text=text_report(analysis),
            document=html_document(analysis),
        )
    except InternalError as error:
        return Outcome(ok=False, error=f"internal error: {error}", kind="internal")
    except SolverError as error:
        return Outcome(ok=False, error=str(error), kind="input")
    except Exception as error:  # the tool's own failure: said so, never taken for bad input
        return Outcome(
            ok=False, error=f"internal error: {type(error).__name__}: {error}", kind="internal"
        )


def check(facts: dict[str, Any], source: str = "<desk>") -> str | None:
    """The loader's message for ``facts``, or None when they make a valid case (fast: no
    engine runs, so the page can say what is wrong before any worker is asked)."""
    from solver.records import case_from_dict

    try:
        case_from_dict(facts, source)
    except CaseFileError as error:
        return str(error)
    return None


def _warm() -> bool:
    """Import the engines in a fresh worker, so that the first ruling does not pay for it."""
    import solver.rulings.analyse  # noqa: F401

    return True


class RulingPool:
    """Worker processes that rule on cases; one overrunning its limit is ended and replaced."""

    def __init__(self, workers: int = 1) -> None:
        self._workers = workers
        self._lock = threading.Lock()
        self._pool = self._start()
        self._stopped: set[int] = set()
        """The pools ended by ``stop``: what was running on them was stopped, not lost."""

    def _start(self) -> concurrent.futures.ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        pool = concurrent.futures.ProcessPoolExecutor(self._workers, mp_context=context)
        for _ in range(self._workers):
            pool.submit(_warm)
        return pool

    def rule(self, facts: dict[str, Any], time_limit: float) -> Outcome:
        """Rule on ``facts`` in a worker, waiting at most the limit and a grace period."""
        with self._lock:
            pool = self._pool
        future = pool.submit(rule, facts, time_limit)
        try:
            return future.result(timeout=time_limit + GRACE_SECONDS)
        except concurrent.futures.TimeoutError:
            self._restart(pool)
            return Outcome(
                ok=False,
                error=f"no ruling within the time limit of {time_limit:g} s (and "
                f"{GRACE_SECONDS:g} s of grace): the worker was stopped",
                kind="timeout",
            )
        except (concurrent.futures.process.BrokenProcessPool, concurrent.futures.CancelledError):
            if id(pool) in self._stopped:
                return Outcome(
                    ok=False, error="stopped on request: no ruling was made", kind="stopped"
                )
            self._restart(pool)
            raise InternalError("the ruling worker died (out of memory?)") from None

    def stop(self) -> None:
        """Stop every ruling under way (a long count the director does not want to wait for):
        their workers are ended and replaced, and each gets a "stopped" outcome."""
        with self._lock:
            pool = self._pool
            self._stopped.add(id(pool))
        self._restart(pool)

    def _restart(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is not broken:
                return
            processes = list((getattr(broken, "_processes", None) or {}).values())
            broken.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            self._pool = self._start()

    def close(self) -> None:
        """End the workers (a ruling under way is stopped) and wait for them to go."""
        with self._lock:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            for process in processes:
                process.terminate()
            self._pool.shutdown(wait=True, cancel_futures=True)
