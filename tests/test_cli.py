"""The ``ruling check`` command on the bundled cases: exit codes, messages, JSON, --list.

Each file in cases/invalid starts with ``# error: <message>``: the exact text the command must
print on stderr (paths as given on the command line, run from the repository root).
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver.rulings
import solver.version
from solver.cli import BUG_NOTICE, main_parser
from solver.errors import EngineError, InternalError
from solver.version import tool_version
from tests.cli_helpers import run

ROOT = Path(__file__).parents[1]
CASES = ROOT / "cases"
CASE_FILES = sorted(CASES.glob("*.yaml"))
INVALID_FILES = sorted((CASES / "invalid").glob("*.yaml"))
DEMO = "cases/example-mixed-row.yaml"
EXIT_CODES = {"decided": 0, "undetermined": 1, "impossible": 1}


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def documented_error(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# error: "), f"{path}: first line is not '# error: <message>'"
    return first.removeprefix("# ")


def expected_status(path: Path) -> str:
    status: str = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]["status"]
    return status


@pytest.fixture(autouse=True)
def from_repository_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_there_are_at_least_sixteen_broken_files() -> None:
    assert len(INVALID_FILES) >= 16


@pytest.mark.parametrize("path", INVALID_FILES, ids=[p.stem for p in INVALID_FILES])
def test_broken_file_exits_2_with_its_documented_message(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = path.read_bytes()
    code = run(["check", relative(path)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err == documented_error(path) + "\n"
    assert captured.out == ""
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_example_case_report_exits_by_status(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = path.read_bytes()
    code = run(["check", relative(path)])
    captured = capsys.readouterr()
    assert code == EXIT_CODES[expected_status(path)]
    assert captured.err == ""
    assert "Ruling:" in captured.out
    assert path.read_bytes() == before


def assert_contract_keys(data: dict[str, Any]) -> None:
    """The names docs/case-format.md "The command" promises."""
    assert isinstance(data["title"], str) and data["title"]
    assert data["status"] in EXIT_CODES
    histories = data["histories"]
    for key in ("count", "min_cost", "contradicted", "listed"):
        assert key in histories
    assert isinstance(histories["contradicted"], list)
    for unit in histories["contradicted"]:
        assert {"unit", "owner"} <= set(unit)
    assert isinstance(data["outcomes"], list)
    for outcome in data["outcomes"]:
        keys = {"declarer_tricks", "histories", "revokes", "final_declarer_tricks"}
        assert keys <= set(outcome), outcome
        if outcome["histories"] is not None:  # counted: who won each trick is known
            assert len(outcome["trick_winners"]) == data["tricks_played"], outcome
    ruling = data["ruling"]
    if data["status"] == "impossible":
        assert ruling is None
        assert histories["count"] == 0 and histories["min_cost"] is None
        assert data["outcomes"] == []
        return
    for key in ("declarer_tricks", "result", "score", "citations", "reasons"):
        assert key in ruling
    if data["status"] == "undetermined":
        assert ruling["declarer_tricks"] is None
        assert ruling["result"] is None and ruling["score"] is None


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_example_case_json_has_the_contract_keys(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = path.read_bytes()
    code = run(["check", relative(path), "--json"])
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert code == EXIT_CODES[expected_status(path)]
    assert data["status"] == expected_status(path)
    assert_contract_keys(data)
    if "claim" in yaml.safe_load(path.read_text(encoding="utf-8")):
        # The contract's claim object, settled or not (then its unknowns are null).
        assert {"worst_normal_line", "claimer_tricks", "double_dummy", "upheld"} <= set(
            data["claim"]
        )
    assert path.read_bytes() == before


def test_list_2_lists_at_most_two_histories(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", DEMO, "--json", "--list", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["histories"]["count"] > 2
    assert len(data["histories"]["listed"]) == 2


def test_an_html_report_is_never_written_over_the_case_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(Path(DEMO).read_text(encoding="utf-8"), encoding="utf-8")
    before = case.read_bytes()
    assert run(["check", str(case), "--html", str(case)]) == 2
    assert "is the case file itself" in capsys.readouterr().err
    assert case.read_bytes() == before


def test_control_characters_of_a_title_are_shown_as_escapes_not_sent_to_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = tmp_path / "case.yaml"
    data = yaml.safe_load(Path(DEMO).read_text(encoding="utf-8"))
    data["title"] = "Board 1\x1b[2J\x1b[31m cleared\x07"
    case.write_text(yaml.safe_dump(data), encoding="utf-8")
    run(["check", str(case)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "Board 1\\x1b[2J\\x1b[31m cleared\\x07" in out
    assert run(["check", str(case), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == data["title"]  # JSON keeps the text


def test_list_0_lists_no_history(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", DEMO, "--json", "--list", "0"]) == 0
    assert json.loads(capsys.readouterr().out)["histories"]["listed"] == []


def test_demo_case_as_a_subprocess_prints_json_and_exits_0() -> None:
    before = (ROOT / DEMO).read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "solver", "check", DEMO, "--json", "--list", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ruling"]["result"] == "4S-1"
    assert data["ruling"]["citations"] == ["65D", "79B"]
    assert len(data["histories"]["listed"]) == 1
    assert (ROOT / DEMO).read_bytes() == before


def test_broken_file_as_a_subprocess_exits_2_without_traceback() -> None:
    path = CASES / "invalid" / "card-not-in-hand.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "solver", "check", relative(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == documented_error(path) + "\n"
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    "value", ["nan", "NaN", "inf", "-inf", "1e400", "-1", "0", "0.0", "-0", "abc", ""]
)
def test_time_limit_that_is_not_a_positive_finite_number_is_refused(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Parsing only: before the check, nan made the count run for ever, and 0 or -1 gave a
    report saying it "did not finish within -1 s"."""
    with pytest.raises(SystemExit) as stop:
        main_parser().parse_args(["check", DEMO, f"--time-limit={value}"])
    captured = capsys.readouterr()
    assert stop.value.code == 2
    assert "argument --time-limit: expected a positive number of seconds" in captured.err
    assert repr(value) in captured.err
    assert captured.out == ""


