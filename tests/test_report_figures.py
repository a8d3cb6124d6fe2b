"""Which trick count is which: the outcome table counts tricks won in play, the ruling credits
declarer's side with the ruled figure (after a revoke transfer or a claim the two differ), and
the reports label both so that a reader cannot take one for the other."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import solver
from solver.rulings.report import html_report, text_report
from solver.rulings.ruling import Analysis

CASES = Path(__file__).parents[1] / "cases"
IN_PLAY = "tricks won in play (before any revoke transfer or claim adjustment)"


@cache
def analysed(name: str) -> Analysis:
    return solver.analyse(solver.load_case(CASES / name))


def test_revoke_case_figures_differ() -> None:
    """The premise: 9 tricks in play, 10 after the 64A1 transfer."""
    analysis = analysed("revoke-64a1-one-trick.yaml")
    assert set(analysis.found.outcomes) == {9}
    assert analysis.ruling.declarer_tricks == 10


def test_html_labels_the_table_as_tricks_in_play_and_the_ruling_as_ruled() -> None:
    page = html_report(analysed("revoke-64a1-one-trick.yaml"))
    table = page[page.index("<table>") : page.index("</table>")]
    assert f"<caption>Declarer's side: {IN_PLAY}</caption>" in table
    assert "<th>tricks won in play</th>" in table
    assert "<td>9</td>" in table and "<td>10</td>" not in table
    summary = page[page.index("<p>Ruling:") : page.index("</p>", page.index("<p>Ruling:"))]
    assert "declarer&#x27;s side credited with 10 tricks (the ruled figure)" in summary


def test_html_names_the_ruled_figure_after_play_that_stopped_early() -> None:
    """No result then, but the credited tricks are still the ruled figure."""
    analysis = analysed("abandoned-after-4.yaml")
    assert analysis.ruling.result is None and analysis.ruling.declarer_tricks is not None
    page = html_report(analysis)
    credited = analysis.ruling.declarer_tricks
    assert f"credited with {credited} tricks (the ruled figure)" in page


def test_text_ruling_names_the_ruled_figure() -> None:
    report = text_report(analysed("revoke-64a1-one-trick.yaml"))
    ruling = report[report.index("Ruling: DECIDED") :]
    assert "  declarer's side credited with 10 tricks (the ruled figure)\n" in ruling


def test_text_outcomes_say_tricks_won_in_play() -> None:
    report = text_report(analysed("example-mixed-row.yaml"))
    assert "Outcomes (declarer's side tricks won in play: histories;" in report


def test_text_outcomes_after_a_claim_say_before_the_claim() -> None:
    """The histories of the play before a claim count only its tricks; the ruling adds the
    claim's."""
    analysis = analysed("claims/real-sample-b1-trumps-and-spades.yaml")
    report = text_report(analysis)
    assert set(analysis.found.outcomes) == {4} and analysis.ruling.declarer_tricks == 9
    assert "Outcomes (declarer's side tricks won in play before the claim: histories;" in report
    assert re.search(r"^ +4 tricks: 1$", report, re.M)
    assert "declarer's side credited with 9 tricks (the ruled figure)" in report


def test_the_79b_reason_after_a_revoke_names_the_adjusted_figure() -> None:
    """The histories give 9 in play; the 79B reason speaks of the 10 after the transfer, and
    says so (it once read as if the histories gave 10)."""
    analysis = analysed("revoke-64a1-one-trick.yaml")
    (reason,) = [r for r in analysis.ruling.reasons if r.citation == "79B"]
    assert "10 tricks once the revoke adjustments are made (Laws 62-64)" in reason.text
    plain = analysed("statement-vs-own-row.yaml")  # one history, no revoke
    (reason,) = [r for r in plain.ruling.reasons if r.citation == "79B"]
    assert reason.text.startswith("the one play history consistent with the facts gives")
    assert "revoke" not in reason.text
