"""Small positions in which a player played two cards to one trick (Law 67B2), for tests.

A case file admits the double play only on a whole board (his row of 13 cards, the others of
12). The brute force needs a few tricks, so ``surplus_problem`` builds the same problem on a
board that stopped after ``k`` tricks: the others' rows hold k cards, his row k + 1, and trick
k + 1 is the one played after the surplus card is back in his hand.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from solver.engines.problem import Problem, compile_case
from solver.records import case_from_dict


def surplus_problem(
    case_dict: dict[str, Any], seat: str, extra_card: str, *, mixed: bool = False
) -> Problem:
    """Compile ``case_dict`` (every row k cards) with ``extra_card`` added to ``seat``'s row
    as its last card (intact rows) or anywhere (``mixed``), ``seat`` having played two cards
    to one trick."""
    problem = compile_case(case_from_dict(case_dict))
    index = "NESW".index(seat)
    card = _card_index(extra_card)
    playable = list(problem.playable)
    playable[index] |= 1 << card
    row_order = list(problem.row_order)
    order = row_order[index]
    if order is not None and not mixed:
        row_order[index] = (*order, card)
    else:
        row_order[index] = None
    order_unit = list(problem.order_unit)
    if row_order[index] is None:
        order_unit[index] = None
    return dataclasses.replace(
        problem,
        tricks=problem.tricks + 1,
        surplus_seat=index,
        playable=(playable[0], playable[1], playable[2], playable[3]),
        row_order=tuple(row_order),
        order_unit=tuple(order_unit),
        track_suit_wins=problem.track_suit_wins,
    )


def _card_index(text: str) -> int:
    suit = "SHDC".index(text[0])
    rank = "23456789TJQKA".index(text[1])
    return suit * 13 + rank
