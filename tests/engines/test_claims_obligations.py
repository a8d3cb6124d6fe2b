"""The claim search under penalty cards and restrictions (Laws 50-57) against a brute force.

On random endings of 1 to 4 cards each, with random penalty cards of the defenders (major or
minor), sometimes a lead restriction or a trick in progress, either side claiming, the claim
search (``adjudicate`` with ``ClaimProblem.obligations``) must find the same value as a plain
recursive minimum written here: over the claimer's side's normal plays that the Laws allow
(every legal card when none is), the opponents' legal plays (``obligations.legal_plays``), and
every option of declarer's 50D2/51B choice where one is due, with a memo on the whole state and
no bound, no run of equal cards, no memo key. The line the search returns is replayed: every
card must be legal under the obligations in force then, each choice one the Laws give then,
and the tricks must add up to the value.
"""

from __future__ import annotations

import random

import pytest

from solver.bridge.masks import SUIT_MASKS, cards_in
from solver.engines.claims import Adjudicator, ClaimProblem, LinePlay, State, adjudicate
from solver.engines.claims.keys import one_per_run
from solver.facts.policy import PRESETS
from solver.laws.choices import apply_lead_option
from solver.laws.irregular_play import lead_options
from solver.laws.normal_play import for_defenders
from solver.laws.obligations import (
    Obligations,
    add_penalty_card,
    after_play,
    after_trick,
    choice_due,
    legal_plays,
)
from tests.claim_replay import trick_winner

ENDINGS = 300
HARD_SEEDS = (566, 868, 1236)
"""Endings where a memo key that left the obligations out gives a wrong value (found by a run
over 1,500 seeds with that fault planted): kept so that the fault is always caught."""


def random_problem(rng: random.Random) -> ClaimProblem:
    """A random ending with random obligations (see the module docstring)."""
    size = rng.randint(1, 4)
    cards = rng.sample(range(52), 4 * size)
    held = [0, 0, 0, 0]
    for seat in range(4):
        for card in cards[seat * size : (seat + 1) * size]:
            held[seat] |= 1 << card
    declarer = rng.randrange(4)
    defenders = ((declarer + 1) % 4, (declarer + 3) % 4)
    state = Obligations()
    for _ in range(rng.randint(1, 3)):
        seat = rng.choice(defenders)
        state = add_penalty_card(state, seat, rng.choice(cards_in(held[seat])), rng.random() < 0.6)
    if rng.random() < 0.2:
        seat = rng.choice(defenders)
        if rng.random() < 0.5:
            state = Obligations(
                state.major, state.minor, required_seat=seat, required_suit=rng.randrange(4)
            )
        else:
            suits = rng.randint(1, 15)
            state = Obligations(state.major, state.minor, banned_seat=seat, banned_suits=suits)
    trump = rng.choice([None, 0, 1, 2, 3])
    leader = rng.randrange(4)
    trick: list[int] = []
    if size > 1 and rng.random() < 0.3:
        for offset in range(rng.randint(1, 3)):
            seat = (leader + offset) % 4
            led = trick[0] // 13 if trick else -1
            if not trick and choice_due(state, seat, declarer % 2):
                options = lead_options(state, seat, declarer)
                if options:
                    state = apply_lead_option(state, rng.choice(options), seat)
            card = rng.choice(cards_in(legal_plays(state, seat, held[seat], led)))
            state = after_play(state, seat, card, not trick)
            held[seat] &= ~(1 << card)
            trick.append(card)
    claimer = rng.choice([declarer, *defenders])
    side = claimer % 2
    policy = PRESETS[rng.choice(sorted(PRESETS))]
    bound = (1 << side) | (1 << (side + 2))
    if claimer != declarer:
        policy = for_defenders(policy)
        bound = 1 << claimer
    return ClaimProblem(
        held=(held[0], held[1], held[2], held[3]),
        leader=leader,
        trick=tuple(trick),
        trump=trump,
        claimer_side=side,
        steps=(),
        voids=0,
        trumps_aware=rng.random() < 0.5,
        policy=policy,
        bound=bound,
        obligations=state,
        declarer=declarer,
    )


def brute_force(problem: ClaimProblem) -> int:
    """The least claimer's-side tricks over every line the Laws and the policy admit."""
    adjudicator = Adjudicator(problem)  # only its ``admitted_plays``: the policy's normal plays
    memo: dict[object, int] = {}
    side = problem.claimer_side

    def least(
        held: tuple[int, int, int, int],
        leader: int,
        trick: tuple[int, ...],
        voids: int,
        state: Obligations,
    ) -> int:
        key = (held, leader, trick, voids, state)
        if key in memo:
            return memo[key]
        seat = (leader + len(trick)) % 4
        if not held[seat]:
            return 0
        states = [state]
        if not trick and choice_due(state, seat, problem.declarer % 2):
            options = lead_options(state, seat, problem.declarer)
            states = [apply_lead_option(state, option, seat) for option in options] or states
        led = trick[0] // 13 if trick else -1
        best = 13
        for now in states:
            legal = legal_plays(now, seat, held[seat], led)
            plays = cards_in(legal)
            if seat % 2 == side:
                normal = adjudicator.admitted_plays(State(held, leader, trick, (0, 0), voids))
                plays = [card for card in normal if legal >> card & 1] or plays
            for card in plays:
                after = after_play(now, seat, card, not trick)
                shown = voids
                if trick and card // 13 != led:
                    shown |= 1 << (4 * seat + led)
                rest = list(held)
                rest[seat] &= ~(1 << card)
                left = (rest[0], rest[1], rest[2], rest[3])
                if len(trick) < 3:
                    value = least(left, leader, (*trick, card), shown, after)
                else:
                    winner = trick_winner(leader, (*trick, card), problem.trump)
                    won = int(winner % 2 == side)
                    value = won + least(left, winner, (), shown, after_trick(after, winner))
                best = min(best, value)
        memo[key] = best
        return best

    return least(problem.held, problem.leader, problem.trick, problem.voids, problem.obligations)


