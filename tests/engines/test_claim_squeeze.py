"""The ``squeeze`` statement step (docs/claims.md, "Statement steps"): once it is in force the
claimer's side plays the ending double dummy and the opponents play any card (70D1, 70E: a
claimer who states a squeeze is credited with executing it).

The reference here is independent of DDS: a plain search that, while the squeeze step is in
force, takes the claimer's side's best card (a maximum) against the opponents' worst (a minimum),
and before it the minimum over the statement's and the policy's plays, as
``test_claims_engine.brute_force`` does.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.bridge import SEATS, Card
from solver.engines.claims import Adjudicator, State, adjudicate
from solver.engines.claims.statements import active_step
from solver.facts import Step
from solver.rulings.claims import analyse_claim, decide_claim
from tests.claim_replay import legal_cards, replay, start_state
from tests.engines.test_claims_engine import (
    STEP_KINDS,
    deterministic,
    double_dummy,
    random_claim,
)

CASE = Path(__file__).parents[2] / "cases" / "claims" / "stated-squeeze-credited.yaml"
SQUEEZE = Step("squeeze", "squeeze")


def reference(adjudicator: Adjudicator, state: State) -> int:
    """The claimer's side's tricks from ``state``: under a squeeze step, best play by his side
    against any card of theirs; before it, the least over the plays admitted and any legal card."""
    problem = adjudicator.p
    seat = (state.leader + len(state.trick)) % 4
    if not state.held[seat]:
        return 0
    step = active_step(problem, state.plan)
    ours = seat % 2 == problem.claimer_side
    squeezing = step is not None and step.kind == "squeeze"
    if ours and not squeezing:
        options = adjudicator.admitted_plays(state)
    else:
        options = legal_cards(state.held[seat], list(state.trick))
    values = []
    for card in options:
        child, gained = adjudicator.play(state, card)
        values.append(gained + reference(adjudicator, child))
    return max(values) if ours and squeezing else min(values)


@settings(deterministic, max_examples=60)
@given(st.randoms(use_true_random=False))
def test_squeeze_step_equals_best_play_from_where_it_is_reached(rng: random.Random) -> None:
    problem, claim = random_claim(rng, max_cards=4, kinds=STEP_KINDS)
    problem = replace(problem, steps=(*problem.steps[: rng.randint(0, 1)], SQUEEZE))
    adjudicator = Adjudicator(problem)
    adjudication = adjudicate(problem)
    assert adjudication.claimer_tricks == reference(adjudicator, start_state(adjudicator))
    assert replay(problem, adjudication.line) == adjudication.claimer_tricks
    if len(problem.steps) == 1:  # in force from the claim: the double-dummy value
        assert adjudication.claimer_tricks == double_dummy(claim, problem.trump)


@settings(deterministic, max_examples=100)
@given(st.randoms(use_true_random=False))
def test_squeeze_step_with_the_non_claimers_held_to_normal_play(rng: random.Random) -> None:
    """A stated squeeze is credited against any defence, even under ``nonclaimers_normal``,
    so its line may hold a card their normal play would not: the line is traced over every
    legal card while the step is in force (a real vugraph claim failed as an internal error)."""
    problem, claim = random_claim(rng, max_cards=6, kinds=STEP_KINDS, nonclaimers=True)
    problem = replace(problem, steps=(SQUEEZE,))  # in force from the claim
    adjudication = adjudicate(problem)
    assert adjudication.claimer_tricks == double_dummy(claim, problem.trump)
    assert replay(problem, adjudication.line) == adjudication.claimer_tricks


@settings(deterministic, max_examples=100)
@given(st.randoms(use_true_random=False))
def test_squeeze_step_in_70c_measure_is_double_dummy(rng: random.Random) -> None:
    """In 70C's measure (``opponents_ruff`` off: their trumps win nothing in another suit) a
    stated squeeze is still played double dummy: the claimer executing it sees every trump, so
    theirs score there as double dummy has them (a real claim failed as an internal error)."""
    problem, claim = random_claim(rng, max_cards=6, kinds=STEP_KINDS, defenders=True)
    problem = replace(problem, steps=(SQUEEZE,), opponents_ruff=False)
    adjudication = adjudicate(problem)
    assert adjudication.claimer_tricks == double_dummy(claim, problem.trump)
    assert replay(problem, adjudication.line) == adjudication.claimer_tricks


def _ruled(**changes: object) -> tuple[int, int | None, int | None]:
    """(worst normal line's tricks, double dummy, the board's total) for the case's claim,
    with the claim's fields changed as given."""
    case = solver.load_case(CASE)
    assert case.claim is not None
    case = replace(case, claim=replace(case.claim, **changes))
    analysis = analyse_claim(case, judgements=False)
    ruling = decide_claim(case, analysis)
    return analysis.adjudication.claimer_tricks, analysis.double_dummy, ruling.declarer_tricks


def test_stated_squeeze_is_credited_and_silence_is_not() -> None:
    assert _ruled() == (3, 3, 10)
    assert _ruled(statement=()) == (2, 3, 9)


def test_a_squeeze_that_fails_gives_what_double_dummy_gives() -> None:
    # East and West swapped: dummy discards before the defender who guards both suits, so no
    # squeeze: the stated step gives the double-dummy value, 2 of 3.
    case = solver.load_case(CASE)
    assert case.claim is not None
    position = case.claim.position
    n, e, s, w = position.hands
    swapped = replace(position, hands=(n, w, s, e))
    assert _ruled(position=swapped) == (2, 2, 9)


def test_the_line_executes_the_squeeze() -> None:
    case = solver.load_case(CASE)
    analysis = analyse_claim(case, judgements=False)
    line = [(str(SEATS[p.seat]), str(Card.from_index(p.card))) for p in analysis.adjudication.line]
    # South cashes the CA first (the squeeze card), and every trick after is North-South's.
    assert line[0] == ("S", "CA")
    assert all(
        p.wins_trick % 2 == 0 for p in analysis.adjudication.line if p.wins_trick is not None
    )
