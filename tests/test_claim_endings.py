"""Claim cases given as their ending (no ``deal:``) and statements with conditional steps, as
the report and the JSON show them (docs/claims.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import solver
from solver.rulings.report import text_report
from tests.cli_helpers import run

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"
ENDING = CLAIMS / "ending-without-deal.yaml"


def test_the_report_of_an_ending_draws_the_hands_at_the_start_of_the_trick() -> None:
    case = solver.load_case(ENDING)
    assert not case.deal_given
    report = text_report(solver.analyse(case))
    assert "No deal given: the hands at the start of the trick of the claim" in report
    assert "C K" in report  # West's CK, led to the trick in progress, is drawn in his hand
    assert "result 3NT=" in report


def test_the_json_of_an_ending_gives_the_claim_and_the_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["check", str(ENDING), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "decided"
    assert data["ruling"]["declarer_tricks"] == 9
    assert data["ruling"]["result"] == "3NT="
    assert data["claim"]["claimer_tricks"] == data["claim"]["double_dummy"] == 2


def test_a_case_with_neither_deal_nor_hands_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "claim.yaml"
    path.write_text(
        "title: a claim\ncontract: 4S\ndeclarer: S\nclaim: {by: S, tricks: 3}\n", encoding="utf-8"
    )
    assert run(["check", str(path)]) == 2
    assert "deal: required field is missing (a claim case may leave it out" in (
        capsys.readouterr().err
    )


def test_the_report_marks_a_conditional_step_passed_over() -> None:
    # Spades are 2-2: the first step is the statement, the second is passed over.
    case = solver.load_case(CLAIMS / "conditional-step-on-the-actual-split.yaml")
    report = text_report(solver.analyse(case))
    assert (
        "statement: if spades 2-2: ruffing finesse SQ; "
        "if spades 3-1: play DA (not so at the claim: passed over);"
    ) in report
