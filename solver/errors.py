"""One error hierarchy. Messages name the file, the field and what was expected."""

from __future__ import annotations


class SolverError(Exception):
    """Base class of every error the tool reports to its user."""


class CaseFileError(SolverError, ValueError):
    """A case file (or record) that cannot be read as a valid case.

    ``str(error)`` is ``"<path>: <location>: <message>"``, the form the CLI prints.
    """

    def __init__(self, path: str, location: str, message: str) -> None:
        self.path = path
        self.location = location
        self.message = message
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
