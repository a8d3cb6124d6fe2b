"""Random disputes from the real records, the tool against the independent count (not a test).

    .venv/bin/python -m tests.stress_real_records [--seed K] [--cases N] [--limit S] [--revokes]
        [--records PATH ...]
    .venv/bin/python -m tests.stress_real_records --irregularities [--engines auto,search,...]
    .venv/bin/python -m tests.stress_real_records --irregularities --failures

Each dispute is a real board's play (complete, or cut after a random trick) taken apart at
random: rows mixed (before or after agreement, or after the dispute), marks dropped or flipped,
two neighbouring cards of a row swapped, owned statements about winners and totals, and with
``--revokes`` a revoke allegation (a trick or a suit). ``solver.analyse`` and
``tests/independent_count.py`` (which imports nothing from ``solver``) must agree on the count,
the histories per declarer total and the minimum cost. A dispute the independent count cannot
finish within ``--limit`` seconds is skipped. Disagreements are printed with the case.

With ``--irregularities`` each dispute also gets one agreed irregularity drawn from the real play
(no revoke allegation then): a penalty card of a defender lying from a trick at or before the
one where he really played it (sometimes after, or with declarer's 50D2 choice recorded), a
lead out of turn (refused, accepted, or unanswered where play stopped), or a premature play of
the fourth hand (with or without declarer's 57A order). The real play may obey what it obliges
or not; either way the count, possibly none (``impossible``), must agree with
``tests/independent_irregularities.py``, for each engine of ``--engines`` (every engine of
``ruling check --engine`` by default).

With ``--failures`` (and ``--irregularities``) each dispute is instead a small ending: the real
play cut before a trick, its tricks agreed but the last few (``FAILURE_DISPUTED``), which stay
rows, and a defender's penalty card lying there with a card he led to the trick where play
stopped in its place (``failure_to_play``, Law 52, declarer's choice pending). Most are real
failures; some name the other defender, the penalty card itself or a card its duty allows, which
no history makes a failure: the tool must then refuse the case, as the count does.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import itertools
import json
import random
import sys
import time
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import solver
from solver.audit.boards import record_files
from solver.errors import CaseFileError, EngineError
from solver.facts import Case
from solver.records import case_from_dict
from solver.records.importing import load_records
from solver.records.record import Record
from solver.records.to_case import case_from_record
from tests import independent_count, independent_irregularities
from tests.records import suite_records
from tests.time_limit import TooSlow, time_limit

ENGINES = ("auto", "search", "cpsat", "pyconstraint")
"""The engines ``ruling check --engine`` offers."""
HOWS = ("inadvertent", "inadvertent", "second-card", "deliberate", "exposed", "lead-out-of-turn")


def records(paths: list[str] | None = None) -> list[Record]:
    """The boards to draw disputes from: those with a contract and six tricks or more played,
    of the suite's PBN records, or of the PBN and LIN files under ``paths`` (``--records``:
    archives from elsewhere; their unreadable boards are left out)."""
    files = suite_records(".pbn") if not paths else list(record_files(paths))
    out = []
    for path in files:
        if not isinstance(path, Path):
            continue  # a file the audit would list as unreadable
        for rec in load_records(path, errors=[]):
            if rec.contract is not None and rec.declarer is not None and len(rec.tricks) >= 6:
                out.append(rec)
    if not out:
        raise SystemExit(f"no board with six tricks played in {paths or 'the suite records'}")
    return out


def dispute(
    rng: random.Random, rec: Record, revokes: bool, irregularities: bool = False
) -> dict[str, Any]:
    stop = rng.choice([len(rec.tricks), len(rec.tricks), rng.randint(4, len(rec.tricks))])
    cut = dataclasses.replace(rec, tricks=rec.tricks[:stop], claimed_total=None)
    case = copy.deepcopy(case_from_record(cut, title="stress"))
    if irregularities:
        case["play"]["irregularities"] = irregularity(rng, rec, case, stop)
        revokes = False
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


@dataclasses.dataclass
class RealPlay:
    """The real play of the first ``stop`` tricks, seats from N = 0, cards by name."""

    declarer: int
    stop: int
    tricks: list[tuple[int, dict[int, str]]]
    """Each trick's leader and the card of each seat."""
    leaders: list[int]
    """The leader of each trick played and of the one after."""
    played: dict[str, int]
    """Card -> the trick (from 0) it was played to."""
    hands: list[list[str]]


