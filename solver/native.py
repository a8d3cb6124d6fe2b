"""The modules compiled with mypyc (``setup.py``), and a guard against running a stale build.

Python imports a compiled module (``claims.cpython-311-x86_64-linux-gnu.so``) in preference to
its source (``claims.py``) in the same folder. After an edit to the source, an editable install
would go on running the old compiled code, silently: a ruling from code that is no longer the
code under review. ``check_builds`` refuses that at import. Plain Python, no package imports:
``setup.py`` reads ``COMPILED_SOURCES`` from here before the package is installed.
"""

from __future__ import annotations

from pathlib import Path

COMPILED_SOURCES = (
    "solver/engines/problem.py",
    "solver/laws/normal_play.py",
    "solver/engines/claims.py",
)
"""Relative to the project's top level: the claim search and what it calls per position, each
after the modules it imports."""

SLACK_SECONDS = 2.0
"""An installer writes a module's source and its compiled copy within moments of each other, in
either order; an edit after a build comes much later than this."""

ROOT = Path(__file__).resolve().parent.parent


class StaleBuildError(ImportError):
    """A compiled module is older than its source."""


def compiled_copies(source: Path) -> list[Path]:
    """The compiled copies of ``source`` that Python would import instead of it."""
    return sorted(source.parent.glob(f"{source.stem}.*.so")) + sorted(
        source.parent.glob(f"{source.stem}.*.pyd")
    )


def stale_builds(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """(source, compiled copy) pairs where the source changed after the copy was built."""
    stale = []
    for name in COMPILED_SOURCES:
        source = root / name
        if not source.exists():
            continue
        for binary in compiled_copies(source):
            if source.stat().st_mtime > binary.stat().st_mtime + SLACK_SECONDS:
                stale.append((source, binary))
    return stale


def check_builds(root: Path = ROOT) -> None:
    """Raise ``StaleBuildError`` naming every compiled module older than its source."""
    stale = stale_builds(root)
    if stale:
        names = ", ".join(
            f"{source.relative_to(root)} (newer than {binary.name})" for source, binary in stale
        )
        raise StaleBuildError(
            f"changed since compiled: {names}. Rebuild with `make install` (or "
            "`pip install -e .`), or delete the compiled copies to run the pure-Python source."
        )


def is_compiled(module_file: str | None) -> bool:
    """Whether a module was loaded from a compiled copy (its ``__file__``)."""
    return module_file is not None and not module_file.endswith(".py")
