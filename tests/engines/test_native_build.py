"""The compiled claim search (``setup.py``, mypyc) against its own Python source, and the guard
that refuses a compiled copy older than its source (``solver/native.py``).

mypyc compiles the annotated source as it stands, but it enforces the annotations at run time
and its integers, tuples and classes are its own: the test runs the interpreted source of the
same modules beside the compiled ones and requires the same result, the same line and the
same number of positions, claim by claim.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import sys
from dataclasses import fields, replace
from pathlib import Path
from types import ModuleType

import pytest

import solver.engines.claims.search as compiled_claims
from solver.bridge.masks import popcount
from solver.engines.claims import ClaimProblem, adjudicate
from solver.native import (
    COMPILED_SOURCES,
    ROOT,
    StaleBuildError,
    check_builds,
    fingerprint_file,
    is_compiled,
    stale_builds,
)
from tests.engines.test_claims_engine import random_claim, strong_claim

# --- the guard -----------------------------------------------------------------------------------


def tree_with_a_build(tmp_path: Path, built_from: str | None) -> Path:
    """A copy of the project's layout holding the claim search's source, a compiled copy, and
    the fingerprint of the source it was built from (``built_from``, none if None)."""
    source = tmp_path / "solver/engines/claims/search.py"
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n", encoding="utf-8")
    binary = source.with_name(f"{source.stem}.cpython-311-x86_64-linux-gnu.so")
    binary.write_bytes(b"")
    if built_from is not None:
        fingerprint_file(binary).write_text(built_from + "\n", encoding="utf-8")
    return tmp_path


def test_a_source_edited_after_its_build_is_refused_by_name(tmp_path: Path) -> None:
    root = tree_with_a_build(tmp_path, built_from=hashlib.sha256(b"x = 0\n").hexdigest())
    assert [s.name for s, _ in stale_builds(root)] == ["search.py"]
    with pytest.raises(StaleBuildError, match=r"solver/engines/claims/search\.py .*make install"):
        check_builds(root)


def test_a_compiled_copy_with_no_fingerprint_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StaleBuildError, match=r"search\.cpython-311"):
        check_builds(tree_with_a_build(tmp_path, built_from=None))


def test_a_build_from_the_source_as_it_is_is_accepted_whatever_its_file_times(
    tmp_path: Path,
) -> None:
    root = tree_with_a_build(tmp_path, built_from=hashlib.sha256(b"x = 1\n").hexdigest())
    source = root / "solver/engines/claims/search.py"
    os.utime(source, (source.stat().st_mtime + 3600,) * 2)  # rewritten later, same content
    check_builds(root)


def test_a_compiled_copy_of_a_module_no_longer_compiled_is_refused(tmp_path: Path) -> None:
    """An older build compiled modules that are now left interpreted (``problem.py``): Python
    would go on importing its copy, whatever the source says now."""
    root = tree_with_a_build(tmp_path, built_from=hashlib.sha256(b"x = 1\n").hexdigest())
    source = root / "solver/engines/problem.py"
    source.write_text("y = 1\n", encoding="utf-8")
    binary = source.with_name(f"{source.stem}.cpython-311-x86_64-linux-gnu.so")
    binary.write_bytes(b"")
    fingerprint_file(binary).write_text(hashlib.sha256(b"y = 1\n").hexdigest(), encoding="utf-8")
    assert [s.name for s, _ in stale_builds(root)] == ["problem.py"]
    with pytest.raises(StaleBuildError, match=r"problem\.py \(no longer compiled"):
        check_builds(root)


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
    """The compiled modules, interpreted from source, by dotted name."""
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
    return source["solver.engines.claims.state"].ClaimProblem(**(values | {"policy": policy}))


def same_search(problem: ClaimProblem, source: dict[str, ModuleType]) -> None:
    ours = adjudicate(problem, time_limit=60)
    theirs = source["solver.engines.claims.search"].adjudicate(in_source(problem, source), 60)
    assert (ours.claimer_tricks, ours.positions) == (theirs.claimer_tricks, theirs.positions)
    assert [(p.seat, p.card, p.wins_trick) for p in ours.line] == [
        (p.seat, p.card, p.wins_trick) for p in theirs.line
    ]


@requires_build
def test_the_compiled_search_runs_where_the_package_is_imported() -> None:
    for name in COMPILED_SOURCES:
        module = sys.modules[name.removesuffix(".py").replace("/", ".")]
        assert is_compiled(module.__file__), module.__file__


def test_popcount_counts_every_card_mask_as_int_bit_count_does() -> None:
    """``popcount`` runs on a native 64-bit integer when compiled, and masks reach bit 51: a
    trial of ``_suit_run`` on such integers hung on masks from 2**32 (its ``1 << card``)."""
    rng = random.Random(52)
    masks = [0, (1 << 52) - 1, 1 << 51, 1 << 32, (1 << 32) - 1]
    masks += [rng.getrandbits(rng.randint(1, 52)) for _ in range(20_000)]
    assert [popcount(mask) for mask in masks] == [mask.bit_count() for mask in masks]


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


def test_a_process_that_does_not_catch_a_stale_build_ends_with_its_message_and_code_3(
    tmp_path: Path,
) -> None:
    """The command line imports the package before it can catch anything: a stale build must
    end it with the message and the tool's "could not run" code, not a traceback and code 1
    (which reads as an undetermined ruling). An importer that catches it gets the error."""
    import subprocess

    root = tree_with_a_build(tmp_path, built_from=hashlib.sha256(b"x = 0\n").hexdigest())
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from solver.native import StaleBuildError, refuse_stale_builds\n"
        "try:\n"
        f"    refuse_stale_builds(Path({str(root)!r}))\n"
        "except StaleBuildError:\n"
        "    print('caught')\n"
        f"refuse_stale_builds(Path({str(root)!r}))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert ran.returncode == 3
    assert ran.stdout == "caught\n"
    assert ran.stderr.startswith("error: solver/engines/claims/search.py (changed since")
    assert "make install" in ran.stderr and "Traceback" not in ran.stderr
