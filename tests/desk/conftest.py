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


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the session (tests/desk/postgres.py): its URL."""
    from tests.desk.postgres import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def log_target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """Where a test's ruling log is: a new SQLite file, or a new database on PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path_factory.mktemp("log") / "event.sqlite")
    from tests.desk.postgres import new_database

    server: str = request.getfixturevalue("postgres")
    return new_database(server)
