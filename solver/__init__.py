"""Verify disputed bridge tricks: every play history consistent with the facts, and the ruling.

>>> from solver import load_case, analyse
>>> analysis = analyse(load_case("cases/example-mixed-row.yaml"))
>>> analysis.ruling.result
'4S-1'
"""

from solver.errors import CaseFileError, SolverError
from solver.facts import Case
from solver.native import check_builds
from solver.records import case_from_dict, load_case, loads_case
from solver.rulings import Analysis, Ruling, analyse

check_builds()

__all__ = [
    "Analysis",
    "Case",
    "CaseFileError",
    "Ruling",
    "SolverError",
    "analyse",
    "case_from_dict",
    "load_case",
    "loads_case",
]
