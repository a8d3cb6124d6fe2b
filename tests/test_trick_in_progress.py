"""A trick in progress where play stopped (``play.tricks`` with fewer than four cards): read as
a hard fact, shown in the report and the JSON, written by ``ruling export``, and the 57A order
pending in it listed with its citation (values only with ``--values``). The engines' reading
is held to the brute force in ``tests/engines/test_in_progress_engines.py``, the options'
values to the independent minimax in ``tests/engines/test_options_brute.py`` and
``tests/test_irregularity_cases.py``."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver
from solver.bridge import Card, Seat
from solver.engines import cpsat, pyconstraint, search
from solver.engines.problem import compile_case
from solver.records import case_from_dict, pbn
from solver.records.export import record_from_case
from solver.rulings.report import html_report, text_report
from tests.cli_helpers import run

CASES = Path(__file__).parents[1] / "cases" / "irregularities"
EX04 = CASES / "ex04-premature-play.yaml"


def ex04() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(EX04.read_text())
    return data


def test_the_trick_in_progress_is_read_as_a_fact() -> None:
    case = solver.load_case(EX04)
    current = case.trick_in_progress
    assert current is not None and case.tricks_played == 7
    assert (current.number, current.leader, current.cards) == (8, Seat.S, (Card.parse("D3"),))
    assert compile_case(case).in_progress == (2, (Card.parse("D3").index,))
    assert case.agreed_tricks[-1].number == 7


def test_the_report_and_the_json_give_it() -> None:
    analysis = solver.analyse(solver.load_case(EX04), list_limit=10)
    assert analysis.to_json()["trick_in_progress"] == {
        "trick": 8,
        "leader": "S",
        "cards": ["D3"],
    }
    assert "  trick 8 in progress: S led: D3\n" in text_report(analysis)
    assert "trick 8 in progress: S led: D3" in html_report(analysis)
    plain = solver.analyse(solver.load_case(CASES / "ex01-major-penalty-card-due.yaml"))
    assert "trick_in_progress" not in plain.to_json()


def test_the_57a_options_are_listed_without_values_unless_asked() -> None:
    """Law 10C: the Director explains the orders; their values are for --values."""
    analysis = solver.analyse(
        solver.load_case(CASES / "law57a-order-pending-partner-void-in-the-suit-led.yaml"),
        list_limit=10,
    )
    plain, valued = text_report(analysis), text_report(analysis, values=True)
    assert "S may choose partner-not-suit H (Law 57A)\n" in plain
    assert "double dummy" not in plain
    assert "partner-not-suit H (Law 57A): declarer's side then takes 10 tricks" in valued
    assert "(best for S)" in valued


def test_the_order_binds_the_partners_card_given_in_the_trick() -> None:
    """Declarer's recorded order (no heart) and West's H7, a ruff, in the trick in progress:
    no history in any engine; his D2 there: one."""
    data = yaml.safe_load(
        (CASES / "law57a-order-recorded-in-the-trick-in-progress.yaml").read_text()
    )
    problem = compile_case(case_from_dict(data))
    ruffed = copy.deepcopy(data)
    ruffed["play"]["tricks"][8] = "S: S6 H7 S3"
    broken = compile_case(case_from_dict(ruffed))
    for engine in (search, cpsat):
        assert engine.solve(problem).count == 1
        assert engine.solve(broken).feasible is False


def test_no_order_is_pending_once_recorded_nor_without_a_premature_card() -> None:
    recorded = solver.analyse(
        solver.load_case(CASES / "law57a-order-recorded-in-the-trick-in-progress.yaml")
    )
    assert recorded.pending is None
    data = ex04()
    data["play"]["irregularities"] = [
        {"penalty_card": {"seat": "W", "card": "CJ", "trick": 8, "how": "deliberate"}}
    ]
    assert solver.analyse(case_from_dict(data)).pending is None


def test_without_irregularities_it_needs_the_last_trick_won_by_its_leader() -> None:
    """Plain play stopped in trick 8 with the last three tricks not agreed and the rows
    mixed: the histories are those in which the trick's leader won trick 7, in every
    engine (python-constraint on a four-trick version)."""
    data = ex04()
    del data["play"]["irregularities"]
    play = data["play"]
    play["tricks"] = {n: t for n, t in play["tricks"].items() if n <= 4}
    play["tricks"][8] = "S: D3"
    for seat in "NESW":
        play["rows"][seat] = {"mixed": play["rows"][seat], "when": "after-dispute"}
    counts = {}
    for leader in ("S", "N"):
        play["tricks"][8] = f"{leader}: {'D3' if leader == 'S' else 'S3'}"
        problem = compile_case(case_from_dict(data))
        counts[leader] = [engine.solve(problem).count for engine in (search, cpsat)]
    del play["tricks"][8]
    free = search.solve(compile_case(case_from_dict(data))).count
    assert counts["S"][0] == counts["S"][1] and counts["N"][0] == counts["N"][1]
    assert 0 < counts["S"][0] < free and counts["S"][0] + counts["N"][0] <= free


def test_export_writes_the_trick_in_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["export", str(EX04), "--pbn"]) == 0
    text = capsys.readouterr().out
    assert "- - - D3" in text
    back = pbn.loads(text, "x.pbn")[0]
    assert [card for _seat, card in back.partial_trick] == [Card.parse("D3")]
    data = ex04()
    data["play"]["tricks"] = {n: t for n, t in data["play"]["tricks"].items() if n != 7}
    _record, left_out = record_from_case(case_from_dict(data))
    assert any("trick 8 in progress, S led: D3" in line for line in left_out)


@pytest.mark.parametrize("engine", [pyconstraint])
def test_python_constraint_reads_it_on_a_short_play(engine: Any) -> None:
    """The same reading in python-constraint: a play of three tricks, stopped in trick 4."""
    data = ex04()
    play = data["play"]
    del play["irregularities"]
    play["rows"] = {seat: " ".join(row.split()[:3]) for seat, row in play["rows"].items()}
    play["tricks"] = {1: play["tricks"][1], 2: play["tricks"][2], 4: "W: C7"}
    problem = compile_case(case_from_dict(data))
    assert engine.solve(problem).count == search.solve(problem).count == 1
    play["tricks"][4] = "N: HT"  # West won trick 3, the rows say
    assert engine.solve(compile_case(case_from_dict(data))).feasible is False
