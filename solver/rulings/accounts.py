"""A side's account of an irregularity, weighed like any other statement.

An irregularity that one side tells of (a statement ``{by: EW, irregularity: {...}}``) is
evidence of that side, priced on the statements tier (``docs/case-format.md``). A history, its
plays together with the choices made along it, keeps the account when it is a legal history
with that irregularity taken as having happened; otherwise it contradicts it, and with it that
side's account.

The engines apply agreed irregularities only, so the histories are found world by world: for
each set of accounts taken as having happened (at most ``2 ** MAX_ACCOUNTS`` worlds), the case
with those agreed, and each account left out a unit that every history of that world
contradicts. A history is priced by the cheapest world it is legal in: a history that keeps
an account is also legal in the world without it, at a cost no lower. The least cost is the
least over the worlds; when one world alone reaches it, its histories are the consistent
ones; when several do, their histories are listed, merged and counted once each (a history
found in two of them is one history, and contradicts only what it contradicts in both).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from itertools import combinations

from solver.bridge import Side
from solver.bridge.masks import trick_winner
from solver.engines import compile_case, find_consistent
from solver.engines.problem import (
    Problem,
    StatementCheck,
    evaluate,
    key_outcome,
    outcome_groups,
    public_key,
)
from solver.engines.result import EngineResult
from solver.errors import CaseFileError, InternalError
from solver.facts import Case
from solver.facts.evidence import EvidenceUnit, evidence_units
from solver.facts.history import History

MAX_ACCOUNTS = 3
"""Accounts of irregularities a case may hold: each doubles the worlds to search."""
MERGE_LISTED = 5000
"""At most this many histories per world are listed to merge worlds of equal cost."""


@dataclass(frozen=True, slots=True)
class World:
    """The case with some accounts taken as having happened."""

    taken: tuple[int, ...]
    """Indices in ``Case.irregularities`` of the accounts taken as facts."""
    problem: Problem
    found: EngineResult


def has_accounts(case: Case) -> bool:
    """The case holds an irregularity as one side's account."""
    return any(fact.by is not None for fact in case.irregularities)


def find_with_accounts(
    case: Case, *, engine: str, time_limit: float, list_limit: int
) -> tuple[Problem, EngineResult]:
    """The consistent histories of a case holding accounts of irregularities (see the
    module), and a problem whose units are the case's (for the report and the Laws)."""
    accounts = [i for i, fact in enumerate(case.irregularities) if fact.by is not None]
    _check_weighable(case, accounts)
    units = evidence_units(case)
    unit_of = {u.account: i for i, u in enumerate(units) if u.kind == "irregularity"}
    deadline = time.monotonic() + time_limit
    worlds = []
    for size in range(len(accounts), -1, -1):
        for taken in combinations(accounts, size):
            left = max(0.5, deadline - time.monotonic())
            problem = _world_problem(case, taken, accounts, units, unit_of)
            found = find_consistent(problem, engine=engine, time_limit=left, list_limit=list_limit)
            worlds.append(World(taken, problem, found))
    return _merged(worlds, list_limit, deadline)


def _check_weighable(case: Case, accounts: list[int]) -> None:
    """What the worlds cannot weigh is refused, naming it, rather than ruled without it."""
    if len(accounts) > MAX_ACCOUNTS:
        raise CaseFileError(
            case.source,
            "statements",
            f"{len(accounts)} irregularities are given as one side's account; at most "
            f"{MAX_ACCOUNTS} are weighed (each doubles the play histories to search): give "
            "the ones both sides agree under play.irregularities",
        )
    if case.tricks_played == 0:
        raise CaseFileError(
            case.source,
            "statements",
            "an irregularity given as one side's account needs a trick played to weigh it; "
            "before trick one give it under play.irregularities",
        )
    if any(st.kind == "revoke" for st in case.statements):
        raise CaseFileError(
            case.source,
            "statements",
            "a revoke allegation together with an irregularity given as one side's account is "
            "not weighed yet: give the irregularity under play.irregularities if both sides "
            "agree it",
        )


def _world_problem(
    case: Case,
    taken: tuple[int, ...],
    accounts: list[int],
    units: tuple[EvidenceUnit, ...],
    unit_of: dict[int | None, int],
) -> Problem:
    """The case with the accounts ``taken`` agreed; every other account a unit that each
    history contradicts (a trick-one winner among no seats: a test nothing passes)."""
    agreed = tuple(
        replace(fact, by=None) if i in taken else fact
        for i, fact in enumerate(case.irregularities)
        if fact.by is None or i in taken
    )
    base = compile_case(replace(case, irregularities=agreed))
    if base.units != units[: len(base.units)]:
        raise InternalError("the accounts' units do not follow the case's other units")
    dropped = tuple(
        StatementCheck(unit_of[i], "winner", trick=0, winners=frozenset())
        for i in accounts
        if i not in taken
    )
    sides = tuple(-1 if u.tier == "cards" else 0 if u.side is Side.NS else 1 for u in units)
    return replace(base, units=units, unit_sides=sides, checks=(*base.checks, *dropped))