def real_play(rec: Record, case: dict[str, Any], stop: int) -> RealPlay:
    tricks = [
        (t.leader.index, {(t.leader.index + i) % 4: str(c) for i, c in enumerate(t.cards)})
        for t in rec.tricks[:stop]
    ]
    strain = str(case["contract"]).upper().rstrip("X")[1:]
    trump = None if strain in ("N", "NT") else "SHDC".index(strain)
    last_leader, last = tricks[-1]
    cards = [independent_count.card_index(last[s]) for s in range(4)]
    after = independent_count.winner_of(
        last_leader, (cards[0], cards[1], cards[2], cards[3]), trump
    )
    masks = independent_count.deal_masks(str(case["deal"]))
    return RealPlay(
        declarer=independent_count.seat_index(case["declarer"]),
        stop=stop,
        tricks=tricks,
        leaders=[lead for lead, _ in tricks] + [after],
        played={card: i for i, (_, by_seat) in enumerate(tricks) for card in by_seat.values()},
        hands=[[independent_count.card_name(c) for c in independent_count.bits(m)] for m in masks],
    )


def irregularity(
    rng: random.Random, rec: Record, case: dict[str, Any], stop: int
) -> list[dict[str, Any]]:
    """One irregularity drawn from the real play of the first ``stop`` tricks (with a choice
    recorded sometimes): mostly one the real play could have obeyed."""
    real = real_play(rec, case, stop)
    kind = rng.choice(["penalty", "penalty", "penalty", "lead", "lead", "premature"])
    if kind == "premature":
        out = _premature(rng, real)
        if out:
            return out
    if kind == "lead":
        return _lead_out_of_turn(rng, real)
    return _penalty_card(rng, real)


def _premature(rng: random.Random, real: RealPlay) -> list[dict[str, Any]]:
    """The fourth hand's card to a trick declarer's side led, played before his partner (or,
    sometimes, another defender's card)."""
    places = [i for i, (lead, _) in enumerate(real.tricks) if lead % 2 == real.declarer % 2]
    if not places:
        return []
    at = rng.choice(places)
    lead, cards = real.tricks[at]
    offender = (lead + 3) % 4
    if rng.random() < 0.1:
        offender = rng.choice([s for s in range(4) if s % 2 != real.declarer % 2])
    fact = {"seat": "NESW"[offender], "card": cards[offender], "trick": at + 1}
    out: list[dict[str, Any]] = [{"premature": fact}]
    if rng.random() < 0.3:
        option = rng.choice(
            ["partner-highest", "partner-lowest", "partner-play-suit", "partner-not-suit"]
        )
        order = {"trick": at + 1, "by": "NESW"[real.declarer], "law": "57A", "option": option}
        if option in ("partner-play-suit", "partner-not-suit"):
            order["suit"] = rng.choice([s for s in "SHDC" if s != cards[lead][0]])
        out.append({"choice": order})
    return out


def _lead_out_of_turn(rng: random.Random, real: RealPlay) -> list[dict[str, Any]]:
    """A lead out of turn by another player than the real leader, of a card he still held:
    refused or accepted, or unanswered where play stopped."""
    at = rng.randint(0 if rng.random() < 0.15 else 1, min(real.stop, 12))
    offender = rng.choice([s for s in range(4) if s != real.leaders[at]])
    free = [c for c in real.hands[offender] if real.played.get(c, real.stop) >= at]
    response = rng.choice(["refused", "refused", "accepted", None])
    if at == 12 and response == "accepted":
        response = "refused"  # no acceptance at trick 13 (2017)
    if at < real.stop and response is None:
        response = "refused"
    entry: dict[str, Any] = {"seat": "NESW"[offender], "card": rng.choice(free), "trick": at + 1}
    if response is not None:
        entry["response"] = response
    return [{"lead_out_of_turn": entry}]


