"""The audit of an archive: every claim in its records, ruled on as if contested.

``audit(paths)`` returns the table as a pandas DataFrame; ``ruling audit`` writes it to a file
(``solver.audit.output``) with a progress bar, resuming an interrupted run. The work is spread
over this machine's cores, or over a Dask distributed cluster (``scheduler=``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas

__all__ = ["audit"]


def audit(
    paths: str | Path | Iterable[str | Path],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    policy: str = "WBF2017",
    time_limit: float = 20.0,
    why: bool = True,
    journal: str | Path | None = None,
    player_class: str | None = None,
    switches: Mapping[str, bool] | None = None,
    claimer: str = "declarer",
) -> pandas.DataFrame:
    """Audit every claim in the PBN and LIN files under ``paths`` (files or folders).

    One row per claim (and per file, board or claim that could not be read, with the reason),
    sorted by file and by place in the file. ``jobs``: worker processes on this machine (None:
    every CPU it may run on; 1: in this process); ``scheduler``: the address of a Dask
    distributed scheduler instead. ``journal``: a file the rows are appended to as they
    finish; run again with the same journal, the audit skips the boards already in it.
    ``policy``, ``player_class`` ("expert" or "club") and ``switches`` (judgements turned on
    or off, ``{"keep_entries": True}``) are ``ruling check``'s ``--policy``, ``--class`` and
    ``--switch``; ``claimer`` is ``ruling audit --claimer``: "declarer" (each claim taken as
    declarer's) or "either" (as a defender's too, where declarer's would not stand; the
    ``claimer`` column names the seat ruled on). An unknown one, a switch set to anything but
    True or False, a time limit that is not a positive number or fewer than one job is a
    ``solver.errors.SettingsError`` (a ValueError) before any claim is ruled on.
    """
    import pandas

    from solver.audit.judge import COLUMNS
    from solver.audit.run import Settings, audit_rows, choose_runner
    from solver.rulings.analyse import check_whole_number

    if isinstance(paths, str | Path):
        paths = [paths]
    elif not isinstance(paths, Iterable):
        raise TypeError(f"paths: expected a file or folder, or several, got {paths!r}")
    if jobs is not None:
        check_whole_number("jobs", jobs, 1)
    rows = list(
        audit_rows(
            paths,
            settings=Settings(
                policy, time_limit, why, player_class, tuple((switches or {}).items()), claimer
            ),
            runner=choose_runner(jobs, scheduler),
            journal=None if journal is None else Path(journal),
        )
    )
    table = pandas.DataFrame([asdict(row) for row in rows], columns=list(COLUMNS))
    table = table.astype(
        {
            name: "Int64"
            for name in ("board", "cards_left", "before", "claimed", "worst_normal", "ruling")
        }
        | {"double_dummy": "Int64", "stands": "boolean", "lost_to_trump": "boolean"}
    )
    return table.sort_values(["source", "record", "reason"], kind="stable").reset_index(drop=True)
