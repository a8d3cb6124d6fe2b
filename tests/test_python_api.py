"""The Python API as a notebook uses it: the names the README gives, and arguments of the wrong
kind refused with what was expected, not failing deep inside an engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import solver
from solver.audit import audit
from solver.errors import SettingsError

ROOT = Path(__file__).parents[1]
EXAMPLE = "cases/example-mixed-row.yaml"
CLAIM = "cases/claims/lone-honour-winner-led-under.yaml"
SAMPLE = ROOT / "data" / "real-records" / "forrestrice_bridge-bots" / "sample.pbn"


def test_the_readmes_dotted_names_work_after_import_solver_alone() -> None:
    # A fresh interpreter: in this one the test suite has imported the submodules already.
    script = (
        "import solver\n"
        "print(solver.records.pbn.load, solver.records.lin.load,\n"
        "      solver.records.to_case.case_from_record, solver.audit.audit)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("<function") == 4


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'solver' has no attribute 'recrds'"):
        solver.recrds  # noqa: B018


def test_analyse_refuses_a_path_for_a_case() -> None:
    with pytest.raises(TypeError, match=r"expected a Case \(solver.load_case\(path\) reads one\)"):
        solver.analyse(EXAMPLE)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("argument", "value", "message"),
    [
        ("time_limit", 0, "time_limit: expected a positive number of seconds, got 0"),
        ("time_limit", "20", "time_limit: expected a positive number of seconds, got '20'"),
        ("time_limit", float("nan"), "time_limit: expected a positive number of seconds"),
        ("list_limit", -1, "list_limit: expected a whole number, 0 or more, got -1"),
        ("memory_limit", "2G", "memory_limit: expected a whole number, 1 or more, got '2G'"),
        ("policy", "FIFA", "policy 'FIFA': unknown preset (expected one of: WBF2017, EBU, ACBL)"),
    ],
)
def test_analyse_refuses_arguments_the_command_line_refuses(
    argument: str, value: object, message: str
) -> None:
    case = solver.load_case(EXAMPLE)
    with pytest.raises(SettingsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        solver.analyse(case, **{argument: value})  # type: ignore[arg-type]


def test_analyse_takes_a_presets_name_for_a_policy() -> None:
    case = solver.load_case(CLAIM)
    by_name = solver.analyse(case, policy="EBU", judgements=False)
    by_object = solver.analyse(case, policy=solver.PRESETS["EBU"], judgements=False)
    assert by_name.ruling == by_object.ruling
    assert by_name.claim is not None and by_object.claim is not None
    assert by_name.claim.adjudication.claimer_tricks == by_object.claim.adjudication.claimer_tricks


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"switches": {"ruff_low": "off"}}, "switch 'ruff_low': expected True or False, got 'off'"),
        ({"time_limit": 0}, "time_limit: expected a positive number of seconds, got 0"),
        ({"jobs": 0}, "jobs: expected a whole number, 1 or more, got 0"),
    ],
)
def test_audit_refuses_arguments_the_command_line_refuses(
    arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        audit(SAMPLE, **arguments)  # type: ignore[arg-type]
