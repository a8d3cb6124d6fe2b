"""The audit of an archive (``ruling audit``, ``solver.audit``): every claim of the records, the
same table however it is run (one process, worker processes, a Dask cluster), resumed after an
interruption, and nothing unreadable dropped."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import asdict, replace
from itertools import islice
from pathlib import Path

import pandas
import pytest

import solver.audit.judge as judge
import solver.audit.run
from solver.audit import audit
from solver.audit.boards import ClaimTask, Unreadable, _claim_task, claims_in
from solver.audit.judge import COLUMNS, AuditRow, audit_claim
from solver.audit.run import (
    Journal,
    Settings,
    audit_rows,
    choose_runner,
    in_process,
    read_journal,
)
from solver.cli import main
from solver.engines.claims import ClaimProblem, adjudicate
from solver.errors import SettingsError
from solver.facts.policy import PRESETS
from solver.records import lin, pbn
from solver.records.stopped import claim_at_stop

RECORDS = Path(__file__).resolve().parent.parent / "data" / "real-records"
SAMPLE = RECORDS / "forrestrice_bridge-bots" / "sample.pbn"
USBF = RECORDS / "forrestrice_bridge-bots" / "usbf_sf_14502.lin"
SETTINGS = Settings("WBF2017", 120.0, why=False)
"""A limit no claim of the archive below comes near, so that every row is ruled on and the
tables of two runs can be compared exactly."""


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Two record files, one in a sub-folder: six claims, each settled in well under a second."""
    shutil.copy(SAMPLE, tmp_path / "a.pbn")
    (tmp_path / "more").mkdir()
    shutil.copy(SAMPLE, tmp_path / "more" / "b.pbn")
    return tmp_path


def _timeless(table: pandas.DataFrame) -> list[dict[str, object]]:
    return table.drop(columns=["seconds"]).astype(object).to_dict("records")  # type: ignore[no-any-return]


def test_every_claim_of_every_file_is_a_row(archive: Path) -> None:
    table = audit(archive, jobs=1, time_limit=SETTINGS.time_limit, why=False)
    assert list(table.columns) == list(COLUMNS)
    assert len(table) == 6
    assert set(table["status"]) == {"ruled"}
    assert sorted({Path(s).name for s in table["source"]}) == ["a.pbn", "b.pbn"]
    # The two copies of the same file give the same rulings.
    halves = [table[table["source"].str.endswith(name)] for name in ("a.pbn", "b.pbn")]
    assert _timeless(halves[0].assign(source="")) == _timeless(halves[1].assign(source=""))


def test_the_row_is_the_claim_search_on_the_record() -> None:
    """Each ruled row's worst line is the claim search's own value on the claim the record ends
    in (taken independently here from the record), counted from declarer's side's tricks."""
    small = (
        item
        for item in claims_in([USBF])
        if isinstance(item, ClaimTask) and item.claim.position.tricks_left <= 8
    )
    tasks = list(islice(small, 12))
    rows = list(in_process(tasks, SETTINGS))
    records = {record.index + 1: record for record in lin.load(USBF, errors=[])}
    checked = 0
    for row in rows:
        record = records[row.record]
        claim = claim_at_stop(record)
        assert claim is not None and row.status == "ruled"
        value = adjudicate(
            ClaimProblem.from_claim(claim, record.trump_suit_index, PRESETS["WBF2017"]), 120
        )
        assert row.before == record.tricks_won(record.declarer.side)  # type: ignore[union-attr]
        assert row.worst_normal == row.before + value.claimer_tricks
        assert row.claimed == record.claimed_total
        assert row.cards_left == claim.position.tricks_left
        assert row.stands is (row.ruling is not None and row.ruling >= row.claimed)
        assert row.ruling is not None and row.worst_normal <= row.ruling <= row.claimed
        assert row.double_dummy is not None and row.worst_normal <= row.double_dummy
        assert (row.first_loss == "") is row.stands
        checked += 1
    assert checked == 12


def test_worker_processes_give_the_single_process_table(archive: Path) -> None:
    alone = audit(archive, jobs=1, time_limit=SETTINGS.time_limit, why=False)
    pooled = audit(archive, jobs=2, time_limit=SETTINGS.time_limit, why=False)
    assert _timeless(pooled) == _timeless(alone)


