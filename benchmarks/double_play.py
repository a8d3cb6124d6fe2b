"""What a double play (Law 67B2) costs the engines, on the bundled cases and mixed variants.

    .venv/bin/python benchmarks/double_play.py [--time-limit S] [--repeats N]

For each ``cases/defective-two-cards-*.yaml`` and three states of the quitted cards (every row
intact as in the case; the surplus player's row mixed; that row and his left-hand opponent's
mixed), the search, CP-SAT and the ``auto`` engine count and group every consistent history.
A mixed surplus row lets the pair be any two of his cards at any trick he did not lead, so the
histories and outcome groups multiply. Each run is timed in-process after the case is compiled;
the search's figure is the median of ``--repeats`` runs. Nothing asserts a time; results go to
the terminal and to ``benchmarks/double-play-results.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from solver import case_from_dict  # noqa: E402
from solver.engines import compile_case, cpsat, find_consistent, search  # noqa: E402

RESULTS = REPO / "benchmarks" / "double-play-results.json"
CASES = sorted((REPO / "cases").glob("defective-two-cards-*.yaml"))


def variants(path: Path) -> dict[str, dict[str, Any]]:
    """The case as written, then with the surplus row mixed, then with his LHO's row too."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("expect", None)
    rows = data["play"]["rows"]
    surplus = next(seat for seat, row in rows.items() if len(str(row).split()) == 13)
    lho = "NESW"[("NESW".index(surplus) + 1) % 4]
    out = {"intact": data}
    for name, seats in (("surplus-mixed", [surplus]), ("two-mixed", [surplus, lho])):
        changed = json.loads(json.dumps(data))
        for seat in seats:
            cards = " ".join(token[:2] for token in str(rows[seat]).split())
            changed["play"]["rows"][seat] = {"mixed": cards}
        out[name] = changed
    return out


def measure(data: dict[str, Any], time_limit: float, repeats: int) -> dict[str, Any]:
    problem = compile_case(case_from_dict(data))
    times = []
    found = None
    for _ in range(repeats):
        started = time.perf_counter()
        found = search.solve(problem, time_limit=time_limit)
        times.append(time.perf_counter() - started)
    assert found is not None
    started = time.perf_counter()
    optimised = cpsat.solve(problem, time_limit=time_limit)
    cpsat_seconds = time.perf_counter() - started
    started = time.perf_counter()
    auto = find_consistent(problem, time_limit=time_limit, list_limit=0)
    auto_seconds = time.perf_counter() - started
    return {
        "search": {
            "seconds": statistics.median(times),
            "finished": found.count is not None,
            "count": found.count,
            "groups": len(found.groups),
            "positions": found.notes[0] if found.notes else None,
        },
        "cpsat": {
            "seconds": cpsat_seconds,
            "finished": optimised.count is not None,
            "count": optimised.count,
        },
        "auto": {"seconds": auto_seconds, "engine": auto.engine, "count": auto.count},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    rows = []
    for path in CASES:
        for state, data in variants(path).items():
            figures = measure(data, args.time_limit, args.repeats)
            rows.append({"case": path.stem, "state": state, **figures})
            s, c, a = figures["search"], figures["cpsat"], figures["auto"]
            print(
                f"{path.stem:36} {state:14} search {s['seconds']:7.3f}s "
                f"({s['count']} histories, {s['groups']} groups)  cpsat {c['seconds']:7.3f}s"
                f"{'' if c['finished'] else ' (stopped)'}  auto {a['seconds']:7.3f}s "
                f"({a['engine']})"
            )
    RESULTS.write_text(
        json.dumps({"time_limit": args.time_limit, "rows": rows}, indent=2) + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
