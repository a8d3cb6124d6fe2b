"""Readers and writers: case files (YAML), PBN 2.1 and LIN records."""

from typing import Any

from solver.records.casefile import case_from_dict, load_case, loads_case, read_case

MODULES = ("export", "lin", "lin_write", "pbn", "pbn_write", "record", "to_case")
"""Reached as ``solver.records.pbn`` without importing each first (the README's names)."""


def __getattr__(name: str) -> Any:
    if name in MODULES:
        import importlib

        return importlib.import_module(f"solver.records.{name}")
    raise AttributeError(f"module 'solver.records' has no attribute {name!r}")


__all__ = ["case_from_dict", "load_case", "loads_case", "read_case"]
