"""A side's account of an irregularity, weighed like any other statement.

``solver.rulings.accounts`` finds the histories world by world with the engines. Here an
independent brute force prices every candidate history (plays and choices) by the cheapest
world it is legal in, the accounts left out of that world charged to their owners' sides, with
nothing but ``evaluate`` on cases compiled without accounts; every engine must agree with it.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.bridge import Card, Seat, Side
from solver.engines.problem import compile_case, evaluate
from solver.facts import Case
from solver.facts.irregularity import (
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PlayAtRhoTurn,
    PrematurePlay,
)
from solver.rulings.accounts import find_with_accounts
from tests.engines.brute import all_legal_histories
from tests.engines.test_irregular_engines import deterministic, random_rows, rows_case

CASES = Path(__file__).parents[1] / "cases" / "irregularities"


def brute(case: Case) -> tuple[int, int, dict[int, int]] | None:
    """(least cost, count, totals) over every world, or None when nothing is legal."""
    accounts = [i for i, f in enumerate(case.irregularities) if f.by is not None]
    agreed = [f for f in case.irregularities if f.by is None]
    priced: dict[tuple[object, int], tuple[int, int]] = {}
    for size in range(len(accounts) + 1):
        for taken in combinations(accounts, size):
            facts = (
                *agreed,
                *(dataclasses.replace(case.irregularities[i], by=None) for i in taken),
            )
            problem = compile_case(dataclasses.replace(case, irregularities=facts))
            owners = {case.irregularities[i].by for i in accounts if i not in taken}
            dropped = {o if isinstance(o, Side) else o.side for o in owners}  # type: ignore[union-attr]
            for history in all_legal_histories(problem):
                ev = evaluate(problem, history)
                if not ev.legal:
                    continue
                sides = {
                    problem.units[u].side
                    for u in ev.contradicted
                    if problem.units[u].tier != "cards"
                }
                cards = sum(1 for u in ev.contradicted if problem.units[u].tier == "cards")
                cost = cards * 1000 + len(sides | dropped)
                for bits in ev.choice_paths:
                    key = (history, bits)
                    known = priced.get(key)
                    if known is None or cost < known[0]:
                        priced[key] = (cost, ev.declarer_tricks)
    if not priced:
        return None
    least = min(cost for cost, _ in priced.values())
    totals = Counter(total for cost, total in priced.values() if cost == least)
    return least, sum(totals.values()), dict(totals)


def random_dispute(seed: int) -> Case:
    """A random play of two or three tricks, rows often mixed, with one or two irregularities
    (a penalty card, a lead out of turn, a premature play, a play at the right-hand opponent's
    turn) told by one side, sometimes one agreed, and sometimes the other side's statement of a
    card played (so that the two accounts can cost the same)."""
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)

    statements: list[dict[str, object]] = []
    if rng.random() < 0.6:
        seat = rng.randrange(4)
        trick = rng.randrange(tricks)
        played = {"NESW"[seat]: str(Card.from_index(rows[seat][rng.randrange(tricks)]))}
        owner = rng.choice(["NS", "EW", "N", "W"])
        statements.append({"by": owner, "trick": trick + 1, "played": played})
    case = rows_case(rng, rows, tuple(statements))
    facts: list[Irregularity] = []
    for number in range(rng.randint(1, 3)):
        defender = rng.choice([1, 3])
        place = rng.randrange(tricks)
        seat, card = Seat.from_index(defender), Card.from_index(rows[defender][place])
        trick = rng.randint(1, place + 1)
        owner = None if number == 2 else rng.choice([Side.NS, Side.EW, Seat.S])
        kind = rng.randrange(4)
        if kind == 3 and all(not isinstance(f, PlayAtRhoTurn) or f.trick != trick for f in facts):
            facts.append(PlayAtRhoTurn(seat, card, trick, by=owner))  # 57D, one a trick
        elif kind == 0:
            facts.append(
                PenaltyCard(seat, card, trick, rng.choice(["deliberate", "inadvertent"]), by=owner)
            )
        elif (
            kind == 1
            and trick > 1
            and all(not isinstance(f, LeadOutOfTurn) or f.trick != trick for f in facts)
        ):
            facts.append(LeadOutOfTurn(seat, card, trick, rng.choice([None, "refused"]), by=owner))
        elif all(not isinstance(f, PrematurePlay) or f.trick != trick for f in facts):
            facts.append(PrematurePlay(seat, card, trick, by=owner))  # one a trick, as read
    return dataclasses.replace(case, irregularities=tuple(facts))


def check(case: Case, engine: str) -> None:
    expected = brute(case)
    if not any(f.by is not None for f in case.irregularities):
        return
    _problem, found = find_with_accounts(case, engine=engine, time_limit=60, list_limit=5)
    if expected is None:
        assert found.feasible is False
        return
    least, count, totals = expected
    assert found.feasible is True
    assert found.min_cost == least
    assert found.count == count
    assert {t: n for t, n in found.outcomes.items()} == totals


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_accounts_agree_with_the_brute_force_search(seed: int) -> None:
    check(random_dispute(seed), "search")


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=15)
def test_accounts_agree_with_the_brute_force_cpsat_and_csp(seed: int) -> None:
    case = random_dispute(seed)
    check(case, "cpsat")
    check(case, "pyconstraint")


def test_the_disputed_penalty_card_case() -> None:
    """NS say West's SQ was a penalty card, EW that West discarded the D2 at trick 8: both
    accounts cost one side, so the histories of both worlds are consistent (24 with the penalty
    card, 36 without it and with the D2 at trick 8), and 66D rules against West's side."""
    analysis = solver.analyse(
        solver.load_case(CASES / "dispute-penalty-card-told-by-one-side.yaml"), list_limit=5
    )
    assert analysis.found.count == 24 + 36
    assert analysis.ruling.declarer_tricks == 8
    said = {u.kind for u in analysis.contradicted}
    assert said == {"statement", "irregularity"}


def test_too_many_accounts_are_refused() -> None:
    case = solver.load_case(CASES / "dispute-penalty-card-told-by-one-side.yaml")
    told = next(f for f in case.irregularities if f.by is not None)
    more = tuple(dataclasses.replace(told, trick=t) for t in (5, 6, 7))
    many = dataclasses.replace(case, irregularities=(*case.irregularities, *more))
    with pytest.raises(solver.CaseFileError, match="at most 3 are weighed"):
        solver.analyse(many)
