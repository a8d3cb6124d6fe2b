"""``ruling audit PATH...``: its options, its progress bar and its summary on the terminal.

Kept apart from ``solver.cli`` so that the command line's start-up stays small: nothing here
imports more than argparse until the command runs.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.audit.judge import AuditRow
    from solver.audit.run import Settings

SHOWN_FAILING = 20
"""Claims that would not stand listed on the terminal (the output file has them all)."""
NOTED_FILES = 20
"""Files, folders and paths the audit could not take up at all (a missing file, one with no
board) named one by one on the terminal before they are counted (the table lists them all)."""


def add_audit_parser(
    commands: Any, positive_seconds: Any, at_least_one: Any, file_name: Any
) -> None:
    """Add ``audit`` to the subcommands of ``ruling``; the argument types are the command
    line's own (seconds above 0, a whole number from 1, a file name that is not empty), so
    that messages read alike."""
    audit = commands.add_parser(
        "audit",
        help="rule on every claim in PBN and LIN records, as if each had been contested",
        description="Every board of the records under PATH that ends in a claim or concession: "
        "the total claimed, the worst normal line with nothing said, double dummy, and whether "
        "the claim would stand if contested. Boards that cannot be read are listed with the "
        "reason.",
    )
    audit.add_argument(
        "paths", nargs="+", type=file_name, metavar="PATH", help="record files or folders"
    )
    audit.add_argument(
        "-o",
        "--output",
        type=lambda text: Path(file_name(text)),
        default=None,
        metavar="FILE",
        help="write the table to FILE (.csv, .json, .jsonl or .parquet); an interrupted audit "
        "run again with the same FILE resumes where it stopped",
    )
    audit.add_argument(
        "--force",
        action="store_true",
        help="let -o overwrite a finished table (an interrupted one is resumed, not overwritten)",
    )

    def jobs(text: str) -> int:
        from solver.audit.run import jobs_problem

        value: int = at_least_one(text)
        problem = jobs_problem(value)
        if problem is not None:
            raise argparse.ArgumentTypeError(problem)
        return value

    audit.add_argument(
        "--jobs",
        type=jobs,
        default=None,
        metavar="N",
        help="worker processes on this machine (default: every CPU it may run on; 1: none; "
        "at most 4 for each CPU of the machine)",
    )
    audit.add_argument(
        "--scheduler",
        type=_scheduler,
        default=None,
        metavar="ADDRESS",
        help="run on the Dask distributed cluster whose scheduler is at ADDRESS "
        "(e.g. tcp://10.0.0.5:8786) instead of this machine's cores",
    )
    audit.add_argument(
        "--policy",
        choices=("WBF2017", "EBU", "ACBL"),
        default="WBF2017",
        help="the preset of normal-play judgements (default WBF2017)",
    )
    audit.add_argument(
        "--class",
        dest="player_class",
        choices=("expert", "club"),
        default=None,
        help="the claimers' class of player (entry problems: an expert solves them, a club "
        "player may not; default: the preset's own judgements)",
    )
    audit.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="NAME=on|off",
        help="turn one judgement of the policy on or off (repeatable), over the preset and "
        "the class",
    )
    audit.add_argument(
        "--claimer",
        dest="claimer_reading",
        choices=("declarer", "either"),
        default="declarer",
        help="who made each claim, which records do not say: declarer (default), or either "
        "(declarer, or a defender where only that reading lets the claim stand; the table's "
        "claimer column names the seat)",
    )
    audit.add_argument(
        "--time-limit",
        type=positive_seconds,
        default=20.0,
        metavar="S",
        help="seconds for each claim (default 20)",
    )
    audit.add_argument(
        "--no-why",
        dest="why",
        action="store_false",
        help="do not look for the judgements a failing claim turns on (faster)",
    )
    audit.add_argument("--debug", action="store_true", help="show tracebacks")


def _scheduler(text: str) -> str:
    """``--scheduler ADDRESS``, checked when read: ``notaurl`` is bad input, not Dask's error
    at the first claim."""
    from solver.audit.run import scheduler_problem

    problem = scheduler_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{text!r}: {problem}")
    return text


def run_audit(args: argparse.Namespace) -> int:
    """Exit 0 when every board was read and ruled on, 1 when some were not (unreadable, not
    settled in time, refused by an engine): they are in the table with the reason."""
    from solver.audit.output import check_output_place, output_format, write_rows
    from solver.audit.run import Settings, audit_rows, choose_runner

    output: Path | None = args.output
    settings = Settings(
        args.policy,
        args.time_limit,
        args.why,
        args.player_class,
        _switches(args.switch),
        args.claimer_reading,
    )
    journal = None
    if output is not None:
        output_format(output)  # a bad suffix is bad input before any work
        journal = output.with_name(output.name + ".journal")
        check_output_place(output, journal, args.force)
    bar = _AuditBar() if sys.stderr.isatty() else None
    tally: Counter[str] = Counter()
    failing: list[AuditRow] = []

    def counted(rows: Iterator[AuditRow]) -> Iterator[AuditRow]:
        for row in rows:
            _count(row, tally, failing)
            yield row

    rows = audit_rows(
        args.paths,
        settings=settings,
        runner=choose_runner(args.jobs, args.scheduler),
        journal=journal,
        found=None if bar is None else bar.found,
        finished=None if bar is None else bar.finished,
        note=_note,
    )
    try:
        if output is not None:
            write_rows(counted(rows), output)
            assert journal is not None
            journal.unlink(missing_ok=True)
        else:
            for _row in counted(rows):
                pass
    finally:
        if bar is not None:
            bar.close()
    if tally["files noted"] > NOTED_FILES:
        _note(
            f"{tally['files noted'] - NOTED_FILES} more files or folders could not be taken up "
            "(listed as unreadable in the table)"
        )
    _summary(tally, failing, output, settings)
    unsettled = tally["unreadable"] + tally["timeout"] + tally["error"]
    return 1 if unsettled else 0


def _count(row: AuditRow, tally: Counter[str], failing: list[AuditRow]) -> None:
    """Count one row for the summary, keep the first that would not stand, and name at once a
    path that could not be taken up at all."""
    if row.status == "unreadable" and row.record == 0:
        _note_file(row, tally["files noted"])
        tally["files noted"] += 1
    tally[row.status] += 1
    if row.stands is not None and row.beyond_double_dummy is not None:
        tally["beyond double dummy" if row.beyond_double_dummy else "within double dummy"] += 1
        if row.stands and not row.beyond_double_dummy:
            tally["within double dummy, stands"] += 1
    if row.stands is False:
        tally["would not stand"] += 1
        if row.every_layout is not None:
            tally["no lie beats" if row.every_layout else "beaten by a lie"] += 1
        if row.every_layout and row.sure_line is not None:
            tally["one plan makes it" if row.sure_line else "needs a guess"] += 1
        if len(failing) < SHOWN_FAILING:
            failing.append(row)
    elif row.stands:
        tally["stands"] += 1
        if row.claimer is not None and row.claimer != row.declarer:
            tally["read as a defender"] += 1


def _note(message: str) -> None:
    """A note on stderr; control characters of a file's name shown as escapes, as the command
    line shows a case's free text (``solver.cli._for_terminal``, which is above this layer)."""
    shown = _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode(), message)
    print(f"note: {shown}", file=sys.stderr)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _note_file(row: AuditRow, noted: int) -> None:
    """Say at once that a path given, or a file found, could not be taken up at all (one with
    no board, a missing file): the summary only counts it, the table has its row."""
    if noted < NOTED_FILES:
        _note(f"{row.source}: {row.reason}; listed in the table as unreadable")