def _penalty_card(rng: random.Random, real: RealPlay) -> list[dict[str, Any]]:
    """A defender's card lying face up from a trick at or before the one he played it to (now
    and then after it), with declarer's 50D2 choice recorded sometimes."""
    holder = rng.choice([(real.declarer + 1) % 4, (real.declarer + 3) % 4])
    card = rng.choice(real.hands[holder])
    until = min(real.played.get(card, real.stop), real.stop, 12)
    at = rng.randint(0 if rng.random() < 0.1 else 1, max(until, 1))
    if rng.random() < 0.1:
        at = rng.randint(1, min(real.stop, 12))
    penalty = {"seat": "NESW"[holder], "card": card, "trick": at + 1, "how": rng.choice(HOWS)}
    major = card[1] in "TJQKA" or penalty["how"] not in ("inadvertent", "second-card")
    if rng.random() < 0.1:
        penalty["class"] = rng.choice(["major", "minor"])
        major = penalty["class"] == "major"
    out: list[dict[str, Any]] = [{"penalty_card": penalty}]
    partner_leads = [i for i in range(at, real.stop) if real.leaders[i] == (holder + 2) % 4]
    if partner_leads and rng.random() < (0.3 if major else 0.03):
        option = rng.choice(["require-suit", "forbid-suit", "leave-penalty-card"])
        choice = {
            "trick": rng.choice(partner_leads) + 1,
            "by": "NESW"[real.declarer],
            "law": "50D2",
            "option": option,
        }
        if option != "leave-penalty-card":
            choice["suit"] = card[0]
        out.append({"choice": choice})
    return out


FAILURE_DISPUTED = 3
"""The tricks before the stop left to the rows in ``failure_dispute``: the rest are agreed."""


def failure_dispute(rng: random.Random, rec: Record, earliest: int = 6) -> dict[str, Any] | None:
    """A small ending of ``rec`` where play stopped at a lead by a defender instead of his
    penalty card due (Law 52 pending), after ``earliest`` tricks or more, or None when the
    record has no such stop where a defender is on lead. The tricks before the last
    ``FAILURE_DISPUTED`` are agreed, those are rows (mixed or marked at random) and,
    sometimes, a side's word on who won one of them."""
    last = min(len(rec.tricks), 12)
    played = dataclasses.replace(rec, tricks=rec.tricks[:last], claimed_total=None)
    whole = real_play(rec, case_from_record(played, title="stress"), last)
    stops = [k for k in range(earliest, last + 1) if whole.leaders[k] % 2 != whole.declarer % 2]
    if not stops:
        return None
    stop = rng.choice(stops)
    cut = dataclasses.replace(rec, tricks=rec.tricks[:stop], claimed_total=None)
    case = copy.deepcopy(case_from_record(cut, title="stress"))
    real = real_play(rec, case, stop)
    first = stop - FAILURE_DISPUTED
    case["play"]["tricks"] = {
        i + 1: f"{'NESW'[lead]}: " + " ".join(cards[(lead + j) % 4] for j in range(4))
        for i, (lead, cards) in enumerate(real.tricks[:first])
    }
    case["play"]["irregularities"] = _failure(rng, real, first)
    rows = case["play"]["rows"]
    for seat in rng.sample(list(rows), rng.choice([0, 1, 1, 2])):
        cards = [token[:2] for token in rows[seat].split()]
        rng.shuffle(cards)
        rows[seat] = {"mixed": " ".join(cards), "when": "after-dispute"}
    for seat, row in rows.items():
        if isinstance(row, str):
            rows[seat] = _disturbed(rng, row.split())
    if rng.random() < 0.3:
        winner = rng.choice(["N", "E", "S", "W"])
        by = rng.choice(["NS", "EW"])
        case["statements"] = [{"by": by, "trick": rng.randint(first + 1, stop), "winner": winner}]
    return case


def _failure(rng: random.Random, real: RealPlay, first: int) -> list[dict[str, Any]]:
    """The real leader at the stop (now and then his partner) led a card he still held while
    a card of his lay as a penalty card from the stop or (as often) one of the disputed tricks
    (mostly one he still held; now and then one he played, or the card led itself)."""
    offender = real.leaders[real.stop]
    if rng.random() < 0.1:
        offender = (offender + 2) % 4
    holder = offender if rng.random() < 0.9 else (offender + 2) % 4
    held = [c for c in real.hands[holder] if real.played.get(c, real.stop) >= real.stop]
    later = [c for c in real.hands[holder] if real.played.get(c, real.stop) >= first]
    card = rng.choice(held if rng.random() < 0.85 else later)
    penalty = {
        "seat": "NESW"[holder],
        "card": card,
        "trick": rng.choice([real.stop + 1, rng.randint(first + 1, real.stop)]),
        "how": rng.choice(HOWS),
    }
    if rng.random() < 0.15:
        penalty["class"] = rng.choice(["major", "minor"])
    mine = [c for c in real.hands[offender] if real.played.get(c, real.stop) >= real.stop]
    others = [c for c in mine if c != card]
    led = rng.choice(others if others and rng.random() < 0.9 else mine)
    failure = {"seat": "NESW"[offender], "card": led, "trick": real.stop + 1}
    return [{"penalty_card": penalty}, {"failure_to_play": failure}]


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
    parser.add_argument("--irregularities", action="store_true")
    parser.add_argument("--failures", action="store_true", help="with --irregularities: Law 52")
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--verbose", action="store_true", help="a line per dispute")
    parser.add_argument(
        "--records", nargs="+", metavar="PATH", help="PBN or LIN files or folders to draw from"
    )
    args = parser.parse_args(argv)
    if args.irregularities:
        return stress_irregularities(args)
    rng = random.Random(args.seed)
    boards = records(args.records)
    compared = wrong = skipped = 0
    started = time.monotonic()
    while compared < args.cases:
        case = dispute(rng, rng.choice(boards), args.revokes)
        try:
            loaded = case_from_dict(case)
        except CaseFileError:
            skipped += 1
            continue
        try:
            with time_limit(args.limit):
                counted = independent_count.count(case)
        except TooSlow:
            skipped += 1
            continue
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


