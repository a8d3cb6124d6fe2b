"""The compiled claim search (``setup.py``, mypyc) against its own Python source, and the guard
that refuses a compiled copy older than its source (``solver/native.py``).

mypyc compiles the annotated source as it stands, but it enforces the annotations at run time
and its integers, tuples and classes are its own: the test runs the interpreted source of the
same three modules beside the compiled ones and requires the same result, the same line and the
same number of positions, claim by claim.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from dataclasses import fields, replace
from pathlib import Path
from types import ModuleType

import pytest

import solver.engines.claims as compiled_claims
from solver.engines.claims import ClaimProblem, adjudicate
from solver.native import (
    COMPILED_SOURCES,
    ROOT,
    StaleBuildError,
    check_builds,
    is_compiled,
    stale_builds,
)
from tests.engines.test_claims_engine import random_claim, strong_claim

# --- the guard -----------------------------------------------------------------------------------


def tree_with_a_build(tmp_path: Path, source_age: float, binary_age: float) -> Path:
    """A copy of the project's layout holding one compiled module's source and compiled copy,
    aged (seconds before now) as given."""
    source = tmp_path / "solver/engines/claims.py"
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n", encoding="utf-8")
    binary = source.with_name(f"{source.stem}.cpython-311-x86_64-linux-gnu.so")
    binary.write_bytes(b"")
    now = source.stat().st_mtime
    os.utime(source, (now - source_age, now - source_age))
    os.utime(binary, (now - binary_age, now - binary_age))
    return tmp_path


def test_a_source_edited_after_its_build_is_refused_by_name(tmp_path: Path) -> None:
    root = tree_with_a_build(tmp_path, source_age=10, binary_age=600)
    assert [s.name for s, _ in stale_builds(root)] == ["claims.py"]
    with pytest.raises(StaleBuildError, match=r"solver/engines/claims\.py .*make install"):
        check_builds(root)


def test_a_build_newer_than_its_source_or_written_with_it_is_accepted(tmp_path: Path) -> None:
    check_builds(tree_with_a_build(tmp_path / "newer", source_age=600, binary_age=10))
    check_builds(tree_with_a_build(tmp_path / "together", source_age=10, binary_age=11))


def test_the_installed_package_passed_the_guard() -> None:
    assert stale_builds() == []


# --- compiled and interpreted agree --------------------------------------------------------------

requires_build = pytest.mark.skipif(
    not is_compiled(compiled_claims.__file__),
    reason="the claim search is not compiled here (no C compiler, or BRIDGE_SOLVER_PURE_PYTHON)",
)


def interpreted(name: str, modules: dict[str, ModuleType]) -> ModuleType:
    """The module's Python source, run afresh, importing the ``modules`` given in place of the
    compiled ones (restored afterwards)."""
    dotted = name.removesuffix(".py").replace("/", ".")
    spec = importlib.util.spec_from_file_location(f"interpreted_{dotted}", ROOT / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = {key: sys.modules[key] for key in modules}
    sys.modules.update(modules)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.update(saved)
    modules[dotted] = module
    return module


@pytest.fixture(scope="module")
def source() -> dict[str, ModuleType]:
    """The three compiled modules, interpreted from source, by dotted name."""
    modules: dict[str, ModuleType] = {}
    for name in COMPILED_SOURCES:  # in the order they import each other
        interpreted(name, modules)
    return modules


def in_source(problem: ClaimProblem, source: dict[str, ModuleType]) -> object:
    """The same problem built from the interpreted modules' classes."""
    policy = source["solver.laws.normal_play"].NormalPolicy(
        **{f.name: getattr(problem.policy, f.name) for f in fields(problem.policy)}
    )
    values = {f.name: getattr(problem, f.name) for f in fields(problem)}
    return source["solver.engines.claims"].ClaimProblem(**(values | {"policy": policy}))


def same_search(problem: ClaimProblem, source: dict[str, ModuleType]) -> None:
    ours = adjudicate(problem, time_limit=60)
    theirs = source["solver.engines.claims"].adjudicate(in_source(problem, source), 60)
    assert (ours.claimer_tricks, ours.positions) == (theirs.claimer_tricks, theirs.positions)
    assert [(p.seat, p.card, p.wins_trick) for p in ours.line] == [
        (p.seat, p.card, p.wins_trick) for p in theirs.line
    ]


@requires_build
def test_the_compiled_search_runs_where_the_package_is_imported() -> None:
    for name in COMPILED_SOURCES:
        module = sys.modules[name.removesuffix(".py").replace("/", ".")]
        assert is_compiled(module.__file__), module.__file__


@requires_build
@pytest.mark.parametrize("seed", range(40))
def test_compiled_and_interpreted_searches_agree_on_random_claims(
    seed: int, source: dict[str, ModuleType]
) -> None:
    rng = random.Random(seed)
    problem, _ = random_claim(rng, 5, defenders=True)
    same_search(problem, source)


@requires_build
@pytest.mark.parametrize("seed", range(8))
def test_compiled_and_interpreted_searches_agree_on_larger_endings(
    seed: int, source: dict[str, ModuleType]
) -> None:
    problem = strong_claim(random.Random(1000 + seed), 7)
    same_search(problem, source)
    barred = replace(problem, opponents_ruff=False)
    same_search(barred, source)
