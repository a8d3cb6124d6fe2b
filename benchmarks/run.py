"""Performance figures for the engines, runnable by anyone (docs/case-format.md, "Engines").

    .venv/bin/python benchmarks/run.py [--quick] [--time-limit S] [--boards N]

Why these scenarios: a director meets quitted cards in a few typical states, and each state
stresses the engines differently. One to three rows mixed multiply the histories (the count grows
from thousands to 10^15 and more); losing the orientation marks as well takes away the facts that
prune the search; a wrongly pointed card makes every history contradict some evidence, so the
engines must first find the minimum cost. The plays are real, complete 13-trick plays from BBO
records (``data/real-records``), not invented ones, because the engines' speed depends
on how the suits lie.

For each scenario and board, each engine ("search", "cpsat", "auto") counts and groups every
consistent history under the same time limit (60 s by default). Each measurement runs in a forked
child process with a hard cap, so that an engine which overruns its own limit (or exhausts memory)
cannot stop the benchmark; the child times only the engine call (the case is built and compiled
before the clock starts, and the engine modules are already imported). CP-SAT enumerates with one
worker (several return incomplete solution sets), so it can only finish on small counts; where
it runs out of time the table shows its listing rate so far. In ``--quick`` mode (or with
``--skip-cpsat``) a CP-SAT run is skipped, and marked so, when the search has already counted more
histories than CP-SAT could list at ``CPSAT_RATE_CEILING`` histories a second within the limit.
Last, ``ruling check`` runs end to end on every ``cases/*.yaml`` in a subprocess, start-up
included, and the median of three runs is kept.

Nothing here asserts a time: it measures. The table goes to the terminal, the raw results to
``benchmarks/results.json`` (or ``--output``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))

from rich.console import Console  # noqa: E402
from rich.markup import escape  # noqa: E402
from rich.table import Table  # noqa: E402

from solver import case_from_dict  # noqa: E402
from solver.bridge import Card, Seat  # noqa: E402
from solver.engines import compile_case, find_consistent  # noqa: E402
from solver.records import pbn  # noqa: E402
from solver.records.record import Record  # noqa: E402
from solver.records.to_case import case_from_record  # noqa: E402

RECORDS = REPO / "data" / "real-records" / "lorserker_ben_Boards_BBO"
RESULTS = REPO / "benchmarks" / "results.json"
RESULTS_QUICK = REPO / "benchmarks" / "results-quick.json"
"""A quick run does not overwrite the figures of a full one."""

BOARDS: tuple[tuple[str, int], ...] = (
    ("BBO_Forums_Sunday_Daylong_Daylong.pbn", 1),  # 4SX by N, 11 tricks
    ("BBO_Forums_Sunday_Daylong_Daylong.pbn", 5),  # 3NT by S, 6 tricks
    ("Ben_Friends_Daily_-_2024-06-02_Daylong.pbn", 1),  # 6D by E, 11 tricks
    ("Ben_Friends_Daily_-_2024-06-09_Daylong.pbn", 2),  # 3NT by W, 11 tricks
    ("Ben_Friends_Daily_-_2024-06-04_Daylong.pbn", 2),  # 2H by W
    ("Ben_Friends_Daily_-_2024-06-09_Daylong.pbn", 4),  # 1NT by E
)
"""A fixed, varied choice (trump and no trump, part-score to slam, every declarer seat), so that
runs on different days compare; ``--boards N`` takes the first N."""

ENGINES = ("search", "cpsat", "auto")
CPSAT_RATE_CEILING = 50_000
"""Histories a second, several times the fastest CP-SAT enumeration seen here (about 10,000 a
second in the design): above ``ceiling * time limit`` histories CP-SAT cannot finish, so with
``--skip-cpsat`` (the default of ``--quick``) it is not run (the row says "skipped")."""
HARD_CAP_FACTOR = 2.0
HARD_CAP_EXTRA = 30.0
"""A child still running at ``factor * time limit + extra`` seconds is killed ("killed")."""
LEGEND = (
    "> S: no count within the limit S; (killed): past the hard cap; (!): returned well past its "
    "own limit; [engine]: what auto used when not the search alone; N*: totals found "
    "but not counted; ≠: engines disagree; skipped: CP-SAT cannot list that many histories in "
    "the limit; hist/s: histories counted per second (~: CP-SAT's listing rate until its time-out)."
)
QUICK: dict[str, Any] = {"boards": 2, "time_limit": 5.0, "repeats": 1}
"""``--quick``: a smoke run (under two minutes) that exercises every scenario and engine."""


# -- scenarios -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """One state of the quitted cards, as options of ``case_from_record``."""

    key: str
    title: str
    options: Callable[[Record], dict[str, Any]]


def _mixed(record: Record, rows: int) -> dict[Seat, str]:
    """The first ``rows`` of: opening leader, declarer, third hand (dummy's row stays intact)."""
    declarer = _declarer(record)
    order = (declarer.lho, declarer, declarer.rho)
    return {seat: "before-agreement" for seat in order[:rows]}


def _declarer(record: Record) -> Seat:
    if record.declarer is None:
        raise ValueError(f"{record.source}, {record.label()}: no declarer")
    return record.declarer


def _flipped(record: Record, cards: int) -> set[Card]:
    """Declarer's card at trick 7, then the opening leader's card at trick 4."""
    declarer = _declarer(record)
    chosen = [record.tricks[6].card_of(declarer), record.tricks[3].card_of(declarer.lho)]
    return set(chosen[:cards])


SCENARIOS: tuple[Scenario, ...] = (
    Scenario("1-mixed", "1 row mixed", lambda r: {"mixed": _mixed(r, 1)}),
    Scenario("2-mixed", "2 rows mixed", lambda r: {"mixed": _mixed(r, 2)}),
    Scenario("3-mixed", "3 rows mixed", lambda r: {"mixed": _mixed(r, 3)}),
    Scenario(
        "3-mixed-no-marks",
        "3 rows mixed, orientation lost",
        lambda r: {"mixed": _mixed(r, 3), "marks": False},
    ),
    Scenario("1-flipped", "1 card wrongly pointed", lambda r: {"flip_marks": _flipped(r, 1)}),
    Scenario("2-flipped", "2 cards wrongly pointed", lambda r: {"flip_marks": _flipped(r, 2)}),
)


# -- boards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A real record with a complete play, and how the tables name it."""

    label: str
    record: Record

    @property
    def contract(self) -> str:
        return f"{self.record.contract} {self.record.declarer}"


def load_boards(records: Path, count: int) -> list[Board]:
    """The first ``count`` boards of ``BOARDS``; a missing one is an error, not a silent skip."""
    boards = []
    for name, number in BOARDS[:count]:
        found = [r for r in pbn.load(records / name) if r.board == number]
        if not found or not found[0].play_complete or found[0].contract is None:
            raise SystemExit(f"error: {records / name}: no complete play for board {number}")
        short = name.replace("Ben_Friends_Daily_-_", "BFD ").replace("_Daylong", "")
        boards.append(Board(f"{short.removesuffix('.pbn')} #{number}", found[0]))
    return boards


# -- one measurement, in a child process -----------------------------------------------------


@dataclass
class Measurement:
    """One engine on one case. ``status``: counted, timeout, killed, skipped or error."""

    scenario: str
    board: str
    contract: str
    engine: str
    status: str
    seconds: float | None = None
    time_limit: float = 0.0
    count: int | None = None
    count_at_least: int = 0
    outcomes: dict[str, int | None] = field(default_factory=dict)
    min_cost: int | None = None
    engine_used: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def counted(self) -> bool:
        return self.status == "counted"

    @property
    def rate(self) -> float | None:
        """Histories counted per second (only when the count finished)."""
        if not self.counted or self.count is None or not self.seconds:
            return None
        return self.count / self.seconds

    @property
    def partial_rate(self) -> float | None:
        """Histories listed per second before a time-out (CP-SAT enumerates one by one)."""
        if self.status != "timeout" or not self.count_at_least or not self.seconds:
            return None
        return self.count_at_least / self.seconds


def _child(case: dict[str, Any], engine: str, time_limit: float, conn: Connection) -> None:
    """Build the problem, then time only the engine call; send a plain dict back."""
    try:
        problem = compile_case(case_from_dict(case))
        started = time.perf_counter()
        if engine == "cpsat":
            from solver.engines import cpsat

            result = cpsat.solve(problem, count_limit=None, time_limit=time_limit, list_limit=0)
        else:
            result = find_consistent(problem, engine=engine, time_limit=time_limit, list_limit=0)
        seconds = time.perf_counter() - started
        conn.send(
            {
                "status": "counted" if result.count is not None else "timeout",
                "seconds": seconds,
                "count": result.count,
                "count_at_least": result.count_at_least,
                "outcomes": {str(k): v for k, v in sorted(result.outcomes.items())},
                "min_cost": result.min_cost,
                "engine_used": result.engine,
                "notes": list(result.notes),
            }
        )
    except Exception as error:  # a benchmark reports failures, it does not stop on them
        conn.send({"status": "error", "notes": [f"{type(error).__name__}: {error}"]})
    finally:
        conn.close()


def measure(case: dict[str, Any], engine: str, time_limit: float) -> dict[str, Any]:
    """Run one engine in a forked child; kill it at the hard cap (status "killed")."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(case, engine, time_limit, send), daemon=True)
    cap = HARD_CAP_FACTOR * time_limit + HARD_CAP_EXTRA
    started = time.perf_counter()
    child.start()
    send.close()
    data: dict[str, Any]
    if receive.poll(cap):
        try:
            data = receive.recv()
        except EOFError:
            data = {"status": "error", "notes": ["the child process died without an answer"]}
    else:
        data = {"status": "killed", "notes": [f"killed at the hard cap of {cap:g} s"]}
    if child.is_alive():
        child.kill()
    child.join()
    if data["status"] == "killed":
        data["seconds"] = time.perf_counter() - started
    return data


def _skip_cpsat(search: Measurement, time_limit: float) -> bool:
    """True when the search's exact count is beyond what CP-SAT could list in the limit."""
    return search.count is not None and search.count > CPSAT_RATE_CEILING * time_limit


def run_engines(
    scenario: Scenario, board: Board, time_limit: float, skip: bool, log: Console
) -> list[Measurement]:
    """Search first (its count decides whether CP-SAT can finish), then CP-SAT, then auto."""
    case = case_from_record(board.record, **scenario.options(board.record))
    out: list[Measurement] = []
    for engine in ENGINES:
        base = Measurement(
            scenario.key, board.label, board.contract, engine, "skipped", time_limit=time_limit
        )
        if engine == "cpsat" and skip and _skip_cpsat(out[0], time_limit):
            base.notes.append(
                f"{out[0].count:.3g} histories: more than CP-SAT lists in {time_limit:g} s "
                f"at {CPSAT_RATE_CEILING:,} a second"
            )
            out.append(base)
            continue
        for name, value in measure(case, engine, time_limit).items():
            setattr(base, name, value)
        out.append(base)
        log.print(f"  {scenario.key:17} {board.label:28} {engine:6} {_cell_time(base)}")
    return out


# -- ruling check end to end -----------------------------------------------------------------


@dataclass
class CliRun:
    """``ruling check CASE --json`` in a subprocess: wall times of each run, start-up included."""

    case: str
    seconds: list[float]
    exit_code: int | None
    status: str | None
    count: int | None
    outcomes: int | None
    engine_used: str | None
    error: str | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.seconds) if self.seconds else math.inf