@dataclasses.dataclass
class IrregularRun:
    """The figures of a run of ``--irregularities``."""

    compared: int = 0
    impossible: int = 0
    runs: int = 0
    unreached: int = 0
    timeouts: int = 0
    skipped: int = 0
    refused: int = 0
    disagreements: list[tuple[str, dict[str, Any]]] = dataclasses.field(default_factory=list)
    known: dict[str, int] = dataclasses.field(default_factory=dict)
    """Disagreements the tool's known reading explains (``independent_irregularities.LENIENCES``),
    by reading: runs of an engine."""
    overran: list[tuple[str, dict[str, Any]]] = dataclasses.field(default_factory=list)
    """Engine runs stopped at ``ENGINE_GRACE`` times their time limit."""

    def summary(self) -> str:
        return (
            f"{self.compared} compared ({self.impossible} impossible), {self.runs} engine runs "
            f"({self.unreached} beyond an engine, {self.timeouts} out of time), "
            f"{len(self.disagreements)} disagree, {len(self.overran)} overran their limit, "
            f"{self.skipped} skipped, {self.refused} refused by the reader; known "
            f"disagreements (engine runs): {self.known or 'none'}"
        )


ENGINE_GRACE = 5
"""An engine run is stopped at this many times the time limit it was given: its limit bounds
the search, not the loading, the rulings or a cold import of OR-Tools (about 5 s)."""


def out_of_time(result: dict[str, Any]) -> bool:
    """Did the engine leave the count unmade (time limit; or the ruling decided by
    optimisation, the outcomes then listing only the totals it needed)?"""
    if result["status"] == "undetermined":
        return True
    histories = result["histories"] or {}
    return result["status"] != "impossible" and (
        bool(histories.get("count_stopped")) or histories.get("count") is None
    )


def within(result: dict[str, Any] | None, counted: independent_count.Count | None) -> bool:
    """``agrees``; for a count left unmade, what the engine found is at most the count, its
    totals among the count's. None on either side is a case refused (a Law 52 failure that
    the position where play stopped makes none): both must refuse it."""
    if result is None or counted is None:
        return result is None and counted is None
    if out_of_time(result):
        at_least = int((result["histories"] or {}).get("count_at_least") or 0)
        totals = {entry["declarer_tricks"] for entry in result["outcomes"]}
        return at_least <= counted.count and totals <= set(counted.outcomes)
    return agrees(result, counted)


def counted_or_refused(
    case: dict[str, Any], lenient: frozenset[str] = frozenset()
) -> independent_count.Count | None:
    """``independent_irregularities.count``, None where it refuses the case."""
    try:
        return independent_irregularities.count(case, lenient)
    except independent_irregularities.Refused:
        return None


def known_divergence(case: dict[str, Any], result: dict[str, Any] | None, limit: int) -> str | None:
    """The one reading of ``LENIENCES`` under which the independent count agrees with the
    tool, if any: a disagreement already reported, not a new one."""
    slow = False
    for name in independent_irregularities.LENIENCES:
        try:
            with time_limit(limit):
                if within(result, counted_or_refused(case, frozenset({name}))):
                    return name
        except TooSlow:
            slow = True
    if slow:  # not settled within the limit: shown, counted apart, neither agreed nor new
        print("UNSETTLED", json.dumps(case), file=sys.stderr)
        return "unsettled (a known reading too slow to count)"
    return None


