"""The normal-play policy given in a case file (``claim.policy``, ``claim.switches``).

Precedence: ``--policy`` on the command line replaces the case file's policy and switches;
without it the case file's policy (else WBF2017) is the base; ``--switch`` is applied last.

The position is cases/claims/acbl-guideline-4-cross-ruff-not-trumps.yaml, whose notes work the
rulings out by hand: a cross-ruff with both defenders out of trumps. Under ACBL guideline 4
(``no_idle_trump_lead``, which every preset takes) South is not made to cash his trumps: 4 of
4, 4S=; with the switch off the worst normal line cashes them: 2 of 4, 4S-2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver
from solver.cli import main
from solver.errors import CaseFileError
from solver.facts.policy import PRESETS
from solver.records import loads_case
from solver.rulings.claims import case_policy

ROOT = Path(__file__).parents[1]
CASE = ROOT / "cases" / "claims" / "acbl-guideline-4-cross-ruff-not-trumps.yaml"
ACBL_RULING = (4, 10, "4S=")
CASHED_RULING = (2, 8, "4S-2")


def case_text(**claim_fields: Any) -> str:
    """The case's YAML with ``claim`` fields replaced (None: removed)."""
    data = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    for key, value in claim_fields.items():
        if value is None:
            data["claim"].pop(key, None)
        else:
            data["claim"][key] = value
    return yaml.safe_dump(data, sort_keys=False)


def ruled(case: solver.Case, **options: Any) -> tuple[str, tuple[int, int | None, str | None]]:
    analysis = solver.analyse(case, **options)
    claim = analysis.claim
    assert claim is not None
    tricks = claim.adjudication.claimer_tricks
    return claim.policy.name, (tricks, analysis.ruling.declarer_tricks, analysis.ruling.result)


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["check", *argv, "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


# --- the case file's policy ----------------------------------------------------------------------


def test_case_file_names_acbl_and_the_claim_is_upheld() -> None:
    case = solver.load_case(CASE)
    assert case.claim is not None
    assert (case.claim.policy, case.claim.switches) == ("ACBL", ())
    assert ruled(case) == ("ACBL", ACBL_RULING)


def test_same_position_under_ebu_leaves_the_trumps_too() -> None:
    case = solver.load_case(CASE)
    assert ruled(case, policy=PRESETS["EBU"]) == ("EBU", ACBL_RULING)
    # Without the field the default is WBF2017, which takes guideline 4 as well.
    default = loads_case(case_text(policy=None))
    assert default.claim is not None and default.claim.policy is None
    assert ruled(default) == ("WBF2017", ACBL_RULING)


def test_the_difference_is_no_idle_trump_lead() -> None:
    case = solver.load_case(CASE)
    acbl_without = PRESETS["ACBL"].with_switches(no_idle_trump_lead=False)
    ebu_without = PRESETS["EBU"].with_switches(no_idle_trump_lead=False)
    assert ruled(case, policy=acbl_without)[1] == CASHED_RULING
    assert ruled(case, policy=ebu_without)[1] == CASHED_RULING


def test_case_file_switches_go_on_top_of_its_preset() -> None:
    case = loads_case(case_text(switches={"no_idle_trump_lead": "off", "ruff_low": True}))
    assert case.claim is not None
    assert case.claim.switches == (("no_idle_trump_lead", False), ("ruff_low", True))
    policy = case_policy(case.claim)
    assert policy.name == "ACBL"
    assert not policy.no_idle_trump_lead and policy.ruff_low
    assert ruled(case) == ("ACBL", CASHED_RULING)


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("on", True),
        ("off", False),
        ("true", True),
        ("false", False),
        ("'On'", True),
        ("'OFF'", False),
    ],
)
def test_switch_values_on_off_true_false(written: str, value: bool) -> None:
    text = CASE.read_text(encoding="utf-8").replace(
        "  policy: ACBL\n", f"  policy: ACBL\n  switches:\n    ruff_low: {written}\n"
    )
    case = loads_case(text)
    assert case.claim is not None
    assert case.claim.switches == (("ruff_low", value),)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"policy": "acbl"},
            "claim.policy: unknown preset 'acbl' (expected one of: WBF2017, "
            "EBU, ACBL); did you mean 'ACBL'?",
        ),
        ({"policy": 2017}, "claim.policy: got 2017 (expected a preset name: WBF2017, EBU, ACBL)"),
        (
            {"switches": {"ruff_low": 1}},
            "claim.switches.ruff_low: got 1 (expected on or off, or true or false)",
        ),
        (
            {"switches": ["ruff_low"]},
            "claim.switches: got ['ruff_low'] (expected a mapping of "
            "judgements to on or off, like {ruff_low: off})",
        ),
    ],
)
def test_bad_policy_fields_name_the_file_and_field(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(CaseFileError) as raised:
        loads_case(case_text(**fields), "x.yaml")
    assert str(raised.value) == f"x.yaml: {message}"


# --- precedence on the command line --------------------------------------------------------------


def test_cli_reports_the_case_files_policy(capsys: pytest.CaptureFixture[str]) -> None:
    result = cli_json([str(CASE)], capsys)
    assert result["claim"]["policy"] == "ACBL"
    assert result["claim"]["claimer_tricks"] == 4
    assert result["ruling"]["result"] == "4S="


def test_cli_policy_overrides_the_case_file(capsys: pytest.CaptureFixture[str]) -> None:
    result = cli_json([str(CASE), "--policy", "EBU"], capsys)
    assert result["claim"]["policy"] == "EBU"
    assert result["claim"]["claimer_tricks"] == 4
    assert result["ruling"]["result"] == "4S="
    assert all(a["name"].startswith("EBU:") for a in result["ruling"]["assumptions"])
    names = {a["name"] for a in result["ruling"]["assumptions"]}
    assert "EBU:spot_master_binds" not in names  # off in EBU, on in the file's ACBL
    acbl = cli_json([str(CASE)], capsys)
    assert "ACBL:spot_master_binds" in {a["name"] for a in acbl["ruling"]["assumptions"]}


def test_cli_switch_goes_on_top_of_the_case_files_policy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = cli_json([str(CASE), "--switch", "no_idle_trump_lead=off"], capsys)
    assert result["claim"]["policy"] == "ACBL"
    assert result["claim"]["claimer_tricks"] == 2
    names = {a["name"] for a in result["ruling"]["assumptions"]}
    assert "ACBL:no_idle_trump_lead" not in names and "ACBL:ruff_low" in names


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (
            "ruf_low=off",
            "error: --switch 'ruf_low=off': unknown policy switch 'ruf_low' "
            "(expected one of: top_down,",
        ),
        # ``name`` is a field of the policy but not a judgement: it names the preset.
        ("name=on", "error: --switch 'name=on': unknown policy switch 'name'"),
        ("ruff_low", "error: --switch 'ruff_low': expected NAME=on or NAME=off"),
        ("ruff_low=yes", "error: --switch 'ruff_low=yes': expected NAME=on or NAME=off"),
    ],
)
def test_cli_switch_that_is_not_a_judgement_is_bad_input(
    item: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["check", str(CASE), "--switch", item])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_cli_policy_replaces_the_case_files_switches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(case_text(switches={"no_idle_trump_lead": "off"}), encoding="utf-8")
    assert cli_json([str(path)], capsys)["claim"]["claimer_tricks"] == 2
    result = cli_json([str(path), "--policy", "ACBL"], capsys)
    assert (result["claim"]["policy"], result["claim"]["claimer_tricks"]) == ("ACBL", 4)
    # --switch on top of the file's switch: the command line wins.
    result = cli_json([str(path), "--switch", "no_idle_trump_lead=on"], capsys)
    assert (result["claim"]["policy"], result["claim"]["claimer_tricks"]) == ("ACBL", 4)


