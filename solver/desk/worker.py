"""Ruling on a case away from the web server's event loop, one job per "Rule".

The engines run in worker processes (``RulingPool``), each started at once so that the first
"Rule" does not wait for the engines to import. Each request is a ``Job`` with an id: it waits
for a free worker, reports its progress while it runs (the phase, the time used of its limit,
the positions searched by a count), and ends done, failed, timed out or stopped. Stopping a job
ends its worker process only (other jobs run on) and starts a new worker in its place; a job
still waiting for a worker is simply dropped.
"""

from __future__ import annotations

import importlib
import multiprocessing
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
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


Progress = Callable[[str, int | None], None]
"""Called by a ruling as it goes: the phase (words for the page) and the positions searched
so far by a count (None outside a count)."""


def rule(
    facts: dict[str, Any],
    time_limit: float,
    source: str = "the page",
    progress: Progress | None = None,
    values: bool = False,
) -> Outcome:
    """Validate ``facts`` (the dict a case file holds), analyse it and rule (in a worker).
    ``values``: the reports give the values of the options at a pending choice (``--values``;
    without it they list the options alone, Law 10C)."""
    from solver.records import case_from_dict
    from solver.rulings import analyse
    from solver.rulings.report import html_document, text_report

    def counted(positions: int) -> None:
        if progress is not None:
            progress("counting the consistent histories", positions)

    try:
        case = case_from_dict(facts, source)
        if progress is not None:
            phase = "adjudicating the claim" if case.claim is not None else "deciding the outcomes"
            progress(phase, None)
        analysis = analyse(case, list_limit=5, time_limit=time_limit, count_progress=counted)
        return Outcome(
            ok=True,
            result=analysis.to_json(),
            text=text_report(analysis, values=values),
            document=html_document(analysis, values=values),
        )
    except InternalError as error:
        return Outcome(ok=False, error=f"internal error: {error}", kind="internal")
    except SolverError as error:
        return Outcome(ok=False, error=str(error), kind="input")
    except Exception as error:  # the tool's own failure: said so, never taken for bad input
        return Outcome(
            ok=False, error=f"internal error: {type(error).__name__}: {error}", kind="internal"
        )


def check(facts: dict[str, Any], source: str = "the page") -> str | None:
    """The loader's message for ``facts``, or None when they make a valid case (fast: no
    engine runs, so the page can say what is wrong before any worker is asked)."""
    from solver.records import case_from_dict

    try:
        case_from_dict(facts, source)
    except CaseFileError as error:
        return str(error)
    return None


WARM_MODULES = (
    "solver.records",
    "solver.rulings.analyse",
    "solver.rulings.claims",
    "solver.rulings.report",
    "solver.engines.search",
    "solver.engines.cpsat",
    "solver.engines.dds",
    "solver.engines.claims",
)
"""What a worker imports before its first job: the engines are imported where they are first
used, and the first ruling needing OR-Tools or the double-dummy solver would pay a second
for it."""


def _warm() -> None:
    for name in WARM_MODULES:
        importlib.import_module(name)


PROGRESS_EVERY = 0.2
"""Seconds between two progress reports a worker sends (a count reports far more often)."""


def _work(connection: Connection) -> None:
    """A worker process: import the engines at once, then rule on each case sent until told
    to end (None) or the server goes (the pipe closes)."""
    _warm()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        facts, time_limit, values = message
        outcome = rule(facts, time_limit, progress=_Reporter(connection), values=values)
        connection.send(("done", outcome))


