"""Running an audit: the claims in parallel, on this machine's cores or on a Dask cluster.

The claims are read lazily and at most a few per worker are in flight at once, so memory stays
flat however large the archive. Each row is appended to a journal (JSON lines) as it comes in;
an audit started again with the same journal skips the boards already there, so an interrupted
audit resumes where it stopped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from solver.audit.boards import BoardKey, ClaimTask, Unreadable, claims_in
from solver.audit.judge import (
    COLUMNS,
    AuditRow,
    PolicyColumns,
    audit_claim,
    policy_columns,
    unreadable_row,
)
from solver.errors import CaseFileError, SettingsError, SolverError
from solver.facts.claim import PLAYER_CLASSES
from solver.facts.policy import PRESETS
from solver.rulings.analyse import check_time_limit
from solver.rulings.turns import available_workers

IN_FLIGHT_PER_WORKER = 2
"""Claims handed to each worker ahead of time: enough to keep it busy, few enough to keep the
memory flat and a resumed audit close to where it stopped."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How each claim is ruled on (the same on every worker): the preset, the claimer's class
    of player (None: the preset's own judgements) and judgements turned on or off over both, as
    ``ruling check`` takes them (``--policy``, ``--class``, ``--switch``). Checked when made,
    so that a misspelt judgement stops the audit before any work (``SettingsError``)."""

    policy: str = "WBF2017"
    time_limit: float = 20.0
    why: bool = True
    player_class: str | None = None
    switches: tuple[tuple[str, bool], ...] = ()

    def __post_init__(self) -> None:
        if self.policy not in PRESETS:
            raise SettingsError(
                f"policy {self.policy!r}: unknown preset (expected one of: {', '.join(PRESETS)})"
            )
        if self.player_class is not None and self.player_class not in PLAYER_CLASSES:
            raise SettingsError(
                f"player_class {self.player_class!r}: unknown class of player "
                f"(expected one of: {', '.join(PLAYER_CLASSES)})"
            )
        for name, value in self.switches:
            if not isinstance(value, bool):
                raise SettingsError(f"switch {name!r}: expected True or False, got {value!r}")
        try:
            PRESETS[self.policy].with_switches(**dict(self.switches))
        except ValueError as error:
            raise SettingsError(str(error)) from None
        check_time_limit(self.time_limit)

    @property
    def columns(self) -> PolicyColumns:
        """How the rows of this audit name their settings (``AuditRow.policy`` and after)."""
        return policy_columns(self.policy, self.player_class, self.switches)


def rule_one(task: ClaimTask, settings: Settings) -> AuditRow:
    """The function a worker runs: module-level, so that it pickles by name."""
    return audit_claim(
        task,
        policy=settings.policy,
        time_limit=settings.time_limit,
        why=settings.why,
        player_class=settings.player_class,
        switches=settings.switches,
    )


class Runner(Protocol):
    """Rules on the tasks given, yielding each row as it is finished (in any order)."""

    def __call__(self, tasks: Iterable[ClaimTask], settings: Settings) -> Iterator[AuditRow]: ...


def in_process(tasks: Iterable[ClaimTask], settings: Settings) -> Iterator[AuditRow]:
    """One claim after another in this process (``--jobs 1``): the reference for the others."""
    for task in tasks:
        yield rule_one(task, settings)


def local_pool(jobs: int) -> Runner:
    """The claims over ``jobs`` worker processes of this machine."""

    def run(tasks: Iterable[ClaimTask], settings: Settings) -> Iterator[AuditRow]:
        with ProcessPoolExecutor(max_workers=jobs) as pool:

            def submit(task: ClaimTask) -> Future[AuditRow]:
                return pool.submit(rule_one, task, settings)

            yield from _windowed(tasks, submit, jobs, _result)

    return run


def dask_cluster(address: str) -> Runner:
    """The claims over the workers of the Dask distributed scheduler at ``address``."""

    def run(tasks: Iterable[ClaimTask], settings: Settings) -> Iterator[AuditRow]:
        try:
            from distributed import Client
        except ImportError:
            raise SolverError(
                "--scheduler needs Dask's distributed package "
                "(pip install 'bridge-ruling-solver[audit]')"
            ) from None

        try:
            client = Client(address)  # type: ignore[no-untyped-call]
        except OSError as error:
            raise SolverError(
                f"--scheduler {address}: cannot reach a Dask scheduler there ({error})"
            ) from None
        with client:
            workers = max(sum(client.nthreads().values()), 1)  # type: ignore[no-untyped-call]
            submit = partial(client.submit, rule_one, settings=settings, pure=False)
            yield from _windowed(tasks, submit, workers, _dask_result)

    return run


def _windowed(
    tasks: Iterable[ClaimTask],
    submit: Callable[[ClaimTask], Any],
    workers: int,
    result: Callable[[Any], AuditRow],
) -> Iterator[AuditRow]:
    """Submit tasks as earlier ones finish, never more than ``workers`` times
    ``IN_FLIGHT_PER_WORKER`` at once, yielding rows as they are done."""
    pending: set[Any] = set()
    limit = workers * IN_FLIGHT_PER_WORKER
    for task in tasks:
        pending.add(submit(task))
        if len(pending) >= limit:
            done, pending = _wait_some(pending)
            yield from (result(future) for future in done)
    while pending:
        done, pending = _wait_some(pending)
        yield from (result(future) for future in done)


def _wait_some(pending: set[Any]) -> tuple[set[Any], set[Any]]:
    if all(isinstance(future, Future) for future in pending):
        done, still = wait(pending, return_when=FIRST_COMPLETED)
        return set(done), set(still)
    from distributed import wait as dask_wait

    finished = dask_wait(list(pending), return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
    return set(finished.done), set(finished.not_done)


def _result(future: Future[AuditRow]) -> AuditRow:
    return future.result()


def _dask_result(future: Any) -> AuditRow:
    row: AuditRow = future.result()
    return row


def choose_runner(jobs: int | None, scheduler: str | None) -> Runner:
    """Dask when a scheduler address is given; else this machine's cores (``jobs`` None: every
    CPU this process may run on, as ``available_workers`` counts them: not ``os.cpu_count()``,
    which on a shared machine or in a container limited to a few CPUs counts them all)."""
    if scheduler:
        return dask_cluster(scheduler)
    count = jobs or available_workers()
    return in_process if count == 1 else local_pool(count)


# -- the journal: resuming -------------------------------------------------------------------


def row_key(row: AuditRow) -> tuple[str, int, str]:
    """What identifies a row across runs: its file and board; for what could not be placed in
    a board (record 0), also the reason."""
    return (row.source, row.record, row.reason if row.record == 0 else "")


def task_key(key: BoardKey) -> tuple[str, int, str]:
    return (key.source, key.record, "")


def read_journal(path: Path) -> list[AuditRow]:
    """The rows an earlier run of the same audit finished (none when there is no journal). A
    last line cut short by an interruption is left out: that board is ruled on again. Any
    other line that is not a row of the table is bad input: a journal edited or written by
    something else would otherwise resume an audit with boards silently missing."""
    if not path.exists():
        return []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise CaseFileError(
            str(path), "", "is not an audit journal (not UTF-8 text); delete it to start afresh"
        ) from None
    rows = []
    for number, line in enumerate(lines, start=1):
        row = _journal_row(line)
        if row is not None:
            rows.append(row)
        elif number < len(lines) or not _cut_short(line):
            raise CaseFileError(
                str(path),
                f"line {number}",
                "is not a row of an audit table (expected a JSON object with the columns "
                f"{', '.join(COLUMNS)}); delete the journal to start afresh",
            )
    return rows


def _journal_row(line: str) -> AuditRow | None:
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        return None
    if isinstance(data, dict) and set(data) == set(COLUMNS):
        return AuditRow(**data)
    return None


def _cut_short(line: str) -> bool:
    """A row the interruption cut off: the start of a JSON object that never closes."""
    return line.startswith("{") and not line.rstrip().endswith("}")


def _drop_cut_short_line(path: Path) -> None:
    """Remove a last row cut short by an interruption (its board is ruled on again), so that
    the rows a resumed audit appends start on a line of their own."""
    if not path.exists():
        return
    content = path.read_bytes()
    if content and not content.endswith(b"\n"):
        path.write_bytes(content[: content.rfind(b"\n") + 1])


class Journal:
    """Rows appended as they come, flushed at once, so that an interruption loses none. Held
    locked while open: two audits writing one table would resume from each other's rows and
    rename one table over the other."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.created = path is not None and not path.exists()
        self._file = None if path is None else path.open("a", encoding="utf-8")
        if path is not None:
            _lock(self._file, path)
            _drop_cut_short_line(path)  # ours alone now

    def add(self, row: AuditRow) -> None:
        if self._file is not None:
            self._file.write(json.dumps(asdict(row)) + "\n")
            self._file.flush()

    def close(self, discard: bool = False) -> None:
        """``discard``: an audit refused before its first row leaves no journal it made."""
        if self._file is not None:
            self._file.close()
            self._file = None
            if discard and self.created and self.path is not None:
                self.path.unlink(missing_ok=True)


