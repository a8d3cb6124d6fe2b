"""The ruling comes before the count: what the Laws need is which outcomes are possible, not how
many histories lead to each. Here a count cut short (by a position limit, the memory limit or
the time limit) must leave the ruling as the full count has it, report what it counted as a
lower bound and label its estimate; and the estimator's interval must hold the exact count
where that is known.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
import yaml

import solver
from solver.engines import compile_case, decide_outcomes, find_consistent, search
from solver.engines.problem import CARDS_WEIGHT, Problem
from solver.engines.result import CountEstimate, EngineResult
from solver.records import loads_case
from solver.rulings.analyse import _rule, finish_count
from solver.rulings.report import _stopped_count
from tests.cli_helpers import run

CASES = Path(__file__).parents[1] / "cases"
FOUR_ROWS_MIXED = CASES / "four-rows-mixed.yaml"
COUNTED = sorted(
    path
    for path in CASES.glob("*.yaml")
    if "count:" in path.read_text(encoding="utf-8") and "impossible" not in path.stem
)
"""The bundled disputes whose expectation gives an exact count."""


@cache
def problem_of(path: Path) -> Problem:
    return compile_case(solver.load_case(path))


RULED_FIRST = [path for path in COUNTED if not problem_of(path).may_hold_revokes]
"""Of those, the ones ruled before their count: revoke groups are counted before the ruling
(their groups need counts)."""


def hard_units(problem: Problem, contradicted: frozenset[int] | None) -> frozenset[int]:
    return frozenset(range(len(problem.units))) - (contradicted or frozenset())


def exact_and_cut(path: Path, **limit: int) -> tuple[EngineResult, EngineResult]:
    """The search's exact count of a case, and the same count stopped by ``limit``
    (``node_limit`` or ``memory_limit``), searching only the least-cost budget."""
    problem = problem_of(path)
    exact = find_consistent(problem, engine="search", list_limit=0)
    assert exact.count is not None and exact.min_cost is not None
    budget = exact.min_cost // CARDS_WEIGHT
    cut = search.solve(
        problem,
        budgets=range(budget, budget + 1),
        hard_units=hard_units(problem, exact.contradicted),
        known_min_cost=exact.min_cost,
        **limit,
    )
    return exact, cut


def test_most_counted_disputes_are_ruled_before_their_count() -> None:
    assert len(RULED_FIRST) >= 10 and len(RULED_FIRST) < len(COUNTED)


@pytest.mark.parametrize("path", RULED_FIRST, ids=[p.stem for p in RULED_FIRST])
def test_ruling_before_counting_is_the_ruling_after_it(path: Path) -> None:
    """Outcomes by optimisation (no first search), the count then cut short at once: the
    same ruling as the full analysis, and the count said to be a lower bound."""
    problem = problem_of(path)
    case = solver.load_case(path)
    full = solver.analyse(case)
    decided, pending = decide_outcomes(problem, time_limit=60, first_search=0)
    assert pending is not None, "optimisation decided the outcomes, the count is pending"
    before = _rule(case, problem, decided, 60)
    cut = pending.run(node_limit=0, estimate=False)
    after = _rule(case, problem, cut, 60, before.hints)
    for analysis in (before, after):
        assert analysis.ruling.status == full.ruling.status
        assert analysis.ruling.declarer_tricks == full.ruling.declarer_tricks
        assert analysis.ruling.result == full.ruling.result
        assert analysis.ruling.citations == full.ruling.citations
        assert sorted(analysis.found.outcomes) == sorted(full.found.outcomes)
    assert decided.forced == full.found.forced  # by optimisation, as the search found them
    assert decided.contradicted == full.found.contradicted
    assert cut.count is None
    assert cut.count_stopped == "position limit"
    assert full.found.count is not None
    assert cut.count_at_least <= full.found.count
    histories = after.to_json()["histories"]
    assert histories["count"] is None
    assert histories["count_is_lower_bound"] is True
    assert histories["count_stopped"] == "position limit"


@pytest.mark.parametrize("name", ["mixed-rows-both-sides", "two-mixed-rows-one-side"])
def test_a_count_cut_short_counts_real_histories_only(name: str) -> None:
    """Stopped after a fixed number of positions: some histories counted, never more than
    there are (the partial summaries hold only continuations searched to the end)."""
    exact, cut = exact_and_cut(CASES / f"{name}.yaml", node_limit=100)
    assert cut.count is None and cut.count_stopped == "position limit"
    assert 0 < cut.count_at_least < exact.count


ESTIMATED = [
    "example-mixed-row",
    "laws-example-14",
    "mixed-row-defender",
    "mixed-rows-both-sides",
    "two-mixed-rows-one-side",
    "play-stopped-after-10",
]


@pytest.mark.parametrize("name", ESTIMATED)
def test_the_estimate_interval_holds_the_exact_count(name: str) -> None:
    problem = problem_of(CASES / f"{name}.yaml")
    exact = find_consistent(problem, engine="search", list_limit=0)
    assert exact.count is not None and exact.min_cost is not None
    searcher = search.Searcher(problem, hard_units=hard_units(problem, exact.contradicted))
    estimate = search.estimate_count(
        searcher, exact.min_cost // CARDS_WEIGHT, exact.min_cost, probes=400, seed=1
    )
    assert estimate is not None and estimate.probes == 400
    assert estimate.low <= exact.count <= estimate.high, estimate
    assert estimate.low < estimate.high  # probes that vary: not an exact count in disguise
    again = search.estimate_count(
        search.Searcher(problem, hard_units=hard_units(problem, exact.contradicted)),
        exact.min_cost // CARDS_WEIGHT,
        exact.min_cost,
        probes=400,
        seed=1,
    )
    assert again == estimate  # seeded: the same probes


def test_the_estimate_lists_the_tricks_an_irregularity_binds() -> None:
    """Two penalty cards on the table and the play after them unknown: the tricks they bind
    may begin with another leader or a chosen card, so the estimator lists them instead of
    drawing a deal from the proper leader's (drawn, the deal carried the obligations of the
    trick before and the search failed on an index no obligations had)."""
    data = yaml.safe_load((CASES / "irregularities" / "ex08-two-penalty-cards.yaml").read_text())
    del data["play"]["rows"]
    del data["expect"]
    problem = compile_case(loads_case(yaml.safe_dump(data), "ex08-play-unknown.yaml"))
    exact = find_consistent(problem, engine="search", list_limit=0)
    assert exact.count is not None and exact.min_cost is not None
    searcher = search.Searcher(problem, hard_units=hard_units(problem, exact.contradicted))
    assert searcher.irregular is not None
    estimate = search.estimate_count(
        searcher, exact.min_cost // CARDS_WEIGHT, exact.min_cost, probes=200, seed=1
    )
    assert estimate is not None
    assert estimate.low <= exact.count <= estimate.high, estimate


def test_the_memory_limit_stops_the_count() -> None:
    exact, capped = exact_and_cut(CASES / "mixed-rows-both-sides.yaml", memory_limit=1)
    assert capped.count is None
    assert capped.count_stopped == "memory limit"
    assert capped.count_at_least < exact.count
    assert capped.notes == ["search stopped at its memory limit"]


def test_four_rows_mixed_rules_first_and_labels_what_it_counts() -> None:
    """All four rows mixed: the ruling from the outcomes alone; the count, cut short by the
    memory limit, a lower bound with an estimate, in the JSON as in the text."""
    case = solver.load_case(FOUR_ROWS_MIXED)
    analysis = solver.analyse(case, count=False, time_limit=30)
    assert analysis.pending_count is not None
    assert analysis.ruling.citations == ["85A"]
    assert sorted(analysis.found.outcomes) == [9, 10]
    assert analysis.found.listed, "one history per total from the optimisation"
    pending = analysis
    analysis = finish_count(pending, memory_limit=1)
    assert analysis.pending_count is None and pending.pending_count is not None
    assert analysis.ruling.citations == ["85A"]
    found = analysis.found
    assert found.count is None and found.count_stopped == "memory limit"
    histories = analysis.to_json()["histories"]
    assert histories["count_is_lower_bound"] is True
    assert histories["count_at_least"] == found.count_at_least
    if found.estimate is not None:
        assert histories["estimate"]["method"].startswith("Knuth")
        assert "Hall's skewness-corrected" in histories["estimate"]["interval"]
        assert histories["estimate"]["low"] >= found.count_at_least


def test_cli_prints_the_ruling_before_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    # The least limit taken: the command itself resides in more, so the count stops at once.
    limits = ["--memory-limit", "64M", "--time-limit", "30"]
    assert run(["check", str(FOUR_ROWS_MIXED), *limits]) == 1
    text = capsys.readouterr().out
    assert text.index("Ruling: UNDETERMINED") < text.index("Count (made after the ruling")
    assert "a lower bound" in text
    assert "counting stopped at the memory limit of 64 MiB" in text
    assert run(["check", str(FOUR_ROWS_MIXED), "--json", *limits]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["histories"]["count_stopped"] == "memory limit"
    assert data["ruling"]["citations"] == ["85A"]


@pytest.mark.parametrize("text", ["0", "-1", "2X", "nan", ""])
def test_cli_rejects_a_bad_memory_limit(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(FOUR_ROWS_MIXED), "--memory-limit", text]) == 2
    assert "memory size" in capsys.readouterr().err


def test_the_text_labels_the_estimate_and_its_interval() -> None:
    """The report calls the estimate what it is, not a count, and says its interval allows for
    the probes' skew (``solver.engines.interval``)."""
    found = EngineResult(
        engine="search",
        feasible=True,
        count_at_least=40,
        count_stopped="time limit",
        estimate=CountEstimate(100.0, 50.0, 200.0, probes=400, seed=1, exact_tricks=3),
    )
    assert _stopped_count(found) == [
        "  counting stopped at its time limit: 40 histories counted, a lower bound",
        "  estimate (not a count): about 100 histories, 95% interval 50 to 200, allowing for "
        "the probes' skew (Knuth's tree-size estimator (random probes over the counting "
        "search); 400 probes, seed 1)",
    ]
