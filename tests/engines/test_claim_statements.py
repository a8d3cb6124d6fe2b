"""Statement steps in the claims engine: what each step binds, on hand-made endings and as
properties on random ones (docs/claims.md "Statement steps").

The random examples are derandomised: the same positions run every time.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.engines.claims import ClaimProblem, adjudicate
from solver.facts import Step
from tests.engines.test_claims_engine import (
    STEP_KINDS,
    claim_at,
    deterministic,
    double_dummy,
    random_claim,
)


def concede(count: int) -> Step:
    return Step("concede", f"concede {count}", count=count)


def with_statement(problem: ClaimProblem, *steps: Step) -> ClaimProblem:
    return replace(problem, steps=steps)


# --- concede ------------------------------------------------------------------------------------


def test_conceding_gives_up_the_losers_after_the_winners() -> None:
    # South holds SA K and the D2, East the DA and West the HK Q: "concede 1" (the diamond).
    # Giving up the lead first lets West cash the HK Q as well (1 trick); the natural way cashes
    # the spades first and then loses the diamond: 2, as with nothing said.
    problem, _claim = claim_at("N:32.4.. 4.J.A. AK..2. .KQ.3.", "S", None, "S")
    assert adjudicate(problem).claimer_tricks == 2
    assert adjudicate(with_statement(problem, concede(1))).claimer_tricks == 2


@settings(deterministic, max_examples=120)
@given(st.randoms(use_true_random=False))
def test_conceding_the_double_dummy_losers_is_never_worse_than_silence(
    rng: random.Random,
) -> None:
    """``concede k``, k the tricks the claimer's side cannot win double dummy, never gives the
    claimer fewer tricks than the same claim with nothing said; nor does it after another step."""
    problem, claim = random_claim(rng, max_cards=4, kinds=STEP_KINDS)
    left = max(len(hand) for hand in claim.position.hands)
    lost = left - double_dummy(claim, problem.trump)
    if lost == 0:
        return
    silent = adjudicate(with_statement(problem)).claimer_tricks
    assert adjudicate(with_statement(problem, concede(lost))).claimer_tricks >= silent
    if problem.steps:
        first = problem.steps[0]
        before = adjudicate(with_statement(problem, first)).claimer_tricks
        after = adjudicate(with_statement(problem, first, concede(lost))).claimer_tricks
        assert after >= before
