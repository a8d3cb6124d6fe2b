"""``ruling import``: one board of a PBN or LIN file to a case (docs/records.md).

:func:`load_records` reads a record file of either format (known by its suffix, else by its
first line, as ``casefile.record_format`` tells them apart); :func:`choose` picks one board
by its number, its room (``--table open|closed``, for vugraph files with both rooms) and,
when a file holds one board several times without saying which table, its place in the file;
:func:`import_case` turns it into the case dict through ``to_case.case_from_record``.
Every problem is a :class:`CaseFileError` naming the file, where in it (the board, the line
when the reader knows it) and what was expected.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from solver.errors import CaseFileError, input_name, read_input
from solver.records import lin, pbn
from solver.records.casefile import is_handviewer_link, record_format
from solver.records.record import Record
from solver.records.to_case import case_from_record

Table = Literal["open", "closed"]
Dispute = Literal["rows", "rows-unmarked"]
DISPUTES: tuple[Dispute, ...] = ("rows", "rows-unmarked")
"""``--dispute``: rows of quitted cards, pointed as won and lost, or with no marks."""


@dataclass(frozen=True)
class ImportOptions:
    """What ``ruling import`` was asked for, beside the file."""

    board: int | None = None
    table: Table | None = None
    number: int | None = None
    """The board's place in the file, from 1 (``--record K``)."""
    dispute: Dispute | None = None
    mixed: dict[str, str] = field(default_factory=dict)
    flip_marks: tuple[str, ...] = ()
    drop_marks: tuple[str, ...] = ()
    claimer: str | None = None
    title: str | None = None


def load_records(path: str | Path, errors: list[CaseFileError] | None = None) -> list[Record]:
    """Every board of a PBN or LIN file; raises CaseFileError (also for any other file).

    With ``errors`` (a list), a board that cannot be read is left out and its error appended
    there, as the readers do; a file none of whose boards can be read still raises the first
    board's error."""
    name = input_name(path)
    if is_handviewer_link(str(path)):
        # A BBO hand-viewer link given in place of a file: it carries the LIN itself.
        name, text = "BBO link", str(path)
    else:
        try:
            data = read_input(path)
        except FileNotFoundError:
            raise CaseFileError(name, "", "no such file") from None
        except OSError as error:
            raise CaseFileError(name, "", f"cannot be read ({error.strerror or error})") from None
        text = pbn.decode(data)
    kind = record_format(name, text)
    if kind is None:
        raise CaseFileError(
            name,
            "",
            "not a PBN or LIN record (expected a .pbn or .lin file, or one whose first line "
            'is a PBN tag like [Event "..."] or LIN pairs like qx|o1|md|...|)',
        )
    skipped: list[CaseFileError] = []
    reader = pbn.loads if kind == "PBN" else lin.loads
    records = reader(text, name, errors=skipped if errors is not None else None)
    if not records and skipped:
        raise skipped[0]
    if errors is not None:
        errors.extend(skipped)
    if not records:
        raise CaseFileError(
            name, "", f"no board in this {kind} file (expected a deal: PBN [Deal] or LIN md|)"
        )
    return records


def choose(records: Sequence[Record], options: ImportOptions) -> Record:
    """The one board the options name; raises CaseFileError listing the boards otherwise."""
    source = records[0].source
    if options.number is not None:
        # The board's place in the file, as ``ruling audit`` numbers its rows: boards that
        # cannot be read keep their places, so K is the same board whatever else is broken.
        chosen = [record for record in records if record.index + 1 == options.number]
        if not chosen:
            places = [record.index + 1 for record in records]
            expected = (
                f"1 to {len(records)}"
                if places == list(range(1, len(records) + 1))
                else "one of the places listed"
            )
            raise CaseFileError(
                source,
                f"--record {options.number}",
                f"no such board (expected {expected}: {listing(records)})",
            )
    else:
        chosen = list(records)
    picked = [record for record in chosen if _matches(record, options)]
    asked = _asked(options)
    if not picked:
        raise CaseFileError(
            source, asked or "", f"no such board (the file holds {listing(records)})"
        )
    if len(picked) > 1:
        hint = _hint(picked, options)
        raise CaseFileError(
            source,
            asked or "",
            f"{len(picked)} boards{' match' if asked else ' in the file'} (expected {hint}): "
            f"{listing(picked)}",
        )
    return picked[0]


