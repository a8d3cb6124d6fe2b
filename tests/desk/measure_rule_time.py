"""Measure the time from the page's "Rule" to the ruling shown, on every bundled case that rules
in under a second on the command line (the desk's target, docs/desk.md "Figures").

Run by hand (not a test: it takes a few minutes), from the repository's root::

    python -m tests.desk.measure_rule_time [--limit 1.0]

First each bundled case (``cases/``, the invalid ones left out) is ruled as ``ruling check CASE
--json --time-limit 5`` in this process, timed without the interpreter's start. Then the desk
is served (uvicorn, its two workers started and warm), Debian's Chromium opens it headless, and
each case under the limit is loaded from its file, ruled by a click on "Rule", and timed until
the ruling (or a message) is shown. The figures go to ``tests/artifacts/desk-rule-times.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
WATCHED = "claims/real-usbf-b60-closed-ducks-to-the-blocking-ace.yaml"
"""The case over the second on the page in the last measure."""


def bundled_cases() -> list[Path]:
    return sorted(path for path in (ROOT / "cases").rglob("*.yaml") if "invalid" not in path.parts)


def command_line_seconds(path: Path) -> tuple[float, int]:
    """Seconds ``ruling check PATH --json --time-limit 5`` takes in this process, and its exit."""
    from tests.cli_helpers import run

    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = run(["check", str(path), "--json", "--time-limit", "5"])
    return time.perf_counter() - started, code


def page_seconds(paths: list[Path]) -> dict[str, dict[str, Any]]:
    """For each case: seconds from the click on "Rule" to the ruling (or a message) shown."""
    from playwright.sync_api import sync_playwright

    from solver.desk.server import create_app
    from solver.desk.worker import RulingPool
    from tests.desk.live import served
    from tests.desk.test_browser import CHROMIUM, CHROMIUM_ARGS, LAPTOP

    out: dict[str, dict[str, Any]] = {}
    pool = RulingPool()
    try:
        # both workers warm (the engines imported) before any case is timed: a ruling sent
        # to a worker still importing them waits for it, seconds that are no case's own. The
        # example (0.02 s) warms them; a measured case would leave its own caches warm.
        example = yaml.safe_load((ROOT / "cases" / "example-mixed-row.yaml").read_text("utf-8"))
        warm = [pool.submit(example, 5) for _ in range(2)]
        for job in warm:
            job.finished.wait()
        with tempfile.TemporaryDirectory() as folder:
            app = create_app(log_url=str(Path(folder) / "event.sqlite"), pool=pool)
            with served(app) as base, sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport=LAPTOP)
                page.goto(base)
                for path in paths:
                    page.click("#new")
                    page.set_input_files("#load-file", str(path))
                    page.wait_for_function("document.getElementById('title').value !== ''")
                    started = time.perf_counter()
                    page.click("#rule")
                    page.wait_for_selector("#ruling-status, #errors:not([hidden])", timeout=60_000)
                    seconds = time.perf_counter() - started
                    shown = page.is_visible("#ruling-status")
                    status = page.inner_text("#job-status")  # "ruled in 0.31 s": the worker's
                    worker = float(status.split()[2]) if status.startswith("ruled in ") else None
                    out[str(path.relative_to(ROOT / "cases"))] = {
                        "page": round(seconds, 3),
                        "job": worker,
                        "ruled": shown,
                    }
                browser.close()
    finally:
        pool.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=1.0, help="seconds on the command line")
    parser.add_argument(
        "--only", nargs="*", help="these cases only (paths under cases/), all timed on the page"
    )
    args = parser.parse_args()
    cases = bundled_cases()
    if args.only:
        cases = [p for p in cases if str(p.relative_to(ROOT / "cases")) in args.only]
    line: dict[str, tuple[float, int]] = {}
    for path in cases:
        line[str(path.relative_to(ROOT / "cases"))] = command_line_seconds(path)
    fast = [p for p in cases if line[str(p.relative_to(ROOT / "cases"))][0] < args.limit]
    if args.only:  # the cases named are timed on the page whatever their time on the line
        fast = cases
    shown = page_seconds(fast)
    for name, figures in shown.items():
        figures["command_line"] = round(line[name][0], 3)
    pages = [f["page"] for f in shown.values()]
    over = {name: f for name, f in shown.items() if f["page"] >= 1.0}
    summary = {
        "cases": len(cases),
        "under_limit_on_the_command_line": len(fast),
        "limit_seconds": args.limit,
        "page_median": round(statistics.median(pages), 3),
        "command_line_median": round(
            statistics.median(f["command_line"] for f in shown.values()), 3
        ),
        "page_under_1s": sum(1 for s in pages if s < 1.0),
        "page_minus_job_median": round(
            statistics.median(f["page"] - f["job"] for f in shown.values() if f["job"] is not None),
            3,
        ),
        "over_1s_on_the_page": over,
        "not_ruled": [name for name, f in shown.items() if not f["ruled"]],
        WATCHED: shown.get(WATCHED) or {"command_line": round(line.get(WATCHED, (0.0,))[0], 3)},
    }
    ARTIFACTS.mkdir(exist_ok=True)
    name = "desk-rule-times.json" if not args.only else "desk-rule-times-only.json"
    (ARTIFACTS / name).write_text(
        json.dumps({"summary": summary, "cases": shown}, indent=2), encoding="utf-8"
    )
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
