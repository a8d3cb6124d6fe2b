"""How fast ``ruling audit`` goes, and whether its memory stays flat as the archive grows.

    .venv/bin/python benchmarks/audit.py [--sizes 100 1000 10000] [--time-limit S] [--output FILE]

Three measurements (nothing here asserts anything: it measures):

- **Throughput on the real records** (``data/real-records``): every claim, ruled on in one
  process (``jobs=1``) and on a local Dask cluster of 2 worker processes of one thread each;
  claims per second, per core, and the speed-up of the cluster over the single process.
- **Memory against archive size**: synthetic LIN archives of each ``--sizes`` boards, made by
  re-dealing (random deals, a random legal play of 9 to 11 tricks, then a claim of a random
  total the position allows; fixed seed), audited by ``ruling audit --jobs 2 -o table.csv``
  in a fresh process each; the peak resident memory of the command's process and of its largest
  worker. Flat means the peak does not grow with the archive.
- **Import of one board**: ``ruling import`` on a real record, start-up included, when that
  command exists (median of 5 runs).

Figures go to the terminal and to ``--output`` (default ``benchmarks/audit-results.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))

from solver.bridge import ALL_CARDS, Seat, legal_cards  # noqa: E402
from solver.bridge.play import winning_position  # noqa: E402

RECORDS = REPO / "data" / "real-records"
RESULTS = REPO / "benchmarks" / "audit-results.json"
LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
STRAINS = ("S", "H", "D", "C", "N")


def throughput(time_limit: float) -> dict[str, object]:
    """Claims per second on the real records: one process, then 2 Dask worker processes."""
    from distributed import LocalCluster

    from solver.audit import audit

    started = time.monotonic()
    alone = audit(RECORDS, jobs=1, time_limit=time_limit, why=False)
    single = time.monotonic() - started
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        started = time.monotonic()
        audit(RECORDS, scheduler=cluster.scheduler_address, time_limit=time_limit, why=False)
        clustered = time.monotonic() - started
    claims = int((alone["status"] != "unreadable").sum())
    return {
        "claims": claims,
        "timeouts": int((alone["status"] == "timeout").sum()),
        "time_limit": time_limit,
        "single_process_seconds": round(single, 2),
        "claims_per_second_per_core": round(claims / single, 3),
        "dask_2_workers_seconds": round(clustered, 2),
        "speed_up": round(single / clustered, 2),
        "median_claim_seconds": round(float(alone["seconds"].median()), 4),
    }


def synthetic_archive(folder: Path, boards: int, seed: int = 1) -> None:
    """``boards`` boards in LIN files of 100 boards each: random deals, a random legal play of
    9 to 11 tricks, then ``mc`` with a total the position allows."""
    rng = random.Random(seed)
    lines: list[str] = []
    for number in range(1, boards + 1):
        lines.append(_board(rng, number))
        if len(lines) == 100 or number == boards:
            (folder / f"archive-{number:07d}.lin").write_text("\n".join(lines) + "\n")
            lines = []


def _board(rng: random.Random, number: int) -> str:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = {seat: set(cards[13 * i : 13 * i + 13]) for i, seat in enumerate(LIN_SEATS)}
    dealer = LIN_SEATS[number % 4]
    strain = rng.choice(STRAINS)
    trump = None if strain == "N" else "SHDC".index(strain)
    md = ",".join(
        "".join(
            suit
            + "".join(
                str(c)[1] for c in sorted(hands[seat], key=lambda c: -c.rank) if str(c)[0] == suit
            )
            for suit in "SHDC"
        )
        for seat in LIN_SEATS
    )
    # Dealer opens and buys it: declarer is the dealer.
    declarer = dealer
    played: list[str] = []
    leader = declarer.lho
    won = 0
    for _trick in range(rng.randint(9, 11)):
        trick = []
        for offset in range(4):
            seat = Seat.from_index(leader.index + offset)
            led = trick[0] if trick else None
            options = sorted(legal_cards(frozenset(hands[seat]), led), key=lambda c: c.index)
            card = rng.choice(options)
            hands[seat].discard(card)
            trick.append(card)
            played.append(str(card))
        leader = Seat.from_index(leader.index + winning_position(tuple(trick), trump))
        won += leader.side is declarer.side
    left = 13 - len(played) // 4
    total = won + rng.randint(0, left)
    auction = f"mb|{rng.randint(1, 3)}{strain}|mb|p|mb|p|mb|p|"
    plays = "".join(f"pc|{card}|" for card in played)
    return f"qx|o{number}|md|{LIN_SEATS.index(dealer) + 1}{md}|sv|o|{auction}{plays}mc|{total}|pg||"


_MEMORY_CHILD = """
import resource, sys
from solver.cli import main
code = main(["audit", sys.argv[1], "--jobs", "2", "--no-why", "--time-limit", sys.argv[2],
             "-o", sys.argv[3]])
self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(code, self, children)
"""


def memory(sizes: list[int], time_limit: float) -> list[dict[str, object]]:
    """Peak resident memory of ``ruling audit`` (its process, its largest worker) per size."""
    out = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as work:
            folder = Path(work) / "archive"
            folder.mkdir()
            synthetic_archive(folder, size)
            started = time.monotonic()
            done = subprocess.run(
                [sys.executable, "-c", _MEMORY_CHILD, str(folder), str(time_limit),
                 str(Path(work) / "table.csv")],
                capture_output=True, text=True, check=False,
                env={**os.environ, "PYTHONPATH": str(REPO)},
            )  # fmt: skip
            seconds = time.monotonic() - started
            last = done.stdout.strip().splitlines()[-1].split() if done.stdout.strip() else []
            if len(last) != 3:
                raise RuntimeError(f"the audit of {size} boards failed: {done.stderr[-2000:]}")
            rows = sum(1 for _ in (Path(work) / "table.csv").open()) - 1
        out.append(
            {
                "boards": size,
                "rows": rows,
                "exit_code": int(last[0]),
                "seconds": round(seconds, 1),
                "boards_per_second": round(size / seconds, 1),
                "peak_mib_command": round(int(last[1]) / 1024, 1),
                "peak_mib_largest_worker": round(int(last[2]) / 1024, 1),
            }
        )
        print(out[-1], flush=True)
    return out


def import_one_board() -> dict[str, object] | None:
    """``ruling import`` of one board of a real record, start-up included (None: no command)."""
    record = RECORDS / "forrestrice_bridge-bots" / "usbf_sf_14502.lin"
    command = [sys.executable, "-m", "solver", "import", str(record), "--board", "46",
               "--table", "open"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    probe = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if probe.returncode != 0:
        return None
    times = []
    for _ in range(5):
        started = time.monotonic()
        subprocess.run(command, capture_output=True, env=env, check=True)
        times.append(time.monotonic() - started)
    return {"median_seconds": round(statistics.median(times), 3), "runs": 5}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    report: dict[str, object] = {"cores": os.cpu_count()}
    if not args.skip_throughput:
        report["throughput"] = throughput(args.time_limit)
        print(report["throughput"], flush=True)
    report["memory"] = memory(args.sizes, args.time_limit)
    report["import_one_board"] = import_one_board()
    print(report["import_one_board"])
    args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
