"""What ``ruling audit`` refuses or names before its long work: a table it cannot write, a
scheduler address that is none, too many jobs, a journal whose rows are not rows it wrote, and
files with no board."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pandas
import pytest

import solver.audit.run
import solver.errors
from solver.audit import audit
from solver.audit.run import Settings, audit_rows, in_process, most_jobs, read_journal
from solver.cli import main_parser
from solver.errors import CaseFileError, SettingsError
from tests.cli_helpers import run

RECORDS = Path(__file__).resolve().parent.parent / "data" / "real-records"
SAMPLE = RECORDS / "forrestrice_bridge-bots" / "sample.pbn"
"""Three claims, each settled in well under a second."""
SETTINGS = Settings("WBF2017", 120.0, why=False)


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any claim looked for fails the test: what is refused is refused before the work."""

    def claims_in(*args: object) -> None:
        raise AssertionError("the audit started its work")

    monkeypatch.setattr(solver.audit.run, "claims_in", claims_in)


# -- the table's place (items 6) --------------------------------------------------------------


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize("output", ["/proc/table.csv", "/proc/version.csv"])
def test_a_table_in_a_folder_that_takes_no_file_is_refused_before_any_work(
    output: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["audit", str(SAMPLE), "--jobs", "1", "-o", output]) == 2
    err = capsys.readouterr().err
    assert f"error: {output}: cannot be written: no file can be made in the folder /proc" in err
    assert "expected -o to name a file in a folder this audit may write to" in err
    assert "internal error" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="the superuser writes in any folder")
@pytest.mark.usefixtures("no_work")
def test_a_table_in_a_read_only_folder_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert run(["audit", str(SAMPLE), "--jobs", "1", "-o", str(folder / "t.csv")]) == 2
    finally:
        folder.chmod(0o755)
    assert "Permission denied" in capsys.readouterr().err
    assert list(folder.iterdir()) == []


@pytest.mark.usefixtures("no_work")
def test_a_journal_that_is_not_a_regular_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "table.csv.journal")  # opened, it would wait for a writer for ever
    assert run(["audit", str(SAMPLE), "--jobs", "1", "-o", str(tmp_path / "table.csv")]) == 2
    assert "table.csv.journal: is not a regular file" in capsys.readouterr().err


def test_a_journal_that_cannot_be_opened_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", refused)
    with pytest.raises(CaseFileError, match=r"t\.journal: cannot be written \(Permission denied"):
        audit_rows([SAMPLE], settings=SETTINGS, runner=in_process, journal=tmp_path / "t.journal")