def test_by_default_the_audit_uses_the_cpus_this_process_may_run_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A machine of 64 CPUs of which this process may use one (a container, a shared machine):
    one process, not a pool of 64; of three, a pool."""
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {5}, raising=False)
    assert choose_runner(None, None) is in_process
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert choose_runner(None, None) is not in_process
    assert choose_runner(1, None) is in_process


def test_a_dask_cluster_gives_the_single_process_table(archive: Path) -> None:
    import distributed

    alone = audit(archive, jobs=1, time_limit=SETTINGS.time_limit, why=False)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        clustered = audit(
            archive, scheduler=cluster.scheduler_address, time_limit=SETTINGS.time_limit, why=False
        )
    assert _timeless(clustered) == _timeless(alone)


def test_an_interrupted_audit_resumes_where_it_stopped(archive: Path, tmp_path: Path) -> None:
    journal = tmp_path / "audit.journal"
    ruled: list[ClaimTask] = []

    def counting(tasks: object, settings: Settings) -> object:
        for task in tasks:  # type: ignore[attr-defined]
            ruled.append(task)
            yield from in_process([task], settings)

    first = audit_rows([archive], settings=SETTINGS, runner=counting, journal=journal)
    taken = [next(first), next(first)]
    first.close()  # interrupted after two claims
    assert len(journal.read_text().splitlines()) == 2
    journal.write_text(journal.read_text() + '{"source": "cut sh')  # a line cut short
    ruled.clear()
    resumed = list(audit_rows([archive], settings=SETTINGS, runner=counting, journal=journal))
    assert len(ruled) == 4  # only the claims not already in the journal
    assert resumed[:2] == taken
    assert len(read_journal(journal)) == 6  # the cut line dropped, not merged with the next
    whole = list(audit_rows([archive], settings=SETTINGS, runner=in_process))
    key = lambda row: (row.source, row.record)  # noqa: E731
    assert [replace(r, seconds=0) for r in sorted(resumed, key=key)] == [
        replace(r, seconds=0) for r in sorted(whole, key=key)
    ]


def test_what_cannot_be_read_is_listed_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "broken.lin").write_text("pn|a,b,c,d|st||md|3SAKQ|\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    table = audit(
        [tmp_path / "broken.lin", tmp_path / "notes.txt", tmp_path / "missing.pbn"], jobs=1
    )
    assert list(table["status"]) == ["unreadable"] * 3
    reasons = dict(zip((Path(s).name for s in table["source"]), table["reason"], strict=True))
    assert reasons["missing.pbn"] == "no such file or folder"
    assert reasons["notes.txt"] == "not a record file (expected .pbn or .lin)"
    assert reasons["broken.lin"]  # the reader's own message, whatever it is, is kept
    place = reasons["broken.lin"].split(": ")[0]
    assert not reasons["broken.lin"].startswith(f"{place}: {place}: ")  # named once


def test_a_board_that_cannot_be_read_keeps_its_place_and_number(tmp_path: Path) -> None:
    """Its row has the board's place in the file and its number, as a claim's row does, so
    that sorting or filtering by board keeps it (it was record 0 and no board)."""
    games = SAMPLE.read_text(encoding="utf-8").split("\n\n")
    second = games[1].replace('[Result "', '[Result "1', 1)  # a result above 13
    assert second != games[1]
    (tmp_path / "two.pbn").write_text(games[0] + "\n\n" + second + "\n", encoding="utf-8")
    table = audit([tmp_path / "two.pbn"], jobs=1)
    row = table[table["status"] == "unreadable"].iloc[0]
    assert row["record"] == 2
    assert row["board"] == pbn.load(SAMPLE)[1].board
    assert "[Result]" in row["reason"]


def test_a_claimed_total_out_of_reach_is_listed() -> None:
    records = pbn.load(SAMPLE)
    stopped = next(r for r in records if r.claimed_total is not None and not r.play_complete)
    # A total above what declarer's side could reach from where play stopped.
    record = replace(stopped, claimed_total=14)
    with pytest.raises(ValueError, match="cannot be reached"):
        claim_at_stop(record)
    item = _claim_task(record, "sample.pbn")
    assert isinstance(item, Unreadable)
    assert item.key.record == stopped.index + 1
    assert "a claimed total of 14 cannot be reached" in item.reason


def test_the_claims_are_read_lazily(tmp_path: Path) -> None:
    """The first claim is handed on before a later path is even looked at: an archive is
    never read whole before the work starts."""
    items = claims_in([SAMPLE, tmp_path / "not-yet.pbn"])
    first = next(items)
    assert isinstance(first, ClaimTask)
    (tmp_path / "not-yet.pbn").write_bytes(SAMPLE.read_bytes())  # appears only now
    rest = list(items)
    assert all(isinstance(item, ClaimTask) for item in rest)
    assert len(rest) == 5


@pytest.mark.parametrize("suffix", [".csv", ".json", ".jsonl", ".parquet"])
def test_the_command_writes_the_table(
    archive: Path, tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"table{suffix}"
    code = main(["audit", str(archive), "--jobs", "1", "--no-why", "-o", str(out)])
    assert code == 0
    assert "6 claims: " in capsys.readouterr().out
    assert not (tmp_path / f"table{suffix}.journal").exists()
    read = {
        ".csv": pandas.read_csv,
        ".json": pandas.read_json,
        ".jsonl": lambda p: pandas.read_json(p, lines=True),
        ".parquet": pandas.read_parquet,
    }[suffix](out)
    assert list(read.columns) == list(COLUMNS)
    assert len(read) == 6
    assert set(read["status"]) == {"ruled"}
    if suffix == ".json":
        assert json.loads(out.read_text())[0].keys() == asdict(_any_row()).keys()


def _any_row() -> AuditRow:
    return AuditRow(*([None] * len(COLUMNS)))  # type: ignore[arg-type]


def test_the_command_refuses_an_unknown_table_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLE), "-o", str(tmp_path / "table.xlsx")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "table.xlsx" in err and "expected one of .csv, .json, .jsonl, .parquet" in err


@pytest.mark.parametrize("where", ["missing/table.csv", "taken.csv"])
def test_the_command_refuses_a_table_it_cannot_write_before_any_work(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A folder that does not exist, or a journal name taken by a folder: bad input (exit 2),
    # not an internal error at the end of the audit.
    (tmp_path / "taken.csv.journal").mkdir()
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLE), "--jobs", "1", "-o", str(tmp_path / where)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "does not exist" in err or "is a folder" in err


def test_a_folder_without_a_record_is_named(tmp_path: Path) -> None:
    (tmp_path / "results.txt").write_text("not a record", encoding="utf-8")
    table = audit([tmp_path], jobs=1)
    assert list(table["status"]) == ["unreadable"]
    assert list(table["reason"]) == ["no .pbn or .lin file in this folder"]


def test_the_command_exits_1_when_a_board_is_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["audit", str(tmp_path / "missing.lin"), "--jobs", "1"]) == 1
    assert "1 unreadable" in capsys.readouterr().out


def test_the_audit_rules_as_check_does_on_the_imported_board() -> None:
    """Two ways in, one ruling: each claim's audit row credits the total that ``ruling check``
    gives the case ``ruling import`` makes of the same board (agreed tricks, the claim, nothing
    said), and the claim positions agree."""
    from solver.records.casefile import case_from_dict
    from solver.records.importing import ImportOptions, import_case
    from solver.rulings import analyse

    small = (
        item
        for item in claims_in([USBF])
        if isinstance(item, ClaimTask) and item.claim.position.tricks_left <= 6
    )
    compared = 0
    for task in islice(small, 8):
        row = next(iter(in_process([task], SETTINGS)))
        data, _record = import_case(USBF, ImportOptions(number=task.key.record))
        case = case_from_dict(data, f"{USBF.name} #{task.key.record}")
        assert case.claim is not None
        assert case.claim.position == task.claim.position
        assert case.claim.shown_out == task.claim.shown_out
        analysis = analyse(case, time_limit=SETTINGS.time_limit, judgements=False)
        assert analysis.ruling.declarer_tricks == row.ruling, task.key
        compared += 1
    assert compared == 8


def _board_60_closed(**settings: object) -> pandas.Series:  # type: ignore[type-arg]
    """The audit row of board 60 Closed of the USBF semi-final: a claim of 4 of the 4 left
    that blocks a suit on the worst line unless the claimer unblocks it."""
    table = audit(USBF, jobs=1, time_limit=SETTINGS.time_limit, why=False, **settings)  # type: ignore[arg-type]
    return table[table["record"] == 30].iloc[0]


def test_the_class_and_the_switches_are_applied_as_check_applies_them() -> None:
    """``player_class`` and ``switches`` are ``ruling check``'s ``--class`` and ``--switch``:
    under the EBU preset a club player's blocked suit is careless, so the claim of board 60
    Closed would not stand; an expert unblocks it (``unblock_blocked_suits``, one of the class's
    judgements), and so does the switch turned on alone. Each row names its settings."""
    plain = _board_60_closed(policy="EBU")
    expert = _board_60_closed(policy="EBU", player_class="expert")
    switched = _board_60_closed(policy="EBU", switches={"unblock_blocked_suits": True})
    assert (plain["stands"], expert["stands"], switched["stands"]) == (False, True, True)
    assert expert["worst_normal"] == switched["worst_normal"] > plain["worst_normal"]
    named = [
        (row["policy"], row["player_class"], row["switches"]) for row in (plain, expert, switched)
    ]
    assert named == [
        ("EBU", None, ""),
        ("EBU", "expert", ""),
        ("EBU", None, "unblock_blocked_suits=on"),
    ]
    # The class and the switch set the same judgement, so turning it off again wins.
    undone = _board_60_closed(
        policy="EBU", player_class="expert", switches={"unblock_blocked_suits": False}
    )
    assert undone["worst_normal"] == plain["worst_normal"]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (
            {"switches": {"ruf_low": False}},
            "unknown policy switch 'ruf_low' (expected one of: top_down,",
        ),
        ({"switches": {"name": True}}, "unknown policy switch 'name'"),
        (
            {"player_class": "novice"},
            "player_class 'novice': unknown class of player (expected one of: expert, club)",
        ),
        ({"policy": "FFB"}, "policy 'FFB': unknown preset (expected one of: WBF2017, EBU, ACBL)"),
        (
            {"claimer": "dummy"},
            "claimer 'dummy': unknown reading of who claimed (expected one of: declarer, either)",
        ),
    ],
)
def test_unknown_settings_stop_the_audit_before_any_claim(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(SettingsError) as refused:
        audit(SAMPLE, jobs=1, **settings)  # type: ignore[arg-type]
    assert message in str(refused.value)
    assert isinstance(refused.value, ValueError)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            ["--switch", "ruf_low=off"],
            "error: --switch 'ruf_low=off': unknown policy switch 'ruf_low'",
        ),
        (
            ["--switch", "keep_entries"],
            "error: --switch 'keep_entries': expected NAME=on or NAME=off",
        ),
        (["--class", "novice"], "argument --class: invalid choice: 'novice'"),
        (["--claimer", "W"], "argument --claimer: invalid choice: 'W'"),
    ],
)
def test_the_command_refuses_unknown_settings(
    option: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLE), "--jobs", "1", *option])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_the_command_says_what_it_ruled_under(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["audit", str(SAMPLE), "--jobs", "1", "--no-why", "--policy", "EBU", "--class", "expert",
         "--switch", "ruff_low=off"]
    )  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    assert (
        "Ruled under the EBU preset, the claimers taken as expert players, with ruff_low=off."
        in " ".join(out.split())
    )


def test_an_audit_is_resumed_only_under_its_own_settings(archive: Path, tmp_path: Path) -> None:
    """Rows ruled under one preset are not mixed with rows ruled under another: resuming an
    interrupted audit with other settings is refused, naming the journal and both settings."""
    journal = tmp_path / "audit.journal"
    first = audit_rows([archive], settings=SETTINGS, runner=in_process, journal=journal)
    next(first)
    first.close()  # interrupted after one claim
    other = Settings("EBU", SETTINGS.time_limit, why=False, player_class="club")
    with pytest.raises(SettingsError) as refused:
        list(audit_rows([archive], settings=other, runner=in_process, journal=journal))
    assert str(refused.value) == (
        f"{journal}: this interrupted audit was run under --policy WBF2017, not --policy EBU "
        "--class club: run it again with the same --policy, --class, --switch and --claimer, "
        "or delete the journal to start afresh"
    )
    # Under its own settings it resumes.
    assert (
        len(list(audit_rows([archive], settings=SETTINGS, runner=in_process, journal=journal))) == 6
    )


def interrupted_after_one_claim(journal: Path) -> None:
    """An audit of SAMPLE under SETTINGS, stopped after its first claim: its journal left."""
    first = audit_rows([SAMPLE], settings=SETTINGS, runner=in_process, journal=journal)
    next(first)
    first.close()


def test_the_command_refuses_a_journal_of_other_settings_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "table.csv"
    journal = tmp_path / "table.csv.journal"
    interrupted_after_one_claim(journal)  # an audit under WBF2017
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLE), "--jobs", "1", "--policy", "EBU", "-o", str(out)])
    assert stop.value.code == 2
    assert "run under --policy WBF2017, not --policy EBU" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.csv.journal"]


def test_a_write_that_fails_leaves_no_partial_table(tmp_path: Path) -> None:
    """The table is written to a temporary file and renamed; a failure on the way (an
    interruption, an engine's error) removes the temporary file: the journal resumes."""
    from solver.audit.output import write_rows

    def failing() -> Iterator[AuditRow]:
        yield from audit_rows([SAMPLE], settings=SETTINGS, runner=in_process)
        raise KeyboardInterrupt

    for suffix in (".csv", ".json", ".jsonl", ".parquet"):
        with pytest.raises(KeyboardInterrupt):
            write_rows(failing(), tmp_path / f"table{suffix}")
    assert list(tmp_path.iterdir()) == []


def test_a_journal_with_a_line_that_is_not_a_row_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only a last line cut short by an interruption is passed over; a line in the middle that
    # is not a row would resume the audit with a board silently missing.
    out = tmp_path / "table.csv"
    journal = tmp_path / "table.csv.journal"
    interrupted_after_one_claim(journal)
    journal.write_text("not a row\n" + journal.read_text())
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLE), "--jobs", "1", "-o", str(out)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"{journal}: line 1: is not a row of an audit table" in err
    assert "delete the journal to start afresh" in err
    assert not out.exists()


