"""How long ``ruling check`` takes end to end, start-up included, and how much memory it holds.

    .venv/bin/python benchmarks/ruling_check.py [--repeats 3] [--time-limit 20] [--source DIR]

Three cases, each run as a director runs it (a fresh ``python -m solver check CASE``, text
report): a trivial one (``cases/example-mixed-row.yaml``), a claim
(``cases/claims/ruff-low-overruffed.yaml``, whose report includes a double-dummy value) and the
case with all four rows mixed (``cases/four-rows-mixed.yaml``), where the histories cannot be
counted and the ruling comes from the outcomes alone. For each it keeps the median of
``--repeats`` runs of:

* ``ruling``: seconds from the start of the process to the report's "Ruling:" line on its
  standard output (what the director waits for);
* ``ruling cpu``: user + system seconds the process had used by then (Linux; on a machine
  shared with other work, the figure that the others' load does not inflate);
* ``wall``: seconds until the process ends (the count, if any, comes after the ruling);
* ``cpu``: user + system seconds of the process (less sensitive to a busy machine than wall);
* ``peak_mib``: its peak resident memory.

``--memory`` also samples the resident memory of one four-rows-mixed run every half second,
to show how a long count grows and where ``--memory-limit`` stops it (``--memory-limit`` is
passed on when given). ``--source DIR`` runs another checkout's code on the same case files
(to compare before and after a change). Nothing here asserts a time; results go to the
terminal and, with ``--output``, to a JSON file (``benchmarks/ruling-check-results.json`` holds
a run of this checkout). The machine's load average at the start is kept with them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CASES = {
    "trivial": REPO / "cases" / "example-mixed-row.yaml",
    "claim": REPO / "cases" / "claims" / "ruff-low-overruffed.yaml",
    "four rows mixed": REPO / "cases" / "four-rows-mixed.yaml",
}


@dataclass
class Run:
    ruling: float | None
    ruling_cpu: float | None
    wall: float
    cpu: float
    peak_mib: float
    exit_code: int


def run_once(source: Path, case: Path, extra: list[str], samples: list[Any] | None = None) -> Run:
    """One ``python -m solver check`` in a fresh process, timed from before its start."""
    env = dict(os.environ, PYTHONPATH=str(source))
    command = [sys.executable, "-m", "solver", "check", str(case), *extra]
    started = time.monotonic()
    child = subprocess.Popen(
        command, cwd=source, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    ruling: list[float] = []
    ruling_cpu: list[float | None] = []
    if samples is not None:
        threading.Thread(target=_sample, args=(child, started, samples), daemon=True).start()
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("Ruling:") and not ruling:
            ruling.append(time.monotonic() - started)
            ruling_cpu.append(_cpu_so_far(child.pid))
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / (1024 if sys.platform != "darwin" else 1024**2)
    return Run(
        ruling[0] if ruling else None,
        ruling_cpu[0] if ruling_cpu else None,
        wall,
        usage.ru_utime + usage.ru_stime,
        peak,
        child.returncode,
    )


def _cpu_so_far(pid: int) -> float | None:
    """User + system seconds a running process has used (Linux), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _sample(child: subprocess.Popen[str], started: float, samples: list[Any]) -> None:
    status = Path(f"/proc/{child.pid}/status")
    while child.poll() is None:
        try:
            text = status.read_text()
        except OSError:
            return
        for line in text.splitlines():
            if line.startswith("VmRSS:"):
                samples.append((round(time.monotonic() - started, 1), int(line.split()[1]) // 1024))
        time.sleep(0.5)


def median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--memory-limit", default=None)
    parser.add_argument("--source", type=Path, default=REPO, help="checkout whose code runs")
    parser.add_argument("--memory", action="store_true", help="sample a long count's memory")
    parser.add_argument("--output", type=Path, default=None)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    extra = ["--time-limit", f"{args.time_limit:g}"]
    if args.memory_limit:
        extra += ["--memory-limit", args.memory_limit]
    source = "this checkout" if args.source.resolve() == REPO else args.source.name
    results: dict[str, Any] = {"source": source, "time_limit": args.time_limit}
    if hasattr(os, "getloadavg"):
        results["load_average_at_start"] = os.getloadavg()[0]
    print(
        f"{'case':<16} {'ruling s':>9} {'ruling cpu':>10} {'wall s':>8} {'cpu s':>7} "
        f"{'peak MiB':>9}  runs"
    )
    for name, case in CASES.items() if args.repeats > 0 else ():
        runs = [run_once(args.source.resolve(), case, extra) for _ in range(args.repeats)]
        summary = {
            "ruling": median([r.ruling for r in runs]),
            "ruling_cpu": median([r.ruling_cpu for r in runs]),
            "wall": median([r.wall for r in runs]),
            "cpu": median([r.cpu for r in runs]),
            "peak_mib": median([r.peak_mib for r in runs]),
            "runs": [asdict(r) for r in runs],
        }
        results[name] = summary
        shown = [
            "-" if summary[key] is None else f"{summary[key]:.2f}"
            for key in ("ruling", "ruling_cpu", "wall", "cpu")
        ]
        print(
            f"{name:<16} {shown[0]:>9} {shown[1]:>10} {shown[2]:>8} {shown[3]:>7} "
            f"{summary['peak_mib']:>9.0f}  {len(runs)} (exit {runs[0].exit_code})"
        )
    if args.memory:
        samples: list[Any] = []
        run = run_once(args.source.resolve(), CASES["four rows mixed"], extra, samples)
        results["memory_samples"] = samples
        results["memory_run"] = asdict(run)
        print("resident MiB over time (four rows mixed):", samples[:: max(1, len(samples) // 20)])
        if len(samples) >= 4:
            peak = max(range(len(samples)), key=lambda i: samples[i][1])
            (t0, m0), (t1, m1) = samples[len(samples) // 4], samples[peak]
            if t1 > t0:
                rate = (m1 - m0) / (t1 - t0)
                results["growth_mib_per_s"] = rate
                print(f"growth: {rate:.1f} MiB/s from {t0:.0f} s to the peak at {t1:.0f} s")
    if args.output is not None:
        args.output.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