def _switches(items: list[str]) -> tuple[tuple[str, bool], ...]:
    """``--switch NAME=on|off`` as the audit's settings take them, each checked here so that
    the message names the option as it was written (as ``ruling check`` does)."""
    from solver.errors import SettingsError
    from solver.facts.policy import parse_switch

    turned = []
    for item in items:
        try:
            turned.append(parse_switch(item))
        except ValueError as error:
            raise SettingsError(f"--switch {item!r}: {error}") from None
    return tuple(turned)


def _summary(
    tally: Counter[str], failing: list[AuditRow], output: Path | None, settings: Settings
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=sys.stdout, width=120)
    if failing:
        table = Table(title="Claims that would not stand if contested", title_justify="left")
        columns = (
            "board",
            "claimed",
            "ruling",
            "worst",
            "dd",
            "every lie",
            "one plan",
            "first loss",
            "turns on",
        )
        for column in columns:
            table.add_column(column)
        for row in failing:
            table.add_row(
                f"{row.source} #{row.record}" + (f" (board {row.board})" if row.board else ""),
                str(row.claimed),
                str(row.ruling),
                str(row.worst_normal),
                str(row.double_dummy),
                _LIE[row.every_layout],
                _PLAN[row.sure_line],
                row.first_loss or "-",
                row.turns_on or "-",
            )
        console.print(table)
    claims = tally["ruled"] + tally["timeout"] + tally["error"]
    console.print(
        f"{claims} claims: {tally['stands']} would stand, {tally['would not stand']} would not, "
        f"{tally['timeout']} not settled in time, {tally['error']} refused by an engine; "
        f"{tally['unreadable']} unreadable"
        + ("" if output is None else f"; the table is in {output}")
    )
    within = tally["within double dummy"]
    if within:
        console.print(
            f"Of the {within} settled claims that ask no more than double dummy gives, "
            f"{tally['within double dummy, stands']} would stand "
            f"({100 * tally['within double dummy, stands'] / within:.1f} %); "
            f"{tally['beyond double dummy']} ask for more."
        )
    if tally["no lie beats"] or tally["beaten by a lie"]:
        console.print(
            f"Of those that would not stand, {tally['beaten by a lie']} needed the cards to lie "
            "well (some layout of the cards the claimer could not see beats them even double "
            f"dummy); {tally['no lie beats']} no lie beats double dummy, and they fail on a "
            "judgement of normal play or on a guess (the column every_layout; the others were "
            "not looked at)."
            + (
                ""
                if not (tally["one plan makes it"] or tally["needs a guess"])
                else " Of these, one plan (the claimer's cards chosen on what he could see) "
                f"makes {tally['one plan makes it']} whatever the lie, so they fail on a "
                f"judgement of normal play; {tally['needs a guess']} need a guess (single "
                "dummy, the column sure_line; the others were not looked at)."
            )
        )
    policy, player_class, switches, claimer_reading = settings.columns
    console.print(
        f"Ruled under the {policy} preset"
        + ("" if player_class is None else f", the claimers taken as {player_class} players")
        + ("" if not switches else f", with {switches}")
        + "."
        + (
            ""
            if claimer_reading == "declarer"
            else f" A claim that would not stand as declarer's was read as a defender's too: "
            f"{tally['read as a defender']} stand only so (the claimer column names the seat)."
        )
    )


_LIE = {True: "unbeaten", False: "beaten", None: "-"}
"""The failing table's "every lie" column: no layout of the unseen cards beats the claim double
dummy, one does, or not looked at (``AuditRow.every_layout``)."""


_PLAN = {True: "yes", False: "no", None: "-"}
"""The failing table's "one plan" column: one plan of the claimer's, chosen on what he could
see, wins the claimed tricks in every layout, none does, or not looked at
(``AuditRow.sure_line``)."""


class _AuditBar:
    """Boards found and ruled on, on stderr (only on a terminal; it leaves nothing behind)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._bar = Progress(
            TextColumn("auditing claims"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(file=sys.stderr),
            transient=True,
        )
        self._bar.start()
        self._task = self._bar.add_task("claims", total=0)

    def found(self, count: int) -> None:
        self._bar.update(self._task, total=count)

    def finished(self, _row: AuditRow) -> None:
        self._bar.advance(self._task)

    def close(self) -> None:
        self._bar.stop()