def _matches(record: Record, options: ImportOptions) -> bool:
    if options.board is not None and record.board != options.board:
        return False
    return options.table is None or (record.room or "").lower() == options.table


def _asked(options: ImportOptions) -> str:
    parts = []
    if options.board is not None:
        parts.append(f"--board {options.board}")
    if options.table is not None:
        parts.append(f"--table {options.table}")
    if options.number is not None:
        parts.append(f"--record {options.number}")
    return " ".join(parts)


def _hint(picked: Sequence[Record], options: ImportOptions) -> str:
    """Which option tells the boards apart."""
    if options.board is None and len({r.board for r in picked}) > 1:
        return "--board N"
    rooms = {r.room for r in picked}
    if options.table is None and len(rooms) == len(picked) and None not in rooms:
        return "--table open or --table closed"
    return "--record K, the board's place in the file"


def listing(records: Iterable[Record]) -> str:
    """The boards, each as "#K board N (room) CONTRACT by SEAT", K its place in the file."""
    parts = []
    for record in records:
        contract = "no contract"  # passed out, or the record gives none: it cannot tell
        if record.contract is not None:
            contract = f"{record.contract} by {record.declarer}"
        parts.append(f"#{record.index + 1} {record.label()} {contract}")
    return "; ".join(parts)


def import_case(
    path: str | Path, options: ImportOptions, skipped: list[CaseFileError] | None = None
) -> tuple[dict[str, Any], Record]:
    """The case dict of the board the options pick, and the board's record.

    With ``skipped`` (a list) and a board asked for (``--board``, ``--record``), the boards
    of the file that cannot be read are left out and their errors appended there, so one broken
    game of an archive does not stop the import of another; the others keep their places in
    the file (``--record K``). Asked for none, the file's first error is raised: the one board
    left need not be the one meant."""
    asked = options.board is not None or options.number is not None
    records = load_records(path, skipped if asked else None)
    try:
        record = choose(records, options)
    except CaseFileError as error:
        if not skipped:
            raise
        unread = [e for e in skipped if options.number is not None and e.record == options.number]
        which = "this one" if unread else "the first"
        first = unread[0] if unread else skipped[0]
        raise CaseFileError(
            error.path,
            error.location,
            f"{error.message}; {len(skipped)} board(s) of the file cannot be read, {which} "
            f"{first.location}: {first.message}",
        ) from None
    rows = options.dispute is not None
    if not rows and (options.mixed or options.flip_marks or options.drop_marks):
        raise CaseFileError(
            str(path),
            "--mixed, --flip-mark, --drop-mark",
            "they change rows of quitted cards (expected --dispute rows with them)",
        )
    if options.dispute == "rows-unmarked" and (options.flip_marks or options.drop_marks):
        raise CaseFileError(
            str(path),
            "--flip-mark, --drop-mark",
            "rows-unmarked rows have no marks to turn or drop (expected --dispute rows)",
        )
    try:
        case = case_from_record(
            record,
            title=options.title,
            tricks=not rows,
            claim=True,
            claimer=options.claimer,
            marks=options.dispute != "rows-unmarked",
            mixed=options.mixed or None,
            flip_marks=options.flip_marks or None,
            drop_marks=options.drop_marks or None,
        )
    except ValueError as error:
        if isinstance(error, CaseFileError):
            raise
        raise CaseFileError(str(path), record.label(), f"--{_option(str(error))}") from None
    return case, record


def _option(message: str) -> str:
    """A message of ``case_from_record`` about one of its options, as the command's option."""
    names = {"mixed": "mixed", "flip_marks": "flip-mark", "drop_marks": "drop-mark"}
    name, _, rest = message.partition(": ")
    return f"{names.get(name, name)}: {rest}" if rest else message


__all__ = [
    "DISPUTES",
    "Dispute",
    "ImportOptions",
    "Table",
    "choose",
    "import_case",
    "listing",
    "load_records",
]
