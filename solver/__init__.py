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

from typing import TYPE_CHECKING, Any

from solver.errors import CaseFileError, SolverError
from solver.facts import Case
from solver.facts.outcome import Outcome
from solver.facts.played import HistoryTrick, PlayedHistory
from solver.facts.policy import PRESETS, NormalPolicy
from solver.native import refuse_stale_builds

if TYPE_CHECKING:
    from solver.records import case_from_dict, load_case, loads_case
    from solver.rulings import Analysis, Ruling, analyse

refuse_stale_builds()

_LATER = {
    "case_from_dict": "solver.records",
    "load_case": "solver.records",
    "loads_case": "solver.records",
    "Analysis": "solver.rulings",
    "Ruling": "solver.rulings",
    "analyse": "solver.rulings",
}
"""Names imported on first use: every ``ruling`` command imports this package, and most need
neither the case-file reader nor the rulings (their import is a third of a second)."""


SUBPACKAGES = ("audit", "bridge", "desk", "engines", "facts", "laws", "records", "rulings")
"""Reached as ``solver.records.pbn`` after ``import solver`` alone, as the README writes them."""


def __getattr__(name: str) -> Any:
    import importlib

    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name]), name)
    if name in SUBPACKAGES:
        return importlib.import_module(f"solver.{name}")
    raise AttributeError(f"module 'solver' has no attribute {name!r}")


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