def _lock(file: Any, path: Path) -> None:
    try:
        import fcntl
    except ImportError:  # a system without it: no lock, as before
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        file.close()
        raise CaseFileError(
            str(path),
            "",
            "another audit is writing this table now (its journal is in use): wait for it to "
            "finish, or write to another file",
        ) from None


def audit_rows(
    paths: Iterable[str | Path],
    *,
    settings: Settings,
    runner: Runner,
    journal: Path | None = None,
    found: Callable[[int], None] | None = None,
    finished: Callable[[AuditRow], None] | None = None,
) -> Iterator[AuditRow]:
    """Every row of the audit of ``paths``: the journal's first (when resuming), then each new
    one as it is finished. ``found`` is called with the number of boards taken up so far,
    ``finished`` with each new row (a progress bar). A journal of other settings is refused
    here, when called, before any row is asked for or any output file opened."""
    record = Journal(journal)  # held from here: a second audit of the same table is refused
    try:
        done_before = read_journal(journal) if journal is not None else []
        _same_settings(done_before, settings, journal)
    except BaseException:
        record.close(discard=True)
        raise
    return _rows(paths, settings, runner, record, done_before, found, finished)


def _rows(
    paths: Iterable[str | Path],
    settings: Settings,
    runner: Runner,
    record: Journal,
    done_before: list[AuditRow],
    found: Callable[[int], None] | None,
    finished: Callable[[AuditRow], None] | None,
) -> Iterator[AuditRow]:
    try:
        yield from _new_rows(paths, settings, runner, record, done_before, found, finished)
    finally:
        record.close()


