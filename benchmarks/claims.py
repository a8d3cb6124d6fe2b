"""How long the claims engine takes to find the worst normal line (Law 70), runnable by anyone.

    .venv/bin/python benchmarks/claims.py [--time-limit S] [--random N] [--seed K] [--output FILE]

Two sets of claims, each adjudicated with ``solver.engines.claims.adjudicate`` under the WBF2017
policy and the same time limit (20 s by default, the limit ``ruling check`` uses):

- **Real claims**: every claim (or concession) in the LIN and PBN records of
  ``data/real-records`` (the record's ``mc``/``*``), taken where play stopped,
  mid-trick included, with the claimer's side claiming the record's total and nothing said (an
  empty statement: the hardest case for the engine, every normal order is open). Grouped by the
  cards each player held at the claim (the trick in progress counted): up to 7, and 8 to 13.
- **Trick 1 claims**: random deals in which the claimer's side (North-South, South declarer) holds
  at least 10 top tricks, claimed by South after West's opening lead, with either "draw trumps" (a
  trump contract) or nothing said. The 13-card worst case a director meets when declarer faces
  his hand at once. "Top tricks" is a rough count (per suit the unbroken run from the ace, at
  most the longer hand's length, with enough top trumps to draw the opponents'): blocked suits
  and entries are not looked at, so the double-dummy column is shown beside it.

Each adjudication runs in a forked child, timed there (the engine modules already imported), and
killed at twice the limit plus 10 s, so that an engine which overruns its own limit cannot stop the
benchmark. Nothing here asserts a time: it measures. The tables go to the terminal; the raw figures
to ``--output`` (default ``benchmarks/claims-results.json``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

import solver.engines.claims.search  # noqa: E402
from solver.bridge import ALL_CARDS, Card, Seat  # noqa: E402
from solver.engines import dds  # noqa: E402
from solver.engines.claims import ClaimProblem, ClaimTimeout, adjudicate  # noqa: E402
from solver.facts import Claim, ClaimPosition, Step  # noqa: E402
from solver.facts.policy import PRESETS  # noqa: E402
from solver.native import is_compiled  # noqa: E402
from solver.records import lin, pbn  # noqa: E402
from solver.records.record import Record  # noqa: E402
from solver.records.stopped import ClaimOutOfRange, claim_at_stop  # noqa: E402

RECORDS = REPO / "data" / "real-records"
RESULTS = REPO / "benchmarks" / "claims-results.json"
POLICY = PRESETS["WBF2017"]
TOP_TRICKS = 10
"""A trick-1 claim is made on a deal where the claimer's side has at least this many top tricks."""


@dataclass
class Measurement:
    """One adjudication: what was claimed, and how long the worst normal line took."""

    label: str
    cards_left: int
    statement: str
    claimed: int
    double_dummy: int
    claimer_tricks: int | None
    """None when the adjudication did not finish within the limit."""
    seconds: float
    positions: int | None
    status: str
    """"done", "timeout" (the engine's own limit) or "killed" (past the hard cap)."""


# -- the claims ----------------------------------------------------------------------------------


def real_claims(roots: Sequence[Path] = (RECORDS,)) -> list[tuple[str, Claim, int | None]]:
    """(label, claim, trump) for every claim in the LIN and PBN records with play, in the files
    or folders ``roots`` (by default every record of ``data/real-records``). The label names
    the file, the board and the contract with its declarer."""
    out = []
    paths = sorted({p for root in roots for p in ([root] if root.is_file() else root.rglob("*"))})
    for path in paths:
        reader = {".lin": lin, ".pbn": pbn}.get(path.suffix)
        if reader is None:
            continue
        for record in reader.load(path, errors=[]):
            claim = claim_of_record(record)
            if claim is not None:
                label = f"{path.name} #{record.index + 1}, {record.label()}, {record.contract}"
                out.append((f"{label} {record.declarer}", claim, record.trump_suit_index))
    return out


def claim_of_record(record: Record) -> Claim | None:
    """The record's claim by declarer, from where play stopped (None when there is none, or
    when its total cannot be reached): the claim ``ruling audit`` rules on."""
    try:
        return claim_at_stop(record)
    except ClaimOutOfRange:
        return None


def top_tricks(hands: list[set[Card]], trump: int | None) -> int:
    """Tricks North-South can cash from the top: per suit, the unbroken run from the ace, at most
    the longer hand's length; 13 at most in all. In a trump contract, 0 unless the run of top
    trumps is as long as each opponent's trumps (else drawing them loses a trick)."""
    north, south = hands[0], hands[2]
    total = 0
    for suit in range(4):
        ours = {c.rank for c in north | south if c.suit_index == suit}
        run = 0
        while 14 - run in ours:
            run += 1
        longest = max(sum(1 for c in hand if c.suit_index == suit) for hand in (north, south))
        total += min(run, longest)
        theirs = max(sum(1 for c in hands[seat] if c.suit_index == suit) for seat in (1, 3))
        if suit == trump and run < theirs:
            return 0
    return min(total, 13)


