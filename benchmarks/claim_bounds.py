"""What each of the claim search's sure-trick bounds saves, runnable by anyone.

    .venv/bin/python benchmarks/claim_bounds.py [--time-limit S] [--random N] [--seed K]
        [--bounds NAME ...] [--output FILE]

The claims of ``benchmarks/claims.py`` (its builders: every real claim of the records, nothing
said, and its random trick-1 claims), each adjudicated under the WBF2017 policy with every bound
on (``all``), then with each bound of ``solver.engines.claims.BOUNDS`` switched off in turn
(``-name``). A bound proves tricks, so switching it off leaves the result alone and changes only
the cost: positions searched and seconds. Each run is a forked child, timed there and killed at
twice the limit plus 10 s; a run past its limit counts as the limit, and its positions as those
searched by then (a lower bound, marked ``>=``). A result that differs from the ``all`` run's,
or an error, is a bug, and printed as one. Nothing here asserts a time: it measures. The tables
go to the terminal; the raw figures to ``--output`` (default
``benchmarks/claim-bounds-results.json``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from claims import POLICY, real_claims, trick_one_claims  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

import solver.engines.claims.search  # noqa: E402
from solver.engines.claims import BOUNDS, Adjudicator, ClaimProblem, ClaimTimeout  # noqa: E402
from solver.engines.stack import with_room  # noqa: E402
from solver.facts import Claim  # noqa: E402
from solver.native import is_compiled  # noqa: E402

RESULTS = REPO / "benchmarks" / "claim-bounds-results.json"


@dataclass
class Run:
    """One adjudication under one configuration."""

    claim: str
    config: str
    status: str
    """"done", "timeout" (the search's own limit) or "killed" (past the hard cap)."""
    claimer_tricks: int | None
    seconds: float
    """Wall-clock seconds of the search."""
    cpu: float
    """CPU seconds of the search (its process's): steadier than the wall clock on a shared
    machine, and what the summaries use."""
    positions: int | None
    """Positions searched (``Adjudicator.nodes``); at a time-out, those searched by then."""


def _child(conn: Connection, problem: ClaimProblem, disabled: frozenset[str], limit: float) -> None:
    started, cpu = time.monotonic(), time.process_time()
    solver = Adjudicator(problem, started + limit, disabled=disabled)
    start = solver.start()
    status, tricks = "timeout", None
    try:
        tricks, _line = with_room(lambda: (solver.value(start), solver.line(start)))
        status = "done"
    except ClaimTimeout:
        pass
    except Exception as error:  # a bug: reported, not hidden
        status = f"error: {error}"
    elapsed = (time.monotonic() - started, time.process_time() - cpu)
    conn.send((status, tricks, elapsed, solver.nodes))
    conn.close()


def measure(label: str, problem: ClaimProblem, config: str, limit: float) -> Run:
    disabled = frozenset() if config == "all" else frozenset({config.removeprefix("-")})
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, problem, disabled, limit))
    started = time.monotonic()
    child.start()
    sender.close()
    if receiver.poll(2 * limit + 10):
        try:
            status, tricks, (seconds, cpu), positions = receiver.recv()
        except EOFError:  # the child died without a word
            status, tricks, positions = "died", None, None
            seconds = cpu = time.monotonic() - started
    else:
        status, tricks, positions = "killed", None, None
        seconds = cpu = time.monotonic() - started
        child.kill()
    child.join()
    return Run(label, config, status, tricks, seconds, cpu, positions)


def summary(runs: list[Run], limit: float) -> dict[str, Any]:
    """Totals, medians and maxima of one configuration on one set of claims."""
    seconds = [r.cpu if r.status == "done" else limit for r in runs]
    positions = [r.positions or 0 for r in runs]
    return {
        "n": len(runs),
        "done": sum(r.status == "done" for r in runs),
        "positions_total": sum(positions),
        "positions_median": statistics.median(positions) if runs else 0,
        "positions_max": max(positions, default=0),
        "seconds_total": sum(seconds),
        "seconds_median": statistics.median(seconds) if runs else 0.0,
        "seconds_max": max(seconds, default=0.0),
    }