def test_a_finished_table_is_overwritten_only_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "table.csv"
    out.write_text("a table from an earlier audit\n")
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "-o", str(out)])
    assert stop.value.code == 2
    assert f"{out}: already exists and is a finished audit" in capsys.readouterr().err
    assert out.read_text() == "a table from an earlier audit\n"
    code = main(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "--force", "-o", str(out)])
    assert code == 0
    assert out.read_text().startswith(",".join(COLUMNS))


def test_an_interrupted_table_is_resumed_without_force(tmp_path: Path) -> None:
    # The journal beside an existing table says the audit was interrupted: running again
    # resumes it, which is not an overwrite to confirm.
    out = tmp_path / "table.csv"
    journal = tmp_path / "table.csv.journal"
    out.write_text("a table left by an earlier run\n")
    interrupted_after_one_claim(journal)
    assert main(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "-o", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 4  # the header and the three claims
    assert not journal.exists()


def test_a_second_audit_of_the_same_table_at_once_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two audits writing one table would resume from each other's rows and rename one table
    # over the other (an internal error at the end); the second is refused at the start.
    out = tmp_path / "table.csv"
    running = Journal(tmp_path / "table.csv.journal")  # the first audit, still at work
    try:
        with pytest.raises(SystemExit) as stop:
            main(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "-o", str(out)])
        assert stop.value.code == 2
        assert "another audit is writing this table now" in capsys.readouterr().err
    finally:
        running.close()
    assert main(["audit", str(SAMPLE), "--jobs", "1", "--no-why", "-o", str(out)]) == 0