# -- the scheduler and the jobs (items 7, 10) -------------------------------------------------


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("notaurl", "no HOST:PORT"),
        ("tcp://10.0.0.5", "no HOST:PORT"),
        ("tcp://10.0.0.5:http", "port 'http' is not a port number"),
        ("tcp://10.0.0.5:0", "port '0' is not a port number"),
        ("tcp://10.0.0.5:70000", "port '70000' is not a port number"),
        ("htp://10.0.0.5:8786", "unknown protocol 'htp'"),
        ("tcp://:8786", "no HOST:PORT"),
    ],
)
def test_a_scheduler_address_that_is_none_is_bad_input(
    address: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["audit", str(SAMPLE), "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert f"argument --scheduler: {address!r}: {said}" in err
    assert "expected an address such as tcp://10.0.0.5:8786" in err
    with pytest.raises(SettingsError, match=f"scheduler {address!r}: "):
        audit(SAMPLE, scheduler=address)


@pytest.mark.parametrize(
    "address", ["tcp://10.0.0.5:8786", "10.0.0.5:8786", "tls://[::1]:8786", "inproc://x/1/2"]
)
def test_a_scheduler_address_is_taken_as_dask_takes_it(address: str) -> None:
    args = main_parser().parse_args(["audit", "x.pbn", "--scheduler", address])
    assert args.scheduler == address


def test_more_jobs_than_a_few_per_cpu_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    most = most_jobs()
    assert most == 4 * (os.cpu_count() or 1)
    assert main_parser().parse_args(["audit", "x.pbn", "--jobs", str(most)]).jobs == most
    for jobs in (most + 1, 100_000):
        assert run(["audit", str(SAMPLE), "--jobs", str(jobs)]) == 2
        err = capsys.readouterr().err
        assert f"argument --jobs: expected at most {most} (4 worker processes for each" in err
        assert f"got {jobs}" in err
        with pytest.raises(SettingsError, match=f"jobs: expected at most {most} "):
            audit(SAMPLE, jobs=jobs)


# -- the journal (items 8, 12) ----------------------------------------------------------------


def _interrupted(journal: Path) -> list[dict[str, object]]:
    """The journal of an audit of SAMPLE stopped after its first two claims, as JSON objects."""
    first = audit_rows([SAMPLE], settings=SETTINGS, runner=in_process, journal=journal)
    next(first)
    next(first)
    first.close()
    return [json.loads(line) for line in journal.read_text().splitlines()]


def _write(journal: Path, rows: list[dict[str, object]]) -> None:
    journal.write_text("".join(json.dumps(row) + "\n" for row in rows))


@pytest.mark.parametrize(
    ("column", "value", "expected"),
    [
        ("switches", None, "text"),
        ("record", "abc", "a whole number from 0 (the board's place in its file)"),
        ("record", -1, "a whole number from 0 (the board's place in its file)"),
        ("record", True, "a whole number from 0 (the board's place in its file)"),
        ("board", 1.5, "a board number"),
        ("stands", "maybe", "true, false or null"),
        ("claimed", -1, "a number of tricks from 0 to 13, or null"),
        ("ruling", 99, "a number of tricks from 0 to 13, or null"),
        ("declarer", "X", "N, E, S or W, or null"),
        ("status", "done", "one of ruled, timeout, error, unreadable"),
        ("seconds", float("nan"), "a number of seconds, 0 or more"),
        ("seconds", -2, "a number of seconds, 0 or more"),
        ("first_loss", None, "text"),
        ("reason", 3, "text"),
        ("policy", "FIFA", "one of WBF2017, EBU, ACBL"),
        ("player_class", "novice", "expert or club, or null"),
        ("source", "", "the name of a file or folder"),
    ],
)
def test_a_journal_row_with_a_value_no_row_has_is_refused_naming_line_and_column(
    column: str,
    value: object,
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "table.csv"
    journal = tmp_path / "table.csv.journal"
    rows = _interrupted(journal)
    rows[1][column] = value
    _write(journal, rows)
    before = journal.read_bytes()
    assert run(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"error: {journal}: line 2: {column}: expected {expected}" in err
    assert ", got " in err
    assert "delete the journal to start afresh" in err
    assert "internal error" not in err
    assert not out.exists()
    assert journal.read_bytes() == before  # the journal is left for the director to look at
    with pytest.raises(CaseFileError, match=f"line 2: {column}: expected"):
        read_journal(journal)


def test_repeated_rows_and_rows_of_files_not_given_are_left_out_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "table.csv"
    journal = tmp_path / "table.csv.journal"
    first, second = _interrupted(journal)
    elsewhere = dict(first, source=str(tmp_path / "elsewhere.pbn"))
    _write(journal, [first, second, first, elsewhere, dict(second, seconds=9.0), elsewhere])
    assert run(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert "3 claims: " in captured.out  # each of SAMPLE's claims once, nothing else
    assert (
        f"note: {journal}: line 3 repeats the board of line 1 (1 more lines repeat earlier "
        "ones): left out, not counted twice"
    ) in captured.err
    assert (
        f"note: {journal}: 2 rows of {tmp_path / 'elsewhere.pbn'}, which this audit was not "
        "given (from line 4): left out of the table"
    ) in captured.err
    table = pandas.read_csv(out)
    assert len(table) == 3
    assert set(table["source"]) == {str(SAMPLE)}
    assert sorted(table["record"]) == sorted({int(r) for r in table["record"]})
    assert 9.0 not in list(table["seconds"])  # the first of a repeated row is kept


def test_from_python_the_rows_left_out_of_a_journal_are_a_warning(tmp_path: Path) -> None:
    journal = tmp_path / "audit.journal"
    first, second = _interrupted(journal)
    _write(journal, [first, second, first])
    with pytest.warns(UserWarning, match="line 3 repeats the board of line 1"):
        table = audit(SAMPLE, jobs=1, time_limit=120.0, why=False, journal=journal)
    assert len(table) == 3


# -- files with no board (item 13) ------------------------------------------------------------


def test_a_file_with_no_board_is_unreadable_with_a_note_as_import_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("")
    comments = tmp_path / "comments.pbn"
    comments.write_text("% nothing here\n")
    lin = tmp_path / "empty.lin"
    lin.write_text("\n")
    assert run(["import", str(empty)]) == 2
    assert "no board in this PBN file" in capsys.readouterr().err
    assert run(["audit", str(empty), str(comments), str(lin), str(SAMPLE), "--jobs", "1"]) == 1
    captured = capsys.readouterr()
    for path, kind in ((empty, "PBN"), (comments, "PBN"), (lin, "LIN")):
        assert (
            f"note: {path}: no board in this {kind} file (expected a deal: PBN [Deal] or LIN "
            "md|); listed in the table as unreadable"
        ) in captured.err
    assert "3 claims: " in captured.out and "; 3 unreadable" in captured.out
    table = audit([empty, comments], jobs=1)
    assert list(table["status"]) == ["unreadable"] * 2
    assert list(table["record"]) == [0, 0]
    assert all(reason.startswith("no board in this PBN file") for reason in table["reason"])


def test_past_a_few_the_files_not_taken_up_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(tmp_path / f"missing-{number:02}.pbn") for number in range(25)]
    assert run(["audit", *paths, "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("no such file or folder; listed in the table as unreadable") == 20
    assert "note: 5 more files or folders could not be taken up" in err


# -- files too large, found in a folder (item 23) ---------------------------------------------


def test_a_file_too_large_found_in_a_folder_is_unreadable_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(SAMPLE, tmp_path / "a.pbn")
    monkeypatch.setattr(solver.errors, "MAX_INPUT_BYTES", 100)

    def read(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was read")

    monkeypatch.setattr(solver.audit.boards.pbn, "load", read)
    table = audit(tmp_path, jobs=1)
    assert list(table["status"]) == ["unreadable"]
    assert "too large to be a case file or a record" in table["reason"][0]


def test_a_link_to_nothing_or_a_pipe_found_in_a_folder_is_unreadable_not_passed_over(
    tmp_path: Path,
) -> None:
    # docs/audit.md: nothing is dropped. A record name that is no file is a row saying why.
    shutil.copy(SAMPLE, tmp_path / "a.pbn")
    (tmp_path / "b.pbn").symlink_to(tmp_path / "nowhere.pbn")
    os.mkfifo(tmp_path / "c.lin")  # opened, it would wait for a writer for ever
    (tmp_path / "d.pbn").mkdir()  # a folder named as a record is searched, not read
    table = audit(tmp_path, jobs=1)
    unreadable = table[table["status"] == "unreadable"]
    assert [Path(source).name for source in unreadable["source"]] == ["b.pbn", "c.lin"]
    reasons = list(unreadable["reason"])
    assert "No such file" in reasons[0] and reasons[1].startswith("is a pipe")
    assert (table["status"] != "unreadable").sum() > 0