# --- the claimer's class of player ---------------------------------------------------------------

CLASS_CASE = ROOT / "cases" / "claims" / "class-club-player-throws-the-only-entry.yaml"


def test_the_case_files_class_and_the_command_line_class(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A club player may throw dummy's only entry (3 of 4); an expert does not (4 of 4).
    case = solver.load_case(CLASS_CASE)
    assert case.claim is not None and case.claim.player_class == "club"
    club = cli_json([str(CLASS_CASE)], capsys)
    assert (club["claim"]["player_class"], club["claim"]["claimer_tricks"]) == ("club", 3)
    assert club["ruling"]["assumptions"][0]["name"] == "class:club"
    expert = cli_json([str(CLASS_CASE), "--class", "expert"], capsys)
    assert (expert["claim"]["player_class"], expert["claim"]["claimer_tricks"]) == ("expert", 4)
    # A switch on the command line wins over the class.
    turned = cli_json([str(CLASS_CASE), "--switch", "keep_entries=on"], capsys)
    assert turned["claim"]["claimer_tricks"] == 4
    # Without a class the JSON has no player_class key.
    plain = cli_json([str(CASE)], capsys)
    assert "player_class" not in plain["claim"]


def test_an_aware_claimer_draws_trumps_under_the_acbl_preset_too() -> None:
    """ACBL guideline 2 denies the claimer only the drawing of trumps he was likely unaware of:
    in the White Book's grand slam (one round of trumps cashed, both following, trumps out in
    both hands) the claimer is aware of them and draws them under the ACBL preset as under the
    EBU's, so the CK is not cashed into East's ruff (13 tricks); with
    ``draw_trumps_when_aware`` off it may be, and more is lost (10)."""
    path = ROOT / "cases" / "claims" / "published" / "ebu-white-book-trumps-two-one-claim-good.yaml"
    case = solver.load_case(path)
    assert ruled(case, policy=PRESETS["ACBL"])[1][1] == 13
    careless = PRESETS["ACBL"].with_switches(draw_trumps_when_aware=False)
    assert ruled(case, policy=careless)[1][1] == 10
