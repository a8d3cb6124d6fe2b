"""The sub-laws the report and the JSON cite for leads out of turn, as each edition letters
them (an outside check found 54A and 54B swapped, 53B cited for a 2007 proper lead, 56 for an
accepted lead, and the defenders' differing answers to declarer's lead both applied)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run

IRREGULARITIES = Path(__file__).parents[1] / "cases" / "irregularities"


def _json(name: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert run(["check", str(IRREGULARITIES / f"{name}.yaml"), "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize(
    ("name", "cited"),
    [
        # 2007: the proper leader's lead is 53C (53B is the wrong defender's play there).
        (
            "law53-proper-lead-lettered-53c-in-2007",
            [("lead_out_of_turn", "53C"), ("choice", "53C")],
        ),
        # a defender's lead accepted is 53A's; 56 is the refused one.
        (
            "law53a-defenders-lead-accepted-cites-53a",
            [("lead_out_of_turn", "53A"), ("choice", "53A")],
        ),
        # the defenders answered differently: West's, next in turn, stands; East's is set aside.
        ("law55a-defenders-differ", [("lead_out_of_turn", "55"), ("choice", "55A")]),
    ],
)
def test_the_lead_and_its_answer_cite_the_editions_sub_law(
    name: str, cited: list[tuple[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    data = _json(name, capsys)
    entries = data["irregularities"]
    assert isinstance(entries, list)
    assert [(entry["kind"], entry["citation"]) for entry in entries] == cited


def test_an_opening_lead_out_of_turn_offers_54a_to_become_dummy_and_54b_to_accept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json("ex03-opening-lead-out-of-turn", capsys)
    options = data["options"]
    assert isinstance(options, list)
    assert {(o["option"], o["law"]) for o in options} == {
        ("accept-lead", "54B"),
        ("declarer-becomes-dummy", "54A"),
        ("refuse-lead", "54D"),
    }
    ruling = data["ruling"]
    assert isinstance(ruling, dict)
    seen = [a for a in ruling["assumptions"] if a["name"] == "fact-declarer-saw-dummy"]
    assert [a["citation"] for a in seen] == ["54C"]  # had he seen dummy, he must accept


def test_the_differing_answers_are_named_in_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(IRREGULARITIES / "law55a-defenders-differ.yaml")]) == 0
    out = capsys.readouterr().out
    assert "assumption (law-55a-defenders-differ, Law 55A)" in out
    assert "W chose accept-lead (Law 55A) at trick 5 applies" in out
    assert "E chose refuse-lead (Law 55A) at trick 5 is set aside" in out
    assert "(choice pending)" not in out  # the lead's answer is recorded


def test_after_54a_the_heading_names_who_declares(capsys: pytest.CaptureFixture[str]) -> None:
    """The contract and its score stay the side's; the heading says that presumed declarer's
    partner plays it, as a director reading the report would ask."""
    assert run(["check", str(IRREGULARITIES / "law54a-declarer-becomes-dummy.yaml")]) == 0
    heading = capsys.readouterr().out.splitlines()[1]
    assert heading.startswith("Contract 3NT by South (North declares: South became dummy, Law 54A)")
    data = _json("law54a-declarer-becomes-dummy", capsys)
    assert [(e["kind"], e["citation"]) for e in data["irregularities"]] == [  # type: ignore[union-attr]
        ("lead_out_of_turn", "54"),
        ("choice", "54A"),
    ]


def test_a_54a_choice_told_by_one_side_is_named_as_its_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A choice only one side tells of is evidence, not fact: the heading names who says it."""
    agreed = (IRREGULARITIES / "law54a-declarer-becomes-dummy.yaml").read_text(encoding="utf-8")
    choice = "    - choice: {trick: 1, by: S, law: 54A, option: declarer-becomes-dummy}\n"
    assert choice in agreed
    told = agreed.replace(choice, "") + (
        "statements:\n"
        "  - {by: NS, irregularity: {choice: "
        "{trick: 1, by: S, law: 54A, option: declarer-becomes-dummy}}}\n"
    )
    case = tmp_path / "told.yaml"
    case.write_text(told, encoding="utf-8")
    assert run(["check", str(case)]) in (0, 1)
    heading = capsys.readouterr().out.splitlines()[1]
    assert heading.startswith(
        "Contract 3NT by South (NS says: North declares: South became dummy, Law 54A)"
    ), heading


def test_an_accepted_opening_lead_keeps_the_heading(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(["check", str(IRREGULARITIES / "law54-opening-lead-out-of-turn-in-the-trick.yaml")])
        == 0
    )
    assert capsys.readouterr().out.splitlines()[1].startswith("Contract 3NT by South, vulnerable")
