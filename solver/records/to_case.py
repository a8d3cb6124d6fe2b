"""From a PBN or LIN record to a case (the YAML shape of CASE-FORMAT.md).

The case's rows are the quitted cards as a careful player would have left them: each player's
cards of the record's complete tricks in trick order, each pointed ``+`` when his side won the
trick and ``-`` when it lost it (Law 65B). Options take that picture apart to build disputes:
``marks=False`` (no orientation known), ``drop_marks`` (some cards' marks unknown),
``flip_marks`` (a card pointed the wrong way) and ``mixed`` (a row no longer in order).
Cards of an unfinished last trick are left out: every row holds the same number of cards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from solver.bridge import Card, Seat
from solver.bridge.seats import SEATS
from solver.errors import CaseFileError
from solver.records.record import Record, suit_order_key

MIXED_WHEN = ("before-agreement", "after-dispute", "after-agreement")
"""When a mixed row lost its order (CASE-FORMAT.md ``when``)."""


def case_from_record(
    record: Record,
    *,
    title: str | None = None,
    mixed: dict[Seat, str] | None = None,
    marks: bool = True,
    drop_marks: set[Card] | None = None,
    flip_marks: set[Card] | None = None,
    statements: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The case dict of ``record``: board, deal, contract and the rows of its complete tricks.

    ``mixed`` maps a seat to when its row was mixed (``before-agreement``, ``after-dispute``
    or ``after-agreement``); ``drop_marks`` and ``flip_marks`` name cards of intact rows whose
    mark is left out or reversed; ``statements`` are copied as given. A record without a
    contract (passed out) cannot be a case: CaseFileError.
    """
    if record.contract is None or record.declarer is None:
        raise CaseFileError(
            record.source,
            record.label(),
            "no contract (passed out, or the record gives none): there is no play to rule on",
        )
    _check_options(record, mixed or {}, drop_marks or set(), flip_marks or set())
    case: dict[str, Any] = {"title": title or default_title(record)}
    if record.board is not None:
        case["board"] = record.board
    case["vulnerable"] = record.vulnerable
    case["deal"] = record.deal.to_pbn(Seat.NORTH)
    case["contract"] = str(record.contract)
    case["declarer"] = str(record.declarer)
    leader = record.opening_leader
    if leader is not None and leader is not record.declarer.lho:
        case["opening_leader"] = str(leader)
    rows = _rows(record, mixed or {}, marks, drop_marks or set(), flip_marks or set())
    case["play"] = {"rows": rows}
    case["statements"] = [dict(statement) for statement in statements or []]
    case["source"] = f"{Path(record.source).name}, {record.label()}"
    if record.notes:
        case["notes"] = " ".join(record.notes)
    return case


def default_title(record: Record) -> str:
    """A title naming the board, the contract and where the record came from."""
    board = f"Board {record.board}" if record.board is not None else f"Record {record.index + 1}"
    room = f" ({record.room} room)" if record.room else ""
    contract = f": {record.contract} by {record.declarer}" if record.contract is not None else ""
    event = f", {record.event}" if record.event else ""
    return f"{board}{room}{contract}{event}"


def case_yaml(case: dict[str, Any]) -> str:
    """The case as readable YAML, fields in the order of CASE-FORMAT.md, rows one per line.

    >>> print(case_yaml({"title": "t", "contract": "4S", "play": {"rows": {"N": "SA+ S2-"}}}))
    title: t
    contract: 4S
    play:
      rows:
        N: SA+ S2-
    <BLANKLINE>
    """
    return yaml.safe_dump(
        case, sort_keys=False, default_flow_style=False, allow_unicode=True, width=100
    )


def _rows(
    record: Record,
    mixed: dict[Seat, str],
    marks: bool,
    drop_marks: set[Card],
    flip_marks: set[Card],
) -> dict[str, Any]:
    """Each seat's row: intact (cards in trick order with marks) or mixed."""
    if not record.tricks:
        return {}
    winners = record.winners()
    rows: dict[str, Any] = {}
    for seat in SEATS:
        cards = [trick.card_of(seat) for trick in record.tricks]
        if seat in mixed:
            listed = " ".join(str(card) for card in sorted(cards, key=suit_order_key))
            rows[str(seat)] = {"mixed": listed, "when": mixed[seat]}
            continue
        tokens = []
        for card, winner in zip(cards, winners, strict=True):
            won = winner.side is seat.side
            tokens.append(str(card) + _mark(card, won, marks, drop_marks, flip_marks))
        rows[str(seat)] = " ".join(tokens)
    return rows


def _mark(card: Card, won: bool, marks: bool, drop_marks: set[Card], flip_marks: set[Card]) -> str:
    """'+' for a trick the card's side won, '-' for one it lost (Law 65B), or '' if unknown."""
    if not marks or card in drop_marks:
        return ""
    if card in flip_marks:
        won = not won
    return "+" if won else "-"


def _check_options(
    record: Record, mixed: dict[Seat, str], drop_marks: set[Card], flip_marks: set[Card]
) -> None:
    """Arguments that name something the case cannot hold raise ValueError."""
    for seat, when in mixed.items():
        if when not in MIXED_WHEN:
            raise ValueError(f"mixed[{seat}] is {when!r} (expected one of {', '.join(MIXED_WHEN)})")
    player = {trick.card_of(seat): seat for trick in record.tricks for seat in SEATS}
    for name, chosen in (("drop_marks", drop_marks), ("flip_marks", flip_marks)):
        for card in sorted(chosen):
            holder = player.get(card)
            if holder is None:
                raise ValueError(f"{name}: {card} was not played to a complete trick of the record")
            if holder in mixed:
                raise ValueError(
                    f"{name}: {card} is in {holder}'s row, which is mixed (it has no marks)"
                )