def _ruling_command() -> list[str]:
    """The installed ``ruling`` script next to this Python, else ``python -m solver``."""
    script = Path(sys.executable).with_name("ruling")
    return [str(script)] if script.exists() else [sys.executable, "-m", "solver"]


def run_cli(path: Path, time_limit: float, repeats: int, log: Console) -> CliRun:
    """Run one case ``repeats`` times; keep the last run's JSON for the count and status."""
    command = [*_ruling_command(), "check", str(path), "--json", "--time-limit", f"{time_limit:g}"]
    cap = HARD_CAP_FACTOR * time_limit + HARD_CAP_EXTRA
    seconds: list[float] = []
    run = CliRun(path.name, seconds, None, None, None, None, None)
    for _ in range(repeats):
        started = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=cap, cwd=REPO)
        except subprocess.TimeoutExpired:
            run.error = f"killed at the hard cap of {cap:g} s"
            seconds.append(math.inf)
            break
        seconds.append(time.perf_counter() - started)
        run.exit_code = done.returncode
        _read_cli_json(run, done.stdout, done.stderr)
    log.print(f"  ruling check {path.name:40} {_format_seconds(run.median)}")
    return run


def _read_cli_json(run: CliRun, stdout: str, stderr: str) -> None:
    try:
        data = json.loads(stdout)
    except json.JSONDecodeError:
        run.error = (stderr.strip().splitlines() or ["no JSON on stdout"])[-1]
        return
    run.status = data.get("status")
    run.count = data.get("histories", {}).get("count")
    run.outcomes = len(data.get("outcomes") or [])
    run.engine_used = data.get("engine")


