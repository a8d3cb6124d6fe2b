"""Small positions in which a player played two cards to one trick (Law 67B2), for tests.

A case file admits the double play only on a whole board (his row of 13 cards, the others of
12). The brute force needs a few tricks, so these helpers build the same problem on a board that
stopped after ``k`` tricks: the others' rows hold k cards, his row k + 1, and trick k + 1 is the
one played after the surplus card is back in his hand (the others may play any card they hold
there, following suit; on a whole board each has one card left).

``surplus_case`` reads such a case dict (any k; for k = 12 it is what ``case_from_dict`` reads),
``compile_surplus`` compiles it, and ``surplus_problem`` builds one from a case dict of k-card
rows and the card to add to one of them.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from solver.bridge import Card, Seat
from solver.engines.problem import Problem, compile_case
from solver.facts import Case
from solver.facts.case import MixedWhen, Row
from solver.records import case_from_dict


def surplus_problem(
    case_dict: dict[str, Any],
    seat: str,
    extra_card: str,
    *,
    mixed: bool = False,
    position: int | None = None,
) -> Problem:
    """Compile ``case_dict`` (every row k cards) with ``extra_card`` added to ``seat``'s row,
    ``seat`` having played two cards to one trick.

    The card (which may carry a mark, ``"SA+"``) goes at ``position`` of an intact row (its
    end by default); with ``mixed`` the row becomes a mixed row holding it too.
    """
    data = copy.deepcopy(case_dict)
    rows = data["play"]["rows"]
    row = rows[seat]
    if isinstance(row, dict):
        cards = [*_tokens(row["mixed"]), extra_card.rstrip("+-")]
        rows[seat] = {**row, "mixed": " ".join(cards)}
    else:
        cards = _tokens(row)
        cards.insert(len(cards) if position is None else position, extra_card)
        rows[seat] = " ".join(cards)
        if mixed:
            plain = " ".join(token.rstrip("+-") for token in cards)
            rows[seat] = {"mixed": plain, "when": "before-agreement"}
    return compile_surplus(data)


def compile_surplus(case_dict: dict[str, Any]) -> Problem:
    """The problem of a case dict whose one row holds one card more than the others."""
    return compile_case(surplus_case(case_dict))


def surplus_case(case_dict: dict[str, Any]) -> Case:
    """The case of a case dict whose one row (his) holds one card more than the others (k).

    The loader reads the dict without his row (the other rows, the facts, checked as usual
    against the deal); his row is then put in and the case marked as his double play,
    covering k + 1 tricks.
    """
    rows = case_dict["play"]["rows"]
    lengths = {key: len(_tokens(_row_text(row))) for key, row in rows.items()}
    longest = max(lengths.values())
    long_rows = [key for key, n in lengths.items() if n == longest]
    assert len(long_rows) == 1 and set(lengths.values()) == {longest, longest - 1}, lengths
    key = long_rows[0]
    data = copy.deepcopy(case_dict)
    del data["play"]["rows"][key]
    case = case_from_dict(data)
    seat = Seat.parse(str(key))
    row = rows[key]
    tokens = _tokens(_row_text(row))
    cards = tuple(Card.parse(token.rstrip("+-")) for token in tokens)
    assert len(set(cards)) == len(cards) and all(c in case.deal.hand(seat) for c in cards)
    if isinstance(row, dict):
        when = MixedWhen(row.get("when", "before-agreement"))
        full = Row(seat, cards, mixed=True, when=when)
    else:
        marks = tuple(token[-1] if token[-1] in "+-" else None for token in tokens)
        full = Row(seat, cards, mixed=False, marks=marks)
    return dataclasses.replace(
        case,
        rows={**case.rows, seat: full},
        surplus=seat,
        tricks_played=case.tricks_played + 1,
    )


def _row_text(row: Any) -> Any:
    return row["mixed"] if isinstance(row, dict) else row


def _tokens(value: str | list[Any]) -> list[str]:
    return value.split() if isinstance(value, str) else [str(item) for item in value]
