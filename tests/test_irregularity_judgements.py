"""The Director's judgements a ruling after an irregularity rests on are named, with their
law, in the ruling's assumptions (72C/72B1, 50E3/16, 55C, 57A), and only where they apply."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import solver
from solver.bridge import Card
from solver.facts import Case
from solver.facts.irregularity import LeadOutOfTurn, PenaltyCard
from solver.rulings.irregularities import irregularity_assumptions

CASES = Path(__file__).parents[1] / "cases"


def named(case: Case) -> dict[str, str]:
    return {a.name: a.citation for a in irregularity_assumptions(case)}


def test_a_case_without_irregularities_names_none() -> None:
    case = solver.load_case(CASES / "example-mixed-row.yaml")
    assert irregularity_assumptions(case) == ()


def test_a_penalty_card_names_the_adjustment_and_the_information() -> None:
    case = solver.load_case(CASES / "irregularities" / "ex01-major-penalty-card-due.yaml")
    assert named(case) == {"judge-could-have-known": "72C", "judge-info-damage": "50E3"}


def test_older_codes_cite_72b1_and_law_16() -> None:
    case = solver.load_case(CASES / "irregularities" / "ex01-major-penalty-card-due.yaml")
    older = dataclasses.replace(case, edition=1997)
    assert named(older) == {"judge-could-have-known": "72B1", "judge-info-damage": "16"}


def test_the_assumptions_reach_the_ruling_and_its_json() -> None:
    path = CASES / "irregularities" / "ex01-major-penalty-card-due.yaml"
    analysis = solver.analyse(solver.load_case(path), list_limit=10)
    names = [a.name for a in analysis.ruling.assumptions]
    assert "judge-could-have-known" in names and "judge-info-damage" in names
    ruled = solver.analyse(solver.load_case(CASES / "example-mixed-row.yaml"), list_limit=10)
    assert "judge-could-have-known" not in [a.name for a in ruled.ruling.assumptions]


def test_an_unchosen_premature_play_names_57a_as_compulsory() -> None:
    case = solver.load_case(CASES / "irregularities" / "ex04-premature-play.yaml")
    got = named(case)
    chosen = any(getattr(f, "law", "").startswith("57") for f in case.irregularities)
    assert ("interp-57A-must-choose" in got) is not chosen
    assert got["judge-info-damage"] == "50E3"  # the premature card is a major penalty card


def test_a_minor_card_beside_a_57a_order_names_which_yields() -> None:
    case = solver.load_case(CASES / "irregularities" / "ex04-premature-play.yaml")
    premature = next(f for f in case.irregularities if type(f).__name__ == "PrematurePlay")
    partner = premature.seat.partner
    played = {c for t in case.agreed_tricks for c in t.cards}
    row = case.rows.get(partner)
    if row is not None:
        played |= set(row.cards[: premature.trick - 1])
    low = min(c for c in case.deal.hands[partner.index] if c.rank < 10 and c not in played)
    minor = PenaltyCard(partner, low, premature.trick, "inadvertent")
    with_minor = dataclasses.replace(case, irregularities=(*case.irregularities, minor))
    assert named(with_minor)["interp-minor-vs-57"] == "57A"
    assert "interp-minor-vs-57" not in named(case)


def test_declarers_lead_out_of_turn_names_55c_and_no_penalty_card() -> None:
    case = solver.load_case(CASES / "irregularities" / "ex12-defender-lead-out-of-turn.yaml")
    dummy = case.declarer.partner
    loot = LeadOutOfTurn(dummy, Card.parse("SA"), 1, "accepted")
    declarers = dataclasses.replace(case, irregularities=(loot,))
    assert named(declarers) == {"judge-could-have-known": "72C", "judge-info-damage": "55C"}


def test_a_proper_lead_names_16c_and_no_penalty_card() -> None:
    case = solver.load_case(CASES / "irregularities" / "law53b-proper-lead-stands.yaml")
    assert named(case) == {"judge-could-have-known": "72C", "judge-info-damage": "16C"}


def test_an_opening_lead_out_of_turn_under_1987_names_the_options_applied() -> None:
    case = solver.load_case(CASES / "irregularities" / "ex03-opening-lead-out-of-turn.yaml")
    assert "interp-54-options" not in named(case)
    older = named(dataclasses.replace(case, edition=1987))
    assert older["interp-54-options"] == "54"
    assert older["judge-could-have-known"] == "72B1"


def test_a_play_at_the_right_hand_opponents_turn_names_the_reading_of_legal() -> None:
    path = CASES / "irregularities" / "law57d-legal-card-played-at-its-turn.yaml"
    got = named(solver.load_case(path))
    assert got["interp-57D-legal-at-turn"] == "57D"
    assert "interp-57D-legal-at-turn" not in named(
        solver.load_case(CASES / "irregularities" / "ex04-premature-play.yaml")
    )


def test_a_call_for_dummys_card_names_its_readings() -> None:
    """46B: the intention is the Director's; a suit dummy no longer holds makes the call void;
    "high" with no suit names no card when dummy leads, named only where the case does not
    say who led that trick."""
    case = solver.load_case(CASES / "irregularities" / "law46b-high-is-dummys-highest-card.yaml")
    got = named(case)
    assert got["judge-incontrovertible"] == "46B"
    assert got["interp-46b-void-suit"] == "46B"
    assert "interp-46b-no-suit-at-lead" not in got  # East led trick 6, the case says
    east_won_5 = dataclasses.replace(
        case, agreed_tricks=tuple(t for t in case.agreed_tricks if t.number != 6)
    )
    assert "interp-46b-no-suit-at-lead" not in named(east_won_5)  # East won trick 5
    unsettled = dataclasses.replace(
        case, agreed_tricks=tuple(t for t in case.agreed_tricks if t.number not in (5, 6))
    )
    assert named(unsettled)["interp-46b-no-suit-at-lead"] == "46B"
    suit = solver.load_case(
        CASES / "irregularities" / "law46b-a-suit-named-alone-is-its-lowest-card.yaml"
    )
    assert "interp-46b-no-suit-at-lead" not in named(suit)
    assert "interp-46b-void-suit" not in named(
        solver.load_case(CASES / "irregularities" / "ex01-major-penalty-card-due.yaml")
    )


def test_declarers_early_play_names_the_reading_of_an_illegal_card() -> None:
    path = CASES / "irregularities" / "law57c3-declarer-early-play-stands.yaml"
    got = named(solver.load_case(path))
    assert got == {"judge-could-have-known": "72C", "interp-57C3-illegal-withdrawn": "57C3"}