# -- tables ----------------------------------------------------------------------------------


def _format_seconds(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if math.isinf(seconds):
        return "timeout"
    return f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.1f} s"


def _effective(m: Measurement) -> float | None:
    """Seconds for medians: a run that did not count is +inf (slower than the limit)."""
    if m.status == "skipped":
        return None
    if m.counted and m.seconds is not None:
        return m.seconds
    return math.inf


def _overran(m: Measurement) -> bool:
    """The engine returned well after its own time limit (worth a look in solver/)."""
    return m.seconds is not None and m.seconds > 1.1 * m.time_limit + 1


def _cell_time(m: Measurement) -> str:
    if m.status == "skipped":
        return "skipped"
    if m.status == "error":
        return "error"
    if m.status == "killed":
        return f"> {m.time_limit:g} s (killed)"
    if not m.counted:
        late = f" (returned at {_format_seconds(m.seconds)} !)" if _overran(m) else ""
        return f"> {m.time_limit:g} s{late}"
    text = _format_seconds(m.seconds)
    if _overran(m):
        text += " (!)"
    if m.engine == "auto" and m.engine_used and m.engine_used != "search":
        text += f" [{m.engine_used}]"
    return text


def _time_summary(values: list[float], limit: float) -> str:
    """median / max, time-outs shown as "> limit"."""
    if not values:
        return "-"

    def show(value: float) -> str:
        return f"> {limit:g} s" if math.isinf(value) else _format_seconds(value)

    return f"{show(statistics.median(values))} / {show(max(values))}"