def print_table(title: str, summaries: dict[str, dict[str, Any]]) -> None:
    table = Table(title=title)
    columns = ("bounds", "done", "positions", "vs all", "median", "max")
    for column in (*columns, "CPU s", "vs all s", "median s", "max s"):
        table.add_column(column, justify="left" if column == "bounds" else "right")
    base = summaries["all"]
    for config, s in summaries.items():
        partial = "" if s["done"] == s["n"] else ">="
        saved = (
            "" if config == "all" else f"{s['positions_total'] / base['positions_total'] - 1:+.1%}"
        )
        saved_s = (
            "" if config == "all" else f"{s['seconds_total'] / base['seconds_total'] - 1:+.1%}"
        )
        table.add_row(
            config,
            f"{s['done']}/{s['n']}",
            f"{partial}{s['positions_total']:,}",
            saved,
            f"{s['positions_median']:,.0f}",
            f"{s['positions_max']:,}",
            f"{partial}{s['seconds_total']:.2f}",
            saved_s,
            f"{s['seconds_median']:.3f}",
            f"{s['seconds_max']:.2f}",
        )
    Console(width=150).print(table)


def summarise(
    runs: dict[str, dict[str, list[Run]]], limit: float
) -> dict[str, dict[str, dict[str, Any]]]:
    """Per set of claims and configuration: the summary over every claim (``name``) and over the
    claims every configuration finished (``name, all finished``), which a time-out does not
    blur. Each printed as a table."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name, by_config in runs.items():
        count = len(by_config["all"])
        finished = [
            index
            for index in range(count)
            if all(rs[index].status == "done" for rs in by_config.values())
        ]
        out[name] = {config: summary(rs, limit) for config, rs in by_config.items()}
        out[f"{name}, all finished"] = {
            config: summary([rs[index] for index in finished], limit)
            for config, rs in by_config.items()
        }
        print_table(f"{name}: {count} claims, limit {limit:g} s", out[name])
        title = f"{name}: the {len(finished)} claims every configuration finished"
        print_table(title, out[f"{name}, all finished"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--random", type=int, default=20, help="trick-1 claims (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bounds", nargs="*", default=list(BOUNDS), help="those to switch off")
    parser.add_argument("--output", type=Path, default=RESULTS)
    parser.add_argument("--report", type=Path, help="print the tables of a results file")
    args = parser.parse_args(argv)
    if args.report is not None:
        stored = json.loads(args.report.read_text(encoding="utf-8"))
        summarise(
            {
                name: {config: [Run(**r) for r in rs] for config, rs in by.items()}
                for name, by in stored["runs"].items()
            },
            stored["time_limit"],
        )
        return 0
    sets: dict[str, list[tuple[str, Claim, int | None]]] = {
        "real": real_claims(),
        "trick_one": trick_one_claims(args.random, args.seed),
    }
    configs = ["all"] + [f"-{name}" for name in args.bounds]
    runs: dict[str, dict[str, list[Run]]] = {}
    wrong: list[str] = []
    for name, claims in sets.items():
        problems = [
            (label, ClaimProblem.from_claim(claim, trump, POLICY)) for label, claim, trump in claims
        ]
        runs[name] = {}
        for config in configs:
            runs[name][config] = [
                measure(label, p, config, args.time_limit) for label, p in problems
            ]
        for config in configs[1:]:
            for base, run in zip(runs[name]["all"], runs[name][config], strict=True):
                done = base.status == run.status == "done"
                if done and base.claimer_tricks != run.claimer_tricks:
                    wrong.append(
                        f"{run.config} on {run.claim}: {run.claimer_tricks}, "
                        f"not {base.claimer_tricks}"
                    )
    summaries = summarise(runs, args.time_limit)
    for name, by_config in runs.items():
        for config_runs in by_config.values():
            for run in config_runs:
                if run.status not in ("done", "timeout", "killed"):
                    wrong.append(f"{run.config} on {name} {run.claim}: {run.status}")
    for line in wrong:
        print(f"BUG: a bound switched off changed the result: {line}")
    compiled = is_compiled(solver.engines.claims.search.__file__)
    print(f"claim search: {'compiled (mypyc)' if compiled else 'pure Python'}")
    report: dict[str, Any] = {
        "time_limit": args.time_limit,
        "policy": POLICY.name,
        "compiled": compiled,
        "bounds": list(args.bounds),
        "summaries": summaries,
        "runs": {
            name: {c: [asdict(r) for r in rs] for c, rs in by.items()} for name, by in runs.items()
        },
        "results_differ": wrong,
    }
    args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