def _new_rows(
    paths: Iterable[str | Path],
    settings: Settings,
    runner: Runner,
    record: Journal,
    done_before: list[AuditRow],
    found: Callable[[int], None] | None,
    finished: Callable[[AuditRow], None] | None,
) -> Iterator[AuditRow]:
    done = {row_key(row) for row in done_before}
    yield from done_before
    seen = 0
    unreadable: list[AuditRow] = []

    def fresh() -> Iterator[ClaimTask]:
        nonlocal seen
        for item in claims_in(paths):
            if isinstance(item, Unreadable):
                row = unreadable_row(item, settings.columns)
                if row_key(row) not in done:
                    unreadable.append(row)
                continue
            if task_key(item.key) in done:
                continue
            seen += 1
            if found is not None:
                found(seen)
            yield item

    for row in runner(fresh(), settings):
        record.add(row)
        if finished is not None:
            finished(row)
        yield row
        while unreadable:
            yield _noted(unreadable.pop(0), record)
    while unreadable:
        yield _noted(unreadable.pop(0), record)


def _noted(row: AuditRow, journal: Journal) -> AuditRow:
    journal.add(row)
    return row


def _same_settings(rows: list[AuditRow], settings: Settings, journal: Path | None) -> None:
    """An interrupted audit is resumed only under its own settings: a table whose rows were
    ruled under two presets would compare nothing."""
    wanted = settings.columns
    for row in rows:
        found = (row.policy, row.player_class, row.switches)
        if found != wanted:
            raise SettingsError(
                f"{journal}: this interrupted audit was run under {_describe(found)}, not "
                f"{_describe(wanted)}: run it again with the same --policy, --class and "
                "--switch, or delete the journal to start afresh"
            )


def _describe(columns: PolicyColumns) -> str:
    policy, player_class, switches = columns
    parts = [f"--policy {policy}"]
    if player_class is not None:
        parts.append(f"--class {player_class}")
    parts.extend(f"--switch {item}" for item in switches.split(", ") if item)
    return " ".join(parts)