def test_an_audit_refused_before_its_first_row_leaves_no_journal_it_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A journal left empty by a refused start would make a later run take a finished table
    # for an interrupted one (and overwrite it without --force).
    def refused(*args: object) -> None:
        raise SettingsError("refused")

    monkeypatch.setattr(solver.audit.run, "_same_settings", refused)
    journal = tmp_path / "fresh.journal"
    with pytest.raises(SettingsError):
        audit_rows([SAMPLE], settings=SETTINGS, runner=in_process, journal=journal)
    assert not journal.exists()


def test_a_bug_in_where_the_ruling_turns_keeps_the_row_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An internal error while finding where the ruling turns (a bug) no longer stops the
    whole audit: the row keeps its ruling and its reason names the error."""
    import solver.audit.judge as judge
    from solver.errors import InternalError

    def broken(*_args: object, **_kwargs: object) -> tuple[()]:
        raise InternalError("the worst normal line could not be traced back")

    monkeypatch.setattr(judge, "judgement_costs", broken)
    task = next(
        item for item in claims_in([USBF]) if isinstance(item, ClaimTask) and item.key.record == 9
    )
    row = judge.audit_claim(task, policy="WBF2017", time_limit=60.0, why=True)
    assert row.status == "ruled" and row.stands is False
    assert row.turns_on == ""
    assert row.reason == (
        "where the ruling turns was not found: the worst normal line could not be traced back"
    )


def test_a_bug_in_solving_the_layouts_keeps_the_row_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An internal error while solving the layouts for ``every_layout`` (a bug) does not stop
    the audit either: the row keeps its ruling and its turns, and its reason names the error."""
    from solver.errors import InternalError

    def broken(*_args: object, **_kwargs: object) -> None:
        raise InternalError("a layout could not be solved")

    monkeypatch.setattr(judge, "claimer_view", broken)
    task = next(
        item for item in claims_in([USBF]) if isinstance(item, ClaimTask) and item.key.record == 9
    )
    row = judge.audit_claim(task, policy="WBF2017", time_limit=60.0, why=True)
    assert row.status == "ruled" and row.stands is False and row.every_layout is None
    assert row.reason == "the layouts were not solved: a layout could not be solved"


