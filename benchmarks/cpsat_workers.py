"""How CP-SAT's number of workers changes the time to decide the outcomes of mixed-row disputes.

    .venv/bin/python benchmarks/cpsat_workers.py [--disputes 25] [--seed 5] [--workers 1 2]

Disputes are drawn from the suite's real PBN records as ``tests/stress_real_records.py`` draws
them, keeping those with two or more rows mixed (where the search gives way to optimisation).
For each, ``decide_outcomes`` runs with CP-SAT at once (``first_search=0``) under each number
of workers (``solver.engines.cpsat.OPTIMISE_WORKERS``), in turn, and the seconds are kept; the
totals found must agree. Nothing asserts a time; results go to the terminal and to
``benchmarks/cpsat-workers-results.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import solver  # noqa: E402
from solver.engines import compile_case, cpsat, decide_outcomes  # noqa: E402
from tests.stress_real_records import dispute, records  # noqa: E402

RESULTS = REPO / "benchmarks" / "cpsat-workers-results.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--disputes", type=int, default=25)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--time-limit", type=float, default=20.0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    boards = records()
    seconds: dict[int, list[float]] = {w: [] for w in args.workers}
    drawn = 0
    while drawn < args.disputes:
        data = dispute(rng, rng.choice(boards), revokes=False)
        if sum(isinstance(row, dict) for row in data["play"]["rows"].values()) < 2:
            continue
        problem = compile_case(solver.loads_case(yaml.safe_dump(data)))
        drawn += 1
        totals = set()
        for workers in args.workers:
            cpsat.OPTIMISE_WORKERS = workers
            started = time.monotonic()
            found, _ = decide_outcomes(problem, time_limit=args.time_limit, first_search=0)
            seconds[workers].append(time.monotonic() - started)
            totals.add((tuple(sorted(found.outcomes)), found.totals_proved))
        if len(totals) != 1:
            print(f"dispute {drawn}: the totals differ between worker counts: {totals}")
            return 1
        print(f"{drawn:3d}  " + "  ".join(f"{w}: {seconds[w][-1]:.2f} s" for w in args.workers))
    summary = {
        str(w): {
            "median": round(statistics.median(s), 3),
            "max": round(max(s), 3),
            "total": round(sum(s), 2),
        }
        for w, s in seconds.items()
    }
    for workers, figures in summary.items():
        print(f"{workers} worker(s): {figures}")
    RESULTS.write_text(
        json.dumps(
            {
                "disputes": args.disputes,
                "seed": args.seed,
                "load_average_at_end": os.getloadavg()[0],
                "seconds": summary,
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
