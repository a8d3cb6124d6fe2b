"""The claim search's size in two runs of ``claims.py``: positions searched and CPU seconds.

    .venv/bin/python benchmarks/claims_compare.py BEFORE.json AFTER.json

Each file is the ``--output`` of ``benchmarks/claims.py``, run in two checkouts (for example the
commit before the search was split and main, each built with ``make install``). Claims are
matched by label (the contract and declarer that later versions add to a real claim's label are
left out of the match), and only claims both runs finished are summed, so a time-out in either
does not blur the totals. The claimer's tricks are compared too: the two runs may differ in the
normal-play model as well as in the search, and the table says on how many claims they agree.
Nothing here asserts: it measures.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

SUFFIX = re.compile(r", [1-7][SHDCN]T?X{0,2} [NESW]$")
"""The ", 4S N" that later versions of ``claims.py`` add to a real claim's label."""


def rows_by_label(report: dict[str, Any], part: str) -> dict[str, dict[str, Any]]:
    return {SUFFIX.sub("", row["label"]): row for row in report.get(part, [])}


def compare(before: dict[str, Any], after: dict[str, Any], part: str) -> list[str] | None:
    """One table row for a set of claims (``real`` or ``trick_one``); None when none match."""
    old, new = rows_by_label(before, part), rows_by_label(after, part)
    both = [
        label
        for label in old
        if label in new and old[label]["status"] == "done" and new[label]["status"] == "done"
    ]
    if not both:
        return None
    positions = ([old[k]["positions"] for k in both], [new[k]["positions"] for k in both])
    seconds = ([old[k]["seconds"] for k in both], [new[k]["seconds"] for k in both])
    same = sum(1 for k in both if old[k]["claimer_tricks"] == new[k]["claimer_tricks"])
    return [
        part,
        f"{len(both)} of {len(old)} / {len(new)}",
        f"{sum(positions[0]):,} -> {sum(positions[1]):,}",
        f"{statistics.median(positions[0]):,.0f} -> {statistics.median(positions[1]):,.0f}",
        f"{max(positions[0]):,} -> {max(positions[1]):,}",
        f"{sum(seconds[0]):.1f} -> {sum(seconds[1]):.1f}",
        f"{same} of {len(both)}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    before = json.loads(args.before.read_text(encoding="utf-8"))
    after = json.loads(args.after.read_text(encoding="utf-8"))
    table = Table(title="The claim search's size: before -> after (claims both runs finished)")
    for column in (
        "set",
        "matched (of before / after)",
        "positions, total",
        "median",
        "most on one claim",
        "seconds, total",
        "same tricks",
    ):
        table.add_column(column)
    for part in ("real", "trick_one"):
        row = compare(before, after, part)
        if row is not None:
            table.add_row(*row)
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
