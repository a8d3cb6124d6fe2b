"""A real PostgreSQL server for the ruling log's tests, from Debian's postgresql package.

Started once per test session on a free port of 127.0.0.1, in a fresh data folder (trust
authentication, nothing listening beyond this machine), and stopped at the end. Run as root
(CI), the server runs as the ``postgres`` user the package creates: PostgreSQL refuses root.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.desk.live import free_port

USER = "ruling"
_databases = count(1)


def bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: `make test` installs Debian's postgresql package "
            "(apt-get install postgresql)"
        )
    return Path(found[-1]).parent


def _version(path: str) -> int:
    return int(Path(path).parts[-3])


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a fresh PostgreSQL server's maintenance database, until the block ends."""
    bins = bin_dir()
    data = Path(tempfile.mkdtemp(prefix="ruling-pg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(data, owner.pw_uid, owner.pw_gid)
    port = free_port()
    subprocess.run(
        _as_server_user([str(bins / "initdb"), "-D", str(data), "-A", "trust", "-U", USER]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {data} -h 127.0.0.1 -F"
    pg_ctl = str(bins / "pg_ctl")
    log = data / "server.log"
    start = [pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "60", "start"]
    # the server outlives pg_ctl: its output goes to the log file, never to a pipe we wait on
    subprocess.run(
        _as_server_user(start),
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield f"postgresql://{USER}@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_server_user([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(data, ignore_errors=True)


def new_database(server: str) -> str:
    """A new, empty database on ``server``: its URL."""
    name = f"event_{os.getpid()}_{next(_databases)}"
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return server.rsplit("/", 1)[0] + f"/{name}"
