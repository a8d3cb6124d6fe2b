"""The ruling log: every case ruled from the desk (or ``ruling check --log``), kept with its
ruling, the tool version that produced it and the time, through SQLAlchemy.

A plain path is an SQLite file (one per event, in write-ahead-log mode so that readers never
block a writer, with a busy timeout so that two writers queue instead of failing); any
``dialect://`` URL is handed to SQLAlchemy as it is (``postgresql://user@host/event``). Each
ruling is one row written in its own transaction: two directors ruling at once lose nothing.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.schema import CreateIndex, CreateTable

from solver.errors import SolverError
from solver.version import tool_version

SQLITE_BUSY_MS = 30_000
"""How long an SQLite writer waits for another's transaction to end before it gives up."""

_metadata = MetaData()
rulings = Table(
    "rulings",
    _metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("board", Integer, nullable=True, index=True),
    Column("title", Text, nullable=False),
    Column("status", String(20), nullable=False),
    Column("result", String(20), nullable=True),
    Column("declarer_tricks", Integer, nullable=True),
    Column("facts", Text, nullable=False),
    Column("ruling", Text, nullable=False),
    Column("tool_version", String(40), nullable=False),
    Column("ruled_at", DateTime(timezone=True), nullable=False),
    Column("source", Text, nullable=True),
)


class LogError(SolverError):
    """The ruling log cannot be opened or written (a bad URL, a database that refuses)."""


@dataclass(frozen=True)
class Entry:
    """One ruling in the log: the facts exactly as entered, and the ruling's JSON."""

    id: int
    board: int | None
    title: str
    status: str
    result: str | None
    declarer_tricks: int | None
    facts_text: str
    """The case as entered, as YAML: the case file itself for ``ruling check --log``, and
    the YAML that "Save" writes for the page (JSON would turn the keys of a mapping such as
    ``expect.outcomes`` into strings)."""
    ruling: dict[str, Any]
    tool_version: str
    ruled_at: datetime
    source: str | None

    @property
    def facts(self) -> dict[str, Any]:
        """The case as entered, as the dict a case file holds."""
        from solver.records.yamlload import load_yaml

        data = load_yaml(self.facts_text, f"ruling {self.id} of the log")
        return data if isinstance(data, dict) else {}

    def summary(self) -> dict[str, Any]:
        """The fields the list of an event's rulings shows."""
        return {
            "id": self.id,
            "board": self.board,
            "title": self.title,
            "status": self.status,
            "result": self.result,
            "declarer_tricks": self.declarer_tricks,
            "tool_version": self.tool_version,
            "ruled_at": self.ruled_at.isoformat(timespec="seconds"),
        }


def database_url(target: str) -> str:
    """A URL as given, or a plain path as the URL of an SQLite file.

    >>> database_url("event.sqlite")
    'sqlite:///event.sqlite'
    >>> database_url("postgresql://director@localhost/congress")
    'postgresql://director@localhost/congress'
    """
    return target if "://" in target else f"sqlite:///{target}"


class RulingLog:
    """The log of one event (one SQLite file or one database); the table is made on first use."""

    def __init__(self, target: str) -> None:
        self.url = database_url(target)
        try:
            self._engine: Engine = create_engine(self.url)
        except (ArgumentError, ImportError, SQLAlchemyError) as error:
            raise LogError(f"not a database this tool can open ({error})") from None
        self.shown = self._engine.url.render_as_string(hide_password=True)
        """The URL as the page and messages may show it: without its password."""
        if self._engine.dialect.name == "sqlite" and self._engine.url.database in (
            None,
            "",
            ":memory:",
        ):
            # "" and "sqlite://" open a database in memory: every ruling would be lost unsaid
            raise LogError(
                "an SQLite database in memory keeps nothing once the command ends (expected a "
                "file name, like ruling-log.sqlite, or a database URL)"
            )
        if self._engine.dialect.name == "sqlite":
            event.listen(self._engine, "connect", _sqlite_pragmas)
        self._create_table()

    def _create_table(self) -> None:
        """Make the table and its index unless they exist. Two directors opening a new log at
        once race to make them: ``IF NOT EXISTS`` settles it on SQLite, and PostgreSQL, which
        can still refuse the second of two concurrent creations, is asked again."""
        attempts = 5
        for attempt in range(attempts):
            try:
                with self._engine.begin() as connection:
                    connection.execute(CreateTable(rulings, if_not_exists=True))
                    for index in rulings.indexes:
                        connection.execute(CreateIndex(index, if_not_exists=True))
                return
            except SQLAlchemyError as error:
                if attempt == attempts - 1:
                    raise LogError(f"cannot be opened ({_first_line(error)})") from None
                time.sleep(0.05 * (attempt + 1))

    def add(
        self,
        facts: dict[str, Any],
        ruling: dict[str, Any],
        source: str | None = None,
        *,
        text: str | None = None,
    ) -> int:
        """Keep one ruling (its own transaction); returns its id. ``text``: the case file as
        written, kept instead of the YAML made from ``facts``."""
        from solver.records.to_case import case_yaml

        board = facts.get("board")
        verdict = ruling.get("ruling") or {}
        row = {
            "board": board if isinstance(board, int) and not isinstance(board, bool) else None,
            "title": str(facts.get("title", "")),
            "status": str(ruling.get("status", "")),
            "result": verdict.get("result"),
            "declarer_tricks": verdict.get("declarer_tricks"),
            "facts": text if text is not None else case_yaml(facts),
            "ruling": json.dumps(ruling, ensure_ascii=False),
            "tool_version": tool_version(),
            "ruled_at": datetime.now(UTC),
            "source": source,
        }
        try:
            with self._engine.begin() as connection:
                result = connection.execute(insert(rulings).values(**row))
                key = result.inserted_primary_key
        except SQLAlchemyError as error:
            raise LogError(f"cannot be written ({_first_line(error)})") from None
        assert key is not None
        return int(key[0])

    def entries(self) -> list[Entry]:
        """Every ruling of the event, by board (boards without a number last), then in order."""
        query = select(rulings).order_by(rulings.c.board.is_(None), rulings.c.board, rulings.c.id)
        return self._read(query)

    def get(self, entry_id: int) -> Entry | None:
        found = self._read(select(rulings).where(rulings.c.id == entry_id))
        return found[0] if found else None

    def board(self, board: int) -> list[Entry]:
        """Every ruling of one board, first to last: a re-ruling stands beside the first."""
        return self._read(select(rulings).where(rulings.c.board == board).order_by(rulings.c.id))

    def _read(self, query: Any) -> list[Entry]:
        try:
            with self._engine.connect() as connection:
                rows = connection.execute(query).mappings().all()
        except SQLAlchemyError as error:
            raise LogError(f"cannot be read ({_first_line(error)})") from None
        return [
            Entry(
                id=row["id"],
                board=row["board"],
                title=row["title"],
                status=row["status"],
                result=row["result"],
                declarer_tricks=row["declarer_tricks"],
                facts_text=row["facts"],
                ruling=json.loads(row["ruling"]),
                tool_version=row["tool_version"],
                ruled_at=_aware(row["ruled_at"]),
                source=row["source"],
            )
            for row in rows
        ]

    def close(self) -> None:
        self._engine.dispose()


def _aware(moment: datetime) -> datetime:
    """SQLite gives back a naive time: the log writes UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
    cursor.close()


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__
