"""What allowing revokes costs: the foundation benchmark's cases with an allegation added.

    .venv/bin/python benchmarks/revokes.py [--time-limit S] [--boards N]

For each board of ``benchmarks/run.py`` and each state of the quitted cards (one, two, three
rows mixed), the search counts and groups every consistent history three times: without an
allegation, with "the opening leader revoked at trick 5" (a trick allegation: one extra choice
at one trick), and with "the opening leader revoked in the suit led at trick 5" (a suit
allegation: a possible revoke at every trick of that suit, with the permit's use carried in
the memo). The issue's target: under twice the time without. Beside the time ratio the table
gives the positions searched, and the time per position relative to the plain search: an
allegation admits more histories (a revoke opens positions no legal play reaches), so the time
grows with the positions; the per-position figure is the overhead of the bookkeeping itself.

Each run is timed in-process after the case is compiled (engine modules already imported); the
median of three runs is kept. Nothing asserts a time; results go to the terminal and to
``benchmarks/revokes-results.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.run import BOARDS, RECORDS, SCENARIOS, load_boards  # noqa: E402
from solver import case_from_dict  # noqa: E402
from solver.engines import compile_case, search  # noqa: E402
from solver.records.to_case import case_from_record  # noqa: E402

RESULTS = REPO / "benchmarks" / "revokes-results.json"
STATES = ("1-mixed", "2-mixed", "3-mixed")


def allegations(record: Any) -> dict[str, list[dict[str, Any]]]:
    leader = record.declarer.lho
    suit = "SHDC"[record.tricks[4].cards[0].suit_index]
    accusers = str(leader.side.other)
    return {
        "none": [],
        "trick": [{"by": accusers, "revoke": {"seat": str(leader), "trick": 5}}],
        "suit": [{"by": accusers, "revoke": {"seat": str(leader), "suit": suit}}],
    }


def timed(case: dict[str, Any], time_limit: float, repeats: int) -> dict[str, Any]:
    problem = compile_case(case_from_dict(case))
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = search.solve(problem, time_limit=time_limit)
        times.append(time.perf_counter() - started)
        if result.feasible is None:
            break
    assert result is not None
    positions = next((int(n.split()[0]) for n in result.notes if "positions" in n), None)
    return {
        "seconds": statistics.median(times),
        "finished": result.feasible is not None,
        "count": result.count,
        "groups": len(result.groups),
        "positions": positions,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--boards", type=int, default=len(BOARDS))
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    rows = []
    scenarios = {s.key: s for s in SCENARIOS}
    for board in load_boards(RECORDS, args.boards):
        for state in STATES:
            options = scenarios[state].options(board.record)
            row: dict[str, Any] = {"board": board.label, "state": state}
            for name, statements in allegations(board.record).items():
                case = case_from_record(board.record, statements=statements, **options)
                row[name] = timed(case, args.time_limit, args.repeats)
            base = row["none"]["seconds"]
            for name in ("trick", "suit"):
                row[f"{name}_ratio"] = row[name]["seconds"] / base if base > 0 else None
                size, plain = row[name]["positions"], row["none"]["positions"]
                row[f"{name}_per_position"] = (
                    (row[name]["seconds"] / size) / (base / plain)
                    if size and plain and base
                    else None
                )
            rows.append(row)
            trick, suit = row["trick"]["seconds"], row["suit"]["seconds"]
            print(
                f"{board.label:28} {state:8} none {base:7.3f}s  trick {trick:7.3f}s"
                f" (x{row['trick_ratio']:.2f})  suit {suit:7.3f}s (x{row['suit_ratio']:.2f})"
                f"  positions {row['none']['positions']} / {row['trick']['positions']} /"
                f" {row['suit']['positions']}",
                flush=True,
            )
    for state in STATES:
        for name in ("trick", "suit", "trick_per_position", "suit_per_position"):
            key = name if name.endswith("position") else f"{name}_ratio"
            ratios = [r[key] for r in rows if r["state"] == state and r[key]]
            if ratios:
                middle, top = statistics.median(ratios), max(ratios)
                print(f"{state:8} {name:18} median x{middle:.2f} max x{top:.2f}")
    RESULTS.write_text(json.dumps({"time_limit": args.time_limit, "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
