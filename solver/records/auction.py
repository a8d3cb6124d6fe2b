"""Calls as records write them, and the contract and declarer an auction arrives at.

Both readers need this: LIN records give no contract at all, only the auction (``mb|``), and
some PBN writers (BBO's club exports among them) leave out ``[Contract]`` and ``[Declarer]``
on a few boards while keeping the ``[Auction]`` section.
"""

from __future__ import annotations

import re

from solver.bridge import Contract, Seat, Strain

_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")
_CALLS = {
    "P": "P",
    "PASS": "P",
    "D": "X",
    "X": "X",
    "DBL": "X",
    "R": "XX",
    "XX": "XX",
    "RDBL": "XX",
}


def parse_call(text: str) -> str | None:
    """A call in one spelling: ``P``, ``X``, ``XX`` or a bid like ``1NT``, ``3S``; None when
    ``text`` (alert marks ``!`` and ``?`` already stripped) is not a call."""
    upper = text.strip().upper()
    if upper in _CALLS:
        return _CALLS[upper]
    match = _BID.match(upper)
    if match is None:
        return None
    strain = "NT" if match.group(2) in ("N", "NT") else match.group(2)
    return match.group(1) + strain


def is_finished(calls: list[str]) -> bool:
    """Whether the calls end the auction (Law 22A): four passes, or three after a call."""
    if len(calls) < 4:
        return False
    return calls[-3:] == ["P", "P", "P"]


def contract_of(calls: list[str], dealer: Seat) -> tuple[Contract | None, Seat | None]:
    """The final contract and declarer of an auction (None, None when passed out): the last
    bid, doubled or redoubled by the calls after it, played by the first player of the side
    that made it to bid its strain (Law 22A)."""
    last_bid: int | None = None
    doubling = 0
    for position, call in enumerate(calls):
        if call in ("X", "XX"):
            doubling = 1 if call == "X" else 2
        elif call != "P":
            last_bid, doubling = position, 0
    if last_bid is None:
        return None, None
    bid = calls[last_bid]
    strain = Strain(bid[1:])
    side = Seat.from_index(dealer.index + last_bid).side
    for position, call in enumerate(calls):
        seat = Seat.from_index(dealer.index + position)
        if call not in ("P", "X", "XX") and seat.side is side and Strain(call[1:]) is strain:
            return Contract(int(bid[0]), strain, doubling), seat
    raise AssertionError("the last bid's side bid its strain")  # pragma: no cover
