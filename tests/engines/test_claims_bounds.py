"""The claims search's sure-trick bounds against an exhaustive minimum, under every policy.

Each bound the search cuts with (``Adjudicator._sure_tricks`` and what it is made of: the
trumps, the trick in progress, the run of winners, the run of both hands, the run and the
master trumps after it, a lead or an answer that wins, a side taking the rest) claims that the
claimer's side takes at least so many tricks on every normal line from a position. Here every
position a random small ending can reach (2 to 5 cards each, a trump suit or no trumps, any
leader, either side claiming, sometimes a trick in progress or a statement) is searched
exhaustively, with a plain memo on the whole state, and each bound is checked against the
minimum found there: under every preset of ``PRESETS`` and under the default with each single
switch of ``NormalPolicy`` turned the other way. The bounds rest on the policy's judgements, so
each must hold under every one of those policies; a policy that admits fewer claimer's-side
plays than these can only raise the minimum, and a lower bound stays one.

The endings are drawn three ways: cards at random; the claimer's side holding most high cards
(its runs of winners); and the same with the 2 to the T only and a trump suit the opponents do
not hold, or no trumps (the run of both hands applies only with no trump out, and lone
spot-card masters, which may be led under, are common there).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.bridge.masks import SUIT_MASKS, hand_of
from solver.engines.claims import Adjudicator, ClaimProblem, State, _holds_a_loser_until
from solver.facts import Step
from solver.facts.policy import PRESETS, NormalPolicy
from solver.laws.normal_play import masters_in
from tests.claim_replay import legal_cards, start_state, trick_winner
from tests.engines.test_claims_engine import SWITCHES, random_statement

POLICIES: dict[str, NormalPolicy] = {
    **{f"preset {name}": policy for name, policy in PRESETS.items()},
    **{
        f"{name}={not getattr(PRESETS['WBF2017'], name)}": PRESETS["WBF2017"].with_switches(
            **{name: not getattr(PRESETS["WBF2017"], name)}
        )
        for name in SWITCHES
    },
}

deterministic = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def random_ending(rng: random.Random, policy: NormalPolicy) -> ClaimProblem:
    """A random ending of 2 to 5 cards each (see the module docstring for the three kinds)."""
    size = rng.randint(2, 5)
    kind = rng.randrange(3)
    suits, ranks = [0, 1, 2, 3], 13
    if kind == 2:  # two to four suits of spot cards: many opponents' cards lie between ours
        ranks = 9
        suits = rng.sample(suits, max(rng.randint(2, 4), -(-4 * size // ranks)))
    cards = rng.sample([13 * suit + rank for suit in suits for rank in range(ranks)], 4 * size)
    side = rng.randrange(2)
    held = [0, 0, 0, 0]
    if kind == 0:
        for seat in range(4):
            for card in cards[seat * size : (seat + 1) * size]:
                held[seat] |= 1 << card
    else:
        for card in sorted(cards, key=lambda c: rng.random() * 6 - c % 13):
            seats = [seat for seat in range(4) if held[seat].bit_count() < size]
            weights = [3 if seat % 2 == side else 1 for seat in seats]
            held[rng.choices(seats, weights)[0]] |= 1 << card
    theirs = held[1 - side] | held[3 - side]
    if kind == 2:
        trump = rng.choice([s for s in range(4) if not theirs & SUIT_MASKS[s]] + [None])
    else:
        trump = rng.choice([None, 0, 1, 2, 3])
    leader = rng.randrange(4)
    trick: list[int] = []
    if rng.random() < 0.25:
        for offset in range(rng.randint(1, 3)):
            seat = (leader + offset) % 4
            card = rng.choice(legal_cards(held[seat], trick))
            held[seat] &= ~(1 << card)
            trick.append(card)
    steps: tuple[Step, ...] = ()
    if rng.random() < 0.2:
        steps = random_statement(rng, held, trump, side, ("draw_trumps", "cash", "play"))
    return ClaimProblem(
        held=(held[0], held[1], held[2], held[3]),
        leader=leader,
        trick=tuple(trick),
        trump=trump,
        claimer_side=side,
        steps=steps,
        voids=0,
        trumps_aware=rng.random() < 0.5,
        policy=policy,
        bound=(1 << side) | (1 << (side + 2)),
    )


def exhaustive(adjudicator: Adjudicator, state: State, values: dict[State, int]) -> int:
    """The least claimer's-side tricks from ``state`` over every admitted line (the claimer's
    side: ``admitted_plays``; the other side: any legal card), each trick won by the tests' own
    Law 44; ``values`` collects every position reached with its minimum."""
    known = values.get(state)
    if known is not None:
        return known
    problem = adjudicator.p
    held, leader, trick = state[0], state[1], state[2]
    seat = (leader + len(trick)) % 4
    if not held[seat]:
        values[state] = 0
        return 0
    if seat % 2 == problem.claimer_side:
        options = adjudicator.admitted_plays(state)
        assert options and set(options) <= set(legal_cards(held[seat], trick))
    else:
        options = legal_cards(held[seat], trick)
    best = 13
    for card in options:
        child, _gained = adjudicator.play(state, card)
        won = 0
        if len(trick) == 3:
            winner = trick_winner(leader, (*trick, card), problem.trump)
            assert child[1] == winner
            won = int(winner % 2 == problem.claimer_side)
        best = min(best, won + exhaustive(adjudicator, child, values))
    values[state] = best
    return best


def check_every_bound(adjudicator: Adjudicator, state: State, least: int) -> None:
    """Every bound that claims tricks from ``state``, where it applies, is at most ``least``."""
    held, leader, trick, plan, _voids = state
    side = adjudicator.p.claimer_side
    left = hand_of(held, (leader + len(trick)) % 4).bit_count()
    if not left:
        return  # the end: nothing to bound
    where = (state, adjudicator.p.policy.name)
    for k in range(-1, left + 1):
        assert adjudicator._sure_tricks(state, k, left) <= least, (where, k)
    if adjudicator.p.trump is not None:
        first, second, sure = adjudicator._trump_tricks(state)
        assert max(first, second, sure) <= least, where
    if trick:
        assert not adjudicator._trick_is_ours(state) or least >= 1, where
        return
    if leader % 2 != side:
        assert not adjudicator._answer_wins(state) or least >= 1, where
        assert not adjudicator._opponents_take_the_rest(state) or least == 0, where
        return
    assert not adjudicator._lead_wins(state) or least >= 1, where
    assert not adjudicator._claimer_takes_the_rest(state) or least == left, where
    if not adjudicator._cashing or plan[0] < len(adjudicator.p.steps):
        return  # the runs are used only then
    assert adjudicator._run(state)[0] <= least, where
    masters = (0, 0)
    if adjudicator.p.trump is not None:
        masters = adjudicator._trump_tricks(state)[:2]
    assert adjudicator._run_then_trumps(state, -1, masters) <= least, where
    theirs = hand_of(held, 1 - side) | hand_of(held, 3 - side)
    if not theirs & adjudicator._trump_mask:
        assert adjudicator._both_hands_run(held, leader) <= least, where


@pytest.mark.parametrize("policy", POLICIES.values(), ids=POLICIES.keys())
@settings(deterministic, max_examples=40)
@given(st.randoms(use_true_random=False))
def test_no_sure_trick_bound_exceeds_the_exhaustive_minimum(
    policy: NormalPolicy, rng: random.Random
) -> None:
    problem = random_ending(rng, policy)
    adjudicator = Adjudicator(problem)
    values: dict[State, int] = {}
    exhaustive(adjudicator, start_state(adjudicator), values)
    for state, least in values.items():
        check_every_bound(adjudicator, state, least)


def test_the_policies_checked_are_every_preset_and_every_single_switch() -> None:
    assert len(POLICIES) == len(PRESETS) + len(SWITCHES)
    assert {policy.name for policy in POLICIES.values()} >= set(PRESETS)


def _subsets(cards: int, count: int) -> list[int]:
    """Every way of taking ``count`` of ``cards`` (a bit mask) away: what is left."""
    bits = [1 << card for card in range(52) if (cards >> card) & 1]
    if count >= len(bits):
        return [0]
    return [cards & ~sum(gone) for gone in itertools.combinations(bits, count)]


@settings(deterministic, max_examples=300)
@given(st.randoms(use_true_random=False))
def test_a_hand_holds_a_loser_until_the_trick_the_helper_says(rng: random.Random) -> None:
    """``_holds_a_loser_until``: at every trick before the one it gives, the hand holds a loser
    when it plays, whichever cards it has parted with (one a trick) and whichever the opponents
    have (one a trick each, both of them before the hand at that trick: they may play first)."""
    suits = rng.sample(range(4), rng.randint(1, 3))
    cards = rng.sample([13 * suit + rank for suit in suits for rank in range(13)], 12)
    hands = [0, 0, 0]
    for index, card in enumerate(cards[: rng.randint(3, 12)]):
        hands[index % 3] |= 1 << card
    hand, first, second = hands
    until = _holds_a_loser_until(hand, first, second)
    for trick in range(until):
        for mine in _subsets(hand, trick):
            for theirs in (
                a | b for a in _subsets(first, trick + 1) for b in _subsets(second, trick + 1)
            ):
                losers = [
                    suit
                    for suit in range(4)
                    if mine & SUIT_MASKS[suit] & ~masters_in(mine, theirs, suit)
                ]
                assert losers, (hand, first, second, trick)
