"""The tool's version, in one place, for ``ruling --version`` and for the reports.

A ruling may be questioned later: the version that produced it says which code to rerun.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "bridge-ruling-solver"
"""The name in pyproject.toml, under which the installed package's metadata is found."""


def tool_version() -> str:
    """The installed version, or "unknown" when run from a tree that was never installed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"
