"""Running an audit: the claims in parallel, on this machine's cores or on a Dask cluster.

The claims are read lazily and at most a few per worker are in flight at once, so memory stays
flat however large the archive. Each row is appended to a journal (JSON lines) as it comes in;
an audit started again with the same journal skips the boards already there, so an interrupted
audit resumes where it stopped.
"""

from __future__ import annotations

import json
import math
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from solver.audit.boards import BoardKey, ClaimTask, Unreadable, claims_in, record_files
from solver.audit.judge import (
    CLAIMER_READINGS,
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
JOBS_PER_CPU = 4
"""The most worker processes an audit starts for each CPU of the machine: more only share the
same CPUs, each with its own memory (``--jobs 100000`` would start a hundred thousand)."""
SCHEDULER_PROTOCOLS = ("tcp", "tls", "ws", "wss", "ucx", "inproc")
"""The address schemes of a Dask scheduler (``tcp://HOST:PORT``; ``HOST:PORT`` is tcp)."""


def most_jobs() -> int:
    """The largest number of worker processes an audit may be given on this machine."""
    return JOBS_PER_CPU * max(os.cpu_count() or 1, 1)


def jobs_problem(jobs: int) -> str | None:
    """Why ``jobs`` worker processes are too many here, or None."""
    most = most_jobs()
    if jobs > most:
        return (
            f"expected at most {most} ({JOBS_PER_CPU} worker processes for each of this "
            f"machine's {most // JOBS_PER_CPU} CPUs: more only share them), got {jobs}"
        )
    return None


def scheduler_problem(address: str) -> str | None:
    """Why ``address`` is no Dask scheduler address (``tcp://HOST:PORT``), or None: said before
    any work, not as an error of Dask's when the cluster is first reached."""
    expected = "expected an address such as tcp://10.0.0.5:8786"
    scheme, separator, rest = address.strip().partition("://")
    if not separator:
        scheme, rest = "tcp", address.strip()
    if scheme.lower() not in SCHEDULER_PROTOCOLS:
        return f"unknown protocol {scheme!r} ({expected}; one of {', '.join(SCHEDULER_PROTOCOLS)})"
    if scheme.lower() == "inproc":
        return None if rest else f"no address after inproc:// ({expected})"
    host, colon, port = rest.rpartition(":")
    if not colon or not host or "/" in host:
        return f"no HOST:PORT ({expected})"
    if not (port.isdigit() and 0 < int(port) < 65536):
        return f"port {port!r} is not a port number from 1 to 65535 ({expected})"
    return None


@dataclass(frozen=True, slots=True)
class Settings:
    """How each claim is ruled on (the same on every worker): the preset, the claimer's class
    of player (None: the preset's own judgements) and judgements turned on or off over both, as
    ``ruling check`` takes them (``--policy``, ``--class``, ``--switch``), and who is taken to
    have claimed (``--claimer``: ``CLAIMER_READINGS``). Checked when made, so that a misspelt
    judgement stops the audit before any work (``SettingsError``)."""

    policy: str = "WBF2017"
    time_limit: float = 20.0
    why: bool = True
    player_class: str | None = None
    switches: tuple[tuple[str, bool], ...] = ()
    claimer_reading: str = "declarer"

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
        if self.claimer_reading not in CLAIMER_READINGS:
            raise SettingsError(
                f"claimer {self.claimer_reading!r}: unknown reading of who claimed "
                f"(expected one of: {', '.join(CLAIMER_READINGS)})"
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
        return policy_columns(self.policy, self.player_class, self.switches, self.claimer_reading)


def rule_one(task: ClaimTask, settings: Settings) -> AuditRow:
    """The function a worker runs: module-level, so that it pickles by name."""
    return audit_claim(
        task,
        policy=settings.policy,
        time_limit=settings.time_limit,
        why=settings.why,
        player_class=settings.player_class,
        switches=settings.switches,
        claimer_reading=settings.claimer_reading,
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
        except (OSError, ValueError, TypeError) as error:
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
    which on a shared machine or in a container limited to a few CPUs counts them all).
    An address that is not one, or more jobs than ``most_jobs``, is a ``SettingsError``."""
    if scheduler:
        problem = scheduler_problem(scheduler)
        if problem is not None:
            raise SettingsError(f"scheduler {scheduler!r}: {problem}")
        return dask_cluster(scheduler)
    if jobs is not None:
        problem = jobs_problem(jobs)
        if problem is not None:
            raise SettingsError(f"jobs: {problem}")
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
    other line that is not a row of the table, or a row with a value no row has (a record
    that is not a number, a total above 13, a status the audit does not give), is bad input
    naming the line and the column: a journal edited or written by something else would
    otherwise resume an audit with boards silently missing or wrong values in its table."""
    if not path.exists():
        return []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise CaseFileError(
            str(path), "", "is not an audit journal (not UTF-8 text); delete it to start afresh"
        ) from None
    except OSError as error:
        raise CaseFileError(
            str(path), "", f"cannot be read ({error.strerror or error}): expected an audit journal"
        ) from None
    rows = []
    for number, line in enumerate(lines, start=1):
        data = _journal_object(line)
        if data is None:
            if number < len(lines) or not _cut_short(line):
                raise CaseFileError(
                    str(path),
                    f"line {number}",
                    "is not a row of an audit table (expected a JSON object with the columns "
                    f"{', '.join(COLUMNS)}); delete the journal to start afresh",
                )
            continue
        problem = _bad_value(data)
        if problem is not None:
            column, expected = problem
            raise CaseFileError(
                str(path),
                f"line {number}: {column}",
                f"expected {expected}, got {_shown(data[column])} (not a row this audit "
                "wrote); delete the journal to start afresh",
            )
        rows.append(AuditRow(**data))
    return rows


LATER_COLUMNS = ("claimer_reading", "claimer", "every_layout", "sure_line")
"""Columns added to the table after its first release, oldest first: a journal written
before them is still resumed, its rows read as declarer's claims (all the audit then ruled
on) and the layouts as not looked at."""


def _journal_object(line: str) -> dict[str, Any] | None:
    """A line's JSON object with exactly the table's columns (or those before
    ``LATER_COLUMNS``, which it then fills in), or None."""
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if set(data) == set(COLUMNS) - set(LATER_COLUMNS):
        data = data | {"claimer_reading": "declarer", "claimer": data.get("declarer")}
    if set(data) == set(COLUMNS) - {"every_layout", "sure_line"}:
        data = data | {"every_layout": None}
    if set(data) == set(COLUMNS) - {"sure_line"}:
        data = data | {"sure_line": None}
    if set(data) == set(COLUMNS):
        return data
    return None


STATUSES = ("ruled", "timeout", "error", "unreadable")
"""The ``status`` of a row."""


def _whole(least: int, most: int | None = None) -> Callable[[Any], bool]:
    def fits(value: Any) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and value >= least
            and (most is None or value <= most)
        )

    return fits


def _one_of(*values: str) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, str) and value in values


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _seconds(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


_TRICKS = ("a number of tricks from 0 to 13, or null", _whole(0, 13))
_OPTIONAL_TEXT = ("text or null", _text)
_FLAG = ("true, false or null", _flag)
_JOURNAL_COLUMNS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "source": ("the name of a file or folder", lambda value: _text(value) and value != ""),
    "record": ("a whole number from 0 (the board's place in its file)", _whole(0)),
    "board": ("a board number (a whole number from 0), or null", _whole(0)),
    "room": _OPTIONAL_TEXT,
    "contract": _OPTIONAL_TEXT,
    "declarer": ("N, E, S or W, or null", _one_of("N", "E", "S", "W")),
    "cards_left": _TRICKS,
    "before": _TRICKS,
    "claimed": _TRICKS,
    "worst_normal": _TRICKS,
    "ruling": _TRICKS,
    "double_dummy": _TRICKS,
    "stands": _FLAG,
    "lost_to_trump": _FLAG,
    "first_loss": ("text", _text),
    "turns_on": ("text", _text),
    "status": (f"one of {', '.join(STATUSES)}", _one_of(*STATUSES)),
    "reason": ("text", _text),
    "seconds": ("a number of seconds, 0 or more", _seconds),
    "policy": (f"one of {', '.join(PRESETS)}", _one_of(*PRESETS)),
    "player_class": (f"{' or '.join(PLAYER_CLASSES)}, or null", _one_of(*PLAYER_CLASSES)),
    "switches": ("text", _text),
    "claimer_reading": (f"one of {', '.join(CLAIMER_READINGS)}", _one_of(*CLAIMER_READINGS)),
    "claimer": ("N, E, S or W, or null", _one_of("N", "E", "S", "W")),
    "every_layout": _FLAG,
    "sure_line": _FLAG,
}
"""What each column of a journal's row must hold (null only where what is expected says so),
as the message says it, and the test of it."""
assert tuple(_JOURNAL_COLUMNS) == COLUMNS


