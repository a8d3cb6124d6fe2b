"""``make test-fast`` leaves out the tests ``conftest.SLOW`` names: each name must still lead to a
test, or a renamed slow test would silently join the fast subset (or a typo leave one out)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import SLOW

ROOT = Path(__file__).parents[1]


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


@pytest.mark.parametrize("prefix", SLOW)
def test_every_slow_prefix_names_a_test(prefix: str) -> None:
    file, _, name = prefix.partition("::")
    path = ROOT / file
    assert path.is_file(), f"{file} does not exist"
    names = _test_names(path)
    assert names, f"{file} has no test"
    assert not name or any(test.startswith(name) for test in names), (
        f"no test of {file} starts with {name}"
    )
