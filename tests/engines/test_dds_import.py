"""Start-up cost: endplay is loaded only when double dummy is used, and then without
``endplay.dealer`` (which imports matplotlib, most of endplay's import time). Each check runs
in a fresh interpreter, since this one may have imported endplay already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]

PROBE = """
import json, sys
from solver import analyse, load_case
analysis = analyse(load_case(sys.argv[1]), judgements=False)
print(json.dumps({
    "status": analysis.status,
    "loaded": sorted(m for m in ("endplay", "endplay.dealer", "matplotlib") if m in sys.modules),
}))
"""


def loaded_after(case: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROOT / case)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_case_without_double_dummy_does_not_load_endplay() -> None:
    assert loaded_after("cases/example-mixed-row.yaml")["loaded"] == []


def test_double_dummy_loads_endplay_without_its_dealer() -> None:
    """A claim reports the double-dummy result: endplay's solver, not its dealer."""
    result = loaded_after("cases/claims/ruff-low-overruffed.yaml")
    assert result["loaded"] == ["endplay"]


def test_the_bare_package_completes_itself_on_first_use() -> None:
    code = (
        "import sys\n"
        "from solver.engines import dds\n"
        "dds._bare_endplay()\n"
        "import endplay.dds.solve\n"
        "assert 'matplotlib' not in sys.modules\n"
        "import endplay\n"
        "print(endplay.Deal.__name__, 'endplay.dealer' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.stdout.split() == ["Deal", "True"], done.stderr