def test_a_defenders_reading_is_the_imported_case_with_that_claimer() -> None:
    """``--claimer either``: a claim that would not stand as declarer's (USBF board 50 Open, 4H
    by West, 10 claimed with 7 left) stands as South's claim of the defence's one trick. The
    row names South and credits what ``ruling check`` credits the case ``ruling import
    --claimer S`` makes of the board; its totals stay declarer's side's."""
    from solver.records.casefile import case_from_dict
    from solver.records.importing import ImportOptions, import_case
    from solver.rulings import analyse

    task = next(
        item for item in claims_in([USBF]) if isinstance(item, ClaimTask) and item.key.record == 9
    )
    assert [str(claim.by) for claim in task.defenders_claims] == ["S", "N"]
    as_declarer = audit_claim(task, time_limit=SETTINGS.time_limit, why=False)
    either = audit_claim(task, time_limit=SETTINGS.time_limit, why=False, claimer_reading="either")
    assert (as_declarer.stands, as_declarer.claimer, as_declarer.claimer_reading) == (
        False, "W", "declarer",
    )  # fmt: skip
    assert (either.stands, either.claimer, either.claimer_reading) == (True, "S", "either")
    assert either.claimed == as_declarer.claimed == 10 and either.before == as_declarer.before
    assert either.ruling is not None and either.ruling <= either.claimed
    assert either.worst_normal is not None and either.double_dummy is not None
    assert either.worst_normal >= either.double_dummy  # declarer's side on the defence's line
    assert either.first_loss == ""
    data, _record = import_case(USBF, ImportOptions(number=9, claimer="S"))
    case = case_from_dict(data, f"{USBF.name} #9")
    south = task.defenders_claims[0]
    assert case.claim is not None
    assert (case.claim.by, case.claim.tricks, case.claim.by_defender) == (
        south.by, south.tricks, True,
    )  # fmt: skip
    assert case.claim.position == south.position
    assert case.claim.shown_out == south.shown_out
    assert case.claim.trump_round_before == south.trump_round_before
    analysis = analyse(case, time_limit=SETTINGS.time_limit, judgements=False)
    assert analysis.ruling.declarer_tricks == either.ruling