def replay(problem: ClaimProblem, line: tuple[LinePlay, ...]) -> int:
    """Walk the line from the claim under the obligations: every card legal, every choice one
    the Laws give when it is made; the claimer's-side tricks."""
    held = list(problem.held)
    leader, trick, state = problem.leader, list(problem.trick), problem.obligations
    tricks = 0
    for play in line:
        seat = (leader + len(trick)) % 4
        assert play.seat == seat
        card, choice = play.card, play.choice
        due = not trick and choice_due(state, seat, problem.declarer % 2)
        options = lead_options(state, seat, problem.declarer) if due else []
        assert (choice is not None) == bool(options)
        if choice is not None:
            assert choice in options
            state = apply_lead_option(state, choice, seat)
        led = trick[0] // 13 if trick else -1
        assert legal_plays(state, seat, held[seat], led) >> card & 1, (state, seat, card)
        state = after_play(state, seat, card, not trick)
        held[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader = trick_winner(leader, trick, problem.trump)
            assert play.wins_trick == leader
            tricks += leader % 2 == problem.claimer_side
            state = after_trick(state, leader)
            trick = []
    assert not any(held) and not trick
    return tricks


@pytest.mark.parametrize("seed", [*range(ENDINGS), *HARD_SEEDS])
def test_search_under_obligations_matches_brute_force(seed: int) -> None:
    problem = random_problem(random.Random(seed))
    adjudication = adjudicate(problem)
    assert adjudication.claimer_tricks == brute_force(problem)
    assert replay(problem, adjudication.line) == adjudication.claimer_tricks


def test_endings_exercise_the_obligations() -> None:
    """The random endings are not vacuous: many have a value other than the same claim's
    without the obligations, and some a choice on the line."""
    differ = choices = 0
    for seed in range(ENDINGS):
        problem = random_problem(random.Random(seed))
        free = ClaimProblem(**{**_fields(problem), "obligations": Obligations()})
        plain = adjudicate(free).claimer_tricks
        obliged = adjudicate(problem)
        differ += obliged.claimer_tricks != plain
        choices += any(play.choice is not None for play in obliged.line)
    assert differ >= ENDINGS // 20
    assert choices >= 3


def _fields(problem: ClaimProblem) -> dict[str, object]:
    return {name: getattr(problem, name) for name in ClaimProblem.__dataclass_fields__}


def test_no_obligations_changes_nothing() -> None:
    """With no obligation the states carry index 0 and the keys are the plain ones."""
    problem = random_problem(random.Random(1))
    free = ClaimProblem(**{**_fields(problem), "obligations": Obligations()})
    adjudicator = Adjudicator(free)
    start = adjudicator.start()
    assert start.obligations == 0
    assert adjudicator.keys.obligations == [Obligations()]


@pytest.mark.parametrize("seed", range(0, ENDINGS, 10))
def test_random_playouts_obey_the_obligations(seed: int) -> None:
    """Lines drawn at random from the search's moves, as ``playout_bound`` draws them, play
    only cards the Laws allow, and only choices the Laws give."""
    problem = random_problem(random.Random(seed))
    adjudicator = Adjudicator(problem)
    rng = random.Random(seed)
    for _ in range(5):
        state, line = adjudicator.start(), []
        while any(state.held) or state.trick:
            move = rng.choice(adjudicator.moves(state))
            seat = adjudicator.seat_to_play(state)
            child, _ = adjudicator.play(state, move)
            line.append(
                LinePlay(
                    0,
                    seat,
                    move & 63,
                    child.leader if len(state.trick) == 3 else None,
                    adjudicator.choice_of(state, move),
                )
            )
            state = child
        replay(problem, tuple(line))


def test_one_per_run_keeps_a_penalty_card_apart() -> None:
    """East's S3 and S2 touch; with the S3 a penalty card (named) they are two moves."""
    held = (1 << 12, 1 << 0 | 1 << 1, 1 << 11, 1 << 10)
    assert one_per_run([0, 1], held, 1) == [1]
    assert one_per_run([0, 1], held, 1, (), 1 << 1) == [0, 1]


def test_penalty_card_kept_apart_from_its_equal() -> None:
    """East holds the S3 and S2, the S3 a major penalty card: the two are not one run."""
    spades = SUIT_MASKS[0]
    s2, s3 = 0, 1
    held = (1 << 12 | 1 << 25, 1 << s2 | 1 << s3, 1 << 11 | 1 << 24, 1 << 10 | 1 << 23)
    state = add_penalty_card(Obligations(), 1, s3, True)
    problem = ClaimProblem(
        held=held,
        leader=0,
        trick=(),
        trump=None,
        claimer_side=0,
        steps=(),
        voids=0,
        trumps_aware=True,
        policy=PRESETS["WBF2017"],
        obligations=state,
        declarer=0,
    )
    adjudicator = Adjudicator(problem)
    after_lead, _ = adjudicator.play(adjudicator.start(), 12)  # North leads the SA
    assert adjudicator.moves(after_lead) == [s3]  # the penalty card, due now (50D1)
    assert spades >> s3 & 1
