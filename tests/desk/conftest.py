"""What the desk's tests share: one pool of ruling workers (starting one costs a second)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solver.desk.worker import RulingPool


@pytest.fixture(scope="session")
def pool() -> Iterator[RulingPool]:
    workers = RulingPool()
    yield workers
    workers.close()