def _merged(worlds: list[World], list_limit: int, deadline: float) -> tuple[Problem, EngineResult]:
    """One result from the worlds' results (see the module)."""
    everything = worlds[0]  # every account taken
    notes = [
        f"accounts of irregularities weighed over {len(worlds)} worlds (each set of them "
        "taken as having happened)"
    ]
    if any(w.found.feasible is None or not w.found.totals_proved for w in worlds):
        open_ = EngineResult(
            everything.found.engine,
            None,
            totals_proved=False,
            notes=[*notes, "a world's histories were not established within the time limit"],
        )
        return everything.problem, open_
    feasible = [w for w in worlds if w.found.feasible and w.found.min_cost is not None]
    if not feasible:
        return everything.problem, replace(everything.found, notes=notes)
    least = min(w.found.min_cost for w in feasible if w.found.min_cost is not None)
    best = [w for w in feasible if w.found.min_cost == least]
    if len(best) == 1:
        only = best[0]
        return only.problem, replace(only.found, notes=[*notes, *only.found.notes])
    return best[0].problem, _merge(best, least, list_limit, deadline, notes)


def _merge(
    best: list[World], least: int, list_limit: int, deadline: float, notes: list[str]
) -> EngineResult:
    """Several worlds reach the least cost: their histories, each counted once."""
    from solver.engines import search

    seen: dict[tuple[History, int], tuple[int, frozenset[int]]] = {}
    order: list[History] = []
    for world in best:
        count = world.found.count
        if count is None or count > MERGE_LISTED:
            return EngineResult(
                world.found.engine,
                True,
                min_cost=least,
                totals_proved=False,
                notes=[
                    *notes,
                    f"several worlds fit the facts equally well and one holds more than "
                    f"{MERGE_LISTED} histories: they were not merged, so the totals are not "
                    "established",
                ],
            )
        left = max(0.5, deadline - time.monotonic())
        listed = search.solve(world.problem, time_limit=left, list_limit=count).listed
        for history in listed:
            ev = evaluate(world.problem, history)
            if not ev.legal or ev.cost != least:
                raise InternalError(f"a listed history of a world does not cost {least}")
            for bits, key in zip(ev.choice_paths, ev.keys, strict=True):
                pair = (history, bits)
                known = seen.get(pair)
                if known is None:
                    seen[pair] = (public_key(key), ev.contradicted)
                    if history not in order:
                        order.append(history)
                else:
                    seen[pair] = (known[0], known[1] & ev.contradicted)
    return _result(best[0], seen, order, least, list_limit, notes)


def _result(
    first: World,
    seen: dict[tuple[History, int], tuple[int, frozenset[int]]],
    order: list[History],
    least: int,
    list_limit: int,
    notes: list[str],
) -> EngineResult:
    groups: dict[int, int] = {}
    examples: dict[int, History] = {}
    winners: dict[int, list[set[int]]] = {}
    for (history, _bits), (key, _units) in seen.items():
        groups[key] = groups.get(key, 0) + 1
        examples.setdefault(key, history)
        total = key_outcome(key).declarer_tricks
        per = winners.setdefault(total, [set() for _ in history])
        for trick, (leader, cards) in enumerate(history):
            per[trick].add(trick_winner(leader, cards, first.problem.trump))
    outcomes: dict[int, int | None] = {}
    for key, number in groups.items():
        total = key_outcome(key).declarer_tricks
        outcomes[total] = (outcomes.get(total) or 0) + number
    contradicted = frozenset().union(*(units for _key, units in seen.values()))
    forced = frozenset.intersection(*(units for _key, units in seen.values()))
    return EngineResult(
        first.found.engine,
        True,
        min_cost=least,
        count=len(seen),
        count_at_least=len(seen),
        outcomes=dict(sorted(outcomes.items())),
        groups=outcome_groups(groups),
        group_examples={key_outcome(k): h for k, h in sorted(examples.items())},
        contradicted=contradicted,
        forced=forced,
        listed=order[:list_limit],
        trick_winners={t: [frozenset(s) for s in per] for t, per in sorted(winners.items())},
        notes=[*notes, f"{len(seen)} histories merged from the worlds of least cost"],
    )
