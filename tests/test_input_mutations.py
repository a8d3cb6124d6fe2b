"""A fixed sample of broken inputs (tests/input_mutations.py, which runs thousands): each is
ruled or refused as bad input, never an internal error or a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from tests.input_mutations import (
    CASES,
    Failure,
    mutant_case,
    record_boards,
    try_case,
    try_record,
)

CASE_SEEDS = range(0, 40)
RECORD_SEEDS = range(0, 40)


def _explained(failure: Failure | None) -> str:
    if failure is None:
        return ""
    return f"exit {failure.code} on {' '.join(failure.argv)}:\n{failure.message}\n{failure.text}"


@pytest.mark.parametrize("seed", CASE_SEEDS)
def test_a_broken_case_is_ruled_or_refused(seed: int, tmp_path: Path) -> None:
    failure = try_case(seed, tmp_path)
    assert failure is None, _explained(failure)


@pytest.fixture(scope="module")
def boards() -> list[tuple[str, str]]:
    return record_boards()


@pytest.mark.parametrize("seed", RECORD_SEEDS)
def test_a_broken_record_is_imported_or_refused(
    seed: int, tmp_path: Path, boards: list[tuple[str, str]]
) -> None:
    failure = try_record(seed, tmp_path, boards)
    assert failure is None, _explained(failure)


def test_the_mutants_are_broken_and_varied() -> None:
    """The sample is not the bundled cases again: most mutants differ from their source."""
    changed = 0
    for seed in CASE_SEEDS:
        source = CASES[seed % len(CASES)]
        mutant = yaml.safe_load(mutant_case(source, random.Random(seed)))
        changed += mutant != yaml.safe_load(source.read_text(encoding="utf-8"))
    assert changed >= len(CASE_SEEDS) * 3 // 4


def test_an_internal_error_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness reports exit 3: with the ruling itself failing, every mutant the reader
    accepts is a failure, with the command's message."""
    import solver.cli

    def broken(*args: object, **kwargs: object) -> None:
        raise IndexError("list index out of range")

    monkeypatch.setattr(solver.cli, "_ruling", broken)
    failures = [try_case(seed, tmp_path) for seed in range(10)]
    caught = [f for f in failures if f is not None]
    assert caught and all(f.code == 3 for f in caught)
    assert "internal error: IndexError: list index out of range" in caught[0].message
