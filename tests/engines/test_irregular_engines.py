"""Histories under the obligations after an irregularity (Laws 50-57): the engines against the
brute force.

Random plays of two or three tricks on one deal, rows mixed or intact, with a penalty card
(major or minor), a lead out of turn (accepted, refused or not yet answered) or a premature
play by a defender. The brute force (``tests.engines.brute``) plays every card Law 44 allows,
from the proper leader or the player said to have led out of turn, and ``evaluate`` judges each
history with the choices it obeys; the engines must find the same histories, counted once per
sequence of choices, in the same outcome groups (which carry the choices).
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.bridge import Card, Seat
from solver.bridge.masks import SUIT_MASKS, cards_in, trick_winner
from solver.engines import search
from solver.engines.problem import Problem, compile_case
from solver.facts.irregularity import (
    Choice,
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PrematurePlay,
)
from solver.records import load_case as solver_case
from solver.records.casefile import case_from_dict
from tests.engines.agreement import LISTED, assert_agrees
from tests.engines.brute import brute_force

DEAL = "N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98"
BASE = case_from_dict({"title": "t", "deal": DEAL, "contract": "4S", "declarer": "S"})
HANDS = [sum(1 << c.index for c in BASE.deal.hands[s]) for s in range(4)]

deterministic = settings(
    deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def random_rows(rng: random.Random, tricks: int) -> list[list[int]]:
    """The cards each seat played in a random legal play of ``tricks`` tricks (4S by South)."""
    held, leader, rows = list(HANDS), 3, [[], [], [], []]
    for _ in range(tricks):
        cards, led = [0, 0, 0, 0], -1
        for offset in range(4):
            seat = (leader + offset) % 4
            options = held[seat]
            if led >= 0 and options & SUIT_MASKS[led]:
                options &= SUIT_MASKS[led]
            card = rng.choice(cards_in(options))
            cards[seat], held[seat] = card, held[seat] & ~(1 << card)
            rows[seat].append(card)
            led = card // 13 if offset == 0 else led
        leader = trick_winner(leader, (cards[0], cards[1], cards[2], cards[3]), 0)
    return rows


def random_problem(seed: int) -> tuple[Problem, Irregularity]:
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)

    def text(cards: list[int]) -> str:
        return " ".join(str(Card.from_index(c)) for c in cards)

    play_rows = {
        "NESW"[s]: {"mixed": text(rows[s])} if rng.random() < 0.6 else text(rows[s])
        for s in range(4)
    }
    case = case_from_dict(
        {"title": "t", "deal": DEAL, "contract": "4S", "declarer": "S", "play": {"rows": play_rows}}
    )
    defender = rng.choice([1, 3])
    seat, card = Seat.from_index(defender), Card.from_index(rng.choice(rows[defender]))
    trick = rng.randint(1, tricks)
    fact: Irregularity
    kind = rng.randrange(4)
    extra: tuple[Irregularity, ...] = ()
    if kind == 0:
        fact = PenaltyCard(seat, card, trick, rng.choice(["deliberate", "inadvertent"]))
    elif kind == 3:  # a penalty card, and declarer's acceptance of a failure to play it (52B1)
        fact = PenaltyCard(seat, card, trick, "deliberate")
        accepted = rng.randint(trick, tricks)
        extra = (Choice(accepted, Seat.S, "52", "accept-play"),)
    elif kind == 1:
        fact = LeadOutOfTurn(seat, card, trick, rng.choice([None, "accepted", "refused"]))
    else:
        fact = PrematurePlay(seat, card, trick)
    return compile_case(dataclasses.replace(case, irregularities=(fact, *extra))), fact


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_search_agrees_with_the_brute_force(seed: int) -> None:
    problem, _fact = random_problem(seed)
    expected = brute_force(problem)
    found = search.solve(problem, list_limit=LISTED)
    assert_agrees(problem, found, expected, examples=False)


def test_an_accepted_failure_is_a_history_only_where_recorded() -> None:
    """52B1: West does not play his penalty card when due; legal only at the trick where
    declarer's acceptance is recorded, and the outcome group names it."""
    case = solver_case("cases/irregularities/ex07-failure-to-play-penalty-card.yaml")
    found = search.solve(compile_case(case), list_limit=LISTED)
    assert found.count == 1
    (outcome,) = found.groups
    assert [(c.trick, c.law, c.option) for c in outcome.choices] == [(9, "52B1", "accept-play")]
    unrecorded = dataclasses.replace(
        case, irregularities=tuple(f for f in case.irregularities if not isinstance(f, Choice))
    )
    assert search.solve(compile_case(unrecorded)).feasible is False