def _bad_value(data: dict[str, Any]) -> tuple[str, str] | None:
    """The first column whose value no row of an audit has, and what it expects; or None."""
    for column, (expected, fits) in _JOURNAL_COLUMNS.items():
        value = data[column]
        if not (fits(value) or (value is None and expected.endswith("or null"))):
            return column, expected
    return None


def _shown(value: Any) -> str:
    """A journal's value as JSON writes it, cut short if long."""
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _given_rows(
    rows: list[AuditRow],
    paths: list[str | Path],
    journal: Path | None,
    note: Callable[[str], None],
) -> list[AuditRow]:
    """The journal's rows this audit would have made: a row repeated (the same board twice)
    or of a file the audit was not given is left out, with a note, rather than counted in the
    table. The rows kept are in the journal's order."""
    if not rows:
        return rows
    given = {
        item.key.source if isinstance(item, Unreadable) else str(item)
        for item in record_files(paths)
    }
    kept: list[AuditRow] = []
    first_line: dict[tuple[str, int, str], int] = {}
    repeats: list[tuple[int, int]] = []
    others: dict[str, list[int]] = {}
    for line, row in enumerate(rows, start=1):
        key = row_key(row)
        if row.source not in given:
            others.setdefault(row.source, []).append(line)
        elif key in first_line:
            repeats.append((line, first_line[key]))
        else:
            first_line[key] = line
            kept.append(row)
    if repeats:
        line, earlier = repeats[0]
        more = len(repeats) - 1
        note(
            f"{journal}: line {line} repeats the board of line {earlier}"
            + (f" ({more} more lines repeat earlier ones)" if more else "")
            + ": left out, not counted twice"
        )
    for source, lines in others.items():
        rows_of = "1 row" if len(lines) == 1 else f"{len(lines)} rows"
        note(
            f"{journal}: {rows_of} of {source}, which this audit was not given (from line "
            f"{lines[0]}): left out of the table"
        )
    return kept


