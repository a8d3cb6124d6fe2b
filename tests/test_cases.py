"""The bundled example disputes (cases/*.yaml): each gives the result its ``expect`` block states.

The expectations were established outside the code under test (several engines, an independent
count, and a reading of Laws 65, 66 and 79); see docs/case-format.md, "expect". Here every key an
``expect`` block gives is compared with the analysis, every listed history is checked against the
reference semantics, and the engines are held to agree with each other on every case.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver
from solver.engines import compile_case, find_consistent
from solver.engines.problem import evaluate, split_cost
from solver.engines.result import EngineResult
from solver.rulings.ruling import Analysis
from tests import independent_count

CASES = Path(__file__).parents[1] / "cases"
CASE_FILES = sorted(CASES.glob("*.yaml"))
EXPECT_KEYS = {
    "status",
    "declarer_tricks",
    "result",
    "count",
    "outcomes",
    "min_cost",
    "citations",
    "groups",
}
CPSAT_COUNT_LIMIT = 50_000
"""CP-SAT enumerates histories one by one: it is asked to count only up to this many."""
PYCONSTRAINT_TRICKS = 4
"""python-constraint enumerates whole histories: only cases of up to this many tricks."""

by_stem = pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])


@cache
def analysed(path: Path) -> Analysis:
    """The analysis of a case; of a case too large to count (an ``expect`` without a count),
    the ruling on the outcomes decided by optimisation, the count left pending."""
    case = solver.load_case(path)
    countable = case.expect is None or "count" in case.expect
    return solver.analyse(case, list_limit=10, count=countable)


def countable(path: Path) -> bool:
    """False for a case whose expectation gives no count: too many histories to count."""
    expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}
    return "count" in expect


COUNTABLE = [path for path in CASE_FILES if countable(path)]
countable_by_stem = pytest.mark.parametrize("path", COUNTABLE, ids=[p.stem for p in COUNTABLE])
"""The cases whose histories can be counted: the engines' counts are compared on those (a case
with too many, such as every row mixed, has its ruling checked without a count)."""


def test_only_cases_with_too_many_histories_go_uncounted() -> None:
    assert [path.stem for path in CASE_FILES if path not in COUNTABLE] == ["four-rows-mixed"]


def observed(analysis: Analysis) -> dict[str, Any]:
    """The analysis in the shape of an ``expect`` block (the JSON contract's meaning)."""
    found, ruling = analysis.found, analysis.ruling
    impossible = analysis.status == "impossible"
    min_cost = None
    if found.min_cost is not None and not impossible:
        cards, statements = split_cost(found.min_cost)
        min_cost = {"cards": cards, "statements": statements}
    return {
        "status": analysis.status,
        "declarer_tricks": ruling.declarer_tricks,
        "result": ruling.result,
        "count": 0 if impossible else found.count,
        "outcomes": {} if impossible else dict(found.outcomes),
        "min_cost": min_cost,
        "citations": [] if impossible else ruling.citations,
        "groups": _groups(analysis),
    }


def _groups(analysis: Analysis) -> list[dict[str, Any]]:
    """Outcome groups as an expect block writes them: revokes as 'SEAT TRICK CITATION N'."""
    return [
        {
            "declarer_tricks": group.in_play,
            "final_declarer_tricks": group.final,
            "histories": group.histories,
            "revokes": [
                f"{f.seat} {f.trick} {f.citation} {f.transfer}" for f in group.adjustment.findings
            ],
        }
        for group in analysis.revoke_groups or []
    ]


def differences(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    return [
        f"  {key}: expected {expected[key]!r}, got {actual[key]!r}"
        for key in expected
        if expected[key] != actual[key]
    ]


def test_there_are_at_least_fourteen_example_cases() -> None:
    assert len(CASE_FILES) >= 14, [p.name for p in CASE_FILES]


def test_there_are_at_least_fifteen_revoke_cases() -> None:
    revoke_cases = [p for p in CASE_FILES if "revoke:" in p.read_text(encoding="utf-8")]
    assert len(revoke_cases) >= 15, [p.name for p in revoke_cases]


@by_stem
def test_case_file_names_its_source_and_full_expectation(path: Path) -> None:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert raw["title"].strip(), f"{path}: empty title"
    assert "board" in raw, f"{path}: no board number"
    assert raw.get("source", "").strip(), f"{path}: no source"
    expect = raw.get("expect")
    assert isinstance(expect, dict), f"{path}: no expect mapping"
    assert set(expect) <= EXPECT_KEYS, f"{path}: unknown expect keys {set(expect) - EXPECT_KEYS}"
    assert "status" in expect, f"{path}: expect gives no status"


@by_stem
def test_case_gives_the_expected_result(path: Path) -> None:
    expected = solver.load_case(path).expect
    assert expected, f"{path}: no expect block"
    actual = observed(analysed(path))
    diff = differences(expected, actual)
    where = path.relative_to(CASES.parent)
    assert not diff, f"{where} differs from its expect block:\n" + "\n".join(diff)


@by_stem
def test_listed_histories_are_legal_and_of_minimum_cost(path: Path) -> None:
    analysis = analysed(path)
    found = analysis.found
    if analysis.status == "impossible":
        assert found.listed == []
        return
    problem = compile_case(analysis.case)
    assert found.listed, f"{path}: no history listed"
    assert len(found.listed) <= 10
    for number, history in enumerate(found.listed, start=1):
        checked = evaluate(problem, history)
        assert checked.legal, f"{path}: listed history {number} is illegal: {checked.reason}"
        assert checked.cost == found.min_cost, f"{path}: listed history {number} costs more"
        assert checked.declarer_tricks in found.outcomes


def comparable(result: EngineResult) -> dict[str, Any]:
    """What every engine must establish alike. Without any history (``feasible`` False) no
    unit is contradicted, whether an engine says so with an empty set or with None."""
    contradicted = result.contradicted
    if result.feasible is False and not contradicted:
        contradicted = frozenset()
    return {
        "feasible": result.feasible,
        "min_cost": result.min_cost,
        "count": result.count,
        "outcomes": dict(sorted(result.outcomes.items())),
        "groups": dict(sorted(result.groups.items())),
        "contradicted": contradicted,
    }


@countable_by_stem
def test_engines_agree_on_every_case(path: Path) -> None:
    problem = compile_case(solver.load_case(path))
    reference = find_consistent(problem, engine="search", list_limit=0)
    assert reference.count is not None, f"{path}: search did not finish counting"
    expected = comparable(reference)
    others = []
    if reference.count <= CPSAT_COUNT_LIMIT:
        others.append("cpsat")
    if problem.tricks <= PYCONSTRAINT_TRICKS:
        others.append("pyconstraint")
    for engine in others:
        actual = comparable(find_consistent(problem, engine=engine, list_limit=0))
        diff = differences(expected, actual)
        assert not diff, f"{path}: {engine} disagrees with search:\n" + "\n".join(diff)


@countable_by_stem
def test_expectation_agrees_with_an_independent_count(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    counted = independent_count.count(data)
    assert counted.feasible is (expect["status"] != "impossible"), path
    for key in ("count", "outcomes", "min_cost"):
        if key in expect:
            assert getattr(counted, key) == expect[key], f"{path}: {key}"
