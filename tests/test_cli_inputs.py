"""What the command line refuses before any work: an output that is the input itself, a file
that is no file to read (a device, a pipe, one far too large), options out of range.

Each is bad input: exit 2, a message naming the file or the option and what was expected, and
the input left as it was.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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


def _no_file_to_read(tmp_path: Path, kind: str) -> Path:
    if kind == "device":
        return Path("/dev/zero")
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    return fifo


@pytest.mark.parametrize("kind", ["device", "pipe"])
@pytest.mark.parametrize(
    "command", [["import"], ["check"], ["export", "--pbn"], ["audit", "--jobs", "1"]]
)
def test_a_device_or_a_pipe_is_refused_before_it_is_read(
    kind: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # /dev/zero read whole filled the memory; a pipe with no writer waits for ever.
    path = _no_file_to_read(tmp_path, kind)
    assert run([command[0], str(path), *command[1:]]) == 2
    err = capsys.readouterr().err
    assert f"error: {path}: is not a regular file" in err
    assert "expected a file to read" in err


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
