"""Random disputes from the real records, the tool against the independent count (not a test).

    .venv/bin/python -m tests.stress_real_records [--seed K] [--cases N] [--limit S] [--revokes]

Each dispute is a real board's play (complete, or cut after a random trick) taken apart at
random: rows mixed (before or after agreement, or after the dispute), marks dropped or flipped,
two neighbouring cards of a row swapped, owned statements about winners and totals, and with
``--revokes`` a revoke allegation (a trick or a suit). ``solver.analyse`` and
``tests/independent_count.py`` (which imports nothing from ``solver``) must agree on the count,
the histories per declarer total and the minimum cost. A dispute the independent count cannot
finish within ``--limit`` seconds is skipped. Disagreements are printed with the case.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

import solver
from solver.errors import CaseFileError
from solver.records import case_from_dict, pbn
from solver.records.record import Record
from solver.records.to_case import case_from_record
from tests import independent_count

ROOT = Path(__file__).resolve().parents[1] / "data" / "real-records"


class _TooSlow(Exception):
    pass


def _alarm(*_: Any) -> None:
    raise _TooSlow


def records() -> list[Record]:
    out = []
    for path in sorted(ROOT.rglob("*.pbn")):
        for rec in pbn.load(path):
            if rec.contract is not None and rec.declarer is not None and len(rec.tricks) >= 6:
                out.append(rec)
    return out


def dispute(rng: random.Random, rec: Record, revokes: bool) -> dict[str, Any]:
    stop = rng.choice([len(rec.tricks), len(rec.tricks), rng.randint(4, len(rec.tricks))])
    cut = dataclasses.replace(rec, tricks=rec.tricks[:stop], claimed_total=None)
    case = copy.deepcopy(case_from_record(cut, title="stress"))
    rows = case["play"]["rows"]
    for seat in rng.sample(list(rows), rng.choice([0, 0, 1, 1, 2, 3])):
        cards = [token[:2] for token in rows[seat].split()]
        rng.shuffle(cards)
        when = rng.choice(["before-agreement", "after-agreement", "after-dispute"])
        rows[seat] = {"mixed": " ".join(cards), "when": when}
    for seat, row in rows.items():
        if isinstance(row, str):
            rows[seat] = _disturbed(rng, row.split())
    statements: list[dict[str, Any]] = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        by = rng.choice(["NS", "EW", "N", "E", "S", "W"])
        if rng.random() < 0.5:
            winner = rng.choice(["N", "E", "S", "W", "NS", "EW"])
            statements.append({"by": by, "trick": rng.randint(1, stop), "winner": winner})
        else:
            statements.append({"by": by, "declarer_tricks": rng.randint(0, stop)})
    if revokes and rng.random() < 0.6:
        seat = rng.choice("NESW")
        where: dict[str, Any] = (
            {"trick": rng.randint(1, stop)} if rng.random() < 0.5 else {"suit": rng.choice("SHDC")}
        )
        statements.append({"by": rng.choice(["NS", "EW"]), "revoke": {"seat": seat, **where}})
    case["statements"] = statements
    return case


def _disturbed(rng: random.Random, tokens: list[str]) -> str:
    for i, token in enumerate(tokens):
        draw = rng.random()
        if draw < 0.04 and token[2:]:
            tokens[i] = token[:2] + ("-" if token.endswith("+") else "+")
        elif draw < 0.25:
            tokens[i] = token[:2]
    if len(tokens) > 2 and rng.random() < 0.15:
        i = rng.randrange(len(tokens) - 1)
        tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
    return " ".join(tokens)


def per_total(outcomes: list[dict[str, Any]]) -> dict[int, int]:
    """Histories per declarer total (outcome groups split by revokes are added up)."""
    out: dict[int, int] = {}
    for entry in outcomes:
        total = entry["declarer_tricks"]
        out[total] = out.get(total, 0) + (entry["histories"] or 0)
    return dict(sorted(out.items()))


def agrees(result: dict[str, Any], counted: independent_count.Count) -> bool:
    if not counted.feasible:
        return bool(result["status"] == "impossible")
    histories = result["histories"]
    if histories["min_cost"] != counted.min_cost:
        return False
    if histories["count"] is None:  # decided by optimisation: the totals only
        return {e["declarer_tricks"] for e in result["outcomes"]} == set(counted.outcomes)
    return bool(
        histories["count"] == counted.count and per_total(result["outcomes"]) == counted.outcomes
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=30)
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--revokes", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    boards = records()
    signal.signal(signal.SIGALRM, _alarm)
    compared = wrong = skipped = 0
    started = time.monotonic()
    while compared < args.cases:
        case = dispute(rng, rng.choice(boards), args.revokes)
        try:
            loaded = case_from_dict(case)
        except CaseFileError:
            skipped += 1
            continue
        signal.alarm(args.limit)
        try:
            counted = independent_count.count(case)
        except _TooSlow:
            skipped += 1
            continue
        finally:
            signal.alarm(0)
        result = solver.analyse(loaded, time_limit=args.limit).to_json()
        compared += 1
        if not agrees(result, counted):
            wrong += 1
            print("DISAGREE", json.dumps(case), file=sys.stderr)
            print(f"  tool: {result['histories']} {per_total(result['outcomes'])}", file=sys.stderr)
            print(f"  independent: {counted}", file=sys.stderr)
    seconds = time.monotonic() - started
    summary = f"{compared} compared, {wrong} disagree, {skipped} skipped"
    print(f"seed {args.seed}: {summary}, {seconds:.0f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
