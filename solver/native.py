"""The modules compiled with mypyc (``setup.py``), and a guard against running a stale build.

Python imports a compiled module (``search.cpython-311-x86_64-linux-gnu.so``) in preference to
its source (``search.py``) in the same folder. After an edit to the source, an editable install
would go on running the old compiled code, silently: a ruling from code that is no longer the
code under review. The build writes beside each compiled module the fingerprint of its source
(``search.source-sha256``), and ``check_builds`` refuses at import a compiled module whose
source no longer matches it (content, not file times: a checkout that rewrites a file unchanged
is no edit). Plain Python, no package imports:
``setup.py`` reads ``COMPILED_SOURCES`` from here before the package is installed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

COMPILED_SOURCES = (
    "solver/bridge/masks.py",
    "solver/facts/policy.py",
    "solver/laws/normal_play.py",
    "solver/engines/claims/state.py",
    "solver/engines/claims/statements.py",
    "solver/engines/claims/keys.py",
    "solver/engines/claims/bounds.py",
    "solver/engines/claims/search.py",
)
"""Relative to the project's top level: the claim search and what it calls per position (the
card-mask kernel, the policy's switches, the normal plays), each after the modules it imports.
Nothing else: the counting engines' ``compile_case`` and reference semantics stay interpreted,
so that an edit to them needs no rebuild."""

ROOT = Path(__file__).resolve().parent.parent


class StaleBuildError(ImportError):
    """A compiled module was built from other source than the one beside it."""


def fingerprint(source: Path) -> str:
    """What identifies a source file's content (SHA-256 of its bytes)."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def fingerprint_file(binary: Path) -> Path:
    """Where the build writes the fingerprint of the source a compiled module came from."""
    return binary.with_name(binary.name.split(".")[0] + ".source-sha256")


def compiled_copies(source: Path) -> list[Path]:
    """The compiled copies of ``source`` that Python would import instead of it."""
    return sorted(source.parent.glob(f"{source.stem}.*.so")) + sorted(
        source.parent.glob(f"{source.stem}.*.pyd")
    )


def orphan_builds(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """(source, compiled copy) pairs for modules compiled by an older build but no longer
    listed in ``COMPILED_SOURCES``: Python would still import the copy instead of the source."""
    listed = {root / name for name in COMPILED_SOURCES}
    orphans = []
    for binary in sorted((root / "solver").rglob("*.so")) + sorted(
        (root / "solver").rglob("*.pyd")
    ):
        source = binary.with_name(binary.name.split(".")[0] + ".py")
        if source.exists() and source not in listed:
            orphans.append((source, binary))
    return orphans


def stale_builds(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """(source, compiled copy) pairs where the copy was not built from the source as it is now
    (or its fingerprint is missing), or where the source is no longer compiled at all."""
    stale = orphan_builds(root)
    for name in COMPILED_SOURCES:
        source = root / name
        if not source.exists():
            continue
        for binary in compiled_copies(source):
            recorded = fingerprint_file(binary)
            built_from = recorded.read_text(encoding="utf-8").strip() if recorded.exists() else ""
            if built_from != fingerprint(source):
                stale.append((source, binary))
    return stale


def check_builds(root: Path = ROOT) -> None:
    """Raise ``StaleBuildError`` naming every compiled module whose source has changed."""
    stale = stale_builds(root)
    if stale:
        listed = {root / name for name in COMPILED_SOURCES}
        names = ", ".join(
            f"{source.relative_to(root)} (changed since {binary.name} was built)"
            if source in listed
            else f"{source.relative_to(root)} (no longer compiled, but {binary.name} is left)"
            for source, binary in stale
        )
        raise StaleBuildError(
            f"{names}. Rebuild with `make install` (or `pip install -e .`), or delete the "
            "compiled copies to run the pure-Python source."
        )


def refuse_stale_builds(root: Path = ROOT) -> None:
    """``check_builds`` at the package's import. The error goes on to the importer (a notebook
    sees it as any ImportError); a process that lets it go uncaught, as the command line does
    (it is raised before ``solver.cli`` can catch anything), ends with its message on stderr
    and exit code 3, the tool's code for "could not run", not a traceback and code 1, which
    would read as a ruling left undetermined."""
    try:
        check_builds(root)
    except StaleBuildError:
        import os
        import sys

        previous = sys.excepthook

        def refuse(kind: type[BaseException], error: BaseException, trace: object) -> None:
            if isinstance(error, StaleBuildError):
                print(f"error: {error}", file=sys.stderr)
                sys.stderr.flush()
                os._exit(3)
            previous(kind, error, trace)  # type: ignore[arg-type]

        sys.excepthook = refuse
        raise


def is_compiled(module_file: str | None) -> bool:
    """Whether a module was loaded from a compiled copy (its ``__file__``)."""
    return module_file is not None and not module_file.endswith(".py")