def _sci(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if value < 1e6 else f"{value:.2e}"


def _count_of(group: list[Measurement]) -> Measurement | None:
    """The measurement whose count a row shows: search, else auto, else CP-SAT."""
    for engine in ("search", "auto", "cpsat"):
        for m in group:
            if m.engine == engine and m.counted:
                return m
    return None


def _outcomes_cell(group: list[Measurement]) -> str:
    counted = _count_of(group)
    if counted is not None:
        return str(len(counted.outcomes))
    known = max((len(m.outcomes) for m in group), default=0)
    return f"{known}*" if known else "-"


def _ratio(group: list[Measurement]) -> float | None:
    """search time / CP-SAT time, where both counted (below 1: the search is faster)."""
    by = {m.engine: m for m in group}
    search, cpsat = by.get("search"), by.get("cpsat")
    if search and cpsat and search.counted and cpsat.counted and search.seconds and cpsat.seconds:
        return search.seconds / cpsat.seconds
    return None


def _agree(group: list[Measurement]) -> bool:
    """Every engine that counted found the same count and the same outcome groups."""
    answers = {(m.count, tuple(sorted(m.outcomes.items()))) for m in group if m.counted}
    return len(answers) <= 1


def _groups(results: list[Measurement]) -> dict[tuple[str, str], list[Measurement]]:
    groups: dict[tuple[str, str], list[Measurement]] = {}
    for m in results:
        groups.setdefault((m.scenario, m.board), []).append(m)
    return groups


@dataclass
class Grid:
    """A table as plain text cells, rendered by rich for a terminal or as Markdown."""

    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    right: set[str] = field(default_factory=set)
    """Columns aligned right (numbers)."""

    def rich(self) -> Table:
        table = Table(title=self.title)
        for name in self.columns:
            table.add_column(name, justify="right" if name in self.right else "left")
        for row in self.rows:
            table.add_row(*(escape(cell) for cell in row))
        return table

    def markdown(self) -> str:
        ends = ["---:" if name in self.right else "---" for name in self.columns]
        lines = [f"**{self.title}**", "", "| " + " | ".join(self.columns) + " |"]
        lines.append("| " + " | ".join(ends) + " |")
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return "\n".join(lines) + "\n"


def detail_table(results: list[Measurement]) -> Grid:
    """One row per scenario and board."""
    grid = Grid(
        "Per board: time to count and group every consistent history",
        ["scenario", "board", "contract", "histories", "outc.", *ENGINES],
        right={"histories", "outc.", "search/cpsat", "search hist/s", "cpsat hist/s"},
    )
    grid.columns += ["search/cpsat", "search hist/s", "cpsat hist/s"]
    for (scenario, board), group in _groups(results).items():
        by = {m.engine: m for m in group}
        counted = _count_of(group)
        ratio = _ratio(group)
        grid.rows.append(
            [
                scenario,
                board,
                group[0].contract,
                _sci(counted.count if counted else None) + ("" if _agree(group) else " ≠"),
                _outcomes_cell(group),
                *(_cell_time(by[e]) if e in by else "-" for e in ENGINES),
                "-" if ratio is None else f"{ratio:.3g}",
                _rate_cell([by["search"]] if "search" in by else []),
                _rate_cell([by["cpsat"]] if "cpsat" in by else []),
            ]
        )
    return grid


def summary_table(results: list[Measurement], time_limit: float) -> Grid:
    """One row per scenario: median / max over the boards."""
    grid = Grid(
        f"Per scenario: median / max over the boards (time limit {time_limit:g} s)",
        ["scenario", "boards", "histories (median)", "outcomes"],
        right={"boards", "histories (median)", "outcomes", "search/cpsat"},
    )
    for engine in ENGINES:
        grid.columns += [engine, f"{engine} done"]
        grid.right.add(f"{engine} done")
    grid.columns += ["search/cpsat", "search hist/s", "cpsat hist/s"]
    grid.right |= {"search hist/s", "cpsat hist/s"}
    for scenario in SCENARIOS:
        rows = [m for m in results if m.scenario == scenario.key]
        if rows:
            grid.rows.append(_summary_cells(scenario, rows, time_limit))
    return grid


def _summary_cells(scenario: Scenario, rows: list[Measurement], limit: float) -> list[str]:
    groups = [g for (s, _b), g in _groups(rows).items() if s == scenario.key]
    counts = [c.count for g in groups if (c := _count_of(g)) is not None and c.count is not None]
    outcomes = [len(c.outcomes) for g in groups if (c := _count_of(g)) is not None]
    cells = [
        scenario.title,
        str(len(groups)),
        _sci(statistics.median(counts)) if counts else "-",
        f"{statistics.median(outcomes):g} / {max(outcomes)}" if outcomes else "-",
    ]
    for engine in ENGINES:
        mine = [m for m in rows if m.engine == engine]
        times = [t for m in mine if (t := _effective(m)) is not None]
        skipped = sum(1 for m in mine if m.status == "skipped")
        done = f"{sum(1 for m in mine if m.counted)}/{len(mine)}"
        cells += [_time_summary(times, limit), done + (f" ({skipped} skip)" if skipped else "")]
    ratios = [r for g in groups if (r := _ratio(g)) is not None]
    cells.append(f"{statistics.median(ratios):.3g}" if ratios else "-")
    for engine in ("search", "cpsat"):
        cells.append(_rate_cell([m for m in rows if m.engine == engine]))
    return cells


def _rate_cell(runs: list[Measurement]) -> str:
    """Median histories per second of the runs that counted, else "~" the listing rate so far."""
    rates = [r for m in runs if (r := m.rate) is not None]
    if rates:
        return _sci(statistics.median(rates))
    partial = [r for m in runs if (r := m.partial_rate) is not None]
    return "~" + _sci(statistics.median(partial)) if partial else "-"


def cli_table(runs: list[CliRun], repeats: int) -> Grid:
    """``ruling check`` end to end, one row per case file."""
    grid = Grid(
        f"ruling check CASE --json, start-up included (median of {repeats})",
        ["case", "status", "exit", "histories", "outcomes", "engine", "median", "max"],
        right={"histories", "outcomes", "median", "max"},
    )
    for run in runs:
        grid.rows.append(
            [
                run.case,
                run.status or (run.error or "-"),
                "-" if run.exit_code is None else str(run.exit_code),
                _sci(run.count),
                "-" if run.outcomes is None else str(run.outcomes),
                run.engine_used or "-",
                _format_seconds(run.median),
                _format_seconds(max(run.seconds) if run.seconds else None),
            ]
        )
    return grid


# -- the command -----------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time the engines on real plays with mixed rows and wrongly pointed cards."
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run in under two minutes")
    parser.add_argument("--time-limit", type=float, help="seconds per engine run (default 60)")
    parser.add_argument(
        "--boards", type=int, help=f"how many boards (1-{len(BOARDS)}, default all)"
    )
    parser.add_argument("--repeats", type=int, help="runs of each ruling check (default 3)")
    parser.add_argument(
        "--scenarios", nargs="*", choices=[s.key for s in SCENARIOS], help="only these scenarios"
    )
    parser.add_argument("--no-cli", action="store_true", help="leave out the ruling check runs")
    parser.add_argument(
        "--skip-cpsat",
        action=argparse.BooleanOptionalAction,
        help="skip CP-SAT where the search's count shows it cannot finish (default: --quick only)",
    )
    parser.add_argument("--records", type=Path, default=RECORDS, help="folder of the PBN records")
    parser.add_argument("--output", type=Path, help="where the JSON goes (default: results.json)")
    parser.add_argument("--markdown", type=Path, help="also write the tables as Markdown here")
    args = parser.parse_args(argv)
    defaults = QUICK if args.quick else {"boards": len(BOARDS), "time_limit": 60.0, "repeats": 3}
    defaults |= {"output": RESULTS_QUICK if args.quick else RESULTS, "skip_cpsat": args.quick}
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    return args


def machine() -> dict[str, Any]:
    """What the figures were measured on (other work on the machine disturbs them)."""
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "solver_digest": solver_digest(),
    }


