"""The text report and the JSON of a few cases, byte for byte, against files kept in the
repository (``tests/golden/``): a change to what a director or an outside tool reads shows up
as a diff in review, not by chance.

The JSON is the contract outside tools read (``docs/case-format.md``): its keys, values and
order. The time a search took (``elapsed``) is the one value that differs from run to run: it
is checked to be a number, not compared by its digits. After an intended change, rewrite the
files with ``UPDATE_GOLDEN=1`` on ``pytest tests/test_golden_reports.py`` and review the diff
before committing.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from tests.cli_helpers import run

ROOT = Path(__file__).parents[1]
GOLDEN = Path(__file__).parent / "golden"
CASES = (
    "cases/example-mixed-row.yaml",
    "cases/revoke-64a2-partner-wins.yaml",
    "cases/defective-two-cards-to-one-trick.yaml",
    "cases/claims/forgotten-trump-not-mentioned.yaml",
    "cases/claims/stated-finesse-king-covers.yaml",
)
FORMATS = {"txt": [], "json": ["--json"]}
TIMED = "elapsed"
"""The JSON key whose value is a duration in seconds: it varies from run to run."""


def _without_times(output: str) -> str:
    """The JSON with every duration replaced by a mark (``"<seconds>"``), after checking it is a
    non-negative number; other outputs as they are."""
    if not output.startswith("{"):
        return output

    def mark(value: object) -> object:
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                if key == TIMED:
                    assert isinstance(item, int | float) and item >= 0, (key, item)
                    out[key] = "<seconds>"
                else:
                    out[key] = mark(item)
            return out
        if isinstance(value, list):
            return [mark(item) for item in value]
        return value

    return json.dumps(mark(json.loads(output)), indent=2) + "\n"


@pytest.fixture(autouse=True)
def from_repository_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("case", CASES, ids=[Path(case).stem for case in CASES])
def test_the_output_is_the_golden_file(
    case: str, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(["check", case, *FORMATS[suffix]])
    output = _without_times(capsys.readouterr().out)
    golden = GOLDEN / f"{Path(case).stem}.{suffix}"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(output, encoding="utf-8")
    assert golden.exists(), f"{golden.name} is missing: run with UPDATE_GOLDEN=1 to write it"
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            output.splitlines(keepends=True),
            f"tests/golden/{golden.name}",
            f"ruling check {case} {' '.join(FORMATS[suffix])}".strip(),
        )
    )
    assert output == expected, f"the output differs from the golden file:\n{diff}"
    assert code in (0, 1)


def test_every_golden_file_belongs_to_a_case_checked() -> None:
    expected = {f"{Path(case).stem}.{suffix}" for case in CASES for suffix in FORMATS}
    assert {path.name for path in GOLDEN.iterdir()} == expected
