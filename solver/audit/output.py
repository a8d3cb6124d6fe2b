"""Writing the audit table: CSV, JSON, JSON lines or Parquet, by the output file's suffix.

Rows are written as they come (CSV, JSON lines, JSON) or in row groups (Parquet), so that the
table of an archive of any size is never held in memory whole. Rows are sorted by file and
board only in what ``solver.audit`` returns to Python; a file is in the order rows finished.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from solver.audit.judge import COLUMNS, AuditRow
from solver.errors import CaseFileError, SolverError

FORMATS = {".csv": "csv", ".json": "json", ".jsonl": "jsonl", ".parquet": "parquet"}
PARQUET_GROUP = 10_000
"""Rows per Parquet row group: what is held in memory while writing one."""


def output_format(path: Path) -> str:
    """The format an output file's suffix names; bad input (exit 2) for any other suffix."""
    try:
        return FORMATS[path.suffix.lower()]
    except KeyError:
        raise CaseFileError(
            str(path),
            "",
            f"cannot write an audit table to a {path.suffix or 'suffix-less'} file "
            f"(expected one of {', '.join(FORMATS)})",
        ) from None


def check_output_place(path: Path, journal: Path, force: bool = False) -> None:
    """Bad input (exit 2) before any work: the table's folder must exist, neither the table nor
    its journal (``<table>.journal``) may be a folder, and a finished table (one with no
    journal: nothing to resume) is overwritten only when ``force`` says so."""
    folder = path.parent
    if not folder.is_dir():
        raise CaseFileError(str(path), "", f"cannot be written: the folder {folder} does not exist")
    for target in (path, journal):
        if target.is_dir():
            raise CaseFileError(
                str(target), "", "is a folder (expected a file name, or none there yet)"
            )
        if target.exists() and not target.is_file():
            raise CaseFileError(
                str(target), "", "is not a regular file (expected a file name, or none there yet)"
            )
    _check_writable(path, folder)
    if path.exists() and not journal.exists() and not force:
        raise CaseFileError(
            str(path),
            "",
            "already exists and is a finished audit (no journal to resume): expected a new "
            "file; --force overwrites it",
        )


def _check_writable(path: Path, folder: Path) -> None:
    """The table, its journal and its temporary file are made in ``folder``: a file is made
    there and removed at once, so that a folder the audit may not write to (read-only, another
    user's, ``/proc``) is bad input now, not an error once the claims are ruled on."""
    import tempfile

    try:
        with tempfile.TemporaryFile(dir=folder, prefix=f".{path.name}."):
            pass
    except OSError as error:
        raise CaseFileError(
            str(path),
            "",
            f"cannot be written: no file can be made in the folder {folder} "
            f"({error.strerror or error}; expected -o to name a file in a folder this audit "
            "may write to)",
        ) from None


def write_rows(rows: Iterable[AuditRow], path: Path) -> int:
    """Write the rows to ``path`` (written to a temporary file first, then renamed, so that an
    interrupted write never leaves half a table, nor the temporary file: the journal is what
    resumes an audit); returns how many were written."""
    kind = output_format(path)
    partial = path.with_name(path.name + ".writing")
    writer = {"csv": _csv, "json": _json, "jsonl": _jsonl, "parquet": _parquet}[kind]
    try:
        count = writer(rows, partial)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(path)
    return count


def _csv(rows: Iterable[AuditRow], path: Path) -> int:
    count = 0
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow(["" if value is None else value for value in asdict(row).values()])
            count += 1
    return count


def _jsonl(rows: Iterable[AuditRow], path: Path) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(asdict(row)) + "\n")
            count += 1
    return count


def _json(rows: Iterable[AuditRow], path: Path) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as out:
        out.write("[")
        for row in rows:
            out.write(("," if count else "") + "\n " + json.dumps(asdict(row)))
            count += 1
        out.write("\n]\n")
    return count


def _parquet(rows: Iterable[AuditRow], path: Path) -> int:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise SolverError(
            f"{path.name.removesuffix('.writing')}: writing Parquet needs pyarrow "
            "(pip install 'bridge-ruling-solver[audit]')"
        ) from None

    schema = pa.schema(
        [
            ("source", pa.string()),
            ("record", pa.int64()),
            ("board", pa.int64()),
            ("room", pa.string()),
            ("contract", pa.string()),
            ("declarer", pa.string()),
            ("cards_left", pa.int64()),
            ("before", pa.int64()),
            ("claimed", pa.int64()),
            ("worst_normal", pa.int64()),
            ("ruling", pa.int64()),
            ("double_dummy", pa.int64()),
            ("stands", pa.bool_()),
            ("lost_to_trump", pa.bool_()),
            ("first_loss", pa.string()),
            ("turns_on", pa.string()),
            ("status", pa.string()),
            ("reason", pa.string()),
            ("seconds", pa.float64()),
            ("policy", pa.string()),
            ("player_class", pa.string()),
            ("switches", pa.string()),
            ("claimer_reading", pa.string()),
            ("claimer", pa.string()),
            ("every_layout", pa.bool_()),
            ("sure_line", pa.bool_()),
        ]
    )
    assert tuple(schema.names) == COLUMNS
    count = 0
    group: list[dict[str, Any]] = []
    with pq.ParquetWriter(path, schema) as writer:
        for row in rows:
            group.append(asdict(row))
            count += 1
            if len(group) == PARQUET_GROUP:
                writer.write_table(pa.Table.from_pylist(group, schema=schema))
                group = []
        if group or count == 0:
            writer.write_table(pa.Table.from_pylist(group, schema=schema))
    return count
