"""What the command line refuses before any work: an output that is the input itself, a file
that is no file to read (a device, a pipe, one far too large), options out of range.

Each is bad input: exit 2, a message naming the file or the option and what was expected, and
the input left as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import yaml

import solver.errors
from tests.cli_helpers import run

ROOT = Path(__file__).parents[1]
DEMO = ROOT / "cases" / "example-mixed-row.yaml"
ONE_CLAIM = """\
[Event "Test"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]
[Declarer "S"]
[Contract "5H"]
[Result "10"]
[Play "W"]
DQ D3 D4 D2
SK S2 S4 SJ
DJ DT DK D7
*
"""
"""One board of a PBN record: 5H by South, ten tricks claimed after three."""


@pytest.fixture
def case(tmp_path: Path) -> Path:
    path = tmp_path / "case.yaml"
    path.write_bytes(DEMO.read_bytes())
    return path


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "board.pbn"
    path.write_text(ONE_CLAIM, encoding="utf-8")
    return path


def _same_file_names(path: Path) -> list[str]:
    """The input itself under other names: as given, through a folder and back (``..``), a
    symbolic link and a hard link."""
    (path.parent / "sub").mkdir(exist_ok=True)
    symbolic = path.with_name("symbolic" + path.suffix)
    symbolic.symlink_to(path)
    hard = path.with_name("hard" + path.suffix)
    os.link(path, hard)
    return [str(path), str(path.parent / "sub" / ".." / path.name), str(symbolic), str(hard)]


def test_export_refuses_to_write_over_its_case_file(
    case: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = case.read_bytes()
    for output in _same_file_names(case):
        for force in ([], ["--force"]):
            assert run(["export", str(case), "--pbn", "-o", output, *force]) == 2
            err = capsys.readouterr().err
            assert f"error: -o {output}: is the case file itself" in err
            assert "the case is never overwritten" in err
    assert case.read_bytes() == before
    # Another file is written as before.
    assert run(["export", str(case), "--pbn", "-o", str(case.with_suffix(".pbn"))]) == 0


def test_import_refuses_to_write_over_its_record(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = record.read_bytes()
    for output in _same_file_names(record):
        for force in ([], ["--force"]):
            assert run(["import", str(record), "-o", output, *force]) == 2
            err = capsys.readouterr().err
            assert f"error: -o {output}: is the record itself" in err
            assert "the record is never overwritten" in err
    assert record.read_bytes() == before
    assert run(["import", str(record), "-o", str(record.with_suffix(".yaml"))]) == 0


def test_a_seat_given_twice_to_mixed_is_refused_as_a_card_given_twice_to_flip_mark(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = ["import", str(record), "--dispute", "rows"]
    assert run([*rows, "--flip-mark", "DQ", "--flip-mark", "DQ"]) == 2
    assert "--flip-mark: DQ is given twice" in capsys.readouterr().err
    for second in ("N=after-dispute", "N", "n=after-agreement", " N "):
        assert run([*rows, "--mixed", "N", "--mixed", second]) == 2
        err = capsys.readouterr().err
        assert f"error: {record}: --mixed: North's row is given twice" in err
        assert "expected each seat once" in err
    assert run([*rows, "--mixed", "N", "--mixed", "S=after-dispute"]) == 0


@pytest.mark.parametrize(
    "command", [["import"], ["check"], ["export", "--pbn"], ["audit", "--jobs", "1"]]
)
def test_a_device_is_refused_before_it_is_read(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # /dev/zero read whole filled the memory.
    assert run([command[0], "/dev/zero", *command[1:]]) == 2
    err = capsys.readouterr().err
    assert "error: /dev/zero: is not a regular file" in err
    assert "expected a file to read" in err


def test_audit_refuses_a_pipe_it_would_read_more_than_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)  # opened, it would wait for a writer for ever
    assert run(["audit", str(fifo), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert f"error: {fifo}: is a pipe (expected a file: this command reads its files" in err


def _fed(fifo: Path, data: bytes) -> threading.Thread:
    """A writer that feeds ``data`` into the named pipe ``fifo`` once a reader opens it."""

    def write() -> None:
        with open(fifo, "wb") as stream, contextlib.suppress(BrokenPipeError):
            stream.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return writer


def test_check_and_import_read_a_pipe_once_as_a_shell_gives_it(
    tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ruling check <(...)``: the shell's process substitution is a named pipe, read once;
    ``--log`` keeps the case as read, not a second, empty reading."""
    fifo = tmp_path / "case.fifo"
    os.mkfifo(fifo)
    writer = _fed(fifo, DEMO.read_bytes())
    log = tmp_path / "log.sqlite"
    assert run(["check", str(fifo), "--json", "--log", str(log)]) == 0
    writer.join(5)
    ruled = json.loads(capsys.readouterr().out)
    assert run(["check", str(DEMO), "--json"]) == 0
    assert ruled["ruling"] == json.loads(capsys.readouterr().out)["ruling"]
    fifo.unlink()
    os.mkfifo(fifo)
    writer = _fed(fifo, record.read_bytes())
    out = tmp_path / "imported.yaml"
    assert run(["import", str(fifo), "--record", "1", "-o", str(out)]) == 0
    writer.join(5)
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["deal"]


