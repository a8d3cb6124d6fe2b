"""The ruling log on SQLite and on a real PostgreSQL server: what it keeps, by board, and two
writers at once losing nothing."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from solver.desk.log import LogError, RulingLog
from solver.version import tool_version
from tests.cli_helpers import run

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "cases" / "example-mixed-row.yaml"


def ruling_of(board: int, result: str) -> dict[str, object]:
    return {"status": "decided", "ruling": {"result": result, "declarer_tricks": 9}}


def test_entries_keep_facts_ruling_version_and_time_listed_by_board(log_target: str) -> None:
    log = RulingLog(log_target)
    late = log.add({"title": "b7", "board": 7}, ruling_of(7, "3NT="))
    first = log.add(
        {"title": "b2", "board": 2, "play": {"tricks": {1: "W: S2"}}}, ruling_of(2, "4S-1")
    )
    again = log.add({"title": "b2 again", "board": 2}, ruling_of(2, "4S="))
    loose = log.add({"title": "no board"}, ruling_of(0, "2H="))
    assert [e.id for e in log.entries()] == [first, again, late, loose]
    entry = log.get(first)
    assert entry is not None
    assert entry.facts == {"title": "b2", "board": 2, "play": {"tricks": {1: "W: S2"}}}
    assert entry.ruling == ruling_of(2, "4S-1")
    assert entry.tool_version == tool_version() and entry.ruled_at.tzinfo is not None
    assert [e.result for e in log.board(2)] == ["4S-1", "4S="]
    assert log.get(999) is None


def test_two_threads_writing_at_once_lose_no_row(log_target: str) -> None:
    per_thread = 60
    start = threading.Barrier(2)
    failures: list[BaseException] = []

    def director(name: str) -> None:
        try:
            start.wait(timeout=30)
            log = RulingLog(log_target)  # each his own engine, both making the new table
            for board in range(per_thread):
                log.add({"title": f"{name} {board}", "board": board}, ruling_of(board, "1NT="))
        except BaseException as error:  # pragma: no cover - the assertion below reports it
            failures.append(error)

    threads = [threading.Thread(target=director, args=(n,)) for n in ("A", "B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    titles = sorted(e.title for e in RulingLog(log_target).entries())
    assert titles == sorted(f"{n} {b}" for n in "AB" for b in range(per_thread))
    if "://" not in log_target:
        with sqlite3.connect(log_target) as db:
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_check_log_keeps_the_case_file_as_written(
    log_target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", str(EXAMPLE), "--json", "--log", log_target]) == 0
    printed = json.loads(capsys.readouterr().out)
    url = log_target if "://" in log_target else f"sqlite:///{log_target}"
    assert run(["check", str(EXAMPLE), "--log", url]) == 0
    entries = RulingLog(log_target).entries()
    assert len(entries) == 2
    assert entries[0].facts_text == EXAMPLE.read_text(encoding="utf-8")
    assert entries[0].ruling == printed and entries[0].source == str(EXAMPLE)
    assert (entries[0].board, entries[0].result) == (1, "4S-1")


def test_a_database_that_cannot_be_opened_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(LogError):
        RulingLog("nosuchdialect://x/y")
    target = tmp_path / "missing" / "event.sqlite"
    assert run(["check", str(EXAMPLE), "--log", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --log {target}: cannot be opened (")