def seeded_disputes(
    seed: int,
    indices: Collection[int] | None = None,
    failures: bool = False,
    paths: list[str] | None = None,
) -> Iterator[dict[str, Any]]:
    """The seed's random disputes with one irregularity, in order; with ``indices``, only
    those at these places (from 0), and then no more. With ``failures``, small endings with a
    penalty card and a card led in its place (``failure_dispute``); ``paths``: see records."""
    rng = random.Random(seed)
    boards = records(paths)
    for index in itertools.count():
        if indices is not None and index > max(indices):
            return
        case = None
        while failures and case is None:
            case = failure_dispute(rng, rng.choice(boards))
        if case is None:
            case = dispute(rng, rng.choice(boards), False, irregularities=True)
        if indices is None or index in indices:
            yield case


def run_irregularities(
    seed: int,
    cases: int,
    limit: int,
    engines: list[str],
    verbose: bool = False,
    indices: Collection[int] | None = None,
    failures: bool = False,
    paths: list[str] | None = None,
) -> IrregularRun:
    """``cases`` random disputes with one irregularity each, every engine of ``engines`` against
    ``tests/independent_irregularities.py``. With ``indices``, only the disputes at those
    places in the seed's sequence (``seeded_disputes``), whatever the time their counts take
    elsewhere: which disputes are compared no longer depends on how busy the machine is.
    ``failures``: the disputes of ``seeded_disputes`` with a Law 52 failure pending."""
    run = IrregularRun()
    for case in seeded_disputes(seed, indices, failures, paths):
        if run.compared >= cases:
            break
        try:
            loaded = case_from_dict(case)
        except CaseFileError:
            run.refused += 1
            continue
        try:
            with time_limit(limit):
                counted = counted_or_refused(case)
        except TooSlow:
            run.skipped += 1
            continue
        except independent_irregularities.NotCovered as error:
            print(f"  not covered: {error}", file=sys.stderr)
            run.skipped += 1
            continue
        run.compared += 1
        run.impossible += counted is not None and not counted.feasible
        times = [_run_engine(run, engine, loaded, case, counted, limit) for engine in engines]
        if verbose:
            facts = [next(iter(e)) for e in case["play"]["irregularities"]]
            shown = ", ".join(t for t in times if t)
            figure = "refused" if counted is None else counted.count
            print(f"  {run.compared}: {facts} count {figure}; {shown}")
    return run


def _run_engine(
    run: IrregularRun,
    engine: str,
    loaded: Case,
    case: dict[str, Any],
    counted: independent_count.Count | None,
    limit: int,
) -> str:
    """One engine on one dispute, against the count (None: refused); its time, or "" when it
    gave nothing."""
    begun = time.monotonic()
    result: dict[str, Any] | None
    try:
        with time_limit(ENGINE_GRACE * limit):  # a run far past its limit is a finding, shown
            result = solver.analyse(loaded, engine=engine, time_limit=limit).to_json()
    except CaseFileError:  # refused by the ruling (a Law 52 failure that is none)
        result = None
    except EngineError:  # beyond that engine's reach (pyconstraint: a few tricks)
        run.unreached += 1
        return ""
    except TooSlow:
        run.overran.append((engine, case))
        print("OVERRAN", engine, json.dumps(case), file=sys.stderr)
        return ""
    seconds = f"{engine} {time.monotonic() - begun:.1f}s"
    if result is not None and out_of_time(result):
        run.timeouts += 1
    else:
        run.runs += 1
    if not within(result, counted):
        known = known_divergence(case, result, limit)
        if known is not None:
            run.known[known] = run.known.get(known, 0) + 1
            return seconds
        run.disagreements.append((engine, case))
        print("DISAGREE", engine, json.dumps(case), file=sys.stderr)
        tool = "refused" if result is None else _figures(result)
        print(f"  tool: {tool}", file=sys.stderr)
        print(f"  independent: {counted}", file=sys.stderr)
    return seconds


def _figures(result: dict[str, Any]) -> str:
    return f"{result['status']} {result['histories']} {per_total(result['outcomes'])}"


def stress_irregularities(args: argparse.Namespace) -> int:
    """``--irregularities``: each engine against ``tests/independent_irregularities.py``."""
    started = time.monotonic()
    engines = [e for e in args.engines.split(",") if e]
    run = run_irregularities(
        args.seed,
        args.cases,
        args.limit,
        engines,
        args.verbose,
        failures=args.failures,
        paths=args.records,
    )
    print(f"seed {args.seed}: {run.summary()}, {time.monotonic() - started:.0f} s")
    return 1 if run.disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
