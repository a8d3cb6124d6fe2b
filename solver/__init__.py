"""Verify disputed bridge tricks: every play history consistent with the facts, and the ruling.

>>> from solver import load_case, analyse
>>> analysis = analyse(load_case("cases/example-mixed-row.yaml"))
>>> analysis.ruling.result
'4S-1'
>>> [(outcome.declarer_tricks, count) for outcome, count in analysis.found.groups.items()]
[(9, 1536), (10, 768)]
>>> print(analysis.histories()[0].tricks[0])
 1 W: C3 CK CA C6 (won by E)
>>> strict = PRESETS["WBF2017"]
>>> isinstance(strict, NormalPolicy)
True
"""

from solver.errors import CaseFileError, SolverError
from solver.facts import Case
from solver.facts.outcome import Outcome
from solver.facts.played import HistoryTrick, PlayedHistory
from solver.facts.policy import PRESETS, NormalPolicy
from solver.native import check_builds
from solver.records import case_from_dict, load_case, loads_case
from solver.rulings import Analysis, Ruling, analyse

check_builds()

__all__ = [
    "PRESETS",
    "Analysis",
    "Case",
    "CaseFileError",
    "HistoryTrick",
    "NormalPolicy",
    "Outcome",
    "PlayedHistory",
    "Ruling",
    "SolverError",
    "analyse",
    "case_from_dict",
    "load_case",
    "loads_case",
]