def trick_one_claims(count: int, seed: int) -> list[tuple[str, Claim, int | None]]:
    """Random deals where North-South hold ``TOP_TRICKS`` or more top tricks; South claims them
    after West's opening lead (a random card), with "draw trumps" or nothing said."""
    rng = random.Random(seed)
    out: list[tuple[str, Claim, int | None]] = []
    while len(out) < count:
        trump = rng.choice([None, 0, 1, 2, 3])
        hands = strong_deal(rng, trump)
        north, south = hands[0], hands[2]
        tops = top_tricks(hands, trump)
        if tops < TOP_TRICKS:
            continue
        lead = rng.choice(sorted(hands[3]))
        held = (
            frozenset(north),
            frozenset(hands[1]),
            frozenset(south),
            frozenset(hands[3] - {lead}),
        )
        statement: tuple[Step, ...] = ()
        if trump is not None and rng.random() < 0.5:
            statement = (Step("draw_trumps", "draw trumps"),)
        position = ClaimPosition(held, Seat.WEST, (lead,), (0, 0))
        claim = Claim(by=Seat.SOUTH, tricks=tops, position=position, statement=statement)
        strain = "NT" if trump is None else "SHDC"[trump]
        out.append((f"deal {len(out) + 1}: {strain}, {tops} top tricks, lead {lead}", claim, trump))
    return out


def strong_deal(rng: random.Random, trump: int | None) -> list[set[Card]]:
    """A deal biased to North-South: each suit's top cards go to them, the rest at random."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands: list[set[Card]] = [set(), set(), set(), set()]
    for suit in range(4):
        tops = rng.randint(1, 4) if suit != trump else rng.randint(3, 5)
        for rank in range(14, 14 - tops, -1):
            seat = rng.choice([s for s in (0, 2) if len(hands[s]) < 13])
            hands[seat].add(Card(suit, rank))
    for card in cards:
        if any(card in hand for hand in hands):
            continue
        hands[rng.choice([s for s in range(4) if len(hands[s]) < 13])].add(card)
    return hands


# -- measuring -----------------------------------------------------------------------------------


def _child(conn: Connection, claim: Claim, trump: int | None, limit: float) -> None:
    problem = ClaimProblem.from_claim(claim, trump, POLICY)
    started = time.monotonic()
    try:
        result = adjudicate(problem, time_limit=limit)
    except ClaimTimeout:
        conn.send(("timeout", None, time.monotonic() - started, None))
    else:
        conn.send(("done", result.claimer_tricks, result.elapsed, result.positions))
    conn.close()


def measure(label: str, claim: Claim, trump: int | None, limit: float) -> Measurement:
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, claim, trump, limit))
    started = time.monotonic()
    child.start()
    sender.close()
    cap = 2 * limit + 10
    if receiver.poll(cap):
        status, tricks, seconds, positions = receiver.recv()
    else:
        status, tricks, seconds, positions = "killed", None, time.monotonic() - started, None
        child.kill()
    child.join()
    statement = ", ".join(step.text for step in claim.statement) or "(nothing)"
    left = claim.position.tricks_left
    best = double_dummy(claim, trump)
    return Measurement(
        label, left, statement, claim.tricks, best, tricks, seconds, positions, status
    )


def double_dummy(claim: Claim, trump: int | None) -> int:
    position = claim.position
    return dds.double_dummy_tricks(
        dds.Position(position.hands, trump, position.leader, position.current_trick), claim.side
    )


# -- the tables ----------------------------------------------------------------------------------


def summary_row(name: str, rows: list[Measurement], limit: float) -> list[str]:
    if not rows:
        return [name, "0", "-", "-", "-"]
    times = sorted(min(r.seconds, limit) if r.status == "done" else limit for r in rows)
    done = sum(r.status == "done" for r in rows)
    median = statistics.median(times)
    slow = any(r.status != "done" for r in rows)
    return [
        name,
        str(len(rows)),
        f"{'>=' if median >= limit else ''}{median:.2f}",
        f"{'>' if slow else ''}{max(times):.2f}",
        f"{done}/{len(rows)}",
    ]


def print_tables(real: list[Measurement], first: list[Measurement], limit: float) -> None:
    console = Console(width=150)
    table = Table(title=f"Worst normal line: adjudication time (s), limit {limit:g} s")
    for column in ("claims", "n", "median", "max", f"done in {limit:g} s"):
        table.add_column(column)
    table.add_row(
        *summary_row("real, <= 7 cards left", [r for r in real if r.cards_left <= 7], limit)
    )
    table.add_row(
        *summary_row("real, 8-13 cards left", [r for r in real if r.cards_left >= 8], limit)
    )
    table.add_row(*summary_row("trick 1, 13 cards", first, limit))
    console.print(table)
    for title, rows in (("Real claims (nothing said)", real), ("Claims at trick 1", first)):
        detail = Table(title=title)
        columns = (
            "claim",
            "cards",
            "said",
            "claimed",
            "double dummy",
            "worst line",
            "s",
            "positions",
        )
        for column in columns:
            detail.add_column(column)
        for r in rows:
            tricks = "-" if r.claimer_tricks is None else str(r.claimer_tricks)
            seconds = f"{r.seconds:.2f}" + ("" if r.status == "done" else f" ({r.status})")
            positions = "-" if r.positions is None else f"{r.positions:,}"
            detail.add_row(
                r.label,
                str(r.cards_left),
                r.statement,
                str(r.claimed),
                str(r.double_dummy),
                tricks,
                seconds,
                positions,
            )
        console.print(detail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--random", type=int, default=20, help="trick-1 claims (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    real = [measure(*item, args.time_limit) for item in real_claims()]
    first = [measure(*item, args.time_limit) for item in trick_one_claims(args.random, args.seed)]
    print_tables(real, first, args.time_limit)
    compiled = is_compiled(solver.engines.claims.search.__file__)
    print(f"claim search: {'compiled (mypyc)' if compiled else 'pure Python'}")
    report: dict[str, Any] = {
        "time_limit": args.time_limit,
        "policy": POLICY.name,
        "compiled": compiled,
        "real": [asdict(r) for r in real],
        "trick_one": [asdict(r) for r in first],
    }
    args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
