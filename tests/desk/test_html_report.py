"""``ruling check CASE --html FILE``: a self-contained, well-formed, escaped A4 document."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

import solver
from solver.rulings.report import html_document
from tests.cli_helpers import run

ROOT = Path(__file__).parents[2]
CASES = ROOT / "cases"
SAMPLES = [
    "example-mixed-row.yaml",
    "revoke-64a1-one-trick.yaml",
    "defective-two-cards-to-one-trick.yaml",
    "impossible-agreed-statement.yaml",
    "claims/" + sorted(p.name for p in (CASES / "claims").glob("*.yaml"))[0],
]


def parsed(document: str) -> ET.Element:
    """The document as XML (it is written well-formed): a syntax slip fails here."""
    assert document.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(document.split("\n", 1)[1])


class _References(HTMLParser):
    """Every attribute that could load something, and every element that could run a script."""

    def __init__(self) -> None:
        super().__init__()
        self.references: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "iframe", "object", "embed", "link", "img"):
            self.scripts += tag == "script"
            self.references.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "data", "action") or name.startswith("on"):
                self.references.append(f"{name}={value}")


def references(document: str) -> _References:
    found = _References()
    found.feed(document)
    return found


@pytest.mark.parametrize("name", SAMPLES)
def test_document_is_well_formed_and_loads_nothing(name: str) -> None:
    analysis = solver.analyse(solver.load_case(CASES / name), time_limit=10)
    document = html_document(analysis)
    root = parsed(document)
    assert root.tag == "html"
    assert references(document).references == []
    assert not re.search(r"https?://|url\(|@import", document)
    text = "".join(root.itertext())
    assert f"Ruling: {analysis.ruling.status.upper()}" in text
    for reason in analysis.ruling.reasons:
        assert str(reason) in text
    assert "@page { size: A4" in document


def test_document_of_the_example_has_the_diagram_outcomes_and_history() -> None:
    analysis = solver.analyse(solver.load_case(CASES / "example-mixed-row.yaml"))
    root = parsed(html_document(analysis))
    text = " ".join(root.itertext())
    deal = root.find(".//table[@class='deal']")
    assert deal is not None
    hands = ["".join(td.itertext()) for td in deal.iter("td") if td.get("class") == "hand"]
    assert hands[0].startswith("North") and "♠T95" in hands[0] and "♣K" in hands[0]
    assert "4S-1" in text and "65D, 79B" in text
    rows = {
        "".join(tr[0].itertext()): "".join(tr[1].itertext())
        for tr in root.iter("tr")
        if len(tr) == 3 and "".join(tr[0].itertext()) in ("9", "10")
    }
    assert rows == {"9": "1,536", "10": "768"}
    history = [tr for tr in root.iter("tr") if len(tr) == 7 and tr[0].text != "trick"]
    assert len(history) == 13


def test_title_holding_a_script_is_inert(tmp_path: Path) -> None:
    data = yaml.safe_load((CASES / "example-mixed-row.yaml").read_text(encoding="utf-8"))
    data["title"] = "<script>alert('x')</script> & <b onmouseover=alert(1)>bold</b>"
    data["statements"][0]["by"] = "NS"
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = tmp_path / "report.html"
    assert run(["check", str(path), "--html", str(out)]) == 0
    document = out.read_text(encoding="utf-8")
    found = references(document)
    assert found.scripts == 0 and found.references == []
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in document
    assert data["title"] in "".join(parsed(document).itertext())


def test_check_html_writes_the_file_and_prints_the_report_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    case = str(CASES / "example-mixed-row.yaml")
    assert run(["check", case, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert run(["check", case, "--json", "--html", str(out)]) == 0
    assert json.loads(capsys.readouterr().out) == plain
    assert "4S-1" in "".join(parsed(out.read_text(encoding="utf-8")).itertext())


def test_check_html_into_a_missing_folder_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no-such-folder" / "report.html"
    code = run(["check", str(CASES / "example-mixed-row.yaml"), "--html", str(out)])
    assert code == 2
    assert f"error: --html {out}: cannot be written" in capsys.readouterr().err
