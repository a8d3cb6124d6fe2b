"""The claims engine (``adjudicate``) against the python-constraint model of the same question.

``claimer_tricks_csp`` enumerates every joint play from the claim position as the solutions of a CSP
(Law 44 written in ``solver.engines.claims_csp``, the claimer's side restricted to what
``Adjudicator.admitted_plays`` allows) and takes the least claimer's-side tricks over them. On
random small endings (mid-trick too, with statements, known voids, defenders' claims, policy
switches and the 70C measure without winning ruffs), and on the bundled claim cases of up to three
cards a hand, it must find the tricks ``adjudicate`` finds. A plain recursion over the same plays
checks that the CSP has exactly one solution per joint play, so that the equality is not reached by
a model that leaves plays out.

The random examples are derandomised: the same positions run every time.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.engines.claims import Adjudicator, ClaimProblem, State, adjudicate
from solver.engines.claims_csp import ClaimCSP, claimer_tricks_csp
from solver.errors import EngineError
from solver.facts.policy import PRESETS
from tests.claim_replay import legal_cards, start_state
from tests.engines.test_claims_engine import (
    MORE_KINDS,
    STEP_KINDS,
    claim_at,
    deterministic,
    random_claim,
)

CLAIMS = Path(__file__).parents[2] / "cases" / "claims"
ALL_KINDS = (*STEP_KINDS, *MORE_KINDS, "finesse", "concede")


def small_cases() -> list[Path]:
    """The bundled claim cases whose hands hold at most three cards each. A stated squeeze is
    left out: under it the claimer's side plays its best card (a maximum), which the CSP's
    minimum does not model (tests/engines/test_claim_squeeze.py checks it)."""
    small = []
    for path in sorted(CLAIMS.glob("*.yaml")):
        claim = solver.load_case(path).claim
        assert claim is not None
        if any(step.kind == "squeeze" for step in claim.statement):
            continue
        if max(len(hand) for hand in claim.position.hands) <= 3:
            small.append(path)
    return small


def problem_of(path: Path) -> ClaimProblem:
    """The claim problem as ``solver.rulings.claims.analyse_claim`` builds it."""
    case = solver.load_case(path)
    assert case.claim is not None
    return ClaimProblem.from_claim(
        case.claim, case.contract.strain.trump_suit_index, PRESETS["WBF2017"]
    )


def joint_plays(adjudicator: Adjudicator, state: State) -> int:
    """How many complete joint plays there are from ``state`` (as the brute force plays them)."""
    problem = adjudicator.p
    held, trick = state.held, state.trick
    seat = adjudicator.seat_to_play(state)
    if not held[seat]:
        return 1
    options = legal_cards(held[seat], trick)
    if seat % 2 == problem.claimer_side:
        options = adjudicator.admitted_plays(state)
    return sum(joint_plays(adjudicator, adjudicator.play(state, card)[0]) for card in options)


# --- properties ---------------------------------------------------------------------------------


@settings(deterministic, max_examples=200)
@given(st.randoms(use_true_random=False))
def test_csp_minimum_equals_adjudication_on_endings_of_up_to_three_cards(
    rng: random.Random,
) -> None:
    problem, _claim = random_claim(rng, max_cards=3, kinds=ALL_KINDS, defenders=True)
    assert claimer_tricks_csp(problem) == adjudicate(problem).claimer_tricks


@settings(deterministic, max_examples=60)
@given(st.randoms(use_true_random=False))
def test_csp_has_one_solution_per_joint_play(rng: random.Random) -> None:
    problem, _claim = random_claim(rng, max_cards=3, kinds=ALL_KINDS, defenders=True)
    adjudicator = Adjudicator(problem)
    solutions = list(ClaimCSP(problem).build().getSolutionIter())
    assert len(solutions) == joint_plays(adjudicator, start_state(adjudicator))


# --- the bundled cases --------------------------------------------------------------------------


@pytest.mark.parametrize("path", small_cases(), ids=lambda path: path.stem)
def test_csp_minimum_equals_adjudication_on_bundled_claim(path: Path) -> None:
    problem = problem_of(path)
    assert claimer_tricks_csp(problem) == adjudicate(problem).claimer_tricks
    unruffed = replace(problem, opponents_ruff=False)  # the 70C measure
    assert claimer_tricks_csp(unruffed) == adjudicate(unruffed).claimer_tricks


def test_there_are_small_bundled_claim_cases() -> None:
    assert len(small_cases()) >= 10


# --- hand-made ----------------------------------------------------------------------------------


def test_csp_finds_the_forgotten_trump_ruff_and_the_measure_without_it() -> None:
    # South, not mentioning trumps (diamonds), cashes SA SK: West ruffs the SK with the D2 and
    # cashes the C5. In the measure the D2 wins no trick in another suit: under the SK or, West
    # holding nothing else, under the HA, it is a discard, and South takes all three.
    problem, _claim = claim_at("N:.3..32 QJ.K.. AK.A.. 8..2.5", "S", 2, "S")
    assert claimer_tricks_csp(problem) == adjudicate(problem).claimer_tricks == 1
    unruffed = replace(problem, opponents_ruff=False)
    assert claimer_tricks_csp(unruffed) == adjudicate(unruffed).claimer_tricks == 3


def test_csp_refuses_endings_beyond_four_cards() -> None:
    problem, _claim = claim_at("N:AKQJT... 98765... 432.AKQ.. .JT98.2.2", "S", None, "S")
    with pytest.raises(EngineError, match="at most 4"):
        ClaimCSP(problem)
