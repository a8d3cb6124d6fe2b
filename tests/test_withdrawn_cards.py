"""Cards that went back to the hand (45C4(b), 47E2), declarer's call of a card dummy did not
hold and the picks of dummy's card (46B), and 47E1's choice under the 2007 code: read, checked,
reported.

The engines are held to the brute force on random plays in
``tests/engines/test_irregular_engines.py`` and to the independent count in
``tests/test_independent_irregularities.py``; the broken files of ``cases/invalid/`` are run by
``tests/test_cli.py`` with their exact messages. Here: how the reader takes the new entries,
what it refuses beyond those files, and what the JSON and the text report say of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import solver
from solver.errors import CaseFileError
from solver.facts.irregularity import Choice, DummyDesignation, LeadOutOfTurn
from solver.records import loads_case
from solver.rulings.irregularities import irregularities_json, irregularity_lines

CASES = Path(__file__).parents[1] / "cases" / "irregularities"

POSITION = """\
title: "Example 12's position, four tricks"
deal: "N:JT7.6.AJ2.KQT982 AK5.AK83.Q975.J3 983.J752.864.654 Q642.QT94.KT3.A7"
contract: 4S
declarer: S
{edition}play:
  rows:
    N: "H6 DJ D2 C8"
    E: "H3 DQ H8 C3"
    S: "H2 D8 HJ C6"
    W: "HQ DK H4 CA"
  irregularities:
{entries}"""


def case_with(entries: list[str], edition: int | None = None) -> Any:
    text = POSITION.format(
        entries="".join(f"    - {entry}\n" for entry in entries),
        edition="" if edition is None else f"edition: {edition}\n",
    )
    return loads_case(text, "position.yaml")


def refused(entries: list[str], edition: int | None = None) -> str:
    with pytest.raises(CaseFileError) as caught:
        case_with(entries, edition)
    return str(caught.value)


CORRECTION = "choice: {trick: 1, by: S, law: 45C4(b), option: correct-designation, card: D2}"


@pytest.mark.parametrize("written", ["45C4(b)", "45c4b", "45C4B", "45C4 (b)"])
def test_the_law_is_read_however_its_brackets_and_case_are_written(written: str) -> None:
    entry = CORRECTION.replace("45C4(b)", f"'{written}'")
    (choice,) = case_with([entry]).irregularities
    assert isinstance(choice, Choice)
    assert (choice.law, choice.option, str(choice.card)) == (
        "45C4(b)",
        "correct-designation",
        "D2",
    )


def test_a_replace_own_card_under_58_still_names_nothing() -> None:
    message = refused(["choice: {trick: 1, by: E, law: 58, option: replace-own-card, card: H8}"])
    assert message.endswith("choice.card: replace-own-card names no card")


def test_a_withdrawal_under_45c4b_needs_its_card() -> None:
    message = refused(
        [CORRECTION, "choice: {trick: 1, by: E, law: 45C4(b), option: replace-own-card}"]
    )
    assert message.endswith("choice.card: replace-own-card needs the card, like card: SQ")


def test_each_option_is_recorded_once_a_trick() -> None:
    message = refused([CORRECTION, CORRECTION])
    assert "the case records correct-designation under Law 45C4(b) at trick 1 twice" in message


def test_a_retraction_by_declarer_may_name_dummys_card_and_not_a_defenders() -> None:
    dummys = "choice: {trick: 2, by: S, law: 47E2, option: retract-misexplained, card: D2}"
    (choice,) = case_with([dummys]).irregularities
    assert isinstance(choice, Choice) and str(choice.card) == "D2"
    defenders = dummys.replace("D2", "DQ")
    assert "card DQ is East's: declarer retracts a card he played, from his hand or from dummy" in (
        refused([defenders])
    )


def test_47e1s_choice_gives_the_lead_its_response() -> None:
    text = POSITION.replace(
        '    N: "H6 DJ D2 C8"\n    E: "H3 DQ H8 C3"\n    S: "H2 D8 HJ C6"\n    W: "HQ DK H4 CA"\n',
        '    N: "H6 DJ D2 C8"\n    E: "H3 DQ H8 C3"\n    S: "H2 D8 HJ C6"\n'
        '    W: "HQ DK H4 CA"\n  tricks:\n    4: "S: C6 CA C8 C3"\n',
    )
    lead = "lead_out_of_turn: {seat: E, card: HK, trick: 5}"
    choice = "choice: {trick: 5, by: E, law: 47E1, option: retract-misinformed-turn}"
    for edition in (2007, 1997):
        case = loads_case(
            text.format(entries=f"    - {lead}\n    - {choice}\n", edition=f"edition: {edition}\n"),
            "position.yaml",
        )
        loot, made = case.irregularities
        assert isinstance(loot, LeadOutOfTurn) and loot.response == "retracted-misinformed"
        assert isinstance(made, Choice) and made.option == "retract-misinformed-turn"
        names = [a.name for a in solver.analyse(case, count=False).ruling.assumptions]
        assert ("interp-47E1-edition" in names) is (edition < 2007)


def test_the_json_of_the_worked_cases_carries_option_and_citation() -> None:
    def entries(name: str) -> list[dict[str, Any]]:
        return irregularities_json(solver.load_case(CASES / f"{name}.yaml"))

    correction, withdrawal = entries("law45c4b-east-withdraws-his-card-after-the-correction")
    assert (correction["citation"], correction["option"], correction["card"]) == (
        "45C4(b)",
        "correct-designation",
        "D2",
    )
    assert (withdrawal["seat"], withdrawal["option"], withdrawal["card"]) == (
        "E",
        "replace-own-card",
        "H8",
    )
    call, pick = entries("law46b4-a-card-dummy-no-longer-held-declarer-picks")
    assert (call["kind"], call["said"], call["card"], call["citation"], call["option"]) == (
        "dummy_designation",
        "card",
        "H6",
        "46B4",
        "declarer-picks-card",
    )
    assert (pick["citation"], pick["option"], pick["card"]) == ("46B4", "declarer-picks-card", "D2")
    call, pick = entries("law46b5-east-names-dummys-card")
    assert (call["chosen_by"], call["option"]) == ("EW", "defender-picks-card")
    assert (pick["seat"], pick["citation"], pick["card"]) == ("E", "46B5", "D2")
    (retraction,) = entries("law47e2-a-lead-retracted-after-a-mistaken-explanation")
    assert (retraction["citation"], retraction["option"]) == ("47E2", "retract-misexplained")
    loot, choice = entries("edition-2007-47e1-the-offender-takes-his-lead-back")
    assert (loot["citation"], loot["response"]) == ("47E1", "retracted-misinformed")
    assert (choice["citation"], choice["option"], choice["card"]) == (
        "47E1",
        "retract-misinformed-turn",
        None,
    )


def test_the_text_report_says_what_each_law_made_of_it() -> None:
    def lines(name: str) -> str:
        return "\n".join(irregularity_lines(solver.load_case(CASES / f"{name}.yaml")))

    assert "the D2 goes back to dummy's hand without rectification (47C)" in lines(
        "law45c4b-declarer-corrects-a-slip-of-the-tongue"
    )
    assert "he took it back without penalty and played another card to trick 1 (47D)" in lines(
        "law45c4b-east-withdraws-his-card-after-the-correction"
    )
    said = lines("law46b4-a-card-dummy-no-longer-held-declarer-picks")
    assert "Law 46B4: dummy did not hold the H6 at trick 3: the call is void" in said
    assert "South named the D2, dummy's card to trick 3" in said
    assert "East named the D2, dummy's card to trick 3" in lines("law46b5-east-names-dummys-card")
    assert "West retracted the H4, played to trick 1 because of a mistaken explanation" in (
        lines("law47e2-a-lead-retracted-after-a-mistaken-explanation")
    )


@pytest.mark.parametrize(
    ("name", "named", "absent"),
    [
        (
            "law45c4b-declarer-corrects-a-slip-of-the-tongue",
            {"judge-unintended"},
            {"interp-45c4b-legal-before-change", "judge-info-damage"},
        ),
        (
            "law45c4b-east-withdraws-his-card-after-the-correction",
            {"judge-unintended", "interp-45c4b-legal-before-change", "judge-info-damage"},
            set(),
        ),
        (
            "law47e2-a-lead-retracted-after-a-mistaken-explanation",
            {"judge-misexplanation", "judge-info-damage"},
            {"judge-unintended"},
        ),
        ("law46b4-a-card-dummy-no-longer-held-declarer-picks", {"judge-incontrovertible"}, set()),
        ("law46b5-east-names-dummys-card", set(), {"judge-incontrovertible"}),
    ],
)
def test_the_ruling_names_the_judgements_it_rests_on(
    name: str, named: set[str], absent: set[str]
) -> None:
    ruling = solver.analyse(solver.load_case(CASES / f"{name}.yaml")).ruling
    names = {a.name for a in ruling.assumptions}
    assert named <= names and not absent & names, names


def test_the_16c_text_of_a_withdrawal_is_its_own_not_58b3s() -> None:
    path = CASES / "law45c4b-east-withdraws-his-card-after-the-correction.yaml"
    ruling = solver.analyse(solver.load_case(path)).ruling
    texts = [a.text for a in ruling.assumptions if a.name == "judge-info-damage"]
    assert len(texts) == 1 and "45C4(b)" in texts[0] and "58B3" not in texts[0]


def test_said_card_is_read_with_its_card_and_not_refused_for_another_players_card() -> None:
    call = "dummy_designation: {trick: 3, said: card, card: HK}"  # East's: dummy never held it
    (fact,) = case_with([call]).irregularities
    assert isinstance(fact, DummyDesignation)
    assert (fact.said, str(fact.card), fact.describe()) == (
        "card",
        "HK",
        "declarer called HK, a card N did not hold, for his card at trick 3",
    )