def test_reading_either_claimer_changes_only_the_claims_declarers_reading_fails() -> None:
    """Every claim that stands as declarer's keeps its row under ``--claimer either`` (the
    reading column aside); one that does not stands as a defender's or keeps declarer's row,
    with its seconds those of every reading tried."""
    tasks = [item for item in claims_in([USBF]) if isinstance(item, ClaimTask)]
    plain = {row.record: row for row in in_process(tasks, SETTINGS)}
    either = {
        row.record: row for row in in_process(tasks, replace(SETTINGS, claimer_reading="either"))
    }
    assert plain.keys() == either.keys()
    moved = 0
    for record, row in plain.items():
        other = either[record]
        assert other.claimer_reading == "either" and row.claimer == row.declarer
        if row.stands or other.claimer == row.declarer:
            assert replace(other, seconds=0, claimer_reading="declarer") == replace(row, seconds=0)
        else:
            assert other.stands and other.claimer != row.declarer
            assert other.claimer in {str(c.by) for c in tasks[record - 1].defenders_claims}
            moved += 1
    assert moved >= 1
    assert all(row.stands for row in either.values() if row.claimer != row.declarer)


def test_the_command_reads_a_defenders_claim_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["audit", str(USBF), "--jobs", "1", "--no-why", "--claimer", "either"])
    assert code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "A claim that would not stand as declarer's was read as a defender's too:" in out
    assert "stand only so (the claimer column names the seat)." in out


def test_a_journal_written_before_the_claimer_columns_is_resumed(tmp_path: Path) -> None:
    """Rows of a journal of an earlier version (no ``claimer_reading`` or ``claimer``) are read
    as declarer's claims, the reading every audit then made."""
    journal = tmp_path / "audit.journal"
    interrupted_after_one_claim(journal)
    line = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
    claimer = line.pop("claimer")
    del line["claimer_reading"], line["every_layout"], line["sure_line"]
    journal.write_text(json.dumps(line) + "\n", encoding="utf-8")
    (row,) = read_journal(journal)
    assert (row.claimer_reading, row.claimer, row.every_layout) == ("declarer", claimer, None)
    assert claimer == row.declarer


