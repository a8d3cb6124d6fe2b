"""One error hierarchy. Messages name the file, the field and what was expected."""

from __future__ import annotations

import argparse
import os
import stat
import sys


class SolverError(Exception):
    """Base class of every error the tool reports to its user."""


MESSAGE_LIMIT = 2000
"""The longest message of a ``CaseFileError``, in characters: a reader quotes what it refuses,
and a 200 KB line of a record must not be printed back whole (the longest message the tool
writes itself is under 1,000)."""


def cut_message(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` cut at ``limit`` characters, saying so.

    >>> cut_message("x" * 3000)[-43:]
    'x… (the message is cut at 2,000 characters)'
    """
    if len(message) <= limit:
        return message
    return f"{message[:limit]}… (the message is cut at {limit:,} characters)"


class CaseFileError(SolverError, ValueError):
    """A case file (or record) that cannot be read as a valid case.

    ``str(error)`` is ``"<path>: <location>: <message>"``, the form the CLI prints.
    """

    def __init__(self, path: str, location: str, message: str) -> None:
        self.path = path
        self.location = location
        self.message = cut_message(message)
        self.record: int | None = None
        """For a board of a PBN or LIN record that could not be read: its place in the file,
        from 1 (set by the readers, so that an audit can list it in its own row)."""
        self.board: int | None = None
        """And its board number, when the reader got that far."""
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.location:
            return f"{self.path}: {self.location}: {self.message}"
        return f"{self.path}: {self.message}"


class SettingsError(SolverError, ValueError):
    """Settings that cannot be used: an unknown preset, class of player or judgement, or an
    audit resumed under other settings than those of the run it resumes."""


class EngineError(SolverError):
    """An engine could not answer (for instance, it does not handle positions that large)."""


class InternalError(SolverError):
    """A failure of the tool itself, not of its input: two engines that must agree do not, or a
    result that must exist cannot be traced. The command exits 3 and asks for a report; bad
    input stays exit 2."""


MAX_INPUT_BYTES = 128 * 1024**2
"""The largest file the tool reads (128 MiB): several times the largest archive it is meant
for (a World Championship's records, some 20 MB), so that a wrong path (a disk image, a log)
is refused before it fills the memory."""


STANDARD_INPUT = "-"
"""The path that names standard input (``ruling check -``), as Unix commands use it."""


def file_name(text: str) -> str:
    """A file name given on the command line (argparse's ``type``), refused when empty: a
    message about the file '' reads ``error: : no such file``, and ``--log ""`` would open a
    database in memory.

    >>> file_name("case.yaml")
    'case.yaml'
    """
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got an empty one")
    return text


def input_name(path: str | os.PathLike[str]) -> str:
    """How messages name an input: its path, or "standard input" for ``-``."""
    return "standard input" if str(path) == STANDARD_INPUT else str(path)


def input_file_problem(path: str | os.PathLike[str], pipes: bool = False) -> str | None:
    """What makes ``path`` no file to read, said before reading it: a device or a socket
    (``/dev/zero`` would be read for ever), a terminal given as ``-``, or a file larger than
    ``MAX_INPUT_BYTES``; and a pipe, unless ``pipes`` (a command that reads its input once:
    ``check``, ``import``, ``export``; ``read_input`` then stops at the same size). None when
    it may be read; a folder or a path that does not exist is left to the reader, which says
    so in its own words."""
    try:
        info = os.fstat(0) if str(path) == STANDARD_INPUT else os.stat(path)
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(info.st_mode):
        return None
    standard, regular = str(path) == STANDARD_INPUT, stat.S_ISREG(info.st_mode)
    piped = stat.S_ISFIFO(info.st_mode)
    if standard and not pipes:
        return "cannot be read here (expected a file: this command reads its files more than once)"
    if piped and not pipes:
        return "is a pipe (expected a file: this command reads its files more than once)"
    if standard and not (regular or piped):
        return (
            "is a terminal or a device (expected a case or a record piped in: "
            "ruling check - < case.yaml)"
        )
    if not (regular or piped):
        return "is not a regular file (a device, a pipe or a socket: expected a file to read)"
    if regular and info.st_size > MAX_INPUT_BYTES:
        return (
            f"is {info.st_size / 1024**2:,.0f} MiB, too large to be a case file or a record "
            f"(expected at most {MAX_INPUT_BYTES // 1024**2} MiB)"
        )
    return None


def read_input(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a file a command reads. A pipe or standard input (``-``) gives its bytes
    once: it is read up to ``MAX_INPUT_BYTES`` (more is refused: ``CaseFileError``), and a
    caller that needs the text again keeps it (``read_case``); a file is read as it is. Raises
    ``OSError`` as ``Path.read_bytes`` does."""
    if str(path) == STANDARD_INPUT:
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        with open(path, "rb") as stream:
            if not stat.S_ISFIFO(os.fstat(stream.fileno()).st_mode):
                return stream.read()
            data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise CaseFileError(
            input_name(path),
            "",
            f"holds more than {MAX_INPUT_BYTES // 1024**2} MiB, too much for a case file or a "
            "record",
        )
    return data


def check_input_file(path: str | os.PathLike[str], pipes: bool = False) -> None:
    """Raise ``CaseFileError`` (exit 2) for a path ``input_file_problem`` refuses."""
    problem = input_file_problem(path, pipes)
    if problem is not None:
        raise CaseFileError(input_name(path), "", problem)
