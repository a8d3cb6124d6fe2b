"""The ``ruling`` command: argument parsing, output and exit codes; no bridge logic here.

Exit codes: 0 the ruling is decided, 1 undetermined or the hard facts are impossible, 2 bad input
(the message names the file, the field and what was expected), 3 a failure of the tool itself (a
bug: the message says so, and ``--debug`` shows the traceback), 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import select
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NoReturn

from solver.errors import (
    CaseFileError,
    EngineError,
    InternalError,
    SolverError,
    check_input_file,
    file_name,
    input_name,
)
from solver.facts.policy import PRESETS, NormalPolicy, parse_switch
from solver.version import tool_version

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from solver.facts import Case
    from solver.rulings.ruling import Analysis

EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE, as a shell reports a command whose reader closed the pipe."""
BUG_NOTICE = "this is a bug, please report it with the case file; --debug shows the traceback"
JSON_LISTED = 5
"""Histories listed in the JSON when ``--list`` is not given."""
REPORT_LISTED = 1
"""Histories shown in the report when ``--list`` is not given: one table of 13 tricks is what
a director reads at the table; ``--list N`` and ``--examples`` show more."""


def main_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ruling",
        description="Verify disputed bridge tricks: every consistent play history, and the ruling.",
    )
    parser.add_argument("--version", action="version", version=f"ruling {tool_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="analyse one case file and rule on it")
    check.add_argument(
        "path",
        type=file_name,
        help="the case file (YAML, see docs/case-format.md); - reads standard input",
    )
    check.add_argument("--json", action="store_true", help="print the JSON result object")
    check.add_argument(
        "--list",
        type=_non_negative,
        default=None,
        metavar="N",
        help="list at most N consistent histories (default: 5 in the JSON, 1 in the report)",
    )
    check.add_argument(
        "--examples",
        action="store_true",
        help="report: also show one consistent history for each outcome group",
    )
    check.add_argument(
        "--values",
        action="store_true",
        help="report: give each option of a pending choice its double-dummy value (the "
        "director explains the options at the table and does not advise, Law 10C)",
    )
    _engine_options(check, "", "seconds allowed for counting (default 20)")
    check.add_argument(
        "--memory-limit",
        type=_memory_size,
        default=DEFAULT_MEMORY_LIMIT,
        metavar="SIZE",
        help="resident memory at which counting stops with what it has counted, e.g. 512M, "
        "4G (default 2G, at least 64M; bytes without a unit)",
    )
    check.add_argument(
        "--policy",
        choices=("WBF2017", "EBU", "ACBL"),
        default=None,
        help="claims: the preset of normal-play judgements, overriding the case file's "
        "claim.policy and claim.switches (default: the case file's, else WBF2017)",
    )
    check.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="NAME=on|off",
        help="claims: turn one judgement of the policy on or off (repeatable); applied last, "
        "over the case file's claim.switches",
    )
    check.add_argument(
        "--class",
        dest="player_class",
        choices=("expert", "club"),
        default=None,
        help="claims: the claimer's class of player, overriding the case file's "
        "claim.player_class (entry problems: an expert solves them, a club player may not)",
    )
    check.add_argument(
        "--claimer-view",
        action="store_true",
        help="claims: also examine every layout of the cards the claimer could not see, and "
        "what one plan makes sure of in all of them (single dummy)",
    )
    check.add_argument(
        "--html",
        default=None,
        type=file_name,
        metavar="FILE",
        help="also write the report as a self-contained HTML document (A4 print layout)",
    )
    check.add_argument(
        "--pdf",
        default=None,
        type=file_name,
        metavar="FILE",
        help="also write the report as a PDF (A4), printed by Chromium: it must be installed",
    )
    check.add_argument(
        "--log",
        default=None,
        type=file_name,
        metavar="DB",
        help="also keep the case and its ruling in the ruling log: an SQLite file or a "
        "database URL (sqlite:///event.db, postgresql://...)",
    )
    check.add_argument("--debug", action="store_true", help="show tracebacks")
    _import_parser(commands)
    _export_parser(commands)
    from solver.audit.command import add_audit_parser

    add_audit_parser(commands, _positive_seconds, _board_number, file_name)
    _serve_parser(commands)
    return parser