def test_a_pipe_holding_more_than_the_cap_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(solver.errors, "MAX_INPUT_BYTES", 100)
    fifo = tmp_path / "endless.fifo"
    os.mkfifo(fifo)
    writer = _fed(fifo, b"title: x\n" * 1000)
    assert run(["check", str(fifo)]) == 2
    writer.join(5)
    assert f"error: {fifo}: holds more than 0 MiB, too much" in capsys.readouterr().err


@pytest.mark.parametrize("how", ["redirected", "piped"])
def test_a_dash_reads_the_case_from_standard_input(how: str, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "solver", "check", "-", "--json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if how == "redirected":
        with DEMO.open("rb") as given:
            done = subprocess.run(command, stdin=given, capture_output=True, env=env, cwd=tmp_path)
    else:
        done = subprocess.run(
            command, input=DEMO.read_bytes(), capture_output=True, env=env, cwd=tmp_path
        )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ruling"]["declarer_tricks"] is not None
    bad = subprocess.run(command, input=b"title: [\n", capture_output=True, env=env, cwd=tmp_path)
    assert bad.returncode == 2
    assert bad.stderr.decode().startswith("error: standard input: line 2")
    terminal = subprocess.run(
        command, stdin=subprocess.DEVNULL, capture_output=True, env=env, cwd=tmp_path
    )
    assert terminal.returncode == 2
    assert "error: standard input: is a terminal or a device" in terminal.stderr.decode()


@pytest.mark.parametrize(
    "command", [["import"], ["check"], ["export", "--pbn"], ["audit", "--jobs", "1"]]
)
def test_a_file_far_larger_than_any_record_is_refused_before_it_is_read(
    command: list[str],
    record: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(solver.errors, "MAX_INPUT_BYTES", 100)
    assert run([command[0], str(record), *command[1:]]) == 2
    err = capsys.readouterr().err
    assert f"error: {record}: is 0 MiB, too large to be a case file or a record" in err
    assert "(expected at most 0 MiB)" in err


def test_the_size_cap_is_well_above_the_largest_record_read() -> None:
    largest = max(
        path.stat().st_size
        for path in (ROOT / "data").rglob("*")
        if path.suffix.lower() in (".pbn", ".lin")
    )
    # A World Championship archive is some 20 MB.
    assert max(5 * largest, 100 * 1024**2) <= solver.errors.MAX_INPUT_BYTES


def test_a_sparse_file_of_a_gigabyte_is_refused_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.pbn"
    with huge.open("wb") as out:
        out.truncate(1024**3)
    assert run(["import", str(huge)]) == 2
    assert "is 1,024 MiB, too large" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["1", "1K", "63M", "0.05G"])
def test_a_memory_limit_below_64m_is_refused(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(DEMO), "--memory-limit", text]) == 2
    err = capsys.readouterr().err
    assert "--memory-limit" in err and "at least 64M" in err and repr(text) in err


def test_a_memory_limit_of_64m_is_taken() -> None:
    assert run(["check", str(DEMO), "--memory-limit", "64M"]) == 0


def test_a_message_quoting_a_huge_line_of_a_record_is_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The reader quotes the [Deal] it refuses; 200,000 characters of it are not printed back.
    path = tmp_path / "huge-deal.pbn"
    path.write_text(ONE_CLAIM.replace("N:T32.AKQ7", "N:" + "A" * 200_000), encoding="utf-8")
    assert run(["import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: ")
    assert len(err) < solver.errors.MESSAGE_LIMIT + 300
    assert err.rstrip().endswith("(the message is cut at 2,000 characters)")


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["check", ""], "path"),
        (["check", str(DEMO), "--html", ""], "--html"),
        (["check", str(DEMO), "--pdf", ""], "--pdf"),
        (["check", str(DEMO), "--log", ""], "--log"),
        (["import", ""], "record"),
        (["import", "x.pbn", "-o", ""], "-o/--output"),
        (["export", "", "--pbn"], "path"),
        (["export", str(DEMO), "--lin", "-o", ""], "-o/--output"),
        (["audit", ""], "PATH"),
        (["audit", "x.pbn", "-o", ""], "-o/--output"),
        (["serve", "--log", ""], "--log"),
    ],
)
def test_an_empty_file_name_is_refused_naming_the_option(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Once read as the file '' ("error: : no such file"); --log "" opened a log in memory.
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert f"error: argument {named}: expected a file name, got an empty one" in err


@pytest.mark.parametrize("target", ["sqlite://", "sqlite:///:memory:"])
def test_a_ruling_log_in_memory_is_refused(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    # It would keep nothing once the command ends, and say nothing of it.
    assert run(["check", str(DEMO), "--log", target]) == 2
    assert "an SQLite database in memory keeps nothing once the command ends" in (
        capsys.readouterr().err
    )


def test_a_reader_that_closes_the_output_early_is_no_internal_error(tmp_path: Path) -> None:
    # `ruling check CASE --json | true`: the tool's write finds the pipe closed. Nothing
    # failed, so no "this is a bug": the exit a shell gives a command its reader left (141).
    command = [sys.executable, "-m", "solver", "check", str(DEMO), "--json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    read, write = os.pipe()
    os.close(read)  # closed before the tool writes a byte
    with open(write, "wb") as output:
        done = subprocess.run(command, stdout=output, stderr=subprocess.PIPE, env=env)
    assert done.returncode == 141, done.stderr
    assert done.stderr == b""