@pytest.mark.parametrize(("value", "seconds"), [("0.5", 0.5), ("60", 60.0), ("1e-3", 0.001)])
def test_time_limit_accepts_positive_seconds(value: str, seconds: float) -> None:
    args = main_parser().parse_args(["check", DEMO, f"--time-limit={value}"])
    assert args.time_limit == seconds


def test_time_limit_defaults_to_20_seconds() -> None:
    assert main_parser().parse_args(["check", DEMO]).time_limit == 20.0


def test_version_prints_the_installed_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"ruling {metadata.version('bridge-ruling-solver')}\n"
    assert captured.err == ""


def test_tool_version_is_the_package_version() -> None:
    version = tool_version()
    assert isinstance(version, str)
    assert version == metadata.version("bridge-ruling-solver")


def test_tool_version_without_package_metadata_is_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run from a tree that was never installed, the reports still print a version."""

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(solver.version, "version", missing)
    assert solver.version.tool_version() == "unknown"


def test_the_report_shows_one_history_unless_list_asks_for_more(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first-use trap: the report showed at most one history whatever --list said."""
    assert run(["check", DEMO]) == 0
    assert capsys.readouterr().out.count("won by") == 1
    assert run(["check", DEMO, "--list", "3"]) == 0
    assert capsys.readouterr().out.count("won by") == 3
    assert run(["check", DEMO, "--list", "0"]) == 0
    assert capsys.readouterr().out.count("won by") == 0


def test_examples_show_a_history_for_each_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo has two totals (9 and 10 tricks): --examples adds one table for each."""
    assert run(["check", DEMO, "--examples", "--list", "0"]) == 0
    assert capsys.readouterr().out.count("won by") == 2


# --- failures of the tool itself: exit 3, never "bad input" -----------------------------------


def _failing_analyse(error: Exception) -> Any:
    def analyse(*_args: object, **_kwargs: object) -> None:
        raise error

    return analyse


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (InternalError("the search and CP-SAT disagree"), "the search and CP-SAT disagree"),
        (ZeroDivisionError("division by zero"), "ZeroDivisionError: division by zero"),
    ],
    ids=["internal-error", "unexpected-exception"],
)
def test_a_failure_of_the_tool_exits_3_and_says_it_is_a_bug(
    error: Exception,
    shown: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(solver.rulings, "analyse", _failing_analyse(error))
    assert run(["check", DEMO]) == 3
    err = capsys.readouterr().err
    assert err == f"error: internal error: {shown}: {BUG_NOTICE}\n"
    assert "Traceback" not in err


def test_debug_shows_the_traceback_of_a_failure_of_the_tool(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(solver.rulings, "analyse", _failing_analyse(KeyError("held")))
    assert run(["check", DEMO, "--debug"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert err.endswith(f"error: internal error: KeyError: 'held': {BUG_NOTICE}\n")


def test_an_engine_that_cannot_answer_is_still_bad_input_not_a_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    message = "pyconstraint: a missed trick and a double play in one problem"
    monkeypatch.setattr(solver.rulings, "analyse", _failing_analyse(EngineError(message)))
    assert run(["check", DEMO]) == 2
    assert capsys.readouterr().err == f"error: {DEMO}: {message}\n"


def test_an_engine_too_small_for_the_case_names_the_case(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["check", DEMO, "--engine", "pyconstraint"]) == 2
    assert capsys.readouterr().err == (
        f"error: {DEMO}: pyconstraint: 13 tricks is more than this engine handles (at most 4); "
        "use the search or CP-SAT engine\n"
    )


def test_an_interrupted_check_exits_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(solver.rulings, "analyse", _failing_analyse(KeyboardInterrupt()))
    assert run(["check", DEMO]) == 130
    assert capsys.readouterr().err == "error: interrupted\n"