def test_a_journal_written_before_the_layouts_column_is_resumed(tmp_path: Path) -> None:
    """Rows of a journal written with the claimer columns but before ``every_layout`` are
    read with the layouts not looked at."""
    journal = tmp_path / "audit.journal"
    interrupted_after_one_claim(journal)
    line = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
    del line["every_layout"], line["sure_line"]
    journal.write_text(json.dumps(line) + "\n", encoding="utf-8")
    (row,) = read_journal(journal)
    assert row.every_layout is None and row.sure_line is None and row.claimer == line["claimer"]


def _usbf_tasks(records: set[int]) -> dict[int, ClaimTask]:
    """The USBF semi-final's claims of these records, by record."""
    return {
        item.key.record: item
        for item in claims_in([USBF])
        if isinstance(item, ClaimTask) and item.key.record in records
    }


def test_every_layout_tells_a_claim_a_lie_beats_from_one_no_lie_beats() -> None:
    """USBF board 50 Open (4H by West, 10 claimed with 7 left) fails and some layout of the
    two hands West could not see holds him below his total even double dummy; board 52 Closed
    (9 claimed, lost to the trump he did not mention) is reached double dummy in every layout:
    it fails on a judgement (70C), not on the lie. Each agrees with the claimer's view of
    ``ruling check --claimer-view``, which lists every layout; a claim that stands, or one
    audited without the reasons, is not looked at."""
    from solver.rulings.claimer_view import claimer_view

    tasks = _usbf_tasks({1, 9, 14})
    gamble = audit_claim(tasks[9], time_limit=60.0, why=True)
    careless = audit_claim(tasks[14], time_limit=60.0, why=True)
    assert (gamble.stands, gamble.every_layout) == (False, False)
    assert (careless.stands, careless.every_layout, careless.lost_to_trump) == (False, True, True)
    for task, row in ((tasks[9], gamble), (tasks[14], careless)):
        case = judge._case_of(task, task.claim)
        view = claimer_view(case, time_limit=60.0)
        assert view.complete and view.worst is not None
        assert (view.worst >= task.claim.tricks) is row.every_layout
    assert audit_claim(tasks[9], time_limit=60.0, why=False).every_layout is None
    standing = audit_claim(tasks[1], time_limit=60.0, why=True)
    assert standing.stands and standing.every_layout is None


def test_sure_line_tells_a_sound_claim_from_one_that_needed_a_guess() -> None:
    """USBF board 52 Closed (9 claimed with 6 left, lost to the trump West did not mention):
    one plan makes it whatever the lie, so it fails on a judgement (70C); board 50 Open, some
    lie beats even double dummy, so no plan makes it. Each agrees with the claimer's view's
    single-dummy figure; board 50 Closed (8 cards left) is not searched (``MOST_SURE_CARDS``),
    nor is a claim audited without the reasons."""
    from solver.rulings.claimer_view import sure_line

    tasks = _usbf_tasks({9, 10, 14})
    sound = audit_claim(tasks[14], time_limit=60.0, why=True)
    gamble = audit_claim(tasks[9], time_limit=60.0, why=True)
    assert (sound.stands, sound.every_layout, sound.sure_line) == (False, True, True)
    assert (gamble.stands, gamble.every_layout, gamble.sure_line) == (False, False, False)
    line = sure_line(judge._case_of(tasks[14], tasks[14].claim), 60.0)
    assert line is not None and line.tricks >= tasks[14].claim.tricks
    assert tasks[10].claim.position.tricks_left > judge.MOST_SURE_CARDS
    assert audit_claim(tasks[10], time_limit=60.0, why=True).sure_line is None
    assert audit_claim(tasks[14], time_limit=60.0, why=False).sure_line is None


def test_a_journal_written_before_the_one_plan_column_is_resumed(tmp_path: Path) -> None:
    """Rows of a journal written with ``every_layout`` but before ``sure_line`` are read with
    the one plan not looked at."""
    journal = tmp_path / "audit.journal"
    interrupted_after_one_claim(journal)
    line = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
    del line["sure_line"]
    journal.write_text(json.dumps(line) + "\n", encoding="utf-8")
    (row,) = read_journal(journal)
    assert row.sure_line is None and row.every_layout == line["every_layout"]