def solver_digest() -> str:
    """A short hash of solver/*.py, to tell which version of the code the figures belong to."""
    digest = hashlib.sha256()
    for path in sorted((REPO / "solver").rglob("*.py")):
        digest.update(path.relative_to(REPO).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console()
    console.width = max(console.width, 180)  # the tables are wide; let them wrap in a terminal
    # Imported once, before forking: no import time in the timings, and every child runs the
    # same code even if solver/ is edited during a long run (``solver_digest`` names it).
    from solver.engines import cpsat, search  # noqa: F401

    started = time.perf_counter()
    meta = {
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
        "machine": machine(),
        **{key: _in_repo(value) for key, value in vars(args).items()},
    }
    boards = load_boards(args.records, args.boards)
    scenarios = [s for s in SCENARIOS if not args.scenarios or s.key in args.scenarios]
    console.print(f"{len(boards)} boards x {len(scenarios)} scenarios, limit {args.time_limit:g} s")
    results: list[Measurement] = []
    for scenario in scenarios:
        for board in boards:
            results += run_engines(scenario, board, args.time_limit, args.skip_cpsat, console)
    cases = [] if args.no_cli else sorted((REPO / "cases").glob("*.yaml"))
    runs = [run_cli(path, args.time_limit, args.repeats, console) for path in cases]
    meta["total_seconds"] = time.perf_counter() - started
    meta["load_average_end"] = list(os.getloadavg())
    write_results(args.output, meta, results, runs)
    report(console, results, runs, args, meta)
    return 0


def _in_repo(value: object) -> object:
    """A path inside the repository as written from its top ("benchmarks/results.json"): the
    results file records no machine's folders."""
    if isinstance(value, Path) and value.resolve().is_relative_to(REPO):
        return str(value.resolve().relative_to(REPO))
    return value


def write_results(
    path: Path, meta: dict[str, Any], results: Iterable[Measurement], runs: list[CliRun]
) -> None:
    """The raw figures, time-outs as null (JSON has no infinity)."""
    data = {
        "meta": meta,
        "engines": [asdict(m) | {"rate": m.rate} for m in results],
        "ruling_check": [asdict(r) | {"median": r.median} for r in runs],
    }
    path.write_text(json.dumps(_plain(data), indent=1) + "\n")


def _plain(value: Any) -> Any:
    """JSON-ready: paths as text, infinities as None."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and math.isinf(value):
        return None
    if isinstance(value, Path):
        return str(value)
    return value


def report(
    console: Console,
    results: list[Measurement],
    runs: list[CliRun],
    args: argparse.Namespace,
    meta: dict[str, Any],
) -> None:
    grids = [detail_table(results), summary_table(results, args.time_limit)]
    if runs:
        grids.append(cli_table(runs, args.repeats))
    elif not args.no_cli:
        console.print("no cases/*.yaml to run ruling check on")
    for grid in grids:
        console.print(grid.rich())
    if args.markdown:
        args.markdown.write_text(
            "\n".join(grid.markdown() for grid in grids) + "\n" + LEGEND + "\n"
        )
    console.print(escape(LEGEND))
    load = meta["machine"]["load_average"][0], meta["load_average_end"][0]
    console.print(
        f"total {meta['total_seconds']:.0f} s; load average {load[0]:.2f} at start, "
        f"{load[1]:.2f} at end on {meta['machine']['cpus']} CPUs; solver/ digest "
        f"{meta['machine']['solver_digest']}; raw results in {args.output}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
