"""docs/laws.md has an entry for every Law and sub-law the code and the documentation cite.

The citations are read from ``solver/`` (docstrings, comments, the citations of ``Reason`` and
``Assumption``, the ``lawNN`` modules and ``lawNNx`` functions), ``docs/`` and ``README.md``.
An entry is a heading of docs/laws.md that names the citation ("#### 64A1", "## Law 64: ...").
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[1]
LAWS_DOC = ROOT / "docs" / "laws.md"

SUB = r"(?:[A-H](?:\d{1,2})?(?:\((?:[a-z]|\d)\))?)"
"""What follows a Law's number: the letter, its number, the item ("B1(a)", "C(3)")."""

NUMBER = r"[1-9]\d?"
CITE = rf"{NUMBER}{SUB}?"

LAW_LIST = re.compile(
    rf"\b(?P<head>Laws?)\s+(?P<list>{CITE}(?:\s*(?:,|/|-|–|\band\b|\bor\b)\s*{CITE}(?!\w))*)"
)
"""After the word "Law" or "Laws": "Law 70C2", "Law 44C/44D", "Laws 61-64, 67", "Laws 65D and
66D"."""

BARE_SUB = re.compile(rf"(?<![\w])[1-9]\d{SUB}(?![\w])")
"""A sub-law written without the word "Law": "(70A)", "62D1", "64C2(a)". Two digits and a
capital A-H, so that cards ("S10", "DA"), contracts ("4S-1", "3NT") and counts do not match."""

CODE_LITERAL = re.compile(
    rf"""(?:\bReason\(\s*|\bAssumption\(\s*(?:f?"[^"]*"|[\w.]+)\s*,\s*|\bcitation(?::\s*str)?\s*=\s*|"[\w-]+":\s*\(\s*)"(?P<cite>[1-9]\d{SUB}?)\""""
)
"""A citation as a string in code: ``Reason("71", ...)``, ``Assumption(name, "64A", ...)``,
``citation="64C2(a)"``, a table's ``"switch": ("70", text)``."""

MODULE = re.compile(r"(?<![A-Za-z])_?law(?P<law>\d{2})(?P<sub>[a-h]\d?)?(?![a-z0-9])")
"""Module and function names: ``law64``, ``law63a_established``, ``law67b2_deemed_revoke``."""


def normalise(citation: str) -> str:
    """One spelling per sub-law: "70C(3)" is 70C3, and "64C2(a)" keeps its letter item."""
    return re.sub(r"\((\d)\)", r"\1", citation)


def _expand(listing: str) -> set[str]:
    """The citations of a list after "Laws": ranges of whole Laws spelled out ("62-64")."""
    out: set[str] = set()
    parts = re.split(r"\s*(?:,|/|\band\b|\bor\b)\s*", listing)
    for part in parts:
        bounds = re.fullmatch(r"(\d+)\s*[-–]\s*(\d+)", part)
        if bounds:
            low, high = int(bounds[1]), int(bounds[2])
            out.update(str(n) for n in range(low, high + 1))
        elif re.fullmatch(CITE, part):
            out.add(part)
    return out


def citations_in(text: str, *, code: bool = False) -> set[str]:
    """Every Law and sub-law cited in ``text`` (``code``: Python source, which also cites in
    string literals and names)."""
    found: set[str] = set()
    for match in LAW_LIST.finditer(text):
        listing = match["list"]
        if match["head"] == "Law":  # singular: one citation, or two joined by a slash
            listing = re.split(r"\s*(?:,|\band\b|\bor\b|-|–)\s*", listing)[0]
        found |= _expand(listing)
    found.update(m[0] for m in BARE_SUB.finditer(text))
    if code:
        found.update(m["cite"] for m in CODE_LITERAL.finditer(text))
        found.update(m["law"] + (m["sub"] or "").upper() for m in MODULE.finditer(text))
    return {normalise(c) for c in found}


def sources() -> list[Path]:
    """The files whose citations docs/laws.md must cover."""
    code = sorted((ROOT / "solver").rglob("*.py"))
    docs = sorted(p for p in (ROOT / "docs").glob("*.md") if p != LAWS_DOC)
    return [*code, *docs, ROOT / "README.md"]


@cache
def cited() -> dict[str, list[str]]:
    """Citation -> the files that cite it (paths relative to the repository)."""
    where: dict[str, list[str]] = {}
    for path in sources():
        for citation in citations_in(path.read_text(), code=path.suffix == ".py"):
            where.setdefault(citation, []).append(str(path.relative_to(ROOT)))
    return where


def entries(markdown: str) -> set[str]:
    """The citations named by the headings of a document."""
    out: set[str] = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            out |= citations_in(line)
    return out


def missing(cited_here: dict[str, list[str]], markdown: str) -> list[str]:
    """The cited citations without an entry, each with the files that cite it."""
    have = entries(markdown)
    return [
        f"{c} (cited in {', '.join(cited_here[c])})" for c in sorted(cited_here) if c not in have
    ]


def test_the_citation_patterns() -> None:
    text = (
        "Law 70C(3) and 62D1, Laws 61-64, 67; Law 44C/44D; (Laws 65D and 66D); 64C2(a). "
        "Cards S10, D10 and CA; 4S-1 and 3NT+1 at 10 tricks; Law 70 footnote; WB 8.70.5."
    )
    assert citations_in(text) == {
        "70C3", "62D1", "61", "62", "63", "64", "67", "44C", "44D", "65D", "66D", "64C2(a)", "70",
    }  # fmt: skip
    code = (
        'Reason("71", text); Assumption(\n  "both",\n  "64A", t); citation="64C2(a)"\n'
        '"winners_first": ("70", "text"), x.replace("10", "T"), [Board "12"]\n'
        "def law63a_established(); _law71b(); solver.laws.law85; law67b2_deemed_revoke"
    )
    assert citations_in(code, code=True) == {
        "71", "64A", "64C2(a)", "70", "63A", "71B", "85", "67B2",
    }  # fmt: skip


def test_the_sources_cite_the_laws_the_rule_modules_encode() -> None:
    found = cited()
    modules = {p.stem[3:] for p in (ROOT / "solver" / "laws").glob("law[0-9]*.py")}
    assert modules, "no rule modules found"
    assert modules <= found.keys()
    assert {"44", "62D1", "64A1", "65D", "66D", "67B2", "70C2", "70D2", "79B"} <= found.keys()


def test_laws_doc_has_an_entry_for_every_citation() -> None:
    gaps = missing(cited(), LAWS_DOC.read_text())
    assert not gaps, "docs/laws.md has no entry for:\n" + "\n".join(gaps)


def test_a_removed_entry_is_named() -> None:
    """The check fails, naming the citation, when docs/laws.md loses an entry."""
    markdown = LAWS_DOC.read_text()
    without = "\n".join(line for line in markdown.splitlines() if not line.startswith("#### 64B6"))
    assert without != markdown, "docs/laws.md has no heading for 64B6"
    gaps = missing(cited(), without)
    assert [g.split(" ")[0] for g in gaps] == ["64B6"]


def test_laws_doc_documents_only_cited_laws() -> None:
    """Every heading's citation is one the code or the documentation makes."""
    extra = sorted(entries(LAWS_DOC.read_text()) - cited().keys())
    assert not extra, f"docs/laws.md has entries nothing cites: {extra}"
