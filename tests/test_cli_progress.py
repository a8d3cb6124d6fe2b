"""Progress of the claimer's view (``--claimer-view``), which can run for the whole time limit.

``analyse(..., progress=f)`` calls ``f(done, total)`` as the layouts of the unseen cards are
solved; the command shows it as a bar on stderr, only when stderr is a terminal, so that pipes,
logs and these tests see no more than before.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import solver
from solver.rulings.claimer_view import claimer_view
from tests.cli_helpers import TRICK_ONE_CLAIM, run

ROOT = Path(__file__).parents[1]
CLAIMS = ROOT / "cases" / "claims"
SHOWN_OUT = CLAIMS / "finesse-marked-by-show-out.yaml"
"""15 layouts once West's diamond void is known (70 without it); under a second."""
MANY = CLAIMS / "real-sample-b10-dummy-spades.yaml"
"""924 layouts, in under a second."""
NO_VOIDS = CLAIMS / "fourth-hand-wins-with-the-queen.yaml"


class Recorder:
    """A progress callback that keeps every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []

    def __call__(self, done: int, total: int) -> None:
        self.calls.append((done, total))


@pytest.mark.parametrize("path", [SHOWN_OUT, MANY, NO_VOIDS], ids=lambda p: p.stem)
def test_analyse_reports_each_layout_out_of_the_right_total(path: Path) -> None:
    recorder = Recorder()
    analysis = solver.analyse(solver.load_case(path), claimer_view=True, progress=recorder)
    view = analysis.claimer_view
    assert view is not None and view.complete
    dones = [done for done, _ in recorder.calls]
    assert dones == list(range(view.layouts + 1))
    assert {total for _, total in recorder.calls} == {view.layouts}


def test_the_total_counts_only_layouts_that_agree_with_the_voids() -> None:
    recorder = Recorder()
    solver.analyse(solver.load_case(SHOWN_OUT), claimer_view=True, progress=recorder)
    assert recorder.calls[0] == (0, 15)
    assert recorder.calls[-1] == (15, 15)


@pytest.mark.parametrize("path", sorted(CLAIMS.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_total_is_the_number_of_layouts_examined_in_every_claim_case(path: Path) -> None:
    recorder = Recorder()
    view = claimer_view(solver.load_case(path), 2.0, recorder)
    done, total = recorder.calls[-1]
    assert done == view.layouts
    # A view that ran out of time (the longer endings, at this limit) stops short of the total.
    assert (total == view.layouts) == view.complete


def test_progress_stops_where_the_time_limit_stops_the_view() -> None:
    recorder = Recorder()
    view = claimer_view(solver.loads_case(TRICK_ONE_CLAIM), 0.3, recorder)
    assert not view.complete
    dones = [done for done, _ in recorder.calls]
    assert dones == list(range(view.layouts + 1))
    (total,) = {total for _, total in recorder.calls}
    assert view.layouts < total


def test_a_view_stopped_by_the_time_limit_says_why_there_is_no_sure_line() -> None:
    """``sure`` is null with ``sure_note`` saying why (docs/claims.md), also when the layouts
    were not all solved in time; without single dummy asked for, there is nothing to say."""
    case = solver.loads_case(TRICK_ONE_CLAIM)
    view = claimer_view(case, -1.0, single_dummy=True)  # out of time before the first layout
    assert not view.complete and view.sure is None
    assert view.sure_note == "the time ran out before every layout was solved"
    assert claimer_view(case, -1.0).sure_note == ""


def test_without_a_callback_the_view_is_unchanged() -> None:
    case = solver.load_case(MANY)
    assert claimer_view(case) == claimer_view(case, progress=Recorder())


@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["report", "json"])
def test_the_command_prints_nothing_on_stderr_when_it_is_not_a_terminal(
    json_flag: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["check", str(SHOWN_OUT), "--claimer-view", *json_flag]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    if json_flag:
        json.loads(captured.out)
    else:
        assert "Ruling:" in captured.out
        # The worst layout as a director reads it, not as Python prints a dictionary.
        view = next(line for line in captured.out.splitlines() if "Claimer's view" in line)
        assert "{" not in view and re.search(r"on the worst one \((North|East|South|West) ", view)


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_command_shows_a_bar_on_a_terminal_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert run(["check", str(SHOWN_OUT), "--claimer-view", "--time-limit", "30"]) == 0
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", terminal.getvalue())
    assert "claimer's view (at most 30 s): layouts" in shown
    assert "15/15" in shown
    assert "Ruling:" in capsys.readouterr().out


def test_no_bar_without_claimer_view_even_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert run(["check", str(SHOWN_OUT)]) == 0
    assert terminal.getvalue() == ""
    assert "Ruling:" in capsys.readouterr().out
