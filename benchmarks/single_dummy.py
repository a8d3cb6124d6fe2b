"""What one plan makes sure of (single dummy), against double dummy's worst layout, and its cost.

    PYTHONPATH=. .venv/bin/python benchmarks/single_dummy.py [--most-cards 8]
        [--time-limit 60] [--output benchmarks/single-dummy-results.json]

Every declarer's claim of the real records in ``data/real-records`` with at most
``--most-cards`` cards left: the claimer's view (the smallest double-dummy value over the
layouts of the unseen cards, ``claimer_view``) and the most one plan wins in all of them
(``sure_line``, searched from that value down), with the seconds each took. The table gives,
per number of cards left, the claims, those the search finished, the median and largest
seconds, and how many claims one plan makes less of than double dummy in every layout (a
guess). The audit searches claims of up to ``MOST_SURE_CARDS`` cards. Nothing here asserts:
it measures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from solver.audit.boards import ClaimTask, claims_in  # noqa: E402
from solver.audit.judge import MOST_SURE_CARDS, _case_of  # noqa: E402
from solver.rulings.claimer_view import claimer_view, sure_line  # noqa: E402


def measure(most_cards: int, time_limit: float) -> list[dict[str, Any]]:
    rows = []
    for task in claims_in([ROOT / "data" / "real-records"]):
        if not isinstance(task, ClaimTask):
            continue
        cards = task.claim.position.tricks_left
        if cards > most_cards:
            continue
        case = _case_of(task, task.claim)
        started = time.monotonic()
        view = claimer_view(case, time_limit)
        middle = time.monotonic()
        if not view.complete or view.worst is None:
            continue
        line = sure_line(case, time_limit, most=view.worst)
        rows.append(
            {
                "claim": f"{Path(task.key.source).name} #{task.key.record}",
                "cards": cards,
                "layouts": view.layouts,
                "double_dummy_worst": view.worst,
                "sure": None if line is None else line.tricks,
                "defender": task.claim.by_defender,
                "layouts_seconds": round(middle - started, 3),
                "sure_seconds": round(time.monotonic() - middle, 3),
            }
        )
    return rows


def table(rows: list[dict[str, Any]]) -> Table:
    out = Table(title="One plan for every layout (single dummy), declarer's claims")
    for column in ("cards", "claims", "searched", "median s", "max s", "a guess"):
        out.add_column(column, justify="right")
    for cards in sorted({row["cards"] for row in rows}):
        mine = [row for row in rows if row["cards"] == cards and not row["defender"]]
        done = [row for row in mine if row["sure"] is not None]
        seconds = [row["sure_seconds"] for row in done]
        guesses = sum(row["sure"] < row["double_dummy_worst"] for row in done)
        out.add_row(
            str(cards),
            str(len(mine)),
            str(len(done)),
            f"{statistics.median(seconds):.3f}" if seconds else "-",
            f"{max(seconds):.2f}" if seconds else "-",
            str(guesses),
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most-cards", type=int, default=MOST_SURE_CARDS + 1)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--output", type=Path, default=None)
    args = parser.parse_args(argv)
    rows = measure(args.most_cards, args.time_limit)
    Console().print(table(rows))
    if args.output is not None:
        args.output.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
