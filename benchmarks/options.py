"""How long the options of a pending choice take to value (issue 18's targets).

Positions from real deals (the PBN boards of ``data/real-records/lorserker_ben_Boards_BBO``): the
recorded play is followed for a number of tricks, then an irregularity leaves a choice pending:

* ``50D2-8``: after five tricks (8 cards a hand), a defender's card becomes a major penalty
  card (his highest) and his partner is on lead: declarer's 50D2 choice;
* ``loot-8``: after five tricks, the defender who did not win the last trick leads his highest
  card out of turn: accept or refuse (Law 56, then 50D2 at once if refused);
* ``oloot-1``: before trick one, the presumed declarer's partner... the opening leader's partner
  faces his highest card (Law 54: accept, become dummy, refuse and 50D2);
* ``57A-8``: after five tricks, declarer's side (its hand that won trick 5) leads its highest
  card to trick 6, given as the trick in progress, and the defender on the leader's right,
  fourth to play, shows his highest card before his partner, second, has played: declarer's
  57A order pending (each order valued from the trick as it stands, the card a major penalty
  card). Boards where a defender won trick 5 are left out.

and, for the second target, ``histories``: the same boards cut after nine tricks, the opening
leader's row mixed, and the card he played at trick 4 given as a penalty card lying from trick
4 (so that every history must keep it until then and play it there if it can): the search's
count with the penalty card against the same dispute without it; ``histories-2`` the same with
his partner's row mixed too (larger disputes, where the count's own cost outweighs the fixed
cost of a call, a millisecond or so).

Each choice is valued with ``solver.rulings.pending.pending_choice`` (the alpha-beta with DDS at its
leaves); the figure is the wall time of that call, with the search's nodes and DDS calls
(which do not depend on the machine's load). Targets: a median under 1 s with 8 cards a
hand, under 5 s at trick one; histories under obligations no slower than twice the dispute
without them. This measures; it asserts nothing. Results go to the terminal and
to ``--output`` (default ``benchmarks/options-results.json``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))

from solver.bridge import Card  # noqa: E402
from solver.engines import options as options_engine  # noqa: E402
from solver.engines import search  # noqa: E402
from solver.engines.problem import compile_case  # noqa: E402
from solver.facts import TrickInProgress  # noqa: E402
from solver.facts.irregularity import (  # noqa: E402
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PrematurePlay,
)
from solver.records import pbn  # noqa: E402
from solver.records.casefile import case_from_dict  # noqa: E402
from solver.records.to_case import case_from_record  # noqa: E402
from solver.rulings import pending as pending_module  # noqa: E402
from solver.rulings.pending import pending_choice  # noqa: E402

RECORDS = REPO / "data" / "real-records" / "lorserker_ben_Boards_BBO"
RESULTS = REPO / "benchmarks" / "options-results.json"


def positions(boards: int, tricks: int) -> list[Any]:
    """Cases of the first ``boards`` complete boards, the play cut after ``tricks`` tricks."""
    out = []
    for path in sorted(RECORDS.glob("*.pbn")):
        for index, board in enumerate(pbn.load(path)):
            try:
                data = case_from_record(board, marks=False)
            except ValueError:
                continue  # not a board with a complete play
            rows = data.get("play", {}).get("rows", {})
            if len(rows) != 4 or any(len(str(row).split()) != 13 for row in rows.values()):
                continue
            source = f"{path.name} #{index + 1}"
            if tricks:
                data["play"]["rows"] = {
                    seat: " ".join(str(row).split()[:tricks]) for seat, row in rows.items()
                }
                out.append(case_from_dict(data, source))
            else:
                del data["play"]
                out.append(dataclasses.replace(case_from_dict(data, source), tricks_played=0))
            if len(out) == boards:
                return out
    return out


def scenario(case: Any, name: str) -> Any:
    """The case with the irregularity of scenario ``name`` (see the module docstring)."""
    problem = compile_case(case)
    found = search.solve(problem, list_limit=1)
    history = found.listed[0] if found.listed else ()
    played = {card for _leader, cards in history for card in cards}
    last_winner = _winner(problem, history) if history else case.opening_leader.index
    declarer = case.declarer.index
    defenders = [(declarer + 1) % 4, (declarer + 3) % 4]
    fact: Irregularity
    trick = case.tricks_played + 1
    if name == "50D2-8":
        leader = last_winner if last_winner in defenders else None
        if leader is None:
            return None
        holder = (leader + 2) % 4
        card = _highest(problem.hands[holder], played)
        fact = PenaltyCard(_seat(holder), card, trick, "deliberate")
    elif name == "57A-8":
        if last_winner in defenders:
            return None
        lead = _highest(problem.hands[last_winner], played)
        offender = (last_winner + 3) % 4
        card = _highest(problem.hands[offender], played)
        fact = PrematurePlay(_seat(offender), card, trick)
        current = TrickInProgress(trick, _seat(last_winner), (lead,))
        return dataclasses.replace(case, irregularities=(fact,), trick_in_progress=current)
    else:
        offender = next(d for d in defenders if d != last_winner)
        card = _highest(problem.hands[offender], played)
        fact = LeadOutOfTurn(_seat(offender), card, trick, None)
    return dataclasses.replace(case, irregularities=(fact,))


def _winner(problem: Any, history: Any) -> int:
    from solver.bridge.masks import trick_winner

    leader, cards = history[-1]
    return trick_winner(leader, cards, problem.trump)


def _highest(hand: int, played: set[int]) -> Card:
    cards = [c for c in range(52) if hand >> c & 1 and c not in played]
    return Card.from_index(max(cards, key=lambda c: (c % 13, c)))


def _seat(index: int) -> Any:
    from solver.bridge import Seat

    return Seat.from_index(index)


def measure(case: Any, time_limit: float) -> dict[str, Any]:
    problem = compile_case(case)
    found = search.solve(problem, list_limit=100)
    won = (
        sum(1 for t in _tricks(problem, found.listed[0]) if t % 2 == case.declarer.index % 2)
        if found.listed and found.listed[0]
        else 0
    )
    made: list[Any] = []

    def counted(table: Any, limit: float) -> Any:
        made.append(options_engine.valuer_for(table, limit))
        return made[-1]

    pending_module.valuer_for = counted  # type: ignore[attr-defined]
    try:
        started = time.perf_counter()
        pending = pending_choice(case, problem, found, won, time_limit)
        elapsed = time.perf_counter() - started
    finally:
        pending_module.valuer_for = options_engine.valuer_for  # type: ignore[attr-defined]
    options = [] if pending is None else [o.to_json() for o in pending.options]
    return {
        "case": case.source,
        "seconds": round(elapsed, 3),
        "nodes": sum(valuer.nodes for valuer in made),
        "dds_calls": sum(valuer.dds_calls for valuer in made),
        "options": options,
        "note": None if pending is None else pending.note,
    }


def _tricks(problem: Any, history: Any) -> list[int]:
    from solver.bridge.masks import trick_winner

    return [trick_winner(leader, cards, problem.trump) for leader, cards in history]


SCENARIOS = {"50D2-8": 5, "loot-8": 5, "oloot-1": 0, "57A-8": 5}
"""The pending-choice scenarios (module docstring) and the tricks played before each."""
REPEATS = 7
"""Runs of each count in the ``histories`` scenario; the least time is kept."""


def obligations_cost(boards: int, time_limit: float, rows_mixed: int = 1) -> dict[str, Any]:
    """The ``histories`` scenario (module docstring): seconds to count with and without.
    ``rows_mixed``: 1, the opening leader's row; 2, his partner's too (``histories-2``: larger
    disputes, where the count's own cost outweighs a fixed overhead of a millisecond)."""
    rows = []
    for case in positions(boards, 9):
        leader = case.opening_leader
        row = case.rows[leader]
        mixed_rows = dict(case.rows)
        for seat in [leader, leader.partner][:rows_mixed]:
            mixed_rows[seat] = dataclasses.replace(case.rows[seat], mixed=True, marks=())
        dispute = dataclasses.replace(case, rows=mixed_rows)
        card = row.cards[3]
        fact = PenaltyCard(leader, card, 4, "deliberate")
        timed = {}
        for name, facts in (("without", ()), ("with", (fact,))):
            problem = compile_case(dataclasses.replace(dispute, irregularities=facts))
            best = float("inf")
            for _ in range(REPEATS):  # the least of a few runs: a millisecond count is noisy
                started = time.perf_counter()
                found = search.solve(problem, time_limit=time_limit)
                best = min(best, time.perf_counter() - started)
            timed[name] = (best, found.count)
        rows.append(
            {
                "case": case.source,
                "seconds_without": round(timed["without"][0], 5),
                "seconds_with": round(timed["with"][0], 5),
                "count_without": timed["without"][1],
                "count_with": timed["with"][1],
                "ratio": round(timed["with"][0] / timed["without"][0], 2),
            }
        )
    ratios = [r["ratio"] for r in rows]
    return {
        "positions": len(rows),
        "median_ratio": round(statistics.median(ratios), 2) if ratios else None,
        "max_ratio": round(max(ratios), 2) if ratios else None,
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--output", default=str(RESULTS))
    parser.add_argument(
        "--only",
        nargs="+",
        choices=[*SCENARIOS, "histories", "histories-2"],
        help="run these scenarios only; the others' figures in --output are kept",
    )
    args = parser.parse_args(argv)
    wanted = set(args.only or [*SCENARIOS, "histories", "histories-2"])
    output = Path(args.output)
    report: dict[str, Any] = {"time_limit": args.time_limit, "scenarios": {}}
    if args.only and output.exists():
        report = json.loads(output.read_text("utf-8"))
    for name, tricks in SCENARIOS.items():
        if name not in wanted:
            continue
        rows = []
        for case in positions(args.boards, tricks):
            irregular = scenario(case, name)
            if irregular is not None:
                rows.append(measure(irregular, args.time_limit))
        times = [row["seconds"] for row in rows if row["note"] is None]
        summary = {
            "time_limit": args.time_limit,
            "nodes": sum(row["nodes"] for row in rows),
            "dds_calls": sum(row["dds_calls"] for row in rows),
            "positions": len(rows),
            "valued": len(times),
            "median_seconds": round(statistics.median(times), 3) if times else None,
            "max_seconds": max(times) if times else None,
            "rows": rows,
        }
        report["scenarios"][name] = summary
        print(
            f"{name}: {len(rows)} positions, {len(times)} valued, median "
            f"{summary['median_seconds']} s, max {summary['max_seconds']} s; "
            f"{summary['nodes']} nodes, {summary['dds_calls']} DDS calls"
        )
    for name, rows_mixed in (("histories", 1), ("histories-2", 2)):
        if name not in wanted:
            continue
        histories = obligations_cost(args.boards, args.time_limit, rows_mixed)
        report[name] = histories
        print(
            f"{name}: {histories['positions']} disputes, time with the penalty card / "
            f"without: median {histories['median_ratio']}, max {histories['max_ratio']}"
        )
    output.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
