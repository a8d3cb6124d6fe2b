"""``ruling check`` given a PBN or LIN record instead of a case: it says what the file is and
how to make a case of it, instead of "not valid YAML" (or a message about unknown fields, when
the record happens to read as a YAML mapping).

Detection is by suffix (.pbn, .lin, any case) and by content: the real records of
tests/records, copied under another name, and small files written here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solver.errors import CaseFileError
from solver.records import loads_case
from solver.records.casefile import record_format
from tests.cli_helpers import run
from tests.records import real_file

ROOT = Path(__file__).parents[1]
REAL = [
    ("forrestrice_bridge-bots/sample.pbn", "PBN"),
    ("forrestrice_bridge-bots/shared_deals.pbn", "PBN"),
    ("Rick-Wilson_Bridge-Game-Analysis/LBC-2026-01-26.pbn", "PBN"),
    ("forrestrice_bridge-bots/sample.lin", "LIN"),
    ("forrestrice_bridge-bots/usbf_sf_14502.lin", "LIN"),
    ("Rick-Wilson_EDGAR-Defense-Toolkit/kemistry-boards-2026-01-14.lin", "LIN"),
]
PBN_TEXT = """% written by hand
[Event "Club night"]
[Board "3"]
[Deal "N:AKQ2.K32.A32.K32 JT9.QJT.KQJ.QJT9 876.987.T987.876 543.A654.654.A54"]
"""
LIN_TEXT = "pn|Ann,Bob,Cy,Di|st||md|3SAKQ2HK32DA32CK32,SJT9HQJTDKQJCQJT9,S876H987DT987C876,|\n"
EXAMPLE = re.compile(r'python -c "(.*)"$')


def refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The one-line message for a record given as a case; checks the exit code and streams."""
    assert run(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.endswith("\n") and captured.err.count("\n") == 1
    assert "not valid YAML" not in captured.err
    message: str = captured.err.rstrip("\n")
    return message


def assert_record_message(message: str, path: Path, kind: str) -> None:
    assert message.startswith(f"error: {path}: a {kind} record of play, not a case file")
    assert f"solver.records import {kind.lower()}, to_case" in message
    assert f"to_case.case_from_record({kind.lower()}.load({str(path)!r})[0])" in message


@pytest.mark.parametrize(("relative", "kind"), REAL, ids=[Path(r).name for r, _ in REAL])
def test_real_record_is_named_as_a_record(
    relative: str, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = real_file(relative)
    assert_record_message(refused(path, capsys), path, kind)


@pytest.mark.parametrize(("relative", "kind"), REAL, ids=[Path(r).name for r, _ in REAL])
def test_real_record_under_another_name_is_known_by_its_content(
    relative: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dispute.yaml"
    shutil.copyfile(real_file(relative), path)
    assert_record_message(refused(path, capsys), path, kind)


@pytest.mark.parametrize(
    ("relative", "kind"),
    [REAL[0], REAL[3]],
    ids=["pbn", "lin"],
)
def test_the_example_in_the_message_makes_a_case_that_is_ruled_on(
    relative: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The python -c line of the message, run as given, writes board.yaml, a valid case."""
    path = tmp_path / Path(relative).name
    shutil.copyfile(real_file(relative), path)
    found = EXAMPLE.search(refused(path, capsys))
    assert found is not None
    done = subprocess.run(
        [sys.executable, "-c", found.group(1)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert run(["check", str(tmp_path / "board.yaml")]) in (0, 1)
    captured = capsys.readouterr()
    assert "Ruling:" in captured.out
    assert captured.err == ""


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [
        ("dispute.yaml", PBN_TEXT, "PBN"),
        ("dispute.yaml", "\ufeff\n\n" + PBN_TEXT, "PBN"),
        ("dispute", LIN_TEXT, "LIN"),
        ("board.PBN", "title: a case under the wrong name\n", "PBN"),
        ("board.Lin", "title: a case under the wrong name\n", "LIN"),
    ],
    ids=["pbn-content", "pbn-after-bom", "lin-content", "pbn-suffix", "lin-suffix"],
)
def test_small_record_file_is_named_as_a_record(
    name: str, text: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert_record_message(refused(path, capsys), path, kind)


def test_latin_1_pbn_is_named_as_a_record_not_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PBN files are often Latin-1: the UTF-8 reading fails before any YAML is parsed."""
    path = tmp_path / "dispute.txt"
    path.write_bytes(PBN_TEXT.replace("Club night", "Coupe de l'été").encode("latin-1"))
    message = refused(path, capsys)
    assert_record_message(message, path, "PBN")
    assert "cannot be read" not in message


def test_loads_case_refuses_record_text_naming_its_source() -> None:
    with pytest.raises(CaseFileError, match=r"^club\.txt: a PBN record of play"):
        loads_case(PBN_TEXT, "club.txt")


@pytest.mark.parametrize(
    "path", sorted((ROOT / "cases").rglob("*.yaml")), ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_no_case_file_is_taken_for_a_record(path: Path) -> None:
    assert record_format(str(path), path.read_text(encoding="utf-8")) is None


@pytest.mark.parametrize(
    "text",
    [
        "title: notes on a LIN file\nnotes: 'md|3SAK|pc|SA| in the record'\n",
        '# [Event "x"]\ntitle: a comment that looks like PBN\n',
        "title: x\n",
        "",
    ],
    ids=["lin-in-notes", "pbn-in-comment", "plain", "empty"],
)
def test_yaml_that_mentions_records_is_not_a_record(text: str) -> None:
    assert record_format("case.yaml", text) is None
