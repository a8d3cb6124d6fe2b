"""The files a newcomer meets first build and run without noise: licence, notebooks, pytest."""

from __future__ import annotations

import re
import tomllib
import warnings
from pathlib import Path

ROOT = Path(__file__).parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_string_with_its_file() -> None:
    """A table ``{text = ...}`` makes setuptools warn at every build (deprecated from 77)."""
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 the bridge-ruling-solver authors" in text
    setuptools = next(
        r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")
    )
    minimum = re.fullmatch(r"setuptools>=(\d+)", setuptools)
    assert minimum is not None and int(minimum.group(1)) >= 77, setuptools


def test_every_notebook_cell_has_an_id() -> None:
    """Without ids nbformat warns (MissingIDFieldWarning) at each read, and nbmake reads them."""
    import nbformat

    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks
    for path in notebooks:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
            nbformat.validate(notebook)
        assert (notebook.nbformat, notebook.nbformat_minor) >= (4, 5), path.name
        ids = [cell.get("id") for cell in notebook.cells]
        assert all(ids) and len(set(ids)) == len(ids), path.name


def test_pytest_summarises_why_tests_were_skipped() -> None:
    """A skipped test is named with its reason at the end of the run (``-rs``)."""
    assert "-rs" in PYPROJECT["tool"]["pytest"]["ini_options"]["addopts"].split()