class _Reporter:
    """A worker's progress sent to the server: each new phase, and within one phase at most
    every ``PROGRESS_EVERY`` seconds."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._phase = ""
        self._sent = 0.0

    def __call__(self, phase: str, positions: int | None) -> None:
        now = time.monotonic()
        if phase != self._phase or now - self._sent >= PROGRESS_EVERY:
            self._phase, self._sent = phase, now
            self._connection.send(("progress", phase, positions))


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child,), daemon=True)
        self.process.start()
        child.close()

    def end(self) -> None:
        """End the process at once (a ruling under way in it is lost)."""
        self.process.terminate()
        self.process.join(timeout=5)
        self.connection.close()


FINISHED = ("done", "failed", "timeout", "stopped")
KEPT_FINISHED = 200
"""Finished jobs kept for the pages to read (the oldest are forgotten first)."""


@dataclass
class Job:
    """One "Rule" request: its state, its progress, and in the end its outcome."""

    facts: dict[str, Any]
    time_limit: float
    values: bool = False
    """Whether the reports give the options' values (the page's "values" box)."""
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    state: str = "queued"
    """``queued`` (waiting for a worker), ``running``, then one of ``FINISHED``."""
    phase: str = "waiting for a worker"
    positions: int | None = None
    started: float | None = None
    ended: float | None = None
    outcome: Outcome | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """What the server adds when the job ends (the ruling log's entry)."""
    stop_asked: threading.Event = field(default_factory=threading.Event)
    finished: threading.Event = field(default_factory=threading.Event)

    def elapsed(self) -> float:
        if self.started is None:
            return 0.0
        return (self.ended if self.ended is not None else time.monotonic()) - self.started

    def status(self) -> dict[str, Any]:
        """The job as the page polls it (no outcome: the server adds it once finished)."""
        return {
            "job": self.id,
            "state": self.state,
            "phase": self.phase,
            "elapsed": round(self.elapsed(), 2),
            "time_limit": self.time_limit,
            "positions": self.positions,
        }


class RulingPool:
    """Worker processes that rule on jobs; ending one job's worker leaves the others running."""

    def __init__(self, workers: int = 2) -> None:
        self._lock = threading.Lock()
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._busy: set[_Worker] = set()
        self._jobs: dict[str, Job] = {}
        self._closed = False
        for _ in range(workers):
            self._idle.put(_Worker())

    def submit(
        self,
        facts: dict[str, Any],
        time_limit: float,
        on_finish: Callable[[Job], None] | None = None,
        *,
        values: bool = False,
    ) -> Job:
        """Start a job ruling on ``facts`` (it waits for a free worker); ``on_finish`` is called
        with it, in the job's thread, when it has ended (before ``job.finished`` is set)."""
        job = Job(facts, time_limit, values)
        with self._lock:
            self._jobs[job.id] = job
            self._forget_old()
        threading.Thread(target=self._run, args=(job, on_finish), daemon=True).start()
        return job

    def job(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def stop(self, job_id: str) -> Job | None:
        """Ask a job to stop: its worker process is ended (and replaced), or, still queued, it
        never starts. The job, or None when there is no such job."""
        job = self.job(job_id)
        if job is not None:
            job.stop_asked.set()
        return job

    def rule(self, facts: dict[str, Any], time_limit: float) -> Outcome:
        """Rule on ``facts`` in a worker and wait for the outcome."""
        job = self.submit(facts, time_limit)
        job.finished.wait()
        assert job.outcome is not None
        return job.outcome

    def _forget_old(self) -> None:
        finished = [job for job in self._jobs.values() if job.state in FINISHED]
        for job in finished[: max(0, len(finished) - KEPT_FINISHED)]:
            del self._jobs[job.id]

    def _run(self, job: Job, on_finish: Callable[[Job], None] | None) -> None:
        try:
            job.outcome = self._take_and_rule(job)
        except InternalError as error:
            job.outcome = Outcome(ok=False, error=f"internal error: {error}", kind="internal")
        except Exception as error:  # the job's thread must always finish the job
            job.outcome = Outcome(
                ok=False, error=f"internal error: {type(error).__name__}: {error}", kind="internal"
            )
        if job.started is not None:
            job.ended = time.monotonic()
        job.phase = "keeping the ruling"
        if on_finish is not None:
            try:
                on_finish(job)
            except Exception as error:
                job.extra["log_error"] = f"{type(error).__name__}: {error}"
        # The state last: a page that reads a finished state finds the outcome beside it.
        outcome = job.outcome
        kinds = {"stopped": "stopped", "timeout": "timeout"}
        job.state = "done" if outcome.ok else kinds.get(outcome.kind or "", "failed")
        job.phase = job.state
        job.finished.set()

    def _take_and_rule(self, job: Job) -> Outcome:
        worker: _Worker | None = None
        while worker is None:
            if job.stop_asked.is_set() or self._closed:
                return _stopped()
            try:
                worker = self._idle.get(timeout=0.05)
            except queue.Empty:
                continue
        with self._lock:
            self._busy.add(worker)
        try:
            return self._rule_on(worker, job)
        finally:
            with self._lock:
                self._busy.discard(worker)

    def _rule_on(self, worker: _Worker, job: Job) -> Outcome:
        job.state, job.phase, job.started = "running", "sent to a worker", time.monotonic()
        deadline = job.started + job.time_limit + GRACE_SECONDS
        try:
            worker.connection.send((job.facts, job.time_limit, job.values))
            while True:
                if job.stop_asked.is_set() or self._closed:
                    self._replace(worker)
                    return _stopped()
                if time.monotonic() > deadline:
                    self._replace(worker)
                    return Outcome(
                        ok=False,
                        error=f"no ruling within the time limit of {job.time_limit:g} s (and "
                        f"{GRACE_SECONDS:g} s of grace): the worker was stopped",
                        kind="timeout",
                    )
                if not worker.connection.poll(0.02):
                    continue
                message = worker.connection.recv()
                if message[0] == "progress":
                    job.phase, job.positions = message[1], message[2]
                    continue
                if self._closed:
                    worker.end()
                else:
                    self._idle.put(worker)
                outcome: Outcome = message[1]
                return outcome
        except (EOFError, OSError, BrokenPipeError):
            self._replace(worker)
            raise InternalError("the ruling worker died (out of memory?)") from None

    def _replace(self, worker: _Worker) -> None:
        """End a worker and put a new one in its place (unless the pool is closing)."""
        worker.end()
        if not self._closed:
            self._idle.put(_Worker())

    def close(self) -> None:
        """End the workers (a ruling under way is stopped) and wait for them to go."""
        self._closed = True
        with self._lock:
            busy = list(self._busy)
        for worker in busy:
            worker.process.terminate()
        while True:
            try:
                idle = self._idle.get_nowait()
            except queue.Empty:
                break
            idle.end()


def _stopped() -> Outcome:
    return Outcome(ok=False, error="stopped on request: no ruling was made", kind="stopped")