def test_the_command_counts_the_failing_claims_the_lie_beats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["audit", str(USBF), "--jobs", "1", "--time-limit", "60"])
    assert code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "every lie" in out
    found = re.search(
        r"Of those that would not stand, (\d+) needed the cards to lie well \(some layout of "
        r"the cards the claimer could not see beats them even double dummy\); (\d+) no lie "
        r"beats double dummy",
        out,
    )
    assert found is not None
    assert int(found.group(1)) >= 1 and int(found.group(2)) >= 1
    assert "one plan" in out
    sure = re.search(
        r"Of these, one plan \(the claimer's cards chosen on what he could see\) makes (\d+) "
        r"whatever the lie, so they fail on a judgement of normal play; (\d+) need a guess",
        out,
    )
    assert sure is not None
    assert 1 <= int(sure.group(1)) + int(sure.group(2)) <= int(found.group(2))


def test_reading_either_claimer_finds_where_the_ruling_turns_only_when_none_stands() -> None:
    """With ``why``, a claim that fails under every reading names the judgements it turns on,
    as under declarer's reading alone (the 2021 qualifier's board 16, record 151: neither
    defender's reading stands); one that stands as a defender's names none (USBF board 50
    Open)."""
    qualifier = RECORDS / "dominicprice_endplay" / "example2.pbn"
    tasks = [
        item
        for item in claims_in([USBF, qualifier])
        if isinstance(item, ClaimTask)
        and (item.key.source, item.key.record) in {(str(USBF), 9), (str(qualifier), 151)}
    ]
    assert len(tasks) == 2 and all(task.defenders_claims for task in tasks)
    for task in tasks:
        plain = audit_claim(task, time_limit=SETTINGS.time_limit, why=True)
        either = audit_claim(
            task, time_limit=SETTINGS.time_limit, why=True, claimer_reading="either"
        )
        assert plain.stands is False
        if task.key.record == 9:
            assert either.stands and either.claimer == "S" and either.turns_on == ""
        else:
            assert plain.turns_on == "nonclaimers_normal=on"
            assert replace(either, seconds=0, claimer_reading="declarer") == replace(
                plain, seconds=0
            )


def test_a_claim_beyond_double_dummy_is_read_from_the_claimers_side() -> None:
    """Declarer's total above double dummy asks too much of a declarer's claim; below it, of a
    defender's claim (the totals stay declarer's side's); unknown totals say nothing."""
    row = next(
        audit_claim(task, time_limit=SETTINGS.time_limit, why=False)
        for task in claims_in([USBF])
        if isinstance(task, ClaimTask)
    )
    assert row.double_dummy is not None and row.declarer is not None
    partner = "NESW"[("NESW".index(row.declarer) + 2) % 4]
    defender = "NESW"[("NESW".index(row.declarer) + 1) % 4]
    above = replace(row, claimed=row.double_dummy + 1)
    below = replace(row, claimed=row.double_dummy - 1)
    assert above.beyond_double_dummy and not below.beyond_double_dummy
    assert replace(above, claimer=partner).beyond_double_dummy
    assert not replace(above, claimer=defender).beyond_double_dummy
    assert replace(below, claimer=defender).beyond_double_dummy
    assert replace(row, claimed=row.double_dummy).beyond_double_dummy is False
    assert replace(row, double_dummy=None).beyond_double_dummy is None


def test_the_command_gives_the_share_of_claims_within_double_dummy_that_stand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The summary's figure is the rows' own: settled claims within double dummy, and those of
    them that stand, counted from the table the audit writes."""
    table = tmp_path / "audit.jsonl"
    code = main(
        ["audit", str(USBF), "--jobs", "1", "--no-why", "--time-limit", "60", "-o", str(table)]
    )
    assert code == 0
    rows = [AuditRow(**json.loads(line)) for line in table.read_text(encoding="utf-8").splitlines()]
    within = [r for r in rows if r.stands is not None and r.beyond_double_dummy is False]
    beyond = [r for r in rows if r.stands is not None and r.beyond_double_dummy]
    standing = [r for r in within if r.stands]
    assert within and len(standing) < len(rows)
    out = " ".join(capsys.readouterr().out.split())
    share = 100 * len(standing) / len(within)
    assert (
        f"Of the {len(within)} settled claims that ask no more than double dummy gives, "
        f"{len(standing)} would stand ({share:.1f} %); {len(beyond)} ask for more."
    ) in out
