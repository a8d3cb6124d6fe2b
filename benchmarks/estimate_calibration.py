"""How often the count's estimate holds the exact count: the estimator's interval, measured.

    .venv/bin/python benchmarks/estimate_calibration.py [--probes N ...] [--limit S] [--jobs J]

When a count runs past its time limit, ``ruling check`` gives what it counted (a lower bound)
and an estimate with an approximate 95 % interval (Knuth's tree-size estimator, mean ± 1.96
standard errors; docs/case-format.md, ``histories.estimate``). This holds the interval to the
exact count: for every bundled dispute of ``cases/`` (the claims aside: they are not counted
that way) and two variants of each with the play after a trick forgotten
(``tests.input_mutations.forget_play``: its rows dropped, or its agreed tricks cut, so that
every way of playing the rest counts), the exact count is made when it takes under ``--limit``
seconds and has at least 50 histories, and the estimator is run with each number of probes of
``--probes`` (seeded). A sound estimator's interval misses about one time in twenty; a
heavy-tailed tree, estimated with few probes, misses more, nearly always below (the rare
probe that would lift the mean has not been drawn). Nothing asserts a figure; results go to
the terminal and to ``benchmarks/estimate-calibration-results.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import signal
import sys
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from solver.engines import compile_case, find_consistent, search  # noqa: E402
from solver.engines.problem import CARDS_WEIGHT  # noqa: E402
from solver.errors import SolverError  # noqa: E402
from solver.records import loads_case  # noqa: E402
from tests.input_mutations import forget_play  # noqa: E402

RESULTS = REPO / "benchmarks" / "estimate-calibration-results.json"
VARIANTS = (0, 1, 2)
"""0: the case as bundled; 1 and 2: the seeds of ``forget_play``."""
LEAST_COUNT = 50
"""Smaller counts are left out: a handful of histories is counted exactly anyway."""


class _TooSlow(BaseException):
    pass


def _stop(*_: object) -> None:
    raise _TooSlow


def disputes() -> list[Path]:
    return sorted(
        path
        for path in (REPO / "cases").rglob("*.yaml")
        if "invalid" not in path.parts and "claims" not in path.parts
    )


def measure(job: tuple[str, int, tuple[int, ...], float]) -> dict[str, Any]:
    """One dispute and variant: its exact count and, for each number of probes, the
    estimate and whether its interval holds the count."""
    path, variant, probes, limit = job
    row: dict[str, Any] = {"case": str(Path(path).relative_to(REPO)), "variant": variant}
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    data.pop("expect", None)
    if variant:
        forget_play(data, random.Random(variant))
    try:
        problem = compile_case(loads_case(yaml.safe_dump(data), Path(path).name))
    except SolverError:
        return {**row, "outcome": "unreadable"}  # a variant the facts do not allow
    signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        exact = find_consistent(problem, engine="search", list_limit=0)
    except _TooSlow:
        return {**row, "outcome": "slow"}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if exact.count is None or exact.min_cost is None or exact.count < LEAST_COUNT:
        return {**row, "outcome": "small"}
    hard = frozenset(range(len(problem.units))) - (exact.contradicted or frozenset())
    estimates = []
    for number in probes:
        searcher = search.Searcher(problem, hard_units=hard)
        estimate = search.estimate_count(
            searcher, exact.min_cost // CARDS_WEIGHT, exact.min_cost, probes=number, seed=1
        )
        assert estimate is not None
        estimates.append(
            {
                "probes": number,
                "value": estimate.value,
                "low": estimate.low,
                "high": estimate.high,
                "holds": estimate.low <= exact.count <= estimate.high,
                "below": estimate.high < exact.count,
            }
        )
    return {**row, "outcome": "measured", "count": exact.count, "estimates": estimates}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--limit", type=float, default=20.0, help="seconds for an exact count")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(str(p), v, tuple(args.probes), args.limit) for p in disputes() for v in VARIANTS]
    with multiprocessing.Pool(args.jobs, maxtasksperchild=20) as pool:
        rows = list(pool.imap_unordered(measure, jobs))
    rows.sort(key=lambda row: (row["case"], row["variant"]))
    outcomes: dict[str, int] = {}
    for row in rows:
        outcomes[row["outcome"]] = outcomes.get(row["outcome"], 0) + 1
    print("disputes and variants:", ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items())))
    measured = [row for row in rows if row["outcome"] == "measured"]
    summary = []
    for index, number in enumerate(args.probes):
        held = sum(row["estimates"][index]["holds"] for row in measured)
        below = sum(row["estimates"][index]["below"] for row in measured)
        summary.append({"probes": number, "measured": len(measured), "held": held, "below": below})
        missed = len(measured) - held
        print(
            f"{number} probes: the interval holds the exact count in {held} of {len(measured)}"
            f" ({missed} missed, {below} of them below)"
        )
        for row in measured:
            if not row["estimates"][index]["holds"]:
                e = row["estimates"][index]
                print(
                    f"  {row['case']} (variant {row['variant']}): {row['count']:,} counted, "
                    f"estimate {e['value']:,.0f} [{e['low']:,.0f}, {e['high']:,.0f}]"
                )
    RESULTS.write_text(
        json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
