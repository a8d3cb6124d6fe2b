"""Adjudication of a contested claim: the worst normal line for the claimer (Law 70).

The search is laid out in four compiled modules, each importing only those after it:

- ``search``: the branch-and-bound minimum (``Adjudicator``) and ``adjudicate``;
- ``bounds``: the sure-trick lower bounds it cuts with (``Bounds``, ``BOUNDS``);
- ``keys``: the memo keys, which positions count as the same (``Keys``);
- ``state``: the problem, the search state and the results (``ClaimProblem``, ``State``, ...);

and ``statements``, what the clarification statement prescribes, which ``search`` reads.
``docs/claims.md`` describes the model. This package module is plain Python: it only gathers
the names other modules use.
"""

from solver.bridge.masks import winner_without
from solver.engines.claims.bounds import BOUNDS, Bounds
from solver.engines.claims.keys import Keys
from solver.engines.claims.search import Adjudicator, adjudicate
from solver.engines.claims.state import (
    Adjudication,
    ClaimProblem,
    ClaimTimeout,
    LinePlay,
    Plan,
    Proved,
    State,
)

__all__ = [
    "BOUNDS",
    "Adjudication",
    "Adjudicator",
    "Bounds",
    "ClaimProblem",
    "ClaimTimeout",
    "Keys",
    "LinePlay",
    "Plan",
    "Proved",
    "State",
    "adjudicate",
    "winner_without",
]
