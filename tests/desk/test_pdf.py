"""``ruling check CASE --pdf FILE``: the report printed to an A4 PDF by Chromium, and a clear
message (exit 2, before any ruling) when no converter is installed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from solver.desk.pdf import ENVIRONMENT, NAMES
from tests.cli_helpers import run

ROOT = Path(__file__).parents[2]
CASES = ROOT / "cases"
A4 = (595.28, 841.89)
"""A4 in PostScript points (210 x 297 mm)."""


def command_line_json(case: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = run(["check", str(case), "--json"])
    result = json.loads(capsys.readouterr().out)
    assert isinstance(result, dict)
    return code, result


@pytest.mark.parametrize(
    "name", ["example-mixed-row.yaml", "claims/forgotten-trump-not-mentioned.yaml"]
)
def test_the_pdf_is_the_report_on_a4_pages(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES / name
    expected_code, expected = command_line_json(case, capsys)
    target = tmp_path / "report.pdf"
    code = run(["check", str(case), "--pdf", str(target)])
    printed = capsys.readouterr().out
    assert code == expected_code
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    reader = PdfReader(target)
    assert len(reader.pages) >= 1
    for page in reader.pages:
        box = page.mediabox
        assert abs(float(box.width) - A4[0]) <= 1.0, box
        assert abs(float(box.height) - A4[1]) <= 1.0, box
    text = " ".join((page.extract_text() or "") for page in reader.pages)
    words = " ".join(text.split())
    ruling = expected["ruling"]
    assert f"{ruling['result']}" in words
    title = str(expected.get("title") or "")
    assert " ".join(title.split()[:4]) in words
    for citation in ruling["citations"]:
        assert citation in words
    # the text report on stdout is unchanged by --pdf
    assert ruling["result"] in printed


def test_without_a_converter_the_command_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # nothing to run there
    target = tmp_path / "report.pdf"
    assert run(["check", str(CASES / "example-mixed-row.yaml"), "--pdf", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the ruling
    assert captured.err == (
        f"error: --pdf: no PDF converter found (looked for {', '.join(NAMES)} on the PATH); "
        "install Chromium (Debian and Ubuntu: apt-get install chromium) or Google Chrome, or "
        f"name its binary in the {ENVIRONMENT} environment variable; or write the report with "
        "--html FILE and print it from a browser\n"
    )
    assert not target.exists()


def test_a_converter_named_but_missing_and_a_pdf_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    example = str(CASES / "example-mixed-row.yaml")
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "no-such-chromium"))
    assert run(["check", example, "--pdf", str(tmp_path / "r.pdf")]) == 2
    assert capsys.readouterr().err.startswith(
        f"error: --pdf: {ENVIRONMENT}={tmp_path / 'no-such-chromium'} is not an executable "
        "program; install Chromium"
    )
    monkeypatch.delenv(ENVIRONMENT)
    target = tmp_path / "missing" / "r.pdf"
    assert run(["check", example, "--pdf", str(target)]) == 2
    assert capsys.readouterr().err == (
        f"error: --pdf {target}: cannot be written (No such file or directory)\n"
    )
