"""Totals not all found in time are never ruled on (a count is never silently partial).

Under load, optimisation can stop after finding some of the declarer totals and before proving
there are no others. A ruling on the ones found could be a wrong ruling (one total found of
four reads as "decided"), so the engines report no totals and the ruling is undetermined.
"""

from __future__ import annotations

import pytest

from solver import load_case
from solver.engines import compile_case, cpsat, find_consistent, search
from solver.engines.result import EngineResult
from solver.rulings.decide import decide

DEMO = "cases/example-mixed-row.yaml"  # two totals, 9 and 10


def _stopped_after_one_total(session: object, result: EngineResult) -> tuple[list[int], bool]:
    return [9], False


def test_cpsat_reports_no_totals_when_it_could_not_prove_them_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = compile_case(load_case(DEMO))
    assert set(cpsat.solve(problem).outcomes) == {9, 10}
    monkeypatch.setattr(cpsat, "_reachable_totals", _stopped_after_one_total)
    stopped = cpsat.solve(problem)
    assert stopped.feasible is True and not stopped.totals_proved
    assert stopped.outcomes == {} and stopped.count is None


def test_the_automatic_engine_passes_no_partial_totals_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = compile_case(load_case(DEMO))
    monkeypatch.setattr(cpsat, "_reachable_totals", _stopped_after_one_total)
    monkeypatch.setattr(
        search, "solve", lambda *args, **kwargs: EngineResult("search", feasible=None)
    )
    found = find_consistent(problem)
    assert found.outcomes == {} and not found.totals_proved


def test_no_totals_is_undetermined_not_a_crash_nor_a_ruling() -> None:
    case = load_case(DEMO)  # South mixed his row: an offender, whose side 65D would rule against
    found = EngineResult("cpsat", feasible=True, totals_proved=False, notes=["time ran out"])
    ruling = decide(case, found, [])
    assert ruling.status == "undetermined" and ruling.declarer_tricks is None
    assert [r.citation for r in ruling.reasons] == ["85A"]
    assert "time ran out" in ruling.reasons[0].text
    timed_out = EngineResult("cpsat", feasible=None)
    assert decide(case, timed_out, []).status == "undetermined"


def test_the_json_says_the_totals_were_not_established(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An empty ``outcomes`` with a null count would read as a count of none: the JSON says
    counting stopped, and why (``count_stopped``, docs/case-format.md)."""
    import solver

    monkeypatch.setattr(cpsat, "_reachable_totals", _stopped_after_one_total)
    monkeypatch.setattr(
        search, "solve", lambda *args, **kwargs: EngineResult("search", feasible=None)
    )
    data = solver.analyse(load_case(DEMO)).to_json()
    assert data["status"] == "undetermined" and data["outcomes"] == []
    histories = data["histories"]
    assert histories["count"] is None and histories["count_is_lower_bound"] is True
    assert histories["count_stopped"] == "totals not established"