def _warn(message: str) -> None:
    warnings.warn(message, UserWarning, stacklevel=4)


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
        try:
            self._file = None if path is None else path.open("a", encoding="utf-8")
        except OSError as error:
            raise CaseFileError(
                str(path),
                "",
                f"cannot be written ({error.strerror or error}): the audit's journal goes "
                "beside its table, in a folder it may write to",
            ) from None
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
    note: Callable[[str], None] | None = None,
) -> Iterator[AuditRow]:
    """Every row of the audit of ``paths``: the journal's first (when resuming), then each new
    one as it is finished. ``found`` is called with the number of boards taken up so far,
    ``finished`` with each new row (a progress bar), ``note`` with what is said of the journal
    (its rows left out; None: a warning). A journal of other settings, or with a line that is
    not a row, is refused here, when called, before any row is asked for or any output file
    opened."""
    paths = list(paths)  # read twice when resuming: for the files given, then their claims
    record = Journal(journal)  # held from here: a second audit of the same table is refused
    try:
        done_before = read_journal(journal) if journal is not None else []
        done_before = _given_rows(done_before, paths, journal, note or _warn)
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
        found = (row.policy, row.player_class, row.switches, row.claimer_reading)
        if found != wanted:
            raise SettingsError(
                f"{journal}: this interrupted audit was run under {_describe(found)}, not "
                f"{_describe(wanted)}: run it again with the same --policy, --class, "
                "--switch and --claimer, or delete the journal to start afresh"
            )


def _describe(columns: PolicyColumns) -> str:
    policy, player_class, switches, claimer_reading = columns
    parts = [f"--policy {policy}"]
    if player_class is not None:
        parts.append(f"--class {player_class}")
    parts.extend(f"--switch {item}" for item in switches.split(", ") if item)
    if claimer_reading != "declarer":
        parts.append(f"--claimer {claimer_reading}")
    return " ".join(parts)
