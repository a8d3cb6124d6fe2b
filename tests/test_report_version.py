"""Which tool produced a report: the text and HTML reports end with the tool's version and the
Laws edition; the JSON contract does not carry it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import solver
from solver.rulings.report import html_report, text_report
from solver.rulings.ruling import Analysis
from solver.version import tool_version

CASES = Path(__file__).parents[1] / "cases"


@cache
def analysed(name: str) -> Analysis:
    return solver.analyse(solver.load_case(CASES / name))


def test_text_report_ends_with_the_version_and_edition() -> None:
    report = text_report(analysed("example-mixed-row.yaml"))
    assert report.endswith(
        f"\n\nruling {tool_version()} (bridge-ruling-solver), Laws edition 2017\n"
    )


def test_the_edition_is_the_cases() -> None:
    report = text_report(analysed("revoke-1997-extra-trick.yaml"))
    assert report.splitlines()[-1] == (
        f"ruling {tool_version()} (bridge-ruling-solver), Laws edition 1997"
    )


def test_html_report_ends_with_the_version_once() -> None:
    page = html_report(analysed("example-mixed-row.yaml"))
    line = f"ruling {tool_version()} (bridge-ruling-solver), Laws edition 2017"
    assert page.endswith(f"<p><small>{line}</small></p></div>")
    assert page.count(line) == 1


def test_json_carries_no_version() -> None:
    data = analysed("example-mixed-row.yaml").to_json()
    assert set(data) == {
        "title",
        "status",
        "histories",
        "outcomes",
        "ruling",
        "tricks_played",
        "engine",
        "notes",
        "hints",
    }
    text = json.dumps(data)
    assert "bridge-ruling-solver" not in text and "version" not in text
