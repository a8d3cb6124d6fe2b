"""How often the count's estimate holds the exact count: the estimator's interval, measured.

    .venv/bin/python benchmarks/estimate_calibration.py [--probes N ...] [--seeds K] [--limit S]
        [--jobs J]

When a count runs past its time limit, ``ruling check`` gives what it counted (a lower bound)
and an estimate with an approximate 95 % interval (Knuth's tree-size estimator; the interval
``solver.engines.interval`` makes; docs/case-format.md, ``histories.estimate``). This holds the
interval to the exact count: for every bundled dispute of ``cases/`` (the claims aside: they
are not counted that way) and two variants of each with the play after a trick forgotten
(``tests.input_mutations.forget_play``: its rows dropped, or its agreed tricks cut, so that
every way of playing the rest counts), the exact count is made when it takes under ``--limit``
seconds and has at least 50 histories, and the estimator is run with each number of probes of
``--probes`` (seeded; ``--seeds`` runs each that many times, seeds 1, 2, ...). A sound
interval misses about one time in twenty; a heavy-tailed tree, estimated with few probes,
misses more, nearly always below (the rare probe that would lift the mean has not been
drawn), which the skewness correction of the interval is there to offset. Each estimate also
records the normal interval alone (mean ± 1.96 standard errors), for comparison. Nothing
asserts a figure; results go to the terminal and to
``benchmarks/estimate-calibration-results.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from solver.engines import compile_case, find_consistent, search  # noqa: E402
from solver.engines.interval import mean_and_interval, normal_interval  # noqa: E402
from solver.engines.problem import CARDS_WEIGHT  # noqa: E402
from solver.errors import SolverError  # noqa: E402
from solver.records import loads_case  # noqa: E402
from tests.input_mutations import forget_play  # noqa: E402
from tests.time_limit import TooSlow, time_limit  # noqa: E402

RESULTS = REPO / "benchmarks" / "estimate-calibration-results.json"
VARIANTS = (0, 1, 2)
"""0: the case as bundled; 1 and 2: the seeds of ``forget_play``."""
LEAST_COUNT = 50
"""Smaller counts are left out: a handful of histories is counted exactly anyway."""


def disputes() -> list[Path]:
    return sorted(
        path
        for path in (REPO / "cases").rglob("*.yaml")
        if "invalid" not in path.parts and "claims" not in path.parts
    )


def measure(job: tuple[str, int, tuple[int, ...], int, float]) -> dict[str, Any]:
    """One dispute and variant: its exact count and, for each seed and number of probes, the
    estimate and whether its interval (and the normal interval alone) holds the count."""
    path, variant, probes, seeds, limit = job
    row: dict[str, Any] = {"case": str(Path(path).relative_to(REPO)), "variant": variant}
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    data.pop("expect", None)
    if variant:
        forget_play(data, random.Random(variant))
    try:
        problem = compile_case(loads_case(yaml.safe_dump(data), Path(path).name))
    except SolverError:
        return {**row, "outcome": "unreadable"}  # a variant the facts do not allow
    try:
        with time_limit(limit):
            exact = find_consistent(problem, engine="search", list_limit=0)
    except TooSlow:
        return {**row, "outcome": "slow"}
    if exact.count is None or exact.min_cost is None or exact.count < LEAST_COUNT:
        return {**row, "outcome": "small"}
    hard = frozenset(range(len(problem.units))) - (exact.contradicted or frozenset())
    estimates = []
    for seed in range(1, seeds + 1):
        for number in probes:
            searcher = search.Searcher(problem, hard_units=hard)
            values = search.probe_values(
                searcher,
                exact.min_cost // CARDS_WEIGHT,
                exact.min_cost,
                seed=seed,
                probes=number,
                deadline=None,
            )
            mean, low, high = mean_and_interval(values)
            normal = normal_interval(values)
            estimates.append(
                {
                    "probes": number,
                    "seed": seed,
                    "value": mean,
                    "low": low,
                    "high": high,
                    "holds": low <= exact.count <= high,
                    "below": high < exact.count,
                    "normal_holds": normal[0] <= exact.count <= normal[1],
                    "normal_below": normal[1] < exact.count,
                }
            )
    return {**row, "outcome": "measured", "count": exact.count, "estimates": estimates}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--seeds", type=int, default=1, help="runs of each estimate")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds for an exact count")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [
        (str(p), v, tuple(args.probes), args.seeds, args.limit)
        for p in disputes()
        for v in VARIANTS
    ]
    with multiprocessing.Pool(args.jobs, maxtasksperchild=20) as pool:
        rows = list(pool.imap_unordered(measure, jobs))
    rows.sort(key=lambda row: (row["case"], row["variant"]))
    outcomes: dict[str, int] = {}
    for row in rows:
        outcomes[row["outcome"]] = outcomes.get(row["outcome"], 0) + 1
    print("disputes and variants:", ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items())))
    measured = [row for row in rows if row["outcome"] == "measured"]
    summary = []
    for number in args.probes:
        runs = [(row, e) for row in measured for e in row["estimates"] if e["probes"] == number]
        figures = {
            "probes": number,
            "seeds": args.seeds,
            "disputes": len(measured),
            "estimates": len(runs),
            **{key: sum(e[key] for _, e in runs) for key in _COUNTED},
        }
        summary.append(figures)
        print(
            f"{number} probes, {len(measured)} disputes x {args.seeds} seed(s): the interval "
            f"holds the exact count in {figures['holds']} of {len(runs)} "
            f"({figures['below']} missed below); the normal interval alone in "
            f"{figures['normal_holds']} ({figures['normal_below']} below)"
        )
        for row, e in runs:
            if not e["holds"] and e["seed"] == 1:
                print(
                    f"  {row['case']} (variant {row['variant']}): {row['count']:,} counted, "
                    f"estimate {e['value']:,.0f} [{e['low']:,.0f}, {e['high']:,.0f}]"
                )
    RESULTS.write_text(
        json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n", encoding="utf-8"
    )


_COUNTED = ("holds", "below", "normal_holds", "normal_below")


if __name__ == "__main__":
    main()
