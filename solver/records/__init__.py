"""Readers and writers: case files (YAML), PBN 2.1 and LIN records."""

from solver.records.casefile import case_from_dict, load_case, loads_case

__all__ = ["case_from_dict", "load_case", "loads_case"]
