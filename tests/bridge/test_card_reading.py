"""How a card is read from text: suit then rank, in any case, and nothing else."""

from __future__ import annotations

import pytest

from solver.bridge import Card
from solver.errors import CaseFileError
from solver.records import lin


@pytest.mark.parametrize("text", ["sa", " SA ", "sA", "\u00a0SA\u00a0"])
def test_a_card_is_read_in_any_case_around_any_space(text: str) -> None:
    assert Card.parse(text) == Card.parse("SA")


@pytest.mark.parametrize("text", ["\u017fA", "S\u0391", "\uff33A"])
def test_a_letter_outside_ascii_that_upper_turns_into_a_suit_is_refused(text: str) -> None:
    # "\u017f" (the long s) upper-cases to S, "\uff33" is a fullwidth S: neither was written S
    with pytest.raises(ValueError, match="bad card"):
        Card.parse(text)


def test_a_lin_hand_with_a_long_s_is_refused_not_read_as_spades() -> None:
    board = "qx|o1|md|3\u017f65432HJ7DAKQ2CAK,SH65432DT943CQJ65,SAKQJHT98D765C432,|pg||\n"
    with pytest.raises(CaseFileError, match="which is no suit letter or rank"):
        lin.loads(board, "x.lin")
