"""What calling the claims search from a roomy frame saves (``solver.engines.stack``).

    .venv/bin/python benchmarks/stack_room.py [--deal N] [--depths 0,3,...]

One trick-1 claim of ``benchmarks/claims.py`` (deal 18 by default: 3NT, nothing said, about a
second) is adjudicated from several depths of the caller's stack, as the search ran before
(``Adjudicator.value`` and ``line`` called directly) and as ``adjudicate`` runs it now (through
``with_room``). Per run: seconds, user and system CPU seconds, and minor page faults. Without the
room, the time spent in the kernel depends on the caller's depth alone; with it, it should not.
Nothing is asserted: it measures.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from claims import POLICY, trick_one_claims  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from solver.engines.claims import Adjudicator, ClaimProblem  # noqa: E402
from solver.engines.stack import with_room  # noqa: E402


def at_depth(depth: int, run: Callable[[], object]) -> object:
    """``run()`` called ``depth`` Python frames below here."""
    return at_depth(depth - 1, run) if depth else run()


def measure(problem: ClaimProblem, depth: int, roomy: bool) -> list[str]:
    solver = Adjudicator(problem)
    start = solver.start()

    def search() -> object:
        return (solver.value(start), solver.line(start))

    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.monotonic()
    at_depth(depth, (lambda: with_room(search)) if roomy else search)
    elapsed = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    return [
        f"{elapsed:.2f}",
        f"{after.ru_utime - before.ru_utime:.2f}",
        f"{after.ru_stime - before.ru_stime:.2f}",
        f"{after.ru_minflt - before.ru_minflt:,}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", type=int, default=18)
    parser.add_argument("--depths", default="0,3,6,9,12,15,18,21,24")
    args = parser.parse_args()
    label, claim, trump = trick_one_claims(args.deal, 1)[args.deal - 1]
    problem = ClaimProblem.from_claim(claim, trump, POLICY)
    table = Table(title=f"Trick-1 {label}: the search from several caller depths")
    for column in ("depth", "room", "s", "user s", "system s", "minor faults"):
        table.add_column(column, justify="right")
    for depth in (int(d) for d in args.depths.split(",")):
        for roomy in (False, True):
            table.add_row(str(depth), "yes" if roomy else "no", *measure(problem, depth, roomy))
    Console().print(table)


if __name__ == "__main__":
    main()
