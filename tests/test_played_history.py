"""The typed view of a history (``PlayedHistory``) against the integer history it is built from,
on real cases: an ordinary one, a defective trick (a player with no card) and a double play."""

from __future__ import annotations

from pathlib import Path

import pytest

import solver
from solver.bridge import Card
from solver.bridge.masks import trick_winner
from solver.facts.history import PHANTOM
from solver.facts.played import PlayedHistory

CASES = Path(__file__).parents[1] / "cases"


@pytest.mark.parametrize(
    "name",
    [
        "example-mixed-row.yaml",
        "defective-trick-found-at-10.yaml",
        "defective-two-cards-to-one-trick.yaml",
    ],
)
def test_the_view_says_what_the_integers_say(name: str) -> None:
    analysis = solver.analyse(solver.load_case(CASES / name))
    case = analysis.case
    trump = case.contract.strain.trump_suit_index
    assert analysis.found.listed
    views = analysis.histories()
    assert views == analysis.found.listed_histories(case)
    assert len(views) == len(analysis.found.listed)
    for history, view in zip(analysis.found.listed, views, strict=True):
        assert view == PlayedHistory.of(case, history)
        assert len(view.tricks) == len(history)
        pairs = zip(history, view.tricks, strict=True)
        for number, ((leader, cards), trick) in enumerate(pairs, start=1):
            assert trick.number == number
            assert trick.leader.index == leader
            assert [seat.index for seat in trick.cards] == [(leader + i) % 4 for i in range(4)]
            for seat, card in trick.cards.items():
                index = cards[seat.index]
                assert card == (None if index == PHANTOM else Card.from_index(index))
            assert trick.winner.index == trick_winner(leader, cards, trump)
            if len(cards) == 5:
                assert trick.surplus is not None and trick.surplus.seat == case.surplus
                assert trick.surplus.card == Card.from_index(cards[4])
                assert view.double_play is trick
            else:
                assert trick.surplus is None
            assert trick.restored == (number == 13 and case.surplus is not None)


def test_a_defective_trick_shows_no_card_and_a_double_play_its_surplus() -> None:
    missed = solver.analyse(solver.load_case(CASES / "defective-trick-found-at-10.yaml"))
    assert any(None in trick.cards.values() for view in missed.histories() for trick in view.tricks)
    doubled = solver.analyse(solver.load_case(CASES / "defective-two-cards-to-one-trick.yaml"))
    views = doubled.histories()
    assert views and all(view.double_play is not None for view in views)
    assert all(view.tricks[-1].restored for view in views)
    text = str(views[0])
    assert text.splitlines()[0].startswith(" 1 ") and "won by" in text
