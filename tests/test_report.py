"""The text report's histories: as many listed histories as asked for, numbered, and on
request one example per outcome group, headed as the outcome table names the group (item:
``--list N`` used to show one history whatever N was)."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import solver
from solver.bridge import SEATS, Seat
from solver.bridge.masks import trick_winner
from solver.facts.outcome import Outcome
from solver.rulings.report import text_report
from solver.rulings.ruling import Analysis, history_json

CASES = Path(__file__).parents[1] / "cases"


@cache
def analysed(name: str, engine: str = "auto") -> Analysis:
    return solver.analyse(solver.load_case(CASES / name), engine=engine)


def tables(report: str) -> list[list[str]]:
    """Each trick table of a report, as its trick lines."""
    found: list[list[str]] = []
    for line in report.splitlines():
        if line.startswith("  trick  lead"):
            found.append([])
        elif found and re.match(r"^ +\d+  [NESW] ", line) and len(found[-1]) < 13:
            found[-1].append(line)
    return found


def test_listed_histories_are_shown_as_many_as_asked_and_numbered() -> None:
    analysis = analysed("example-mixed-row.yaml")
    assert len(analysis.found.listed) >= 3
    report = text_report(analysis, 3)
    headings = re.findall(r"^Consistent history \d+ of \d+ shown$", report, re.M)
    assert headings == [f"Consistent history {i} of 3 shown" for i in (1, 2, 3)]
    assert len(tables(report)) == 3


def test_listed_histories_are_the_engines_first_ones_in_order() -> None:
    analysis = analysed("example-mixed-row.yaml")
    case = analysis.case
    shown = tables(text_report(analysis, 3))
    for table, history in zip(shown, analysis.found.listed[:3], strict=True):
        for line, trick in zip(table, history_json(case, history), strict=True):
            leader = SEATS.index(Seat.parse(trick["leader"]))
            by_seat = {SEATS[(leader + i) % 4]: card for i, card in enumerate(trick["cards"])}
            number, lead, *cells, winner = line.split()
            assert (int(number), lead, winner) == (trick["trick"], trick["leader"], trick["winner"])
            assert cells == [by_seat[seat] for seat in SEATS]


def test_asking_for_more_than_were_listed_shows_those_kept() -> None:
    analysis = analysed("example-mixed-row.yaml")
    kept = len(analysis.found.listed)
    report = text_report(analysis, kept + 10)
    assert f"Consistent history {kept} of {kept} shown" in report
    assert len(tables(report)) == kept


def test_no_listed_history_when_none_is_asked_for() -> None:
    report = text_report(analysed("example-mixed-row.yaml"), 0)
    assert "Consistent history" not in report
    assert tables(report) == []


def test_one_example_per_revoke_group_is_headed_like_its_outcome_line() -> None:
    analysis = analysed("revoke-64a1-one-trick.yaml")
    report = text_report(analysis, 0, examples=True)
    groups = analysis.revoke_groups
    assert groups
    headings = re.findall(r"^Example (\d+) of (\d+) \(one per outcome\): (.*)$", report, re.M)
    assert len(headings) == len(groups)
    outcome_lines = report.split("Outcomes (")[1].splitlines()
    for number, (index, total, label) in enumerate(headings, start=1):
        assert (index, total) == (str(number), str(len(groups)))
        # the same label as the group's line in the outcome table
        assert any(line.strip() == label for line in outcome_lines), label
    assert headings[0][2] == "9 tricks in play, 1 history: 10 after adjustment, 2H+2, EW +170"
    assert len(tables(report)) == len(groups)


def test_one_example_per_total_matches_that_total() -> None:
    """pyconstraint keeps an example of every group; each table shown wins its total."""
    analysis = analysed("abandoned-after-4.yaml", "pyconstraint")
    case = analysis.case
    assert (
        set(analysis.found.group_examples)
        == set(analysis.found.groups)
        == {
            Outcome(2),
            Outcome(3),
        }
    )
    report = text_report(analysis, 0, examples=True)
    assert "Example 1 of 2 (one per outcome): 2 tricks won in play, 2 histories" in report
    assert "Example 2 of 2 (one per outcome): 3 tricks won in play, 4 histories" in report
    trump = case.contract.strain.trump_suit_index
    for outcome, history in analysis.found.group_examples.items():
        won = sum(
            trick_winner(leader, cards, trump) % 2 == case.declarer.index % 2
            for leader, cards in history
        )
        assert won == outcome.declarer_tricks
    assert len(tables(report)) == 2


def test_a_group_without_an_example_says_so_in_one_line() -> None:
    analysis = analysed("example-mixed-row.yaml")
    bare = replace(analysis, found=replace(analysis.found, group_examples={}))
    report = text_report(bare, 0, examples=True)
    missing = [line for line in report.splitlines() if "no example listed" in line]
    assert len(missing) == len(analysis.found.groups) == 2
    assert all("search engine kept none of this outcome" in line for line in missing)
    assert tables(report) == []


def test_a_group_established_by_optimisation_says_so() -> None:
    analysis = analysed("example-mixed-row.yaml")
    uncounted: dict[Outcome, int | None] = dict.fromkeys(analysis.found.groups)
    totals = {outcome.declarer_tricks: None for outcome in uncounted}
    found = replace(analysis.found, groups=uncounted, outcomes=totals, group_examples={})
    report = text_report(replace(analysis, found=found), 0, examples=True)
    assert "Example 1 of 2 (one per outcome): 9 tricks won in play, histories not counted" in (
        report
    )
    assert report.count("no example listed: this total was established by optimisation") == 2


def test_no_examples_unless_asked() -> None:
    report = text_report(analysed("revoke-64a1-one-trick.yaml"), 1)
    assert "one per outcome" not in report
