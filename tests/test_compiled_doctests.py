"""The examples in the docstrings of the compiled modules (``solver.native.COMPILED_SOURCES``).

``--doctest-modules`` cannot collect them (the top-level ``conftest.py`` says why), so they are
read here from the source text and run against the module as imported: the compiled code when
it is built, the source when not. A docstring example that goes wrong fails here like any other.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

from solver.native import COMPILED_SOURCES, ROOT


def _docstrings(source: Path) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module and of every class and function in it."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}.{child.name}"
                text = ast.get_docstring(child, clean=False)
                if text:
                    found.append((name, text, child.lineno))
                visit(child, name)

    module = ".".join(Path(source).relative_to(ROOT).with_suffix("").parts)
    text = ast.get_docstring(tree, clean=False)
    if text:
        found.append((module, text, 1))
    visit(tree, module)
    return found


def _examples() -> list[tuple[str, str, str, int]]:
    out = []
    for relative in COMPILED_SOURCES:
        source = ROOT / relative
        for name, text, line in _docstrings(source):
            if ">>>" in text:
                out.append((relative, name, text, line))
    return out


EXAMPLES = _examples()


def test_the_compiled_modules_have_examples_to_run() -> None:
    assert EXAMPLES, "no docstring example found in the compiled modules"


@pytest.mark.parametrize(
    ("relative", "name", "text", "line"), EXAMPLES, ids=[example[1] for example in EXAMPLES]
)
def test_docstring_examples_of_compiled_modules(
    relative: str, name: str, text: str, line: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the examples name case files from the top of the repository
    module = importlib.import_module(".".join(Path(relative).with_suffix("").parts))
    test = doctest.DocTestParser().get_doctest(text, dict(vars(module)), name, relative, line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=lambda report: print(report, end=""))
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
    assert result.attempted > 0
