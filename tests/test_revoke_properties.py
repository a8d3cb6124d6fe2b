"""Property tests on whole random boards with a revoke injected (Laws 61, 63, 64).

A random legal play of thirteen tricks, with a revoke forced at a random trick (the revoker
discards while holding the suit led); each true revoke is alleged; rows are then mixed at
random. The true history must always be among the consistent histories (or cost no less than
them), and the Law 64 transfer the project computes from it must equal an independent count
written here from Law 64.
"""

from __future__ import annotations

from hypothesis import given

from solver.bridge import Seat, Trick
from solver.engines import search
from solver.engines.problem import compile_case, evaluate
from solver.laws.law64 import assess
from solver.records import case_from_dict
from tests.strategies import examples, revoke_disputes, true_history

BOARDS = examples(15)


def independent_transfers(
    play: list[Trick], made: list[tuple[int, Seat]], declarer: Seat, trump: int | None
) -> int | None:
    """Tricks declarer's side gains (negative: loses) by 2017 Law 64, or None for the cases
    this count leaves alone (trick 12, revokes by both sides, repeats in one suit)."""
    sides = {seat.side for _, seat in made}
    if len(sides) > 1 or any(number >= 12 for number, _ in made):
        return None
    suits = [(seat, play[number - 1].cards[0].suit_index) for number, seat in made]
    if len(set(suits)) < len(suits):
        return None
    winners = [trick.winner(trump) for trick in play]
    total = 0
    for number, seat in made:
        if seat == declarer.partner:
            continue  # 64B3: a card of dummy
        later = sum(1 for w in winners[number:] if w.side == seat.side)
        won = winners[number - 1]
        if won == seat:
            transfer = 1 + (1 if later else 0)
        elif won.side == seat.side or later:
            transfer = 1
        else:
            transfer = 0
        total += -transfer if seat.side == declarer.side else transfer
    return total


@BOARDS
@given(revoke_disputes(tricks=13, max_mix=1))
def test_true_history_is_found_and_its_transfer_counted_independently(dispute) -> None:
    case_dict, play, made = dispute
    case = case_from_dict(case_dict)
    problem = compile_case(case)
    truth = true_history(play)
    verdict = evaluate(problem, truth)
    assert verdict.legal, verdict.reason
    found = search.solve(problem, time_limit=10)
    if found.feasible is None:
        return  # the search ran out of time: nothing is claimed
    assert found.feasible and found.min_cost is not None
    assert found.min_cost <= verdict.cost
    if found.min_cost == verdict.cost:
        assert verdict.outcome in found.groups
    adjustment = assess(case, verdict.revokes, verdict.declarer_tricks)
    expected = independent_transfers(
        play, made, case.declarer, case.contract.strain.trump_suit_index
    )
    if expected is not None:
        assert adjustment.final - verdict.declarer_tricks == expected, adjustment