def _serve_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve", help="the director's desk: a local web page to enter a dispute and rule on it"
    )
    serve.add_argument("--port", type=_port, default=8765, help="TCP port (default 8765)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; any other needs --password)",
    )
    serve.add_argument(
        "--password",
        default=None,
        help="access password (HTTP basic auth, any user name); required with --host",
    )
    serve.add_argument(
        "--log",
        default="ruling-log.sqlite",
        type=file_name,
        metavar="DB",
        help="the ruling log: an SQLite file or a database URL (default ruling-log.sqlite)",
    )
    serve.add_argument(
        "--time-limit",
        type=_positive_seconds,
        default=20.0,
        metavar="S",
        help="seconds allowed for one ruling (default 20)",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument("--debug", action="store_true", help="show tracebacks")


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, got {value}")
    return value


def _import_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``ruling import RECORD``: one board of a PBN or LIN file to a case (docs/records.md)."""
    parser = commands.add_parser(
        "import",
        help="turn one board of a PBN or LIN record into a case file",
        description="One board of a PBN or LIN record as a case file (YAML): the deal, the "
        "contract, the play as agreed tricks and the claim it ends in; with --dispute, rows of "
        "quitted cards for the director to edit instead.",
    )
    parser.add_argument(
        "record",
        type=file_name,
        help="the PBN or LIN file (- reads standard input), or a BBO hand-viewer link",
    )
    parser.add_argument("--board", type=_board_number, metavar="N", help="the board number")
    parser.add_argument(
        "--table",
        choices=("open", "closed"),
        help="the room, for files that hold a board from both (vugraph)",
    )
    parser.add_argument(
        "--record",
        dest="number",
        type=_board_number,
        metavar="K",
        help="the board's place in the file, from 1 (a board the file holds several times)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=file_name,
        metavar="CASE",
        help="write the case there, not to stdout",
    )
    parser.add_argument("--force", action="store_true", help="let -o overwrite an existing file")
    parser.add_argument(
        "--dispute",
        choices=("rows", "rows-unmarked"),
        help="rows of quitted cards in trick order instead of agreed tricks, pointed as won "
        "or lost (rows) or without marks (rows-unmarked)",
    )
    parser.add_argument(
        "--mixed",
        action="append",
        default=[],
        metavar="SEAT[=WHEN]",
        help="with --dispute: that seat's row is mixed (WHEN: before-agreement, the default, "
        "after-dispute or after-agreement); repeatable",
    )
    parser.add_argument(
        "--flip-mark",
        action="append",
        default=[],
        metavar="CARD",
        help="with --dispute rows: that card is pointed the wrong way; repeatable",
    )
    parser.add_argument(
        "--drop-mark",
        action="append",
        default=[],
        metavar="CARD",
        help="with --dispute rows: that card's mark is not known; repeatable",
    )
    parser.add_argument(
        "--claimer",
        type=_seat_letter,
        metavar="SEAT",
        help="who made the record's claim (default declarer: records do not say)",
    )
    parser.add_argument(
        "--title", type=_title, help="the case's title (default: board, contract, event)"
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks")


def _export_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``ruling export CASE --pbn|--lin``: the case as a record (docs/records.md)."""
    parser = commands.add_parser(
        "export",
        help="write a case as a PBN or LIN record",
        description="A case as a PBN or LIN record: the deal, the contract, the agreed play and "
        "the claim; what the record cannot hold is named in a comment; with --with-ruling, the "
        "ruling as a comment and the adjusted result.",
    )
    parser.add_argument(
        "path",
        type=file_name,
        help="the case file (YAML, see docs/case-format.md); - reads standard input",
    )
    kind = parser.add_mutually_exclusive_group(required=True)
    kind.add_argument("--pbn", action="store_const", const="pbn", dest="format", help="PBN 2.1")
    kind.add_argument("--lin", action="store_const", const="lin", dest="format", help="BBO LIN")
    parser.add_argument(
        "-o", "--output", type=file_name, metavar="FILE", help="write there, not to stdout"
    )
    parser.add_argument("--force", action="store_true", help="let -o overwrite an existing file")
    parser.add_argument(
        "--with-ruling",
        action="store_true",
        help="rule on the case first; the ruling goes in a comment, the ruled total in the result",
    )
    _engine_options(parser, "with --with-ruling: ", "seconds allowed (default 20)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")


def _engine_options(parser: argparse.ArgumentParser, when: str, seconds: str) -> None:
    """``--engine`` and ``--time-limit``, with ``when`` before their help."""
    parser.add_argument(
        "--engine",
        choices=("auto", "search", "cpsat", "pyconstraint"),
        default="auto",
        help=f"{when}which engine finds the histories (default auto)",
    )
    parser.add_argument(
        "--time-limit",
        type=_positive_seconds,
        default=20.0,
        metavar="S",
        help=f"{when}{seconds}",
    )


def _board_number(text: str) -> int:
    return _whole_number(text, 1)


def _title(text: str) -> str:
    """An empty title would silently become the default one: said rather than guessed."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "expected some text (leave --title out for the default title)"
        )
    return text


def _seat_letter(text: str) -> str:
    """A seat's letter in any case: checked here, so that a board with no claim, which never
    reads it, does not take a wrong one in silence."""
    if text.strip().upper() not in ("N", "E", "S", "W"):
        raise argparse.ArgumentTypeError(f"expected N, E, S or W, got {text!r}")
    return text.strip().upper()


def _non_negative(text: str) -> int:
    return _whole_number(text, 0)


def _whole_number(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected {least} or more, got {value}")
    return value


def _positive_seconds(text: str) -> float:
    """A time limit: float() alone lets through nan (a search that never stops, every
    comparison with it being false), inf and limits of 0 or less, which end nothing."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


DEFAULT_MEMORY_LIMIT = 2 * 1024**3
"""2 GiB, as ``solver.engines.DEFAULT_MEMORY_LIMIT`` (not imported: the engines load late)."""
LEAST_MEMORY_LIMIT = 64 * 1024**2
"""The smallest ``--memory-limit``: the command itself resides in more than that before it
counts, so a smaller limit (``1``: one byte, a unit left out) stops every count at once."""
_SIZE_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def _memory_size(text: str) -> int:
    """A size in bytes, with an optional binary unit: 2G, 2GiB, 512M, 1048576."""
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = cleaned[-1:] if cleaned[-1:] in _SIZE_UNITS else ""
    number = cleaned[: len(cleaned) - len(unit)]
    try:
        value = float(number) * _SIZE_UNITS[unit]
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a memory size such as 2G, got {text!r}")
    if value < LEAST_MEMORY_LIMIT:
        raise argparse.ArgumentTypeError(
            f"expected a memory size of at least 64M (the command alone uses more), got {text!r}"
        )
    return int(value)


def main(argv: Sequence[str] | None = None) -> int:
    args = main_parser().parse_args(argv)
    commands = {
        "check": _check,
        "import": _import,
        "export": _export,
        "audit": _audit,
        "serve": _serve,
    }
    try:
        _check_inputs(args)
        return commands[args.command](args)
    except InternalError as error:
        _internal_error(str(error), args.debug)
    except SolverError as error:
        if args.debug:
            traceback.print_exc()
        _error(str(error), EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        _error("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError as error:
        if not _stdout_gone():
            _internal_error(f"{type(error).__name__}: {error}", args.debug)
        # The reader of the output went away (``| head``): nothing failed, nobody to tell.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception as error:  # anything else is the tool's own failure
        _internal_error(f"{type(error).__name__}: {error}", args.debug)


def _stdout_gone() -> bool:
    """Whether standard output is a pipe whose reader has closed it."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
    except (AttributeError, OSError, ValueError):  # no file behind it (a test's capture)
        return False
    return any(event & (select.POLLERR | select.POLLHUP) for _, event in poller.poll(0))


INPUTS = {"check": "path", "import": "record", "export": "path", "audit": "paths"}
"""The argument naming the file (or files and folders) each command reads."""
ONCE = ("check", "import", "export")
"""The commands that read their input once, so that it may be a pipe or standard input
(``-``); an audit reads its files again to resume, and in its workers."""


def _check_inputs(args: argparse.Namespace) -> None:
    """Every file a command reads, refused before it is read when it is no file to read: a
    device or a pipe (``/dev/zero`` never ends), or one far larger than any record
    (``solver.errors.input_file_problem``). The one place every command goes through."""
    given = getattr(args, INPUTS.get(args.command, ""), None)
    for path in [given] if isinstance(given, str) else given or []:
        check_input_file(path, pipes=args.command in ONCE)


def _audit(args: argparse.Namespace) -> int:
    from solver.audit.command import run_audit

    return run_audit(args)


def _internal_error(message: str, debug: bool) -> NoReturn:
    """A failure of the tool, never of the input: exit 3, and say it is a bug (not "bad input",
    which would send the director looking for a mistake in a case file that has none)."""
    if debug:
        traceback.print_exc()
    _error(f"internal error: {message}: {BUG_NOTICE}", EXIT_INTERNAL_ERROR)


def _check(args: argparse.Namespace) -> int:
    from solver.records import read_case
    from solver.rulings.report import count_report, text_report

    case, text = read_case(args.path)
    for option, output in (("--html", args.html), ("--pdf", args.pdf)):
        _refuse_the_input(option, output, args.path)
    if args.player_class is not None and case.claim is not None:
        case = replace(case, claim=replace(case.claim, player_class=args.player_class))
    policy = _policy(case, args.policy, args.switch)
    chromium = None
    if args.pdf is not None:  # said before the ruling, which can take the whole time limit
        from solver.desk.pdf import find_chromium

        chromium = find_chromium()
    analysis = _ruling(case, policy, args)
    listed = REPORT_LISTED if args.list is None else args.list
    pending = analysis.pending_count is not None
    if pending and not args.json:
        # The ruling first: the count can take the rest of the time limit.
        print(
            _for_terminal(
                text_report(analysis, listed=listed, examples=args.examples, values=args.values)
            ),
            end="",
            flush=True,
        )
    if pending:
        analysis = _count(analysis, args.time_limit, args.memory_limit)
    if args.json:
        print(json.dumps(analysis.to_json(), indent=2))
    elif pending:
        print(_for_terminal(count_report(analysis)), end="")
    else:
        print(
            _for_terminal(
                text_report(analysis, listed=listed, examples=args.examples, values=args.values)
            ),
            end="",
        )
    if args.log is not None:
        _log(args.log, args.path, text, analysis)
    if args.html is not None:
        _write_html(args.html, analysis, listed, args.examples, args.values)
    if args.pdf is not None and chromium is not None:
        from solver.desk.pdf import write_pdf
        from solver.rulings.report import html_document

        document = html_document(analysis, listed, examples=args.examples, values=args.values)
        write_pdf(document, args.pdf, chromium)
    return analysis.ruling.exit_code


def _ruling(case: Case, policy: NormalPolicy | None, args: argparse.Namespace) -> Analysis:
    """The analysis ``check`` reports, the count left pending (it runs after the ruling is
    shown); an engine that cannot answer is named with the case it could not answer for."""
    from solver.rulings import analyse
    from solver.rulings.turns import available_workers

    bar = _LayoutBar(args.time_limit) if args.claimer_view and sys.stderr.isatty() else None
    try:
        return analyse(
            case,
            engine=args.engine,
            list_limit=JSON_LISTED if args.list is None else args.list,
            time_limit=args.time_limit,
            policy=policy,
            claimer_view=args.claimer_view,
            progress=bar,
            count=False,
            workers=available_workers(),
        )
    except EngineError as error:
        raise EngineError(f"{args.path}: {error}") from error
    finally:
        if bar is not None:
            bar.close()


def _write_html(path: str, analysis: Analysis, listed: int, examples: bool, values: bool) -> None:
    from pathlib import Path

    from solver.rulings.report import html_document

    try:
        document = html_document(analysis, listed, examples=examples, values=values)
        Path(path).write_text(document, "utf-8")
    except OSError as error:
        _error(f"--html {path}: cannot be written ({error.strerror or error})", EXIT_BAD_INPUT)


def _log(url: str, path: str, text: str, analysis: Analysis) -> None:
    """Keep the case as written (``text``, as read) and its ruling in the ruling log
    (``--log``)."""

    from solver.desk.log import LogError, RulingLog
    from solver.records.yamlload import load_yaml

    facts = load_yaml(text, input_name(path))
    try:
        RulingLog(url).add(facts, analysis.to_json(), source=input_name(path), text=text)
    except LogError as error:
        _error(f"--log {url}: {error}", EXIT_BAD_INPUT)


def _serve(args: argparse.Namespace) -> int:
    from solver.desk.server import ServeError, serve

    try:
        serve(
            host=args.host,
            port=args.port,
            password=args.password,
            log_url=args.log,
            time_limit=args.time_limit,
            open_browser=not args.no_browser,
        )
    except ServeError as error:
        _error(str(error), EXIT_BAD_INPUT)
    return 0


def _import(args: argparse.Namespace) -> int:
    """``ruling import``: the case of one board, to stdout or -o; checked by loading it."""
    import yaml

    from solver.records import case_from_dict
    from solver.records.importing import ImportOptions, import_case
    from solver.records.to_case import case_yaml

    _refuse_the_input("-o", args.output, args.record, "the record")
    _check_output(args.output, args.force)
    options = ImportOptions(
        board=args.board,
        table=args.table,
        number=args.number,
        dispute=args.dispute,
        mixed=_mixed_rows(args.mixed, args.record),
        flip_marks=tuple(args.flip_mark),
        drop_marks=tuple(args.drop_mark),
        claimer=args.claimer,
        title=args.title,
    )
    skipped: list[CaseFileError] = []
    case, record = import_case(args.record, options, skipped)
    _note_skipped(args.record, skipped)
    text = case_yaml(case)
    name = args.output or "<import>"
    try:
        case_from_dict(yaml.safe_load(text), name)
    except SolverError as error:
        raise InternalError(f"the case made of {record.label()} does not load: {error}") from None
    _write(text, args.output)
    if not record.has_play:
        print(
            f"note: {args.record}: {record.label()}: the record gives no play; write what is "
            "known of it into the case (docs/case-format.md)",
            file=sys.stderr,
        )
    return 0


SKIPPED_SHOWN = 3
"""How many unreadable boards ``ruling import`` names one by one before counting the rest."""


def _note_skipped(source: str, skipped: list[CaseFileError]) -> None:
    """Say which boards of the file could not be read and were left out of the import."""
    for error in skipped[:SKIPPED_SHOWN]:
        print(
            _for_terminal(f"note: {error} (that board is left out; the others are read)"),
            file=sys.stderr,
        )
    if len(skipped) > SKIPPED_SHOWN:
        print(
            f"note: {source}: {len(skipped) - SKIPPED_SHOWN} more boards cannot be read and were "
            "left out (`ruling audit` lists them all)",
            file=sys.stderr,
        )


_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _mixed_rows(items: list[str], record: str) -> dict[str, str]:
    """``--mixed SEAT[=WHEN]`` options as a mapping (checked by ``case_from_record``). A seat
    given twice is refused, as a card given twice to ``--flip-mark`` is: kept in a mapping, the
    last would silently win."""
    mixed: dict[str, str] = {}
    given: dict[str, str] = {}
    for item in items:
        seat, _, when = item.partition("=")
        key = seat.strip().upper()
        if key in _SEAT_NAMES and key in given:
            _error(
                f"{record}: --mixed: {_SEAT_NAMES[key]}'s row is given twice "
                f"({given[key]!r} and {item!r}; expected each seat once)",
                EXIT_BAD_INPUT,
            )
        given[key] = item
        # "N=" names no moment: the default is for a seat given alone, not a value left out
        mixed[seat] = when if "=" in item else "before-agreement"
    return mixed


def _export(args: argparse.Namespace) -> int:
    """``ruling export``: the case as a PBN or LIN record, with the ruling when asked."""
    from solver.records import load_case
    from solver.records.export import RulingNote, export_case

    _refuse_the_input("-o", args.output, args.path)
    _check_output(args.output, args.force)
    case = load_case(args.path)
    note: RulingNote | None = None
    if args.with_ruling:
        from solver.rulings import analyse

        analysis = analyse(
            case, engine=args.engine, time_limit=args.time_limit, list_limit=0, count=False
        )
        ruling = analysis.ruling
        note = RulingNote(
            status=ruling.status,
            declarer_tricks=ruling.declarer_tricks,
            result=ruling.result,
            reasons=tuple(str(reason) for reason in ruling.reasons),
            tool=f"ruling {tool_version()}",
        )
    _write(export_case(case, args.format, note), args.output)
    return 0


def _refuse_the_input(
    option: str, output: str | None, input_path: str, what: str = "the case file"
) -> None:
    """An output file that is the input itself (``what``: the case file, the record) is
    refused, however it is named (through ``..``, a symbolic or a hard link: the same file on
    disk): inputs are never modified. Used by every command that writes a file."""
    if output is None:
        return
    from pathlib import Path

    target, source = Path(output), Path(input_path)
    try:
        same = target.exists() and source.exists() and target.samefile(source)
    except OSError:  # one of them cannot be looked at: the reader or the writer says so
        same = False
    if same:
        noun = what.removeprefix("the ").removesuffix(" file")
        _error(
            f"{option} {output}: is {what} itself (expected another file: the {noun} "
            "is never overwritten)",
            EXIT_BAD_INPUT,
        )


def _check_output(path: str | None, force: bool) -> None:
    """-o refuses an existing file without --force (and a folder always)."""
    if path is None:
        return
    from pathlib import Path

    target = Path(path)
    if target.is_dir():
        _error(f"{path}: is a folder (expected a file name for -o)", EXIT_BAD_INPUT)
    if target.exists() and not force:
        _error(
            f"{path}: already exists (expected a new file; --force overwrites it)", EXIT_BAD_INPUT
        )


def _write(text: str, path: str | None) -> None:
    if path is None:
        sys.stdout.write(text)
        return
    from pathlib import Path

    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        _error(f"{path}: cannot be written ({error.strerror or error})", EXIT_BAD_INPUT)


def _count(analysis: Analysis, time_limit: float, memory_limit: int) -> Analysis:
    """Make the count left pending by the ruling, with a progress display on a terminal: the
    analysis with its count."""
    from solver.rulings.analyse import finish_count

    bar = _CountBar(time_limit, memory_limit) if sys.stderr.isatty() else None
    try:
        return finish_count(analysis, memory_limit=memory_limit, progress=bar)
    finally:
        if bar is not None:
            bar.close()


def _policy(case: Case, preset: str | None, switches: list[str]) -> NormalPolicy | None:
    """The normal-play policy from --policy and --switch NAME=on|off, over the case file's.

    Precedence: ``--policy`` replaces the case file's ``claim.policy`` and ``claim.switches``;
    without it, the case file's policy (else WBF2017) is the base; the claimer's class
    (``claim.player_class`` or ``--class``) is applied to the base; ``--switch`` is applied last.
    None (neither option given): the case file's own policy, chosen in the analysis.
    """
    if preset is None and not switches:
        return None
    if preset is not None:
        from solver.laws.law70 import for_class

        policy = PRESETS[preset]
        if case.claim is not None:
            policy = for_class(policy, case.claim.player_class)
    elif case.claim is not None:
        from solver.rulings.claims import case_policy

        policy = case_policy(case.claim)
    else:
        policy = PRESETS["WBF2017"]
    for item in switches:
        try:
            name, on = parse_switch(item)
        except ValueError as error:
            _error(f"--switch {item!r}: {error}", EXIT_BAD_INPUT)
        policy = policy.with_switches(**{name: on})
    return policy


class _LayoutBar:
    """A progress bar on stderr for the claimer's view, which can run for the whole time limit
    with no other output. Made only when stderr is a terminal (pipes, logs and tests stay
    clean), and shown from the first layout on; ``transient``: it leaves nothing behind."""

    def __init__(self, time_limit: float) -> None:
        self._time_limit = time_limit
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._bar = Progress(
                TextColumn(f"claimer's view (at most {self._time_limit:g} s): layouts"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(file=sys.stderr),
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("layouts", total=total)
        assert self._task is not None
        self._bar.update(self._task, completed=done, total=total)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


class _CountBar:
    """Progress on stderr while the histories are counted after the ruling: the time used of
    the limit, the positions searched and the memory resident against its cap. Made only when
    stderr is a terminal; ``transient``: it leaves nothing behind."""

    def __init__(self, time_limit: float, memory_limit: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self._started = time.monotonic()
        self._time_limit = time_limit
        self._memory_limit = memory_limit
        self._bar = Progress(
            TextColumn("counting histories (ruling above)"),
            BarColumn(),
            TextColumn("{task.fields[detail]}"),
            TimeElapsedColumn(),
            console=Console(file=sys.stderr),
            transient=True,
        )
        self._bar.start()
        self._task = self._bar.add_task("count", total=time_limit, detail="")

    def __call__(self, positions: int) -> None:
        from solver.engines.search import resident_bytes

        used = resident_bytes() / 1024**2
        cap = self._memory_limit / 1024**2
        detail = f"{positions:,} positions, {used:,.0f} of {cap:,.0f} MiB"
        elapsed = time.monotonic() - self._started
        self._bar.update(self._task, completed=min(elapsed, self._time_limit), detail=detail)

    def close(self) -> None:
        self._bar.stop()


def _error(message: str, code: int) -> NoReturn:
    print(_for_terminal(f"error: {message}"), file=sys.stderr)
    raise SystemExit(code)


def _for_terminal(text: str) -> str:
    """Control characters of a case's free text (a title with an escape sequence) shown as
    escapes, not sent to the terminal, where they could move the cursor or hide the ruling;
    line ends and tabs stay."""
    return _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode(), text)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Unicode's control characters (category Cc) but the tab and the line end."""


def entrypoint() -> None:
    raise SystemExit(main())
