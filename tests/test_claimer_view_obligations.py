"""The claimer's view (``--claimer-view``) of a claim made while a penalty card lies.

A penalty card is face up: the claimer knows who holds it, so every layout keeps it with its
owner, and each layout's double-dummy value obeys the Laws that bind it (50D: played at the
first legal opportunity). The search for one plan over every layout does not apply them, and
says so rather than give a figure that ignores them.
"""

from __future__ import annotations

from pathlib import Path

import yaml

import solver
from solver.rulings.claimer_view import claimer_view, sure_line

IRREGULARITIES = Path(__file__).parents[1] / "cases" / "irregularities"
PENALTY_CARD = IRREGULARITIES / "claim-declarer-with-a-major-penalty-card.yaml"
"""South claims three with S A J 3 opposite S K 4 2; West's SQ (with S 6 5) lies as a major
penalty card; East holds H A K Q. Five unseen cards besides the SQ, two of them West's."""


def without_the_penalty_card() -> solver.Case:
    data = yaml.safe_load(PENALTY_CARD.read_text(encoding="utf-8"))
    del data["play"]
    return solver.loads_case(yaml.safe_dump(data))


def test_the_penalty_card_stays_with_its_owner_and_binds_him_in_every_layout() -> None:
    """With the SQ a penalty card, West must play it to the first spade: in every layout the
    claimer's side takes all three. Without it, the layout West S Q 6 5 (East's hearts)
    holds South to two even double dummy, and twice as many layouts are possible."""
    view = claimer_view(solver.load_case(PENALTY_CARD), 60.0, single_dummy=True)
    assert (view.layouts, view.complete, view.worst) == (10, True, 3)
    assert view.worst_layout is not None and "Q" in view.worst_layout["W"].split(".")[0]
    assert view.sure is None and "penalty cards" in view.sure_note
    free = claimer_view(without_the_penalty_card(), 60.0)
    assert (free.layouts, free.complete, free.worst) == (20, True, 2)
    assert free.worst_layout == {"E": ".AKQ..", "W": "Q65..."}


def test_no_single_dummy_figure_ignores_the_penalty_card() -> None:
    """``sure_line`` (the audit's ``sure_line`` column) gives no plan where obligations are in
    force, though it does for the same claim without them."""
    assert sure_line(solver.load_case(PENALTY_CARD), 60.0) is None
    free = sure_line(without_the_penalty_card(), 60.0)
    assert free is not None and free.tricks == 2


def test_the_command_shows_the_view_of_a_claim_under_a_penalty_card() -> None:
    """``ruling check --claimer-view`` was refused (exit 2) on such a claim; it now rules and
    gives the view, the one-plan figure named as not searched."""
    analysis = solver.analyse(solver.load_case(PENALTY_CARD), claimer_view=True, time_limit=60.0)
    assert analysis.claimer_view is not None
    assert analysis.claimer_view.worst == 3
    assert analysis.ruling.declarer_tricks == 11
